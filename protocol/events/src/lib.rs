//! The event log of a running tournament (`gorgon-match --events FILE`,
//! docs/MATCH.md "The event log"), one JSON object per line, as one type
//! ([`Line`], [`Event`]) that the runner writes and the live view's server
//! (`gorgon serve --tournament FILE`) reads; and the standings it carries
//! ([`standings`]), the same values the runner prints as Ordo's table.

pub mod event;
pub mod standings;

pub use event::{Event, GameEnd, GameStart, Info, Line, MatchStart, Move, Score, Side};
pub use standings::Standings;
