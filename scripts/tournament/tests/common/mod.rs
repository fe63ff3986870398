//! Helpers shared by the runner's integration tests.
#![allow(dead_code)]

use gorgon_tournament::config::{EngineConfig, Protocol};
use gorgon_tournament::ending::Termination;
use gorgon_tournament::pgn::{parse_pgn, Game};
use gorgon_tournament::tc::Limits;
use gorgon_tournament::tournament::{run_match, MatchConfig, MatchReport};
use rules::Variant;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

/// The test engine built with this package.
pub fn random_mover() -> String {
    env!("CARGO_BIN_EXE_random-mover").to_string()
}

/// The limits of time-control words (`tc=1+0.01 timemargin=50`).
pub fn limits(tc: &str) -> Limits {
    let mut limits = Limits::default();
    for kv in tc.split_whitespace() {
        let (k, v) = kv.split_once('=').expect("key=value");
        assert!(limits.set(k, v).unwrap(), "{kv}");
    }
    limits
}

/// A random-mover engine with arguments and a time control (`tc=1+0.01`).
pub fn mover(name: &str, args: &[&str], tc: &str) -> EngineConfig {
    EngineConfig {
        name: name.into(),
        cmd: random_mover(),
        args: args.iter().map(|s| s.to_string()).collect(),
        dir: None,
        options: Vec::new(),
        limits: limits(tc),
        ..EngineConfig::default()
    }
}

/// The same, speaking CECP (`--protocol xboard`, `proto=xboard`).
pub fn xmover(name: &str, args: &[&str], tc: &str) -> EngineConfig {
    let mut e = mover(name, args, tc);
    e.args.extend(["--protocol".to_string(), "xboard".to_string()]);
    e.protocol = Protocol::Xboard;
    e
}

/// An engine with pondering on.
pub fn pondering(mut e: EngineConfig) -> EngineConfig {
    e.ponder = true;
    e
}

/// A fresh file path in the temp directory.
pub fn temp_path(tag: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("gorgon-match-test-{}-{tag}-{n}", std::process::id()))
}

/// Runs a match, returning the report and the live output.
pub fn play(config: &MatchConfig) -> (MatchReport, String) {
    let mut live = Vec::new();
    let report = run_match(config, &mut live).expect("match runs");
    (report, String::from_utf8(live).expect("utf-8"))
}

/// Checks a PGN text written by the runner: `games` games of `variant`,
/// every record complete, every move legal, rules endings confirmed by
/// the final position and engine-fault endings not. Returns the games.
pub fn check_pgn(text: &str, games: usize, variant: Variant) -> Vec<Game> {
    let parsed = parse_pgn(text);
    assert_eq!(parsed.len(), games, "{text}");
    for g in &parsed {
        assert_eq!(g.error, None, "{text}");
        for tag in [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Variant",
            "Termination",
            "PlyCount",
        ] {
            assert!(g.tag(tag).is_some(), "missing [{tag}] in {text}");
        }
        assert!(g.tag("TimeControl").is_some() || (g.tag("WhiteTimeControl").is_some() && g.tag("BlackTimeControl").is_some()));
        assert_eq!(g.variant, variant);
        assert_eq!(g.tag("Result"), Some(g.result.as_str()));
        assert_eq!(g.tag("PlyCount").unwrap().parse::<usize>().unwrap(), g.moves.len());
        assert_eq!(g.tag("FEN").is_some(), g.start_fen != variant.start_fen());
        assert_eq!(g.tag("FEN").is_some(), g.tag("SetUp") == Some("1"));
        let termination = Termination::from_text(g.tag("Termination").unwrap()).expect("known termination");
        let outcome = g.final_position().outcome();
        match termination {
            Termination::Checkmate
            | Termination::Stalemate
            | Termination::Repetition
            | Termination::FiftyMoves
            | Termination::InsufficientMaterial => {
                let o = outcome.unwrap_or_else(|| panic!("{termination} but the game goes on: {text}"));
                assert_eq!(o.result().pgn(), g.result);
                assert_eq!(o.to_string(), termination_outcome_text(termination, &g.result));
            }
            _ => assert!(outcome.is_none(), "{termination} in a finished position"),
        }
    }
    parsed
}

fn termination_outcome_text(t: Termination, result: &str) -> String {
    match t {
        Termination::Checkmate if result == "1-0" => "White mates".into(),
        Termination::Checkmate => "Black mates".into(),
        other => other.text().into(),
    }
}

/// A match of two engines with the PGN written to a temp file; returns
/// the report, the PGN text and the live output.
pub fn play_to_pgn(mut config: MatchConfig, tag: &str) -> (MatchReport, String, String) {
    let path = temp_path(&format!("{tag}.pgn"));
    config.pgn_out = Some(path.clone());
    let (report, live) = play(&config);
    let text = std::fs::read_to_string(&path).expect("PGN written");
    let _ = std::fs::remove_file(&path);
    (report, text, live)
}
