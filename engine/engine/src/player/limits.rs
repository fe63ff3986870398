//! What a `go` command asks for. The flags that steer a running search
//! are `control.rs`.

use rules::Move;

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
    /// Start pondering: no time limit until `ponderhit` (the caller
    /// issues a pondering [`super::Control`] too).
    pub ponder: bool,
    /// Only these root moves are searched (all legal moves if empty or none
    /// of them is legal).
    pub searchmoves: Vec<Move>,
}
