//! How to start and configure one engine: the command, its options and
//! limits, and the protocol it speaks (an `--engine` group of the command
//! line, `cli`).

use crate::tc::Limits;
use std::path::PathBuf;

/// The protocol an engine speaks (`proto=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// UCI in the Gorgon dialect (docs/PROTOCOL.md).
    #[default]
    Uci,
    /// CECP version 2, the XBoard/WinBoard protocol (docs/XBOARD.md).
    Xboard,
}

impl Protocol {
    /// The `proto=` word.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Xboard => "xboard",
        }
    }

    /// Reads a `proto=` word.
    pub fn from_name(name: &str) -> Option<Protocol> {
        match name {
            "uci" => Some(Protocol::Uci),
            "xboard" => Some(Protocol::Xboard),
            _ => None,
        }
    }
}

/// How to start and configure one engine.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineConfig {
    /// The name in the PGN and the standings.
    pub name: String,
    /// True if the name was made up from the command (no `name=`): a CECP
    /// engine's `myname` then replaces it.
    pub auto_name: bool,
    pub cmd: String,
    pub args: Vec<String>,
    /// Working directory of the process.
    pub dir: Option<PathBuf>,
    /// UCI: `setoption` pairs, sent in order after `UCI_Variant`. CECP:
    /// `option NAME=VALUE`, except `memory` and `cores`, which are CECP
    /// commands of their own.
    pub options: Vec<(String, String)>,
    pub limits: Limits,
    pub protocol: Protocol,
    /// Ponder on the opponent's time (`ponder`): UCI `go ponder` on the
    /// expected reply, CECP `hard`.
    pub ponder: bool,
}
