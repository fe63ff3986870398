//! Opening suites for testing (docs/MATCH.md, "Opening suites"): short
//! lines from the variant's start, each judged balanced by a deeper
//! search, for the match runner's strength tests.
//!
//! The field's way (Stockfish's books: UHO, 8moves): lines of a few plies,
//! duplicate end positions removed, each end position scored by a deep
//! search and kept inside a narrow window. Here the candidates are made by
//! the engine itself: the first `random_plies` plies drawn among all legal
//! moves, the next `varied_plies` drawn among the MultiPV lines within
//! `margin_cp` of the best ([`varied_search`], the self-play books'
//! variety). A candidate whose end position was seen before (by Zobrist
//! key) is dropped unsearched; a cheap search (`screen_nodes`) drops the
//! obviously lopsided ones, and the deep search (`judge_nodes`) keeps those
//! whose expected score is within `window` of even.
//!
//! The window is on the expected score, not on centipawns: the search's
//! win/draw/loss (`wdl`, the model of the evaluation that searched) gives
//! the side to move `(win + draw / 2) / 1000`, and a line is kept if that
//! is within `window` per mille of 500. Pillars of Medusa's games are
//! rarely drawn (the model gives about 5 % draws at equality) and its
//! reported scale is flat (100 cp is a 50 % chance of winning, about 2.5 %
//! of expected score in the opening), so the field's `|cp| <= 30` would
//! keep a sliver and even reject the start position (+0.77 in POM); the
//! expected score says what the window is for, games that an equal pair
//! splits, and means the same in both variants.
//!
//! A candidate depends only on the seed, its index and the settings (its
//! own generator, [`game_rng`], and a cleared engine of one thread for each
//! search), and the candidates are judged and kept in index order, so the
//! suite does not depend on the number of threads and a run with the same
//! settings makes the same suite.

use crate::nnue::NetChoice;
use crate::parallel;
use crate::player::{Control, Engine, Limits, SearchResult};
use crate::selfplay::{game_rng, varied_search};
use protocol::ScoreValue;
use rules::{Move, Position, Variant};
use std::collections::HashSet;
use std::fmt;

/// Candidates made (and then judged) at once: the suite stops at the first
/// block that completes it.
const BLOCK: usize = 64;

/// How the suite is made.
#[derive(Clone, Debug)]
pub struct SuiteOptions {
    pub variant: Variant,
    /// Lines to keep.
    pub count: usize,
    /// Candidates to try at most (the run stops there with fewer lines).
    pub max_candidates: usize,
    pub seed: u64,
    /// Plies drawn uniformly among the legal moves, first.
    pub random_plies: usize,
    /// Plies drawn among the MultiPV lines near the best, next.
    pub varied_plies: usize,
    pub multipv: usize,
    pub margin_cp: i32,
    /// The depth of the searches that choose the varied plies.
    pub pick_depth: u32,
    /// The cheap first judgement: soft nodes, and how far (per mille of
    /// expected score, either side of 500) it may put a line that goes on
    /// to the deep one.
    pub screen_nodes: u64,
    pub screen_window: u32,
    /// The deep judgement: soft nodes, and the window (per mille of
    /// expected score, either side of 500) a kept line is inside.
    pub judge_nodes: u64,
    pub window: u32,
    /// Candidates made and judged at once, one single-threaded engine each.
    pub threads: usize,
    /// Hash per engine, MB.
    pub hash_mb: usize,
    pub nets: NetChoice,
    pub progress: bool,
}

impl SuiteOptions {
    /// 3000 lines of 2 random and 6 varied plies among 4 lines within
    /// 40 cp at depth 3, screened at 3000 nodes and 80 per mille, judged
    /// at 24000 nodes within 40 per mille (an expected score of 46 % to
    /// 54 %): the settings of the committed suites.
    pub fn new(variant: Variant, count: usize) -> SuiteOptions {
        SuiteOptions {
            variant,
            count,
            max_candidates: count.saturating_mul(20),
            seed: 1,
            random_plies: 2,
            // Six in both: Mini-POM's lines of 2 + 4 plies ran out of new
            // end positions (two in three candidates were duplicates by
            // the 500th line kept).
            varied_plies: 6,
            multipv: 4,
            margin_cp: 40,
            pick_depth: 3,
            screen_nodes: 3000,
            screen_window: 80,
            judge_nodes: 24000,
            window: 40,
            threads: 1,
            hash_mb: 16,
            nets: NetChoice::default(),
            progress: false,
        }
    }

    /// The settings, for the suite's header.
    pub fn describe(&self) -> String {
        format!(
            "{} suite: {} lines, seed {}, {} random + {} varied plies (multipv {}, margin {} cp, depth {}), \
             screened at {} nodes within {} per mille of an even expected score, judged at {} nodes within {} per mille",
            self.variant.name(),
            self.count,
            self.seed,
            self.random_plies,
            self.varied_plies,
            self.multipv,
            self.margin_cp,
            self.pick_depth,
            self.screen_nodes,
            self.screen_window,
            self.judge_nodes,
            self.window
        )
    }

    fn check(&self) -> Result<(), String> {
        if self.threads == 0 || self.multipv == 0 || self.pick_depth == 0 || self.screen_nodes == 0 || self.judge_nodes == 0 {
            return Err("threads, multipv, the pick depth and the node limits must be at least 1".into());
        }
        if self.margin_cp < 0 || self.window > 500 || self.screen_window > 500 {
            return Err("the margin cannot be negative, the windows are 0 to 500 per mille".into());
        }
        if self.random_plies + self.varied_plies == 0 {
            return Err("a line needs at least one ply".into());
        }
        Ok(())
    }
}

/// One kept line of the suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteLine {
    /// The candidate's index in the run (its generator's stream).
    pub index: usize,
    /// The moves from the variant's start, in canonical text.
    pub moves: Vec<String>,
    /// The end position's FEN and Zobrist key.
    pub fen: String,
    pub key: u64,
    /// The deep search's reported score, centipawns for the side to move,
    /// and its win/draw/loss (per mille, for the side to move).
    pub score_cp: i32,
    pub wdl: [u32; 3],
}

impl SuiteLine {
    /// The side to move's expected score, per mille.
    pub fn expected(&self) -> u32 {
        expected(self.wdl)
    }

    /// The line in the match runner's openings format: a comment with the
    /// end position, its score (`ce`, as EPD says it) and win/draw/loss,
    /// then the moves.
    pub fn to_text(&self) -> String {
        let [w, d, l] = self.wdl;
        format!(
            "# ce {:+} wdl {w} {d} {l} fen {}\nmoves {}\n",
            self.score_cp,
            self.fen,
            self.moves.join(" ")
        )
    }
}

/// The expected score of a win/draw/loss in per mille.
fn expected([w, d, _]: [u32; 3]) -> u32 {
    w + d / 2
}

/// What a run did with its candidates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuiteSummary {
    pub candidates: usize,
    /// Ended in check, with the game over, back at a position it passed,
    /// or short of plies: not searched.
    pub unfit: usize,
    /// An end position seen before (kept or judged), or one on the way of
    /// a kept line, or a line passing a kept end position.
    pub duplicates: usize,
    /// Dropped by the cheap search, by the deep one (outside the window or
    /// a mate score).
    pub screened_out: usize,
    pub judged_out: usize,
    pub kept: usize,
    /// The kept lines' reported scores: counts per 25 cp bucket.
    pub histogram: Vec<(i32, usize)>,
}

impl fmt::Display for SuiteSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} candidates: {} kept; rejected {} unfit (check, over), {} duplicate end positions, \
             {} by the screen, {} by the deep search",
            self.candidates, self.kept, self.unfit, self.duplicates, self.screened_out, self.judged_out
        )
    }
}

impl SuiteSummary {
    fn count_score(&mut self, cp: i32) {
        let bucket = cp.div_euclid(25) * 25;
        match self.histogram.iter_mut().find(|b| b.0 == bucket) {
            Some(b) => b.1 += 1,
            None => {
                self.histogram.push((bucket, 1));
                self.histogram.sort_unstable();
            }
        }
    }

    /// The histogram of kept scores, one `lo..hi: count` per bucket.
    pub fn histogram_text(&self) -> String {
        self.histogram
            .iter()
            .map(|(lo, n)| format!("[{lo:+},{:+}): {n}", lo + 25))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A candidate line before judgement.
struct Candidate {
    index: usize,
    moves: Vec<Move>,
    /// The keys of the positions on the way, the start's included, the
    /// end's excluded.
    along: Vec<u64>,
    end: Position,
}

enum Verdict {
    Screened,
    Judged,
    Kept(i32, [u32; 3]),
}

/// Makes the suite: hands the kept lines to `emit` in index order, a block
/// at a time with the summary so far (a caller may flush and report after
/// each: a run stopped early keeps what it made), until `count` are kept
/// or `max_candidates` tried.
pub fn generate(
    opts: &SuiteOptions,
    mut emit: impl FnMut(&[SuiteLine], &SuiteSummary) -> Result<(), String> + Send,
) -> Result<SuiteSummary, String> {
    opts.check()?;
    let bar = parallel::progress_bar(
        opts.count,
        opts.progress,
        &format!("suite {}", opts.variant.name()),
        "lines",
        ", {msg}",
    );
    let mut summary = SuiteSummary::default();
    // End positions seen (judged or not), and every position of the kept
    // lines on the way.
    let mut seen_ends: HashSet<u64> = HashSet::new();
    let mut kept_ends: HashSet<u64> = HashSet::new();
    let mut kept_along: HashSet<u64> = HashSet::new();
    let engine = || {
        let mut e = parallel::worker_engine(opts.hash_mb, "suite");
        e.set_nets(opts.nets.clone());
        e
    };
    let mut next = 0;
    while summary.kept < opts.count && next < opts.max_candidates {
        let block = next..(next + BLOCK).min(opts.max_candidates);
        next = block.end;
        let mut fresh = Vec::new();
        parallel::in_order(
            block,
            opts.threads,
            engine,
            |e, i| candidate(e, opts, i),
            |_, c| {
                summary.candidates += 1;
                match c {
                    None => summary.unfit += 1,
                    Some(c) if !seen_ends.insert(c.end.key()) || kept_along.contains(&c.end.key()) => summary.duplicates += 1,
                    Some(c) => fresh.push(c),
                }
                Ok(())
            },
        )?;
        let mut lines = Vec::new();
        parallel::in_order(
            0..fresh.len(),
            opts.threads,
            engine,
            |e, j| judge(e, opts, &fresh[j].end),
            |j, verdict| {
                let c = &fresh[j];
                match verdict {
                    Verdict::Screened => summary.screened_out += 1,
                    Verdict::Judged => summary.judged_out += 1,
                    Verdict::Kept(..) if summary.kept >= opts.count => {}
                    // A kept line passing this end position, or this line
                    // passing a kept end: one position twice in the suite.
                    Verdict::Kept(..) if kept_along.contains(&c.end.key()) || c.along.iter().any(|k| kept_ends.contains(k)) => {
                        summary.duplicates += 1
                    }
                    Verdict::Kept(cp, wdl) => {
                        summary.kept += 1;
                        summary.count_score(cp);
                        kept_ends.insert(c.end.key());
                        kept_along.extend(c.along.iter().copied());
                        lines.push(line(opts.variant, c, cp, wdl));
                    }
                }
                Ok(())
            },
        )?;
        emit(&lines, &summary)?;
        bar.set_position(summary.kept as u64);
        bar.set_message(format!("{} candidates", summary.candidates));
    }
    bar.finish_and_clear();
    Ok(summary)
}

fn line(variant: Variant, c: &Candidate, score_cp: i32, wdl: [u32; 3]) -> SuiteLine {
    let mut pos = Position::startpos(variant);
    let moves = c
        .moves
        .iter()
        .map(|&m| {
            let t = pos.move_text(m);
            pos.make(m);
            t
        })
        .collect();
    SuiteLine {
        index: c.index,
        moves,
        fen: c.end.fen(),
        key: c.end.key(),
        score_cp,
        wdl,
    }
}

/// Candidate `index`: its plies from the start, or `None` when it ends in
/// check, with the game over, at a position it passed, or runs out of moves.
fn candidate(engine: &mut Engine, opts: &SuiteOptions, index: usize) -> Option<Candidate> {
    let mut rng = game_rng(opts.seed, index);
    engine.new_game();
    let limits = Limits {
        depth: Some(opts.pick_depth),
        ..Limits::default()
    };
    let mut pos = Position::startpos(opts.variant);
    let mut moves = Vec::new();
    let mut along = Vec::new();
    for ply in 0..opts.random_plies + opts.varied_plies {
        if pos.outcome().is_some() {
            return None;
        }
        let m = if ply < opts.random_plies {
            let legal = pos.legal_move_vec();
            legal[rng.below(legal.len() as u64) as usize]
        } else {
            varied_search(engine, &pos, &limits, opts.multipv, opts.margin_cp, &mut rng).1?
        };
        along.push(pos.key());
        pos.make(m);
        moves.push(m);
    }
    // A line that comes back to a position it passed is a shorter line
    // played again.
    if pos.in_check() || pos.outcome().is_some() || along.contains(&pos.key()) {
        return None;
    }
    Some(Candidate {
        index,
        moves,
        along,
        end: pos,
    })
}

/// The screen, then the deep search, each from a cleared engine.
fn judge(engine: &mut Engine, opts: &SuiteOptions, pos: &Position) -> Verdict {
    engine.set_multipv(1);
    // A mate score is never balanced, whatever the model says of it.
    let balanced = |res: &SearchResult, window: u32| matches!(res.score, ScoreValue::Cp(_)) && expected(res.wdl).abs_diff(500) <= window;
    let screen = search(engine, pos, opts.screen_nodes);
    if !balanced(&screen, opts.screen_window) {
        return Verdict::Screened;
    }
    let deep = search(engine, pos, opts.judge_nodes);
    match deep.score {
        ScoreValue::Cp(cp) if balanced(&deep, opts.window) => Verdict::Kept(cp, deep.wdl),
        _ => Verdict::Judged,
    }
}

/// A search of `nodes` soft nodes (whole iterations; a runaway one is cut
/// at ten times that, as datagen's) from a cleared engine.
fn search(engine: &mut Engine, pos: &Position, nodes: u64) -> SearchResult {
    engine.new_game();
    let limits = Limits {
        soft_nodes: Some(nodes),
        nodes: Some(nodes.saturating_mul(10)),
        ..Limits::default()
    };
    engine.search(pos, &limits, &Control::new(), &mut |_| {})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny(variant: Variant, count: usize) -> SuiteOptions {
        SuiteOptions {
            pick_depth: 1,
            multipv: 3,
            screen_nodes: 200,
            judge_nodes: 400,
            ..SuiteOptions::new(variant, count)
        }
    }

    fn run(opts: &SuiteOptions) -> (Vec<SuiteLine>, SuiteSummary) {
        let mut lines = Vec::new();
        let summary = generate(opts, |l, _| {
            lines.extend_from_slice(l);
            Ok(())
        })
        .unwrap();
        (lines, summary)
    }

    #[test]
    fn the_seed_decides_the_suite_whatever_the_threads() {
        let opts = tiny(Variant::MiniPom, 12);
        let (a, sa) = run(&opts);
        let (b, sb) = run(&SuiteOptions {
            threads: 2,
            ..opts.clone()
        });
        let (c, _) = run(&SuiteOptions { seed: 2, ..opts.clone() });
        assert_eq!(a.len(), 12);
        assert_eq!((&a, &sa), (&b, &sb));
        assert_ne!(a, c);
    }

    #[test]
    fn kept_lines_are_inside_the_window_unique_and_play_to_their_fen() {
        for variant in Variant::ALL {
            let opts = SuiteOptions {
                window: 30,
                ..tiny(variant, 10)
            };
            let (lines, summary) = run(&opts);
            assert_eq!(lines.len(), 10, "{variant:?}: {summary}");
            assert_eq!(summary.kept, 10);
            assert_eq!(summary.histogram.iter().map(|b| b.1).sum::<usize>(), 10);
            let mut ends = HashSet::new();
            let mut along = HashSet::new();
            for l in &lines {
                assert!(l.expected().abs_diff(500) <= 30, "{variant:?}: {l:?}");
                assert_eq!(l.moves.len(), opts.random_plies + opts.varied_plies);
                let mut pos = Position::startpos(variant);
                for t in &l.moves {
                    along.insert(pos.key());
                    let m = pos.parse_move(t).unwrap();
                    pos.make(m);
                }
                assert_eq!((pos.fen(), pos.key()), (l.fen.clone(), l.key));
                assert!(!pos.in_check() && pos.outcome().is_none());
                assert!(ends.insert(l.key), "{variant:?}: end position twice");
            }
            assert!(
                ends.iter().all(|k| !along.contains(k)),
                "{variant:?}: an end position on another line's way"
            );
        }
    }

    #[test]
    fn the_window_and_the_screen_reject_and_duplicates_are_dropped() {
        // A window of 0 keeps only dead-level scores: most candidates are
        // judged out; a screen of 0 drops them before.
        let opts = SuiteOptions {
            window: 0,
            max_candidates: 64,
            ..tiny(Variant::MiniPom, 64)
        };
        let (lines, s) = run(&opts);
        assert!(lines.iter().all(|l| l.expected() == 500));
        assert!(s.judged_out > 0, "{s}");
        let (_, s0) = run(&SuiteOptions {
            screen_window: 0,
            ..opts.clone()
        });
        assert!(s0.screened_out > s.screened_out, "{s0} / {s}");
        // Searched plies only, all at depth 1 with one line: every
        // candidate is the same line, kept once.
        let same = SuiteOptions {
            random_plies: 0,
            varied_plies: 2,
            multipv: 1,
            max_candidates: 20,
            window: 500,
            screen_window: 500,
            ..tiny(Variant::MiniPom, 5)
        };
        let (lines, s) = run(&same);
        assert_eq!((lines.len(), s.kept, s.duplicates, s.candidates), (1, 1, 19, 20), "{s}");
    }

    #[test]
    fn bad_settings_are_refused() {
        let out = |_: &[SuiteLine], _: &SuiteSummary| Ok(());
        assert!(generate(
            &SuiteOptions {
                threads: 0,
                ..tiny(Variant::Pom, 1)
            },
            out
        )
        .is_err());
        assert!(generate(
            &SuiteOptions {
                window: 501,
                ..tiny(Variant::Pom, 1)
            },
            out
        )
        .is_err());
    }
}
