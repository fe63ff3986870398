//! The committed opening suites in matches: `--openings suite` plays the
//! variant's embedded suite line by line, from any directory, and the
//! summary and the SPRT line name it.

mod common;

use common::{check_pgn, random_mover, temp_path};
use gorgon_tournament::openings::Suite;
use rules::Variant;
use std::process::Command;

#[test]
fn openings_suite_plays_the_variants_suite_and_the_summary_names_it() {
    let mover = random_mover();
    for (variant, word) in [(Variant::MiniPom, "minipom"), (Variant::Pom, "pom")] {
        let suite = Suite::find(variant, None).unwrap();
        let lines = suite.openings().unwrap();
        let pgn = temp_path(&format!("suite-{word}.pgn"));
        // Run from a directory with no suite in it: the suite is embedded.
        let out = Command::new(env!("CARGO_BIN_EXE_gorgon-match"))
            .current_dir(std::env::temp_dir())
            .args([
                "--variant",
                word,
                "--engine",
                &format!("cmd={mover}"),
                "name=X",
                "arg=--style",
                "arg=greedy",
            ])
            .args(["--engine", &format!("cmd={mover}"), "name=Y", "--each", "depth=1"])
            .args(["--games", "4", "--openings", "suite", "start=2", "--quiet"])
            .args(["--pgnout", pgn.to_str().unwrap(), "--sprt", "elo0=0", "elo1=5"])
            .output()
            .expect("run gorgon-match");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
        let named = format!("suite {} ({} openings, sha256 {}", suite.name, lines.len(), &suite.sha256()[..12]);
        assert!(stdout.contains(&format!("Openings: {named}")), "{stdout}");
        assert!(stdout.lines().any(|l| l.starts_with("SPRT: LLR") && l.contains(&named)), "{stdout}");
        let text = std::fs::read_to_string(&pgn).unwrap();
        let _ = std::fs::remove_file(&pgn);
        let games = check_pgn(&text, 4, variant);
        // start=2 is the suite's second line: games 1-2 play it, 3-4 the third.
        for (g, line) in games.iter().zip([&lines[1], &lines[1], &lines[2], &lines[2]]) {
            assert_eq!(g.tag("FEN"), None);
            assert_eq!(g.move_texts[..line.moves.len()], line.moves[..], "{word}");
            assert!(g.comments[..line.moves.len()].iter().all(|c| c == &["book"]));
        }
        assert_ne!(lines[1].moves, lines[2].moves);
    }
}

#[test]
fn a_suite_of_another_variant_or_unknown_is_a_bad_command_line() {
    let mover = random_mover();
    for (variant, name, want) in [("minipom", "suite=pom-1", "minipom-2, minipom-1"), ("pom", "suite=pom-0", "pom-1")] {
        let out = Command::new(env!("CARGO_BIN_EXE_gorgon-match"))
            .args([
                "--variant",
                variant,
                "--engine",
                &format!("cmd={mover}"),
                "--engine",
                &format!("cmd={mover}"),
            ])
            .args(["--each", "depth=1", "--openings", name])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("no opening suite") && stderr.contains(want), "{stderr}");
    }
}
