//! `--shard I/N`: which part of a job one process does, when a job (a
//! match, a batch analysis, self-play data or a self-play book) is split
//! across processes or machines. Every sharded job numbers its work items
//! the same way in every shard and gives shard `I` of `N` (0-based) one
//! contiguous block of them, so the outputs of shards `0/N .. N-1/N`
//! concatenated in order are the output of the unsharded run.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// Shard `index` of `count` (0-based, `index < count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// The whole job in one process: `0/1`.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`, or an error naming the problem.
    pub fn new(index: usize, count: usize) -> Result<Shard, String> {
        if count == 0 || index >= count {
            return Err(format!("shard {index}/{count}: expected I/N with 0 <= I < N, e.g. 0/4"));
        }
        Ok(Shard { index, count })
    }

    pub fn index(self) -> usize {
        self.index
    }

    pub fn count(self) -> usize {
        self.count
    }

    /// This shard's block of the items `0..total`. The blocks of the `count`
    /// shards are disjoint, in order, cover `0..total` and differ in size by
    /// at most one.
    pub fn range(self, total: usize) -> Range<usize> {
        let (i, n, t) = (self.index as u128, self.count as u128, total as u128);
        (t * i / n) as usize..(t * (i + 1) / n) as usize
    }
}

impl Default for Shard {
    fn default() -> Shard {
        Shard::WHOLE
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N`, e.g. `3/16`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("{text:?}: expected I/N with 0 <= I < N, e.g. 0/4");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let i = i.trim().parse().map_err(|_| bad())?;
        let n = n.trim().parse().map_err(|_| bad())?;
        Shard::new(i, n).map_err(|_| bad())
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn parses_and_refuses() {
        assert_eq!("3/16".parse(), Ok(Shard::new(3, 16).unwrap()));
        assert_eq!(" 0 / 1 ".parse::<Shard>().map(|s| s.to_string()), Ok("0/1".to_string()));
        for bad in ["", "3", "16/16", "1/0", "-1/4", "a/4", "1/4/2", "1.5/4"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn blocks_cover_the_job_in_order() {
        for total in [0, 1, 5, 7, 100] {
            for count in 1..=9 {
                let mut next = 0;
                for index in 0..count {
                    let r = Shard::new(index, count).unwrap().range(total);
                    assert_eq!(r.start, next, "{index}/{count} of {total}");
                    assert!(r.len() <= total / count + 1);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
    }
}
