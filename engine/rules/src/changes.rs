//! What the last move changed on the board, square by square: the pieces
//! it moved, captured, promoted or transformed, and every piece whose
//! petrified state it flipped (a Medusa's arrival, departure or capture,
//! a piece stepping into or out of a gaze). An incrementally updated
//! evaluation (the engine's NNUE accumulator) applies exactly these
//! differences instead of reading the whole board again.

use super::bitboard::{bit, squares, Bitboard};
use super::moves::MoveKind;
use super::piece::Piece;
use super::position::Position;

/// One square before and after the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    pub square: u8,
    /// `Piece::NONE` for an empty square.
    pub before: Piece,
    pub before_petrified: bool,
    pub after: Piece,
    pub after_petrified: bool,
}

/// The squares a move's pieces left or reached, with what stood there
/// before it (at most four: castling).
#[derive(Clone, Copy)]
struct Moved {
    squares: [(u8, Piece); 4],
    len: usize,
}

impl Position {
    /// Every square the last move changed (`make` or `make_null`; nothing
    /// at the root), with the piece and its petrified state before and
    /// after. Squares come in increasing order; a square appears once.
    pub fn last_move_changes(&self) -> impl Iterator<Item = Change> + '_ {
        let (moved, before_petrified) = match self.history.last() {
            Some(prev) => (self.moved_squares(), prev.petrified),
            None => (
                Moved {
                    squares: [(0, Piece::NONE); 4],
                    len: 0,
                },
                self.state.petrified,
            ),
        };
        let mut set: Bitboard = 0;
        for &(sq, _) in &moved.squares[..moved.len] {
            set |= bit(sq);
        }
        for (before, now) in before_petrified.iter().zip(&self.state.petrified) {
            set |= before ^ now;
        }
        squares(set).map(move |sq| {
            let before = moved.squares[..moved.len]
                .iter()
                .find(|&&(s, _)| s == sq)
                .map_or(self.board[sq as usize], |&(_, p)| p);
            let after = self.board[sq as usize];
            let petrified = |p: Piece, sets: &[Bitboard; 2]| p.is_some() && sets[p.color().index()] & bit(sq) != 0;
            Change {
                square: sq,
                before,
                before_petrified: petrified(before, &before_petrified),
                after,
                after_petrified: petrified(after, &self.state.petrified),
            }
        })
    }

    /// The squares of the last move and what stood on them before it.
    fn moved_squares(&self) -> Moved {
        let m = self.state.last_move;
        let mut out = Moved {
            squares: [(0, Piece::NONE); 4],
            len: 0,
        };
        let mut add = |sq: u8, p: Piece| {
            if !out.squares[..out.len].iter().any(|&(s, _)| s == sq) {
                out.squares[out.len] = (sq, p);
                out.len += 1;
            }
        };
        if m.is_none() {
            return out;
        }
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castle => {
                // The mover is the side not to move now.
                let c = self.castling_of(!self.side, m);
                let king = self.board[c.king_to as usize];
                let tower = self.board[c.tower_to as usize];
                add(c.king, king);
                add(c.tower, tower);
                add(c.king_to, Piece::NONE);
                add(c.tower_to, Piece::NONE);
            }
            MoveKind::Swap => {
                add(from, self.board[to as usize]);
                add(to, self.board[from as usize]);
            }
            _ => {
                add(from, self.state.moved);
                add(to, self.state.captured);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SplitMix64, Variant};

    /// Applying the changes to a copy of the board before the move gives
    /// the board after it, petrified sets included, in random games of
    /// both variants (castling, swaps, promotions, Morph captures and the
    /// gaze all occur in a few thousand plies).
    #[test]
    fn changes_turn_the_board_before_into_the_board_after() {
        let mut rng = SplitMix64::new(11);
        for variant in Variant::ALL {
            let mut kinds = [0usize; 5];
            for _ in 0..60 {
                let mut pos = Position::startpos(variant);
                for _ in 0..200 {
                    let moves = pos.legal_move_vec();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.below(moves.len() as u64) as usize];
                    kinds[m.kind() as usize] += 1;
                    let mut board = pos.board;
                    let mut petrified = pos.state.petrified;
                    pos.make(m);
                    for c in pos.last_move_changes() {
                        let sq = c.square as usize;
                        assert_eq!(board[sq], c.before, "{m:?} at {sq}");
                        for (i, set) in petrified.iter_mut().enumerate() {
                            let was = c.before.is_some() && c.before.color().index() == i && *set & bit(c.square) != 0;
                            assert_eq!(was, c.before_petrified && c.before.color().index() == i);
                            *set &= !bit(c.square);
                            if c.after_petrified && c.after.color().index() == i {
                                *set |= bit(c.square);
                            }
                        }
                        board[sq] = c.after;
                    }
                    assert_eq!(board, pos.board, "{m:?}");
                    assert_eq!(petrified, pos.state.petrified, "{m:?}");
                }
            }
            assert!(
                kinds.iter().all(|&k| k > 0) || variant == Variant::Pom && kinds[4] == 0,
                "{variant:?} {kinds:?}"
            );
        }
    }

    #[test]
    fn a_null_move_and_the_root_change_nothing() {
        let mut pos = Position::startpos(Variant::Pom);
        assert_eq!(pos.last_move_changes().count(), 0);
        pos.make(pos.legal_move_vec()[0]);
        pos.make_null();
        assert_eq!(pos.last_move_changes().count(), 0);
    }
}
