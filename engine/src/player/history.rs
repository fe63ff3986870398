//! Move-ordering memory that outlives one node: butterfly history (by
//! colour, from and to square), killer moves per ply, and counter-moves
//! (the reply that refuted a given piece landing on a given square).
//! Each search thread owns one; `new_game` clears it.

use super::score::MAX_PLY;
use rules::{Color, Move, Piece};

/// Scores saturate at this magnitude (the "gravity" formula keeps them in).
pub(crate) const HISTORY_MAX: i32 = 16_384;

pub(crate) struct Histories {
    /// `[colour][from * 128 + to]`.
    butterfly: Vec<i16>,
    killers: [[Move; 2]; MAX_PLY + 2],
    /// `[piece index * 128 + to]` of the previous move.
    counters: Vec<Move>,
}

impl Histories {
    pub(crate) fn new() -> Histories {
        Histories {
            butterfly: vec![0; 2 * 128 * 128],
            killers: [[Move::NONE; 2]; MAX_PLY + 2],
            counters: vec![Move::NONE; Piece::INDEX_COUNT * 128],
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        self.butterfly.fill(0);
        self.killers = [[Move::NONE; 2]; MAX_PLY + 2];
        self.counters.fill(Move::NONE);
    }

    /// Forgets the killers only (a new search: the plies shift).
    pub(crate) fn clear_killers(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY + 2];
    }

    #[inline(always)]
    fn index(color: Color, m: Move) -> usize {
        color.index() * 128 * 128 + m.from() as usize * 128 + m.to() as usize
    }

    #[inline(always)]
    pub(crate) fn butterfly(&self, color: Color, m: Move) -> i32 {
        self.butterfly[Self::index(color, m)] as i32
    }

    /// Adds `bonus` (negative: a malus) with gravity towards zero.
    #[inline(always)]
    pub(crate) fn update_butterfly(&mut self, color: Color, m: Move, bonus: i32) {
        let h = &mut self.butterfly[Self::index(color, m)];
        let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let v = *h as i32 + b - *h as i32 * b.abs() / HISTORY_MAX;
        *h = v.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
    }

    #[inline(always)]
    pub(crate) fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    #[inline(always)]
    pub(crate) fn add_killer(&mut self, ply: usize, m: Move) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
    }

    /// The counter-move to a previous move that left `piece` on `to`.
    #[inline(always)]
    pub(crate) fn counter(&self, piece: Piece, to: u8) -> Move {
        if piece.is_none() {
            return Move::NONE;
        }
        self.counters[piece.index() * 128 + to as usize]
    }

    #[inline(always)]
    pub(crate) fn set_counter(&mut self, piece: Piece, to: u8, m: Move) {
        if piece.is_some() {
            self.counters[piece.index() * 128 + to as usize] = m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_saturates() {
        let mut h = Histories::new();
        let m = Move::normal(3, 40);
        for _ in 0..1000 {
            h.update_butterfly(Color::White, m, 2000);
        }
        assert!(h.butterfly(Color::White, m) <= HISTORY_MAX);
        assert!(h.butterfly(Color::White, m) > HISTORY_MAX * 9 / 10);
        assert_eq!(h.butterfly(Color::Black, m), 0);
        h.add_killer(3, m);
        h.add_killer(3, Move::normal(1, 2));
        assert_eq!(h.killers(3), [Move::normal(1, 2), m]);
        h.clear();
        assert_eq!(h.butterfly(Color::White, m), 0);
    }
}
