//! Move text in (tolerant) and out (canonical), NOTATION.md 2.

use super::moves::{Move, MoveKind, MoveList};
use super::piece::Kind;
use super::position::Position;
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

/// The suffix of a move text.
enum Suffix {
    None,
    /// A trailing `e`/`E`: promotion to Medusa.
    Promotion,
    /// `(X)`: transformation into X.
    Form(Kind),
}

impl Position {
    /// The canonical text of a move in this position's geometry.
    pub fn move_text(&self, m: Move) -> String {
        m.text(self.geo)
    }

    /// Parses coordinate text (`e3e5`, `b7d8(H)`, `c10c11e`, `f1k1`) into the
    /// legal move it names. Accepts the aliases of NOTATION.md 2.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let fail = |reason: String| MoveError {
            text: text.to_string(),
            reason,
        };
        let t = text.trim();
        let (from, rest) = self
            .split_square(t)
            .ok_or_else(|| fail("expected a square such as e3 at the start".into()))?;
        let (to, rest) = self
            .split_square(rest)
            .ok_or_else(|| fail("expected a destination square after the first".into()))?;
        let suffix = match rest {
            "" => Suffix::None,
            "e" | "E" => Suffix::Promotion,
            s if s.starts_with('(') && s.ends_with(')') && s.len() >= 3 => {
                let code = &s[1..s.len() - 1];
                Suffix::Form(Kind::from_form_code(code).ok_or_else(|| fail(format!("'{code}' is no Morph form (T H A MA Q S P ME W)")))?)
            }
            s => return Err(fail(format!("unexpected '{s}' after the squares"))),
        };
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let candidates: Vec<Move> = list.iter().copied().filter(|m| m.from() == from && m.to() == to).collect();
        let found = match suffix {
            Suffix::None => candidates.iter().find(|m| m.kind() != MoveKind::Transform),
            Suffix::Promotion => candidates.iter().find(|m| m.kind() == MoveKind::Promotion),
            Suffix::Form(kind) => candidates
                .iter()
                .find(|m| m.kind() == MoveKind::Transform && m.form() == kind)
                // A "transformation" that changes nothing is the plain move.
                .or_else(|| {
                    candidates
                        .iter()
                        .find(|m| m.kind() != MoveKind::Transform && self.moved_piece_after(**m).kind() == kind)
                }),
        };
        found.copied().ok_or_else(|| fail(self.why_illegal(from, to, &candidates)))
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

    /// Splits a leading square (`k11`) off `s`.
    fn split_square<'a>(&self, s: &'a str) -> Option<(u8, &'a str)> {
        let bytes = s.as_bytes();
        if !bytes.first()?.is_ascii_alphabetic() {
            return None;
        }
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let sq = self.geo.parse_square(&s[..1 + digits])?;
        Some((sq, &s[1 + digits..]))
    }
}
