//! Fitting the win/draw/loss model (`crate::wdl`) to self-play results:
//! maximum likelihood of each game's result given an evaluation of the
//! position (White's view: the compiled weights' or a net's) and its
//! phase, over the six coefficients of `a(x)` and `b(x)`, with Adam on the
//! exact gradient.

use super::data::DataSet;
use crate::datagen::format::Record;
use crate::nnue::{evaluate_fresh, Network};
use crate::player::eval::params::S;
use crate::player::eval::phase;
use crate::wdl::WdlModel;
use rayon::prelude::*;
use rules::Color;

/// One observation: the evaluation from White's view, the phase as a
/// fraction, and the result (1 White wins, 0.5 draw, 0 Black wins).
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub v: f64,
    pub x: f64,
    pub result: f64,
}

/// The samples of a data set under the weights `w`.
pub fn samples(set: &DataSet, w: &[S]) -> Vec<Sample> {
    (0..set.len())
        .into_par_iter()
        .map(|i| {
            let (mut mg, mut eg) = (0i64, 0i64);
            for &(p, c) in set.position(i) {
                mg += w[p as usize].0 as i64 * c as i64;
                eg += w[p as usize].1 as i64 * c as i64;
            }
            let phase = set.phase[i] as i64;
            Sample {
                v: ((mg * phase + eg * (256 - phase)) / 256) as f64,
                x: phase as f64 / 256.0,
                result: set.result[i] as f64,
            }
        })
        .collect()
}

/// The samples of records under a net: its evaluation of each position,
/// from White's view, and the phase the hand-written evaluation measures
/// (the model's `x` is the same for both evaluations).
pub fn net_samples(records: &[Record], net: &Network) -> Vec<Sample> {
    records
        .par_iter()
        .map(|r| {
            let v = evaluate_fresh(net, &r.position);
            let v = if r.position.side_to_move() == Color::White { v } else { -v };
            Sample {
                v: v as f64,
                x: phase(&r.position).clamp(0, 256) as f64 / 256.0,
                result: r.white_points(),
            }
        })
        .collect()
}

#[inline(always)]
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The coefficients as one vector: a0 a1 a2 b0 b1 b2.
fn unpack(t: &[f64; 6]) -> WdlModel {
    WdlModel {
        a: [t[0], t[1], t[2]],
        b: [t[3], t[4], t[5]],
    }
}

/// Mean negative log-likelihood and its gradient. Summed in fixed chunks
/// and then in chunk order, so that a fit gives the same model on any
/// number of threads and on every run.
fn nll(samples: &[Sample], t: &[f64; 6]) -> (f64, [f64; 6]) {
    let parts: Vec<(f64, [f64; 6])> = samples
        .par_chunks(4096)
        .map(|chunk| {
            chunk.iter().fold((0.0f64, [0.0f64; 6]), |(mut sum, mut g), s| {
                let a = (t[0] + t[1] * s.x + t[2] * s.x * s.x).max(1.0);
                let b = (t[3] + t[4] * s.x + t[5] * s.x * s.x).max(1.0);
                let w = sigmoid((s.v - a) / b);
                let l = sigmoid((-s.v - a) / b);
                // Derivatives of the win and loss rates by a and b.
                let (dw_da, dw_db) = (-w * (1.0 - w) / b, -w * (1.0 - w) * (s.v - a) / (b * b));
                let (dl_da, dl_db) = (-l * (1.0 - l) / b, -l * (1.0 - l) * (-s.v - a) / (b * b));
                let (p, dp_da, dp_db) = if s.result > 0.75 {
                    (w, dw_da, dw_db)
                } else if s.result < 0.25 {
                    (l, dl_da, dl_db)
                } else {
                    (1.0 - w - l, -dw_da - dl_da, -dw_db - dl_db)
                };
                let p = p.max(1e-9);
                sum -= p.ln();
                let (ga, gb) = (-dp_da / p, -dp_db / p);
                let powers = [1.0, s.x, s.x * s.x];
                for j in 0..3 {
                    g[j] += ga * powers[j];
                    g[3 + j] += gb * powers[j];
                }
                (sum, g)
            })
        })
        .collect();
    let (mut sum, mut grad) = (0.0f64, [0.0f64; 6]);
    for (s, g) in parts {
        sum += s;
        for j in 0..6 {
            grad[j] += g[j];
        }
    }
    let n = samples.len().max(1) as f64;
    (sum / n, grad.map(|g| g / n))
}

/// The fitted model and its mean negative log-likelihood.
pub fn fit(samples: &[Sample], steps: usize) -> (WdlModel, f64) {
    let mut t = [200.0, 0.0, 0.0, 100.0, 0.0, 0.0];
    let (mut m, mut v) = ([0.0f64; 6], [0.0f64; 6]);
    let (b1, b2, eps, rate) = (0.9f64, 0.999f64, 1e-8f64, 2.0f64);
    for step in 1..=steps {
        let (_, g) = nll(samples, &t);
        let (c1, c2) = (1.0 - b1.powi(step as i32), 1.0 - b2.powi(step as i32));
        for j in 0..6 {
            m[j] = b1 * m[j] + (1.0 - b1) * g[j];
            v[j] = b2 * v[j] + (1.0 - b2) * g[j] * g[j];
            t[j] -= rate * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
        }
    }
    // Two decimals are plenty, and read well in weights.rs.
    let t = t.map(|x| (x * 100.0).round() / 100.0);
    (unpack(&t), nll(samples, &t).0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::SplitMix64;

    /// Results drawn from a known model are fitted back to it.
    #[test]
    fn a_known_model_is_recovered() {
        let truth = WdlModel {
            a: [150.0, 100.0, 0.0],
            b: [80.0, 40.0, 0.0],
        };
        let mut rng = SplitMix64::new(9);
        let samples: Vec<Sample> = (0..40_000)
            .map(|_| {
                let v = rng.unit() * 1200.0 - 600.0;
                let x = rng.unit();
                let phase = (x * 256.0) as i32;
                let x = phase as f64 / 256.0;
                let w = truth.win_rate(v, phase);
                let l = truth.win_rate(-v, phase);
                let u = rng.unit();
                let result = if u < w {
                    1.0
                } else if u < w + l {
                    0.0
                } else {
                    0.5
                };
                Sample { v, x, result }
            })
            .collect();
        let (model, nll_fit) = fit(&samples, 1500);
        let t = [truth.a[0], truth.a[1], truth.a[2], truth.b[0], truth.b[1], truth.b[2]];
        let nll_truth = nll(&samples, &t).0;
        assert!(nll_fit <= nll_truth + 1e-3, "fit {nll_fit} vs truth {nll_truth}");
        for phase in [0, 128, 256] {
            let (a, b) = model.ab(phase);
            let (ta, tb) = truth.ab(phase);
            assert!((a - ta).abs() < 0.1 * ta, "phase {phase}: a {a} vs {ta}");
            assert!((b - tb).abs() < 0.15 * tb, "phase {phase}: b {b} vs {tb}");
        }
    }
}
