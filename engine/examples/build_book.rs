//! Builds an opening book until `gorgon book build` exists (used by
//! `book/build-books.sh`):
//!
//! ```text
//! cargo run --release --example build_book -- selfplay <pom|minipom> <out.gbk> <games> <depth> <max_ply> [threads] [seed]
//! cargo run --release --example build_book -- pgn <pom|minipom> <out.gbk> <max_ply> <min_games> <min_score> <file.pgn>...
//! cargo run --release --example build_book -- notation <pom|minipom> <out.gbk> <max_ply> <record.txt>...
//! cargo run --release --example build_book -- dump <pom|minipom> <book.gbk> [entries]
//! ```

use gorgon::book::{self, Book, BuildFilters, SelfPlayOptions};
use gorgon::rules::{Position, Variant};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn arg<T: std::str::FromStr>(args: &[String], i: usize, what: &str) -> Result<T, String> {
    args.get(i)
        .ok_or(format!("missing {what}"))?
        .parse()
        .map_err(|_| format!("bad {what}: {}", args[i]))
}

fn run(args: &[String]) -> Result<(), String> {
    let mode = args.first().ok_or("usage: see the header of examples/build_book.rs")?;
    let variant = Variant::from_name(args.get(1).map_or("", String::as_str)).ok_or("variant: pom or minipom")?;
    let out = PathBuf::from(args.get(2).ok_or("missing output/book path")?);
    let data = match mode.as_str() {
        "selfplay" => {
            let mut opts = SelfPlayOptions::new(variant, arg(args, 3, "games")?);
            opts.depth = Some(arg(args, 4, "depth")?);
            let filters = BuildFilters {
                max_ply: arg(args, 5, "max_ply")?,
                ..BuildFilters::default()
            };
            if args.len() > 6 {
                opts.threads = arg(args, 6, "threads")?;
            }
            if args.len() > 7 {
                opts.seed = arg(args, 7, "seed")?;
            }
            opts.varied_plies = filters.max_ply;
            let games = book::selfplay_games(&opts).map_err(|e| e.to_string())?;
            let plies: usize = games.iter().map(|g| g.moves.len()).sum();
            let count = |r: book::GameResult| games.iter().filter(|g| g.result == Some(r)).count();
            eprintln!(
                "{} games, {:.1} plies on average, +{} ={} -{} (White's view)",
                games.len(),
                plies as f64 / games.len().max(1) as f64,
                count(book::GameResult::WhiteWins),
                count(book::GameResult::Draw),
                count(book::GameResult::BlackWins)
            );
            let mut builder = book::BookBuilder::new(variant, filters);
            for g in &games {
                builder.add_game(g);
            }
            builder.finish(&opts.describe())
        }
        "pgn" => {
            let filters = BuildFilters {
                max_ply: arg(args, 3, "max_ply")?,
                min_games: arg(args, 4, "min_games")?,
                min_score: arg(args, 5, "min_score")?,
            };
            let files: Vec<PathBuf> = args[6..].iter().map(PathBuf::from).collect();
            book::build_from_pgn(&files, variant, &filters).map_err(|e| e.to_string())?
        }
        "notation" => {
            let filters = BuildFilters {
                max_ply: arg(args, 3, "max_ply")?,
                ..BuildFilters::default()
            };
            let files: Vec<PathBuf> = args[4..].iter().map(PathBuf::from).collect();
            book::build_from_notation(&files, variant, &filters).map_err(|e| e.to_string())?
        }
        "dump" => {
            let b = Book::open(&out, variant).map_err(|e| e.to_string())?;
            let limit = if args.len() > 3 { Some(arg(args, 3, "entries")?) } else { None };
            print!("{}", book::dump(&b, limit));
            print!("{}", book::dump_position(&b, &Position::startpos(variant)));
            return Ok(());
        }
        other => return Err(format!("unknown mode '{other}'")),
    };
    data.write(Path::new(&out)).map_err(|e| e.to_string())?;
    eprintln!(
        "{}: {} entries, {} positions, {} bytes\n{}",
        out.display(),
        data.len(),
        data.positions(),
        data.to_bytes().len(),
        data.description()
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
