"""gorgon.svg: the board as SVG with the page's piece set and petrified marks."""

import json
import shutil
import subprocess
import re
import xml.etree.ElementTree as ET
from importlib import resources

import pytest

import gorgon
import gorgon.svg
from conftest import ROOT, sample_game

NS = {"svg": "http://www.w3.org/2000/svg"}
XLINK = "{http://www.w3.org/1999/xlink}href"


def after_ply_15():
    """The sample game after 8. d8b10: five black pieces petrified."""
    moves, _ = sample_game()
    b = gorgon.Board()
    for m in moves[:15]:
        b.push(m)
    return b


def rects(svg, cls):
    return [r for r in svg.iter("{http://www.w3.org/2000/svg}rect") if cls in (r.get("class") or "").split()]


def test_petrified_marks_stand_on_the_petrified_squares():
    b = after_ply_15()
    text = gorgon.svg.board(b, size=400)
    svg = ET.fromstring(text)
    assert svg.get("width") == "400" and svg.get("viewBox") == "0 0 1100 1100"
    marks = rects(svg, "petrified-mark")
    assert sorted(m.get("data-petrified") for m in marks) == sorted(gorgon.square_name(s) for s in b.petrified())
    squares = {r.get("data-square"): r for r in rects(svg, "square")}
    assert len(squares) == 121
    for m in marks:
        # The mark sits inside its square, filled with the stone hatching.
        sq = squares[m.get("data-petrified")]
        assert float(m.get("x")) == float(sq.get("x")) + 3 and float(m.get("y")) == float(sq.get("y")) + 3
        assert m.get("fill") == "url(#stone)"
    # The pieces on them wear the badge and are drawn grey; the others not.
    groups = {g.get("data-square"): g for g in svg.iter("{http://www.w3.org/2000/svg}g") if g.get("data-piece")}
    assert set(groups) == {gorgon.square_name(sq) for sq in b.piece_map()}
    for sq, g in groups.items():
        stone = gorgon.parse_square(sq) in b.petrified()
        assert ("petrified" in g.get("class").split()) == stone
        assert (g.find("svg:path[@class='stone-badge']", NS) is not None) == stone
        assert (g.get("filter") == "url(#petrified)") == stone
    assert svg.find(".//svg:pattern[@id='stone']", NS) is not None
    # No petrified piece, no mark.
    start = ET.fromstring(gorgon.svg.board(gorgon.Board()))
    assert rects(start, "petrified-mark") == []


def test_pieces_are_the_pages_figures():
    """Every piece uses the symbol of its kind, and the symbols are the
    figures of the browser board's pieces.js (its one source)."""
    source = (ROOT / "engine" / "web" / "assets" / "js" / "pieces.js").read_text()
    block = source.split("\nexport const PIECE_SET = ", 1)[1].split("\n};\n", 1)[0] + "\n}"
    figures = json.loads(block)
    svg = ET.fromstring(gorgon.svg.board(gorgon.Board()))
    symbols = {s.get("id"): s for s in svg.iter("{http://www.w3.org/2000/svg}symbol")}
    assert set(symbols) == {f"piece-{k}" for k in figures["figures"]} | {"piece-morph"}
    # The Medusa's red stare is in the page's figure and in ours.
    medusa = symbols["piece-E"]
    assert any(p.get("fill") == "#c62828" for p in medusa.iter("{http://www.w3.org/2000/svg}path"))
    n_elements = sum(1 for x in figures["figures"]["E"]["body"] if not x.startswith("@")) + len(figures["parts"]["pedestal"])
    assert len(list(medusa)) == n_elements
    for g in svg.iter("{http://www.w3.org/2000/svg}g"):
        code = g.get("data-piece")
        if code:
            uses = [u.get("href") for u in g.iter("{http://www.w3.org/2000/svg}use")]
            assert uses[0] == f"#piece-{code[-1]}" and g.find("svg:use", NS).get(XLINK) == uses[0]
            assert ("#piece-morph" in uses) == code.startswith("M")
    assert len([g for g in svg.iter("{http://www.w3.org/2000/svg}g") if g.get("data-piece")]) == len(gorgon.Board().piece_map())


def test_the_package_links_the_pages_file_rather_than_copying_it():
    """gorgon/pieces.js in the source tree is a link to the web board's
    pieces.js (one source), and the installed package holds its text."""
    link = ROOT / "engine" / "python" / "python" / "gorgon" / "pieces.js"
    page = ROOT / "engine" / "web" / "assets" / "js" / "pieces.js"
    assert link.is_symlink() and link.resolve() == page.resolve()
    installed = resources.files("gorgon").joinpath("pieces.js").read_text(encoding="utf-8")
    assert installed == page.read_text(encoding="utf-8")


def test_arrows_squares_fill_lastmove_check_and_orientation():
    b = gorgon.Board()
    b.push("e3e5")
    text = gorgon.svg.board(
        b,
        lastmove="e3e5",
        arrows=[gorgon.svg.Arrow("h10", "h8", color="red"), ("c3", "c3")],
        squares=["f6"],
        fill={"d4": "#ff000080"},
        check="f1",
        coordinates=True,
    )
    svg = ET.fromstring(text)
    last = [r.get("data-square") for r in rects(svg, "lastmove")]
    assert sorted(last) == ["e3", "e5"]
    assert svg.find(".//svg:g[@data-arrow='h10-h8']", NS) is not None
    assert svg.find(".//svg:circle[@data-arrow='c3-c3']", NS) is not None
    assert svg.find(".//svg:path[@data-square='f6']", NS).get("class") == "x-mark"
    assert rects(svg, "fill")[0].get("fill") == "#ff0000"
    assert svg.find(".//svg:circle[@data-check='f1']", NS) is not None
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[:11] == list("abcdefghijk") and texts[11:] == [str(n) for n in range(1, 12)]

    def y_of(svg_text, square):
        node = ET.fromstring(svg_text).find(f".//svg:rect[@data-square='{square}']", NS)
        return float(node.get("y"))

    plain = gorgon.svg.board(b)
    assert y_of(plain, "a1") > y_of(plain, "a11")
    for turned in (gorgon.svg.board(b, flipped=True), gorgon.svg.board(b, orientation="black"), gorgon.svg.board(b, orientation=False)):
        assert y_of(turned, "a1") < y_of(turned, "a11")
    # Both turns cancel out.
    assert y_of(gorgon.svg.board(b, orientation="black", flipped=True), "a1") > 0
    assert ET.fromstring(gorgon.svg.board(b, coordinates=False)).find(".//svg:text", NS) is None


def test_a_notebook_draws_a_board_at_390_with_its_last_move_and_check():
    moves, _ = sample_game()
    b = gorgon.Board()
    for m in moves:
        b.push(m)
    assert b.is_check()
    svg = ET.fromstring(b._repr_svg_())
    assert svg.get("width") == "390"
    last = sorted(r.get("data-square") for r in rects(svg, "lastmove"))
    assert last == sorted(_before_last(b, moves[-1]))
    assert svg.find(".//svg:circle[@class='check']", NS).get("data-check") == b.checked_king()
    mini = ET.fromstring(gorgon.Board(variant="minipom")._repr_svg_())
    assert mini.get("viewBox") == "0 0 900 900" and rects(mini, "lastmove") == []


def _before_last(board, move):
    before = board.copy()
    before.pop()
    return before.move_squares(move)


def test_bad_arguments_raise():
    b = gorgon.Board()
    with pytest.raises(ValueError, match="not a square"):
        gorgon.svg.board(b, squares=["z99"])
    with pytest.raises(ValueError, match="orientation"):
        gorgon.svg.board(b, orientation="red")
    with pytest.raises(ValueError, match="lastmove"):
        gorgon.svg.board(b, lastmove="e3e9")
    with pytest.raises(ValueError, match="piece code"):
        gorgon.svg.piece("xQ")
    one = ET.fromstring(gorgon.svg.piece("MbS", size=48))
    assert one.get("width") == "48" and one.find("./svg:g", NS).get("data-piece") == "MbS"
    # The empty board of python-chess's board() without a board.
    empty = ET.fromstring(gorgon.svg.board())
    assert not [g for g in empty.iter("{http://www.w3.org/2000/svg}g") if g.get("data-piece")]
    assert re.match(r"#[0-9a-f]{6}", gorgon.svg.DEFAULT_COLORS["square light"])


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the page's pieces.js")
def test_the_symbols_are_the_pages_own(tmp_path):
    """The page's pieceDefs() (run by node from pieces.js) and gorgon.svg's
    symbols are the same markup: one source, drawn the same way."""
    js = ROOT / "engine" / "web" / "assets" / "js" / "pieces.js"
    script = f"import {{ pieceDefs }} from {json.dumps(js.as_uri())}; process.stdout.write(pieceDefs());"
    page = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True).stdout
    assert page.startswith('<symbol id="piece-') and gorgon.svg._defs() == page
