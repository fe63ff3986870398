"""The token (issues 33 and 46): read from the URL `gorgon serve` printed,
then taken out of the address bar and the history, and kept for the tab
only (sessionStorage): nothing in localStorage holds it, a reload of the
tab keeps working, and a new tab without it is told to open the printed
URL."""

from board import SAMPLE_GAME, Page


def local_storage(page):
    return page.js("return Object.fromEntries(Object.entries(localStorage))")


def test_the_token_leaves_the_address_bar_and_the_page_still_works(browser, server):
    assert "token=" in server
    token = server.split("token=")[1].split("&")[0].split("#")[0]
    base = server.split("?")[0]
    # A token an older page kept in localStorage is removed.
    browser.get(base)
    browser.execute_script("localStorage.setItem('gorgon-token', arguments[0])", token)
    page = Page(browser, server).open()
    href = page.js("return location.href")
    # The address keeps only the page and the game's fragment (a link).
    assert href.split("#")[0] == base and "token" not in href, href
    # Nothing in localStorage holds it; the tab's sessionStorage does.
    assert all(token not in k + v for k, v in local_storage(page).items()), local_storage(page)
    assert page.js("return sessionStorage.getItem('gorgon-token')") == token
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
    assert all(token not in k + v for k, v in local_storage(page).items()), local_storage(page)
    # Another tab of the same server, opened without the token, has none:
    # the page says to open the printed URL.
    fragment = page.js("return location.hash.slice(1)")
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    try:
        browser.get(base + "#" + fragment)
        other = Page(browser, base)
        other.wait(lambda d: "Open the URL `gorgon serve` printed" in d.find_element("id", "message").text, "the refusal")
    finally:
        browser.close()
        browser.switch_to.window(first)
