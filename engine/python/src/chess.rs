//! python-chess's small types for Pillars of Medusa and Mini-POM: squares
//! as ints, `Move`, `Piece`, `SquareSet`, `Termination`, `Outcome` and the
//! move errors. Texts are read and written by the rules crate (coordinate
//! moves by `text::coord`, pieces by the FEN's reader and writer).
//!
//! Squares are numbered on the 11x11 board, `rank * 11 + file` (a1 = 0,
//! k11 = 120), in both variants: `gorgon.E3` is one int whatever the
//! board, and a Mini-POM board uses the squares of files a-i and ranks
//! 1-9. Piece types are 1 (`SWORD`) to 10 (`KING`), in the rules' order.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use rules::text::coord::{MoveText, Square, Suffix};
use rules::text::fen::piece_from_fen;
use rules::{Color, Geometry, Kind, MoveKind, Piece as RulesPiece, Position};

pyo3::create_exception!(
    gorgon,
    InvalidMoveError,
    PyValueError,
    "A move text that is not a move at all (python-chess's InvalidMoveError)."
);
pyo3::create_exception!(
    gorgon,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position (python-chess's IllegalMoveError)."
);
pyo3::create_exception!(
    gorgon,
    AmbiguousMoveError,
    PyValueError,
    "A SAN naming several legal moves (python-chess's AmbiguousMoveError)."
);

/// Files and ranks of the numbering (the larger board's).
pub(crate) const WIDTH: u8 = 11;
/// Squares of the numbering: 0..121.
pub(crate) const SQUARE_COUNT: u8 = WIDTH * WIDTH;

/// The square number of a board square.
pub(crate) fn global(g: &Geometry, sq: u8) -> u8 {
    g.rank_of(sq) * WIDTH + g.file_of(sq)
}

/// The board square of a square number, if it is on that board.
pub(crate) fn local(g: &Geometry, square: u8) -> Option<u8> {
    let (file, rank) = (square % WIDTH, square / WIDTH);
    (square < SQUARE_COUNT && file < g.files && rank < g.ranks).then(|| g.square(file, rank))
}

/// The written square of a square number (`e3`), or a `ValueError`.
fn coord(square: u8) -> PyResult<Square> {
    if square >= SQUARE_COUNT {
        return Err(PyValueError::new_err(format!("square {square} is not a square (0 to 120)")));
    }
    Square::new(square % WIDTH, square / WIDTH + 1).ok_or_else(|| PyValueError::new_err(format!("square {square} is not a square")))
}

/// The board square of a square number, or a `ValueError` naming the board.
pub(crate) fn on_board(pos: &Position, square: u8) -> PyResult<u8> {
    let g = pos.geometry();
    local(g, square).ok_or_else(|| {
        let name = coord(square).map_or(square.to_string(), |s| s.to_string());
        PyValueError::new_err(format!("{name} is not on the {}x{} board of {}", g.files, g.ranks, g.variant))
    })
}

/// `square_name(E3) == "e3"`.
#[pyfunction]
pub fn square_name(square: u8) -> PyResult<String> {
    Ok(coord(square)?.to_string())
}

/// `parse_square("e3") == E3`: a square name of the 11x11 board, read by
/// the rules' one square reader; `ValueError` otherwise.
#[pyfunction]
pub fn parse_square(name: &str) -> PyResult<u8> {
    let square: Square = name
        .parse()
        .map_err(|e| PyValueError::new_err(format!("'{name}' is not a square: {e}")))?;
    if square.file() >= WIDTH || square.rank() > WIDTH {
        return Err(PyValueError::new_err(format!("'{name}' is not on an 11x11 board")));
    }
    Ok((square.rank() - 1) * WIDTH + square.file())
}

/// The piece type of a kind: 1 (Sword) to 10 (King).
pub(crate) fn piece_type(kind: Kind) -> u8 {
    kind as u8 + 1
}

fn kind_of(piece_type: u8) -> PyResult<Kind> {
    piece_type
        .checked_sub(1)
        .and_then(|i| Kind::from_index(i as usize))
        .ok_or_else(|| PyValueError::new_err(format!("piece type {piece_type} is not a piece type (1 SWORD to 10 KING)")))
}

/// A move as python-chess's `Move`: two square numbers and, where
/// python-chess has the promotion, the new form of a Morph's
/// transformation (a piece type; None for every other move). A Sword's
/// promotion is always to a Medusa and is written without a suffix
/// (`c10c11`), so its `promotion` is None as well; castling and the
/// Mini-POM swap are the King's (Medusa's) square and the second square of
/// their coordinates (`f1k1`, `f1c1`). Moves compare and hash by value.
#[pyclass(module = "gorgon", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    #[pyo3(get)]
    from_square: u8,
    #[pyo3(get)]
    to_square: u8,
    #[pyo3(get)]
    promotion: Option<u8>,
}

impl Move {
    /// The Python move of a rules move on a board.
    pub(crate) fn of(g: &Geometry, m: rules::Move) -> Move {
        Move {
            from_square: global(g, m.from()),
            to_square: global(g, m.to()),
            promotion: (m.kind() == MoveKind::Transform).then(|| piece_type(m.form())),
        }
    }

    pub(crate) fn is_null(&self) -> bool {
        self.from_square == 0 && self.to_square == 0 && self.promotion.is_none()
    }

    /// The coordinate text as the rules write it (`e3e5`, `b7d8(H)`).
    pub(crate) fn text(&self) -> PyResult<MoveText> {
        let suffix = match self.promotion {
            Some(t) => Suffix::Form(kind_of(t)?.book_code().to_string()),
            None => Suffix::None,
        };
        Ok(MoveText {
            from: coord(self.from_square)?,
            to: coord(self.to_square)?,
            suffix,
        })
    }
}

#[pymethods]
impl Move {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn new(from_square: u8, to_square: u8, promotion: Option<u8>) -> PyResult<Move> {
        coord(from_square)?;
        coord(to_square)?;
        if let Some(t) = promotion {
            if kind_of(t)? == Kind::King {
                return Err(PyValueError::new_err("a Morph never takes the King's form"));
            }
        }
        Ok(Move {
            from_square,
            to_square,
            promotion,
        })
    }

    /// `Move.from_uci("e3e5")`, `"b7d8(H)"`, `"0000"` (the null move): the
    /// rules' coordinate reader; `InvalidMoveError` for anything else.
    #[classmethod]
    fn from_uci(_cls: &Bound<'_, PyType>, uci: &str) -> PyResult<Move> {
        if uci == "0000" {
            return Ok(Move::null_move());
        }
        let written: MoveText = uci
            .parse()
            .map_err(|e| InvalidMoveError::new_err(format!("invalid uci: '{uci}': {e}")))?;
        let number = |s: Square| {
            (s.file() < WIDTH && s.rank() <= WIDTH)
                .then(|| (s.rank() - 1) * WIDTH + s.file())
                .ok_or_else(|| InvalidMoveError::new_err(format!("invalid uci: '{uci}': {s} is not on an 11x11 board")))
        };
        let promotion = match &written.suffix {
            Suffix::Form(code) => {
                Some(piece_type(Kind::from_form_code(code).ok_or_else(|| {
                    InvalidMoveError::new_err(format!("invalid uci: '{uci}': '{code}' is no Morph form"))
                })?))
            }
            // The trailing `e` of a promotion: the promotion's only result.
            Suffix::PromotionE | Suffix::None => None,
        };
        Ok(Move {
            from_square: number(written.from)?,
            to_square: number(written.to)?,
            promotion,
        })
    }

    /// The null move, `0000`: a1 to a1, false as a bool.
    #[staticmethod]
    fn null() -> Move {
        Move::null_move()
    }

    /// The coordinate text (`e3e5`, `b7d8(H)`; `0000` for the null move).
    fn uci(&self) -> PyResult<String> {
        if self.is_null() {
            return Ok("0000".to_string());
        }
        Ok(self.text()?.to_string())
    }

    fn __bool__(&self) -> bool {
        !self.is_null()
    }

    fn __str__(&self) -> PyResult<String> {
        self.uci()
    }

    /// `Move.from_uci('e3e5')`.
    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("Move.from_uci('{}')", self.uci()?))
    }
}

impl Move {
    fn null_move() -> Move {
        Move {
            from_square: 0,
            to_square: 0,
            promotion: None,
        }
    }
}

/// A piece as python-chess's `Piece`: `piece_type` (1 SWORD .. 10 KING, a
/// Morph's form), `color` (a bool) and Gorgon's `morph`. `symbol()` is its
/// FEN text: `E`, `e`, `(A)` for a White Morph in Advisor form.
#[pyclass(module = "gorgon", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    #[pyo3(get)]
    piece_type: u8,
    #[pyo3(get)]
    color: bool,
    #[pyo3(get)]
    morph: bool,
}

impl Piece {
    pub(crate) fn of(p: RulesPiece) -> Piece {
        Piece {
            piece_type: piece_type(p.kind()),
            color: p.color() == Color::White,
            morph: p.is_morph(),
        }
    }

    pub(crate) fn rules(&self) -> PyResult<RulesPiece> {
        let color = if self.color { Color::White } else { Color::Black };
        Ok(RulesPiece::with_morph(color, kind_of(self.piece_type)?, self.morph))
    }
}

#[pymethods]
impl Piece {
    #[new]
    #[pyo3(signature = (piece_type, color, morph = false))]
    fn new(piece_type: u8, color: bool, morph: bool) -> PyResult<Piece> {
        if kind_of(piece_type)? == Kind::King && morph {
            return Err(PyValueError::new_err("a Morph never takes the King's form"));
        }
        Ok(Piece { piece_type, color, morph })
    }

    /// `Piece.from_symbol("E")`, `"(a)"`: FEN's text of one piece.
    #[classmethod]
    fn from_symbol(_cls: &Bound<'_, PyType>, symbol: &str) -> PyResult<Piece> {
        piece_from_fen(symbol)
            .map(Piece::of)
            .ok_or_else(|| PyValueError::new_err(format!("'{symbol}' is no piece (a FEN letter such as E or e, or (A) for a Morph)")))
    }

    /// The FEN text: uppercase for White, a Morph in parentheses.
    fn symbol(&self) -> PyResult<String> {
        Ok(self.rules()?.fen())
    }

    fn __str__(&self) -> PyResult<String> {
        self.symbol()
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("Piece.from_symbol('{}')", self.symbol()?))
    }
}

/// A set of squares as python-chess's `SquareSet`: iterable in square
/// order, sized, `in`-testable, equal to any iterable of the same squares,
/// with `|`, `&`, `-`, `^` and `int()` (bit `n` for square `n`).
#[pyclass(module = "gorgon", frozen)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SquareSet {
    mask: u128,
}

impl SquareSet {
    /// The square numbers of a set of board squares.
    pub(crate) fn of(g: &Geometry, set: rules::Bitboard) -> SquareSet {
        SquareSet {
            mask: rules::squares(set).fold(0, |m, sq| m | 1u128 << global(g, sq)),
        }
    }

    fn squares(&self) -> Vec<u8> {
        (0..SQUARE_COUNT).filter(|&s| self.mask >> s & 1 == 1).collect()
    }

    fn mask_of(other: &Bound<'_, PyAny>) -> PyResult<u128> {
        if let Ok(set) = other.cast::<SquareSet>() {
            return Ok(set.get().mask);
        }
        let mut mask = 0;
        for item in other.try_iter()? {
            let square: u8 = item?.extract()?;
            coord(square)?;
            mask |= 1u128 << square;
        }
        Ok(mask)
    }
}

#[pymethods]
impl SquareSet {
    /// `SquareSet()`, `SquareSet([E3, E5])`, or `SquareSet(mask)`.
    #[new]
    #[pyo3(signature = (squares = None))]
    fn new(squares: Option<&Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        let mask = match squares {
            None => 0,
            Some(s) => match s.extract::<u128>() {
                Ok(m) if m >> SQUARE_COUNT == 0 => m,
                Ok(_) => return Err(PyValueError::new_err("a mask of squares has bits 0 to 120 only")),
                Err(_) => SquareSet::mask_of(s)?,
            },
        };
        Ok(SquareSet { mask })
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(pyo3::types::PyList::new(py, self.squares())?.try_iter()?.into_any().unbind())
    }

    fn __len__(&self) -> usize {
        self.mask.count_ones() as usize
    }

    fn __bool__(&self) -> bool {
        self.mask != 0
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        square.extract::<u8>().is_ok_and(|s| s < SQUARE_COUNT && self.mask >> s & 1 == 1)
    }

    fn __int__(&self) -> u128 {
        self.mask
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        SquareSet::mask_of(other).is_ok_and(|m| m == self.mask)
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask | SquareSet::mask_of(other)?,
        })
    }

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask & SquareSet::mask_of(other)?,
        })
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask & !SquareSet::mask_of(other)?,
        })
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask ^ SquareSet::mask_of(other)?,
        })
    }

    /// The squares, in square order.
    fn tolist(&self) -> Vec<u8> {
        self.squares()
    }

    /// `SquareSet(0x...)`, as python-chess writes it.
    fn __repr__(&self) -> String {
        format!("SquareSet({:#034x})", self.mask)
    }
}

/// How a game ended, python-chess's names and values. The rules end a game
/// at the first repetition of three and at the 50-move rule (no claim
/// needed), so `THREEFOLD_REPETITION` and `FIFTY_MOVES` are what
/// `outcome()` reports, and python-chess's 75-move and fivefold endings
/// never come.
#[pyclass(module = "gorgon", eq, eq_int, hash, frozen, from_py_object, rename_all = "SCREAMING_SNAKE_CASE")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    Checkmate = 1,
    Stalemate = 2,
    InsufficientMaterial = 3,
    FiftyMoves = 6,
    ThreefoldRepetition = 7,
}

#[pymethods]
impl Termination {
    /// The member's name, `"CHECKMATE"`, as `enum.Enum` has it.
    #[getter]
    fn name(&self) -> &'static str {
        match self {
            Termination::Checkmate => "CHECKMATE",
            Termination::Stalemate => "STALEMATE",
            Termination::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
            Termination::FiftyMoves => "FIFTY_MOVES",
            Termination::ThreefoldRepetition => "THREEFOLD_REPETITION",
        }
    }

    /// The member's value, python-chess's.
    #[getter]
    fn value(&self) -> u8 {
        *self as u8
    }
}

/// How a game ended: `termination`, `winner` (True for White, False for
/// Black, None for a draw) and `result()`.
#[pyclass(module = "gorgon", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    termination: Termination,
    winner: Option<bool>,
}

impl Outcome {
    pub(crate) fn of(o: rules::Outcome) -> Outcome {
        use rules::Outcome as O;
        let termination = match o {
            O::Checkmate { .. } => Termination::Checkmate,
            O::Stalemate => Termination::Stalemate,
            O::InsufficientMaterial => Termination::InsufficientMaterial,
            O::FiftyMoves => Termination::FiftyMoves,
            O::Repetition => Termination::ThreefoldRepetition,
        };
        Outcome {
            termination,
            winner: o.winner().map(|c| c == Color::White),
        }
    }
}

#[pymethods]
impl Outcome {
    #[new]
    fn new(termination: Termination, winner: Option<bool>) -> Outcome {
        Outcome { termination, winner }
    }

    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub(crate) fn result(&self) -> &'static str {
        match self.winner {
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// `Outcome(termination=Termination.CHECKMATE, winner=True)`.
    fn __repr__(&self) -> String {
        let winner = self.winner.map_or("None", |w| if w { "True" } else { "False" });
        format!("Outcome(termination=Termination.{}, winner={winner})", self.termination.name())
    }
}
