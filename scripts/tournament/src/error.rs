//! Why talking to an engine failed, and what that costs the game.

use crate::ending::Termination;
use std::fmt;

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The process exited, closed its output or refused input.
    Crashed(String),
    /// It did not answer in time.
    Hung(String),
    /// It answered, but cannot play this match (a CECP engine without the
    /// variant or the `setboard` a position needs).
    Refused(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Crashed(s) => write!(f, "crashed: {s}"),
            EngineError::Hung(s) => write!(f, "hung: {s}"),
            EngineError::Refused(s) => write!(f, "cannot play: {s}"),
        }
    }
}

impl EngineError {
    /// The termination of a game lost by this error, and its verb.
    pub fn termination(&self) -> (Termination, &'static str) {
        match self {
            EngineError::Crashed(_) => (Termination::Crashed, "crashed"),
            EngineError::Hung(_) => (Termination::Hung, "hung"),
            // An engine that cannot play the game is as good as one that
            // did not start.
            EngineError::Refused(_) => (Termination::Crashed, "refused the game"),
        }
    }
}
