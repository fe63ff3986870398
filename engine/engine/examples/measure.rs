//! One search measured, outside any protocol: a position searched for a
//! fixed time, to a fixed depth, or until stopped from another thread,
//! printing each completed depth, then the best move and how long the
//! search took against its limit. docs/SEARCH.md ("Measuring one search")
//! shows the uses.
//!
//! The tests (engine/engine/tests/player.rs) assert what must hold on any machine:
//! a legal move under every limit, within a second of slack. How close a
//! search keeps to its limits, and how deep and fast it goes, depends on
//! the machine and its load: that is measured here and written down, not
//! asserted.
//!
//! ```sh
//! cargo run --release -p gorgon-engine --example measure -- --movetime 10000
//! ```

use clap::Parser;
use engine::player::{eval_breakdown, Control, Engine, Limits, Report};
use protocol::ScoreValue;
use rules::{Position, Variant};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// What to search and how long (`--movetime` 10000 if no limit is given).
#[derive(Parser)]
#[command(about = "One search measured: its depths, best move and time against the limit")]
struct Args {
    /// `pom` or `minipom`.
    #[arg(long, default_value = "pom")]
    variant: String,
    /// The position (default: the variant's start).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from it first, in coordinates (`"e3e5 h10h8"`).
    #[arg(long, default_value = "")]
    moves: String,
    /// Only these root moves are searched.
    #[arg(long, default_value = "")]
    searchmoves: String,
    /// Milliseconds for the search.
    #[arg(long, conflicts_with_all = ["depth", "stop_after"])]
    movetime: Option<u64>,
    /// The depth to complete.
    #[arg(long, conflicts_with = "stop_after")]
    depth: Option<u32>,
    /// An infinite search, stopped from another thread after this many
    /// milliseconds: prints how long the search took to return.
    #[arg(long)]
    stop_after: Option<u64>,
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Print the evaluation breakdown of the position too.
    #[arg(long)]
    eval: bool,
}

fn main() -> ExitCode {
    match measure(&Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("measure: {e}");
            ExitCode::FAILURE
        }
    }
}

fn measure(args: &Args) -> Result<(), String> {
    let variant = Variant::from_name(&args.variant).ok_or_else(|| format!("unknown variant '{}'", args.variant))?;
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::startpos(variant),
    };
    for text in args.moves.split_whitespace() {
        let m = pos.parse_move(text).map_err(|e| e.to_string())?;
        pos.make(m);
    }
    let searchmoves = args
        .searchmoves
        .split_whitespace()
        .map(|text| pos.parse_move(text).map_err(|e| format!("searchmoves: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let mut engine = Engine::new();
    engine.set_threads(args.threads)?;
    engine.set_hash(args.hash)?;
    let movetime = match (args.movetime, args.depth, args.stop_after) {
        (None, None, None) => Some(10_000),
        (mt, _, _) => mt,
    };
    let limits = Limits {
        movetime,
        depth: args.depth,
        infinite: args.stop_after.is_some(),
        searchmoves,
        ..Limits::default()
    };
    let control = Control::new();
    let start = Instant::now();
    let result = std::thread::scope(|s| {
        // The stopper notes when it asked, so that the search's answer
        // time after `stop` can be told apart from the time searched.
        let stopper = args.stop_after.map(|ms| {
            let control = &control;
            s.spawn(move || {
                std::thread::sleep(Duration::from_millis(ms));
                control.stop();
                Instant::now()
            })
        });
        let result = engine.search(&pos, &limits, &control, &mut |r| print_report(&pos, r));
        let returned = Instant::now();
        let stopped = stopper.map(|h| h.join().expect("the stopper thread"));
        (result, returned, stopped)
    });
    let (result, returned, stopped) = result;
    let best = result.best.ok_or("the search gave no move")?;
    println!(
        "{variant:?} threads {}: best {} depth {} nodes {}",
        args.threads,
        pos.move_text(best),
        result.depth,
        result.nodes
    );
    let took = returned.duration_since(start).as_secs_f64() * 1000.0;
    match (movetime, stopped) {
        (Some(mt), _) => println!("took {took:.1} ms for movetime {mt} ms"),
        (None, Some(at)) => println!(
            "took {took:.1} ms; returned {:.3} ms after stop",
            returned.saturating_duration_since(at).as_secs_f64() * 1000.0
        ),
        (None, None) => println!("took {took:.1} ms"),
    }
    if args.eval {
        println!("{}", eval_breakdown(&pos));
    }
    Ok(())
}

/// One line per completed depth (the first eight moves of its line).
fn print_report(pos: &Position, report: Report) {
    let Report::Info(i) = report else {
        return;
    };
    let score = match i.score {
        ScoreValue::Cp(c) => format!("cp {c}"),
        ScoreValue::Mate(m) => format!("mate {m}"),
    };
    let bound = i.bound.map_or(String::new(), |b| format!(" {b:?}"));
    let pv: Vec<String> = i.pv.iter().take(8).map(|&m| pos.move_text(m)).collect();
    println!(
        "depth {} seldepth {} score {score}{bound} nodes {} nps {} hashfull {} time {} pv {}",
        i.depth,
        i.seldepth,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time_ms,
        pv.join(" ")
    );
}
