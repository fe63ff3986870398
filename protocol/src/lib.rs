#![forbid(unsafe_code)]
//! The Gorgon engine dialect (docs/PROTOCOL.md): UCI extended for boards
//! up to 11x11 (any size up to 26 files and 99 ranks, in fact) and Morph
//! moves.
//!
//! Pure syntax: text lines in, typed [`Command`]s out ([`parse_line`]);
//! typed [`Reply`]s in, text lines out (`Display`); and, for a GUI or a
//! match runner, an engine's lines back to [`Reply`]s ([`parse_reply`],
//! tolerant of foreign engines' extra `info` fields). The crate knows no game
//! rules (it takes only the coordinate syntax of squares and moves from
//! [`rules::text::coord`], so that squares are parsed in one place), and no input
//! makes it panic.
//!
//! ```
//! use protocol::{parse_line, Command, Info, Reply, Score};
//!
//! let Ok(Some(Command::Position { fen, moves, .. })) =
//!     parse_line("position startpos moves b1c10 b7d8(H)")
//! else {
//!     panic!("should parse");
//! };
//! assert_eq!(fen, None);
//! assert_eq!(moves[0].to.to_string(), "c10");
//!
//! let error = parse_line("go depth 5000000000").unwrap_err();
//! assert_eq!(error.to_string(), "go: depth value '5000000000' out of range");
//!
//! let info = Info { depth: Some(3), score: Some(Score::cp(35)), pv: moves, ..Info::default() };
//! assert_eq!(Reply::Info(info).to_string(), "info depth 3 score cp 35 pv b1c10 b7d8(H)");
//! ```

pub mod cecp;
mod command;
mod error;
mod reply;
mod shard;
mod text;
mod tokens;

pub use command::{parse_line, Command, Go, Registration};
pub use error::{MoveTextError, MoveTextErrorKind, ParseError};
pub use reply::{parse_reply, Bound, Info, OptionDecl, OptionKind, Reply, Score, ScoreValue};
pub use rules::text::coord::{BadSquare, MoveText, Square, Suffix};
pub use shard::Shard;
