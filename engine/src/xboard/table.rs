//! What XBoard sees of the games: the piece-to-char table that gives every
//! piece, Morph forms included, its own letter and its own XBoard piece
//! type (so its own image), the `setup` and `piece` lines, and the
//! translation of FENs and moves between XBoard's letters and Gorgon's
//! (docs/XBOARD.md explains the choices).

use protocol::cecp::{CecpMove, Reply, Setup};
use protocol::MoveText;
use rules::{bit, Bitboard, Color, Kind, Move, MoveKind, Piece, Position, Variant};

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
/// highlights).
const SWORD: &str = "fmWfcFifmnD";

/// Every piece of Pillars of Medusa. Plain pieces keep Gorgon's FEN
/// letters; each Morph form has a letter of its own.
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
    entry(Kind::Sword, true, 'X', 22, "Sword", SWORD),
    entry(Kind::Horse, true, 'N', 34, "Pegasus", "N"),
    entry(Kind::Advisor, true, 'B', 13, "CrownedBishop", "B"),
    entry(Kind::Tower, true, 'R', 14, "CrownedRook", "R"),
    entry(Kind::Queen, true, 'D', 15, "Princess", "Q"),
    entry(Kind::MountedAdvisor, true, 'C', 20, "Unicorn", "BN"),
    entry(Kind::Pillar, true, 'I', 25, "Tower", "RN"),
    entry(Kind::Serpent, true, 'Z', 30, "Dragon", "QN"),
    entry(Kind::Medusa, true, 'G', 27, "Hat", "Q3"),
];

/// Whether a piece kind can appear in a variant: Mini-POM has no Mounted
/// Advisor, Serpent or Pillar (plain or Morph).
fn in_variant(variant: Variant, kind: Kind) -> bool {
    variant == Variant::Pom || !matches!(kind, Kind::MountedAdvisor | Kind::Serpent | Kind::Pillar)
}

/// The entries of a variant.
pub fn entries(variant: Variant) -> impl Iterator<Item = &'static Entry> {
    TABLE.iter().filter(move |e| in_variant(variant, e.kind))
}

/// The entry of a piece.
pub fn entry_of(piece: Piece) -> &'static Entry {
    let kind = piece.kind();
    let morph = piece.is_morph() && kind != Kind::King;
    TABLE
        .iter()
        .find(|e| e.kind == kind && e.morph == morph)
        .expect("every piece has an entry")
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

/// The placement field of a FEN in XBoard's letters.
fn placement(pos: &Position) -> String {
    pos.placement(|p, out| out.push(letter(p)))
}

/// A position as an XBoard FEN. The rights field is `-`: XBoard keeps no
/// rights in a parent variant without castling, and the engine keeps them.
pub fn xboard_fen(pos: &Position) -> String {
    let side = if pos.side_to_move() == Color::White { 'w' } else { 'b' };
    format!("{} {side} - - {} {}", placement(pos), pos.halfmove_clock(), pos.fullmove_number())
}

/// The `setup` line of a variant.
pub fn setup(variant: Variant) -> Reply {
    let g = variant.geometry();
    Reply::Setup(Setup {
        piece_to_char: piece_to_char(variant),
        width: g.files,
        height: g.ranks,
        holdings: 0,
        parent: PARENT.to_owned(),
        fen: xboard_fen(&Position::startpos(variant)),
    })
}

/// The `piece` lines of a variant, one per piece, for both colours.
pub fn pieces(variant: Variant) -> Vec<Reply> {
    entries(variant)
        .map(|e| Reply::Piece {
            id: e.letter,
            both: true,
            betza: e.betza.to_owned(),
        })
        .collect()
}

/// Converts XBoard's FEN placement to Gorgon's (`b` -> `(a)`); `None` for a
/// character that is no piece of the variant.
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

/// Parses a FEN from XBoard (`setboard`). XBoard writes the rights as
/// `-` (no castling in the parent variant) and may leave out the en
/// passant field, so the rights are the start position's when the
/// placement is the start placement, otherwise every right whose pieces
/// stand where the right needs them (as CECP's `edit` assumes castling
/// when King and Rook are at home). Clocks are taken when present.
pub fn parse_xboard_fen(variant: Variant, fen: &str) -> Result<Position, String> {
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
    // The rights XBoard sent, if Gorgon reads them (Shredder-FEN letters).
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
/// the result's letter for a promotion or transformation, nothing else.
pub fn suffix(pos: &Position, m: Move) -> Option<char> {
    matches!(m.kind(), MoveKind::Promotion | MoveKind::Transform).then(|| letter(pos.moved_piece_after(m)).to_ascii_lowercase())
}

/// A legal move as XBoard writes it: castling and swaps as Gorgon writes
/// them (`f1k1`, `e1h1`, `f1c1`), promotions and transformations with the
/// result's letter (`c10c11e`, `b7d8n`).
pub fn cecp_move(pos: &Position, m: Move) -> CecpMove {
    CecpMove::Coord {
        from: pos.geometry().coord(m.from()),
        to: pos.geometry().coord(m.to()),
        promotion: suffix(pos, m),
    }
}

/// A line of moves from `pos` in XBoard's form (stops at a move that is
/// not legal, which a principal variation never has).
pub fn cecp_line(pos: &Position, line: &[Move]) -> Vec<CecpMove> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !p.is_legal(m) {
            break;
        }
        out.push(cecp_move(&p, m));
        p.make(m);
    }
    out
}

/// The legal move XBoard means, or why there is none.
///
/// A suffix names the piece the move leaves on its destination, so the
/// engine accepts a move only when XBoard's board (which puts the suffix's
/// piece there) and Gorgon's agree: a transformation or promotion needs
/// its letter, the mover's own letter (or none) means no transformation.
/// `O-O`/`O-O-O` are castling toward the last file and toward file a.
pub fn user_move(pos: &Position, mv: &CecpMove) -> Result<Move, String> {
    let legal = pos.legal_move_vec();
    let (from, to, promotion) = match mv {
        CecpMove::Coord { from, to, promotion } => (*from, *to, *promotion),
        CecpMove::Castle { long } => {
            let g = pos.geometry();
            return legal
                .iter()
                .copied()
                .find(|m| m.kind() == MoveKind::Castle && (g.file_of(m.to()) < g.file_of(m.from())) == *long)
                .ok_or_else(|| "no castling on that side is legal here".to_owned());
        }
        CecpMove::Drop { .. } => return Err("there are no drops in this game".into()),
        CecpMove::Null => return Err("there is no null move in this game".into()),
        CecpMove::MultiLeg { .. } => return Err("there are no multi-leg moves in this game".into()),
    };
    let (Some(f), Some(t)) = (pos.geometry().square_of(from), pos.geometry().square_of(to)) else {
        return Err(format!("{from}{to} leaves the {} board", pos.variant()));
    };
    let candidates: Vec<Move> = legal.into_iter().filter(|m| m.from() == f && m.to() == t).collect();
    if candidates.is_empty() {
        // The rules library says why (no piece, petrified, ...).
        let written = MoveText::new(from, to);
        return Err(pos
            .resolve_move(&written)
            .err()
            .map_or_else(|| "illegal here".to_owned(), |e| e.reason));
    }
    let mover = pos.piece_at(f);
    let found = match promotion {
        None => candidates.iter().find(|m| suffix(pos, **m).is_none()),
        Some(c) => candidates.iter().find(|m| match suffix(pos, **m) {
            Some(s) => s.eq_ignore_ascii_case(&c),
            None => letter(mover).eq_ignore_ascii_case(&c),
        }),
    };
    found.copied().ok_or_else(|| {
        let options: Vec<String> = candidates.iter().map(|&m| cecp_move(pos, m).to_string()).collect();
        format!("say what the piece becomes: {}", options.join(" or "))
    })
}

/// True if `mv` goes to a square where the mover has a choice (magenta in
/// the `lift` answer) and carries a suffix.
pub fn is_choice(pos: &Position, mv: &CecpMove) -> bool {
    match mv {
        CecpMove::Coord {
            from,
            to,
            promotion: Some(_),
        } => match (pos.geometry().square_of(*from), pos.geometry().square_of(*to)) {
            (Some(f), Some(t)) => matches!(put_choice(pos, f, t), Some(Reply::Choice(c)) if c.len() > 1),
            _ => false,
        },
        _ => false,
    }
}

/// The squares next to `sq`.
fn around(pos: &Position, sq: u8) -> Bitboard {
    pos.geometry().king[sq as usize]
}

/// Petrified pieces of both sides.
pub fn petrified(pos: &Position) -> Bitboard {
    pos.petrified(Color::White) | pos.petrified(Color::Black)
}

/// A colour FEN (`highlight`) for a board: `marks` gives each square's
/// colour letter or `None`.
fn color_fen(pos: &Position, marks: impl Fn(u8) -> Option<char>) -> String {
    let g = pos.geometry();
    let mut out = String::new();
    for rank in (0..g.ranks).rev() {
        let mut empty = 0;
        for file in 0..g.files {
            match marks(g.square(file, rank)) {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Marker of a petrified piece: a cyan ("frozen") dot, lowercase so that
/// it marks no legal target.
pub const STONE: char = 'c';
/// Marker of a Medusa holding the lifted piece: a red dot, no target.
pub const GAZE: char = 'r';

/// The `highlight` that shows the petrified pieces (all other squares
/// unmarked). XBoard draws markers as dots over the pieces.
pub fn stone_highlight(pos: &Position) -> Reply {
    let stone = petrified(pos);
    Reply::Highlight(color_fen(pos, |sq| (stone & bit(sq) != 0).then_some(STONE)))
}

/// The moves of the piece on `from`, grouped by destination.
fn targets(pos: &Position, from: u8) -> Vec<(u8, Vec<Move>)> {
    let mut out: Vec<(u8, Vec<Move>)> = Vec::new();
    for m in pos.legal_move_vec().into_iter().filter(|m| m.from() == from) {
        match out.iter_mut().find(|(t, _)| *t == m.to()) {
            Some((_, v)) => v.push(m),
            None => out.push((m.to(), vec![m])),
        }
    }
    out
}

/// The answer to `lift`: the legal destinations of the piece, yellow
/// (moves), red (captures), blue (a forced promotion: the engine supplies
/// the piece) or magenta (a choice: transform or not, promote or
/// transform), plus cyan dots on every petrified piece. For a petrified
/// piece there are no targets; the piece and the Medusas holding it get
/// red dots instead.
pub fn lift_highlight(pos: &Position, from: u8) -> Reply {
    let moves = targets(pos, from);
    let stone = petrified(pos);
    let lifted = pos.piece_at(from);
    let gaze = if lifted.is_some() && stone & bit(from) != 0 {
        bit(from) | (around(pos, from) & pos.medusas(!lifted.color()))
    } else {
        0
    };
    Reply::Highlight(color_fen(pos, |sq| {
        if let Some((_, ms)) = moves.iter().find(|(t, _)| *t == sq) {
            let target = pos.piece_at(sq);
            return Some(if ms.len() > 1 {
                'M'
            } else if ms[0].kind() == MoveKind::Promotion {
                'B'
            } else if target.is_some() && target.color() != lifted.color() {
                'R'
            } else {
                'Y'
            });
        }
        if gaze & bit(sq) != 0 {
            Some(GAZE)
        } else if stone & bit(sq) != 0 {
            Some(STONE)
        } else {
            None
        }
    }))
}

/// The answer to `put` on a square where the lifted piece has a choice:
/// `choice` with the letters of the possible results, the most valuable
/// first (XBoard's default). `None` where there is nothing to choose.
pub fn put_choice(pos: &Position, from: u8, to: u8) -> Option<Reply> {
    let (_, moves) = targets(pos, from).into_iter().find(|(t, _)| *t == to)?;
    if moves.len() == 1 && moves[0].kind() != MoveKind::Promotion {
        return None;
    }
    let mut results: Vec<Piece> = moves.iter().map(|&m| pos.moved_piece_after(m)).collect();
    let variant = pos.variant();
    results.sort_by_key(|&p| std::cmp::Reverse(crate::player::piece_value(variant, p)));
    results.dedup();
    Some(Reply::Choice(results.iter().map(|&p| letter(p).to_ascii_uppercase()).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_unique_and_slots_distinct() {
        for variant in Variant::ALL {
            let es: Vec<&Entry> = entries(variant).collect();
            for (i, a) in es.iter().enumerate() {
                for b in &es[i + 1..] {
                    assert_ne!(a.letter, b.letter);
                    assert_ne!(a.slot, b.slot);
                }
            }
        }
        for e in TABLE {
            let p = Piece::with_morph(Color::Black, e.kind, e.morph);
            assert_eq!(piece_of(Variant::Pom, letter(p)), Some(p));
            assert_eq!(letter(p), e.letter.to_ascii_lowercase());
        }
    }

    #[test]
    fn piece_to_char_tables() {
        let pom = piece_to_char(Variant::Pom);
        assert_eq!(pom.len(), 74);
        assert_eq!(&pom[..37], "WHATQ..MP....BRD...SC.X..I.G..Z...NEK");
        assert_eq!(&pom[37..], pom[..37].to_lowercase());
        let mini = piece_to_char(Variant::MiniPom);
        assert_eq!(&mini[..37], "WHATQ........BRD......X....G......NEK");
    }

    #[test]
    fn fens_translate_both_ways() {
        for variant in Variant::ALL {
            let start = Position::startpos(variant);
            let fen = xboard_fen(&start);
            assert!(!fen.contains('('), "{fen}");
            let back = parse_xboard_fen(variant, &fen).unwrap();
            assert_eq!(back.fen(), start.fen());
        }
        assert_eq!(
            xboard_fen(&Position::startpos(Variant::MiniPom)),
            "thbqkebht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/THBQKEBHT w - - 0 1"
        );
        // Mid-game: the rights follow from the placement.
        let mut pos = Position::startpos(Variant::Pom);
        for m in ["e3e5", "h10h8", "f2c5", "g9g7"] {
            let mv = pos.parse_move(m).unwrap();
            pos.make(mv);
        }
        let back = parse_xboard_fen(Variant::Pom, &xboard_fen(&pos)).unwrap();
        assert_eq!(back.fen(), pos.fen());
        assert!(parse_xboard_fen(Variant::Pom, "11/11 w").is_err());
        let bad = "thamqksamhy/wwwwpepwwww/4wbw4/5w5/11/11/11/5W5/4WBW4/WWWWPEPWWWW/THAMQKSAMHT w - - 0 1";
        assert!(parse_xboard_fen(Variant::Pom, bad).err().unwrap_or_default().contains("'y'"));
    }
}
