//! The evaluation's parameters: one flat array of middlegame/endgame pairs
//! per variant, laid out in named groups. The evaluation reads weights by
//! these indices, the tuner fits them, and `weights.rs` (written by `gorgon
//! tune`) holds the numbers: one source of truth.

use rules::Kind;
use std::ops::{Add, AddAssign, Mul};

/// A middlegame and an endgame value, in centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, n: i32) -> S {
        S(self.0 * n, self.1 * n)
    }
}

const K: usize = Kind::COUNT;

/// Piece-square tables fold the board's files in half (left-right
/// symmetry: both setups put the King on the centre file), so a table has
/// `ceil(files / 2)` files of every rank, counted from the owner's side.
pub const PST_FILES: usize = 6;
pub const PST_RANKS: usize = 11;
pub const PST_SIZE: usize = PST_FILES * PST_RANKS;
/// King danger buckets: attack units / 4, capped.
pub const DANGER_BUCKETS: usize = 32;
/// Medusa to enemy King distance 1..=5, and 6 for anything farther.
pub const MEDUSA_DISTANCES: usize = 6;
/// Passed Swords by steps left to the last rank, 1..=10 (index 0 unused).
pub const PASSED_STEPS: usize = 11;

/// Value of a piece by kind (a Morph counts its form).
pub const MATERIAL: usize = 0;
/// Extra value of a Morph, by its current form.
pub const MORPH: usize = MATERIAL + K;
/// Placement by kind and square.
pub const PST: usize = MORPH + K;
/// Per square an active piece attacks that is not its own and where it
/// would not be petrified on arrival, by kind.
pub const MOBILITY: usize = PST + K * PST_SIZE;
/// Per square of the enemy King's zone (the King and its neighbours) an
/// active piece attacks, by kind.
pub const KING_ZONE: usize = MOBILITY + K;
/// The King's danger when at least two enemy pieces hit its zone, by
/// bucket of attack units.
pub const KING_DANGER: usize = KING_ZONE + K;
/// Own Swords next to the King, 0..=3.
pub const SHELTER: usize = KING_DANGER + DANGER_BUCKETS;
/// A Medusa-type piece at a distance from the enemy King.
pub const MEDUSA_NEAR_KING: usize = SHELTER + 4;
pub const ISOLATED: usize = MEDUSA_NEAR_KING + MEDUSA_DISTANCES;
/// Per Sword beyond the first on a file.
pub const DOUBLED: usize = ISOLATED + 1;
pub const PASSED: usize = DOUBLED + 1;
/// A passed Sword whose square in front is occupied.
pub const PASSED_BLOCKED: usize = PASSED + PASSED_STEPS;
/// A petrified piece, by kind (the King included).
pub const FROZEN: usize = PASSED_BLOCKED + PASSED_STEPS;
/// A petrified piece attacked by an active enemy and defended.
pub const FROZEN_DEFENDED: usize = FROZEN + K;
/// A petrified piece attacked by an active enemy and undefended.
pub const FROZEN_HANGING: usize = FROZEN_DEFENDED + K;
/// A Medusa-type piece attacked by an active enemy: defended, undefended.
pub const MEDUSA_ATTACKED: usize = FROZEN_HANGING + K;
/// An active piece an enemy Medusa could freeze with her next move, by
/// kind.
pub const GAZE_THREAT: usize = MEDUSA_ATTACKED + 2;
/// An enemy piece an active Morph could capture now, by the kind it could
/// then turn into.
pub const MORPH_TARGETS: usize = GAZE_THREAT + K;
pub const TEMPO: usize = MORPH_TARGETS + K;
/// Number of parameters.
pub const COUNT: usize = TEMPO + 1;

/// The evaluation's terms, for `eval_breakdown`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    Placement,
    Swords,
    Passed,
    Mobility,
    Petrification,
    KingSafety,
    Tempo,
}

impl Term {
    pub const ALL: [Term; 8] = [
        Term::Material,
        Term::Placement,
        Term::Swords,
        Term::Passed,
        Term::Mobility,
        Term::Petrification,
        Term::KingSafety,
        Term::Tempo,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Placement => "Placement",
            Term::Swords => "Swords",
            Term::Passed => "Passed swords",
            Term::Mobility => "Mobility",
            Term::Petrification => "Petrification",
            Term::KingSafety => "King safety",
            Term::Tempo => "Tempo",
        }
    }
}

/// What an entry of a group is indexed by (for the weights file's
/// comments).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Index {
    Kind,
    /// `PST_SIZE` squares per kind.
    KindSquare,
    Number,
}

/// A named run of parameters.
#[derive(Clone, Copy, Debug)]
pub struct Group {
    pub name: &'static str,
    pub start: usize,
    pub len: usize,
    pub term: Term,
    pub index: Index,
}

const fn group(name: &'static str, start: usize, len: usize, term: Term, index: Index) -> Group {
    Group {
        name,
        start,
        len,
        term,
        index,
    }
}

/// Every group, in index order, covering `0..COUNT`.
pub const GROUPS: [Group; 19] = [
    group("MATERIAL", MATERIAL, K, Term::Material, Index::Kind),
    group("MORPH", MORPH, K, Term::Material, Index::Kind),
    group("PST", PST, K * PST_SIZE, Term::Placement, Index::KindSquare),
    group("MOBILITY", MOBILITY, K, Term::Mobility, Index::Kind),
    group("KING_ZONE", KING_ZONE, K, Term::KingSafety, Index::Kind),
    group("KING_DANGER", KING_DANGER, DANGER_BUCKETS, Term::KingSafety, Index::Number),
    group("SHELTER", SHELTER, 4, Term::KingSafety, Index::Number),
    group(
        "MEDUSA_NEAR_KING",
        MEDUSA_NEAR_KING,
        MEDUSA_DISTANCES,
        Term::KingSafety,
        Index::Number,
    ),
    group("ISOLATED", ISOLATED, 1, Term::Swords, Index::Number),
    group("DOUBLED", DOUBLED, 1, Term::Swords, Index::Number),
    group("PASSED", PASSED, PASSED_STEPS, Term::Passed, Index::Number),
    group("PASSED_BLOCKED", PASSED_BLOCKED, PASSED_STEPS, Term::Passed, Index::Number),
    group("FROZEN", FROZEN, K, Term::Petrification, Index::Kind),
    group("FROZEN_DEFENDED", FROZEN_DEFENDED, K, Term::Petrification, Index::Kind),
    group("FROZEN_HANGING", FROZEN_HANGING, K, Term::Petrification, Index::Kind),
    group("MEDUSA_ATTACKED", MEDUSA_ATTACKED, 2, Term::Petrification, Index::Number),
    group("GAZE_THREAT", GAZE_THREAT, K, Term::Petrification, Index::Kind),
    group("MORPH_TARGETS", MORPH_TARGETS, K, Term::Mobility, Index::Kind),
    group("TEMPO", TEMPO, 1, Term::Tempo, Index::Number),
];

/// The group holding parameter `i`.
pub fn group_of(i: usize) -> &'static Group {
    let g = GROUPS.partition_point(|g| g.start <= i);
    &GROUPS[g.saturating_sub(1)]
}

/// Game phase weight of a kind: 256 when all of the start's officers are
/// on the board, 0 with Swords and Kings alone. Fixed, not tuned, so that
/// the evaluation stays linear in its weights.
pub const PHASE: [i32; K] = [0, 1, 1, 2, 4, 3, 5, 3, 2, 0];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_tile_the_parameters() {
        let mut next = 0;
        for g in &GROUPS {
            assert_eq!(g.start, next, "{}", g.name);
            next += g.len;
            assert_eq!(group_of(g.start).name, g.name);
            assert_eq!(group_of(g.start + g.len - 1).name, g.name);
        }
        assert_eq!(next, COUNT);
    }
}
