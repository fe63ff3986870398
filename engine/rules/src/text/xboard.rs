//! The games as XBoard writes them: the one table of XBoard letters (every
//! piece, Morph forms included, has its own letter and its own XBoard piece
//! type, so its own image), XBoard's FENs, and XBoard's moves: the
//! coordinate moves of the protocol (`b7e10i`) and the SAN of its PGN files
//! (`Mc3`, `Bxa8`, `Pge1`, `O-O`, `Exc1`, `a3a5`, `c11=E`).
//!
//! The engine's CECP loop (`engine/engine/src/xboard/table.rs`) and the PGN reader
//! ([`crate::text::pgn`]) both take their letters from here; docs/XBOARD.md
//! explains the choices.
//!
//! XBoard writes SAN from its own move generator, which knows the pieces
//! only by their Betza moves (`VariantMen`): no gaze, no Morph
//! transformation, no castling in its parent variant. What follows for a
//! reader (XBoard 4.9.1, `moves.c`, `CoordsToAlgebraic`):
//!
//! - a promotion suffix (`=E`) only after a Sword's move: a Morph's
//!   transformation, or a Morph Sword's promotion, is written without one
//!   (`Bxa8`), and only a later move of the piece, under its new letter,
//!   shows what it became;
//! - a move its generator does not have in a fallback form: the piece
//!   letter (none for a Sword), the from-square unless the piece is the
//!   only one of its letter, `x` onto any occupied square, then `=X` for a
//!   promotion (`a3a5`, `Exc1` for the Mini-POM swap, `Fxc2=D`);
//! - castling onto the own Tower as `O-O`/`O-O-O` (POM), and a King move of
//!   three squares in Mini-POM as `O-O` *whichever side* (its test for
//!   "wild" castling on a board of 9 files takes `e1b1` for a short one);
//! - `+` after a move its own check test finds giving check, petrified
//!   pieces included.
//!
//! So [`read_move`] gives every legal move a text can mean, each with a
//! rank: 0 for what XBoard itself reads back (no suffix: no change;
//! `O-O`: toward the last file), 1 for what it may have dropped. The PGN
//! reader keeps the readings the rest of the game allows and takes the
//! best ranked.

use crate::piece::{Color, Kind, Piece};
use crate::text::coord::Square;
use crate::{Move, MoveKind, Position, Variant};

/// XBoard's parent variant for Gorgon's games. It decides the rules XBoard
/// applies when it updates its own board, and only the castling rule
/// matters: in a parent without castling rights, a move onto a piece of
/// the mover's own side swaps the two pieces, which is exactly POM
/// castling (`f1k1`) and the Mini-POM swap (`f1c1`), while a King move
/// of more than one square still takes the nearest piece along (Mini-POM
/// castling, `e1b1`). `fairy` has castling rights and would put the King
/// and Tower of `f1k1` on j1 and i1.
pub const PARENT: &str = "asean";

/// One piece as XBoard knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// What it moves as.
    pub kind: Kind,
    /// A Morph (in form `kind`).
    pub morph: bool,
    /// The white letter (Black: lowercase).
    pub letter: char,
    /// The XBoard piece type (index in XBoard 4.9's piece list), which
    /// selects the image; the King always takes the last (King) slot.
    pub slot: usize,
    /// The image XBoard's default theme shows for that slot.
    pub image: &'static str,
    /// Betza notation of the moves (without the petrification and the
    /// Morph's transformation, which Betza cannot say).
    pub betza: &'static str,
}

const fn entry(kind: Kind, morph: bool, letter: char, slot: usize, image: &'static str, betza: &'static str) -> Entry {
    Entry {
        kind,
        morph,
        letter,
        slot,
        image,
        betza,
    }
}

/// The King's pseudo-slot (the last letter of each half of the table).
pub const KING_SLOT: usize = usize::MAX;

/// The Sword's moves: one step forward, a capture diagonally forward, a
/// double step as the first move (XBoard's `i` cannot say "below the
/// fourth rank", so POM's later double steps show only in the engine's
/// highlights, and XBoard writes them as coordinates, `a3a5`).
const SWORD: &str = "fmWfcFifmnD";

/// The letter no piece may have: XBoard reads an `x` after a move's
/// squares as the start of another leg, not as the piece the move leaves
/// (`parser.c`, `PromoSuffix`), and drops an `x` suffix it has itself
/// (`moves.c`, `backend.c`): a move into a piece lettered X would reach
/// neither XBoard from the engine (`f6d4x`: "Illegal move") nor the engine
/// from XBoard (`f6d4`, the transformation lost).
pub const RESERVED: char = 'X';

/// Every piece of Pillars of Medusa. Plain pieces keep Gorgon's FEN
/// letters; each Morph form has a letter of its own (the Sword form `F`,
/// not [`RESERVED`]).
pub const TABLE: [Entry; 19] = [
    entry(Kind::Sword, false, 'W', 0, "Pawn", SWORD),
    entry(Kind::Horse, false, 'H', 1, "Knight", "N"),
    entry(Kind::Advisor, false, 'A', 2, "Bishop", "B"),
    entry(Kind::Tower, false, 'T', 3, "Rook", "R"),
    entry(Kind::Queen, false, 'Q', 4, "Queen", "Q"),
    entry(Kind::MountedAdvisor, false, 'M', 7, "Archbishop", "BN"),
    entry(Kind::Pillar, false, 'P', 8, "Marshall", "RN"),
    entry(Kind::Serpent, false, 'S', 19, "Cobra", "QN"),
    entry(Kind::Medusa, false, 'E', 35, "Wizard", "Q3"),
    entry(Kind::King, false, 'K', KING_SLOT, "King", "K"),
    entry(Kind::Sword, true, 'F', 22, "Sword", SWORD),
    entry(Kind::Horse, true, 'N', 34, "Pegasus", "N"),
    entry(Kind::Advisor, true, 'B', 13, "CrownedBishop", "B"),
    entry(Kind::Tower, true, 'R', 14, "CrownedRook", "R"),
    entry(Kind::Queen, true, 'D', 15, "Princess", "Q"),
    entry(Kind::MountedAdvisor, true, 'C', 20, "Unicorn", "BN"),
    entry(Kind::Pillar, true, 'I', 25, "Tower", "RN"),
    entry(Kind::Serpent, true, 'Z', 30, "Dragon", "QN"),
    entry(Kind::Medusa, true, 'G', 27, "Hat", "Q3"),
];

/// The entries of a variant (Mini-POM has no Mounted Advisor, Serpent or
/// Pillar, plain or Morph).
pub fn entries(variant: Variant) -> impl Iterator<Item = &'static Entry> {
    TABLE.iter().filter(move |e| variant.has_kind(e.kind))
}

/// The entry of a piece.
pub fn entry_of(piece: Piece) -> &'static Entry {
    let kind = piece.kind();
    let morph = piece.is_morph() && kind != Kind::King;
    // TABLE has every (kind, morph) pair but the Morph King, ruled out above.
    TABLE.iter().find(|e| e.kind == kind && e.morph == morph).unwrap_or(&TABLE[9])
}

/// XBoard's letter for a piece (lowercase for Black).
pub fn letter(piece: Piece) -> char {
    let c = entry_of(piece).letter;
    if piece.color() == Color::Black {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// The piece of an XBoard letter in a variant.
pub fn piece_of(variant: Variant, c: char) -> Option<Piece> {
    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
    let e = entries(variant).find(|e| e.letter == c.to_ascii_uppercase())?;
    Some(Piece::with_morph(color, e.kind, e.morph))
}

/// The `-pieceToCharTable` of a variant: one character per XBoard piece
/// type up to the highest slot used (`.` for unused types), then the
/// King, for White and then for Black.
pub fn piece_to_char(variant: Variant) -> String {
    let used: Vec<&Entry> = entries(variant).filter(|e| e.slot != KING_SLOT).collect();
    let len = used.iter().map(|e| e.slot + 1).max().unwrap_or(0);
    let mut white = vec!['.'; len];
    for e in used {
        white[e.slot] = e.letter;
    }
    white.push('K');
    let black: String = white.iter().map(|c| c.to_ascii_lowercase()).collect();
    white.into_iter().collect::<String>() + &black
}

/// The `VariantMen` tag XBoard writes for a variant: `letter:Betza` per
/// piece in the order of its piece types, the King last.
pub fn variant_men(variant: Variant) -> String {
    let mut es: Vec<&Entry> = entries(variant).collect();
    es.sort_by_key(|e| e.slot);
    es.iter().map(|e| format!("{}:{}", e.letter, e.betza)).collect::<Vec<_>>().join(";")
}

/// A position as an XBoard FEN. The rights field is `-`: XBoard keeps no
/// rights in a parent variant without castling, and the engine keeps them.
pub fn fen(pos: &Position) -> String {
    let side = if pos.side_to_move() == Color::White { 'w' } else { 'b' };
    let placement = pos.placement(|p, out| out.push(letter(p)));
    format!("{placement} {side} - - {} {}", pos.halfmove_clock(), pos.fullmove_number())
}

/// Converts XBoard's FEN placement to Gorgon's (`b` -> `(a)`).
fn gorgon_placement(variant: Variant, text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '/' | '0'..='9' => out.push(c),
            c if c.is_ascii_alphabetic() => {
                let p = piece_of(variant, c).ok_or_else(|| format!("'{c}' is no piece of {variant}"))?;
                out.push_str(&p.fen());
            }
            c => return Err(format!("unexpected '{}' in the placement", c.escape_default())),
        }
    }
    Ok(out)
}

/// Reads an XBoard FEN (`setboard`, a PGN's `[FEN]` tag). XBoard writes no
/// rights in Gorgon's games (`-`, or no field at all in its PGN files) and
/// may leave out the en passant field. The rights are then resolved as
/// XBoard itself does when a FEN has none (`backend.c`, `ParseFEN`:
/// "assume possible unless obviously impossible"): the start position's
/// when the placement is the start placement (White to move), otherwise
/// every castling and swap right whose pieces stand where the right needs
/// them. Rights XBoard did send (Shredder-FEN letters) are taken when
/// Gorgon reads them. Clocks are taken when present.
pub fn parse_fen(variant: Variant, fen: &str) -> Result<Position, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (&placement_text, rest) = fields.split_first().ok_or("empty FEN")?;
    let placement = gorgon_placement(variant, placement_text)?;
    let side = rest.first().copied().unwrap_or("w");
    if side != "w" && side != "b" {
        return Err(format!("side to move '{side}' is neither w nor b"));
    }
    let numbers: Vec<u32> = rest.iter().skip(1).filter_map(|t| t.parse().ok()).collect();
    let (halfmove, fullmove) = match numbers.as_slice() {
        [.., h, f] => (*h, (*f).max(1)),
        [h] => (*h, 1),
        [] => (0, 1),
    };
    let start = Position::startpos(variant);
    let start_fen = start.fen();
    let start_placement = start_fen.split(' ').next().unwrap_or_default();
    if placement == start_placement && side == "w" {
        return Ok(start);
    }
    let with_rights = |rights: &str| Position::from_fen(variant, &format!("{placement} {side} {rights} - {halfmove} {fullmove}"));
    if let Some(sent) = rest.get(1).filter(|r| **r != "-" && r.chars().all(|c| c.is_ascii_alphabetic())) {
        if let Ok(pos) = with_rights(sent) {
            return Ok(pos);
        }
    }
    let g = variant.geometry();
    let letters: String = Color::ALL
        .iter()
        .flat_map(|&color| (0..g.files).map(move |file| (color, file)))
        .map(|(color, file)| {
            let c = (b'a' + file) as char;
            if color == Color::White {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .filter(|c| with_rights(&c.to_string()).is_ok())
        .collect();
    let rights = if letters.is_empty() { "-".to_owned() } else { letters };
    with_rights(&rights).or_else(|_| with_rights("-")).map_err(|e| e.to_string())
}

/// The suffix XBoard needs to show what a move leaves on its destination:
/// the result's letter (lowercase) for a promotion or transformation,
/// nothing else.
pub fn suffix(pos: &Position, m: Move) -> Option<char> {
    matches!(m.kind(), MoveKind::Promotion | MoveKind::Transform).then(|| letter(pos.moved_piece_after(m)).to_ascii_lowercase())
}

/// The legal move from `from` to `to` whose result a suffix letter names
/// (XBoard's coordinate moves, `b7e10i`): a transformation or promotion
/// needs its letter; the mover's own letter, or none, means no change.
pub fn resolve(pos: &Position, from: u8, to: u8, promotion: Option<char>) -> Result<Move, String> {
    let candidates: Vec<Move> = pos
        .legal_move_vec()
        .into_iter()
        .filter(|m| m.from() == from && m.to() == to)
        .collect();
    if candidates.is_empty() {
        // The rules library says why (no piece, petrified, ...).
        let g = pos.geometry();
        let written = crate::text::coord::MoveText::new(g.coord(from), g.coord(to));
        return Err(pos
            .resolve_move(&written)
            .err()
            .map_or_else(|| "illegal here".to_owned(), |e| e.reason));
    }
    let mover = pos.piece_at(from);
    let found = match promotion {
        None => candidates.iter().find(|m| suffix(pos, **m).is_none()),
        Some(c) => candidates.iter().find(|m| match suffix(pos, **m) {
            Some(s) => s.eq_ignore_ascii_case(&c),
            None => letter(mover).eq_ignore_ascii_case(&c),
        }),
    };
    found.copied().ok_or_else(|| {
        let options: Vec<String> = candidates.iter().map(|&m| coordinate(pos, m)).collect();
        format!("say what the piece becomes: {}", options.join(" or "))
    })
}

/// A legal move in XBoard's coordinate form: squares, then the result's
/// letter for a promotion or transformation (`c10c11e`, `b7d8n`, `f1k1`).
pub fn coordinate(pos: &Position, m: Move) -> String {
    let g = pos.geometry();
    let mut out = format!("{}{}", g.square_name(m.from()), g.square_name(m.to()));
    out.extend(suffix(pos, m));
    out
}

/// A legal move as Gorgon writes it for XBoard's PGN files: XBoard's SAN
/// where XBoard reads it back to the same move, else the fallback forms
/// XBoard writes itself, which it reads whatever its own generator says:
///
/// - a piece that is the only one of its letter on its side: `Hc3`,
///   `Bxa8`; another: with its from-square, `Hb1c3` (XBoard disambiguates
///   by its Betza moves, which still see the petrified pieces move);
/// - a Sword: `e4`, `exf5`, and `e3e5` for a double step (XBoard allows
///   it only from a Sword's first square);
/// - castling and the swap with both squares, `Kf1xk1`, `Ke1b1`, `Ef1xc1`
///   (XBoard's `O-O` would be its own chess castling);
/// - `=X` after every promotion and transformation, the result's letter:
///   XBoard reads it after any piece, though it writes it only after a
///   Sword.
pub fn san(pos: &Position, m: Move) -> String {
    let g = pos.geometry();
    let mover = pos.piece_at(m.from());
    let capture = pos.piece_at(m.to()).is_some();
    let x = if capture { "x" } else { "" };
    let to = g.square_name(m.to());
    let from = g.square_name(m.from());
    let mut out = if entry_of(mover).letter == 'W' {
        let double = g.rank_of(m.to()).abs_diff(g.rank_of(m.from())) == 2;
        if capture {
            format!("{}x{to}", &from[..1])
        } else if double {
            format!("{from}{to}")
        } else {
            to
        }
    } else {
        let upper = entry_of(mover).letter;
        let same = crate::bitboard::squares(pos.pieces(mover.color()))
            .filter(|&s| pos.piece_at(s) == mover)
            .count();
        if matches!(m.kind(), MoveKind::Castle | MoveKind::Swap) || same > 1 {
            format!("{upper}{from}{x}{to}")
        } else {
            format!("{upper}{x}{to}")
        }
    };
    if let Some(s) = suffix(pos, m) {
        out.push('=');
        out.push(s.to_ascii_uppercase());
    }
    out
}

/// One legal move a written move may mean, with its rank: 0 for what
/// XBoard reads back itself, 1 for what it may have left unsaid (a
/// transformation without its suffix, Mini-POM castling toward file a
/// written `O-O`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    pub mv: Move,
    pub rank: u8,
}

/// A written move taken apart: `[Piece][file][rank][x|-|:]square[=X]`.
/// The shape of every SAN of the crate: XBoard's (this module) and
/// Gorgon's own ([`crate::text::san`]) differ only in what the letters
/// mean, so both read it here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Written {
    pub(crate) piece: Option<char>,
    pub(crate) from_file: Option<u8>,
    pub(crate) from_rank: Option<u8>,
    pub(crate) to: Square,
    pub(crate) suffix: Option<char>,
}

/// Splits off the result's letter: `=X`, `(X)`, or a letter glued to the
/// destination's rank (`b7e10i`, `c10c11e`).
fn split_suffix(text: &str) -> (&str, Option<char>) {
    let b = text.as_bytes();
    let n = b.len();
    if n >= 2 && b[n - 2] == b'=' && b[n - 1].is_ascii_alphabetic() {
        return (&text[..n - 2], Some(b[n - 1] as char));
    }
    if n >= 3 && b[n - 3] == b'(' && b[n - 1] == b')' && b[n - 2].is_ascii_alphabetic() {
        return (&text[..n - 3], Some(b[n - 2] as char));
    }
    if n >= 3 && b[n - 1].is_ascii_alphabetic() && b[n - 2].is_ascii_digit() {
        return (&text[..n - 1], Some(b[n - 1] as char));
    }
    (text, None)
}

/// Reads the syntax of a written move (no position involved).
pub(crate) fn parse_written(text: &str) -> Option<Written> {
    let (body, suffix) = split_suffix(text);
    let b = body.as_bytes();
    let (piece, rest) = match b.first() {
        Some(c) if c.is_ascii_uppercase() => (Some(*c as char), &b[1..]),
        _ => (None, b),
    };
    // The destination is the last square; what stands before it is the
    // from-square or part of it, and a separator.
    let mut squares: Vec<(usize, Square, usize)> = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        match Square::parse_prefix(&rest[i..]) {
            Some((sq, len)) if rest[i].is_ascii_lowercase() => {
                squares.push((i, sq, len));
                i += len;
            }
            _ => i += 1,
        }
    }
    let &(at, to, len) = squares.last()?;
    if at + len != rest.len() {
        return None;
    }
    let mut head = &rest[..at];
    if let Some((last, init)) = head.split_last() {
        if matches!(last, b'x' | b'-' | b':') {
            head = init;
        }
    }
    let (from_file, digits) = match head.split_first() {
        Some((f, d)) if f.is_ascii_lowercase() => (Some(f - b'a'), d),
        _ => (None, head),
    };
    let from_rank = match digits {
        [] => None,
        d if d.len() <= 2 && d.iter().all(u8::is_ascii_digit) && d[0] != b'0' => Some(d.iter().fold(0u8, |r, c| r * 10 + (c - b'0'))),
        _ => return None,
    };
    Some(Written {
        piece,
        from_file,
        from_rank,
        to,
        suffix,
    })
}

/// Every legal move an XBoard move text may mean, the best ranked first
/// (see [`Reading`]); an error says why there is none. Takes SAN (`Hc3`,
/// `Hhf3`, `Bxa8`, `exf5`, `c11=E`, `O-O`), XBoard's fallback forms (`a3a5`,
/// `Exc1`, `Bb7xe10=I`) and its coordinate moves (`b7e10i`); `+`, `#`,
/// `!` and `?` after the move are ignored.
pub fn read_move(pos: &Position, text: &str) -> Result<Vec<Reading>, String> {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let legal = pos.legal_move_vec();
    let castles = |long: bool| -> Vec<Move> {
        let g = pos.geometry();
        legal
            .iter()
            .copied()
            .filter(|m| m.kind() == MoveKind::Castle && (g.file_of(m.to()) < g.file_of(m.from())) == long)
            .collect()
    };
    let castling = match t {
        "O-O" | "0-0" => Some(false),
        "O-O-O" | "0-0-0" => Some(true),
        _ => None,
    };
    if let Some(long) = castling {
        let mut out: Vec<Reading> = castles(long).into_iter().map(|mv| Reading { mv, rank: 0 }).collect();
        // XBoard writes Mini-POM's e1b1 as O-O (see the module's comment).
        if !long && pos.variant() == Variant::MiniPom {
            out.extend(castles(true).into_iter().map(|mv| Reading { mv, rank: 1 }));
        }
        if out.is_empty() {
            return Err(format!(
                "no castling {} is legal here",
                if long { "toward file a" } else { "toward the last file" }
            ));
        }
        return Ok(out);
    }
    let w = parse_written(t).ok_or_else(|| "neither SAN nor a coordinate move".to_owned())?;
    let g = pos.geometry();
    let to = g.square_of(w.to).ok_or_else(|| format!("{} is not on the board", w.to))?;
    let variant = pos.variant();
    if let Some(p) = w.piece {
        if piece_of(variant, p).is_none() {
            return Err(format!("'{p}' is no piece of {variant}"));
        }
    }
    if let Some(s) = w.suffix {
        if piece_of(variant, s).is_none() {
            return Err(format!("'{s}' after the move is no piece of {variant}"));
        }
    }
    let full_from = w.from_file.is_some() && w.from_rank.is_some();
    let mover_fits = |m: &Move| {
        let c = letter(pos.piece_at(m.from())).to_ascii_uppercase();
        match w.piece {
            Some(p) => c == p,
            // No letter: a Sword's SAN, or XBoard's coordinates of any piece.
            None => full_from || c == 'W',
        }
    };
    let mut out: Vec<Reading> = legal
        .iter()
        .copied()
        .filter(|m| m.to() == to && mover_fits(m))
        .filter(|m| w.from_file.is_none_or(|f| g.file_of(m.from()) == f))
        .filter(|m| w.from_rank.is_none_or(|r| g.rank_of(m.from()) + 1 == r))
        .filter_map(|m| {
            let result = letter(pos.moved_piece_after(m)).to_ascii_uppercase();
            let unchanged = pos.moved_piece_after(m) == pos.piece_at(m.from());
            match w.suffix {
                Some(s) => (s.to_ascii_uppercase() == result).then_some(Reading { mv: m, rank: 0 }),
                None => Some(Reading {
                    mv: m,
                    rank: u8::from(!unchanged),
                }),
            }
        })
        .collect();
    out.sort_by_key(|r| r.rank);
    if out.is_empty() {
        return Err(why_none(pos, &w, to));
    }
    Ok(out)
}

/// Why a written move names no legal move.
fn why_none(pos: &Position, w: &Written, to: u8) -> String {
    let g = pos.geometry();
    let reach: Vec<Move> = pos.legal_move_vec().into_iter().filter(|m| m.to() == to).collect();
    if let (Some(f), Some(r)) = (w.from_file, w.from_rank) {
        if let Some(from) = g.square_of(Square::new(f, r).unwrap_or(w.to)) {
            let written = crate::text::coord::MoveText::new(g.coord(from), g.coord(to));
            if let Err(e) = pos.resolve_move(&written) {
                return e.reason;
            }
        }
    }
    if reach.is_empty() {
        return format!("no legal move goes to {}", g.square_name(to));
    }
    let options: Vec<String> = reach.iter().map(|&m| san(pos, m)).collect();
    format!("no such move; the legal moves to {}: {}", g.square_name(to), options.join(" "))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Two self-play games of Gorgon with every move kind: POM castling,
    /// a Morph taking a Morph, transformations; the Mini-POM swap, castling
    /// toward file a, a transformation into Sword form, a promotion; both
    /// end in mate.
    pub(crate) const POM_GAME: &str = "b1a3 f9j5 j1i3 j5g2(P) f3g2(P) i11h9 k1j1 h9d5 i1j3 d11c9 g2i1 d5b4 h1g2 d10d8 i3h1 e11d10 j3k1 g10e11 d1c3 b4c3 e2c3 f10f9 f2f3 f9d7 c3b1 d7f5 f3i6 f5d3 e1e2 h11g10 i1h3 g11h11 i6i7 j11i9 h3h10 h11h10 i7i9 g10j7 g3g4 f11k11 i9j10";
    pub(crate) const MINIPOM_GAME: &str = "f1c1 g8g6 d2d4 b9a7 c1f4 f9g8 f4c7 g8d5 c7e7 d5d7 e7d7 h9g7 c2c4 a7c6 d7e8 g7e8 b1c3 e8d6 c4c5 d6f5 e2e3 d8d6 g2g4 i8i7 g4f5 c9f6 c3e4 f6d4(W) f2f3 d6c5 f1a6 b8b7 a6c4 c6e5 c4b3 d4d3 h1g3 c5c4 b3a4 d9f7 e4d2 e9b9 f3f4 e5c6 a1c1 c9e9 c1c4 b9a9 d1b1 f7d5 c4c3 d5a5 a4c6(H) b7c6 f5g6 e9d9 c3c6 c8c7 b1c2 d3c2(Q) c6c2 d9d3 g3e4 a5a2 c2c7 d3d6 e4d6 a2a1 e1e2 a1a5 c7h7 a5d5 d6c8 a9b9 c8a7 b9c9 h7c7 c9b8 e2f2 d5d2 f2f3 d2b4 a7c6 b8c7 c6b4 f8f6 b4d5 c7d8 e3e4 g9d6 g1b6 d8c9 i1c1 c9b9 c1e1 d6c7 b6c7(A) i9g9 f4f5 g9c9 e1c1 b9c8 c7e5 c8d7 d5b6 d7e7 e5f6 e7f6 c1c9 f6g5 b6a8 i7i6 c9c8 h8h6 a8c7 g5h4 g6g7 i6i5 g7g8 h6h5 g8g9 h4i4 g9g6 i4h4 g6h5";

    fn play(pos: &mut Position, moves: &str) {
        for t in moves.split_whitespace() {
            let m = pos.parse_move(t).unwrap();
            pos.make(m);
        }
    }

    #[test]
    fn letters_are_unique_and_read_back() {
        for variant in Variant::ALL {
            let es: Vec<&Entry> = entries(variant).collect();
            for (i, a) in es.iter().enumerate() {
                assert_ne!(a.letter, RESERVED);
                for b in &es[i + 1..] {
                    assert_ne!(a.letter, b.letter);
                    assert_ne!(a.slot, b.slot);
                }
            }
        }
        for e in TABLE {
            let p = Piece::with_morph(Color::Black, e.kind, e.morph);
            assert_eq!(piece_of(Variant::Pom, letter(p)), Some(p));
        }
        assert_eq!(
            variant_men(Variant::Pom),
            "W:fmWfcFifmnD;H:N;A:B;T:R;Q:Q;M:BN;P:RN;B:B;R:R;D:Q;S:QN;C:BN;F:fmWfcFifmnD;I:RN;G:Q3;Z:QN;N:N;E:Q3;K:K"
        );
        assert_eq!(
            variant_men(Variant::MiniPom),
            "W:fmWfcFifmnD;H:N;A:B;T:R;Q:Q;B:B;R:R;D:Q;F:fmWfcFifmnD;G:Q3;N:N;E:Q3;K:K"
        );
    }

    #[test]
    fn fens_translate_both_ways() {
        for variant in Variant::ALL {
            let start = Position::startpos(variant);
            let back = parse_fen(variant, &fen(&start)).unwrap();
            assert_eq!(back.fen(), start.fen());
        }
        // XBoard's PGN files leave out the rights and en passant fields.
        let xb = "thamqksamht/wwwwpepwwww/4wbw4/5w5/11/11/11/5W5/4WBW4/WWWWPEPWWWW/THAMQKSAMHT w 0 1";
        assert_eq!(parse_fen(Variant::Pom, xb).unwrap().fen(), Variant::Pom.start_fen());
        // Mid-game: the rights follow from the placement (RULES.md 11's
        // final position: Black's King stands without its Towers).
        let end = "3e1k1t3/2ww3h2w/h2qw1S1w2/5w1w3/3a2w4/11/4W6/5W5/3W2W4/WWW4WWWW/THA1QK1A1HT b AK - 1 25";
        let pos = Position::from_fen(Variant::Pom, end).unwrap();
        assert_eq!(parse_fen(Variant::Pom, &fen(&pos)).unwrap().fen(), end);
        assert!(parse_fen(Variant::Pom, "11/11 w").is_err());
        let bad = "thamqksamhy/wwwwpepwwww/4wbw4/5w5/11/11/11/5W5/4WBW4/WWWWPEPWWWW/THAMQKSAMHT w - - 0 1";
        assert!(parse_fen(Variant::Pom, bad).err().unwrap_or_default().contains("'y'"));
    }

    /// The SAN written for a move reads back to that move, as the only
    /// reading of rank 0, for every legal move of positions along a game
    /// with castling, a swap, transformations and promotions.
    #[test]
    fn written_san_reads_back_to_the_same_move() {
        let games = [(Variant::Pom, POM_GAME), (Variant::MiniPom, MINIPOM_GAME)];
        for (variant, moves) in games {
            let mut pos = Position::startpos(variant);
            for t in moves.split_whitespace() {
                for m in pos.legal_move_vec() {
                    let text = san(&pos, m);
                    let readings = read_move(&pos, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(readings[0].mv, m, "{text} in {}", pos.fen());
                    assert!(readings.get(1).is_none_or(|r| r.rank > 0), "{text}: {readings:?}");
                }
                let m = pos.parse_move(t).unwrap();
                pos.make(m);
            }
        }
    }

    #[test]
    fn xboards_own_forms() {
        let texts = |pos: &Position, t: &str| -> Vec<(String, u8)> {
            read_move(pos, t).unwrap().iter().map(|r| (pos.move_text(r.mv), r.rank)).collect()
        };
        let pos = Position::startpos(Variant::Pom);
        assert_eq!(texts(&pos, "Mc3"), [("d1c3".to_string(), 0)]);
        assert_eq!(texts(&pos, "e5+"), [("e3e5".to_string(), 0)]);
        assert_eq!(texts(&pos, "e3e5"), [("e3e5".to_string(), 0)]);
        assert!(read_move(&pos, "Yc3").unwrap_err().contains("'Y'"));
        assert!(read_move(&pos, "Tc3").unwrap_err().contains("legal moves to c3"));
        assert!(read_move(&pos, "Hc9").unwrap_err().contains("no legal move goes to c9"));
        assert!(read_move(&pos, "%%").is_err());
        // Mini-POM: O-O may be the castling toward file a; the swap in
        // XBoard's fallback form; a Morph's capture with and without its
        // transformation.
        let mut mini = Position::startpos(Variant::MiniPom);
        play(&mut mini, "b1a3 b9a7 c2c3 c8c6 d1c2 d9c8 b2b3 b8b6 c1b2 c9b8");
        assert_eq!(texts(&mini, "O-O"), [("e1b1".to_string(), 1)]);
        let start = Position::startpos(Variant::MiniPom);
        assert_eq!(texts(&start, "Exc1"), [("f1c1".to_string(), 0)]);
        let mut pos = Position::startpos(Variant::MiniPom);
        play(&mut pos, "d2d3 f8f6 c1g5 a8a7");
        assert_eq!(texts(&pos, "Bxf6"), [("g5f6".to_string(), 0), ("g5f6(W)".to_string(), 1)]);
        assert_eq!(texts(&pos, "Bxf6=F"), [("g5f6(W)".to_string(), 0)]);
        assert_eq!(texts(&pos, "g5f6f"), [("g5f6(W)".to_string(), 0)]);
        assert!(read_move(&pos, "Bxf6=X").unwrap_err().contains("'X'"));
    }
}
