"""Variations (docs/WEB.md, "Variations"): a move from an earlier
position starts a side line and the rest of the game stays; the move
list shows the tree; a click on any move of any line goes there; the
arrow keys follow the current line; lines are promoted and deleted; a
review reviews the current line."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from board import SAMPLE_GAME, Page, squares_of


@pytest.fixture
def page(browser, server):
    return Page(browser, server).open()


def tree(page):
    """The move list as drawn: the main line's moves, and each side line
    block as (nesting depth, its own moves), in the order shown."""
    return page.js("""
        const text = (b) => b.firstChild.textContent.replace(/[+#]$/, '');
        const main = [...document.querySelectorAll('#moves button.move:not(.variation)')].map(text);
        const sides = [...document.querySelectorAll('#moves .line')].map((l) => {
            let depth = 0;
            for (let x = l; x.closest('.line'); x = x.closest('.line').parentElement) depth++;
            return [depth, [...l.children].filter((c) => c.tagName === 'BUTTON').map(text)];
        });
        return [main, sides];""")


def other_move(page, than):
    """A legal move of the shown position other than `than` (no Morph
    choice, so that two clicks play it)."""
    return sorted(m for m in page.legal() if m != than and "(" not in m)[0]


def click_move(page, text, side):
    """Clicks the move `text` in the main line (side=False) or a side line."""
    found = page.js("""return [...document.querySelectorAll('#moves button.move')].filter((b) =>
        b.firstChild.textContent.replace(/[+#]$/, '') === arguments[0] && b.classList.contains('variation') === arguments[1]);""",
                    text, side)
    assert len(found) == 1, (text, side, tree(page))
    found[0].click()


def shown_move(page):
    return page.js("const s = window.gorgon.state; return s.ply ? s.moves[s.ply - 1] : null")


def test_variations_by_clicks_promoted_and_deleted(page, shots):
    main = SAMPLE_GAME[:6]
    for move in main:
        page.play(move)
    # Two plies back, a different move: a side line; the game's rest stays.
    page.key(Keys.ARROW_LEFT)
    page.key(Keys.ARROW_LEFT)
    page.wait(lambda d: page.state("ply") == 4, "two plies back")
    x = other_move(page, main[4])
    piece = page.piece(squares_of(x)[0])
    page.play(x)
    assert page.state("moves") == main[:4] + [x]
    assert page.piece(squares_of(x)[1]) == piece
    assert tree(page) == [main, [[1, [x]]]]
    # The side line goes on from its end (no new branch).
    y = other_move(page, None)
    page.play(y)
    assert tree(page) == [main, [[1, [x, y]]]]
    assert page.driver.find_element(By.CSS_SELECTOR, "#moves .current").text.rstrip("+#") == y
    # A click on the main line goes there; the arrow keys follow it.
    click_move(page, main[5], side=False)
    page.wait(lambda d: page.state("ply") == 6 and page.state("moves") == main, "the main line's end")
    assert page.piece(squares_of(main[5])[1]) is not None
    page.key(Keys.ARROW_LEFT)
    page.wait(lambda d: page.state("ply") == 5, "one ply back")
    assert shown_move(page) == main[4]
    # A click into the side line; Right steps along it, not the main line.
    click_move(page, x, side=True)
    page.wait(lambda d: page.state("ply") == 5 and shown_move(page) == x, "the side line")
    assert page.state("moves") == main[:4] + [x, y]
    page.key(Keys.ARROW_RIGHT)
    page.wait(lambda d: page.state("ply") == 6, "a step along the side line")
    assert shown_move(page) == y
    assert page.piece(squares_of(y)[1]) is not None
    # A nested side line: from the side line's x, another reply.
    click_move(page, x, side=True)
    page.wait(lambda d: shown_move(page) == x, "back to x")
    z = other_move(page, y)
    page.play(z)
    assert tree(page) == [main, [[1, [x, y]], [2, [z]]]]
    page.driver.find_element(By.CSS_SELECTOR, "aside.side").screenshot(str(shots / "web-variations.png"))
    # Promote: z's line goes one level up (before y in x's line).
    assert page.js("return document.getElementById('promote-line').disabled") is False
    page.button("promote-line")
    page.wait(lambda d: tree(page) == [main, [[1, [x, z]], [2, [y]]]], "z promoted in x's line")
    assert shown_move(page) == z and page.state("moves") == main[:4] + [x, z]
    # Made the main line: the old game is a side line now.
    page.button("main-line")
    page.wait(lambda d: tree(page)[0] == main[:4] + [x, z], "the main line")
    assert tree(page)[1] == [[1, main[4:6]], [1, [y]]]
    assert page.js("return document.getElementById('promote-line').disabled") is True
    # Delete the old game's line: from any of its moves, it goes whole.
    click_move(page, main[5], side=True)
    page.wait(lambda d: shown_move(page) == main[5], "the old game's last move")
    page.button("delete-line")
    page.wait(lambda d: tree(page) == [main[:4] + [x, z], [[1, [y]]]], "the old game deleted")
    # Shown where it branched off, the position after ply 4.
    assert page.state("ply") == 4 and page.state("moves") == main[:4] + [x, z]
    page.wait(lambda d: page.piece(squares_of(main[3])[1]) is not None and page.piece(squares_of(x)[0]) is not None,
              "the position after ply 4")
    # On the main line, Delete removes the shown move and what follows.
    click_move(page, z, side=False)
    page.wait(lambda d: shown_move(page) == z, "z")
    assert page.driver.find_element(By.ID, "delete-line").text == "Delete from here"
    page.button("delete-line")
    # y, the side line at z's place, is the main line's continuation now.
    page.wait(lambda d: tree(page) == [main[:4] + [x, y], []], "z deleted")
    assert shown_move(page) == x


def test_review_reviews_the_current_line(page):
    main = SAMPLE_GAME[:5]
    for move in main:
        page.play(move)
    page.key(Keys.ARROW_LEFT)
    page.key(Keys.ARROW_LEFT)
    page.wait(lambda d: page.state("ply") == 3, "two plies back")
    x = other_move(page, main[3])
    page.play(x)
    page.mode("review")
    page.select("review-depth", "2")
    page.button("review-run")
    page.wait(lambda d: page.js("return window.gorgon.state.review !== null"), "the review", timeout=60)
    # The side line's four plies were reviewed, not the main line's five.
    assert len(page.state("review")["moves"]) == 4
    assert page.js("return window.gorgon.state.reviewLine.map((n) => n.move)") == main[:3] + [x]
    assert page.driver.find_elements(By.CSS_SELECTOR, "#graph .graph-cursor")
    # On the main line's last move, the graph has no cursor.
    click_move(page, main[3], side=False)
    page.wait(lambda d: shown_move(page) == main[3], "the main line")
    page.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, "#graph .graph-cursor"), "no cursor off the line")
    assert "another line" in page.driver.find_element(By.ID, "review-summary").text
    # Back on the reviewed line by the graph: a click at its end.
    page.js("""const g = document.getElementById('graph'); const r = g.getBoundingClientRect();
        g.dispatchEvent(new MouseEvent('click', {clientX: r.right - 1, clientY: r.top + 5, bubbles: true}));""")
    page.wait(lambda d: shown_move(page) == x, "the reviewed line's end from the graph")


def pgn_box(page):
    page.js("document.querySelector('details.io').open = true")
    return page.driver.find_element(By.ID, "pgn")


def export(page, notation="coord"):
    box = pgn_box(page)
    page.js("document.getElementById('pgn').value = ''")
    page.select("pgn-notation", notation)
    page.button("pgn-export")
    page.wait(lambda d: box.get_attribute("value"), "the PGN")
    return box.get_attribute("value")


def import_text(page, text):
    box = pgn_box(page)
    box.clear()
    page.js("document.getElementById('pgn').value = arguments[0]", text)
    page.button("pgn-import")


def test_variations_by_clicks_go_to_pgn_and_back(page):
    main = SAMPLE_GAME[:4]
    for move in main:
        page.play(move)
    page.key(Keys.ARROW_LEFT)
    page.key(Keys.ARROW_LEFT)
    page.wait(lambda d: page.state("ply") == 2, "two plies back")
    x = other_move(page, main[2])
    page.play(x)
    text = export(page)
    # The side line in parentheses where it branches off, the main line
    # around it.
    assert f"2. {main[2]} (2. {x}) 2... {main[3]}" in " ".join(text.split()), text
    # Read back on another variant's board: the same tree.
    page.select("variant", "minipom")
    page.wait(lambda d: page.state("variant") == "minipom" and tree(page) == [[], []], "Mini-POM")
    import_text(page, text)
    page.wait(lambda d: page.state("variant") == "pom" and tree(page) == [main, [[1, [x]]]], "the tree read back")
    assert page.state("moves") == main and page.state("ply") == 4


NESTED = """[Event "Variations"]
[Variant "pom"]

{Before the game.} 1. e3e5 h10h8 $1 (1... h10h9 {a quiet move} 2. f2c5 (2. e2c3 $6)) 2. f2c5 g9g7 *
"""


def test_a_pgn_with_variations_shows_them(page):
    import_text(page, NESTED)
    main = ["e3e5", "h10h8", "f2c5", "g9g7"]
    page.wait(lambda d: tree(page) == [main, [[1, ["h10h9", "f2c5"]], [2, ["e2c3"]]]], "the side lines")
    comments = [c.text for c in page.driver.find_elements(By.CSS_SELECTOR, "#moves .comment")]
    assert comments == ["Before the game.", "a quiet move"]
    glyphs = [g.text for g in page.driver.find_elements(By.CSS_SELECTOR, "#moves .nag")]
    assert glyphs == ["!", "?!"]
    # A click into the nested line: the position after 1. e3e5 h10h9 2. e2c3.
    click_move(page, "e2c3", side=True)
    page.wait(lambda d: page.state("moves") == ["e3e5", "h10h9", "e2c3"] and page.state("ply") == 3, "the nested line")
    page.wait(lambda d: page.piece("c3") is not None and page.piece("e2") is None and page.piece("h9") is not None, "its board")
    # Written back with the comments and glyphs it came with.
    text = " ".join(export(page).split())
    assert "{Before the game.} 1. e3e5 h10h8 $1 (1... h10h9 {a quiet move} 2. f2c5 (2. e2c3 $6)) 2. f2c5 g9g7 *" in text, text
