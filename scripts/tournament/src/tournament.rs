//! A match or tournament (round robin, gauntlet; the schedule is
//! `schedule`'s): worker threads that keep their engine processes between
//! games (restarting one only after it failed, or for every game if it
//! asked so), PGN output as games finish (put in game order at the end),
//! Ctrl-C and SIGTERM, the live line, the rating table
//! every `--ratinginterval` games and the SPRT stop.

use crate::cecp::dialect::check_limits;
use crate::config::{EngineConfig, Protocol};
use crate::driver::Timing;
use crate::ending::GameResult;
use crate::engine::Engine;
use crate::error::EngineError;
use crate::game::{play_game, Adjudication, GameSetup};
use crate::live::{EventLog, Feed};
use crate::openings::{random_openings, Opening, Suite};
use crate::pgn::write_game;
use crate::ratings::RatingOptions;
use crate::record::{GameRecord, PonderStats};
use crate::report::{encounter_line, Tally};
pub use crate::report::{Encounter, Faults, MatchReport, Scored};
use crate::schedule::{schedule, TournamentKind};
use crate::stats::Sprt;
use protocol::Shard;
use rules::SplitMix64;
use rules::{Color, Variant};
use std::collections::{BTreeSet, VecDeque};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
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

/// How often the collector of results looks at the interrupt flag.
const INTERRUPT_POLL: Duration = Duration::from_millis(50);

/// The exit status after Ctrl-C or SIGTERM: 128 + SIGINT's number, as a
/// shell reports a program that Ctrl-C stopped.
pub const INTERRUPTED_STATUS: i32 = 130;

/// Plays the match, writing the live lines to `live`.
pub fn run_match(config: &MatchConfig, live: &mut dyn Write) -> Result<MatchReport, String> {
    run_match_until(config, live, None)
}

/// Plays the match as [`run_match`], until `interrupt` is set (by the
/// binary's Ctrl-C and SIGTERM handler): then it writes what finished
/// (every finished game is in the PGN already), says which games did not
/// finish, and ends the process with [`INTERRUPTED_STATUS`].
pub fn run_match_until(config: &MatchConfig, live: &mut dyn Write, interrupt: Option<&AtomicBool>) -> Result<MatchReport, String> {
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
    let game_span = jobs.front().zip(jobs.back()).map(|(a, b)| (a.index, b.index));
    let pgn = match &config.pgn_out {
        Some(path) => Some((
            path.clone(),
            OpenOptions::new()
                .create(true)
                .write(true)
                .append(config.pgn_append)
                .truncate(!config.pgn_append)
                .open(path)
                .map_err(|e| format!("cannot write '{}': {e}", path.display()))?,
        )),
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
    // The games being played now (0-based numbers), for the note on an interrupt.
    let in_play = Mutex::new(BTreeSet::new());
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
            let (queue, abort, starts, log, in_play) = (&queue, &abort, &starts, log.as_ref(), &in_play);
            scope.spawn(move || worker(config, w, engines, queue, abort, starts, log, in_play, tx));
        }
        drop(tx);
        let mut tally = Tally::default();
        let mut out = PgnOut::new(pgn);
        loop {
            let (job, record, ponder) = match rx.recv_timeout(INTERRUPT_POLL) {
                Ok(finished) => finished,
                Err(RecvTimeoutError::Timeout) => {
                    if interrupt.is_some_and(|i| i.load(Ordering::Relaxed)) {
                        // Games that finished meanwhile are written first.
                        let last: Vec<_> = rx.try_iter().collect();
                        for (job, record, _) in last {
                            if record.result != GameResult::Unfinished {
                                tally.count(&mut report, &Scored::of(&job, &record));
                                out.add(config, job.index, record, &mut report.games);
                            }
                        }
                        let in_play = in_play.lock().unwrap_or_else(|p| p.into_inner()).clone();
                        let waiting = queue.lock().unwrap_or_else(|p| p.into_inner()).len();
                        let note = interrupted_note(config, tally.finished, total_games, &in_play, waiting);
                        let _ = writeln!(live, "{note}");
                        report.terminations = tally.endings();
                        let _ = write!(live, "{}", report.summary(config.sprt.as_ref()));
                        if let Some(log) = &log {
                            log.match_end(&format!("{note}\n{}", report.summary(config.sprt.as_ref())));
                        }
                        // Every finished game is on disk (each was written
                        // whole and flushed as it came); what is left are
                        // games in the middle of a move, which may take
                        // minutes at a long control. The engines read the
                        // end of their input when this process is gone and
                        // quit (Ctrl-C reaches them anyway).
                        std::process::exit(INTERRUPTED_STATUS);
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            };
            report.ponder[job.white].add(ponder[0]);
            report.ponder[job.black].add(ponder[1]);
            if let Some(log) = &log {
                log.game_end(job.index + 1, &record);
            }
            if record.result == GameResult::Unfinished {
                continue;
            }
            tally.count(&mut report, &Scored::of(&job, &record));
            let told = format!(
                "Game {} of {} ({} vs {}): {} {{{}}}",
                job.index + 1,
                total_games,
                record.white,
                record.black,
                record.result.pgn(),
                record.reason
            );
            // Written before it is reported: a game the live output has
            // called finished is in the PGN whatever happens next.
            out.add(config, job.index, record, &mut report.games);
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
                let _ = writeln!(live, "{told}");
                let enc = &report.encounters[job.encounter];
                let line = encounter_line(&names, enc, config.sprt.as_ref(), report.sprt.map(|x| x.0));
                let _ = writeln!(live, "  [{}] {line}", tally.finished);
                if config.rating_interval > 0 && tally.finished % config.rating_interval as usize == 0 && n > 2 {
                    if let Ok(table) = report.standings() {
                        let _ = write!(live, "{}", table.table());
                    }
                }
            }
        }
        report.terminations = tally.endings();
        out.finish(config, &mut report.games)
    });
    report.engine_starts = starts.iter().map(|s| s.load(Ordering::Relaxed)).collect();
    if let Some(log) = &log {
        log_final_standings(log, &report, total_games);
        log.match_end(&report.summary(config.sprt.as_ref()));
    }
    if let Some(e) = write_error {
        return Err(e);
    }
    Ok(report)
}

/// The `standings` event after a game: the runner's table, fitted without
/// the simulated errors. This runs after every game on the thread that
/// collects the results, and a thousand refits each time would take CPU
/// from the games on a small machine; the table at the end of the match
/// ([`log_final_standings`]) has them, as the printed one does.
fn log_standings(log: &EventLog, report: &MatchReport, finished: usize, total_games: usize) {
    let quick = RatingOptions {
        simulations: 0,
        ..report.rating_options.clone()
    };
    log.standings(finished, total_games, report.standings_with(&quick).ok());
}

/// The last `standings` event: the table the runner prints, errors and
/// confidences included.
fn log_final_standings(log: &EventLog, report: &MatchReport, total_games: usize) {
    let finished = report.totals.iter().map(|w| w.wins + w.draws + w.losses).sum::<u64>() / 2;
    log.standings(finished as usize, total_games, report.standings().ok());
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

/// What an interrupt leaves: `Interrupted: 3 of 150 games finished and
/// written to out.pgn; not finished: games 4, 5 (in play, left out), 143
/// not started`.
fn interrupted_note(config: &MatchConfig, finished: usize, total: usize, in_play: &BTreeSet<usize>, not_started: usize) -> String {
    let mut s = format!("Interrupted: {finished} of {total} games finished");
    if let Some(path) = &config.pgn_out {
        s.push_str(&format!(" and written to {}", path.display()));
    }
    let playing: Vec<String> = in_play.iter().map(|i| (i + 1).to_string()).collect();
    let mut left = Vec::new();
    match playing.len() {
        0 => {}
        1 => left.push(format!("game {} (in play, left out)", playing[0])),
        _ => left.push(format!("games {} (in play, left out)", playing.join(", "))),
    }
    if not_started > 0 {
        left.push(format!("{not_started} not started"));
    }
    if !left.is_empty() {
        s.push_str(&format!("; not finished: {}", left.join(", ")));
    }
    s
}

/// The PGN file of a match: every game is written the moment it finishes,
/// whole in one write and flushed, so that a runner interrupted or killed
/// while earlier games are still in play has lost none it reported
/// (cutechess-cli writes in that order too). Games finish out of order
/// when several play at once; once the match is over, the file is put back
/// in game order (written beside it and renamed over it, so a kill during
/// that step leaves the finish-ordered file), so that a shard's PGN is its
/// block of the whole match's (docs/SHARDING.md).
struct PgnOut {
    file: Option<(PathBuf, File)>,
    /// Bytes of the file before this run's first game (`--pgnout ... append`).
    start: u64,
    /// This run's games, in the order written.
    written: Vec<usize>,
    error: Option<String>,
}

impl PgnOut {
    fn new(file: Option<(PathBuf, File)>) -> PgnOut {
        let start = file.as_ref().and_then(|(_, f)| f.metadata().ok()).map_or(0, |m| m.len());
        PgnOut {
            file,
            start,
            written: Vec::new(),
            error: None,
        }
    }

    /// Writes game `index` now, and keeps its record in `games`.
    fn add(&mut self, config: &MatchConfig, index: usize, record: GameRecord, games: &mut Vec<GameRecord>) {
        if let (Some((_, f)), None) = (self.file.as_mut(), &self.error) {
            let written = f
                .write_all(write_game(&record, &config.event, &config.site).as_bytes())
                .and_then(|_| f.flush());
            self.error = written.err().map(|e| format!("writing the PGN failed: {e}"));
        }
        self.written.push(index);
        games.push(record);
    }

    /// The match is over: `games` (this run's, in the order written) sorted
    /// into game order, and the file too if it is not in that order
    /// already. The first write error, if any.
    fn finish(mut self, config: &MatchConfig, games: &mut Vec<GameRecord>) -> Option<String> {
        let mut order: Vec<usize> = (0..games.len()).collect();
        order.sort_by_key(|&k| self.written[k]);
        let sorted = order.windows(2).all(|w| w[0] < w[1]);
        let mut taken: Vec<Option<GameRecord>> = std::mem::take(games).into_iter().map(Some).collect();
        games.extend(order.iter().map(|&k| taken[k].take().expect("each game once")));
        if let (Some((path, _)), None, false) = (&self.file, &self.error, sorted) {
            self.error = rewrite_in_order(path, self.start, games, config).err().map(|e| {
                format!(
                    "putting '{}' in game order failed: {e} (its games are all there, in the order they finished)",
                    path.display()
                )
            });
        }
        self.error
    }
}

/// `path` with its bytes after `start` replaced by `games`, written to a
/// file beside it and renamed over it.
fn rewrite_in_order(path: &std::path::Path, start: u64, games: &[GameRecord], config: &MatchConfig) -> std::io::Result<()> {
    use std::io::Read;
    let mut before = Vec::new();
    File::open(path)?.take(start).read_to_end(&mut before)?;
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".in-order");
    let beside = path.with_file_name(name);
    let mut out = File::create(&beside)?;
    out.write_all(&before)?;
    for g in games {
        out.write_all(write_game(g, &config.event, &config.site).as_bytes())?;
    }
    out.sync_all()?;
    std::fs::rename(&beside, path)
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
    in_play: &Mutex<BTreeSet<usize>>,
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
        in_play.lock().unwrap_or_else(|p| p.into_inner()).insert(job.index);
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
        let index = job.index;
        // Sent before it leaves the set: the collector, which drains the
        // channel before it reads the set, never misses a game.
        let sent = results.send((job, record, ponder)).is_ok();
        in_play.lock().unwrap_or_else(|p| p.into_inner()).remove(&index);
        if !sent {
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
