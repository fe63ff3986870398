//! `gorgon train`: fits an NNUE network to self-play data (docs/NNUE.md),
//! one variant at a time.
//!
//! The data is read once into sparse input rows (`data`), split by whole
//! games into a training part, an early-stopping tenth and a held-out
//! tenth (the last, as the tuner holds out). Mini-batches of the training
//! part, shuffled by the seed each epoch, follow the gradient with AdamW
//! and a cosine learning-rate schedule; the weights of the epoch with the
//! lowest early-stopping loss are kept, quantised and written. The loss
//! and `K` are the tuner's, so the held-out losses of the net and of the
//! hand-written evaluation compare directly, and both are reported.
//!
//! Deterministic for a seed: a batch's gradient is summed over a fixed
//! number of slices in a fixed order, whatever the thread count.

pub mod data;
pub mod net;

use crate::datagen::{format::Record, stats::for_each_record};
use crate::nnue::accumulator::evaluate_fresh;
use crate::tune;
use data::{split_by_game, Samples};
use net::{cross_entropy, sigmoid, FloatNet, Objective};
use rayon::prelude::*;
use rules::{SplitMix64, Variant};
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::time::Instant;

/// A batch's gradient is summed over this many slices (in parallel).
const SLICES: usize = 8;

/// The trainer's defaults, the one place they are written: `TrainOptions::new`
/// and the command line's (`gorgon train --help`) read them here.
pub mod defaults {
    pub const HIDDEN: usize = 128;
    pub const OUTPUT_BUCKETS: usize = 1;
    pub const EPOCHS: usize = 40;
    pub const BATCH: usize = 16384;
    pub const LR: f64 = 0.001;
    pub const LR_END: f64 = 0.0001;
    pub const WEIGHT_DECAY: f64 = 0.01;
    pub const LAMBDA: f64 = 0.5;
    pub const SEED: u64 = 1;
    pub const PATIENCE: usize = 8;
}

#[derive(Clone, Debug)]
pub struct TrainOptions {
    pub files: Vec<PathBuf>,
    pub variant: Variant,
    pub hidden: usize,
    /// Output layers chosen by the number of pieces (`network::output_bucket`).
    pub buckets: usize,
    pub epochs: usize,
    pub batch: usize,
    /// The learning rate falls from `lr` to `lr_end` along a cosine.
    pub lr: f64,
    pub lr_end: f64,
    /// AdamW's decoupled weight decay.
    pub weight_decay: f64,
    /// Weight of the game result in the target; the search score has the
    /// rest.
    pub lambda: f64,
    pub seed: u64,
    /// Epochs without a new early-stopping low before training ends (0:
    /// run every epoch, still keeping the best).
    pub patience: usize,
    pub out: PathBuf,
    /// Float weights written after every epoch, to go on from.
    pub checkpoint: Option<PathBuf>,
    pub resume: Option<PathBuf>,
    pub progress: bool,
    /// The command line, recorded in the net's description.
    pub command: String,
    /// Adds the left-right mirror image of every training position where
    /// it is a position of the same value (docs/DATAGEN.md).
    pub mirror: bool,
}

impl TrainOptions {
    pub fn new(files: Vec<PathBuf>, variant: Variant, out: PathBuf) -> TrainOptions {
        TrainOptions {
            files,
            variant,
            hidden: defaults::HIDDEN,
            buckets: defaults::OUTPUT_BUCKETS,
            epochs: defaults::EPOCHS,
            batch: defaults::BATCH,
            lr: defaults::LR,
            lr_end: defaults::LR_END,
            weight_decay: defaults::WEIGHT_DECAY,
            lambda: defaults::LAMBDA,
            seed: defaults::SEED,
            patience: defaults::PATIENCE,
            out,
            checkpoint: None,
            resume: None,
            progress: false,
            command: String::new(),
            mirror: false,
        }
    }
}

/// What a training run did.
#[derive(Clone, Debug)]
pub struct TrainReport {
    pub positions: [usize; 3],
    pub games_held_out: usize,
    pub k: f64,
    pub best_epoch: usize,
    pub epochs_run: usize,
    pub train_loss: f64,
    pub valid_loss: f64,
    /// Held-out loss of the float net, the quantised net and the
    /// hand-written evaluation (same positions, `K` and `lambda`).
    pub held_out_float: f64,
    pub held_out_quantised: f64,
    pub held_out_hand: f64,
    /// Quantised minus float evaluation on the held-out positions, cp.
    pub quant_error_mean: f64,
    pub quant_error_max: f64,
    pub seconds: f64,
    pub positions_per_second: f64,
}

/// Reads the records of one variant from every file, in order.
pub fn load(files: &[PathBuf], variant: Variant) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    for path in files {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for_each_record(BufReader::new(file), &path.display().to_string(), |r| {
            if r.position.variant() == variant {
                records.push(r);
            }
        })?;
    }
    Ok(records)
}

/// Adam's moments.
struct Adam {
    m: FloatNet,
    v: FloatNet,
    step: i32,
}

impl Adam {
    fn update(&mut self, net: &mut FloatNet, grad: &FloatNet, lr: f32, decay: f32) {
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        self.step += 1;
        let (c1, c2) = (1.0 - b1.powi(self.step), 1.0 - b2.powi(self.step));
        let step = |p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32], decay: f32| {
            for (((p, &g), m), v) in p.iter_mut().zip(g).zip(m.iter_mut()).zip(v.iter_mut()) {
                *m = b1 * *m + (1.0 - b1) * g;
                *v = b2 * *v + (1.0 - b2) * g * g;
                *p -= lr * ((*m / c1) / ((*v / c2).sqrt() + eps) + decay * *p);
            }
        };
        step(&mut net.w, &grad.w, &mut self.m.w, &mut self.v.w, decay);
        step(&mut net.b, &grad.b, &mut self.m.b, &mut self.v.b, 0.0);
        step(&mut net.v, &grad.v, &mut self.m.v, &mut self.v.v, decay);
        step(&mut net.c, &grad.c, &mut self.m.c, &mut self.v.c, 0.0);
    }
}

/// Trains a net on the options' data (one variant, in file order) and
/// writes it: the options checked, the data read and split, the net fitted
/// epoch by epoch, then quantised, compared with the float net and written.
pub fn run(opts: &TrainOptions, log: &mut dyn FnMut(String)) -> Result<TrainReport, String> {
    check(opts)?;
    let start = Instant::now();
    let data = read_data(opts, start, log)?;
    let fit = fit(opts, starting_net(opts)?, &data, log)?;
    let quantised = quantise(opts, &fit, &data)?;
    std::fs::write(&opts.out, quantised.net.to_bytes()).map_err(|e| format!("{}: {e}", opts.out.display()))?;
    Ok(TrainReport {
        positions: [data.train.len(), data.valid.len(), data.held.len()],
        games_held_out: data.games_held_out,
        k: data.k,
        best_epoch: fit.best_epoch,
        epochs_run: fit.epochs_run,
        train_loss: fit.train_loss,
        valid_loss: fit.valid_loss,
        held_out_float: quantised.held_out_float,
        held_out_quantised: quantised.held_out_quantised,
        held_out_hand: data.held_out_hand,
        quant_error_mean: quantised.error_mean,
        quant_error_max: quantised.error_max,
        seconds: start.elapsed().as_secs_f64(),
        positions_per_second: fit.positions_per_second,
    })
}

/// Step 1: the options the trainer cannot work with, refused.
fn check(opts: &TrainOptions) -> Result<(), String> {
    if opts.hidden == 0 || !opts.hidden.is_multiple_of(16) || opts.hidden > crate::nnue::network::MAX_HIDDEN {
        return Err(format!("--hidden {}: expected a multiple of 16 up to 256", opts.hidden));
    }
    if opts.buckets == 0 || opts.buckets > crate::nnue::network::MAX_BUCKETS {
        return Err(format!(
            "--output-buckets {}: expected 1 to {}",
            opts.buckets,
            crate::nnue::network::MAX_BUCKETS
        ));
    }
    if opts.batch == 0 || opts.epochs == 0 {
        return Err("--batch and --epochs must be at least 1".into());
    }
    if !(0.0..=1.0).contains(&opts.lambda) {
        return Err(format!("--lambda {}: expected 0 to 1", opts.lambda));
    }
    if !(opts.lr > 0.0 && opts.lr_end > 0.0 && opts.lr_end <= opts.lr) {
        return Err(format!("--lr {} --lr-end {}: expected 0 < lr-end <= lr", opts.lr, opts.lr_end));
    }
    Ok(())
}

/// The data of a run, split by whole games, with what the hand-written
/// evaluation scores on it.
struct TrainData {
    train: Samples,
    valid: Samples,
    held: Samples,
    /// The held-out records themselves: the quantised net evaluates them
    /// through the engine's own accumulators.
    held_records: Vec<Record>,
    games_held_out: usize,
    k: f64,
    held_out_hand: f64,
    obj: Objective,
}

/// Step 2: reads the records, splits them by game, fits `K` as the tuner
/// does and scores the hand-written evaluation on the held-out tenth.
fn read_data(opts: &TrainOptions, start: Instant, log: &mut dyn FnMut(String)) -> Result<TrainData, String> {
    let records = load(&opts.files, opts.variant)?;
    if records.len() < 100 {
        return Err(format!(
            "{} positions of {} in the data: too few to train on",
            records.len(),
            opts.variant.name()
        ));
    }
    let (train_r, valid_r, held_r) = split_by_game(records);
    let games_held_out = data::game_starts(&held_r).len();
    // K as the tuner fits it: the compiled hand-written evaluation against
    // the results of the training part.
    let hand = tune::compiled_weights(opts.variant);
    let mut hand_train = tune::data::DataSet::default();
    hand_train.extend(&train_r);
    let k = tune::fit_k(&hand_train, &hand);
    drop(hand_train);
    let mut hand_held = tune::data::DataSet::default();
    hand_held.extend(&held_r);
    let held_out_hand = tune::loss(&hand_held, &hand, k, opts.lambda);
    let obj = Objective {
        k: k as f32,
        lambda: opts.lambda as f32,
    };
    // Only the training part grows by mirror images: the other two stay
    // the positions the games reached, so the losses compare with the
    // hand-written one's.
    let [train, valid, held] = [(&train_r, opts.mirror), (&valid_r, false), (&held_r, false)].map(|(r, mirror)| {
        let mut s = Samples::default();
        s.extend_with(r, mirror);
        s
    });
    log(format!(
        "{}: {} positions to train, {} to stop early, {} held out ({games_held_out} games); K = {k:.1}; \
         hand-written evaluation's held-out loss {held_out_hand:.6}; read in {:.1} s",
        opts.variant.name(),
        train.len(),
        valid.len(),
        held.len(),
        start.elapsed().as_secs_f64()
    ));
    Ok(TrainData {
        train,
        valid,
        held,
        held_records: held_r,
        games_held_out,
        k,
        held_out_hand,
        obj,
    })
}

/// Step 3: the net to start from: a checkpoint (`--resume`) of the same
/// variant and size, or fresh weights from the seed.
fn starting_net(opts: &TrainOptions) -> Result<FloatNet, String> {
    let Some(path) = &opts.resume else {
        return Ok(FloatNet::new(opts.variant, opts.hidden, opts.buckets, opts.seed));
    };
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let net = FloatNet::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    if net.variant != opts.variant || net.hidden != opts.hidden || net.buckets != opts.buckets {
        return Err(format!(
            "{}: a {} net of {} hidden units and {} output buckets, not {} of {} and {}",
            path.display(),
            net.variant.name(),
            net.hidden,
            net.buckets,
            opts.variant.name(),
            opts.hidden,
            opts.buckets
        ));
    }
    Ok(net)
}

/// What the epochs left: the net of the epoch with the lowest
/// early-stopping loss.
struct Fit {
    net: FloatNet,
    valid_loss: f64,
    best_epoch: usize,
    epochs_run: usize,
    train_loss: f64,
    positions_per_second: f64,
}

/// Step 4: mini-batches of the shuffled training part with AdamW on a
/// cosine schedule, epoch after epoch until the last or until the
/// early-stopping loss has not improved for `patience` epochs.
fn fit(opts: &TrainOptions, mut net: FloatNet, data: &TrainData, log: &mut dyn FnMut(String)) -> Result<Fit, String> {
    let (train, valid, obj) = (&data.train, &data.valid, data.obj);
    let mut adam = Adam {
        m: net.zeros_like(),
        v: net.zeros_like(),
        step: 0,
    };
    let mut grads: Vec<FloatNet> = (0..SLICES).map(|_| net.zeros_like()).collect();
    let mut scratch: Vec<Vec<f32>> = (0..SLICES).map(|_| vec![0.0; 2 * opts.hidden]).collect();
    let mut order: Vec<usize> = (0..train.len()).collect();
    let batches = train.len().div_ceil(opts.batch);
    let total_steps = (batches * opts.epochs) as f64;
    let bar = progress_bar(opts, batches * opts.epochs);
    let mut best = (net.loss(valid, obj), net.clone(), 0usize);
    let mut train_loss = f64::NAN;
    let mut epochs_run = 0;
    let fit_start = Instant::now();
    let mut seen = 0usize;
    for epoch in 1..=opts.epochs {
        let mut rng = SplitMix64::stream(opts.seed, epoch as u64);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut epoch_loss = 0.0f64;
        for (b, batch) in order.chunks(opts.batch).enumerate() {
            let step = ((epoch - 1) * batches + b) as f64;
            let lr = opts.lr_end + 0.5 * (opts.lr - opts.lr_end) * (1.0 + (std::f64::consts::PI * step / total_steps).cos());
            epoch_loss += batch_gradient(&net, train, batch, obj, &mut grads, &mut scratch);
            adam.update(&mut net, &grads[0], lr as f32, opts.weight_decay as f32);
            net.clip();
            seen += batch.len();
            bar.inc(1);
            bar.set_message(format!(
                "epoch {epoch}, loss {:.5}, {:.0} pos/s",
                epoch_loss / ((b * opts.batch + batch.len()) as f64),
                seen as f64 / fit_start.elapsed().as_secs_f64()
            ));
        }
        epochs_run = epoch;
        train_loss = epoch_loss / train.len() as f64;
        let valid_loss = net.loss(valid, obj);
        if valid_loss < best.0 {
            best = (valid_loss, net.clone(), epoch);
        }
        bar.suspend(|| {
            log(format!(
                "{} epoch {epoch}: training loss {train_loss:.6}, early-stopping loss {valid_loss:.6} (best {:.6} at epoch {}), {:.0} pos/s",
                opts.variant.name(),
                best.0,
                best.2,
                seen as f64 / fit_start.elapsed().as_secs_f64()
            ))
        });
        if let Some(path) = &opts.checkpoint {
            std::fs::write(path, net.to_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        if opts.patience > 0 && epoch - best.2 >= opts.patience {
            break;
        }
    }
    bar.finish_and_clear();
    let (valid_loss, net, best_epoch) = best;
    Ok(Fit {
        net,
        valid_loss,
        best_epoch,
        epochs_run,
        train_loss,
        positions_per_second: seen as f64 / fit_start.elapsed().as_secs_f64(),
    })
}

/// The progress bar of the batches (hidden unless asked for).
fn progress_bar(opts: &TrainOptions, batches: usize) -> indicatif::ProgressBar {
    if !opts.progress {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(batches as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} batches {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// The mean gradient of one batch, left in `grads[0]`: each of the
/// `SLICES` slices in parallel, then summed in a fixed order (the same
/// result whatever the thread count). Returns the batch's summed loss.
fn batch_gradient(
    net: &FloatNet,
    train: &Samples,
    batch: &[usize],
    obj: Objective,
    grads: &mut [FloatNet],
    scratch: &mut [Vec<f32>],
) -> f64 {
    let per = batch.len().div_ceil(SLICES);
    let losses: Vec<f64> = grads
        .par_iter_mut()
        .zip(scratch.par_iter_mut())
        .enumerate()
        .map(|(s, (g, acc))| {
            zero(g);
            let lo = (s * per).min(batch.len());
            let hi = ((s + 1) * per).min(batch.len());
            net.backprop(train, &batch[lo..hi], obj, g, acc)
        })
        .collect();
    let (first, rest) = grads.split_at_mut(1);
    let total = &mut first[0];
    for g in rest.iter() {
        add(total, g);
    }
    scale(total, 1.0 / batch.len() as f32);
    losses.iter().sum::<f64>()
}

/// The quantised net and how far it is from the float net.
struct Quantised {
    net: crate::nnue::Network,
    held_out_float: f64,
    held_out_quantised: f64,
    /// Quantised minus float evaluation on the held-out positions, cp.
    error_mean: f64,
    error_max: f64,
}

/// Step 5: the fitted net quantised (its description says how it was
/// made), its ranges checked, and compared with the float net on the
/// held-out positions through the engine's own evaluation.
fn quantise(opts: &TrainOptions, fit: &Fit, data: &TrainData) -> Result<Quantised, String> {
    let (net, held, obj) = (&fit.net, &data.held, data.obj);
    let held_out_float = net.loss(held, obj);
    let description = format!(
        "{} net, {} hidden units{}, trained by `{}` on {} positions{} ({} early-stopping); held-out loss {:.4} \
         on {} positions of {} games (hand-written evaluation {:.4}), K {:.1}, lambda {}, \
         kept epoch {} of {}",
        opts.variant.name(),
        opts.hidden,
        if opts.buckets > 1 {
            format!(", {} output buckets by piece count", opts.buckets)
        } else {
            String::new()
        },
        opts.command,
        data.train.len(),
        if opts.mirror { " (mirror images included)" } else { "" },
        data.valid.len(),
        held_out_float,
        held.len(),
        data.games_held_out,
        data.held_out_hand,
        data.k,
        opts.lambda,
        fit.best_epoch,
        fit.epochs_run,
    );
    let quantised = net.quantise(description);
    quantised
        .check_ranges()
        .map_err(|e| format!("the trained net cannot be quantised safely: {e}"))?;
    let compared: Vec<(f64, f64)> = data
        .held_records
        .par_iter()
        .enumerate()
        .map(|(i, r)| {
            let (us, them) = held.position(i);
            let float = net.evaluate(us, them, held.pieces[i]) as f64;
            let int = evaluate_fresh(&quantised, &r.position) as f64;
            let t = obj.target(held.result[i], held.score[i]);
            (int - float, cross_entropy(sigmoid(int as f32 / obj.k), t) as f64)
        })
        .collect();
    let n = compared.len().max(1) as f64;
    Ok(Quantised {
        net: quantised,
        held_out_float,
        held_out_quantised: compared.iter().map(|c| c.1).sum::<f64>() / n,
        error_mean: compared.iter().map(|c| c.0.abs()).sum::<f64>() / n,
        error_max: compared.iter().map(|c| c.0.abs()).fold(0.0, f64::max),
    })
}

fn zero(g: &mut FloatNet) {
    for p in g.params_mut() {
        p.fill(0.0);
    }
}

fn add(total: &mut FloatNet, g: &FloatNet) {
    for (t, x) in total.params_mut().into_iter().zip([&g.w, &g.b, &g.v, &g.c]) {
        for (a, &b) in t.iter_mut().zip(x.iter()) {
            *a += b;
        }
    }
}

fn scale(g: &mut FloatNet, by: f32) {
    for p in g.params_mut() {
        for x in p.iter_mut() {
            *x *= by;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{GameResult, Position};

    /// Self-play-like records: random games, the result decided by the
    /// material the random moves left, the score the material balance.
    fn write_data(path: &std::path::Path, variant: Variant, games: usize) {
        use std::io::Write;
        let mut rng = SplitMix64::new(77);
        let mut out = std::io::BufWriter::new(File::create(path).unwrap());
        for _ in 0..games {
            let mut pos = Position::startpos(variant);
            let mut records = Vec::new();
            for ply in 0..40u32 {
                let moves = pos.legal_move_vec();
                if moves.is_empty() {
                    break;
                }
                pos.make(moves[rng.below(moves.len() as u64) as usize]);
                records.push((pos.clone(), ply + 1));
            }
            let white = pos.pieces(rules::Color::White).count_ones() as i32;
            let black = pos.pieces(rules::Color::Black).count_ones() as i32;
            let result = match white - black {
                d if d > 0 => GameResult::WhiteWins,
                d if d < 0 => GameResult::BlackWins,
                _ => GameResult::Draw,
            };
            for (pos, ply) in records {
                let white_cp =
                    600 * (pos.pieces(rules::Color::White).count_ones() as i32 - pos.pieces(rules::Color::Black).count_ones() as i32);
                let score = if pos.side_to_move() == rules::Color::White {
                    white_cp
                } else {
                    -white_cp
                };
                let r = Record {
                    position: pos,
                    result,
                    ply,
                    score,
                };
                writeln!(out, "{}", r.to_line()).unwrap();
            }
        }
    }

    /// Options the trainer cannot work with are refused before any data
    /// is read, each by name.
    #[test]
    fn bad_options_are_refused_by_name() {
        let opts = TrainOptions::new(vec![PathBuf::from("/nonexistent.data")], Variant::MiniPom, PathBuf::from("x.gnn"));
        for (bad, expected) in [
            (
                TrainOptions {
                    hidden: 24,
                    ..opts.clone()
                },
                "--hidden 24",
            ),
            (TrainOptions { epochs: 0, ..opts.clone() }, "--epochs"),
            (
                TrainOptions {
                    buckets: 9,
                    ..opts.clone()
                },
                "--output-buckets 9",
            ),
            (
                TrainOptions {
                    lambda: 1.5,
                    ..opts.clone()
                },
                "--lambda 1.5",
            ),
            (
                TrainOptions {
                    lr_end: 0.01,
                    ..opts.clone()
                },
                "--lr-end 0.01",
            ),
        ] {
            let e = run(&bad, &mut |_| {}).unwrap_err();
            assert!(e.contains(expected), "{e}");
        }
        // The options pass; the missing file is what stops this run.
        assert!(run(&opts, &mut |_| {}).unwrap_err().contains("/nonexistent.data"));
    }

    /// Training lowers the held-out loss well below an untrained net's on
    /// data with a plain pattern (the material balance), and the same seed
    /// gives the same bytes.
    #[test]
    fn training_learns_and_is_deterministic() {
        let dir = std::env::temp_dir().join(format!("gorgon-train-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("mini.data");
        write_data(&data, Variant::MiniPom, 800);
        let mut opts = TrainOptions::new(vec![data], Variant::MiniPom, dir.join("a.gnn"));
        opts.hidden = 16;
        opts.epochs = 6;
        opts.batch = 256;
        opts.lr = 0.01;
        opts.patience = 0;
        // The score is the material balance, a function of the position:
        // learnable from the search score alone.
        opts.lambda = 0.0;
        let report = run(&opts, &mut |l| eprintln!("{l}")).unwrap();
        let untrained = {
            let records = load(&opts.files, Variant::MiniPom).unwrap();
            let (_, _, held_r) = split_by_game(records);
            let mut held = Samples::default();
            held.extend(&held_r);
            FloatNet::new(Variant::MiniPom, 16, 1, 1).loss(
                &held,
                Objective {
                    k: report.k as f32,
                    lambda: 0.0,
                },
            )
        };
        assert!(
            report.held_out_float < untrained - 0.02,
            "held out {} vs untrained {untrained}",
            report.held_out_float
        );
        assert!(report.quant_error_mean < 6.0, "{report:?}");
        opts.out = dir.join("b.gnn");
        run(&opts, &mut |_| {}).unwrap();
        let a = std::fs::read(dir.join("a.gnn")).unwrap();
        let b = std::fs::read(dir.join("b.gnn")).unwrap();
        assert_eq!(a, b, "same seed, same net");
        let net = crate::nnue::network::Network::from_bytes(&a).unwrap();
        assert!(net.description.contains("held-out loss"));
        std::fs::remove_dir_all(&dir).ok();
    }
}
