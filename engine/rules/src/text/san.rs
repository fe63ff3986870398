//! SAN as python-chess writes it, for Pillars of Medusa and Mini-POM: the
//! shortest text that names one legal move (`e5`, `Hc3`, `Hbd2`, `exf5`,
//! `Axd8=H`, `c11=E`, `O-O`, `Qf7#`), in Gorgon's FEN letters. The Python
//! package's `Board.san`/`parse_san` are these two functions.
//!
//! - The piece is its FEN letter (RULES.md 2), none for a Sword; a Morph is
//!   written by its form's letter, as it moves (FEN writes it `(A)`), so a
//!   Morph Advisor and an Advisor that reach the same square are told
//!   apart by their squares, as two Knights are in chess.
//! - Disambiguation as in chess: the from-file if it tells the pieces of
//!   that letter reaching the square apart, else the from-rank, else both;
//!   a Sword's capture always has its file (`exf5`).
//! - `=X` after a promotion (always `=E`) and a Morph's transformation,
//!   the new form's letter; castling `O-O` toward the last file and
//!   `O-O-O` toward file a (POM's `f1k1`, Mini-POM's `e1h1`); the Mini-POM
//!   swap as a Medusa move onto the Morph (`Ec1`).
//! - `+` after a move that gives check, `#` after a mate.
//!
//! XBoard's SAN ([`crate::text::xboard::san`]) is another text: XBoard's
//! letters (each Morph form its own) and the fallback forms XBoard reads
//! back. Both read the shape of a written move with the same parser
//! ([`crate::text::xboard::parse_written`]).

use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::Position;
use crate::text::xboard::parse_written;
use std::fmt;

/// Why a SAN text names no move, as python-chess's three errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SanErrorKind {
    /// Not SAN at all (python-chess's `InvalidMoveError`).
    Invalid,
    /// SAN, but no legal move here (`IllegalMoveError`).
    Illegal,
    /// SAN naming several legal moves (`AmbiguousMoveError`).
    Ambiguous,
}

/// A SAN text refused: `san 'Hc4': no legal Horse move goes to c4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanError {
    pub text: String,
    pub kind: SanErrorKind,
    pub reason: String,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "san '{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for SanError {}

/// The letter a moving piece is written with: its kind's (a Morph's form),
/// none for a Sword.
fn letter(kind: Kind) -> Option<char> {
    (kind != Kind::Sword).then(|| kind.letter())
}

/// The `=X` of a move that changes its piece: the new form's letter.
fn suffix(m: Move) -> Option<char> {
    match m.kind() {
        MoveKind::Promotion => Some(Kind::Medusa.letter()),
        MoveKind::Transform => Some(m.form().letter()),
        _ => None,
    }
}

/// The new form a written `=X` names.
fn form_of(m: Move) -> Option<Kind> {
    suffix(m).and_then(Kind::from_letter)
}

/// True if `m` is a move the `=X` (or its absence) names: the reader's
/// test, which the writer's disambiguation uses too.
fn fits_form(form: Option<Kind>, m: Move) -> bool {
    match (form, m.kind()) {
        (Some(k), MoveKind::Transform) => m.form() == k,
        (Some(k), MoveKind::Promotion) => k == Kind::Medusa,
        (Some(_), _) => false,
        (None, kind) => kind != MoveKind::Transform,
    }
}

/// True if the move castles toward file a.
fn castles_long(pos: &Position, m: Move) -> bool {
    let g = pos.geometry();
    g.file_of(m.to()) < g.file_of(m.from())
}

/// The SAN of a legal move (see the module's comment).
pub fn san(pos: &Position, m: Move) -> String {
    let mut out = san_without_check(pos, m);
    let mut after = pos.clone();
    after.make(m);
    if after.in_check() {
        out.push(if after.legal_move_vec().is_empty() { '#' } else { '+' });
    }
    out
}

fn san_without_check(pos: &Position, m: Move) -> String {
    if m.kind() == MoveKind::Castle {
        return if castles_long(pos, m) { "O-O-O" } else { "O-O" }.to_owned();
    }
    let g = pos.geometry();
    let mover = pos.piece_at(m.from());
    let target = pos.piece_at(m.to());
    let capture = target.is_some() && target.color() != mover.color();
    let from = g.square_name(m.from());
    let mut out = String::new();
    out.extend(letter(mover.kind()));
    // The other pieces of the same letter that reach the same square with
    // the same `=X` (the same piece's other results there are told apart by
    // it): exactly the moves the reader would take besides this one.
    let others: Vec<u8> = pos
        .legal_move_vec()
        .into_iter()
        .filter(|o| o.to() == m.to() && o.from() != m.from() && o.kind() != MoveKind::Castle)
        .filter(|&o| fits_form(form_of(m), o))
        .filter(|o| letter(pos.piece_at(o.from()).kind()) == letter(mover.kind()))
        .map(|o| o.from())
        .collect();
    let file_tells = others.iter().all(|&o| g.file_of(o) != g.file_of(m.from()));
    let rank_tells = others.iter().all(|&o| g.rank_of(o) != g.rank_of(m.from()));
    let sword_capture = letter(mover.kind()).is_none() && capture;
    if others.is_empty() && !sword_capture {
    } else if file_tells {
        out.push_str(&from[..1]);
    } else if rank_tells && !sword_capture {
        out.push_str(&from[1..]);
    } else {
        out.push_str(&from);
    }
    if capture {
        out.push('x');
    }
    out.push_str(&g.square_name(m.to()));
    if let Some(s) = suffix(m) {
        out.push('=');
        out.push(s);
    }
    out
}

/// The legal move a SAN text names. Takes what [`san`] writes and what
/// python-chess's `parse_san` takes besides: a missing or extra
/// disambiguation, a missing `x`, `-` between the squares, `0-0`, and `+`,
/// `#`, `!`, `?` after the move (not checked). A move that changes its
/// piece needs its `=X`, but for the promotion, which has one result.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, SanError> {
    let fail = |kind: SanErrorKind, reason: String| SanError {
        text: text.to_owned(),
        kind,
        reason,
    };
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let legal = pos.legal_move_vec();
    let castling = match t {
        "O-O" | "0-0" => Some(false),
        "O-O-O" | "0-0-0" => Some(true),
        _ => None,
    };
    if let Some(long) = castling {
        return legal
            .iter()
            .copied()
            .find(|&m| m.kind() == MoveKind::Castle && castles_long(pos, m) == long)
            .ok_or_else(|| {
                let side = if long { "toward file a" } else { "toward the last file" };
                fail(SanErrorKind::Illegal, format!("no castling {side} is legal here"))
            });
    }
    let w = parse_written(t).ok_or_else(|| {
        fail(
            SanErrorKind::Invalid,
            "not SAN (expected e.g. e5, Hc3, Hbd2, exf5, Axd8=H, O-O)".to_owned(),
        )
    })?;
    let piece = match w.piece {
        None => None,
        Some(c) => Some(Kind::from_letter(c).ok_or_else(|| fail(SanErrorKind::Invalid, format!("'{c}' is no piece letter")))?),
    };
    let form = match w.suffix {
        None => None,
        Some(c) => {
            let kind = Kind::from_letter(c).filter(|&k| k != Kind::King);
            Some(kind.ok_or_else(|| fail(SanErrorKind::Invalid, format!("'={c}' names no form")))?)
        }
    };
    let g = pos.geometry();
    let to = g
        .square_of(w.to)
        .ok_or_else(|| fail(SanErrorKind::Illegal, format!("{} is not on the board", w.to)))?;
    let found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| m.to() == to && m.kind() != MoveKind::Castle)
        .filter(|&m| letter(pos.piece_at(m.from()).kind()) == piece.and_then(letter))
        .filter(|&m| w.from_file.is_none_or(|f| g.file_of(m.from()) == f))
        .filter(|&m| w.from_rank.is_none_or(|r| g.rank_of(m.from()) + 1 == r))
        .filter(|&m| fits_form(form, m))
        .collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => {
            let what = piece.map_or("Sword".to_owned(), |k| k.name().to_owned());
            Err(fail(
                SanErrorKind::Illegal,
                format!(
                    "no legal {what} move goes to {}{}",
                    g.square_name(to),
                    form.map_or(String::new(), |k| format!(" as {}", k.name()))
                ),
            ))
        }
        many => {
            let options: Vec<String> = many.iter().map(|&m| san(pos, m)).collect();
            Err(fail(SanErrorKind::Ambiguous, format!("ambiguous: {}", options.join(" or "))))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::xboard::tests::{MINIPOM_GAME, POM_GAME};
    use crate::Variant;

    fn after(variant: Variant, moves: &str) -> Position {
        let mut pos = Position::startpos(variant);
        for t in moves.split_whitespace() {
            let m = pos.parse_move(t).unwrap();
            pos.make(m);
        }
        pos
    }

    fn san_of(pos: &Position, coord: &str) -> String {
        san(pos, pos.parse_move(coord).unwrap())
    }

    /// Every legal move of every position along two games with castling,
    /// swaps, transformations and promotions: its SAN reads back to it, and
    /// no shorter text does (dropping the disambiguation is ambiguous).
    #[test]
    fn every_move_reads_back_and_is_shortest() {
        for (variant, moves) in [(Variant::Pom, POM_GAME), (Variant::MiniPom, MINIPOM_GAME)] {
            let mut pos = Position::startpos(variant);
            for t in moves.split_whitespace() {
                for m in pos.legal_move_vec() {
                    let text = san(&pos, m);
                    assert_eq!(parse_san(&pos, &text), Ok(m), "{text} in {}", pos.fen());
                    let mover = pos.piece_at(m.from()).kind();
                    if m.kind() != MoveKind::Castle && mover != Kind::Sword {
                        let target = pos.piece_at(m.to());
                        let x = if target.is_some() && target.color() == pos.side_to_move() {
                            ""
                        } else if target.is_some() {
                            "x"
                        } else {
                            ""
                        };
                        let mut short = format!("{}{x}{}", mover.letter(), pos.geometry().square_name(m.to()));
                        if let Some(s) = suffix(m) {
                            short.push('=');
                            short.push(s);
                        }
                        let bare = san_without_check(&pos, m);
                        if bare != short {
                            let e = parse_san(&pos, &short).unwrap_err();
                            assert_eq!(e.kind, SanErrorKind::Ambiguous, "{bare} could be {short} in {}", pos.fen());
                        }
                    }
                }
                let m = pos.parse_move(t).unwrap();
                pos.make(m);
            }
        }
    }

    #[test]
    fn the_forms_python_chess_writes() {
        let start = Position::startpos(Variant::Pom);
        assert_eq!(san_of(&start, "e3e5"), "e5");
        assert_eq!(san_of(&start, "b1c3"), "Hc3");
        assert_eq!(san_of(&start, "d1c3"), "Mc3");
        // Both Horses reach d2... no: b1 and j1 are far apart; two Swords'
        // captures need the file.
        let pos = Position::from_fen(Variant::Pom, "5k5/11/11/11/11/5w5/4W6/11/11/11/5K5 w - - 0 1").unwrap();
        assert_eq!(san_of(&pos, "e5f6"), "exf6");
        // Castling both ways in Mini-POM (e1h1 short, e1b1 long).
        let mini = after(Variant::MiniPom, "b1a3 b9a7 c2c3 c8c6 d1c2 d9c8 b2b3 b8b6 c1b2 c9b8");
        assert_eq!(san_of(&mini, "e1b1"), "O-O-O");
        assert_eq!(parse_san(&mini, "O-O-O"), mini.parse_move("e1b1").map_err(|_| unreachable!()));
        // The swap, and a Morph's capture with and without its
        // transformation (g5f6(W): into Sword form).
        let mini = Position::startpos(Variant::MiniPom);
        assert_eq!(san_of(&mini, "f1c1"), "Ec1");
        let pos = after(Variant::MiniPom, "d2d3 f8f6 c1g5 a8a7");
        assert_eq!(san_of(&pos, "g5f6"), "Axf6");
        assert_eq!(san_of(&pos, "g5f6(W)"), "Axf6=W");
        assert_eq!(parse_san(&pos, "Axf6=W"), pos.parse_move("g5f6(W)").map_err(|_| unreachable!()));
    }

    #[test]
    fn what_is_refused() {
        let start = Position::startpos(Variant::Pom);
        let kind = |t: &str| parse_san(&start, t).map_err(|e| e.kind);
        assert_eq!(kind("%%"), Err(SanErrorKind::Invalid));
        assert_eq!(kind("Yc3"), Err(SanErrorKind::Invalid));
        assert_eq!(kind("Hc4"), Err(SanErrorKind::Illegal));
        assert_eq!(kind("O-O"), Err(SanErrorKind::Illegal));
        assert_eq!(kind("e6"), Err(SanErrorKind::Illegal));
        assert!(parse_san(&start, "Hc4")
            .unwrap_err()
            .to_string()
            .contains("no legal Horse move goes to c4"));
        // Extra and missing parts python-chess also takes.
        assert_eq!(parse_san(&start, "Hb1c3"), start.parse_move("b1c3").map_err(|_| unreachable!()));
        assert_eq!(parse_san(&start, "Hb1-c3"), start.parse_move("b1c3").map_err(|_| unreachable!()));
        assert_eq!(parse_san(&start, "e5+!?"), start.parse_move("e3e5").map_err(|_| unreachable!()));
        // Two Towers reach the square between them: the file tells them
        // apart on a rank, the rank on a file.
        let pos = Position::from_fen(Variant::Pom, "5k5/11/11/11/11/11/11/11/11/5K5/T9T w - - 0 1").unwrap();
        assert_eq!(san_of(&pos, "a1f1"), "Taf1");
        assert_eq!(parse_san(&pos, "Tf1").map_err(|e| e.kind), Err(SanErrorKind::Ambiguous));
        assert!(parse_san(&pos, "Tf1").unwrap_err().reason.contains("Taf1 or Tkf1"));
        let pos = Position::from_fen(Variant::Pom, "5k5/11/11/11/11/11/T10/11/11/5K5/T10 w - - 0 1").unwrap();
        assert_eq!(san_of(&pos, "a1a3"), "T1a3");
        assert_eq!(san_of(&pos, "a5a3"), "T5a3");
    }
}
