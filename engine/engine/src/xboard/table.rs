//! What XBoard sees of the games in the CECP loop: the `setup` and `piece`
//! lines, moves in the protocol's types, and the highlights. The table of
//! XBoard letters (every piece, Morph forms included, has its own letter
//! and its own XBoard piece type, so its own image) and the translation of
//! FENs and moves between XBoard's letters and Gorgon's are the rules
//! crate's (`rules::text::xboard`), shared with the PGN reader; docs/XBOARD.md
//! explains the choices.

use protocol::cecp::{CecpMove, Reply, Setup};
use rules::{bit, Bitboard, Color, Move, MoveKind, Piece, Position, Variant};

use rules::text::xboard::{entries, letter, piece_to_char, suffix, PARENT};

/// A position as an XBoard FEN (`rules::text::xboard::fen`).
pub fn xboard_fen(pos: &Position) -> String {
    rules::text::xboard::fen(pos)
}

/// Parses a FEN from XBoard (`setboard`), its missing rights resolved as
/// XBoard does (`rules::text::xboard::parse_fen`).
pub fn parse_xboard_fen(variant: Variant, fen: &str) -> Result<Position, String> {
    rules::text::xboard::parse_fen(variant, fen)
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
    rules::line_texts(pos, line, cecp_move)
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
    rules::text::xboard::resolve(pos, f, t, promotion)
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
    fn piece_to_char_tables() {
        let pom = piece_to_char(Variant::Pom);
        assert_eq!(pom.len(), 74);
        assert_eq!(&pom[..37], "WHATQ..MP....BRD...SC.F..I.G..Z...NEK");
        assert_eq!(&pom[37..], pom[..37].to_lowercase());
        let mini = piece_to_char(Variant::MiniPom);
        assert_eq!(&mini[..37], "WHATQ........BRD......F....G......NEK");
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
