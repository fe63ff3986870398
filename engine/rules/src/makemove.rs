//! Make and unmake. The state record is pushed on `history` and popped
//! back; the placement is undone from the move and the saved pieces.

use super::bitboard::squares;
use super::moves::{Move, MoveKind};
use super::piece::{Color, Kind, Piece};
use super::position::Position;
use super::variant::{Castling, Rights, Variant};
use super::zobrist::{rights_key, ZOBRIST};

impl Position {
    /// The piece a move leaves on its destination (castling and swaps: the
    /// piece that was on `from`).
    #[inline(always)]
    pub fn moved_piece_after(&self, m: Move) -> Piece {
        let p = self.board[m.from() as usize];
        match m.kind() {
            MoveKind::Promotion => {
                // RULES.md 4: a Morph Sword stays a Morph only in Mini-POM.
                let morph = p.is_morph() && self.geo.variant == Variant::MiniPom;
                Piece::with_morph(p.color(), Kind::Medusa, morph)
            }
            // RULES.md 6: taking a Morph makes a plain piece.
            MoveKind::Transform => Piece::with_morph(p.color(), m.form(), !self.board[m.to() as usize].is_morph()),
            _ => p,
        }
    }

    /// The squares of a castling move.
    #[inline]
    pub(crate) fn castling_of(&self, color: Color, m: Move) -> Castling {
        let tower_file = match self.geo.variant {
            Variant::Pom => self.geo.file_of(m.to()),
            Variant::MiniPom if m.to() < m.from() => 0,
            Variant::MiniPom => self.geo.files - 1,
        };
        self.geo.castling(color, tower_file)
    }

    /// Plays a legal move.
    pub fn make(&mut self, m: Move) {
        let prev = self.state;
        self.history.push(prev);
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        let moved = self.board[from as usize];
        let mut captured = Piece::NONE;
        let mut reset_clock = false;
        match m.kind() {
            MoveKind::Castle => {
                let c = self.castling_of(us, m);
                let king = self.remove_hashed(c.king);
                let tower = self.remove_hashed(c.tower);
                self.put_hashed(c.king_to, king);
                self.put_hashed(c.tower_to, tower);
            }
            MoveKind::Swap => {
                let medusa = self.remove_hashed(from);
                let morph = self.remove_hashed(to);
                self.put_hashed(to, medusa);
                self.put_hashed(from, morph);
            }
            _ => {
                let result = self.moved_piece_after(m);
                self.remove_hashed(from);
                if self.board[to as usize].is_some() {
                    captured = self.remove_hashed(to);
                    reset_clock = true;
                }
                // RULES.md 10.6: a Sword or a Morph in Sword form resets the clock.
                reset_clock |= moved.kind() == Kind::Sword;
                self.put_hashed(to, result);
            }
        }
        let mut rights = prev.rights & !(self.geo.rights_guard[from as usize] | self.geo.rights_guard[to as usize]);
        if self.geo.variant == Variant::MiniPom {
            rights = Rights::normalize_swaps(rights);
        }
        self.state.key ^= rights_key(rights ^ prev.rights) ^ ZOBRIST.black_to_move;
        self.state.rights = rights;
        self.state.halfmove = if reset_clock { 0 } else { prev.halfmove.saturating_add(1) };
        self.state.captured = captured;
        self.state.moved = moved;
        self.state.last_move = m;
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = !us;
        self.update_petrified(prev.petrified);
        self.state.checkers = self.attacked_by(self.king_square(self.side), us);
        debug_assert_eq!(self.check_invariants(), Ok(()), "after {m:?}");
    }

    /// Recomputes both petrified sets and hashes the squares that changed.
    #[inline(always)]
    fn update_petrified(&mut self, before: [u128; 2]) {
        for color in Color::ALL {
            let now = self.compute_petrified(color);
            for sq in squares(now ^ before[color.index()]) {
                self.state.key ^= ZOBRIST.petrified[color.index()][sq as usize];
            }
            self.state.petrified[color.index()] = now;
        }
    }

    /// Takes back the last move made; does nothing at the root.
    pub fn unmake(&mut self) {
        let Some(prev) = self.history.pop() else { return };
        let m = self.state.last_move;
        self.side = !self.side;
        let us = self.side;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castle => {
                let c = self.castling_of(us, m);
                let king = self.remove(c.king_to);
                let tower = self.remove(c.tower_to);
                self.put(c.king, king);
                self.put(c.tower, tower);
            }
            MoveKind::Swap => {
                let medusa = self.remove(to);
                let morph = self.remove(from);
                self.put(from, medusa);
                self.put(to, morph);
            }
            _ => {
                self.remove(to);
                self.put(from, self.state.moved);
                if self.state.captured.is_some() {
                    self.put(to, self.state.captured);
                }
            }
        }
        self.state = prev;
    }

    /// Passes the move (for null-move pruning); the side to move must not
    /// be in check. Undo with `unmake_null`.
    pub fn make_null(&mut self) {
        debug_assert!(!self.in_check());
        self.history.push(self.state);
        self.state.key ^= ZOBRIST.black_to_move;
        self.state.halfmove = self.state.halfmove.saturating_add(1);
        self.state.captured = Piece::NONE;
        self.state.moved = Piece::NONE;
        self.state.last_move = Move::NONE;
        self.side = !self.side;
        self.state.checkers = self.attacked_by(self.king_square(self.side), !self.side);
    }

    /// Takes back `make_null`.
    pub fn unmake_null(&mut self) {
        if let Some(prev) = self.history.pop() {
            self.side = !self.side;
            self.state = prev;
        }
    }
}
