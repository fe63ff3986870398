//! The Gorgon match runner (`gorgon-match`): engine-vs-engine games of
//! Pillars of Medusa and Mini-POM refereed by the rules library, PGN in and
//! out, and the Elo/SPRT arithmetic. docs/MATCH.md is the user's guide.
//!
//! The parts, one question per file:
//! - `cli`: the command line (cutechess-cli style `key=value` groups).
//! - `tc`: time controls and the clocks the runner keeps.
//! - `config`: how to start an engine, and the protocol it speaks.
//! - `error`: why talking to an engine failed.
//! - `process`: an engine process and its pipes.
//! - `driver`: what the protocol drivers share: a turn, its answer, the
//!   deadline of a move, `stop` and hangs.
//! - `engine`: one engine whatever its protocol (dispatches to `uci`, `cecp`).
//! - `uci`: a UCI engine, pondering included.
//! - `cecp`: a CECP (XBoard) engine and XBoard's move and FEN forms.
//! - `ending`: how a game ended (result, `Termination`, whose fault).
//! - `record`: the record of a game (its moves, scores, times, ending).
//! - `game`: one refereed game and the adjudication rules.
//! - `openings`: opening files and seeded random openings.
//! - `pgn`: PGN export and the replaying parser.
//! - `stats`: Elo, error bars, LOS, pentanomial counts and the SPRT.
//! - `tournament`: scheduling games on worker threads, live output, shards.
//! - `results`: the summary of PGN files already played (`--stats`).
#![forbid(unsafe_code)]

pub mod cecp;
pub mod cli;
pub mod config;
pub mod driver;
pub mod ending;
pub mod engine;
pub mod error;
pub mod game;
pub mod openings;
pub mod pgn;
pub mod process;
pub mod record;
pub mod results;
pub mod stats;
pub mod tc;
pub mod tournament;
pub mod uci;

pub use pgn::{parse_pgn, Game};
