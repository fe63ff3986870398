//! The record of one game, as the PGN writes it and the tallies read it:
//! the moves with the engines' scores and times, and how the game ended.

use crate::ending::{faulty_side, GameResult, Termination};
use protocol::Score;
use rules::{Color, Variant};
use std::time::{Duration, SystemTime};

/// One half-move of the record.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove {
    /// Canonical coordinate text.
    pub text: String,
    /// From the opening, not played by an engine.
    pub book: bool,
    /// The engine's last reported score before its move (its own view).
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub time: Option<Duration>,
}

/// Everything the PGN needs about a finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub variant: Variant,
    /// 1-based game number in the match.
    pub round: u32,
    pub white: String,
    pub black: String,
    /// The FEN the game started from (before the book moves).
    pub start_fen: String,
    pub moves: Vec<PlayedMove>,
    pub result: GameResult,
    pub termination: Termination,
    /// A sentence: "Black mates", "White plays an illegal move: ...".
    pub reason: String,
    /// `TimeControl` texts of White and Black.
    pub time_control: [String; 2],
    pub started: SystemTime,
}

impl GameRecord {
    /// The side that lost by a fault, if the game ended so.
    pub fn faulty_side(&self) -> Option<Color> {
        faulty_side(Some(self.termination), self.result)
    }
}

/// How the ponder searches of an engine ended when it was to move (a
/// search stopped by the end of the game counts neither way).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PonderStats {
    /// The opponent played the expected move: `ponderhit`.
    pub hits: u32,
    /// It played another move (`stop`), or the ponder search ended on its own.
    pub misses: u32,
}

impl PonderStats {
    pub fn add(&mut self, other: PonderStats) {
        self.hits += other.hits;
        self.misses += other.misses;
    }
}
