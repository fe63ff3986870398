//! Why a CECP line is not a command. Every message names the offending
//! token, shortened and with control characters escaped, so that it fits on
//! one protocol line.

use std::fmt;

use super::moves::CecpMoveError;
use crate::error::shown;

/// A line that is not a CECP command (or, from [`super::parse_reply`],
/// not a reply; then `command` is the reply's first word).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CecpError {
    /// The first token is no command and no move: `unknown command 'foo'`.
    UnknownCommand {
        /// The first token.
        token: String,
    },
    /// The first token is no reply: `unknown reply 'foo'`.
    UnknownReply {
        /// The first token.
        token: String,
    },
    /// The line ends where an argument was required: `sd: missing depth`.
    Missing {
        /// The command being parsed.
        command: &'static str,
        /// What was expected.
        what: &'static str,
    },
    /// An argument of the wrong form: `sd: expected a depth, got 'x'`.
    BadArgument {
        /// The command being parsed.
        command: &'static str,
        /// What was expected.
        expected: &'static str,
        /// The token found instead.
        token: String,
    },
    /// More arguments than the command takes: `ping: unexpected 'x'`.
    TooMany {
        /// The command being parsed.
        command: &'static str,
        /// The first extra token.
        token: String,
    },
    /// A move token that is not a move: `usermove: bad move 'z9z' (...)`.
    BadMove {
        /// The command being parsed.
        command: &'static str,
        /// The move error, which names the token.
        error: CecpMoveError,
    },
}

impl CecpError {
    pub(crate) fn bad(command: &'static str, expected: &'static str, token: &str) -> Self {
        Self::BadArgument {
            command,
            expected,
            token: shown(token),
        }
    }

    pub(crate) fn too_many(command: &'static str, token: &str) -> Self {
        Self::TooMany {
            command,
            token: shown(token),
        }
    }

    /// The ERRORTYPE of the `Error (ERRORTYPE): COMMAND` reply
    /// (engine-intf.html section 9): `unknown command`, `too many
    /// parameters`, or the message itself for a bad argument.
    pub fn error_type(&self) -> String {
        match self {
            Self::UnknownCommand { .. } => "unknown command".into(),
            Self::TooMany { .. } => "too many parameters".into(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for CecpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownCommand { token } => write!(f, "unknown command '{token}'"),
            Self::UnknownReply { token } => write!(f, "unknown reply '{token}'"),
            Self::Missing { command, what } => write!(f, "{command}: missing {what}"),
            Self::BadArgument { command, expected, token } => {
                write!(f, "{command}: expected {expected}, got '{token}'")
            }
            Self::TooMany { command, token } => write!(f, "{command}: unexpected '{token}'"),
            Self::BadMove { command, error } => write!(f, "{command}: {error}"),
        }
    }
}

impl std::error::Error for CecpError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::BadMove { error, .. } => Some(error),
            _ => None,
        }
    }
}
