//! `Board`, python-chess's board for Pillars of Medusa and Mini-POM: a
//! position of the rules crate with the stack of the moves pushed through
//! it, and the live `legal_moves` view over it.
//!
//! Every text goes through the rules: coordinates (`text::coord`,
//! `Position::parse_move`), SAN (`text::san`), the inventor's notation
//! (`text::notation`), XBoard's SAN (`text::xboard`), FEN.

use crate::chess::{on_board, AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move, Outcome, Piece, SquareSet};
use crate::interrupt;
use engine::player::Control;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rules::text::coord::MoveText;
use rules::text::notation::{move_to_notation, parse_book_move};
use rules::text::san::{self, SanErrorKind};
use rules::{perft, squares, Color, Move as RulesMove, Piece as RulesPiece, Position, Variant};

/// The deepest perft accepted.
const MAX_PERFT_DEPTH: i64 = 32;

fn color(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

fn fen_error(e: rules::FenError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The variant a FEN is of by its shape: 9 ranks are Mini-POM's, anything
/// else is read as Pillars of Medusa's (whose reader then says what is
/// wrong).
fn variant_of_fen(fen: &str) -> Variant {
    let placement = fen.split_whitespace().next().unwrap_or("");
    if placement.split('/').count() == 9 {
        Variant::MiniPom
    } else {
        Variant::Pom
    }
}

/// A Pillars of Medusa or Mini-POM position and the moves pushed on it,
/// shaped as python-chess's `chess.Board`.
///
/// `Board(fen=None, *, variant=None)`: the start position (Pillars of
/// Medusa's unless `variant` names another), or the given FEN, whose shape
/// (11 or 9 ranks) says the variant unless `variant` does. `gorgon.variant.MiniPomBoard` is the Mini-POM board.
/// A bad FEN raises `ValueError` with the rules' message. A move argument
/// is a `Move` or its coordinate text (`"e3e5"`).
#[pyclass(module = "gorgon", subclass)]
#[derive(Clone)]
pub struct Board {
    pub(crate) pos: Position,
    /// The moves pushed through this board, oldest first.
    stack: Vec<RulesMove>,
}

impl Board {
    /// `start` with `moves` (legal in turn) pushed.
    pub(crate) fn from_moves(start: Position, moves: &[RulesMove]) -> Board {
        let mut board = Board {
            pos: start,
            stack: Vec::new(),
        };
        for &m in moves {
            board.play(m);
        }
        board
    }

    fn play(&mut self, m: RulesMove) {
        self.pos.make(m);
        self.stack.push(m);
    }

    fn py_move(&self, m: RulesMove) -> Move {
        Move::of(self.pos.geometry(), m)
    }

    fn legal(&self) -> Vec<Move> {
        self.pos.legal_move_vec().into_iter().map(|m| self.py_move(m)).collect()
    }

    /// A coordinate text's legal move: `InvalidMoveError` if it is no
    /// coordinate move, `IllegalMoveError` if it is not legal here, both
    /// with the rules' message.
    fn parse_text(&self, text: &str) -> PyResult<RulesMove> {
        self.pos.parse_move(text).map_err(|e| {
            if text.trim().parse::<MoveText>().is_err() {
                InvalidMoveError::new_err(e.to_string())
            } else {
                IllegalMoveError::new_err(e.to_string())
            }
        })
    }

    /// The legal rules move a `Move` names (the same move back, so that
    /// `in legal_moves` holds exactly for the moves listed), else
    /// `IllegalMoveError`.
    fn resolve(&self, m: Move) -> PyResult<RulesMove> {
        if m.is_null() {
            return Err(IllegalMoveError::new_err(
                "the null move (0000) is not played on a board here: the rules have no null move outside the search",
            ));
        }
        let written = m.text()?;
        let found = self
            .pos
            .resolve_move(&written)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        if self.py_move(found) != m {
            return Err(IllegalMoveError::new_err(format!(
                "move '{written}': the piece already has that form; the move is {}",
                self.pos.move_text(found)
            )));
        }
        Ok(found)
    }

    /// A move argument: a `Move` or its coordinate text.
    fn arg(&self, mv: &Bound<'_, PyAny>) -> PyResult<RulesMove> {
        if let Ok(m) = mv.cast::<Move>() {
            return self.resolve(*m.get());
        }
        if let Ok(text) = mv.extract::<String>() {
            return self.parse_text(&text);
        }
        Err(PyTypeError::new_err(format!(
            "a move is a gorgon.Move or its coordinate text, not {}",
            mv.get_type().name()?
        )))
    }

    fn san_of(&self, m: RulesMove) -> String {
        san::san(&self.pos, m)
    }

    fn parse_san_text(&self, text: &str) -> PyResult<RulesMove> {
        san::parse_san(&self.pos, text).map_err(|e| match e.kind {
            SanErrorKind::Invalid => InvalidMoveError::new_err(e.to_string()),
            SanErrorKind::Illegal => IllegalMoveError::new_err(e.to_string()),
            SanErrorKind::Ambiguous => AmbiguousMoveError::new_err(e.to_string()),
        })
    }

    fn no_moves(&self) -> bool {
        self.pos.legal_move_vec().is_empty()
    }

    /// A new board of `slf`'s class holding `pos` and `stack`.
    fn new_like(slf: &Bound<'_, Board>, pos: Position, stack: Vec<RulesMove>) -> PyResult<Py<PyAny>> {
        let fen = pos.fen();
        let new = slf.get_type().call1((fen,))?;
        {
            let mut b = new.cast::<Board>()?.borrow_mut();
            b.pos = pos;
            b.stack = stack;
        }
        Ok(new.unbind())
    }
}

/// `board.legal_moves`: python-chess's `LegalMoveGenerator`, a live view of
/// the board's legal moves (iterable, `len`, `in`, `bool`).
#[pyclass(module = "gorgon")]
pub struct LegalMoveGenerator {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoveGenerator {
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let moves = self.board.bind(py).try_borrow()?.legal();
        Ok(PyList::new(py, moves)?.try_iter()?.into_any().unbind())
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.board.bind(py).try_borrow()?.pos.legal_move_vec().len())
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(!self.board.bind(py).try_borrow()?.no_moves())
    }

    /// The number of legal moves (python-chess's `count()`).
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let board = self.board.bind(py).try_borrow()?;
        Ok(r#move.cast::<Move>().is_ok_and(|m| board.resolve(*m.get()).is_ok()))
    }

    /// `<LegalMoveGenerator at 0x... (e5, Hc3, ...)>`, the moves in SAN.
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let board = slf.borrow().board.bind(py).try_borrow()?.clone();
        let texts: Vec<String> = board.pos.legal_move_vec().into_iter().map(|m| board.san_of(m)).collect();
        Ok(format!(
            "<LegalMoveGenerator at {:#x} ({})>",
            slf.as_ptr() as usize,
            texts.join(", ")
        ))
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen = None, *, variant = None))]
    fn new(fen: Option<&str>, variant: Option<&str>) -> PyResult<Board> {
        let v = match (variant, fen) {
            (Some(name), _) => crate::variant_of(name)?,
            (None, Some(f)) => variant_of_fen(f),
            (None, None) => Variant::Pom,
        };
        // No FEN (None, python-chess's empty board): the variant's start,
        // since a board without Kings is no position of the rules.
        let pos = match fen {
            Some(f) => Position::from_fen(v, f).map_err(fen_error)?,
            None => Position::startpos(v),
        };
        Ok(Board { pos, stack: Vec::new() })
    }

    /// The legal moves: a live, sized, iterable generator of `Move`s.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> LegalMoveGenerator {
        LegalMoveGenerator {
            board: slf.clone().unbind(),
        }
    }

    /// Plays a legal move (a `Move` or its coordinate text). Unlike
    /// python-chess, which leaves legality to its caller, an illegal move
    /// raises `IllegalMoveError` and changes nothing: the rules' make
    /// knows only legal moves.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.arg(r#move)?;
        self.play(m);
        Ok(())
    }

    /// Plays a move in coordinate text (`"e3e5"`, `"b7d8(H)"`) and returns it.
    fn push_uci(&mut self, uci: &str) -> PyResult<Move> {
        let m = self.parse_text(uci)?;
        self.play(m);
        Ok(self.py_move(m))
    }

    /// Plays a move in SAN (`"e5"`, `"Hc3"`) and returns it.
    fn push_san(&mut self, san: &str) -> PyResult<Move> {
        let m = self.parse_san_text(san)?;
        self.play(m);
        Ok(self.py_move(m))
    }

    /// The legal move a coordinate text names, without playing it.
    fn parse_uci(&self, uci: &str) -> PyResult<Move> {
        Ok(self.py_move(self.parse_text(uci)?))
    }

    /// The legal move a SAN names (`InvalidMoveError`, `IllegalMoveError`,
    /// `AmbiguousMoveError` otherwise).
    fn parse_san(&self, san: &str) -> PyResult<Move> {
        Ok(self.py_move(self.parse_san_text(san)?))
    }

    /// The SAN of a legal move (`"e5"`, `"Hc3"`, `"Axf6=W"`, `"O-O"`,
    /// with `+` or `#`); `"--"` for the null move, as python-chess.
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        if r#move.cast::<Move>().is_ok_and(|m| m.get().is_null()) {
            return Ok("--".to_string());
        }
        Ok(self.san_of(self.arg(r#move)?))
    }

    /// The SAN of a legal move, then plays it.
    fn san_and_push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = self.arg(r#move)?;
        let text = self.san_of(m);
        self.play(m);
        Ok(text)
    }

    /// The coordinate text of a legal move.
    fn uci(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.pos.move_text(self.arg(r#move)?))
    }

    /// A line of legal moves in SAN with move numbers, as python-chess
    /// writes it: `1. e5 h8 2. Hc3`, or `3...h8 4. Hc3` from Black's move.
    /// `IllegalMoveError` names the first move that is not legal in turn.
    fn variation_san(&self, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut board = Board {
            pos: self.pos.clone(),
            stack: Vec::new(),
        };
        let mut out: Vec<String> = Vec::new();
        for item in variation.try_iter()? {
            let item = item?;
            let m = board.arg(&item).map_err(|e| {
                let shown = item.str().map_or("?".to_string(), |s| s.to_string());
                IllegalMoveError::new_err(format!("illegal move {shown} in position {}: {e}", board.pos.fen()))
            })?;
            let text = board.san_of(m);
            let number = board.pos.fullmove_number();
            if board.pos.side_to_move() == Color::White {
                out.push(format!("{number}. {text}"));
            } else if out.is_empty() {
                out.push(format!("{number}...{text}"));
            } else {
                out.push(text);
            }
            board.play(m);
        }
        Ok(out.join(" "))
    }

    /// Plays one move in the inventor's book notation (`"ME x B10"`,
    /// `"E3 - E5"`, `"D3"`, `"O-O-A"`) and returns it. `ValueError` if it
    /// names no legal move, or several.
    fn push_book(&mut self, text: &str) -> PyResult<Move> {
        let m = parse_book_move(&self.pos, text).map_err(|e| PyValueError::new_err(format!("book move '{}': {}", e.text, e.message)))?;
        self.play(m);
        Ok(self.py_move(m))
    }

    /// Takes back the last move and returns it; `IndexError` when there is none.
    fn pop(&mut self) -> PyResult<Move> {
        let m = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.pos.unmake();
        Ok(self.py_move(m))
    }

    /// The last move; `IndexError` when there is none (python-chess's).
    fn peek(&self) -> PyResult<Move> {
        self.stack
            .last()
            .map(|&m| self.py_move(m))
            .ok_or_else(|| PyIndexError::new_err("peek from an empty move stack"))
    }

    /// Without playing it: the canonical coordinate text of a move text, or
    /// `ValueError` (Gorgon's; `parse_uci` gives the `Move`).
    fn parse_move(&self, r#move: &str) -> PyResult<String> {
        Ok(self.pos.move_text(self.parse_text(r#move)?))
    }

    /// True if the move (a `Move` or its text) is legal here.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> bool {
        self.arg(r#move).is_ok()
    }

    /// The inventor's book notation of a legal move (`"ME x B10"`).
    fn book_notation(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(move_to_notation(&self.pos, self.arg(r#move)?))
    }

    /// A legal move in XBoard's SAN as Gorgon writes XBoard's PGN files
    /// (`"Mc3"`, `"Kf1xk1"`, `"c11=E"`), XBoard's letters; `san` is
    /// python-chess's SAN.
    fn xboard_san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(rules::text::xboard::san(&self.pos, self.arg(r#move)?))
    }

    /// The moves pushed through this board, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.stack.iter().map(|&m| self.py_move(m)).collect()
    }

    /// The piece on a square, or None.
    fn piece_at(&self, square: u8) -> PyResult<Option<Piece>> {
        let p = self.pos.piece_at(on_board(&self.pos, square)?);
        Ok(p.is_some().then(|| Piece::of(p)))
    }

    /// The piece type on a square, or None.
    fn piece_type_at(&self, square: u8) -> PyResult<Option<u8>> {
        let p = self.pos.piece_at(on_board(&self.pos, square)?);
        Ok(p.is_some().then(|| crate::chess::piece_type(p.kind())))
    }

    /// The colour of the piece on a square, or None.
    fn color_at(&self, square: u8) -> PyResult<Option<bool>> {
        let p = self.pos.piece_at(on_board(&self.pos, square)?);
        Ok(p.is_some().then(|| p.color() == Color::White))
    }

    /// The pieces by square number, in square order: `{E1: Piece, ...}`.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let g = self.pos.geometry();
        let out = PyDict::new(py);
        let mut placed: Vec<(u8, Piece)> = squares(self.pos.occupied())
            .map(|sq| (crate::chess::global(g, sq), Piece::of(self.pos.piece_at(sq))))
            .collect();
        placed.sort_by_key(|(s, _)| *s);
        for (s, p) in placed {
            out.set_item(s, p)?;
        }
        Ok(out)
    }

    /// Puts a piece on a square (None empties it) and clears the move
    /// stack, as python-chess does. The result must be a position of the
    /// rules (each side one King, no Sword on its back rank, the side not
    /// to move not in check): otherwise `ValueError` with the FEN reader's
    /// message, and nothing changes. Rights whose pieces left are dropped.
    #[pyo3(signature = (square, piece))]
    fn set_piece_at(&mut self, square: u8, piece: Option<Piece>) -> PyResult<()> {
        let sq = on_board(&self.pos, square)?;
        let p = match piece {
            Some(p) => p.rules()?,
            None => RulesPiece::NONE,
        };
        if p.is_some() && !self.pos.variant().has_kind(p.kind()) {
            return Err(PyValueError::new_err(format!("{} has no {}", self.pos.variant(), p.kind().name())));
        }
        self.pos = self.pos.with_piece(sq, p).map_err(fen_error)?;
        self.stack.clear();
        Ok(())
    }

    /// Empties a square and returns the piece that stood there (None if it
    /// was empty); as `set_piece_at(square, None)`.
    fn remove_piece_at(&mut self, square: u8) -> PyResult<Option<Piece>> {
        let before = self.piece_at(square)?;
        if before.is_some() {
            self.set_piece_at(square, None)?;
        }
        Ok(before)
    }

    /// The square of a side's King (`WHITE` True, `BLACK` False).
    fn king(&self, color: bool) -> u8 {
        crate::chess::global(self.pos.geometry(), self.pos.king_square(self::color(color)))
    }

    /// The pieces giving check to the side to move.
    fn checkers(&self) -> SquareSet {
        SquareSet::of(self.pos.geometry(), self.pos.checkers())
    }

    /// True if the piece on the square is petrified (by an enemy Medusa's
    /// gaze, RULES.md 5); False for an empty square.
    fn is_petrified(&self, square: u8) -> PyResult<bool> {
        let sq = on_board(&self.pos, square)?;
        let all = self.pos.petrified(Color::White) | self.pos.petrified(Color::Black);
        Ok(all >> sq & 1 == 1)
    }

    /// The petrified pieces of one side (True White, False Black) or of
    /// both (None), as a `SquareSet`.
    #[pyo3(signature = (color = None))]
    fn petrified(&self, color: Option<bool>) -> SquareSet {
        let set = match color {
            Some(c) => self.pos.petrified(self::color(c)),
            None => self.pos.petrified(Color::White) | self.pos.petrified(Color::Black),
        };
        SquareSet::of(self.pos.geometry(), set)
    }

    /// The board's size: `(files, ranks)`, `(11, 11)` or `(9, 9)`.
    #[getter]
    fn size(&self) -> (u8, u8) {
        let g = self.pos.geometry();
        (g.files, g.ranks)
    }

    /// The square names a legal move leaves and reaches, `("e3", "e5")`
    /// (castling: the King's and the Tower's), for drawing it.
    fn move_squares(&self, r#move: &Bound<'_, PyAny>) -> PyResult<(String, String)> {
        let m = self.arg(r#move)?;
        let g = self.pos.geometry();
        Ok((g.square_name(m.from()), g.square_name(m.to())))
    }

    /// The square name of the King in check, or None.
    fn checked_king(&self) -> Option<String> {
        let side = self.pos.side_to_move();
        self.pos
            .in_check()
            .then(|| self.pos.geometry().square_name(self.pos.king_square(side)))
    }

    /// The position as FEN (NOTATION.md 1).
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// Sets up a FEN and clears the move stack; a bad FEN raises
    /// `ValueError` and changes nothing. `gorgon.Board` reads the variant
    /// from the FEN's shape, a variant's class keeps its variant.
    fn set_fen(slf: &Bound<'_, Self>, fen: &str) -> PyResult<()> {
        let base = slf.get_type().is(slf.py().get_type::<Board>());
        let mut board = slf.try_borrow_mut()?;
        let v = if base { variant_of_fen(fen) } else { board.pos.variant() };
        board.pos = Position::from_fen(v, fen).map_err(fen_error)?;
        board.stack.clear();
        Ok(())
    }

    /// `"pom"` or `"minipom"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// The variant's UCI name (`UCI_Variant`): `"pom"` or `"minipom"`.
    #[getter]
    fn uci_variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// The side to move: `WHITE` (True) or `BLACK` (False).
    #[getter]
    fn turn(&self) -> bool {
        self.pos.side_to_move() == Color::White
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

    /// True if the side to move is in check and has no legal move.
    fn is_checkmate(&self) -> bool {
        self.pos.in_check() && self.no_moves()
    }

    /// True if the side to move is not in check and has no legal move.
    fn is_stalemate(&self) -> bool {
        !self.pos.in_check() && self.no_moves()
    }

    /// RULES.md 9: King against King, or King and one Horse or Advisor.
    fn is_insufficient_material(&self) -> bool {
        self.pos.insufficient_material()
    }

    /// True once 100 half-moves passed without a capture or Sword move.
    fn is_fifty_moves(&self) -> bool {
        self.pos.halfmove_clock() >= 100
    }

    /// True if the position stood `count` times (this time included) since
    /// the last capture or Sword move.
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.pos.repetitions() + 1 >= count
    }

    /// True if the fifty-move rule applies (the rules end the game there).
    fn can_claim_fifty_moves(&self) -> bool {
        self.is_fifty_moves()
    }

    /// True if the position stands for the third time (the rules end the
    /// game there).
    fn can_claim_threefold_repetition(&self) -> bool {
        self.is_repetition(3)
    }

    /// True if a draw by repetition or the fifty-move rule applies.
    fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// How the game ended here, or None while it goes on. `claim_draw` is
    /// python-chess's and changes nothing: the rules end the game at the
    /// threefold repetition and the fifty-move rule without a claim.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome(&self, claim_draw: bool) -> Option<Outcome> {
        let _ = claim_draw;
        self.pos.outcome().map(Outcome::of)
    }

    /// True if the game has ended (mate, stalemate, repetition, 50 moves,
    /// insufficient material).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome(claim_draw).is_some()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        self.outcome(claim_draw).map_or("*", |o| o.result())
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

    /// An independent copy of the same class: with the whole move stack
    /// (`stack=True`), none (`False`: the current position as a new root),
    /// or the last `stack` moves.
    #[pyo3(signature = (*, stack = None))]
    fn copy(slf: &Bound<'_, Self>, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let board = slf.try_borrow()?.clone();
        let keep = match stack {
            None => board.stack.len(),
            Some(s) if s.is_instance_of::<pyo3::types::PyBool>() => {
                if s.extract::<bool>()? {
                    board.stack.len()
                } else {
                    0
                }
            }
            Some(s) => s.extract::<usize>()?.min(board.stack.len()),
        };
        if keep == board.stack.len() {
            return Board::new_like(slf, board.pos, board.stack);
        }
        // A new root `keep` moves back, those moves replayed on it.
        let mut root = board.pos.clone();
        for _ in 0..keep {
            root.unmake();
        }
        let root = Position::from_fen(root.variant(), &root.fen()).map_err(fen_error)?;
        let moves = board.stack[board.stack.len() - keep..].to_vec();
        let again = Board::from_moves(root, &moves);
        Board::new_like(slf, again.pos, again.stack)
    }

    /// `copy.copy(board)`: the same as `board.copy()`.
    fn __copy__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        Board::copy(slf, None)
    }

    /// `copy.deepcopy(board)`: the same as `board.copy()`.
    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Board::copy(slf, None)
    }

    /// Same variant and same FEN.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Board>()
            .ok()
            .and_then(|o| o.try_borrow().ok())
            .is_some_and(|o| o.pos.variant() == self.pos.variant() && o.pos.fen() == self.pos.fen())
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
        let kwargs = PyDict::new(py);
        kwargs.set_item("size", 390)?;
        kwargs.set_item("lastmove", board.stack.last().map(|&m| board.pos.move_text(m)))?;
        kwargs.set_item("check", board.checked_king())?;
        drop(board);
        py.import("gorgon.svg")?.getattr("board")?.call((slf,), Some(&kwargs))?.extract()
    }

    /// `Board('<fen>')` (the class's own name: `MiniPomBoard('<fen>')`).
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        Ok(format!("{name}('{}')", slf.try_borrow()?.pos.fen()))
    }

    /// The start FEN of Pillars of Medusa (`gorgon.STARTING_FEN`).
    #[classattr]
    fn starting_fen() -> &'static str {
        Variant::Pom.start_fen()
    }
}
