//! The rules of Pillars of Medusa and Mini-POM: a library with no search in
//! it. The match referee and the book builder use it as it is.

pub mod attacks;
pub mod bitboard;
pub mod fen;
mod legal;
mod makemove;
mod movegen;
pub mod moves;
mod movetext;
pub mod perft;
pub mod piece;
pub mod position;
pub mod status;
pub mod variant;
pub mod zobrist;

pub use bitboard::{bit, squares, Bitboard};
pub use fen::{FenError, FenField};
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use movetext::MoveError;
pub use piece::{Color, Kind, Piece};
pub use position::{Position, State};
pub use status::Outcome;
pub use variant::{Geometry, Variant};

#[cfg(test)]
mod tests;
