//! Gorgon: the rules of Pillars of Medusa and Mini-POM (`rules`, a library
//! with no search in it) and the player built on them.
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod book;
pub mod player;

pub mod uci;
pub mod xboard;
