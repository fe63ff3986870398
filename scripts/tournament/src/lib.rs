//! The Gorgon match runner (`gorgon-match`): engine-vs-engine games of
//! Pillars of Medusa and Mini-POM refereed by the rules library, PGN in and
//! out, and the Elo/SPRT arithmetic. docs/MATCH.md is the user's guide.
//!
//! The parts, one question per file, in the order of their `use crate::`
//! arrows: each imports only modules listed before it (no circles).
//! - `tc`: time controls and the clocks the runner keeps.
//! - `stats`: Elo, error bars, LOS, pentanomial counts and the SPRT.
//! - `ratings`: the maximum-likelihood ratings of any number of engines,
//!   their errors and CFS, the crosstable (Ordo's table).
//! - `schedule`: who plays whom, in which order and colours (round robin,
//!   gauntlet, rounds), from the seed.
//! - `openings`: opening files and seeded random openings.
//! - `ending`: how a game ended (result, `Termination`, whose fault).
//! - `record`: the record of a game (its moves, scores, times, ending).
//! - `pgn`: PGN export and the replaying parser.
//! - `report`: what games add up to: the report, its summary, the tally
//!   (shared by the runner and `--stats`; it runs no engine).
//! - `results`: the summary of PGN files already played (`--stats`).
//! - `timeuse`: where each engine spent its clock, from those files
//!   (`--stats --time-use`).
//! - `config`: how to start an engine, and the protocol it speaks.
//! - `error`: why talking to an engine failed.
//! - `process`: an engine process and its pipes.
//! - `live`: the event log a live view tails (`--events`), and what an
//!   engine reports while it thinks.
//! - `driver`: what the protocol drivers share: a turn, its answer, the
//!   deadline of a move, `stop` and hangs.
//! - `uci`: a UCI engine, pondering included.
//! - `cecp`: a CECP (XBoard) engine; `cecp::dialect`, XBoard's move, FEN
//!   and limit forms as pure functions; `cecp::features`, the negotiation.
//! - `engine`: one engine whatever its protocol (dispatches to `uci`, `cecp`).
//! - `game`: one refereed game and the adjudication rules.
//! - `tournament`: scheduling games on worker threads, live output, shards.
//! - `cli`: the command line (cutechess-cli style `key=value` groups).
//! - `spsa`: the SPSA tuner's gains, state file and workers (`gorgon-tune`
//!   plays its games with `tournament`; `spsa` itself needs only `stats`).
#![forbid(unsafe_code)]

pub mod cecp;
pub mod cli;
pub mod config;
pub mod driver;
pub mod ending;
pub mod engine;
pub mod error;
pub mod game;
pub mod live;
pub mod openings;
pub mod pgn;
pub mod process;
pub mod ratings;
pub mod record;
pub mod report;
pub mod results;
pub mod schedule;
pub mod spsa;
pub mod stats;
pub mod tc;
pub mod timeuse;
pub mod tournament;
pub mod uci;

pub use pgn::{parse_pgn, Game};
