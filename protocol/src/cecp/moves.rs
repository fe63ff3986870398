//! Moves as CECP writes them (engine-intf.html section 8, "MOVE"):
//! coordinate moves with an optional one-character promotion suffix,
//! `O-O`/`O-O-O`, drops, the null move and multi-leg moves. Pure syntax:
//! the suffix letter means whatever the engine's piece table says.

use std::fmt;
use std::str::FromStr;

use crate::error::shown;
use rules::text::coord::Square;

/// Why a token is not a CECP move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CecpMoveErrorKind {
    /// The token does not start with a square, `O-O`, a drop or `@@@@`.
    BadFromSquare,
    /// No square follows the first one.
    BadToSquare,
    /// Something other than one letter, `+` or `=` follows the squares.
    BadSuffix,
    /// Rank 0: XBoard counts ranks from 0 only on boards with exactly 10
    /// ranks, and no game of this engine has 10 ranks.
    RankZero,
    /// A multi-leg move with an empty leg or more than four legs.
    BadLegs,
}

impl fmt::Display for CecpMoveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::BadFromSquare => "expected a square (file a-z, rank 1-99), O-O, O-O-O, a drop or @@@@",
            Self::BadToSquare => "expected a destination square after the first square",
            Self::BadSuffix => "expected nothing, one letter, '+' or '=' after the squares",
            Self::RankZero => "rank 0 exists only on boards with exactly 10 ranks",
            Self::BadLegs => "expected 2 to 4 legs separated by commas",
        })
    }
}

/// A token that is not a CECP move: `bad move 'z9z' (...)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CecpMoveError {
    token: String,
    kind: CecpMoveErrorKind,
}

impl CecpMoveError {
    fn new(token: &str, kind: CecpMoveErrorKind) -> Self {
        Self { token: shown(token), kind }
    }

    /// The offending token as quoted in the message (possibly shortened).
    pub fn token(&self) -> &str {
        &self.token
    }

    /// What is wrong with it.
    pub fn kind(&self) -> CecpMoveErrorKind {
        self.kind
    }
}

impl fmt::Display for CecpMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad move '{}' ({})", self.token, self.kind)
    }
}

impl std::error::Error for CecpMoveError {}

/// One leg of a move: from a square to a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Leg {
    /// Where the leg starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
}

/// A move in CECP coordinate notation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CecpMove {
    /// `e2e4`, `c10c11e`, `b7d8n`: two squares and an optional suffix
    /// character (an ASCII letter as sent, `+` or `=`).
    Coord {
        /// The square the move starts on.
        from: Square,
        /// The second square.
        to: Square,
        /// The promotion suffix, if any.
        promotion: Option<char>,
    },
    /// `O-O` (`long: false`) or `O-O-O`, as XBoard sends castling to
    /// engines that asked for it in Fischer random games. `0-0` is read too.
    Castle {
        /// True for `O-O-O`.
        long: bool,
    },
    /// `P@h3`: a piece letter dropped on a square.
    Drop {
        /// The piece letter as sent.
        piece: char,
        /// The square.
        to: Square,
    },
    /// `@@@@`, the null move.
    Null,
    /// `c4d5,d5e4`: two to four legs separated by commas; the suffix
    /// belongs to the last leg.
    MultiLeg {
        /// The legs in order.
        legs: Vec<Leg>,
        /// The promotion suffix after the last leg.
        promotion: Option<char>,
    },
}

impl CecpMove {
    /// A coordinate move without suffix.
    pub const fn coord(from: Square, to: Square) -> Self {
        Self::Coord { from, to, promotion: None }
    }

    /// A coordinate move with a suffix.
    pub const fn with_promotion(from: Square, to: Square, promotion: char) -> Self {
        Self::Coord {
            from,
            to,
            promotion: Some(promotion),
        }
    }
}

fn write_suffix(f: &mut fmt::Formatter<'_>, promotion: Option<char>) -> fmt::Result {
    promotion.map_or(Ok(()), |c| write!(f, "{c}"))
}

impl fmt::Display for CecpMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Coord { from, to, promotion } => {
                write!(f, "{from}{to}")?;
                write_suffix(f, *promotion)
            }
            Self::Castle { long: false } => f.write_str("O-O"),
            Self::Castle { long: true } => f.write_str("O-O-O"),
            Self::Drop { piece, to } => write!(f, "{piece}@{to}"),
            Self::Null => f.write_str("@@@@"),
            Self::MultiLeg { legs, promotion } => {
                for (i, leg) in legs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}{}", leg.from, leg.to)?;
                }
                write_suffix(f, *promotion)
            }
        }
    }
}

/// A square at the start of `bytes`, read by the one square reader
/// ([`Square::parse_prefix`]). `Err(true)` for rank 0, which XBoard sends
/// only on boards of exactly 10 ranks, so that the error can say so.
fn square_prefix(bytes: &[u8]) -> Result<(Square, usize), bool> {
    Square::parse_prefix(bytes).ok_or_else(|| {
        matches!(bytes, [letter, b'0', rest @ ..]
            if letter.is_ascii_alphabetic() && !rest.first().is_some_and(u8::is_ascii_digit))
    })
}

/// The suffix: nothing, or exactly one ASCII letter, `+` or `=`.
fn suffix(bytes: &[u8]) -> Option<Option<char>> {
    match bytes {
        [] => Some(None),
        [c] if c.is_ascii_alphabetic() || *c == b'+' || *c == b'=' => Some(Some(char::from(*c))),
        _ => None,
    }
}

/// Parses one leg `<square><square>` at the start of `bytes`.
fn leg(token: &str, bytes: &[u8]) -> Result<(Leg, usize), CecpMoveError> {
    let fail = |kind| CecpMoveError::new(token, kind);
    let zero = |is_zero: bool, kind| fail(if is_zero { CecpMoveErrorKind::RankZero } else { kind });
    let (from, n) = square_prefix(bytes).map_err(|z| zero(z, CecpMoveErrorKind::BadFromSquare))?;
    let (to, m) = square_prefix(&bytes[n..]).map_err(|z| zero(z, CecpMoveErrorKind::BadToSquare))?;
    Ok((Leg { from, to }, n + m))
}

impl FromStr for CecpMove {
    type Err = CecpMoveError;

    /// Parses a move token. Errors name the token.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fail = |kind| CecpMoveError::new(s, kind);
        match s {
            "O-O" | "0-0" | "o-o" => return Ok(Self::Castle { long: false }),
            "O-O-O" | "0-0-0" | "o-o-o" => return Ok(Self::Castle { long: true }),
            "@@@@" => return Ok(Self::Null),
            _ => {}
        }
        let bytes = s.as_bytes();
        if let [piece, b'@', rest @ ..] = bytes {
            if !piece.is_ascii_alphabetic() {
                return Err(fail(CecpMoveErrorKind::BadFromSquare));
            }
            return match square_prefix(rest) {
                Ok((to, n)) if n == rest.len() => Ok(Self::Drop {
                    piece: char::from(*piece),
                    to,
                }),
                Err(true) => Err(fail(CecpMoveErrorKind::RankZero)),
                _ => Err(fail(CecpMoveErrorKind::BadToSquare)),
            };
        }
        if s.contains(',') {
            let parts: Vec<&str> = s.split(',').collect();
            if !(2..=4).contains(&parts.len()) || parts.iter().any(|p| p.is_empty()) {
                return Err(fail(CecpMoveErrorKind::BadLegs));
            }
            let mut legs = Vec::with_capacity(parts.len());
            let mut promotion = None;
            for (i, part) in parts.iter().enumerate() {
                let (l, n) = leg(s, part.as_bytes())?;
                let rest = &part.as_bytes()[n..];
                let last = i + 1 == parts.len();
                match (last, suffix(rest)) {
                    (_, Some(None)) => {}
                    (true, Some(c)) => promotion = c,
                    _ => return Err(fail(CecpMoveErrorKind::BadSuffix)),
                }
                legs.push(l);
            }
            return Ok(Self::MultiLeg { legs, promotion });
        }
        let (l, n) = leg(s, bytes)?;
        let promotion = suffix(&bytes[n..]).ok_or_else(|| fail(CecpMoveErrorKind::BadSuffix))?;
        Ok(Self::Coord {
            from: l.from,
            to: l.to,
            promotion,
        })
    }
}
