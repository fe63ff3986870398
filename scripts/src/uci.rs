//! One engine process spoken to in the UCI dialect over pipes.
//!
//! A reader thread turns the engine's stdout into timestamped lines on a
//! channel, so that the runner can wait with a deadline and learns of a
//! crash as the channel's end (EOF). Writes that fail (broken pipe) are
//! crashes too.

use crate::tc::Limits;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How to start and configure one engine.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineConfig {
    /// The name in the PGN and the standings.
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    /// Working directory of the process.
    pub dir: Option<PathBuf>,
    /// `setoption` pairs, sent in order after `UCI_Variant`.
    pub options: Vec<(String, String)>,
    pub limits: Limits,
}

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The process exited, closed its output or refused input.
    Crashed(String),
    /// It did not answer in time.
    Hung(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Crashed(s) => write!(f, "crashed: {s}"),
            EngineError::Hung(s) => write!(f, "hung: {s}"),
        }
    }
}

/// A line from the engine and when it was read.
pub type Line = (Instant, String);

/// What waiting for a line gave.
#[derive(Debug)]
pub enum Recv {
    Line(Line),
    Timeout,
    /// The engine's output ended.
    Eof,
}

/// A running engine.
pub struct UciEngine {
    pub config: EngineConfig,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// Prefix for traffic logged to stderr (`None`: no log).
    log: Option<String>,
}

impl UciEngine {
    /// Starts the process and runs the handshake: `uci` … `uciok`, the
    /// variant and options, `isready` … `readyok`.
    pub fn start(config: &EngineConfig, variant: &str, timeout: Duration, log: Option<String>) -> Result<UciEngine, EngineError> {
        let mut cmd = Command::new(&config.cmd);
        cmd.args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &config.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| EngineError::Crashed(format!("cannot start '{}': {e}", config.cmd)))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name(format!("read {}", config.name))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let text = String::from_utf8_lossy(&buf).trim_end_matches(['\r', '\n']).to_string();
                            if tx.send((Instant::now(), text)).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .expect("spawn a reader thread");
        let stdin = child.stdin.take();
        let mut engine = UciEngine {
            config: config.clone(),
            child,
            stdin,
            lines: rx,
            log,
        };
        engine.send("uci")?;
        engine.wait_for("uciok", timeout)?;
        let mut options = vec![("UCI_Variant".to_string(), variant.to_string())];
        options.extend(config.options.iter().cloned());
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.sync(timeout)?;
        Ok(engine)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        if let Some(prefix) = &self.log {
            eprintln!("{prefix} {} < {line}", log_clock());
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(EngineError::Crashed("its input is closed".into()));
        };
        match writeln!(stdin, "{line}").and_then(|_| stdin.flush()) {
            Ok(()) => Ok(()),
            Err(e) => {
                self.stdin = None;
                Err(EngineError::Crashed(format!("{}: writing '{line}' failed: {e}", self.exit_text())))
            }
        }
    }

    /// The next line before `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Recv {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                if let Some(prefix) = &self.log {
                    eprintln!("{prefix} {} > {}", log_clock(), line.1);
                }
                Recv::Line(line)
            }
            Err(RecvTimeoutError::Timeout) => Recv::Timeout,
            Err(RecvTimeoutError::Disconnected) => Recv::Eof,
        }
    }

    /// Throws away lines already received (stale output of an earlier search).
    pub fn drain(&mut self) -> Result<(), EngineError> {
        loop {
            match self.lines.try_recv() {
                Ok(_) => {}
                Err(TryRecvError::Empty) => return Ok(()),
                Err(TryRecvError::Disconnected) => return Err(self.crashed("its output ended")),
            }
        }
    }

    /// Reads lines until one equals `token` (its first word).
    pub fn wait_for(&mut self, token: &str, timeout: Duration) -> Result<(), EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.recv(deadline) {
                Recv::Line((_, l)) if l.split_whitespace().next() == Some(token) => return Ok(()),
                Recv::Line(_) => {}
                Recv::Timeout => return Err(EngineError::Hung(format!("no '{token}' within {:.1} s", timeout.as_secs_f64()))),
                Recv::Eof => return Err(self.crashed(&format!("its output ended while waiting for '{token}'"))),
            }
        }
    }

    /// `isready` … `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for("readyok", timeout)
    }

    /// `ucinewgame` and a sync, before each game.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.drain()?;
        self.send("ucinewgame")?;
        self.sync(timeout)
    }

    /// A crash error naming the exit status if the process has ended.
    pub fn crashed(&mut self, what: &str) -> EngineError {
        EngineError::Crashed(format!("{what} ({})", self.exit_text()))
    }

    /// "exit status 3", "killed by signal 9" or "still running".
    fn exit_text(&mut self) -> String {
        // The reader may see EOF a moment before the exit is reaped.
        for _ in 0..20 {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.to_string(),
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(e) => return format!("status unknown: {e}"),
            }
        }
        "process still running".into()
    }

    /// Asks the engine to quit, and kills it if it has not after `grace`.
    pub fn quit(mut self, grace: Duration) {
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        // Drop kills it.
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Seconds since the first logged line, for the traffic log.
fn log_clock() -> String {
    static START: OnceLock<Instant> = OnceLock::new();
    format!("{:.3}", START.get_or_init(Instant::now).elapsed().as_secs_f64())
}

/// A score in an `info` line, from the engine's side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Centipawns, with mates as ±(100000 - moves) so that they order right.
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            Score::Mate(m) if m > 0 => 100_000 - m,
            Score::Mate(m) => -100_000 - m,
        }
    }

    /// PGN comment text: `+0.35`, `-1.00`, `+M5`, `-M3`.
    pub fn pgn_text(self) -> String {
        match self {
            Score::Cp(c) => {
                let sign = if c < 0 { "-" } else { "+" };
                format!("{sign}{}.{:02}", c.unsigned_abs() / 100, c.unsigned_abs() % 100)
            }
            Score::Mate(m) if m > 0 => format!("+M{m}"),
            Score::Mate(m) => format!("-M{}", m.unsigned_abs()),
        }
    }
}

/// What one `info` line reported: the score and the depth.
pub fn parse_info(line: &str) -> (Option<Score>, Option<u32>) {
    let mut tokens = line.split_whitespace();
    let mut score = None;
    let mut depth = None;
    if tokens.next() != Some("info") {
        return (None, None);
    }
    while let Some(t) = tokens.next() {
        match t {
            "string" => break,
            "depth" => depth = tokens.next().and_then(|d| d.parse().ok()),
            "score" => {
                score = match (tokens.next(), tokens.next().and_then(|v| v.parse::<i32>().ok())) {
                    (Some("cp"), Some(v)) => Some(Score::Cp(v)),
                    (Some("mate"), Some(v)) => Some(Score::Mate(v)),
                    _ => None,
                }
            }
            _ => {}
        }
    }
    (score, depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines() {
        let (s, d) = parse_info("info depth 12 seldepth 20 multipv 1 score cp -35 lowerbound nodes 1000 pv e3e5");
        assert_eq!((s, d), (Some(Score::Cp(-35)), Some(12)));
        let (s, d) = parse_info("info depth 3 score mate -2 pv a1a2");
        assert_eq!((s, d), (Some(Score::Mate(-2)), Some(3)));
        assert_eq!(parse_info("info string score cp 5"), (None, None));
        assert_eq!(parse_info("bestmove e3e5"), (None, None));
        assert_eq!(parse_info("info depth x score cp"), (None, None));
    }

    #[test]
    fn score_texts() {
        assert_eq!(Score::Cp(35).pgn_text(), "+0.35");
        assert_eq!(Score::Cp(-5).pgn_text(), "-0.05");
        assert_eq!(Score::Cp(-1234).pgn_text(), "-12.34");
        assert_eq!(Score::Cp(0).pgn_text(), "+0.00");
        assert_eq!(Score::Mate(5).pgn_text(), "+M5");
        assert_eq!(Score::Mate(-3).pgn_text(), "-M3");
        assert!(Score::Mate(3).as_cp() > Score::Mate(5).as_cp());
        assert!(Score::Mate(-3).as_cp() < Score::Cp(-5000).as_cp());
    }
}
