//! What a search tells the outside world: progress reports and the result.

use rules::Move;

/// A score the UCI way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// Mate in this many moves; negative when the side to move gets mated
    /// (`Mate(0)`: mated already).
    Mate(i32),
}

/// Which side of the window an aspiration search failed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is at least this (`lowerbound`, a fail high).
    Lower,
    /// The score is at most this (`upperbound`, a fail low).
    Upper,
}

/// One `info` line about a principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// 1 for the best line, 2 for the second, ...
    pub multipv: u32,
    pub score: Score,
    /// `None` for an exact score.
    pub bound: Option<Bound>,
    pub nodes: u64,
    pub nps: u64,
    /// Permille of the transposition table used by this search.
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<Move>,
}

/// A progress report from a running search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    Info(Info),
    /// The root move being searched (sent only after 3 s, as Stockfish does).
    CurrMove {
        depth: u32,
        mv: Move,
        number: u32,
    },
    /// Free text for `info string`.
    String(String),
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    pub nodes: u64,
}
