//! Squares and moves in coordinate form (NOTATION.md section 2), for any
//! board up to 26 files and 99 ranks. Pure syntax: nothing here knows the
//! board size or whether a move is legal.

use std::fmt;
use std::str::FromStr;

/// At most this many characters of a token are quoted in a message.
const SHOWN_CHARS: usize = 40;

/// A token as quoted in an error message: control characters escaped
/// (`\u{1b}`), then at most [`SHOWN_CHARS`] characters (then `...`).
///
/// Counted after escaping, so that a shown token shows as itself: the
/// canonical text of a command quotes a bad token this way, and must read
/// back to the same command. (A long escape may be cut in the middle.)
pub fn shown(token: &str) -> String {
    let escaped = token.chars().flat_map(|c| {
        let control = c.is_control();
        let escape = control.then(|| c.escape_default());
        escape.into_iter().flatten().chain((!control).then_some(c))
    });
    let mut out = String::new();
    for (i, c) in escaped.enumerate() {
        if i == SHOWN_CHARS {
            out.push_str("...");
            break;
        }
        out.push(c);
    }
    out
}

/// Why a move token is not a move of the dialect (NOTATION.md section 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveTextErrorKind {
    /// The token is the null move `0000`, which no command accepts.
    NullMove,
    /// The token does not start with a square (letter, then rank 1-99).
    BadFromSquare,
    /// No square follows the first one.
    BadToSquare,
    /// Something other than `(X)`/`(XY)` or a trailing `e` follows the squares.
    BadSuffix,
}

impl fmt::Display for MoveTextErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NullMove => "the null move is not accepted here",
            Self::BadFromSquare => "expected a square (file a-z, rank 1-99) at the start",
            Self::BadToSquare => "expected a destination square after the first square",
            Self::BadSuffix => "expected nothing, '(X)' with 1-2 letters, or 'e' after the squares",
        })
    }
}

/// A token that is not a move: `bad move 'z9z' (...)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveTextError {
    token: String,
    kind: MoveTextErrorKind,
}

impl MoveTextError {
    pub fn new(token: &str, kind: MoveTextErrorKind) -> Self {
        Self { token: shown(token), kind }
    }

    /// The offending token as quoted in the message (possibly shortened).
    pub fn token(&self) -> &str {
        &self.token
    }

    /// What is wrong with it.
    pub fn kind(&self) -> MoveTextErrorKind {
        self.kind
    }
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad move '{}' ({})", self.token, self.kind)
    }
}

impl std::error::Error for MoveTextError {}

/// A square as written: a file letter and a rank number, e.g. `k11`.
///
/// Valid by construction: file 0..26 (`a`..`z`), rank 1..=99.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    file: u8,
    rank: u8,
}

impl Square {
    /// Number of file letters (`a`..`z`).
    pub const MAX_FILES: u8 = 26;
    /// Largest rank number (two decimal digits).
    pub const MAX_RANK: u8 = 99;

    /// The square on `file` (0 = `a`) and `rank` (1-based), if both are in range.
    pub const fn new(file: u8, rank: u8) -> Option<Self> {
        if file < Self::MAX_FILES && rank >= 1 && rank <= Self::MAX_RANK {
            Some(Self { file, rank })
        } else {
            None
        }
    }

    /// File index, 0 = `a`.
    pub const fn file(self) -> u8 {
        self.file
    }

    /// Rank number, 1-based.
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// Reads a square at the start of `bytes`: an ASCII letter (either
    /// case), then a rank of one or two digits without a leading zero.
    /// Returns the square and the number of bytes it took; `None` if there
    /// is no square there or a third digit follows.
    pub fn parse_prefix(bytes: &[u8]) -> Option<(Self, usize)> {
        let (&letter, rest) = bytes.split_first()?;
        if !letter.is_ascii_alphabetic() {
            return None;
        }
        let file = letter.to_ascii_lowercase() - b'a';
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if !(1..=2).contains(&digits) || rest[0] == b'0' {
            return None;
        }
        let rank = rest[..digits].iter().fold(0u8, |r, d| r * 10 + (d - b'0'));
        Some((Self { file, rank }, 1 + digits))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank)
    }
}

/// Error of [`Square::from_str`]: the whole string is not one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadSquare;

impl fmt::Display for BadSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a square: file a-z, rank 1-99")
    }
}

impl std::error::Error for BadSquare {}

impl FromStr for Square {
    type Err = BadSquare;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match Self::parse_prefix(s.as_bytes()) {
            Some((square, len)) if len == s.len() => Ok(square),
            _ => Err(BadSquare),
        }
    }
}

/// What follows the two squares of a move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// Nothing: an ordinary move, castling, a swap, or a promotion written
    /// the way the engine prints it.
    None,
    /// `(X)`: a Morph transformation. Holds the text inside the parentheses,
    /// uppercased (`"H"`, `"ME"`, `"E"`, ...). Parsing yields 1-2 ASCII
    /// letters; which codes exist is the engine's business.
    Form(String),
    /// A trailing `e` or `E` (promotion to Medusa), accepted on input.
    PromotionE,
}

/// A move in coordinate form: `<from><to>[suffix]`, e.g. `b1c10`,
/// `b7d8(H)`, `c10c11e`.
///
/// The null move `0000` is deliberately not a `MoveText`: parsing it fails
/// with [`MoveTextErrorKind::NullMove`], because no command of the dialect
/// accepts it (NOTATION.md section 2), and `bestmove (none)` is written
/// with `mv: None`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The square the move starts on (for castling, the King's square).
    pub from: Square,
    /// The second square (the destination, or the Tower's/Morph's square).
    pub to: Square,
    /// The transformation or promotion suffix.
    pub suffix: Suffix,
}

impl MoveText {
    /// The text of the null move, which [`MoveText::from_str`] rejects.
    pub const NULL: &'static str = "0000";

    /// A move without suffix.
    pub const fn new(from: Square, to: Square) -> Self {
        Self {
            from,
            to,
            suffix: Suffix::None,
        }
    }
}

impl fmt::Display for MoveText {
    /// Canonical text: lowercase squares, `(X)` as stored, `e` only for
    /// [`Suffix::PromotionE`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        match &self.suffix {
            Suffix::None => Ok(()),
            Suffix::Form(code) => write!(f, "({code})"),
            Suffix::PromotionE => f.write_str("e"),
        }
    }
}

/// Reads what follows the squares: nothing, `e`/`E`, or `(` 1-2 ASCII
/// letters `)`.
fn parse_suffix(bytes: &[u8]) -> Option<Suffix> {
    match bytes {
        [] => Some(Suffix::None),
        [b'e' | b'E'] => Some(Suffix::PromotionE),
        [b'(', inner @ .., b')'] if (1..=2).contains(&inner.len()) => {
            let letters = inner.iter().all(u8::is_ascii_alphabetic);
            let code = inner.iter().map(|&b| char::from(b.to_ascii_uppercase()));
            letters.then(|| Suffix::Form(code.collect()))
        }
        _ => None,
    }
}

impl FromStr for MoveText {
    type Err = MoveTextError;

    /// Parses `<square><square>[suffix]`. A square is a letter and 1-2
    /// digits, so the split is unambiguous: `a1a10` is a1 to a10, `b1c10`
    /// is b1 to c10. Errors name the token.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fail = |kind| MoveTextError::new(s, kind);
        if s == Self::NULL {
            return Err(fail(MoveTextErrorKind::NullMove));
        }
        let bytes = s.as_bytes();
        let (from, n) = Square::parse_prefix(bytes).ok_or_else(|| fail(MoveTextErrorKind::BadFromSquare))?;
        let (to, m) = Square::parse_prefix(&bytes[n..]).ok_or_else(|| fail(MoveTextErrorKind::BadToSquare))?;
        let suffix = parse_suffix(&bytes[n + m..]).ok_or_else(|| fail(MoveTextErrorKind::BadSuffix))?;
        Ok(Self { from, to, suffix })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn mv(s: &str) -> MoveText {
        s.parse().unwrap()
    }

    fn kind(s: &str) -> MoveTextErrorKind {
        s.parse::<MoveText>().unwrap_err().kind()
    }

    #[test]
    fn squares_round_trip_up_to_26_files_and_99_ranks() {
        assert_eq!(sq("k11"), Square::new(10, 11).unwrap());
        assert_eq!(sq("K11").to_string(), "k11");
        assert_eq!(sq("z99").to_string(), "z99");
        assert_eq!(sq("a1"), Square::new(0, 1).unwrap());
        for bad in ["", "a", "a0", "a01", "a100", "11", "ä1", "a1x", "-1"] {
            assert_eq!(bad.parse::<Square>(), Err(BadSquare), "{bad:?}");
        }
        assert_eq!(Square::new(26, 1), None);
        assert_eq!(Square::new(0, 0), None);
        assert_eq!(Square::new(0, 100), None);
    }

    #[test]
    fn two_digit_ranks_split_at_the_second_letter() {
        assert_eq!(mv("b1c10"), MoveText::new(sq("b1"), sq("c10")));
        assert_eq!(mv("k2k4"), MoveText::new(sq("k2"), sq("k4")));
        assert_eq!(mv("a10a11"), MoveText::new(sq("a10"), sq("a11")));
        assert_eq!(mv("a1a10"), MoveText::new(sq("a1"), sq("a10")));
        assert_eq!(mv("f11a11"), MoveText::new(sq("f11"), sq("a11")));
        assert_eq!(mv("f1k1"), MoveText::new(sq("f1"), sq("k1")));
        assert_eq!(mv("c10c11"), MoveText::new(sq("c10"), sq("c11")));
    }

    #[test]
    fn form_suffix_is_uppercased_and_kept() {
        let m = mv("b7d8(H)");
        assert_eq!((m.from, m.to), (sq("b7"), sq("d8")));
        assert_eq!(m.suffix, Suffix::Form("H".into()));
        assert_eq!(mv("c5d8(ME)").suffix, Suffix::Form("ME".into()));
        assert_eq!(mv("c5d8(me)").suffix, Suffix::Form("ME".into()));
        assert_eq!(mv("c5d8(Ma)").suffix, Suffix::Form("MA".into()));
        assert_eq!(mv("c5d8(e)").suffix, Suffix::Form("E".into()));
        assert_eq!(mv("B7D8(h)").to_string(), "b7d8(H)");
    }

    #[test]
    fn trailing_e_is_a_promotion() {
        assert_eq!(mv("c10c11e").suffix, Suffix::PromotionE);
        assert_eq!(mv("c10c11E").suffix, Suffix::PromotionE);
        assert_eq!(mv("c10c11e").to_string(), "c10c11e");
        assert_eq!(mv("c10c11").to_string(), "c10c11");
        // The 'e' after a full square is a suffix, not a file.
        assert_eq!(mv("a1e5").to, sq("e5"));
    }

    #[test]
    fn bad_moves_say_what_is_wrong() {
        use MoveTextErrorKind::*;
        assert_eq!(kind("0000"), NullMove);
        for (token, expected) in [
            ("", BadFromSquare),
            ("z9z", BadToSquare),
            ("e2", BadToSquare),
            ("9e2e4", BadFromSquare),
            ("a0a1", BadFromSquare),
            ("a100a1", BadFromSquare),
            ("a1a100", BadToSquare),
            ("a1a01", BadToSquare),
            ("e2e4q", BadSuffix),
            ("e2e4ee", BadSuffix),
            ("b7d8()", BadSuffix),
            ("b7d8(MAE)", BadSuffix),
            ("b7d8(1)", BadSuffix),
            ("b7d8(H", BadSuffix),
            ("b7d8(H)e", BadSuffix),
            ("b7d8(é)", BadSuffix),
            ("é7d8", BadFromSquare),
            ("000", BadFromSquare),
            ("00000", BadFromSquare),
        ] {
            assert_eq!(kind(token), expected, "{token:?}");
        }
    }

    #[test]
    fn error_names_the_token() {
        let e = "z9z".parse::<MoveText>().unwrap_err();
        assert_eq!(e.token(), "z9z");
        assert!(e.to_string().starts_with("bad move 'z9z' ("), "{e}");
    }
}

#[cfg(test)]
mod shown_tests {
    use super::*;

    #[test]
    fn shown_shortens_long_tokens() {
        let long = "x".repeat(1000);
        assert_eq!(shown(&long), format!("{}...", "x".repeat(SHOWN_CHARS)));
        assert_eq!(shown("abc"), "abc");
    }

    #[test]
    fn shown_escapes_control_characters_and_keeps_unicode() {
        assert_eq!(shown("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(shown("a\u{0}"), "a\\u{0}");
        assert_eq!(shown("é♞"), "é♞");
    }

    /// A shown token shows as itself: the canonical text of a command
    /// quotes a bad token this way and must read back to the same command
    /// (found by the `parse_line` fuzz target, where escaping made a short
    /// token long).
    #[test]
    fn shown_tokens_show_as_themselves() {
        let tokens = [
            "c5d8(\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{1}ME)".to_string(),
            "\u{1b}".repeat(SHOWN_CHARS),
            format!("{}\u{7}", "x".repeat(SHOWN_CHARS - 1)),
            "x".repeat(SHOWN_CHARS + 1),
            "é".repeat(SHOWN_CHARS),
            "a\u{0}".into(),
        ];
        for token in tokens {
            let once = shown(&token);
            assert_eq!(shown(&once), once, "{token:?}");
            assert!(once.chars().count() <= SHOWN_CHARS + 3, "{once:?}");
        }
    }

    #[test]
    fn shown_counts_characters_not_bytes() {
        let long = "é".repeat(100);
        assert_eq!(shown(&long).chars().count(), SHOWN_CHARS + 3);
    }
}
