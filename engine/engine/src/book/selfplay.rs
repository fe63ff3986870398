//! Self-play book building: the player's search plays games against
//! itself, one `Engine` per thread, and the first plies of the games go
//! into a book.
//!
//! Variety: within the book plies each move is drawn at random (seeded)
//! among the MultiPV lines scoring within `margin_cp` of the best, and the
//! first `random_plies` plies may be drawn among all legal moves. With a
//! depth limit a game depends only on the seed and its index (every game
//! starts with a cleared engine), so the book does not depend on the number
//! of threads, and a shard (`--shard I/N`, docs/SHARDING.md) plays exactly
//! the games with its block of indices: the shards' games in order are the
//! unsharded run's games.

use super::{book_variant, BookBuilder, BookData, BookError, BuildFilters, GameRecord, GameResult};
use crate::parallel;
use crate::player::{Control, Engine, Limits};
use crate::selfplay::{game_rng, varied_search, Adjudication, Adjudicator};
use protocol::Shard;
use rules::{Position, Variant};

/// How self-play games are played.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayOptions {
    pub variant: Variant,
    /// Games of the whole run (all shards together).
    pub games: usize,
    /// The block of game indices this process plays.
    pub shard: Shard,
    /// Search depth per move (used if set).
    pub depth: Option<u32>,
    /// Milliseconds per move (used if `depth` is not set).
    pub movetime_ms: Option<u64>,
    /// Games played at once, one engine each.
    pub threads: usize,
    pub seed: u64,
    /// Hash per engine, MB.
    pub hash_mb: usize,
    /// Plies drawn uniformly among all legal moves at the start of a game.
    pub random_plies: usize,
    /// Plies (after the random ones) drawn among the MultiPV lines within
    /// `margin_cp` of the best (reported centipawns, as the lines' `info`
    /// says them); later moves are the search's best.
    pub varied_plies: usize,
    /// MultiPV lines searched on the varied plies.
    pub multipv: usize,
    pub margin_cp: i32,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// When a decided game stops: won or drawn by the searches' internal
    /// scores, by the rules datagen's games end by.
    pub adjudication: Adjudication,
    /// Draw a progress bar on stderr.
    pub progress: bool,
}

impl SelfPlayOptions {
    /// Depth 4, all cores, seed 1, no random plies, 16 varied plies among
    /// 4 lines within 40 cp, draw at 300 plies, [`Adjudication::DEFAULT`],
    /// progress bar on.
    pub fn new(variant: Variant, games: usize) -> SelfPlayOptions {
        SelfPlayOptions {
            variant,
            games,
            shard: Shard::WHOLE,
            depth: Some(4),
            movetime_ms: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: 1,
            hash_mb: 16,
            random_plies: 0,
            varied_plies: 16,
            multipv: 4,
            margin_cp: 40,
            max_plies: 300,
            adjudication: Adjudication::DEFAULT,
            progress: true,
        }
    }

    fn limits(&self) -> Limits {
        match (self.depth, self.movetime_ms) {
            (Some(d), _) => Limits {
                depth: Some(d),
                ..Default::default()
            },
            (None, Some(ms)) => Limits {
                movetime: Some(ms),
                ..Default::default()
            },
            (None, None) => Limits {
                depth: Some(4),
                ..Default::default()
            },
        }
    }

    /// The game indices this shard plays: a contiguous block of `0..games`.
    pub fn shard_games(&self) -> std::ops::Range<usize> {
        self.shard.range(self.games)
    }

    /// One line for the book's description: the settings of the run, and
    /// the shard's games if it is one.
    pub fn describe(&self) -> String {
        let run = self.describe_run();
        if self.shard == Shard::WHOLE {
            return run;
        }
        let r = self.shard_games();
        format!("{run}; shard {}: games {}-{}", self.shard, r.start + 1, r.end)
    }

    /// The settings of the whole run (whatever the shard): the `Event` of
    /// the games' PGN, and the start of the unsharded book's description.
    pub fn describe_run(&self) -> String {
        let limit = match (self.depth, self.movetime_ms) {
            (Some(d), _) => format!("depth {d}"),
            (None, Some(ms)) => format!("movetime {ms} ms"),
            (None, None) => "depth 4".to_string(),
        };
        format!(
            "{} self-play: {} games at {limit}, seed {}, {} random plies, {} varied plies (multipv {}, margin {} cp), draw at {} plies",
            self.variant.name(),
            self.games,
            self.seed,
            self.random_plies,
            self.varied_plies,
            self.multipv,
            self.margin_cp,
            self.max_plies
        )
    }
}

/// Plays the shard's games (all of them unsharded); the result is in game
/// index order whatever the threads.
pub fn selfplay_games(opts: &SelfPlayOptions) -> Result<Vec<GameRecord>, BookError> {
    if opts.threads == 0 || opts.multipv == 0 || opts.max_plies == 0 {
        return Err(BookError::Settings("threads, multipv and max plies must be at least 1".into()));
    }
    opts.adjudication.check().map_err(BookError::Settings)?;
    let range = opts.shard_games();
    let job = format!("self-play {}", opts.variant.name());
    let bar = parallel::progress_bar(range.len(), opts.progress, &job, "games", "");
    let mut games = Vec::with_capacity(range.len());
    parallel::in_order(
        range,
        opts.threads,
        || parallel::worker_engine(opts.hash_mb, "self-play"),
        |engine, i| play_game(engine, opts, i),
        |_, game| {
            games.push(game);
            bar.inc(1);
            Ok(())
        },
    )
    .map_err(BookError::Settings)?;
    bar.finish_and_clear();
    Ok(games)
}

/// Self-play games made into a book (the filters' `max_ply` bounds the
/// recorded plies). A shard's book is the book of its games.
pub fn selfplay(opts: &SelfPlayOptions, filters: &BuildFilters) -> Result<BookData, BookError> {
    let games = selfplay_games(opts)?;
    let data = selfplay_builder(opts, filters, &games).finish(&opts.describe());
    debug_assert_eq!(data.variant(), book_variant(opts.variant));
    Ok(data)
}

/// The book builder holding these self-play games (to finish with a
/// description: `opts.describe()` for [`selfplay`]'s).
pub fn selfplay_builder(opts: &SelfPlayOptions, filters: &BuildFilters, games: &[GameRecord]) -> BookBuilder {
    let mut builder = BookBuilder::new(opts.variant, filters.clone());
    for g in games {
        builder.add_game(g);
    }
    builder
}

/// The shard's games (from [`selfplay_games`]) as PGN: numbered in the
/// `Round` tag by their index in the whole run, with the run's settings as
/// the `Event`, and nothing that differs between runs (no date), so that
/// the shards' texts concatenated in order are the unsharded run's text.
pub fn selfplay_pgn(opts: &SelfPlayOptions, games: &[GameRecord]) -> String {
    super::games_pgn(games, opts.shard_games().start + 1, &opts.describe_run(), "gorgon")
}

fn play_game(engine: &mut Engine, opts: &SelfPlayOptions, index: usize) -> GameRecord {
    let mut rng = game_rng(opts.seed, index);
    engine.new_game();
    let start = Position::startpos(opts.variant);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let limits = opts.limits();
    let control = Control::new();
    let mut adjudicator = Adjudicator::new(opts.adjudication);
    let result = loop {
        if let Some(outcome) = pos.outcome() {
            break GameResult::from_winner(outcome.winner());
        }
        if moves.len() >= opts.max_plies {
            break GameResult::Draw;
        }
        let ply = moves.len();
        let m = if ply < opts.random_plies {
            let legal = pos.legal_move_vec();
            legal[rng.below(legal.len() as u64) as usize]
        } else {
            let varied = ply < opts.random_plies + opts.varied_plies;
            let (res, chosen) = if varied {
                varied_search(engine, &pos, &limits, opts.multipv, opts.margin_cp, &mut rng)
            } else {
                engine.set_multipv(1);
                let res = engine.search(&pos, &limits, &control, &mut |_| {});
                let best = res.best.filter(|&m| pos.is_legal(m));
                (res, best)
            };
            let Some(m) = chosen else {
                break GameResult::Draw;
            };
            if let Some(call) = adjudicator.observe(ply as u32, pos.side_to_move(), res.internal_score) {
                break call;
            }
            m
        };
        pos.make(m);
        moves.push(m);
    };
    GameRecord {
        start,
        moves,
        result: Some(result),
    }
}
