"""The board editor, links and pictures (issue 33) in headless Chromium:
a position set up by clicks and drags, refused with the rules' words when
bad, analysed and played when good; a link opened in a fresh window gives
the same game and move; the SVG and PNG downloads."""

import pathlib
import struct
import time
import xml.etree.ElementTree as ET
import zlib

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from board import SAMPLE_GAME, Page

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def page(browser, server):
    return Page(browser, server).open()


def tool(page, piece):
    """Picks a piece of the palette by its board code (`wK`, `MbS`)."""
    page.driver.find_element(By.CSS_SELECTOR, f'#palette button[data-piece="{piece}"]').click()


def put(page, square):
    """Clicks a square; the board is drawn again when the rules' answer
    about the last change comes, which may replace the square clicked."""
    for _ in range(5):
        try:
            return page.click(square)
        except StaleElementReferenceException:
            time.sleep(0.05)
    page.click(square)


def verdict(page):
    """The editor's verdict as drawn for the state as it is now: read after
    the pending redraw, so a click's old verdict, still on the page until
    the next frame, is never taken for the answer about the new position."""
    return page.js("return document.getElementById('edit-verdict').textContent")


def judged(page, what):
    """Waits for the rules' answer about the editor's position and returns
    the reading that showed it (a second read could race a later redraw)."""
    def answered(_):
        text = verdict(page)
        return text if text != "Asking the rules…" else False

    return page.wait(answered, what)


def rules_say(page, variant, fen):
    """What /api/position answers for `fen`, asked straight of the server."""
    return page.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/api/position', {method: 'POST', headers: {'Content-Type': 'application/json',
              'X-Gorgon-Token': sessionStorage.getItem('gorgon-token')},
              body: JSON.stringify({variant: arguments[0], fen: arguments[1]})})
          .then(r => r.json()).then(j => done(j.error || 'accepted'));""", variant, fen)


def test_the_editor_refuses_a_bad_position_then_analyses_a_good_one(page, shots):
    page.mode("edit")
    page.wait(lambda d: page.js("return !!window.gorgon.state.edit"), "the editor")
    assert judged(page, "the start judged").startswith("A legal position")
    page.button("edit-clear")
    assert "0 Kings" in judged(page, "the empty board judged")
    # Kings, a Black Tower with its castling right, a White Morph in
    # Serpent form, a Black Morph Medusa petrifying the White Horse.
    for piece, square in [("wK", "f1"), ("bK", "f11"), ("bT", "a11"), ("MwS", "d4"), ("MbE", "h6"), ("wH", "h5")]:
        tool(page, piece)
        put(page, square)
    page.driver.find_element(By.CSS_SELECTOR, '#edit-rights input[value="a"]').click()
    assert judged(page, "the position judged").startswith("A legal position"), verdict(page)
    assert page.piece("d4") == "MwS" and page.piece("h6") == "MbE"
    page.wait(lambda d: page.petrified() == ["h5"], "the Horse petrified (the rules' view)")
    # A click with the same piece takes it off; the eraser takes any.
    put(page, "h5")
    assert page.piece("h5") is None
    tool(page, "wH")
    put(page, "h5")
    page.driver.find_element(By.CSS_SELECTOR, '#palette button[data-tool="erase"]').click()
    put(page, "h5")
    assert page.piece("h5") is None
    fen_good = page.driver.find_element(By.ID, "edit-fen").get_attribute("value")
    assert fen_good == "t4k5/11/11/11/11/7(e)3/11/3(S)7/11/11/5K5 w a - 0 1", fen_good
    assert judged(page, "judged before the picture").startswith("A legal position")
    page.shot(shots / "web-editor.png")
    # A White Tower on f5 checks the Black King with White to move: the
    # rules refuse it, and the page says what they say.
    tool(page, "wT")
    put(page, "f5")
    # The FEN field is written when the change is drawn (the next animation
    # frame), not by the click: read it once it shows the Tower.
    page.wait(lambda d: d.find_element(By.ID, "edit-fen").get_attribute("value") != fen_good, "the Tower in the FEN")
    bad = page.driver.find_element(By.ID, "edit-fen").get_attribute("value")
    words = rules_say(page, "pom", bad)
    assert "in check but not to move" in words, (words, bad)
    assert judged(page, "the bad position judged") == words
    before = page.state("startFen")
    page.button("edit-analyse")
    page.wait(lambda d: page.driver.find_element(By.ID, "message").text == words, "the refusal shown")
    assert page.state("mode") == "edit" and page.state("startFen") == before
    # The Tower dragged off the board: the good position again, analysed.
    page.actions().move_to_element(page.square("f5")).click_and_hold().move_by_offset(5, 5).move_to_element(
        page.driver.find_element(By.ID, "status")).release().perform()
    page.wait(lambda d: page.piece("f5") is None, "the Tower taken off")
    # The rules' new answer, not the old verdict still shown while asking.
    page.wait(lambda d: verdict(page).startswith("A legal position"), "the Tower's removal judged")
    # A drag moves a piece.
    page.drag("d4", "d6")
    page.wait(lambda d: page.piece("d6") == "MwS", "the Morph moved")
    judged(page, "the move judged")
    page.drag("d6", "d4")
    page.wait(lambda d: page.piece("d4") == "MwS", "the Morph back")
    assert judged(page, "judged again").startswith("A legal position")
    page.button("edit-analyse")
    page.wait(lambda d: page.state("mode") == "analyse", "analysis")
    assert page.state("startFen") == fen_good
    assert page.state("moves") == []
    page.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lines li")) >= 1, "the position analysed")
    page.button("analyse-toggle")
    page.wait(lambda d: page.js("return window.gorgon.runner.running") is None, "the analysis stopped")


def test_a_drag_goes_on_while_the_board_is_drawn_again(page):
    """The board is drawn again mid-drag (here the rules' verdict on a
    change of the side to move, as a reply may land during any drag): the
    piece stays lifted under the pointer and is put where it is dropped."""
    page.mode("edit")
    page.wait(lambda d: page.js("return !!window.gorgon.state.edit"), "the editor")
    assert judged(page, "the start judged").startswith("A legal position: White")
    moved = page.piece("d2")
    assert moved is not None and page.piece("d6") is None
    page.actions().move_to_element(page.square("d2")).click_and_hold().move_by_offset(5, -40).perform()
    lifted = "return [document.querySelectorAll('#board g.ghost').length, " \
        "document.querySelectorAll('#board g.piece.lifted[data-square=\"d2\"]').length]"
    assert page.js(lifted) == [1, 1]
    page.js("const s = document.getElementById('edit-side'); s.value = 'black'; s.dispatchEvent(new Event('change'))")
    assert judged(page, "the new side judged").startswith("A legal position: Black")
    assert page.js(lifted) == [1, 1], "the drag lost by the redraw"
    page.actions().move_to_element(page.square("d6")).release().perform()
    page.wait(lambda d: page.piece("d6") == moved, "the piece dropped on d6")
    assert page.piece("d2") is None
    assert page.js("return document.querySelectorAll('#board g.ghost').length") == 0


def test_a_minipom_position_played_from_the_editor(page):
    """Mini-POM: the swap rights are in the editor; Black to move, the
    engine (Black) answers the game started from the editor."""
    page.select("variant", "minipom")
    page.wait(lambda d: page.state("variant") == "minipom", "Mini-POM")
    page.mode("edit")
    page.wait(lambda d: page.js("return window.gorgon.state.edit && window.gorgon.state.edit.variant") == "minipom", "the editor")
    rights = [b.get_attribute("value") for b in page.driver.find_elements(By.CSS_SELECTOR, "#edit-rights input")]
    assert rights == list("ACFGIacfgi")
    # Black's c-Morph right given up; the Black Queen off; Black to move.
    page.driver.find_element(By.CSS_SELECTOR, '#edit-rights input[value="c"]').click()
    page.driver.find_element(By.CSS_SELECTOR, '#palette button[data-tool="erase"]').click()
    put(page, "d9")
    page.select("edit-side", "black")
    assert judged(page, "judged").startswith("A legal position: Black")
    # The game takes the Play panel's choices (hidden in the Edit tab).
    page.js("document.getElementById('play-colour').value = 'white'; document.getElementById('play-tc').value = 'movetime:300'")
    page.button("edit-play")
    page.wait(lambda d: page.state("mode") == "play" and page.state("match") is not None, "a game")
    assert page.state("startFen") == "th(a)1ke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT b ACFGIafgi - 0 1"
    page.wait(lambda d: page.ply_count() == 1, "Gorgon's move as Black", timeout=30)


def copied_link(page):
    """The link the Copy button puts on the clipboard (also shown in the
    box beside it)."""
    page.js("document.getElementById('share').open = true")
    page.driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": page.js("return location.origin"), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    page.button("link-copy")
    page.wait(lambda d: page.driver.find_element(By.ID, "link-copy").text == "Copied", "the copy")
    return page.driver.execute_async_script("""const done = arguments[arguments.length - 1];
        navigator.clipboard.readText().then(done, (e) => done('clipboard: ' + e));""")


def board_pieces(page):
    return page.js("""return Object.fromEntries([...document.querySelectorAll('#board g.piece')]
        .map(g => [g.dataset.square, g.dataset.piece]));""")


def test_a_link_opens_the_same_game_and_move(page, browser, server):
    page.select("variant", "minipom")
    page.wait(lambda d: page.state("variant") == "minipom", "Mini-POM")
    fen = "t2qke2t/wwwwwwwww/9/9/9/9/4h4/WWW1W1WWW/TH(A)QKE(A)HT w - - 0 1"
    page.load_fen(fen)
    page.play("c1e3(H)")
    for move in ["a8a6", "e3c4", "b8b7"]:
        page.play(move)
    page.key(Keys.ARROW_LEFT)
    page.wait(lambda d: page.state("ply") == 3, "back to ply 3")
    link = copied_link(page)
    assert link == page.driver.find_element(By.ID, "link").get_attribute("value")
    # No token in a link; the fragment is the address's.
    assert "token" not in link and "?" not in link, link
    assert link.split("#")[1] == page.js("return location.hash.slice(1)")
    assert "fen=t2qke2t/wwwwwwwww/9/9/9/9/4h4/WWW1W1WWW/TH(A)QKE(A)HT+w+-+-+0+1" in link, link
    assert "moves=c1e3(H)+a8a6+e3c4+b8b7&ply=3" in link, link
    expected = {k: page.state(k) for k in ["variant", "startFen", "moves", "ply"]}
    pieces = board_pieces(page)
    first = browser.current_window_handle
    browser.switch_to.new_window("window")
    try:
        # A new tab has no token (it stays in the tab that read it): the
        # printed URL with the link's fragment.
        browser.get(server.split("#")[0] + "#" + link.split("#")[1])
        fresh = Page(browser, link)
        fresh.wait(lambda d: d.execute_script("return document.body.dataset.ready === '1'"), "the board")
        fresh.wait(lambda d: fresh.state("ply") == 3 and len(fresh.state("moves")) == 4, "the linked game")
        assert {k: fresh.state(k) for k in expected} == expected
        assert board_pieces(fresh) == pieces
        assert fresh.piece("e3") is None and fresh.piece("c4") == "MwH"
        # Stepping keeps the address current.
        fresh.key(Keys.ARROW_RIGHT)
        fresh.wait(lambda d: fresh.js("return location.hash").endswith("&ply=4"), "the fragment at ply 4")
        # A link whose game the rules refuse says so, in their words.
        broken = link.split("#")[0] + "#variant=minipom&moves=e2e4+e2e4&ply=2"
        browser.get("about:blank")
        browser.get(broken)
        fresh.wait(lambda d: "The link's game was refused: ply 2" in d.find_element(By.ID, "message").text, "the refusal")
        # An address with another fragment, typed in the same tab: its game.
        browser.execute_script("location.hash = arguments[0]", link.split("#")[1])
        fresh.wait(lambda d: fresh.state("ply") == 3 and fresh.state("moves") == expected["moves"], "the game of the new fragment")
    finally:
        browser.close()
        browser.switch_to.window(first)


def wait_file(folder, name, timeout=20):
    path = pathlib.Path(folder) / name
    end = time.time() + timeout
    while time.time() < end:
        if path.exists() and not (pathlib.Path(folder) / (name + ".crdownload")).exists() and path.stat().st_size > 0:
            return path
        time.sleep(0.1)
    raise AssertionError(f"{name} not downloaded: {sorted(p.name for p in pathlib.Path(folder).iterdir())}")


def png_pixels(data):
    """Width, height and rows of RGBA pixels of an 8-bit RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, {}
    idat = b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IDAT":
            idat += body
        else:
            chunks[kind] = body
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 6), (depth, colour)
    raw = zlib.decompress(idat)
    stride = width * 4
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b = prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows


def test_pictures_of_the_position_download_as_svg_and_png(page, browser, downloads):
    for move in SAMPLE_GAME[:15]:
        page.play(move)
    page.js("document.getElementById('share').open = true")
    pieces = board_pieces(page)
    page.button("picture-svg")
    svg_path = wait_file(downloads, "gorgon-pom-ply15.svg")
    root = ET.parse(svg_path).getroot()
    assert root.tag == f"{SVG}svg" and root.get("width") == "1100"
    symbols = {s.get("id") for s in root.iter(f"{SVG}symbol")}
    drawn = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("data-piece"):
            drawn[g.get("data-square")] = g.get("data-piece")
            # Self-contained: the colours on the element, the figure a symbol of the file.
            assert g.get("fill", "").startswith("rgb"), g.attrib
            for use in g.iter(f"{SVG}use"):
                assert use.get("href")[1:] in symbols, use.get("href")
    assert drawn == pieces and len(drawn) == 49
    petrified = sorted(r.get("data-petrified") for r in root.iter(f"{SVG}rect") if r.get("data-petrified"))
    assert petrified == ["a10", "a11", "a9", "c10", "c11"]
    # Opened on its own (no page, no style sheet), it is drawn in the page's colours.
    first = browser.current_window_handle
    browser.switch_to.new_window("window")
    try:
        browser.get(svg_path.as_uri())
        seen = browser.execute_script("""const g = document.querySelector('g[data-square="f1"]');
            const sq = document.querySelector('rect.square[data-square="a1"]');
            return [getComputedStyle(g).fill, getComputedStyle(sq).fill, Math.round(g.querySelector('use').getBBox().width)];""")
        # The King's figure drawn from the file's own symbol, of a size.
        assert seen[:2] == ["rgb(248, 243, 227)", "rgb(142, 163, 130)"] and 20 <= seen[2] <= 100, seen
    finally:
        browser.close()
        browser.switch_to.window(first)
    page.button("picture-png")
    png_path = wait_file(downloads, "gorgon-pom-ply15.png")
    width, height, rows = png_pixels(png_path.read_bytes())
    assert (width, height) == (792, 792)
    # 72 pixels a square, rank 11 at the top: the middle of the empty rank
    # 6 (a1 is dark: d6 too, e6 light), and a White piece's cream.
    def pixel(square, dx, dy):
        file, rank = ord(square[0]) - 97, int(square[1:]) - 1
        x, y = file * 72 + dx, (10 - rank) * 72 + dy
        return tuple(rows[y][4 * x:4 * x + 3])
    assert pixel("d6", 36, 36) == (142, 163, 130)
    assert pixel("e6", 36, 36) == (233, 228, 207)
    # The White King's helm (f1): cream somewhere in the middle of its square.
    middle = {pixel("f1", x, y) for x in range(20, 52) for y in range(30, 60)}
    assert (248, 243, 227) in middle, sorted(middle)[:10]
    # A petrified square (a9) keeps its stone hatching (a pattern of the file).
    stone = {pixel("a9", x, y) for x in range(5, 13) for y in range(20, 50)}
    assert stone & {(164, 163, 156), (131, 130, 123)}, sorted(stone)[:10]


def test_the_editor_and_the_link_on_a_phone(browser, server):
    """At 390 x 844 the palette, the board and the link's box work."""
    page = Page(browser, server).open(390, 844)
    try:
        page.mode("edit")
        page.wait(lambda d: page.js("return !!window.gorgon.state.edit"), "the editor")
        button = page.driver.find_element(By.CSS_SELECTOR, '#palette button[data-piece="MbQ"]')
        page.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        page.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", page.square("e6"))
        put(page, "e6")
        page.wait(lambda d: page.piece("e6") == "MbQ", "a Black Morph Queen on e6")
        # A 27th piece: the rules' army cap (pieces are never added).
        assert "Black has 27 pieces" in judged(page, "judged")
        put(page, "e11")
        page.wait(lambda d: page.piece("e11") == "MbQ", "the Black Queen a Morph")
        page.driver.find_element(By.CSS_SELECTOR, '#palette button[data-tool="erase"]').click()
        put(page, "e6")
        assert judged(page, "judged again").startswith("A legal position")
        page.js("document.getElementById('share').open = true")
        box = page.driver.find_element(By.ID, "link")
        assert box.size["width"] <= 390 and box.get_attribute("value").endswith("#variant=pom&ply=0")
    finally:
        browser.set_window_size(1280, 1000)
