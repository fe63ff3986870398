//! The two games: their boards, start positions, special squares and the
//! attack tables built once per board.

use super::bitboard::{bit, Bitboard};
use super::piece::{Color, Kind};
use crate::text::coord;
use std::fmt;
use std::sync::LazyLock;

/// A game Gorgon plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Pillars of Medusa, 11x11 (the default).
    Pom,
    /// Mini-POM, 9x9.
    MiniPom,
}

impl Variant {
    /// Both variants.
    pub const ALL: [Variant; 2] = [Variant::Pom, Variant::MiniPom];

    /// 0 for Pillars of Medusa, 1 for Mini-POM: the index of per-variant
    /// tables, and the variant's code in the files that store one (nets,
    /// G2 data, training checkpoints).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The variant of an [`index`](Variant::index), or `None`.
    pub fn from_index(index: usize) -> Option<Variant> {
        Variant::ALL.get(index).copied()
    }

    /// The `UCI_Variant` name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Pom => "pom",
            Variant::MiniPom => "minipom",
        }
    }

    /// The variant of a `UCI_Variant` name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Variant> {
        match name.trim().to_ascii_lowercase().as_str() {
            "pom" => Some(Variant::Pom),
            "minipom" => Some(Variant::MiniPom),
            _ => None,
        }
    }

    /// The start position (RULES.md 3).
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Pom => "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHT w AKak - 0 1",
            Variant::MiniPom => "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1",
        }
    }

    /// The pieces of a side's army at the start, King included. Pieces are
    /// never added (a promotion replaces its Sword), so no game position
    /// has more; the move list's capacity rests on that (`MAX_MOVES`).
    pub const fn army(self) -> u32 {
        let fen = self.start_fen().as_bytes();
        let (mut pieces, mut i) = (0, 0);
        while fen[i] != b' ' {
            if fen[i].is_ascii_uppercase() {
                pieces += 1;
            }
            i += 1;
        }
        pieces
    }

    /// True if pieces of `kind` (plain or as a Morph's form) can exist in
    /// this variant: Mini-POM has no Mounted Advisor, Serpent or Pillar
    /// (RULES.md 2), so no capture can give a Morph those forms either.
    pub const fn has_kind(self, kind: Kind) -> bool {
        match self {
            Variant::Pom => true,
            Variant::MiniPom => !matches!(kind, Kind::MountedAdvisor | Kind::Serpent | Kind::Pillar),
        }
    }

    /// The board and its tables.
    pub fn geometry(self) -> &'static Geometry {
        match self {
            Variant::Pom => &POM,
            Variant::MiniPom => &MINIPOM,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

static POM: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(Variant::Pom));
static MINIPOM: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(Variant::MiniPom));

/// Slider directions. The first four step to higher square indices, the
/// last four to lower ones (the slider lookup relies on this split).
pub const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];
/// Marks "not on a common line" in `Geometry::direction`.
pub const NO_DIRECTION: u8 = 0xFF;

/// A board with everything that depends only on its size: square names,
/// attack tables, start squares and the rights each square guards.
pub struct Geometry {
    pub variant: Variant,
    pub files: u8,
    pub ranks: u8,
    /// Number of squares.
    pub squares: u8,
    /// Every square of the board.
    pub all: Bitboard,
    /// Squares reached from a square going in a direction to the edge
    /// (index 127 is the empty sentinel).
    pub rays: [[Bitboard; 128]; 8],
    pub horse: [Bitboard; 128],
    pub king: [Bitboard; 128],
    /// The first (a) and the last file, for `neighbours`' shifts.
    pub first_file: Bitboard,
    pub last_file: Bitboard,
    /// Squares at king distance 1 to 3: the Medusa's reach box.
    pub medusa_box: [Bitboard; 128],
    /// Squares a Sword of the colour captures on from a square.
    pub sword_captures: [[Bitboard; 128]; 2],
    /// `direction[a][b]`: the direction index from `a` to `b`, or `NO_DIRECTION`.
    pub direction: Vec<[u8; 128]>,
    /// The last rank of each colour (promotion rank).
    pub last_rank: [Bitboard; 2],
    /// Squares from which a Sword of the colour may make a double step
    /// (RULES.md 4: POM below relative rank 4, Mini-POM relative rank 2).
    pub double_step: [Bitboard; 2],
    /// Each side's back rank.
    pub back_rank: [Bitboard; 2],
    /// The King's start square per colour.
    pub king_start: [u8; 2],
    /// Rights (bit layout of `Rights`) that vanish when a move starts or ends on a square.
    pub rights_guard: [u32; 128],
}

impl Geometry {
    fn new(variant: Variant) -> Geometry {
        let (files, ranks) = match variant {
            Variant::Pom => (11u8, 11u8),
            Variant::MiniPom => (9, 9),
        };
        let squares = files * ranks;
        let on = |f: i32, r: i32| f >= 0 && r >= 0 && f < files as i32 && r < ranks as i32;
        let sq = |f: i32, r: i32| (r * files as i32 + f) as u8;
        let mut g = Geometry {
            variant,
            files,
            ranks,
            squares,
            all: if squares == 128 { !0 } else { (1u128 << squares) - 1 },
            rays: [[0; 128]; 8],
            horse: [0; 128],
            king: [0; 128],
            first_file: (0..ranks).fold(0, |acc, r| acc | bit(r * files)),
            last_file: (0..ranks).fold(0, |acc, r| acc | bit(r * files + files - 1)),
            medusa_box: [0; 128],
            sword_captures: [[0; 128]; 2],
            direction: vec![[NO_DIRECTION; 128]; 128],
            last_rank: [0; 2],
            double_step: [0; 2],
            back_rank: [0; 2],
            king_start: [0; 2],
            rights_guard: [0; 128],
        };
        for s in 0..squares {
            let (f, r) = ((s % files) as i32, (s / files) as i32);
            for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                let (mut x, mut y) = (f + df as i32, r + dr as i32);
                while on(x, y) {
                    g.rays[d][s as usize] |= bit(sq(x, y));
                    g.direction[s as usize][sq(x, y) as usize] = d as u8;
                    x += df as i32;
                    y += dr as i32;
                }
            }
            for (df, dr) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
                if on(f + df, r + dr) {
                    g.horse[s as usize] |= bit(sq(f + df, r + dr));
                }
            }
            for df in -3i32..=3 {
                for dr in -3i32..=3 {
                    if (df, dr) != (0, 0) && on(f + df, r + dr) {
                        let t = bit(sq(f + df, r + dr));
                        g.medusa_box[s as usize] |= t;
                        if df.abs() <= 1 && dr.abs() <= 1 {
                            g.king[s as usize] |= t;
                        }
                    }
                }
            }
            for (color, dr) in [(Color::White, 1), (Color::Black, -1)] {
                for df in [-1, 1] {
                    if on(f + df, r + dr) {
                        g.sword_captures[color.index()][s as usize] |= bit(sq(f + df, r + dr));
                    }
                }
            }
            let relative = [r + 1, ranks as i32 - r];
            for color in Color::ALL {
                let rel = relative[color.index()];
                let allowed = match variant {
                    Variant::Pom => rel < 4,
                    Variant::MiniPom => rel == 2,
                };
                if allowed {
                    g.double_step[color.index()] |= bit(s);
                }
                if rel == ranks as i32 {
                    g.last_rank[color.index()] |= bit(s);
                }
                if rel == 1 {
                    g.back_rank[color.index()] |= bit(s);
                }
            }
        }
        let last_file = files - 1;
        let king_file = match variant {
            Variant::Pom => 5,
            Variant::MiniPom => 4,
        };
        for color in Color::ALL {
            let home = if color == Color::White { 0 } else { ranks - 1 };
            let at = |file: u8| (home * files + file) as usize;
            g.king_start[color.index()] = at(king_file) as u8;
            let castling = Rights::file(color, 0) | Rights::file(color, last_file);
            g.rights_guard[at(king_file)] |= castling;
            g.rights_guard[at(0)] |= Rights::file(color, 0);
            g.rights_guard[at(last_file)] |= Rights::file(color, last_file);
            if variant == Variant::MiniPom {
                for file in SWAP_FILES {
                    g.rights_guard[at(file)] |= Rights::file(color, file);
                }
            }
        }
        g
    }

    /// The square at `file` (0 = a) and `rank` (0 = rank 1).
    #[inline(always)]
    pub const fn square(&self, file: u8, rank: u8) -> u8 {
        rank * self.files + file
    }

    /// The squares a King step away from some square of `set`: the union
    /// of `king[sq]` over `set` (a square of `set` is in it only if it
    /// touches another), by eight masked shifts instead of a loop, so a
    /// large set (the squares a Medusa reaches) costs no more than one.
    #[inline(always)]
    pub fn neighbours(&self, set: Bitboard) -> Bitboard {
        let files = self.files as u32;
        let sideways = ((set << 1) & !self.first_file & self.all) | ((set >> 1) & !self.last_file);
        let row = set | sideways;
        (sideways | (row << files) | (row >> files)) & self.all
    }

    /// File of a square, 0 = a.
    #[inline(always)]
    pub const fn file_of(&self, sq: u8) -> u8 {
        sq % self.files
    }

    /// Rank of a square, 0 = rank 1.
    #[inline(always)]
    pub const fn rank_of(&self, sq: u8) -> u8 {
        sq / self.files
    }

    /// A square as written (`a1` .. `k11`).
    pub fn coord(&self, sq: u8) -> coord::Square {
        coord::Square::new(self.file_of(sq), self.rank_of(sq) + 1).expect("board squares are at most 26 files and 99 ranks")
    }

    /// A square's name, `a1` .. `k11`.
    pub fn square_name(&self, sq: u8) -> String {
        self.coord(sq).to_string()
    }

    /// The board square of a written square; `None` off this board.
    pub fn square_of(&self, written: coord::Square) -> Option<u8> {
        let (file, rank) = (written.file(), written.rank());
        (file < self.files && (1..=self.ranks).contains(&rank)).then(|| self.square(file, rank - 1))
    }

    /// Parses `a1` .. `k11` (lowercase or uppercase) on this board, with
    /// the one square reader, [`coord::Square`]'s.
    pub fn parse_square(&self, text: &str) -> Option<u8> {
        self.square_of(text.parse().ok()?)
    }

    /// Squares strictly between two squares on a common line; empty otherwise.
    #[inline(always)]
    pub fn between(&self, a: u8, b: u8) -> Bitboard {
        let d = self.direction[a as usize][b as usize];
        if d == NO_DIRECTION {
            0
        } else {
            self.rays[d as usize][a as usize] & !self.rays[d as usize][b as usize] & !bit(b)
        }
    }

    /// The whole line through two squares on a common line; empty otherwise.
    #[inline(always)]
    pub fn line(&self, a: u8, b: u8) -> Bitboard {
        let d = self.direction[a as usize][b as usize];
        if d == NO_DIRECTION {
            0
        } else {
            let back = (d as usize + 4) % 8;
            self.rays[d as usize][a as usize] | self.rays[back][a as usize] | bit(a)
        }
    }

    /// Castling: the King's and the Tower's squares, the King's and the
    /// Tower's destinations, for the Tower on `tower_file` (0 or the last).
    pub fn castling(&self, color: Color, tower_file: u8) -> Castling {
        let king = self.king_start[color.index()];
        let tower = king - self.file_of(king) + tower_file;
        match self.variant {
            // The King and the Tower trade places (RULES.md 7).
            Variant::Pom => Castling {
                king,
                tower,
                king_to: tower,
                tower_to: king,
            },
            // The King moves three squares, the Tower lands next to it on the crossed side.
            Variant::MiniPom => {
                let (king_to, tower_to) = if tower_file == 0 {
                    (king - 3, king - 2)
                } else {
                    (king + 3, king + 2)
                };
                Castling {
                    king,
                    tower,
                    king_to,
                    tower_to,
                }
            }
        }
    }
}

/// The Mini-POM swap rights' files: the Morphs on c and g, the Medusa on f.
pub const SWAP_FILES: [u8; 3] = [2, 5, 6];
/// The Medusa's file in Mini-POM.
pub const MEDUSA_FILE: u8 = 5;

/// The squares of one castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    pub king: u8,
    pub tower: u8,
    pub king_to: u8,
    pub tower_to: u8,
}

/// Castling and swap rights (RULES.md 10.2, 10.3): one bit per file per
/// side, White in bits 0..16, Black in bits 16..32, as the FEN's letters.
pub struct Rights;

impl Rights {
    /// The bit of `color`'s right on `file`.
    #[inline(always)]
    pub const fn file(color: Color, file: u8) -> u32 {
        1 << (file as u32 + 16 * color.index() as u32)
    }

    /// RULES.md 10.3: a Medusa right needs a Morph right and a Morph right
    /// needs the Medusa right; rights that lose their partner go.
    pub fn normalize_swaps(rights: u32) -> u32 {
        let mut r = rights;
        for color in Color::ALL {
            let medusa = Rights::file(color, MEDUSA_FILE);
            let morphs = Rights::file(color, SWAP_FILES[0]) | Rights::file(color, SWAP_FILES[2]);
            if r & medusa == 0 || r & morphs == 0 {
                r &= !(medusa | morphs);
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for v in Variant::ALL {
            let g = v.geometry();
            for s in 0..g.squares {
                assert_eq!(g.parse_square(&g.square_name(s)), Some(s));
            }
            assert_eq!(g.parse_square("a0"), None);
            assert_eq!(g.parse_square("a01"), None);
            assert_eq!(g.parse_square(""), None);
        }
        let g = Variant::Pom.geometry();
        assert_eq!(g.parse_square("k11"), Some(120));
        assert_eq!(g.parse_square("l1"), None);
        assert_eq!(g.parse_square("a12"), None);
        assert_eq!(Variant::MiniPom.geometry().parse_square("a10"), None);
    }

    #[test]
    fn neighbours_is_the_union_of_king_steps() {
        let mut rng = crate::rng::SplitMix64::new(7);
        for v in Variant::ALL {
            let g = v.geometry();
            let every_single = (0..g.squares).map(bit);
            let edges = [g.all, g.first_file, g.last_file, g.first_file | g.last_file, 0];
            let random = (0..2000).map(|i| {
                let density = 1 + i % 4; // sparse to dense sets
                (0..g.squares).filter(|_| rng.below(8) < density).fold(0, |acc, s| acc | bit(s))
            });
            for set in every_single.chain(edges).chain(random.collect::<Vec<_>>()) {
                let by_loop = crate::bitboard::squares(set).fold(0, |acc, s| acc | g.king[s as usize]);
                assert_eq!(g.neighbours(set), by_loop, "{v:?} set {set:#x}");
            }
        }
    }

    #[test]
    fn between_and_line() {
        let g = Variant::Pom.geometry();
        let a1 = g.parse_square("a1").unwrap();
        let d4 = g.parse_square("d4").unwrap();
        let b2 = g.parse_square("b2").unwrap();
        let c3 = g.parse_square("c3").unwrap();
        assert_eq!(g.between(a1, d4), bit(b2) | bit(c3));
        assert_eq!(g.between(d4, a1), bit(b2) | bit(c3));
        assert_eq!(g.between(a1, g.parse_square("b3").unwrap()), 0);
        assert_eq!(g.line(a1, c3).count_ones(), 11);
    }

    #[test]
    fn castling_squares() {
        let g = Variant::MiniPom.geometry();
        let c = g.castling(Color::White, 8);
        assert_eq!(g.square_name(c.king_to), "h1");
        assert_eq!(g.square_name(c.tower_to), "g1");
        let c = g.castling(Color::Black, 0);
        assert_eq!(g.square_name(c.king_to), "b9");
        assert_eq!(g.square_name(c.tower_to), "c9");
        let g = Variant::Pom.geometry();
        let c = g.castling(Color::White, 10);
        assert_eq!(g.square_name(c.king_to), "k1");
        assert_eq!(g.square_name(c.tower_to), "f1");
    }

    /// The index is the one the stored files use (nets, G2, checkpoints):
    /// Pillars of Medusa 0, Mini-POM 1, and nothing else is a variant.
    #[test]
    fn index_round_trips_and_is_the_file_code() {
        assert_eq!(Variant::Pom.index(), 0);
        assert_eq!(Variant::MiniPom.index(), 1);
        for v in Variant::ALL {
            assert_eq!(Variant::from_index(v.index()), Some(v));
        }
        assert_eq!(Variant::from_index(2), None);
    }
}
