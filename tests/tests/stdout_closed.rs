//! A GUI that goes away closes the engine's stdout: the next line the
//! engine writes fails, and the process must end quietly (exit status 0),
//! in either dialect, instead of panicking (which `println!` does; with
//! `panic = "abort"` that is a SIGABRT and a core dump).

use gorgon_tests::gorgon_binary;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Starts gorgon with `args`, closes the read end of its stdout, sends
/// `lines` and returns how the process ended.
fn closed_stdout_exit(args: &[&str], lines: &[&str]) -> std::process::ExitStatus {
    let mut child = Command::new(gorgon_binary())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start gorgon");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    for line in lines {
        // The engine may already be gone: a failed write is no error here.
        if writeln!(stdin, "{line}").and_then(|()| stdin.flush()).is_err() {
            break;
        }
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("gorgon {args:?} still runs 30 s after its stdout was closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn uci_ends_quietly_when_stdout_is_closed() {
    // `uci` makes it write; `go infinite` would otherwise run forever.
    let status = closed_stdout_exit(&["--protocol", "uci"], &["uci", "isready", "go infinite"]);
    assert!(status.success(), "{status}");
}

#[test]
fn cecp_ends_quietly_when_stdout_is_closed() {
    let status = closed_stdout_exit(&[], &["xboard", "protover 2", "new", "post", "go"]);
    assert!(status.success(), "{status}");
}
