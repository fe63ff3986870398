//! Gorgon's engine library: the player that sits on the `rules` crate
//! (engine/rules, a library with no search in it) and the jobs and loops
//! built on the player.
//!
//! The modules form layers, listed here from the bottom up: a module uses
//! only modules listed before it (`crate::` paths), so the import graph
//! has no circle (tests/tests/layers.rs checks this list against the code):
//!
//! - `clock`: the time: std's `Instant`, or the host's milliseconds where the target has no clock (WebAssembly).
//! - `wdl`: the win/draw/loss model, the arithmetic every evaluation's scale goes through.
//! - `nnue`: the learned evaluation: features, the network file, accumulators, the nets' models.
//! - `player`: search, hand-written evaluation, transposition table, threads, time, bench.
//! - `parallel`: one engine per worker thread, for the batch jobs.
//! - `stdio`: the stdin/stdout lines the UCI and CECP loops share.
//! - `selfplay`: what the self-play jobs share: each game's seeded generator, the adjudication.
//! - `analysis`: batch analysis and annotated games.
//! - `book`: opening books on the rules (the `gbk` crate's files), built by self-play.
//! - `datagen`: self-play training data, its formats and statistics.
//! - `suite`: opening suites for testing: searched short lines judged balanced by a deep search.
//! - `tactics`: a tactics set found in self-play games, and its solver.
//! - `tune`: the hand-written evaluation's tuner and the win/draw/loss fits.
//! - `train`: the nets' trainer.
//! - `uci`: the UCI loop.
//! - `xboard`: the CECP (XBoard) loop.
//!
//! Without the default `native` feature (engine/wasm's build) the library
//! is the playing core: `clock`, `wdl`, `nnue`, `player`, `stdio`, `book`
//! (probing the shipped books; building them by self-play is native),
//! `uci` and `xboard`. The jobs (`parallel`, `selfplay`, `analysis`,
//! `datagen`, `suite`, `tactics`, `tune`, `train`) need threads, files or
//! crates that a WebAssembly page has no use for (Cargo.toml says which).
#![deny(clippy::undocumented_unsafe_blocks)]

#[cfg(feature = "native")]
pub mod analysis;
pub mod book;
pub mod clock;
#[cfg(feature = "native")]
pub mod datagen;
pub mod nnue;
#[cfg(feature = "native")]
pub mod parallel;
pub mod player;
#[cfg(feature = "native")]
pub mod selfplay;
pub mod stdio;
#[cfg(feature = "native")]
pub mod suite;
#[cfg(feature = "native")]
pub mod tactics;
#[cfg(feature = "native")]
pub mod train;
#[cfg(feature = "native")]
pub mod tune;
pub mod uci;
pub mod wdl;
pub mod xboard;
