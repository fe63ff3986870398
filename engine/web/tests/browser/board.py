"""The page as a user sees it: squares clicked, pieces read from the SVG,
panels used through their buttons."""

import time

from selenium.common.exceptions import JavascriptException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

SAMPLE_GAME = (
    "e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8 c5c8 d11e10 f3b7 b11a9 c8d8 e10b7 d8b10 "
    "e11e10 b10a11 b7a6 d2d3 f10e11 a11a10 e10d9 c3d5 g11f10 d1e3 i11g10 e3c4 a6c4 d4c4 f9d7 "
    "a10b10 f10d11 b10c11 j11h10 i1j3 g10e8 g2i3 h11f9 i3i9 j10i9 j3e8 f9e8 d5d7 e8d7 c4i10 "
    "k11h11 c11d11 e11d11 i10g9"
).split()


def squares_of(move):
    """`b7d8(H)` -> ("b7", "d8")."""
    i = 1
    while move[i].isdigit():
        i += 1
    j = i + 1
    while j < len(move) and move[j].isdigit():
        j += 1
    return move[:i], move[i:j]


class Page:
    def __init__(self, driver, url):
        self.driver = driver
        self.url = url

    def open(self, width=1280, height=1000):
        self.driver.set_window_size(width, height)
        self.driver.get(self.url)
        self.wait(lambda d: d.execute_script("return document.body.dataset.ready === '1'"), "the board")
        return self

    def wait(self, condition, what, timeout=20):
        return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(condition, f"waiting for {what}")

    def js(self, script, *args):
        """Runs `script` once the state's last change is drawn (the page
        draws once per animation frame), so that what it reads of the page
        and of the state agree."""
        out = self.driver.execute_async_script(
            """const done = arguments[arguments.length - 1];
            const args = [...arguments].slice(0, -1);
            const drawn = window.gorgon && window.gorgon.drawn ? window.gorgon.drawn() : Promise.resolve();
            drawn.then(() => {
              try {
                done({value: (function () { SCRIPT }).apply(null, args)});
              } catch (e) {
                done({error: String(e && e.stack || e)});
              }
            });""".replace("SCRIPT", script), *args)
        if "error" in out:
            raise JavascriptException(out["error"])
        return out.get("value")

    def state(self, key):
        return self.js(f"return window.gorgon.state.{key}")

    # -- The board.

    def square(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'#board rect.square[data-square="{name}"]')

    def actions(self):
        # Pointer moves without selenium's default 250 ms glide.
        return ActionChains(self.driver, duration=0)

    def click(self, name):
        # At the square's centre, whatever piece or mark lies on top.
        self.actions().move_to_element(self.square(name)).click().perform()

    def drag(self, start, end):
        self.actions().move_to_element(self.square(start)).click_and_hold().move_by_offset(5, 5).move_to_element(
            self.square(end)).release().perform()

    # The board's readers below run as one script each: the board may be
    # drawn again (a reply landing) between a lookup and a read of the
    # element found, which would make a two-step read fail as stale.

    def attributes(self, selector, attribute):
        return self.js(
            "return [...document.querySelectorAll(arguments[0])].map((e) => e.getAttribute(arguments[1]))",
            selector, attribute)

    def piece(self, name):
        found = self.attributes(f'#board g.piece[data-square="{name}"]', "data-piece")
        return found[0] if found else None

    def petrified(self):
        return sorted(self.attributes("#board [data-petrified]", "data-petrified"))

    def targets(self):
        return sorted(self.attributes("#board [data-target]", "data-target"))

    def picker_moves(self):
        return sorted(self.attributes("#picker button[data-move]", "data-move"))

    def picker_open(self):
        return self.js("return !document.getElementById('picker').hidden")

    def ply_count(self):
        return len(self.state("moves"))

    def play(self, move, drag=False):
        """Plays a coordinate move by clicks (or a drag), through the
        picker when the two squares allow several moves."""
        before = self.state("ply")
        start, end = squares_of(move)
        if drag:
            self.drag(start, end)
        else:
            self.click(start)
            self.click(end)
        if self.js("return !document.getElementById('picker').hidden"):
            self.driver.find_element(By.CSS_SELECTOR, f'#picker button[data-move="{move}"]').click()
        # Played after the shown position (a side line if it was not the end).
        self.wait(lambda d: self.state("ply") > before, f"the move {move}")
        assert self.state("moves")[before] == move, (move, self.state("moves"))

    # -- The rest of the page.

    def status(self):
        return self.driver.find_element(By.ID, "status").text

    def result(self):
        return self.driver.find_element(By.ID, "status").get_attribute("data-result")

    def mode(self, name):
        self.driver.find_element(By.CSS_SELECTOR, f'[data-mode="{name}"]').click()

    def select(self, element_id, value):
        Select(self.driver.find_element(By.ID, element_id)).select_by_value(value)

    def button(self, element_id):
        self.driver.find_element(By.ID, element_id).click()

    def load_fen(self, fen):
        self.js("document.querySelector('details.io').open = true")
        box = self.driver.find_element(By.ID, "fen")
        box.clear()
        box.send_keys(fen)
        self.button("fen-load")
        self.wait(lambda d: self.js("return window.gorgon.state.views.get(0) && window.gorgon.state.views.get(0).start_fen") == fen
                  or self.state("startFen") == fen, "the FEN")

    def key(self, key):
        self.driver.find_element(By.TAG_NAME, "body").send_keys(key)

    def legal(self):
        """The legal moves the page holds for the shown position (to pick a
        move to click; the clicks themselves go through the board)."""
        return self.js("""const s = window.gorgon.state; const v = s.views.get(s.ply);
            return Object.values(v.legal).flat().flatMap(t => t.moves.map(m => m.move));""")

    def suggestion(self, depth):
        """A shallow engine's move for the shown position, asked of the API
        under a page id of its own (a stand-in for a human's choice)."""
        return self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const s = window.gorgon.state;
            fetch('/api/search', {method: 'POST',
                headers: {'Content-Type': 'application/json', 'X-Gorgon-Token': sessionStorage.getItem('gorgon-token')},
                body: JSON.stringify({page: 'test-human', game: {variant: s.variant, fen: s.startFen, moves: s.moves},
                                      mode: 'play', depth: arguments[0]})})
              .then(r => r.text())
              .then(t => { const m = /event: bestmove\\ndata: (.*)/.exec(t); done(m ? JSON.parse(m[1]).move : null); })
              .catch(() => done(null));""", depth)

    def shot(self, path):
        self.driver.save_screenshot(str(path))
