//! `gorgon datagen`: self-play training data, and `stats`/`dump` of a data
//! file (docs/DATAGEN.md).

use super::common::EvalArgs;
use clap::{Args, Subcommand, ValueEnum};
use engine::datagen::rescore::RescoreOptions;
use engine::datagen::{self, format::Record, g2, stats, DatagenOptions, Version};
use engine::selfplay::Adjudication;
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
    Convert(RewriteArgs),
    /// Searches the positions of data files (either version, read in order
    /// as one) again, by default with the embedded nets, and writes them
    /// with the new scores; positions datagen would not keep with the new
    /// search (a tactical best move, a mate score) are dropped.
    Rescore(RescoreArgs),
}

/// The files a job reads records from and the one it writes them to.
#[derive(Args)]
struct RewriteArgs {
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Where to write (the file is replaced).
    #[arg(long)]
    out: PathBuf,
    /// The version to write.
    #[arg(long, value_enum, default_value_t = FormatArg::G2)]
    to: FormatArg,
}

#[derive(Args)]
struct RescoreArgs {
    #[command(flatten)]
    io: RewriteArgs,
    /// Soft node limit per position, as datagen's --nodes.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Blocks of 256 positions searched at once, one single-threaded
    /// engine each (the output is the same for any number).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Hash per engine, MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    #[command(flatten)]
    eval: EvalArgs,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
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
    /// this many internal cp (the engine's own scale, before the WDL
    /// normalisation) for one side (mates beyond any bound) ...
    #[arg(long, default_value_t = Adjudication::DEFAULT.win_internal_cp)]
    win_cp: i32,
    /// ... on this many plies in a row (0: never adjudicated won).
    #[arg(long, default_value_t = Adjudication::DEFAULT.win_plies)]
    win_plies: usize,
    /// Adjudicate a game drawn once, from this ply on ...
    #[arg(long, default_value_t = Adjudication::DEFAULT.draw_from_ply)]
    draw_from_ply: u32,
    /// ... the score stays within this many internal cp of zero ...
    #[arg(long, default_value_t = Adjudication::DEFAULT.draw_internal_cp)]
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
            win_internal_cp: args.win_cp,
            win_plies: args.win_plies,
            draw_from_ply: args.draw_from_ply,
            draw_plies: args.draw_plies,
            draw_internal_cp: args.draw_cp,
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
        opts.nets.describe(variant),
        secs,
        summary.positions as f64 / secs.max(1e-3)
    );
    eprintln!("{summary}");
    Ok(())
}

/// Records written in order to a file in one version (G2 joins
/// consecutive records into games).
struct RecordSink {
    writer: BufWriter<File>,
    path: String,
    to: Version,
    converter: g2::Converter,
    buf: Vec<u8>,
    records: u64,
}

impl RecordSink {
    /// Creates `out`, refused when it is one of `inputs` (creating it
    /// would empty that input).
    fn create(out: &Path, inputs: &[PathBuf], to: Version) -> Result<RecordSink, String> {
        if let Ok(out_path) = out.canonicalize() {
            if inputs.iter().any(|f| f.canonicalize().is_ok_and(|f| f == out_path)) {
                return Err(format!("{}: the output is also an input", out.display()));
            }
        }
        let file = File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
        Ok(RecordSink {
            writer: BufWriter::new(file),
            path: out.display().to_string(),
            to,
            converter: g2::Converter::new(),
            buf: Vec::new(),
            records: 0,
        })
    }

    fn push(&mut self, r: Record) -> Result<(), String> {
        self.records += 1;
        match self.to {
            Version::G1 => {
                self.buf.extend_from_slice(r.to_line().as_bytes());
                self.buf.push(b'\n');
            }
            Version::G2 => self.converter.push(r, &mut self.buf)?,
        }
        if self.buf.len() >= 1 << 16 {
            self.writer.write_all(&self.buf).map_err(|e| format!("{}: {e}", self.path))?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Writes what is left; returns `N positions` and, in G2, the games.
    fn finish(mut self) -> Result<String, String> {
        self.converter.flush(&mut self.buf)?;
        self.writer
            .write_all(&self.buf)
            .and_then(|_| self.writer.flush())
            .map_err(|e| format!("{}: {e}", self.path))?;
        let games = match self.to {
            Version::G1 => String::new(),
            Version::G2 => format!(
                " in {} games ({} started where no moves joined two records of one game)",
                self.converter.games, self.converter.breaks
            ),
        };
        Ok(format!("{}: {} positions{games}", self.path, self.records))
    }
}

/// Writes the records of `files` (either version) in version `to`.
fn convert(io: &RewriteArgs) -> Result<(), String> {
    let files = &io.files;
    let mut sink = RecordSink::create(&io.out, files, io.to.version())?;
    let start = std::time::Instant::now();
    let mut failed = None;
    for f in files {
        stats::for_each_record(open(f)?, &f.display().to_string(), |r| {
            if failed.is_none() {
                failed = sink.push(r).err();
            }
        })?;
        if let Some(e) = failed.take() {
            return Err(e);
        }
    }
    let records = sink.records;
    let written = sink.finish()?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!("{written}, {secs:.1} s, {:.0} positions/s", records as f64 / secs.max(1e-3));
    Ok(())
}

/// Searches the records of `files` again (rescore::rescore) and writes the
/// kept ones with their new scores.
fn rescore(variant: Variant, args: &RescoreArgs) -> Result<(), String> {
    let mut records = Vec::new();
    for f in &args.io.files {
        stats::for_each_record(open(f)?, &f.display().to_string(), |r| records.push(r))?;
    }
    let opts = RescoreOptions {
        variant,
        nodes: args.nodes,
        jobs: args.jobs,
        hash_mb: args.hash,
        nets: args.eval.nets(variant)?,
        progress: !args.quiet,
    };
    let mut sink = RecordSink::create(&args.io.out, &args.io.files, args.io.to.version())?;
    let start = std::time::Instant::now();
    let summary = datagen::rescore::rescore(&records, &opts, |r| sink.push(r))?;
    let written = sink.finish()?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{written}, rescored at {} nodes by {}, {secs:.1} s, {:.0} records/s",
        args.nodes,
        opts.nets.describe(variant),
        (summary.read + summary.other_variant) as f64 / secs.max(1e-3)
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
        Some(DataJob::Convert(io)) => convert(io),
        Some(DataJob::Rescore(args)) => rescore(variant, args),
    }
}
