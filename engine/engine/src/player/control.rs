//! The stop model of the command loops (docs/ARCHITECTURE.md, "Stops").
//!
//! Every long command (a search, a perft, a bench) is issued a ticket when
//! it is read, in input order: a number from one counter of its
//! [`Stops`]. `stop`, `ponderhit` and their CECP cousins do not flip a
//! flag that the next command could lower again; they raise a watermark
//! to the last ticket issued, and a command is stopped once the watermark
//! reaches its ticket. Watermarks only rise, so a stop ends exactly the
//! commands read before it, queued or running, and nothing read after it
//! can undo that, however quickly it follows.
//!
//! A driver with no reader thread (engine/wasm: one thread, the host
//! holding the input) gives the ledger a host poll instead
//! ([`Stops::set_host_poll`]): the search calls it where it looks at the
//! clock, and the poll reads the lines that arrived meanwhile, raising
//! the same watermarks the reader thread would.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// A host poll: takes the input that arrived while a command runs,
/// waiting for some at most the given time.
pub type HostPoll = Box<dyn Fn(Duration) + Send + Sync>;

/// The ledger of one command stream: the tickets issued and how far the
/// stops, ponderhits and cancellations reach.
#[derive(Debug, Default)]
pub struct Stops {
    /// The last ticket issued (0: none yet).
    issued: AtomicU64,
    /// Every ticket up to this one is stopped.
    stopped: AtomicU64,
    /// Every pondering ticket up to this one has had its `ponderhit`.
    hit: AtomicU64,
    /// Every ticket up to this one is stopped and its answer unwanted.
    cancelled: AtomicU64,
    /// Where the input is read when no thread of ours reads it.
    host: HostHook,
}

/// The ledger's host poll, if a driver set one.
#[derive(Default)]
struct HostHook(OnceLock<HostPoll>);

impl fmt::Debug for HostHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "HostHook(set)"
        } else {
            "HostHook(none)"
        })
    }
}

impl Stops {
    /// A ledger with nothing issued.
    pub fn new() -> Arc<Stops> {
        Arc::default()
    }

    /// The ticket of the next long command. `ponder`: it starts pondering
    /// (`go ponder`) and stays so until a `ponderhit` read after it.
    pub fn issue(self: &Arc<Self>, ponder: bool) -> Control {
        Control {
            ticket: self.issued.fetch_add(1, Ordering::SeqCst) + 1,
            ponder,
            stops: Arc::clone(self),
        }
    }

    /// Gives the ledger the host's poll: from now on a running command
    /// (search, perft, a `go infinite` waiting for its `stop`) calls it
    /// where it would look for a stop, so that input which only the host
    /// can read (`stop`, `isready`, ...) is read while the command runs.
    /// The first poll set stays; false if one was set already.
    pub fn set_host_poll(&self, poll: HostPoll) -> bool {
        self.host.0.set(poll).is_ok()
    }

    /// The last ticket issued.
    pub fn issued(&self) -> u64 {
        self.issued.load(Ordering::SeqCst)
    }

    /// `stop`: ends every command issued so far, queued or running; those
    /// issued later are not touched.
    pub fn stop(&self) {
        raise(&self.stopped, self.issued());
    }

    /// `ponderhit`: every command issued so far stops pondering (a pondering
    /// search that has not started yet starts as a normal one).
    pub fn ponderhit(&self) {
        raise(&self.hit, self.issued());
    }

    /// Ends every command issued so far and marks its answer unwanted
    /// (CECP's `force`, `new`, `undo`, ... while the engine thinks).
    pub fn cancel(&self) {
        let issued = self.issued();
        raise(&self.cancelled, issued);
        raise(&self.stopped, issued);
    }

    /// `quit` or the end of the input: every command, issued or to come,
    /// is cancelled (a ticket issued from now on is stopped at once).
    pub fn shut_down(&self) {
        for mark in [&self.cancelled, &self.stopped, &self.hit] {
            mark.store(u64::MAX, Ordering::SeqCst);
        }
    }
}

/// Raises a watermark, never lowers it.
fn raise(mark: &AtomicU64, to: u64) {
    mark.fetch_max(to, Ordering::SeqCst);
}

/// One command's ticket: what the search (or perft) polls, and what a
/// driver stops. Cloning it gives another handle to the same ticket.
#[derive(Clone, Debug)]
pub struct Control {
    stops: Arc<Stops>,
    ticket: u64,
    ponder: bool,
}

impl Default for Control {
    fn default() -> Control {
        Control::new()
    }
}

impl Control {
    /// A ticket of a ledger of its own: a search that only this handle (and
    /// its clones) stops. Batch analysis, self-play and the Python engine
    /// run one search at a time and use these.
    pub fn new() -> Control {
        Stops::new().issue(false)
    }

    /// As [`Control::new`], pondering until [`Control::ponderhit`].
    pub fn new_pondering() -> Control {
        Stops::new().issue(true)
    }

    /// Stops this command (and every one issued before it on its ledger).
    pub fn stop(&self) {
        raise(&self.stops.stopped, self.ticket);
    }

    /// Ends pondering for this command (and every one before it).
    pub fn ponderhit(&self) {
        raise(&self.stops.hit, self.ticket);
    }

    /// True once a stop, cancellation or shutdown has reached this ticket.
    #[inline(always)]
    pub fn stopped(&self) -> bool {
        self.stops.stopped.load(Ordering::Relaxed) >= self.ticket
    }

    /// True while this command ponders: issued pondering, no `ponderhit` yet.
    #[inline(always)]
    pub fn is_pondering(&self) -> bool {
        self.ponder && self.stops.hit.load(Ordering::Relaxed) < self.ticket
    }

    /// True if the command's answer is unwanted (see [`Stops::cancel`]).
    pub fn cancelled(&self) -> bool {
        self.stops.cancelled.load(Ordering::SeqCst) >= self.ticket
    }

    /// Reads the host's input if the ledger has a host poll (a stop found
    /// there shows in [`Control::stopped`] afterwards); nothing otherwise.
    /// The search calls it where it looks at the clock.
    #[inline]
    pub fn poll(&self) {
        if let Some(poll) = self.stops.host.0.get() {
            poll(Duration::ZERO);
        }
    }

    /// Waits about `time` for a stop: on the host's poll where there is
    /// one (which returns as soon as input arrives), asleep otherwise
    /// while the reader thread reads.
    pub fn wait(&self, time: Duration) {
        match self.stops.host.0.get() {
            Some(poll) => poll(time),
            None => std::thread::sleep(time),
        }
    }

    /// The ticket's number in its ledger (1 for the first command).
    pub fn ticket(&self) -> u64 {
        self.ticket
    }
}

/// Perft (in the rules crate) polls the same ticket.
impl rules::perft::Interrupt for Control {
    fn raised(&self) -> bool {
        self.poll();
        self.stopped()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_ends_what_was_issued_before_it_and_nothing_after() {
        let stops = Stops::new();
        let (a, b) = (stops.issue(false), stops.issue(false));
        stops.stop();
        let c = stops.issue(false);
        assert!(a.stopped() && b.stopped());
        assert!(!c.stopped(), "a later command is not stopped by an earlier stop");
        // Issuing more never lowers a stop.
        let _ = stops.issue(false);
        assert!(b.stopped());
        stops.stop();
        assert!(c.stopped());
    }

    #[test]
    fn a_ponderhit_reaches_only_earlier_pondering_commands() {
        let stops = Stops::new();
        let p = stops.issue(true);
        assert!(p.is_pondering());
        stops.ponderhit();
        let q = stops.issue(true);
        assert!(!p.is_pondering());
        assert!(q.is_pondering(), "a ponderhit does not reach a later go ponder");
        assert!(!stops.issue(false).is_pondering());
    }

    #[test]
    fn a_handle_stops_its_own_ticket_and_earlier_ones() {
        let stops = Stops::new();
        let (a, b, c) = (stops.issue(false), stops.issue(false), stops.issue(false));
        b.stop();
        assert!(a.stopped() && b.stopped() && !c.stopped());
        assert!(!b.cancelled());
    }

    #[test]
    fn cancel_and_shut_down() {
        let stops = Stops::new();
        let a = stops.issue(true);
        stops.cancel();
        let b = stops.issue(false);
        assert!(a.stopped() && a.cancelled());
        assert!(!b.stopped() && !b.cancelled());
        stops.shut_down();
        let c = stops.issue(true);
        assert!(b.cancelled() && c.stopped() && c.cancelled() && !c.is_pondering());
    }

    #[test]
    fn a_host_poll_is_what_a_running_command_reads_its_stop_from() {
        use std::sync::atomic::AtomicU32;
        let stops = Stops::new();
        let c = stops.issue(false);
        let polls = Arc::new(AtomicU32::new(0));
        let (seen, ledger) = (Arc::clone(&polls), Arc::downgrade(&stops));
        assert!(stops.set_host_poll(Box::new(move |_| {
            // The host's third look finds a `stop`.
            if seen.fetch_add(1, Ordering::SeqCst) == 2 {
                ledger.upgrade().expect("the ledger").stop();
            }
        })));
        assert!(!stops.set_host_poll(Box::new(|_| {})), "the first poll stays");
        c.poll();
        c.wait(Duration::from_secs(3600));
        assert!(!c.stopped());
        assert!(rules::perft::Interrupt::raised(&c), "perft polls the host too");
        assert_eq!(polls.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn standalone_controls_are_independent() {
        let (a, b) = (Control::new(), Control::new());
        a.stop();
        assert!(a.stopped() && !b.stopped());
        let p = Control::new_pondering();
        assert!(p.is_pondering());
        p.clone().ponderhit();
        assert!(!p.is_pondering());
    }
}
