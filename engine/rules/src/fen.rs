//! FEN in and out (NOTATION.md 1). Every error names the field and, for the
//! placement, the rank and file; the parser never panics.

use super::bitboard::bit;
use super::piece::{Color, Kind, Piece};
use super::position::Position;
use super::variant::{Rights, Variant, MEDUSA_FILE, SWAP_FILES};
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
        let g = self.geo;
        let mut out = String::new();
        for rank in (0..g.ranks).rev() {
            let mut empty = 0;
            for file in 0..g.files {
                let p = self.board[g.square(file, rank) as usize];
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
