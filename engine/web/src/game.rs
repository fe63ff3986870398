//! A game as the page holds it (variant, start FEN, moves) and its replay
//! by the rules crate: every request that names a position names it this
//! way, so repetitions count and nothing the page computed is trusted.

use crate::caps::Caps;
use crate::error::ApiError;
use rules::text::pgn;
use rules::{Move, Position, Variant};
use serde::Deserialize;

/// The JSON of a game: `{"variant": "pom", "fen": "...", "moves": ["e3e5"]}`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    /// `pom` or `minipom`.
    pub variant: String,
    /// The start position; the variant's start when absent or empty.
    #[serde(default)]
    pub fen: Option<String>,
    /// Coordinate moves (NOTATION.md 2) from the start.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A game replayed.
#[derive(Clone)]
pub struct ReplayedGame {
    pub start: Position,
    pub moves: Vec<Move>,
    /// After the last move (its history holds the game, for repetitions).
    pub pos: Position,
}

/// `pom` or `minipom`, or a refusal naming both.
pub fn variant(name: &str) -> Result<Variant, ApiError> {
    Variant::from_name(name).ok_or_else(|| ApiError::refused(format!("unknown variant '{name}' (pom or minipom)")))
}

/// `12.` or `12...`: the number of the move about to be played in `pos`.
pub fn move_number(pos: &Position) -> String {
    pgn::MoveNumber::of(pos).to_string()
}

impl GameSpec {
    /// Replays the game; the first bad FEN or illegal move is refused with
    /// the rules crate's message and the move's number.
    pub fn replay(&self, caps: &Caps) -> Result<ReplayedGame, ApiError> {
        let variant = variant(&self.variant)?;
        caps.plies(self.moves.len())?;
        let start = match self.fen.as_deref().map(str::trim) {
            None | Some("") => Position::startpos(variant),
            Some(fen) => Position::from_fen(variant, fen).map_err(|e| ApiError::refused(format!("bad FEN: {e}")))?,
        };
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let m = pos
                .parse_move(text)
                .map_err(|e| ApiError::refused(format!("ply {} ({} {}): {e}", i + 1, move_number(&pos), text.trim())))?;
            pos.make(m);
            moves.push(m);
        }
        Ok(ReplayedGame { start, moves, pos })
    }
}

impl std::fmt::Debug for ReplayedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReplayedGame")
            .field("start", &self.start.fen())
            .field("moves", &self.move_texts())
            .finish()
    }
}

impl ReplayedGame {
    /// The moves as coordinate text.
    pub fn move_texts(&self) -> Vec<String> {
        let g = self.start.geometry();
        self.moves.iter().map(|m| m.text(g)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(variant: &str, fen: Option<&str>, moves: &str) -> GameSpec {
        GameSpec {
            variant: variant.into(),
            fen: fen.map(String::from),
            moves: moves.split_whitespace().map(String::from).collect(),
        }
    }

    #[test]
    fn replays_or_names_the_bad_move() {
        let caps = Caps::default();
        let g = spec("pom", None, "e3e5 h10h8 f2c5").replay(&caps).unwrap();
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.move_texts(), ["e3e5", "h10h8", "f2c5"]);
        let e = spec("pom", None, "e3e5 h10h8 f2c9").replay(&caps).unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        assert!(e.message.starts_with("ply 3 (2. f2c9): move 'f2c9'"), "{}", e.message);
        let e = spec("chess", None, "").replay(&caps).unwrap_err();
        assert_eq!(e.message, "unknown variant 'chess' (pom or minipom)");
        let e = spec("minipom", Some("9/9 w - - 0 1"), "").replay(&caps).unwrap_err();
        assert!(e.message.starts_with("bad FEN: "), "{}", e.message);
        // An empty FEN is the start position; so is the start FEN itself.
        let empty = spec("minipom", Some(" "), "e2e4").replay(&caps).unwrap();
        assert_eq!(empty.start.fen(), Variant::MiniPom.start_fen());
        let capped = Caps {
            plies: 2,
            ..Caps::default()
        };
        assert!(spec("pom", None, "e3e5 h10h8 f2c5").replay(&capped).is_err());
    }
}
