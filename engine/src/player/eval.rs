//! The hand-written evaluation, in centipawns.
//!
//! # Piece values
//!
//! Each value starts from an accepted 8x8 chess value and is scaled by the
//! square root of the piece's mobility gain: the average number of squares
//! it reaches on an empty board of the variant, divided by the same average
//! on 8x8 (a long-range piece gains from a bigger board, a Horse hardly).
//!
//! | piece | 8x8 value (source) | empty-board mobility 8 / 9 / 11 | Mini-POM | POM |
//! |---|---|---|---|---|
//! | Sword | 100 (pawn) | - | 100 | 100 |
//! | Horse | 320 (knight) | 5.25 / 5.53 / 5.95 | 330 | 340 |
//! | Advisor | 330 (bishop) | 8.75 / 10.07 / 12.73 | 355 | 400 |
//! | Tower | 500 (rook) | 14.0 / 16.0 / 20.0 | 535 | 600 |
//! | Queen | 950 | 22.75 / 26.07 / 32.73 | 1020 | 1140 |
//! | Mounted Advisor | 875 (Archbishop, Muller/Kaufman) | 14.0 / 15.6 / 18.68 | 925 | 1010 |
//! | Pillar | 925 (Chancellor) | 19.25 / 21.53 / 25.95 | 980 | 1075 |
//! | Serpent | 1300 (Amazon) | 28.0 / 31.6 / 38.68 | 1380 | 1530 |
//! | Medusa | 750, argued below | 15.88 / 16.69 / 17.92 | 770 | 800 |
//!
//! The Medusa moves as a queen of range three: her 15.9 squares on 8x8
//! equal a rook's, but short-range squares are worth less (a range-limited
//! queen plays like a rook, ~500). Her gaze adds about half a rook: every
//! enemy piece next to her is frozen (cannot move, attack or defend), a
//! King can never approach her, and neither a King nor a Sword can ever
//! capture her. So 750 on 8x8.
//!
//! A Morph is worth its current form plus `MORPH_BONUS` (40) for the option
//! of changing form on every capture.
//!
//! # Terms
//!
//! Material, placement (centralisation by kind, King shelter in the
//! middlegame and centralisation in the endgame), Sword structure (advance,
//! doubled, isolated), passed Swords (a Sword promotes to a Medusa: the
//! bonus grows steeply as it nears the last rank), mobility of active
//! pieces, petrification (frozen own pieces cost a tenth of their value and
//! more; a frozen King and a hanging Medusa cost extra), King safety
//! (attack units on the squares around the King, enemy Medusas within two
//! steps of it, Sword shelter), and tempo. The game phase comes from the
//! non-Sword material left and blends middlegame and endgame weights.

use rules::{attacks, bit, squares, Bitboard, Color, Kind, Piece, Position, Variant};
use std::fmt::Write;
use std::sync::LazyLock;

/// Values by kind (index `Kind as usize`) for Pillars of Medusa and Mini-POM.
const VALUES: [[i32; Kind::COUNT]; 2] = [
    // Sword Horse Advisor Tower Queen MountedAdvisor Serpent Pillar Medusa King
    [100, 340, 400, 600, 1140, 1010, 1530, 1075, 800, 0],
    [100, 330, 355, 535, 1020, 925, 1380, 980, 770, 0],
];
const MORPH_BONUS: i32 = 40;

/// Centralisation weight per step towards the centre, by kind.
const CENTER: [i32; Kind::COUNT] = [0, 7, 3, 1, 2, 4, 2, 3, 6, 0];
/// Mobility weight per reachable square, by kind.
const MOBILITY: [i32; Kind::COUNT] = [0, 4, 3, 2, 1, 2, 1, 2, 3, 0];
/// Attack weight on the enemy King zone, by kind.
const KING_ATTACK: [i32; Kind::COUNT] = [1, 2, 2, 3, 5, 4, 6, 4, 3, 0];
/// Passed Sword bonus by steps left to the last rank (index 0 unused).
const PASSED: [i32; 11] = [0, 300, 180, 105, 60, 35, 20, 12, 8, 5, 5];
const TEMPO: i32 = 15;

/// The evaluation terms, in `eval_breakdown` order.
#[derive(Clone, Copy)]
enum Term {
    Material,
    Placement,
    Swords,
    Passed,
    Mobility,
    Petrification,
    KingSafety,
    Tempo,
}

const TERM_NAMES: [&str; 8] = [
    "Material",
    "Placement",
    "Swords",
    "Passed swords",
    "Mobility",
    "Petrification",
    "King safety",
    "Tempo",
];

/// Per term, per colour.
struct Terms([[i32; 2]; 8]);

impl Terms {
    #[inline(always)]
    fn add(&mut self, term: Term, color: usize, v: i32) {
        self.0[term as usize][color] += v;
    }

    /// White minus Black.
    fn total(&self) -> i32 {
        self.0.iter().map(|t| t[0] - t[1]).sum()
    }
}

/// The value of `piece` in `variant` (the King counts 0).
#[inline(always)]
pub fn piece_value(variant: Variant, piece: Piece) -> i32 {
    let v = kind_value(variant, piece.kind());
    if piece.is_morph() {
        v + MORPH_BONUS
    } else {
        v
    }
}

/// The value of a kind (a Morph's form) without the Morph bonus.
#[inline(always)]
pub(crate) fn kind_value(variant: Variant, kind: Kind) -> i32 {
    VALUES[variant_index(variant)][kind as usize]
}

#[inline(always)]
fn variant_index(variant: Variant) -> usize {
    match variant {
        Variant::Pom => 0,
        Variant::MiniPom => 1,
    }
}

/// Square tables of one board, built once.
struct Board {
    /// Steps left to the centre square's Chebyshev rim: `max_d - distance`.
    center: [i32; 128],
    /// 0-based rank from each colour's own side.
    relative_rank: [[i32; 128]; 2],
    /// Squares of each file.
    file: [Bitboard; 16],
    /// Squares of the neighbouring files.
    adjacent_files: [Bitboard; 16],
    /// Squares on the same and neighbouring files strictly in front of a
    /// Sword of the colour: no enemy Sword there makes it passed.
    passed_span: [[Bitboard; 128]; 2],
    /// The square in front of a Sword of the colour (bit 127 off-board).
    front: [[u8; 128]; 2],
    /// Non-Sword material of both sides at the start.
    start_material: i32,
    /// `piece_value` by `Piece::index`.
    piece_values: [i32; Piece::INDEX_COUNT],
}

impl Board {
    fn new(variant: Variant) -> Board {
        let g = variant.geometry();
        let (files, ranks) = (g.files as i32, g.ranks as i32);
        let (cf, cr) = ((files - 1) / 2, (ranks - 1) / 2);
        let mut b = Board {
            center: [0; 128],
            relative_rank: [[0; 128]; 2],
            file: [0; 16],
            adjacent_files: [0; 16],
            passed_span: [[0; 128]; 2],
            front: [[127; 128]; 2],
            start_material: non_sword_material(&Position::startpos(variant)),
            piece_values: [0; Piece::INDEX_COUNT],
        };
        for color in Color::ALL {
            for kind in Kind::ALL {
                for morph in [false, true] {
                    let p = Piece::with_morph(color, kind, morph);
                    b.piece_values[p.index()] = piece_value(variant, p);
                }
            }
        }
        for sq in 0..g.squares {
            let (f, r) = (g.file_of(sq) as i32, g.rank_of(sq) as i32);
            b.center[sq as usize] = cf - (f - cf).abs().max((r - cr).abs());
            b.relative_rank[0][sq as usize] = r;
            b.relative_rank[1][sq as usize] = ranks - 1 - r;
            b.file[f as usize] |= bit(sq);
        }
        for f in 0..files as usize {
            b.adjacent_files[f] = if f > 0 { b.file[f - 1] } else { 0 } | if f + 1 < files as usize { b.file[f + 1] } else { 0 };
        }
        for sq in 0..g.squares {
            let (f, r) = (g.file_of(sq) as i32, g.rank_of(sq) as i32);
            for other in 0..g.squares {
                let (of, or) = (g.file_of(other) as i32, g.rank_of(other) as i32);
                if (of - f).abs() <= 1 {
                    if or > r {
                        b.passed_span[0][sq as usize] |= bit(other);
                    }
                    if or < r {
                        b.passed_span[1][sq as usize] |= bit(other);
                    }
                }
            }
            if r + 1 < ranks {
                b.front[0][sq as usize] = (sq as i32 + files) as u8;
            }
            if r > 0 {
                b.front[1][sq as usize] = (sq as i32 - files) as u8;
            }
        }
        b
    }

    fn of(variant: Variant) -> &'static Board {
        static BOARDS: LazyLock<[Board; 2]> = LazyLock::new(|| [Board::new(Variant::Pom), Board::new(Variant::MiniPom)]);
        &BOARDS[variant_index(variant)]
    }
}

fn non_sword_material(pos: &Position) -> i32 {
    Color::ALL.iter().map(|&c| material(pos, c, false)).sum()
}

/// Material of `color`, the King counting 0; Swords only if `swords`.
#[inline(always)]
fn material(pos: &Position, color: Color, swords: bool) -> i32 {
    let own = pos.pieces(color);
    let values = &VALUES[variant_index(pos.variant())];
    let first = if swords { 0 } else { 1 };
    let mut m = 0;
    for kind in &Kind::ALL[first..Kind::COUNT - 1] {
        m += values[*kind as usize] * (pos.kind_bb(*kind) & own).count_ones() as i32;
    }
    let mut morphs = pos.morphs() & own;
    if !swords {
        morphs &= !pos.kind_bb(Kind::Sword);
    }
    m + MORPH_BONUS * morphs.count_ones() as i32
}

/// The static evaluation from the side to move's view, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let white = terms(pos).total();
    if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    }
}

/// A table of every term for White, Black and their difference, then the
/// total from White's and from the side to move's view.
pub fn eval_breakdown(pos: &Position) -> String {
    let t = terms(pos);
    let mut s = String::new();
    let _ = writeln!(s, "{:<15}{:>8}{:>8}{:>8}", "Term", "White", "Black", "Total");
    let _ = writeln!(s, "{}", "-".repeat(39));
    for (name, v) in TERM_NAMES.iter().zip(t.0.iter()) {
        let _ = writeln!(s, "{:<15}{:>8}{:>8}{:>8}", name, v[0], v[1], v[0] - v[1]);
    }
    let _ = writeln!(s, "{}", "-".repeat(39));
    let _ = writeln!(s, "{:<31}{:>8}", "Total (White's view)", t.total());
    let _ = write!(s, "Evaluation (side to move): {} cp", evaluate(pos));
    s
}

/// Chebyshev distance between two squares.
#[inline(always)]
fn distance(pos: &Position, a: u8, b: u8) -> i32 {
    let g = pos.geometry();
    let df = (g.file_of(a) as i32 - g.file_of(b) as i32).abs();
    let dr = (g.rank_of(a) as i32 - g.rank_of(b) as i32).abs();
    df.max(dr)
}

/// Blends a middlegame and an endgame value; `phase` is 256 at the start.
#[inline(always)]
fn blend(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (256 - phase)) / 256
}

fn terms(pos: &Position) -> Terms {
    let mut t = Terms([[0; 2]; 8]);
    let g = pos.geometry();
    let variant = pos.variant();
    let board = Board::of(variant);
    let values = &board.piece_values;
    let occ = pos.occupied();
    let zones = Color::ALL.map(|c| {
        let k = pos.king_square(c);
        g.king[k as usize] | bit(k)
    });
    let mut attack_units = [0i32; 2];
    let mut attackers = [0i32; 2];
    let mut officers = 0;
    let kings_and_swords = pos.kind_bb(Kind::King) | pos.kind_bb(Kind::Sword);

    for color in Color::ALL {
        let c = color.index();
        let them = (!color).index();
        let own = pos.pieces(color);
        let petrified = pos.petrified(color);
        let mut material = 0;
        for sq in squares(own & !kings_and_swords) {
            let p = pos.piece_at(sq);
            let kind = p.kind();
            let value = values[p.index()];
            material += value;
            t.add(Term::Placement, c, CENTER[kind as usize] * board.center[sq as usize]);
            if petrified & bit(sq) != 0 {
                // Frozen: it cannot flee, so an attack on it is serious.
                let mut penalty = 20 + value / 10;
                if pos.attacked_by(sq, !color) != 0 {
                    penalty += if pos.attacked_by(sq, color) != 0 { value / 10 } else { value / 3 };
                }
                t.add(Term::Petrification, c, -penalty);
                continue;
            }
            let att = attacks::of(g, kind, color, sq, occ);
            t.add(Term::Mobility, c, MOBILITY[kind as usize] * (att & !own).count_ones() as i32);
            let near_king = att & zones[them];
            if near_king != 0 {
                attack_units[them] += KING_ATTACK[kind as usize] * (1 + near_king.count_ones() as i32);
                attackers[them] += 1;
            }
        }
        officers += material;
        t.add(Term::Material, c, material);
    }
    let phase = (officers * 256 / board.start_material.max(1)).clamp(0, 256);

    for color in Color::ALL {
        let c = color.index();
        swords(pos, board, color, phase, &mut t);
        medusa_safety(pos, color, &mut t);
        let ksq = pos.king_square(color);
        let rel_rank = board.relative_rank[c][ksq as usize];
        let mg = -12 * (rel_rank - 1).max(0);
        let eg = 6 * board.center[ksq as usize];
        t.add(Term::Placement, c, blend(mg, eg, phase));
        if pos.petrified(color) & bit(ksq) != 0 {
            t.add(Term::Petrification, c, -250);
        }
        let units = attack_units[c];
        let mut danger = if attackers[c] >= 2 { (units * units / 32).min(600) } else { 0 };
        let shelter = (g.king[ksq as usize] & pos.pieces(color) & pos.kind_bb(Kind::Sword)).count_ones() as i32;
        danger -= 8 * shelter.min(3);
        t.add(Term::KingSafety, c, -blend(danger, danger / 4, phase));
        for m in squares(pos.medusas(!color)) {
            let threat = match distance(pos, m, ksq) {
                2 => 30,
                3 => 12,
                _ => 0,
            };
            t.add(Term::KingSafety, c, -threat);
        }
    }
    t.add(Term::Tempo, pos.side_to_move().index(), TEMPO);
    t
}

/// Sword advance, doubled and isolated Swords, passed Swords.
fn swords(pos: &Position, board: &Board, color: Color, phase: i32, t: &mut Terms) {
    let g = pos.geometry();
    let c = color.index();
    let sword = pos.kind_bb(Kind::Sword);
    let own = sword & pos.pieces(color);
    let their = sword & pos.pieces(!color);
    let occ = pos.occupied();
    let values = &board.piece_values;
    let frozen = pos.petrified(color);
    for sq in squares(own) {
        let s = sq as usize;
        t.add(Term::Material, c, values[pos.piece_at(sq).index()]);
        if frozen & bit(sq) != 0 {
            t.add(Term::Petrification, c, -20);
        }
        let rel = board.relative_rank[c][s];
        t.add(Term::Swords, c, 4 * (rel - 1).max(0));
        let f = g.file_of(sq) as usize;
        if own & board.adjacent_files[f] == 0 {
            t.add(Term::Swords, c, -10);
        }
        if their & board.passed_span[c][s] == 0 {
            let steps = (g.ranks as i32 - 1 - rel).clamp(1, 10) as usize;
            let mut bonus = PASSED[steps];
            if occ & bit(board.front[c][s]) != 0 {
                bonus /= 2;
            }
            t.add(Term::Passed, c, bonus * (512 - phase) / 512);
        }
    }
    for f in 0..g.files as usize {
        let count = (own & board.file[f]).count_ones() as i32;
        if count > 1 {
            t.add(Term::Swords, c, -12 * (count - 1));
        }
    }
}

/// A Medusa attacked by an active enemy piece is in danger; undefended,
/// she is likely lost.
fn medusa_safety(pos: &Position, color: Color, t: &mut Terms) {
    let c = color.index();
    for sq in squares(pos.medusas(color)) {
        if pos.attacked_by(sq, !color) != 0 {
            let defended = pos.attacked_by(sq, color) != 0;
            let value = piece_value(pos.variant(), pos.piece_at(sq));
            t.add(Term::Petrification, c, if defended { -15 } else { -value / 8 });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_balanced() {
        for v in Variant::ALL {
            let pos = Position::startpos(v);
            assert_eq!(evaluate(&pos), TEMPO, "{v:?}");
            assert!(eval_breakdown(&pos).contains("Material"));
        }
    }

    #[test]
    fn colour_flip_negates() {
        // The sample game after 8.ME x B10 and a Mini-POM middlegame: the
        // evaluation from the side to move's view is symmetric in colour.
        let fens = [
            "t1a1qksmaht/wEww1e2www/h3w(a)2p2/5w1w3/1m4w4/11/4W6/3S1W5/2P3W4/WWWW2PWWWW/THAMQK1MAHT b AKak - 0 8",
            "t3t1k2/3(a)5/w(W)3www1/2w1h4/2eE1(q)3/2H1(E)4/1W7/W4WWW1/T4TK2 w - - 0 1",
        ];
        let variants = [Variant::Pom, Variant::MiniPom];
        for (fen, v) in fens.iter().zip(variants) {
            let pos = Position::from_fen(v, fen).unwrap();
            let flipped = Position::from_fen(v, &flip_fen(fen)).unwrap();
            assert_eq!(evaluate(&pos), evaluate(&flipped), "{fen}");
        }
    }

    /// Mirrors ranks and swaps colours (castling rights dropped).
    fn flip_fen(fen: &str) -> String {
        let parts: Vec<&str> = fen.split(' ').collect();
        let ranks: Vec<String> = parts[0].split('/').rev().map(swap_case).collect();
        let side = if parts[1] == "w" { "b" } else { "w" };
        format!("{} {} - - {} {}", ranks.join("/"), side, parts[4], parts[5])
    }

    fn swap_case(s: &str) -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    }

    #[test]
    fn material_edge_shows() {
        let pos = Position::from_fen(Variant::MiniPom, "4k4/9/9/9/9/9/9/Q8/4K4 w - - 0 1").unwrap();
        assert!(evaluate(&pos) > 800);
    }
}
