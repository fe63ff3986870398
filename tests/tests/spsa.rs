//! The search's tunable parameters (engine/engine/src/player/params.rs,
//! docs/SPSA.md) in the `spsa` build of gorgon: `uci` lists each as a
//! spin option matching `gorgon spsa-params`, and `setoption` reaches the
//! search: every parameter moved to the end of its range changes a
//! fixed-depth search's node count, and set back restores it. The default
//! build's search is the bench signature's (tests/bench.rs).

use gorgon_tests::{gorgon_spsa_binary, Engine};
use std::process::Command;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);

/// `gorgon-spsa --variant V spsa-params` as (name, value, min, max).
fn param_lines(variant: &str) -> Vec<(String, i64, i64, i64)> {
    let out = Command::new(gorgon_spsa_binary())
        .args(["--variant", variant, "spsa-params"])
        .output()
        .expect("run gorgon spsa-params");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .map(|l| {
            let f: Vec<&str> = l.split(',').map(str::trim).collect();
            assert_eq!((f.len(), f[1], f[6]), (7, "int", "0.002"), "{l}");
            let c_end: f64 = f[5].parse().unwrap();
            let value: i64 = f[2].parse().unwrap();
            assert_eq!(
                c_end,
                (value as f64 / 20.0).max(0.5),
                "{l}: c_end is OpenBench's max(value/20, 0.5)"
            );
            (f[0].to_string(), value, f[3].parse().unwrap(), f[4].parse().unwrap())
        })
        .collect()
}

fn engine() -> Engine {
    let mut e = Engine::start_command(Command::new(gorgon_spsa_binary()));
    e.send("uci");
    e.read_until(WAIT, |l| l == "uciok");
    e
}

#[test]
fn the_option_list_is_the_parameter_table() {
    let params = param_lines("minipom");
    assert!(params.len() >= 12, "{} parameters", params.len());
    assert_eq!(param_lines("pom"), params, "the variants share today's values");
    let mut e = Engine::start_command(Command::new(gorgon_spsa_binary()));
    e.send("uci");
    let lines = e.read_until(WAIT, |l| l == "uciok");
    for (name, value, min, max) in &params {
        let want = format!("option name {name} type spin default {value} min {min} max {max}");
        assert!(lines.contains(&want), "no '{want}' in:\n{}", lines.join("\n"));
    }
}

/// The node count of a fixed-depth search from a cleared state.
fn nodes(e: &mut Engine, fen: &str, depth: u32) -> u64 {
    e.send("ucinewgame");
    e.send(&format!("position fen {fen}"));
    e.send(&format!("go depth {depth}"));
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth") && l.contains(" nodes "))
        .unwrap_or_else(|| panic!("no info line with nodes:\n{}", lines.join("\n")));
    let mut words = info.split_whitespace();
    words.find(|w| *w == "nodes");
    words.next().unwrap().parse().unwrap()
}

/// Every parameter reaches the search: at one end of its range or the
/// other it changes the node count of a fixed-depth search of a
/// middlegame, and back at the default the count is the default's again.
/// A parameter whose option were not wired would leave the count alone.
/// Some prunings fire in few positions (history pruning changed none of
/// the first middlegame's nodes with the all-data Pillars of Medusa net,
/// and 17 of the third's 63,002 at depth 12; with the λ 0.1 net none of
/// the three bench middlegames' at all), so a parameter is asked to move
/// the count in one of four middlegames, tried in turn: three of the
/// bench's and an opening of the pom-1 suite (its third line), where
/// history pruning at 1000 searches 860,432 nodes against 775,524.
#[test]
fn every_parameter_changes_the_search_and_back() {
    // Middlegames of the bench (player/bench.rs), then one of the suite's.
    let fens = [
        "t1a1qksmaht/wEww1e2www/h3w(a)2p2/5w1w3/1m4w4/11/4W6/3S1W5/2P3W4/WWWW2PWWWW/THAMQK1MAHT b AKak - 0 8",
        "3e1k1t3/2ww3h2w/h2qw1S1w2/5w1w3/3a2w4/11/4W6/5W5/3W2W4/WWW4WWWW/THA1QK1A1HT b AK - 1 25",
        "tha1qks2ht/w2wp1eww1w/2w1w1w3a/4mm(a)2w1/1w3w3M1/4(A)1p1S2/W5W3W/5W1P3/2W1W4W1/1W1WPE1WWA1/THA1QK3HT w AKk - 1 21",
        // pom-1's third line, b1a3 i11j9 g3g4 j9k7 g2h4 e9e8 h1g2 f10c7.
        "thamqksa1ht/wwwwp1pwwww/5(a)w4/4ww5/2e7m/11/11/5WWP3/H3W(A)5/WWWWPEAWWWW/T1AMQKS1MHT w AKak - 2 5",
    ];
    let mut e = engine();
    let depth = 12;
    let base: Vec<u64> = fens.iter().map(|fen| nodes(&mut e, fen, depth)).collect();
    assert_eq!(nodes(&mut e, fens[0], depth), base[0], "a search from a cleared state repeats");
    for (name, value, min, max) in param_lines("pom") {
        let mut tried = Vec::new();
        let moved = fens.iter().zip(&base).any(|(fen, &base)| {
            let mut counts = Vec::new();
            for end in [min, max] {
                e.send(&format!("setoption name {name} value {end}"));
                counts.push((end, nodes(&mut e, fen, depth)));
            }
            e.send(&format!("setoption name {name} value {value}"));
            assert_eq!(nodes(&mut e, fen, depth), base, "{name} back at {value}");
            let changed = counts.iter().any(|&(_, n)| n != base);
            tried.push((base, counts));
            changed
        });
        assert!(
            moved,
            "{name} at both ends of its range searched as many nodes as at {value} in every position \
             (default, [(value, nodes)]): {tried:?}"
        );
    }
}

/// A value out of range is an error naming the option, the value kept.
#[test]
fn out_of_range_values_are_refused() {
    let mut e = engine();
    e.send("setoption name RfpMargin value 100000");
    e.send("isready");
    let lines = e.read_until(WAIT, |l| l == "readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error:") && l.contains("RfpMargin") && l.contains("out of range")),
        "{lines:?}"
    );
}
