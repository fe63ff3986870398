//! The evaluation, in centipawns: a sum of weighted features, tapered
//! between middlegame and endgame by the material left.
//!
//! Every weight is a parameter of `params` (a middlegame/endgame pair),
//! and the numbers are in `weights.rs`, fitted per variant by `gorgon tune`
//! on self-play data (docs/TUNING.md). [`features`] walks the position once
//! and hands each feature to a [`Sink`]: the engine's sink sums the
//! weights, the tuner's records the coefficients, the breakdown sorts them
//! by term. So the evaluation the engine plays with and the function the
//! tuner fits are the same code.
//!
//! # Features
//!
//! - Material: per kind (a Morph counts its form), plus a Morph's extra by
//!   form; placement: a table per kind and square, folded left-right.
//! - Mobility of active pieces: squares attacked that are not their own
//!   and where they would not be petrified on arrival (next to an enemy
//!   Medusa); a Morph's capture targets, by the kind it could turn into.
//! - Swords: isolated, doubled, passed (by steps left; blocked or not).
//! - Petrification: a frozen piece by kind, more when attacked (defended or
//!   hanging); a Medusa attacked; an active piece an enemy Medusa could
//!   freeze with her next move.
//! - King safety: attacks on the King's zone by kind, a danger table by
//!   attack units (two attackers or more), Sword shelter, and a Medusa's
//!   distance to the enemy King.
//! - Tempo for the side to move.
//!
//! The game phase comes from fixed kind weights (`params::PHASE`) so that
//! the evaluation stays linear in the tuned weights.

pub mod params;
mod weights;

use crate::wdl::WdlModel;
use params::{Index, Term, COUNT, S};
use rules::{attacks, bit, squares, Bitboard, Color, Geometry, Kind, Piece, Position, Variant};
use std::fmt::Write;
use std::sync::LazyLock;

/// Receives the features of a position: `count` times parameter `index`
/// for the side `color` (0 White, 1 Black).
pub trait Sink {
    fn add(&mut self, color: usize, index: usize, count: i32);

    /// A piece other than the King: its material, its Morph bonus and its
    /// placement (`pst`, the colour's placement-table index). The
    /// engine's sink takes the three from one precomputed sum.
    #[inline(always)]
    fn piece(&mut self, color: usize, kind: usize, morph: bool, pst: usize) {
        self.add(color, params::MATERIAL + kind, 1);
        if morph {
            self.add(color, params::MORPH + kind, 1);
        }
        self.add(color, params::PST + kind * params::PST_SIZE + pst, 1);
    }
}

/// The weights of a variant.
#[inline(always)]
pub fn weights(variant: Variant) -> &'static [S; COUNT] {
    match variant {
        Variant::Pom => &weights::POM,
        Variant::MiniPom => &weights::MINIPOM,
    }
}

/// The compiled win/draw/loss model of a variant.
pub fn wdl_model(variant: Variant) -> &'static WdlModel {
    match variant {
        Variant::Pom => &weights::POM_WDL,
        Variant::MiniPom => &weights::MINIPOM_WDL,
    }
}

/// Where the win/draw/loss models come from (the tuner's note).
pub fn wdl_source() -> &'static str {
    weights::WDL_SOURCE
}

/// Where the weights of a variant come from (the tuner's note).
pub fn weights_source(variant: Variant) -> &'static str {
    match variant {
        Variant::Pom => weights::POM_SOURCE,
        Variant::MiniPom => weights::MINIPOM_SOURCE,
    }
}

/// The value of `piece` in `variant` (middlegame material; the King
/// counts 0).
#[inline(always)]
pub fn piece_value(variant: Variant, piece: Piece) -> i32 {
    let w = weights(variant);
    let k = piece.kind() as usize;
    if piece.is_morph() {
        w[params::MATERIAL + k].0 + w[params::MORPH + k].0
    } else {
        w[params::MATERIAL + k].0
    }
}

/// The value of a kind (a Morph's form) without the Morph's extra: what
/// move ordering and pruning weigh captures with.
#[inline(always)]
pub(crate) fn kind_value(variant: Variant, kind: Kind) -> i32 {
    weights(variant)[params::MATERIAL + kind as usize].0
}

/// Square tables of one board, built once.
struct Board {
    /// Index into a kind's placement table, per colour and square.
    pst: [[u8; 128]; 2],
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
    /// Phase weight of the start position's pieces.
    start_phase: i32,
}

impl Board {
    fn new(variant: Variant) -> Board {
        let g = variant.geometry();
        let (files, ranks) = (g.files as i32, g.ranks as i32);
        let mut b = Board {
            pst: [[0; 128]; 2],
            relative_rank: [[0; 128]; 2],
            file: [0; 16],
            adjacent_files: [0; 16],
            passed_span: [[0; 128]; 2],
            front: [[127; 128]; 2],
            start_phase: phase_weight(&Position::startpos(variant)),
        };
        for sq in 0..g.squares {
            let (f, r) = (g.file_of(sq) as i32, g.rank_of(sq) as i32);
            let folded = f.min(files - 1 - f) as usize;
            for (c, rel) in [r, ranks - 1 - r].into_iter().enumerate() {
                b.relative_rank[c][sq as usize] = rel;
                b.pst[c][sq as usize] = (rel as usize * params::PST_FILES + folded) as u8;
            }
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
        &BOARDS[variant.index()]
    }
}

/// The phase weight of the pieces on the board.
fn phase_weight(pos: &Position) -> i32 {
    Kind::ALL
        .iter()
        .map(|&k| params::PHASE[k as usize] * pos.kind_bb(k).count_ones() as i32)
        .sum()
}

/// The game phase of `pos`: 256 with the start's officers, 0 with Swords
/// and Kings alone.
pub fn phase(pos: &Position) -> i32 {
    let board = Board::of(pos.variant());
    (phase_weight(pos) * 256 / board.start_phase.max(1)).clamp(0, 256)
}

/// Chebyshev distance between two squares.
#[inline(always)]
fn distance(g: &Geometry, a: u8, b: u8) -> i32 {
    let df = (g.file_of(a) as i32 - g.file_of(b) as i32).abs();
    let dr = (g.rank_of(a) as i32 - g.rank_of(b) as i32).abs();
    df.max(dr)
}

/// Blends a middlegame and an endgame value; `phase` is 256 at the start.
#[inline(always)]
fn blend(s: S, phase: i32) -> i32 {
    (s.0 * phase + s.1 * (256 - phase)) / 256
}

/// Per variant, Morph or not, kind and placement index: material + Morph
/// bonus + placement, the three weights `Sink::piece` adds, summed once.
type PieceTable = [[S; Kind::COUNT * params::PST_SIZE]; 2];

fn piece_table(variant: Variant) -> &'static PieceTable {
    fn build(w: &[S; COUNT]) -> PieceTable {
        let mut t = [[S::default(); Kind::COUNT * params::PST_SIZE]; 2];
        for (morph, table) in t.iter_mut().enumerate() {
            for (i, entry) in table.iter_mut().enumerate() {
                let k = i / params::PST_SIZE;
                *entry = w[params::MATERIAL + k] + w[params::PST + i];
                if morph == 1 {
                    *entry += w[params::MORPH + k];
                }
            }
        }
        t
    }
    static TABLES: LazyLock<[PieceTable; 2]> = LazyLock::new(|| [build(&weights::POM), build(&weights::MINIPOM)]);
    &TABLES[variant.index()]
}

/// The engine's sink: sums the weights per side.
struct Sum {
    w: &'static [S; COUNT],
    pieces: &'static PieceTable,
    side: [S; 2],
}

impl Sink for Sum {
    #[inline(always)]
    fn add(&mut self, color: usize, index: usize, count: i32) {
        self.side[color] += self.w[index] * count;
    }

    #[inline(always)]
    fn piece(&mut self, color: usize, kind: usize, morph: bool, pst: usize) {
        self.side[color] += self.pieces[usize::from(morph)][kind * params::PST_SIZE + pst];
    }
}

/// The static evaluation from the side to move's view, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let mut sum = Sum {
        w: weights(pos.variant()),
        pieces: piece_table(pos.variant()),
        side: [S::default(); 2],
    };
    let phase = features(pos, &mut sum);
    let white = blend(sum.side[0], phase) - blend(sum.side[1], phase);
    if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    }
}

/// Sorts the weighted features by term.
struct ByTerm {
    w: &'static [S; COUNT],
    terms: [[S; 2]; Term::ALL.len()],
}

impl Sink for ByTerm {
    fn add(&mut self, color: usize, index: usize, count: i32) {
        let term = params::group_of(index).term;
        self.terms[term as usize][color] += self.w[index] * count;
    }
}

/// A table of every term for White, Black and their difference, then the
/// total from White's and from the side to move's view.
pub fn eval_breakdown(pos: &Position) -> String {
    let mut by_term = ByTerm {
        w: weights(pos.variant()),
        terms: [[S::default(); 2]; Term::ALL.len()],
    };
    let phase = features(pos, &mut by_term);
    let mut s = String::new();
    let _ = writeln!(s, "{:<15}{:>8}{:>8}{:>8}", "Term", "White", "Black", "Total");
    let _ = writeln!(s, "{}", "-".repeat(39));
    let mut total = 0;
    for (term, v) in Term::ALL.iter().zip(by_term.terms.iter()) {
        let (w, b) = (blend(v[0], phase), blend(v[1], phase));
        total += w - b;
        let _ = writeln!(s, "{:<15}{:>8}{:>8}{:>8}", term.name(), w, b, w - b);
    }
    let _ = writeln!(s, "{}", "-".repeat(39));
    let _ = writeln!(s, "{:<31}{:>8}", "Total (White's view)", total);
    let _ = writeln!(s, "Phase: {phase}/256");
    let _ = write!(s, "Evaluation (side to move): {} cp", evaluate(pos));
    s
}

/// Fixed attack units per kind for the King danger table (the table's
/// weights are tuned, these only place a position in a bucket).
const DANGER_UNITS: [i32; Kind::COUNT] = [1, 2, 2, 3, 5, 4, 6, 4, 3, 0];

/// Hands every feature of `pos` to `sink`; returns the game phase (256 at
/// the start, 0 with Swords and Kings alone).
pub fn features(pos: &Position, sink: &mut impl Sink) -> i32 {
    use params::*;
    let g = pos.geometry();
    let board = Board::of(pos.variant());
    let occ = pos.occupied();
    let kings = pos.kind_bb(Kind::King);
    let medusas = pos.kind_bb(Kind::Medusa);
    let zones = Color::ALL.map(|c| {
        let k = pos.king_square(c);
        g.king[k as usize] | bit(k)
    });
    // Squares where a piece of the other side would be petrified on arrival.
    let gazes = Color::ALL.map(|c| g.neighbours(pos.medusas(c)));
    let mut units = [0i32; 2];
    let mut attackers = [0i32; 2];

    for color in Color::ALL {
        let c = color.index();
        let them = (!color).index();
        let own = pos.pieces(color);
        let enemy = pos.pieces(!color);
        let petrified = pos.petrified(color);
        for sq in squares(own & !kings) {
            let p = pos.piece_at(sq);
            let k = p.kind() as usize;
            sink.piece(c, k, p.is_morph(), board.pst[c][sq as usize] as usize);
            if petrified & bit(sq) != 0 {
                // Frozen: it cannot flee, so an attack on it is serious.
                sink.add(c, FROZEN + k, 1);
                if pos.attacked_by(sq, !color) != 0 {
                    let defended = pos.attacked_by(sq, color) != 0;
                    sink.add(c, if defended { FROZEN_DEFENDED } else { FROZEN_HANGING } + k, 1);
                }
                continue;
            }
            if k == Kind::Sword as usize {
                continue;
            }
            let att = attacks::of(g, p.kind(), color, sq, occ);
            let unsafe_squares = if p.is_medusa_type() { 0 } else { gazes[them] };
            sink.add(c, MOBILITY + k, (att & !own & !unsafe_squares).count_ones() as i32);
            let near_king = att & zones[them];
            if near_king != 0 {
                let n = near_king.count_ones() as i32;
                sink.add(c, KING_ZONE + k, n);
                units[them] += DANGER_UNITS[k] * (1 + n);
                attackers[them] += 1;
            }
            if p.is_morph() {
                for target in squares(att & enemy & !kings) {
                    sink.add(c, MORPH_TARGETS + pos.piece_at(target).kind() as usize, 1);
                }
            }
        }
    }

    for color in Color::ALL {
        let c = color.index();
        let own = pos.pieces(color);
        swords(pos, board, color, sink);
        let ksq = pos.king_square(color);
        sink.add(c, PST + Kind::King as usize * PST_SIZE + board.pst[c][ksq as usize] as usize, 1);
        if pos.petrified(color) & bit(ksq) != 0 {
            sink.add(c, FROZEN + Kind::King as usize, 1);
        }
        if attackers[c] >= 2 {
            sink.add(c, KING_DANGER + (units[c] as usize / 4).min(DANGER_BUCKETS - 1), 1);
        }
        let shelter = (g.king[ksq as usize] & own & pos.kind_bb(Kind::Sword)).count_ones() as usize;
        sink.add(c, SHELTER + shelter.min(3), 1);
        let enemy_king = pos.king_square(!color);
        for m in squares(pos.medusas(color)) {
            let d = distance(g, m, enemy_king) as usize;
            sink.add(c, MEDUSA_NEAR_KING + d.clamp(1, MEDUSA_DISTANCES) - 1, 1);
            if pos.attacked_by(m, !color) != 0 {
                let defended = pos.attacked_by(m, color) != 0;
                sink.add(c, MEDUSA_ATTACKED + usize::from(!defended), 1);
            }
        }
        // Pieces the enemy Medusas could freeze next move: active, not
        // Medusa-type, not the King, next to a square one of them reaches.
        let exposed = pos.active(color) & own & !kings & !medusas & !gazes[(!color).index()];
        if exposed != 0 {
            let enemy = pos.pieces(!color);
            let reach = squares(pos.medusas(!color)).fold(0, |acc, m| acc | (attacks::medusa(g, m, occ) & !enemy));
            for sq in squares(g.neighbours(reach) & exposed) {
                sink.add(c, GAZE_THREAT + pos.piece_at(sq).kind() as usize, 1);
            }
        }
    }
    sink.add(pos.side_to_move().index(), TEMPO, 1);
    phase(pos)
}

/// Isolated, doubled and passed Swords.
fn swords(pos: &Position, board: &Board, color: Color, sink: &mut impl Sink) {
    use params::*;
    let g = pos.geometry();
    let c = color.index();
    let sword = pos.kind_bb(Kind::Sword);
    let own = sword & pos.pieces(color);
    let their = sword & pos.pieces(!color);
    let occ = pos.occupied();
    for sq in squares(own) {
        let s = sq as usize;
        let f = g.file_of(sq) as usize;
        if own & board.adjacent_files[f] == 0 {
            sink.add(c, ISOLATED, 1);
        }
        if their & board.passed_span[c][s] == 0 {
            let steps = (g.ranks as i32 - 1 - board.relative_rank[c][s]).clamp(1, 10) as usize;
            let blocked = occ & bit(board.front[c][s]) != 0;
            sink.add(c, if blocked { PASSED_BLOCKED } else { PASSED } + steps, 1);
        }
    }
    for f in 0..g.files as usize {
        let count = (own & board.file[f]).count_ones() as i32;
        if count > 1 {
            sink.add(c, DOUBLED, count - 1);
        }
    }
}

/// The weights as the tuner starts from them and `weights.rs` shows them:
/// a name per entry.
pub fn parameter_name(i: usize) -> String {
    let grp = params::group_of(i);
    let j = i - grp.start;
    match grp.index {
        Index::Kind => format!("{}[{}]", grp.name, Kind::ALL[j].name()),
        Index::KindSquare => {
            let (k, sq) = (j / params::PST_SIZE, j % params::PST_SIZE);
            format!(
                "{}[{}][rank {} file {}]",
                grp.name,
                Kind::ALL[k].name(),
                sq / params::PST_FILES + 1,
                sq % params::PST_FILES + 1
            )
        }
        Index::Number if grp.len == 1 => grp.name.to_string(),
        Index::Number => format!("{}[{j}]", grp.name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_balanced() {
        for v in Variant::ALL {
            let pos = Position::startpos(v);
            assert_eq!(evaluate(&pos), weights(v)[params::TEMPO].0, "{v:?}");
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

    #[test]
    fn compiled_wdl_rates_sum_and_move_with_the_score() {
        for variant in Variant::ALL {
            let m = wdl_model(variant);
            for phase in [0, 64, 128, 256] {
                let mut last = [0u32, 0, 1000];
                for v in (-3000..=3000).step_by(25) {
                    let wdl = m.wdl(v, phase);
                    assert_eq!(wdl.iter().sum::<u32>(), 1000, "{wdl:?}");
                    assert!(
                        wdl[0] >= last[0] && wdl[2] <= last[2],
                        "{variant:?} phase {phase} v {v}: {wdl:?} after {last:?}"
                    );
                    last = wdl;
                }
                let (a, _) = m.ab(phase);
                let half = m.win_rate(a, phase);
                assert!((half - 0.5).abs() < 1e-9);
                // 100 at v = a, up to the rounding of v to a whole centipawn.
                let shown = m.normalize(a.round() as i32, phase);
                assert!((shown - 100).abs() as f64 <= 50.0 / a + 0.5, "{shown} at a = {a}");
                let mirrored = m.wdl(-200, phase);
                let straight = m.wdl(200, phase);
                assert!(mirrored[0].abs_diff(straight[2]) <= 1 && mirrored[2].abs_diff(straight[0]) <= 1);
            }
        }
    }
}
