//! Helpers for driving the built `gorgon` binary over pipes, as a GUI does.
//!
//! Cargo tells only the engine package's own tests where its binary is, so
//! this crate finds it beside the test executable (`target/<profile>/`) and
//! builds it with the same profile if it is missing.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The path of the `gorgon` binary of this build profile.
pub fn gorgon_path() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let exe = std::env::current_exe().expect("test executable path");
        // target/<profile>/deps/<test> -> target/<profile>
        let profile_dir = exe.parent().and_then(|p| p.parent()).expect("target dir").to_path_buf();
        let bin = profile_dir.join(format!("gorgon{}", std::env::consts::EXE_SUFFIX));
        let release = profile_dir.file_name().is_some_and(|n| n == "release");
        let target_dir = profile_dir.parent().expect("target root").to_path_buf();
        let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
        cargo
            .args(["build", "-p", "gorgon-engine", "--bin", "gorgon"])
            .env("CARGO_TARGET_DIR", &target_dir);
        if release {
            cargo.arg("--release");
        }
        // Always ask cargo: it rebuilds only if the sources changed.
        let status = cargo.status().expect("run cargo build");
        assert!(status.success(), "building gorgon failed");
        assert!(bin.exists(), "no binary at {}", bin.display());
        bin
    })
    .clone()
}

/// A running engine with its stdout read on a thread.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far (for failure messages).
    pub transcript: Vec<String>,
}

impl Engine {
    /// Starts `gorgon` with arguments.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(gorgon_path())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start gorgon");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Sends raw bytes (for malformed input tests).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Closes stdin (EOF).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout` or at EOF.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `done`; returns all lines read, the
    /// matching one last. Panics with the transcript after `timeout`.
    pub fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let stop = done(&l);
                    got.push(l);
                    if stop {
                        return got;
                    }
                }
                None => panic!("timed out after {timeout:?}; transcript:\n{}", self.transcript.join("\n")),
            }
        }
    }

    /// Reads until the line equals `expected`.
    pub fn expect_line(&mut self, expected: &str, timeout: Duration) -> Vec<String> {
        self.read_until(timeout, |l| l == expected)
    }

    /// `isready` -> `readyok`: the engine is alive and has done what came before.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.expect_line("readyok", Duration::from_secs(30))
    }

    /// Waits for the process to exit; `None` if it is still running after `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
