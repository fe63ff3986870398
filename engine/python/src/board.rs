//! `Board` and `Outcome`: a position of the rules crate with the stack of
//! the moves pushed through it.

use crate::{interrupt, variant_of};
use engine::player::Control;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use rules::text::notation::{move_to_notation, parse_book_move};
use rules::{perft, squares, Color, Move, Outcome as RulesOutcome, Position};

/// The deepest perft accepted.
const MAX_PERFT_DEPTH: i64 = 32;

/// `"white"` or `"black"`.
pub(crate) fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn parse_color(name: &str) -> PyResult<Color> {
    match name.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(PyValueError::new_err(format!(
            "unknown colour '{name}' (expected 'white' or 'black')"
        ))),
    }
}

/// How a game ended: `result` ("1-0", "0-1", "1/2-1/2"), `reason`
/// ("checkmate", "stalemate", "repetition", "fifty_moves",
/// "insufficient_material") and `winner` ("white", "black" or None).
#[pyclass(module = "gorgon", frozen, get_all, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// "1-0", "0-1" or "1/2-1/2".
    result: String,
    /// "checkmate", "stalemate", "repetition", "fifty_moves" or
    /// "insufficient_material".
    reason: String,
    /// "white", "black", or None for a draw.
    winner: Option<String>,
}

impl From<RulesOutcome> for Outcome {
    fn from(o: RulesOutcome) -> Outcome {
        Outcome {
            result: o.result().to_string(),
            reason: o.name().to_string(),
            winner: o.winner().map(|c| color_name(c).to_string()),
        }
    }
}

#[pymethods]
impl Outcome {
    /// `Outcome(result='1-0', reason='checkmate', winner='white')`.
    fn __repr__(&self) -> String {
        let winner = self.winner.as_deref().map_or("None".to_string(), |w| format!("'{w}'"));
        format!("Outcome(result='{}', reason='{}', winner={winner})", self.result, self.reason)
    }
}

/// A Pillars of Medusa or Mini-POM position and the moves pushed on it.
///
/// `Board(variant="pom", fen=None)`: the variant's start position, or the
/// given FEN. A bad variant or FEN raises `ValueError` with the rules'
/// message. Moves are strings in coordinate notation (`"e3e5"`,
/// `"b7d8(H)"`); methods return them in canonical form.
#[pyclass(module = "gorgon", eq)]
#[derive(Clone)]
pub struct Board {
    pub(crate) pos: Position,
    /// The moves pushed through this board, oldest first.
    stack: Vec<Move>,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.pos.variant() == other.pos.variant() && self.pos.fen() == other.pos.fen()
    }
}

impl Board {
    /// `start` with `moves` (legal in turn) pushed.
    pub(crate) fn from_moves(start: Position, moves: &[Move]) -> Board {
        let mut board = Board {
            pos: start,
            stack: Vec::new(),
        };
        for &m in moves {
            board.play(m);
        }
        board
    }

    fn parse(&self, text: &str) -> PyResult<Move> {
        self.pos.parse_move(text).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn play(&mut self, m: Move) -> String {
        let text = self.pos.move_text(m);
        self.pos.make(m);
        self.stack.push(m);
        text
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (variant = "pom", fen = None))]
    fn new(variant: &str, fen: Option<&str>) -> PyResult<Board> {
        let v = variant_of(variant)?;
        let pos = match fen {
            Some(f) => Position::from_fen(v, f).map_err(|e| PyValueError::new_err(e.to_string()))?,
            None => Position::startpos(v),
        };
        Ok(Board { pos, stack: Vec::new() })
    }

    /// The legal moves, in canonical coordinate text, in generation order.
    fn legal_moves(&self) -> Vec<String> {
        self.pos.legal_move_vec().into_iter().map(|m| self.pos.move_text(m)).collect()
    }

    /// Plays a move given in coordinate notation (any form the engine's
    /// `position ... moves` accepts) and returns its canonical text. An
    /// illegal or unreadable move raises `ValueError` and changes nothing.
    fn push(&mut self, r#move: &str) -> PyResult<String> {
        let m = self.parse(r#move)?;
        Ok(self.play(m))
    }

    /// Plays one move in the inventor's book notation (`"ME x B10"`,
    /// `"E3 - E5"`, `"D3"`, `"O-O-A"`) and returns its canonical coordinate
    /// text. `ValueError` if it names no legal move, or several.
    fn push_book(&mut self, text: &str) -> PyResult<String> {
        let m = parse_book_move(&self.pos, text).map_err(|e| PyValueError::new_err(format!("book move '{}': {}", e.text, e.message)))?;
        Ok(self.play(m))
    }

    /// Takes back the last move pushed through this board and returns its
    /// text; `IndexError` when there is none.
    fn pop(&mut self) -> PyResult<String> {
        let m = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.pos.unmake();
        Ok(self.pos.move_text(m))
    }

    /// Without playing it: the canonical text of a move, or `ValueError`.
    fn parse_move(&self, r#move: &str) -> PyResult<String> {
        Ok(self.pos.move_text(self.parse(r#move)?))
    }

    /// True if the text names a legal move here.
    fn is_legal(&self, r#move: &str) -> bool {
        self.pos.parse_move(r#move).is_ok()
    }

    /// The inventor's book notation of a legal move (`"ME x B10"`).
    fn book_notation(&self, r#move: &str) -> PyResult<String> {
        Ok(move_to_notation(&self.pos, self.parse(r#move)?))
    }

    /// The moves pushed through this board, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.stack.iter().map(|&m| self.pos.move_text(m)).collect()
    }

    /// The pieces by square: `{"e1": "wE", "c9": "MbS", ...}`, each the
    /// page's code of a piece (`M` for a Morph, the colour `w`/`b`, the
    /// kind's letter), in square order.
    fn piece_map(&self) -> Vec<(String, String)> {
        let g = self.pos.geometry();
        squares(self.pos.occupied())
            .map(|sq| {
                let p = self.pos.piece_at(sq);
                let side = if p.color() == Color::White { 'w' } else { 'b' };
                let morph = if p.is_morph() { "M" } else { "" };
                (g.square_name(sq), format!("{morph}{side}{}", p.kind().letter()))
            })
            .collect()
    }

    /// The board's size: `(files, ranks)`, `(11, 11)` or `(9, 9)`.
    #[getter]
    fn size(&self) -> (u8, u8) {
        let g = self.pos.geometry();
        (g.files, g.ranks)
    }

    /// The squares a legal move leaves and reaches, `("e3", "e5")` (a
    /// castling move: the King's squares), for drawing it.
    fn move_squares(&self, r#move: &str) -> PyResult<(String, String)> {
        let m = self.parse(r#move)?;
        let g = self.pos.geometry();
        Ok((g.square_name(m.from()), g.square_name(m.to())))
    }

    /// The square of the King in check, or None.
    fn checked_king(&self) -> Option<String> {
        let side = self.pos.side_to_move();
        self.pos
            .in_check()
            .then(|| self.pos.geometry().square_name(self.pos.king_square(side)))
    }

    /// A legal move in XBoard's SAN as Gorgon writes XBoard's PGN files
    /// (`"Mc3"`, `"Kf1xk1"`, `"c11=E"`).
    fn xboard_san(&self, r#move: &str) -> PyResult<String> {
        Ok(rules::text::xboard::san(&self.pos, self.parse(r#move)?))
    }

    /// The last move pushed, or None (python-chess's `peek`, without its
    /// error on an empty stack).
    fn peek(&self) -> Option<String> {
        self.stack.last().map(|&m| self.pos.move_text(m))
    }

    /// The position as FEN (NOTATION.md 1).
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// `"pom"` or `"minipom"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(self.pos.side_to_move())
    }

    /// The move number, starting at 1 and incremented after Black moves.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmove_number()
    }

    /// Half-moves since the last capture or Sword move (the 50-move rule).
    #[getter]
    fn halfmove_clock(&self) -> u16 {
        self.pos.halfmove_clock()
    }

    /// Half-moves since the start of the game, from the move number and
    /// the side to move: 0 at the start position.
    fn ply(&self) -> u32 {
        let black = u32::from(self.pos.side_to_move() == Color::Black);
        2 * self.pos.fullmove_number().saturating_sub(1) + black
    }

    /// True if the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.in_check()
    }

    /// The squares of the petrified pieces (`"a9"`, ...) of one colour
    /// (`"white"`, `"black"`) or of both (None), in square order.
    #[pyo3(signature = (color = None))]
    fn petrified(&self, color: Option<&str>) -> PyResult<Vec<String>> {
        let set = match color {
            Some(c) => self.pos.petrified(parse_color(c)?),
            None => self.pos.petrified(Color::White) | self.pos.petrified(Color::Black),
        };
        let g = self.pos.geometry();
        Ok(squares(set).map(|sq| g.square_name(sq)).collect())
    }

    /// How the game ended here, or None while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome().map(Outcome::from)
    }

    /// True if the game has ended (mate, stalemate, repetition, 50 moves,
    /// insufficient material).
    fn is_game_over(&self) -> bool {
        self.pos.outcome().is_some()
    }

    /// The number of legal move sequences of `depth` plies (0 to 32; draw
    /// rules ignored). Runs without the GIL; Ctrl-C stops it.
    fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        // The rules' perft sets up one move list per ply before it starts:
        // an absurd depth would exhaust memory, and 32 plies never finish.
        if !(0..=MAX_PERFT_DEPTH).contains(&depth) {
            return Err(PyValueError::new_err(format!(
                "perft depth must be between 0 and {MAX_PERFT_DEPTH}, not {depth}"
            )));
        }
        let depth = depth as u32;
        let control = Control::new();
        let mut pos = self.pos.clone();
        let count = interrupt::run(py, || control.stop(), || perft::perft(&mut pos, depth, &control))?;
        // `None` only after a stop, which `run` turned into an exception.
        count.ok_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("perft stopped"))
    }

    /// An independent copy (position and move stack).
    fn copy(&self) -> Board {
        self.clone()
    }

    /// `copy.copy(board)`: the same as `board.copy()`.
    fn __copy__(&self) -> Board {
        self.clone()
    }

    /// `copy.deepcopy(board)`: the same as `board.copy()`.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The diagram of the engine's `d` command: petrified pieces marked
    /// `*`, then FEN, key, petrified squares, checkers, side and status.
    fn __str__(&self) -> String {
        rules::text::diagram::describe(&self.pos)
    }

    /// The board as SVG for a notebook (Jupyter calls this): `gorgon.svg.board`
    /// at size 390 with the last move and a checked King marked, as
    /// python-chess draws its boards.
    fn _repr_svg_(slf: &Bound<'_, Board>) -> PyResult<String> {
        let py = slf.py();
        let board = slf.borrow();
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("size", 390)?;
        kwargs.set_item("lastmove", board.peek())?;
        kwargs.set_item("check", board.checked_king())?;
        drop(board);
        py.import("gorgon.svg")?.getattr("board")?.call((slf,), Some(&kwargs))?.extract()
    }

    /// `Board('pom', '<fen>')`.
    fn __repr__(&self) -> String {
        format!("Board('{}', '{}')", self.pos.variant().name(), self.pos.fen())
    }
}
