//! Engines that break the rules of the match lose, with the right reason:
//! each fault mode of the random-mover against a well-behaved one, with
//! the faulty engine White in one game and Black in the other.

mod common;

use common::*;
use gorgon_tournament::ending::{GameResult, Termination};
use gorgon_tournament::tournament::{MatchConfig, MatchReport};
use rules::Variant;
use std::time::Duration;

/// Two games of `faulty` against a sound engine; checks that the faulty
/// one lost both by `termination` with `reason` in the text.
fn faulty_match(variant: Variant, args: &[&str], tc: &str, termination: Termination, reason: &str) -> MatchReport {
    let engines = vec![mover("faulty", args, tc), mover("sound", &[], tc)];
    let mut config = MatchConfig::new(variant, engines);
    config.timing.stop_grace = Duration::from_millis(300);
    let (report, pgn, live) = play_to_pgn(config, "fault");
    assert_eq!(report.games.len(), 2, "{live}");
    check_pgn(&pgn, 2, variant);
    for g in &report.games {
        let expected = if g.white == "faulty" {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        assert_eq!((g.result, g.termination), (expected, termination), "{}", g.reason);
        assert!(g.reason.contains(reason), "'{}' lacks '{reason}'", g.reason);
        assert!(g.reason.contains("(faulty)"), "{}", g.reason);
    }
    assert!(pgn.contains(&format!("[Termination \"{}\"]", termination.text())), "{pgn}");
    assert_eq!(report.faults[1].total(), 0);
    // The sound engine keeps its one process throughout.
    assert_eq!(report.engine_starts[1], 1);
    report
}

#[test]
fn illegal_move_loses() {
    let r = faulty_match(
        Variant::Pom,
        &["--fault", "illegal"],
        "tc=1+0.01",
        Termination::IllegalMove,
        "plays an illegal move",
    );
    assert_eq!(r.faults[0].illegal_moves, 2);
    assert_eq!(r.engine_starts[0], 1);
    // It faults at its third move in the first game.
    let first = &r.games[0];
    assert_eq!(first.moves.len(), 4);
}

#[test]
fn bad_suffix_loses() {
    let r = faulty_match(
        Variant::Pom,
        &["--fault", "badsuffix"],
        "tc=1+0.01",
        Termination::IllegalMove,
        "'X' is no Morph form",
    );
    assert!(r.games[0].reason.contains("(X)"), "{}", r.games[0].reason);
}

#[test]
fn bestmove_none_with_legal_moves_loses() {
    faulty_match(
        Variant::MiniPom,
        &["--fault", "nomove"],
        "tc=1+0.01",
        Termination::IllegalMove,
        "bestmove (none)",
    );
    faulty_match(
        Variant::MiniPom,
        &["--fault", "null", "--fault-at", "1"],
        "st=0.1 timemargin=500",
        Termination::IllegalMove,
        "bestmove 0000",
    );
}

#[test]
fn crash_loses_and_the_engine_is_restarted() {
    let r = faulty_match(
        Variant::Pom,
        &["--fault", "crash"],
        "tc=1+0.01",
        Termination::Crashed,
        "exit status: 3",
    );
    assert_eq!(r.faults[0].crashes, 2);
    // Started for the first game, restarted for the second.
    assert_eq!(r.engine_starts[0], 2);
}

#[test]
fn hang_loses_and_the_engine_is_restarted() {
    let r = faulty_match(
        Variant::MiniPom,
        &["--fault", "hang"],
        "tc=0.5+0",
        Termination::Hung,
        "not even after 'stop'",
    );
    assert_eq!(r.faults[0].hangs, 2);
    assert_eq!(r.engine_starts[0], 2);
    // A hang without a clock is caught by the move timeout.
    let engines = vec![
        mover("faulty", &["--fault", "hang", "--fault-at", "1"], "depth=5"),
        mover("sound", &[], "depth=5"),
    ];
    let mut config = MatchConfig::new(Variant::MiniPom, engines);
    config.games = 1;
    config.timing.untimed_move = Duration::from_millis(400);
    config.timing.stop_grace = Duration::from_millis(200);
    let (report, _) = play(&config);
    assert_eq!(report.games[0].termination, Termination::Hung);
}

#[test]
fn slow_moves_forfeit_on_time() {
    // 300 ms a move against 100 ms + 50 ms margin: the move comes after
    // 'stop', late, and the engine stays (it is not hung).
    let r = faulty_match(
        Variant::Pom,
        &["--delay", "300"],
        "st=0.1 timemargin=50",
        Termination::TimeForfeit,
        "loses on time",
    );
    assert_eq!(r.faults[0].time_forfeits, 2);
    assert_eq!(r.engine_starts[0], 1);
    // Within the margin is fine.
    let engines = vec![
        mover("slowish", &["--delay", "20"], "st=0.01 timemargin=200"),
        mover("sound", &[], "st=0.5"),
    ];
    let mut config = MatchConfig::new(Variant::MiniPom, engines);
    config.adjudication.maxmoves = Some(5);
    let (report, _) = play(&config);
    assert!(report.games.iter().all(|g| g.termination == Termination::Adjudication));
}
