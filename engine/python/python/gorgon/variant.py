"""The variants' boards, as python-chess's ``chess.variant``: ``gorgon.Board``
is Pillars of Medusa's (and reads any FEN's variant from its shape),
:class:`MiniPomBoard` Mini-POM's, and :func:`find_variant` finds a board
class by name (``"minipom"``, ``"Mini-POM"``, ``"pom"``, ...)."""

from typing import List, Optional, Type

from gorgon._gorgon import Board, start_fen

__all__ = ["VARIANTS", "MiniPomBoard", "PomBoard", "find_variant"]

#: Pillars of Medusa's board is ``gorgon.Board`` itself.
PomBoard = Board


class MiniPomBoard(Board):
    """Mini-POM (9x9): ``MiniPomBoard()`` is its start, ``MiniPomBoard(fen)``
    a 9-rank FEN (another is a ``ValueError``)."""

    aliases = ["Mini-POM", "MiniPOM", "minipom"]
    uci_variant = "minipom"
    xboard_variant = "minipom"
    starting_fen = start_fen("minipom")

    def __new__(cls, fen: Optional[str] = starting_fen) -> "MiniPomBoard":
        return super().__new__(cls, fen, variant="minipom")


# The aliases of the base class (PyO3 classes take no new attributes, so
# they are kept here).
_POM_ALIASES = ["Pillars of Medusa", "PillarsOfMedusa", "POM", "pom"]

#: The board classes, Pillars of Medusa's first.
VARIANTS: List[Type[Board]] = [Board, MiniPomBoard]


def find_variant(name: str) -> Type[Board]:
    """The board class of a variant name (any case): ``Board`` for
    ``"pom"``, :class:`MiniPomBoard` for ``"minipom"``; ``ValueError`` for
    another name."""
    wanted = name.strip().lower()
    for cls, aliases in ((Board, _POM_ALIASES), (MiniPomBoard, MiniPomBoard.aliases)):
        if wanted in (a.lower() for a in aliases):
            return cls
    raise ValueError(f"unsupported variant: {name!r} (expected pom or minipom)")
