//! Time management: a soft limit (do not start another iteration past it,
//! scaled by how stable the best move is) and a hard limit (abort the
//! search), both counted from the start or from `ponderhit`.

use super::limits::Limits;
use crate::clock::Instant;
use rules::Color;

pub(crate) struct TimeManager {
    start: Instant,
    /// When the clock started counting (after `ponderhit` when pondering).
    origin: Instant,
    soft_ms: Option<u64>,
    hard_ms: Option<u64>,
    pondering: bool,
}

impl TimeManager {
    /// Limits for `side` to move; `overhead` is subtracted from the clock.
    pub(crate) fn new(limits: &Limits, side: Color, overhead: u64, pondering: bool) -> TimeManager {
        let now = Instant::now();
        let (soft_ms, hard_ms) = Self::allocate(limits, side, overhead);
        TimeManager {
            start: now,
            origin: now,
            soft_ms,
            hard_ms,
            pondering,
        }
    }

    fn allocate(limits: &Limits, side: Color, overhead: u64) -> (Option<u64>, Option<u64>) {
        if limits.infinite {
            return (None, None);
        }
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead).max(1);
            return (None, Some(t));
        }
        let (time, inc) = match side {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let Some(time) = time else { return (None, None) };
        let time = time.max(0) as u64;
        let inc = inc.unwrap_or(0).max(0) as u64;
        // A reserve of three overheads stays on the clock for the latency a
        // loaded machine adds to every move (self-play at 2+0.02 on two
        // busy cores saw single moves stalled by 100 ms).
        let avail = time.saturating_sub(3 * overhead);
        let mtg = limits.movestogo.unwrap_or(35).clamp(1, 50) as u64;
        let (soft, hard) = if mtg == 1 {
            (avail / 2, avail * 4 / 5)
        } else {
            // The hard limit takes at most 30% of what is left (plus half
            // the increment), so a low clock shrinks each move's time
            // instead of running out.
            let base = avail / mtg + inc * 3 / 4;
            (base * 7 / 10, (base * 4).min(avail * 3 / 10 + inc / 2))
        };
        let hard = hard.min(time.saturating_sub(overhead)).max(1);
        (Some(soft.min(hard).max(1)), Some(hard))
    }

    /// Milliseconds since the search started (for `info time` and nps).
    #[inline(always)]
    pub(crate) fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Called with the current `pondering` flag: on `ponderhit` the clock
    /// starts counting from now.
    #[inline(always)]
    pub(crate) fn update_ponder(&mut self, pondering: bool) {
        if self.pondering && !pondering {
            self.pondering = false;
            self.origin = Instant::now();
        }
    }

    #[inline(always)]
    fn used_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    /// True once the hard limit has passed.
    #[inline(always)]
    pub(crate) fn hard_exceeded(&self) -> bool {
        !self.pondering && self.hard_ms.is_some_and(|h| self.used_ms() >= h)
    }

    /// True when no new iteration should start; `scale` stretches the soft
    /// limit (more when the best move keeps changing).
    pub(crate) fn soft_exceeded(&self, scale: f64) -> bool {
        !self.pondering && self.soft_ms.is_some_and(|s| self.used_ms() as f64 >= s as f64 * scale)
    }

    /// True if any time limit applies at all.
    pub(crate) fn is_timed(&self) -> bool {
        self.hard_ms.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_stays_inside_the_clock() {
        for (time, inc, mtg) in [
            (1000i64, 0i64, None),
            (50, 0, None),
            (5, 0, None),
            (60_000, 1000, Some(1u32)),
            (300_000, 0, Some(40)),
        ] {
            let limits = Limits {
                wtime: Some(time),
                winc: Some(inc),
                movestogo: mtg,
                ..Limits::default()
            };
            let (soft, hard) = TimeManager::allocate(&limits, Color::White, 10);
            let (soft, hard) = (soft.unwrap(), hard.unwrap());
            assert!(soft <= hard, "{time} {soft} {hard}");
            assert!(hard as i64 <= time.max(1), "{time} {hard}");
            if mtg != Some(1) {
                assert!(
                    hard as i64 <= (time * 3 / 10 + inc / 2).max(1),
                    "{time} {hard}: at most 30% of the clock"
                );
            }
        }
        let limits = Limits {
            movetime: Some(500),
            ..Limits::default()
        };
        assert_eq!(TimeManager::allocate(&limits, Color::Black, 10), (None, Some(490)));
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        assert_eq!(TimeManager::allocate(&limits, Color::Black, 10), (None, None));
    }
}
