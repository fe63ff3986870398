//! Correction history: what the search has learnt about the static
//! evaluation's errors, by Sword structure and by material. After a node
//! whose search result is a trustworthy bound on the truth, the difference
//! between that result and the raw evaluation moves the two entries of the
//! position (one keyed on both sides' Swords, one on both sides' material,
//! each per side to move) towards it; later nodes with the same Swords or
//! the same material add the entries' mean to their evaluation.
//!
//! Each entry is a weighted running mean of the errors seen, in 1/GRAIN
//! centipawns: an update of weight `w` (deeper searches weigh more) moves it
//! `w/256` of the way to the new error, so older lessons fade as new ones
//! come (the same idea as the move histories' gravity, towards a value
//! rather than towards a bound) and an entry never leaves the clamp.

use rules::{Color, Kind, Position};

/// Entries per table and colour (a power of two).
const SIZE: usize = 16_384;
/// Entry units per centipawn.
const GRAIN: i32 = 32;
/// The largest correction one entry holds, in centipawns.
pub(crate) const CORRECTION_MAX_CP: i32 = 200;
const LIMIT: i32 = CORRECTION_MAX_CP * GRAIN;

/// SplitMix64's finaliser: spreads a key's bits over the table index.
/// (`rules::SplitMix64::step` adds its increment first; using it here
/// would move every entry and change the measured search.)
#[inline(always)]
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[inline(always)]
fn fold(bb: u128) -> u64 {
    bb as u64 ^ mix((bb >> 64) as u64 ^ 0x9e37_79b9_7f4a_7c15)
}

/// The key of both sides' Sword placement (Morphs in Sword form count).
#[inline(always)]
pub(crate) fn sword_key(pos: &Position) -> u64 {
    let swords = pos.kind_bb(Kind::Sword);
    let w = swords & pos.pieces(Color::White);
    let b = swords & pos.pieces(Color::Black);
    mix(fold(w)) ^ mix(fold(b) ^ 0x2545_f491_4f6c_dd1d)
}

/// The key of both sides' material: how many of each kind (King aside).
#[inline(always)]
pub(crate) fn material_key(pos: &Position) -> u64 {
    let (white, black) = (pos.pieces(Color::White), pos.pieces(Color::Black));
    let mut key = 0u64;
    for kind in Kind::FORMS {
        let bb = pos.kind_bb(kind);
        // Six bits per count and side, folded into 64 bits and mixed.
        let counts = (bb & white).count_ones() as u64 | ((bb & black).count_ones() as u64) << 6;
        key = key.rotate_left(12) ^ counts;
    }
    mix(key)
}

/// A position's entry in the Sword table and in the material table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slots(usize, usize);

pub(crate) struct Correction {
    /// `[colour to move][key % SIZE]`, Sword structure then material.
    swords: Vec<i16>,
    material: Vec<i16>,
}

impl Correction {
    pub(crate) fn new() -> Correction {
        Correction {
            swords: vec![0; 2 * SIZE],
            material: vec![0; 2 * SIZE],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.swords.fill(0);
        self.material.fill(0);
    }

    /// Where `pos`'s two entries are: computed once per node, used to
    /// read the correction and later to update it.
    #[inline(always)]
    pub(crate) fn slots(pos: &Position) -> Slots {
        let side = pos.side_to_move().index() * SIZE;
        Slots(side + sword_key(pos) as usize % SIZE, side + material_key(pos) as usize % SIZE)
    }

    /// The correction to add to the raw evaluation of the position at
    /// `slots`, in centipawns.
    #[inline(always)]
    pub(crate) fn get(&self, slots: Slots) -> i32 {
        let Slots(s, m) = slots;
        (self.swords[s] as i32 + self.material[m] as i32) / (2 * GRAIN)
    }

    /// The search found `error` (result minus raw evaluation, centipawns)
    /// at a node searched to `depth`.
    #[inline(always)]
    pub(crate) fn update(&mut self, slots: Slots, error: i32, depth: i32) {
        let Slots(s, m) = slots;
        let target = (error * GRAIN).clamp(-LIMIT, LIMIT);
        let w = (depth + 1).clamp(1, 16);
        for e in [&mut self.swords[s], &mut self.material[m]] {
            let v = (*e as i32 * (256 - w) + target * w) / 256;
            *e = v.clamp(-LIMIT, LIMIT) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    #[test]
    fn corrections_learn_the_mean_error_and_stay_bounded() {
        let pos = Position::startpos(Variant::Pom);
        let mut c = Correction::new();
        let at = Correction::slots(&pos);
        assert_eq!(c.get(at), 0);
        for _ in 0..400 {
            c.update(at, 60, 12);
        }
        let got = c.get(at);
        assert!((55..=60).contains(&got), "{got}");
        // Huge errors are clamped, whatever their sign.
        for i in 0..400 {
            c.update(at, if i % 2 == 0 { 100_000 } else { -100_000 }, 30);
            assert!(c.get(at).abs() <= CORRECTION_MAX_CP);
        }
        for _ in 0..400 {
            c.update(at, -100_000, 30);
        }
        assert!((-CORRECTION_MAX_CP..=-CORRECTION_MAX_CP + 2).contains(&c.get(at)), "{}", c.get(at));
        // The other side to move has its own entries.
        let mut other = pos.clone();
        other.make(other.legal_move_vec()[0]);
        assert_eq!(c.get(Correction::slots(&other)), 0);
        c.clear();
        assert_eq!(c.get(at), 0);
    }

    #[test]
    fn keys_follow_swords_and_material() {
        let start = Position::startpos(Variant::MiniPom);
        let mut pos = start.clone();
        // A non-Sword move keeps both keys; a Sword move changes the
        // Sword key only; a capture changes the material key.
        let moves = pos.legal_move_vec();
        let officer = moves.iter().copied().find(|&m| pos.piece_at(m.from()).kind() != Kind::Sword);
        if let Some(m) = officer {
            pos.make(m);
            assert_eq!(sword_key(&pos), sword_key(&start));
            assert_eq!(material_key(&pos), material_key(&start));
            pos.unmake();
        }
        let sword = moves
            .iter()
            .copied()
            .find(|&m| pos.piece_at(m.from()).kind() == Kind::Sword)
            .unwrap();
        pos.make(sword);
        assert_ne!(sword_key(&pos), sword_key(&start));
        assert_eq!(material_key(&pos), material_key(&start));
        // Play on until a capture comes up.
        for _ in 0..200 {
            let moves = pos.legal_move_vec();
            if moves.is_empty() {
                break;
            }
            // (Castling names the Tower's square: not a capture.)
            if let Some(&m) = moves.iter().find(|&&m| pos.is_tactical(m) && pos.piece_at(m.to()).is_some()) {
                let before = material_key(&pos);
                pos.make(m);
                assert_ne!(material_key(&pos), before);
                return;
            }
            pos.make(moves[0]);
        }
        panic!("no capture came up");
    }
}
