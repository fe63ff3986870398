"""Pillars of Medusa (``pom``, 11x11) and Mini-POM (``minipom``, 9x9): boards,
rules and the Gorgon engine, in process, in python-chess's shapes.

Squares are ints numbered on the 11x11 board (``rank * 11 + file``, a1 = 0,
k11 = 120) in both variants; colours are bools (True White); piece types
1 (``SWORD``) to 10 (``KING``). A move argument is a :class:`Move` or its
coordinate text (``"e3e5"``, ``"b7d8(H)"``).
"""

from typing import Dict, Iterable, Iterator, Optional, Tuple, Union

__version__: str
VARIANTS: Tuple[str, str]
"""The variant names: ``("pom", "minipom")``."""
STARTING_FEN: str
"""The Pillars of Medusa start FEN."""
SWORD: int
HORSE: int
ADVISOR: int
TOWER: int
QUEEN: int
MOUNTED_ADVISOR: int
SERPENT: int
PILLAR: int
MEDUSA: int
KING: int
PIECE_SYMBOLS: list[Optional[str]]
"""``[None, "w", "h", ...]``: the lowercase FEN letter of each piece type."""
PIECE_NAMES: list[Optional[str]]
"""``[None, "sword", "horse", ...]``."""

class InvalidMoveError(ValueError):
    """A move text that is not a move at all."""

class IllegalMoveError(ValueError):
    """A move that is not legal in the position."""

class AmbiguousMoveError(ValueError):
    """A SAN naming several legal moves."""

def start_fen(variant: str = "pom") -> str:
    """The start FEN of a variant; ``ValueError`` for an unknown name."""
def square_name(square: int) -> str:
    """``square_name(E3) == "e3"``; ``ValueError`` outside 0..120."""
def parse_square(name: str) -> int:
    """``parse_square("e3") == E3``; ``ValueError`` for anything else."""

class Move:
    """A move: ``from_square``, ``to_square`` and, where python-chess has the
    promotion, the new form of a Morph's transformation (None for every
    other move, a Sword's promotion to Medusa included)."""

    def __init__(self, from_square: int, to_square: int, promotion: Optional[int] = None) -> None: ...
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int: ...
    @property
    def promotion(self) -> Optional[int]: ...
    @classmethod
    def from_uci(cls, uci: str) -> Move:
        """``"e3e5"``, ``"b7d8(H)"``, ``"0000"``; ``InvalidMoveError`` otherwise."""
    @staticmethod
    def null() -> Move:
        """The null move ``0000`` (false as a bool)."""
    def uci(self) -> str: ...
    def __bool__(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __str__(self) -> str: ...
    def __repr__(self) -> str: ...

class Piece:
    """A piece: ``piece_type``, ``color`` (True White) and ``morph``."""

    def __init__(self, piece_type: int, color: bool, morph: bool = False) -> None: ...
    @property
    def piece_type(self) -> int: ...
    @property
    def color(self) -> bool: ...
    @property
    def morph(self) -> bool: ...
    @classmethod
    def from_symbol(cls, symbol: str) -> Piece:
        """FEN's text of a piece: ``"E"``, ``"e"``, ``"(A)"``."""
    def symbol(self) -> str:
        """FEN's text of the piece."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __str__(self) -> str: ...
    def __repr__(self) -> str: ...

class SquareSet:
    """A set of squares: iterable in square order, sized, ``in``-testable,
    equal to any iterable of the same squares."""

    def __init__(self, squares: Union[int, Iterable[int], None] = None) -> None: ...
    def __iter__(self) -> Iterator[int]: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, square: object) -> bool: ...
    def __int__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __or__(self, other: Iterable[int]) -> SquareSet: ...
    def __and__(self, other: Iterable[int]) -> SquareSet: ...
    def __sub__(self, other: Iterable[int]) -> SquareSet: ...
    def __xor__(self, other: Iterable[int]) -> SquareSet: ...
    def tolist(self) -> list[int]: ...
    def __repr__(self) -> str: ...

class Termination:
    """How a game ended (python-chess's names and values)."""

    CHECKMATE: Termination
    STALEMATE: Termination
    INSUFFICIENT_MATERIAL: Termination
    FIFTY_MOVES: Termination
    THREEFOLD_REPETITION: Termination
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __int__(self) -> int: ...
    def __repr__(self) -> str: ...

class Outcome:
    """How a game ended: ``termination``, ``winner`` (True White, False
    Black, None a draw) and ``result()``."""

    def __init__(self, termination: Termination, winner: Optional[bool]) -> None: ...
    @property
    def termination(self) -> Termination: ...
    @property
    def winner(self) -> Optional[bool]: ...
    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...

class LegalMoveGenerator:
    """``board.legal_moves``: a live view of the legal moves."""

    def __iter__(self) -> Iterator[Move]: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: object) -> bool: ...
    def count(self) -> int: ...
    def __repr__(self) -> str: ...

_MoveArg = Union[Move, str]

class Board:
    """A Pillars of Medusa or Mini-POM position and the moves pushed on it.

    ``Board(fen=None, *, variant=None)``: the start position, or a FEN,
    whose shape (11 or 9 ranks) gives the variant unless ``variant`` names
    it; a bad FEN raises ``ValueError`` with the rules' message.
    """

    starting_fen: str
    def __init__(self, fen: Optional[str] = None, *, variant: Optional[str] = None) -> None: ...
    @property
    def legal_moves(self) -> LegalMoveGenerator: ...
    def push(self, move: _MoveArg) -> None:
        """Plays a legal move; ``IllegalMoveError`` (nothing changes) otherwise."""
    def push_uci(self, uci: str) -> Move: ...
    def push_san(self, san: str) -> Move: ...
    def parse_uci(self, uci: str) -> Move: ...
    def parse_san(self, san: str) -> Move: ...
    def san(self, move: _MoveArg) -> str:
        """The shortest SAN (``"e5"``, ``"Hc3"``), ``+``/``#`` included."""
    def san_and_push(self, move: _MoveArg) -> str: ...
    def uci(self, move: _MoveArg) -> str: ...
    def variation_san(self, variation: Iterable[_MoveArg]) -> str:
        """``"1. e5 h8 2. Hc3"``."""
    def push_book(self, text: str) -> Move:
        """Plays one move in the inventor's book notation (``"ME x B10"``,
        ``"E3 - E5"``, ``"D3"``, ``"O-O-A"``); ``ValueError`` if it names no
        legal move, or several."""
    def pop(self) -> Move:
        """Takes back the last move; ``IndexError`` when there is none."""
    def peek(self) -> Move:
        """The last move; ``IndexError`` when there is none."""
    def parse_move(self, move: str) -> str:
        """The canonical coordinate text of a legal move text."""
    def is_legal(self, move: _MoveArg) -> bool: ...
    def book_notation(self, move: _MoveArg) -> str:
        """The inventor's book notation of a legal move (``"ME x B10"``)."""
    def xboard_san(self, move: _MoveArg) -> str:
        """A legal move in XBoard's SAN as Gorgon writes XBoard's PGN files."""
    @property
    def move_stack(self) -> list[Move]: ...
    def piece_at(self, square: int) -> Optional[Piece]: ...
    def piece_type_at(self, square: int) -> Optional[int]: ...
    def color_at(self, square: int) -> Optional[bool]: ...
    def piece_map(self) -> Dict[int, Piece]: ...
    def set_piece_at(self, square: int, piece: Optional[Piece]) -> None:
        """Puts a piece (None: nothing) on a square and clears the stack;
        ``ValueError`` if that is no position of the rules."""
    def remove_piece_at(self, square: int) -> Optional[Piece]: ...
    def king(self, color: bool) -> int: ...
    def checkers(self) -> SquareSet: ...
    def is_petrified(self, square: int) -> bool: ...
    def petrified(self, color: Optional[bool] = None) -> SquareSet: ...
    @property
    def size(self) -> Tuple[int, int]:
        """``(files, ranks)``: ``(11, 11)`` or ``(9, 9)``."""
    def move_squares(self, move: _MoveArg) -> Tuple[str, str]:
        """The square names a legal move leaves and reaches."""
    def checked_king(self) -> Optional[str]:
        """The square name of the King in check, or None."""
    def fen(self) -> str: ...
    def set_fen(self, fen: str) -> None: ...
    @property
    def variant(self) -> str:
        """``"pom"`` or ``"minipom"``."""
    @property
    def uci_variant(self) -> str: ...
    @property
    def turn(self) -> bool: ...
    @property
    def fullmove_number(self) -> int: ...
    @property
    def halfmove_clock(self) -> int: ...
    def ply(self) -> int: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def is_insufficient_material(self) -> bool: ...
    def is_fifty_moves(self) -> bool: ...
    def is_repetition(self, count: int = 3) -> bool: ...
    def can_claim_fifty_moves(self) -> bool: ...
    def can_claim_threefold_repetition(self) -> bool: ...
    def can_claim_draw(self) -> bool: ...
    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]: ...
    def is_game_over(self, *, claim_draw: bool = False) -> bool: ...
    def result(self, *, claim_draw: bool = False) -> str: ...
    def perft(self, depth: int) -> int:
        """Legal move sequences of ``depth`` plies (0 to 32, else
        ``ValueError``; draw rules ignored).

        Runs without the GIL; Ctrl-C stops it (``KeyboardInterrupt``).
        """
    def copy(self, *, stack: Union[bool, int, None] = None) -> Board: ...
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: object) -> Board: ...
    def __eq__(self, other: object) -> bool:
        """Same variant and same FEN."""
    def __str__(self) -> str:
        """The diagram of the engine's ``d`` command."""
    def _repr_svg_(self) -> str:
        """The board as SVG for a notebook."""
    def __repr__(self) -> str:
        """``Board('<fen>')``."""

class Score:
    """A score from the side to move's view: ``cp`` or ``mate``, the other None."""

    @property
    def cp(self) -> Optional[int]:
        """Centipawns (+100: a 50 % chance of winning), or None for a mate."""
    @property
    def mate(self) -> Optional[int]:
        """Moves to mate (negative: the side to move gets mated), or None."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str:
        """``Score(cp=35)`` or ``Score(mate=2)``."""

class AnalysisLine:
    """One principal variation of an analysis, from its last completed depth."""

    @property
    def move(self) -> str:
        """The line's first move."""
    @property
    def score(self) -> Score: ...
    @property
    def wdl(self) -> Tuple[int, int, int]:
        """Win, draw, loss per mille for the side to move."""
    @property
    def depth(self) -> int: ...
    @property
    def seldepth(self) -> int: ...
    @property
    def multipv(self) -> int:
        """1 for the best line, 2 for the next, ..."""
    @property
    def nodes(self) -> int:
        """Nodes the whole search had searched when the line was reported."""
    @property
    def nps(self) -> int: ...
    @property
    def time_ms(self) -> int: ...
    @property
    def pv(self) -> list[str]:
        """The line's moves."""
    def __repr__(self) -> str: ...

class Engine:
    """The Gorgon player: search, transposition table and threads.

    ``ValueError`` for threads outside 1..1024 or a hash outside 1..1048576
    MB or beyond the machine's memory. Searches run without the GIL and
    Ctrl-C stops them (``KeyboardInterrupt``; the engine stays usable).
    """

    def __init__(self, threads: int = 1, hash_mb: int = 64) -> None: ...
    @property
    def threads(self) -> int: ...
    @property
    def hash_mb(self) -> int: ...
    def new_game(self) -> None:
        """Clears the hash table and the histories."""
    def analyse(
        self,
        board: Board,
        depth: Optional[int] = None,
        movetime: Optional[int] = None,
        nodes: Optional[int] = None,
        multipv: int = 1,
    ) -> list[AnalysisLine]:
        """Analyses the board's position: ``multipv`` lines (fewer if there are
        fewer legal moves), best first, from the last completed depth.

        At least one limit (``depth`` 1..127, ``movetime`` in ms, ``nodes``)
        is required, else ``ValueError``. ``ValueError`` too when the side to
        move has no legal move (mate, stalemate: "the game is over: ...");
        a position drawn by repetition or the 50-move rule is analysed.
        """
    def play(
        self,
        board: Board,
        depth: Optional[int] = None,
        movetime: Optional[int] = None,
        nodes: Optional[int] = None,
    ) -> str:
        """The engine's move within the limits (at least one is required);
        ``ValueError`` when the side to move has no legal move."""
    def __repr__(self) -> str: ...

class Game:
    """A game read from PGN (``read_pgn``): its tags, its moves replayed by
    the rules.

    ``moves`` are in canonical coordinate text whatever the file's
    notation; ``written`` are the moves as the file writes them (``"Mc3"``
    in XBoard's files)."""
    tags: list[tuple[str, str]]
    variant: str
    dialect: str
    """``"gorgon"`` (coordinates) or ``"xboard"`` (XBoard's SAN and letters)."""
    start_fen: str
    moves: list[str]
    written: list[str]
    comments: list[list[str]]
    result: Optional[str]
    def tag(self, name: str) -> Optional[str]:
        """A tag's value (names compare case-insensitively), or None."""
    def board(self, ply: Optional[int] = None) -> Board:
        """The position after the first ``ply`` moves (all when None), with
        those moves on the board's stack; ``ValueError`` past the end."""
    def __len__(self) -> int: ...
    def __repr__(self) -> str: ...

def read_pgn(text: str, variant: str = "pom", file: str = "PGN") -> list[Game]:
    """Every game of a PGN text, each on the board of its own ``Variant`` tag
    (``variant`` when it has none), in Gorgon's dialect or XBoard's, chosen
    from the game itself. A game that cannot be read raises ``ValueError``
    naming the file, the game, the move number and the text."""

# The pieces of gorgon.pgn (read and write through the rules' one PGN
# reader and writer); use gorgon.pgn rather than these.

_Node = Tuple[int, Optional[str], list[str], list[str], list[int]]
_Tree = Tuple[list[Tuple[str, str]], str, str, str, Optional[str], list[_Node]]

def read_game_tree(text: str, variant: str = "pom", file: str = "PGN", first_line: int = 1, index: int = 1) -> Optional[_Tree]:
    """The first game of a PGN text as ``(tags, variant, dialect, start_fen,
    result, nodes)``, nodes ``(parent, move, comments, starting_comments,
    nags)`` with the parent first; None without a game. ``ValueError``
    naming the file, line ``first_line`` on, game ``index`` and the move."""
def read_game_tags(text: str, file: str = "PGN", first_line: int = 1, index: int = 1) -> Optional[list[Tuple[str, str]]]:
    """The tags of the first game of a PGN text, its moves not replayed."""
def read_notation_trees(text: str, variant: str = "pom") -> list[_Tree]:
    """Every game of a record in the inventor's notation, as trees."""
def engine_comment(text: str) -> Optional[Tuple[Optional[int], Optional[int], Optional[int], Optional[float]]]:
    """An engine comment (``+0.35/12 0.50s``, cutechess's form, mates in
    plies) as ``(cp, mate, depth, seconds)``, ``mate`` in moves; None for
    another comment."""
def first_game_end(text: str) -> Optional[Tuple[int, bool]]:
    """The line ending the first game of a PGN text and whether it is the
    game's (its result) or the next game's (a tag); None: no end yet."""
def tag_pair(name: str, value: str) -> str:
    """``[Name "value"]`` and a newline, escaped."""

class Movetext:
    """Movetext being written by the rules' one writer."""

    def __init__(self) -> None: ...
    def play(self, turn: str, number: int, text: str) -> None:
        """A move ``turn`` plays in move ``number``, after its number if due."""
    def nag(self, nag: int) -> None: ...
    def comment(self, text: str) -> None: ...
    def open(self) -> None: ...
    def close(self) -> None: ...
    def result(self, token: str) -> None: ...
    def text(self, width: Optional[int] = None) -> str:
        """The movetext in lines of at most ``width`` characters."""
