//! Strength levels and the mate search over the pipe (issue 66):
//! `Skill Level`, `UCI_LimitStrength`, `UCI_Elo` and `Skill Seed` as a
//! GUI sets them, their refusals and clamping, a level's shallower search
//! and reproducible choice, and `go mate N` on the mate positions of the
//! suite's own tactics set.

use gorgon_tests::Engine;
use rules::{Position, Variant};
use std::path::Path;
use std::time::Duration;

/// Generous: the machine may be loaded.
const T: Duration = Duration::from_secs(120);

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("lines");
    last.strip_prefix("bestmove ")
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("not a bestmove line: {last:?}"))
        .to_string()
}

/// The deepest `depth` of the `info` lines.
fn deepest(lines: &[String]) -> u32 {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|r| r.split_whitespace().next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

/// The search's last `info depth` line.
fn last_info(lines: &[String]) -> &str {
    lines.iter().rev().find(|l| l.starts_with("info depth ")).expect("an info line")
}

fn go(e: &mut Engine, go: &str) -> Vec<String> {
    e.send(go);
    e.read_until(T, |l| l.starts_with("bestmove "))
}

#[test]
fn the_options_are_announced_with_stockfishs_names() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let lines = e.expect_line("uciok", T);
    for option in [
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1500 min 850 max 2200",
        "option name Skill Seed type spin default 0 min 0 max 2147483647",
    ] {
        assert!(lines.iter().any(|l| l == option), "missing {option}: {lines:?}");
    }
}

#[test]
fn bad_values_are_refused_or_clamped_and_said() {
    let mut e = Engine::start(&[]);
    e.send("setoption name Skill Level value 0");
    e.expect_error(
        "setoption name Skill Level value 21",
        "option 'Skill Level': 21 is out of range 0..20",
    );
    e.expect_error("setoption name Skill Level value -1", "out of range 0..20");
    e.expect_error("setoption name Skill Level value weak", "is not a number");
    // The old value stays: level 0 searches one ply.
    e.send("position startpos");
    let lines = go(&mut e, "go movetime 2000");
    assert_eq!(deepest(&lines), 1, "{lines:?}");
    e.send("setoption name UCI_Elo value 9000");
    let said = e.sync();
    assert!(
        said.iter()
            .any(|l| l == "info string UCI_Elo 9000 is outside 850..2200: set to 2200"),
        "{said:?}"
    );
    e.send("setoption name UCI_Elo value -3");
    let said = e.sync();
    assert!(
        said.iter().any(|l| l.contains("UCI_Elo -3 is outside 850..2200: set to 850")),
        "{said:?}"
    );
    e.expect_error("go mate 0", "go: expected a mate in 1 or more moves, got '0'");
    e.expect_error("go mate -4", "got '-4'");
    // Still playing.
    let lines = go(&mut e, "go depth 1");
    Position::startpos(Variant::Pom).parse_move(&bestmove(&lines)).unwrap();
}

/// A level searches 1 + level plies and at least four lines; UCI_Elo, with
/// UCI_LimitStrength on, overrides Skill Level; off again, full strength.
#[test]
fn a_level_searches_shallower_and_more_lines() {
    let mut e = Engine::start(&[]);
    e.send("setoption name Skill Level value 3");
    e.send("position startpos moves e3e5 h10h8");
    let lines = go(&mut e, "go movetime 3000");
    assert_eq!(deepest(&lines), 4, "{lines:?}");
    for pv in 1..=4 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 4 ") && l.contains(&format!(" multipv {pv} "))),
            "no line {pv} at depth 4: {lines:?}"
        );
    }
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 850");
    let lines = go(&mut e, "go movetime 3000");
    assert_eq!(deepest(&lines), 1, "UCI_Elo 850 is level 0: {lines:?}");
    e.send("setoption name UCI_LimitStrength value false");
    e.send("setoption name Skill Level value 20");
    let lines = go(&mut e, "go depth 7");
    assert_eq!(deepest(&lines), 7, "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.contains(" multipv 2 ")),
        "full strength, MultiPV 1: {lines:?}"
    );
}

/// With a seed, a level's choice depends on the seed and the position:
/// two engines agree move for move over a game's positions, and across
/// positions level 0 does not always play its own best line.
#[test]
fn a_seeded_level_is_reproducible_and_not_always_the_best_line() {
    let mut engines: Vec<Engine> = (0..2).map(|_| Engine::start(&[])).collect();
    for e in &mut engines {
        e.send("setoption name Skill Level value 0");
        e.send("setoption name Skill Seed value 42");
    }
    let mut pos = Position::startpos(Variant::Pom);
    let mut moves: Vec<String> = Vec::new();
    let mut not_first = 0;
    for _ in 0..16 {
        let position = format!("position startpos moves {}", moves.join(" "));
        let mut played = Vec::new();
        for e in &mut engines {
            e.send(&position);
            let lines = go(e, "go depth 1");
            let first = lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth 1 ") && l.contains(" multipv 1 "))
                .and_then(|l| l.split(" pv ").nth(1))
                .and_then(|pv| pv.split_whitespace().next())
                .unwrap_or_else(|| panic!("no first line: {lines:?}"))
                .to_string();
            let best = bestmove(&lines);
            if best != first {
                not_first += 1;
            }
            played.push(best);
        }
        assert_eq!(played[0], played[1], "the same seed, the same position, after {moves:?}");
        let mv = pos.parse_move(&played[0]).unwrap_or_else(|e| panic!("{}: {e}", played[0]));
        if pos.legal_move_vec().is_empty() {
            break;
        }
        pos.make(mv);
        moves.push(played[0].clone());
        if pos.legal_move_vec().is_empty() {
            break;
        }
    }
    assert!(not_first > 0, "level 0 played its best line in every position of {moves:?}");
}

/// The tactics set's mates (`nets #N` in their comments), each found by
/// `go mate N` within N moves.
#[test]
fn go_mate_solves_the_tactics_sets_mates() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/engine/tactics");
    let mut solved = 0;
    for (file, variant) in [("pom.epd", "pom"), ("minipom.epd", "minipom")] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let mut e = Engine::start(&[]);
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let Some(n) = line
                .split("nets #")
                .nth(1)
                .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            else {
                continue;
            };
            let n: i32 = n.parse().unwrap();
            let fen = line.split(" ; ").next().unwrap();
            e.send("ucinewgame");
            e.send(&format!("position fen {fen}"));
            let lines = go(&mut e, &format!("go mate {n}"));
            let last_info = last_info(&lines);
            let mate: i32 = last_info
                .split(" score mate ")
                .nth(1)
                .and_then(|r| r.split_whitespace().next()?.parse().ok())
                .unwrap_or_else(|| panic!("{variant} {fen}: no mate score in {last_info}"));
            assert!((1..=n).contains(&mate), "{variant} {fen}: mate {mate}, want at most {n}");
            let pv_first = last_info.split(" pv ").nth(1).and_then(|p| p.split_whitespace().next()).unwrap();
            assert_eq!(bestmove(&lines), pv_first, "the bestmove starts the mating line");
            solved += 1;
        }
    }
    assert!(solved >= 10, "only {solved} mate positions");
}

/// The suite's mate set (engine/engine/tests/data/mates.tsv): `go mate N`
/// finds each mate in N and plays one of its mating first moves.
#[test]
fn go_mate_plays_the_mate_sets_solutions() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/engine/tests/data/mates.tsv");
    let text = std::fs::read_to_string(file).unwrap();
    let mut e = Engine::start(&[]);
    let mut solved = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cells: Vec<&str> = line.split('\t').collect();
        let [name, variant, fen, n, solutions] = cells[..] else {
            panic!("{line}")
        };
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("ucinewgame");
        e.send(&format!("position fen {fen}"));
        let lines = go(&mut e, &format!("go mate {n}"));
        let last_info = last_info(&lines);
        assert!(last_info.contains(&format!(" score mate {n} ")), "{name}: {last_info}");
        let best = bestmove(&lines);
        assert!(solutions.split(' ').any(|s| s == best), "{name}: {best} is none of {solutions}");
        solved += 1;
    }
    assert!(solved >= 10, "only {solved} mates");
}

/// No mate within N: the search ends by itself with the best move found,
/// and `stop` ends a longer one as everywhere.
#[test]
fn go_mate_without_a_mate_ends_with_a_move_and_honours_stop() {
    let mut e = Engine::start(&[]);
    e.send("setoption name UCI_Variant value minipom");
    e.send("position startpos");
    let lines = go(&mut e, "go mate 1");
    assert!(!lines.iter().any(|l| l.contains("score mate")), "{lines:?}");
    Position::startpos(Variant::MiniPom).parse_move(&bestmove(&lines)).unwrap();
    e.send("position startpos");
    e.send("go mate 40");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    Position::startpos(Variant::MiniPom).parse_move(&bestmove(&lines)).unwrap();
}
