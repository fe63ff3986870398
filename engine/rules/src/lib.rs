//! The rules of Pillars of Medusa and Mini-POM: a library with no search in
//! it, and no dependency outside std. The engine, the match runner, the
//! book builder and the protocol's move syntax all sit on it.
//!
//! - the board: [`Variant`] and its [`Geometry`], [`Bitboard`]s, attack
//!   tables, [`Piece`]s (kind, colour, Morph flag and form);
//! - the game: [`Position`] (placement, petrified sets, rights, clocks,
//!   Zobrist key, history), legal move generation with the gaze,
//!   make/unmake, [`Outcome`], perft;
//! - text ([`text`]): FEN, coordinate squares and moves ([`text::coord`],
//!   parsed in this one place for every dialect), move text resolved
//!   against a position, the inventor's notation ([`text::notation`]), PGN
//!   ([`text::pgn`]), XBoard's forms and the diagram for people;
//! - games: [`GameResult`], [`GameRecord`], [`GameTree`] (a game with its
//!   side lines); and [`SplitMix64`], the
//!   project's one seeded generator.
#![forbid(unsafe_code)]

pub mod attacks;
pub mod bitboard;
mod changes;
mod cycle;
pub mod game;
mod legal;
mod makemove;
mod movegen;
pub mod moves;
pub mod perft;
pub mod piece;
pub mod position;
pub mod rng;
pub mod status;
mod targets;
pub mod text;
pub mod tree;
pub mod variant;
pub mod zobrist;

pub use bitboard::{bit, squares, Bitboard};
pub use changes::Change;
pub use game::{GameRecord, GameResult};
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use piece::{Color, Kind, Piece};
pub use position::{Position, State};
pub use rng::SplitMix64;
pub use status::Outcome;
pub use targets::{Lift, Target};
pub use text::fen::{FenError, FenField};
pub use text::movetext::{line_texts, MoveError};
pub use tree::{GameTree, TreeNode};
pub use variant::{Geometry, Variant};

#[cfg(test)]
mod tests;
