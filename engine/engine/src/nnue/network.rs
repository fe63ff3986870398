//! A quantised network and its file (docs/NNUE.md): `(inputs -> H) x 2 ->
//! 1` with a squared clipped ReLU, int16 weights, and one output layer per
//! *output bucket*: the position's number of pieces picks the bucket
//! (`output_bucket`), so an endgame is scored by other output weights than
//! an opening while the accumulators stay shared.
//!
//! The file is little-endian: a header (magic, format version, variant,
//! input-layout hash, sizes, quantisation, a free-text description of how
//! the net was made), then the feature weights (one row of `H` per input),
//! the feature biases, per bucket the output weights (`H` for the side to
//! move's half, then `H` for the other), then per bucket the output bias
//! (i32). Format 1 has one bucket and no bucket count; format 2 writes the
//! count after the hidden size. A net of one bucket is written in format
//! 1, so every older engine reads it and retrained nets keep their bytes.
//! Everything is checked at load, each failure named: a net of another
//! variant or layout, a truncated or padded file, a weight that could
//! overflow the int16 accumulators or the int32 output sum for some
//! reachable position.

use super::features::{block_inputs, inputs, layout_hash, MAX_PER_PIECE};
use rules::{Kind, Position, Variant};
use std::fmt;

/// Feature weights and biases are scaled by `QA` (the clipped ReLU's
/// ceiling), output weights by `QB`.
pub const QA: i32 = 255;
pub const QB: i32 = 256;
/// The net's raw output times `SCALE` is centipawns (internal units).
pub const SCALE: i32 = 400;
/// Hidden sizes a net may have (the accumulator's room).
pub const MAX_HIDDEN: usize = 256;
/// The output layer sums `OUTPUT_CHUNK` products `c * c * w` (`c <= QA`)
/// in int32 before widening: `QA^2 * MAX_OUTPUT_WEIGHT * OUTPUT_CHUNK <
/// 2^31`. The trainer keeps output weights within 1.98, 507 at `QB`.
pub const MAX_OUTPUT_WEIGHT: i16 = 512;
const OUTPUT_CHUNK: usize = 64;

/// Output buckets a net may have.
pub const MAX_BUCKETS: usize = 8;

const MAGIC: &[u8; 8] = b"GORGONNN";
/// One output bucket, no bucket count in the header.
const VERSION_ONE_BUCKET: u32 = 1;
/// The bucket count follows the hidden size.
const VERSION_BUCKETS: u32 = 2;
const MAX_DESCRIPTION: usize = 4096;

/// A network ready to evaluate.
#[derive(Clone)]
pub struct Network {
    pub variant: Variant,
    pub hidden: usize,
    /// How the net was made (data, command, held-out loss).
    pub description: String,
    /// `inputs x hidden`, one row per input.
    pub feature_weights: Vec<i16>,
    pub feature_bias: Vec<i16>,
    /// 1 to `MAX_BUCKETS`.
    pub buckets: usize,
    /// `buckets x 2 x hidden`: per bucket, the side to move's half, then
    /// the other side's.
    pub output_weights: Vec<i16>,
    /// One per bucket, scaled by `QA * QB`.
    pub output_bias: Vec<i32>,
}

/// The output bucket of a position with `pieces` pieces on the board (both
/// sides, petrified ones included) in a net of `buckets`: the range from
/// the two Kings to the full start position cut into equal parts, so each
/// bucket sees a phase of the game. The trainer and the engine both call
/// this one function.
#[inline(always)]
pub fn output_bucket(variant: Variant, pieces: u32, buckets: usize) -> usize {
    // `army` reads the start FEN: evaluated once here, not per evaluation.
    const MOST: [usize; 2] = [2 * Variant::Pom.army() as usize - 1, 2 * Variant::MiniPom.army() as usize - 1];
    let most = MOST[variant.index()];
    (pieces.saturating_sub(2) as usize * buckets / most).min(buckets - 1)
}

/// Why a net file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError(pub String);

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NetError {}

/// Reads little-endian fields, naming what is missing.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], NetError> {
        if self.bytes.len() - self.at < n {
            return Err(NetError(format!(
                "truncated net: {what} needs {n} bytes at offset {}, the file has {}",
                self.at,
                self.bytes.len()
            )));
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }

    fn u32(&mut self, what: &str) -> Result<u32, NetError> {
        Ok(u32::from_le_bytes(self.take(4, what)?.try_into().unwrap()))
    }

    fn u64(&mut self, what: &str) -> Result<u64, NetError> {
        Ok(u64::from_le_bytes(self.take(8, what)?.try_into().unwrap()))
    }

    fn i16s(&mut self, n: usize, what: &str) -> Result<Vec<i16>, NetError> {
        let bytes = self.take(n * 2, what)?;
        Ok(bytes.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect())
    }
}

impl Network {
    /// Reads and checks the net file at `path`; the error names the path.
    pub fn read_file(path: &str) -> Result<Network, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
    }

    /// Reads and checks a net file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8, "the magic")? != MAGIC {
            return Err(NetError("not a Gorgon net: the file does not start with GORGONNN".into()));
        }
        let version = r.u32("the format version")?;
        if version != VERSION_ONE_BUCKET && version != VERSION_BUCKETS {
            return Err(NetError(format!(
                "net format version {version}: this engine reads versions {VERSION_ONE_BUCKET} and {VERSION_BUCKETS}"
            )));
        }
        let code = r.u32("the variant")?;
        let variant =
            Variant::from_index(code as usize).ok_or_else(|| NetError(format!("unknown variant code {code} in the net's header")))?;
        let layout = r.u64("the input layout")?;
        if layout != layout_hash(variant) {
            return Err(NetError(format!(
                "the net was trained on another input layout ({layout:#018x}; this engine's {} layout is {:#018x})",
                variant.name(),
                layout_hash(variant)
            )));
        }
        let n_inputs = r.u32("the input count")? as usize;
        if n_inputs != inputs(variant) {
            return Err(NetError(format!(
                "the net has {n_inputs} inputs; {} has {}",
                variant.name(),
                inputs(variant)
            )));
        }
        let hidden = r.u32("the hidden size")? as usize;
        if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(16) {
            return Err(NetError(format!(
                "hidden size {hidden}: expected a multiple of 16 from 16 to {MAX_HIDDEN}"
            )));
        }
        let buckets = match version {
            VERSION_ONE_BUCKET => 1,
            _ => r.u32("the output bucket count")? as usize,
        };
        // One file per net: a net of one bucket is written in format 1.
        let fewest = if version == VERSION_BUCKETS { 2 } else { 1 };
        if buckets < fewest || buckets > MAX_BUCKETS {
            return Err(NetError(format!(
                "{buckets} output buckets in format {version}: expected {fewest} to {MAX_BUCKETS}"
            )));
        }
        let (qa, qb, scale) = (r.u32("QA")?, r.u32("QB")?, r.u32("the scale")?);
        if (qa, qb, scale) != (QA as u32, QB as u32, SCALE as u32) {
            return Err(NetError(format!(
                "quantisation QA={qa} QB={qb} scale={scale}: this engine uses QA={QA} QB={QB} scale={SCALE}"
            )));
        }
        let len = r.u32("the description length")? as usize;
        if len > MAX_DESCRIPTION {
            return Err(NetError(format!("description of {len} bytes: at most {MAX_DESCRIPTION}")));
        }
        let description = std::str::from_utf8(r.take(len, "the description")?)
            .map_err(|_| NetError("the description is not UTF-8".into()))?
            .to_string();
        let feature_weights = r.i16s(n_inputs * hidden, "the feature weights")?;
        let feature_bias = r.i16s(hidden, "the feature biases")?;
        let output_weights = r.i16s(buckets * 2 * hidden, "the output weights")?;
        let output_bias = (0..buckets)
            .map(|_| Ok(r.u32("the output biases")? as i32))
            .collect::<Result<Vec<i32>, NetError>>()?;
        if r.at != bytes.len() {
            return Err(NetError(format!(
                "{} bytes after the net's end at offset {}",
                bytes.len() - r.at,
                r.at
            )));
        }
        let net = Network {
            variant,
            hidden,
            description,
            feature_weights,
            feature_bias,
            buckets,
            output_weights,
            output_bias,
        };
        net.check_ranges()?;
        Ok(net)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.feature_weights.len() * 2);
        out.extend_from_slice(MAGIC);
        let version = if self.buckets == 1 { VERSION_ONE_BUCKET } else { VERSION_BUCKETS };
        for v in [version, self.variant.index() as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&layout_hash(self.variant).to_le_bytes());
        for v in [inputs(self.variant) as u32, self.hidden as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        if version == VERSION_BUCKETS {
            out.extend_from_slice(&(self.buckets as u32).to_le_bytes());
        }
        for v in [QA as u32, QB as u32, SCALE as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let description = &self.description.as_bytes()[..self.description.len().min(MAX_DESCRIPTION)];
        out.extend_from_slice(&(description.len() as u32).to_le_bytes());
        out.extend_from_slice(description);
        for w in self.feature_weights.iter().chain(&self.feature_bias).chain(&self.output_weights) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// The output bucket of `pos` in this net.
    #[inline(always)]
    pub fn bucket(&self, pos: &Position) -> usize {
        output_bucket(self.variant, pos.occupied().count_ones(), self.buckets)
    }

    /// The row of an input's feature weights.
    #[inline(always)]
    pub fn row(&self, input: u16) -> &[i16] {
        let start = input as usize * self.hidden;
        &self.feature_weights[start..start + self.hidden]
    }

    /// Refuses weights that could overflow: an output weight beyond
    /// `MAX_OUTPUT_WEIGHT`, or a hidden unit whose accumulator could leave
    /// the int16 range on some position. The bound takes, for every square,
    /// the largest (and the smallest) sum any one piece standing there can
    /// add, since a square holds one piece at most.
    pub fn check_ranges(&self) -> Result<(), NetError> {
        // unsigned_abs: i16::MIN has no i16 absolute value (abs() wraps to
        // itself in release builds and would pass; libFuzzer found it).
        if let Some(w) = self.output_weights.iter().find(|w| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16) {
            return Err(NetError(format!(
                "output weight {w} beyond +-{MAX_OUTPUT_WEIGHT}: the output sum could overflow"
            )));
        }
        let (high, low) = self.accumulator_bounds();
        for j in 0..self.hidden {
            if high[j] > i16::MAX as i64 || low[j] < i16::MIN as i64 {
                return Err(NetError(format!(
                    "hidden unit {j} can reach {}..{} on some position: beyond the int16 accumulator",
                    low[j], high[j]
                )));
            }
        }
        Ok(())
    }

    /// Per hidden unit, the largest and smallest accumulator value any
    /// position could give (see `check_ranges`): every piece the input
    /// table allows (`features::block_inputs`: each side and kind, Morph
    /// or not, petrified or not) tried on every square.
    pub fn accumulator_bounds(&self) -> (Vec<i64>, Vec<i64>) {
        let h = self.hidden;
        let n = self.variant.geometry().squares as usize;
        let mut high: Vec<i64> = self.feature_bias.iter().map(|&b| b as i64).collect();
        let mut low = high.clone();
        // The most and least one square adds; an empty square adds 0.
        let (mut hi, mut lo) = (vec![0i64; h], vec![0i64; h]);
        let mut buf = [0u16; MAX_PER_PIECE];
        for sq in 0..n {
            hi.fill(0);
            lo.fill(0);
            for side in 0..2 {
                for kind in 0..Kind::COUNT {
                    for (morph, petrified) in [(false, false), (true, false), (false, true), (true, true)] {
                        let len = block_inputs(n, side, kind, sq, morph, petrified, &mut buf);
                        for j in 0..h {
                            let v: i64 = buf[..len].iter().map(|&i| self.feature_weights[i as usize * h + j] as i64).sum();
                            hi[j] = hi[j].max(v);
                            lo[j] = lo[j].min(v);
                        }
                    }
                }
            }
            for j in 0..h {
                high[j] += hi[j];
                low[j] += lo[j];
            }
        }
        (high, low)
    }

    /// The evaluation in centipawns from the side to move's view, from the
    /// two accumulators (the side to move's, the other side's) through the
    /// output layer of `bucket` (`Network::bucket`).
    #[inline]
    pub fn evaluate(&self, us: &[i16], them: &[i16], bucket: usize) -> i32 {
        let h = self.hidden;
        let weights = &self.output_weights[bucket * 2 * h..(bucket + 1) * 2 * h];
        let half = |acc: &[i16], weights: &[i16]| -> i64 {
            acc[..h]
                .chunks(OUTPUT_CHUNK)
                .zip(weights[..h].chunks(OUTPUT_CHUNK))
                .map(|(a, w)| {
                    a.iter()
                        .zip(w)
                        .map(|(&a, &w)| {
                            let c = (a as i32).clamp(0, QA);
                            (c * c) * w as i32
                        })
                        .sum::<i32>() as i64
                })
                .sum()
        };
        let sum = half(us, &weights[..h]) + half(them, &weights[h..]);
        let out = sum / QA as i64 + self.output_bias[bucket] as i64;
        (out * SCALE as i64 / (QA * QB) as i64) as i32
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rules::SplitMix64;

    /// A net of small random weights (for tests of the machinery).
    pub(crate) fn random_net(variant: Variant, hidden: usize, seed: u64) -> Network {
        random_bucketed_net(variant, hidden, 1, seed)
    }

    pub(crate) fn random_bucketed_net(variant: Variant, hidden: usize, buckets: usize, seed: u64) -> Network {
        let mut rng = SplitMix64::new(seed);
        let mut small = |range: i64| (rng.below(2 * range as u64 + 1) as i64 - range) as i16;
        Network {
            variant,
            hidden,
            description: "random test net".into(),
            feature_weights: (0..inputs(variant) * hidden).map(|_| small(40)).collect(),
            feature_bias: (0..hidden).map(|_| small(100)).collect(),
            buckets,
            output_weights: (0..buckets * 2 * hidden).map(|_| small(MAX_OUTPUT_WEIGHT as i64)).collect(),
            output_bias: (0..buckets).map(|_| small(1000) as i32).collect(),
        }
    }

    #[test]
    fn a_net_reads_back_from_its_bytes() {
        let net = random_net(Variant::MiniPom, 32, 1);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.description, "random test net");
    }

    /// A net of several buckets reads back in format 2, one of a single
    /// bucket keeps format 1 (the bytes older engines read).
    #[test]
    fn bucketed_nets_read_back_in_format_two() {
        let net = random_bucketed_net(Variant::Pom, 16, 4, 7);
        let bytes = net.to_bytes();
        assert_eq!(bytes[8], 2);
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!((back.buckets, back.output_bias.len(), back.output_weights.len()), (4, 4, 4 * 32));
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(random_net(Variant::Pom, 16, 7).to_bytes()[8], 1);
        let refuse = |b: &[u8], expected: &str| {
            let e = Network::from_bytes(b).err().expect("refused");
            assert!(e.0.contains(expected), "{e} (expected {expected:?})");
        };
        let mut b = bytes.clone();
        b[32] = 9; // the bucket count
        refuse(&b, "9 output buckets");
        b[32] = 1;
        refuse(&b, "1 output buckets in format 2");
        refuse(&bytes[..bytes.len() - 4], "truncated");
    }

    /// Buckets follow the piece count from the two Kings (bucket 0) to the
    /// start position (the last), never decreasing, each one reached.
    #[test]
    fn output_buckets_cover_the_game() {
        for variant in Variant::ALL {
            let full = 2 * variant.army();
            assert_eq!(Position::startpos(variant).occupied().count_ones(), full);
            for buckets in 1..=MAX_BUCKETS {
                let seen: Vec<usize> = (2..=full).map(|p| output_bucket(variant, p, buckets)).collect();
                assert_eq!(seen[0], 0);
                assert_eq!(*seen.last().unwrap(), buckets - 1, "{variant:?} {buckets}");
                assert!(seen.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
            }
        }
    }

    #[test]
    fn bad_files_are_refused_by_name() {
        let net = random_net(Variant::MiniPom, 16, 2);
        let bytes = net.to_bytes();
        let refuse = |b: &[u8], expected: &str| {
            let e = Network::from_bytes(b).err().expect("refused");
            assert!(e.0.contains(expected), "{e} (expected {expected:?})");
        };
        refuse(b"", "truncated");
        refuse(&bytes[..bytes.len() - 1], "truncated");
        refuse(&[bytes.as_slice(), &[0]].concat(), "after the net's end");
        let mut b = bytes.clone();
        b[0] = b'X';
        refuse(&b, "not a Gorgon net");
        let mut b = bytes.clone();
        b[8] = 9;
        refuse(&b, "format version 9");
        let mut b = bytes.clone();
        b[8] = 2; // format 2 reads a bucket count where QA stands
        refuse(&b, "255 output buckets");
        let mut b = bytes.clone();
        b[12] = 0; // says POM: the layout hash is Mini-POM's
        refuse(&b, "another input layout");
        let mut b = bytes.clone();
        b[12] = 7;
        refuse(&b, "unknown variant");
        let mut b = bytes.clone();
        b[28] = 17; // hidden size
        refuse(&b, "hidden size 17");
        let mut wide = net.clone();
        wide.output_weights[3] = 600;
        refuse(&wide.to_bytes(), "output weight 600");
        wide.output_weights[3] = i16::MIN;
        refuse(&wide.to_bytes(), "output weight -32768");
        let mut hot = net.clone();
        for w in hot.feature_weights.iter_mut().step_by(16) {
            *w = 2000;
        }
        refuse(&hot.to_bytes(), "beyond the int16 accumulator");
    }

    /// The overflow bound counts every input of the table where a piece
    /// can turn it on: a net whose hidden unit `k` has a single weight of
    /// 1, on a sample input of each block, is bounded by 1 for an input
    /// with a square and by one per square for a count (a petrified kind
    /// can be on under every square), and by -1 for a weight of -1.
    #[test]
    fn the_overflow_bound_sees_every_block() {
        use crate::nnue::features::{block_range, BLOCKS};
        for variant in Variant::ALL {
            let n = variant.geometry().squares as usize;
            let mut net = random_net(variant, 16, 6);
            net.feature_weights.fill(0);
            net.feature_bias.fill(0);
            let samples: Vec<(usize, usize, usize)> = (0..BLOCKS.len())
                .map(|b| {
                    let r = block_range(variant, b);
                    (b, r.start, r.end - 1)
                })
                .collect();
            let mut expected = Vec::new();
            for (k, &(b, first, last)) in samples.iter().enumerate() {
                for (u, input, weight) in [(2 * k, first, 1), (2 * k + 1, last, -1)] {
                    net.feature_weights[input * 16 + u] = weight;
                    let reach = if BLOCKS[b].key.has_square() { 1 } else { n as i64 };
                    expected.push((u, weight as i64 * reach));
                }
            }
            let (high, low) = net.accumulator_bounds();
            for (u, e) in expected {
                assert_eq!((low[u], high[u]), (e.min(0), e.max(0)), "{variant:?} unit {u}");
            }
        }
    }

    /// Random and mutated bytes are refused or read, never a panic.
    #[test]
    fn mutated_files_never_panic() {
        let bytes = random_net(Variant::MiniPom, 16, 3).to_bytes();
        let mut rng = SplitMix64::new(4);
        for _ in 0..3000 {
            let mut b = bytes.clone();
            match rng.below(3) {
                0 => b.truncate(rng.below(b.len() as u64) as usize),
                1 => {
                    for _ in 0..=rng.below(4) {
                        let i = rng.below(64.min(b.len() as u64)) as usize;
                        b[i] = rng.below(256) as u8;
                    }
                }
                _ => {
                    let i = rng.below(b.len() as u64) as usize;
                    b[i] ^= 1 << rng.below(8);
                }
            }
            let _ = Network::from_bytes(&b);
        }
    }
}
