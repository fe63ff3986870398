//! `gorgon tune`: fits the evaluation's weights to self-play data and
//! writes `weights.rs` (docs/TUNING.md).

use clap::Args;
use engine::tune::{self, TuneOptions};
use rules::Variant;
use std::path::PathBuf;

#[derive(Args)]
pub struct TuneArgs {
    /// Data files written by `gorgon datagen` (both variants may mix).
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Weight of the game result in the target (the search score has the
    /// rest).
    #[arg(long, default_value_t = 0.5)]
    lambda: f64,
    #[arg(long, default_value_t = 2000)]
    epochs: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Tune only this variant (pom or minipom).
    #[arg(long)]
    only: Option<String>,
    /// Write the new weights here (engine/engine/src/player/eval/weights.rs to
    /// compile them in; with --wdl --nnue the nets' models,
    /// engine/engine/src/nnue/wdl_models.rs).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Loss lines every this many epochs (0: none).
    #[arg(long, default_value_t = 100)]
    report_every: usize,
    /// Epochs without a new low on the early-stopping tenth before the fit
    /// ends (0: no early stopping, the last epoch's weights).
    #[arg(long, default_value_t = 100)]
    patience: usize,
    /// Fit the win/draw/loss model to the results against the compiled
    /// evaluation, instead of the weights.
    #[arg(long)]
    wdl: bool,
    /// With --wdl: fit the embedded nets' models (write them to
    /// engine/engine/src/nnue/wdl_models.rs) instead of the hand-written evaluation's.
    #[arg(long)]
    nnue: bool,
}

pub fn run(args: &TuneArgs) -> Result<(), String> {
    let variant = match &args.only {
        Some(name) => Some(Variant::from_name(name).ok_or_else(|| format!("--only {name:?}: expected pom or minipom"))?),
        None => None,
    };
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(format!("--lambda {}: expected 0 to 1", args.lambda));
    }
    let opts = TuneOptions {
        lambda: args.lambda,
        epochs: args.epochs,
        learning_rate: args.rate,
        variant,
        out: args.out.clone(),
        report_every: args.report_every,
        wdl: args.wdl,
        nnue: args.nnue,
        patience: args.patience,
        ..TuneOptions::new(args.data.clone())
    };
    let start = std::time::Instant::now();
    let fits = tune::run(&opts, &mut |line| eprintln!("{line}"))?;
    for f in &fits {
        out!(
            "{}: {} positions, K {:.1}, kept epoch {}, loss {:.6} -> {:.6}, held out ({}) {:.6} -> {:.6}",
            f.variant.name(),
            f.positions,
            f.k,
            f.best_epoch,
            f.train_before,
            f.train_after,
            f.held_out,
            f.held_out_before,
            f.held_out_after
        );
    }
    eprintln!("{:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}
