"""Game trees read from and written to PGN, as python-chess's ``chess.pgn``.

``read_game(handle)`` reads the next game of an open file into a
:class:`Game`: its ``headers`` and a tree of nodes (``variations``,
``comment``, ``nags``, ``starting_comment``, ``move``, ``parent``,
``board()``, ``ply()``, ``end()``, ``mainline()``, ...), or returns None at
the end of the file. The rules' one PGN reader does the reading (either
dialect: Gorgon's coordinates or XBoard's SAN, each game in its own), and
the rules' one movetext writer does the writing: ``str(game)`` and
:class:`StringExporter` write PGN that reads back to the same tree, in the
game's notation. Moves are strings in Gorgon's coordinates (``"e3e5"``,
``"b7d8(H)"``), as :class:`gorgon.Board` takes them.

Errors: a game that cannot be read (an unterminated comment or
variation, an illegal move in the main line or in a side line, a FEN that
is not one of the game's variant) raises :class:`PgnError`, a
``ValueError`` naming the file, the line, the game and the move (``bad.pgn:7:
game 2 (A - B): in a variation, move 3... e9e7 (ply 6): ...``). The file is
left after that game, so the next ``read_game`` goes on with the next one
and the games read before it are kept; ``Game.errors`` (python-chess puts
errors there) is always empty.

Engine comments of Gorgon's match runner (``{+0.35/12 0.02s}``: score in
pawns from the mover's side, depth, time) are read by ``node.eval()``.
"""

from __future__ import annotations

import weakref
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    NamedTuple,
    Optional,
    Set,
    TextIO,
    Tuple,
    Union,
)

from gorgon._gorgon import (
    Board,
    Movetext,
    engine_comment,
    first_game_end,
    read_game_tags,
    read_game_tree,
    read_notation_trees,
    tag_pair,
)
from gorgon.variant import find_variant

__all__ = [
    "SKIP",
    "BaseVisitor",
    "ChildNode",
    "Eval",
    "FileExporter",
    "Game",
    "GameNode",
    "Headers",
    "Mainline",
    "PgnError",
    "StringExporter",
    "read_game",
    "read_headers",
    "read_notation",
    "skip_game",
]


class PgnError(ValueError):
    """A game that cannot be read; the message names the file, the line,
    the game and the move."""


class _Skip:
    def __repr__(self) -> str:
        return "SKIP"


#: Returned by a visitor's ``begin_variation`` (or ``begin_headers``) to
#: skip what follows, as python-chess's ``chess.pgn.SKIP``.
SKIP: Any = _Skip()


class Headers(Dict[str, str]):
    """The tag pairs of a game, in file order (a ``dict``)."""


class Eval(NamedTuple):
    """An engine comment of the match runner, in cutechess's form
    (``{+0.35/12 0.02s}``, ``{-M4/20 0.10s}``): the score from the side of
    ``turn`` (the side that played the move), in centipawns or as a mate
    in ``mate`` moves, as python-chess's ``Mate`` counts (the comment
    counts plies: ``-M4`` is mated in 2, ``mate == -2``), the depth and
    the time the move took."""

    turn: str
    cp: Optional[int]
    mate: Optional[int]
    depth: Optional[int]
    seconds: Optional[float]

    def white(self) -> "Eval":
        """The same score from White's side."""
        return self.pov("white")

    def pov(self, color: str) -> "Eval":
        """The same score from the side of ``color`` ("white"/"black")."""
        if color == self.turn:
            return self
        cp = None if self.cp is None else -self.cp
        mate = None if self.mate is None else -self.mate
        return Eval(color, cp, mate, self.depth, self.seconds)


def _parse_eval(comment: str, turn: str) -> Optional[Eval]:
    """The runner's engine comment, read by the rules' one reader
    (rules::text::pgn::EngineComment: cutechess's form, a mate counted in
    plies there and in moves here)."""
    read = engine_comment(comment.strip())
    if read is None:
        return None
    cp, mate, depth, seconds = read
    return Eval(turn, cp, mate, depth, seconds)


class GameNode:
    """A position of a game tree: the game (:class:`Game`, no move) or a
    move (:class:`ChildNode`). ``variations`` are the moves played from
    here, the main line first."""

    parent: Optional["GameNode"]
    move: Optional[str]

    def __init__(self, *, comment: str = "") -> None:
        self.parent = None
        self.move = None
        self.variations: List[ChildNode] = []
        #: The ``{...}`` comments after the move (the game: before the
        #: first move), in order; ``comment`` joins them.
        self.comments: List[str] = [comment] if comment else []
        #: The comments before a side line's first move.
        self.starting_comments: List[str] = []
        #: Numeric annotation glyphs (``$1``; ``!`` is read as 1).
        self.nags: Set[int] = set()

    @property
    def comment(self) -> str:
        """The comments after the move, joined by a space."""
        return " ".join(self.comments)

    @comment.setter
    def comment(self, text: str) -> None:
        self.comments = [text] if text else []

    @property
    def starting_comment(self) -> str:
        """The comments before a side line's first move, joined."""
        return " ".join(self.starting_comments)

    @starting_comment.setter
    def starting_comment(self, text: str) -> None:
        self.starting_comments = [text] if text else []

    def game(self) -> "Game":
        """The game (the root) of this node."""
        node = self
        while node.parent is not None:
            node = node.parent
        assert isinstance(node, Game)
        return node

    def root(self) -> "Game":
        return self.game()

    def _path(self) -> List[str]:
        moves: List[str] = []
        node: GameNode = self
        while node.parent is not None:
            assert node.move is not None
            moves.append(node.move)
            node = node.parent
        moves.reverse()
        return moves

    def board(self) -> Board:
        """The position after this node's move, the moves from the game's
        start on its stack (a new board each call)."""
        board = self.game().board()
        for m in self._path():
            board.push(m)
        return board

    def ply(self) -> int:
        """Half-moves from the start of the game (the start position's own
        count included, as ``Board.ply()``)."""
        return self.game().board().ply() + len(self._path())

    def turn(self) -> bool:
        """The side to move after this node's move: True (``WHITE``) or
        False (``BLACK``), as ``Board.turn``."""
        return self.ply() % 2 == 0

    def is_end(self) -> bool:
        return not self.variations

    def next(self) -> Optional["ChildNode"]:
        """The main line's next move, or None."""
        return self.variations[0] if self.variations else None

    def end(self) -> "GameNode":
        """The last node of the main line from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_mainline(self) -> bool:
        """Whether the node is on the game's main line."""
        node = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def is_main_variation(self) -> bool:
        """Whether the node is its parent's first variation (or the game)."""
        return self.parent is None or self.parent.variations[0] is self

    def _canonical(self, move: str) -> str:
        return self.board().parse_move(move)

    def variation(self, move: Union[int, str]) -> "ChildNode":
        """A variation by its index or its move; ``KeyError`` if none."""
        if isinstance(move, int):
            return self.variations[move]
        text = self._canonical(move)
        for v in self.variations:
            if v.move == text:
                return v
        raise KeyError(move)

    def has_variation(self, move: str) -> bool:
        try:
            text = self._canonical(move)
        except ValueError:
            return False
        return any(v.move == text for v in self.variations)

    def add_variation(
        self, move: str, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> "ChildNode":
        """A new last variation: ``move`` played here (``ValueError`` if it
        is not legal here)."""
        node = ChildNode(self, self._canonical(move), comment=comment, starting_comment=starting_comment, nags=nags)
        self.variations.append(node)
        return node

    def add_main_variation(self, move: str, *, comment: str = "", nags: Iterable[int] = ()) -> "ChildNode":
        """A new main variation: ``move`` played here, before the others."""
        node = ChildNode(self, self._canonical(move), comment=comment, nags=nags)
        self.variations.insert(0, node)
        return node

    def remove_variation(self, move: Union[int, str]) -> None:
        self.variations.remove(self.variation(move))

    def promote_to_main(self, move: Union[int, str]) -> None:
        """Makes a variation the main one."""
        v = self.variation(move)
        self.variations.remove(v)
        self.variations.insert(0, v)

    def promote(self, move: Union[int, str]) -> None:
        """Moves a variation one up."""
        v = self.variation(move)
        i = self.variations.index(v)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: Union[int, str]) -> None:
        """Moves a variation one down."""
        v = self.variation(move)
        i = self.variations.index(v)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def mainline(self) -> "Mainline":
        """The nodes of the main line after this one."""
        return Mainline(self, lambda node: node)

    def mainline_moves(self) -> "Mainline":
        """The moves of the main line after this one."""
        return Mainline(self, lambda node: node.move)

    def add_line(self, moves: Iterable[str], *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> "GameNode":
        """Adds moves as a line from here (each the last variation of the
        one before); the last node. The comment and glyphs go to the last
        move, the starting comment to the first."""
        node: GameNode = self
        for m in moves:
            node = node.add_variation(m, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = comment
        node.nags.update(nags)
        return node

    def eval(self) -> Optional[Eval]:
        """The score of the match runner's engine comment on this move
        (``{+0.35/12 0.02s}``), or None."""
        if self.parent is None:
            return None
        mover = "black" if self.ply() % 2 == 0 else "white"
        for c in self.comments:
            e = _parse_eval(c, mover)
            if e is not None:
                return e
        return None

    def eval_depth(self) -> Optional[int]:
        """The depth of the engine comment, or None."""
        e = self.eval()
        return None if e is None else e.depth

    def accept(self, visitor: "BaseVisitor") -> Any:
        """Walks the game as PGN writes it (python-chess's ``accept``) and
        returns ``visitor.result()``. On a node other than the game: its
        subtree, the node's own move first."""
        game = self.game()
        board = self.parent.board() if self.parent is not None else game.board()
        visitor.begin_game()
        if self is game:
            if visitor.begin_headers() is not SKIP:
                for name, value in game.headers.items():
                    visitor.visit_header(name, value)
            visitor.end_headers()
            visitor.visit_dialect(game.dialect)
            for c in game.comments:
                visitor.visit_comment(c)
            first = game.variations[0] if game.variations else None
        else:
            visitor.visit_dialect(game.dialect)
            first = self  # type: ignore[assignment]
        if first is not None:
            _walk(first, board, visitor, sides=self is game)
        visitor.visit_result(game._result_token())
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return str(self.accept(StringExporter(columns=None)))


class Mainline:
    """The main line from a node: iterable (and reversible) over its nodes
    or moves."""

    def __init__(self, start: GameNode, f: Callable[["ChildNode"], Any]) -> None:
        self.start = start
        self.f = f

    def __iter__(self) -> Iterator[Any]:
        node = self.start
        while node.variations:
            node = node.variations[0]
            yield self.f(node)

    def __reversed__(self) -> Iterator[Any]:
        items: List[Any] = list(self)
        return iter(items[::-1])

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __len__(self) -> int:
        return sum(1 for _ in self)


class ChildNode(GameNode):
    """A move of a game tree and what was said of it."""

    parent: GameNode
    move: str

    def __init__(
        self,
        parent: GameNode,
        move: str,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = (),
    ) -> None:
        super().__init__(comment=comment)
        self.parent = parent
        self.move = move
        self.starting_comment = starting_comment
        self.nags = set(nags)

    def uci(self) -> str:
        """The move in Gorgon's coordinates (``"e3e5"``)."""
        return self.move

    def san(self) -> str:
        """The move in the game's notation: XBoard's SAN for a game read
        from XBoard's PGN (``"Mc3"``), the inventor's notation for one read
        from it (``"ME x B10"``), coordinates otherwise."""
        board = self.parent.board()
        dialect = self.game().dialect
        if dialect == "xboard":
            return board.xboard_san(self.move)
        if dialect == "notation":
            return board.book_notation(self.move)
        return self.move

    def __repr__(self) -> str:
        return f"<ChildNode {self.move!r} at ply {self.ply()}>"


class Game(GameNode):
    """A game: its ``headers``, its start position and the tree of its
    moves (the game itself is the tree's root, with no move).

    ``Game(variant="pom", fen=None)`` is an empty game with python-chess's
    seven tags and a ``Variant`` tag (``SetUp`` and ``FEN`` for a given
    start position).
    """

    def __init__(self, variant: str = "pom", fen: Optional[str] = None, headers: Optional[Dict[str, str]] = None) -> None:
        super().__init__()
        start = Board(variant=variant) if fen is None else Board(fen, variant=variant)
        self.variant: str = start.variant
        #: The start position as Gorgon's FEN.
        self.start_fen: str = start.fen()
        #: The notation the game is written in: "gorgon" (coordinates),
        #: "xboard" (XBoard's SAN) or "notation" (the inventor's).
        self.dialect: str = "gorgon"
        #: python-chess collects read errors here; Gorgon raises them
        #: (:class:`PgnError`), so this stays empty.
        self.errors: List[Exception] = []
        self._movetext_result: Optional[str] = None
        if headers is not None:
            self.headers = Headers(headers)
        else:
            self.headers = Headers(
                Event="?", Site="?", Date="????.??.??", Round="?", White="?", Black="?", Result="*", Variant=self.variant
            )
            if fen is not None:
                self.headers["SetUp"] = "1"
                self.headers["FEN"] = fen

    @classmethod
    def from_board(cls, board: Board) -> "Game":
        """The game of a board's move stack, from the position before its
        first move (``SetUp``/``FEN`` tags when that is not the start), its
        ``Result`` the board's outcome if the game is over."""
        start = board.copy()
        moves = [m.uci() for m in start.move_stack]
        for _ in moves:
            start.pop()
        fen = start.fen()
        game = cls(start.variant, None if fen == Board(variant=start.variant).fen() else fen)
        node: GameNode = game
        for m in moves:
            child = ChildNode(node, m)
            node.variations.append(child)
            node = child
        outcome = board.outcome()
        if outcome is not None:
            game.headers["Result"] = outcome.result()
        return game

    def board(self) -> Board:
        """The start position (a new board each call), on the variant's
        board class (``gorgon.variant.find_variant``)."""
        return find_variant(self.variant)(self.start_fen)

    def ply(self) -> int:
        return self.board().ply()

    def _result_token(self) -> str:
        return self.headers.get("Result") or self._movetext_result or "*"

    def __repr__(self) -> str:
        names = f"{self.headers.get('White', '?')} - {self.headers.get('Black', '?')}"
        return f"<Game {names!r} ({self.variant}, {len(self.mainline())} moves, {self._result_token()})>"

    @classmethod
    def _from_tree(cls, data: Tuple[Any, ...]) -> "Game":
        tags, variant, dialect, start_fen, result, nodes = data
        game = cls(variant, start_fen, headers=dict(tags))
        game.dialect = dialect
        game._movetext_result = result
        built: List[GameNode] = [game]
        _, _, comments, _, _ = nodes[0]
        game.comments = list(comments)
        for parent, move, comments, before, nags in nodes[1:]:
            node = ChildNode(built[parent], move, nags=nags)
            node.comments = list(comments)
            node.starting_comments = list(before)
            built[parent].variations.append(node)
            built.append(node)
        return game


def _walk(first: ChildNode, board: Board, visitor: "BaseVisitor", sides: bool) -> None:
    """Visits the line from ``first`` in PGN's order (the rules'
    ``GameTree::walk``): a move, the side lines that replace it, then the
    line goes on. One board is pushed and popped; an explicit stack
    replaces recursion, so a long game cannot exhaust Python's."""

    class Line:
        __slots__ = ("next", "made", "sides")

        def __init__(self, node: Optional[ChildNode]) -> None:
            self.next = node
            self.made = 0
            self.sides: Optional[int] = None

    lines = [Line(first)]
    while lines:
        line = lines[-1]
        n = line.next
        if line.sides is not None and n is not None:
            siblings = n.parent.variations
            if line.sides < len(siblings):
                side = siblings[line.sides]
                line.sides += 1
                if visitor.begin_variation() is not SKIP:
                    lines.append(Line(side))
                continue
            line.sides = None
            board.push(n.move)
            line.made += 1
            line.next = n.variations[0] if n.variations else None
            continue
        if n is None:
            for _ in range(line.made):
                board.pop()
            lines.pop()
            if lines:
                visitor.end_variation()
            continue
        # A starting comment is a side line's, written after its `(`.
        if len(lines) > 1 and line.made == 0:
            for c in n.starting_comments:
                visitor.visit_comment(c)
        visitor.visit_move(board, n.move)
        for nag in sorted(n.nags):
            visitor.visit_nag(nag)
        for c in n.comments:
            visitor.visit_comment(c)
        siblings = n.parent.variations
        if (sides or len(lines) > 1 or n is not first) and len(siblings) > 1 and siblings[0] is n:
            line.sides = 1
            continue
        board.push(n.move)
        line.made += 1
        line.next = n.variations[0] if n.variations else None


class BaseVisitor:
    """What :meth:`GameNode.accept` tells a visitor, in PGN's order, as
    python-chess's ``chess.pgn.BaseVisitor``; every method does nothing
    unless overridden. ``begin_headers`` or ``begin_variation`` returning
    :data:`SKIP` skips the tags or that side line. ``visit_dialect`` is
    Gorgon's: the notation of the game ("gorgon", "xboard", "notation")."""

    def begin_game(self) -> Any:
        pass

    def begin_headers(self) -> Any:
        pass

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        pass

    def end_headers(self) -> Any:
        pass

    def visit_dialect(self, dialect: str) -> None:
        pass

    def visit_move(self, board: Board, move: str) -> None:
        """A move, with the board of the position it is played from."""

    def visit_comment(self, comment: str) -> None:
        pass

    def visit_nag(self, nag: int) -> None:
        pass

    def begin_variation(self) -> Any:
        pass

    def end_variation(self) -> None:
        pass

    def visit_result(self, result: str) -> None:
        pass

    def end_game(self) -> None:
        pass

    def result(self) -> Any:
        return None


class StringExporter(BaseVisitor):
    """PGN text of a game, as python-chess's ``StringExporter``: the tags
    (``headers``), the movetext in the game's notation with its comments
    and glyphs (``comments``) and side lines (``variations``), in lines of
    fewer than ``columns`` characters (None: one line). The rules'
    movetext writer lays it out, as every PGN writer of Gorgon's."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.begin_game()

    def begin_game(self) -> None:
        self._tags: List[str] = []
        self._movetext = Movetext()
        self._dialect = "gorgon"

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self._tags.append(tag_pair(tagname, tagvalue))

    def visit_dialect(self, dialect: str) -> None:
        self._dialect = dialect

    def begin_variation(self) -> Any:
        if not self.variations:
            return SKIP
        self._movetext.open()
        return None

    def end_variation(self) -> None:
        self._movetext.close()

    def visit_comment(self, comment: str) -> None:
        if self.comments:
            self._movetext.comment(comment)

    def visit_nag(self, nag: int) -> None:
        if self.comments:
            self._movetext.nag(nag)

    def visit_move(self, board: Board, move: str) -> None:
        # The inventor's notation is no PGN: its games are written in
        # coordinates.
        text = board.xboard_san(move) if self._dialect == "xboard" else board.parse_move(move)
        self._movetext.play("white" if board.turn else "black", board.fullmove_number, text)

    def visit_result(self, result: str) -> None:
        self._movetext.result(result)

    def result(self) -> str:
        width = None if self.columns is None else max(self.columns - 1, 1)
        movetext = self._movetext.text(width)
        if self._tags:
            return "".join(self._tags) + "\n" + movetext
        return movetext

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporter):
    """Writes each game it visits to ``handle``, followed by a blank line,
    as python-chess's ``FileExporter``; ``result()`` is the number of
    characters written."""

    def __init__(self, handle: TextIO, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.handle = handle

    def result(self) -> int:  # type: ignore[override]
        text = super().result() + "\n\n"
        self.handle.write(text)
        return len(text)


class _HandleState:
    """What a reader knows of an open file between calls: the lines read
    but not yet used (the first tag of the next game), the lines consumed
    and the games read."""

    def __init__(self) -> None:
        self.pending: List[str] = []
        self.line = 0
        self.games = 0


_STATES: "weakref.WeakKeyDictionary[Any, _HandleState]" = weakref.WeakKeyDictionary()
_STRONG: Dict[int, Tuple[Any, _HandleState]] = {}


def _state(handle: Any) -> _HandleState:
    try:
        state = _STATES.get(handle)
        if state is None:
            state = _STATES[handle] = _HandleState()
        return state
    except TypeError:
        # A handle without weak references: kept (with the handle) for
        # the life of the process.
        entry = _STRONG.get(id(handle))
        if entry is None or entry[0] is not handle:
            entry = _STRONG[id(handle)] = (handle, _HandleState())
        return entry[1]


def _seekable(handle: Any) -> bool:
    try:
        return bool(handle.seekable())
    except (AttributeError, OSError, ValueError):
        return False


def _next_game(handle: Any) -> Optional[Tuple[str, int, int, str]]:
    """The text of the next game of an open file, the line it starts on,
    its number in the file and the file's name; None at the end. The rules'
    lexer tells where the game ends (its result, or the next game's tags)."""
    state = _state(handle)
    first_line = state.line + 1
    lines: List[str] = []
    # A seekable file is put back before the next game's first tag, so that
    # `handle.tell()` between games is where the next one starts (the
    # python-chess way of indexing a file); another keeps the line.
    seekable = _seekable(handle)
    while True:
        where = handle.tell() if seekable and not state.pending else None
        line = state.pending.pop(0) if state.pending else handle.readline()
        if not line:
            break
        lines.append(line)
        # Only a line with a result token (`-`, `*`) or a tag (`[`) can end
        # the game: the lexer reads the game so far only then, so the game
        # ends on this line.
        if "[" in line or "-" in line or "*" in line:
            end = first_game_end("".join(lines))
            if end is not None:
                at, inclusive = end
                if not inclusive:
                    if where is not None:
                        handle.seek(where)
                    else:
                        state.pending.insert(0, line)
                lines = lines[: at if inclusive else at - 1]
                break
    state.line += len(lines)
    text = "".join(lines)
    if not text.strip():
        return None
    state.games += 1
    name = getattr(handle, "name", None)
    return text, first_line, state.games, name if isinstance(name, str) else "PGN"


def read_game(handle: TextIO, *, variant: str = "pom", Visitor: Optional[Callable[[], BaseVisitor]] = None) -> Any:
    """The next game of an open PGN file, or None at its end.

    The game is played in the variant its ``Variant`` tag names
    (``variant`` when it has none). With ``Visitor``, the game is handed to
    a new ``Visitor()`` (``game.accept``) and its result returned.
    Raises :class:`PgnError` for a game that cannot be read; the file is
    left after it.
    """
    found = _next_game(handle)
    if found is None:
        return None
    text, first_line, index, file = found
    try:
        data = read_game_tree(text, variant, file, first_line, index)
    except ValueError as e:
        raise PgnError(str(e)) from None
    if data is None:
        return None
    game = Game._from_tree(data)
    if Visitor is not None:
        return game.accept(Visitor())
    return game


def read_headers(handle: TextIO) -> Optional[Headers]:
    """The tags of the next game, its moves skipped without being
    replayed (scanning a large file), or None at the end."""
    found = _next_game(handle)
    if found is None:
        return None
    text, first_line, index, file = found
    try:
        tags = read_game_tags(text, file, first_line, index)
    except ValueError as e:
        raise PgnError(str(e)) from None
    return None if tags is None else Headers(tags)


def skip_game(handle: TextIO) -> bool:
    """Skips the next game without reading it; False at the end."""
    return _next_game(handle) is not None


def read_notation(text: str, variant: str = "pom") -> List[Game]:
    """Every game of a record in the inventor's notation (NOTATION.md 3,
    ``ME x B10``), with its side lines and comments; ``san()`` gives its
    moves in that notation. ``ValueError`` naming the line of a move that
    cannot be read."""
    return [Game._from_tree(data) for data in read_notation_trees(text, variant)]
