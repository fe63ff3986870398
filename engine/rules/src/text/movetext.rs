//! Move text in (tolerant) and out (canonical), NOTATION.md 2.

use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Kind;
use crate::position::Position;
use crate::text::coord::{MoveText, MoveTextError, MoveTextErrorKind, Square, Suffix};
use std::fmt;

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The text as given.
    pub text: String,
    pub reason: String,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move '{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for MoveError {}

impl Position {
    /// The canonical text of a move in this position's geometry.
    pub fn move_text(&self, m: Move) -> String {
        m.text(self.geo)
    }

    /// The canonical move text as a typed value (the protocol's type).
    pub fn move_coord(&self, m: Move) -> MoveText {
        m.coord(self.geo)
    }

    /// Parses coordinate text (`e3e5`, `b7d8(H)`, `c10c11e`, `f1k1`) into the
    /// legal move it names. Accepts the aliases of NOTATION.md 2. The text
    /// is read by [`MoveText`]'s parser, the one square reader of the
    /// project, then resolved with [`Position::resolve_move`].
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let fail = |reason: String| MoveError {
            text: text.to_string(),
            reason,
        };
        let t = text.trim();
        let written: MoveText = t.parse().map_err(|e: MoveTextError| {
            fail(match e.kind() {
                MoveTextErrorKind::NullMove => "the null move is not a move here".into(),
                MoveTextErrorKind::BadFromSquare => "expected a square such as e3 at the start".into(),
                MoveTextErrorKind::BadToSquare => "expected a destination square after the first".into(),
                MoveTextErrorKind::BadSuffix => format!("unexpected '{}' after the squares", after_squares(t)),
            })
        })?;
        self.resolve_move(&written).map_err(|e| fail(e.reason))
    }

    /// The legal move a parsed move text names in this position: the one
    /// conversion from the protocol's move to a rules move. A `(X)` suffix
    /// that changes nothing (the piece already has that form after the
    /// move) names the plain move; a trailing `e` names the promotion.
    pub fn resolve_move(&self, written: &MoveText) -> Result<Move, MoveError> {
        let fail = |reason: String| MoveError {
            text: written.to_string(),
            reason,
        };
        let g = self.geo;
        let from = g
            .square_of(written.from)
            .ok_or_else(|| fail(format!("{} is not on the board", written.from)))?;
        let to = g
            .square_of(written.to)
            .ok_or_else(|| fail(format!("{} is not on the board", written.to)))?;
        let form = match &written.suffix {
            Suffix::Form(code) => {
                Some(Kind::from_form_code(code).ok_or_else(|| fail(format!("'{code}' is no Morph form (T H A MA Q S P ME W)")))?)
            }
            _ => None,
        };
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let mut candidates = list.iter().copied().filter(|m| m.from() == from && m.to() == to);
        let found = match (&written.suffix, form) {
            (Suffix::PromotionE, _) => candidates.find(|m| m.kind() == MoveKind::Promotion),
            (_, Some(kind)) => {
                let candidates: Vec<Move> = candidates.collect();
                candidates
                    .iter()
                    .find(|m| m.kind() == MoveKind::Transform && m.form() == kind)
                    // A "transformation" that changes nothing is the plain move.
                    .or_else(|| {
                        candidates
                            .iter()
                            .find(|m| m.kind() != MoveKind::Transform && self.moved_piece_after(**m).kind() == kind)
                    })
                    .copied()
            }
            _ => candidates.find(|m| m.kind() != MoveKind::Transform),
        };
        found.ok_or_else(|| {
            let candidates: Vec<Move> = list.iter().copied().filter(|m| m.from() == from && m.to() == to).collect();
            fail(self.why_illegal(from, to, &candidates))
        })
    }

    fn why_illegal(&self, from: u8, to: u8, candidates: &[Move]) -> String {
        let g = self.geo;
        let p = self.board[from as usize];
        if !candidates.is_empty() {
            let options: Vec<String> = candidates.iter().map(|m| m.text(g)).collect();
            return format!("wrong suffix; legal here: {}", options.join(" "));
        }
        if p.is_none() {
            format!("no piece on {}", g.square_name(from))
        } else if p.color() != self.side {
            format!("the piece on {} is not the side to move's", g.square_name(from))
        } else if self.petrified(self.side) & (1u128 << from) != 0 {
            format!("the piece on {} is petrified", g.square_name(from))
        } else {
            format!("illegal in this position ({} to {})", g.square_name(from), g.square_name(to))
        }
    }
}

/// What follows the squares of a move text (for the error message).
fn after_squares(text: &str) -> &str {
    let bytes = text.as_bytes();
    Square::parse_prefix(bytes)
        .and_then(|(_, n)| Square::parse_prefix(&bytes[n..]).map(|(_, m)| &text[n + m..]))
        .unwrap_or(text)
}

/// The moves of a line as text, each read in the position it is played in
/// (`text` writes one move: coordinates, the inventor's notation, ...); the
/// text stops before a move that is not legal there.
pub fn line_texts<T>(pos: &Position, line: &[Move], text: impl Fn(&Position, Move) -> T) -> Vec<T> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !p.is_legal(m) {
            break;
        }
        out.push(text(&p, m));
        p.make(m);
    }
    out
}
