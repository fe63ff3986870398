//! Colours, piece kinds (a Morph's forms are kinds too) and the packed `Piece`.

use std::ops::Not;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// What a piece moves as (RULES.md 2). For a Morph this is its current form.
/// Mini-POM's Rook, Knight, Bishop and Pawn are the Tower, Horse, Advisor
/// and Sword.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Sword = 0,
    Horse = 1,
    Advisor = 2,
    Tower = 3,
    Queen = 4,
    MountedAdvisor = 5,
    Serpent = 6,
    Pillar = 7,
    Medusa = 8,
    King = 9,
}

impl Kind {
    /// Number of kinds.
    pub const COUNT: usize = 10;
    /// Every kind, in index order.
    pub const ALL: [Kind; 10] = [
        Kind::Sword,
        Kind::Horse,
        Kind::Advisor,
        Kind::Tower,
        Kind::Queen,
        Kind::MountedAdvisor,
        Kind::Serpent,
        Kind::Pillar,
        Kind::Medusa,
        Kind::King,
    ];
    /// The forms a Morph can take: every kind but the King (RULES.md 6).
    pub const FORMS: [Kind; 9] = [
        Kind::Sword,
        Kind::Horse,
        Kind::Advisor,
        Kind::Tower,
        Kind::Queen,
        Kind::MountedAdvisor,
        Kind::Serpent,
        Kind::Pillar,
        Kind::Medusa,
    ];

    /// The kind with this index; `None` past the last.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Kind> {
        if i < Kind::COUNT {
            Some(Kind::ALL[i])
        } else {
            None
        }
    }

    /// The FEN letter (uppercase).
    pub const fn letter(self) -> char {
        match self {
            Kind::Sword => 'W',
            Kind::Horse => 'H',
            Kind::Advisor => 'A',
            Kind::Tower => 'T',
            Kind::Queen => 'Q',
            Kind::MountedAdvisor => 'M',
            Kind::Serpent => 'S',
            Kind::Pillar => 'P',
            Kind::Medusa => 'E',
            Kind::King => 'K',
        }
    }

    /// The English name, as RULES.md 2 writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Sword => "Sword",
            Kind::Horse => "Horse",
            Kind::Advisor => "Advisor",
            Kind::Tower => "Tower",
            Kind::Queen => "Queen",
            Kind::MountedAdvisor => "Mounted Advisor",
            Kind::Serpent => "Serpent",
            Kind::Pillar => "Pillar",
            Kind::Medusa => "Medusa",
            Kind::King => "King",
        }
    }

    /// The kind of an uppercase or lowercase FEN letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'W' => Kind::Sword,
            'H' => Kind::Horse,
            'A' => Kind::Advisor,
            'T' => Kind::Tower,
            'Q' => Kind::Queen,
            'M' => Kind::MountedAdvisor,
            'S' => Kind::Serpent,
            'P' => Kind::Pillar,
            'E' => Kind::Medusa,
            'K' => Kind::King,
            _ => return None,
        })
    }

    /// The pamphlet's code, used in book notation and in the `(X)` suffix of
    /// a Morph transformation (NOTATION.md 2): `MA` and `ME` are two letters.
    pub const fn book_code(self) -> &'static str {
        match self {
            Kind::Sword => "W",
            Kind::Horse => "H",
            Kind::Advisor => "A",
            Kind::Tower => "T",
            Kind::Queen => "Q",
            Kind::MountedAdvisor => "MA",
            Kind::Serpent => "S",
            Kind::Pillar => "P",
            Kind::Medusa => "ME",
            Kind::King => "K",
        }
    }

    /// Parses a transformation code: a book code, or `M`/`E` for `MA`/`ME`,
    /// any case. The King is no form.
    pub fn from_form_code(code: &str) -> Option<Kind> {
        let up = code.to_ascii_uppercase();
        let kind = match up.as_str() {
            "MA" | "M" => Kind::MountedAdvisor,
            "ME" | "E" => Kind::Medusa,
            s if s.len() == 1 => Kind::from_letter(s.chars().next()?)?,
            _ => return None,
        };
        (kind != Kind::King).then_some(kind)
    }
}

/// A piece: colour, kind (the form, for a Morph) and the Morph flag, packed
/// in a byte. `Piece::NONE` marks an empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u8);

const MORPH_BIT: u8 = 0x10;
const BLACK_BIT: u8 = 0x20;

impl Piece {
    /// The empty square.
    pub const NONE: Piece = Piece(0xFF);

    /// A plain piece.
    #[inline(always)]
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece(kind as u8 | if matches!(color, Color::Black) { BLACK_BIT } else { 0 })
    }

    /// A Morph in form `form`.
    #[inline(always)]
    pub const fn morph(color: Color, form: Kind) -> Piece {
        Piece(Piece::new(color, form).0 | MORPH_BIT)
    }

    /// A plain piece or a Morph.
    #[inline(always)]
    pub const fn with_morph(color: Color, kind: Kind, is_morph: bool) -> Piece {
        if is_morph {
            Piece::morph(color, kind)
        } else {
            Piece::new(color, kind)
        }
    }

    /// True for `Piece::NONE`.
    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0xFF
    }

    /// True for a real piece.
    #[inline(always)]
    pub const fn is_some(self) -> bool {
        self.0 != 0xFF
    }

    /// The colour; meaningless for `NONE`.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 & BLACK_BIT != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// What the piece moves as (a Morph's form).
    #[inline(always)]
    pub const fn kind(self) -> Kind {
        Kind::ALL[(self.0 & 0x0F) as usize]
    }

    /// True for a Morph.
    #[inline(always)]
    pub const fn is_morph(self) -> bool {
        self.0 & MORPH_BIT != 0
    }

    /// Medusa-type (RULES.md 5): a Medusa or a Morph in Medusa form.
    #[inline(always)]
    pub const fn is_medusa_type(self) -> bool {
        self.0 != 0xFF && self.0 & 0x0F == Kind::Medusa as u8
    }

    /// Index 0..40 for tables: colour, Morph flag, kind.
    #[inline(always)]
    pub const fn index(self) -> usize {
        let color = (self.0 >> 5) as usize & 1;
        let morph = (self.0 >> 4) as usize & 1;
        (color * 2 + morph) * Kind::COUNT + (self.0 & 0x0F) as usize
    }

    /// Number of distinct `index` values.
    pub const INDEX_COUNT: usize = 2 * 2 * Kind::COUNT;

    /// FEN text: `K`, `q`, `(A)`, `(h)`.
    pub fn fen(self) -> String {
        let mut c = self.kind().letter();
        if self.color() == Color::Black {
            c = c.to_ascii_lowercase();
        }
        if self.is_morph() {
            format!("({c})")
        } else {
            c.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_pack_and_unpack() {
        for color in Color::ALL {
            for kind in Kind::ALL {
                for morph in [false, true] {
                    let p = Piece::with_morph(color, kind, morph);
                    assert_eq!(p.color(), color);
                    assert_eq!(p.kind(), kind);
                    assert_eq!(p.is_morph(), morph);
                    assert_eq!(p.is_medusa_type(), kind == Kind::Medusa);
                    assert!(p.index() < Piece::INDEX_COUNT);
                }
            }
        }
        assert!(Piece::NONE.is_none());
        assert!(!Piece::NONE.is_medusa_type());
    }

    #[test]
    fn form_codes() {
        assert_eq!(Kind::from_form_code("ma"), Some(Kind::MountedAdvisor));
        assert_eq!(Kind::from_form_code("M"), Some(Kind::MountedAdvisor));
        assert_eq!(Kind::from_form_code("E"), Some(Kind::Medusa));
        assert_eq!(Kind::from_form_code("ME"), Some(Kind::Medusa));
        assert_eq!(Kind::from_form_code("h"), Some(Kind::Horse));
        assert_eq!(Kind::from_form_code("K"), None);
        assert_eq!(Kind::from_form_code("XX"), None);
        for k in Kind::FORMS {
            assert_eq!(Kind::from_form_code(k.book_code()), Some(k));
        }
    }
}
