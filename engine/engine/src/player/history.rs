//! Move-ordering memory that outlives one node: butterfly history (by
//! colour, from and to square), continuation history (a quiet move's
//! record after a given move one or two plies earlier), capture history
//! (by capturer, square and victim), killer moves per ply, and
//! counter-moves (the reply that refuted a given piece landing on a given
//! square). Each search thread owns one; `new_game` clears it.
//!
//! Every history table moves by the same "gravity" rule: a bonus `b` moves
//! an entry `h` by `b - h * |b| / HISTORY_MAX`, so an entry never leaves
//! `[-HISTORY_MAX, HISTORY_MAX]` and old lessons fade as new ones come.

use super::correction::Correction;
use super::score::MAX_PLY;
use rules::{Color, Kind, Move, Piece};

/// Scores saturate at this magnitude (the "gravity" formula keeps them in).
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// A piece on a square as the continuation and capture tables see it:
/// the kind (a Morph's form) and the square; the colour is the table's.
const PIECE_SQUARES: usize = Kind::COUNT * 128;

/// A move as the continuation history remembers it: the piece it left on
/// its destination, and that square. `NONE` for no move (the root, a null
/// move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PieceTo {
    pub piece: Piece,
    pub to: u8,
}

impl PieceTo {
    pub(crate) const NONE: PieceTo = PieceTo { piece: Piece::NONE, to: 0 };

    #[inline(always)]
    fn index(self) -> usize {
        self.piece.kind() as usize * 128 + self.to as usize
    }
}

/// Adds `bonus` (negative: a malus) to `h` with gravity towards zero.
#[inline(always)]
fn gravity(h: &mut i16, bonus: i32) {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let v = *h as i32 + b - *h as i32 * b.abs() / HISTORY_MAX;
    *h = v.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

pub(crate) struct Histories {
    /// `[colour][from * 128 + to]`.
    butterfly: Vec<i16>,
    /// `[colour of the mover][earlier move's PieceTo][move's PieceTo]`.
    continuation: Vec<i16>,
    /// `[colour][capturer's PieceTo][victim's kind]`.
    captures: Vec<i16>,
    killers: [[Move; 2]; MAX_PLY + 2],
    /// `[piece index * 128 + to]` of the previous move.
    counters: Vec<Move>,
    /// The static evaluation's learnt errors (correction.rs).
    pub(crate) correction: Correction,
}

impl Histories {
    pub(crate) fn new() -> Histories {
        Histories {
            butterfly: vec![0; 2 * 128 * 128],
            continuation: vec![0; 2 * PIECE_SQUARES * PIECE_SQUARES],
            captures: vec![0; 2 * PIECE_SQUARES * Kind::COUNT],
            killers: [[Move::NONE; 2]; MAX_PLY + 2],
            counters: vec![Move::NONE; Piece::INDEX_COUNT * 128],
            correction: Correction::new(),
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        self.butterfly.fill(0);
        self.continuation.fill(0);
        self.captures.fill(0);
        self.killers = [[Move::NONE; 2]; MAX_PLY + 2];
        self.counters.fill(Move::NONE);
        self.correction.clear();
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
        gravity(&mut self.butterfly[Self::index(color, m)], bonus);
    }

    #[inline(always)]
    fn continuation_index(color: Color, earlier: PieceTo, now: PieceTo) -> usize {
        (color.index() * PIECE_SQUARES + earlier.index()) * PIECE_SQUARES + now.index()
    }

    /// How `now` (a quiet move of `color`) fared after `earlier`; 0 when
    /// there was no earlier move.
    #[inline(always)]
    pub(crate) fn continuation(&self, color: Color, earlier: PieceTo, now: PieceTo) -> i32 {
        if earlier.piece.is_none() {
            return 0;
        }
        self.continuation[Self::continuation_index(color, earlier, now)] as i32
    }

    #[inline(always)]
    pub(crate) fn update_continuation(&mut self, color: Color, earlier: PieceTo, now: PieceTo, bonus: i32) {
        if earlier.piece.is_some() {
            gravity(&mut self.continuation[Self::continuation_index(color, earlier, now)], bonus);
        }
    }

    #[inline(always)]
    fn capture_index(color: Color, capturer: PieceTo, victim: Kind) -> usize {
        (color.index() * PIECE_SQUARES + capturer.index()) * Kind::COUNT + victim as usize
    }

    /// How a capture of `victim` by `capturer` (the piece as it lands) fared.
    #[inline(always)]
    pub(crate) fn capture(&self, color: Color, capturer: PieceTo, victim: Kind) -> i32 {
        self.captures[Self::capture_index(color, capturer, victim)] as i32
    }

    #[inline(always)]
    pub(crate) fn update_capture(&mut self, color: Color, capturer: PieceTo, victim: Kind, bonus: i32) {
        gravity(&mut self.captures[Self::capture_index(color, capturer, victim)], bonus);
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

    #[test]
    fn continuation_and_capture_tables_stay_in_bounds_and_apart() {
        let mut h = Histories::new();
        let earlier = PieceTo {
            piece: Piece::new(Color::Black, Kind::Horse),
            to: 60,
        };
        let now = PieceTo {
            piece: Piece::new(Color::White, Kind::Tower),
            to: 77,
        };
        // Alternating large bonuses and maluses never leave the bounds.
        for i in 0..500 {
            let b = if i % 3 == 0 { -HISTORY_MAX } else { HISTORY_MAX / 2 };
            h.update_continuation(Color::White, earlier, now, b);
            h.update_capture(Color::White, now, Kind::Queen, -b);
            let (c, k) = (
                h.continuation(Color::White, earlier, now),
                h.capture(Color::White, now, Kind::Queen),
            );
            assert!((-HISTORY_MAX..=HISTORY_MAX).contains(&c), "{c}");
            assert!((-HISTORY_MAX..=HISTORY_MAX).contains(&k), "{k}");
        }
        h.update_continuation(Color::White, earlier, now, 1000);
        assert!(h.continuation(Color::White, earlier, now) > 0);
        // Another colour, earlier move, square or victim is another entry.
        assert_eq!(h.continuation(Color::Black, earlier, now), 0);
        assert_eq!(h.continuation(Color::White, PieceTo { to: 61, ..earlier }, now), 0);
        assert_eq!(h.capture(Color::White, now, Kind::Tower), 0);
        // No earlier move: nothing read, nothing written.
        h.update_continuation(Color::White, PieceTo::NONE, now, HISTORY_MAX);
        assert_eq!(h.continuation(Color::White, PieceTo::NONE, now), 0);
        // The extreme corner indexes inside the table.
        let corner = PieceTo {
            piece: Piece::new(Color::Black, Kind::King),
            to: 127,
        };
        h.update_continuation(Color::Black, corner, corner, 100);
        h.update_capture(Color::Black, corner, Kind::King, 100);
        h.clear();
        assert_eq!(h.capture(Color::Black, corner, Kind::King), 0);
    }
}
