//! The games as text: everything the rules read from or write to people
//! and programs, apart from the board and the game themselves.
//!
//! - [`coord`] squares and moves as written (`b1c10`, `b7d8(H)`), the one
//!   square reader of every dialect; [`movetext`] a written move resolved
//!   against a position;
//! - [`fen`] FEN in and out;
//! - [`pgn`] the PGN reader (Gorgon's coordinates and XBoard's dialect) and
//!   the pieces every PGN writer shares;
//! - [`notation`] the inventor's book notation;
//! - [`san`] SAN as python-chess writes it (`e5`, `Hc3`, `Axd8=H`), with
//!   Gorgon's FEN letters;
//! - [`xboard`] the games as XBoard writes them (its letters, FENs, SAN);
//! - [`diagram`] the position as text for people.
//!
//! A folder of its own because this side is about half the crate: the
//! rules proper (board, moves, make/unmake, outcome) stay at the root.

pub mod coord;
pub mod diagram;
pub mod fen;
pub(crate) mod movetext;
pub mod notation;
pub mod pgn;
pub mod san;
pub mod xboard;
