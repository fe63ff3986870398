//! What games add up to: the report of a match or of PGN files read back
//! (`--stats`), its summary lines, the tally that folds finished games in
//! and the rating table's inputs. Nothing here runs an engine: the
//! runner (`tournament`) and the reader of played games (`results`) both
//! fill a report through [`Tally`], so that the summary of games read back
//! is the summary the match printed.

use crate::ending::{faulty_side, GameResult, Termination};
use crate::ratings::{standings, PairingScore, RatingOptions, Standings};
use crate::record::{GameRecord, PonderStats};
use crate::stats::{Pentanomial, Sprt, SprtDecision, Wdl};
use rules::Color;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The faults an engine lost games by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    pub time_forfeits: u32,
    pub illegal_moves: u32,
    pub crashes: u32,
    pub hangs: u32,
}

impl Faults {
    pub fn total(&self) -> u32 {
        self.time_forfeits + self.illegal_moves + self.crashes + self.hangs
    }

    fn add(&mut self, t: Termination) {
        match t {
            Termination::TimeForfeit => self.time_forfeits += 1,
            Termination::IllegalMove => self.illegal_moves += 1,
            Termination::Crashed => self.crashes += 1,
            Termination::Hung => self.hangs += 1,
            _ => {}
        }
    }
}

/// The results of two engines against each other, from the first's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Encounter {
    pub first: usize,
    pub second: usize,
    pub wdl: Wdl,
    pub penta: Pentanomial,
}

/// What a match produced.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// What part of a match the figures cover, when not simply the whole
    /// match played here: the shard, or the PGN files `--stats` read. The
    /// summary's first line.
    pub scope: Option<String>,
    pub names: Vec<String>,
    /// Finished games in game order.
    pub games: Vec<GameRecord>,
    pub encounters: Vec<Encounter>,
    /// Per engine, over all its games.
    pub totals: Vec<Wdl>,
    pub faults: Vec<Faults>,
    /// Processes started per engine (restarts included); empty when no
    /// engine ran (`--stats`).
    pub engine_starts: Vec<u32>,
    /// How each engine's ponder searches ended.
    pub ponder: Vec<PonderStats>,
    /// How many games ended each way.
    pub terminations: Vec<(Termination, u32)>,
    /// The final LLR and the decision, if an SPRT ran.
    pub sprt: Option<(f64, Option<SprtDecision>)>,
    /// The anchor and simulations of the rating table of three or more engines.
    pub rating_options: RatingOptions,
    /// The opening suite the games started from (`Suite::describe`), if
    /// they did: results are comparable only on the same openings.
    pub suite: Option<String>,
}

impl MatchReport {
    /// A report of no games yet between these engines: these pairings, no
    /// faults, an LLR of 0 if an SPRT is to run.
    pub(crate) fn empty(names: Vec<String>, encounters: &[(usize, usize)], sprt: Option<&Sprt>) -> MatchReport {
        let n = names.len();
        MatchReport {
            scope: None,
            encounters: encounters
                .iter()
                .map(|&(first, second)| Encounter {
                    first,
                    second,
                    wdl: Wdl::default(),
                    penta: Pentanomial::default(),
                })
                .collect(),
            names,
            games: Vec::new(),
            totals: vec![Wdl::default(); n],
            faults: vec![Faults::default(); n],
            engine_starts: Vec::new(),
            ponder: vec![PonderStats::default(); n],
            terminations: Vec::new(),
            sprt: sprt.map(|_| (0.0, None)),
            rating_options: RatingOptions::default(),
            suite: None,
        }
    }

    /// The rating table and crosstable of the games so far (an error only
    /// for an anchor that names no engine).
    pub fn standings(&self) -> Result<Standings, String> {
        self.standings_with(&self.rating_options)
    }

    /// The rating table and crosstable with other rating options.
    pub(crate) fn standings_with(&self, options: &RatingOptions) -> Result<Standings, String> {
        let pairings: Vec<PairingScore> = self
            .encounters
            .iter()
            .map(|e| PairingScore {
                a: e.first,
                b: e.second,
                wdl: e.wdl,
            })
            .collect();
        standings(&self.names, &pairings, options)
    }

    /// The final summary (several lines).
    pub fn summary(&self, sprt: Option<&Sprt>) -> String {
        let mut s = String::new();
        if let Some(scope) = &self.scope {
            let _ = writeln!(s, "{scope}");
        }
        for e in &self.encounters {
            let _ = writeln!(s, "{}", encounter_line(&self.names, e, sprt, self.sprt.map(|x| x.0)));
        }
        // Three or more engines: Ordo's table and the crosstable.
        if self.names.len() > 2 {
            match self.standings() {
                Ok(table) => s.push_str(&table.table()),
                Err(e) => {
                    let _ = writeln!(s, "No rating table: {e}");
                }
            }
        }
        if let Some(suite) = &self.suite {
            let _ = writeln!(s, "Openings: suite {suite}");
        }
        let ends: Vec<String> = self.terminations.iter().map(|(t, n)| format!("{t}: {n}")).collect();
        let _ = writeln!(s, "Endings: {}", ends.join(", "));
        for (i, f) in self.faults.iter().enumerate() {
            let _ = write!(
                s,
                "{}: {} time forfeits, {} illegal moves, {} crashes, {} hangs",
                self.names[i], f.time_forfeits, f.illegal_moves, f.crashes, f.hangs
            );
            if let Some(starts) = self.engine_starts.get(i) {
                let _ = write!(s, "; {starts} process starts");
            }
            match self.ponder.get(i) {
                Some(p) if p.hits + p.misses > 0 => {
                    let _ = writeln!(s, "; ponder {} hits, {} misses", p.hits, p.misses);
                }
                _ => s.push('\n'),
            }
        }
        if let Some((llr, decision)) = self.sprt {
            let verdict = match decision {
                Some(SprtDecision::H1) => "H1 accepted",
                Some(SprtDecision::H0) => "H0 accepted",
                None => "no decision",
            };
            let _ = match &self.suite {
                Some(suite) => writeln!(s, "SPRT: LLR {llr:.2}, {verdict} (openings: suite {suite})"),
                None => writeln!(s, "SPRT: LLR {llr:.2}, {verdict}"),
            };
        }
        s
    }
}

/// `A vs B: 12 games +5 =4 -3 (58.3%), Elo ..., Ptnml [..], LLR ...`.
pub(crate) fn encounter_line(names: &[String], e: &Encounter, sprt: Option<&Sprt>, llr: Option<f64>) -> String {
    let w = &e.wdl;
    let mut s = format!(
        "{} vs {}: {} games +{} ={} -{} ({:.1}%)",
        names[e.first],
        names[e.second],
        w.games(),
        w.wins,
        w.draws,
        w.losses,
        w.score().unwrap_or(0.5) * 100.0
    );
    // The pair statistics once there are pairs, the game ones before.
    let estimate = if e.penta.pairs() > 0 { e.penta.elo() } else { w.elo() };
    if let Some(est) = estimate {
        let _ = write!(s, ", {est}");
    }
    let _ = write!(s, ", Ptnml {}", e.penta);
    if let Some(sprt) = sprt {
        let (lo, hi) = sprt.bounds();
        let llr = llr.unwrap_or_else(|| sprt.llr(&e.penta));
        let _ = write!(s, ", LLR {llr:.2} ({lo:.2}, {hi:.2})");
    }
    s
}

/// Folds finished games into the report.
#[derive(Default)]
pub(crate) struct Tally {
    /// The first engine's score in the first finished game of each
    /// (encounter, pair), until its partner finishes.
    first_of_pair: HashMap<(usize, usize), f64>,
    endings: HashMap<Termination, u32>,
    pub(crate) finished: usize,
}

impl Tally {
    /// Counts a finished game (an unfinished one is left out).
    pub(crate) fn count(&mut self, report: &mut MatchReport, game: &Scored) {
        let enc = &mut report.encounters[game.encounter];
        let first_color = if game.white == enc.first { Color::White } else { Color::Black };
        let Some(score) = game.result.score_for(first_color) else {
            return;
        };
        self.finished += 1;
        if let Some(t) = game.termination {
            *self.endings.entry(t).or_default() += 1;
        }
        enc.wdl.add(score);
        report.totals[enc.first].add(score);
        report.totals[enc.second].add(1.0 - score);
        if let (Some(t), Some(side)) = (game.termination, faulty_side(game.termination, game.result)) {
            let engine = if side == Color::White { game.white } else { game.black };
            report.faults[engine].add(t);
        }
        match self.first_of_pair.remove(&(game.encounter, game.pair)) {
            Some(other) => enc.penta.add_pair(other, score),
            None => {
                self.first_of_pair.insert((game.encounter, game.pair), score);
            }
        }
    }

    /// The endings in `Termination::ALL` order.
    pub(crate) fn endings(&self) -> Vec<(Termination, u32)> {
        Termination::ALL
            .iter()
            .filter_map(|t| self.endings.get(t).map(|&n| (*t, n)))
            .collect()
    }
}

/// A finished game as the statistics count it: which pair of which
/// encounter, who had White and Black (engine indices), how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// Index of the pairing in the report's `encounters` (0 for a match
    /// of two engines).
    pub encounter: usize,
    /// The opening pair: its two games (colours swapped) make one
    /// pentanomial sample.
    pub pair: usize,
    pub white: usize,
    pub black: usize,
    pub result: GameResult,
    /// How it ended, if known (games read back without a `Termination`
    /// tag count in no ending and no fault).
    pub termination: Option<Termination>,
}

/// The report of games played before, in their game order (`gorgon-match
/// --stats`): the tally a running match keeps, so that the summary of the
/// games read back is the summary the match printed. `names` are the
/// engines; the SPRT's LLR and decision are those after all the games.
pub fn report_of_games(names: Vec<String>, encounters: &[(usize, usize)], games: &[Scored], sprt: Option<&Sprt>) -> MatchReport {
    let mut report = MatchReport::empty(names, encounters, sprt);
    let mut tally = Tally::default();
    for g in games {
        tally.count(&mut report, g);
        if let Some(s) = sprt {
            let llr = s.llr(&report.encounters[g.encounter].penta);
            report.sprt = Some((llr, s.decide(llr)));
        }
    }
    report.terminations = tally.endings();
    report
}
