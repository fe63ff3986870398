//! Time controls in cutechess-cli's syntax and the clocks the runner
//! keeps for each side (monotonic time, `Instant`).
//!
//! - `tc=40/60+0.6`: 40 moves in 60 s, 0.6 s added per move, the base added
//!   again every 40 moves; `tc=10+0.1`: 10 s for the game plus 0.1 s a
//!   move; `tc=inf` no clock. Minutes may be written `tc=1:30+1`.
//! - `st=0.5`: a fixed 0.5 s per move (`go movetime 500`).
//! - `nodes=N`, `depth=D`: limits sent with `go` (they combine with a clock).
//! - `timemargin=MS`: how far past its time an engine may answer before it
//!   forfeits.
//!
//! [`Limits::go`] turns an engine's limits and the clocks into the
//! protocol's `go` command.

use protocol::Go;
use rules::Color;
use std::fmt;
use std::time::Duration;

/// The clock part of a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockControl {
    /// Moves per period (`40/`), or `None` for the whole game.
    pub moves: Option<u32>,
    pub base: Duration,
    pub increment: Duration,
}

/// Everything that limits one engine's thinking.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub clock: Option<ClockControl>,
    /// `st=`: a fixed time per move.
    pub movetime: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// How late an answer may come before it counts as a time forfeit.
    pub margin: Duration,
}

impl Limits {
    /// True if nothing limits the search.
    pub fn is_unlimited(&self) -> bool {
        self.clock.is_none() && self.movetime.is_none() && self.nodes.is_none() && self.depth.is_none()
    }

    /// True if the engine plays against a time budget (clock or `st=`).
    pub fn is_timed(&self) -> bool {
        self.clock.is_some() || self.movetime.is_some()
    }

    /// Sets one `key=value` of a time-control group; `Ok(false)` if the key
    /// is not a time-control key.
    pub fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        match key {
            "tc" => self.clock = parse_tc(value)?,
            "st" => self.movetime = Some(parse_seconds(value).map_err(|e| format!("st={value}: {e}"))?),
            "nodes" => self.nodes = Some(value.parse().map_err(|_| format!("nodes={value}: expected a whole number"))?),
            "depth" => self.depth = Some(value.parse().map_err(|_| format!("depth={value}: expected a whole number"))?),
            "timemargin" => {
                let ms: u64 = value.parse().map_err(|_| format!("timemargin={value}: expected milliseconds"))?;
                self.margin = Duration::from_millis(ms);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The `go` command for an engine with these limits to move as `side`,
    /// `clocks` being White's and Black's: both clocks and increments
    /// (the opponent's clock stands in for a side that has none), the moves
    /// to the next control, and the fixed limits.
    pub fn go(&self, clocks: &[Option<Clock>; 2], side: Color) -> Go {
        let mut go = Go {
            movetime: self.movetime.map(millis),
            nodes: self.nodes,
            depth: self.depth,
            ..Go::default()
        };
        let i = side.index();
        if let Some(own) = clocks[i] {
            let other = clocks[1 - i].unwrap_or(own);
            let (w, b) = if side == Color::White { (own, other) } else { (other, own) };
            go.wtime = Some(signed_millis(w.remaining));
            go.btime = Some(signed_millis(b.remaining));
            go.winc = Some(signed_millis(w.control.increment));
            go.binc = Some(signed_millis(b.control.increment));
            go.movestogo = own.moves_to_go();
        }
        go
    }

    /// The PGN `TimeControl` text: `40/60+0.6`, `10+0.1`, `0.5/move`, and
    /// for node or depth limits `nodes=N` / `depth=D` (PGN has no form for
    /// them); `-` when unlimited.
    pub fn pgn_text(&self) -> String {
        let mut parts = Vec::new();
        if let Some(c) = self.clock {
            parts.push(c.to_string());
        }
        if let Some(t) = self.movetime {
            parts.push(format!("{}/move", seconds_text(t)));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if parts.is_empty() {
            "-".to_string()
        } else {
            parts.join(" ")
        }
    }
}

impl fmt::Display for ClockControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        f.write_str(&seconds_text(self.base))?;
        if !self.increment.is_zero() {
            write!(f, "+{}", seconds_text(self.increment))?;
        }
        Ok(())
    }
}

/// Whole milliseconds, as `go` writes times.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Whole milliseconds for a clock field of `go` (which may be negative).
fn signed_millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Seconds without trailing zeros: `60`, `0.6`, `0.025`.
fn seconds_text(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", d.as_secs_f64());
        s.trim_end_matches('0').to_string()
    }
}

/// Seconds (`1.5`) or minutes and seconds (`1:30`), at least zero.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs = match text.split_once(':') {
        Some((m, s)) => {
            let m: f64 = m.parse().map_err(|_| format!("bad minutes '{m}'"))?;
            let s: f64 = s.parse().map_err(|_| format!("bad seconds '{s}'"))?;
            m * 60.0 + s
        }
        None => text.parse().map_err(|_| format!("bad seconds '{text}'"))?,
    };
    if !secs.is_finite() || secs < 0.0 {
        return Err(format!("'{text}' is not a time"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// `[moves/]time[+increment]` or `inf`.
pub fn parse_tc(text: &str) -> Result<Option<ClockControl>, String> {
    if text == "inf" || text == "infinite" {
        return Ok(None);
    }
    let fail = |e: String| format!("tc={text}: {e}");
    let (moves, rest) = match text.split_once('/') {
        Some((m, rest)) => {
            let m: u32 = m.parse().map_err(|_| fail(format!("bad move count '{m}'")))?;
            if m == 0 {
                return Err(fail("the move count must be positive".into()));
            }
            (Some(m), rest)
        }
        None => (None, text),
    };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (parse_seconds(b).map_err(fail)?, parse_seconds(i).map_err(fail)?),
        None => (parse_seconds(rest).map_err(fail)?, Duration::ZERO),
    };
    if base.is_zero() && inc.is_zero() {
        return Err(fail("no time at all".into()));
    }
    Ok(Some(ClockControl {
        moves,
        base,
        increment: inc,
    }))
}

/// One side's clock during a game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub control: ClockControl,
    /// Time left before the current move.
    pub remaining: Duration,
    /// Moves completed.
    pub moves_done: u32,
}

impl Clock {
    pub fn new(control: ClockControl) -> Clock {
        Clock {
            control,
            remaining: control.base,
            moves_done: 0,
        }
    }

    /// Moves to go until the next time control (for `go movestogo`).
    pub fn moves_to_go(&self) -> Option<u32> {
        self.control.moves.map(|m| m - self.moves_done % m)
    }

    /// Charges a move that took `elapsed`. Returns false (a forfeit) if it
    /// took longer than the time left plus `margin`; otherwise the time is
    /// deducted (down to zero at worst), the increment added, and the base
    /// added again when a period of `moves` ends.
    pub fn charge(&mut self, elapsed: Duration, margin: Duration) -> bool {
        if elapsed > self.remaining + margin {
            self.remaining = Duration::ZERO;
            return false;
        }
        self.remaining = self.remaining.saturating_sub(elapsed) + self.control.increment;
        self.moves_done += 1;
        if let Some(m) = self.control.moves {
            if self.moves_done.is_multiple_of(m) {
                self.remaining += self.control.base;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn parses_cutechess_time_controls() {
        let c = parse_tc("40/60+0.6").unwrap().unwrap();
        assert_eq!((c.moves, c.base, c.increment), (Some(40), ms(60_000), ms(600)));
        let c = parse_tc("10+0.1").unwrap().unwrap();
        assert_eq!((c.moves, c.base, c.increment), (None, ms(10_000), ms(100)));
        let c = parse_tc("1:30").unwrap().unwrap();
        assert_eq!(c.base, ms(90_000));
        assert_eq!(parse_tc("inf").unwrap(), None);
        for bad in ["", "x", "0/10", "-1+1", "10+", "0+0", "40/"] {
            assert!(parse_tc(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_tc("40/60+0.6").unwrap().unwrap().to_string(), "40/60+0.6");
        assert_eq!(parse_tc("2+0.02").unwrap().unwrap().to_string(), "2+0.02");
    }

    #[test]
    fn limits_from_keys() {
        let mut l = Limits::default();
        assert!(l.is_unlimited());
        assert!(l.set("st", "0.5").unwrap());
        assert!(l.set("depth", "3").unwrap());
        assert!(l.set("timemargin", "50").unwrap());
        assert!(!l.set("name", "x").unwrap());
        assert!(l.set("nodes", "abc").is_err());
        assert_eq!(l.movetime, Some(ms(500)));
        assert_eq!(l.margin, ms(50));
        assert_eq!(l.pgn_text(), "0.5/move depth=3");
    }

    #[test]
    fn go_commands() {
        let mut l = Limits::default();
        assert_eq!(l.go(&[None, None], Color::White).to_string(), "go");
        l.set("depth", "5").unwrap();
        l.set("nodes", "1000").unwrap();
        l.set("st", "0.25").unwrap();
        assert_eq!(l.go(&[None, None], Color::Black).to_string(), "go depth 5 nodes 1000 movetime 250");
        let mut white = Clock::new(parse_tc("40/60+0.6").unwrap().unwrap());
        let black = Clock::new(parse_tc("10+0.1").unwrap().unwrap());
        assert!(white.charge(ms(2500), Duration::ZERO));
        let l = Limits {
            clock: Some(white.control),
            ..Limits::default()
        };
        let clocks = [Some(white), Some(black)];
        assert_eq!(
            l.go(&clocks, Color::White).to_string(),
            "go wtime 58100 btime 10000 winc 600 binc 100 movestogo 39"
        );
        // Black's own clock has no moves to go; a missing clock is the other's.
        assert_eq!(
            l.go(&clocks, Color::Black).to_string(),
            "go wtime 58100 btime 10000 winc 600 binc 100"
        );
        assert_eq!(
            l.go(&[None, Some(black)], Color::Black).to_string(),
            "go wtime 10000 btime 10000 winc 100 binc 100"
        );
    }

    #[test]
    fn clock_increment_and_periods() {
        let mut c = Clock::new(parse_tc("2/10+1").unwrap().unwrap());
        assert_eq!(c.moves_to_go(), Some(2));
        assert!(c.charge(ms(3000), Duration::ZERO));
        assert_eq!(c.remaining, ms(8000));
        assert_eq!(c.moves_to_go(), Some(1));
        assert!(c.charge(ms(4000), Duration::ZERO));
        // 8 - 4 + 1, plus the next period's 10.
        assert_eq!(c.remaining, ms(15_000));
        assert_eq!(c.moves_to_go(), Some(2));
        // Over by less than the margin: allowed, the clock goes to zero first.
        assert!(c.charge(ms(15_050), ms(100)));
        assert_eq!(c.remaining, ms(1000));
        assert!(!c.charge(ms(1101), ms(100)));
    }
}
