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

use clap::{Parser, ValueEnum};
use rules::SplitMix64;
use rules::{Move, Position, Variant};
use std::io::{BufRead, Write};
use std::time::Duration;

/// The command line. clap rejects a misspelt style or fault, which would
/// otherwise make a test engine play soundly and a fault test pass or fail
/// for the wrong reason.
#[derive(Parser)]
#[command(
    name = "random-mover",
    version,
    about = "A UCI test engine for gorgon-match: random legal moves, faults on request"
)]
struct Options {
    /// The seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How moves are chosen.
    #[arg(long, value_enum, default_value_t = Style::Random)]
    style: Style,
    /// The score reported in every `info` line, in centipawns.
    #[arg(long, value_name = "CP", default_value_t = 0, allow_negative_numbers = true)]
    score: i32,
    /// The thinking time per move, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    delay: u64,
    /// The misbehaviour, from the `--fault-at`-th `go` of the process on.
    #[arg(long, value_enum, default_value_t = Fault::None)]
    fault: Fault,
    /// The `go` (counted from 1 in each process) where the fault starts.
    #[arg(long, value_name = "K", default_value_t = 3)]
    fault_at: u32,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Style {
    /// Any legal move.
    Random,
    /// A mate in one, else a capture, else any legal move.
    Greedy,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Fault {
    /// Plays by the rules.
    None,
    /// A move that is not legal.
    Illegal,
    /// A legal move with the form suffix `(X)`.
    Badsuffix,
    /// Goes silent for good.
    Hang,
    /// Exits with status 3.
    Crash,
    /// `bestmove (none)`.
    Nomove,
    /// `bestmove 0000`.
    Null,
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
    // A bad argument: clap prints it and exits with status 2.
    let o = Options::parse();
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
                let greedy = o.style == Style::Greedy;
                let best = match (faulty, o.fault) {
                    (true, Fault::Crash) => std::process::exit(3),
                    (true, Fault::Hang) => {
                        silent = true;
                        continue;
                    }
                    (true, Fault::Illegal) => illegal_move(&pos),
                    (true, Fault::Badsuffix) => {
                        choose(&pos, &mut rng, false).map_or("(none)".into(), |m| format!("{}(X)", pos.move_text(m)))
                    }
                    (true, Fault::Nomove) => "(none)".into(),
                    (true, Fault::Null) => "0000".into(),
                    _ => choose(&pos, &mut rng, greedy).map_or("(none)".into(), |m| pos.move_text(m)),
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
