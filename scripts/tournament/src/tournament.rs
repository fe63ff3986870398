//! A match or tournament (round robin, gauntlet; the schedule is
//! `schedule`'s): worker threads that keep their engine processes between
//! games (restarting one only after it failed, or for every game if it
//! asked so), PGN output in game order, the live line, the rating table
//! every `--ratinginterval` games and the SPRT stop.

use crate::cecp::dialect::check_limits;
use crate::config::{EngineConfig, Protocol};
use crate::driver::{PonderStats, Timing};
use crate::ending::{faulty_side, GameResult, Termination};
use crate::engine::Engine;
use crate::error::EngineError;
use crate::game::{play_game, Adjudication, GameSetup};
use crate::live::{engine_standing, pairing_standing, EventLog, Feed};
use crate::openings::{random_openings, Opening, Suite};
use crate::pgn::write_game;
use crate::ratings::{standings, PairingScore, RatingOptions, Standings};
use crate::record::GameRecord;
use crate::schedule::{schedule, TournamentKind};
use crate::stats::{Pentanomial, Sprt, SprtDecision, Wdl};
use protocol::Shard;
use rules::SplitMix64;
use rules::{Color, Variant};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

/// Where openings come from.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningSource {
    /// The variant's start position for every game.
    Start,
    /// A file (see `openings`), taken in order from line `start` (0-based
    /// among the openings), or shuffled with the seed.
    File { path: PathBuf, shuffle: bool, start: usize },
    /// Random balanced openings of this many plies, from the seed.
    Random { plies: usize },
    /// The variant's committed opening suite (`openings::Suite`), the
    /// newest or the one named, in order from `start` or shuffled.
    Suite { name: Option<String>, shuffle: bool, start: usize },
}

impl OpeningSource {
    /// The suite it names for `variant`, if it is one.
    pub fn suite(&self, variant: Variant) -> Option<Result<Suite, String>> {
        match self {
            OpeningSource::Suite { name, .. } => Some(Suite::find(variant, name.as_deref())),
            _ => None,
        }
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: Variant,
    /// Two engines for a match, more for a tournament.
    pub engines: Vec<EngineConfig>,
    /// Round robin or gauntlet (`schedule`).
    pub kind: TournamentKind,
    /// Games per pairing of two engines and round (pairs of games share an
    /// opening).
    pub games: u32,
    /// Times every encounter is played (with two engines: multiplies `games`).
    pub rounds: u32,
    /// Print the rating table every this many finished games (0: only at
    /// the end), cutechess-cli's `-ratinginterval`.
    pub rating_interval: u32,
    /// The anchor and simulations of the rating table.
    pub ratings: RatingOptions,
    pub concurrency: usize,
    pub openings: OpeningSource,
    pub seed: u64,
    pub pgn_out: Option<PathBuf>,
    pub pgn_append: bool,
    /// The event log a live view tails (`--events FILE [append]`).
    pub events_out: Option<PathBuf>,
    pub events_append: bool,
    pub event: String,
    pub site: String,
    /// Stops the match when a bound is crossed (two engines only).
    pub sprt: Option<Sprt>,
    pub adjudication: Adjudication,
    pub timing: Timing,
    /// Logs all engine traffic to stderr.
    pub debug: bool,
    /// Only the final summary, no line per game.
    pub quiet: bool,
    /// The block of opening pairs this process plays (docs/SHARDING.md).
    pub shard: Shard,
}

impl MatchConfig {
    /// A match of these engines with defaults for the rest.
    pub fn new(variant: Variant, engines: Vec<EngineConfig>) -> MatchConfig {
        MatchConfig {
            variant,
            engines,
            kind: TournamentKind::RoundRobin,
            games: 2,
            rounds: 1,
            rating_interval: 0,
            ratings: RatingOptions::default(),
            concurrency: 1,
            openings: OpeningSource::Start,
            seed: 1,
            pgn_out: None,
            pgn_append: false,
            events_out: None,
            events_append: false,
            event: "Gorgon match".into(),
            site: "local".into(),
            sprt: None,
            adjudication: Adjudication::default(),
            timing: Timing::default(),
            debug: false,
            quiet: false,
            shard: Shard::WHOLE,
        }
    }
}

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
    fn empty(names: Vec<String>, encounters: &[(usize, usize)], sprt: Option<&Sprt>) -> MatchReport {
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
    fn standings_with(&self, options: &RatingOptions) -> Result<Standings, String> {
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
fn encounter_line(names: &[String], e: &Encounter, sprt: Option<&Sprt>, llr: Option<f64>) -> String {
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

/// One game to play.
#[derive(Clone, Debug)]
struct Job {
    /// 0-based game number in the match.
    index: usize,
    encounter: usize,
    pair: usize,
    white: usize,
    black: usize,
    opening: Opening,
}

/// The openings for `pairs` pairs.
fn load_openings(config: &MatchConfig, pairs: usize) -> Result<Vec<Opening>, String> {
    Ok(match &config.openings {
        OpeningSource::Start => vec![Opening::start(config.variant); pairs],
        OpeningSource::Random { plies } => random_openings(config.variant, *plies, pairs, config.seed),
        OpeningSource::File { path, shuffle, start } => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read openings '{}': {e}", path.display()))?;
            let list = Opening::parse_file(config.variant, &text).map_err(|e| format!("{}: {e}", path.display()))?;
            take(list, *shuffle, *start, pairs, config.seed)
        }
        OpeningSource::Suite { name, shuffle, start } => {
            let list = Suite::find(config.variant, name.as_deref())?.openings()?;
            take(list, *shuffle, *start, pairs, config.seed)
        }
    })
}

/// `pairs` openings of `list`, from `start` on (wrapping round), shuffled
/// first with the seed if asked.
fn take(mut list: Vec<Opening>, shuffle: bool, start: usize, pairs: usize, seed: u64) -> Vec<Opening> {
    if shuffle {
        SplitMix64::new(seed).shuffle(&mut list);
    }
    (0..pairs).map(|p| list[(start + p) % list.len()].clone()).collect()
}

/// Plays the match, writing the live lines to `live`.
pub fn run_match(config: &MatchConfig, live: &mut dyn Write) -> Result<MatchReport, String> {
    let n = config.engines.len();
    if n < 2 {
        return Err("a match needs at least two engines".into());
    }
    if config.sprt.is_some() && n != 2 {
        return Err("the SPRT needs exactly two engines".into());
    }
    let plan = schedule(n, config.kind, config.games, config.rounds, config.seed)?;
    if let Some(anchor) = &config.ratings.anchor {
        if !config.engines.iter().any(|e| &e.name == anchor) {
            let names: Vec<&str> = config.engines.iter().map(|e| e.name.as_str()).collect();
            return Err(format!("--anchor {anchor}: no such engine ({})", names.join(", ")));
        }
    }
    for e in &config.engines {
        if e.limits.is_unlimited() {
            return Err(format!("engine '{}' has no time control (tc=, st=, nodes= or depth=)", e.name));
        }
        if e.protocol == Protocol::Xboard {
            check_limits(&e.limits).map_err(|err| format!("engine '{}': {err}", e.name))?;
        }
    }
    if config.sprt.is_some() && config.shard != Shard::WHOLE {
        return Err(format!(
            "--sprt stops a match early, which shards cannot do together: play shard {} without it \
             and run 'gorgon-match --stats --sprt ...' on the shards' PGN files",
            config.shard
        ));
    }
    let pairs = plan.pairs;
    // Every opening of the whole match is drawn (random ones come from one
    // seeded stream), so that a shard's pairs get the openings, colours and
    // game numbers they have in the unsharded match.
    let openings = load_openings(config, pairs)?;
    let all_jobs: Vec<Job> = plan
        .slots
        .iter()
        .map(|s| Job {
            index: s.index,
            encounter: s.encounter,
            pair: s.pair,
            white: s.white,
            black: s.black,
            opening: openings[s.pair].clone(),
        })
        .collect();
    let total_games = all_jobs.len();
    let own = config.shard.range(pairs);
    let jobs: VecDeque<Job> = all_jobs.into_iter().filter(|j| own.contains(&j.pair)).collect();
    let first_game = jobs.front().map_or(0, |j| j.index);
    let game_span = jobs.front().zip(jobs.back()).map(|(a, b)| (a.index, b.index));
    let pgn = match &config.pgn_out {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .write(true)
                .append(config.pgn_append)
                .truncate(!config.pgn_append)
                .open(path)
                .map_err(|e| format!("cannot write '{}': {e}", path.display()))?,
        ),
        None => None,
    };

    // Start every engine once before the first game, so that a wrong
    // command fails the match at once; worker 0 keeps these processes.
    let starts: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
    let mut first_engines = Vec::new();
    for (i, e) in config.engines.iter().enumerate() {
        let engine = start_engine(config, i, 0, &starts).map_err(|err| format!("engine '{}': {err}", e.name))?;
        first_engines.push(engine);
    }
    // Engines named after their command take the name they give themselves
    // (CECP `myname`), kept unique.
    let mut renamed = None;
    if first_engines.iter().any(|e| e.config().auto_name && e.reported_name().is_some()) {
        let mut c = config.clone();
        for (e, engine) in c.engines.iter_mut().zip(&first_engines) {
            if let (true, Some(name)) = (e.auto_name, engine.reported_name()) {
                e.name = name.to_string();
            }
        }
        unique_names(&mut c.engines);
        for (e, engine) in c.engines.iter().zip(first_engines.iter_mut()) {
            engine.rename(&e.name);
        }
        renamed = Some(c);
    }
    let config = renamed.as_ref().unwrap_or(config);
    let log = match &config.events_out {
        Some(path) => Some(Arc::new(EventLog::open(path, config.events_append, &config.event, &config.site)?)),
        None => None,
    };
    if let Some(log) = &log {
        let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
        let tcs: Vec<String> = config.engines.iter().map(|e| e.limits.pgn_text()).collect();
        log.match_start(config.variant.name(), &names, &tcs, total_games, config.concurrency);
    }
    let first_engines: Vec<Option<Engine>> = first_engines.into_iter().map(Some).collect();

    let queue = Mutex::new(jobs);
    let abort = AtomicBool::new(false);
    let (tx, rx) = channel::<(Job, GameRecord, [PonderStats; 2])>();
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let mut report = MatchReport::empty(names.clone(), &plan.encounters, config.sprt.as_ref());
    report.rating_options = config.ratings.clone();
    report.suite = config.openings.suite(config.variant).transpose()?.map(|s| s.describe());
    if config.shard != Shard::WHOLE {
        report.scope = Some(shard_scope(config.shard, &own, pairs, game_span, total_games));
    }
    let workers = config.concurrency.clamp(1, game_span.map_or(1, |(a, b)| b - a + 1));
    let write_error = std::thread::scope(|scope| {
        let mut first_engines = Some(first_engines);
        for w in 0..workers {
            let tx = tx.clone();
            let engines = if w == 0 {
                first_engines.take().expect("once")
            } else {
                (0..n).map(|_| None).collect()
            };
            let (queue, abort, starts, log) = (&queue, &abort, &starts, log.as_ref());
            scope.spawn(move || worker(config, w, engines, queue, abort, starts, log, tx));
        }
        drop(tx);
        let mut tally = Tally::default();
        let mut out = OrderedPgn::new(pgn, first_game);
        for (job, record, ponder) in rx {
            report.ponder[job.white].add(ponder[0]);
            report.ponder[job.black].add(ponder[1]);
            if let Some(log) = &log {
                log.game_end(job.index + 1, &record);
            }
            if record.result == GameResult::Unfinished {
                continue;
            }
            tally.count(&mut report, &Scored::of(&job, &record));
            if let Some(log) = &log {
                log_standings(log, &report, tally.finished, total_games);
            }
            if let Some(sprt) = &config.sprt {
                let llr = sprt.llr(&report.encounters[job.encounter].penta);
                let decision = sprt.decide(llr);
                report.sprt = Some((llr, decision));
                if decision.is_some() {
                    abort.store(true, Ordering::Relaxed);
                }
            }
            if !config.quiet {
                let _ = writeln!(
                    live,
                    "Game {} of {} ({} vs {}): {} {{{}}}",
                    job.index + 1,
                    total_games,
                    record.white,
                    record.black,
                    record.result.pgn(),
                    record.reason
                );
                let enc = &report.encounters[job.encounter];
                let line = encounter_line(&names, enc, config.sprt.as_ref(), report.sprt.map(|x| x.0));
                let _ = writeln!(live, "  [{}] {line}", tally.finished);
                if config.rating_interval > 0 && tally.finished % config.rating_interval as usize == 0 && n > 2 {
                    if let Ok(table) = report.standings() {
                        let _ = write!(live, "{}", table.table());
                    }
                }
            }
            out.add(config, job.index, record, &mut report.games);
        }
        report.terminations = tally.endings();
        out.finish(config, &mut report.games)
    });
    report.engine_starts = starts.iter().map(|s| s.load(Ordering::Relaxed)).collect();
    if let Some(log) = &log {
        log.match_end(&report.summary(config.sprt.as_ref()));
    }
    if let Some(e) = write_error {
        return Err(e);
    }
    Ok(report)
}

/// The `standings` event: every engine's and every pairing's results so far.
fn log_standings(log: &EventLog, report: &MatchReport, finished: usize, total_games: usize) {
    let engines = report
        .names
        .iter()
        .zip(&report.totals)
        .map(|(name, w)| engine_standing(name, w.wins, w.draws, w.losses))
        .collect();
    let pairings = report
        .encounters
        .iter()
        .map(|e| pairing_standing(e.first, e.second, e.wdl.wins, e.wdl.draws, e.wdl.losses))
        .collect();
    // The ratings of three or more engines, fitted without the simulated
    // errors: this runs after every game on the thread that collects the
    // results, and a thousand refits each time would take CPU from the
    // games on a small machine. The printed table has the errors.
    let ratings = if report.names.len() > 2 {
        let quick = RatingOptions {
            simulations: 0,
            ..report.rating_options.clone()
        };
        report
            .standings_with(&quick)
            .ok()
            .and_then(|s| serde_json::to_value(&s.players).ok())
    } else {
        None
    };
    log.standings(finished, total_games, engines, pairings, ratings);
}

/// Folds finished games into the report.
#[derive(Default)]
struct Tally {
    /// The first engine's score in the first finished game of each
    /// (encounter, pair), until its partner finishes.
    first_of_pair: HashMap<(usize, usize), f64>,
    endings: HashMap<Termination, u32>,
    finished: usize,
}

impl Tally {
    /// Counts a finished game (an unfinished one is left out).
    fn count(&mut self, report: &mut MatchReport, game: &Scored) {
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
    fn endings(&self) -> Vec<(Termination, u32)> {
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

impl Scored {
    fn of(job: &Job, record: &GameRecord) -> Scored {
        Scored {
            encounter: job.encounter,
            pair: job.pair,
            white: job.white,
            black: job.black,
            result: record.result,
            termination: Some(record.termination),
        }
    }
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

/// `Shard 2/3: pairs 3-4 of 4, games 5-7 of 7` (1-based, inclusive).
fn shard_scope(shard: Shard, own: &std::ops::Range<usize>, pairs: usize, games: Option<(usize, usize)>, total_games: usize) -> String {
    let span = |what: &str, a: usize, b: usize, of: usize| {
        if a == b {
            format!("{what} {a} of {of}")
        } else {
            format!("{what}s {a}-{b} of {of}")
        }
    };
    match games {
        Some((a, b)) => format!(
            "Shard {shard}: {}, {}",
            span("pair", own.start + 1, own.end, pairs),
            span("game", a + 1, b + 1, total_games)
        ),
        None => format!("Shard {shard}: no games (the match has {pairs} pairs, {total_games} games)"),
    }
}

/// Writes games to the PGN file in game order as they finish.
struct OrderedPgn {
    file: Option<File>,
    /// Finished games waiting for an earlier one.
    pending: BTreeMap<usize, GameRecord>,
    next: usize,
    error: Option<String>,
}

impl OrderedPgn {
    /// `first` is the number of the first game to write (a shard's first).
    fn new(file: Option<File>, first: usize) -> OrderedPgn {
        OrderedPgn {
            file,
            pending: BTreeMap::new(),
            next: first,
            error: None,
        }
    }

    /// Queues game `index`, writing every game now in order to `games` and the file.
    fn add(&mut self, config: &MatchConfig, index: usize, record: GameRecord, games: &mut Vec<GameRecord>) {
        self.pending.insert(index, record);
        while let Some(rec) = self.pending.remove(&self.next) {
            self.write(config, rec, games);
            self.next += 1;
        }
    }

    /// Writes what is left (games after an abandoned one); the first write error.
    fn finish(mut self, config: &MatchConfig, games: &mut Vec<GameRecord>) -> Option<String> {
        for (_, rec) in std::mem::take(&mut self.pending) {
            self.write(config, rec, games);
        }
        self.error
    }

    fn write(&mut self, config: &MatchConfig, rec: GameRecord, games: &mut Vec<GameRecord>) {
        if let (Some(f), None) = (self.file.as_mut(), &self.error) {
            let written = f
                .write_all(write_game(&rec, &config.event, &config.site).as_bytes())
                .and_then(|_| f.flush());
            self.error = written.err().map(|e| format!("writing the PGN failed: {e}"));
        }
        games.push(rec);
    }
}

fn start_engine(config: &MatchConfig, i: usize, worker: usize, starts: &[AtomicU32]) -> Result<Engine, EngineError> {
    starts[i].fetch_add(1, Ordering::Relaxed);
    let e = &config.engines[i];
    let log = config.debug.then(|| format!("[{} w{worker}]", e.name));
    Engine::start(e, config.variant, config.timing.sync, log)
}

/// Makes the names unique in order: a repeated name gets `-2`, `-3`...
pub(crate) fn unique_names(engines: &mut [EngineConfig]) {
    for i in 1..engines.len() {
        let base = engines[i].name.clone();
        let mut k = 2;
        while engines[..i].iter().any(|o| o.name == engines[i].name) {
            engines[i].name = format!("{base}-{k}");
            k += 1;
        }
    }
}

/// A worker: takes jobs until the queue is empty or the match is stopped.
#[allow(clippy::too_many_arguments)]
fn worker(
    config: &MatchConfig,
    id: usize,
    mut engines: Vec<Option<Engine>>,
    queue: &Mutex<VecDeque<Job>>,
    abort: &AtomicBool,
    starts: &[AtomicU32],
    log: Option<&Arc<EventLog>>,
    results: std::sync::mpsc::Sender<(Job, GameRecord, [PonderStats; 2])>,
) {
    loop {
        if abort.load(Ordering::Relaxed) {
            break;
        }
        let Some(job) = queue.lock().expect("queue").pop_front() else {
            break;
        };
        let setup = GameSetup {
            variant: config.variant,
            round: job.index as u32 + 1,
            opening: job.opening.clone(),
            adjudication: config.adjudication,
            timing: config.timing,
            feed: Feed::new(log.cloned(), job.index + 1),
        };
        let seats = [job.white, job.black];
        let mut start_failure = None;
        for (k, &i) in seats.iter().enumerate() {
            if engines[i].is_none() {
                match start_engine(config, i, id, starts) {
                    Ok(e) => engines[i] = Some(e),
                    Err(err) => {
                        start_failure = Some((k, err));
                        break;
                    }
                }
            }
        }
        let (record, ponder) = match start_failure {
            Some((k, err)) => (failed_start(config, &job, &setup, k, err), [PonderStats::default(); 2]),
            None => {
                let mut white = engines[job.white].take().expect("started");
                let mut black = engines[job.black].take().expect("started");
                let outcome = play_game([&mut white, &mut black], &setup, abort);
                // An engine that failed is dropped (killed) and restarted
                // for its next game, as is one that asked for a new process
                // per game (CECP `reuse=0`); the others keep running.
                for (engine, seat, failed) in [(white, job.white, outcome.failed[0]), (black, job.black, outcome.failed[1])] {
                    if failed {
                        drop(engine);
                    } else if engine.reusable() {
                        engines[seat] = Some(engine);
                    } else {
                        engine.quit(Duration::from_millis(500));
                    }
                }
                (outcome.record, outcome.ponder)
            }
        };
        if results.send((job, record, ponder)).is_err() {
            break;
        }
    }
    for e in engines.into_iter().flatten() {
        e.quit(Duration::from_millis(500));
    }
}

/// The record of a game lost because an engine could not be started.
fn failed_start(config: &MatchConfig, job: &Job, setup: &GameSetup, seat: usize, err: EngineError) -> GameRecord {
    let color = Color::ALL[seat];
    let engine = &config.engines[if seat == 0 { job.white } else { job.black }];
    let (termination, _) = err.termination();
    let side = if seat == 0 { "White" } else { "Black" };
    GameRecord {
        variant: config.variant,
        round: setup.round,
        white: config.engines[job.white].name.clone(),
        black: config.engines[job.black].name.clone(),
        start_fen: job.opening.fen.clone(),
        moves: Vec::new(),
        result: GameResult::loss_for(color),
        termination,
        reason: format!("{side} ({}) failed to start: {err}", engine.name),
        time_control: [
            config.engines[job.white].limits.pgn_text(),
            config.engines[job.black].limits.pgn_text(),
        ],
        started: SystemTime::now(),
    }
}
