//! Gorgon against Gorgon through the runner: real games in both variants
//! with the engine binary of this build profile (built with cargo if
//! missing or stale, by `gorgon_tests::gorgon_binary`), over UCI, with
//! pondering and two threads, over CECP (`gorgon` as an XBoard engine) and
//! UCI against CECP. The tests fail if the binary cannot be built, does
//! not start, or gives no `bestmove`.

mod common;

use common::*;
use gorgon_tests::gorgon_binary;
use gorgon_tournament::config::{EngineConfig, Protocol};
use gorgon_tournament::pgn::parse_pgn;
use gorgon_tournament::tournament::MatchReport;
use gorgon_tournament::tournament::{MatchConfig, OpeningSource};
use gorgon_tournament::uci::{Recv, UciEngine};
use rules::Variant;
use std::time::{Duration, Instant};

fn gorgon(name: &str, tc: &str, options: &[(&str, &str)]) -> EngineConfig {
    EngineConfig {
        name: name.into(),
        cmd: gorgon_binary().to_string_lossy().into_owned(),
        args: Vec::new(),
        dir: None,
        options: options.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect(),
        limits: limits(tc),
        ..EngineConfig::default()
    }
}

/// Checks that the engine starts and that `go depth 1` brings a `bestmove`
/// within 5 s, so that a broken engine fails here with a plain message
/// rather than as faults somewhere in a match.
fn assert_search_works(variant: Variant) {
    let config = gorgon("probe", "depth=1", &[]);
    let mut e = UciEngine::start(&config, variant.name(), Duration::from_secs(10), None)
        .unwrap_or_else(|err| panic!("{} does not start as a UCI engine: {err}", config.cmd));
    e.send("position startpos").expect("send position");
    e.send("go depth 1").expect("send go");
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut transcript = Vec::new();
    loop {
        match e.recv(deadline) {
            Recv::Line((_, l)) if l.starts_with("bestmove") => return,
            Recv::Line((_, l)) => transcript.push(l),
            other => panic!(
                "gorgon ({}) gives no bestmove for `go depth 1` in 5 s ({other:?}); it said {}",
                config.cmd,
                if transcript.is_empty() {
                    "nothing".to_string()
                } else {
                    format!("this:\n{}", transcript.join("\n"))
                }
            ),
        }
    }
}

/// Gorgon speaking CECP (`proto=xboard`; it recognises the `xboard` line).
fn xgorgon(name: &str, tc: &str, options: &[(&str, &str)]) -> EngineConfig {
    EngineConfig {
        protocol: Protocol::Xboard,
        ..gorgon(name, tc, options)
    }
}

/// Plays `games` games of the two engines with random 4-ply openings on
/// `concurrency` threads; checks the PGN, that no game ended by a fault,
/// that every engine move has a score and depth, and that no engine was
/// restarted. Returns the report.
fn gorgon_games(variant: Variant, engines: Vec<EngineConfig>, games: u32, concurrency: usize) -> MatchReport {
    assert_search_works(variant);
    let mut config = MatchConfig::new(variant, engines);
    config.games = games;
    config.concurrency = concurrency;
    config.openings = OpeningSource::Random { plies: 4 };
    let (report, pgn, live) = play_to_pgn(config, "gorgon");
    assert_eq!(report.games.len(), games as usize, "{live}");
    check_pgn(&pgn, games as usize, variant);
    for g in &report.games {
        assert!(!g.termination.is_fault(), "{}: {}\n{live}", g.termination, g.reason);
        assert!(g.moves.iter().filter(|m| !m.book).all(|m| m.depth.is_some() && m.score.is_some()));
    }
    let workers = concurrency.min(games as usize) as u32;
    assert_eq!(report.engine_starts, [workers, workers]);
    report
}

fn gorgon_match(variant: Variant, tc: &str, games: u32) {
    let engines = vec![gorgon("G1", tc, &[("Hash", "8")]), gorgon("G2", tc, &[("Hash", "8")])];
    gorgon_games(variant, engines, games, 2);
}

#[test]
fn gorgon_vs_gorgon_pom_at_fixed_depth() {
    gorgon_match(Variant::Pom, "depth=2", 2);
}

#[test]
fn gorgon_vs_gorgon_minipom_on_the_clock() {
    // A generous margin: the test machine may be busy, and this test is
    // about whole games through the runner; long soaks measure the
    // engine's time discipline.
    gorgon_match(Variant::MiniPom, "tc=3+0.03 timemargin=1000", 2);
}

/// Both sides ponder with two threads (`ponder option.Threads=2`): the
/// games end normally, and ponder searches were hit and missed.
#[test]
fn gorgon_ponders_with_two_threads() {
    let tc = "tc=3+0.03 timemargin=1000";
    let options = [("Hash", "8"), ("Threads", "2")];
    let engines = vec![pondering(gorgon("P1", tc, &options)), pondering(gorgon("P2", tc, &options))];
    let report = gorgon_games(Variant::MiniPom, engines, 2, 1);
    let (hits, misses) = report.ponder.iter().fold((0, 0), |(h, m), p| (h + p.hits, m + p.misses));
    assert!(hits > 0 && misses > 0, "{:?}", report.ponder);
}

/// Gorgon as a CECP engine on both sides, in both variants.
#[test]
fn gorgon_vs_gorgon_over_cecp() {
    let tc = "tc=3+0.03 timemargin=1000";
    for variant in Variant::ALL {
        let engines = vec![xgorgon("X1", tc, &[("memory", "8")]), xgorgon("X2", tc, &[("memory", "8")])];
        gorgon_games(variant, engines, 2, 2);
    }
}

/// Gorgon over UCI against Gorgon over CECP, the CECP side pondering
/// (`hard`), in both variants.
#[test]
fn gorgon_uci_vs_gorgon_cecp() {
    let tc = "tc=3+0.03 timemargin=1000";
    for variant in Variant::ALL {
        let engines = vec![gorgon("U", tc, &[("Hash", "8")]), pondering(xgorgon("X", tc, &[("memory", "8")]))];
        gorgon_games(variant, engines, 2, 2);
    }
}

/// `gorgon annotate` on the runner's PGN keeps every comment of the
/// runner (`{book}`, the engines' `{+0.35/12 0.02s}`, the reason the game
/// ended) and adds its own judgement after them (issue 48).
#[test]
fn annotate_keeps_the_runners_comments() {
    let engines = vec![
        gorgon("G1", "nodes=300", &[("Hash", "4")]),
        gorgon("G2", "nodes=500", &[("Hash", "4")]),
    ];
    let mut config = MatchConfig::new(Variant::MiniPom, engines);
    config.games = 2;
    config.openings = OpeningSource::Random { plies: 2 };
    config.adjudication.maxmoves = Some(12);
    let (_, pgn, _) = play_to_pgn(config, "annotate-in");
    let played = check_pgn(&pgn, 2, Variant::MiniPom);
    let input = temp_path("annotate-in.pgn");
    let output = temp_path("annotate-out.pgn");
    std::fs::write(&input, &pgn).unwrap();
    let out = std::process::Command::new(gorgon_binary())
        .args([
            "annotate",
            input.to_str().unwrap(),
            "--depth",
            "2",
            "--hash",
            "4",
            "--quiet",
            "--out",
        ])
        .arg(&output)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&output).unwrap();
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
    let annotated = parse_pgn(&text);
    assert_eq!(annotated.len(), 2, "{text}");
    let mut engine_comments = 0;
    for (a, b) in played.iter().zip(&annotated) {
        assert_eq!(a.move_texts, b.move_texts);
        assert_eq!(a.result, b.result);
        for (ply, (before, after)) in a.comments.iter().zip(&b.comments).enumerate() {
            // The runner's comments first, as they were, then annotate's.
            assert!(!before.is_empty(), "ply {ply}: {pgn}");
            assert_eq!(after[..before.len()], before[..], "ply {ply}: {text}");
            assert!(after.len() > before.len(), "ply {ply}: no judgement in {text}");
            engine_comments += before.iter().filter(|c| c.contains('/') && c.ends_with('s')).count();
        }
    }
    assert!(engine_comments > 10, "{text}");
}
