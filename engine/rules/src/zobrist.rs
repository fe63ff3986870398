//! Zobrist keys (ARCHITECTURE.md, Hashing): placement with Morph flag and
//! form, side to move, each right, and each petrified square per side.
//! Built at compile time from a SplitMix64 stream, so every build and every
//! machine agrees on every key (the book and the bench depend on that).

use super::piece::Piece;

/// The key tables.
pub struct Zobrist {
    /// `[piece index][square]`.
    pub piece: [[u64; 128]; Piece::INDEX_COUNT],
    /// `[colour of the petrified piece][square]`.
    pub petrified: [[u64; 128]; 2],
    /// One per rights bit (see `Rights`).
    pub rights: [u64; 32],
    /// XORed in when Black is to move.
    pub black_to_move: u64,
}

use crate::rng::SplitMix64;

const fn splitmix(state: u64) -> (u64, u64) {
    SplitMix64::step(state)
}

const fn build() -> Zobrist {
    let mut z = Zobrist {
        piece: [[0; 128]; Piece::INDEX_COUNT],
        petrified: [[0; 128]; 2],
        rights: [0; 32],
        black_to_move: 0,
    };
    let mut state = 0x6F72_676F_6E21_u64; // "orgon!"
    let mut p = 0;
    while p < Piece::INDEX_COUNT {
        let mut s = 0;
        while s < 128 {
            let (next, key) = splitmix(state);
            state = next;
            z.piece[p][s] = key;
            s += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 128 {
            let (next, key) = splitmix(state);
            state = next;
            z.petrified[c][s] = key;
            s += 1;
        }
        c += 1;
    }
    let mut r = 0;
    while r < 32 {
        let (next, key) = splitmix(state);
        state = next;
        z.rights[r] = key;
        r += 1;
    }
    z.black_to_move = splitmix(state).1;
    z
}

/// The keys.
pub static ZOBRIST: Zobrist = build();

/// The key of a rights mask.
#[inline]
pub fn rights_key(rights: u32) -> u64 {
    let mut k = 0;
    let mut r = rights;
    while r != 0 {
        k ^= ZOBRIST.rights[r.trailing_zeros() as usize];
        r &= r - 1;
    }
    k
}
