"""Pillars of Medusa (``pom``, 11x11) and Mini-POM (``minipom``, 9x9): boards,
rules and the Gorgon engine, in process, in python-chess's shapes.

The classes and functions below come from the compiled part of the package
(``gorgon._gorgon``, written in Rust); the submodules next to this file are
plain Python built on them. As in python-chess, squares are ints
(``gorgon.E3``; numbered on the 11x11 board, ``rank * 11 + file``, in both
variants), colours bools (``WHITE`` True, ``BLACK`` False), piece types
ints (``SWORD`` 1 to ``KING`` 10); ``gorgon.Board()`` is the Pillars of
Medusa start and ``gorgon.variant.MiniPomBoard()`` the Mini-POM one.
"""

from typing import List

from gorgon._gorgon import (
    ADVISOR,
    HORSE,
    KING,
    MEDUSA,
    MOUNTED_ADVISOR,
    PIECE_NAMES,
    PIECE_SYMBOLS,
    PILLAR,
    QUEEN,
    SERPENT,
    STARTING_FEN,
    SWORD,
    TOWER,
    VARIANTS,
    AmbiguousMoveError,
    AnalysisLine,
    Board,
    Engine,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    Outcome,
    Piece,
    Score,
    SquareSet,
    Termination,
    __version__,
    parse_square,
    read_pgn,
    square_name,
    start_fen,
)

Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS: List[Color] = [WHITE, BLACK]
#: ``COLOR_NAMES[board.turn]`` is ``"white"`` or ``"black"``.
COLOR_NAMES: List[str] = ["black", "white"]
PIECE_TYPES: List[int] = list(range(SWORD, KING + 1))

#: The files and ranks of the 11x11 numbering (a Mini-POM board uses
#: files a-i and ranks 1-9 of it).
FILE_NAMES: List[str] = [square_name(f)[0] for f in range(11)]
RANK_NAMES: List[str] = [square_name(11 * r)[1:] for r in range(11)]
SQUARES: List[int] = list(range(121))
SQUARE_NAMES: List[str] = [square_name(sq) for sq in SQUARES]


def square(file_index: int, rank_index: int) -> int:
    """The square of a file and a rank, both from 0: ``square(4, 2) == E3``."""
    return rank_index * 11 + file_index


def square_file(sq: int) -> int:
    """The file of a square, from 0 (``a``)."""
    return sq % 11


def square_rank(sq: int) -> int:
    """The rank of a square, from 0 (rank 1)."""
    return sq // 11


def piece_symbol(piece_type: int) -> str:
    """The lowercase FEN letter of a piece type: ``piece_symbol(MEDUSA) == "e"``."""
    symbol = PIECE_SYMBOLS[piece_type]
    assert symbol is not None
    return symbol


def piece_name(piece_type: int) -> str:
    """The name of a piece type: ``piece_name(MOUNTED_ADVISOR) == "mounted_advisor"``."""
    name = PIECE_NAMES[piece_type]
    assert name is not None
    return name


# The square constants, python-chess's A1 ... H8: A1 ... K11.
for _sq, _name in enumerate(SQUARE_NAMES):
    globals()[_name.upper()] = _sq
del _sq, _name

__all__ = [
    "ADVISOR",
    "BLACK",
    "COLORS",
    "COLOR_NAMES",
    "FILE_NAMES",
    "HORSE",
    "KING",
    "MEDUSA",
    "MOUNTED_ADVISOR",
    "PIECE_NAMES",
    "PIECE_SYMBOLS",
    "PIECE_TYPES",
    "PILLAR",
    "QUEEN",
    "RANK_NAMES",
    "SERPENT",
    "SQUARES",
    "SQUARE_NAMES",
    "STARTING_FEN",
    "SWORD",
    "TOWER",
    "VARIANTS",
    "WHITE",
    "AmbiguousMoveError",
    "AnalysisLine",
    "Board",
    "Color",
    "Engine",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "LegalMoveGenerator",
    "Move",
    "Outcome",
    "Piece",
    "Score",
    "SquareSet",
    "Termination",
    "__version__",
    "parse_square",
    "piece_name",
    "piece_symbol",
    "read_pgn",
    "square",
    "square_file",
    "square_name",
    "square_rank",
    "start_fen",
] + [name.upper() for name in SQUARE_NAMES]
