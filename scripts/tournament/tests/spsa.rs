//! gorgon-tune for real (docs/SPSA.md): a few nodes-limited iterations of
//! Mini-POM with the `spsa` build of gorgon, in two calls (the second
//! resumes the state). The engines' traffic (`-debug`) shows θ+ and θ-
//! arriving as `setoption`s with the plan's values and no engine refusing
//! one; the state, its history and the PGN agree on the games. The plain
//! build of gorgon, which has no such options, refuses them, and the same
//! check sees it.

use gorgon_tests::gorgon_spsa_binary;
use std::path::Path;
use std::process::Command;

fn tune(dir: &Path, engine: &Path, steps: &str) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gorgon-tune"))
        .args(["--state", dir.join("state.json").to_str().unwrap()])
        .args([
            "--only",
            "RfpMargin,FutilityBase,LmrDivisor",
            "--games",
            "12",
            "--pairs",
            "1",
            "--seed",
            "5",
            "--steps",
            steps,
        ])
        .args([
            "--",
            "-each",
            &format!("cmd={}", engine.display()),
            "nodes=1500",
            "-variant",
            "minipom",
        ])
        .args(["-concurrency", "2", "-debug", "-pgnout", dir.join("games.pgn").to_str().unwrap()])
        .output()
        .expect("run gorgon-tune");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(out.status.success(), "gorgon-tune failed:\n{stderr}");
    (stdout, stderr)
}

#[test]
fn a_small_real_tune_sets_the_engines_options() {
    let dir = std::env::temp_dir().join(format!("gorgon-tune-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let engine = gorgon_spsa_binary();
    let (_, first) = tune(&dir, &engine, "2");
    assert!(first.contains("this worker played 2 iterations, 4 games"), "{first}");
    let (stdout, second) = tune(&dir, &engine, "100");
    assert!(second.contains("iteration 2 of 6"), "the second call resumes: {second}");
    assert!(second.contains("this worker played 4 iterations, 8 games"), "{second}");

    // Every game's engines were given the three parameters, θ+ and θ- in
    // turn, and took them: no `info string error` from either.
    for stderr in [&first, &second] {
        for side in ["theta+", "theta-"] {
            for name in ["RfpMargin", "FutilityBase", "LmrDivisor"] {
                let sent = format!("< setoption name {name} value ");
                assert!(
                    stderr.lines().any(|l| l.starts_with(&format!("[{side} ")) && l.contains(&sent)),
                    "{side} got no {name}:\n{stderr}"
                );
            }
        }
        assert!(!stderr.contains("> info string error"), "an engine refused an option:\n{stderr}");
    }
    // The perturbed values differ between the two sides of an iteration.
    let values = |side: &str| -> Vec<String> {
        second
            .lines()
            .filter(|l| l.starts_with(&format!("[{side} ")) && l.contains("< setoption name RfpMargin value "))
            .map(|l| l.rsplit(' ').next().unwrap().to_string())
            .collect()
    };
    assert_ne!(values("theta+"), values("theta-"));

    // The state, its history and the PGN agree: 6 iterations, 12 games.
    let state: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("state.json")).unwrap()).unwrap();
    assert_eq!((state["done"].as_u64(), state["games"].as_u64()), (Some(6), Some(12)), "{state}");
    let history = std::fs::read_to_string(dir.join("state.json.csv")).unwrap();
    assert_eq!(history.lines().count(), 7, "{history}");
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert_eq!(pgn.matches("[Result ").count(), 12);
    // The result: parameter lines and gorgon-match options.
    assert!(stdout.contains("# 6 of 6 iterations applied, 12 games"), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("RfpMargin, int, ")), "{stdout}");
    assert!(stdout.contains("# gorgon-match options: option.RfpMargin="), "{stdout}");

    // The plain build has the parameters as constants: its engines refuse
    // the options, and the traffic shows it (after the spsa build, which
    // put the plain binary back; in this test, so no other test runs the
    // file meanwhile).
    let plain = dir.join("plain");
    std::fs::create_dir_all(&plain).unwrap();
    let (_, refused) = tune(&plain, &gorgon_tests::gorgon_binary(), "1");
    assert!(
        refused.contains("> info string error") && refused.contains("RfpMargin"),
        "{refused}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
