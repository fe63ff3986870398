//! `gorgon book build|probe|dump`: the opening book from the command line.

use clap::{Args, Subcommand};
use gorgon::book::{self, Book, BookError, BuildFilters, SelfPlayOptions};
use rules::{Position, Variant};
use std::path::{Path, PathBuf};

#[derive(Subcommand)]
pub enum BookJob {
    /// Build a book from PGN files, book-notation records or self-play.
    Build(BuildArgs),
    /// List the book moves of a position (move, weight, W/D/L).
    Probe {
        #[arg(long)]
        fen: Option<String>,
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// The book (default: the shipped book of the variant).
        #[arg(long)]
        book: Option<PathBuf>,
    },
    /// Print a book's header and entries.
    Dump {
        #[arg(long)]
        book: Option<PathBuf>,
        /// Entries to list (all by default).
        #[arg(long)]
        limit: Option<usize>,
    },
}

#[derive(Args)]
pub struct BuildArgs {
    /// Where to write the book.
    #[arg(long)]
    out: PathBuf,
    /// PGN files (the match runner's output).
    #[arg(long, num_args = 1..)]
    pgn: Vec<PathBuf>,
    /// Game records in the inventor's book notation.
    #[arg(long, num_args = 1..)]
    notation: Vec<PathBuf>,
    /// Play this many self-play games.
    #[arg(long)]
    selfplay: Option<usize>,
    /// Self-play search depth per move.
    #[arg(long)]
    depth: Option<u32>,
    /// Self-play milliseconds per move (instead of a depth).
    #[arg(long)]
    movetime: Option<u64>,
    /// Self-play games at once (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies of each game that go into the book.
    #[arg(long, default_value_t = 24)]
    max_ply: usize,
    /// Games a position needs to be kept.
    #[arg(long, default_value_t = 1)]
    min_games: u32,
    /// Score (0..1, for the side to move) a move needs to be kept.
    #[arg(long, default_value_t = 0.0)]
    min_score: f64,
}

fn open(variant: Variant, path: Option<&Path>) -> Result<Book, BookError> {
    match path {
        Some(p) => Book::open(p, variant),
        None => book::default_book(variant),
    }
}

fn build(variant: Variant, args: &BuildArgs) -> Result<(), String> {
    let filters = BuildFilters {
        max_ply: args.max_ply,
        min_games: args.min_games,
        min_score: args.min_score,
    };
    let data = if let Some(games) = args.selfplay {
        let mut opts = SelfPlayOptions::new(variant, games);
        opts.depth = args.depth.or(if args.movetime.is_some() { None } else { Some(4) });
        opts.movetime_ms = args.movetime;
        opts.seed = args.seed;
        opts.varied_plies = args.max_ply;
        if let Some(t) = args.threads {
            opts.threads = t;
        }
        book::selfplay(&opts, &filters).map_err(|e| e.to_string())?
    } else if !args.pgn.is_empty() {
        book::build_from_pgn(&args.pgn, variant, &filters).map_err(|e| e.to_string())?
    } else if !args.notation.is_empty() {
        book::build_from_notation(&args.notation, variant, &filters).map_err(|e| e.to_string())?
    } else {
        return Err("give --pgn FILES, --notation FILES or --selfplay GAMES".into());
    };
    data.write(&args.out).map_err(|e| e.to_string())?;
    eprintln!(
        "{}: {} entries, {} positions, {} bytes; {}",
        args.out.display(),
        data.len(),
        data.positions(),
        data.to_bytes().len(),
        data.description()
    );
    Ok(())
}

/// Runs a book job.
pub fn run(variant: Variant, job: &BookJob, setup: impl Fn(Option<&str>, &[String]) -> Result<Position, String>) -> Result<(), String> {
    match job {
        BookJob::Build(args) => build(variant, args),
        BookJob::Probe { fen, moves, book } => {
            let pos = setup(fen.as_deref(), moves)?;
            let b = open(variant, book.as_deref()).map_err(|e| e.to_string())?;
            out!("{}", book::dump_position(&b, &pos).trim_end());
            Ok(())
        }
        BookJob::Dump { book, limit } => {
            let b = open(variant, book.as_deref()).map_err(|e| e.to_string())?;
            out!("{}", book::dump(&b, *limit).trim_end());
            Ok(())
        }
    }
}
