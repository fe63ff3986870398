//! The loops' stop model over the pipe (docs/ARCHITECTURE.md, "Stops"): a
//! `stop` read after a long command ends it, whatever follows how soon;
//! `isready` is a barrier; a bad castling field is refused.
//!
//! The transcript of the issue that found the lost stop, repeated: set
//! `GORGON_STOP_REPS` (default 40 per variant and first command) for the
//! long run.

use gorgon_tests::Engine;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);

fn reps() -> usize {
    std::env::var("GORGON_STOP_REPS").ok().and_then(|v| v.parse().ok()).unwrap_or(40)
}

/// The GUI of the report: each line sent as soon as the previous
/// `readyok` is in. The long first command must be stopped by the `stop`,
/// and the `go perft 1` after it must answer.
fn transcript(e: &mut Engine, first: &str, expected: &str) {
    e.send(first);
    e.sync();
    e.send("stop");
    let mut lines = e.sync();
    e.send("go perft 1");
    lines.extend(e.read_until(T, |l| l.starts_with("Nodes searched")));
    assert_eq!(lines.last().map(String::as_str), Some(expected), "after '{first}'");
    // The stopped command answered exactly once, before the perft.
    let answers = lines
        .iter()
        .filter(|l| l.starts_with("bestmove") || *l == "info string perft stopped")
        .count();
    assert_eq!(answers, 1, "'{first}' must answer once before the perft:\n{}", lines.join("\n"));
}

#[test]
fn a_stop_after_a_long_command_is_never_lost() {
    for (variant, expected, legal) in [("pom", "Nodes searched: 43", "e3e5"), ("minipom", "Nodes searched: 24", "e2e3")] {
        let mut e = Engine::start(&["--variant", variant]);
        e.send("uci");
        e.send("position startpos");
        e.sync();
        let searchmoves = format!("go infinite searchmoves {legal}");
        for first in ["go infinite", "perft 99", "go ponder wtime 60000 btime 60000", searchmoves.as_str()] {
            for _ in 0..reps() {
                transcript(&mut e, first, expected);
            }
        }
        e.send("quit");
        assert!(e.wait_exit(Duration::from_secs(10)).is_some_and(|s| s.success()));
    }
}

#[test]
fn isready_is_answered_after_everything_before_it() {
    let mut e = Engine::start(&["--variant", "minipom"]);
    // All in one write: the reader sees them together.
    e.send("uci\nposition startpos\nisready\ngo infinite\nisready\nd\nisready");
    let head = e.expect_line("readyok", T);
    assert!(head.iter().any(|l| l == "uciok"), "readyok overtook uciok:\n{}", head.join("\n"));
    // The second isready may be answered while the search runs: it is the
    // last thing sent before it. The third waits for the `d` queued
    // behind the search, so it comes only after the stop.
    e.expect_line("readyok", T);
    std::thread::sleep(Duration::from_millis(200));
    while let Some(l) = e.next_line(Duration::from_millis(50)) {
        assert!(l.starts_with("info"), "nothing but the search's info before the stop: {l}");
    }
    e.send("stop");
    let tail = e.expect_line("readyok", T);
    let best = tail.iter().position(|l| l.starts_with("bestmove")).expect("bestmove");
    let fen = tail.iter().position(|l| l.starts_with("Fen: ")).expect("the d output");
    assert!(best < fen, "d runs after the search:\n{}", tail.join("\n"));
}

#[test]
fn a_castling_field_with_a_repeated_letter_is_refused() {
    for (variant, fen) in [
        (
            "pom",
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHT w AAKak - 0 1",
        ),
        (
            "minipom",
            "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgii - 0 1",
        ),
    ] {
        let mut e = Engine::start(&["--variant", variant]);
        e.send("position startpos moves e2e3");
        e.send("d");
        let before = e.read_until(T, |l| l.starts_with("Fen: ")).pop().unwrap();
        e.send(&format!("position fen {fen}"));
        let error = e.read_until(T, |l| l.starts_with("info string error")).pop().unwrap();
        assert!(error.contains("rights") && error.contains("repeated"), "{variant}: {error}");
        assert!(error.contains("the position is unchanged"), "{error}");
        e.send("d");
        let after = e.read_until(T, |l| l.starts_with("Fen: ")).pop().unwrap();
        assert_eq!(before, after, "{variant}: the previous position stays");
    }
}
