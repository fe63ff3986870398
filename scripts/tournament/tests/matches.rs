//! Whole matches with the random-mover test engine: both variants, the
//! opening sources, concurrency, round robins, adjudication, the SPRT stop
//! and the command-line binary.

mod common;

use common::*;
use gorgon_tournament::ending::{GameResult, Termination};
use gorgon_tournament::game::{DrawRule, ResignRule};
use gorgon_tournament::stats::{Sprt, SprtDecision, SprtModel};
use gorgon_tournament::tournament::{MatchConfig, OpeningSource};
use rules::Variant;
use std::process::Command;

#[test]
fn short_pom_match_with_random_openings() {
    let engines = vec![
        mover("greedy", &["--style", "greedy", "--seed", "5"], "tc=5+0.05"),
        mover("random", &["--seed", "9"], "tc=5+0.05"),
    ];
    let mut config = MatchConfig::new(Variant::Pom, engines);
    config.games = 6;
    config.concurrency = 2;
    config.openings = OpeningSource::Random { plies: 4 };
    config.seed = 11;
    let (report, pgn, live) = play_to_pgn(config, "pom");
    assert_eq!(report.games.len(), 6);
    let games = check_pgn(&pgn, 6, Variant::Pom);
    // Pairs share an opening with colours swapped; openings differ by pair.
    for pair in games.chunks(2) {
        assert_eq!(pair[0].tag("White"), pair[1].tag("Black"));
        assert_eq!(pair[0].comments[..4], pair[1].comments[..4]);
        assert_eq!(pair[0].move_texts[..4], pair[1].move_texts[..4]);
        assert!(pair[0].comments[..4].iter().all(|c| c == &["book"]));
    }
    assert_ne!(games[0].move_texts[..4], games[2].move_texts[..4]);
    // Rounds in order, engine moves commented with score, depth and time.
    for (k, g) in games.iter().enumerate() {
        assert_eq!(g.tag("Round"), Some((k + 1).to_string().as_str()));
        assert_eq!(g.tag("TimeControl"), Some("5+0.05"));
        assert!(g.comments[4][0].starts_with("+0.00/1 "), "{:?}", g.comments[4]);
    }
    assert_eq!(report.encounters[0].penta.pairs(), 3);
    assert_eq!(report.encounters[0].wdl.games(), 6);
    assert!(report.faults.iter().all(|f| f.total() == 0));
    // No restarts: one process per worker and engine.
    assert_eq!(report.engine_starts, [2, 2]);
    assert_eq!(live.matches("Game ").count(), 6, "{live}");
    assert!(live.contains("Ptnml"), "{live}");
}

#[test]
fn short_minipom_match_with_an_openings_file() {
    let v = Variant::MiniPom;
    // A FEN of the start after e2e3 e8e7 with a move, a move list, a comment.
    let book = "# openings\n\
        th(a)qke(a)ht/wwww1wwww/4w4/9/9/9/4W4/WWWW1WWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 2 moves d2d3\n\
        moves c2c3 g8g7\n";
    let path = temp_path("book.txt");
    std::fs::write(&path, book).unwrap();
    let mut a = mover("A", &["--style", "greedy"], "st=0.2 timemargin=300");
    a.dir = Some(std::env::temp_dir());
    let engines = vec![a, mover("B", &["--seed", "3"], "st=0.2 timemargin=300")];
    let mut config = MatchConfig::new(v, engines);
    config.games = 4;
    config.openings = OpeningSource::File {
        path: path.clone(),
        shuffle: false,
        start: 0,
    };
    let (report, pgn, _) = play_to_pgn(config, "minipom");
    let _ = std::fs::remove_file(&path);
    let games = check_pgn(&pgn, 4, v);
    assert!(games[0].tag("FEN").unwrap().starts_with("th(a)qke(a)ht/wwww1wwww/4w4"));
    assert_eq!(games[0].move_texts[0], "d2d3");
    assert_eq!(games[2].tag("FEN"), None);
    assert_eq!(games[2].move_texts[..2], ["c2c3", "g8g7"]);
    assert_eq!(games[0].tag("TimeControl"), Some("0.2/move"));
    assert_eq!(report.engine_starts, [1, 1]);
}

#[test]
fn round_robin_of_three() {
    let engines = vec![
        mover("r1", &["--seed", "1"], "depth=1"),
        mover("r2", &["--seed", "2"], "nodes=10"),
        mover("r3", &["--style", "greedy"], "tc=40/5+0"),
    ];
    let mut config = MatchConfig::new(Variant::MiniPom, engines);
    config.games = 2;
    config.concurrency = 2;
    let (report, pgn, _) = play_to_pgn(config.clone(), "rr");
    let games = check_pgn(&pgn, 6, Variant::MiniPom);
    assert_eq!(report.encounters.len(), 3);
    assert!(report.totals.iter().all(|w| w.games() == 4));
    let summary = report.summary(None);
    assert!(summary.contains("   # PLAYER :   RATING   ERROR"), "{summary}");
    assert!(summary.contains("Crosstable"), "{summary}");
    // Different controls per side give per-side tags.
    let g = games
        .iter()
        .find(|g| g.tag("White") == Some("r1") && g.tag("Black") == Some("r2"))
        .unwrap();
    assert_eq!(g.tag("WhiteTimeControl"), Some("depth=1"));
    assert_eq!(g.tag("BlackTimeControl"), Some("nodes=10"));
}

#[test]
fn resign_draw_and_maxmoves_adjudication() {
    // The pessimist reports -20.00 on every move.
    let engines = vec![
        mover("pessimist", &["--score", "-2000"], "tc=5+0.05"),
        mover("calm", &[], "tc=5+0.05"),
    ];
    let mut config = MatchConfig::new(Variant::Pom, engines);
    config.adjudication.resign = Some(ResignRule {
        movecount: 3,
        score: 1000,
        twosided: false,
    });
    let (report, pgn, _) = play_to_pgn(config, "resign");
    check_pgn(&pgn, 2, Variant::Pom);
    for g in &report.games {
        assert_eq!(g.termination, Termination::Adjudication);
        let pessimist_white = g.white == "pessimist";
        assert_eq!(
            g.result,
            if pessimist_white {
                GameResult::BlackWins
            } else {
                GameResult::WhiteWins
            }
        );
        assert_eq!(g.moves.len(), if pessimist_white { 5 } else { 6 });
        assert!(g.reason.contains("resigns"), "{}", g.reason);
    }

    let engines = vec![mover("a", &[], "tc=5+0.05"), mover("b", &[], "tc=5+0.05")];
    let mut config = MatchConfig::new(Variant::Pom, engines);
    config.adjudication.draw = Some(DrawRule {
        movenumber: 10,
        movecount: 2,
        score: 10,
    });
    let (report, pgn, _) = play_to_pgn(config.clone(), "draw");
    check_pgn(&pgn, 2, Variant::Pom);
    for g in &report.games {
        assert_eq!((g.result, g.termination), (GameResult::Draw, Termination::Adjudication));
        // Scores are level from the start; the rule waits for move 10.
        assert_eq!(g.moves.len(), 18);
    }

    config.adjudication.draw = None;
    config.adjudication.maxmoves = Some(7);
    let (report, _, _) = play_to_pgn(config, "maxmoves");
    assert!(report.games.iter().all(|g| g.moves.len() == 14 && g.result == GameResult::Draw));
}

#[test]
fn sprt_stops_a_lopsided_match() {
    let engines = vec![
        mover("greedy", &["--style", "greedy"], "tc=5+0.05"),
        mover("random", &[], "tc=5+0.05"),
    ];
    let mut config = MatchConfig::new(Variant::MiniPom, engines);
    config.games = 400;
    config.concurrency = 2;
    config.openings = OpeningSource::Random { plies: 2 };
    config.sprt = Some(Sprt {
        elo0: 0.0,
        elo1: 100.0,
        alpha: 0.05,
        beta: 0.05,
        model: SprtModel::Logistic,
    });
    let (report, pgn, live) = play_to_pgn(config, "sprt");
    let (llr, decision) = report.sprt.unwrap();
    assert_eq!(decision, Some(SprtDecision::H1), "{live}");
    assert!(llr >= 19f64.ln());
    assert!(report.games.len() < 400);
    check_pgn(&pgn, report.games.len(), Variant::MiniPom);
    assert!(live.contains("LLR"), "{live}");
}

#[test]
fn command_line_binary() {
    let pgn = temp_path("cli.pgn");
    let mover = random_mover();
    let out = Command::new(env!("CARGO_BIN_EXE_gorgon-match"))
        .args([
            "--variant",
            "minipom",
            "--engine",
            &format!("cmd={mover}"),
            "name=X",
            "arg=--style",
            "arg=greedy",
        ])
        .args([
            "--engine",
            &format!("cmd={mover}"),
            "name=Y",
            "--each",
            "tc=5+0.05",
            "timemargin=50",
        ])
        .args(["--games", "4", "--concurrency", "2", "--openings", "plies=2", "--seed", "3"])
        .args([
            "--pgnout",
            pgn.to_str().unwrap(),
            "--sprt",
            "elo0=0",
            "elo1=5",
            "--event",
            "cli test",
        ])
        .output()
        .expect("run gorgon-match");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("X vs Y: 4 games"), "{stdout}");
    assert!(stdout.contains("SPRT: LLR"), "{stdout}");
    assert_eq!(stderr.matches("Game ").count(), 4, "{stderr}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    let games = check_pgn(&text, 4, Variant::MiniPom);
    assert!(games.iter().all(|g| g.tag("Event") == Some("cli test")));

    let bad = Command::new(env!("CARGO_BIN_EXE_gorgon-match"))
        .args(["--engine", "cmd=x"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let missing = Command::new(env!("CARGO_BIN_EXE_gorgon-match"))
        .args([
            "--engine",
            "cmd=/nonexistent/engine",
            "--engine",
            &format!("cmd={mover}"),
            "--each",
            "depth=1",
        ])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot start"));
}

/// The binary with cutechess-cli's one-dash options, its help, and bad
/// command lines (exit status 2, the option named).
#[test]
fn command_line_one_dash_help_and_errors() {
    let mover = random_mover();
    let match_cmd = || Command::new(env!("CARGO_BIN_EXE_gorgon-match"));
    let out = match_cmd()
        .args([
            "-engine",
            &format!("cmd={mover}"),
            "name=a",
            "-engine",
            &format!("cmd={mover}"),
            "name=b",
        ])
        .args(["-each", "tc=1+0.01", "-variant", "minipom", "-games", "2", "-quiet"])
        .output()
        .expect("run gorgon-match");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("a vs b: 2 games"), "{stdout}");
    assert!(!stderr.contains("Game "), "-quiet: {stderr}");

    for help in ["--help", "-help", "-h"] {
        let out = match_cmd().arg(help).output().unwrap();
        assert!(out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stdout), gorgon_tournament::cli::USAGE, "{help}");
    }
    let out = match_cmd().arg("-version").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("gorgon-match "));

    for (bad, named) in [
        (&["-games", "x"][..], "'--games <N>'"),
        (&["-gmaes", "2"][..], "'--gmaes'"),
        (&["-each", "tc=fast"][..], "tc=fast"),
        (&["-each", "depth=1", "colour=red"][..], "'colour'"),
        (&["-openings"][..], "--openings"),
    ] {
        let out = match_cmd()
            .args(["-engine", &format!("cmd={mover}"), "-engine", &format!("cmd={mover}")])
            .args(bad)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {stderr}");
        assert!(stderr.contains(named), "{bad:?}: {stderr}");
        assert!(stderr.contains("Try 'gorgon-match --help'."), "{stderr}");
    }

    // The test engine rejects a misspelt fault rather than playing soundly.
    let out = Command::new(&mover).args(["--fault", "crahs"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
