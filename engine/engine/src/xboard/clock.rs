//! CECP time controls (engine-intf.html section 11) as search limits.

use crate::player::Limits;
use protocol::cecp::Level;
use rules::Color;

/// Without any time control the engine thinks this long per move.
const DEFAULT_MOVE_MS: u64 = 2000;

/// What `level`, `st`, `sd`, `time` and `otim` said.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// The conventional or incremental control, if any.
    pub level: Option<Level>,
    /// Exact time per move (`st`), in milliseconds.
    pub per_move_ms: Option<u64>,
    /// Depth limit (`sd`).
    pub depth: Option<u32>,
    /// The engine's clock (`time`), in centiseconds.
    pub own_cs: Option<i64>,
    /// The opponent's clock (`otim`), in centiseconds.
    pub other_cs: Option<i64>,
}

impl Clock {
    /// `level`: a new control replaces `st`, and the clocks start at the base.
    pub fn set_level(&mut self, level: Level) {
        self.level = Some(level);
        self.per_move_ms = None;
        self.own_cs = None;
        self.other_cs = None;
    }

    /// `st`: a fixed time per move replaces `level`.
    pub fn set_per_move(&mut self, ms: u64) {
        self.per_move_ms = Some(ms);
        self.level = None;
    }

    /// The engine used `ms` on its move: its clock until the next `time`,
    /// at most what XBoard will say (no increment, no new session). A
    /// ponder search takes its limits from here before that `time` comes.
    pub fn spend(&mut self, ms: u64) {
        if let Some(cs) = self.own_cs.as_mut() {
            *cs = cs.saturating_sub((ms / 10) as i64).max(0);
        }
    }

    /// Limits for the engine playing `side`; `moves_made` is the number of
    /// moves that side made since the game started (for `level`'s moves
    /// per session).
    pub fn limits(&self, side: Color, moves_made: u32) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(ms) = self.per_move_ms {
            limits.movetime = Some(ms.max(1));
            return limits;
        }
        let Some(level) = self.level else {
            if self.depth.is_none() {
                limits.movetime = Some(DEFAULT_MOVE_MS);
            }
            return limits;
        };
        let own_ms = self.own_cs.map_or(level.base_ms as i64, |cs| cs.saturating_mul(10));
        let other_ms = self.other_cs.map_or(level.base_ms as i64, |cs| cs.saturating_mul(10));
        let inc = Some(level.inc_ms as i64);
        let (w, b) = if side == Color::White {
            (own_ms, other_ms)
        } else {
            (other_ms, own_ms)
        };
        limits.wtime = Some(w);
        limits.btime = Some(b);
        limits.winc = inc;
        limits.binc = inc;
        if level.moves > 0 {
            limits.movestogo = Some(level.moves - moves_made % level.moves);
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_and_clocks_become_limits() {
        let mut c = Clock::default();
        c.set_level(Level {
            moves: 40,
            base_ms: 300_000,
            inc_ms: 0,
        });
        let l = c.limits(Color::Black, 0);
        assert_eq!((l.wtime, l.btime, l.movestogo), (Some(300_000), Some(300_000), Some(40)));
        c.own_cs = Some(12_000);
        c.other_cs = Some(9_000);
        let l = c.limits(Color::Black, 45);
        assert_eq!((l.wtime, l.btime, l.movestogo), (Some(90_000), Some(120_000), Some(35)));
        c.depth = Some(3);
        c.set_per_move(50);
        let l = c.limits(Color::White, 0);
        assert_eq!((l.movetime, l.depth, l.wtime), (Some(50), Some(3), None));
        c.set_level(Level {
            moves: 0,
            base_ms: 60_000,
            inc_ms: 1000,
        });
        c.own_cs = Some(500);
        c.spend(2_000);
        assert_eq!(c.own_cs, Some(300));
        c.spend(10_000);
        assert_eq!(c.own_cs, Some(0), "never below zero");
        let mut none = Clock::default();
        assert_eq!(none.limits(Color::White, 0).movetime, Some(DEFAULT_MOVE_MS));
        none.depth = Some(2);
        assert_eq!(none.limits(Color::White, 0).movetime, None);
    }
}
