//! Upcoming repetitions: can the side to move, with one move, bring back a
//! position that stood earlier? Then it can at least draw by repetition,
//! and a search may treat the node as a draw before playing the move.
//!
//! The method is the cuckoo-table one (Kannan's, as Stockfish uses it):
//! every move that can be taken back (a piece other than a Sword stepping
//! to an empty square and nothing else changing) changes the key by a fixed
//! value, `piece[from] ^ piece[to] ^ side`. Those values for every piece,
//! colour and pair of squares one move apart on an empty board sit in a
//! cuckoo hash table per variant; a position's key XOR an earlier key with
//! the other side to move is looked up there, and a hit names the two
//! squares, which leaves only the path between them to check.
//!
//! What the gaze changes: the key also holds each side's petrified
//! squares. A move that freezes or frees a piece (a Medusa stepping near
//! enemies, a piece stepping next to an enemy Medusa or away from one)
//! changes them, so its key difference is not in the table and such a
//! return is not seen; nor is one during which the opponent's moves froze
//! and freed pieces in a way that cancels only with ours (the opponent's
//! moves must cancel out by themselves, a filter that spares most lookups).
//! These are misses, never a false draw. A petrified piece cannot move; the
//! hit's piece is checked to be active.

use crate::attacks;
use crate::bitboard::bit;
use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::variant::Variant;
use crate::zobrist::ZOBRIST;
use std::sync::LazyLock;

/// Table slots per variant (a power of two, a little over twice the
/// entries of the larger board).
const SIZE: usize = 1 << 17;

/// A variant's table: the key difference of each reversible move and the
/// move's squares (`from < to`; the move goes either way).
struct Cuckoo {
    keys: Vec<u64>,
    squares: Vec<(u8, u8)>,
}

#[inline(always)]
fn h1(key: u64) -> usize {
    (key as usize) & (SIZE - 1)
}

#[inline(always)]
fn h2(key: u64) -> usize {
    ((key >> 20) as usize) & (SIZE - 1)
}

impl Cuckoo {
    fn new(variant: Variant) -> Cuckoo {
        let g = variant.geometry();
        let mut table = Cuckoo {
            keys: vec![0; SIZE],
            squares: vec![(0, 0); SIZE],
        };
        for color in Color::ALL {
            for kind in Kind::ALL {
                if kind == Kind::Sword || !variant.has_kind(kind) {
                    continue;
                }
                for morph in [false, true] {
                    if morph && kind == Kind::King {
                        continue;
                    }
                    let piece = Piece::with_morph(color, kind, morph);
                    for from in 0..g.squares {
                        for to in crate::bitboard::squares(attacks::of(g, kind, color, from, 0)) {
                            if to > from {
                                let key = ZOBRIST.piece[piece.index()][from as usize]
                                    ^ ZOBRIST.piece[piece.index()][to as usize]
                                    ^ ZOBRIST.black_to_move;
                                table.insert(key, (from, to));
                            }
                        }
                    }
                }
            }
        }
        table
    }

    /// Cuckoo insertion: an entry displaced from one of its two slots
    /// moves to its other one, until an empty slot takes the last.
    fn insert(&mut self, mut key: u64, mut squares: (u8, u8)) {
        let mut i = h1(key);
        loop {
            std::mem::swap(&mut self.keys[i], &mut key);
            std::mem::swap(&mut self.squares[i], &mut squares);
            if key == 0 {
                return;
            }
            i = if i == h1(key) { h2(key) } else { h1(key) };
        }
    }

    #[inline(always)]
    fn find(&self, key: u64) -> Option<(u8, u8)> {
        let i = h1(key);
        if self.keys[i] == key {
            return Some(self.squares[i]);
        }
        let j = h2(key);
        (self.keys[j] == key).then(|| self.squares[j])
    }

    fn of(variant: Variant) -> &'static Cuckoo {
        static TABLES: LazyLock<[Cuckoo; 2]> = LazyLock::new(|| [Cuckoo::new(Variant::Pom), Cuckoo::new(Variant::MiniPom)]);
        match variant {
            Variant::Pom => &TABLES[0],
            Variant::MiniPom => &TABLES[1],
        }
    }
}

impl Position {
    /// True if the side to move has a move back to a position that stood
    /// an odd number of plies ago (within the 50-move window and since the
    /// last null move), and that position lies within the last `ply` plies
    /// (inside the search tree, where one return is a draw) or had already
    /// stood once before (a second return would be the third time).
    pub fn upcoming_repetition(&self, ply: usize) -> bool {
        let n = self.history.len();
        let end = (self.state.halfmove as usize).min(n);
        if end < 3 || self.state.last_move.is_none() {
            return false;
        }
        let table = Cuckoo::of(self.variant());
        let g = self.geometry();
        let us = self.side_to_move();
        let occupied = self.occupied();
        let key_back = |t: usize| if t == 0 { self.state.key } else { self.history[n - t].key };
        // The opponent's moves since the earlier position, side flips
        // aside: unless they cancel out, one move of ours cannot go back.
        let mut theirs = key_back(0) ^ key_back(1) ^ ZOBRIST.black_to_move;
        for i in (3..=end).step_by(2) {
            // A null move in between breaks the chain of moves.
            if self.history[n - i + 1].last_move.is_none() || self.history[n - i + 2].last_move.is_none() {
                return false;
            }
            theirs ^= key_back(i - 1) ^ key_back(i) ^ ZOBRIST.black_to_move;
            if theirs != 0 {
                continue;
            }
            let earlier = &self.history[n - i];
            let Some((a, b)) = table.find(self.state.key ^ earlier.key) else {
                continue;
            };
            if g.between(a, b) & occupied != 0 {
                continue;
            }
            // The piece stands on one of the two squares; it must be ours
            // and free to move.
            let from = if occupied & bit(a) != 0 { a } else { b };
            if self.active(us) & bit(from) == 0 {
                continue;
            }
            if ply > i {
                return true;
            }
            let key = earlier.key;
            if (n - i >= 4) && (4..=end - i).step_by(2).any(|back| self.history[n - i - back].key == key) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::{Move, MoveKind};
    use crate::rng::SplitMix64;

    /// Keys of the positions an odd number of plies back that one legal
    /// move of the side to move reaches again (within the window).
    fn reachable_returns(pos: &mut Position) -> Vec<usize> {
        let n = pos.history.len();
        let end = (pos.state.halfmove as usize).min(n);
        let mut found = Vec::new();
        for m in pos.legal_move_vec() {
            pos.make(m);
            let key = pos.key();
            pos.unmake();
            found.extend((3..=end).step_by(2).filter(|&i| pos.history[n - i].key == key));
        }
        found
    }

    /// A move of a piece other than a Sword to an empty square.
    fn reversible(pos: &Position, m: Move) -> bool {
        m.kind() == MoveKind::Normal && pos.piece_at(m.to()).is_none() && pos.piece_at(m.from()).kind() != Kind::Sword
    }

    #[test]
    fn a_tower_going_back_is_an_upcoming_repetition() {
        let mut pos = Position::from_fen(Variant::Pom, "10k/t10/11/11/11/11/11/11/11/T10/10K w - - 0 1").unwrap();
        for m in ["a2a3", "a10a5", "a3a2"] {
            let m = pos.parse_move(m).unwrap();
            pos.make(m);
        }
        // Black's a5a10 brings back the start, three plies ago.
        assert!(pos.upcoming_repetition(4), "inside the tree");
        assert!(!pos.upcoming_repetition(3), "the start stood only once, before the root");
        assert_eq!(reachable_returns(&mut pos), vec![3]);
        // After a Tower move that cannot be taken back in one (a capture
        // would reset the window; a Sword is absent), a fresh line.
        let m = pos.parse_move("k11j11").unwrap();
        pos.make(m);
        assert!(!pos.upcoming_repetition(usize::MAX));
    }

    fn reversible_moves(pos: &Position) -> Vec<Move> {
        pos.legal_move_vec().into_iter().filter(|&m| reversible(pos, m)).collect()
    }

    /// The legal move taking `m` back (its destination to its origin).
    fn take_back(pos: &Position, m: Move) -> Option<Move> {
        reversible_moves(pos).into_iter().find(|b| b.from() == m.to() && b.to() == m.from())
    }

    /// From `pos`: a random reversible move, a random reversible reply and
    /// the move taken back. The position reached, if taking the reply back
    /// returns to `pos` with no piece frozen or freed on the way and no
    /// right lost.
    fn constructed_return(pos: &Position, rng: &mut SplitMix64) -> Option<Position> {
        let start = pos.state;
        let mut p = pos.clone();
        let m = *rng.pick(&reversible_moves(&p))?;
        p.make(m);
        let r = *rng.pick(&reversible_moves(&p))?;
        p.make(r);
        p.make(take_back(&p, m)?);
        let u = take_back(&p, r)?;
        let frozen_alike = p.history[p.history.len() - 3..]
            .iter()
            .chain([&p.state])
            .all(|s| s.petrified == start.petrified);
        let mut after = p.clone();
        after.make(u);
        (after.key() == start.key && frozen_alike && p.state.rights == start.rights).then_some(p)
    }

    /// Over random games of both variants: every claimed upcoming
    /// repetition is real (a legal move reaches an earlier key), and every
    /// constructed return (a move, a reply, the move taken back, then the
    /// reply taken back) during which no piece was frozen or freed is
    /// seen.
    #[test]
    fn upcoming_repetitions_are_real_and_seen() {
        let mut rng = SplitMix64::new(0x0063_7963_6c65);
        let (mut claims, mut constructed) = (0, 0);
        for game in 0..120 {
            let variant = if game % 2 == 0 { Variant::Pom } else { Variant::MiniPom };
            let mut pos = Position::startpos(variant);
            for _ in 0..120 {
                let moves = pos.legal_move_vec();
                if moves.is_empty() {
                    break;
                }
                if pos.upcoming_repetition(usize::MAX) {
                    claims += 1;
                    assert!(!reachable_returns(&mut pos).is_empty(), "false claim in {}", pos.fen());
                }
                // A built return (m, r, m back) must be seen: r back repeats.
                if let Some(p) = constructed_return(&pos, &mut rng) {
                    constructed += 1;
                    assert!(p.upcoming_repetition(usize::MAX), "missed return in {}", p.fen());
                }
                let m = moves[rng.below(moves.len() as u64) as usize];
                pos.make(m);
            }
        }
        println!("{claims} claims checked, {constructed} constructed returns seen");
        assert!(claims > 50 && constructed > 1000, "{claims} claims, {constructed} returns");
    }
}
