//! SplitMix64, the one seeded generator of the project: Zobrist keys (at
//! compile time), random openings, book choices and self-play variety.
//! The same seed gives the same stream on every machine.

/// 2^64 divided by the golden ratio, odd: the Weyl increment of each step.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64: a 64-bit state advanced by a Weyl increment and mixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator whose output depends only on `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The generator of item `index` of a seeded run (a self-play game, a
    /// training epoch): `seed` mixed with the index times the golden ratio
    /// (the Weyl increment), so that every item has a stream of its own
    /// whatever order or threads the items run in, and a run's items are
    /// the same in every shard.
    pub const fn stream(seed: u64, index: u64) -> SplitMix64 {
        SplitMix64(seed ^ index.wrapping_mul(GOLDEN_GAMMA))
    }

    /// One step from `state`: the next state and its output. `const`, so
    /// that tables (the Zobrist keys) can be built at compile time.
    pub const fn step(state: u64) -> (u64, u64) {
        let s = state.wrapping_add(GOLDEN_GAMMA);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (s, z ^ (z >> 31))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = Self::step(self.0);
        self.0 = state;
        out
    }

    /// Uniform in `0..n` (0 when `n` is 0), by rejection so that it is
    /// unbiased.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A random element of a slice; `None` if it is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len() as u64) as usize)
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = SplitMix64::new(42);
        let mut b = SplitMix64::new(42);
        let xs: Vec<u64> = (0..10).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..10).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(SplitMix64::new(43).next_u64(), xs[0]);
    }

    #[test]
    fn reference_values() {
        // The published SplitMix64 stream for seed 1234567.
        let mut r = SplitMix64::new(1234567);
        assert_eq!(r.next_u64(), 6457827717110365317);
        assert_eq!(r.next_u64(), 3203168211198807973);
    }

    #[test]
    fn streams_are_the_runs_items_seeds() {
        // The first outputs of the streams every seeded run has drawn from
        // (self-play games, training epochs): changing them changes every
        // game and net made with a seed.
        let first = |seed, index| SplitMix64::stream(seed, index).next_u64();
        assert_eq!(SplitMix64::stream(5001, 0), SplitMix64::new(5001));
        assert_eq!(first(1, 0), 10451216379200822465);
        assert_eq!(first(1, 1), 16834447057089888969);
        assert_eq!(first(7001, 41), 13561244420454684690);
        // Neighbouring items and seeds do not share a stream.
        let firsts: Vec<u64> = (0..100).flat_map(|i| (0..4).map(move |s| first(s, i))).collect();
        let mut distinct = firsts.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), firsts.len());
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = SplitMix64::new(7);
        let mut seen = [false; 5];
        for _ in 0..200 {
            let x = r.below(5);
            assert!(x < 5);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(r.below(0), 0);
        assert_eq!(r.pick::<u8>(&[]), None);
    }

    #[test]
    fn shuffle_permutes() {
        let mut items: Vec<u32> = (0..20).collect();
        SplitMix64::new(3).shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
