"""`gorgon annotate --html` (docs/ANALYSIS.md): the page of an annotated
game opened from disk (file://, no server), stepped with the arrow keys
and by clicks on the moves, the annotations and the graph."""

import pathlib
import re
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from board import SAMPLE_GAME, squares_of
from conftest import ROOT, gorgon_binary

SAMPLE_PGN = ROOT / "docs" / "analysis" / "sample-game.pgn"


@pytest.fixture(scope="module")
def annotated_page():
    """The inventor's sample game annotated at a small depth, as a page."""
    out = pathlib.Path(tempfile.mkdtemp(prefix="gorgon-annotated-"))
    run = subprocess.run(
        [str(gorgon_binary()), "annotate", str(SAMPLE_PGN), "--depth", "3", "--hash", "8",
         "--html", str(out), "--out", str(out / "annotated.pgn"), "--quiet"],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    page = out / "game-001.html"
    assert page.is_file(), run.stderr
    return page


class Annotated:
    def __init__(self, driver):
        self.driver = driver

    def ply(self):
        return int(self.driver.execute_script("return document.body.dataset.ply"))

    def wait_ply(self, ply):
        WebDriverWait(self.driver, 10, poll_frequency=0.05).until(
            lambda d: self.ply() == ply, f"waiting for ply {ply}")

    def piece(self, square):
        found = self.driver.find_elements(By.CSS_SELECTOR, f'#board g.piece[data-square="{square}"]')
        return found[0].get_attribute("data-piece") if found else None

    def petrified(self):
        marks = self.driver.find_elements(By.CSS_SELECTOR, "#board [data-petrified]")
        return sorted(m.get_attribute("data-petrified") for m in marks)

    def key(self, key):
        self.driver.find_element(By.TAG_NAME, "body").send_keys(key)

    def current_move(self):
        found = self.driver.find_elements(By.CSS_SELECTOR, "#moves .move.current")
        return found[0].get_attribute("data-ply") if found else None


def test_the_page_opens_from_disk_and_steps_by_keys_and_clicks(browser, annotated_page, shots):
    browser.set_window_size(1280, 1000)
    browser.get(annotated_page.as_uri())
    page = Annotated(browser)
    page.wait_ply(0)
    # Nothing was fetched: the page, its style, its script and its data are one file.
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert browser.execute_script("return location.protocol") == "file:"
    # The start: White's Sword on e3, whose first move is e3e5.
    assert page.piece("e3") == "wW" and page.piece("e5") is None
    assert browser.find_element(By.ID, "status").text == "Start position"

    # The right arrow plays the moves one by one: each moved piece stands
    # on its target square, its start square empty.
    for ply, move in enumerate(SAMPLE_GAME[:6], start=1):
        page.key(Keys.ARROW_RIGHT)
        page.wait_ply(ply)
        start, end = squares_of(move)
        assert page.piece(start) is None, (ply, move)
        assert page.piece(end) is not None, (ply, move)
        assert page.current_move() == str(ply)
        assert browser.find_elements(By.CSS_SELECTOR, "#board rect.last-move")
    # The left arrow takes them back.
    for ply in range(5, -1, -1):
        page.key(Keys.ARROW_LEFT)
        page.wait_ply(ply)
    assert page.piece("e3") == "wW" and page.piece("e5") is None
    page.key(Keys.ARROW_LEFT)  # Not before the start.
    assert page.ply() == 0

    # A click on 8. d8b10 (ply 15): the Medusa on b10 petrifies five of
    # Black's pieces (RULES.md 11), and the remark gives its evaluation.
    browser.find_element(By.CSS_SELECTOR, '#moves button.move[data-ply="15"]').click()
    page.wait_ply(15)
    assert page.piece("b10") == "wE" and page.piece("d8") is None
    assert page.petrified() == sorted(["a9", "a10", "c10", "a11", "c11"])
    assert browser.find_element(By.ID, "status").text.startswith("8. d8b10")
    remark = browser.find_element(By.ID, "remark").text
    assert "Evaluation" in remark and "depth" in remark, remark

    # End: the last move 25. i10g9 checks the King on f11.
    page.key(Keys.END)
    page.wait_ply(len(SAMPLE_GAME))
    assert page.piece("g9") is not None and page.piece("i10") is None
    assert browser.find_elements(By.CSS_SELECTOR, '#board [data-check="f11"]')
    page.key(Keys.HOME)
    page.wait_ply(0)

    # The annotations list every judged move with its glyph and the
    # engine's preference; a click goes to that move, where the remark
    # says the same and the graph's cursor stands.
    judged = browser.find_elements(By.CSS_SELECTOR, "#annotations button.move")
    assert judged, "no move of the sample game was judged poor"
    item = judged[0].find_element(By.XPATH, "..").text
    assert "Gorgon prefers" in item and "?" in item, item
    target = int(judged[0].get_attribute("data-ply"))
    judged[0].click()
    page.wait_ply(target)
    remark = browser.find_element(By.ID, "remark").text
    assert browser.find_element(By.CSS_SELECTOR, "#graph .graph-cursor").get_attribute("data-ply") == str(target)
    # The board shows the move the engine preferred as an arrow.
    preferred = re.search(r"Gorgon prefers (\S+) \(", remark).group(1)
    arrows = [a.get_attribute("data-arrow") for a in browser.find_elements(By.CSS_SELECTOR, "#board [data-arrow]")]
    assert arrows == ["-".join(squares_of(preferred))], (remark, arrows)
    # A move without a glyph has none.
    plain = browser.execute_script(
        "return [...document.querySelectorAll('#moves button.move')].find(b => !b.querySelector('.glyph')).dataset.ply")
    browser.find_element(By.CSS_SELECTOR, f'#moves button.move[data-ply="{plain}"]').click()
    page.wait_ply(int(plain))
    assert "Gorgon prefers" not in browser.find_element(By.ID, "remark").text
    assert not browser.find_elements(By.CSS_SELECTOR, "#board [data-arrow]")
    # A click on the graph's right end goes to the last position.
    graph = browser.find_element(By.ID, "graph")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", graph)
    ActionChains(browser, duration=0).move_to_element_with_offset(
        graph, graph.size["width"] // 2 - 2, 0).click().perform()
    page.wait_ply(len(SAMPLE_GAME))

    # The picture in docs/ANALYSIS.md: 6. f3b7 played, the tags, the remarks.
    browser.find_element(By.CSS_SELECTOR, '#moves button.move[data-ply="11"]').click()
    page.wait_ply(11)
    browser.execute_script("window.scrollTo(0, 0)")
    browser.save_screenshot(str(shots / "annotate-html.png"))
