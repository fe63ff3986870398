//! Self-play training data (docs/DATAGEN.md): games of the engine against
//! itself from random openings, each position it searched written with the
//! search's score and the game's result, for the evaluation tuner.
//!
//! A game depends only on the seed, its index and the settings: every game
//! starts with a cleared engine of one search thread, and a soft node limit
//! (whole iterations) stops each search. `--threads` plays several games at
//! once and writes them in index order, and a shard plays a contiguous block
//! of indices, so shards `0/N .. N-1/N` concatenated are the unsharded file.

pub mod format;
pub mod g2;
pub mod rescore;
pub mod stats;

use crate::nnue::NetChoice;
use crate::parallel;
use crate::player::{Control, Engine, Limits};
use crate::selfplay::{game_rng, Adjudication, Adjudicator};
use format::Record;
use protocol::{ScoreValue, Shard};
use rules::{GameResult, Move, Position, SplitMix64, Variant};
pub use stats::Version;
use std::fmt;
use std::io::Write;

/// How the games are played and which of them this process plays.
#[derive(Clone, Debug)]
pub struct DatagenOptions {
    pub variant: Variant,
    /// Games of the whole run (all shards together).
    pub games: usize,
    /// Soft node limit per move: no iteration starts past it.
    pub nodes: u64,
    pub seed: u64,
    /// Games played at once, one single-threaded engine each.
    pub threads: usize,
    /// The block of the games this process plays.
    pub shard: Shard,
    /// Uniformly random plies that open each game.
    pub random_plies: usize,
    /// An opening the engine scores beyond this (either side) is drawn
    /// again: a lopsided start teaches little.
    pub opening_max_cp: i32,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// When a decided game stops: won or drawn by the searches' scores.
    pub adjudication: Adjudication,
    /// Plays every game out whatever `adjudication` says, and counts in
    /// the summary how the games the rules would have called ended.
    pub audit: bool,
    /// Hash per engine, MB.
    pub hash_mb: usize,
    pub progress: bool,
    /// The file format written: G1 text or G2 binary games.
    pub format: Version,
    /// The evaluation the games are played with: the nets (embedded or
    /// loaded, `EvalFile`) and whether they play (`Use NNUE`). The next
    /// generation of nets learns from the games of the current one.
    pub nets: NetChoice,
}

impl DatagenOptions {
    /// 5000 soft nodes, seed 1, 1 thread, no sharding, 8 random plies
    /// (6 in Mini-POM), openings within 300 cp, draw at 400 plies,
    /// [`Adjudication::DEFAULT`], 16 MB hash.
    pub fn new(variant: Variant, games: usize) -> DatagenOptions {
        DatagenOptions {
            variant,
            games,
            nodes: 5000,
            seed: 1,
            threads: 1,
            shard: Shard::WHOLE,
            random_plies: match variant {
                Variant::Pom => 8,
                Variant::MiniPom => 6,
            },
            opening_max_cp: 300,
            max_plies: 400,
            adjudication: Adjudication::DEFAULT,
            audit: false,
            hash_mb: 16,
            progress: false,
            format: Version::G1,
            nets: NetChoice::default(),
        }
    }

    /// The game indices of this shard: a contiguous block, so the shards
    /// in order are the games in order.
    pub fn shard_games(&self) -> std::ops::Range<usize> {
        self.shard.range(self.games)
    }

    /// The search of every move: the soft node limit, and a runaway
    /// iteration cut at ten times it.
    fn limits(&self) -> Limits {
        Limits {
            soft_nodes: Some(self.nodes),
            nodes: Some(self.nodes.saturating_mul(10)),
            ..Limits::default()
        }
    }

    fn check(&self) -> Result<(), String> {
        if self.threads == 0 || self.nodes == 0 || self.max_plies == 0 {
            return Err("threads, nodes and max plies must be at least 1".into());
        }
        if self.opening_max_cp < 0 {
            return Err(format!(
                "--opening-max-cp {}: a bound on a score's size cannot be negative",
                self.opening_max_cp
            ));
        }
        self.adjudication.check()
    }
}

/// What a run kept and what it filtered, by reason.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: usize,
    /// Results: White wins, draws, Black wins.
    pub results: [usize; 3],
    /// Games ended by adjudication, won (a won score held) and drawn
    /// (scores near zero late), and by the ply cap.
    pub adjudicated_won: usize,
    pub adjudicated_drawn: usize,
    pub capped: usize,
    /// With `audit`, the games the rules would have called and how they
    /// ended, played out: called won and won by that side, drawn, lost;
    /// called drawn and drawn, decisive.
    pub audit_won: [usize; 3],
    pub audit_drawn: [usize; 2],
    /// With `audit`, the plies played after the rules would have called
    /// the game: what adjudication saves.
    pub audit_plies_after: usize,
    /// Positions written.
    pub positions: usize,
    /// Positions searched but not written: the side to move in check, the
    /// best move a capture, transformation or promotion, a mate score.
    pub in_check: usize,
    pub tactical: usize,
    pub mate_score: usize,
    /// Openings drawn again because the engine scored them lopsided.
    pub openings_redrawn: usize,
}

impl Summary {
    fn add(&mut self, other: &Summary) {
        self.games += other.games;
        for i in 0..3 {
            self.results[i] += other.results[i];
        }
        self.adjudicated_won += other.adjudicated_won;
        self.adjudicated_drawn += other.adjudicated_drawn;
        self.capped += other.capped;
        for i in 0..3 {
            self.audit_won[i] += other.audit_won[i];
        }
        for i in 0..2 {
            self.audit_drawn[i] += other.audit_drawn[i];
        }
        self.audit_plies_after += other.audit_plies_after;
        self.positions += other.positions;
        self.in_check += other.in_check;
        self.tactical += other.tactical;
        self.mate_score += other.mate_score;
        self.openings_redrawn += other.openings_redrawn;
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let searched = self.positions + self.in_check + self.tactical + self.mate_score;
        writeln!(
            f,
            "{} games: {} White wins, {} draws, {} Black wins ({} adjudicated won, {} adjudicated drawn, {} at the ply cap, {} openings drawn again)",
            self.games,
            self.results[0],
            self.results[1],
            self.results[2],
            self.adjudicated_won,
            self.adjudicated_drawn,
            self.capped,
            self.openings_redrawn
        )?;
        let [won, won_drawn, won_lost] = self.audit_won;
        let [drawn, drawn_decisive] = self.audit_drawn;
        if won + won_drawn + won_lost + drawn + drawn_decisive > 0 {
            writeln!(
                f,
                "audit, played out: of {} games called won, {won} won, {won_drawn} drawn, {won_lost} lost; of {} called drawn, {drawn} drawn, {drawn_decisive} decisive; {} plies after the calls",
                won + won_drawn + won_lost,
                drawn + drawn_decisive,
                self.audit_plies_after
            )?;
        }
        write!(
            f,
            "{} positions written of {} searched; filtered: {} in check, {} with a tactical best move, {} with a mate score",
            self.positions, searched, self.in_check, self.tactical, self.mate_score
        )
    }
}

/// One finished game: its kept positions, the game as G2 stores it, and
/// its part of the summary.
struct FinishedGame {
    records: Vec<Record>,
    stored: g2::StoredGame,
    summary: Summary,
}

/// Plays this shard's games and writes their records to `out` in game
/// order. Returns what was kept and filtered.
pub fn run(opts: &DatagenOptions, out: &mut (dyn Write + Send)) -> Result<Summary, String> {
    opts.check()?;
    let range = opts.shard_games();
    let job = format!("datagen {}", opts.variant.name());
    let bar = parallel::progress_bar(range.len(), opts.progress, &job, "games", ", {msg}");
    let start = std::time::Instant::now();
    let mut summary = Summary::default();
    parallel::in_order(
        range,
        opts.threads,
        || {
            let mut engine = parallel::worker_engine(opts.hash_mb, "datagen");
            engine.set_nets(opts.nets.clone());
            engine
        },
        |engine, i| play_game(engine, opts, i),
        |_, game| {
            let mut bytes = Vec::new();
            match opts.format {
                Version::G1 => {
                    for r in &game.records {
                        bytes.extend_from_slice(r.to_line().as_bytes());
                        bytes.push(b'\n');
                    }
                }
                // A game without records writes nothing, as in G1.
                Version::G2 if game.records.is_empty() => {}
                Version::G2 => game.stored.encode(&mut bytes)?,
            }
            out.write_all(&bytes).map_err(|e| format!("writing the data: {e}"))?;
            summary.add(&game.summary);
            bar.set_position(summary.games as u64);
            let rate = summary.positions as f64 / start.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("{} positions, {rate:.0} positions/s", summary.positions));
            Ok(())
        },
    )?;
    bar.finish_and_clear();
    Ok(summary)
}

/// A position after `random_plies` random moves that the engine scores
/// within `opening_max_cp`, the moves, and the number of openings drawn
/// again.
fn opening(engine: &mut Engine, opts: &DatagenOptions, rng: &mut SplitMix64, limits: &Limits) -> (Position, Vec<Move>, usize) {
    let control = Control::new();
    let mut redrawn = 0;
    loop {
        let mut pos = Position::startpos(opts.variant);
        let mut moves = Vec::new();
        for _ in 0..opts.random_plies {
            let legal = pos.legal_move_vec();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            pos.make(m);
            moves.push(m);
        }
        // Give up redrawing after a while: a balanced opening is wanted,
        // not an endless loop.
        if pos.outcome().is_none() {
            if redrawn >= 20 {
                return (pos, moves, redrawn);
            }
            engine.new_game();
            let res = engine.search(&pos, limits, &control, &mut |_| {});
            if matches!(res.internal_score, ScoreValue::Cp(cp) if cp.abs() <= opts.opening_max_cp) {
                return (pos, moves, redrawn);
            }
        }
        redrawn += 1;
    }
}

fn play_game(engine: &mut Engine, opts: &DatagenOptions, index: usize) -> FinishedGame {
    let mut rng = game_rng(opts.seed, index);
    let limits = opts.limits();
    let (mut pos, opening_moves, redrawn) = opening(engine, opts, &mut rng, &limits);
    // G2 stores the game from the variant's start position when the record
    // plies count from there (always, unless an opening ran out of moves).
    let (start, start_ply, mut moves) = if opening_moves.len() == opts.random_plies {
        (g2::Start::Variant, 0, opening_moves)
    } else {
        (g2::Start::Fen(pos.fen()), opts.random_plies as u32, Vec::new())
    };
    // Moves played before each kept position, counted in `moves`.
    let mut kept_at: Vec<usize> = Vec::new();
    engine.new_game();
    let control = Control::new();
    let mut summary = Summary {
        games: 1,
        openings_redrawn: redrawn,
        ..Summary::default()
    };
    let mut kept: Vec<(Position, u32, i32)> = Vec::new();
    let mut adjudicator = Adjudicator::new(opts.adjudication);
    // With `audit`: the rules' first call and the ply it came on.
    let mut called: Option<(GameResult, u32)> = None;
    let mut ply = opts.random_plies as u32;
    let result = loop {
        if let Some(outcome) = pos.outcome() {
            break outcome.result();
        }
        if ply as usize >= opts.max_plies {
            summary.capped += 1;
            break GameResult::Draw;
        }
        let res = engine.search(&pos, &limits, &control, &mut |_| {});
        let Some(best) = res.best.filter(|&m| pos.is_legal(m)) else {
            // Cannot happen with a legal move left; end the game rather
            // than write a result nobody played.
            summary.capped += 1;
            break GameResult::Draw;
        };
        let cp = match res.internal_score {
            ScoreValue::Cp(cp) => Some(cp),
            ScoreValue::Mate(_) => None,
        };
        let tactical = pos.is_tactical(best);
        match cp {
            _ if pos.in_check() => summary.in_check += 1,
            None => summary.mate_score += 1,
            Some(_) if tactical => summary.tactical += 1,
            Some(cp) => {
                // Through its FEN: the record needs the position, not the
                // game's history that a clone would carry along.
                if let Ok(bare) = Position::from_fen(opts.variant, &pos.fen()) {
                    kept.push((bare, ply, cp.clamp(-format::MAX_SCORE, format::MAX_SCORE)));
                    kept_at.push(moves.len());
                }
            }
        }
        if called.is_none() {
            match adjudicator.observe(ply, pos.side_to_move(), res.internal_score) {
                Some(call) if opts.audit => called = Some((call, ply)),
                Some(call) => {
                    if call == GameResult::Draw {
                        summary.adjudicated_drawn += 1;
                    } else {
                        summary.adjudicated_won += 1;
                    }
                    break call;
                }
                None => {}
            }
        }
        pos.make(best);
        moves.push(best);
        ply += 1;
    };
    summary.results[match result {
        GameResult::WhiteWins => 0,
        GameResult::BlackWins => 2,
        _ => 1,
    }] += 1;
    summary.positions = kept.len();
    if let Some((call, at)) = called {
        summary.audit_plies_after += (ply - at) as usize;
        match call {
            GameResult::Draw => summary.audit_drawn[usize::from(result != GameResult::Draw)] += 1,
            _ if result == call => summary.audit_won[0] += 1,
            _ if result == GameResult::Draw => summary.audit_won[1] += 1,
            _ => summary.audit_won[2] += 1,
        }
    }
    let mut steps = Vec::with_capacity(kept.len());
    let mut from = 0;
    for (&to, &(_, _, score)) in kept_at.iter().zip(&kept) {
        steps.push(g2::Step {
            moves: moves[from..to].to_vec(),
            score,
        });
        from = to;
    }
    let stored = g2::StoredGame {
        variant: opts.variant,
        result,
        start,
        start_ply,
        steps,
    };
    let records = kept
        .into_iter()
        .map(|(position, ply, score)| Record {
            position,
            result,
            ply,
            score,
        })
        .collect();
    FinishedGame { records, stored, summary }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Generation 1's nets: the games these tests pin were played with
    /// them, whichever nets are embedded now.
    fn generation_1() -> NetChoice {
        crate::nnue::generation(1)
    }

    fn options(variant: Variant, games: usize) -> DatagenOptions {
        DatagenOptions {
            nodes: 300,
            max_plies: 60,
            ..DatagenOptions::new(variant, games)
        }
    }

    fn generate(opts: &DatagenOptions) -> (String, Summary) {
        let mut out = Vec::new();
        let summary = run(opts, &mut out).unwrap();
        (String::from_utf8(out).unwrap(), summary)
    }

    fn generate_g2(opts: &DatagenOptions) -> Vec<u8> {
        let mut out = Vec::new();
        run(
            &DatagenOptions {
                format: Version::G2,
                ..opts.clone()
            },
            &mut out,
        )
        .unwrap();
        out
    }

    fn lines(records: &[Record]) -> String {
        records.iter().map(|r| r.to_line() + "\n").collect()
    }

    #[test]
    fn g2_holds_the_g1_records_and_shards_concatenate() {
        for variant in Variant::ALL {
            let whole = options(variant, 4);
            let (text, _) = generate(&whole);
            let bytes = generate_g2(&whole);
            assert!(bytes.starts_with(g2::TAG));
            let records = g2::read_all(&bytes[..]).unwrap();
            // FEN by FEN, clocks, ply, score and result included.
            assert_eq!(lines(&records), text, "{variant:?}");
            assert!(bytes.len() * 5 < text.len(), "{} bytes of G2 for {} of G1", bytes.len(), text.len());
            let mut joined = Vec::new();
            for i in 0..3 {
                let shard = DatagenOptions {
                    shard: Shard::new(i, 3).unwrap(),
                    threads: 2,
                    ..whole.clone()
                };
                joined.extend(generate_g2(&shard));
            }
            assert_eq!(joined, bytes, "{variant:?}: G2 shards concatenated");
            // And back: G1 to G2 by the converter recovers the same games.
            let mut conv = g2::Converter::new();
            let mut again = Vec::new();
            for r in format::parse_all(&text).unwrap() {
                conv.push(r, &mut again).unwrap();
            }
            conv.flush(&mut again).unwrap();
            assert_eq!(lines(&g2::read_all(&again[..]).unwrap()), text, "{variant:?}: converted");
        }
    }

    #[test]
    fn shards_concatenate_into_the_unsharded_run() {
        for variant in Variant::ALL {
            let whole = options(variant, 5);
            let (all, summary) = generate(&whole);
            assert_eq!(summary.games, 5);
            assert!(summary.positions > 20, "{summary}");
            assert_eq!(all.lines().count(), summary.positions);
            let mut joined = String::new();
            for i in 0..3 {
                let shard = DatagenOptions {
                    shard: Shard::new(i, 3).unwrap(),
                    threads: 2,
                    ..whole.clone()
                };
                joined.push_str(&generate(&shard).0);
            }
            assert_eq!(joined, all, "{variant:?}");
        }
    }

    #[test]
    fn the_seed_decides_the_games() {
        let opts = options(Variant::Pom, 2);
        let (a, _) = generate(&opts);
        let (b, _) = generate(&DatagenOptions {
            threads: 2,
            ..opts.clone()
        });
        assert_eq!(a, b, "same seed, same data, whatever the threads");
        let (c, _) = generate(&DatagenOptions { seed: 2, ..opts });
        assert_ne!(a, c, "another seed, other games");
    }

    #[test]
    fn records_read_back_and_respect_the_filters() {
        let opts = options(Variant::MiniPom, 3);
        let (text, summary) = generate(&opts);
        let records = format::parse_all(&text).unwrap();
        assert_eq!(records.len(), summary.positions);
        for r in &records {
            assert!(!r.position.in_check());
            assert!(r.ply as usize >= opts.random_plies);
            assert!(r.score.abs() < format::MAX_SCORE);
        }
        // A game's records come in rising ply order and share its result;
        // a ply that does not rise starts the next game.
        let mut games = 1;
        for pair in records.windows(2) {
            if pair[1].ply > pair[0].ply {
                assert_eq!(pair[1].result, pair[0].result, "within a game");
            } else {
                games += 1;
            }
        }
        assert!(games <= 3, "{games} runs of rising plies in 3 games");
    }

    /// Shards of 6 games (300 nodes, 200 plies, seed 32, G2) with the
    /// rules datagen had before issue 32 (won at 2000 cp over 8 plies, no
    /// draw) and with adjudication off: the same settings must give the
    /// same bytes, so that the data made before stays reproducible by its
    /// commands. First written by that code (commit 83a77a1); Pillars of
    /// Medusa's written again when the search changed (the margins at the
    /// net's scale, issue 32), since a game is its search's; Mini-POM's are
    /// the first bytes again, its margins being unscaled. A change to the
    /// search that is not meant to alter datagen must leave them as they are.
    #[test]
    fn shards_made_before_adjudication_options_replay_byte_for_byte() {
        let fixtures: [(Variant, Adjudication, &[u8]); 4] = [
            (
                Variant::Pom,
                Adjudication::GENERATION_2,
                include_bytes!("../../tests/data/datagen-pom-s32-n300-legacy.g2"),
            ),
            (
                Variant::Pom,
                Adjudication::OFF,
                include_bytes!("../../tests/data/datagen-pom-s32-n300-off.g2"),
            ),
            (
                Variant::MiniPom,
                Adjudication::GENERATION_2,
                include_bytes!("../../tests/data/datagen-minipom-s32-n300-legacy.g2"),
            ),
            (
                Variant::MiniPom,
                Adjudication::OFF,
                include_bytes!("../../tests/data/datagen-minipom-s32-n300-off.g2"),
            ),
        ];
        for (variant, adjudication, before) in fixtures {
            let opts = DatagenOptions {
                nodes: 300,
                max_plies: 200,
                seed: 32,
                adjudication,
                opening_max_cp: 300,
                nets: generation_1(),
                ..DatagenOptions::new(variant, 6)
            };
            assert_eq!(generate_g2(&opts), before, "{variant:?} {adjudication:?}");
        }
    }

    /// The same games played with the default rules, with them off, and
    /// with them audited: an adjudicated game is the played-out game cut
    /// where the rules called it, with the called result written; the
    /// audit plays the games out (the same bytes as off) and finds the
    /// same calls.
    #[test]
    fn adjudicated_games_end_at_the_call_with_its_result() {
        for variant in Variant::ALL {
            let opts = DatagenOptions {
                nodes: 300,
                max_plies: 200,
                seed: 32,
                format: Version::G2,
                nets: generation_1(),
                ..DatagenOptions::new(variant, 6)
            };
            let off = DatagenOptions {
                adjudication: Adjudication::OFF,
                ..opts.clone()
            };
            let audit = DatagenOptions {
                audit: true,
                ..opts.clone()
            };
            let (mut adjudicated, mut played_out) = (Summary::default(), Summary::default());
            let mut called = 0;
            for i in 0..6 {
                let mut engine = parallel::worker_engine(opts.hash_mb, "test");
                engine.set_nets(opts.nets.clone());
                let cut = play_game(&mut engine, &opts, i);
                let whole = play_game(&mut engine, &off, i);
                let audited = play_game(&mut engine, &audit, i);
                assert_eq!(audited.records.len(), whole.records.len(), "{variant:?} game {i}: audit plays out");
                adjudicated.add(&cut.summary);
                played_out.add(&audited.summary);
                if cut.summary.adjudicated_won + cut.summary.adjudicated_drawn == 0 {
                    assert_eq!(lines(&cut.records), lines(&whole.records), "{variant:?} game {i}");
                    continue;
                }
                called += 1;
                let result = cut.stored.result;
                assert_eq!(cut.summary.adjudicated_drawn == 1, result == GameResult::Draw);
                // The records up to the call, with the called result.
                assert!(cut.records.len() <= whole.records.len());
                for (c, w) in cut.records.iter().zip(&whole.records) {
                    assert_eq!((c.result, c.ply, c.score), (result, w.ply, w.score), "{variant:?} game {i}");
                    assert_eq!(c.position.fen(), w.position.fen());
                }
                let mut bytes = Vec::new();
                cut.stored.encode(&mut bytes).unwrap();
                let read = g2::read_all(&bytes[..]).unwrap();
                assert!(
                    read.iter().all(|r| r.result == result),
                    "{variant:?} game {i}: G2 keeps the called result"
                );
            }
            assert!(called > 0, "{variant:?}: no game adjudicated, the test shows nothing");
            assert_eq!(
                adjudicated.adjudicated_won,
                played_out.audit_won.iter().sum::<usize>(),
                "{variant:?}"
            );
            assert_eq!(
                adjudicated.adjudicated_drawn,
                played_out.audit_drawn.iter().sum::<usize>(),
                "{variant:?}"
            );
            assert_eq!((played_out.adjudicated_won, played_out.adjudicated_drawn), (0, 0));
            assert_eq!(
                generate_g2(&audit),
                generate_g2(&off),
                "{variant:?}: an audit writes the played-out games"
            );
        }
    }

    /// Book self-play and datagen draw a game's random plies from the one
    /// stream (`selfplay::game_rng`) and end it by the one adjudicator:
    /// with rules that call every searched position drawn, game `i` of
    /// either job is its random opening, drawn at the first search.
    #[test]
    fn book_selfplay_and_datagen_open_alike_and_adjudicate_alike() {
        use crate::book::{selfplay_games, SelfPlayOptions};
        let drawn_at_once = Adjudication {
            draw_from_ply: 0,
            draw_plies: 1,
            draw_internal_cp: 50_000,
            ..Adjudication::OFF
        };
        let (seed, random, games) = (46, 4, 3);
        for variant in Variant::ALL {
            let book = SelfPlayOptions {
                seed,
                random_plies: random,
                depth: Some(1),
                threads: 1,
                hash_mb: 1,
                progress: false,
                adjudication: drawn_at_once,
                ..SelfPlayOptions::new(variant, games)
            };
            let played = selfplay_games(&book).unwrap();
            let data = DatagenOptions {
                seed,
                random_plies: random,
                opening_max_cp: i32::MAX,
                adjudication: drawn_at_once,
                hash_mb: 1,
                ..options(variant, games)
            };
            for (i, game) in played.iter().enumerate() {
                assert_eq!(game.moves.len(), random, "{variant:?} book game {i}");
                assert_eq!(game.result, Some(GameResult::Draw), "{variant:?} book game {i}");
                let mut engine = parallel::worker_engine(data.hash_mb, "test");
                let (_, moves, redrawn) = opening(&mut engine, &data, &mut game_rng(seed, i), &data.limits());
                assert_eq!((&moves, redrawn), (&game.moves, 0), "{variant:?} game {i}: the same opening");
                let finished = play_game(&mut engine, &data, i);
                assert_eq!(finished.summary.adjudicated_drawn, 1, "{variant:?} datagen game {i}");
                assert_eq!(finished.stored.result, GameResult::Draw);
                assert!(finished.records.iter().all(|r| r.ply as usize == random));
                if let Some(step) = finished.stored.steps.first() {
                    assert_eq!(step.moves, game.moves);
                }
            }
            assert!(
                played.windows(2).any(|w| w[0].moves != w[1].moves),
                "{variant:?}: one opening thrice"
            );
        }
    }

    #[test]
    fn bad_settings_are_refused() {
        let mut out = Vec::new();
        let opts = DatagenOptions {
            threads: 0,
            ..options(Variant::Pom, 2)
        };
        assert!(run(&opts, &mut out).unwrap_err().contains("threads"));
        assert!(out.is_empty());
        let opts = DatagenOptions {
            adjudication: Adjudication {
                win_internal_cp: 0,
                ..Adjudication::DEFAULT
            },
            ..options(Variant::Pom, 2)
        };
        assert!(run(&opts, &mut out).unwrap_err().contains("--win-cp"));
        let opts = DatagenOptions {
            opening_max_cp: -1,
            ..options(Variant::Pom, 2)
        };
        assert!(run(&opts, &mut out).unwrap_err().contains("--opening-max-cp"));
        assert!(out.is_empty());
    }
}
