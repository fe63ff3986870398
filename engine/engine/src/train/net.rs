//! The float network the trainer fits, its loss and gradient, and its
//! quantisation into the engine's `nnue::Network`.
//!
//! `acc = b + sum of W rows` per perspective; `h = clamp(acc, 0, 1)^2`;
//! `out = h_us . v_us + h_them . v_them + c`, with `v` and `c` those of
//! the position's output bucket (`network::output_bucket`); the evaluation
//! is `SCALE * out` centipawns. The loss is the tuner's: the cross-entropy of
//! `sigmoid(eval / K)` against `lambda * result + (1 - lambda) *
//! sigmoid(score / K)`.

use super::data::Samples;
use crate::nnue::features::{factor, inputs, FACTORS};
use crate::nnue::network::{output_bucket, Network, QA, QB, SCALE};
use rules::{SplitMix64, Variant};

/// Weights are kept inside this (the int16 output weights reach 507 at
/// `QB = 256`, within `MAX_OUTPUT_WEIGHT`).
pub const CLIP: f32 = 1.98;

#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    pub variant: Variant,
    pub hidden: usize,
    /// `(inputs + FACTORS) x hidden`: the engine's inputs, then the
    /// factors (merged into their rows at quantisation).
    pub w: Vec<f32>,
    pub b: Vec<f32>,
    pub buckets: usize,
    /// `buckets x 2 x hidden`.
    pub v: Vec<f32>,
    /// One per bucket.
    pub c: Vec<f32>,
}

/// The loss's constants.
#[derive(Clone, Copy, Debug)]
pub struct Objective {
    pub k: f32,
    pub lambda: f32,
}

impl Objective {
    #[inline(always)]
    pub fn target(&self, result: f32, score: f32) -> f32 {
        self.lambda * result + (1.0 - self.lambda) * sigmoid(score / self.k)
    }
}

#[inline(always)]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

#[inline(always)]
pub fn cross_entropy(p: f32, t: f32) -> f32 {
    let p = p.clamp(1e-7, 1.0 - 1e-7);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

impl FloatNet {
    /// Small random weights from `seed` (a net of one bucket draws the
    /// same numbers as before buckets existed, so old nets retrain to the
    /// same bytes).
    pub fn new(variant: Variant, hidden: usize, buckets: usize, seed: u64) -> FloatNet {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |scale: f32| (rng.unit() * 2.0 - 1.0) as f32 * scale;
        let n = inputs(variant) + FACTORS;
        // Some 100 inputs are on at once: rows of about 0.02 keep the
        // first accumulators near the middle of the clipped ReLU.
        let w = (0..n * hidden).map(|_| uniform(0.02)).collect();
        let b = (0..hidden).map(|_| 0.3 + uniform(0.1)).collect();
        let v = (0..buckets * 2 * hidden).map(|_| uniform(1.0 / (hidden as f32).sqrt())).collect();
        FloatNet {
            variant,
            hidden,
            w,
            b,
            buckets,
            v,
            c: vec![0.0; buckets],
        }
    }

    pub fn zeros_like(&self) -> FloatNet {
        FloatNet {
            variant: self.variant,
            hidden: self.hidden,
            w: vec![0.0; self.w.len()],
            b: vec![0.0; self.b.len()],
            buckets: self.buckets,
            v: vec![0.0; self.v.len()],
            c: vec![0.0; self.c.len()],
        }
    }

    /// Every parameter, in one order (for the optimiser).
    pub fn params_mut(&mut self) -> [&mut [f32]; 4] {
        [&mut self.w, &mut self.b, &mut self.v, &mut self.c]
    }

    /// The output bucket of a position with `pieces` pieces.
    #[inline(always)]
    fn bucket(&self, pieces: u8) -> usize {
        output_bucket(self.variant, pieces as u32, self.buckets)
    }

    fn accumulate(&self, inputs: &[u16], acc: &mut [f32]) {
        let h = self.hidden;
        acc.copy_from_slice(&self.b);
        for &i in inputs {
            let row = &self.w[i as usize * h..(i as usize + 1) * h];
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The evaluation in centipawns, side to move's view, of a position
    /// with these inputs and `pieces` pieces.
    pub fn evaluate(&self, us: &[u16], them: &[u16], pieces: u8) -> f32 {
        let h = self.hidden;
        let bucket = self.bucket(pieces);
        let mut acc = vec![0.0; 2 * h];
        self.accumulate(us, &mut acc[..h]);
        self.accumulate(them, &mut acc[h..]);
        let out: f32 = acc
            .iter()
            .zip(&self.v[bucket * 2 * h..(bucket + 1) * 2 * h])
            .map(|(&a, &v)| {
                let c = a.clamp(0.0, 1.0);
                c * c * v
            })
            .sum::<f32>()
            + self.c[bucket];
        out * SCALE as f32
    }

    /// Adds the gradient of the summed loss over positions `indices` of `set`
    /// to `grad` and returns the summed loss. `acc` is scratch of `2 x
    /// hidden`.
    pub fn backprop(&self, set: &Samples, indices: &[usize], obj: Objective, grad: &mut FloatNet, acc: &mut [f32]) -> f64 {
        let h = self.hidden;
        let mut total = 0.0f64;
        for &i in indices {
            let (us, them) = set.position(i);
            let bucket = self.bucket(set.pieces[i]);
            let layer = bucket * 2 * h..(bucket + 1) * 2 * h;
            self.accumulate(us, &mut acc[..h]);
            self.accumulate(them, &mut acc[h..]);
            let mut out = self.c[bucket];
            for (&a, &v) in acc.iter().zip(&self.v[layer.clone()]) {
                let c = a.clamp(0.0, 1.0);
                out += c * c * v;
            }
            let e = out * SCALE as f32;
            let p = sigmoid(e / obj.k);
            let t = obj.target(set.result[i], set.score[i]);
            total += cross_entropy(p, t) as f64;
            // d(loss)/d(out) = (p - t) / K * SCALE.
            let g = (p - t) / obj.k * SCALE as f32;
            grad.c[bucket] += g;
            for ((a, gv), &v) in acc.iter_mut().zip(&mut grad.v[layer.clone()]).zip(&self.v[layer]) {
                let c = a.clamp(0.0, 1.0);
                *gv += g * c * c;
                // d(c^2)/d(a) = 2a inside (0, 1), else 0; acc becomes
                // the gradient of the accumulator.
                *a = if *a > 0.0 && *a < 1.0 { g * v * 2.0 * *a } else { 0.0 };
            }
            for (half, inputs) in [(0, us), (1, them)] {
                let d = &acc[half * h..(half + 1) * h];
                for (gb, &x) in grad.b.iter_mut().zip(d) {
                    *gb += x;
                }
                for &f in inputs {
                    let row = &mut grad.w[f as usize * h..(f as usize + 1) * h];
                    for (gw, &x) in row.iter_mut().zip(d) {
                        *gw += x;
                    }
                }
            }
        }
        total
    }

    /// Mean loss over `set`.
    pub fn loss(&self, set: &Samples, obj: Objective) -> f64 {
        use rayon::prelude::*;
        if set.is_empty() {
            return 0.0;
        }
        let sum: f64 = (0..set.len())
            .into_par_iter()
            .map(|i| {
                let (us, them) = set.position(i);
                let p = sigmoid(self.evaluate(us, them, set.pieces[i]) / obj.k);
                cross_entropy(p, obj.target(set.result[i], set.score[i])) as f64
            })
            .sum();
        sum / set.len() as f64
    }

    /// Keeps every weight where the quantised net can hold it.
    pub fn clip(&mut self) {
        for x in self.w.iter_mut().chain(&mut self.b).chain(&mut self.v) {
            *x = x.clamp(-CLIP, CLIP);
        }
    }

    /// The engine's int16 net (rounded: `QA` for the first layer, `QB` for
    /// the output weights, `QA * QB` for the output bias), each factor
    /// added into the rows it factors.
    pub fn quantise(&self, description: String) -> Network {
        let q = |x: f32, s: i32| (x * s as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let h = self.hidden;
        let mut feature_weights = Vec::with_capacity(inputs(self.variant) * h);
        for i in 0..inputs(self.variant) {
            let row = &self.w[i * h..(i + 1) * h];
            match factor(self.variant, i as u16) {
                Some(f) => {
                    let f = &self.w[f as usize * h..(f as usize + 1) * h];
                    feature_weights.extend(row.iter().zip(f).map(|(&x, &y)| q(x + y, QA)));
                }
                None => feature_weights.extend(row.iter().map(|&x| q(x, QA))),
            }
        }
        Network {
            variant: self.variant,
            hidden: self.hidden,
            description,
            feature_weights,
            feature_bias: self.b.iter().map(|&x| q(x, QA)).collect(),
            buckets: self.buckets,
            output_weights: self.v.iter().map(|&x| q(x, QB)).collect(),
            output_bias: self.c.iter().map(|&c| (c * (QA * QB) as f32).round() as i32).collect(),
        }
    }

    /// A checkpoint: the float weights, to go on from (`--resume`).
    /// `GORGONCK` (one bucket, as before buckets) or `GORGONCB` with the
    /// bucket count after the hidden size.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = if self.buckets == 1 {
            b"GORGONCK".to_vec()
        } else {
            b"GORGONCB".to_vec()
        };
        out.extend_from_slice(&(self.variant.index() as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        if self.buckets != 1 {
            out.extend_from_slice(&(self.buckets as u32).to_le_bytes());
        }
        for x in self.w.iter().chain(&self.b).chain(&self.v).chain(&self.c) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<FloatNet, String> {
        let bucketed = bytes.len() >= 20 && &bytes[..8] == b"GORGONCB";
        if !bucketed && (bytes.len() < 16 || &bytes[..8] != b"GORGONCK") {
            return Err("not a Gorgon training checkpoint (no GORGONCK or GORGONCB header)".into());
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let code = word(8);
        let variant = Variant::from_index(code as usize).ok_or_else(|| format!("checkpoint variant code {code}"))?;
        let hidden = word(12) as usize;
        if hidden == 0 || hidden > crate::nnue::network::MAX_HIDDEN {
            return Err(format!("checkpoint hidden size {hidden}"));
        }
        let (buckets, header) = if bucketed { (word(16) as usize, 20) } else { (1, 16) };
        if buckets == 0 || buckets > crate::nnue::network::MAX_BUCKETS {
            return Err(format!("checkpoint of {buckets} output buckets"));
        }
        let nw = (inputs(variant) + FACTORS) * hidden;
        let nv = buckets * 2 * hidden;
        let n = nw + hidden + nv + buckets;
        if bytes.len() != header + 4 * n {
            return Err(format!("checkpoint of {} bytes: expected {}", bytes.len(), header + 4 * n));
        }
        let floats: Vec<f32> = bytes[header..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        Ok(FloatNet {
            variant,
            hidden,
            w: floats[..nw].to_vec(),
            b: floats[nw..nw + hidden].to_vec(),
            buckets,
            v: floats[nw + hidden..nw + hidden + nv].to_vec(),
            c: floats[nw + hidden + nv..].to_vec(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::format::Record;
    use crate::nnue::accumulator::evaluate_fresh;
    use crate::nnue::features::tests::random_position;
    use rules::GameResult;

    fn sample_set(variant: Variant, n: usize, seed: u64) -> Samples {
        let mut rng = SplitMix64::new(seed);
        let mut records = Vec::new();
        for i in 0..n {
            records.push(Record {
                position: random_position(variant, &mut rng, 60),
                result: [GameResult::WhiteWins, GameResult::Draw, GameResult::BlackWins][i % 3],
                ply: 0,
                score: rng.below(600) as i32 - 300,
            });
        }
        let mut s = Samples::default();
        s.extend(&records);
        s
    }

    /// The gradient of every kind of parameter matches a central finite
    /// difference of the loss, with one output bucket and with several
    /// (where positions of different piece counts train different output
    /// layers).
    #[test]
    fn gradients_match_finite_differences() {
        let set = sample_set(Variant::MiniPom, 12, 1);
        let obj = Objective { k: 400.0, lambda: 0.5 };
        for buckets in [1, 8] {
            let mut net = FloatNet::new(Variant::MiniPom, 16, buckets, 2);
            // Spread the accumulators over the ReLU's kinks and flat parts.
            for x in &mut net.w {
                *x *= 8.0;
            }
            let mut grad = net.zeros_like();
            let mut acc = vec![0.0; 32];
            net.backprop(&set, &(0..set.len()).collect::<Vec<_>>(), obj, &mut grad, &mut acc);
            let n = set.len() as f64;
            let loss = |net: &FloatNet| net.loss(&set, obj);
            let (us, _) = set.position(0);
            let mut probes: Vec<(usize, usize)> = vec![(0, us[0] as usize * 16 + 3), (0, us[1] as usize * 16 + 7), (1, 5)];
            // An output weight and the bias of every bucket some position uses.
            let mut used: Vec<usize> = set.pieces.iter().map(|&p| net.bucket(p)).collect();
            used.sort();
            used.dedup();
            for &b in &used {
                probes.extend([(2, b * 32 + 2), (2, b * 32 + 20), (3, b)]);
            }
            for (which, idx) in probes {
                let analytic = match which {
                    0 => grad.w[idx],
                    1 => grad.b[idx],
                    2 => grad.v[idx],
                    _ => grad.c[idx],
                } as f64
                    / n;
                let eps = 1e-3f32;
                let mut plus = net.clone();
                bump(&mut plus, which, idx, eps);
                let mut minus = net.clone();
                bump(&mut minus, which, idx, -eps);
                let numeric = (loss(&plus) - loss(&minus)) / (2.0 * eps as f64);
                let scale = analytic.abs().max(numeric.abs()).max(1e-4);
                assert!(
                    (analytic - numeric).abs() / scale < 0.05,
                    "{buckets} buckets, param {which}/{idx}: analytic {analytic}, numeric {numeric}"
                );
            }
            if buckets > 1 {
                assert!(used.len() > 1, "the sample reaches several buckets: {used:?}");
                // A bucket no position uses gets no gradient.
                let unused = (0..buckets).find(|b| !used.contains(b));
                if let Some(b) = unused {
                    assert_eq!(grad.c[b], 0.0);
                }
            }
        }
    }

    fn bump(net: &mut FloatNet, which: usize, idx: usize, by: f32) {
        match which {
            0 => net.w[idx] += by,
            1 => net.b[idx] += by,
            2 => net.v[idx] += by,
            _ => net.c[idx] += by,
        }
    }

    /// The quantised net evaluates within a few centipawns of the float net,
    /// each position through its own bucket.
    #[test]
    fn quantised_net_follows_the_float_net() {
        for (variant, buckets) in [(Variant::Pom, 1), (Variant::MiniPom, 1), (Variant::Pom, 4), (Variant::MiniPom, 8)] {
            let set = sample_set(variant, 60, 3);
            let mut net = FloatNet::new(variant, 32, buckets, 4);
            for x in &mut net.w {
                *x *= 5.0;
            }
            for (b, c) in net.c.iter_mut().enumerate() {
                *c = 0.05 + 0.1 * b as f32;
            }
            let q = net.quantise(String::new());
            q.check_ranges().unwrap();
            let mut rng = SplitMix64::new(5);
            let (mut total, mut worst) = (0.0f32, 0.0f32);
            for _ in 0..200 {
                let pos = random_position(variant, &mut rng, 60);
                let (row, split) = super::super::data::inputs(&pos);
                let (us, them) = row.split_at(split as usize);
                let pieces = pos.occupied().count_ones() as u8;
                let error = (net.evaluate(us, them, pieces) - evaluate_fresh(&q, &pos) as f32).abs();
                total += error;
                worst = worst.max(error);
            }
            // The rounding of some 40 feature weights per perspective to
            // 1/255 moves an accumulator by about 0.006: a few centipawns
            // at the output's scale of 400.
            assert!(
                total / 200.0 <= 6.0 && worst <= 40.0,
                "{variant:?}: mean {} cp, worst {worst} cp",
                total / 200.0
            );
            assert!(!set.is_empty());
        }
    }

    /// The two ends read one layout: the trainer's row of a position is
    /// the engine's inputs, each followed by its factor, and a float net
    /// whose weights are whole multiples of `1 / QA` quantises to a net
    /// whose accumulators are exactly the float net's (the factors merged
    /// into the rows they factor), on random positions of both variants.
    #[test]
    fn the_trainer_and_the_engine_read_one_layout() {
        use crate::nnue::accumulator::{refresh, Accumulator};
        use crate::nnue::features::for_each_input;
        let mut rng = SplitMix64::new(11);
        for variant in Variant::ALL {
            let h = 16;
            let mut net = FloatNet::new(variant, h, 1, 12);
            for x in net.w.iter_mut().chain(&mut net.b) {
                *x = (*x * 4.0 * QA as f32).round() / QA as f32;
            }
            let q = net.quantise(String::new());
            let mut float = vec![0.0; h];
            for _ in 0..100 {
                let pos = random_position(variant, &mut rng, 120);
                let (row, split) = super::super::data::inputs(&pos);
                let (us, them) = row.split_at(split as usize);
                let mut engine = Accumulator::default();
                refresh(&q, &pos, &mut engine);
                for (perspective, trained) in [(pos.side_to_move(), us), (!pos.side_to_move(), them)] {
                    let mut expected = Vec::new();
                    for_each_input(&pos, perspective, |i| {
                        expected.push(i);
                        expected.extend(factor(variant, i));
                    });
                    assert_eq!(trained, &expected[..], "{}", pos.fen());
                    net.accumulate(trained, &mut float);
                    for (f, &e) in float.iter().zip(&engine.values[perspective.index()][..h]) {
                        assert!(
                            (f * QA as f32 - e as f32).abs() < 0.01,
                            "{variant:?}: float {} against {e}: {}",
                            f * QA as f32,
                            pos.fen()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn checkpoints_read_back() {
        let bucketed = FloatNet::new(Variant::Pom, 16, 4, 9);
        assert_eq!(FloatNet::from_bytes(&bucketed.to_bytes()).unwrap(), bucketed);
        let net = FloatNet::new(Variant::MiniPom, 16, 1, 9);
        assert_eq!(&net.to_bytes()[..8], b"GORGONCK");
        assert_eq!(FloatNet::from_bytes(&net.to_bytes()).unwrap(), net);
        assert!(FloatNet::from_bytes(b"nonsense").is_err());
        let bytes = net.to_bytes();
        assert!(FloatNet::from_bytes(&bytes[..bytes.len() - 4]).unwrap_err().contains("bytes"));
    }
}
