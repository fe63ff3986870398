"""Pillars of Medusa (``pom``, 11x11) and Mini-POM (``minipom``, 9x9): boards,
rules and the Gorgon engine, in process.

Moves are strings in coordinate notation (``"e3e5"``, ``"b7d8(H)"``,
``"c10c11e"``, ``"f1k1"``); every method returns them in canonical form.
"""

from typing import Optional, Tuple

__version__: str
VARIANTS: Tuple[str, str]
"""The variant names: ``("pom", "minipom")``."""

def start_fen(variant: str = "pom") -> str:
    """The start FEN of a variant; ``ValueError`` for an unknown name."""

class Outcome:
    """How a game ended."""

    @property
    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
    @property
    def reason(self) -> str:
        """``"checkmate"``, ``"stalemate"``, ``"repetition"``, ``"fifty_moves"``
        or ``"insufficient_material"``."""
    @property
    def winner(self) -> Optional[str]:
        """``"white"``, ``"black"``, or None for a draw."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __repr__(self) -> str: ...

class Board:
    """A Pillars of Medusa or Mini-POM position and the moves pushed on it.

    ``Board(variant="pom", fen=None)``: the variant's start position, or the
    given FEN. A bad variant or FEN raises ``ValueError`` with the rules'
    message.
    """

    def __init__(self, variant: str = "pom", fen: Optional[str] = None) -> None: ...
    def legal_moves(self) -> list[str]:
        """The legal moves, canonical coordinate text, in generation order."""
    def push(self, move: str) -> str:
        """Plays a move in coordinate notation and returns its canonical text.

        An illegal or unreadable move raises ``ValueError`` (the engine's
        message) and leaves the board unchanged.
        """
    def push_book(self, text: str) -> str:
        """Plays one move in the inventor's book notation (``"ME x B10"``,
        ``"E3 - E5"``, ``"D3"``, ``"O-O-A"``); returns its coordinate text.

        ``ValueError`` if it names no legal move, or several.
        """
    def pop(self) -> str:
        """Takes back the last move pushed through this board and returns its
        text; ``IndexError`` when there is none."""
    def parse_move(self, move: str) -> str:
        """The canonical text of a legal move, without playing it; ``ValueError``
        otherwise."""
    def is_legal(self, move: str) -> bool:
        """True if the text names a legal move here."""
    def book_notation(self, move: str) -> str:
        """The inventor's book notation of a legal move (``"ME x B10"``)."""
    @property
    def move_stack(self) -> list[str]:
        """The moves pushed through this board, oldest first."""
    def fen(self) -> str:
        """The position as FEN."""
    @property
    def variant(self) -> str:
        """``"pom"`` or ``"minipom"``."""
    @property
    def turn(self) -> str:
        """The side to move: ``"white"`` or ``"black"``."""
    @property
    def fullmove_number(self) -> int:
        """The move number, from 1, incremented after Black moves."""
    @property
    def halfmove_clock(self) -> int:
        """Half-moves since the last capture or Sword move."""
    def ply(self) -> int:
        """Half-moves since the start of the game, from the move number and the
        side to move (0 at the start position)."""
    def is_check(self) -> bool:
        """True if the side to move is in check."""
    def piece_map(self) -> list[Tuple[str, str]]:
        """The pieces by square, in square order: ``[("a1", "wT"), ...,
        ("c9", "MbS")]``, each the page's piece code (``M`` for a Morph, the
        colour ``w``/``b``, the kind's letter)."""
    @property
    def size(self) -> Tuple[int, int]:
        """``(files, ranks)``: ``(11, 11)`` or ``(9, 9)``."""
    def move_squares(self, move: str) -> Tuple[str, str]:
        """The squares a legal move leaves and reaches (castling: the
        King's), for drawing it."""
    def checked_king(self) -> Optional[str]:
        """The square of the King in check, or None."""
    def xboard_san(self, move: str) -> str:
        """A legal move in XBoard's SAN as Gorgon writes XBoard's PGN files."""
    def peek(self) -> Optional[str]:
        """The last move pushed, or None."""
    def _repr_svg_(self) -> str:
        """The board as SVG for a notebook: ``gorgon.svg.board`` at size 390,
        the last move and a checked King marked."""
    def petrified(self, color: Optional[str] = None) -> list[str]:
        """Squares of the petrified pieces of one colour (``"white"``,
        ``"black"``) or of both (None), in square order."""
    def outcome(self) -> Optional[Outcome]:
        """How the game ended here, or None while it goes on."""
    def is_game_over(self) -> bool:
        """True if the game has ended here."""
    def perft(self, depth: int) -> int:
        """Legal move sequences of ``depth`` plies (0 to 32, else
        ``ValueError``; draw rules ignored).

        Runs without the GIL; Ctrl-C stops it (``KeyboardInterrupt``).
        """
    def copy(self) -> Board:
        """An independent copy (position and move stack)."""
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: object) -> Board: ...
    def __eq__(self, other: object) -> bool:
        """Same variant and same FEN."""
    def __str__(self) -> str:
        """The diagram of the engine's ``d`` command (petrified pieces marked
        ``*``), then FEN, key, petrified squares, checkers, side and status."""
    def __repr__(self) -> str:
        """``Board('pom', '<fen>')``."""

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
