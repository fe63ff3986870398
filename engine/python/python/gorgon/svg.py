"""Pictures of a board as SVG, as python-chess's ``chess.svg`` draws them.

``board(b, lastmove=..., arrows=..., ...)`` returns the SVG text of a
:class:`gorgon.Board` with the browser board's own piece set: the figures
come from engine/web/assets/js/pieces.js (its ``PIECE_SET``; the package's
``gorgon/pieces.js`` links to that file and is packaged as it), so a
notebook, ``gorgon annotate --html`` and the page draw the same pieces. Petrified pieces stand on the page's stone mark (a
hatched square, ``class="petrified-mark"``) and wear its badge; a Morph
wears its dashed ring. The colours are the page's light theme
(engine/web/assets/style.css); ``colors`` overrides them by
python-chess's keys and a few of Gorgon's own.

In a notebook a ``Board`` draws itself (``Board._repr_svg_``: size 390,
the last move and a checked King marked, as python-chess does).
"""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union
from xml.sax.saxutils import escape, quoteattr

from gorgon._gorgon import Board, Move, Piece, square_name

__all__ = ["Arrow", "board", "piece", "DEFAULT_COLORS", "SQUARE_SIZE"]

#: The side of a square in the picture's own units (the page's ``UNIT``);
#: ``size`` scales the whole picture.
SQUARE_SIZE = 100

#: The page's colours (style.css, light theme), by python-chess's keys
#: where it has one: ``square light|dark[ lastmove]``, ``coord``,
#: ``inner border``, ``outer border``, ``arrow green|blue|red|yellow``,
#: ``margin``; Gorgon's own: ``piece white|black`` (a side's body) and
#: ``piece white|black line`` (its lines), ``petrified``, ``petrified
#: line``, ``petrified edge``, ``petrified badge``, ``check``, ``fill``
#: (the default of ``fill=`` squares), ``x`` (the ``squares=`` marks).
DEFAULT_COLORS: Dict[str, str] = {
    "square light": "#e9e4cf",
    "square dark": "#8ea382",
    # The page's last-move tint, rgba(255, 210, 0, 0.38), over each square.
    "square light lastmove": "#f1dd80",
    "square dark lastmove": "#b9b551",
    "margin": "#212121",
    "coord": "#4f5f4a",
    "inner border": "#111111",
    "outer border": "#111111",
    "arrow green": "#15781B80",
    "arrow red": "#88202080",
    "arrow yellow": "#e68f00b3",
    "arrow blue": "#00308880",
    "piece white": "#f8f3e3",
    "piece white line": "#1c1c1c",
    "piece black": "#2e2e2e",
    "piece black line": "#f2ecd8",
    "petrified": "#a4a39c",
    "petrified line": "#83827b",
    "petrified edge": "#4a4a46",
    "petrified badge": "#5f5e58",
    "check": "#e53935",
    "fill": "#1565c080",
    "x": "#c62828",
}


class Arrow(NamedTuple):
    """An arrow from ``tail`` to ``head`` (square names such as ``"e3"``);
    from a square to itself it is a circle. ``color`` is ``green``,
    ``red``, ``yellow``, ``blue`` (the ``arrow ...`` colours) or any SVG
    colour."""

    tail: str
    head: str
    color: str = "green"


_PIECES: Optional[Dict[str, Any]] = None


def _piece_set() -> Dict[str, Any]:
    """The ``PIECE_SET`` of the browser board's pieces.js: the package's
    ``gorgon/pieces.js`` is a link to engine/web/assets/js/pieces.js (one
    source, packaged as a file), its block plain JSON from the line
    ``export const PIECE_SET = {`` to the line ``};``."""
    global _PIECES
    if _PIECES is None:
        text = resources.files("gorgon").joinpath("pieces.js").read_text(encoding="utf-8")
        head = "\nexport const PIECE_SET = "
        start = text.find(head)
        end = text.find("\n};\n", start)
        if start < 0 or end < 0:
            raise RuntimeError("gorgon/pieces.js has no `export const PIECE_SET = {...};` block (a broken build)")
        _PIECES = json.loads(text[start + len(head) : end + 2])
    return _PIECES


def _markup(items: Sequence[str]) -> str:
    """A figure's elements with its ``@parts`` put in and its classes made
    attributes, as pieces.js's ``markup`` does."""
    pieces = _piece_set()
    out = []
    for item in items:
        if item.startswith("@"):
            out.append(_markup(pieces["parts"][item[1:]]))
        else:
            out.append(item)
    text = "".join(out)
    for cls, attrs in pieces["attributes"].items():
        text = text.replace(f"class='{cls}'", attrs)
    return text


def _defs() -> str:
    """The symbols of every figure and the Morph's ring, as the page's
    ``pieceDefs``."""
    pieces = _piece_set()
    out = [
        f'<symbol id="piece-{kind}" viewBox="0 0 100 100">{_markup(fig["body"])}</symbol>'
        for kind, fig in pieces["figures"].items()
    ]
    out.append(f'<symbol id="piece-morph" viewBox="0 0 100 100">{_markup(pieces["morph"])}</symbol>')
    return "".join(out)


def _square(name: str, files: int, ranks: int) -> Tuple[int, int]:
    """``(file, rank)``, 0-based, of a square name such as ``"k11"``."""
    name = name.strip().lower()
    try:
        file, rank = ord(name[0]) - ord("a"), int(name[1:]) - 1
    except (IndexError, ValueError):
        raise ValueError(f"not a square: {name!r}") from None
    if not (0 <= file < files and 0 <= rank < ranks):
        raise ValueError(f"not a square of a {files}x{ranks} board: {name!r}")
    return file, rank


def _code(piece: Piece) -> str:
    """The page's code of a piece: ``"wE"``, ``"MbS"`` (a Morph)."""
    return f"{'M' if piece.morph else ''}{'w' if piece.color else 'b'}{piece.symbol().strip('()').upper()}"


def _color(colors: Mapping[str, str], key: str) -> str:
    return colors.get(key, DEFAULT_COLORS.get(key, key))


def _fill_attrs(color: str) -> str:
    """``fill`` (and ``fill-opacity`` for a ``#rrggbbaa`` colour, which
    older SVG renderers do not read)."""
    if color.startswith("#") and len(color) == 9:
        alpha = int(color[7:], 16) / 255
        return f'fill="{color[:7]}" fill-opacity="{alpha:.3f}"'
    return f"fill={quoteattr(color)}"


def _stroke_attrs(color: str) -> str:
    if color.startswith("#") and len(color) == 9:
        alpha = int(color[7:], 16) / 255
        return f'stroke="{color[:7]}" stroke-opacity="{alpha:.3f}"'
    return f"stroke={quoteattr(color)}"


def piece(code: str, size: Optional[int] = None, colors: Mapping[str, str] = {}) -> str:
    """One piece alone, by the page's code (``"wE"``, ``"bK"``, ``"MbS"``
    for a Morph), as python-chess's ``chess.svg.piece``."""
    morph = code.startswith("M")
    body = code[1:] if morph else code
    if len(body) != 2 or body[0] not in ("w", "b") or body[1] not in _piece_set()["figures"]:
        raise ValueError(f"not a piece code: {code!r} (expected e.g. 'wE', 'bK', 'MbS')")
    dims = f' width="{size}" height="{size}"' if size is not None else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'viewBox="0 0 100 100"{dims}><defs>{_defs()}</defs>'
        f"{_piece_group(code, 0, 0, None, colors, stone=False)}</svg>"
    )


def _piece_group(code: str, x: int, y: int, square: Optional[str], colors: Mapping[str, str], stone: bool) -> str:
    morph = code.startswith("M")
    body = code[1:] if morph else code
    white, kind = body[0] == "w", body[1]
    body = _color(colors, "piece white" if white else "piece black")
    line = _color(colors, "piece white line" if white else "piece black line")
    cls = f"piece {'pw' if white else 'pb'}{' morph' if morph else ''}{' petrified' if stone else ''}"
    where = f' data-square="{square}"' if square else ""
    filt = ' filter="url(#petrified)"' if stone else ""
    inner = SQUARE_SIZE - 8

    def use(ref: str) -> str:
        return f'<use href="#piece-{ref}" xlink:href="#piece-{ref}" x="4" y="4" width="{inner}" height="{inner}"/>'

    out = (
        f'<g class="{cls}"{where} data-piece="{code}" transform="translate({x} {y})" '
        f'fill="{body}" stroke="{body}" color="{line}"{filt}>'
        + use(kind)
        + (use("morph") if morph else "")
    )
    if stone:
        badge = _color(colors, "petrified badge")
        out += f'<path class="stone-badge" d="M6 22l8-14h12l6 14z" fill="{badge}" stroke="#ffffff" stroke-width="2" filter="none"/>'
    name = _piece_set()["figures"][kind]["name"]
    title = f"{'White' if white else 'Black'} {'Morph ' if morph else ''}{name}"
    title += " (petrified)" if stone else ""
    title += f" on {square}" if square else ""
    return out + f"<title>{escape(title)}</title></g>"


_ArrowLike = Union[Arrow, Tuple[str, str]]


def board(
    board: Optional[Board] = None,
    *,
    orientation: Union[str, bool] = "white",
    flipped: bool = False,
    lastmove: Union[Move, str, Tuple[str, str], None] = None,
    check: Optional[str] = None,
    arrows: Iterable[_ArrowLike] = (),
    fill: Mapping[str, str] = {},
    squares: Optional[Iterable[str]] = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Mapping[str, str] = {},
    borders: bool = False,
    style: Optional[str] = None,
) -> str:
    """The SVG text of a board, by python-chess's ``chess.svg.board``.

    - ``board``: a :class:`gorgon.Board` (None: an empty Pillars of Medusa
      board).
    - ``orientation``: the side at the bottom, ``"white"``/``"black"`` (or
      python-chess's ``True``/``False``); ``flipped=True`` turns it over
      (python-chess dropped ``flipped``; Gorgon keeps it).
    - ``lastmove``: a move (``"e3e5"``, legal in the position before it,
      or a ``(from, to)`` pair of squares) whose squares are tinted.
    - ``check``: the square of a King in check, glowing.
    - ``arrows``: :class:`Arrow` or ``(tail, head)`` pairs; a square to
      itself is a circle.
    - ``fill``: square -> colour, tinted over the square.
    - ``squares``: squares marked with an X.
    - ``size``: width and height in pixels (None: the picture scales).
    - ``coordinates``: the files' letters and the ranks' numbers, drawn on
      the edge squares as the page draws them.
    - ``colors``: colour overrides (see :data:`DEFAULT_COLORS`).
    - ``borders``: a border around the board; ``style``: a CSS style sheet
      put in the picture.
    """
    if board is None:
        files, ranks, variant, placed, petrified = 11, 11, "pom", [], set()
    else:
        files, ranks = board.size
        variant = board.variant
        placed = [(square_name(sq), _code(piece)) for sq, piece in board.piece_map().items()]
        petrified = {square_name(sq) for sq in board.petrified()}
    if isinstance(orientation, bool):
        white_below = orientation
    elif orientation in ("white", "w"):
        white_below = True
    elif orientation in ("black", "b"):
        white_below = False
    else:
        raise ValueError(f"unknown orientation {orientation!r} (expected 'white' or 'black')")
    flip = white_below == bool(flipped)
    unit = SQUARE_SIZE
    border = 8 if borders else 0
    width, height = files * unit + 2 * border, ranks * unit + 2 * border

    def corner(name: str) -> Tuple[int, int]:
        file, rank = _square(name, files, ranks)
        col = files - 1 - file if flip else file
        row = rank if flip else ranks - 1 - rank
        return border + col * unit, border + row * unit

    last: List[str] = []
    if isinstance(lastmove, str):
        if board is None:
            raise ValueError("a lastmove given as a move needs a board")
        # A move is read in the position it was played from: the one before
        # the board's last move, else (a move to show) the board's own.
        positions = [board]
        if board.move_stack:
            before = board.copy()
            before.pop()
            positions.insert(0, before)
        for pos in positions:
            if pos.is_legal(lastmove):
                last = list(pos.move_squares(lastmove))
                break
        else:
            raise ValueError(f"lastmove {lastmove!r} is not a legal move before the board's last move, nor now")
    elif isinstance(lastmove, Move):
        last = [square_name(lastmove.from_square), square_name(lastmove.to_square)]
    elif lastmove is not None:
        last = [lastmove[0], lastmove[1]]
        for sq in last:
            _square(sq, files, ranks)

    dims = f' width="{size}" height="{size * height // width}"' if size is not None else ""
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'version="1.1" viewBox="0 0 {width} {height}"{dims} class="board" '
        f'data-variant="{variant}" data-flipped="{1 if flip else 0}">'
    ]
    if style:
        out.append(f"<style>{escape(style)}</style>")
    stone, stone_line = _color(colors, "petrified"), _color(colors, "petrified line")
    out.append(
        "<defs>"
        + _defs()
        + '<pattern id="stone" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        f'<rect width="14" height="14" fill="{stone}"/><line x1="0" y1="0" x2="0" y2="14" stroke="{stone_line}" stroke-width="5"/></pattern>'
        f'<radialGradient id="check-glow"><stop offset="0" stop-color="{_color(colors, "check")}" stop-opacity="0.95"/>'
        f'<stop offset="1" stop-color="{_color(colors, "check")}" stop-opacity="0"/></radialGradient>'
        '<filter id="petrified"><feColorMatrix type="saturate" values="0"/></filter>'
        "</defs>"
    )
    if borders:
        out.append(f'<rect x="0" y="0" width="{width}" height="{height}" {_fill_attrs(_color(colors, "outer border"))}/>')
    # The squares.
    for rank in range(ranks):
        for file in range(files):
            name = f"{chr(ord('a') + file)}{rank + 1}"
            x, y = corner(name)
            shade = "light" if (file + rank) % 2 == 1 else "dark"
            key = f"square {shade}" + (" lastmove" if name in last else "")
            cls = f"square {shade}" + (" lastmove" if name in last else "")
            out.append(
                f'<rect x="{x}" y="{y}" width="{unit}" height="{unit}" class="{cls}" data-square="{name}" '
                f'{_fill_attrs(_color(colors, key))}/>'
            )
    for name, color in fill.items():
        x, y = corner(name)
        out.append(f'<rect x="{x}" y="{y}" width="{unit}" height="{unit}" class="fill" {_fill_attrs(color)}/>')
    # The page's marks: petrified pieces' stone, check.
    edge = _color(colors, "petrified edge")
    for name in sorted(petrified):
        x, y = corner(name)
        out.append(
            f'<rect x="{x + 3}" y="{y + 3}" width="{unit - 6}" height="{unit - 6}" class="petrified-mark" '
            f'data-petrified="{name}" fill="url(#stone)" stroke="{edge}" stroke-width="6"/>'
        )
    if check is not None:
        x, y = corner(check)
        out.append(
            f'<circle cx="{x + unit // 2}" cy="{y + unit // 2}" r="{unit * 0.55:g}" class="check" '
            f'data-check="{check}" fill="url(#check-glow)"/>'
        )
    # The pieces.
    for name, code in placed:
        x, y = corner(name)
        out.append(_piece_group(code, x, y, name, colors, stone=name in petrified))
    # The X marks.
    xc = _color(colors, "x")
    for name in squares or ():
        x, y = corner(name)
        out.append(
            f'<path class="x-mark" data-square="{name}" d="M{x + 20} {y + 20}L{x + 80} {y + 80}M{x + 80} {y + 20}L{x + 20} {y + 80}" '
            f'{_stroke_attrs(xc)} stroke-width="8" stroke-linecap="round" fill="none"/>'
        )
    # The arrows, stopped short of the centre so that the head sits on
    # the square (as the page's).
    for arrow in arrows:
        tail, head = arrow[0], arrow[1]
        color = arrow[2] if len(arrow) > 2 else "green"
        # A colour name of python-chess's (`red`) or any SVG colour.
        paint = _color(colors, f"arrow {color}")
        if paint == f"arrow {color}":
            paint = color
        (tx, ty), (hx0, hy0) = corner(tail), corner(head)
        x1, y1, x2, y2 = tx + unit / 2, ty + unit / 2, hx0 + unit / 2, hy0 + unit / 2
        if (x1, y1) == (x2, y2):
            out.append(
                f'<circle class="arrow circle" data-arrow="{tail}-{head}" cx="{x1:g}" cy="{y1:g}" r="{unit * 0.42:g}" '
                f'{_stroke_attrs(paint)} stroke-width="{unit * 0.08:g}" fill="none"/>'
            )
            continue
        length = math.hypot(x2 - x1, y2 - y1)
        k = max(0.0, (length - 22) / length)
        ex, ey = x1 + (x2 - x1) * k, y1 + (y2 - y1) * k
        # The head: a triangle at the end, pointing along the arrow.
        dx, dy = (x2 - x1) / length, (y2 - y1) / length
        hx, hy = ex + dx * 10, ey + dy * 10
        bx, by = ex - dx * 26, ey - dy * 26
        px, py = -dy * 24, dx * 24
        out.append(
            f'<g class="arrow" data-arrow="{tail}-{head}">'
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{bx:.1f}" y2="{by:.1f}" {_stroke_attrs(paint)} stroke-width="14" stroke-linecap="butt"/>'
            f'<polygon points="{hx:.1f},{hy:.1f} {bx + px:.1f},{by + py:.1f} {bx - px:.1f},{by - py:.1f}" {_fill_attrs(paint)}/></g>'
        )
    # The coordinates, on the edge squares as the page writes them.
    if coordinates:
        coord = _color(colors, "coord")
        bottom_rank, left_file = (ranks - 1, files - 1) if flip else (0, 0)
        for file in range(files):
            letter = chr(ord("a") + file)
            x, y = corner(f"{letter}{bottom_rank + 1}")
            out.append(
                f'<text x="{x + unit - 6}" y="{y + unit - 6}" class="coord file" text-anchor="end" '
                f'font-size="19" font-weight="700" font-family="sans-serif" fill="{coord}">{letter}</text>'
            )
        for rank in range(ranks):
            x, y = corner(f"{chr(ord('a') + left_file)}{rank + 1}")
            out.append(
                f'<text x="{x + 5}" y="{y + 20}" class="coord rank" font-size="19" font-weight="700" '
                f'font-family="sans-serif" fill="{coord}">{rank + 1}</text>'
            )
    out.append("</svg>")
    return "".join(out)
