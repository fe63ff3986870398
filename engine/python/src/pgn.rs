//! `read_pgn`: the games of a PGN text, read by the rules' one PGN reader
//! in Gorgon's dialect (coordinates) or XBoard's (its SAN and letters), as
//! python-chess's `read_game` does for chess.

use crate::board::Board;
use crate::variant_of;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rules::text::pgn::{self, Dialect, ReadGame};

/// A game read from PGN: its tags, its moves replayed by the rules.
///
/// `moves` are in canonical coordinate text whatever the file's notation;
/// `written` are the moves as the file writes them (`"Mc3"` in XBoard's
/// files). `board()` is the final position with the moves on its stack,
/// `board(ply)` the position after the first `ply` moves.
#[pyclass(module = "gorgon", frozen)]
pub struct Game {
    /// The tag pairs in file order, as `(name, value)`.
    #[pyo3(get)]
    tags: Vec<(String, String)>,
    /// `"pom"` or `"minipom"`.
    #[pyo3(get)]
    variant: &'static str,
    /// `"gorgon"` (coordinates) or `"xboard"` (XBoard's SAN and letters).
    #[pyo3(get)]
    dialect: &'static str,
    /// The start position's FEN (Gorgon's, also for XBoard's files).
    #[pyo3(get)]
    start_fen: String,
    #[pyo3(get)]
    moves: Vec<String>,
    #[pyo3(get)]
    written: Vec<String>,
    /// The `{...}` comments after each move.
    #[pyo3(get)]
    comments: Vec<Vec<String>>,
    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, `"*"`, or None when the game says
    /// nothing.
    #[pyo3(get)]
    result: Option<String>,
    record: ReadGame,
}

#[pymethods]
impl Game {
    /// A tag's value (names compare case-insensitively), or None.
    fn tag(&self, name: &str) -> Option<String> {
        self.record.written.tag(name).map(str::to_string)
    }

    /// The position after the first `ply` moves (all when None), with
    /// those moves on the board's stack.
    #[pyo3(signature = (ply = None))]
    fn board(&self, ply: Option<usize>) -> PyResult<Board> {
        let g = &self.record;
        let n = ply.unwrap_or(g.record.moves.len());
        if n > g.record.moves.len() {
            return Err(PyValueError::new_err(format!(
                "the game has {} moves, not {n}",
                g.record.moves.len()
            )));
        }
        Ok(Board::from_moves(g.record.start.clone(), &g.record.moves[..n]))
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __repr__(&self) -> String {
        let name = self.record.written.name();
        format!(
            "Game('{name}', variant='{}', {} moves, result={:?})",
            self.variant,
            self.moves.len(),
            self.result
        )
    }
}

/// Every game of a PGN text, each replayed on the board of its own
/// `Variant` tag (`variant` when it has none), in the dialect it is
/// written in. A game that cannot be read raises `ValueError` naming the
/// file, the game, the move number and the text.
#[pyfunction]
#[pyo3(signature = (text, variant = "pom", file = "PGN"))]
pub fn read_pgn(text: &str, variant: &str, file: &str) -> PyResult<Vec<Game>> {
    let v = variant_of(variant)?;
    let games = pgn::read(text, file, v).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(games.into_iter().map(game).collect())
}

fn game(g: ReadGame) -> Game {
    let mut pos = g.record.start.clone();
    let moves = g
        .record
        .moves
        .iter()
        .map(|&m| {
            let text = pos.move_text(m);
            pos.make(m);
            text
        })
        .collect();
    Game {
        tags: g.written.tags.clone(),
        variant: g.record.start.variant().name(),
        dialect: match g.dialect {
            Dialect::Gorgon => "gorgon",
            Dialect::Xboard => "xboard",
        },
        start_fen: g.record.start.fen(),
        moves,
        written: g.written.moves.iter().map(|(t, _)| t.clone()).collect(),
        comments: g.written.comments.clone(),
        result: g.written.result.clone().or_else(|| g.written.tag("Result").map(str::to_string)),
        record: g,
    }
}
