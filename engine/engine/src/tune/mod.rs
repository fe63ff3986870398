//! `gorgon tune`: fits every evaluation weight to self-play data
//! (docs/TUNING.md), for each variant on its own.
//!
//! The evaluation is linear in its weights (`player::eval::features`), so
//! each position is traced once into coefficients; then, with `e` the
//! evaluation from White's view, the loss is the cross-entropy of
//! `sigmoid(e / K)` against the target `lambda * result + (1 - lambda) *
//! sigmoid(score / K)`, mean over positions. `K` is fitted first, to the
//! compiled weights against the results alone. The weights then follow the
//! full-batch gradient with Adam, computed in parallel over positions. The
//! last tenth of each variant's data (whole games, in file order) is held
//! out and its loss reported before and after.

pub mod data;
pub mod wdl_fit;
pub mod write;

use crate::datagen::{format::Record, stats::for_each_record};
use crate::nnue;
use crate::player::eval::{params::COUNT, params::S, wdl_model, wdl_source, weights, weights_source};
use crate::wdl::WdlModel;
use data::DataSet;
use rayon::prelude::*;
use rules::Variant;
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;

/// What to fit and how.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    pub files: Vec<PathBuf>,
    /// Weight of the game's result in the target; the search score has the
    /// rest.
    pub lambda: f64,
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub learning_rate: f64,
    /// Tune only this variant (default: every variant in the data).
    pub variant: Option<Variant>,
    /// Where to write the new `weights.rs`.
    pub out: Option<PathBuf>,
    /// Loss lines every this many epochs (0: none).
    pub report_every: usize,
    /// Epochs without a new low on the early-stopping set before the fit
    /// ends; 0 keeps the last epoch's weights (no early stopping).
    pub patience: usize,
    /// Fit the win/draw/loss model (to the compiled evaluation) instead of
    /// the weights.
    pub wdl: bool,
    /// With `wdl`: fit the embedded nets' models instead of the hand-written
    /// evaluation's.
    pub nnue: bool,
}

impl TuneOptions {
    pub fn new(files: Vec<PathBuf>) -> TuneOptions {
        TuneOptions {
            files,
            lambda: 0.5,
            epochs: 2000,
            learning_rate: 1.0,
            variant: None,
            out: None,
            report_every: 100,
            patience: 100,
            wdl: false,
            nnue: false,
        }
    }
}

/// The outcome for one variant.
#[derive(Clone, Debug)]
pub struct Fit {
    pub variant: Variant,
    pub positions: usize,
    pub held_out: usize,
    pub k: f64,
    /// The epoch whose weights were kept.
    pub best_epoch: usize,
    pub train_before: f64,
    pub train_after: f64,
    pub held_out_before: f64,
    pub held_out_after: f64,
    pub weights: Box<[S; COUNT]>,
}

/// Reads the data, one set per variant.
pub fn load(files: &[PathBuf]) -> Result<[DataSet; 2], String> {
    let mut sets = [DataSet::default(), DataSet::default()];
    for_each_batch(files, |v, batch| sets[v].extend(batch))?;
    Ok(sets)
}

/// Reads the records of `files` in batches of one variant each (in file
/// order within a variant), so that a batch can be processed in parallel
/// without holding every position in memory: `take(variant index, batch)`.
fn for_each_batch(files: &[PathBuf], mut take: impl FnMut(usize, &[Record])) -> Result<(), String> {
    const BATCH: usize = 1 << 16;
    let mut batch: [Vec<Record>; 2] = [Vec::new(), Vec::new()];
    for path in files {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for_each_record(BufReader::new(file), &path.display().to_string(), |r| {
            let v = r.position.variant().index();
            batch[v].push(r);
            if batch[v].len() >= BATCH {
                take(v, &batch[v]);
                batch[v].clear();
            }
        })?;
    }
    for (v, b) in batch.iter().enumerate() {
        if !b.is_empty() {
            take(v, b);
        }
    }
    Ok(())
}

#[inline(always)]
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// White's evaluation of position `i` with weights `w`.
#[inline(always)]
fn eval(set: &DataSet, i: usize, w: &[[f64; 2]]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(p, c) in set.position(i) {
        let c = c as f64;
        mg += w[p as usize][0] * c;
        eg += w[p as usize][1] * c;
    }
    let phase = set.phase[i] as f64 / 256.0;
    mg * phase + eg * (1.0 - phase)
}

#[inline(always)]
fn target(set: &DataSet, i: usize, k: f64, lambda: f64) -> f64 {
    lambda * set.result[i] as f64 + (1.0 - lambda) * sigmoid(set.score[i] as f64 / k)
}

/// Cross-entropy of `p` against `t`.
#[inline(always)]
fn cross_entropy(p: f64, t: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// Mean loss of `set` with weights `w`.
pub fn loss(set: &DataSet, w: &[[f64; 2]], k: f64, lambda: f64) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    let total = ordered_sum(set.len(), |i| {
        cross_entropy(sigmoid(eval(set, i, w) / k), target(set, i, k, lambda))
    });
    total / set.len() as f64
}

/// The sum of `f(i)` over `0..n`, in parallel but always added in the same
/// order (fixed chunks, then the chunks in turn): floating-point addition
/// depends on its order, and rayon's `sum` splits work as threads come
/// free, so its last bits change from run to run. `K`, and through it
/// `gorgon train`'s net, must not.
fn ordered_sum(n: usize, f: impl Fn(usize) -> f64 + Sync) -> f64 {
    const CHUNK: usize = 4096;
    let parts: Vec<f64> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| (c * CHUNK..((c + 1) * CHUNK).min(n)).map(&f).sum::<f64>())
        .collect();
    parts.iter().sum()
}

/// The gradient of the mean loss with respect to every weight.
fn gradient(set: &DataSet, w: &[[f64; 2]], k: f64, lambda: f64) -> Vec<[f64; 2]> {
    let n = set.len();
    let chunk = n.div_ceil(rayon::current_num_threads().max(1) * 4).max(1024);
    let starts: Vec<usize> = (0..n).step_by(chunk).collect();
    let mut grad = starts
        .par_iter()
        .map(|&start| {
            let mut g = vec![[0.0f64; 2]; COUNT];
            for i in start..(start + chunk).min(n) {
                let p = sigmoid(eval(set, i, w) / k);
                // d(cross-entropy)/d(eval) = (p - t) / K.
                let d = (p - target(set, i, k, lambda)) / k;
                let phase = set.phase[i] as f64 / 256.0;
                let (dm, de) = (d * phase, d * (1.0 - phase));
                for &(p, c) in set.position(i) {
                    let c = c as f64;
                    g[p as usize][0] += dm * c;
                    g[p as usize][1] += de * c;
                }
            }
            g
        })
        .collect::<Vec<_>>()
        .into_iter()
        // Added in chunk order, so that a fit is the same on every run.
        .reduce(|mut a, b| {
            for (x, y) in a.iter_mut().zip(&b) {
                x[0] += y[0];
                x[1] += y[1];
            }
            a
        })
        .unwrap_or_else(|| vec![[0.0f64; 2]; COUNT]);
    for g in &mut grad {
        g[0] /= n as f64;
        g[1] /= n as f64;
    }
    grad
}

/// The `K` that makes the weights best predict the results (golden-section
/// search on the cross-entropy against the result alone).
pub fn fit_k(set: &DataSet, w: &[[f64; 2]]) -> f64 {
    let (mut lo, mut hi) = (10.0f64, 3000.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let f = |k: f64| loss(set, w, k, 1.0);
    let mut a = hi - phi * (hi - lo);
    let mut b = lo + phi * (hi - lo);
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..40 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - phi * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + phi * (hi - lo);
            fb = f(b);
        }
    }
    (lo + hi) / 2.0
}

/// Moves each kind's mean placement value (over the variant's squares)
/// into its material value. A constant in a placement table and the
/// material value say the same thing, so the fit can drift between them;
/// centred tables keep material values meaningful for move ordering and
/// for people. The evaluation does not change (the King's table is left
/// alone: its constant cancels between the two sides).
fn center_tables(variant: Variant, w: &mut [[f64; 2]]) {
    use crate::player::eval::params::{MATERIAL, PST, PST_FILES, PST_SIZE};
    let g = variant.geometry();
    let folded = (g.files as usize).div_ceil(2);
    let cells: Vec<usize> = (0..g.ranks as usize)
        .flat_map(|r| (0..folded).map(move |f| r * PST_FILES + f))
        .collect();
    for kind in rules::Kind::ALL {
        if kind == rules::Kind::King {
            continue;
        }
        let table = PST + kind as usize * PST_SIZE;
        for j in [0, 1] {
            let mean = cells.iter().map(|&c| w[table + c][j]).sum::<f64>() / cells.len() as f64;
            for &c in &cells {
                w[table + c][j] -= mean;
            }
            w[MATERIAL + kind as usize][j] += mean;
        }
    }
}

/// The compiled weights of a variant, as the fit works on them.
pub fn compiled_weights(variant: Variant) -> Vec<[f64; 2]> {
    to_float(weights(variant))
}

fn to_float(w: &[S; COUNT]) -> Vec<[f64; 2]> {
    w.iter().map(|s| [s.0 as f64, s.1 as f64]).collect()
}

fn to_weights(w: &[[f64; 2]]) -> Box<[S; COUNT]> {
    let mut out = Box::new([S::default(); COUNT]);
    for (o, x) in out.iter_mut().zip(w) {
        *o = S(x[0].round() as i32, x[1].round() as i32);
    }
    out
}

/// Fits one variant's weights, starting from the compiled ones.
///
/// Positions of one game share a result, so a set of a few hundred
/// thousand positions is fitted into its noise within a few hundred
/// epochs. A second tenth (before the held-out one) is used for early
/// stopping: the weights of the epoch with the lowest loss there are kept,
/// and the fit ends after `patience` epochs without a new low. The
/// held-out tenth is touched only to report.
pub fn fit(variant: Variant, set: DataSet, opts: &TuneOptions, log: &mut dyn FnMut(String)) -> Fit {
    let positions = set.len();
    let (rest, held) = set.split_last(10);
    let (train, valid) = rest.split_last(9);
    let start = to_float(weights(variant));
    let k = fit_k(&train, &start);
    let lambda = opts.lambda;
    let train_before = loss(&train, &start, k, lambda);
    let held_out_before = loss(&held, &start, k, lambda);
    log(format!(
        "{}: {} positions ({} to fit, {} for early stopping, {} held out), K = {k:.1}; loss {train_before:.6}, held out {held_out_before:.6}",
        variant.name(),
        positions,
        train.len(),
        valid.len(),
        held.len()
    ));
    let mut w = start;
    let mut best = (loss(&valid, &w, k, lambda), w.clone(), 0usize);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8f64);
    let mut m = vec![[0.0f64; 2]; COUNT];
    let mut v = vec![[0.0f64; 2]; COUNT];
    for epoch in 1..=opts.epochs {
        let g = gradient(&train, &w, k, lambda);
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for p in 0..COUNT {
            for j in [0, 1] {
                m[p][j] = b1 * m[p][j] + (1.0 - b1) * g[p][j];
                v[p][j] = b2 * v[p][j] + (1.0 - b2) * g[p][j] * g[p][j];
                if g[p][j] != 0.0 || m[p][j] != 0.0 {
                    w[p][j] -= opts.learning_rate * (m[p][j] / c1) / ((v[p][j] / c2).sqrt() + eps);
                }
            }
        }
        let valid_loss = loss(&valid, &w, k, lambda);
        if valid_loss < best.0 || opts.patience == 0 {
            best = (valid_loss, w.clone(), epoch);
        }
        let stop = (opts.patience > 0 && epoch - best.2 >= opts.patience) || epoch == opts.epochs;
        if opts.report_every > 0 && (epoch % opts.report_every == 0 || stop) {
            log(format!(
                "{} epoch {epoch}: loss {:.6}, early-stopping set {valid_loss:.6} (best {:.6} at epoch {})",
                variant.name(),
                loss(&train, &w, k, lambda),
                best.0,
                best.2
            ));
        }
        if stop {
            break;
        }
    }
    let (_, mut w, best_epoch) = best;
    center_tables(variant, &mut w);
    let weights = to_weights(&w);
    let rounded = to_float(&weights);
    Fit {
        variant,
        positions,
        held_out: held.len(),
        k,
        best_epoch,
        train_before,
        train_after: loss(&train, &rounded, k, lambda),
        held_out_before,
        held_out_after: loss(&held, &rounded, k, lambda),
        weights,
    }
}

/// The names of the data files, for the notes in `weights.rs`.
fn file_names(files: &[PathBuf]) -> String {
    let names: Vec<String> = files
        .iter()
        .map(|f| {
            f.file_name()
                .map_or_else(|| f.display().to_string(), |n| n.to_string_lossy().into_owned())
        })
        .collect();
    names.join(" ")
}

/// What `weights.rs` will hold for one variant.
struct Output {
    weights: Box<[S; COUNT]>,
    source: String,
    wdl: WdlModel,
}

fn compiled(v: Variant) -> Output {
    Output {
        weights: Box::new(*weights(v)),
        source: weights_source(v).to_string(),
        wdl: *wdl_model(v),
    }
}

fn write_weights(path: &PathBuf, out: &[Output; 2], wdl_note: &str) -> Result<(), String> {
    fn view(o: &Output) -> write::VariantWeights<'_> {
        write::VariantWeights {
            weights: &o.weights,
            source: &o.source,
            wdl: &o.wdl,
        }
    }
    let text = write::weights_source(&view(&out[0]), &view(&out[1]), wdl_note);
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Loads the data, fits each variant found (or the one asked for): the
/// weights, or with `wdl` the win/draw/loss model; writes `weights.rs` if
/// asked. Returns the weight fits (none with `wdl`).
pub fn run(opts: &TuneOptions, log: &mut dyn FnMut(String)) -> Result<Vec<Fit>, String> {
    if opts.nnue {
        if !opts.wdl {
            return Err("--nnue fits the nets' win/draw/loss models: it needs --wdl (gorgon train fits the nets)".into());
        }
        return run_net_wdl(opts, log).map(|()| Vec::new());
    }
    let sets = load(&opts.files)?;
    let mut fits = Vec::new();
    let mut out = [compiled(Variant::Pom), compiled(Variant::MiniPom)];
    let mut wdl_notes = Vec::new();
    for (variant, set) in Variant::ALL.into_iter().zip(sets) {
        if opts.variant.is_some_and(|v| v != variant) || set.is_empty() {
            continue;
        }
        if set.len() < 10 {
            return Err(format!("{}: {} positions are too few to tune on", variant.name(), set.len()));
        }
        let o = &mut out[variant.index()];
        if opts.wdl {
            let samples = wdl_fit::samples(&set, weights(variant));
            o.wdl = fit_wdl(variant, &samples, &mut wdl_notes, log);
            continue;
        }
        let f = fit(variant, set, opts, log);
        o.weights = f.weights.clone();
        o.source = format!(
            "tuned on {} positions of {} (lambda {}, K {:.1}, epoch {} of at most {}, rate {}): held-out loss {:.6} -> {:.6}",
            f.positions,
            file_names(&opts.files),
            opts.lambda,
            f.k,
            f.best_epoch,
            opts.epochs,
            opts.learning_rate,
            f.held_out_before,
            f.held_out_after
        );
        fits.push(f);
    }
    if fits.is_empty() && wdl_notes.is_empty() {
        return Err("no positions to tune on".into());
    }
    if let Some(path) = &opts.out {
        let wdl_note = if wdl_notes.is_empty() {
            wdl_source().to_string()
        } else {
            format!(
                "{} of {}, against the compiled evaluation",
                wdl_notes.join(", "),
                file_names(&opts.files)
            )
        };
        write_weights(path, &out, &wdl_note)?;
        log(format!("wrote {}", path.display()));
    }
    Ok(fits)
}

/// Fits one variant's win/draw/loss model to `samples`, logs it and notes
/// it for the written file.
fn fit_wdl(variant: Variant, samples: &[wdl_fit::Sample], notes: &mut Vec<String>, log: &mut dyn FnMut(String)) -> WdlModel {
    let (model, nll) = wdl_fit::fit(samples, 2000);
    log(format!(
        "{}: win/draw/loss model on {} positions: a = {:?}, b = {:?}, mean NLL {nll:.5}",
        variant.name(),
        samples.len(),
        model.a,
        model.b
    ));
    notes.push(format!("{} fitted on {} positions", variant.name(), samples.len()));
    model
}

/// `--wdl --nnue`: the win/draw/loss model of each embedded net, fitted to
/// the results against the net's evaluation of the data's positions; with
/// `out`, writes `nnue/wdl_models.rs`.
fn run_net_wdl(opts: &TuneOptions, log: &mut dyn FnMut(String)) -> Result<(), String> {
    let nets = Variant::ALL.map(nnue::embedded);
    let mut samples: [Vec<wdl_fit::Sample>; 2] = [Vec::new(), Vec::new()];
    for_each_batch(&opts.files, |v, batch| {
        if opts.variant.is_none_or(|only| only.index() == v) {
            samples[v].extend(wdl_fit::net_samples(batch, &nets[v]));
        }
    })?;
    let mut models = Variant::ALL.map(|v| *nnue::wdl_model(v));
    let mut notes = Vec::new();
    for variant in Variant::ALL {
        let s = &samples[variant.index()];
        if s.is_empty() {
            continue;
        }
        if s.len() < 10 {
            return Err(format!("{}: {} positions are too few to fit on", variant.name(), s.len()));
        }
        models[variant.index()] = fit_wdl(variant, s, &mut notes, log);
    }
    if notes.is_empty() {
        return Err("no positions to fit on".into());
    }
    if let Some(path) = &opts.out {
        let note = format!("{} of {}, against the embedded nets", notes.join(", "), file_names(&opts.files));
        let text = write::net_wdl_source(&models[0], &models[1], &note);
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        log(format!("wrote {}", path.display()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::{self, DatagenOptions};

    fn sample_set(variant: Variant, games: usize) -> DataSet {
        let opts = DatagenOptions {
            nodes: 300,
            max_plies: 80,
            ..DatagenOptions::new(variant, games)
        };
        let mut out = Vec::new();
        datagen::run(&opts, &mut out).unwrap();
        let records = datagen::format::parse_all(&String::from_utf8(out).unwrap()).unwrap();
        let mut set = DataSet::default();
        set.extend(&records);
        set
    }

    /// The analytic gradient matches a central finite difference of the
    /// loss, for the parameters the data uses most.
    #[test]
    fn gradient_matches_finite_differences() {
        let set = sample_set(Variant::Pom, 2);
        let w = to_float(weights(Variant::Pom));
        let (k, lambda) = (180.0, 0.5);
        let g = gradient(&set, &w, k, lambda);
        let mut used: Vec<usize> = (0..COUNT).filter(|&p| g[p][0] != 0.0).collect();
        used.sort_by(|&a, &b| g[b][0].abs().total_cmp(&g[a][0].abs()));
        assert!(used.len() > 20);
        for &p in used.iter().take(12) {
            for j in 0..2 {
                let h = 0.5;
                let mut plus = w.clone();
                plus[p][j] += h;
                let mut minus = w.clone();
                minus[p][j] -= h;
                let numeric = (loss(&set, &plus, k, lambda) - loss(&set, &minus, k, lambda)) / (2.0 * h);
                let analytic = g[p][j];
                let tolerance = 1e-3 * analytic.abs().max(numeric.abs()) + 1e-9;
                assert!(
                    (numeric - analytic).abs() <= tolerance,
                    "{}: analytic {analytic:e}, numeric {numeric:e}",
                    crate::player::eval::parameter_name(p)
                );
            }
        }
    }

    /// On self-play data the fit lowers the training loss.
    #[test]
    fn tuning_lowers_the_loss() {
        // Games enough for a few hundred positions whatever the search
        // plays (shorter, more tactical games keep fewer positions).
        let set = sample_set(Variant::MiniPom, 16);
        assert!(set.len() > 100, "{} positions", set.len());
        let tune = TuneOptions {
            epochs: 60,
            learning_rate: 2.0,
            report_every: 0,
            patience: 0,
            ..TuneOptions::new(Vec::new())
        };
        let fit = fit(Variant::MiniPom, set, &tune, &mut |_| {});
        assert!(fit.k > 10.0 && fit.k < 3000.0, "K {}", fit.k);
        assert!(fit.train_after < fit.train_before, "{} -> {}", fit.train_before, fit.train_after);
        assert_ne!(&*fit.weights, weights(Variant::MiniPom));
    }

    /// `--wdl --nnue` fits the net's model on the net's evaluations and
    /// writes `nnue/wdl_models.rs` with it, the other variant's model kept.
    #[test]
    fn the_nets_models_are_fitted_and_written() {
        let opts = DatagenOptions {
            nodes: 300,
            max_plies: 80,
            ..DatagenOptions::new(Variant::MiniPom, 16)
        };
        let mut data = Vec::new();
        datagen::run(&opts, &mut data).unwrap();
        let records = datagen::format::parse_all(&String::from_utf8(data.clone()).unwrap()).unwrap();
        let net = nnue::embedded(Variant::MiniPom);
        let samples = wdl_fit::net_samples(&records, &net);
        for (r, s) in records.iter().zip(&samples) {
            let own = nnue::evaluate_fresh(&net, &r.position) as f64;
            let white = if r.position.side_to_move() == rules::Color::White {
                own
            } else {
                -own
            };
            assert_eq!(s.v, white);
            assert_eq!(s.result, r.white_points());
        }
        let dir = std::env::temp_dir().join(format!("gorgon-net-wdl-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (file, out) = (dir.join("mini.data"), dir.join("wdl.rs"));
        std::fs::write(&file, &data).unwrap();
        let mut tune = TuneOptions {
            wdl: true,
            nnue: true,
            out: Some(out.clone()),
            ..TuneOptions::new(vec![file])
        };
        let mut lines = Vec::new();
        run(&tune, &mut |l| lines.push(l)).unwrap();
        let (fitted, _) = wdl_fit::fit(&samples, 2000);
        let text = std::fs::read_to_string(&out).unwrap();
        let expected = write::net_wdl_source(
            nnue::wdl_model(Variant::Pom),
            &fitted,
            &format!(
                "minipom fitted on {} positions of mini.data, against the embedded nets",
                samples.len()
            ),
        );
        assert_eq!(text, expected);
        assert!(lines.iter().any(|l| l.starts_with("minipom: win/draw/loss model")), "{lines:?}");
        tune.wdl = false;
        assert!(run(&tune, &mut |_| {}).unwrap_err().contains("needs --wdl"));
        std::fs::remove_dir_all(&dir).ok();
    }
}
