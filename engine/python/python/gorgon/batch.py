"""Streams and batches: many positions, or every move of the games of a PGN
file, analysed by one engine, with a progress bar, as plain records.

The records are dataclasses with flat fields (numbers and strings, scores
from White's view), so ``pandas.DataFrame(records)`` loads them as they
are. The engine is the in-process ``gorgon.Engine`` or any
``gorgon.engine.SimpleEngine`` (UCI or XBoard); the limit is a
``gorgon.engine.Limit`` (``time``, ``depth`` or ``nodes``).

The progress bar is tqdm's (``tqdm.auto``: a widget in a notebook, text in
a terminal), an optional dependency: ``pip install gorgon[progress]``.
``progress=None`` (the default) shows it when tqdm is installed, ``True``
requires it, ``False`` never shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from gorgon._gorgon import Board, Engine, Game, Termination, read_pgn
from gorgon.engine import Cp, Limit, Mate, PovScore, Score, SimpleEngine

__all__ = [
    "MATE_SCORE",
    "PositionRecord",
    "MoveRecord",
    "iter_positions",
    "analyse_positions",
    "iter_games",
    "analyse_games",
    "analyse_pgn",
]

MATE_SCORE = 10000
"""The centipawns a mate counts as in ``loss_cp`` (``Score.score(mate_score=)``):
mate in N is ``MATE_SCORE - N``."""

AnyEngine = Union[Engine, SimpleEngine]


@dataclass
class PositionRecord:
    """One position analysed. Scores are from White's view: ``score_cp``
    in centipawns, or ``mate`` in moves (positive: White mates) with
    ``score_cp`` None."""

    index: int
    variant: str
    fen: str
    turn: str
    best_move: Optional[str]
    score_cp: Optional[int]
    mate: Optional[int]
    depth: Optional[int]
    seldepth: Optional[int]
    nodes: Optional[int]
    time: Optional[float]
    pv: str


@dataclass
class MoveRecord:
    """One move of a game and what the engine thought of it.

    ``fen`` is the position before the move; ``score_cp``/``mate`` its
    evaluation (the best play from there), ``score_after_cp``/``mate_after``
    the evaluation after the move played, both from White's view.
    ``loss_cp`` is what the move cost the side that played it (best
    evaluation minus the evaluation after the move, from that side's view,
    a mate counting as ``MATE_SCORE``): 0 for the engine's own choice, large
    for a blunder."""

    game: int
    white: str
    black: str
    ply: int
    move_number: int
    color: str
    move: str
    fen: str
    best_move: Optional[str]
    score_cp: Optional[int]
    mate: Optional[int]
    score_after_cp: Optional[int]
    mate_after: Optional[int]
    loss_cp: Optional[int]
    depth: Optional[int]
    pv: str


@dataclass
class _Eval:
    score: PovScore
    best: Optional[str]
    pv: List[str]
    depth: Optional[int]
    seldepth: Optional[int]
    nodes: Optional[int]
    time: Optional[float]


def _evaluate(engine: AnyEngine, board: Board, limit: Limit) -> _Eval:
    """The engine's view of a position; a finished game is scored by its
    outcome without asking the engine."""
    outcome = board.outcome()
    if outcome is not None:
        relative: Score = Mate(0) if outcome.termination == Termination.CHECKMATE else Cp(0)
        return _Eval(PovScore(relative, board.turn), None, [], None, None, None, None)
    if isinstance(engine, Engine):
        if limit.white_clock is not None or limit.black_clock is not None or limit.mate is not None:
            raise ValueError("gorgon.Engine analyses to a time, depth or node limit, not to a clock or a mate")
        if limit.time is None and limit.depth is None and limit.nodes is None:
            raise ValueError("a limit needs time, depth or nodes")
        movetime = None if limit.time is None else max(1, int(round(limit.time * 1000)))
        line = engine.analyse(board, depth=limit.depth, movetime=movetime, nodes=limit.nodes)[0]
        relative = Mate(line.score.mate) if line.score.mate is not None else Cp(line.score.cp or 0)
        return _Eval(
            PovScore(relative, board.turn),
            line.move,
            list(line.pv),
            line.depth,
            line.seldepth,
            line.nodes,
            line.time_ms / 1000.0,
        )
    info = engine.analyse(board, limit)
    assert isinstance(info, dict)
    pv = list(info.get("pv", []))
    score = info.get("score", PovScore(Cp(0), board.turn))
    return _Eval(
        score, pv[0] if pv else None, pv, info.get("depth"), info.get("seldepth"), info.get("nodes"), info.get("time")
    )


def _white(score: PovScore) -> Tuple[Optional[int], Optional[int]]:
    """(centipawns, mate) from White's view; one of them None."""
    white = score.white()
    mate = white.mate()
    if mate is not None:
        # 0 after a checkmate: the side that just moved has mated.
        return None, mate
    return white.score(), None


def _progress(progress: Optional[bool], total: Optional[int], unit: str, desc: str) -> Any:
    """A tqdm bar (``tqdm.auto``), or None."""
    if progress is False:
        return None
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        if progress:
            raise ImportError("progress=True needs tqdm: pip install gorgon[progress] (or pip install tqdm)") from None
        return None
    return tqdm(total=total, unit=unit, desc=desc)


def iter_positions(
    positions: Iterable[Union[Board, str]],
    engine: AnyEngine,
    limit: Limit,
    *,
    variant: str = "pom",
    progress: Optional[bool] = None,
) -> Iterator[PositionRecord]:
    """Analyses each position (a Board, or a FEN of ``variant``) as it comes,
    yielding its record at once; a bad FEN raises ``ValueError`` naming its
    index."""
    total = len(positions) if isinstance(positions, Sequence) else None
    bar = _progress(progress, total, "pos", "positions")
    try:
        for index, position in enumerate(positions):
            if isinstance(position, str):
                try:
                    board = Board(position, variant=variant)
                except ValueError as e:
                    raise ValueError(f"position {index}: {e}") from None
            else:
                board = position
            ev = _evaluate(engine, board, limit)
            cp, mate = _white(ev.score)
            yield PositionRecord(
                index=index,
                variant=board.variant,
                fen=board.fen(),
                turn="white" if board.turn else "black",
                best_move=ev.best,
                score_cp=cp,
                mate=mate,
                depth=ev.depth,
                seldepth=ev.seldepth,
                nodes=ev.nodes,
                time=ev.time,
                pv=" ".join(ev.pv),
            )
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()


def analyse_positions(
    positions: Iterable[Union[Board, str]],
    engine: AnyEngine,
    limit: Limit,
    *,
    variant: str = "pom",
    progress: Optional[bool] = None,
) -> List[PositionRecord]:
    """Every position's record (``iter_positions``), in order."""
    return list(iter_positions(positions, engine, limit, variant=variant, progress=progress))


def _mover_value(score: PovScore, color: str) -> int:
    return score.pov(color).score(mate_score=MATE_SCORE) or 0


def iter_games(
    games: Iterable[Game],
    engine: AnyEngine,
    limit: Limit,
    *,
    progress: Optional[bool] = None,
) -> Iterator[MoveRecord]:
    """Every move of every game (``gorgon.read_pgn``'s ``Game``), analysed
    as it comes: each position of a game once, so a game of N moves costs
    N + 1 analyses. ``game`` in the records is the index in ``games``."""
    games = list(games)
    bar = _progress(progress, sum(len(g) + 1 for g in games), "pos", "positions")
    try:
        for index, game in enumerate(games):
            board = game.board(0)
            before = _evaluate(engine, board, limit)
            if bar is not None:
                bar.update(1)
            for ply, move in enumerate(game.moves):
                fen, color, number = board.fen(), "white" if board.turn else "black", board.fullmove_number
                board.push(move)
                after = _evaluate(engine, board, limit)
                if bar is not None:
                    bar.update(1)
                cp, mate = _white(before.score)
                cp_after, mate_after = _white(after.score)
                loss = _mover_value(before.score, color) - _mover_value(after.score, color)
                yield MoveRecord(
                    game=index,
                    white=game.tag("White") or "",
                    black=game.tag("Black") or "",
                    ply=ply,
                    move_number=number,
                    color=color,
                    move=move,
                    fen=fen,
                    best_move=before.best,
                    score_cp=cp,
                    mate=mate,
                    score_after_cp=cp_after,
                    mate_after=mate_after,
                    loss_cp=loss,
                    depth=before.depth,
                    pv=" ".join(before.pv),
                )
                before = after
    finally:
        if bar is not None:
            bar.close()


def analyse_games(
    games: Iterable[Game], engine: AnyEngine, limit: Limit, *, progress: Optional[bool] = None
) -> List[MoveRecord]:
    """Every move's record (``iter_games``), in order."""
    return list(iter_games(games, engine, limit, progress=progress))


def analyse_pgn(
    pgn: Union[str, Path],
    engine: AnyEngine,
    limit: Limit,
    *,
    variant: str = "pom",
    progress: Optional[bool] = None,
) -> List[MoveRecord]:
    """Every move of every game of a PGN file (a path) or text (a string
    with a newline), read by ``gorgon.read_pgn``."""
    if isinstance(pgn, Path) or "\n" not in pgn:
        path = Path(pgn)
        games = read_pgn(path.read_text(encoding="utf-8"), variant, str(path))
    else:
        games = read_pgn(pgn, variant)
    return analyse_games(games, engine, limit, progress=progress)
