//! The compact move and the fixed-capacity move list.

use super::piece::Kind;
use super::variant::{Geometry, Variant};
use crate::text::coord::{MoveText, Suffix};
use std::fmt;

/// What a move does besides going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture that changes no piece.
    Normal = 0,
    /// A Sword reaching its last rank becomes a Medusa (RULES.md 4).
    Promotion = 1,
    /// A capturing Morph takes the captured piece's form (RULES.md 6); it
    /// stays a Morph unless it captured a Morph.
    Transform = 2,
    /// Castling; `to` is the Tower's square in POM, the King's destination in Mini-POM.
    Castle = 3,
    /// The Mini-POM Medusa-Morph swap; `from` is the Medusa, `to` the Morph.
    Swap = 4,
}

/// A move packed in 32 bits: from (7 bits), to (7 bits), kind (3 bits),
/// new form (4 bits, for `Transform`). Two squares of 121 leave no room in
/// 16 bits for the rest.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

impl Move {
    /// No move (never legal: a1 to a1).
    pub const NONE: Move = Move(0);

    /// A move of the given kind; `form` matters only for `Transform`.
    #[inline(always)]
    pub const fn new(from: u8, to: u8, kind: MoveKind, form: Kind) -> Move {
        Move(from as u32 | (to as u32) << 7 | (kind as u32) << 14 | (form as u32) << 17)
    }

    /// A plain move.
    #[inline(always)]
    pub const fn normal(from: u8, to: u8) -> Move {
        Move::new(from, to, MoveKind::Normal, Kind::Sword)
    }

    /// Rebuilds a move from `raw()`; `None` if the bits name no kind or form.
    pub fn from_raw(raw: u32) -> Option<Move> {
        let m = Move(raw);
        (raw >> 21 == 0 && (raw >> 14) & 7 <= 4 && ((raw >> 17) & 15) < 9).then_some(m)
    }

    /// The packed bits.
    #[inline(always)]
    pub const fn raw(self) -> u32 {
        self.0
    }

    #[inline(always)]
    pub const fn from(self) -> u8 {
        (self.0 & 0x7F) as u8
    }

    #[inline(always)]
    pub const fn to(self) -> u8 {
        ((self.0 >> 7) & 0x7F) as u8
    }

    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match (self.0 >> 14) & 7 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::Transform,
            3 => MoveKind::Castle,
            _ => MoveKind::Swap,
        }
    }

    /// The new form of a `Transform`.
    #[inline(always)]
    pub const fn form(self) -> Kind {
        Kind::ALL[((self.0 >> 17) & 15) as usize]
    }

    /// True for `Move::NONE`.
    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Coordinate text (NOTATION.md 2) on a board.
    pub fn text(self, g: &Geometry) -> String {
        if self.is_none() {
            return "0000".to_string();
        }
        self.coord(g).to_string()
    }

    /// The move as a typed coordinate text (the protocol's move type). The
    /// null move has no such text (callers check [`Move::is_none`] first);
    /// it comes out as `a1a1`.
    pub fn coord(self, g: &Geometry) -> MoveText {
        MoveText {
            from: g.coord(self.from()),
            to: g.coord(self.to()),
            suffix: match self.kind() {
                MoveKind::Transform => Suffix::Form(self.form().book_code().to_string()),
                _ => Suffix::None,
            },
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}->{} {:?}", self.from(), self.to(), self.kind())?;
        if self.kind() == MoveKind::Transform {
            write!(f, " {:?}", self.form())?;
        }
        write!(f, ")")
    }
}

/// The capacity of a move list, proven enough for every position the FEN
/// reader accepts, so that no move is ever dropped. A side has at most its
/// start army (26 pieces in POM, 16 in Mini-POM: pieces are never added,
/// and the FEN reader refuses more). A piece reaches at most [`MAX_REACH`]
/// squares; a Morph's capture has at most two results (RULES.md 10.1: stay,
/// or transform; promote, or transform), and any piece but the King may be
/// a Morph in a set-up position. The King adds 8 steps, castling and swaps
/// 4: 25 * 48 * 2 + 8 + 4 = 2412 in POM.
pub const MAX_MOVES: usize = max_moves();

/// The most squares one piece reaches: a Serpent in the middle of 11x11
/// (40 queen squares and 8 Horse squares).
pub const MAX_REACH: usize = 48;

const fn max_moves() -> usize {
    let mut most = 0;
    let mut i = 0;
    while i < Variant::ALL.len() {
        let army = Variant::ALL[i].army() as usize;
        let bound = (army - 1) * MAX_REACH * 2 + 8 + 4;
        if bound > most {
            most = bound;
        }
        i += 1;
    }
    most
}

/// Moves on the stack, no allocation.
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::NONE; MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES, "move list overflow");
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// True if the list holds `m`.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_pack_and_unpack() {
        for from in [0u8, 60, 120] {
            for to in [1u8, 80, 127] {
                for kind in [
                    MoveKind::Normal,
                    MoveKind::Promotion,
                    MoveKind::Transform,
                    MoveKind::Castle,
                    MoveKind::Swap,
                ] {
                    for form in Kind::FORMS {
                        let m = Move::new(from, to, kind, form);
                        assert_eq!((m.from(), m.to(), m.kind(), m.form()), (from, to, kind, form));
                        assert_eq!(Move::from_raw(m.raw()), Some(m));
                    }
                }
            }
        }
        assert_eq!(Move::from_raw(5 << 14), None);
        assert_eq!(Move::from_raw(9 << 17), None);
    }
}
