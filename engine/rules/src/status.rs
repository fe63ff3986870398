//! The end of the game (RULES.md 9 and 10.8).

use super::bitboard::squares;
use super::game::GameResult;
use super::moves::MoveList;
use super::piece::{Color, Kind};
use super::position::Position;
use std::fmt;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Checkmate { winner: Color },
    Stalemate,
    InsufficientMaterial,
    FiftyMoves,
    Repetition,
}

impl Outcome {
    /// The game's result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> GameResult {
        GameResult::from_winner(self.winner())
    }

    /// A name for scripts: `checkmate`, `stalemate`, `insufficient_material`,
    /// `fifty_moves`, `repetition` (the JSON of batch analysis and the
    /// Python package use it).
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate => "stalemate",
            Outcome::InsufficientMaterial => "insufficient_material",
            Outcome::FiftyMoves => "fifty_moves",
            Outcome::Repetition => "repetition",
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner: Color::White } => f.write_str("White mates"),
            Outcome::Checkmate { winner: Color::Black } => f.write_str("Black mates"),
            Outcome::Stalemate => f.write_str("stalemate"),
            Outcome::InsufficientMaterial => f.write_str("insufficient material"),
            Outcome::FiftyMoves => f.write_str("50-move rule"),
            Outcome::Repetition => f.write_str("threefold repetition"),
        }
    }
}

impl Position {
    /// The game's outcome if it has ended here, in RULES.md 10.8's order.
    pub fn outcome(&self) -> Option<Outcome> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        if list.is_empty() {
            return Some(if self.in_check() {
                Outcome::Checkmate { winner: !self.side }
            } else {
                Outcome::Stalemate
            });
        }
        if self.insufficient_material() {
            return Some(Outcome::InsufficientMaterial);
        }
        if self.state.halfmove >= 100 {
            return Some(Outcome::FiftyMoves);
        }
        if self.repetitions() >= 2 {
            return Some(Outcome::Repetition);
        }
        None
    }

    /// RULES.md 9: King against King, or King and one Horse or Advisor (a
    /// Morph in either form counts) against a bare King.
    pub fn insufficient_material(&self) -> bool {
        let kings = self.by_kind[Kind::King as usize];
        let others = self.occupied() & !kings;
        match others.count_ones() {
            0 => true,
            1 => squares(others).all(|sq| matches!(self.board[sq as usize].kind(), Kind::Horse | Kind::Advisor)),
            _ => false,
        }
    }

    /// How often the current position stood before since the position was
    /// set up (same key: placement, Morph forms, side, rights, petrified).
    pub fn repetitions(&self) -> usize {
        let n = self.history.len();
        let window = (self.state.halfmove as usize).min(n);
        let key = self.state.key;
        (2..=window).step_by(2).filter(|&back| self.history[n - back].key == key).count()
    }

    /// True if the current position already stood within the last `plies`
    /// plies: a draw inside a search tree.
    pub fn repeated_within(&self, plies: usize) -> bool {
        let n = self.history.len();
        let window = (self.state.halfmove as usize).min(n).min(plies);
        let key = self.state.key;
        (4..=window).step_by(2).any(|back| self.history[n - back].key == key)
    }
}
