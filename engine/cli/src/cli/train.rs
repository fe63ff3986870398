//! `gorgon train`: fits an NNUE network to self-play data and writes the
//! net file (docs/NNUE.md).

use clap::Args;
use engine::train::{self, defaults, TrainOptions};
use rules::Variant;
use std::path::PathBuf;

#[derive(Args)]
pub struct TrainArgs {
    /// Data files written by `gorgon datagen` (records of other variants
    /// are skipped).
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// The net file to write.
    #[arg(long)]
    out: PathBuf,
    /// Hidden units per perspective (a multiple of 16, at most 256).
    #[arg(long, default_value_t = defaults::HIDDEN)]
    hidden: usize,
    /// Output layers, one per phase of the game by the number of pieces
    /// on the board (1 to 8; docs/NNUE.md).
    #[arg(long, default_value_t = defaults::OUTPUT_BUCKETS)]
    output_buckets: usize,
    #[arg(long, default_value_t = defaults::EPOCHS)]
    epochs: usize,
    /// Positions per mini-batch.
    #[arg(long, default_value_t = defaults::BATCH)]
    batch: usize,
    /// Learning rate at the start; it falls along a cosine to --lr-end.
    #[arg(long, default_value_t = defaults::LR)]
    lr: f64,
    #[arg(long, default_value_t = defaults::LR_END)]
    lr_end: f64,
    /// AdamW's weight decay.
    #[arg(long, default_value_t = defaults::WEIGHT_DECAY)]
    weight_decay: f64,
    /// Weight of the game result in the target (the search score has the
    /// rest), as in `gorgon tune`.
    #[arg(long, default_value_t = defaults::LAMBDA)]
    lambda: f64,
    /// Seeds the first weights and the order of the batches.
    #[arg(long, default_value_t = defaults::SEED)]
    seed: u64,
    /// Epochs without a new low of the early-stopping loss before training
    /// ends (0: every epoch is run; the best is kept either way).
    #[arg(long, default_value_t = defaults::PATIENCE)]
    patience: usize,
    /// Write the float weights here after every epoch.
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Start from these float weights (a --checkpoint file).
    #[arg(long)]
    resume: Option<PathBuf>,
    /// Training threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Also train on the left-right mirror image of each training
    /// position where the rules make it a position of the same value
    /// (always in pom; in minipom once no swap right is left).
    #[arg(long)]
    mirror: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

pub fn run(variant: Variant, args: &TrainArgs) -> Result<(), String> {
    let command = std::env::args()
        .skip(1)
        .map(|a| if a.contains(' ') { format!("'{a}'") } else { a })
        .collect::<Vec<_>>()
        .join(" ");
    let opts = TrainOptions {
        hidden: args.hidden,
        buckets: args.output_buckets,
        epochs: args.epochs,
        batch: args.batch,
        lr: args.lr,
        lr_end: args.lr_end,
        weight_decay: args.weight_decay,
        lambda: args.lambda,
        seed: args.seed,
        patience: args.patience,
        checkpoint: args.checkpoint.clone(),
        resume: args.resume.clone(),
        progress: !args.quiet,
        command: format!("gorgon {command}"),
        mirror: args.mirror,
        ..TrainOptions::new(args.data.clone(), variant, args.out.clone())
    };
    let go = || train::run(&opts, &mut |line| eprintln!("{line}"));
    let report = match args.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()
            .map_err(|e| format!("--threads {n}: {e}"))?
            .install(go)?,
        None => go()?,
    };
    out!(
        "{}: held-out loss {:.6} (quantised {:.6}; hand-written evaluation {:.6}) on {} positions of {} games; \
         kept epoch {} of {}; quantisation error {:.2} cp mean, {:.0} max; {:.0} positions/s; {:.0} s; wrote {}",
        variant.name(),
        report.held_out_float,
        report.held_out_quantised,
        report.held_out_hand,
        report.positions[2],
        report.games_held_out,
        report.best_epoch,
        report.epochs_run,
        report.quant_error_mean,
        report.quant_error_max,
        report.positions_per_second,
        report.seconds,
        args.out.display()
    );
    Ok(())
}
