//! What a `go` command asks for, and the flags the UCI reader thread uses
//! to steer a running search.

use rules::Move;
use std::sync::atomic::{AtomicBool, Ordering};

/// The limits of one search, as given by `go` (NOTATION.md 4). Times are in
/// milliseconds. With nothing set the search runs to the maximum depth.
#[derive(Default, Clone, Debug)]
pub struct Limits {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// No new iteration starts once this many nodes are searched (the
    /// iteration under way finishes; `nodes` still caps it). Self-play
    /// data generation uses it: whole iterations, deterministic with one
    /// thread.
    pub soft_nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    pub movetime: Option<u64>,
    /// Search until `stop`, whatever else is set.
    pub infinite: bool,
    /// Start pondering: no time limit until `ponderhit` clears
    /// `Control::pondering`. The caller sets `Control::pondering` too.
    pub ponder: bool,
    /// Only these root moves are searched (all legal moves if empty or none
    /// of them is legal).
    pub searchmoves: Vec<Move>,
}

/// Flags shared (through an `Arc`) between the UCI reader thread and the
/// search: the reader sets `stop` on `stop`/`quit` and clears `pondering`
/// on `ponderhit`; time limits then count from that moment.
#[derive(Debug, Default)]
pub struct Control {
    pub stop: AtomicBool,
    pub pondering: AtomicBool,
}

impl Control {
    /// Neither stopped nor pondering.
    pub fn new() -> Control {
        Control::default()
    }

    /// Clears both flags for the next search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(false, Ordering::SeqCst);
    }

    #[inline(always)]
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    #[inline(always)]
    pub(crate) fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
}
