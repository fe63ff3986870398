#!/usr/bin/env python3
"""Soak test of `gorgon serve` (issue 33): simulated pages play, analyse
and review at once against one server, over HTTP, for a while, making the
API calls the page makes (the position after each move, searches read as
server-sent events, stops, a new position replacing a running analysis,
reviews, PGN export and import).

It checks that no request is answered 5xx, that every search and review
stream ends (with bestmove, review or stopped), that no search thread is
left once the pages are done, and that the server's resident memory
(VmRSS from /proc) stays flat after the warm-up. Figures go to stdout.

Usage: scripts/soak-web.py [--pages 8] [--minutes 10] [--binary PATH]
The binary defaults to $GORGON_BIN, else target/release/gorgon. Not part
of the CI suite (it runs for minutes and loads the machine).
"""

import argparse
import collections
import http.client
import json
import os
import pathlib
import random
import re
import subprocess
import sys
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[1]


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.status = collections.Counter()
        self.by_path = collections.Counter()
        self.failures = []
        self.streams_started = 0
        self.streams_ended = 0
        self.moves = 0
        self.games = 0

    def note(self, path, status):
        with self.lock:
            self.status[status] += 1
            self.by_path[path] += 1

    def fail(self, what):
        with self.lock:
            if len(self.failures) < 50:
                self.failures.append(what)


class Server:
    def __init__(self, url, pid):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port, self.netloc = parts.hostname, parts.port, parts.netloc
        self.token = urllib.parse.parse_qs(parts.query)["token"][0]
        self.pid = pid

    def headers(self):
        return {
            "Host": self.netloc,
            "Origin": f"http://{self.netloc}",
            "X-Gorgon-Token": self.token,
            "Content-Type": "application/json",
        }

    def connect(self, timeout=120):
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)


def post(server, stats, path, body):
    conn = server.connect()
    try:
        conn.request("POST", path, body=json.dumps(body), headers=server.headers())
        r = conn.getresponse()
        text = r.read().decode()
    finally:
        conn.close()
    stats.note(path, r.status)
    if r.status >= 500:
        stats.fail(f"{path}: {r.status} {text[:200]}")
    return r.status, text


class Stream:
    """A search or review: its events read on a thread of its own."""

    def __init__(self, server, stats, path, body):
        self.server, self.stats, self.path = server, stats, path
        self.events = []
        self.status = None
        self.ended = threading.Event()
        self.conn = server.connect(timeout=900)
        self.conn.request("POST", path, body=json.dumps(body), headers=server.headers())
        self.response = self.conn.getresponse()
        self.status = self.response.status
        stats.note(path, self.status)
        if self.status != 200:
            text = self.response.read().decode()
            if self.status >= 500:
                stats.fail(f"{path}: {self.status} {text[:200]}")
            self.error = text
            self.conn.close()
            self.ended.set()
            return
        with stats.lock:
            stats.streams_started += 1
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        pending = ""
        try:
            while True:
                chunk = self.response.read1(65536)
                if not chunk:
                    break
                pending += chunk.decode()
                while "\n\n" in pending:
                    block, pending = pending.split("\n\n", 1)
                    name, data = "message", ""
                    for line in block.split("\n"):
                        if line.startswith("event:"):
                            name = line[6:].strip()
                        elif line.startswith("data:"):
                            data += line[5:].lstrip()
                    if data:
                        self.events.append((name, json.loads(data)))
        except Exception as e:  # noqa: BLE001 - a broken stream is a finding
            self.stats.fail(f"{self.path}: stream broke: {e!r}")
        finally:
            self.conn.close()
            last = self.events[-1][0] if self.events else None
            if last in ("bestmove", "review", "stopped"):
                with self.stats.lock:
                    self.stats.streams_ended += 1
            else:
                self.stats.fail(f"{self.path}: stream ended after {last!r}")
            self.ended.set()

    def wait(self, timeout):
        if not self.ended.wait(timeout):
            self.stats.fail(f"{self.path}: no end within {timeout} s")
            return None
        return self.events[-1] if self.events else None


def view(server, stats, game):
    status, text = post(server, stats, "/api/position", game)
    return json.loads(text) if status == 200 else None


def page_loop(server, stats, name, deadline, seed):
    rng = random.Random(seed)
    variant = rng.choice(["pom", "minipom"])
    game = {"variant": variant, "moves": []}
    while time.time() < deadline:
        v = view(server, stats, game)
        if v is None:
            stats.fail(f"{name}: position refused for {game}")
            game = {"variant": variant, "moves": []}
            continue
        if v.get("outcome") or len(game["moves"]) >= 80:
            # The game is over: review it (at most its last 40 plies'
            # worth), export and import it, start another.
            moves = game["moves"][:40]
            review = Stream(server, stats, "/api/review", {"page": name, "game": {"variant": variant, "moves": moves}, "depth": 3})
            if review.status == 200:
                review.wait(600)
            status, text = post(server, stats, "/api/pgn/export", {"game": game, "tags": {"White": name}})
            if status == 200:
                post(server, stats, "/api/pgn/import", {"text": json.loads(text)["pgn"], "variant": variant})
            with stats.lock:
                stats.games += 1
            variant = rng.choice(["pom", "minipom"])
            game = {"variant": variant, "moves": []}
            continue
        action = rng.random()
        if action < 0.25:
            # Analysis, stopped by the page after a while.
            s = Stream(server, stats, "/api/search", {"page": name, "game": game, "lines": 2, "hash": 16})
            if s.status == 200:
                time.sleep(rng.uniform(0.2, 1.5))
                post(server, stats, "/api/stop", {"page": name})
                s.wait(60)
        elif action < 0.35:
            # Analysis replaced by another position's (the page moved on).
            first = Stream(server, stats, "/api/search", {"page": name, "game": game, "lines": 1, "hash": 16})
            time.sleep(rng.uniform(0.1, 0.5))
            second = Stream(server, stats, "/api/search", {"page": name, "game": game, "lines": 3, "hash": 16})
            if first.status == 200:
                first.wait(60)
            if second.status == 200:
                time.sleep(0.3)
                post(server, stats, "/api/stop", {"page": name})
                second.wait(60)
        # The engine's move (or the "human's": a random legal one).
        if action < 0.7:
            s = Stream(server, stats, "/api/search", {"page": name, "game": game, "mode": "play", "movetime": rng.choice([50, 100, 200])})
            last = s.wait(60) if s.status == 200 else None
            move = last[1].get("move") if last and last[0] == "bestmove" else None
        else:
            legal = [m["move"] for targets in v["legal"].values() for t in targets for m in t["moves"]]
            move = rng.choice(legal) if legal else None
        if move is None:
            continue
        game = {"variant": variant, "moves": game["moves"] + [move]}
        with stats.lock:
            stats.moves += 1


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+) kB", f.read()).group(1))


def thread_names(pid):
    names = collections.Counter()
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        try:
            names[(task / "comm").read_text().strip()] += 1
        except OSError:
            pass
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", type=int, default=8)
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--binary", default=os.environ.get("GORGON_BIN", str(ROOT / "target" / "release" / "gorgon")))
    ap.add_argument("--warmup", type=float, default=0.2, help="fraction of the run before RSS must stay flat")
    ap.add_argument("--rss-slack-mb", type=float, default=48, help="growth allowed after the warm-up, MB")
    args = ap.parse_args()
    proc = subprocess.Popen(
        [args.binary, "serve", "--port", "0", "--max-threads", "1", "--max-hash", "16", "--max-searches", str(args.pages)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        url = proc.stdout.readline().split()[-1]
        server = Server(url, proc.pid)
        stats = Stats()
        start = time.time()
        deadline = start + args.minutes * 60
        pages = [
            threading.Thread(target=page_loop, args=(server, stats, f"soak-{i}", deadline, 1000 + i), daemon=True)
            for i in range(args.pages)
        ]
        for t in pages:
            t.start()
        samples = []
        while any(t.is_alive() for t in pages):
            samples.append((time.time() - start, rss_kb(proc.pid)))
            if proc.poll() is not None:
                stats.fail(f"the server ended with {proc.returncode}")
                break
            time.sleep(10)
        for t in pages:
            t.join(timeout=900)
        # Every search has ended: no search or review thread is left.
        left = None
        for _ in range(50):
            names = thread_names(proc.pid)
            left = {n: c for n, c in names.items() if n.startswith("gorgon-web-")}
            if not left:
                break
            time.sleep(0.2)
        samples.append((time.time() - start, rss_kb(proc.pid)))
        warm = [kb for t, kb in samples if t >= args.warmup * args.minutes * 60]
        growth_mb = (max(warm) - warm[0]) / 1024 if warm else 0
        print(f"pages {args.pages}, {args.minutes} min: {sum(stats.status.values())} requests, "
              f"{stats.moves} moves, {stats.games} games finished")
        print("by path:", dict(stats.by_path))
        print("by status:", dict(sorted(stats.status.items())))
        print(f"streams: {stats.streams_started} started, {stats.streams_ended} ended with bestmove/review/stopped")
        print("RSS MB (s: MB):", ", ".join(f"{t:.0f}: {kb / 1024:.0f}" for t, kb in samples))
        print(f"RSS after the warm-up: {warm[0] / 1024:.0f} MB to at most {max(warm) / 1024:.0f} MB (+{growth_mb:.0f} MB)")
        print("threads left:", left or "no search or review thread")
        ok = True
        if any(s >= 500 for s in stats.status):
            print("FAIL: 5xx answers"); ok = False
        if stats.streams_started != stats.streams_ended:
            print("FAIL: a stream did not end with its last event"); ok = False
        if left:
            print("FAIL: search threads left"); ok = False
        if growth_mb > args.rss_slack_mb:
            print(f"FAIL: RSS grew {growth_mb:.0f} MB after the warm-up"); ok = False
        if proc.poll() is not None:
            ok = False
        for f in stats.failures:
            print("failure:", f); ok = False
        print("SOAK OK" if ok else "SOAK FAILED")
        return 0 if ok else 1
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    sys.exit(main())
