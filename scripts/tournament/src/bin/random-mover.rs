//! `random-mover`: a tiny engine for testing the match runner, UCI or
//! (`--protocol xboard`) CECP. It plays random legal moves (or, with
//! `--style greedy`, a mate in one, else a capture, else a random move;
//! with `--style first`, the first legal move), and can misbehave on
//! purpose:
//!
//! ```text
//! random-mover [--protocol uci|xboard] [--seed N] [--style random|greedy|first]
//!              [--score CP] [--delay MS] [--no-reuse]
//!              [--fault none|illegal|badsuffix|hang|crash|nomove|null|eagerponder|ponderhang]
//!              [--fault-at K]
//! ```
//!
//! The fault happens at the engine's K-th search of a process (default 3):
//! `illegal` plays a move that is not legal, `badsuffix` a legal move with
//! a suffix naming no possible piece (UCI `(X)`, CECP `y`), `hang` goes
//! silent for good, `crash` exits with status 3, `nomove` answers
//! `bestmove (none)` (CECP: `resign`), `null` the null move (`0000`,
//! `@@@@`). Pondering (UCI): `bestmove` names as `ponder` move the first
//! legal reply; `go ponder` is answered after `ponderhit` (thinking
//! `--delay` from there) or at once after `stop`, unless the fault
//! `eagerponder` answers it at once or `ponderhang` never. `--score` is the
//! score it reports (for adjudication tests), `--delay` how long it thinks
//! per move, `--no-reuse` sends CECP's `feature reuse=0`.
#![forbid(unsafe_code)]

use clap::{Parser, ValueEnum};
use gorgon_tournament::cecp::dialect::{from_xboard_fen, resolve_xboard_move, xboard_move};
use protocol::cecp::{self, CecpMove};
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
    /// The protocol spoken.
    #[arg(long, value_enum, default_value_t = Proto::Uci)]
    protocol: Proto,
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
    /// The search (counted from 1 in each process) where the fault starts.
    #[arg(long, value_name = "K", default_value_t = 3)]
    fault_at: u32,
    /// CECP: ask for a new process for every game (`feature reuse=0`).
    #[arg(long)]
    no_reuse: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Proto {
    Uci,
    Xboard,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Style {
    /// Any legal move.
    Random,
    /// A mate in one, else a capture, else any legal move.
    Greedy,
    /// The first legal move (what its ponder move predicts).
    First,
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
    /// Answers `go ponder` at once, against the protocol.
    Eagerponder,
    /// Never answers `go ponder`, not even after `stop`.
    Ponderhang,
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

fn choose(pos: &Position, rng: &mut SplitMix64, style: Style) -> Option<Move> {
    let moves = pos.legal_move_vec();
    if moves.is_empty() {
        return None;
    }
    if style == Style::First {
        return moves.first().copied();
    }
    if style == Style::Greedy {
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

/// What a search gave: the move text (or a fault) in the protocol's form.
enum Outcome {
    /// Write these lines.
    Lines(Vec<String>),
    /// Go silent for good.
    Hang,
}

/// The engine's state, common to both protocols.
struct Engine {
    o: Options,
    rng: SplitMix64,
    variant: Variant,
    pos: Position,
    searches: u32,
}

impl Engine {
    /// True if the fault is due at this search.
    fn faulty(&mut self) -> bool {
        self.searches += 1;
        self.searches >= self.o.fault_at
    }

    /// The move of a search, in the protocol's form, with the faults; a
    /// UCI `bestmove` names the first legal reply as its ponder move.
    fn search(&mut self, xboard: bool) -> Outcome {
        let faulty = self.faulty();
        if self.o.delay > 0 {
            std::thread::sleep(Duration::from_millis(self.o.delay));
        }
        let pos = &self.pos;
        let text = |m: Move| {
            if xboard {
                xboard_move(pos, m).to_string()
            } else {
                pos.move_text(m)
            }
        };
        let best = match (faulty, self.o.fault) {
            (true, Fault::Crash) => std::process::exit(3),
            (true, Fault::Hang) => return Outcome::Hang,
            (true, Fault::Illegal) => Some(illegal_move(pos)),
            (true, Fault::Badsuffix) => {
                let suffix = if xboard { "y" } else { "(X)" };
                choose(pos, &mut self.rng, Style::Random).map(|m| format!("{}{suffix}", text(m)))
            }
            (true, Fault::Nomove) => None,
            (true, Fault::Null) => Some(if xboard { "@@@@".into() } else { "0000".into() }),
            _ => choose(pos, &mut self.rng, self.o.style).map(text),
        };
        let score = self.o.score;
        if xboard {
            return Outcome::Lines(match best {
                Some(b) => vec![format!("1 {score} 0 1 {b}"), format!("move {b}")],
                None => vec!["resign".into()],
            });
        }
        let Some(best) = best else {
            return Outcome::Lines(vec!["bestmove (none)".into()]);
        };
        // The ponder move: the first legal reply, if the move is legal.
        let ponder = pos.parse_move(&best).ok().and_then(|m| {
            let mut after = pos.clone();
            after.make(m);
            after.legal_move_vec().first().map(|&r| after.move_text(r))
        });
        let tail = ponder.map_or_else(String::new, |p| format!(" ponder {p}"));
        Outcome::Lines(vec![
            format!("info depth 1 score cp {score} nodes 1 pv {best}"),
            format!("bestmove {best}{tail}"),
        ])
    }
}

/// Writes lines; false if stdout is gone.
fn write_lines(out: &mut impl Write, lines: &[String]) -> bool {
    lines.iter().all(|l| writeln!(out, "{l}").and_then(|_| out.flush()).is_ok())
}

fn main() {
    // A bad argument: clap prints it and exits with status 2.
    let o = Options::parse();
    let mut engine = Engine {
        rng: SplitMix64::new(o.seed),
        variant: Variant::Pom,
        pos: Position::startpos(Variant::Pom),
        searches: 0,
        o,
    };
    match engine.o.protocol {
        Proto::Uci => uci(&mut engine),
        Proto::Xboard => xboard(&mut engine),
    }
}

/// The UCI loop.
fn uci(engine: &mut Engine) {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut silent = false;
    // A ponder search runs; it is answered on `ponderhit` or `stop`.
    let mut pondering = false;
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
                reply.push("option name Ponder type check default false".into());
                reply.push("uciok".into());
            }
            Some("isready") => reply.push("readyok".into()),
            Some("setoption") => {
                if let (Some(n), Some(v)) = (words.get(2), words.get(4)) {
                    if *n == "UCI_Variant" {
                        engine.variant = Variant::from_name(v).unwrap_or(engine.variant);
                        engine.pos = Position::startpos(engine.variant);
                    }
                }
            }
            Some("position") => {
                let variant = engine.variant;
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
                    engine.pos = p;
                }
            }
            Some("go") if words.contains(&"ponder") => {
                let fault = engine.o.fault;
                let due = engine.searches + 1 >= engine.o.fault_at;
                match (due, fault) {
                    (true, Fault::Ponderhang) => silent = true,
                    (true, Fault::Eagerponder) => match engine.search(false) {
                        Outcome::Lines(l) => reply = l,
                        Outcome::Hang => silent = true,
                    },
                    _ => {
                        // The move is chosen when the ponder search ends
                        // (`ponderhit` thinks `--delay` from there).
                        pondering = true;
                    }
                }
            }
            // Outside a ponder search these are nothing to answer.
            Some("ponderhit") if pondering => {
                pondering = false;
                match engine.search(false) {
                    Outcome::Lines(l) => reply = l,
                    Outcome::Hang => silent = true,
                }
            }
            Some("stop") if pondering => {
                pondering = false;
                // The search is thrown away: any move will do.
                let best = engine
                    .pos
                    .legal_move_vec()
                    .first()
                    .map_or("(none)".into(), |&m| engine.pos.move_text(m));
                reply.push(format!("bestmove {best}"));
            }
            Some("go") => match engine.search(false) {
                Outcome::Lines(l) => reply = l,
                Outcome::Hang => silent = true,
            },
            Some("quit") => break,
            _ => {}
        }
        if !write_lines(&mut out, &reply) {
            return;
        }
    }
}

/// The CECP loop: the engine plays the side `playing` says (`None`: force
/// mode), and searches when that side is to move after `go` or a move.
fn xboard(engine: &mut Engine) {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut silent = false;
    let mut playing = None;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if silent {
            continue;
        }
        let mut reply = Vec::new();
        let mut think = false;
        match cecp::parse_line(&line) {
            Ok(Some(cecp::Command::Protover(_))) => {
                let reuse = u8::from(!engine.o.no_reuse);
                reply.push(format!(
                    "feature myname=\"Random Mover\" variants=\"pom,minipom\" setboard=1 usermove=1 ping=1 \
                     san=0 time=1 sigint=0 sigterm=0 reuse={reuse} colors=0 done=1"
                ));
            }
            Ok(Some(cecp::Command::New)) => {
                engine.pos = Position::startpos(engine.variant);
                playing = Some(rules::Color::Black);
            }
            Ok(Some(cecp::Command::Variant(name))) => {
                engine.variant = Variant::from_name(&name).unwrap_or(engine.variant);
                engine.pos = Position::startpos(engine.variant);
            }
            Ok(Some(cecp::Command::Force | cecp::Command::Result { .. })) => playing = None,
            Ok(Some(cecp::Command::Go)) => {
                playing = Some(engine.pos.side_to_move());
                think = true;
            }
            Ok(Some(cecp::Command::SetBoard(fen))) => match from_xboard_fen(engine.variant, &fen) {
                Ok(p) => engine.pos = p,
                Err(e) => reply.push(format!("tellusererror Illegal position: {e}")),
            },
            Ok(Some(cecp::Command::UserMove(mv))) => match resolve_xboard_move(&engine.pos, &mv) {
                Ok(m) => {
                    engine.pos.make(m);
                    think = playing == Some(engine.pos.side_to_move());
                }
                Err(e) => reply.push(format!("Illegal move ({}): {mv}", e.replace(['(', ')', ':'], " "))),
            },
            Ok(Some(cecp::Command::Ping(n))) => reply.push(format!("pong {n}")),
            Ok(Some(cecp::Command::Quit)) => break,
            _ => {}
        }
        if think {
            match engine.search(true) {
                Outcome::Lines(l) => {
                    // Its own move is played on its board.
                    if let Some(Ok(mv)) = l.last().and_then(|l| l.strip_prefix("move ")).map(str::parse::<CecpMove>) {
                        if let Ok(m) = resolve_xboard_move(&engine.pos, &mv) {
                            engine.pos.make(m);
                        }
                    }
                    reply.extend(l);
                }
                Outcome::Hang => silent = true,
            }
        }
        if !write_lines(&mut out, &reply) {
            return;
        }
    }
}
