//! The full legality test (RULES.md 5): after the move, is the mover's King
//! attacked by an enemy piece that is not petrified? And `is_legal`, which
//! checks any encodable move (from a hash table, a book, a GUI) without
//! generating the move list.

use super::attacks;
use super::bitboard::bit;
use super::moves::{Move, MoveKind};
use super::piece::Kind;
use super::position::Position;
use super::variant::SWAP_FILES;

impl Position {
    /// True when, after the pseudo-legal move `m`, no active enemy piece
    /// attacks the mover's King. Computed on bitboards, without making the
    /// move: the enemy pieces stay where they are (minus a captured one);
    /// who of them is petrified follows from the mover's Medusas after it.
    pub fn leaves_king_safe(&self, m: Move) -> bool {
        let us = self.side;
        let own = self.by_color[us.index()];
        let their = self.by_color[(!us).index()];
        let medusa = self.by_kind[Kind::Medusa as usize];
        let (from, to) = (m.from(), m.to());
        let (own_after, their_after, ksq, our_medusas) = match m.kind() {
            MoveKind::Castle => {
                let c = self.castling_of(us, m);
                let moved = bit(c.king) ^ bit(c.tower) ^ bit(c.king_to) ^ bit(c.tower_to);
                (own ^ moved, their, c.king_to, own & medusa)
            }
            MoveKind::Swap => (own, their, self.king_square(us), (own & medusa) ^ bit(from) ^ bit(to)),
            _ => {
                let piece = self.board[from as usize];
                let ksq = if piece.kind() == Kind::King { to } else { self.king_square(us) };
                let mut medusas = own & medusa & !bit(from);
                if self.moved_piece_after(m).is_medusa_type() {
                    medusas |= bit(to);
                }
                ((own & !bit(from)) | bit(to), their & !bit(to), ksq, medusas)
            }
        };
        let petrified = their_after & !medusa & self.gaze(our_medusas);
        self.attackers_to(ksq, own_after | their_after, their_after & !petrified) == 0
    }

    /// True if `m` is a legal move here. Safe on any value: a move from a
    /// hash table or the outside world is checked, never trusted.
    pub fn is_legal(&self, m: Move) -> bool {
        let g = self.geo;
        let (from, to) = (m.from(), m.to());
        if from >= g.squares || to >= g.squares || from == to {
            return false;
        }
        let us = self.side;
        let p = self.board[from as usize];
        if p.is_none() || p.color() != us || self.state.petrified[us.index()] & bit(from) != 0 {
            return false;
        }
        match m.kind() {
            MoveKind::Castle => {
                let files = [0, g.files - 1];
                return files.iter().any(|&f| self.castling_move(us, f) == Some(m));
            }
            MoveKind::Swap => return [SWAP_FILES[0], SWAP_FILES[2]].iter().any(|&f| self.swap_move(us, f) == Some(m)),
            _ => {}
        }
        let victim = self.board[to as usize];
        if victim.is_some() && (victim.color() == us || victim.kind() == Kind::King) {
            return false;
        }
        let occ = self.occupied();
        let on_last_rank = g.last_rank[us.index()] & bit(to) != 0;
        let reaches = if p.kind() == Kind::Sword {
            if victim.is_some() {
                g.sword_captures[us.index()][from as usize] & bit(to) != 0
            } else {
                self.sword_pushes(from) & bit(to) != 0
            }
        } else {
            attacks::of(g, p.kind(), us, from, occ) & bit(to) != 0
        };
        if !reaches {
            return false;
        }
        let promotes = p.kind() == Kind::Sword && on_last_rank;
        let shape_ok = match m.kind() {
            MoveKind::Normal => !promotes && m.raw() == Move::normal(from, to).raw(),
            MoveKind::Promotion => promotes && m.form() == Kind::Medusa,
            MoveKind::Transform => {
                let result = self.moved_piece_after(m);
                p.is_morph()
                    && victim.is_some()
                    && m.form() == victim.kind()
                    && result != p
                    && (!promotes || result != self.moved_piece_after(Move::new(from, to, MoveKind::Promotion, Kind::Medusa)))
            }
            MoveKind::Castle | MoveKind::Swap => false,
        };
        shape_ok && self.leaves_king_safe(m)
    }

    /// Squares a Sword on `from` may step to (one step, or two from its
    /// double-step zone), empty squares only.
    fn sword_pushes(&self, from: u8) -> u128 {
        let g = self.geo;
        let us = self.side;
        let occ = self.occupied();
        let step = |s: u8| -> Option<u8> {
            let t = if us == super::piece::Color::White {
                s as i32 + g.files as i32
            } else {
                s as i32 - g.files as i32
            };
            (t >= 0 && t < g.squares as i32).then_some(t as u8)
        };
        let mut out = 0;
        if let Some(one) = step(from) {
            if occ & bit(one) == 0 {
                out |= bit(one);
                if g.double_step[us.index()] & bit(from) != 0 {
                    if let Some(two) = step(one) {
                        if occ & bit(two) == 0 {
                            out |= bit(two);
                        }
                    }
                }
            }
        }
        out
    }
}
