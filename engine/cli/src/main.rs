//! The `gorgon` binary: with no subcommand it speaks the UCI dialect on
//! stdin/stdout; subcommands run one job and exit.

/// `println!` that ends the process quietly when stdout is closed (a
/// pipe into `head`, a GUI that went away) instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        engine::stdio::write_line(format_args!($($arg)*))
    };
}

mod cli;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use engine::player;
use engine::stdio::StdinLines;
use rules::{perft, Position, Variant};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The binary's name, for clap and the completion scripts.
pub(crate) const NAME: &str = "gorgon";

/// `gorgon --version`: the version and the commit the binary was built
/// from (build.rs: the short hash, `-dirty` when the sources differ from
/// it, or "unknown commit" outside a git checkout).
pub(crate) const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("GORGON_COMMIT"), ")");

#[derive(Parser)]
#[command(
    name = NAME,
    version = VERSION,
    about = "Gorgon: the engine for Pillars of Medusa and Mini-POM",
    long_about = "Gorgon: the engine for Pillars of Medusa (pom, 11x11) and Mini-POM (minipom, 9x9).\n\n\
                  With no command it is a chess engine on standard input and output: it speaks UCI, \
                  extended for boards up to 11x11 and for Morph moves, or CECP (the XBoard/WinBoard \
                  protocol, version 2, with engine-defined variants) when the first line it reads is \
                  `xboard`, as XBoard always sends first. The UCI option UCI_Variant and the CECP \
                  command `variant` choose the variant. The commands run one job and exit."
)]
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
        /// The evaluation: auto (the net where it is the default), true
        /// (the net) or false (the hand-written one), as `Use NNUE`.
        #[arg(long, default_value = "auto")]
        nnue: engine::nnue::UseNnue,
    },
    /// The search's tunable parameters in OpenBench's SPSA format (`name,
    /// int, value, min, max, c_end, r_end`), the values the --variant's
    /// search uses: the input of gorgon-tune (docs/SPSA.md). A build with
    /// `--features spsa` also takes them as UCI options.
    SpsaParams,
    /// Analyse a position, showing each completed depth, then the best
    /// line; or every position of an EPD or PGN file (--epd, --pgn), one
    /// JSON line each.
    Analyse(cli::analyse::AnalyseArgs),
    /// Judge every move of the games of a PGN file: evaluations, the
    /// engine's preferred moves, ?!/?/?? by the winning chances lost; PGN
    /// out, and evaluation graphs with --plot.
    Annotate(cli::annotate::AnnotateArgs),
    /// Opening books: build, probe, dump.
    #[command(subcommand)]
    Book(cli::book::BookJob),
    /// Self-play training data for the tuner; `stats` and `dump` read it.
    Datagen(cli::datagen::DatagenArgs),
    /// An opening suite for testing: short searched lines whose end
    /// positions a deep search judges balanced, for gorgon-match.
    Suite(cli::suite::SuiteArgs),
    /// Tactics sets: build one from self-play games (positions where one
    /// or two moves win), solve one.
    #[command(subcommand)]
    Tactics(cli::tactics::TacticsJob),
    /// Fit the evaluation's weights to datagen files; writes weights.rs.
    Tune(cli::tune::TuneArgs),
    /// Train an NNUE net on datagen files (the --variant's records).
    Train(cli::train::TrainArgs),
    /// The board in the browser: play, analyse and review games on a local
    /// web server; prints the URL to open.
    Serve(cli::serve::ServeArgs),
    /// The man page (roff), for packagers: `gorgon man > gorgon.6`.
    #[command(hide = true)]
    Man,
    /// A shell's completion script, for packagers.
    #[command(hide = true)]
    Completions(cli::generate::CompletionsArgs),
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

/// The loop on stdin/stdout, in the protocol the GUI speaks first.
fn serve(variant: Variant, protocol: Option<ProtocolArg>) {
    if protocol == Some(ProtocolArg::Uci) {
        return engine::uci::run(variant, None);
    }
    let first = match protocol {
        None => match StdinLines::new(None).next() {
            Some(line) => line,
            None => return,
        },
        Some(_) => String::new(),
    };
    if protocol == Some(ProtocolArg::Xboard) || first.trim() == "xboard" {
        engine::xboard::run(variant);
    } else {
        engine::uci::run(variant, Some(first));
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
        Some(Job::Bench { depth, nnue }) => {
            player::bench::run_until(depth, nnue, &player::Control::new(), &mut |line| out!("{line}"));
        }
        Some(Job::SpsaParams) => out!("{}", engine::player::params::openbench_lines(variant).trim_end()),
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
        Some(Job::Suite(args)) => {
            if let Err(e) = cli::suite::run(variant, &args, VERSION) {
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
        Some(Job::Tactics(job)) => {
            if let Err(e) = cli::tactics::run(variant, &job) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
        Some(Job::Train(args)) => {
            if let Err(e) = cli::train::run(variant, &args) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
        Some(Job::Analyse(args)) => {
            if let Err(e) = cli::analyse::run(variant, &args, |fen, moves| setup(variant, fen, moves)) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
        Some(Job::Serve(args)) => {
            if let Err(e) = cli::serve::run(&args) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
        Some(Job::Man) => {
            let mut page = Vec::new();
            if let Err(e) = cli::generate::man(Cli::command(), &mut page) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
            cli::generate::write_stdout(&page);
        }
        Some(Job::Completions(args)) => {
            let mut script = Vec::new();
            cli::generate::completions(Cli::command(), &args, &mut script);
            cli::generate::write_stdout(&script);
        }
        Some(Job::Annotate(args)) => {
            if let Err(e) = cli::annotate::run(variant, &args) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
