//! Gorgon, the player: search and evaluation (`player`), batch analysis and
//! annotated games (`analysis`), opening books on
//! the rules (`book`), self-play training data (`datagen`) and
//! the evaluation tuner (`tune`), the learned evaluation (`nnue`) and its
//! trainer (`train`), the UCI and CECP loops (`uci`, `xboard`) and their
//! shared stdin/stdout lines (`stdio`). The rules themselves are the
//! `rules` crate (engine/rules), a library with no search in it.
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod analysis;
pub mod book;
pub mod datagen;
pub mod nnue;
pub mod parallel;
pub mod player;
pub mod stdio;
pub mod train;
pub mod tune;
pub mod uci;
pub mod xboard;
