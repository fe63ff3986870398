//! Typed errors. Every message names the offending token, shortened and
//! with control characters escaped so that it fits on one protocol line.

use std::fmt;

/// At most this many characters of a token are quoted in a message.
const SHOWN_CHARS: usize = 40;

/// A token as quoted in an error message: at most [`SHOWN_CHARS`]
/// characters (then `...`), control characters escaped (`\u{1b}`).
pub(crate) fn shown(token: &str) -> String {
    let mut out = String::new();
    for (i, c) in token.chars().enumerate() {
        if i == SHOWN_CHARS {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
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
    pub(crate) fn new(token: &str, kind: MoveTextErrorKind) -> Self {
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

/// Why a line is not a command. `command` is the canonical (lowercase)
/// command name; tokens are quoted as typed (see [`ParseError`]'s Display).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// The first token is no command of the dialect: `unknown command 'foo'`.
    UnknownCommand {
        /// The first token.
        token: String,
    },
    /// The line ends where something was required: `perft: missing depth`.
    Missing {
        /// The command being parsed.
        command: &'static str,
        /// What was expected.
        what: &'static str,
    },
    /// A token where something else was expected:
    /// `debug: expected 'on' or 'off', got 'maybe'`.
    Unexpected {
        /// The command being parsed.
        command: &'static str,
        /// What was expected.
        expected: &'static str,
        /// The token found instead.
        token: String,
    },
    /// A token that is no keyword of the command: `go: unknown keyword 'foo'`.
    UnknownKeyword {
        /// The command being parsed.
        command: &'static str,
        /// The token.
        token: String,
    },
    /// A keyword that takes a value ends the line: `go: missing value after 'depth'`.
    MissingValue {
        /// The command being parsed.
        command: &'static str,
        /// The keyword (canonical spelling).
        keyword: &'static str,
    },
    /// A value is not a decimal integer: `go: depth value 'x' is not a number`.
    NotANumber {
        /// The command being parsed.
        command: &'static str,
        /// The keyword the value belongs to.
        keyword: &'static str,
        /// The value token.
        token: String,
    },
    /// An integer that does not fit its field:
    /// `go: depth value '99999999999' out of range`.
    OutOfRange {
        /// The command being parsed.
        command: &'static str,
        /// The keyword the value belongs to.
        keyword: &'static str,
        /// The value token.
        token: String,
    },
    /// A bad move token: `position: bad move 'z9z' (...)`.
    BadMove {
        /// The command being parsed.
        command: &'static str,
        /// The move error, which names the token.
        error: MoveTextError,
    },
}

impl ParseError {
    pub(crate) fn unexpected(command: &'static str, expected: &'static str, token: &str) -> Self {
        Self::Unexpected {
            command,
            expected,
            token: shown(token),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownCommand { token } => write!(f, "unknown command '{token}'"),
            Self::Missing { command, what } => write!(f, "{command}: missing {what}"),
            Self::Unexpected { command, expected, token } => {
                write!(f, "{command}: expected {expected}, got '{token}'")
            }
            Self::UnknownKeyword { command, token } => {
                write!(f, "{command}: unknown keyword '{token}'")
            }
            Self::MissingValue { command, keyword } => {
                write!(f, "{command}: missing value after '{keyword}'")
            }
            Self::NotANumber { command, keyword, token } => {
                write!(f, "{command}: {keyword} value '{token}' is not a number")
            }
            Self::OutOfRange { command, keyword, token } => {
                write!(f, "{command}: {keyword} value '{token}' out of range")
            }
            Self::BadMove { command, error } => write!(f, "{command}: {error}"),
        }
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::BadMove { error, .. } => Some(error),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn shown_counts_characters_not_bytes() {
        let long = "é".repeat(100);
        assert_eq!(shown(&long).chars().count(), SHOWN_CHARS + 3);
    }

    #[test]
    fn messages_name_the_token() {
        let e = ParseError::OutOfRange {
            command: "go",
            keyword: "depth",
            token: "99999999999".into(),
        };
        assert_eq!(e.to_string(), "go: depth value '99999999999' out of range");
        let e = ParseError::unexpected("debug", "'on' or 'off'", "maybe");
        assert_eq!(e.to_string(), "debug: expected 'on' or 'off', got 'maybe'");
        let e = ParseError::BadMove {
            command: "position",
            error: MoveTextError::new("z9z", MoveTextErrorKind::BadToSquare),
        };
        assert!(e.to_string().starts_with("position: bad move 'z9z' ("));
        assert!(std::error::Error::source(&e).is_some());
    }
}
