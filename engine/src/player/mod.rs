//! The player: evaluation, search, transposition table, threads, time
//! management and the bench. It reads positions through the `rules` API and
//! never changes the rules.
//!
//! The UCI loop drives it through [`Engine`]: options (`set_hash`,
//! `set_threads`, ...), `new_game`, and `search`, which reports through a
//! callback and returns a [`SearchResult`].

pub mod bench;
mod control;
mod correction;
pub mod eval;
mod history;
mod limits;
mod movepick;
mod report;
mod score;
mod search;
pub mod see;
mod threads;
mod time;
mod tt;
pub mod wdl;

pub use control::{Control, Stops};
pub use eval::{eval_breakdown, evaluate, piece_value};
pub use limits::Limits;
pub use report::{Info, Report, SearchResult};
pub use threads::Engine;
pub use tt::Tt;
