//! What a search tells the outside world: progress reports and the result.

use protocol::{Bound, ScoreValue};
use rules::Move;

/// One `info` line about a principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// 1 for the best line, 2 for the second, ...
    pub multipv: u32,
    /// From the side to move's view; mates in moves, as UCI writes them;
    /// centipawns normalised by the win/draw/loss model (`crate::wdl`).
    pub score: ScoreValue,
    /// Win, draw and loss per mille for the side to move.
    pub wdl: [u32; 3],
    /// `None` for an exact score; else which side of the aspiration window
    /// the search failed on.
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
    /// As reported (normalised, see [`Info::score`]).
    pub score: ScoreValue,
    pub wdl: [u32; 3],
    /// In the engine's internal centipawns (self-play data records these).
    pub internal_score: ScoreValue,
    /// The last completed depth.
    pub depth: u32,
    pub nodes: u64,
}
