//! The network's inputs (docs/NNUE.md): one feature function for the
//! trainer and the engine, so the two can never read a position
//! differently, and one table, [`BLOCKS`], that every other reader of
//! the layout derives from: the input count, each input's index, the
//! trainer's factors, the left-right mirror, the accumulator's overflow
//! bound (`Network::accumulator_bounds`) and the layout hash a net file
//! records.
//!
//! Each side sees the board from its own seat (a *perspective*): pieces are
//! "ours" or "theirs", and Black's view has the ranks flipped, so the same
//! weights serve both colours. Per perspective, with `N` squares, the
//! table today reads:
//!
//! | block | index | count | on for |
//! |---|---|---|---|
//! | piece | `side * 10N + kind * N + square` | `20 N` | every piece |
//! | Morph | `20N + side * N + square` | `2 N` | a Morph |
//! | petrified square | `22N + side * N + square` | `2 N` | a petrified piece |
//! | petrified kind | `24N + side * 10 + kind` | `20` | a petrified piece |
//!
//! `side` is 0 for the perspective's own pieces, 1 for the other side's;
//! `kind` is what the piece moves as (a Morph's current form). A Morph
//! turns on its form's piece input *and* its Morph input; a petrified piece
//! turns on its piece input, its square's petrified input and its kind's
//! petrified input (so a frozen Queen can cost more than a frozen Sword
//! wherever it stands). Every input is 0 or 1 but the petrified-kind
//! block, which counts.

use rules::{Color, Geometry, Kind, Piece, Position, Variant};

/// What a block's inputs are indexed by, beside the piece's side (ours or
/// theirs, the slowest coordinate). The square, where there is one, is
/// the fastest, so that a block's inputs come in runs of `N`, one per
/// (side, kind) or side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `side * 10N + kind * N + square`.
    KindSquare,
    /// `side * N + square`.
    Square,
    /// `side * 10 + kind`: no square, so a count (two frozen Towers turn
    /// it on twice).
    Kind,
}

impl Key {
    /// The block's size as `per_square * N + fixed`.
    const fn size(self) -> (usize, usize) {
        match self {
            Key::KindSquare => (2 * Kind::COUNT, 0),
            Key::Square => (2, 0),
            Key::Kind => (0, 2 * Kind::COUNT),
        }
    }

    /// Whether the input names a square: such an input has a mirror image
    /// (another square) and can be factored (the square dropped).
    pub const fn has_square(self) -> bool {
        !matches!(self, Key::Kind)
    }

    /// The input's index inside its block.
    #[inline(always)]
    const fn index(self, n: usize, side: usize, kind: usize, sq: usize) -> usize {
        match self {
            Key::KindSquare => side * Kind::COUNT * n + kind * n + sq,
            Key::Square => side * n + sq,
            Key::Kind => side * Kind::COUNT + kind,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Key::KindSquare => "side,kind,square",
            Key::Square => "side,square",
            Key::Kind => "side,kind",
        }
    }
}

/// Which pieces turn a block's input on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Always,
    Morph,
    Petrified,
}

impl When {
    #[inline(always)]
    const fn holds(self, morph: bool, petrified: bool) -> bool {
        match self {
            When::Always => true,
            When::Morph => morph,
            When::Petrified => petrified,
        }
    }

    fn name(self) -> &'static str {
        match self {
            When::Always => "always",
            When::Morph => "morph",
            When::Petrified => "petrified",
        }
    }
}

/// One block of inputs.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    pub name: &'static str,
    pub key: Key,
    pub when: When,
    /// The trainer adds a shared input per run of `N` (the same input with
    /// the square dropped): with few positions per square the shared
    /// input learns what the squares have in common first. At
    /// quantisation it is added into the rows it factors, so the engine
    /// never sees it. Only a block with a square has one.
    pub factor: bool,
}

/// The layout: every piece turns on, in this order, one input of each
/// block whose `when` holds for it. A change here is a new layout: its
/// hash changes (`layout_hash`), nets of the old one are refused, and
/// `tests::the_layout_hash_is_pinned` says so.
pub const BLOCKS: [Block; 4] = [
    Block {
        name: "piece",
        key: Key::KindSquare,
        when: When::Always,
        factor: true,
    },
    Block {
        name: "Morph",
        key: Key::Square,
        when: When::Morph,
        factor: true,
    },
    Block {
        name: "petrified square",
        key: Key::Square,
        when: When::Petrified,
        factor: true,
    },
    Block {
        name: "petrified kind",
        key: Key::Kind,
        when: When::Petrified,
        factor: false,
    },
];

/// Where each block starts, as `per_square * N + fixed`, and (last) the
/// input count.
const OFFSETS: [(usize, usize); BLOCKS.len() + 1] = {
    let mut at = [(0, 0); BLOCKS.len() + 1];
    let mut b = 0;
    while b < BLOCKS.len() {
        let (per_square, fixed) = BLOCKS[b].key.size();
        at[b + 1] = (at[b].0 + per_square, at[b].1 + fixed);
        // A factor maps a run of N inputs to one: only a block with a
        // square can have one.
        assert!(!BLOCKS[b].factor || BLOCKS[b].key.has_square());
        b += 1;
    }
    at
};

/// Where each block's factors start among the factor inputs, and (last)
/// their count.
const FACTOR_OFFSETS: [usize; BLOCKS.len() + 1] = {
    let mut at = [0; BLOCKS.len() + 1];
    let mut b = 0;
    while b < BLOCKS.len() {
        at[b + 1] = at[b] + if BLOCKS[b].factor { BLOCKS[b].key.size().0 } else { 0 };
        b += 1;
    }
    at
};

/// The most inputs one piece turns on: one per block.
pub const MAX_PER_PIECE: usize = BLOCKS.len();

/// The trainer's shared inputs (`Block::factor`), numbered after the
/// engine's (`inputs(variant) + ..`).
pub const FACTORS: usize = FACTOR_OFFSETS[BLOCKS.len()];

/// Number of inputs per perspective in a variant.
pub const fn inputs(variant: Variant) -> usize {
    offset(BLOCKS.len(), squares(variant))
}

const fn squares(variant: Variant) -> usize {
    match variant {
        Variant::Pom => 121,
        Variant::MiniPom => 81,
    }
}

/// Where block `b` starts on a board of `n` squares.
#[inline(always)]
const fn offset(b: usize, n: usize) -> usize {
    OFFSETS[b].0 * n + OFFSETS[b].1
}

/// The inputs of block `b` in a variant.
pub fn block_range(variant: Variant, b: usize) -> std::ops::Range<usize> {
    let n = squares(variant);
    offset(b, n)..offset(b + 1, n)
}

/// The block an input belongs to (`None` past the engine's inputs).
fn block_of(variant: Variant, input: u16) -> Option<usize> {
    let n = squares(variant);
    (0..BLOCKS.len()).find(|&b| (input as usize) < offset(b + 1, n))
}

/// The factor input of an input (`inputs(variant) + ..`), if it has one.
#[inline]
pub fn factor(variant: Variant, input: u16) -> Option<u16> {
    let n = squares(variant);
    let b = block_of(variant, input)?;
    BLOCKS[b]
        .factor
        .then(|| (inputs(variant) + FACTOR_OFFSETS[b] + (input as usize - offset(b, n)) / n) as u16)
}

/// The inputs a piece of `side` (0 ours, 1 theirs) and `kind` turns on
/// standing on `sq` (the perspective's square), written into `out`;
/// returns how many. Every reader of a piece's inputs comes here: the
/// board's (`piece_inputs`) and the overflow bound's, which tries every
/// piece on every square.
#[inline(always)]
pub fn block_inputs(n: usize, side: usize, kind: usize, sq: usize, morph: bool, petrified: bool, out: &mut [u16; MAX_PER_PIECE]) -> usize {
    let mut len = 0;
    for (b, block) in BLOCKS.iter().enumerate() {
        if block.when.holds(morph, petrified) {
            out[len] = (offset(b, n) + block.key.index(n, side, kind, sq)) as u16;
            len += 1;
        }
    }
    len
}

/// What defines a layout of a variant, in words: the board's size and,
/// block by block in order, its index, count, pieces and factor.
fn describe(variant: Variant, blocks: &[Block]) -> String {
    let n = squares(variant);
    let mut text = format!("gorgon-nnue-layout {} squares={n}", variant.name());
    for b in blocks {
        let (per_square, fixed) = b.key.size();
        text += &format!(
            "; {}: {} count={} when {}{}",
            b.name,
            b.key.name(),
            per_square * n + fixed,
            b.when.name(),
            if b.factor { " factored" } else { "" }
        );
    }
    text
}

fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The table's hash for the first layout (by variant: Pillars of Medusa,
/// Mini-POM). Its nets were made when the hash came from a version number
/// bumped by hand (`gorgon-nnue-layout-1-<variant>-<inputs>`), and the
/// embedded nets and every generation-1 file carry that one: this table
/// keeps it, so they load. Any other table has its own hash. Never to be
/// rewritten: a new table is a new layout (`tests::the_layout_hash_is_pinned`
/// pins the current table's hash).
const FIRST_LAYOUT: [u64; 2] = [0x8722_ea0d_7eac_de4d, 0xb9f0_1937_d68b_fdba];

/// Identifies the layout of a variant's inputs: a net carries it in its
/// header, and a net of another layout is refused. Derived from the table
/// (`describe`), but the first layout's (`FIRST_LAYOUT`).
pub fn layout_hash(variant: Variant) -> u64 {
    let derived = fnv1a(&describe(variant, &BLOCKS));
    if derived == FIRST_LAYOUT[variant.index()] {
        fnv1a(&format!("gorgon-nnue-layout-1-{}-{}", variant.name(), inputs(variant)))
    } else {
        derived
    }
}

/// The inputs one piece on `sq` turns on for `perspective`, written into
/// `out`; returns how many.
#[inline(always)]
pub fn piece_inputs(geo: &Geometry, perspective: Color, sq: u8, piece: Piece, petrified: bool, out: &mut [u16; MAX_PER_PIECE]) -> usize {
    let rsq = match perspective {
        Color::White => sq as usize,
        Color::Black => geo.square(geo.file_of(sq), geo.ranks - 1 - geo.rank_of(sq)) as usize,
    };
    let side = (piece.color() != perspective) as usize;
    block_inputs(
        geo.squares as usize,
        side,
        piece.kind() as usize,
        rsq,
        piece.is_morph(),
        petrified,
        out,
    )
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
/// position of the same value (`mirror_is_sound`). An input with a square
/// moves to the mirrored square; factor inputs and blocks without a square
/// stay.
pub fn mirror_input(variant: Variant, input: u16) -> u16 {
    let Some(b) = block_of(variant, input).filter(|&b| BLOCKS[b].key.has_square()) else {
        return input;
    };
    let n = squares(variant);
    let files = variant.geometry().files as usize;
    let i = input as usize - offset(b, n);
    let sq = i % n;
    (offset(b, n) + i - sq % files + (files - 1 - sq % files)) as u16
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

    /// The layout's hashes are pinned. A failure of the first assertion
    /// means the input table changed: that is a new layout (its nets
    /// retrained, re-embedded, and these numbers rewritten). The first
    /// layout's hash is the one its nets carry, as the embedded nets'
    /// headers say.
    #[test]
    fn the_layout_hash_is_pinned() {
        let table = Variant::ALL.map(|v| fnv1a(&describe(v, &BLOCKS)));
        assert_eq!(
            table,
            [0x8722_ea0d_7eac_de4d, 0xb9f0_1937_d68b_fdba],
            "{table:#018x?}: {}",
            describe(Variant::Pom, &BLOCKS)
        );
        let embedded: [&[u8]; 2] = [include_bytes!("../../nets/pom.gnn"), include_bytes!("../../nets/minipom.gnn")];
        for v in Variant::ALL {
            let header = u64::from_le_bytes(embedded[v.index()][16..24].try_into().unwrap());
            assert_eq!(layout_hash(v), header, "{}", v.name());
        }
        assert_eq!(Variant::ALL.map(layout_hash), [0xb703_7f05_638a_41b4, 0x07a9_0c0e_25d3_1340]);
    }

    /// The hash is the table's: a change to any block (its index, pieces
    /// or factor), a block added or removed, the blocks reordered or
    /// another board each give another hash.
    #[test]
    fn every_change_to_the_table_changes_the_hash() {
        let hash = |blocks: &[Block]| fnv1a(&describe(Variant::Pom, blocks));
        let mut tables = vec![BLOCKS.to_vec()];
        for b in 0..BLOCKS.len() {
            let mut t = BLOCKS.to_vec();
            t[b].factor = !t[b].factor;
            tables.push(t);
            let mut t = BLOCKS.to_vec();
            t[b].when = if t[b].when == When::Always { When::Morph } else { When::Always };
            tables.push(t);
            let mut t = BLOCKS.to_vec();
            t[b].key = if t[b].key == Key::Square { Key::KindSquare } else { Key::Square };
            tables.push(t);
            let mut t = BLOCKS.to_vec();
            t.remove(b);
            tables.push(t);
        }
        let mut t = BLOCKS.to_vec();
        t.swap(1, 2);
        tables.push(t);
        let mut t = BLOCKS.to_vec();
        t.push(Block {
            name: "bucket",
            key: Key::Kind,
            when: When::Always,
            factor: false,
        });
        tables.push(t);
        let mut hashes: Vec<u64> = tables.iter().map(|t| hash(t)).collect();
        hashes.push(fnv1a(&describe(Variant::MiniPom, &BLOCKS)));
        let count = hashes.len();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), count, "two tables share a hash");
    }

    /// The table numbers the inputs densely: the pieces it allows, on every
    /// square, turn on every input below `inputs` and no other, and their
    /// factors are every factor input; mirroring keeps an input in its
    /// block and a factor on the mirror's factor.
    #[test]
    fn the_table_numbers_every_input() {
        for variant in Variant::ALL {
            let (n, total) = (squares(variant), inputs(variant));
            let mut seen = vec![false; total + FACTORS];
            let mut buf = [0u16; MAX_PER_PIECE];
            for sq in 0..n {
                for side in 0..2 {
                    for kind in 0..Kind::COUNT {
                        for (morph, petrified) in [(false, false), (true, false), (false, true), (true, true)] {
                            let len = block_inputs(n, side, kind, sq, morph, petrified, &mut buf);
                            assert_eq!(len, 1 + morph as usize + 2 * petrified as usize);
                            for &i in &buf[..len] {
                                assert!((i as usize) < total, "{variant:?} input {i}");
                                seen[i as usize] = true;
                                if let Some(f) = factor(variant, i) {
                                    assert!((total..total + FACTORS).contains(&(f as usize)));
                                    seen[f as usize] = true;
                                }
                                let m = mirror_input(variant, i);
                                assert_eq!(block_of(variant, m), block_of(variant, i));
                                assert_eq!(factor(variant, m), factor(variant, i));
                            }
                        }
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "{variant:?}: an input no piece turns on");
            assert_eq!(factor(variant, total as u16), None);
        }
        assert_eq!((MAX_PER_PIECE, FACTORS), (4, 24));
    }

    #[test]
    fn layouts_differ_by_variant() {
        assert_ne!(layout_hash(Variant::Pom), layout_hash(Variant::MiniPom));
        assert_eq!(inputs(Variant::Pom), 2924);
        assert_eq!(inputs(Variant::MiniPom), 1964);
    }
}
