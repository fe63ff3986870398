//! Gorgon, the player: search and evaluation (`player`), opening books on
//! the rules (`book`), the UCI and CECP loops (`uci`, `xboard`) and their
//! shared stdin/stdout lines (`stdio`). The rules themselves are the
//! `rules` crate (engine/rules), a library with no search in it.
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod book;
pub mod player;
pub mod stdio;
pub mod uci;
pub mod xboard;
