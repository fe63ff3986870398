//! Gorgon against Gorgon through the runner: real games in both variants
//! with the engine binary of this build profile (built with cargo if
//! missing or stale, by `gorgon_tests::gorgon_binary`). The tests fail if
//! the binary cannot be built, does not start, or gives no `bestmove`.

mod common;

use common::*;
use gorgon_scripts::tournament::{MatchConfig, OpeningSource};
use gorgon_scripts::uci::{EngineConfig, Recv, UciEngine};
use gorgon_tests::gorgon_binary;
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

fn gorgon_match(variant: Variant, tc: &str, games: u32) {
    assert_search_works(variant);
    let engines = vec![gorgon("G1", tc, &[("Hash", "8")]), gorgon("G2", tc, &[("Hash", "8")])];
    let mut config = MatchConfig::new(variant, engines);
    config.games = games;
    config.concurrency = 2;
    config.openings = OpeningSource::Random { plies: 4 };
    let (report, pgn, live) = play_to_pgn(config, "gorgon");
    assert_eq!(report.games.len(), games as usize, "{live}");
    check_pgn(&pgn, games as usize, variant);
    for g in &report.games {
        assert!(!g.termination.is_fault(), "{}: {}\n{live}", g.termination, g.reason);
        assert!(g.moves.iter().filter(|m| !m.book).all(|m| m.depth.is_some() && m.score.is_some()));
    }
    assert_eq!(report.engine_starts, [2, 2]);
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
