//! Scripted analysis: many positions searched one after another, for
//! `gorgon analyse --epd/--pgn` ([`batch`]) and `gorgon annotate`
//! ([`annotate`], with evaluation graphs from [`plot`]).
//!
//! Every position is searched by a cleared single-threaded engine, so with
//! a depth or node limit its verdict depends only on the position (and the
//! game before it, for repetitions): the output is the same whatever the
//! number of jobs, and shards of a run concatenate into the whole run.

pub mod annotate;
pub mod batch;
pub mod plot;

use crate::player::{Control, Engine, Limits, Report};
use protocol::ScoreValue;
use rules::{Move, Outcome, Position};
use std::time::Instant;

/// How each position is searched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    pub depth: Option<u32>,
    pub movetime_ms: Option<u64>,
    pub nodes: Option<u64>,
}

impl SearchLimits {
    /// An error unless at least one limit is set: a batch of unlimited
    /// searches would never end.
    pub fn check(&self) -> Result<(), String> {
        if self.depth.is_none() && self.movetime_ms.is_none() && self.nodes.is_none() {
            return Err("give a limit per position: --depth, --movetime or --nodes".into());
        }
        if self.depth == Some(0) || self.movetime_ms == Some(0) || self.nodes == Some(0) {
            return Err("a limit of 0 leaves nothing to search".into());
        }
        Ok(())
    }

    /// `depth 12`, `500 ms`, `100000 nodes`, joined by commas.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(d) = self.depth {
            parts.push(format!("depth {d}"));
        }
        if let Some(t) = self.movetime_ms {
            parts.push(format!("{t} ms"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("{n} nodes"));
        }
        parts.join(", ")
    }

    fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            movetime: self.movetime_ms,
            nodes: self.nodes,
            ..Limits::default()
        }
    }
}

/// What the engine says about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// `None` when the game is over here (see `outcome`).
    pub best: Option<Move>,
    /// From the side to move's view, as `info` reports it; a finished game
    /// scores 0 for a draw and `mate 0` for the side that is mated.
    pub score: ScoreValue,
    /// Win, draw, loss per mille for the side to move.
    pub wdl: [u32; 3],
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    pub pv: Vec<Move>,
    /// Set when the game is over in this position: nothing was searched.
    pub outcome: Option<Outcome>,
}

impl Verdict {
    /// The side to move's expected score, 0 to 1: a win counts 1, a draw ½.
    pub fn expected(&self) -> f64 {
        (self.wdl[0] as f64 + self.wdl[1] as f64 / 2.0) / 1000.0
    }

    /// The verdict on a position where the game has ended.
    fn finished(outcome: Outcome) -> Verdict {
        let (score, wdl) = match outcome {
            Outcome::Checkmate { .. } => (ScoreValue::Mate(0), [0, 0, 1000]),
            _ => (ScoreValue::Cp(0), [0, 1000, 0]),
        };
        Verdict {
            best: None,
            score,
            wdl,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time_ms: 0,
            pv: Vec::new(),
            outcome: Some(outcome),
        }
    }
}

/// One worker's engine: single-threaded, cleared before every position.
pub struct Analyst {
    engine: Engine,
    limits: Limits,
}

impl Analyst {
    /// An engine with `hash_mb` of transposition table (if the machine
    /// refuses that much, the default size stays and a warning is logged).
    pub fn new(limits: &SearchLimits, hash_mb: usize) -> Analyst {
        Analyst {
            engine: crate::parallel::worker_engine(hash_mb, "analysis"),
            limits: limits.limits(),
        }
    }

    /// [`Analyst::new`] for a server: an error, not a panic, when the
    /// system cannot start the search thread, and the table's size
    /// refused too (a server's caps bound what it asks for).
    pub fn try_new(limits: &SearchLimits, hash_mb: usize) -> Result<Analyst, String> {
        Analyst::try_with_engine(Engine::try_new()?, limits, hash_mb)
    }

    /// [`Analyst::try_new`] with an engine the caller keeps between jobs
    /// (a server's page engine, taken back by [`Analyst::into_engine`]):
    /// set to one thread, one line and `hash_mb`, its table kept (not
    /// reallocated) when already that size, so that a server's reviews
    /// do not churn big allocations.
    pub fn try_with_engine(mut engine: Engine, limits: &SearchLimits, hash_mb: usize) -> Result<Analyst, String> {
        engine.set_threads(1)?;
        engine.set_hash(hash_mb)?;
        engine.set_multipv(1);
        Ok(Analyst {
            engine,
            limits: limits.limits(),
        })
    }

    /// The engine, for the caller to keep.
    pub fn into_engine(self) -> Engine {
        self.engine
    }

    /// Searches `pos` from a cleared engine; a finished game is not
    /// searched.
    pub fn verdict(&mut self, pos: &Position) -> Verdict {
        self.verdict_under(pos, None, &Control::new())
    }

    /// Searches only the move `m` of `pos` (legal there), from a cleared
    /// engine, with the same limits: its score is comparable with the
    /// best move's from `verdict`, as both come from the side to move's
    /// search at the same depth.
    pub fn verdict_of(&mut self, pos: &Position, m: Move) -> Verdict {
        self.verdict_under(pos, Some(m), &Control::new())
    }

    /// [`Analyst::verdict`] (`only` = `None`) or [`Analyst::verdict_of`]
    /// under a caller's `control`, so that a review someone abandons (the
    /// browser board of `gorgon serve`) stops mid-search; a stopped
    /// verdict holds what the search had and is not comparable.
    pub fn verdict_under(&mut self, pos: &Position, only: Option<Move>, control: &Control) -> Verdict {
        if let Some(outcome) = pos.outcome() {
            return Verdict::finished(outcome);
        }
        self.engine.new_game();
        self.limits.searchmoves = only.into_iter().collect();
        let start = Instant::now();
        let mut last = None;
        let result = self.engine.search(pos, &self.limits, control, &mut |report| {
            if let Report::Info(info) = report {
                if info.multipv == 1 && info.bound.is_none() {
                    last = Some(info);
                }
            }
        });
        let time_ms = start.elapsed().as_millis() as u64;
        let (seldepth, pv) = match last {
            Some(info) if info.pv.first() == result.best.as_ref() => (info.seldepth, info.pv),
            _ => (result.depth, result.best.into_iter().collect()),
        };
        Verdict {
            best: result.best,
            score: result.score,
            wdl: result.wdl,
            depth: result.depth,
            seldepth,
            nodes: result.nodes,
            time_ms,
            pv,
            outcome: None,
        }
    }
}

/// `+0.35`, `-1.20`, `#3`, `#-2`: a score for people.
pub fn score_text(score: ScoreValue) -> String {
    match score {
        ScoreValue::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        ScoreValue::Mate(n) => format!("#{n}"),
    }
}

/// A score as [`score_text`] writes it (`+0.35`, `-1.20`, `#3`, `#-2`),
/// read back; `None` for anything else.
pub fn read_score_text(text: &str) -> Option<ScoreValue> {
    match text.strip_prefix('#') {
        Some(n) => n.parse().ok().map(ScoreValue::Mate),
        None => {
            let pawns: f64 = text.parse().ok()?;
            pawns.is_finite().then(|| ScoreValue::Cp((pawns * 100.0).round() as i32))
        }
    }
}

/// `{"cp": 35}` or `{"mate": -2}`.
pub fn score_json(score: ScoreValue) -> serde_json::Value {
    match score {
        ScoreValue::Cp(cp) => serde_json::json!({ "cp": cp }),
        ScoreValue::Mate(n) => serde_json::json!({ "mate": n }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    #[test]
    fn a_score_text_reads_back() {
        for score in [
            ScoreValue::Cp(0),
            ScoreValue::Cp(35),
            ScoreValue::Cp(-120),
            ScoreValue::Cp(-7),
            ScoreValue::Cp(31415),
            ScoreValue::Mate(3),
            ScoreValue::Mate(-2),
        ] {
            assert_eq!(read_score_text(&score_text(score)), Some(score), "{}", score_text(score));
        }
        for bad in ["", "#", "+x", "cp 35", "#1.5", "NaN", "inf"] {
            assert_eq!(read_score_text(bad), None, "{bad}");
        }
    }

    #[test]
    fn limits_are_required() {
        assert!(SearchLimits::default().check().is_err());
        let depth0 = SearchLimits {
            depth: Some(0),
            ..SearchLimits::default()
        };
        assert!(depth0.check().is_err());
        let nodes = SearchLimits {
            nodes: Some(5000),
            ..SearchLimits::default()
        };
        assert_eq!(nodes.check(), Ok(()));
        assert_eq!(nodes.describe(), "5000 nodes");
    }

    #[test]
    fn a_verdict_depends_only_on_the_position() {
        let limits = SearchLimits {
            depth: Some(5),
            ..SearchLimits::default()
        };
        let mut a = Analyst::new(&limits, 4);
        let mut pos = Position::startpos(Variant::MiniPom);
        let first = a.verdict(&pos);
        assert_eq!(first.depth, 5);
        assert_eq!(first.pv.first(), first.best.as_ref());
        assert!(first.best.is_some_and(|m| pos.is_legal(m)));
        // Another position in between must leave no trace in the next verdict.
        pos.make(first.best.unwrap());
        a.verdict(&pos);
        let again = a.verdict(&Position::startpos(Variant::MiniPom));
        assert_eq!(
            Verdict {
                time_ms: first.time_ms,
                ..again
            },
            first
        );
        // One move searched alone: that move, at the same depth.
        let legal = Position::startpos(Variant::MiniPom).legal_move_vec();
        let other = *legal.iter().find(|&&m| Some(m) != first.best).unwrap();
        let only = a.verdict_of(&Position::startpos(Variant::MiniPom), other);
        assert_eq!((only.best, only.depth), (Some(other), 5));
        assert!(only.expected() <= first.expected() + 0.05, "{only:?} vs {first:?}");
    }
}
