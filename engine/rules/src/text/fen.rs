//! FEN in and out (NOTATION.md 1). Every error names the field and, for the
//! placement, the rank and file; the parser never panics.

use crate::bitboard::bit;
use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::variant::{Rights, Variant, MEDUSA_FILE, SWAP_FILES};
use std::fmt;

/// The FEN field an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    Placement,
    SideToMove,
    Rights,
    EnPassant,
    HalfmoveClock,
    FullmoveNumber,
    /// The position as a whole (Kings, checks).
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "placement",
            FenField::SideToMove => "side to move",
            FenField::Rights => "rights",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
            FenField::Position => "position",
        })
    }
}

/// What is wrong with a FEN, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub field: FenField,
    /// The rank as written (1-based), for placement errors.
    pub rank: Option<u8>,
    /// The file letter, for placement errors.
    pub file: Option<char>,
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FEN {}", self.field)?;
        if let Some(rank) = self.rank {
            write!(f, ", rank {rank}")?;
        }
        if let Some(file) = self.file {
            write!(f, ", file {file}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for FenError {}

fn err(field: FenField, message: impl Into<String>) -> FenError {
    FenError {
        field,
        rank: None,
        file: None,
        message: message.into(),
    }
}

fn placement_err(rank: u8, file: u8, message: impl Into<String>) -> FenError {
    FenError {
        field: FenField::Placement,
        rank: Some(rank),
        file: Some((b'a' + file.min(25)) as char),
        message: message.into(),
    }
}

impl Position {
    /// Parses a FEN of `variant`.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(err(FenField::Placement, "empty FEN"));
        }
        if fields.len() < 3 {
            let missing = if fields.len() == 1 {
                FenField::SideToMove
            } else {
                FenField::Rights
            };
            return Err(err(missing, "missing"));
        }
        if fields.len() > 6 {
            return Err(err(
                FenField::FullmoveNumber,
                format!("unexpected text after the six fields: '{}'", fields[6]),
            ));
        }
        let mut pos = Position::empty(variant);
        pos.parse_placement(fields[0])?;
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(err(FenField::SideToMove, format!("expected 'w' or 'b', found '{other}'"))),
        };
        pos.state.rights = pos.parse_rights(fields[2])?;
        if let Some(&ep) = fields.get(3) {
            if ep != "-" {
                return Err(err(
                    FenField::EnPassant,
                    format!("there is no en passant in these games; expected '-', found '{ep}'"),
                ));
            }
        }
        if let Some(&hm) = fields.get(4) {
            pos.state.halfmove = hm
                .parse()
                .map_err(|_| err(FenField::HalfmoveClock, format!("'{hm}' is not a number of plies")))?;
        }
        if let Some(&fm) = fields.get(5) {
            pos.fullmove = fm
                .parse()
                .map_err(|_| err(FenField::FullmoveNumber, format!("'{fm}' is not a move number")))?;
            if pos.fullmove == 0 {
                return Err(err(FenField::FullmoveNumber, "move numbers start at 1"));
            }
        }
        pos.validate()?;
        pos.refresh_derived();
        pos.state.key = pos.key_from_scratch();
        Ok(pos)
    }

    fn parse_placement(&mut self, text: &str) -> Result<(), FenError> {
        let g = self.geo;
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != g.ranks as usize {
            return Err(err(
                FenField::Placement,
                format!("{} ranks, {} has {}", rows.len(), g.variant, g.ranks),
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = g.ranks - 1 - i as u8;
            let shown = rank + 1;
            let chars: Vec<char> = row.chars().collect();
            let mut file: u32 = 0;
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                if file >= g.files as u32 {
                    return Err(placement_err(shown, g.files, format!("more than {} files", g.files)));
                }
                if c.is_ascii_digit() {
                    if c == '0' && chars.get(j + 1).is_some_and(|d| d.is_ascii_digit()) {
                        return Err(placement_err(shown, file as u8, "a run of empty squares with a leading 0"));
                    }
                    let mut run = c.to_digit(10).unwrap_or(0);
                    if j + 1 < chars.len() && chars[j + 1].is_ascii_digit() {
                        run = run * 10 + chars[j + 1].to_digit(10).unwrap_or(0);
                        j += 1;
                    }
                    if run == 0 {
                        return Err(placement_err(shown, file as u8, "an empty run of 0 squares"));
                    }
                    file += run;
                    if file > g.files as u32 {
                        return Err(placement_err(shown, g.files, format!("more than {} files", g.files)));
                    }
                    j += 1;
                    continue;
                }
                let (piece, used) = if c == '(' {
                    match (chars.get(j + 1), chars.get(j + 2)) {
                        (Some(&l), Some(&')')) => {
                            let kind = Kind::from_letter(l)
                                .ok_or_else(|| placement_err(shown, file as u8, format!("unknown piece letter '{l}' in a Morph")))?;
                            if kind == Kind::King {
                                return Err(placement_err(shown, file as u8, "a Morph cannot be in King form"));
                            }
                            (Piece::morph(color_of(l), kind), 3)
                        }
                        _ => return Err(placement_err(shown, file as u8, "unbalanced parentheses: a Morph is written '(X)'")),
                    }
                } else if c == ')' {
                    return Err(placement_err(shown, file as u8, "unbalanced parentheses: ')' without '('"));
                } else {
                    let kind =
                        Kind::from_letter(c).ok_or_else(|| placement_err(shown, file as u8, format!("unknown piece letter '{c}'")))?;
                    (Piece::new(color_of(c), kind), 1)
                };
                if !g.variant.has_kind(piece.kind()) {
                    let written: String = chars[j..j + used].iter().collect();
                    return Err(placement_err(
                        shown,
                        file as u8,
                        format!(
                            "'{written}': {} has no {} (plain or as a Morph's form)",
                            g.variant,
                            piece.kind().name()
                        ),
                    ));
                }
                let sq = g.square(file as u8, rank);
                if piece.kind() == Kind::Sword {
                    let color = piece.color();
                    if g.back_rank[color.index()] & bit(sq) != 0 {
                        return Err(placement_err(shown, file as u8, "a Sword on its own back rank"));
                    }
                    if g.last_rank[color.index()] & bit(sq) != 0 {
                        return Err(placement_err(shown, file as u8, "a Sword on its promotion rank"));
                    }
                }
                self.put(sq, piece);
                file += 1;
                j += used;
            }
            if file != g.files as u32 {
                return Err(placement_err(
                    shown,
                    file as u8,
                    format!("the rank has {file} files, {} needs {}", g.variant, g.files),
                ));
            }
        }
        Ok(())
    }

    fn parse_rights(&self, text: &str) -> Result<u32, FenError> {
        if text == "-" {
            return Ok(0);
        }
        let g = self.geo;
        let mut rights = 0;
        for c in text.chars() {
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let file = c.to_ascii_lowercase() as u32;
            if !c.is_ascii_alphabetic() || file < 'a' as u32 || file >= 'a' as u32 + g.files as u32 {
                return Err(err(FenField::Rights, format!("'{c}' names no file of the board")));
            }
            let file = (file - 'a' as u32) as u8;
            if rights & Rights::file(color, file) != 0 {
                // Silently merging `AAKak` would hide a writer's bug.
                return Err(err(FenField::Rights, format!("'{c}' is repeated")));
            }
            let home = g.king_start[color.index()] - g.file_of(g.king_start[color.index()]);
            let sq = home + file;
            let piece = self.board[sq as usize];
            let castling = file == 0 || file == g.files - 1;
            let ok = if castling {
                piece == Piece::new(color, Kind::Tower) && self.board[g.king_start[color.index()] as usize] == Piece::new(color, Kind::King)
            } else if g.variant == Variant::MiniPom && file == MEDUSA_FILE {
                piece == Piece::new(color, Kind::Medusa)
            } else if g.variant == Variant::MiniPom && SWAP_FILES.contains(&file) {
                piece == Piece::morph(color, Kind::Advisor)
            } else {
                return Err(err(
                    FenField::Rights,
                    format!("'{c}': no right belongs to file {} in {}", (b'a' + file) as char, g.variant),
                ));
            };
            if !ok {
                let needs = if castling {
                    format!(
                        "a Tower on {} and the King on {}",
                        g.square_name(sq),
                        g.square_name(g.king_start[color.index()])
                    )
                } else if file == MEDUSA_FILE {
                    format!("a Medusa on {}", g.square_name(sq))
                } else {
                    format!("a Morph in Advisor form on {}", g.square_name(sq))
                };
                return Err(err(FenField::Rights, format!("'{c}' needs {needs}")));
            }
            rights |= Rights::file(color, file);
        }
        // RULES.md 10.3: swap rights come in pairs; a lone one is dropped.
        Ok(if g.variant == Variant::MiniPom {
            Rights::normalize_swaps(rights)
        } else {
            rights
        })
    }

    fn validate(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let kings = (self.by_kind[Kind::King as usize] & self.by_color[color.index()]).count_ones();
            if kings != 1 {
                return Err(err(
                    FenField::Position,
                    format!("{} has {kings} Kings, needs exactly one", color_name(color)),
                ));
            }
        }
        // The move list's capacity rests on this (`MAX_MOVES`).
        let army = self.geo.variant.army();
        for color in Color::ALL {
            let pieces = self.by_color[color.index()].count_ones();
            if pieces > army {
                return Err(err(
                    FenField::Position,
                    format!(
                        "{} has {pieces} pieces; a {} army has at most {army}, and pieces are never added",
                        color_name(color),
                        self.geo.variant
                    ),
                ));
            }
        }
        let waiting = !self.side;
        let ksq = self.king_square(waiting);
        let mut probe = self.clone();
        probe.state.petrified = [probe.compute_petrified(Color::White), probe.compute_petrified(Color::Black)];
        if probe.attacked_by(ksq, self.side) != 0 {
            return Err(err(
                FenField::Position,
                format!("{} is in check but not to move", color_name(waiting)),
            ));
        }
        Ok(())
    }

    /// The FEN of the position.
    pub fn fen(&self) -> String {
        let mut out = self.placement(|p, out| out.push_str(&p.fen()));
        out.push_str(if self.side == Color::White { " w " } else { " b " });
        out.push_str(&self.rights_text());
        out.push_str(&format!(" - {} {}", self.state.halfmove, self.fullmove));
        out
    }

    /// The placement field, top rank first, each piece written by `write`
    /// (XBoard's FEN spells the Morphs with letters of its own).
    pub fn placement(&self, write: impl Fn(Piece, &mut String)) -> String {
        self.placement_with(|sq| self.board[sq as usize], write)
    }

    /// The placement field of the pieces `at` gives per square.
    fn placement_with(&self, at: impl Fn(u8) -> Piece, write: impl Fn(Piece, &mut String)) -> String {
        let g = self.geo;
        let mut out = String::new();
        for rank in (0..g.ranks).rev() {
            let mut empty = 0;
            for file in 0..g.files {
                let p = at(g.square(file, rank));
                if p.is_none() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                write(p, &mut out);
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

    /// This position with `piece` (or an empty square, `Piece::NONE`) on
    /// `sq`, read back through the FEN reader, so that it is a position of
    /// the rules or the reader's error (a missing King, a Sword on its back
    /// rank, the side not to move in check). The side, clocks and the
    /// rights that still hold their pieces are kept; the history is not
    /// (python-chess's `set_piece_at` clears the move stack too).
    pub fn with_piece(&self, sq: u8, piece: Piece) -> Result<Position, FenError> {
        let placement = self.placement_with(
            |s| if s == sq { piece } else { self.board[s as usize] },
            |p, out| out.push_str(&p.fen()),
        );
        let side = if self.side == Color::White { 'w' } else { 'b' };
        let fen = |rights: &str| format!("{placement} {side} {rights} - {} {}", self.state.halfmove, self.fullmove);
        let rights = self.rights_text();
        // A right whose Tower, King, Medusa or Morph left is dropped, as
        // python-chess drops castling rights that no longer hold.
        let kept: String = rights
            .chars()
            .filter(|&c| c != '-' && Position::from_fen(self.geo.variant, &fen(&c.to_string())).is_ok())
            .collect();
        Position::from_fen(self.geo.variant, &fen(if kept.is_empty() { "-" } else { &kept }))
    }

    /// The rights as FEN letters (`AKak`, `-`).
    pub fn rights_text(&self) -> String {
        let mut s = String::new();
        for color in Color::ALL {
            for file in 0..self.geo.files {
                if self.state.rights & Rights::file(color, file) != 0 {
                    let c = (b'a' + file) as char;
                    s.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
                }
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// One piece as the placement writes it: its letter (`E`, `e`) or a
/// Morph's form in parentheses (`(A)`); `None` for anything else.
pub fn piece_from_fen(text: &str) -> Option<Piece> {
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        ['(', l, ')'] => Kind::from_letter(*l)
            .filter(|&k| k != Kind::King)
            .map(|k| Piece::morph(color_of(*l), k)),
        [c] => Kind::from_letter(*c).map(|k| Piece::new(color_of(*c), k)),
        _ => None,
    }
}

fn color_of(c: char) -> Color {
    if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// NOTATION.md 1, rule by rule, in both variants: what is accepted, and
/// what is refused with its field (and rank and file) named.
#[cfg(test)]
mod notation_1 {
    use super::*;

    /// Kings and Towers on their start squares, castling rights: room for
    /// more pieces within the army's size.
    fn sparse(v: Variant) -> &'static str {
        match v {
            Variant::Pom => "t4k4t/11/11/11/11/11/11/11/11/11/T4K4T w AKak - 0 1",
            Variant::MiniPom => "t3k3t/9/9/9/9/9/9/9/T3K3T w AIai - 0 1",
        }
    }

    /// [`sparse`] with rank `rank` (1-based) replaced by `row`.
    fn with_rank(v: Variant, rank: usize, row: &str) -> String {
        let (placement, rest) = sparse(v).split_once(' ').unwrap();
        let mut rows: Vec<&str> = placement.split('/').collect();
        let i = rows.len() - rank;
        rows[i] = row;
        format!("{} {rest}", rows.join("/"))
    }

    /// The start FEN of `v` with field `i` (0-based) replaced.
    fn with_field(v: Variant, i: usize, text: &str) -> String {
        let mut fields: Vec<&str> = v.start_fen().split(' ').collect();
        fields[i] = text;
        fields.join(" ")
    }

    /// An empty middle rank of `v` and its width.
    fn files(v: Variant) -> usize {
        v.geometry().files as usize
    }

    #[track_caller]
    fn refused(v: Variant, fen: &str, field: FenField, place: Option<(u8, char)>, says: &str) {
        let e = match Position::from_fen(v, fen) {
            Ok(_) => panic!("{v} {fen}: accepted"),
            Err(e) => e,
        };
        assert_eq!(e.field, field, "{v} {fen}: {e}");
        if let Some((rank, file)) = place {
            assert_eq!((e.rank, e.file), (Some(rank), Some(file)), "{v} {fen}: {e}");
        }
        assert!(e.to_string().contains(says), "{v} {fen}: '{e}' lacks '{says}'");
    }

    #[track_caller]
    fn accepted(v: Variant, fen: &str) -> Position {
        Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{v} {fen}: {e}"))
    }

    #[test]
    fn placement_ranks_and_widths() {
        for v in Variant::ALL {
            let n = files(v);
            let other = if v == Variant::Pom { Variant::MiniPom } else { Variant::Pom };
            // The size follows the variant; another size is an error.
            refused(v, other.start_fen(), FenField::Placement, None, "ranks");
            // Rows: too narrow, too wide, a run too long, a run of 0.
            refused(
                v,
                &with_rank(v, 5, &(n - 1).to_string()),
                FenField::Placement,
                Some((5, (b'a' + n as u8 - 1) as char)),
                "needs",
            );
            refused(
                v,
                &with_rank(v, 5, &format!("{}1", n)),
                FenField::Placement,
                Some((5, (b'a' + n as u8) as char)),
                "more than",
            );
            refused(
                v,
                &with_rank(v, 5, &format!("{}", n + 1)),
                FenField::Placement,
                Some((5, (b'a' + n as u8) as char)),
                "more than",
            );
            refused(
                v,
                &with_rank(v, 5, &format!("0{n}")),
                FenField::Placement,
                Some((5, 'a')),
                "leading 0",
            );
            refused(
                v,
                &with_rank(v, 5, &format!("0{n}").replacen('0', "00", 1)),
                FenField::Placement,
                Some((5, 'a')),
                "leading 0",
            );
            refused(
                v,
                &with_rank(v, 5, &format!("{n}0")),
                FenField::Placement,
                Some((5, (b'a' + n as u8) as char)),
                "",
            );
            // Runs may have two digits; one or more pieces in between.
            accepted(v, &with_rank(v, 5, &format!("{}", n)));
            accepted(v, &with_rank(v, 5, &format!("{}w{}", n / 2, n - n / 2 - 1)));
        }
        // Two-digit run, POM only (11 files).
        accepted(Variant::Pom, &with_rank(Variant::Pom, 6, "10w"));
    }

    #[test]
    fn placement_letters_and_morphs() {
        for v in Variant::ALL {
            let n = files(v);
            let row = |mid: &str, width: usize| format!("{}{mid}{}", 2, n - 2 - width);
            refused(
                v,
                &with_rank(v, 5, &row("x", 1)),
                FenField::Placement,
                Some((5, 'c')),
                "unknown piece letter 'x'",
            );
            refused(
                v,
                &with_rank(v, 5, &row("(x)", 1)),
                FenField::Placement,
                Some((5, 'c')),
                "unknown piece letter 'x'",
            );
            refused(
                v,
                &with_rank(v, 5, &row("(h", 1)),
                FenField::Placement,
                Some((5, 'c')),
                "unbalanced",
            );
            refused(
                v,
                &with_rank(v, 5, &row("h)", 2)),
                FenField::Placement,
                Some((5, 'd')),
                "unbalanced",
            );
            refused(
                v,
                &with_rank(v, 5, &row("(k)", 1)),
                FenField::Placement,
                Some((5, 'c')),
                "King form",
            );
            refused(
                v,
                &with_rank(v, 5, &row("(K)", 1)),
                FenField::Placement,
                Some((5, 'c')),
                "King form",
            );
            // Every kind of the variant is a plain piece and a Morph form
            // (uppercase White, lowercase Black).
            for kind in Kind::FORMS.into_iter().filter(|&k| v.has_kind(k) && k != Kind::Sword) {
                let l = kind.letter();
                let lower = l.to_ascii_lowercase();
                accepted(v, &with_rank(v, 5, &row(&format!("{l}({lower})"), 2)));
            }
            accepted(v, &with_rank(v, 5, &row("(W)(w)", 2)));
        }
        // Mini-POM has no Mounted Advisor, Serpent or Pillar, plain or Morph.
        let v = Variant::MiniPom;
        for piece in ["M", "m", "S", "s", "P", "p", "(M)", "(m)", "(S)", "(s)", "(P)", "(p)"] {
            refused(
                v,
                &with_rank(v, 5, &format!("3{piece}5")),
                FenField::Placement,
                Some((5, 'd')),
                "minipom has no",
            );
        }
        // A plain Advisor can exist in Mini-POM (a Morph that took a Morph
        // in Advisor form and became plain).
        accepted(v, &with_rank(v, 5, "3A5"));
    }

    #[test]
    fn placement_swords_and_kings() {
        for v in Variant::ALL {
            let n = files(v);
            let last = v.geometry().ranks;
            let top = last as usize;
            let row = |mid: &str| format!("{mid}{}", n - 1);
            // A Sword on its own back rank (and beyond the promotion rank,
            // which is the other side's back rank).
            let (placement, rest) = sparse(v).split_once(' ').unwrap();
            let white_back = placement.rsplit_once('/').unwrap().1;
            let moved = format!("W{}", &white_back[1..]);
            let fen = format!("{}/{moved} {rest}", placement.rsplit_once('/').unwrap().0);
            refused(v, &fen, FenField::Placement, Some((1, 'a')), "own back rank");
            refused(
                v,
                &with_rank(v, top, &format!("W{}", &placement.split('/').next().unwrap()[1..])),
                FenField::Placement,
                Some((last, 'a')),
                "promotion rank",
            );
            refused(
                v,
                &with_rank(v, top, &format!("(W){}", &placement.split('/').next().unwrap()[1..])),
                FenField::Placement,
                Some((last, 'a')),
                "promotion rank",
            );
            // Exactly one King per side.
            refused(v, &with_rank(v, 5, &row("K")), FenField::Position, None, "White has 2 Kings");
            refused(v, &with_rank(v, 5, &row("k")), FenField::Position, None, "Black has 2 Kings");
            let no_king = with_field(v, 2, "-").replacen('K', "Q", 1);
            refused(v, &no_king, FenField::Position, None, "White has 0 Kings");
        }
        // The side not to move in check: a White Tower on the e-file (POM:
        // the King is on f1... use a bare-Kings position per variant).
        refused(
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/5T5/5K5 w - - 0 1",
            FenField::Position,
            None,
            "Black is in check but not to move",
        );
        refused(
            Variant::MiniPom,
            "4k4/9/9/9/9/9/9/4T4/4K4 w - - 0 1",
            FenField::Position,
            None,
            "Black is in check but not to move",
        );
        // ...while the side to move may be in check.
        accepted(Variant::Pom, "5k5/11/11/11/11/11/11/11/11/5T5/5K5 b - - 0 1");
        accepted(Variant::MiniPom, "4k4/9/9/9/9/9/9/4T4/4K4 b - - 0 1");
    }

    #[test]
    fn side_to_move() {
        for v in Variant::ALL {
            accepted(v, &with_field(v, 1, "b"));
            for bad in ["W", "white", "x", "-"] {
                refused(v, &with_field(v, 1, bad), FenField::SideToMove, None, "expected 'w' or 'b'");
            }
        }
    }

    #[test]
    fn rights() {
        for v in Variant::ALL {
            assert_eq!(accepted(v, &with_field(v, 2, "-")).rights_text(), "-");
            let off = (b'a' + files(v) as u8) as char;
            refused(v, &with_field(v, 2, &off.to_string()), FenField::Rights, None, "names no file");
            refused(v, &with_field(v, 2, "1"), FenField::Rights, None, "names no file");
            // A Tower file needs its Tower and the King on its start square.
            let no_tower = v.start_fen().replacen('T', "H", 1);
            refused(v, &no_tower, FenField::Rights, None, "needs a Tower on a1");
        }
        // POM: castling only; a file with no right is refused.
        refused(
            Variant::Pom,
            &with_field(Variant::Pom, 2, "B"),
            FenField::Rights,
            None,
            "no right belongs to file b",
        );
        for v in Variant::ALL {
            // The King off its start square: no castling right.
            let (placement, rest) = v.start_fen().split_once(' ').unwrap();
            let (upper, back) = placement.rsplit_once('/').unwrap();
            let fen = format!("{upper}/{} {rest}", back.replacen('K', "1", 1));
            let fen = fen.replacen(&format!("/{}/", files(v)), &format!("/K{}/", files(v) - 1), 1);
            refused(v, &fen, FenField::Rights, None, "and the King on");
        }
        // Mini-POM: swap rights on the Medusa's file and the Morphs' files.
        let v = Variant::MiniPom;
        let no_medusa = "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QK1(A)HT w ACFGIacfgi - 0 1";
        refused(v, no_medusa, FenField::Rights, None, "needs a Medusa on f1");
        let plain_advisor = "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/THAQKE(A)HT w ACFGIacfgi - 0 1";
        refused(v, plain_advisor, FenField::Rights, None, "needs a Morph in Advisor form on c1");
        refused(v, &with_field(v, 2, "B"), FenField::Rights, None, "no right belongs to file b");
        // A lone swap right (Medusa without a Morph right) is dropped.
        assert_eq!(accepted(v, &with_field(v, 2, "AF")).rights_text(), "A");
        // A letter given twice is refused, whatever the variant.
        refused(
            Variant::Pom,
            &with_field(Variant::Pom, 2, "AAKak"),
            FenField::Rights,
            None,
            "'A' is repeated",
        );
        refused(v, &with_field(v, 2, "ACFGIacfgii"), FenField::Rights, None, "'i' is repeated");
    }

    #[test]
    fn en_passant_is_always_a_dash() {
        for v in Variant::ALL {
            accepted(v, &with_field(v, 3, "-"));
            for bad in ["e3", "a1", "x", "--"] {
                refused(v, &with_field(v, 3, bad), FenField::EnPassant, None, "expected '-'");
            }
        }
    }

    #[test]
    fn clocks_and_optional_fields() {
        for v in Variant::ALL {
            let fen = v.start_fen();
            let four: Vec<&str> = fen.split(' ').take(4).collect();
            let three: Vec<&str> = fen.split(' ').take(3).collect();
            let pos = accepted(v, &four.join(" "));
            assert_eq!(pos.fen(), fen, "the clocks default to 0 and 1");
            assert_eq!(accepted(v, &three.join(" ")).fen(), fen);
            refused(v, &four[..2].join(" "), FenField::Rights, None, "missing");
            refused(v, four[0], FenField::SideToMove, None, "missing");
            refused(v, "", FenField::Placement, None, "empty");
            refused(v, &with_field(v, 4, "x"), FenField::HalfmoveClock, None, "not a number");
            refused(v, &with_field(v, 4, "-1"), FenField::HalfmoveClock, None, "not a number");
            refused(v, &with_field(v, 5, "0"), FenField::FullmoveNumber, None, "start at 1");
            refused(v, &with_field(v, 5, "x"), FenField::FullmoveNumber, None, "not a move number");
            refused(v, &format!("{fen} extra"), FenField::FullmoveNumber, None, "unexpected text");
            assert_eq!(accepted(v, &with_field(v, 4, "37")).fen(), with_field(v, 4, "37"));
        }
    }

    /// One piece's FEN text, and a position with one square changed: read
    /// back by the FEN reader, so refused as it refuses, the rights whose
    /// pieces left dropped.
    #[test]
    fn pieces_and_changed_squares() {
        assert_eq!(piece_from_fen("E"), Some(Piece::new(Color::White, Kind::Medusa)));
        assert_eq!(piece_from_fen("(a)"), Some(Piece::morph(Color::Black, Kind::Advisor)));
        for bad in ["", "x", "(k)", "EE", "(A", "((A))"] {
            assert_eq!(piece_from_fen(bad), None, "{bad}");
        }
        let start = Position::startpos(Variant::Pom);
        let g = start.geometry();
        let a1 = g.square(0, 0);
        let without = start.with_piece(a1, Piece::NONE).unwrap();
        assert_eq!(without.fen().split(' ').nth(2), Some("Kak"));
        assert!(start
            .with_piece(g.square(5, 0), Piece::NONE)
            .err()
            .is_some_and(|e| e.to_string().contains("King")));
        assert!(start.with_piece(a1, Piece::new(Color::White, Kind::Sword)).is_err());
        let e5 = g.square(4, 4);
        let put = without.with_piece(e5, Piece::new(Color::White, Kind::Tower)).unwrap();
        assert_eq!(put.piece_at(e5), Piece::new(Color::White, Kind::Tower));
    }
}
