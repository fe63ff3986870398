//! A search with two threads speaks with one voice (issue 50): within one
//! search the reported depth never goes back, and the move played is the
//! head of the last exact line shown (a bounded line of an iteration the
//! time cut short is provisional). XBoard clears its thinking window when the
//! ply of a line is lower than the one before, and a UCI GUI would show a
//! line that the engine then does not play.
//!
//! Many short two-thread searches in games the engine plays against itself,
//! in both protocols and both variants: short enough that the helper thread
//! often finishes an iteration the main thread has not, or the other way
//! round, which is when the voted thread's line could step back.

use gorgon_tests::Engine;
use std::time::Duration;

const T: Duration = Duration::from_secs(30);

/// Searches per variant and protocol; each takes a few to 60 ms.
const SEARCHES: usize = 60;

/// The move time of search `i`: short and varied, so that the iterations
/// the two threads complete differ from search to search.
fn move_time_ms(i: usize) -> u64 {
    [5, 12, 20, 35, 60][i % 5]
}

/// One line of thinking output: its depth, the head of its PV, and
/// whether its score is exact (not a bound).
type Line = (u32, Option<String>, bool);

/// Checks one search's lines in the order reported, then the move played.
/// `what` names the search for the failure message.
fn check_search(lines: &[Line], played: &str, what: &str) {
    for pair in lines.windows(2) {
        assert!(
            pair[1].0 >= pair[0].0,
            "{what}: depth went back from {} to {} in {lines:?}",
            pair[0].0,
            pair[1].0
        );
    }
    if let Some((_, Some(head), _)) = lines.iter().rev().find(|(_, pv, exact)| pv.is_some() && *exact) {
        assert_eq!(head, played, "{what}: played {played} after showing {lines:?}");
    }
}

/// The value after `key` in a UCI `info` line.
fn field<'a>(words: &[&'a str], key: &str) -> Option<&'a str> {
    words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1).copied())
}

#[test]
fn uci_depth_and_line_never_go_back_with_two_threads() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.expect_line("uciok", T);
    e.send("setoption name Threads value 2");
    e.send("setoption name Hash value 16");
    for variant in ["pom", "minipom"] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("ucinewgame");
        e.sync();
        let mut moves: Vec<String> = Vec::new();
        for i in 0..SEARCHES {
            // A new game every 30 plies keeps the positions in the opening
            // and middlegame, where iterations are slow enough to differ.
            if moves.len() >= 30 {
                moves.clear();
                e.send("ucinewgame");
            }
            let position = if moves.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {}", moves.join(" "))
            };
            e.send(&position);
            e.send(&format!("go movetime {}", move_time_ms(i)));
            let out = e.read_until(T, |l| l.starts_with("bestmove"));
            let mut lines = Vec::new();
            for l in &out {
                let words: Vec<&str> = l.split_whitespace().collect();
                if words.first() != Some(&"info") || field(&words, "multipv").is_some_and(|m| m != "1") {
                    continue;
                }
                if let Some(depth) = field(&words, "depth").and_then(|d| d.parse::<u32>().ok()) {
                    let exact = !words.contains(&"lowerbound") && !words.contains(&"upperbound");
                    lines.push((depth, field(&words, "pv").map(str::to_string), exact));
                }
            }
            let played = out.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
            check_search(&lines, &played, &format!("{variant} search {i} after `{position}`"));
            if played == "(none)" {
                moves.clear();
                e.send("ucinewgame");
            } else {
                moves.push(played);
            }
        }
    }
    e.send("quit");
    assert!(e.wait_exit(T).is_some());
}

#[test]
fn cecp_ply_and_line_never_go_back_with_two_threads() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.read_until(T, |l| l.contains("done=1"));
    e.send("cores 2");
    e.send("memory 16");
    for variant in ["pom", "minipom"] {
        e.send("new");
        e.send(&format!("variant {variant}"));
        e.send("post");
        e.send("force");
        e.send("ping 1");
        e.expect_line("pong 1", T);
        let mut plies = 0;
        for i in 0..SEARCHES {
            if plies >= 30 {
                plies = 0;
                e.send("new");
                e.send(&format!("variant {variant}"));
                e.send("post");
                e.send("force");
            }
            // The engine's clock in centiseconds: a sudden-death level with
            // a fraction of a second left gives searches of a few to tens
            // of milliseconds.
            e.send("level 0 1 0");
            e.send(&format!("time {}", move_time_ms(i) * 3));
            e.send(&format!("otim {}", move_time_ms(i) * 3));
            e.send("go");
            let out = e.read_until(T, |l| {
                l.starts_with("move ") || l.contains(" {") && (l.starts_with("1-0") || l.starts_with("0-1") || l.starts_with("1/2-1/2"))
            });
            let mut lines = Vec::new();
            for l in &out {
                // Thinking output: `ply score time nodes pv...`.
                let words: Vec<&str> = l.split_whitespace().collect();
                if words.len() >= 4 && words[..4].iter().all(|w| w.trim_end_matches(['+', '-']).parse::<i64>().is_ok()) {
                    let depth = words[0].parse::<u32>().unwrap();
                    // A bound ends the line with `!` (lower) or `?` (upper).
                    let exact = !l.ends_with('!') && !l.ends_with('?');
                    lines.push((depth, words.get(4).map(|m| m.to_string()), exact));
                }
            }
            let last = out.last().unwrap();
            let Some(played) = last.strip_prefix("move ") else {
                // The game ended: start another.
                plies = 30;
                continue;
            };
            check_search(&lines, played, &format!("{variant} search {i} (ply {plies})"));
            plies += 1;
            // Back to force mode; the engine's move stays on the board.
            e.send("force");
        }
    }
    e.send("quit");
    assert!(e.wait_exit(T).is_some());
}
