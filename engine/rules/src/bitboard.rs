//! Bitboards: one bit per square in a `u128`, dense layout `sq = rank * files + file`.
//!
//! Both boards fit: Pillars of Medusa uses bits 0..121, Mini-POM bits 0..81.
//! Bits above the last square are always zero in a position; bit 127 serves
//! as a sentinel in the slider lookups (see `attacks.rs`).

/// A set of squares.
pub type Bitboard = u128;

/// The set holding only `sq`.
#[inline(always)]
pub const fn bit(sq: u8) -> Bitboard {
    1u128 << sq
}

/// Index of the lowest set bit; the set must not be empty.
#[inline(always)]
pub fn lsb(b: Bitboard) -> u8 {
    debug_assert!(b != 0);
    b.trailing_zeros() as u8
}

/// Index of the highest set bit; the set must not be empty.
#[inline(always)]
pub fn msb(b: Bitboard) -> u8 {
    debug_assert!(b != 0);
    (127 - b.leading_zeros()) as u8
}

/// True when more than one bit is set.
#[inline(always)]
pub const fn more_than_one(b: Bitboard) -> bool {
    b & b.wrapping_sub(1) != 0
}

/// Iterates the squares of a set, lowest first.
#[derive(Clone, Copy)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

/// Iterate the squares of `b`.
#[inline(always)]
pub fn squares(b: Bitboard) -> Squares {
    Squares(b)
}
