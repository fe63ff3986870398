//! `read_pgn`: the games of a PGN text, read by the rules' one PGN reader
//! in Gorgon's dialect (coordinates) or XBoard's (its SAN and letters), as
//! python-chess's `read_game` does for chess.
//!
//! Under `gorgon.pgn` (python/gorgon/pgn.py, python-chess's game trees):
//! `read_game_tree` hands one game's tree over as plain data,
//! `first_game_end` tells where a file's next game ends (the rules' lexer
//! decides), and `Movetext` and `tag_pair` are the rules' one PGN writer.

use crate::board::Board;
use crate::variant_of;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rules::text::notation;
use rules::text::pgn::{self, CommentScore, Dialect, EngineComment, PgnError, ReadGame};
use rules::tree::{GameTree, Step};
use rules::Color;

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

/// One node of a game tree for `gorgon.pgn`: `(parent, move, comments,
/// starting_comments, nags)`, the move in canonical coordinates (node 0,
/// the start, has none and its parent is itself).
type NodeData = (usize, Option<String>, Vec<String>, Vec<String>, Vec<u8>);

/// A game tree for `gorgon.pgn`: `(tags, variant, dialect, start_fen,
/// result, nodes)`, nodes in the tree's order (a parent before its
/// children, a node's children in the order of its variations).
type TreeData = (
    Vec<(String, String)>,
    &'static str,
    &'static str,
    String,
    Option<String>,
    Vec<NodeData>,
);

/// The nodes of a tree, each move written in coordinates from its parent's
/// position (one position walks the tree).
fn nodes_of(tree: &GameTree) -> Vec<NodeData> {
    let mut texts: Vec<Option<String>> = vec![None; tree.nodes.len()];
    tree.walk(|step, pos| {
        if let Step::Move(n) = step {
            texts[n] = tree.nodes[n].mv.map(|m| pos.move_text(m));
        }
    });
    tree.nodes
        .iter()
        .zip(texts)
        .map(|(n, text)| (n.parent, text, n.comments.clone(), n.before.clone(), n.nags.clone()))
        .collect()
}

/// A PGN error with its line counted from the file's start and the game's
/// number in the file, as a `ValueError`.
fn pgn_error(mut e: PgnError, first_line: usize, index: usize) -> PyErr {
    e.line += first_line.saturating_sub(1);
    if e.game != 0 {
        e.game = index;
    }
    PyValueError::new_err(e.to_string())
}

/// The first game of a PGN text as a tree with its side lines, comments
/// and glyphs (the rules' one reader, either dialect), for
/// `gorgon.pgn.read_game`; None when the text holds no game. The text is
/// one game of a file starting on line `first_line`, the file's game
/// `index`: errors name the file, that line and that game.
#[pyfunction]
#[pyo3(signature = (text, variant = "pom", file = "PGN", first_line = 1, index = 1))]
pub fn read_game_tree(text: &str, variant: &str, file: &str, first_line: usize, index: usize) -> PyResult<Option<TreeData>> {
    let v = variant_of(variant)?;
    let games = pgn::parse(text, file).map_err(|e| pgn_error(e, first_line, index))?;
    let Some(written) = games.into_iter().next() else {
        return Ok(None);
    };
    let v = written.variant(v);
    let tree = pgn::replay_tree(&written, index, file, v)
        .map_err(|e| pgn_error(e, first_line, index))?
        .ok_or_else(|| PyValueError::new_err(format!("{file}: game {index}: not a game of {}", v.name())))?;
    let dialect = match written.dialect(v) {
        Dialect::Gorgon => "gorgon",
        Dialect::Xboard => "xboard",
    };
    let result = written.result.clone().or_else(|| written.tag("Result").map(str::to_string));
    Ok(Some((written.tags, v.name(), dialect, tree.start.fen(), result, nodes_of(&tree))))
}

/// The tags of the first game of a PGN text, without replaying its moves
/// (`gorgon.pgn.read_headers`): None when the text holds no game.
#[pyfunction]
#[pyo3(signature = (text, file = "PGN", first_line = 1, index = 1))]
pub fn read_game_tags(text: &str, file: &str, first_line: usize, index: usize) -> PyResult<Option<Vec<(String, String)>>> {
    let games = pgn::parse(text, file).map_err(|e| pgn_error(e, first_line, index))?;
    Ok(games.into_iter().next().map(|g| g.tags))
}

/// Every game of a record in the inventor's notation (NOTATION.md 3), as
/// trees (`gorgon.pgn.read_notation`).
#[pyfunction]
#[pyo3(signature = (text, variant = "pom"))]
pub fn read_notation_trees(text: &str, variant: &str) -> PyResult<Vec<TreeData>> {
    let v = variant_of(variant)?;
    let trees = notation::import_trees(text, v).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(trees
        .iter()
        .map(|t| {
            let result = t.result.map(|r| r.to_string());
            (Vec::new(), t.start.variant().name(), "notation", t.start.fen(), result, nodes_of(t))
        })
        .collect())
}

/// Where the first game of a PGN text ends: `(line, inclusive)`, the
/// 1-based line of its result token (`inclusive`) or of the next game's
/// first tag; None while the text holds no end yet. The rules' lexer
/// decides, so a `*` inside a comment ends nothing.
#[pyfunction]
pub fn first_game_end(text: &str) -> Option<(usize, bool)> {
    pgn::first_game_end(text)
}

/// `[Name "value"]` and a newline, escaped as every PGN writer of the
/// project writes a tag pair.
#[pyfunction]
pub fn tag_pair(name: &str, value: &str) -> String {
    pgn::tag_pair(name, value)
}

/// Movetext being written, for `gorgon.pgn.StringExporter`: the rules'
/// one movetext writer (move numbers where a reader lost count, comments
/// escaped, lines laid out).
#[pyclass(module = "gorgon")]
#[derive(Default)]
pub struct Movetext {
    inner: pgn::Movetext,
}

#[pymethods]
impl Movetext {
    #[new]
    fn new() -> Movetext {
        Movetext::default()
    }

    /// A move `turn` (`"white"`/`"black"`) plays in move `number`, written
    /// `text`, after its number if it has one.
    fn play(&mut self, turn: &str, number: u32, text: String) -> PyResult<()> {
        let side = match turn {
            "white" => Color::White,
            "black" => Color::Black,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "unknown colour '{turn}' (expected 'white' or 'black')"
                )))
            }
        };
        self.inner.play(side, number, text);
        Ok(())
    }

    /// `$n` after the last move.
    fn nag(&mut self, nag: u8) {
        self.inner.nag(nag);
    }

    /// A `{...}` comment, escaped.
    fn comment(&mut self, text: &str) {
        self.inner.comment(text);
    }

    /// `(`: a side line replacing the last move opens.
    fn open(&mut self) {
        self.inner.open();
    }

    /// `)`: it closes.
    fn close(&mut self) {
        self.inner.close();
    }

    /// The result token.
    fn result(&mut self, token: &str) {
        self.inner.result(token);
    }

    /// The movetext in lines of at most `width` characters (None: one
    /// line).
    #[pyo3(signature = (width = None))]
    fn text(&self, width: Option<usize>) -> String {
        self.inner.text_within(width.unwrap_or(usize::MAX))
    }
}

/// The engine comment of a move (`+0.35/12 0.50s`, cutechess's form, mates
/// in plies), read by the rules' one reader: `(cp, mate, depth, seconds)`
/// with `mate` in moves as python-chess's `Mate` counts them (`+M5` is 3);
/// `None` for any other comment (`book`, a result's reason).
/// `(cp, mate, depth, seconds)` of [`engine_comment`].
type CommentParts = (Option<i32>, Option<i32>, Option<u32>, Option<f64>);

#[pyfunction]
pub fn engine_comment(text: &str) -> Option<CommentParts> {
    let c = EngineComment::parse(text)?;
    let cp = match c.score {
        Some(CommentScore::Cp(cp)) => Some(cp),
        _ => None,
    };
    let mate = c.score.and_then(CommentScore::mate_moves);
    Some((cp, mate, c.depth, c.time.map(|t| t.as_secs_f64())))
}
