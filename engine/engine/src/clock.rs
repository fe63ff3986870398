//! The engine's clock: std's `Instant` where the system has a clock, the
//! host's milliseconds where it has none.
//!
//! On `wasm32-unknown-unknown` there is no system to ask: std's
//! `Instant::now` panics there. The host (a page's Worker, Node) has
//! `performance.now()`, a monotonic clock in milliseconds, and hands it
//! to the engine once with [`set_host_clock`] (engine/wasm does so before
//! anything else runs). Every other module takes its time from here as
//! `crate::clock::Instant`, with the two calls the engine makes of one:
//! `now` and `elapsed`.

use std::sync::OnceLock;
use std::time::Duration;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use HostInstant as Instant;

/// The host's clock: milliseconds from any fixed origin, never going back.
static HOST_CLOCK: OnceLock<fn() -> f64> = OnceLock::new();

/// Gives the engine the host's clock (`performance.now`). The first call
/// wins: a clock that changed under a running search would make its
/// times meaningless. Returns false if a clock was already set.
pub fn set_host_clock(now_ms: fn() -> f64) -> bool {
    HOST_CLOCK.set(now_ms).is_ok()
}

/// A moment on the host's clock. Until the host gives a clock every
/// moment is the same one: no time passes, so a search ends by its depth,
/// nodes or `stop` but never by the clock (which no host running the
/// engine leaves unset).
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct HostInstant {
    ms: f64,
}

impl HostInstant {
    /// Now, on the host's clock.
    pub fn now() -> HostInstant {
        HostInstant {
            ms: HOST_CLOCK.get().map_or(0.0, |now| now()),
        }
    }

    /// This moment in the host's milliseconds (its origin is the host's).
    pub fn millis(&self) -> f64 {
        self.ms
    }

    /// The time since this moment; zero if the host's clock went back
    /// (it should not) or is not a number.
    pub fn elapsed(&self) -> Duration {
        let ms = HostInstant::now().ms - self.ms;
        Duration::try_from_secs_f64(ms / 1000.0).unwrap_or(Duration::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    static NOW_MS: AtomicU64 = AtomicU64::new(1_000);

    fn fake_clock() -> f64 {
        NOW_MS.load(Ordering::SeqCst) as f64 + 0.5
    }

    #[test]
    fn the_host_clock_measures_what_the_host_says_passed() {
        assert!(set_host_clock(fake_clock));
        assert!(!set_host_clock(|| 0.0), "the first clock stays");
        let start = HostInstant::now();
        NOW_MS.fetch_add(1_250, Ordering::SeqCst);
        assert_eq!(start.elapsed().as_millis(), 1_250);
        // A clock that goes back gives no negative time.
        NOW_MS.store(0, Ordering::SeqCst);
        assert_eq!(start.elapsed(), Duration::ZERO);
    }
}
