//! A whole game: how it ended ([`GameResult`], as PGN and CECP write it) and
//! its record ([`GameRecord`]: start, moves, result), shared by the PGN and
//! book-notation readers, the book builder and the match runner.

use crate::moves::{Move, MoveKind};
use crate::piece::Color;
use crate::position::Position;
use crate::rng::SplitMix64;
use crate::variant::Variant;
use std::fmt;

/// How a game ended, in PGN's four words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: not finished (stopped, or the result is unknown).
    Unfinished,
}

impl GameResult {
    /// The result of a game won by `winner` (drawn with `None`).
    pub fn from_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// A loss for `color`.
    pub fn loss_for(color: Color) -> GameResult {
        GameResult::from_winner(Some(!color))
    }

    /// Reads a PGN result token (`1-0`, `0-1`, `1/2-1/2`, `*`; blanks
    /// around it are ignored); `None` for anything else.
    pub fn from_pgn(text: &str) -> Option<GameResult> {
        match text.trim() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unfinished),
            _ => None,
        }
    }

    /// The PGN token.
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// True unless [`GameResult::Unfinished`].
    pub fn is_decided(self) -> bool {
        self != GameResult::Unfinished
    }

    /// Points for `color` (0, 0.5 or 1); `None` if unfinished.
    pub fn score_for(self, color: Color) -> Option<f64> {
        let white = match self {
            GameResult::WhiteWins => 1.0,
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
            GameResult::Unfinished => return None,
        };
        Some(if color == Color::White { white } else { 1.0 - white })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// A game: its start, its moves (legal in sequence) and its result (`None`
/// or [`GameResult::Unfinished`] when unknown).
#[derive(Clone)]
pub struct GameRecord {
    pub start: Position,
    pub moves: Vec<Move>,
    pub result: Option<GameResult>,
}

impl GameRecord {
    /// A game of up to `plies` random legal moves from the start (no
    /// search; it ends early at mate or a draw), with a random result:
    /// variety for round trips and stress tests. One move in three is a
    /// special one (castling, swap, transformation, promotion) where there
    /// is one, so that those show up in short games.
    pub fn random(variant: Variant, plies: usize, rng: &mut SplitMix64) -> GameRecord {
        let start = Position::startpos(variant);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        while moves.len() < plies && pos.outcome().is_none() {
            let legal = pos.legal_move_vec();
            let special: Vec<Move> = legal.iter().copied().filter(|m| m.kind() != MoveKind::Normal).collect();
            let pool = if !special.is_empty() && rng.below(3) == 0 {
                &special
            } else {
                &legal
            };
            let m = pool[rng.below(pool.len() as u64) as usize];
            pos.make(m);
            moves.push(m);
        }
        let result = [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw][rng.below(3) as usize];
        GameRecord {
            start,
            moves,
            result: Some(result),
        }
    }

    /// The position after the last move.
    pub fn end_position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.make(m);
        }
        pos
    }

    /// The result if the game was decided (won, lost or drawn).
    pub fn decided(&self) -> Option<GameResult> {
        self.result.filter(|r| r.is_decided())
    }
}

impl PartialEq for GameRecord {
    /// Same start (by FEN), same moves, same result.
    fn eq(&self, other: &GameRecord) -> bool {
        self.moves == other.moves && self.result == other.result && self.start.fen() == other.start.fen()
    }
}

impl Eq for GameRecord {}

impl fmt::Debug for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.start.geometry();
        let moves: Vec<String> = self.moves.iter().map(|m| m.text(g)).collect();
        f.debug_struct("GameRecord")
            .field("start", &self.start.fen())
            .field("moves", &moves.join(" "))
            .field("result", &self.result)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_tokens_round_trip() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unfinished,
        ] {
            assert_eq!(GameResult::from_pgn(r.pgn()), Some(r));
            assert_eq!(r.to_string(), r.pgn());
        }
        assert_eq!(GameResult::from_pgn(" 1-0 "), Some(GameResult::WhiteWins));
        assert_eq!(GameResult::from_pgn("1-1"), None);
    }

    #[test]
    fn points_per_side() {
        assert_eq!(GameResult::loss_for(Color::White), GameResult::BlackWins);
        assert_eq!(GameResult::WhiteWins.score_for(Color::Black), Some(0.0));
        assert_eq!(GameResult::Draw.score_for(Color::White), Some(0.5));
        assert_eq!(GameResult::Unfinished.score_for(Color::White), None);
    }
}
