"""How the page draws: one redraw per frame however many changes an
action makes, the board's nodes kept when they did not change, and the
drawing free of effects (the address is written by the effects)."""

import pytest

from board import SAMPLE_GAME, Page


@pytest.fixture
def page(browser, server):
    return Page(browser, server).open()


def redraws(page):
    """The redraws run so far, once every change asked for is drawn."""
    return page.js("return window.gorgon.redraws.count")


@pytest.mark.parametrize("mode", ["analyse", "edit", "review", "play"])
def test_one_click_is_one_redraw(page, mode):
    """A tab's click changes the mode, the match, the analysis, the
    editor, the progress bar, the ply and the live region: one redraw."""
    if mode == "play":
        page.mode("review")
        page.wait(lambda d: page.state("mode") == "review", "the review tab")
    before = redraws(page)
    page.mode(mode)
    page.wait(lambda d: page.state("mode") == mode, f"the {mode} tab")
    if mode == "edit":
        page.wait(lambda d: page.js("return !!window.gorgon.state.edit"), "the editor")
    assert redraws(page) - before == 1


def test_one_move_is_one_redraw(page):
    """A move: the game, the clocks, the live region, all in one redraw."""
    page.click("e3")
    before = redraws(page)
    page.click("e5")
    page.wait(lambda d: page.state("ply") == 1, "the move")
    assert redraws(page) - before == 1


def test_nodes_that_did_not_change_are_kept(page):
    """After a move (and a flip) the squares and the pieces that did not
    move are the same DOM nodes: the board is updated, not rebuilt."""
    kept = page.js("""
        window.kept = {
          squares: [...document.querySelectorAll('#board rect.square')],
          pieces: [...document.querySelectorAll('#board g.piece')].filter((g) => !['e3', 'e5'].includes(g.dataset.square)),
          cursor: document.querySelector('#board .focus-cursor'),
        };
        return [window.kept.squares.length, window.kept.pieces.length];""")
    assert kept[0] == 121 and kept[1] > 30, kept
    moved = page.piece("e3")
    page.play(SAMPLE_GAME[0])
    assert SAMPLE_GAME[0] == "e3e5" and page.piece("e5") == moved and page.piece("e3") is None
    same = """const k = window.kept;
        const square = (n) => document.querySelector(`#board rect.square[data-square="${n.dataset.square}"]`);
        const piece = (n) => document.querySelector(`#board g.piece[data-square="${n.dataset.square}"]`);
        return [k.squares.filter((n) => square(n) !== n).length, k.pieces.filter((n) => piece(n) !== n).length,
                document.querySelector('#board .focus-cursor') === k.cursor];"""
    assert page.js(same) == [0, 0, True]
    page.button("flip")
    page.wait(lambda d: page.driver.find_element("id", "board").get_attribute("data-flipped") == "1", "the flip")
    assert page.js(same) == [0, 0, True]


def test_the_address_is_written_by_the_effects_not_the_drawing(page):
    """history.replaceState keeps the game in the address, called from
    the effects after a position is shown, never from draw.js."""
    page.js("""window.replaced = [];
        const replace = history.replaceState.bind(history);
        history.replaceState = (...args) => { window.replaced.push(new Error().stack); return replace(...args); };""")
    page.play(SAMPLE_GAME[0])
    page.wait(lambda d: page.js("return location.hash").endswith("&ply=1"), "the address at ply 1")
    stacks = page.js("return window.replaced")
    assert stacks and all("/assets/js/" in s for s in stacks), stacks
    assert not any("draw.js" in s for s in stacks), stacks


def test_the_clocks_tick_through_the_state(page):
    """The clocks' ticks are read into the state and drawn by the redraw
    (not drawn by the clocks themselves): the human's clock runs at the
    bottom, then the engine's at the top after the human's move."""
    page.select("play-colour", "white")
    page.select("play-tc", "clock:3:2")
    page.button("new-game")
    running = "const c = window.gorgon.state.clocks; return c && c.running"
    page.wait(lambda d: page.js(running) == "white", "White's clock")
    clock = "return [document.getElementById(arguments[0]).textContent, document.getElementById(arguments[0]).className]"
    first = page.js(clock, "clock-bottom")
    assert first[0].startswith(("3:00", "2:59")) and "running" in first[1], first
    page.wait(lambda d: page.js(clock, "clock-bottom")[0] != first[0], "White's clock ticking")
    assert page.js(clock, "clock-top") == ["3:00", "clock"]
    page.play(SAMPLE_GAME[0])
    page.wait(lambda d: "running" in page.js(clock, "clock-top")[1], "Gorgon's clock")
    assert "running" not in page.js(clock, "clock-bottom")[1]
