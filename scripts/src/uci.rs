//! One engine process spoken to in the UCI dialect over pipes.
//!
//! A reader thread turns the engine's stdout into timestamped lines on a
//! channel, so that the runner can wait with a deadline and learns of a
//! crash as the channel's end (EOF). Writes that fail (broken pipe) are
//! crashes too. The runner writes typed `protocol::Command`s and reads
//! lines with `protocol::parse_reply`; it keeps the raw lines for the
//! traffic log and for quoting an engine in a game's result.

use crate::tc::Limits;
use protocol::{parse_reply, Command, Reply};
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{self, Child, ChildStdin, Stdio};
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

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
        let mut cmd = process::Command::new(&config.cmd);
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
        engine.send(Command::Uci)?;
        engine.wait_for(&Reply::UciOk, timeout)?;
        let mut options = vec![("UCI_Variant".to_string(), variant.to_string())];
        options.extend(config.options.iter().cloned());
        for (name, value) in options {
            engine.send(Command::SetOption { name, value: Some(value) })?;
        }
        engine.sync(timeout)?;
        Ok(engine)
    }

    /// Sends one line: a `protocol::Command`, or any text.
    pub fn send(&mut self, line: impl fmt::Display) -> Result<(), EngineError> {
        let line = line.to_string();
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

    /// Reads lines until one is the reply `expected` (`uciok`, `readyok`);
    /// other lines, readable or not, are passed over.
    pub fn wait_for(&mut self, expected: &Reply, timeout: Duration) -> Result<(), EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.recv(deadline) {
                Recv::Line((_, l)) if parse_reply(&l).is_ok_and(|r| r.as_ref() == Some(expected)) => return Ok(()),
                Recv::Line(_) => {}
                Recv::Timeout => return Err(EngineError::Hung(format!("no '{expected}' within {:.1} s", timeout.as_secs_f64()))),
                Recv::Eof => return Err(self.crashed(&format!("its output ended while waiting for '{expected}'"))),
            }
        }
    }

    /// `isready` … `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send(Command::IsReady)?;
        self.wait_for(&Reply::ReadyOk, timeout)
    }

    /// `ucinewgame` and a sync, before each game.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.drain()?;
        self.send(Command::UciNewGame)?;
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
        let _ = self.send(Command::Quit);
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
