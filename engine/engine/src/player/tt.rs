//! The transposition table, shared by all search threads without locks.
//!
//! An entry is two `AtomicU64`: `check = key ^ data` and `data` (the Carp
//! and Hyatt "lockless hashing" scheme). Threads read and write them with
//! relaxed atomics, so two writers may interleave and leave the words of
//! different stores side by side. Such a torn entry fails the check
//! `check ^ data == key` (short of a 2^-64 coincidence) and reads as a miss,
//! so a probe never returns data belonging to another position. Data that
//! does pass is still only a hint: its move is checked with
//! `Position::is_legal` before it is played.
//!
//! Four entries form a 64-byte bucket (one cache line); the bucket comes
//! from the high bits of `key * buckets` (multiply-shift).
//!
//! `data` layout, low bit first:
//!
//! ```text
//!  0..21  move (Move::raw: from 7, to 7, kind 3, form 4)
//! 21..37  score, i16, node-relative mate distances
//! 37..53  static eval, i16
//! 53..60  depth, 0..=127
//! 60..62  bound: 0 none (empty slot), 1 upper, 2 lower, 3 exact
//! 62..64  generation (age) of the search that stored it, mod 4
//! ```

use super::score::{from_tt, to_tt};
#[cfg(feature = "native")]
use rayon::prelude::*;
use rules::Move;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// How a stored score relates to the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TtBound {
    /// The true score is at most the stored one (fail low).
    Upper = 1,
    /// The true score is at least the stored one (fail high).
    Lower = 2,
    Exact = 3,
}

/// A probe's answer, with the score already made root-relative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TtHit {
    /// `Move::NONE`, or a move that still has to pass `is_legal`.
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: TtBound,
}

const ENTRIES: usize = 4;
const GENERATIONS: u8 = 4;

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Entry; ENTRIES]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// Unpacked `data` word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Data {
    mv: u32,
    score: i16,
    eval: i16,
    depth: u8,
    bound: u8,
    age: u8,
}

impl Data {
    #[inline(always)]
    fn pack(self) -> u64 {
        (self.mv as u64 & 0x1F_FFFF)
            | (self.score as u16 as u64) << 21
            | (self.eval as u16 as u64) << 37
            | ((self.depth & 0x7F) as u64) << 53
            | ((self.bound & 3) as u64) << 60
            | ((self.age & 3) as u64) << 62
    }

    #[inline(always)]
    fn unpack(d: u64) -> Data {
        Data {
            mv: (d & 0x1F_FFFF) as u32,
            score: (d >> 21) as u16 as i16,
            eval: (d >> 37) as u16 as i16,
            depth: ((d >> 53) & 0x7F) as u8,
            bound: ((d >> 60) & 3) as u8,
            age: (d >> 62) as u8,
        }
    }
}

/// Bytes of memory the machine can still give (Linux `MemAvailable`);
/// `None` where that is unknown, and then only the allocator decides.
fn available_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb.saturating_mul(1024))
}

/// The table. Shared by `&` during a search; resized and cleared by `&mut`.
pub struct Tt {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Tt {
        let mut tt = Tt {
            buckets: Vec::new(),
            generation: 0,
        };
        if tt.resize(mb).is_err() {
            // The smallest table always fits.
            let _ = tt.resize(1);
        }
        tt
    }

    /// Reallocates to about `mb` megabytes (the same size: keeps the
    /// allocation); the contents are lost. When the
    /// machine cannot give that much (more than the memory available, or
    /// the allocation fails) the table stays as it was and the error says
    /// so: a GUI's `Hash` must never end the process.
    pub fn resize(&mut self, mb: usize) -> Result<(), String> {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        if n == self.buckets.len() {
            // The same size: emptied in place. Freeing a big block and
            // allocating its twin makes glibc raise its mmap threshold and
            // keep later tables in arenas it does not give back (a server
            // making engines grows by tens of MB a minute).
            self.buckets.fill_with(Bucket::default);
            self.generation = 0;
            return Ok(());
        }
        let refused = |why: &str| {
            format!(
                "cannot allocate a {mb} MB hash table ({why}); keeping the {} MB one",
                self.megabytes()
            )
        };
        // The old table goes once the new one exists, so it counts as
        // available. Touching more than the machine has would bring the
        // out-of-memory killer where an allocation cannot fail.
        if let Some(available) = available_memory() {
            if bytes > available.saturating_add(self.buckets.len() * std::mem::size_of::<Bucket>()) {
                return Err(refused(&format!("{} MB available", available >> 20)));
            }
        }
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(n).map_err(|_| refused("out of memory"))?;
        buckets.resize_with(n, Bucket::default);
        self.buckets = buckets;
        self.generation = 0;
        Ok(())
    }

    /// The table's size in megabytes (rounded down).
    pub fn megabytes(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Empties every entry, in parallel on the current rayon pool (on the
    /// calling thread without `native`).
    pub fn clear(&mut self) {
        let clear_chunk = |chunk: &mut [Bucket]| {
            for bucket in chunk {
                for e in &mut bucket.0 {
                    *e.check.get_mut() = 0;
                    *e.data.get_mut() = 0;
                }
            }
        };
        #[cfg(feature = "native")]
        self.buckets.par_chunks_mut(4096).for_each(clear_chunk);
        #[cfg(not(feature = "native"))]
        self.buckets.chunks_mut(4096).for_each(clear_chunk);
        self.generation = 0;
    }

    /// Starts a new search: older entries age and become easier to replace.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// The entry for `key`, if one passes the check. `ply` makes mate
    /// scores root-relative.
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        for e in &self.bucket(key).0 {
            let data = e.data.load(Relaxed);
            if e.check.load(Relaxed) ^ data != key {
                continue;
            }
            let d = Data::unpack(data);
            let bound = match d.bound {
                1 => TtBound::Upper,
                2 => TtBound::Lower,
                3 => TtBound::Exact,
                _ => return None,
            };
            let mv = Move::from_raw(d.mv).unwrap_or(Move::NONE);
            return Some(TtHit {
                mv,
                score: from_tt(d.score as i32, ply),
                eval: d.eval as i32,
                depth: d.depth as i32,
                bound,
            });
        }
        None
    }

    /// Stores a search result. An entry of the same position is kept when
    /// it is deeper and this is no exact score; otherwise the slot that is
    /// shallowest and oldest goes. A `Move::NONE` keeps the stored move.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(&self, key: u64, mv: Move, score: i32, eval: i32, depth: i32, bound: TtBound, ply: usize) {
        let bucket = self.bucket(key);
        let gen = self.generation;
        let mut slot = &bucket.0[0];
        let mut worst = i32::MAX;
        let mut old = None;
        for e in &bucket.0 {
            let data = e.data.load(Relaxed);
            if e.check.load(Relaxed) ^ data == key && data != 0 {
                slot = e;
                old = Some(Data::unpack(data));
                break;
            }
            let d = Data::unpack(data);
            let age = ((gen + GENERATIONS - d.age) % GENERATIONS) as i32;
            let worth = if d.bound == 0 { i32::MIN } else { d.depth as i32 - 8 * age };
            if worth < worst {
                worst = worth;
                slot = e;
            }
        }
        let depth = depth.clamp(0, 127) as u8;
        let mut raw_move = mv.raw();
        if let Some(o) = old {
            if bound != TtBound::Exact && o.age == gen && depth + 4 <= o.depth {
                return;
            }
            if mv.is_none() {
                raw_move = o.mv;
            }
        }
        let data = Data {
            mv: raw_move,
            score: to_tt(score, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth,
            bound: bound as u8,
            age: gen,
        }
        .pack();
        slot.check.store(key ^ data, Relaxed);
        slot.data.store(data, Relaxed);
    }

    /// Permille of the first 1000 entries written by the current search
    /// (Stockfish's sample).
    pub fn hashfull(&self) -> u32 {
        let buckets = (1000 / ENTRIES).min(self.buckets.len());
        let mut used = 0;
        for b in &self.buckets[..buckets] {
            for e in &b.0 {
                let d = Data::unpack(e.data.load(Relaxed));
                if d.bound != 0 && d.age == self.generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (buckets * ENTRIES).max(1)) as u32
    }

    /// Number of buckets (for tests).
    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::score::MATE;
    use rules::{Kind, MoveKind};
    use std::sync::Arc;

    fn mv(n: u64) -> Move {
        Move::new(
            (n % 121) as u8,
            ((n / 121) % 121) as u8,
            MoveKind::Transform,
            Kind::FORMS[(n % 9) as usize],
        )
    }

    #[test]
    fn data_packs_and_unpacks() {
        let d = Data {
            mv: mv(999).raw(),
            score: -31_000,
            eval: 1234,
            depth: 127,
            bound: 3,
            age: 2,
        };
        assert_eq!(Data::unpack(d.pack()), d);
    }

    /// Asking the size the table has empties it without reallocating.
    #[test]
    fn resizing_to_the_same_size_keeps_the_allocation() {
        let mut tt = Tt::new(1);
        let key = 0x1234_5678_9abc_def0;
        tt.store(key, mv(77), 55, -20, 9, TtBound::Lower, 0);
        let before = tt.buckets.as_ptr();
        tt.resize(1).unwrap();
        assert_eq!(tt.buckets.as_ptr(), before, "same size, same allocation");
        assert_eq!(tt.probe(key, 0), None, "emptied");
        tt.resize(2).unwrap();
        assert_eq!(tt.megabytes(), 2);
    }

    #[test]
    fn store_then_probe() {
        let tt = Tt::new(1);
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(tt.probe(key, 0), None);
        tt.store(key, mv(77), 55, -20, 9, TtBound::Lower, 0);
        let hit = tt.probe(key, 0).unwrap();
        assert_eq!(
            hit,
            TtHit {
                mv: mv(77),
                score: 55,
                eval: -20,
                depth: 9,
                bound: TtBound::Lower
            }
        );
        assert_eq!(tt.probe(key ^ 1, 0), None);
        // A store without a move keeps the old move.
        tt.store(key, Move::NONE, 60, -20, 12, TtBound::Exact, 0);
        assert_eq!(tt.probe(key, 0).unwrap().mv, mv(77));
    }

    #[test]
    fn mate_scores_round_trip() {
        let tt = Tt::new(1);
        // Mate in 3 plies seen from ply 5: the node itself mates in 3 - ...
        let root_score = MATE - 9;
        tt.store(42, Move::NONE, root_score, 0, 4, TtBound::Exact, 5);
        assert_eq!(tt.probe(42, 5).unwrap().score, root_score);
        // The same node reached at ply 7 is two plies further from the root.
        assert_eq!(tt.probe(42, 7).unwrap().score, root_score - 2);
        tt.store(43, Move::NONE, -MATE + 10, 0, 4, TtBound::Upper, 6);
        assert_eq!(tt.probe(43, 2).unwrap().score, -MATE + 6);
    }

    #[test]
    fn replacement_prefers_depth_and_age() {
        let mut tt = Tt::new(1);
        let n = tt.buckets() as u64;
        // Keys k * 2^64 / n land in bucket k; offsets keep them in bucket 0.
        let keys: Vec<u64> = (0..6u64).map(|i| i + 1).collect();
        for (i, &k) in keys.iter().take(4).enumerate() {
            tt.store(k, mv(i as u64), 0, 0, 10 + i as i32, TtBound::Exact, 0);
        }
        assert!(n > 1);
        // A fifth key evicts the shallowest (depth 10, key 1).
        tt.store(keys[4], mv(4), 0, 0, 5, TtBound::Exact, 0);
        assert!(tt.probe(keys[0], 0).is_none());
        assert!(tt.probe(keys[4], 0).is_some());
        // A shallower non-exact store of a known position keeps the deep one.
        tt.store(keys[3], mv(9), 1, 0, 2, TtBound::Lower, 0);
        assert_eq!(tt.probe(keys[3], 0).unwrap().depth, 13);
        // Two searches later every entry is old: the shallowest goes.
        tt.new_search();
        tt.new_search();
        tt.store(keys[5], mv(5), 0, 0, 1, TtBound::Upper, 0);
        assert!(tt.probe(keys[5], 0).is_some());
        assert!(tt.probe(keys[4], 0).is_none());
        assert!(keys[1..4].iter().all(|&k| tt.probe(k, 0).is_some()));
        // A fresh entry outlives a deeper entry from an old search.
        tt.store(keys[0], mv(0), 0, 0, 3, TtBound::Exact, 0);
        assert!(tt.probe(keys[5], 0).is_some() && tt.probe(keys[0], 0).is_some());
        assert!(tt.probe(keys[1], 0).is_none());
        tt.clear();
        assert!(tt.probe(keys[3], 0).is_none());
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn hashfull_counts_the_current_search() {
        let mut tt = Tt::new(1);
        let n = tt.buckets() as u128;
        for k in 0..250u128 {
            // One key per bucket among the first 250.
            let key = ((k << 64) / n + 1) as u64;
            tt.store(key, Move::NONE, 0, 0, 1, TtBound::Exact, 0);
        }
        assert_eq!(tt.hashfull(), 250);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }

    /// Four threads write entries whose every field is a function of the
    /// key and read others back: no torn entry may pass the check.
    #[test]
    fn concurrent_hammering_never_reads_torn_entries() {
        let tt = Arc::new(Tt::new(1));
        let keys = 1 << 12; // many keys per bucket: heavy contention
        let expect = |k: u64| {
            let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let depth = (k % 100) as i32;
            (key, mv(k), (k % 20_000) as i32 - 10_000, (k % 3000) as i32 - 1500, depth)
        };
        let handles: Vec<_> = (0..4u64)
            .map(|t| {
                let tt = Arc::clone(&tt);
                std::thread::spawn(move || {
                    let mut x = t.wrapping_mul(0x2545_F491_4F6C_DD1D) + 7;
                    let mut verified = 0u64;
                    for _ in 0..400_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let k = x % keys;
                        let (key, m, score, eval, depth) = expect(k);
                        if (x >> 40) & 1 == 0 {
                            tt.store(key, m, score, eval, depth, TtBound::Exact, 0);
                        } else if let Some(hit) = tt.probe(key, 0) {
                            assert_eq!(
                                (hit.mv, hit.score, hit.eval, hit.depth),
                                (m, score, eval, depth),
                                "torn entry for key {key:x}"
                            );
                            verified += 1;
                        }
                    }
                    verified
                })
            })
            .collect();
        let verified: u64 = handles.into_iter().map(|h| h.join().unwrap()).sum();
        assert!(verified > 1000);
    }
}
