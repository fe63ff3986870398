//! Self-play book building: the player's search plays games against
//! itself, one `Engine` per thread, and the first plies of the games go
//! into a book.
//!
//! Variety: within the book plies each move is drawn at random (seeded)
//! among the MultiPV lines scoring within `margin_cp` of the best, and the
//! first `random_plies` plies may be drawn among all legal moves. With a
//! depth limit a game depends only on the seed and its index (every game
//! starts with a cleared engine), so the book does not depend on the number
//! of threads.

use super::{book_variant, BookBuilder, BookData, BookError, BuildFilters, GameRecord, GameResult};
use crate::player::{Control, Engine, Limits, Report};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rules::SplitMix64;
use rules::{Move, Position, Variant};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// How self-play games are played.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayOptions {
    pub variant: Variant,
    pub games: usize,
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
    /// `margin_cp` of the best; later moves are the search's best.
    pub varied_plies: usize,
    /// MultiPV lines searched on the varied plies.
    pub multipv: usize,
    pub margin_cp: i32,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// A side whose search reports at least this score (or a mate) on
    /// `adjudicate_moves` consecutive moves of its own wins.
    pub adjudicate_cp: i32,
    pub adjudicate_moves: usize,
    /// Draw a progress bar on stderr.
    pub progress: bool,
}

impl SelfPlayOptions {
    /// Depth 4, all cores, seed 1, no random plies, 16 varied plies among
    /// 4 lines within 40 cp, draw at 300 plies, adjudication at 1000 cp over
    /// 4 moves, progress bar on.
    pub fn new(variant: Variant, games: usize) -> SelfPlayOptions {
        SelfPlayOptions {
            variant,
            games,
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
            adjudicate_cp: 1000,
            adjudicate_moves: 4,
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

    /// One line for the book's description.
    pub fn describe(&self) -> String {
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

/// Plays the games; the result is in game index order whatever the threads.
pub fn selfplay_games(opts: &SelfPlayOptions) -> Result<Vec<GameRecord>, BookError> {
    if opts.threads == 0 || opts.multipv == 0 || opts.max_plies == 0 {
        return Err(BookError::Settings("threads, multipv and max plies must be at least 1".into()));
    }
    let bar = if opts.progress {
        ProgressBar::with_draw_target(Some(opts.games as u64), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} games (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(format!("self-play {}", opts.variant.name()));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; opts.games]);
    std::thread::scope(|s| {
        for _ in 0..opts.threads.min(opts.games.max(1)) {
            s.spawn(|| {
                let mut engine = Engine::new();
                if let Err(e) = engine.set_hash(opts.hash_mb) {
                    log::warn!("self-play: {e}");
                }
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= opts.games {
                        break;
                    }
                    let game = play_game(&mut engine, opts, i);
                    if let Ok(mut r) = results.lock() {
                        r[i] = Some(game);
                    }
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    let games = results
        .into_inner()
        .map_err(|_| BookError::Settings("a self-play thread panicked".into()))?;
    Ok(games.into_iter().flatten().collect())
}

/// Self-play games made into a book (the filters' `max_ply` bounds the
/// recorded plies).
pub fn selfplay(opts: &SelfPlayOptions, filters: &BuildFilters) -> Result<BookData, BookError> {
    let games = selfplay_games(opts)?;
    let mut builder = BookBuilder::new(opts.variant, filters.clone());
    for g in &games {
        builder.add_game(g);
    }
    let data = builder.finish(&opts.describe());
    debug_assert_eq!(data.variant(), book_variant(opts.variant));
    Ok(data)
}

fn play_game(engine: &mut Engine, opts: &SelfPlayOptions, index: usize) -> GameRecord {
    let mut rng = SplitMix64::new(opts.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64();
    engine.new_game();
    let start = Position::startpos(opts.variant);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let limits = opts.limits();
    let control = Control::new();
    // Consecutive moves on which the side to move claimed a decisive score.
    let mut streak = [0usize; 2];
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
            engine.set_multipv(if varied { opts.multipv } else { 1 });
            let mut lines: Vec<(u32, i32, Move)> = Vec::new();
            let mut on_report = |r: Report| {
                if let Report::Info(info) = r {
                    if info.bound.is_none() {
                        if let Some(&first) = info.pv.first() {
                            lines.retain(|l| l.0 == info.depth && l.2 != first);
                            lines.push((info.depth, info.score.as_cp(), first));
                        }
                    }
                }
            };
            let res = engine.search(&pos, &limits, &control, &mut on_report);
            let Some(best) = res.best.filter(|&m| pos.is_legal(m)) else {
                break GameResult::Draw;
            };
            let side = pos.side_to_move().index();
            let score = res.score.as_cp();
            streak[side] = if score >= opts.adjudicate_cp { streak[side] + 1 } else { 0 };
            if opts.adjudicate_moves > 0 && streak[side] >= opts.adjudicate_moves {
                break GameResult::from_winner(Some(pos.side_to_move()));
            }
            if varied {
                let top = lines.iter().map(|l| l.1).max().unwrap_or(score);
                let near: Vec<Move> = lines
                    .iter()
                    .filter(|l| l.1 >= top - opts.margin_cp && pos.is_legal(l.2))
                    .map(|l| l.2)
                    .collect();
                if near.is_empty() {
                    best
                } else {
                    near[rng.below(near.len() as u64) as usize]
                }
            } else {
                best
            }
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
