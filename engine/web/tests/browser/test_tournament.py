"""The live view of a tournament (issue 48): gorgon-match plays a small
round robin of three random-mover engines, writing its event log and PGN;
`gorgon serve --tournament` shows it. The page's boards advance with the
moves the PGN then holds, its standings end equal to the table the runner
prints, a finished game opens in the review with one click, and the page
gets what it missed after the server is restarted and after the runner
starts a new log."""

import json
import os
import pathlib
import re
import socket
import subprocess
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import gorgon_binary


def tool(name):
    """gorgon-match and random-mover, next to the gorgon binary unless named."""
    env = {"gorgon-match": "GORGON_MATCH", "random-mover": "RANDOM_MOVER"}[name]
    path = pathlib.Path(os.environ.get(env, gorgon_binary().parent / name))
    if not path.exists():
        pytest.fail(f"{path} is missing: cargo build -p gorgon-tournament --bins (same profile as gorgon)")
    return path


def start_match(events, pgn, games=2, delay=15, append=False):
    mover = tool("random-mover")
    args = [str(tool("gorgon-match")), "--variant", "minipom"]
    for i in range(3):
        args += ["--engine", f"cmd={mover}", f"name=R{i + 1}", f"arg=--seed", f"arg={i + 7}", "arg=--delay", f"arg={delay}"]
    args += ["--each", "tc=30+0", "--games", str(games), "--concurrency", "2", "--maxmoves", "40",
             "--pgnout", str(pgn), "--events", str(events)]
    if append:
        args.append("append")
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def serve(events, token_file, port=0):
    proc = subprocess.Popen(
        [str(gorgon_binary()), "serve", "--port", str(port), "--max-threads", "1", "--max-hash", "16",
         "--tournament", str(events), "--token-file", str(token_file)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        pytest.fail(f"gorgon serve printed no URL: {line!r} {proc.stderr.read()}")
    return proc, line.split()[-1]


def stop(proc):
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def pgn_games(text):
    """{round: (moves, result)} of a coordinate PGN the runner wrote."""
    games = {}
    for block in re.split(r"\n(?=\[Event )", text.strip()):
        rnd = int(re.search(r'\[Round "(\d+)"\]', block).group(1))
        result = re.search(r'\[Result "([^"]+)"\]', block).group(1)
        body = re.sub(r"\[[^\]]*\]", "", block)
        body = re.sub(r"\{[^}]*\}", "", body)
        moves = [w for w in body.split() if not re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*", w)]
        games[rnd] = (moves, result)
    return games


def printed_table(stdout):
    """The runner's final rating table, in its order: [(name, rating,
    error, points, games)], as Ordo's columns print them (# PLAYER :
    RATING ERROR POINTS PLAYED (%) CFS(%) W D L D(%)); a bound's `>` or
    `<` kept with its number, `----` for no error."""
    tables = []
    pattern = r"\s*(\d+) (\S+)\s+:\s+([<>]?)\s*(-?[\d.]+|-)\s+([\d.]+|----)\s+([\d.]+)\s+(\d+)\s"
    for line in stdout.splitlines():
        m = re.match(pattern, line)
        if m:
            if m.group(1) == "1":
                tables.append([])
            tables[-1].append((m.group(2), m.group(3) + m.group(4), m.group(5), float(m.group(6)), int(m.group(7))))
    # The summary's table is the last one printed.
    return tables[-1] if tables else []


def page_state(browser):
    return browser.execute_script("""
        const l = window.gorgonLive;
        if (!l) return null;
        const games = {};
        for (const [n, g] of l.games) games[n] = {moves: g.moves.join(' '), result: g.result};
        const cards = {};
        for (const c of document.querySelectorAll('.t-board')) cards[c.dataset.game] = c.dataset.moves || '';
        const rows = {};
        const order = [];
        for (const r of document.querySelectorAll('#t-table tr[data-engine]')) {
            const cell = (k) => r.querySelector(`td[data-key="${k}"]`).textContent;
            rows[r.dataset.engine] = [cell('games'), cell('wins'), cell('draws'), cell('losses'), cell('points'),
                                      cell('rating'), cell('error')];
            order.push(r.dataset.engine);
        }
        return {games, cards, rows, order, connected: l.connected, summary: l.summary, run: l.match && l.match.run};
    """)


def wait_for(predicate, browser, timeout=90, what="the page"):
    deadline = time.time() + timeout
    state = None
    while time.time() < deadline:
        state = page_state(browser)
        if state and predicate(state):
            return state
        time.sleep(0.1)
    pytest.fail(f"{what} never got there: {state}")


def test_the_live_view_follows_the_tournament(browser, shots):
    work = pathlib.Path(tempfile.mkdtemp(prefix="gorgon-live-"))
    events, pgn = work / "events.jsonl", work / "games.pgn"
    events.write_text("")
    token_file = work / "token"
    server, url = serve(events, token_file)
    runner = None
    try:
        # The same match alone first: its time is the yardstick.
        t = time.time()
        alone = start_match(work / "alone.jsonl", work / "alone.pgn")
        alone_out, err = alone.communicate(timeout=300)
        assert alone.returncode == 0, err
        alone_time = time.time() - t
        browser.get(url)
        assert "/tournament" in url
        wait_for(lambda s: s["connected"], browser, 30, "the stream")
        # Viewers that open the stream and never read it.
        port = int(re.search(r":(\d+)/", url).group(1))
        token = re.search(r"token=(\w+)", url).group(1)
        stalled = []
        for _ in range(3):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(f"GET /api/tournament/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Gorgon-Token: {token}\r\n\r\n".encode())
            stalled.append(sock)
        t = time.time()
        runner = start_match(events, pgn)
        # Sample the boards while the games run: each board's moves only
        # grow, and some board is seen at several lengths.
        seen = {}
        shot = False
        deadline = time.time() + 300
        while runner.poll() is None and time.time() < deadline:
            state = page_state(browser) or {"cards": {}}
            for game, moves in state["cards"].items():
                seen.setdefault(game, []).append(moves)
            if not shot and len(state["cards"]) >= 2 and min(len(m.split()) for m in state["cards"].values()) >= 12:
                browser.save_screenshot(str(shots / "tournament-boards.png"))
                shot = True
            time.sleep(0.05)
        out, err = runner.communicate(timeout=60)
        assert runner.returncode == 0, err
        watched_time = time.time() - t
        print(f"the match alone {alone_time:.1f} s, watched by the page and 3 stalled viewers {watched_time:.1f} s")
        # Watching costs the games nothing but the machine's noise (the
        # page and the server share the two cores), and no game is lost on time.
        assert watched_time < 3 * alone_time + 10, (alone_time, watched_time)
        assert " 0 time forfeits" in out and "time forfeits" in alone_out
        assert not re.search(r"[1-9]\d* time forfeits", out), out
        # The server still answers.
        check = socket.create_connection(("127.0.0.1", port), timeout=10)
        check.sendall(f"GET /api/config HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Gorgon-Token: {token}\r\nConnection: close\r\n\r\n".encode())
        assert check.recv(64).startswith(b"HTTP/1.1 200"), "the server stopped answering"
        check.close()
        for sock in stalled:
            sock.close()
        printed = printed_table(out)
        assert sorted(p[0] for p in printed) == ["R1", "R2", "R3"], out
        final = wait_for(lambda s: s["summary"] and len([g for g in s["games"].values() if g["result"]]) == 6,
                         browser, 60, "the end of the match")
        played = pgn_games(pgn.read_text())
        assert sorted(played) == [1, 2, 3, 4, 5, 6]
        # The page's games are the PGN's, move for move, result for result.
        for rnd, (moves, result) in played.items():
            g = final["games"][str(rnd)]
            assert g["moves"].split() == moves, f"game {rnd}"
            assert g["result"] == result, f"game {rnd}"
        advanced = 0
        for game, samples in seen.items():
            moves = played[int(game)][0]
            lengths = []
            for sample in samples:
                words = sample.split()
                # What a board showed was the start of what was played.
                assert words == moves[: len(words)], f"game {game}: {sample!r}"
                if not lengths or lengths[-1] != len(words):
                    lengths.append(len(words))
            assert lengths == sorted(lengths), f"game {game} went back: {lengths}"
            advanced = max(advanced, len(lengths))
        assert seen and advanced >= 3, f"no board was seen advancing: {seen.keys()} {advanced}"
        # The standings are the runner's printed table: its order, its
        # ratings (bounds marked as it marks them), errors, points, games.
        assert final["order"] == [p[0] for p in printed], (final["order"], printed)
        for name, rating, error, points, games in printed:
            row = final["rows"][name]
            assert (int(row[0]), float(row[4]), row[5]) == (games, points, rating), f"{name}: {row} against {printed}"
            assert row[6] == ("" if error == "----" else f"±{error}"), f"{name}: {row} against {printed}"
            assert int(row[1]) + int(row[2]) + int(row[3]) == games
        browser.save_screenshot(str(shots / "tournament-live.png"))

        # The server stops; the runner plays a second match, appended to
        # the log; the server comes back on the same port with the same
        # token: the page, left open, reconnects and shows what it missed.
        stop(server)
        wait_for(lambda s: not s["connected"], browser, 30, "the page noticing the server gone")
        old_run = final["run"]
        runner = start_match(events, work / "second.pgn", games=2, append=True)
        runner.communicate(timeout=300)
        server, again = serve(events, token_file, port)
        assert again == url
        second = wait_for(lambda s: s["run"] != old_run and s["summary"] and len([g for g in s["games"].values() if g["result"]]) == 6,
                          browser, 60, "the second match")
        for rnd, (moves, _) in pgn_games((work / "second.pgn").read_text()).items():
            assert second["games"][str(rnd)]["moves"].split() == moves

        # A new log (truncated) while the page watches: it starts over.
        runner = start_match(events, work / "third.pgn", games=2)
        runner.communicate(timeout=300)
        third = wait_for(lambda s: s["run"] not in (old_run, second["run"]) and s["summary"]
                         and len([g for g in s["games"].values() if g["result"]]) == 6, browser, 60, "the third match")
        for rnd, (moves, _) in pgn_games((work / "third.pgn").read_text()).items():
            assert third["games"][str(rnd)]["moves"].split() == moves

        # One click: the game in the board page's review.
        link = browser.find_element(By.CSS_SELECTOR, '#t-games li[data-game="3"] a')
        want = pgn_games((work / "third.pgn").read_text())[3][0]
        link.click()
        browser.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const check = () => window.gorgon && window.gorgon.state.moves && window.gorgon.state.moves.length ? done() : setTimeout(check, 50);
            check();
        """)
        shown = browser.execute_script("return {moves: window.gorgon.state.moves, mode: window.gorgon.state.mode};")
        assert shown["mode"] == "review"
        assert shown["moves"] == want
        # The engines' comments of the runner's PGN come with it: the
        # move list shows each move's {score/depth time}.
        block = [b for b in re.split(r"\n(?=\[Event )", (work / "third.pgn").read_text()) if '[Round "3"]' in b][0]
        comments = re.findall(r"\{([^}]*)\}", block)
        assert comments, block
        browser.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const check = () => document.querySelector('.comment') ? done() : setTimeout(check, 50);
            check();
        """)
        shown_comments = [e.text.strip() for e in browser.find_elements(By.CSS_SELECTOR, ".comment")]
        assert shown_comments[:3] == [c.strip() for c in comments[:3]], (shown_comments[:5], comments[:5])
        active = browser.find_element(By.CSS_SELECTOR, '[data-mode="review"]')
        assert "active" in active.get_attribute("class")

        # A page opened after the match: the snapshot is the state, not the
        # log, so its finished games come without their moves, and the
        # link fetches that one game (of that run) from the server.
        browser.get(url)
        wait_for(lambda s: s["summary"] and len(s["games"]) == 6, browser, 60, "the snapshot of the third match")
        assert all(g["moves"] == "" for g in page_state(browser)["games"].values())
        link = browser.find_element(By.CSS_SELECTOR, '#t-games li[data-game="3"] a')
        href = link.get_attribute("href")
        assert "moves=" not in href and f"run=" in href and "game=3" in href, href
        link.click()
        browser.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const check = () => window.gorgon && window.gorgon.state.moves && window.gorgon.state.moves.length ? done() : setTimeout(check, 50);
            check();
        """)
        shown = browser.execute_script("return {moves: window.gorgon.state.moves, ply: window.gorgon.state.ply};")
        assert shown["moves"] == want
        assert shown["ply"] == 0, "from the game's start"
    finally:
        if runner and runner.poll() is None:
            runner.kill()
        stop(server)


def test_ratings_and_bad_lines_of_a_log_written_by_hand(browser):
    """A `standings` event carries the runner's table: the page shows its
    order (not a sort of its own), its bounds as `>` and `<`, its errors
    and its crosstable; a bad line is shown as a notice naming it, and the
    events after it still count."""
    work = pathlib.Path(tempfile.mkdtemp(prefix="gorgon-live-hand-"))
    events = work / "events.jsonl"

    def player(name, rating, estimate, error, points, w, d, l):
        return {"name": name, "rating": rating, "estimate": estimate, "error": error, "points": points,
                "games": w + d + l, "wins": w, "draws": d, "losses": l, "cfs_next": None}

    # C scored most points but the table puts A first (as a fit may, by
    # the strength of the opposition): the page keeps the table's order.
    table = {
        "players": [player("A", 250.0, "lower_bound", None, 2.0, 2, 0, 0),
                    player("B", 0.0, "fitted", 70.5, 1.0, 1, 0, 1),
                    player("C", -20.0, "fitted", 80.0, 2.5, 2, 1, 1),
                    player("D", -230.0, "upper_bound", None, 0.0, 0, 0, 2)],
        "crosstable": [[None, {"points": 1.0, "games": 1}, {"points": 1.0, "games": 1}, None],
                       [{"points": 0.0, "games": 1}, None, None, {"points": 1.0, "games": 1}],
                       [{"points": 0.0, "games": 1}, None, None, {"points": 2.5, "games": 3}],
                       [None, {"points": 0.0, "games": 1}, {"points": 0.5, "games": 3}, None]],
        "anchor": None, "anchor_rating": 0.0, "simulations": 100, "seed": 1, "draw_rate_equal": 0.3, "groups": 1,
    }
    lines = [
        {"type": "match", "at": 1, "run": "x", "variant": "pom", "event": "Hand", "site": "here",
         "engines": ["A", "B", "C", "D"], "tc": ["1+0"] * 4, "games": 6, "concurrency": 1},
        "this is no event",
        {"type": "standings", "at": 2, "finished": 6, "games": 6, "table": table},
    ]
    events.write_text("".join((json.dumps(l) if isinstance(l, dict) else l) + "\n" for l in lines))
    server, url = serve(events, work / "token")
    try:
        browser.get(url)
        state = wait_for(lambda s: s["rows"] and "A" in s["rows"], browser, 30, "the standings")
        assert state["order"] == ["A", "B", "C", "D"]
        assert [state["rows"][n][5:7] for n in state["order"]] == [[">250.0", ""], ["0.0", "±70.5"],
                                                                   ["-20.0", "±80.0"], ["<-230.0", ""]]
        notice = browser.find_element(By.ID, "t-notices")
        assert notice.is_displayed() and "line 2 of the event log" in notice.text
        cross = browser.execute_script("""
            return [...document.querySelectorAll('#t-cross tr')].slice(1).map(
                (r) => [...r.querySelectorAll('td')].slice(2).map((c) => c.textContent));
        """)
        assert cross == [["", "1/1", "1/1", ""], ["0/1", "", "", "1/1"], ["0/1", "", "", "2.5/3"], ["", "0/1", "0.5/3", ""]]
    finally:
        stop(server)


def test_games_finishing_out_of_order_are_listed_once_each_in_order(browser):
    """N9: with games in play at once, game 2 may end before game 1; the
    finished list then shows 1, 2, 3 once each, in order, whatever order
    they ended in, and the clocks below ten seconds read as a clock does."""
    work = pathlib.Path(tempfile.mkdtemp(prefix="gorgon-live-order-"))
    events = work / "events.jsonl"

    def write(*lines):
        with events.open("a") as f:
            for l in lines:
                f.write(json.dumps(l) + "\n")

    start = lambda n: {"type": "game_start", "at": 10 + n, "game": n, "round": n, "variant": "pom", "white": "A",
                       "black": "B", "fen": None, "book": ["e3e5"], "tc": ["1+0", "1+0"], "clock": [9960, 9960]}
    end = lambda n, at: {"type": "game_end", "at": at, "game": n, "result": "1-0", "reason": "White mates",
                         "termination": "checkmate", "pgn": None}
    write({"type": "match", "at": 1, "run": "o", "variant": "pom", "event": "Order", "site": "here",
           "engines": ["A", "B"], "tc": ["1+0"] * 2, "games": 3, "concurrency": 3},
          start(1), start(2), start(3))
    server, url = serve(events, work / "token")

    def listed():
        return browser.execute_script(
            "return [...document.querySelectorAll('#t-games li')].map((li) => Number(li.dataset.game));")

    try:
        browser.get(url)
        wait_for(lambda s: s["games"] and len(s["games"]) == 3, browser, 30, "three games in play")
        # White's clock, not running (Black is to move after the book's
        # e3e5), holds 9.96 s: 0:09.9, not 0:010.0.
        WebDriverWait(browser, 30).until(lambda d: d.execute_script(
            "return [...document.querySelectorAll('.t-board[data-game=\"1\"] .clock')].map((c) => c.textContent);"
        ).count("0:09.9") == 1, "the clock below ten seconds")
        write(end(2, 20))
        WebDriverWait(browser, 30).until(lambda d: listed() == [2], "game 2 listed")
        write(end(3, 21))
        WebDriverWait(browser, 30).until(lambda d: listed() == [2, 3], "games 2 and 3 listed")
        write(end(1, 22))
        WebDriverWait(browser, 30).until(lambda d: listed() == [1, 2, 3], f"games 1, 2, 3 listed, not {listed()}")
        assert listed() == [1, 2, 3]
    finally:
        stop(server)


def test_running_clocks_follow_the_servers_time_not_a_skewed_viewer(browser):
    """N17: a viewer whose clock is an hour ahead still sees the side to
    move's clock run from the runner's time, by the server's clock."""
    work = pathlib.Path(tempfile.mkdtemp(prefix="gorgon-live-skew-"))
    events = work / "events.jsonl"
    now = int(time.time() * 1000)
    lines = [
        {"type": "match", "at": now - 6000, "run": "s", "variant": "pom", "event": "Skew", "site": "here",
         "engines": ["A", "B"], "tc": ["1+0"] * 2, "games": 1, "concurrency": 1},
        # Black to move after the book's e3e5, its clock running for 5 s.
        {"type": "game_start", "at": now - 5000, "game": 1, "round": 1, "variant": "pom", "white": "A",
         "black": "B", "fen": None, "book": ["e3e5"], "tc": ["1+0", "1+0"], "clock": [60000, 60000]},
    ]
    events.write_text("".join(json.dumps(l) + "\n" for l in lines))
    server, url = serve(events, work / "token")
    skew = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": "const realNow = Date.now.bind(Date); Date.now = () => realNow() + 3600 * 1000;"})
    try:
        browser.get(url)
        assert browser.execute_script("return Date.now() - performance.timeOrigin - performance.now()") > 3500 * 1000

        def clocks(d):
            return d.execute_script(
                "return [...document.querySelectorAll('.t-board[data-game=\"1\"] .clock')].map((c) => c.textContent);")

        def black_running(d):
            # Black's clock ran 5 s and a little more since: 0:55 or a
            # little less (a loaded machine's slack), never the 0:00 of an
            # hour ahead; White's is still 1:00.
            texts = clocks(d)
            return "1:00" in texts and any(re.fullmatch(r"0:(3\d|4\d|5[0-5])", t) for t in texts)

        WebDriverWait(browser, 30).until(black_running, f"the running clock by the server's time: {clocks(browser)}")
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": skew["identifier"]})
        stop(server)
