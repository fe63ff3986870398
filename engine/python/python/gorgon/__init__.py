"""Pillars of Medusa (``pom``, 11x11) and Mini-POM (``minipom``, 9x9): boards,
rules and the Gorgon engine, in process.

The classes and functions below come from the compiled part of the package
(``gorgon._gorgon``, written in Rust); the submodules next to this file are
plain Python built on them.
"""

from gorgon._gorgon import (
    VARIANTS,
    AnalysisLine,
    Board,
    Engine,
    Game,
    Outcome,
    Score,
    __version__,
    read_pgn,
    start_fen,
)

__all__ = [
    "VARIANTS",
    "AnalysisLine",
    "Board",
    "Engine",
    "Game",
    "Outcome",
    "Score",
    "__version__",
    "read_pgn",
    "start_fen",
]
