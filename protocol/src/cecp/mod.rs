//! The Chess Engine Communication Protocol, version 2 (XBoard/WinBoard;
//! `engine-intf.html`, with the XBoard 4.8 additions for engine-defined
//! variants: `setup`, `piece`, `lift`/`put`/`hover`, `highlight`,
//! `choice`). Like the UCI dialect beside it, pure syntax: lines in, typed
//! [`Command`]s out ([`parse_line`]); typed [`Reply`]s in, lines out
//! (`Display`), and an engine's lines back to [`Reply`]s ([`parse_reply`]).
//! It knows no game rules, no board size and no piece table, and no input
//! makes it panic.
//!
//! Squares are written as in the UCI dialect (`k11`: file letter, rank
//! 1-99); rank 0, which XBoard uses only on boards of exactly 10 ranks, is
//! refused with an error naming the token.
//!
//! ```
//! use protocol::cecp::{parse_line, CecpMove, Command, Reply, Thinking};
//!
//! let Ok(Some(Command::UserMove(mv))) = parse_line("usermove c10c11e") else {
//!     panic!("should parse");
//! };
//! assert_eq!(mv.to_string(), "c10c11e");
//!
//! let error = parse_line("sd deep").unwrap_err();
//! assert_eq!(error.to_string(), "sd: expected a depth, got 'deep'");
//!
//! let line = Thinking { ply: 3, score: 35, time_cs: 12, nodes: 900, pv: vec![mv], ..Thinking::default() };
//! assert_eq!(Reply::Thinking(line).to_string(), "3 35 12 900 c10c11e");
//! ```

mod command;
mod error;
mod moves;
mod reply;

#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;

pub use command::{parse_line, Command, GameResult, Level, MoveSet};
pub use error::CecpError;
pub use moves::{CecpMove, CecpMoveError, CecpMoveErrorKind, Leg};
pub use reply::{mate_score, parse_reply, EngineOption, Feature, FeatureValue, OptionControl, Reply, Setup, Stat01, Thinking, MATE_SCORE};
