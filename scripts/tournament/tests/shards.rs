//! A match played whole and as three shards (`--shard I/3`) through the
//! `gorgon-match` binary, with Gorgon at a fixed node count on one thread
//! (deterministic): the shards' PGN files concatenated hold the games of
//! the whole run, in order, with the same numbers, openings, moves and
//! results; and `--stats` on the three files prints the whole run's
//! statistics line (docs/SHARDING.md).

mod common;

use common::*;
use gorgon_tests::gorgon_binary;
use gorgon_tournament::pgn::Game;
use rules::Variant;
use std::path::Path;
use std::process::Command;

/// Runs `gorgon-match` with these arguments; its stdout (it must succeed).
fn gorgon_match(args: &[String]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_gorgon-match"))
        .args(args)
        .output()
        .expect("run gorgon-match");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "gorgon-match {args:?} failed:\n{stdout}\n{stderr}");
    stdout.into_owned()
}

/// A Mini-POM match of 7 games (4 opening pairs, the last one a single
/// game) between two Gorgons at 400 and 700 nodes a move, written to
/// `pgn`.
fn play(pgn: &Path, extra: &[&str]) -> String {
    let cmd = format!("cmd={}", gorgon_binary().display());
    let mut args: Vec<String> = [
        "--variant",
        "minipom",
        "--engine",
        cmd.as_str(),
        "name=G1",
        "--engine",
        cmd.as_str(),
        "name=G2",
        "nodes=700",
        "--each",
        "nodes=400",
        "option.Hash=4",
        "option.Threads=1",
        "--games",
        "7",
        "--openings",
        "plies=4",
        "--seed",
        "5",
        "--maxmoves",
        "120",
        "--quiet",
        "--pgnout",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.push(pgn.display().to_string());
    args.extend(extra.iter().map(|s| s.to_string()));
    gorgon_match(&args)
}

/// What must be equal game for game: number, players, opening and moves,
/// result and ending (not the dates, times or scores).
fn essence(g: &Game) -> (Vec<Option<&str>>, &[String], &str) {
    let tags = ["Round", "White", "Black", "Result", "Termination", "PlyCount"].map(|t| g.tag(t));
    (tags.to_vec(), &g.move_texts[..], g.result.as_str())
}

/// The line of a summary that starts so.
fn line<'a>(summary: &'a str, start: &str) -> &'a str {
    summary
        .lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line '{start}...' in\n{summary}"))
}

#[test]
fn three_shards_concatenate_into_the_whole_match() {
    let whole_pgn = temp_path("whole.pgn");
    // Two games at once in the whole run: the order of the PGN is the
    // game order whatever finishes first.
    let whole = play(&whole_pgn, &["--concurrency", "2"]);
    let whole_text = std::fs::read_to_string(&whole_pgn).unwrap();
    let whole_games = check_pgn(&whole_text, 7, Variant::MiniPom);

    let mut shard_pgns = Vec::new();
    let mut merged = String::new();
    let mut summaries = Vec::new();
    for i in 0..3 {
        let path = temp_path(&format!("shard{i}.pgn"));
        summaries.push(play(&path, &["--shard", &format!("{i}/3")]));
        merged.push_str(&std::fs::read_to_string(&path).unwrap());
        shard_pgns.push(path);
    }
    // 4 pairs in 3 shards: pairs 1, 2 and 3-4 (games 1-2, 3-4, 5-7).
    assert!(
        summaries[0].starts_with("Shard 0/3: pair 1 of 4, games 1-2 of 7\nG1 vs G2: 2 games"),
        "{}",
        summaries[0]
    );
    assert!(
        summaries[2].starts_with("Shard 2/3: pairs 3-4 of 4, games 5-7 of 7\nG1 vs G2: 3 games"),
        "{}",
        summaries[2]
    );

    let merged_games = check_pgn(&merged, 7, Variant::MiniPom);
    for (k, (a, b)) in whole_games.iter().zip(&merged_games).enumerate() {
        assert_eq!(essence(a), essence(b), "game {}", k + 1);
        assert_eq!(a.tag("Round"), Some((k + 1).to_string().as_str()));
    }
    // Not all one game: the openings differ by pair and the colours swap.
    assert_ne!(whole_games[0].move_texts[..4], whole_games[2].move_texts[..4]);
    assert_eq!(whole_games[0].move_texts[..4], whole_games[1].move_texts[..4]);
    assert_eq!(whole_games[0].tag("White"), whole_games[1].tag("Black"));

    // --stats on the shards' files prints the whole run's figures.
    let mut args: Vec<String> = vec!["--stats".into()];
    args.extend(shard_pgns.iter().map(|p| p.display().to_string()));
    let stats = gorgon_match(&args);
    assert!(stats.starts_with("7 games from files ("), "{stats}");
    let result = line(&whole, "G1 vs G2: 7 games ");
    // Three complete pairs (the seventh game has no partner).
    let ptnml = result.split("Ptnml [").nth(1).expect("a pentanomial").trim_end_matches(']');
    let pairs: u32 = ptnml.split(", ").map(|n| n.parse::<u32>().unwrap()).sum();
    assert_eq!(pairs, 3, "{whole}");
    assert_eq!(line(&stats, "G1 vs G2: "), result, "{stats}\n{whole}");
    assert_eq!(line(&stats, "Endings: "), line(&whole, "Endings: "));
    // With SPRT bounds, the LLR of the pairs and a verdict.
    args.extend(["--sprt", "elo0=0", "elo1=10"].map(String::from));
    let sprt = gorgon_match(&args);
    assert!(line(&sprt, "G1 vs G2: ").starts_with(result), "{sprt}");
    assert!(line(&sprt, "G1 vs G2: ").contains(", LLR "), "{sprt}");
    assert!(line(&sprt, "SPRT: LLR ").ends_with("no decision"), "{sprt}");

    for p in shard_pgns.iter().chain([&whole_pgn]) {
        let _ = std::fs::remove_file(p);
    }
}

/// A shard with no pair plays nothing, writes an empty PGN and succeeds;
/// `--sprt` with a shard is refused.
#[test]
fn empty_shard_and_sprt() {
    let path = temp_path("empty.pgn");
    let args: Vec<String> = [
        "--engine",
        format!("cmd={}", random_mover()).as_str(),
        "--engine",
        format!("cmd={}", random_mover()).as_str(),
        "--each",
        "nodes=1",
        "--games",
        "2",
        "--shard",
        "0/2",
        "--pgnout",
        path.display().to_string().as_str(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = gorgon_match(&args);
    assert!(out.starts_with("Shard 0/2: no games (the match has 1 pairs, 2 games)\n"), "{out}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "");
    let _ = std::fs::remove_file(&path);
    let refused = Command::new(env!("CARGO_BIN_EXE_gorgon-match"))
        .args(&args[..10])
        .args(["--sprt", "elo0=0", "elo1=5"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--stats --sprt"), "{refused:?}");
}

/// `gorgon annotate`'s PGN is read back by the runner's reader: `--stats`
/// on the annotated games prints the original's statistics.
#[test]
fn annotated_games_give_the_same_stats() {
    let pgn = temp_path("to-annotate.pgn");
    let whole = play(&pgn, &["--concurrency", "2"]);
    let annotated = temp_path("annotated.pgn");
    let out = Command::new(gorgon_binary())
        .args(["annotate", &pgn.display().to_string(), "--nodes", "300", "--quiet", "--out"])
        .arg(&annotated)
        .output()
        .expect("run gorgon annotate");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&annotated).unwrap();
    assert_eq!(text.matches("[Annotator \"Gorgon").count(), 7, "{text}");
    let games = check_pgn(&text, 7, Variant::MiniPom);
    let original = check_pgn(&std::fs::read_to_string(&pgn).unwrap(), 7, Variant::MiniPom);
    for (a, b) in games.iter().zip(&original) {
        assert_eq!(essence(a), essence(b));
    }
    let stats = gorgon_match(&["--stats".to_string(), annotated.display().to_string()]);
    assert_eq!(line(&stats, "G1 vs G2: "), line(&whole, "G1 vs G2: 7 games "), "{stats}\n{whole}");
    for p in [&pgn, &annotated] {
        let _ = std::fs::remove_file(p);
    }
}
