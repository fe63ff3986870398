//! Typed errors. Every message names the offending token, shortened and
//! with control characters escaped so that it fits on one protocol line.
//! The same type serves commands ([`crate::parse_line`]) and replies
//! ([`crate::parse_reply`]); for a reply, `command` is the reply's first
//! word (`info`, `bestmove`, `option`, `id`).

use std::fmt;

pub(crate) use rules::text::coord::shown;
pub use rules::text::coord::{MoveTextError, MoveTextErrorKind};

/// Why a line is not a command (or not a reply). `command` is the
/// canonical (lowercase) command or reply word; tokens are quoted as typed
/// (see [`ParseError`]'s Display).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// The first token is no command of the dialect: `unknown command 'foo'`.
    UnknownCommand {
        /// The first token.
        token: String,
    },
    /// The first token is no reply of the dialect: `unknown reply
    /// 'copyprotection'`.
    UnknownReply {
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

    /// The command (or reply) word the error is about; `None` when the
    /// first token itself is unknown. A client reading an engine's output
    /// uses it to tell a malformed `bestmove` (the engine's move is
    /// unreadable) from a malformed line it can skip.
    pub fn command(&self) -> Option<&'static str> {
        match self {
            Self::UnknownCommand { .. } | Self::UnknownReply { .. } => None,
            Self::Missing { command, .. }
            | Self::Unexpected { command, .. }
            | Self::UnknownKeyword { command, .. }
            | Self::MissingValue { command, .. }
            | Self::NotANumber { command, .. }
            | Self::OutOfRange { command, .. }
            | Self::BadMove { command, .. } => Some(*command),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownCommand { token } => write!(f, "unknown command '{token}'"),
            Self::UnknownReply { token } => write!(f, "unknown reply '{token}'"),
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
        assert_eq!(e.command(), Some("position"));
        let e = ParseError::UnknownReply {
            token: "copyprotection".into(),
        };
        assert_eq!(e.to_string(), "unknown reply 'copyprotection'");
        assert_eq!(e.command(), None);
    }
}
