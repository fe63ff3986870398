//! The `gorgon` binary: with no subcommand it speaks the UCI dialect on
//! stdin/stdout; subcommands run one job and exit.

/// `println!` that ends the process quietly when stdout is closed (a
/// pipe into `head`, a GUI that went away) instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        gorgon::stdio::write_line(format_args!($($arg)*))
    };
}

mod cli;

use clap::{Args, Parser, Subcommand, ValueEnum};
use gorgon::player::{self, Control, Limits, Report};
use gorgon::stdio::StdinLines;
use protocol::ScoreValue;
use rules::{perft, Move, Position, Variant};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[derive(Parser)]
#[command(name = "gorgon", version, about = "Gorgon: the engine for Pillars of Medusa and Mini-POM")]
struct Cli {
    /// The variant the engine starts with (UCI_Variant can change it).
    #[arg(long, value_enum, default_value = "pom", global = true)]
    variant: VariantArg,
    /// The protocol of the loop; by default UCI, or CECP (XBoard) when
    /// the first command is `xboard`.
    #[arg(long, value_enum)]
    protocol: Option<ProtocolArg>,
    #[command(subcommand)]
    command: Option<Job>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ProtocolArg {
    Uci,
    Xboard,
}

#[derive(Clone, Copy, ValueEnum)]
enum VariantArg {
    Pom,
    Minipom,
}

impl From<VariantArg> for Variant {
    fn from(v: VariantArg) -> Variant {
        match v {
            VariantArg::Pom => Variant::Pom,
            VariantArg::Minipom => Variant::MiniPom,
        }
    }
}

#[derive(Subcommand)]
enum Job {
    /// Count legal moves to a depth (divide lines with --divide).
    Perft {
        /// Start position (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play first, in coordinate notation.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        #[arg(long)]
        depth: u32,
        /// Print the count of each root move.
        #[arg(long)]
        divide: bool,
        /// Threads for the root moves.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Search fixed positions of both variants at a fixed depth (1 thread);
    /// the last line is `<N> nodes <M> nps`.
    Bench {
        /// Overrides the bench depth.
        depth: Option<u32>,
    },
    /// Analyse a position, showing each completed depth, then the best line.
    Analyse(AnalyseArgs),
    /// Opening books: build, probe, dump.
    #[command(subcommand)]
    Book(cli::book::BookJob),
    /// Self-play training data for the tuner; `stats` and `dump` read it.
    Datagen(cli::datagen::DatagenArgs),
    /// Fit the evaluation's weights to datagen files; writes weights.rs.
    Tune(cli::tune::TuneArgs),
}

#[derive(Args)]
struct AnalyseArgs {
    /// Start position (default: the variant's start).
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first, in coordinate notation.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Search to this depth.
    #[arg(long, required_unless_present = "movetime", conflicts_with = "movetime")]
    depth: Option<u32>,
    /// Search this many milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Number of best lines to show.
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// One JSON object per line instead of text.
    #[arg(long)]
    json: bool,
}

/// The position from --fen and --moves, or an error naming the problem.
fn setup(variant: Variant, fen: Option<&str>, moves: &[String]) -> Result<Position, String> {
    let mut pos = match fen {
        Some(f) => Position::from_fen(variant, f).map_err(|e| e.to_string())?,
        None => Position::startpos(variant),
    };
    for text in moves.iter().flat_map(|m| m.split_whitespace()) {
        let m = pos.parse_move(text).map_err(|e| e.to_string())?;
        pos.make(m);
    }
    Ok(pos)
}

fn run_perft(pos: &Position, depth: u32, divide: bool, threads: usize) {
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    // Progress on stderr: one line per root move as it completes would
    // need a callback; the iterative depths give the same feel.
    for d in 1..depth {
        let n: u64 = perft::divide(pos, d, threads, &stop).unwrap_or_default().iter().map(|x| x.1).sum();
        eprintln!("depth {d}: {n} nodes ({:.3} s)", start.elapsed().as_secs_f64());
    }
    let t = Instant::now();
    let counts = perft::divide(pos, depth, threads, &stop).unwrap_or_default();
    let total: u64 = counts.iter().map(|x| x.1).sum();
    let secs = t.elapsed().as_secs_f64();
    if divide {
        for (m, n) in &counts {
            out!("{}: {n}", pos.move_text(*m));
        }
        out!("");
    }
    out!("Nodes searched: {total}");
    eprintln!(
        "depth {depth}: {total} nodes in {secs:.3} s, {:.0} nodes/s",
        total as f64 / secs.max(1e-9)
    );
}

/// `+0.35`, `#3`, `#-2`: a score for people.
fn score_text(score: ScoreValue) -> String {
    match score {
        ScoreValue::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        ScoreValue::Mate(n) => format!("#{n}"),
    }
}

fn score_json(score: ScoreValue) -> serde_json::Value {
    match score {
        ScoreValue::Cp(cp) => serde_json::json!({ "cp": cp }),
        ScoreValue::Mate(n) => serde_json::json!({ "mate": n }),
    }
}

fn line_text(pos: &Position, pv: &[Move]) -> Vec<String> {
    pv.iter().map(|&m| pos.move_text(m)).collect()
}

fn analyse(pos: &Position, args: &AnalyseArgs) {
    let mut engine = player::Engine::new();
    for result in [engine.set_hash(args.hash), engine.set_threads(args.threads)] {
        if let Err(e) = result {
            eprintln!("warning: {e}");
        }
    }
    engine.set_multipv(args.multipv);
    let limits = Limits {
        depth: args.depth,
        movetime: args.movetime,
        ..Limits::default()
    };
    let control = Control::new();
    if !args.json {
        out!("Analysing {} ({})", pos.fen(), pos.variant());
    }
    let json = args.json;
    let result = engine.search(pos, &limits, &control, &mut |report| match report {
        Report::Info(i) if json => {
            let bound = i.bound.map(|b| format!("{b:?}").to_lowercase());
            let line = serde_json::json!({
                "type": "info", "depth": i.depth, "seldepth": i.seldepth, "multipv": i.multipv,
                "score": score_json(i.score), "wdl": i.wdl, "bound": bound, "nodes": i.nodes, "nps": i.nps,
                "hashfull": i.hashfull, "time_ms": i.time_ms, "pv": line_text(pos, &i.pv),
            });
            out!("{line}");
        }
        Report::Info(i) => {
            let bound = match i.bound {
                Some(protocol::Bound::Lower) => "++",
                Some(protocol::Bound::Upper) => "--",
                None => "",
            };
            out!(
                "depth {:>2}/{:<2} {}{:>7}{:<2} wdl {:>4} {:>4} {:>4} nodes {:>11} nps {:>9} time {:>8.2}s  {}",
                i.depth,
                i.seldepth,
                if args.multipv > 1 {
                    format!("[{}] ", i.multipv)
                } else {
                    String::new()
                },
                score_text(i.score),
                bound,
                i.wdl[0],
                i.wdl[1],
                i.wdl[2],
                i.nodes,
                i.nps,
                i.time_ms as f64 / 1000.0,
                line_text(pos, &i.pv).join(" ")
            );
        }
        Report::String(s) if !json => out!("{s}"),
        _ => {}
    });
    let best = result.best.map(|m| pos.move_text(m));
    let ponder = result.ponder.map(|m| pos.move_text(m));
    if json {
        let line = serde_json::json!({
            "type": "bestmove", "move": best, "ponder": ponder, "score": score_json(result.score), "wdl": result.wdl,
            "depth": result.depth, "nodes": result.nodes,
        });
        out!("{line}");
    } else {
        out!(
            "bestmove {} ponder {} (score {}, wdl {} {} {}, depth {}, {} nodes)",
            best.as_deref().unwrap_or("(none)"),
            ponder.as_deref().unwrap_or("(none)"),
            score_text(result.score),
            result.wdl[0],
            result.wdl[1],
            result.wdl[2],
            result.depth,
            result.nodes
        );
    }
}

/// The loop on stdin/stdout, in the protocol the GUI speaks first.
fn serve(variant: Variant, protocol: Option<ProtocolArg>) {
    if protocol == Some(ProtocolArg::Uci) {
        return gorgon::uci::run(variant, None);
    }
    let first = match protocol {
        None => match StdinLines::new(None).next() {
            Some(line) => line,
            None => return,
        },
        Some(_) => String::new(),
    };
    if protocol == Some(ProtocolArg::Xboard) || first.trim() == "xboard" {
        gorgon::xboard::run(variant);
    } else {
        gorgon::uci::run(variant, Some(first));
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let variant: Variant = cli.variant.into();
    match cli.command {
        None => serve(variant, cli.protocol),
        Some(Job::Perft {
            fen,
            moves,
            depth,
            divide,
            threads,
        }) => match setup(variant, fen.as_deref(), &moves) {
            Ok(pos) => run_perft(&pos, depth, divide, threads),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
        Some(Job::Bench { depth }) => {
            player::bench::run(depth, &mut |line| out!("{line}"));
        }
        Some(Job::Book(job)) => {
            if let Err(e) = cli::book::run(variant, &job, |fen, moves| setup(variant, fen, moves)) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
        Some(Job::Datagen(args)) => {
            if let Err(e) = cli::datagen::run(variant, &args) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
        Some(Job::Tune(args)) => {
            if let Err(e) = cli::tune::run(&args) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
        Some(Job::Analyse(args)) => match setup(variant, args.fen.as_deref(), &args.moves) {
            Ok(pos) => analyse(&pos, &args),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
    }
    ExitCode::SUCCESS
}
