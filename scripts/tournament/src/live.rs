//! The event log of a running match (`--events FILE`, docs/MATCH.md "The
//! event log"): what the runner sees, appended as JSON lines for a viewer
//! (`gorgon serve --tournament FILE`, docs/WEB.md) to tail.
//!
//! The runner never waits on a viewer: it only appends to a file, one
//! `write` of a whole line per event (no buffer left half-written between
//! events), and a viewer only reads the file. Engines' search reports are
//! throttled per side ([`INFO_INTERVAL`]) so that the log stays small; the
//! moves carry their final score and depth anyway. A log that cannot be
//! written is reported once on stderr and then left alone: the games go on.

use crate::pgn::write_game;
use crate::record::{GameRecord, PlayedMove};
use crate::tc::Clock;
use events::{Event, GameEnd, GameStart, Info, Line, MatchStart, Move, Side, Standings};
use protocol::{Score, ScoreValue};
use rules::Color;
use std::cell::Cell;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The shortest time between two `info` events of one side in one game: a
/// few per second is what a viewer can read.
pub const INFO_INTERVAL: Duration = Duration::from_millis(250);

/// What an engine reported while it thought (UCI `info` with a score, CECP
/// thinking output): the score and depth the adjudication reads, and the
/// rest a live view shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The engine's own view.
    pub score: Score,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    /// Search time, milliseconds.
    pub time_ms: Option<u64>,
    /// The principal variation as the engine wrote it.
    pub pv: Vec<String>,
}

impl Thought {
    /// A report of a score and depth only.
    pub fn score(score: Score, depth: Option<u32>) -> Thought {
        Thought {
            score,
            depth,
            nodes: None,
            nps: None,
            time_ms: None,
            pv: Vec::new(),
        }
    }

    /// The nodes per second reported, else worked out from nodes and time.
    fn speed(&self) -> Option<u64> {
        self.nps.or_else(|| match (self.nodes, self.time_ms) {
            (Some(n), Some(t)) if t > 0 => Some(n.saturating_mul(1000) / t),
            _ => None,
        })
    }
}

/// A score as the log has it, from the view it was given in.
fn log_score(s: Score) -> events::Score {
    match s.value {
        ScoreValue::Cp(cp) => events::Score::Cp(cp),
        ScoreValue::Mate(m) => events::Score::Mate(m),
    }
}

/// A score of `side`'s own view turned to White's.
fn white_score(side: Color, s: Score) -> events::Score {
    match side {
        Color::White => log_score(s),
        Color::Black => log_score(s).flipped(),
    }
}

fn side_of(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

fn clocks_of(clocks: &[Option<Clock>; 2]) -> events::event::Clocks {
    clocks.map(|c| c.map(|c| c.remaining.as_millis() as u64))
}

/// The log file, shared by the workers.
#[derive(Debug)]
pub struct EventLog {
    file: Mutex<File>,
    /// Set after the first failed write: reported once, then nothing more is written.
    broken: AtomicBool,
    /// This run's identity (start time and process): a viewer that sees
    /// another `match` event knows the log was started again.
    run: String,
    /// The PGN tags of the games the `game_end` events carry.
    event: String,
    site: String,
}

impl EventLog {
    /// Opens (creates) the log; truncates it unless `append`.
    pub fn open(path: &Path, append: bool, event: &str, site: &str) -> Result<EventLog, String> {
        let file = OpenOptions::new()
            .create(true)
            .write(true)
            .append(append)
            .truncate(!append)
            .open(path)
            .map_err(|e| format!("cannot write the event log '{}': {e}", path.display()))?;
        Ok(EventLog {
            file: Mutex::new(file),
            broken: AtomicBool::new(false),
            run: format!("{}-{}", now_ms(), std::process::id()),
            event: event.to_string(),
            site: site.to_string(),
        })
    }

    /// Appends one event, stamped with the time, and a newline, in one write.
    pub fn emit(&self, event: Event) {
        if self.broken.load(Ordering::Relaxed) {
            return;
        }
        // A worker that panicked while holding the lock wrote a whole line
        // or none: the file is still fine to append to.
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        // The time taken under the lock, so that the lines' times never go back.
        let mut line = Line { at: now_ms(), event }.to_json();
        line.push('\n');
        if let Err(e) = file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
            if !self.broken.swap(true, Ordering::Relaxed) {
                eprintln!("warning: the event log cannot be written ({e}); the match goes on without it");
            }
        }
    }

    /// The first event of a run: the engines, the games, the settings.
    pub fn match_start(&self, variant: &str, names: &[String], time_controls: &[String], games: usize, concurrency: usize) {
        self.emit(Event::Match(MatchStart {
            run: self.run.clone(),
            variant: variant.to_string(),
            event: self.event.clone(),
            site: self.site.clone(),
            engines: names.to_vec(),
            tc: time_controls.to_vec(),
            games,
            concurrency,
        }));
    }

    /// A game is over (or was stopped: result `*`); its PGN as the PGN
    /// file gets it.
    pub fn game_end(&self, game: usize, record: &GameRecord) {
        self.emit(Event::GameEnd(GameEnd {
            game,
            white: record.white.clone(),
            black: record.black.clone(),
            result: record.result.pgn().to_string(),
            termination: record.termination.text().to_string(),
            reason: record.reason.clone(),
            plies: record.moves.len(),
            pgn: Some(write_game(record, &self.event, &self.site)),
        }));
    }

    /// The standings after `finished` of `games` games: the runner's own
    /// table, which the live view draws as it is.
    pub fn standings(&self, finished: usize, games: usize, table: Option<Standings>) {
        self.emit(Event::Standings { finished, games, table });
    }

    /// The last event of a run: the summary the runner prints.
    pub fn match_end(&self, summary: &str) {
        self.emit(Event::MatchEnd {
            run: self.run.clone(),
            summary: summary.to_string(),
        });
    }
}

/// One game's end of the log: a game's events all go through its feed,
/// which knows the game's number and throttles the `info` events. Without
/// a log it does nothing.
#[derive(Clone, Debug, Default)]
pub struct Feed {
    log: Option<Arc<EventLog>>,
    /// The game's number (1-based, the PGN's Round).
    game: usize,
    /// When each side's last `info` event was written.
    last_info: [Cell<Option<Instant>>; 2],
}

impl Feed {
    pub fn new(log: Option<Arc<EventLog>>, game: usize) -> Feed {
        Feed {
            log,
            game,
            last_info: Default::default(),
        }
    }

    /// The game begins: who plays, from where (with the book moves), the clocks.
    pub fn game_start(&self, record: &GameRecord, clocks: &[Option<Clock>; 2]) {
        let Some(log) = &self.log else { return };
        log.emit(Event::GameStart(GameStart {
            game: self.game,
            variant: record.variant.name().to_string(),
            white: record.white.clone(),
            black: record.black.clone(),
            fen: Some(record.start_fen.clone()),
            book: record.moves.iter().map(|m| m.text.clone()).collect(),
            tc: record.time_control.to_vec(),
            clock: clocks_of(clocks),
        }));
    }

    /// `side`'s engine, thinking on ply `ply` (0-based, book moves
    /// included), reported `t`; written at most every [`INFO_INTERVAL`]
    /// per side.
    pub fn thought(&self, side: Color, ply: usize, t: &Thought) {
        let Some(log) = &self.log else { return };
        let last = &self.last_info[side.index()];
        let now = Instant::now();
        if last.get().is_some_and(|at| now.duration_since(at) < INFO_INTERVAL) {
            return;
        }
        last.set(Some(now));
        log.emit(Event::Info(Info {
            game: self.game,
            side: side_of(side),
            ply,
            score: log_score(t.score),
            white_score: white_score(side, t.score),
            depth: t.depth,
            nodes: t.nodes,
            nps: t.speed(),
            time: t.time_ms,
            pv: t.pv.clone(),
        }));
    }

    /// `side` played `mv`, ply `ply` of the game (0-based); the clocks after it.
    pub fn moved(&self, side: Color, ply: usize, mv: &PlayedMove, clocks: &[Option<Clock>; 2]) {
        let Some(log) = &self.log else { return };
        log.emit(Event::Move(Move {
            game: self.game,
            side: side_of(side),
            ply,
            text: mv.text.clone(),
            score: mv.score.map(log_score),
            white_score: mv.score.map(|s| white_score(side, s)),
            depth: mv.depth,
            time: mv.time.map(|t| t.as_millis() as u64),
            clock: clocks_of(clocks),
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ending::{GameResult, Termination};
    use rules::Variant;
    use serde_json::{json, Value};

    fn read_log(path: &Path) -> Vec<Value> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
            .collect()
    }

    #[test]
    fn events_are_whole_json_lines_and_infos_are_throttled() {
        let dir = std::env::temp_dir().join(format!("gorgon-live-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("events.jsonl");
        let log = Arc::new(EventLog::open(&path, false, "E", "S").unwrap());
        log.match_start("pom", &["a".into(), "b".into()], &["1+0".into(), "1+0".into()], 2, 1);
        let feed = Feed::new(Some(Arc::clone(&log)), 1);
        let record = GameRecord {
            variant: Variant::Pom,
            round: 1,
            white: "a".into(),
            black: "b".into(),
            start_fen: Variant::Pom.start_fen().into(),
            moves: Vec::new(),
            result: GameResult::Unfinished,
            termination: Termination::Unterminated,
            reason: String::new(),
            time_control: ["1+0".into(), "1+0".into()],
            started: SystemTime::now(),
        };
        feed.game_start(&record, &[None, None]);
        let t = Thought {
            score: Score::cp(35),
            depth: Some(4),
            nodes: Some(2000),
            nps: None,
            time_ms: Some(100),
            pv: vec!["h10h8".into()],
        };
        // Black's reports: the first is written, the next two within the
        // interval are not; White's first is its own.
        feed.thought(Color::Black, 1, &t);
        feed.thought(Color::Black, 1, &t);
        feed.thought(Color::Black, 1, &t);
        feed.thought(Color::White, 2, &t);
        let mv = PlayedMove {
            text: "e3e5".into(),
            book: false,
            score: Some(Score::cp(-20)),
            depth: Some(5),
            time: Some(Duration::from_millis(12)),
        };
        feed.moved(Color::Black, 1, &mv, &[None, None]);
        log.game_end(1, &record);
        // Reopened without append: a new log.
        let events = read_log(&path);
        let kinds: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["match", "game_start", "info", "info", "move", "game_end"]);
        let info = &events[2];
        assert_eq!(info["side"], "black");
        assert_eq!(info["score"], json!({"cp": 35}));
        assert_eq!(info["white_score"], json!({"cp": -35}), "Black's +35 is White's -35");
        assert_eq!(info["nps"], 20000, "2000 nodes in 100 ms");
        assert_eq!(info["pv"], json!(["h10h8"]));
        assert_eq!(events[4]["white_score"], json!({"cp": 20}));
        assert_eq!(events[4]["time"], 12);
        assert!(events[5]["pgn"].as_str().unwrap().contains("[White \"a\"]"));
        drop(log);
        let again = EventLog::open(&path, true, "E", "S").unwrap();
        again.match_end("done");
        assert_eq!(read_log(&path).len(), 7, "append keeps the earlier run");
        EventLog::open(&path, false, "E", "S").unwrap();
        assert!(read_log(&path).is_empty(), "no append: truncated");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
