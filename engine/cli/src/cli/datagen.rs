//! `gorgon datagen`: self-play training data, and `stats`/`dump` of a data
//! file (docs/DATAGEN.md).

use super::common::EvalArgs;
use clap::{Args, Subcommand, ValueEnum};
use engine::datagen::{self, format::Record, g2, stats, Adjudication, DatagenOptions, Version};
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
    /// Rewrites data files (either version, read in order as one) in
    /// another version: G1 to G2 recovers the games, G2 to G1 writes the
    /// same lines the G1 writer would have.
    Convert {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Where to write (the file is replaced).
        #[arg(long)]
        out: PathBuf,
        /// The version to write.
        #[arg(long, value_enum, default_value_t = FormatArg::G2)]
        to: FormatArg,
    },
}

/// A data format version on the command line.
#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    /// Text, one self-describing line per position.
    G1,
    /// Binary, games with the moves between their positions.
    G2,
}

impl FormatArg {
    fn version(self) -> Version {
        match self {
            FormatArg::G1 => Version::G1,
            FormatArg::G2 => Version::G2,
        }
    }
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
    /// An opening the engine scores beyond this many cp (either side) is
    /// drawn again.
    #[arg(long, default_value_t = 300)]
    opening_max_cp: i32,
    /// Adjudicate a game won once the side to move's score is at least
    /// this many cp for one side (mates beyond any bound) ...
    #[arg(long, default_value_t = Adjudication::DEFAULT.win_cp)]
    win_cp: i32,
    /// ... on this many plies in a row (0: never adjudicated won).
    #[arg(long, default_value_t = Adjudication::DEFAULT.win_plies)]
    win_plies: usize,
    /// Adjudicate a game drawn once, from this ply on ...
    #[arg(long, default_value_t = Adjudication::DEFAULT.draw_from_ply)]
    draw_from_ply: u32,
    /// ... the score stays within this many cp of zero ...
    #[arg(long, default_value_t = Adjudication::DEFAULT.draw_cp)]
    draw_cp: i32,
    /// ... on this many plies in a row (0: never adjudicated drawn).
    #[arg(long, default_value_t = Adjudication::DEFAULT.draw_plies)]
    draw_plies: usize,
    /// Play every game to its end (the rules or the ply cap): neither
    /// won nor drawn by adjudication.
    #[arg(long, conflicts_with_all = ["win_cp", "win_plies", "draw_from_ply", "draw_cp", "draw_plies"])]
    no_adjudication: bool,
    /// Play every game out and report how the games the adjudication
    /// rules would have called ended.
    #[arg(long, conflicts_with = "no_adjudication")]
    audit_adjudication: bool,
    /// Hash per game, MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Where to write the records (the file is replaced).
    #[arg(long, required = true)]
    out: Option<PathBuf>,
    /// The file format (docs/DATAGEN.md): G1 text, or G2 binary games.
    #[arg(long, value_enum, default_value_t = FormatArg::G1)]
    format: FormatArg,
    #[command(flatten)]
    eval: EvalArgs,
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
    opts.format = args.format.version();
    opts.nets = args.eval.nets(variant)?;
    if let Some(p) = args.random_plies {
        opts.random_plies = p;
    }
    opts.opening_max_cp = args.opening_max_cp;
    opts.adjudication = if args.no_adjudication {
        Adjudication::OFF
    } else {
        Adjudication {
            win_cp: args.win_cp,
            win_plies: args.win_plies,
            draw_from_ply: args.draw_from_ply,
            draw_plies: args.draw_plies,
            draw_cp: args.draw_cp,
        }
    };
    opts.audit = args.audit_adjudication;
    let file = File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer = BufWriter::new(file);
    let start = std::time::Instant::now();
    let summary = datagen::run(&opts, &mut writer)?;
    writer.flush().map_err(|e| format!("{}: {e}", out.display()))?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{}: {} (shard {}/{}, games {:?}, seed {}, {} nodes, {}), {:.0} s, {:.0} positions/s",
        out.display(),
        variant.name(),
        opts.shard.index(),
        opts.shard.count(),
        opts.shard_games(),
        opts.seed,
        opts.nodes,
        match opts.nets.active(variant) {
            Some(_) => format!("net {}", opts.nets.source(variant)),
            None => "the hand-written evaluation".into(),
        },
        secs,
        summary.positions as f64 / secs.max(1e-3)
    );
    eprintln!("{summary}");
    Ok(())
}

/// Writes the records of `files` (either version) in version `to`.
fn convert(files: &[PathBuf], out: &Path, to: Version) -> Result<(), String> {
    // Creating the output first would empty an input of the same name.
    if let Ok(out_path) = out.canonicalize() {
        if files.iter().any(|f| f.canonicalize().is_ok_and(|f| f == out_path)) {
            return Err(format!("{}: the output is also an input", out.display()));
        }
    }
    let file = File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer = BufWriter::new(file);
    let start = std::time::Instant::now();
    let mut converter = g2::Converter::new();
    let mut buf = Vec::new();
    let mut failed = None;
    let mut records = 0u64;
    let mut take = |r: Record, buf: &mut Vec<u8>, converter: &mut g2::Converter| -> Result<(), String> {
        records += 1;
        match to {
            Version::G1 => {
                buf.extend_from_slice(r.to_line().as_bytes());
                buf.push(b'\n');
            }
            Version::G2 => converter.push(r, buf)?,
        }
        Ok(())
    };
    for f in files {
        stats::for_each_record(open(f)?, &f.display().to_string(), |r| {
            if failed.is_some() {
                return;
            }
            if let Err(e) = take(r, &mut buf, &mut converter) {
                failed = Some(e);
            }
            if buf.len() >= 1 << 16 {
                if let Err(e) = writer.write_all(&buf) {
                    failed = Some(format!("{}: {e}", out.display()));
                }
                buf.clear();
            }
        })?;
        if let Some(e) = failed.take() {
            return Err(e);
        }
    }
    converter.flush(&mut buf)?;
    writer
        .write_all(&buf)
        .and_then(|_| writer.flush())
        .map_err(|e| format!("{}: {e}", out.display()))?;
    let secs = start.elapsed().as_secs_f64();
    let games = match to {
        Version::G1 => String::new(),
        Version::G2 => format!(
            " in {} games ({} started where no moves joined two records of one game)",
            converter.games, converter.breaks
        ),
    };
    eprintln!(
        "{}: {records} positions{games}, {secs:.1} s, {:.0} positions/s",
        out.display(),
        records as f64 / secs.max(1e-3)
    );
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
        Some(DataJob::Convert { files, out, to }) => convert(files, out, to.version()),
    }
}
