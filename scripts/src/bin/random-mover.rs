//! `random-mover`: a tiny UCI engine for testing the match runner. It
//! plays random legal moves (or, with `--style greedy`, a mate in one, else
//! a capture, else a random move), and can misbehave on purpose:
//!
//! ```text
//! random-mover [--seed N] [--style random|greedy] [--score CP] [--delay MS]
//!              [--fault none|illegal|badsuffix|hang|crash|nomove|null] [--fault-at K]
//! ```
//!
//! The fault happens at the engine's K-th `go` of a process (default 3):
//! `illegal` plays a move that is not legal, `badsuffix` a legal move with
//! the form suffix `(X)`, `hang` goes silent for good, `crash` exits with
//! status 3, `nomove` answers `bestmove (none)`, `null` `bestmove 0000`.
//! `--score` is the score it reports (for adjudication tests), `--delay`
//! how long it thinks per move.
#![forbid(unsafe_code)]

use rules::SplitMix64;
use rules::{Move, Position, Variant};
use std::io::{BufRead, Write};
use std::time::Duration;

struct Options {
    seed: u64,
    greedy: bool,
    score: i32,
    delay: u64,
    fault: String,
    fault_at: u32,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        seed: 1,
        greedy: false,
        score: 0,
        delay: 0,
        fault: "none".into(),
        fault_at: 3,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--seed" => o.seed = value()?.parse().map_err(|_| "bad --seed")?,
            "--style" => o.greedy = value()? == "greedy",
            "--score" => o.score = value()?.parse().map_err(|_| "bad --score")?,
            "--delay" => o.delay = value()?.parse().map_err(|_| "bad --delay")?,
            "--fault" => o.fault = value()?,
            "--fault-at" => o.fault_at = value()?.parse().map_err(|_| "bad --fault-at")?,
            _ => return Err(format!("unknown argument '{a}'")),
        }
    }
    Ok(o)
}

/// A move text that names no legal move: a piece of the side to move
/// going to a square it cannot reach.
fn illegal_move(pos: &Position) -> String {
    let g = pos.geometry();
    let legal: Vec<Move> = pos.legal_move_vec();
    for from in 0..g.squares {
        for to in 0..g.squares {
            if from == to || pos.piece_at(from).is_none() {
                continue;
            }
            if !legal.iter().any(|m| m.from() == from && m.to() == to) {
                return format!("{}{}", g.square_name(from), g.square_name(to));
            }
        }
    }
    "a1a1".into()
}

fn choose(pos: &Position, rng: &mut SplitMix64, greedy: bool) -> Option<Move> {
    let moves = pos.legal_move_vec();
    if moves.is_empty() {
        return None;
    }
    if greedy {
        let mut captures = Vec::new();
        for &m in &moves {
            let mut after = pos.clone();
            after.make(m);
            if after.in_check() && after.legal_move_vec().is_empty() {
                return Some(m);
            }
            if after.occupied().count_ones() < pos.occupied().count_ones() {
                captures.push(m);
            }
        }
        if let Some(&m) = rng.pick(&captures) {
            return Some(m);
        }
    }
    rng.pick(&moves).copied()
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("random-mover: {e}");
            std::process::exit(2);
        }
    };
    let mut rng = SplitMix64::new(o.seed);
    let mut variant = Variant::Pom;
    let mut pos = Position::startpos(variant);
    let mut gos = 0;
    let mut silent = false;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if silent {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut reply = Vec::new();
        match words.first().copied() {
            Some("uci") => {
                reply.push("id name random-mover".to_string());
                reply.push("option name UCI_Variant type combo default pom var pom var minipom".into());
                reply.push("uciok".into());
            }
            Some("isready") => reply.push("readyok".into()),
            Some("setoption") => {
                if let (Some(n), Some(v)) = (words.get(2), words.get(4)) {
                    if *n == "UCI_Variant" {
                        variant = Variant::from_name(v).unwrap_or(variant);
                        pos = Position::startpos(variant);
                    }
                }
            }
            Some("position") => {
                let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
                let base = match words.get(1) {
                    Some(&"fen") => Position::from_fen(variant, &words[2..moves_at].join(" ")).ok(),
                    _ => Some(Position::startpos(variant)),
                };
                if let Some(mut p) = base {
                    for w in words.iter().skip(moves_at + 1) {
                        match p.parse_move(w) {
                            Ok(m) => p.make(m),
                            Err(_) => break,
                        }
                    }
                    pos = p;
                }
            }
            Some("go") => {
                gos += 1;
                if o.delay > 0 {
                    std::thread::sleep(Duration::from_millis(o.delay));
                }
                let faulty = gos >= o.fault_at;
                let best = match (faulty, o.fault.as_str()) {
                    (true, "crash") => std::process::exit(3),
                    (true, "hang") => {
                        silent = true;
                        continue;
                    }
                    (true, "illegal") => illegal_move(&pos),
                    (true, "badsuffix") => choose(&pos, &mut rng, false).map_or("(none)".into(), |m| format!("{}(X)", pos.move_text(m))),
                    (true, "nomove") => "(none)".into(),
                    (true, "null") => "0000".into(),
                    _ => choose(&pos, &mut rng, o.greedy).map_or("(none)".into(), |m| pos.move_text(m)),
                };
                reply.push(format!("info depth 1 score cp {} nodes 1 pv {best}", o.score));
                reply.push(format!("bestmove {best}"));
            }
            Some("quit") => break,
            _ => {}
        }
        for r in reply {
            if writeln!(out, "{r}").and_then(|_| out.flush()).is_err() {
                return;
            }
        }
    }
}
