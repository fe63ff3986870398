"""The token (issue 33): read from the URL `gorgon serve` printed, then
taken out of the address bar and the history; the page, and a reload of
it, keep working."""

from board import SAMPLE_GAME, Page


def test_the_token_leaves_the_address_bar_and_the_page_still_works(browser, server):
    assert "token=" in server
    page = Page(browser, server).open()
    href = page.js("return location.href")
    # The address keeps only the page and the game's fragment (a link).
    assert href.split("#")[0] == server.split("?")[0] and "token" not in href, href
    # The API still answers: a move is replayed by the server.
    page.play(SAMPLE_GAME[0])
    # A reload of the tab (its URL has no token now) keeps the token it read.
    browser.refresh()
    page.wait(lambda d: d.execute_script("return document.body.dataset.ready === '1'"), "the board again")
    assert "token" not in page.js("return location.href")
    # The reloaded address's fragment (a link) brought the game back.
    page.wait(lambda d: page.state("moves") == [SAMPLE_GAME[0]], "the game from the fragment")
    page.play(SAMPLE_GAME[1])
    assert page.js("return document.getElementById('message').textContent").find("token") < 0
