//! Attack lookups for every kind of piece.
//!
//! Sliders use direction rays: the nearest blocker on a ray is its lowest
//! set bit for the four directions that climb the index, its highest for the
//! four that descend; the ray beyond the blocker is cut away. Bit 127 is a
//! sentinel for the climbing directions (its ray is empty); a descending ray
//! with no blocker finds bit 0, whose descending rays are empty too, so both
//! cases need no branch.

use super::bitboard::Bitboard;
use super::piece::{Color, Kind};
use super::variant::Geometry;

#[inline(always)]
fn climbing(g: &Geometry, d: usize, sq: u8, occ: Bitboard) -> Bitboard {
    let ray = g.rays[d][sq as usize];
    let blocker = ((ray & occ) | (1u128 << 127)).trailing_zeros() as usize;
    ray ^ g.rays[d][blocker]
}

#[inline(always)]
fn descending(g: &Geometry, d: usize, sq: u8, occ: Bitboard) -> Bitboard {
    let ray = g.rays[d][sq as usize];
    let blocker = 127 - ((ray & occ) | 1).leading_zeros() as usize;
    ray ^ g.rays[d][blocker]
}

/// Tower (rook) attacks from `sq` with blockers `occ`.
#[inline(always)]
pub fn tower(g: &Geometry, sq: u8, occ: Bitboard) -> Bitboard {
    climbing(g, 0, sq, occ) | climbing(g, 1, sq, occ) | descending(g, 4, sq, occ) | descending(g, 5, sq, occ)
}

/// Advisor (bishop) attacks from `sq` with blockers `occ`.
#[inline(always)]
pub fn advisor(g: &Geometry, sq: u8, occ: Bitboard) -> Bitboard {
    climbing(g, 2, sq, occ) | climbing(g, 3, sq, occ) | descending(g, 6, sq, occ) | descending(g, 7, sq, occ)
}

/// Queen attacks.
#[inline(always)]
pub fn queen(g: &Geometry, sq: u8, occ: Bitboard) -> Bitboard {
    tower(g, sq, occ) | advisor(g, sq, occ)
}

/// Medusa attacks: a queen of range three, blocked like a slider.
#[inline(always)]
pub fn medusa(g: &Geometry, sq: u8, occ: Bitboard) -> Bitboard {
    queen(g, sq, occ) & g.medusa_box[sq as usize]
}

/// Squares a piece of `kind` and `color` on `sq` attacks (for a Sword: its
/// capture squares).
#[inline]
pub fn of(g: &Geometry, kind: Kind, color: Color, sq: u8, occ: Bitboard) -> Bitboard {
    let s = sq as usize;
    match kind {
        Kind::Sword => g.sword_captures[color.index()][s],
        Kind::Horse => g.horse[s],
        Kind::Advisor => advisor(g, sq, occ),
        Kind::Tower => tower(g, sq, occ),
        Kind::Queen => queen(g, sq, occ),
        Kind::MountedAdvisor => advisor(g, sq, occ) | g.horse[s],
        Kind::Serpent => queen(g, sq, occ) | g.horse[s],
        Kind::Pillar => tower(g, sq, occ) | g.horse[s],
        Kind::Medusa => medusa(g, sq, occ),
        Kind::King => g.king[s],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::bit;
    use crate::variant::{Variant, DIRECTIONS};

    /// The slow, obviously right walk the fast lookups are checked against.
    fn walk(g: &Geometry, sq: u8, occ: Bitboard, dirs: &[(i8, i8)], range: i32) -> Bitboard {
        let (f, r) = (g.file_of(sq) as i32, g.rank_of(sq) as i32);
        let mut out = 0;
        for &(df, dr) in dirs {
            for step in 1..=range {
                let (x, y) = (f + df as i32 * step, r + dr as i32 * step);
                if x < 0 || y < 0 || x >= g.files as i32 || y >= g.ranks as i32 {
                    break;
                }
                let t = g.square(x as u8, y as u8);
                out |= bit(t);
                if occ & bit(t) != 0 {
                    break;
                }
            }
        }
        out
    }

    #[test]
    fn sliders_match_a_walk_on_every_square() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let orth: Vec<_> = DIRECTIONS.iter().copied().filter(|d| d.0 == 0 || d.1 == 0).collect();
        let diag: Vec<_> = DIRECTIONS.iter().copied().filter(|d| d.0 != 0 && d.1 != 0).collect();
        for v in Variant::ALL {
            let g = v.geometry();
            for sq in 0..g.squares {
                for density in 0..24 {
                    let mut occ = (next() as u128) << 64 | next() as u128;
                    for _ in 0..density % 4 {
                        occ &= (next() as u128) << 64 | next() as u128;
                    }
                    occ &= g.all;
                    assert_eq!(tower(g, sq, occ), walk(g, sq, occ, &orth, 99), "tower {v} {sq}");
                    assert_eq!(advisor(g, sq, occ), walk(g, sq, occ, &diag, 99), "advisor {v} {sq}");
                    assert_eq!(medusa(g, sq, occ), walk(g, sq, occ, &DIRECTIONS, 3), "medusa {v} {sq}");
                }
                assert_eq!(queen(g, sq, 0) & !g.all, 0);
            }
        }
    }
}
