//! The network's inputs (docs/NNUE.md): one feature function for the
//! trainer and the engine, so the two can never read a position
//! differently.
//!
//! Each side sees the board from its own seat (a *perspective*): pieces are
//! "ours" or "theirs", and Black's view has the ranks flipped, so the same
//! weights serve both colours. Per perspective, with `N` squares:
//!
//! | block | index | count |
//! |---|---|---|
//! | piece | `side * 10N + kind * N + square` | `20 N` |
//! | Morph | `20N + side * N + square` | `2 N` |
//! | petrified square | `22N + side * N + square` | `2 N` |
//! | petrified kind | `24N + side * 10 + kind` | `20` |
//!
//! `side` is 0 for the perspective's own pieces, 1 for the other side's;
//! `kind` is what the piece moves as (a Morph's current form). A Morph
//! turns on its form's piece input *and* its Morph input; a petrified piece
//! turns on its piece input, its square's petrified input and its kind's
//! petrified input (so a frozen Queen can cost more than a frozen Sword
//! wherever it stands). Every input is 0 or 1 but the petrified-kind
//! block, which counts.

use rules::{Color, Geometry, Kind, Piece, Position, Variant};

/// The most inputs one piece turns on: piece, Morph, petrified square,
/// petrified kind.
pub const MAX_PER_PIECE: usize = 4;

/// Bumped whenever the table above changes: a net records the layout it
/// was trained on, and a net of another layout is refused.
const LAYOUT_VERSION: u64 = 1;

/// Trainer-only inputs that share what the square-wise inputs of one kind
/// have in common (a piece's worth wherever it stands, a Morph's, a frozen
/// square's): with few positions per square these learn first, and at
/// quantisation each is added into the rows it factors, so the engine
/// never sees them.
pub const FACTORS: usize = 24;

/// The factor input of an input (`inputs(variant) + ..`), if it has one.
#[inline]
pub fn factor(variant: Variant, input: u16) -> Option<u16> {
    let n = squares(variant);
    let i = input as usize;
    let f = if i < 20 * n {
        i / n
    } else if i < 24 * n {
        20 + (i - 20 * n) / n
    } else {
        return None;
    };
    Some((inputs(variant) + f) as u16)
}

/// Number of inputs per perspective in a variant.
pub const fn inputs(variant: Variant) -> usize {
    let n = squares(variant);
    24 * n + 20
}

const fn squares(variant: Variant) -> usize {
    match variant {
        Variant::Pom => 121,
        Variant::MiniPom => 81,
    }
}

/// Identifies the layout of a variant's inputs: a net carries it in its
/// header.
pub fn layout_hash(variant: Variant) -> u64 {
    // FNV-1a over what defines the layout.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let text = format!("gorgon-nnue-layout-{LAYOUT_VERSION}-{}-{}", variant.name(), inputs(variant));
    for b in text.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The inputs one piece on `sq` turns on for `perspective`, written into
/// `out`; returns how many.
#[inline(always)]
pub fn piece_inputs(geo: &Geometry, perspective: Color, sq: u8, piece: Piece, petrified: bool, out: &mut [u16; MAX_PER_PIECE]) -> usize {
    let n = geo.squares as usize;
    let rsq = match perspective {
        Color::White => sq as usize,
        Color::Black => geo.square(geo.file_of(sq), geo.ranks - 1 - geo.rank_of(sq)) as usize,
    };
    let side = (piece.color() != perspective) as usize;
    let kind = piece.kind() as usize;
    out[0] = (side * Kind::COUNT * n + kind * n + rsq) as u16;
    let mut len = 1;
    if piece.is_morph() {
        out[len] = (20 * n + side * n + rsq) as u16;
        len += 1;
    }
    if petrified {
        out[len] = (22 * n + side * n + rsq) as u16;
        out[len + 1] = (24 * n + side * Kind::COUNT + kind) as u16;
        len += 2;
    }
    len
}

/// Calls `f` with every input of `pos` that is on for `perspective` (an
/// input counted twice comes twice).
#[inline]
pub fn for_each_input(pos: &Position, perspective: Color, mut f: impl FnMut(u16)) {
    let geo = pos.geometry();
    let mut buf = [0u16; MAX_PER_PIECE];
    for color in Color::ALL {
        let petrified = pos.petrified(color);
        for sq in rules::squares(pos.pieces(color)) {
            let frozen = petrified & rules::bit(sq) != 0;
            let len = piece_inputs(geo, perspective, sq, pos.piece_at(sq), frozen, &mut buf);
            for &i in &buf[..len] {
                f(i);
            }
        }
    }
}

/// The same input for the position's left-right mirror image (file `a`
/// to the last file): training data doubled where the mirror is a
/// position of the same value (`mirror_is_sound`). Factor inputs and the
/// petrified-kind block have no square and stay.
pub fn mirror_input(variant: Variant, input: u16) -> u16 {
    let n = squares(variant);
    let files = variant.geometry().files as usize;
    let i = input as usize;
    if i >= 24 * n {
        return input;
    }
    let (block, sq) = (i / n, i % n);
    (block * n + sq - sq % files + (files - 1 - sq % files)) as u16
}

/// docs/DATAGEN.md, "Left-right mirroring": every rule is left-right
/// symmetric but Mini-POM's swap, whose Medusa right sits on file f (its
/// mirror, d, has none). So a mirror is a position of the same value
/// always in Pillars of Medusa (castling rights mirrored, which the
/// inputs do not see) and in Mini-POM once no swap right is left.
pub fn mirror_is_sound(pos: &Position) -> bool {
    match pos.variant() {
        Variant::Pom => true,
        Variant::MiniPom => {
            let mut swaps = 0;
            for color in Color::ALL {
                for file in rules::variant::SWAP_FILES {
                    swaps |= rules::variant::Rights::file(color, file);
                }
            }
            pos.rights() & swaps == 0
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rules::{GameRecord, SplitMix64};

    /// The inputs of both perspectives: `[side to move, other side]`.
    fn active_inputs(pos: &Position) -> [Vec<u16>; 2] {
        let stm = pos.side_to_move();
        [stm, !stm].map(|p| {
            let mut v = Vec::with_capacity(128);
            for_each_input(pos, p, |i| v.push(i));
            v
        })
    }

    /// The end of a random game of fewer than `plies` plies (special moves
    /// favoured: `GameRecord::random`).
    pub(crate) fn random_position(variant: Variant, rng: &mut SplitMix64, plies: u64) -> Position {
        let n = rng.below(plies) as usize;
        GameRecord::random(variant, n, rng).end_position()
    }

    /// Every input is inside the variant's range, and a position and its
    /// colour-flipped twin (same side to move, seen from the other seat)
    /// turn on the same inputs.
    #[test]
    fn inputs_are_in_range_and_see_each_side_from_its_seat() {
        let mut rng = SplitMix64::new(3);
        for variant in Variant::ALL {
            for _ in 0..200 {
                let pos = random_position(variant, &mut rng, 120);
                let [us, them] = active_inputs(&pos);
                assert!(us.iter().chain(&them).all(|&i| (i as usize) < inputs(variant)));
                let flipped = pos.flipped();
                let [fus, fthem] = active_inputs(&flipped);
                let sorted = |mut v: Vec<u16>| {
                    v.sort_unstable();
                    v
                };
                assert_eq!(sorted(us), sorted(fus), "{}", pos.fen());
                assert_eq!(sorted(them), sorted(fthem), "{}", pos.fen());
            }
        }
    }

    /// The mirrored inputs of a position are the inputs of its pieces on
    /// their mirrored squares, and mirroring twice gives the input back.
    #[test]
    fn mirrored_inputs_are_the_mirrored_pieces() {
        let mut rng = SplitMix64::new(4);
        for variant in Variant::ALL {
            let geo = variant.geometry();
            for i in 0..inputs(variant) as u16 + FACTORS as u16 {
                assert_eq!(mirror_input(variant, mirror_input(variant, i)), i);
            }
            for _ in 0..50 {
                let pos = random_position(variant, &mut rng, 100);
                for perspective in Color::ALL {
                    let mut mirrored = Vec::new();
                    for_each_input(&pos, perspective, |i| mirrored.push(mirror_input(variant, i)));
                    let mut expected = Vec::new();
                    let mut buf = [0u16; MAX_PER_PIECE];
                    for color in Color::ALL {
                        for sq in rules::squares(pos.pieces(color)) {
                            let m = geo.square(geo.files - 1 - geo.file_of(sq), geo.rank_of(sq));
                            let frozen = pos.petrified(color) & rules::bit(sq) != 0;
                            let len = piece_inputs(geo, perspective, m, pos.piece_at(sq), frozen, &mut buf);
                            expected.extend_from_slice(&buf[..len]);
                        }
                    }
                    mirrored.sort_unstable();
                    expected.sort_unstable();
                    assert_eq!(mirrored, expected, "{}", pos.fen());
                }
            }
        }
        let mini = Position::startpos(Variant::MiniPom);
        assert!(!mirror_is_sound(&mini), "Mini-POM starts with swap rights");
        assert!(mirror_is_sound(&Position::startpos(Variant::Pom)));
    }

    #[test]
    fn layouts_differ_by_variant() {
        assert_ne!(layout_hash(Variant::Pom), layout_hash(Variant::MiniPom));
        assert_eq!(inputs(Variant::Pom), 2924);
        assert_eq!(inputs(Variant::MiniPom), 1964);
    }
}
