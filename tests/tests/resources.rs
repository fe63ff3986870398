//! Options that ask for more than the machine can give: the engine says so
//! (`info string error: ...`), keeps what it had or runs with what it
//! could start, and goes on playing.

use gorgon_tests::{gorgon_binary, Engine};
use std::process::Command;
use std::time::Duration;

const T: Duration = Duration::from_secs(30);

/// A search after the refusal still ends in a legal-looking bestmove.
fn still_plays(e: &mut Engine) {
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.read_until(T, |l| l.starts_with("bestmove"));
    assert!(!lines.last().unwrap().contains("(none)"), "{lines:?}");
}

#[test]
fn a_hash_larger_than_the_machine_is_refused_and_the_old_table_kept() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.expect_line("uciok", T);
    // The spin's maximum: 256 GiB, more than any machine this runs on.
    e.send("setoption name Hash value 262144");
    let lines = e.sync();
    let error = lines
        .iter()
        .find(|l| l.starts_with("info string error: Hash"))
        .expect("an error line");
    assert!(error.contains("keeping the 16 MB one"), "{error}");
    still_plays(&mut e);
    // A size that fits still works afterwards.
    e.send("setoption name Hash value 2");
    assert!(!e.sync().iter().any(|l| l.contains("error")));
    still_plays(&mut e);
}

#[test]
fn threads_that_cannot_start_are_reported_and_the_engine_runs_with_fewer() {
    // 3 GB of address space: 1024 search threads with 64 MiB stacks cannot
    // all start (RLIMIT_AS; `ulimit -v` is in KiB).
    let mut command = Command::new("sh");
    command.arg("-c").arg("ulimit -v 3000000 && exec \"$0\"").arg(gorgon_binary());
    let mut e = Engine::start_command(command);
    e.send("uci");
    e.expect_line("uciok", T);
    e.send("setoption name Threads value 1024");
    let lines = e.sync();
    let error = lines
        .iter()
        .find(|l| l.starts_with("info string error: Threads"))
        .expect("an error line");
    assert!(error.contains("running with"), "{error}");
    still_plays(&mut e);
}
