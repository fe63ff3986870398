//! `gorgon analyse`: one position, showing each completed depth; or, with
//! `--epd`/`--pgn`, every position of a file, one JSON line each
//! (engine::analysis::batch).

use super::common::LimitArgs;
use clap::Args;
use engine::analysis::batch::{self, BatchOptions, Input};
use engine::analysis::{score_json, score_text};
use engine::player::{self, Control, Limits, Report};
use protocol::Shard;
use rules::line_texts;
use rules::{Position, Variant};
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(Args)]
pub struct AnalyseArgs {
    /// Start position (default: the variant's start).
    #[arg(long, conflicts_with_all = ["epd", "pgn"])]
    pub fen: Option<String>,
    /// Moves to play first, in coordinate notation.
    #[arg(long, num_args = 1.., conflicts_with_all = ["epd", "pgn"])]
    pub moves: Vec<String>,
    /// Analyse every position of this file: one FEN per line, optionally
    /// followed by `; comment`. One JSON line per position.
    #[arg(long, conflicts_with = "pgn")]
    epd: Option<PathBuf>,
    /// Analyse every position of every game of this PGN file. One JSON line
    /// per position.
    #[arg(long)]
    pgn: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Number of best lines to show (one position).
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    /// Search threads (one position).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MB (per job in a batch).
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// One JSON object per line instead of text (one position; a batch
    /// always writes JSON lines).
    #[arg(long)]
    json: bool,
    /// Positions searched at once in a batch, one single-threaded engine each.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Write the batch's JSON lines here (default: stdout); the file is
    /// replaced unless --resume.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Keep the positions already in --out and search only the others.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Analyse only shard I of N (0-based) of the positions; the shards'
    /// outputs concatenated in order are the whole run's.
    #[arg(long)]
    shard: Option<Shard>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Runs the job: one position (`setup` reads --fen and --moves) or a batch.
pub fn run(
    variant: Variant,
    args: &AnalyseArgs,
    setup: impl Fn(Option<&str>, &[String]) -> Result<Position, String>,
) -> Result<(), String> {
    args.limits.limits().check()?;
    let (path, input) = match (&args.epd, &args.pgn) {
        (Some(path), _) => (path, Input::epd(&read(path)?, &path.display().to_string(), variant)?),
        (None, Some(path)) => (path, Input::pgn(&read(path)?, &path.display().to_string(), variant)?),
        (None, None) => {
            let pos = setup(args.fen.as_deref(), &args.moves)?;
            analyse_one(&pos, args);
            return Ok(());
        }
    };
    let opts = BatchOptions {
        limits: args.limits.limits(),
        jobs: args.jobs.max(1),
        hash_mb: args.hash,
        shard: args.shard.unwrap_or_default(),
        progress: !args.quiet,
    };
    let mut done = HashSet::new();
    let mut out: Box<dyn Write + Send> = match &args.out {
        None => Box::new(std::io::stdout()),
        Some(file) => {
            let name = file.display().to_string();
            if args.resume && file.exists() {
                let text = read(file)?;
                let (indices, complete) = batch::already_done(&text, &name, &input)?;
                done = indices;
                // Drop a last line cut off when the earlier run was stopped.
                let f = OpenOptions::new().write(true).open(file).map_err(|e| format!("{name}: {e}"))?;
                f.set_len(complete as u64).map_err(|e| format!("{name}: {e}"))?;
            }
            let f = OpenOptions::new()
                .create(true)
                .append(args.resume)
                .write(true)
                .truncate(!args.resume)
                .open(file)
                .map_err(|e| format!("{name}: {e}"))?;
            Box::new(BufWriter::new(f))
        }
    };
    let summary = batch::run(&input, &opts, &done, &mut out)?;
    out.flush().map_err(|e| format!("writing the output: {e}"))?;
    eprintln!(
        "{} (shard {}, {}, {} jobs): {summary}",
        path.display(),
        opts.shard,
        opts.limits.describe(),
        opts.jobs
    );
    Ok(())
}

fn read(path: &PathBuf) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Creates the file (to fail early, before hours of searching, when the
/// directory does not exist).
pub fn create(path: &PathBuf) -> Result<BufWriter<File>, String> {
    File::create(path)
        .map(BufWriter::new)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// One position, each completed depth shown as it comes.
fn analyse_one(pos: &Position, args: &AnalyseArgs) {
    let mut engine = player::Engine::new();
    for result in [engine.set_hash(args.hash), engine.set_threads(args.threads)] {
        if let Err(e) = result {
            eprintln!("warning: {e}");
        }
    }
    engine.set_multipv(args.multipv);
    let limits = Limits {
        depth: args.limits.depth,
        movetime: args.limits.movetime,
        nodes: args.limits.nodes,
        ..Limits::default()
    };
    let control = Control::new();
    if !args.json {
        out!("Analysing {} ({})", pos.fen(), pos.variant());
    }
    let json = args.json;
    let texts = |pv: &[rules::Move]| line_texts(pos, pv, |p, m| p.move_text(m));
    let result = engine.search(pos, &limits, &control, &mut |report| match report {
        Report::Info(i) if json => {
            let bound = i.bound.map(|b| format!("{b:?}").to_lowercase());
            let line = serde_json::json!({
                "type": "info", "depth": i.depth, "seldepth": i.seldepth, "multipv": i.multipv,
                "score": score_json(i.score), "wdl": i.wdl, "bound": bound, "nodes": i.nodes, "nps": i.nps,
                "hashfull": i.hashfull, "time_ms": i.time_ms, "pv": texts(&i.pv),
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
                texts(&i.pv).join(" ")
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
