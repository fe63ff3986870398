//! `gorgon datagen`: self-play training data, and `stats`/`dump` of a data
//! file (docs/DATAGEN.md).

use clap::{Args, Subcommand};
use gorgon::datagen::{self, stats, DatagenOptions};
use protocol::Shard;
use rules::Variant;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct DatagenArgs {
    #[command(subcommand)]
    job: Option<DataJob>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Subcommand)]
enum DataJob {
    /// Counts, result mix, ply range and score histogram of data files.
    Stats {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// The records of a data file, one per entry, for people.
    Dump {
        file: PathBuf,
        /// Records to show (all by default).
        #[arg(long)]
        limit: Option<usize>,
    },
}

#[derive(Args)]
struct PlayArgs {
    /// Games of the whole run (all shards together).
    #[arg(long, required = true)]
    games: Option<usize>,
    /// Soft node limit per move (no iteration starts past it).
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (one search thread each).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Play shard I of N (0-based), e.g. 3/16: a block of the games.
    #[arg(long)]
    shard: Option<Shard>,
    /// Random plies opening each game (default 8 in POM, 6 in Mini-POM).
    #[arg(long)]
    random_plies: Option<usize>,
    /// Hash per game, MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Where to write the records (the file is replaced).
    #[arg(long, required = true)]
    out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

fn open(path: &Path) -> Result<BufReader<File>, String> {
    File::open(path).map(BufReader::new).map_err(|e| format!("{}: {e}", path.display()))
}

fn play(variant: Variant, args: &PlayArgs) -> Result<(), String> {
    let (Some(games), Some(out)) = (args.games, args.out.as_ref()) else {
        return Err("give --games N and --out FILE".into());
    };
    let mut opts = DatagenOptions::new(variant, games);
    opts.nodes = args.nodes;
    opts.seed = args.seed;
    opts.threads = args.threads;
    opts.shard = args.shard.unwrap_or_default();
    opts.hash_mb = args.hash;
    opts.progress = !args.quiet;
    if let Some(p) = args.random_plies {
        opts.random_plies = p;
    }
    let file = File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer = BufWriter::new(file);
    let start = std::time::Instant::now();
    let summary = datagen::run(&opts, &mut writer)?;
    writer.flush().map_err(|e| format!("{}: {e}", out.display()))?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{}: {} (shard {}/{}, games {:?}, seed {}, {} nodes), {:.0} s, {:.0} positions/s",
        out.display(),
        variant.name(),
        opts.shard.index(),
        opts.shard.count(),
        opts.shard_games(),
        opts.seed,
        opts.nodes,
        secs,
        summary.positions as f64 / secs.max(1e-3)
    );
    eprintln!("{summary}");
    Ok(())
}

/// Runs a datagen job.
pub fn run(variant: Variant, args: &DatagenArgs) -> Result<(), String> {
    match &args.job {
        None => play(variant, &args.play),
        Some(DataJob::Stats { files }) => {
            let mut all = stats::Stats::default();
            for f in files {
                all.read(open(f)?, &f.display().to_string())?;
            }
            out!("{}", all.to_string().trim_end());
            Ok(())
        }
        Some(DataJob::Dump { file, limit }) => {
            let mut shown = 0;
            let limit = limit.unwrap_or(usize::MAX);
            stats::for_each_record(open(file)?, &file.display().to_string(), |r| {
                if shown < limit {
                    out!("{}", stats::dump_line(shown, &r));
                    shown += 1;
                }
            })
        }
    }
}
