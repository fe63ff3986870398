//! `gorgon suite`: an opening suite for testing (engine::suite,
//! docs/MATCH.md "Opening suites"): searched short lines judged balanced,
//! written in the match runner's openings format with a header that says
//! how the suite was made.

use super::common::EvalArgs;
use clap::Args;
use engine::suite::{self, SuiteOptions};
use rules::Variant;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(Args)]
pub struct SuiteArgs {
    /// Lines to keep.
    #[arg(long, default_value_t = 3000)]
    count: usize,
    /// Candidates to try at most (default 20 per line wanted).
    #[arg(long)]
    max_candidates: Option<usize>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies drawn uniformly among the legal moves first.
    #[arg(long)]
    random_plies: Option<usize>,
    /// Plies drawn next among the MultiPV lines within --margin of the
    /// best.
    #[arg(long)]
    varied_plies: Option<usize>,
    #[arg(long)]
    multipv: Option<usize>,
    /// Centipawns from the best line a varied ply may lose.
    #[arg(long)]
    margin: Option<i32>,
    /// The depth of the searches that choose the varied plies.
    #[arg(long)]
    pick_depth: Option<u32>,
    /// The cheap search's soft node limit ...
    #[arg(long)]
    screen_nodes: Option<u64>,
    /// ... and how far from an even expected score (per mille, either
    /// side of 500) it may put a line that goes on to the deep search.
    #[arg(long)]
    screen_window: Option<u32>,
    /// The deep search's soft node limit ...
    #[arg(long)]
    nodes: Option<u64>,
    /// ... and the window a kept line is inside: the side to move's
    /// expected score by the search's win/draw/loss, per mille either side
    /// of 500 (40: 46 % to 54 %).
    #[arg(long)]
    window: Option<u32>,
    /// Candidates searched at once, one single-threaded engine each (the
    /// suite is the same for any number).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash per engine, MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Where to write the suite (the file is replaced; the lines are
    /// flushed as they are kept).
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    eval: EvalArgs,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

impl SuiteArgs {
    fn options(&self, variant: Variant) -> Result<SuiteOptions, String> {
        let mut o = SuiteOptions::new(variant, self.count);
        o.max_candidates = self.max_candidates.unwrap_or(o.max_candidates);
        o.seed = self.seed;
        o.random_plies = self.random_plies.unwrap_or(o.random_plies);
        o.varied_plies = self.varied_plies.unwrap_or(o.varied_plies);
        o.multipv = self.multipv.unwrap_or(o.multipv);
        o.margin_cp = self.margin.unwrap_or(o.margin_cp);
        o.pick_depth = self.pick_depth.unwrap_or(o.pick_depth);
        o.screen_nodes = self.screen_nodes.unwrap_or(o.screen_nodes);
        o.screen_window = self.screen_window.unwrap_or(o.screen_window);
        o.judge_nodes = self.nodes.unwrap_or(o.judge_nodes);
        o.window = self.window.unwrap_or(o.window);
        o.threads = self.threads;
        o.hash_mb = self.hash;
        o.nets = self.eval.nets(variant)?;
        o.progress = !self.quiet;
        Ok(o)
    }
}

/// Makes the suite and writes it to `--out`: a header of `#` lines (the
/// command, the build, the settings), the lines, and a footer with the
/// counts and the kept scores' distribution.
pub fn run(variant: Variant, args: &SuiteArgs, version: &str) -> Result<(), String> {
    let opts = args.options(variant)?;
    let path = args.out.display().to_string();
    let file = File::create(&args.out).map_err(|e| format!("{path}: {e}"))?;
    let mut w = BufWriter::new(file);
    let io = |e: std::io::Error| format!("{path}: {e}");
    let command: Vec<String> = std::env::args().collect();
    writeln!(w, "# {}", opts.describe()).map_err(io)?;
    writeln!(w, "# made by gorgon {version} with {}", opts.nets.describe(variant)).map_err(io)?;
    writeln!(w, "# command: {}", command.join(" ")).map_err(io)?;
    writeln!(
        w,
        "# each line: '# ce <deep score, cp for the side to move> fen <end position>', then 'moves <line>'"
    )
    .map_err(io)?;
    let start = std::time::Instant::now();
    let quiet = args.quiet;
    let summary = suite::generate(&opts, |lines, so_far| {
        for line in lines {
            w.write_all(line.to_text().as_bytes()).map_err(io)?;
        }
        w.flush().map_err(io)?;
        // Without a progress bar (a background run), a line per block:
        // what a stopped run made, to be written down.
        if quiet {
            eprintln!("{path}: {so_far}, {:.0} s", start.elapsed().as_secs_f64());
        }
        Ok(())
    })?;
    let secs = start.elapsed().as_secs_f64();
    writeln!(w, "# {summary}").map_err(io)?;
    writeln!(w, "# kept scores: {}", summary.histogram_text()).map_err(io)?;
    w.flush().map_err(io)?;
    eprintln!("{path}: {summary}, {secs:.0} s");
    eprintln!("kept scores: {}", summary.histogram_text());
    if summary.kept < opts.count {
        eprintln!(
            "{path}: only {} of {} lines within {} candidates",
            summary.kept, opts.count, opts.max_candidates
        );
    }
    Ok(())
}
