//! Input: one line from the GUI to a typed [`Command`].
//!
//! [`parse_line`] dispatches on the first token through [`COMMANDS`]. The
//! argument-free standard commands and `register` go through vampirc-uci;
//! everything that contains a square, a number or free text is parsed
//! here, because vampirc-uci's a-h/1-8 grammar truncates 11x11 moves (see
//! the `vampirc_findings` tests).

mod extension;
mod go;
mod position;
mod standard;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod vampirc_findings;

use std::fmt;

pub use go::Go;

use crate::error::{shown, MoveTextError, ParseError};
use crate::text;
use crate::tokens::{is_keyword, Tokens};
use rules::text::coord::MoveText;

/// A command from the GUI (or a user at a terminal).
///
/// To add a command: add a variant, a parser (`fn(&mut Tokens) ->
/// Result<Command, ParseError>`, called after the command word) and a row
/// in `COMMANDS` (command.rs), and a branch in `Display`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci`
    Uci,
    /// `debug on|off`
    Debug(bool),
    /// `isready`
    IsReady,
    /// `setoption name <name> [value <value>]`. Name and value are the
    /// tokens joined by single spaces (so trimmed); `value` followed by
    /// nothing gives `Some("")`.
    SetOption {
        /// The option name, case as sent.
        name: String,
        /// The value, if the `value` keyword was present.
        value: Option<String>,
    },
    /// `register later` or `register name <name> code <code>`
    Register(Registration),
    /// `ucinewgame`
    UciNewGame,
    /// `position startpos|fen <FEN> [moves <move>...]`
    Position {
        /// The FEN fields joined by single spaces; `None` for `startpos`.
        /// Not validated beyond having 1 to 6 fields.
        fen: Option<String>,
        /// The moves to play from that position (never the null move).
        moves: Vec<MoveText>,
        /// The first token after `moves` that is not a move, if any. The
        /// moves before it are in `moves` and the tokens after it are
        /// dropped, so the engine can play the good ones and report this
        /// (NOTATION.md 4: "moves before the bad one applied").
        invalid: Option<MoveTextError>,
    },
    /// `go ...`
    Go(Go),
    /// `stop`
    Stop,
    /// `ponderhit`
    PonderHit,
    /// `quit`
    Quit,
    /// Extension `d`: show the board.
    D,
    /// Extension `perft <depth>`.
    Perft {
        /// Plies to count.
        depth: u32,
    },
    /// Extension `bench [depth]`.
    Bench {
        /// Overrides the bench depth.
        depth: Option<u32>,
    },
    /// Extension `eval`: evaluation breakdown.
    Eval,
}

/// The argument of `register`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Registration {
    /// `register later`
    Later,
    /// `register name <name> code <code>`
    Now {
        /// The name (may contain spaces).
        name: String,
        /// The code.
        code: String,
    },
}

/// Parses the arguments of a command; called after the command word.
type ArgParser = fn(&mut Tokens<'_>) -> Result<Command, ParseError>;

/// Every command word (matched ASCII case-insensitively) and its parser.
const COMMANDS: &[(&str, ArgParser)] = &[
    ("uci", standard::uci),
    ("debug", standard::debug),
    ("isready", standard::isready),
    ("setoption", standard::setoption),
    ("register", standard::register),
    ("ucinewgame", standard::ucinewgame),
    ("position", position::parse),
    ("go", go::parse),
    ("stop", standard::stop),
    ("ponderhit", standard::ponderhit),
    ("quit", standard::quit),
    ("d", extension::d),
    ("perft", extension::perft),
    ("bench", extension::bench),
    ("eval", extension::eval),
];

/// Parses one input line (without or with its line terminator).
///
/// Returns `Ok(None)` for a line of only whitespace. Never panics, and
/// runs in time linear in the line's length. Commands without arguments
/// ignore tokens after the command word (UCI asks engines to ignore
/// unknown tokens); commands with arguments reject unexpected tokens.
pub fn parse_line(line: &str) -> Result<Option<Command>, ParseError> {
    let mut tokens = Tokens::new(line);
    let Some(word) = tokens.next() else {
        return Ok(None);
    };
    let (_, parser) = COMMANDS
        .iter()
        .find(|(name, _)| is_keyword(word, name))
        .ok_or_else(|| ParseError::UnknownCommand { token: shown(word) })?;
    parser(&mut tokens).map(Some)
}

impl std::str::FromStr for Command {
    type Err = ParseError;

    /// Like [`parse_line`], but a blank line is an error.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_line(s)?.ok_or(ParseError::Missing {
            command: "line",
            what: "command",
        })
    }
}

impl fmt::Display for Command {
    /// The canonical text of the command, which [`parse_line`] reads back
    /// to an equal command (for texts without whitespace inside tokens).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Uci => f.write_str("uci"),
            Self::Debug(on) => f.write_str(if *on { "debug on" } else { "debug off" }),
            Self::IsReady => f.write_str("isready"),
            Self::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value.as_deref() {
                    None => Ok(()),
                    Some("") => f.write_str(" value"),
                    Some(value) => write!(f, " value {value}"),
                }
            }
            Self::Register(Registration::Later) => f.write_str("register later"),
            Self::Register(Registration::Now { name, code }) => {
                write!(f, "register name {name} code {code}")
            }
            Self::UciNewGame => f.write_str("ucinewgame"),
            Self::Position { fen, moves, invalid } => {
                match fen {
                    None => f.write_str("position startpos")?,
                    Some(fen) => write!(f, "position fen {fen}")?,
                }
                text::moves(f, "moves", moves)?;
                match invalid {
                    Some(bad) if moves.is_empty() => write!(f, " moves {}", bad.token()),
                    Some(bad) => write!(f, " {}", bad.token()),
                    None => Ok(()),
                }
            }
            Self::Go(go) => write!(f, "{go}"),
            Self::Stop => f.write_str("stop"),
            Self::PonderHit => f.write_str("ponderhit"),
            Self::Quit => f.write_str("quit"),
            Self::D => f.write_str("d"),
            Self::Perft { depth } => write!(f, "perft {depth}"),
            Self::Bench { depth: None } => f.write_str("bench"),
            Self::Bench { depth: Some(depth) } => write!(f, "bench {depth}"),
            Self::Eval => f.write_str("eval"),
        }
    }
}
