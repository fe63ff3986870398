//! The player: evaluation, search, transposition table, threads, time
//! management and the bench. It reads positions through the `rules` API and
//! never changes the rules.
//!
//! The UCI loop drives it through [`Engine`]: options (`set_hash`,
//! `set_threads`, ...), `new_game`, and `search`, which reports through a
//! callback and returns a [`SearchResult`].
//!
//! Its modules, from the bottom up (each uses only those before it; the
//! suite's tests/tests/layers.rs checks it):
//!
//! - `params`: the search's tunable margins and reductions (constants,
//!   or UCI options in the `spsa` build; docs/SPSA.md).
//! - `control`: the stop model's tickets and flags.
//! - `limits`: what a `go` asks for.
//! - `report`: what a search tells the outside world.
//! - `correction`: correction history of the static evaluation.
//! - `eval`: the hand-written evaluation and its weights.
//! - `see`: static exchange evaluation that knows the gaze.
//! - `score`: score constants, mate distances, the reported scale.
//! - `history`: move-ordering memory that outlives a node.
//! - `movepick`: the staged move picker.
//! - `tt`: the transposition table.
//! - `time`: time management.
//! - `skill`: strength levels (`Skill Level`, `UCI_Elo`) and their choice.
//! - `search`: the node search of one thread and its quiescence search.
//! - `threads`: the engine object and Lazy SMP.
//! - `bench`: the bench's fixed-depth searches.

pub mod bench;
mod control;
mod correction;
pub mod eval;
mod history;
mod limits;
mod movepick;
pub mod params;
mod report;
mod score;
mod search;
pub mod see;
pub mod skill;
mod threads;
mod time;
mod tt;

pub use control::{Control, HostPoll, Stops};
pub use eval::{eval_breakdown, evaluate, piece_value};
pub use limits::Limits;
pub use report::{Info, Report, SearchResult};
pub use skill::SkillSettings;
pub use threads::Engine;
pub use tt::Tt;
