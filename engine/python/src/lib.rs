//! `gorgon`, the Python module: Pillars of Medusa (`pom`) and Mini-POM
//! (`minipom`) in process, as python-chess does for chess.
//!
//! - [`board::Board`]: python-chess's board: a position with a move stack,
//!   `legal_moves`, push/pop in coordinates, SAN or book notation, FEN,
//!   pieces, petrified pieces, outcome, perft; [`chess`] its small types
//!   (`Move`, `Piece`, `SquareSet`, `Outcome`, squares as ints).
//! - [`pgn::read_pgn`]: the games of a PGN text (Gorgon's coordinates or
//!   XBoard's SAN) as [`pgn::Game`]s; [`pgn::read_game_tree`],
//!   [`pgn::first_game_end`] and [`pgn::Movetext`], the rules' reader and
//!   writer under `gorgon.pgn`'s game trees (python/gorgon/pgn.py).
//! - [`engine::Engine`]: the player (search, hash, threads): `analyse`
//!   gives the MultiPV lines, `play` the best move. Searches run with the
//!   GIL released, and Ctrl-C stops them.
//!
//! Every error a user can cause is a Python exception (mostly
//! `ValueError` carrying the rules' own message); nothing here panics on
//! user input.

mod board;
mod chess;
mod engine;
mod interrupt;
mod pgn;

use pyo3::prelude::*;
use rules::Variant;

/// The variant a name names, or a `ValueError` listing the names.
pub(crate) fn variant_of(name: &str) -> PyResult<Variant> {
    Variant::from_name(name)
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("unknown variant '{name}' (expected one of: pom, minipom)")))
}

/// The start FEN of a variant (`"pom"` or `"minipom"`).
#[pyfunction]
#[pyo3(signature = (variant = "pom"))]
fn start_fen(variant: &str) -> PyResult<&'static str> {
    Ok(variant_of(variant)?.start_fen())
}

/// Pillars of Medusa (`pom`, 11x11) and Mini-POM (`minipom`, 9x9): boards,
/// rules and the Gorgon engine, in process.
/// The compiled part of the package: `gorgon/__init__.py` re-exports it.
#[pymodule]
#[pyo3(name = "_gorgon")]
fn gorgon(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("VARIANTS", (Variant::Pom.name(), Variant::MiniPom.name()))?;
    m.add("STARTING_FEN", Variant::Pom.start_fen())?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::LegalMoveGenerator>()?;
    m.add_class::<chess::Move>()?;
    m.add_class::<chess::Piece>()?;
    m.add_class::<chess::SquareSet>()?;
    m.add_class::<chess::Termination>()?;
    m.add_class::<chess::Outcome>()?;
    m.add("InvalidMoveError", m.py().get_type::<chess::InvalidMoveError>())?;
    m.add("IllegalMoveError", m.py().get_type::<chess::IllegalMoveError>())?;
    m.add("AmbiguousMoveError", m.py().get_type::<chess::AmbiguousMoveError>())?;
    m.add_function(wrap_pyfunction!(chess::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(chess::parse_square, m)?)?;
    // The piece types, 1 to 10 in the rules' order, and their symbols and
    // names (python-chess's PIECE_TYPES, PIECE_SYMBOLS, PIECE_NAMES).
    let mut symbols: Vec<Option<String>> = vec![None];
    let mut names: Vec<Option<String>> = vec![None];
    for kind in rules::Kind::ALL {
        let name = kind.name().to_ascii_lowercase().replace(' ', "_");
        m.add(name.to_ascii_uppercase().as_str(), chess::piece_type(kind))?;
        symbols.push(Some(kind.letter().to_ascii_lowercase().to_string()));
        names.push(Some(name));
    }
    m.add("PIECE_SYMBOLS", symbols)?;
    m.add("PIECE_NAMES", names)?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::AnalysisLine>()?;
    m.add_class::<engine::Score>()?;
    m.add_class::<pgn::Game>()?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::read_pgn, m)?)?;
    m.add_class::<pgn::Movetext>()?;
    m.add_function(wrap_pyfunction!(pgn::read_game_tree, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::read_game_tags, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::read_notation_trees, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::first_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::tag_pair, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::engine_comment, m)?)?;
    Ok(())
}
