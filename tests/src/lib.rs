//! Helpers for driving the built `gorgon` binary over pipes, as a GUI does,
//! and [`gorgon_binary`], which finds (and builds) that binary for these
//! tests and for the match runner's (`gorgon-tournament`, a dev-dependency).
//!
//! Cargo tells only the engine package's own tests where its binary is
//! (`CARGO_BIN_EXE_gorgon`), so the binary is looked for beside the test
//! executable (`target/<profile>/`) and built there with the same profile.

pub mod layers;
pub mod tree;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The `gorgon` binary (package `gorgon-cli`) of the build profile of
/// the running test executable, brought up to date by cargo on the first
/// call. Panics, failing the test, with the reason if it cannot be built:
/// an engine test must not pass on a stale binary, or on none.
pub fn gorgon_binary() -> PathBuf {
    // One build per test process; the outcome, failure too, is shared by
    // the tests running on other threads.
    static BINARY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match BINARY.get_or_init(build_gorgon) {
        Ok(path) => path.clone(),
        Err(e) => panic!("no gorgon binary to test: {e}"),
    }
}

/// Runs `cargo build` for the `gorgon` binary into the target directory and
/// profile of the running executable, and returns the binary's path.
fn build_gorgon() -> Result<PathBuf, String> {
    let (mut command, build) = workspace_cargo()?;
    let bin = build.profile_dir.join(format!("gorgon{}", std::env::consts::EXE_SUFFIX));
    // Always ask cargo, even when the binary exists: it rebuilds only what
    // changed, and a stale binary would test old code. Its progress and
    // errors go to the terminal; the panic points there.
    let args = ["build", "-p", "gorgon-cli", "--bin", "gorgon", "--profile", &build.profile];
    command.args(args);
    let shown = build.shown(&args);
    let status = command.status().map_err(|e| format!("cannot run `{shown}`: {e}"))?;
    if !status.success() {
        return Err(format!("`{shown}` failed ({status}); see cargo's errors on stderr"));
    }
    if !bin.is_file() {
        return Err(format!("`{shown}` succeeded but left no binary at {}", bin.display()));
    }
    Ok(bin)
}

/// The `gorgon` binary built with the `spsa` feature (the search's
/// parameters as UCI options, docs/SPSA.md), copied to
/// `target/<profile>/gorgon-spsa`. Cargo builds both into the same file,
/// so the default build is brought back after the copy: the plain binary
/// stays the one other tests run. Panics, failing the test, if either
/// build fails.
pub fn gorgon_spsa_binary() -> PathBuf {
    static BINARY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match BINARY.get_or_init(build_gorgon_spsa) {
        Ok(path) => path.clone(),
        Err(e) => panic!("no spsa build of gorgon to test: {e}"),
    }
}

fn build_gorgon_spsa() -> Result<PathBuf, String> {
    let (mut command, build) = workspace_cargo()?;
    let exe = std::env::consts::EXE_SUFFIX;
    let bin = build.profile_dir.join(format!("gorgon{exe}"));
    let copy = build.profile_dir.join(format!("gorgon-spsa{exe}"));
    let args = [
        "build",
        "-p",
        "gorgon-cli",
        "--bin",
        "gorgon",
        "--features",
        "spsa",
        "--profile",
        &build.profile,
    ];
    command.args(args);
    let shown = build.shown(&args);
    let status = command.status().map_err(|e| format!("cannot run `{shown}`: {e}"))?;
    if !status.success() {
        return Err(format!("`{shown}` failed ({status}); see cargo's errors on stderr"));
    }
    // A fresh file, not a hard link to cargo's: the next build replaces it.
    let _ = std::fs::remove_file(&copy);
    std::fs::copy(&bin, &copy).map_err(|e| format!("{} -> {}: {e}", bin.display(), copy.display()))?;
    build_gorgon()?;
    Ok(copy)
}

/// Where the running test executable was built, and the cargo that runs.
pub struct Build {
    /// `target/<profile directory>`.
    pub profile_dir: PathBuf,
    /// The profile's name as `--profile` takes it (`dev` for `debug/`).
    pub profile: String,
    cargo: String,
    workspace: PathBuf,
    target_dir: PathBuf,
}

impl Build {
    /// A cargo command line with `args`, as the messages quote it.
    pub fn shown(&self, args: &[&str]) -> String {
        format!(
            "{} {} (in {}, CARGO_TARGET_DIR={})",
            self.cargo,
            args.join(" "),
            self.workspace.display(),
            self.target_dir.display()
        )
    }
}

/// A `cargo` command without arguments yet, run in this workspace with
/// the target directory of the running test executable, so that it reuses
/// what the tests were built with; and where that executable was built.
pub fn workspace_cargo() -> Result<(Command, Build), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot locate the test executable: {e}"))?;
    // Tests live in target/<profile>/deps, examples in target/<profile>/examples.
    let mut profile_dir = exe.parent().ok_or("the test executable has no directory")?;
    if profile_dir.file_name().is_some_and(|n| n == "deps" || n == "examples") {
        profile_dir = profile_dir.parent().ok_or("no profile directory above deps/")?;
    }
    let target_dir = profile_dir.parent().ok_or("no target directory above the profile directory")?;
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        // The `dev` and `test` profiles build into `debug/` (and `bench`
        // into `release/`).
        Some("debug") => "dev",
        Some(name) => name,
        None => return Err(format!("'{}' is no profile directory", profile_dir.display())),
    };
    // Run in the workspace of this crate, whatever the current directory:
    // cargo reads its configuration (.cargo/config.toml: rustflags) from
    // the directory it runs in, and other flags would rebuild everything.
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().ok_or("no workspace directory")?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(&cargo);
    command.current_dir(workspace).env("CARGO_TARGET_DIR", target_dir);
    let build = Build {
        profile_dir: profile_dir.to_path_buf(),
        profile: profile.to_string(),
        cargo,
        workspace: workspace.to_path_buf(),
        target_dir: target_dir.to_path_buf(),
    };
    Ok((command, build))
}

/// The engine built for another machine, as scripts/platform-tests.sh
/// hands it to the tests of `tests/tests/platforms.rs`: `GORGON_PLATFORM`
/// (`windows`, `aarch64`, `static`), `GORGON_PLATFORM_BIN` (the binary)
/// and `GORGON_PLATFORM_RUNNER` (what runs it here, split at spaces:
/// `wine`, `qemu-aarch64 -L /usr/aarch64-linux-gnu`; empty for none).
pub struct Foreign {
    pub platform: String,
    pub binary: PathBuf,
    pub runner: Vec<String>,
}

impl Foreign {
    /// The binary the environment names; panics, failing the test, if it
    /// names none (these tests are ignored unless the script runs them).
    pub fn from_env() -> Foreign {
        let var =
            |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set: scripts/platform-tests.sh runs these tests"));
        let binary = PathBuf::from(var("GORGON_PLATFORM_BIN"));
        assert!(binary.is_file(), "GORGON_PLATFORM_BIN: no file {}", binary.display());
        Foreign {
            platform: var("GORGON_PLATFORM"),
            binary,
            runner: std::env::var("GORGON_PLATFORM_RUNNER")
                .unwrap_or_default()
                .split_whitespace()
                .map(str::to_string)
                .collect(),
        }
    }

    pub fn is_windows(&self) -> bool {
        self.platform == "windows"
    }

    /// The program and arguments that run the binary here: the runner's,
    /// then the binary (the binary alone without a runner).
    pub fn argv(&self) -> Vec<String> {
        let mut argv = self.runner.clone();
        argv.push(self.binary.display().to_string());
        argv
    }

    /// The command that runs the binary with `args`, through the runner.
    pub fn command(&self, args: &[&str]) -> Command {
        let argv = self.argv();
        let mut command = Command::new(&argv[0]);
        command.args(&argv[1..]).args(args);
        command
    }

    /// The engine over pipes, sending CR LF line ends on Windows.
    pub fn engine(&self, args: &[&str]) -> Engine {
        let e = Engine::start_command(self.command(args));
        if self.is_windows() {
            e.crlf()
        } else {
            e
        }
    }
}

/// A running engine with its stdout read on a thread.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// What ends each line sent: `\n`, or `\r\n` as Windows GUIs send.
    line_end: &'static str,
    /// Everything read so far (for failure messages).
    pub transcript: Vec<String>,
}

impl Engine {
    /// Starts `gorgon` with arguments.
    pub fn start(args: &[&str]) -> Engine {
        let mut command = Command::new(gorgon_binary());
        command.args(args);
        Engine::start_command(command)
    }

    /// Starts a command that runs the engine (e.g. a shell that sets
    /// resource limits first), its stdin and stdout piped.
    pub fn start_command(mut command: Command) -> Engine {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {command:?}: {e}"));
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
            line_end: "\n",
            transcript: Vec::new(),
        }
    }

    /// Ends every line sent from now on with CR LF, as WinBoard and the
    /// other Windows GUIs do.
    pub fn crlf(mut self) -> Engine {
        self.line_end = "\r\n";
        self
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        write!(stdin, "{line}{}", self.line_end).expect("write to engine");
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

    /// Sends `line`, which must be answered by an `info string error:`
    /// containing `expected`, the engine alive after it; returns the error.
    pub fn expect_error(&mut self, line: &str, expected: &str) -> String {
        self.send(line);
        let got = self.sync();
        let error = got
            .iter()
            .find(|l| l.starts_with("info string error: "))
            .unwrap_or_else(|| panic!("no error for '{line}': {got:?}"))
            .clone();
        assert!(error.contains(expected), "'{line}' gave '{error}', want '{expected}'");
        error
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The binary is the one of this build profile, where cargo puts it.
    #[test]
    fn gorgon_binary_is_built_beside_the_tests() {
        let bin = gorgon_binary();
        let exe = std::env::current_exe().unwrap();
        // target/<profile>/deps/<test> and target/<profile>/gorgon
        assert_eq!(bin.parent(), exe.parent().and_then(Path::parent), "{}", bin.display());
        assert!(bin.is_file());
        // The same path again, without a second build.
        assert_eq!(gorgon_binary(), bin);
    }
}
