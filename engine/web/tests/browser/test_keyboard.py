"""Typed moves, keyboard-only play and what assistive technology reads:
the move box in both notations (the server resolves them, a bad or
ambiguous move is refused in its words), the board as a grid of named
squares driven by the arrow keys, Enter, Space and Escape, the Morph
picker's focus trap, the live region's words after each move, and
aria-pressed on the mode tabs."""

import random

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from board import SAMPLE_GAME, Page, squares_of

MORPH_FEN = "t2qke2t/wwwwwwwww/9/9/9/9/4h4/WWW1W1WWW/TH(A)QKE(A)HT w - - 0 1"
TWO_HORSES = "4k4/9/9/9/9/9/2H3H2/9/4K4 w - - 0 1"


@pytest.fixture
def page(browser, server):
    return Page(browser, server).open()


# -- The move box.


def type_move(page, text):
    """Types `text` in the move box and presses Enter."""
    box = page.driver.find_element(By.ID, "move-input")
    box.clear()
    box.send_keys(text, Keys.ENTER)


def typed(page, text, plies):
    type_move(page, text)
    page.wait(lambda d: page.ply_count() == plies, f"the typed move {text}")


def refused(page, text):
    """Types `text`, which must be refused with the server's own words
    (each case's differ from the one before); returns them."""
    before = page.state("moves")
    words = server_words(page, text)
    assert words, text
    type_move(page, text)
    page.wait(lambda d: d.find_element(By.ID, "message").text == words, f"the refusal of {text}: {words}")
    assert page.state("moves") == before
    box = page.driver.find_element(By.ID, "move-input")
    assert box.get_attribute("value") == text and box.get_attribute("aria-invalid") == "true"
    return page.driver.find_element(By.ID, "message").text


def server_words(page, text):
    """The server's own refusal of `text` in the shown position."""
    return page.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const s = window.gorgon.state;
        fetch('/api/move', {method: 'POST',
            headers: {'Content-Type': 'application/json', 'X-Gorgon-Token': sessionStorage.getItem('gorgon-token')},
            body: JSON.stringify({game: {variant: s.variant, fen: s.startFen, moves: s.moves.slice(0, s.ply)}, text: arguments[0]})})
          .then(r => r.json()).then(j => done(j.error || null)).catch(e => done(String(e)));""", text)


def test_typed_moves_in_both_notations(page):
    """The inventor's game typed: coordinates and his notation alternate;
    8. ME x B10 petrifies; a petrified piece's move is refused with the
    server's words; ambiguous text lists its candidates."""
    book = ["E3 - E5", "H10 - H8", "ME - C5", "G9 - G7"]
    for i, text in enumerate(book):
        typed(page, text, i + 1)
    assert page.state("moves") == SAMPLE_GAME[:4]
    for i, move in enumerate(SAMPLE_GAME[4:14], start=5):
        typed(page, move if i % 2 else move.upper(), i)
    assert page.driver.find_element(By.ID, "move-input").get_attribute("value") == ""
    typed(page, "ME x B10", 15)
    assert page.state("moves") == SAMPLE_GAME[:15]
    assert page.petrified() == ["a10", "a11", "a9", "c10", "c11"]
    # Refused, in the server's words: a petrified Tower, a wrong square,
    # nonsense.
    for text in ["a11a10", "T - A5", "hello"]:
        refused(page, text)
    assert refused(page, "a11a10") == "move 'a11a10': the piece on a11 is petrified"
    assert refused(page, "hello").startswith("'hello' is a move neither in coordinates")
    # The next good move clears the refusal.
    typed(page, "Q - E10", 16)
    assert not page.driver.find_element(By.ID, "message").is_displayed()
    assert page.driver.find_element(By.ID, "move-input").get_attribute("aria-invalid") is None
    # Ambiguous: both Horses reach e4; the from-square tells them apart.
    page.select("variant", "minipom")
    page.wait(lambda d: page.state("variant") == "minipom", "Mini-POM")
    page.load_fen(TWO_HORSES)
    assert refused(page, "H - E4") == "'H - E4' is ambiguous: it could be H C3 - E4 (c3e4) or H G3 - E4 (g3e4)"
    typed(page, "H G3 - E4", 1)
    assert page.state("moves") == ["g3e4"]


# -- The keyboard on the board.


def focused_square(page):
    return page.js("""const a = document.activeElement;
        return a && a.matches('#board rect.square') ? a.dataset.square : null;""")


def press(page, *keys):
    ActionChains(page.driver, duration=0).send_keys(*keys).perform()


def tab_to_board(page):
    """Tabs from the top of the page to the board: it is in the tab order."""
    page.js("document.getElementById('variant').focus()")
    for _ in range(8):
        press(page, Keys.TAB)
        if focused_square(page):
            return focused_square(page)
    raise AssertionError("Tab never reached the board")


def cursor_to(page, target):
    """Arrow keys from the focused square to `target`, as the board is seen."""
    here = focused_square(page)
    assert here, "the board has the focus"
    (f0, r0), (f1, r1) = [(ord(s[0]) - 97, int(s[1:])) for s in (here, target)]
    dx, dy = f1 - f0, r1 - r0
    if page.driver.find_element(By.ID, "board").get_attribute("data-flipped") == "1":
        dx, dy = -dx, -dy
    keys = [Keys.ARROW_RIGHT if dx > 0 else Keys.ARROW_LEFT] * abs(dx) + [Keys.ARROW_UP if dy > 0 else Keys.ARROW_DOWN] * abs(dy)
    if keys:
        press(page, *keys)
    assert focused_square(page) == target, (here, target, focused_square(page))


def key_move(page, move, drop=Keys.SPACE):
    """A move by keys alone: to its piece, Enter, to its square, Space."""
    start, end = squares_of(move)
    cursor_to(page, start)
    press(page, Keys.ENTER)
    cursor_to(page, end)
    press(page, drop)


def label(page, square):
    return page.square(square).get_attribute("aria-label")


def announced(page):
    return page.driver.find_element(By.ID, "announce").text


def record_announcements(page):
    """Keeps every text the live region shows, in `window.said`."""
    page.js("""window.said = [];
        const live = document.getElementById('announce');
        new MutationObserver(() => window.said.push(live.textContent)).observe(live, {childList: true, characterData: true, subtree: true});""")


def test_a_keyboard_only_game_against_gorgon(page, shots):
    """White's moves by the arrow keys, Enter and Space against the engine
    at 0.3 s a move; the focus stays on the board through the engine's
    replies, and the live region says each move in words."""
    page.select("play-tc", "movetime:300")
    page.select("play-colour", "white")
    page.button("new-game")
    page.wait(lambda d: page.state("match") is not None, "the match")
    record_announcements(page)
    board = page.driver.find_element(By.ID, "board")
    assert board.get_attribute("role") == "grid"
    assert len(board.find_elements(By.CSS_SELECTOR, "[role=row]")) == 11
    assert len(board.find_elements(By.CSS_SELECTOR, "[role=gridcell]")) == 121
    tab_to_board(page)
    assert label(page, "e3") == "e3, White Sword" and label(page, "e6") == "e6, empty"
    # Lifted: the square says so, its targets too; Escape puts it back.
    cursor_to(page, "e3")
    press(page, Keys.ENTER)
    assert page.targets() == ["e4", "e5"]
    assert label(page, "e3") == "e3, White Sword, lifted" and label(page, "e5") == "e5, empty, can move here"
    assert announced(page) == "White Sword on e3 lifted; it can go to e4, e5"
    page.shot(shots / "web-keyboard.png")
    press(page, Keys.ESCAPE)
    assert page.targets() == [] and label(page, "e3") == "e3, White Sword"
    assert announced(page) == "White Sword put back on e3"
    # A square of the other side: nothing lifted, and why.
    cursor_to(page, "e10")
    press(page, Keys.ENTER)
    assert page.targets() == []
    assert announced(page) == "the Black Pillar on e10 is not the side to move's"
    rng = random.Random(3)
    for n in range(1, 5):
        if n == 1:
            move = "e3e5"
        else:
            # A move of one meaning for its two squares (no picker).
            view_moves = page.js("""const s = window.gorgon.state; const v = s.views.get(s.ply);
                return Object.values(v.legal).flat().filter(t => t.moves.length === 1).map(t => t.moves[0].move);""")
            move = rng.choice(sorted(view_moves))
        key_move(page, move, drop=Keys.SPACE if n % 2 else Keys.ENTER)
        page.wait(lambda d: page.ply_count() >= 2 * n - 1, f"the move {move}")
        assert page.state("moves")[2 * n - 2] == move
        if n == 1:
            page.wait(lambda d: "1. You: White Sword e3 to e5." in page.js("return window.said"), "the move said")
        page.wait(lambda d: page.ply_count() == 2 * n, "Gorgon's reply", timeout=20)
        page.wait(lambda d: announced(page).startswith(f"{n}... Gorgon: Black "), "the reply announced")
        reply = page.js("const s = window.gorgon.state; return s.history[s.ply - 1]")
        assert f" {reply['from']} " in announced(page) and reply["to"] in announced(page), (reply, announced(page))
        # The keyboard is still on the board, where it was.
        assert focused_square(page) == squares_of(move)[1]
    # Gorgon's last reply may give check: the status then says so after.
    assert page.status().split(" · ")[0] == "White to move", page.status()


def test_the_morph_picker_by_keyboard_traps_and_returns_the_focus(page):
    """A Mini-POM Morph takes a Horse by keys: the picker takes the focus,
    Tab and the arrows go round its three buttons and never leave it,
    Escape cancels, Enter chooses, and the focus comes back to the board."""
    page.select("variant", "minipom")
    page.wait(lambda d: page.state("variant") == "minipom", "Mini-POM")
    page.load_fen(MORPH_FEN)
    tab_to_board(page)
    in_picker = "return document.getElementById('picker').contains(document.activeElement)"
    focused_move = "return document.activeElement.dataset.move || document.activeElement.className"
    key_move(page, "c1e3", drop=Keys.ENTER)
    page.wait(lambda d: page.picker_open(), "the picker")
    assert page.js(focused_move) == "c1e3"
    seen = []
    for _ in range(4):
        press(page, Keys.TAB)
        assert page.js(in_picker)
        seen.append(page.js(focused_move))
    assert seen == ["c1e3(H)", "cancel", "c1e3", "c1e3(H)"]
    ActionChains(page.driver, duration=0).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert page.js(focused_move) == "c1e3"
    # Escape: no move, the focus back on the board.
    press(page, Keys.ESCAPE)
    page.wait(lambda d: not page.picker_open(), "the picker closed")
    assert page.ply_count() == 0 and focused_square(page) == "e3"
    # Again, and the Morph becomes a Horse.
    key_move(page, "c1e3", drop=Keys.SPACE)
    page.wait(lambda d: page.picker_open(), "the picker again")
    press(page, Keys.ARROW_RIGHT)
    assert page.js(focused_move) == "c1e3(H)"
    press(page, Keys.ENTER)
    page.wait(lambda d: page.ply_count() == 1, "the capture")
    assert page.state("moves") == ["c1e3(H)"] and page.piece("e3") == "MwH"
    page.wait(lambda d: focused_square(page) == "e3", "the focus back on the board")
    assert announced(page) == "1. White Morph Advisor c1 takes the Horse on e3, now a Morph Horse."
    assert label(page, "e3") == "e3, White Morph Horse"


def test_the_live_region_names_captures_petrification_and_check(page):
    """The words after 8. ME x B10 (the Medusa petrifies five pieces and
    frees the one she left), a step back and the start."""
    for move in SAMPLE_GAME[:15]:
        page.play(move)
    live = page.driver.find_element(By.ID, "announce")
    assert live.get_attribute("aria-live") == "polite"
    assert announced(page) == "8. White Medusa d8 takes the Sword on b10, petrifies a9 a10 c10 a11 c11, frees e9."
    page.key(Keys.ARROW_LEFT)
    page.wait(lambda d: announced(page).startswith("7... "), "the step back said")
    assert announced(page) == "7... Black Mounted Advisor e10 takes the Morph Advisor on b7."
    page.key(Keys.HOME)
    page.wait(lambda d: announced(page) == "Start of the game: White to move.", "the start said")


def test_mode_tabs_say_which_is_pressed(page):
    pressed = lambda: {b.get_attribute("data-mode"): b.get_attribute("aria-pressed")
                       for b in page.driver.find_elements(By.CSS_SELECTOR, "[data-mode]")}
    assert pressed() == {"play": "true", "analyse": "false", "review": "false", "edit": "false"}
    page.mode("analyse")
    page.wait(lambda d: pressed()["analyse"] == "true", "Analyse pressed")
    assert pressed() == {"play": "false", "analyse": "true", "review": "false", "edit": "false"}
    page.mode("review")
    page.wait(lambda d: pressed()["review"] == "true", "Review pressed")
    assert pressed() == {"play": "false", "analyse": "false", "review": "true", "edit": "false"}
    page.mode("edit")
    page.wait(lambda d: pressed()["edit"] == "true", "Edit pressed")
    assert pressed() == {"play": "false", "analyse": "false", "review": "false", "edit": "true"}


def test_castling_by_keyboard_names_the_towers_square(page):
    """The King lifted by Enter: its own Tower's square says it castles
    there, and Space on it castles."""
    page.load_fen("thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQK4T w AKak - 0 1")
    tab_to_board(page)
    cursor_to(page, "f1")
    press(page, Keys.ENTER)
    assert label(page, "k1") == "k1, White Tower, castles here" and label(page, "g1") == "g1, empty, can move here"
    cursor_to(page, "k1")
    press(page, Keys.SPACE)
    page.wait(lambda d: page.ply_count() == 1, "castling")
    assert page.state("moves") == ["f1k1"]
    assert announced(page) == "1. White castles, King f1 with the Tower on k1."
