//! CECP (XBoard) engines through the runner, with the random-mover's CECP
//! mode: whole matches in both variants, set-up positions (`setboard`), a
//! UCI engine against a CECP one, `reuse=0`, `myname`, and every fault
//! mode adjudicated as a loss. (Gorgon over CECP is in `gorgon.rs`.)

mod common;

use common::*;
use gorgon_tournament::ending::{GameResult, Termination};
use gorgon_tournament::tournament::{run_match, MatchConfig, MatchReport, OpeningSource};
use rules::Variant;
use std::process::Command;
use std::time::Duration;

#[test]
fn cecp_matches_in_both_variants() {
    for variant in Variant::ALL {
        let engines = vec![
            xmover("greedy", &["--style", "greedy", "--seed", "5"], "tc=5+0.05"),
            xmover("random", &["--seed", "9"], "tc=5+0.05"),
        ];
        let mut config = MatchConfig::new(variant, engines);
        config.games = 4;
        config.concurrency = 2;
        config.openings = OpeningSource::Random { plies: 4 };
        let (report, pgn, live) = play_to_pgn(config, "cecp");
        let games = check_pgn(&pgn, 4, variant);
        assert!(report.faults.iter().all(|f| f.total() == 0), "{live}");
        assert_eq!(report.engine_starts, [2, 2]);
        // The thinking output's score and depth reach the PGN.
        for g in &games {
            assert!(g.comments[4][0].starts_with("+0.00/1 "), "{:?}", g.comments[4]);
        }
    }
}

/// Openings from a FEN reach a CECP engine by `setboard` (in XBoard's
/// letters: the Morphs `(a)` are `b`), the moves after it as `usermove`s;
/// a UCI engine plays a CECP one.
#[test]
fn cecp_set_up_positions_and_a_mixed_pair() {
    let v = Variant::MiniPom;
    let book = "th(a)qke(a)ht/wwww1wwww/4w4/9/9/9/4W4/WWWW1WWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 2 moves d2d3\n\
                moves c2c3 g8g7\n";
    let path = temp_path("cecp-book.txt");
    std::fs::write(&path, book).unwrap();
    let engines = vec![
        xmover("X", &["--style", "greedy"], "st=0.05 timemargin=300"),
        mover("U", &["--seed", "3"], "st=0.05 timemargin=300"),
    ];
    let mut config = MatchConfig::new(v, engines);
    config.games = 4;
    config.openings = OpeningSource::File {
        path: path.clone(),
        shuffle: false,
        start: 0,
    };
    let (report, pgn, live) = play_to_pgn(config, "cecp-fen");
    let _ = std::fs::remove_file(&path);
    let games = check_pgn(&pgn, 4, v);
    assert!(report.faults.iter().all(|f| f.total() == 0), "{live}");
    assert!(games[0].tag("FEN").unwrap().starts_with("th(a)qke(a)ht/"));
    assert_eq!(games[0].move_texts[0], "d2d3");
    assert_eq!(games[2].move_texts[..2], ["c2c3", "g8g7"]);
    assert_eq!(report.engine_starts, [1, 1]);
}

/// `feature reuse=0`: a new process for every game.
#[test]
fn cecp_reuse_0_restarts_the_engine_each_game() {
    let engines = vec![xmover("once", &["--no-reuse"], "tc=2+0.02"), xmover("kept", &[], "tc=2+0.02")];
    let mut config = MatchConfig::new(Variant::Pom, engines);
    config.games = 3;
    config.adjudication.maxmoves = Some(10);
    let (report, pgn, live) = play_to_pgn(config, "cecp-reuse");
    check_pgn(&pgn, 3, Variant::Pom);
    assert!(report.faults.iter().all(|f| f.total() == 0), "{live}");
    assert_eq!(report.engine_starts, [3, 1]);
}

/// Limits CECP cannot say are refused before anything starts.
#[test]
fn cecp_refuses_node_limits() {
    let engines = vec![xmover("a", &[], "nodes=100"), mover("b", &[], "nodes=100")];
    let config = MatchConfig::new(Variant::Pom, engines);
    let e = run_match(&config, &mut Vec::new()).expect_err("refused");
    assert!(e.contains("engine 'a'") && e.contains("nodes="), "{e}");
}

/// Two games of a faulty CECP engine against a sound one (also CECP);
/// checks that the faulty one lost both by `termination` with `reason` in
/// the text.
fn faulty_cecp_match(args: &[&str], tc: &str, termination: Termination, reason: &str) -> MatchReport {
    let engines = vec![xmover("faulty", args, tc), xmover("sound", &[], tc)];
    let mut config = MatchConfig::new(Variant::Pom, engines);
    config.timing.stop_grace = Duration::from_millis(300);
    let (report, pgn, live) = play_to_pgn(config, "cecp-fault");
    assert_eq!(report.games.len(), 2, "{live}");
    check_pgn(&pgn, 2, Variant::Pom);
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
    assert_eq!(report.faults[1].total(), 0);
    assert_eq!(report.engine_starts[1], 1);
    report
}

#[test]
fn cecp_faults_lose() {
    let tc = "tc=1+0.01";
    let r = faulty_cecp_match(&["--fault", "illegal"], tc, Termination::IllegalMove, "plays an illegal move");
    assert_eq!((r.faults[0].illegal_moves, r.engine_starts[0]), (2, 1));
    faulty_cecp_match(&["--fault", "badsuffix"], tc, Termination::IllegalMove, "wrong piece letter");
    faulty_cecp_match(&["--fault", "null"], tc, Termination::IllegalMove, "null move");
    let r = faulty_cecp_match(&["--fault", "nomove"], tc, Termination::Resignation, "resigns");
    assert_eq!(r.faults[0].total(), 0, "a resignation is no fault");
    let r = faulty_cecp_match(&["--fault", "crash"], tc, Termination::Crashed, "exit status: 3");
    assert_eq!(r.engine_starts[0], 2);
    let r = faulty_cecp_match(&["--fault", "hang"], "tc=0.5+0", Termination::Hung, "not even after '?'");
    assert_eq!(r.engine_starts[0], 2);
    let r = faulty_cecp_match(
        &["--delay", "300"],
        "st=0.1 timemargin=50",
        Termination::TimeForfeit,
        "loses on time",
    );
    assert_eq!(r.engine_starts[0], 1);
}

/// The binary: `proto=xboard` and `ponder` keys, the engine's `myname`
/// as its name when none is given.
#[test]
fn command_line_cecp_and_ponder() {
    let mover = random_mover();
    let out = Command::new(env!("CARGO_BIN_EXE_gorgon-match"))
        .args(["--variant", "minipom"])
        .args(["--engine", &format!("cmd={mover}"), "proto=xboard", "arg=--protocol", "arg=xboard"])
        .args(["--engine", &format!("cmd={mover}"), "name=U", "ponder", "arg=--style", "arg=first"])
        .args(["--each", "tc=2+0.02", "--games", "2", "--maxmoves", "10"])
        .output()
        .expect("run gorgon-match");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("Random Mover vs U: 2 games"), "{stdout}");
    assert!(
        stdout.contains("U: 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs; 1 process starts; ponder"),
        "{stdout}"
    );
}
