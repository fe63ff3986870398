//! An engine process spoken to over pipes, whatever its protocol.
//!
//! A reader thread turns the engine's stdout into timestamped lines on a
//! channel, so that the runner can wait with a deadline and learns of a
//! crash as the channel's end (EOF). Writes that fail (broken pipe) are
//! crashes too. The protocol drivers (`uci`, `cecp`) write their typed
//! commands through [`Process::send`] and parse the lines they read; the
//! raw lines are kept for the traffic log and for quoting an engine in a
//! game's result.

use crate::config::EngineConfig;
use crate::error::EngineError;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{self, Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

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

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// Prefix for traffic logged to stderr (`None`: no log).
    log: Option<String>,
}

impl Process {
    /// Starts the program of `config` with piped stdin and stdout (stderr
    /// is dropped) and the reader thread.
    pub fn spawn(config: &EngineConfig, log: Option<String>) -> Result<Process, EngineError> {
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
        Ok(Process {
            child,
            stdin,
            lines: rx,
            log,
        })
    }

    /// Sends one line: a typed command of either protocol, or any text.
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
                self.log_line(&line.1);
                Recv::Line(line)
            }
            Err(RecvTimeoutError::Timeout) => Recv::Timeout,
            Err(RecvTimeoutError::Disconnected) => Recv::Eof,
        }
    }

    /// A line already received, without waiting (`Timeout` if there is none).
    pub fn try_recv(&mut self) -> Recv {
        match self.lines.try_recv() {
            Ok(line) => {
                self.log_line(&line.1);
                Recv::Line(line)
            }
            Err(TryRecvError::Empty) => Recv::Timeout,
            Err(TryRecvError::Disconnected) => Recv::Eof,
        }
    }

    fn log_line(&self, line: &str) {
        if let Some(prefix) = &self.log {
            eprintln!("{prefix} {} > {line}", log_clock());
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

    /// Sends `quit_line` (the protocol's `quit`), closes the input, and
    /// kills the process if it has not exited after `grace`.
    pub fn quit(mut self, quit_line: impl fmt::Display, grace: Duration) {
        let _ = self.send(quit_line);
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

impl Drop for Process {
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
