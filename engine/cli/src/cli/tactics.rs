//! `gorgon tactics`: build a tactics set from self-play games, and solve
//! one (engine::tactics, docs/TACTICS.md).

use super::common::{nets, EvalArgs, LimitArgs};
use clap::{Args, Subcommand};
use engine::analysis::score_text;
use engine::nnue::UseNnue;
use engine::tactics::{self, BuildOptions, BuildSummary, Journal, SolveOptions};
use rules::Variant;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum TacticsJob {
    /// Find positions where one or two moves win (by deep searches with
    /// the nets and the hand-written evaluation) in G2 self-play games;
    /// writes them as EPD with their answers (`bm`).
    Build(BuildArgs),
    /// Search every position of a set and count those whose best move is
    /// one of the answers.
    Solve(SolveArgs),
}

#[derive(Args)]
pub struct BuildArgs {
    /// G2 self-play files of the --variant (gorgon datagen --format g2).
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Where to write the set (EPD; the file is replaced).
    #[arg(long)]
    out: PathBuf,
    /// The depth of both searches of each candidate.
    #[arg(long, default_value_t = 20)]
    depth: u32,
    /// First a search by the nets to this depth (0: none): a candidate
    /// goes on to the deep searches only if its best line there wins at
    /// least half of --win-cp and not every line wins twice it.
    #[arg(long, default_value_t = 0)]
    screen_depth: u32,
    /// A move wins when its line scores at least this many centipawns.
    #[arg(long, default_value_t = 300)]
    win_cp: i32,
    /// Candidates searched at most, drawn by --seed.
    #[arg(long, default_value_t = 200)]
    candidates: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Candidates searched at once (two single-threaded engines each).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Hash per engine, MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// The net of the nets' search, in place of the embedded one.
    #[arg(long, value_name = "NET")]
    eval_file: Option<PathBuf>,
    /// Keep every verdict in this file as it is reached, and take those it
    /// already has: a build stopped part way goes on where it stopped, and
    /// one drawing more --candidates by the same seed searches only the new
    /// ones. Refused when the file is of other settings (variant, depths,
    /// --win-cp, net).
    #[arg(long, value_name = "FILE")]
    journal: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args)]
pub struct SolveArgs {
    /// The set (EPD lines with `bm`).
    set: PathBuf,
    #[command(flatten)]
    limits: LimitArgs,
    /// Positions searched at once, one single-threaded engine each.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Hash per engine, MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    #[command(flatten)]
    eval: EvalArgs,
    /// Only the summary, not a line per position.
    #[arg(long)]
    quiet: bool,
}

pub fn run(variant: Variant, job: &TacticsJob) -> Result<(), String> {
    match job {
        TacticsJob::Build(args) => build(variant, args),
        TacticsJob::Solve(args) => solve(variant, args),
    }
}

fn build(variant: Variant, args: &BuildArgs) -> Result<(), String> {
    let start = std::time::Instant::now();
    let mut inputs = Vec::new();
    for path in &args.data {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        inputs.push((path.display().to_string(), BufReader::new(file)));
    }
    let (found, looked) = tactics::candidates(variant, inputs, args.win_cp)?;
    let opts = BuildOptions {
        variant,
        depth: args.depth,
        screen_depth: args.screen_depth,
        win_cp: args.win_cp,
        candidates: args.candidates,
        seed: args.seed,
        jobs: args.jobs,
        hash_mb: args.hash,
        nets: nets(variant, UseNnue::On, args.eval_file.as_deref())?,
        progress: !args.quiet,
    };
    let mut summary = BuildSummary {
        positions: looked,
        ..BuildSummary::default()
    };
    let mut journal = match &args.journal {
        Some(path) => {
            let j = Journal::open(path, &opts, crate::VERSION)?;
            eprintln!("{}: {} candidates judged before", path.display(), j.judged());
            Some(j)
        }
        None => None,
    };
    let set = tactics::build(&found, &opts, &mut summary, journal.as_mut())?;
    let file = File::create(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let mut w = BufWriter::new(file);
    let data: Vec<String> = args.data.iter().map(|p| p.display().to_string()).collect();
    let header = format!(
        "# gorgon {} tactics build: {}, depth {}{}, win {} cp, {} of {} candidates (seed {}), nets {}\n# data: {}\n",
        crate::VERSION,
        variant.name(),
        args.depth,
        match args.screen_depth {
            0 => String::new(),
            d => format!(" (screened at depth {d})"),
        },
        args.win_cp,
        summary.searched,
        summary.candidates,
        args.seed,
        opts.nets.source(variant),
        data.join(" ")
    );
    let mut text = header;
    for p in &set {
        text.push_str(&p.epd_line(args.depth));
        text.push('\n');
    }
    w.write_all(text.as_bytes())
        .and_then(|_| w.flush())
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    eprintln!("{}: {summary}; {:.0} s", args.out.display(), start.elapsed().as_secs_f64());
    Ok(())
}

fn solve(variant: Variant, args: &SolveArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.set).map_err(|e| format!("{}: {e}", args.set.display()))?;
    let set = tactics::read_set(&text, &args.set.display().to_string(), variant)?;
    let opts = SolveOptions {
        limits: args.limits.limits(),
        jobs: args.jobs,
        hash_mb: args.hash,
        nets: args.eval.nets(variant)?,
        // The bar (on a terminal) only when no line per position is written.
        progress: args.quiet,
    };
    let mut out = std::io::stdout();
    let quiet = args.quiet;
    let summary = tactics::solve(&set, &opts, |p, a| {
        if quiet {
            return Ok(());
        }
        let best = a.best.map_or("(none)".to_string(), |m| p.position.move_text(m));
        let want: Vec<String> = p.answers.iter().map(|&m| p.position.move_text(m)).collect();
        writeln!(
            out,
            "{} {}: {best} {} depth {} (bm {}){}",
            p.id,
            if a.solved { "solved" } else { "missed" },
            score_text(a.score),
            a.depth,
            want.join(" "),
            if p.gaze { ", gaze" } else { "" }
        )
        .map_err(|e| format!("stdout: {e}"))
    })?;
    writeln!(out, "{summary}, {}", opts.limits.describe()).map_err(|e| format!("stdout: {e}"))?;
    Ok(())
}
