"""Any engine over a pipe, as python-chess users know it (``chess.engine``,
v1.11): ``SimpleEngine.popen_uci`` / ``popen_xboard``, ``Limit``,
``play()`` → ``PlayResult``, ``analyse()`` → info dicts with a ``PovScore``,
``analysis()`` streaming info as it arrives.

Positions are gorgon ``Board`` objects and moves their coordinate strings
(``"e3e5"``, ``"b7d8(H)"``); colours are ``"white"`` / ``"black"`` as on the
Board (``True`` / ``False``, python-chess's ``WHITE`` / ``BLACK``, are
accepted where a colour is asked for).

Design (docs/PYTHON.md, "Engines over a pipe"): python-chess runs an
asyncio protocol in a background thread. Here a background thread per
engine only reads the engine's lines into a queue; the calling thread
writes the commands and takes the lines from the queue with a deadline.
That keeps every wait bounded (``TimeoutError``), notices a dead engine at
once (its pipe closes: ``EngineTerminatedError`` with the exit code) and
lets ``analysis()`` hand out each info line as it comes, stop on request
(also from another thread) and be iterated. One ``SimpleEngine`` is meant
for one thread at a time, but for ``stop()``.

After a ``TimeoutError`` the engine is in an unknown state (a late
``bestmove`` would be taken for the answer to the next command), so its
process is killed and reaped; the object then raises
``EngineTerminatedError``. The process is reaped in every other way out
too: ``quit()``, ``close()``, ``with``, an ``EngineTerminatedError``, and
garbage collection or interpreter exit (``weakref.finalize``).
"""

from __future__ import annotations

import enum
import logging
import queue
import re
import subprocess
import threading
import time
import weakref
from dataclasses import dataclass
from typing import (
    Any,
    Callable,
    Dict,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from gorgon._gorgon import Board, start_fen

__all__ = [
    "WHITE",
    "BLACK",
    "Info",
    "INFO_NONE",
    "INFO_BASIC",
    "INFO_SCORE",
    "INFO_PV",
    "INFO_REFUTATION",
    "INFO_CURRLINE",
    "INFO_ALL",
    "EngineError",
    "EngineTerminatedError",
    "AnalysisComplete",
    "Score",
    "Cp",
    "Mate",
    "MateGiven",
    "PovScore",
    "Wdl",
    "PovWdl",
    "Limit",
    "PlayResult",
    "BestMove",
    "Option",
    "InfoDict",
    "SimpleAnalysisResult",
    "SimpleEngine",
    "UciProtocol",
    "XBoardProtocol",
    "Protocol",
]

LOGGER = logging.getLogger(__name__)

Color = Union[str, bool]
WHITE = "white"
BLACK = "black"


def _color(color: Color) -> str:
    """``"white"``/``"black"`` from a gorgon colour or python-chess's bool."""
    if color is True or color == WHITE:
        return WHITE
    if color is False or color == BLACK:
        return BLACK
    raise ValueError(f"a colour is 'white' or 'black' (or True/False), not {color!r}")


def _other(color: str) -> str:
    return BLACK if color == WHITE else WHITE


# --- errors --------------------------------------------------------------


class EngineError(RuntimeError):
    """The engine broke the protocol, or a request it cannot serve."""


class EngineTerminatedError(EngineError):
    """The engine process exited (or was killed after a timeout)."""


class AnalysisComplete(Exception):
    """``SimpleAnalysisResult.get()`` after the analysis has ended and every
    info has been taken."""


# --- what to ask for ------------------------------------------------------


class Info(enum.IntFlag):
    """Which fields an analysis reports (python-chess's flags). Gorgon's
    parsers read every field the engine sends; these say which to keep."""

    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE = Info.NONE
INFO_BASIC = Info.BASIC
INFO_SCORE = Info.SCORE
INFO_PV = Info.PV
INFO_REFUTATION = Info.REFUTATION
INFO_CURRLINE = Info.CURRLINE
INFO_ALL = Info.ALL


# --- scores ---------------------------------------------------------------


class Score:
    """A score from one side's view: ``Cp(n)``, ``Mate(n)`` or ``MateGiven``.

    Scores order from the worst to the best for that side: being mated
    soonest < being mated later < any centipawns < mating later < mating
    soonest < ``MateGiven``."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """Centipawns; a mate is None, or with ``mate_score``
        ``mate_score - moves`` (mating) / ``-mate_score - moves`` (mated)."""
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        """Moves to mate (negative: being mated), None for centipawns."""
        raise NotImplementedError

    def is_mate(self) -> bool:
        return self.mate() is not None

    def _key(self) -> Tuple[int, int]:
        raise NotImplementedError

    def __neg__(self) -> "Score":
        raise NotImplementedError

    def __pos__(self) -> "Score":
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: "Score") -> bool:
        return self._key() < other._key()

    def __le__(self, other: "Score") -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: "Score") -> bool:
        return self._key() > other._key()

    def __ge__(self, other: "Score") -> bool:
        return self._key() >= other._key()


class Cp(Score):
    """Centipawns."""

    def __init__(self, cp: int) -> None:
        self.cp = int(cp)

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return self.cp

    def mate(self) -> Optional[int]:
        return None

    def _key(self) -> Tuple[int, int]:
        return (0, self.cp)

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __abs__(self) -> "Cp":
        return Cp(abs(self.cp))

    def __repr__(self) -> str:
        return f"Cp({self.cp:+d})"

    def __str__(self) -> str:
        return f"{self.cp:+d}"


class Mate(Score):
    """Mate in ``moves`` moves (negative: the side is mated in ``-moves``);
    ``Mate(-0)`` is "mated", its negation ``MateGiven``."""

    def __init__(self, moves: int) -> None:
        self.moves = int(moves)

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        if self.moves > 0:
            return mate_score - self.moves
        return -mate_score - self.moves

    def mate(self) -> Optional[int]:
        return self.moves

    def _key(self) -> Tuple[int, int]:
        if self.moves > 0:
            return (1, -self.moves)
        return (-1, -self.moves)

    def __neg__(self) -> Score:
        return MateGiven if self.moves == 0 else Mate(-self.moves)

    def __abs__(self) -> Score:
        return MateGiven if self.moves == 0 else Mate(abs(self.moves))

    def __repr__(self) -> str:
        return "Mate(-0)" if self.moves == 0 else f"Mate({self.moves:+d})"

    def __str__(self) -> str:
        return "#-0" if self.moves == 0 else f"#{self.moves:+d}"


class _MateGivenType(Score):
    """The side has mated (the game is over)."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def mate(self) -> Optional[int]:
        return 0

    def _key(self) -> Tuple[int, int]:
        return (2, 0)

    def __neg__(self) -> Score:
        return Mate(0)

    def __abs__(self) -> Score:
        return self

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven = _MateGivenType()


class PovScore:
    """A score with the side whose view it is: ``relative`` from ``turn``'s
    view (the side to move of the analysed position)."""

    def __init__(self, relative: Score, turn: Color) -> None:
        self.relative = relative
        self.turn = _color(turn)

    def white(self) -> Score:
        """The score from White's view."""
        return self.pov(WHITE)

    def black(self) -> Score:
        """The score from Black's view."""
        return self.pov(BLACK)

    def pov(self, color: Color) -> Score:
        """The score from ``color``'s view."""
        return self.relative if _color(color) == self.turn else -self.relative

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def __neg__(self) -> "PovScore":
        return PovScore(-self.relative, self.turn)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PovScore) and self.white() == other.white()

    def __hash__(self) -> int:
        return hash(self.white())

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {self.turn.upper()})"


@dataclass(frozen=True)
class Wdl:
    """Win, draw and loss chances (per mille from the engines that send
    them) from one side's view."""

    wins: int
    draws: int
    losses: int

    def total(self) -> int:
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        return self.wins / self.total()

    def drawing_chance(self) -> float:
        return self.draws / self.total()

    def losing_chance(self) -> float:
        return self.losses / self.total()

    def expectation(self) -> float:
        """The expected points: (wins + draws / 2) / total."""
        return (self.wins + 0.5 * self.draws) / self.total()

    def __neg__(self) -> "Wdl":
        return Wdl(self.losses, self.draws, self.wins)

    def __iter__(self) -> Iterator[int]:
        return iter((self.wins, self.draws, self.losses))


class PovWdl:
    """``Wdl`` with the side whose view it is (like ``PovScore``)."""

    def __init__(self, relative: Wdl, turn: Color) -> None:
        self.relative = relative
        self.turn = _color(turn)

    def white(self) -> Wdl:
        return self.pov(WHITE)

    def black(self) -> Wdl:
        return self.pov(BLACK)

    def pov(self, color: Color) -> Wdl:
        return self.relative if _color(color) == self.turn else -self.relative

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PovWdl) and self.white() == other.white()

    def __hash__(self) -> int:
        return hash(self.white())

    def __repr__(self) -> str:
        return f"PovWdl({self.relative!r}, {self.turn.upper()})"


# --- requests and answers ---------------------------------------------------


@dataclass
class Limit:
    """When to stop: ``time`` per move (seconds), ``depth`` (plies),
    ``nodes``, ``mate`` (moves), or the clocks (seconds) and increments
    with ``remaining_moves`` to the next time control."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None

    def _has_clock(self) -> bool:
        return self.white_clock is not None or self.black_clock is not None

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items() if v is not None)
        return f"Limit({fields})"


InfoDict = Dict[str, Any]
"""What an engine reported: ``score`` (PovScore), ``pv`` (list of moves),
``depth``, ``seldepth``, ``nodes``, ``nps``, ``time`` (seconds),
``multipv``, ``wdl`` (PovWdl), ``hashfull``, ``tbhits``, ``currmove``,
``currmovenumber``, ``string``, ``lowerbound`` / ``upperbound`` (True when
the score is only a bound); only the keys the engine sent."""


@dataclass
class PlayResult:
    """The engine's move (None if it had none: ``bestmove (none)``, a
    resignation), its expected reply, the info of its last search, and
    whether it offered a draw or resigned."""

    move: Optional[str]
    ponder: Optional[str]
    info: InfoDict
    draw_offered: bool = False
    resigned: bool = False


@dataclass
class BestMove:
    """What ``SimpleAnalysisResult.wait()`` returns: the move the engine
    named when the analysis ended, and its ponder move."""

    move: Optional[str]
    ponder: Optional[str]


@dataclass
class Option:
    """An option the engine declared: ``type`` is ``"check"``, ``"spin"``,
    ``"combo"``, ``"button"``, ``"string"``, ``"file"`` or ``"path"``."""

    name: str
    type: str
    default: Any
    min: Optional[int]
    max: Optional[int]
    var: List[str]

    def parse(self, value: Any) -> Any:
        """The value checked against the declaration, as the engine wants it
        written; ``EngineError`` naming the option otherwise."""
        if self.type == "check":
            if isinstance(value, bool):
                return "true" if value else "false"
            if str(value).lower() in ("true", "false"):
                return str(value).lower()
            raise EngineError(f"option {self.name!r}: expected true or false, got {value!r}")
        if self.type == "spin":
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise EngineError(f"option {self.name!r}: expected an integer, got {value!r}") from None
            if (self.min is not None and number < self.min) or (self.max is not None and number > self.max):
                raise EngineError(f"option {self.name!r}: {number} is out of range {self.min}..{self.max}")
            return str(number)
        if self.type == "combo":
            for v in self.var:
                if v.lower() == str(value).lower():
                    return v
            raise EngineError(f"option {self.name!r}: {value!r} is none of {', '.join(self.var)}")
        if self.type == "button":
            return None
        return str(value)

    def is_managed(self) -> bool:
        """Options the library sets itself (python-chess's list)."""
        return self.name.lower() in _MANAGED


_MANAGED = {"uci_chess960", "uci_variant", "multipv", "ponder", "uci_analysemode"}


# --- moves and positions -----------------------------------------------------


def _root(board: Board) -> Tuple[str, List[str]]:
    """The FEN the board's move stack starts from, and the stack."""
    root = board.copy()
    moves = [m.uci() for m in board.move_stack]
    for _ in moves:
        root.pop()
    return root.fen(), moves


def _parse_pv(board: Board, texts: Sequence[str], read: Callable[[Board, str], str]) -> List[str]:
    """The moves of a line as the board writes them, up to the first one that
    is not legal (logged, as python-chess does)."""
    after = board.copy()
    out = []
    for text in texts:
        try:
            move = read(after, text)
        except (ValueError, EngineError) as e:
            LOGGER.warning("the engine's line stops at %r, not legal in %s: %s", text, after.fen(), e)
            break
        after.push(move)
        out.append(move)
    return out


def _uci_move(board: Board, text: str) -> str:
    return board.parse_move(text)


# XBoard's letters (rules::text::xboard::TABLE, docs/XBOARD.md "How the
# pieces look"): plain pieces keep their FEN letters, each Morph form has
# its own.
_XBOARD_MORPH = {"W": "F", "H": "N", "A": "B", "T": "R", "Q": "D", "M": "C", "P": "I", "S": "Z", "E": "G"}
_SQUARE = re.compile(r"([a-z])(\d{1,2})")
_MOVE = re.compile(r"^([a-z]\d{1,2})([a-z]\d{1,2})(.*)$")


def _placement(fen: str) -> Dict[str, str]:
    """Square name → FEN piece token (``"W"``, ``"(h)"``) of a FEN's placement."""
    rows = fen.split()[0].split("/")
    out = {}
    for i, row in enumerate(rows):
        rank = len(rows) - i
        file = 0
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                file += int(row[j:k])
                j = k
                continue
            if c == "(":
                token = row[j : j + 3]
                j += 3
            else:
                token = c
                j += 1
            out[f"{chr(ord('a') + file)}{rank}"] = token
            file += 1
    return out


def _xboard_letter(token: str) -> str:
    """A FEN piece token in XBoard's letter (``"(h)"`` → ``"n"``)."""
    if token.startswith("("):
        letter = _XBOARD_MORPH[token[1].upper()]
        return letter if token[1].isupper() else letter.lower()
    return token


def _xboard_fen(fen: str) -> str:
    """A gorgon FEN in XBoard's letters for ``setboard``; the rights stay as
    the rules write them (Gorgon reads them from XBoard FENs)."""
    fields = fen.split()
    placement = re.sub(r"\(([A-Za-z])\)", lambda m: _xboard_letter(m.group(0)), fields[0])
    return " ".join([placement] + fields[1:])


def _to_xboard(board: Board, move: str) -> str:
    """A legal move as XBoard writes it: the squares, and for a promotion or
    a Morph's transformation the letter of the piece it leaves (``c10c11e``,
    ``b7d8n``)."""
    m = _MOVE.match(move)
    if m is None:
        raise EngineError(f"{move!r} is not a coordinate move")
    src, dst, suffix = m.groups()
    before = _placement(board.fen()).get(src, "")
    # Only a transformation (written with its form) or a Sword's move (a
    # promotion on the last rank) can change the piece: the rest keep it.
    if not suffix and before.strip("()").upper() != "W":
        return f"{src}{dst}"
    after = board.copy()
    after.push(move)
    left = _placement(after.fen()).get(dst, "")
    if suffix or _xboard_letter(left).lower() != _xboard_letter(before).lower():
        return f"{src}{dst}{_xboard_letter(left).lower()}"
    return f"{src}{dst}"


def _from_xboard(board: Board, text: str) -> str:
    """The legal move an XBoard move names (as ``user_move`` in the engine's
    CECP loop reads it): a letter names the piece the move leaves; none, or
    the mover's own, the move that changes nothing."""
    m = _MOVE.match(text.strip())
    if m is None:
        raise EngineError(f"{text!r} is not an XBoard coordinate move")
    src, dst, letter = m.groups()
    candidates = [mv for mv in (m.uci() for m in board.legal_moves) if _MOVE.match(mv).group(1, 2) == (src, dst)]  # type: ignore[union-attr]
    if not candidates:
        raise EngineError(f"illegal move {text!r} in {board.fen()!r}")
    mover = _xboard_letter(_placement(board.fen()).get(src, "")).lower()
    for mv in candidates:
        written = _to_xboard(board, mv)
        if written == f"{src}{dst}{letter.lower()}" or (letter.lower() in ("", mover) and written == f"{src}{dst}"):
            return mv
    legal = " ".join(_to_xboard(board, mv) for mv in candidates)
    raise EngineError(f"illegal move {text!r} in {board.fen()!r} (wrong piece letter; legal here: {legal})")


# --- the process ------------------------------------------------------------

_EOF = object()


def _read_lines(stream: Any, lines: "queue.Queue[Any]") -> None:
    """The reader thread: every line of the engine into the queue, then
    ``_EOF`` when its output closes (it exited or was killed)."""
    try:
        for line in stream:
            lines.put(line.rstrip("\r\n"))
    except (OSError, ValueError):
        pass
    finally:
        lines.put(_EOF)
        try:
            stream.close()
        except OSError:
            pass


def _reap(popen: "subprocess.Popen[str]", grace: float) -> None:
    """Ends the process if it runs (after ``grace`` seconds for a ``quit``
    sent before) and waits for it, so it leaves no zombie."""
    try:
        if popen.stdin is not None:
            popen.stdin.close()
    except OSError:
        pass
    try:
        popen.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        popen.kill()
        popen.wait()


class _Pipe:
    """The engine process, its input, and the queue its reader thread
    fills. Knows nothing of a protocol."""

    def __init__(self, command: Union[str, Sequence[str]], setpgrp: bool, **popen_args: Any) -> None:
        args = [command] if isinstance(command, str) else list(command)
        self.name = " ".join(args)
        try:
            self.popen = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                start_new_session=setpgrp,
                **popen_args,
            )
        except OSError as e:
            raise EngineError(f"cannot start engine {self.name!r}: {e}") from e
        self.lines: "queue.Queue[Any]" = queue.Queue()
        self.reader = threading.Thread(
            target=_read_lines,
            args=(self.popen.stdout, self.lines),
            name=f"engine reader {self.popen.pid}",
            daemon=True,
        )
        self.reader.start()
        self.dead = False

    @property
    def pid(self) -> int:
        return self.popen.pid

    def died(self) -> EngineTerminatedError:
        """The error of a process that exited, reaped first for its code."""
        self.dead = True
        try:
            code = self.popen.wait(timeout=5)
        except subprocess.TimeoutExpired:
            # Its output closed but it lives on: no use any more.
            self.popen.kill()
            code = self.popen.wait()
        return EngineTerminatedError(f"engine process died unexpectedly (exit code: {code})")

    def send(self, line: str) -> None:
        if self.dead:
            raise EngineTerminatedError(f"engine process is gone (exit code: {self.popen.poll()})")
        LOGGER.debug("%s << %s", self.popen.pid, line)
        try:
            assert self.popen.stdin is not None
            self.popen.stdin.write(line + "\n")
            self.popen.stdin.flush()
        except (OSError, ValueError):
            raise self.died() from None

    def poll(self, deadline: Optional[float]) -> Optional[str]:
        """The next line, or None if none came by ``deadline``
        (``time.monotonic()``; None: no limit); ``EngineTerminatedError``
        when the process has exited."""
        if self.dead:
            raise EngineTerminatedError(f"engine process is gone (exit code: {self.popen.poll()})")
        try:
            if deadline is None:
                line = self.lines.get()
            else:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None
        if line is _EOF:
            raise self.died()
        LOGGER.debug("%s >> %s", self.popen.pid, line)
        return str(line)

    def recv(self, deadline: Optional[float], waiting_for: str) -> str:
        """The next line; ``TimeoutError`` (the process killed) when none came
        by ``deadline``."""
        line = self.poll(deadline)
        if line is None:
            self.kill()
            raise TimeoutError(
                f"engine {self.name!r} did not answer in time (waiting for {waiting_for}); it was stopped"
            )
        return line

    def recv_nowait(self) -> Optional[str]:
        """The next line if one is there, else None."""
        if self.dead:
            raise EngineTerminatedError(f"engine process is gone (exit code: {self.popen.poll()})")
        try:
            line = self.lines.get_nowait()
        except queue.Empty:
            return None
        if line is _EOF:
            raise self.died()
        LOGGER.debug("%s >> %s", self.popen.pid, line)
        return str(line)

    def kill(self) -> None:
        """Kills and reaps the process (no-op once it is gone)."""
        self.dead = True
        if self.popen.poll() is None:
            try:
                self.popen.kill()
            except OSError:
                pass
        _reap(self.popen, grace=0)
        self.reader.join(timeout=5)

    def quit(self, command: Optional[str], grace: float) -> None:
        """Sends ``command`` (the protocol's quit), gives the process
        ``grace`` seconds to exit, then kills it; reaped in every case."""
        if not self.dead and command is not None and self.popen.poll() is None:
            try:
                assert self.popen.stdin is not None
                self.popen.stdin.write(command + "\n")
                self.popen.stdin.flush()
            except (OSError, ValueError):
                pass
        self.dead = True
        _reap(self.popen, grace)
        self.reader.join(timeout=5)


def _finalize(popen: "subprocess.Popen[str]") -> None:
    """Garbage collection or interpreter exit: the process is killed and
    reaped if nobody quit it."""
    if popen.poll() is None:
        try:
            popen.kill()
        except OSError:
            pass
    _reap(popen, grace=0)


# --- analyses ---------------------------------------------------------------


class SimpleAnalysisResult:
    """A running analysis (``SimpleEngine.analysis``): iterate it for each
    info as it arrives, read ``info`` (the best line's latest) and
    ``multipv``, ``stop()`` it, ``wait()`` for its end. As a context
    manager it is stopped and waited for on exit."""

    def __init__(
        self, protocol: "Protocol", board: Board, limit: Optional[Limit], info: Info, deadline: Optional[float]
    ) -> None:
        self._protocol = protocol
        self._board = board.copy()
        self._limit = limit
        self._want = info
        self._deadline = deadline
        self._multipv: List[InfoDict] = [{}]
        self._pending: List[InfoDict] = []
        self._best: Optional[BestMove] = None
        self._stopping = False
        # When to stop the engine (a limit it does not keep itself).
        self._stop_at: Optional[float] = None
        self.draw_offered = False
        self.resigned = False

    # What the protocol feeds in.

    def _post(self, info: InfoDict) -> None:
        info = _filter(info, self._want)
        if not info:
            return
        index = info.get("multipv", 1)
        while len(self._multipv) < index:
            self._multipv.append({})
        self._multipv[index - 1].update(info)
        self._pending.append(info)

    def _finish(self, best: BestMove) -> None:
        self._best = best
        self._protocol._analysis_done(self)

    @property
    def finished(self) -> bool:
        return self._best is not None

    def _step(self, block: bool) -> bool:
        """Reads and handles one line; False if none was there (not blocking)."""
        pipe = self._protocol._pipe
        if block and self._stop_at is not None and not self._stopping:
            # A limit the engine does not keep itself (CECP's analyze mode):
            # stopped here when its time is up.
            maybe = pipe.poll(min(self._stop_at, self._deadline) if self._deadline is not None else self._stop_at)
            if maybe is None:
                if time.monotonic() >= self._stop_at:
                    self.stop()
                    return True
                maybe = pipe.recv(self._deadline, "the engine's move")
            line = maybe
        elif block:
            line = pipe.recv(self._deadline, "the end of the analysis" if self._stopping else "the engine's move")
        else:
            maybe = pipe.recv_nowait()
            if maybe is None:
                return False
            line = maybe
        self._protocol._analysis_line(self, line)
        return True

    def _drain(self) -> None:
        while not self.finished and self._step(block=False):
            pass

    # The user's side.

    @property
    def info(self) -> InfoDict:
        """The best line's info so far (the lines that arrived merged)."""
        self._drain()
        return dict(self._multipv[0])

    @property
    def multipv(self) -> List[InfoDict]:
        """Every line's info so far, best first."""
        self._drain()
        return [dict(i) for i in self._multipv]

    def stop(self) -> None:
        """Asks the engine to end the analysis now (no-op when it has ended);
        its last infos and move still arrive. May be called from another
        thread than the one iterating or waiting."""
        if self.finished or self._stopping:
            return
        self._stopping = True
        # The engine has `timeout` seconds to answer the stop.
        self._deadline = time.monotonic() + self._protocol.timeout if self._protocol.timeout is not None else None
        self._protocol._stop(self)

    def wait(self) -> BestMove:
        """Waits for the end (``TimeoutError`` past the limit's time plus the
        engine's timeout) and returns the engine's move."""
        while not self.finished:
            self._step(block=True)
        assert self._best is not None
        return self._best

    def would_block(self) -> bool:
        """True if ``get()`` would wait for the engine."""
        self._drain()
        return not self._pending and not self.finished

    def empty(self) -> bool:
        """True if every info that arrived has been taken."""
        self._drain()
        return not self._pending

    def get(self) -> InfoDict:
        """The next info, waiting for it; ``AnalysisComplete`` at the end."""
        while not self._pending and not self.finished:
            self._step(block=True)
        if self._pending:
            return self._pending.pop(0)
        raise AnalysisComplete()

    def next(self) -> Optional[InfoDict]:
        """The next info, or None at the end."""
        try:
            return self.get()
        except AnalysisComplete:
            return None

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        try:
            return self.get()
        except AnalysisComplete:
            raise StopIteration from None

    def __enter__(self) -> "SimpleAnalysisResult":
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._protocol._pipe.dead:
            return
        self.stop()
        self.wait()


def _filter(info: InfoDict, want: Info) -> InfoDict:
    """The fields of an info the caller asked for (python-chess's flags)."""
    if want == INFO_ALL:
        return info
    keep = {"string", "multipv"}
    if want & INFO_BASIC:
        keep |= {
            "depth",
            "seldepth",
            "time",
            "nodes",
            "nps",
            "hashfull",
            "tbhits",
            "currmove",
            "currmovenumber",
            "cpuload",
        }
    if want & INFO_SCORE:
        keep |= {"score", "wdl", "lowerbound", "upperbound"}
    if want & INFO_PV:
        keep.add("pv")
    if want & INFO_REFUTATION:
        keep.add("refutation")
    if want & INFO_CURRLINE:
        keep.add("currline")
    return {k: v for k, v in info.items() if k in keep}


# --- the protocols ----------------------------------------------------------


class Protocol:
    """What both protocols share: the pipe, the handshake's results (``id``,
    ``options``, ``config``) and the one analysis that may run."""

    quit_command = "quit"

    def __init__(self, pipe: _Pipe, timeout: Optional[float]) -> None:
        self._pipe = pipe
        self.timeout = timeout
        self.id: Dict[str, str] = {}
        self.options: Dict[str, Option] = {}
        self.config: Dict[str, Any] = {}
        self._running: Optional[SimpleAnalysisResult] = None

    def _deadline(self, extra: Optional[float] = 0.0) -> Optional[float]:
        """``timeout`` (plus ``extra``) from now; None when either is None."""
        if self.timeout is None or extra is None:
            return None
        return time.monotonic() + self.timeout + extra

    def _expect(
        self,
        want: Callable[[str], bool],
        deadline: Optional[float],
        waiting_for: str,
        on_line: Optional[Callable[[str], None]] = None,
    ) -> str:
        """Reads lines until one ``want`` accepts (others go to ``on_line``)."""
        while True:
            line = self._pipe.recv(deadline, waiting_for)
            if want(line):
                return line
            if on_line is not None:
                on_line(line)

    def _idle(self) -> None:
        """Ends an analysis still running before another command."""
        running = self._running
        if running is not None and not running.finished:
            running.stop()
            running.wait()
        self._running = None

    def _analysis_done(self, result: SimpleAnalysisResult) -> None:
        if self._running is result:
            self._running = None

    def _search_deadline(self, limit: Optional[Limit], board: Board) -> Optional[float]:
        """How long a search may take: the timeout plus the limit's time (or
        the clock of the side to move); None for a depth, node or mate
        limit alone, as python-chess waits for those without a bound."""
        if limit is None:
            return None
        if limit.time is not None:
            return self._deadline(limit.time)
        if limit._has_clock():
            clock = limit.white_clock if board.turn else limit.black_clock
            return self._deadline(clock or 0.0)
        return None

    # Implemented by each protocol.
    def handshake(self) -> None:
        raise NotImplementedError

    def configure(self, options: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def ping(self) -> None:
        raise NotImplementedError

    def start(
        self,
        board: Board,
        limit: Optional[Limit],
        *,
        multipv: Optional[int],
        info: Info,
        game: object,
        root_moves: Optional[Sequence[str]],
        options: Mapping[str, Any],
        playing: bool,
    ) -> SimpleAnalysisResult:
        raise NotImplementedError

    def _analysis_line(self, result: SimpleAnalysisResult, line: str) -> None:
        raise NotImplementedError

    def _stop(self, result: SimpleAnalysisResult) -> None:
        raise NotImplementedError


_UCI_INT = {"depth", "seldepth", "nodes", "multipv", "currmovenumber", "hashfull", "nps", "tbhits", "cpuload"}


class UciProtocol(Protocol):
    """UCI as Gorgon speaks it (docs/PROTOCOL.md): squares up to 11x11, the
    variant through ``UCI_Variant``."""

    def __init__(self, pipe: _Pipe, timeout: Optional[float]) -> None:
        super().__init__(pipe, timeout)
        self._game: object = None
        self._first_game = True

    def handshake(self) -> None:
        self._pipe.send("uci")
        self._expect(lambda l: l.strip() == "uciok", self._deadline(), "uciok", self._handshake_line)
        # Win/draw/loss with every score, where the engine offers it.
        if "uci_showwdl" in self.options:
            self._setoption("UCI_ShowWDL", "true")

    def _handshake_line(self, line: str) -> None:
        words = line.split()
        if len(words) >= 3 and words[0] == "id":
            self.id[words[1]] = line.split(None, 2)[2].strip()
        elif words[:2] == ["option", "name"]:
            option = _parse_uci_option(line)
            if option is not None:
                self.options[option.name.lower()] = option
                self.config[option.name] = option.default

    def _option(self, name: str) -> Option:
        option = self.options.get(name.lower())
        if option is None:
            raise EngineError(
                f"engine does not support option {name!r} (its options: {', '.join(o.name for o in self.options.values())})"
            )
        return option

    def _setoption(self, name: str, value: Any) -> None:
        option = self._option(name)
        text = option.parse(value)
        if text is None:
            self._pipe.send(f"setoption name {option.name}")
        else:
            self._pipe.send(f"setoption name {option.name} value {text}")
            self.config[option.name] = text

    def configure(self, options: Mapping[str, Any]) -> None:
        self._idle()
        for name, value in options.items():
            if self._option(name).is_managed():
                raise EngineError(f"cannot set {name!r}, which is set automatically")
            self._setoption(name, value)

    def ping(self) -> None:
        self._idle()
        self._pipe.send("isready")
        self._expect(lambda l: l.strip() == "readyok", self._deadline(), "readyok")

    def start(
        self,
        board: Board,
        limit: Optional[Limit],
        *,
        multipv: Optional[int],
        info: Info,
        game: object,
        root_moves: Optional[Sequence[str]],
        options: Mapping[str, Any],
        playing: bool,
    ) -> SimpleAnalysisResult:
        self._idle()
        if not board.legal_moves:
            raise EngineError(f"the game is over: no move to search in {board.fen()!r}")
        for name, value in options.items():
            if self._option(name).is_managed():
                raise EngineError(f"cannot set {name!r}, which is set automatically")
            if str(self.config.get(self._option(name).name)) != str(value):
                self._setoption(name, value)
        variant = board.variant
        if "uci_variant" in self.options:
            if str(self.config.get("UCI_Variant", "")).lower() != variant:
                self._setoption("UCI_Variant", variant)
        elif variant != "pom":
            raise EngineError(f"engine has no UCI_Variant option: it cannot play {variant}")
        want_multipv = multipv or 1
        if "multipv" in self.options:
            if str(self.config.get(self._option("MultiPV").name)) != str(want_multipv):
                self._setoption("MultiPV", want_multipv)
        elif want_multipv > 1:
            raise EngineError("engine has no MultiPV option")
        if "uci_analysemode" in self.options:
            mode = "false" if playing else "true"
            if str(self.config.get(self._option("UCI_AnalyseMode").name)).lower() != mode:
                self._setoption("UCI_AnalyseMode", mode)
        if self._first_game or game is not self._game and game is not None:
            self._pipe.send("ucinewgame")
            self._first_game = False
            self._game = game
        self._pipe.send("isready")
        self._expect(lambda l: l.strip() == "readyok", self._deadline(), "readyok")
        fen, moves = _root(board)
        position = "position startpos" if fen == start_fen(variant) else f"position fen {fen}"
        if moves:
            position += " moves " + " ".join(moves)
        self._pipe.send(position)
        go = ["go"]
        if limit is not None:
            go += _uci_limit(limit)
        if root_moves is not None:
            if not root_moves:
                raise EngineError("root_moves is empty: nothing to search")
            go += ["searchmoves"] + [board.parse_move(m) for m in root_moves]
        if limit is None or not any(
            v is not None
            for v in (limit.time, limit.depth, limit.nodes, limit.mate, limit.white_clock, limit.black_clock)
        ):
            go.append("infinite")
        result = SimpleAnalysisResult(self, board, limit, info, self._search_deadline(limit, board))
        self._pipe.send(" ".join(go))
        self._running = result
        return result

    def _analysis_line(self, result: SimpleAnalysisResult, line: str) -> None:
        words = line.split()
        if not words:
            return
        if words[0] == "info":
            result._post(_parse_uci_info(line, result._board))
        elif words[0] == "bestmove":
            try:
                best = _parse_uci_bestmove(result._board, words)
            except EngineError:
                # The search is over all the same: the engine is ready for
                # the next command.
                result._finish(BestMove(None, None))
                raise
            result._finish(best)
        else:
            LOGGER.debug("unexpected engine line during a search: %r", line)

    def _stop(self, result: SimpleAnalysisResult) -> None:
        self._pipe.send("stop")


def _uci_limit(limit: Limit) -> List[str]:
    go = []
    for word, seconds in (
        ("wtime", limit.white_clock),
        ("btime", limit.black_clock),
        ("winc", limit.white_inc),
        ("binc", limit.black_inc),
    ):
        if seconds is not None:
            go += [word, str(max(0, int(round(seconds * 1000))))]
    if limit.remaining_moves is not None:
        go += ["movestogo", str(int(limit.remaining_moves))]
    if limit.depth is not None:
        go += ["depth", str(max(1, int(limit.depth)))]
    if limit.nodes is not None:
        go += ["nodes", str(max(1, int(limit.nodes)))]
    if limit.mate is not None:
        go += ["mate", str(max(1, int(limit.mate)))]
    if limit.time is not None:
        go += ["movetime", str(max(1, int(round(limit.time * 1000))))]
    return go


def _parse_uci_option(line: str) -> Optional[Option]:
    """``option name N type T [default D] [min A] [max B] [var V]...``."""
    m = re.match(r"option\s+name\s+(.*?)\s+type\s+(\S+)(.*)$", line.strip())
    if m is None:
        LOGGER.warning("unreadable option line: %r", line)
        return None
    name, kind, rest = m.group(1), m.group(2).lower(), m.group(3)
    default: Any = None
    low = high = None
    var: List[str] = []
    parts = re.split(r"\s+(default|min|max|var)(?:\s+|$)", " " + rest)
    for key, value in zip(parts[1::2], parts[2::2]):
        value = value.strip()
        if key == "default":
            default = "" if value == "<empty>" else value
        elif key == "min":
            low = int(value) if re.fullmatch(r"-?\d+", value) else None
        elif key == "max":
            high = int(value) if re.fullmatch(r"-?\d+", value) else None
        else:
            var.append(value)
    if kind == "check" and default is not None:
        default = default.lower() == "true"
    elif kind == "spin" and default is not None and re.fullmatch(r"-?\d+", default):
        default = int(default)
    return Option(name, kind, default, low, high, var)


def _parse_uci_info(line: str, board: Board) -> InfoDict:
    """One ``info`` line as python-chess reads it: unknown or broken fields
    are skipped (and logged), a ``pv`` stops at its first illegal move."""
    words = line.split()[1:]
    info: InfoDict = {}
    i = 0
    while i < len(words):
        key = words[i]
        i += 1
        try:
            if key == "string":
                info["string"] = line.split("string", 1)[1].strip()
                break
            if key in _UCI_INT:
                info[key] = int(words[i])
                i += 1
            elif key == "time":
                info["time"] = int(words[i]) / 1000.0
                i += 1
            elif key == "score":
                kind, value = words[i], int(words[i + 1])
                i += 2
                if kind not in ("cp", "mate"):
                    raise ValueError(f"unknown score kind {kind!r}")
                relative: Score = Cp(value) if kind == "cp" else Mate(value)
                if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                    info[words[i]] = True
                    i += 1
                info["score"] = PovScore(relative, board.turn)
            elif key == "wdl":
                info["wdl"] = PovWdl(Wdl(int(words[i]), int(words[i + 1]), int(words[i + 2])), board.turn)
                i += 3
            elif key == "currmove":
                info["currmove"] = board.parse_move(words[i])
                i += 1
            elif key in ("pv", "refutation", "currline"):
                texts = []
                while i < len(words) and not _is_info_keyword(words[i]):
                    texts.append(words[i])
                    i += 1
                if key == "pv":
                    info["pv"] = _parse_pv(board, texts, _uci_move)
                elif key == "currline" and texts and texts[0].isdigit():
                    info.setdefault("currline", {})[int(texts[0])] = _parse_pv(board, texts[1:], _uci_move)
                elif key == "refutation" and texts:
                    try:
                        first = board.parse_move(texts[0])
                    except ValueError:
                        continue
                    after = board.copy()
                    after.push(first)
                    info.setdefault("refutation", {})[first] = _parse_pv(after, texts[1:], _uci_move)
            elif key == "ebf":
                info["ebf"] = float(words[i])
                i += 1
            else:
                LOGGER.debug("unknown info field %r in %r", key, line)
        except (IndexError, ValueError) as e:
            LOGGER.warning("unreadable %r field in engine line %r: %s", key, line, e)
    return info


_INFO_KEYWORDS = _UCI_INT | {
    "time",
    "score",
    "wdl",
    "currmove",
    "pv",
    "refutation",
    "currline",
    "string",
    "ebf",
    "sbhits",
}


def _is_info_keyword(word: str) -> bool:
    return word in _INFO_KEYWORDS


def _parse_uci_bestmove(board: Board, words: List[str]) -> BestMove:
    """``bestmove M [ponder P]``; ``(none)`` / ``0000`` is no move; a move
    that is not legal is an ``EngineError``."""
    if len(words) < 2 or words[1] in ("(none)", "0000", "NULL"):
        return BestMove(None, None)
    try:
        move = board.parse_move(words[1])
    except ValueError as e:
        raise EngineError(f"illegal uci: {words[1]!r} in {board.fen()!r} ({e})") from None
    ponder = None
    if len(words) >= 4 and words[2] == "ponder":
        after = board.copy()
        after.push(move)
        try:
            ponder = after.parse_move(words[3])
        except ValueError:
            LOGGER.warning("illegal ponder move %r after %s", words[3], move)
    return BestMove(move, ponder)


_FEATURE = re.compile(r'(\w+)=("[^"]*"|\S+)')
# ply score time nodes [seldepth nps tbhits<TAB>] pv, a bound marked by
# `!` / `?` after the line (docs/XBOARD.md).
_THINKING = re.compile(r"^\s*(\d+)[.]?\s+(-?\d+)\s+(\d+)\s+(\d+)(?:\s+(\d+)\s+(\d+)\s+(\d+)\s*\t)?(.*)$")
_MATE_SCORE = 100000


class XBoardProtocol(Protocol):
    """CECP (protocol version 2) as Gorgon speaks it (docs/XBOARD.md):
    ``variant pom``, ``setboard`` with XBoard's letters, ``usermove``,
    thinking output ``ply score time nodes pv``. Each search sets the
    position anew (``new``, ``variant``, ``force``, ``setboard``, the moves)."""

    def __init__(self, pipe: _Pipe, timeout: Optional[float]) -> None:
        super().__init__(pipe, timeout)
        self.features: Dict[str, str] = {}
        self._pings = 0

    def handshake(self) -> None:
        self._pipe.send("xboard")
        self._pipe.send("protover 2")
        self._expect(self._feature_line, self._deadline(), "feature done=1")
        if "myname" in self.features:
            self.id["name"] = self.features["myname"]

    def _feature_line(self, line: str) -> bool:
        """Takes a ``feature`` line (accepting each feature); True at ``done=1``."""
        if not line.startswith("feature "):
            return False
        done = False
        for name, value in _FEATURE.findall(line[len("feature ") :]):
            value = value.strip('"')
            if name == "option":
                option = _parse_xboard_option(value)
                if option is not None:
                    self.options[option.name.lower()] = option
                    self.config[option.name] = option.default
            elif name == "done":
                done = value == "1"
                continue
            else:
                self.features[name] = value
            self._pipe.send(f"accepted {name}")
        return done

    def configure(self, options: Mapping[str, Any]) -> None:
        self._idle()
        for name, value in options.items():
            self._set(name, value)

    def _set(self, name: str, value: Any) -> None:
        option = self.options.get(name.lower())
        if option is None:
            raise EngineError(f"engine does not support option {name!r}")
        text = option.parse(value)
        if text is None:
            self._pipe.send(f"option {option.name}")
        else:
            if option.type == "check":
                text = "1" if text == "true" else "0"
            self._pipe.send(f"option {option.name}={text}")
            self.config[option.name] = text

    def ping(self) -> None:
        self._idle()
        self._ping()

    def _ping(self, on_line: Optional[Callable[[str], None]] = None) -> None:
        self._pings += 1
        n = self._pings
        self._pipe.send(f"ping {n}")
        self._expect(lambda l: l.split() == ["pong", str(n)], self._deadline(), f"pong {n}", on_line)

    def start(
        self,
        board: Board,
        limit: Optional[Limit],
        *,
        multipv: Optional[int],
        info: Info,
        game: object,
        root_moves: Optional[Sequence[str]],
        options: Mapping[str, Any],
        playing: bool,
    ) -> SimpleAnalysisResult:
        self._idle()
        outcome = board.outcome()
        if outcome is not None:
            # A CECP engine announces the result and makes no move after it
            # (a draw by repetition too), so the search would never end.
            raise EngineError(
                f"the game is over ({outcome.result()}, {outcome.termination.name.lower()}): no move to search in {board.fen()!r}"
            )
        if multipv is not None and multipv > 1:
            raise EngineError(
                "multipv is not available with xboard engines (CECP's thinking lines do not say which line they are)"
            )
        if root_moves is not None:
            raise EngineError("root_moves is not available with xboard engines")
        if limit is not None and limit.mate is not None:
            raise EngineError("a mate limit is not available with xboard engines")
        if playing and limit is not None and limit.nodes is not None:
            raise EngineError("a node limit is not available with xboard engines (CECP has none)")
        variants = self.features.get("variants")
        if variants is not None and board.variant not in variants.split(","):
            raise EngineError(f"engine does not play {board.variant} (its variants: {variants})")
        for name, value in options.items():
            self._set(name, value)
        self._pipe.send("new")
        self._pipe.send(f"variant {board.variant}")
        self._pipe.send("force")
        fen, moves = _root(board)
        replay = Board(fen, variant=board.variant)
        if fen != start_fen(board.variant):
            if self.features.get("setboard") != "1":
                raise EngineError("engine does not accept setboard: it can only play from the start position")
            self._pipe.send(f"setboard {_xboard_fen(fen)}")
        usermove = self.features.get("usermove") == "1"
        for move in moves:
            written = _to_xboard(replay, move)
            self._pipe.send(f"usermove {written}" if usermove else written)
            replay.push(move)
        self._pipe.send("post")
        if playing:
            for command in _xboard_limit(limit, _color(board.turn)):
                self._pipe.send(command)
        # A `ping` makes sure the engine took the position: an engine that
        # refused it says so before the `pong` (and a good one says nothing).
        refusals: List[str] = []

        def refused(line: str) -> None:
            if line.startswith(("Illegal move", "Error", "tellusererror")):
                refusals.append(line)

        if self.features.get("ping") == "1":
            self._ping(refused)
        if refusals:
            raise EngineError(f"engine refused the position {board.fen()!r}: {refusals[0]}")
        result = SimpleAnalysisResult(self, board, limit, info, self._search_deadline(limit, board))
        result._xboard_playing = playing  # type: ignore[attr-defined]
        result._xboard_started = time.monotonic()  # type: ignore[attr-defined]
        if not playing and limit is not None and limit.time is not None:
            result._stop_at = time.monotonic() + limit.time
        self._pipe.send("go" if playing else "analyze")
        self._running = result
        return result

    def _analysis_line(self, result: SimpleAnalysisResult, line: str) -> None:
        text = line.strip()
        playing = getattr(result, "_xboard_playing", True)
        thinking = _THINKING.match(text)
        if thinking is not None:
            info = _parse_thinking(thinking, result._board)
            result._post(info)
            if not playing and not result._stopping and _limit_reached(result._limit, info, result):
                result.stop()
            return
        words = text.split()
        if not words:
            return
        if playing and words[0] == "move" and len(words) >= 2:
            try:
                move = _from_xboard_checked(result._board, words[1])
            except EngineError:
                # The search is over all the same.
                result._finish(BestMove(None, None))
                raise
            result._finish(BestMove(move, None))
        elif playing and words[0] == "resign":
            result.resigned = True
            result._finish(BestMove(None, None))
        elif playing and text.startswith("offer draw"):
            result.draw_offered = True
        elif words[0] in ("Illegal", "Error") or text.startswith("tellusererror"):
            raise EngineError(f"engine refused a command: {text}")
        elif words[0] == "pong" and getattr(result, "_xboard_pong", None) == text:
            result._finish(BestMove(None, None))
        else:
            LOGGER.debug("unexpected engine line during a search: %r", line)

    def _stop(self, result: SimpleAnalysisResult) -> None:
        if getattr(result, "_xboard_playing", True):
            # `?` asks for the move now.
            self._pipe.send("?")
            return
        # Leaves analyze mode; the pong that follows ends the analysis. Its
        # text is known before the ping goes out: stop() may come from
        # another thread than the one reading the lines.
        self._pings += 1
        result._xboard_pong = f"pong {self._pings}"  # type: ignore[attr-defined]
        self._pipe.send("exit")
        self._pipe.send(f"ping {self._pings}")


def _from_xboard_checked(board: Board, text: str) -> str:
    try:
        return _from_xboard(board, text)
    except EngineError as e:
        raise EngineError(f"illegal move from the engine: {e}") from None


def _limit_reached(limit: Optional[Limit], info: InfoDict, result: SimpleAnalysisResult) -> bool:
    """CECP's analyze mode has no limits: the analysis stops itself when a
    thinking line reaches the depth or node count asked for, or the time
    (checked as lines arrive, and by the deadline of ``wait``)."""
    if limit is None:
        return False
    if limit.depth is not None and info.get("depth", 0) >= limit.depth:
        return True
    if limit.nodes is not None and info.get("nodes", 0) >= limit.nodes:
        return True
    if limit.time is not None and time.monotonic() - result._xboard_started >= limit.time:  # type: ignore[attr-defined]
        return True
    return False


def _parse_thinking(m: "re.Match[str]", board: Board) -> InfoDict:
    ply, score, centis, nodes = (int(m.group(k)) for k in (1, 2, 3, 4))
    info: InfoDict = {"depth": ply, "time": centis / 100.0, "nodes": nodes}
    if m.group(5) is not None:
        info["seldepth"] = int(m.group(5))
        if int(m.group(6)):
            info["nps"] = int(m.group(6))
    relative: Score
    if score > _MATE_SCORE:
        relative = Mate(score - _MATE_SCORE)
    elif score < -_MATE_SCORE:
        relative = Mate(score + _MATE_SCORE)
    else:
        relative = Cp(score)
    info["score"] = PovScore(relative, board.turn)
    pv = m.group(8).strip()
    if pv.endswith("!"):
        info["lowerbound"] = True
        pv = pv[:-1]
    elif pv.endswith("?"):
        info["upperbound"] = True
        pv = pv[:-1]
    info["pv"] = _parse_pv(board, pv.split(), _from_xboard)
    return info


def _xboard_limit(limit: Optional[Limit], turn: str) -> List[str]:
    """``st`` for a time per move, ``level`` with ``time``/``otim`` for
    clocks, ``sd`` for a depth (docs/XBOARD.md)."""
    if limit is None:
        return []
    out = []
    if limit._has_clock():
        own = limit.white_clock if turn == WHITE else limit.black_clock
        other = limit.black_clock if turn == WHITE else limit.white_clock
        inc = limit.white_inc if turn == WHITE else limit.black_inc
        base = int(own or 0)
        out.append(f"level {limit.remaining_moves or 0} {base // 60}:{base % 60:02d} {inc or 0:g}")
        out.append(f"time {max(0, int(round((own or 0) * 100)))}")
        out.append(f"otim {max(0, int(round((other or 0) * 100)))}")
    elif limit.time is not None:
        out.append(f"st {max(limit.time, 0.01):g}")
    if limit.depth is not None:
        out.append(f"sd {max(1, int(limit.depth))}")
    return out


def _parse_xboard_option(text: str) -> Optional[Option]:
    """``NAME -TYPE ...`` of ``feature option="..."``."""
    m = re.match(r"(.*?)\s+-(check|spin|combo|button|save|reset|string|file|path|slider)\b\s*(.*)$", text)
    if m is None:
        LOGGER.warning("unreadable option feature: %r", text)
        return None
    name, kind, rest = m.groups()
    words = rest.split()
    if kind in ("spin", "slider") and len(words) >= 3:
        return Option(name, "spin", int(words[0]), int(words[1]), int(words[2]), [])
    if kind == "check":
        return Option(name, "check", rest.strip() == "1", None, None, [])
    if kind == "combo":
        choices = [c.strip() for c in rest.split("///")]
        default = next((c[1:] for c in choices if c.startswith("*")), choices[0] if choices else None)
        return Option(name, "combo", default, None, None, [c.lstrip("*") for c in choices])
    if kind in ("button", "save", "reset"):
        return Option(name, "button", None, None, None, [])
    return Option(name, kind, rest.strip(), None, None, [])


# --- the engine -------------------------------------------------------------


class SimpleEngine:
    """An engine in its own process, driven synchronously (python-chess's
    ``SimpleEngine``): open it with ``popen_uci`` or ``popen_xboard``, end it
    with ``quit()``, ``close()`` or ``with``.

    ``timeout`` (seconds, None for none) bounds every wait for the engine:
    the handshake, ``ping``, and a search by its limit's time (or clock)
    plus ``timeout``. A depth, node or mate limit alone is waited for
    without a bound, as python-chess does; a dead engine is noticed at once
    in every case."""

    def __init__(self, protocol: Protocol, *, timeout: Optional[float] = 10.0) -> None:
        self.protocol = protocol
        self.timeout = timeout
        self._finalizer = weakref.finalize(self, _finalize, protocol._pipe.popen)

    @classmethod
    def popen(
        cls,
        protocol_class: type,
        command: Union[str, Sequence[str]],
        *,
        timeout: Optional[float] = 10.0,
        debug: bool = False,
        setpgrp: bool = False,
        **popen_args: Any,
    ) -> "SimpleEngine":
        """Starts ``command`` (a path, or a list of the program and its
        arguments; no shell) and shakes hands in the protocol. ``setpgrp``
        puts the engine in its own session, out of reach of the terminal's
        Ctrl-C. ``debug`` logs every line at INFO level (else DEBUG) on the
        ``gorgon.engine`` logger."""
        if debug:
            LOGGER.setLevel(logging.DEBUG)
            if not LOGGER.handlers:
                LOGGER.addHandler(logging.StreamHandler())
        pipe = _Pipe(command, setpgrp, **popen_args)
        protocol = protocol_class(pipe, timeout)
        engine = cls(protocol, timeout=timeout)
        try:
            protocol.handshake()
        except BaseException:
            engine.close()
            raise
        return engine

    @classmethod
    def popen_uci(
        cls,
        command: Union[str, Sequence[str]],
        *,
        timeout: Optional[float] = 10.0,
        debug: bool = False,
        setpgrp: bool = False,
        **popen_args: Any,
    ) -> "SimpleEngine":
        """A UCI engine (``uci`` … ``uciok``)."""
        return cls.popen(UciProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    @classmethod
    def popen_xboard(
        cls,
        command: Union[str, Sequence[str]],
        *,
        timeout: Optional[float] = 10.0,
        debug: bool = False,
        setpgrp: bool = False,
        **popen_args: Any,
    ) -> "SimpleEngine":
        """An XBoard/CECP engine (``xboard``, ``protover 2`` … ``feature done=1``)."""
        return cls.popen(XBoardProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    @property
    def pid(self) -> int:
        """The engine process's id."""
        return self.protocol._pipe.pid

    @property
    def id(self) -> Dict[str, str]:
        """``name``, ``author``, ... as the engine gave them."""
        return dict(self.protocol.id)

    @property
    def options(self) -> Dict[str, Option]:
        """The options the engine declared, by name (any case)."""
        return {o.name: o for o in self.protocol.options.values()}

    def configure(self, options: Mapping[str, Any]) -> None:
        """Sets options (``EngineError`` for an unknown one, a bad value, or
        one the library sets itself: ``UCI_Variant``, ``MultiPV``, ...)."""
        self.protocol.configure(options)

    def ping(self) -> None:
        """Waits until the engine answers (``isready`` / ``ping``)."""
        self.protocol.ping()

    def play(
        self,
        board: Board,
        limit: Limit,
        *,
        game: object = None,
        info: Info = INFO_NONE,
        ponder: bool = False,
        draw_offered: bool = False,
        root_moves: Optional[Sequence[str]] = None,
        options: Mapping[str, Any] = {},
    ) -> PlayResult:
        """The engine's move in the board's position within ``limit``.

        An illegal move from the engine is an ``EngineError``; pondering is
        not offered (``ponder=True`` is an ``EngineError``)."""
        if ponder:
            raise EngineError("pondering is not available in gorgon.engine")
        result = self.protocol.start(
            board, limit, multipv=None, info=info, game=game, root_moves=root_moves, options=options, playing=True
        )
        best = result.wait()
        return PlayResult(
            best.move, best.ponder, result.info, draw_offered=result.draw_offered, resigned=result.resigned
        )

    def analyse(
        self,
        board: Board,
        limit: Limit,
        *,
        multipv: Optional[int] = None,
        game: object = None,
        info: Info = INFO_ALL,
        root_moves: Optional[Sequence[str]] = None,
        options: Mapping[str, Any] = {},
    ) -> Union[InfoDict, List[InfoDict]]:
        """Analyses the position within ``limit``: the info of the best line,
        or with ``multipv`` a list of that many lines' infos, best first."""
        result = self.protocol.start(
            board, limit, multipv=multipv, info=info, game=game, root_moves=root_moves, options=options, playing=False
        )
        result.wait()
        return result.multipv if multipv is not None else result.info

    def analysis(
        self,
        board: Board,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        game: object = None,
        info: Info = INFO_ALL,
        root_moves: Optional[Sequence[str]] = None,
        options: Mapping[str, Any] = {},
    ) -> SimpleAnalysisResult:
        """Starts an analysis (until ``limit``, or until stopped when None) and
        returns at once; the result streams the engine's infos."""
        return self.protocol.start(
            board, limit, multipv=multipv, info=info, game=game, root_moves=root_moves, options=options, playing=False
        )

    def quit(self) -> None:
        """Asks the engine to quit, waits up to ``timeout`` for it, kills it
        past that; the process is reaped."""
        running = self.protocol._running
        if running is not None and not running.finished and not self.protocol._pipe.dead:
            try:
                running.stop()
            except EngineError:
                pass
        self.protocol._pipe.quit(self.protocol.quit_command, self.timeout if self.timeout is not None else 10.0)
        self._finalizer.detach()

    def close(self) -> None:
        """Ends the engine soon: ``quit``, a second's grace, then a kill."""
        self.protocol._pipe.quit(
            self.protocol.quit_command, min(1.0, self.timeout) if self.timeout is not None else 1.0
        )
        self._finalizer.detach()

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        name = self.protocol.id.get("name", self.protocol._pipe.name)
        kind = "uci" if isinstance(self.protocol, UciProtocol) else "xboard"
        return f"<SimpleEngine ({kind}) {name!r} pid={self.pid}>"
