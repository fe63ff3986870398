//! `gorgon book build|probe|dump`: the opening book from the command line.

use clap::{Args, Subcommand};
use engine::book::{self, Book, BookBuilder, BookError, BuildFilters, GameResult, SelfPlayOptions};
use protocol::Shard;
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
    /// Where to write the book (with --selfplay it may be left out when
    /// --games-out is given).
    #[arg(long)]
    out: Option<PathBuf>,
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
    /// Self-play: play shard I of N (0-based), e.g. 3/16: a block of the
    /// games, numbered as in the whole run (docs/SHARDING.md).
    #[arg(long)]
    shard: Option<Shard>,
    /// Self-play: write the games as PGN too, in game order (the shards'
    /// files concatenated are the whole run's; `--pgn` builds the same book).
    #[arg(long, value_name = "FILE.pgn")]
    games_out: Option<PathBuf>,
    /// The book's description begins with this instead of the generated
    /// text (what the book was built from).
    #[arg(long)]
    description: Option<String>,
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
    if args.selfplay.is_none() {
        for (given, flag) in [
            (args.shard.is_some(), "--shard"),
            (args.games_out.is_some(), "--games-out"),
            (args.depth.is_some(), "--depth"),
            (args.movetime.is_some(), "--movetime"),
            (args.threads.is_some(), "--threads"),
        ] {
            if given {
                return Err(format!("{flag} goes with --selfplay GAMES"));
            }
        }
    }
    if args.out.is_none() && args.games_out.is_none() {
        return Err("give --out FILE (the book) or, with --selfplay, --games-out FILE.pgn".into());
    }
    let (builder, how): (BookBuilder, String) = if let Some(games) = args.selfplay {
        let mut opts = SelfPlayOptions::new(variant, games);
        opts.depth = args.depth.or(if args.movetime.is_some() { None } else { Some(4) });
        opts.movetime_ms = args.movetime;
        opts.seed = args.seed;
        opts.varied_plies = args.max_ply;
        opts.shard = args.shard.unwrap_or_default();
        if let Some(t) = args.threads {
            opts.threads = t;
        }
        let games = book::selfplay_games(&opts).map_err(|e| e.to_string())?;
        if let Some(path) = &args.games_out {
            std::fs::write(path, book::selfplay_pgn(&opts, &games)).map_err(|e| format!("{}: {e}", path.display()))?;
            let count = |r: GameResult| games.iter().filter(|g| g.result == Some(r)).count();
            let range = opts.shard_games();
            eprintln!(
                "{}: {} games (games {}-{} of {}, shard {}), +{} ={} -{} for White",
                path.display(),
                games.len(),
                range.start + 1,
                range.end,
                opts.games,
                opts.shard,
                count(GameResult::WhiteWins),
                count(GameResult::Draw),
                count(GameResult::BlackWins)
            );
        }
        (book::selfplay_builder(&opts, &filters, &games), opts.describe())
    } else if !args.pgn.is_empty() {
        let builder = book::pgn_builder(&args.pgn, variant, &filters).map_err(|e| e.to_string())?;
        (builder, book::pgn_description(&args.pgn, variant))
    } else if !args.notation.is_empty() {
        let builder = book::notation_builder(&args.notation, variant, &filters).map_err(|e| e.to_string())?;
        (builder, book::notation_description(&args.notation, variant))
    } else {
        return Err("give --pgn FILES, --notation FILES or --selfplay GAMES".into());
    };
    write_book(args, &builder.finish(args.description.as_deref().unwrap_or(&how)))
}

/// Writes the book to `--out` (if given) and reports it on stderr.
fn write_book(args: &BuildArgs, data: &book::BookData) -> Result<(), String> {
    let Some(out) = &args.out else {
        return Ok(());
    };
    data.write(out).map_err(|e| e.to_string())?;
    eprintln!(
        "{}: {} entries, {} positions, {} bytes; {}",
        out.display(),
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
