"""gorgon.Engine: analysis, play, limits, Ctrl-C and the released GIL."""

import _thread
import os
import signal
import threading
import time

import pytest

import gorgon
from conftest import mates

# A loaded 2-core machine may be slow; these bounds only catch hangs.
PROMPT = 20.0


@pytest.fixture(scope="module")
def engine():
    return gorgon.Engine(threads=1, hash_mb=16)


def test_engine_options():
    e = gorgon.Engine()
    assert (e.threads, e.hash_mb) == (1, 64)
    assert repr(e) == "Engine(threads=1, hash_mb=64)"
    e2 = gorgon.Engine(threads=2, hash_mb=8)
    assert (e2.threads, e2.hash_mb) == (2, 8)


@pytest.mark.parametrize(
    "kwargs,words",
    [
        ({"threads": 0}, "threads"),
        ({"threads": -3}, "threads"),
        ({"threads": 100000}, "threads"),
        ({"hash_mb": 0}, "hash_mb"),
        ({"hash_mb": -1}, "hash_mb"),
        ({"hash_mb": 10**9}, "hash_mb"),
        # Within the bound but beyond this machine: the engine's own refusal.
        ({"hash_mb": 1 << 20}, "hash"),
    ],
)
def test_engine_bad_options(kwargs, words):
    with pytest.raises(ValueError, match=words):
        gorgon.Engine(**kwargs)


def test_limits_are_required_and_checked(engine):
    b = gorgon.Board()
    with pytest.raises(ValueError, match="at least one limit"):
        engine.analyse(b)
    with pytest.raises(ValueError, match="at least one limit"):
        engine.play(b)
    for kwargs in ({"depth": 0}, {"depth": 500}, {"movetime": 0}, {"nodes": -5}, {"depth": 2, "multipv": 0}):
        with pytest.raises(ValueError):
            engine.analyse(b, **kwargs)


def test_mate_in_one(engine):
    found = 0
    for name, variant, fen, mate_in, solutions in mates():
        if mate_in != 1:
            continue
        b = gorgon.Board(fen, variant=variant)
        engine.new_game()
        lines = engine.analyse(b, depth=4)
        assert len(lines) == 1, name
        line = lines[0]
        assert line.score.mate == 1 and line.score.cp is None, (name, line)
        assert repr(line.score) == "Score(mate=1)"
        assert line.score == engine.analyse(b, depth=3)[0].score and hash(line.score) is not None
        assert line.move in solutions, (name, line)
        assert line.pv[0] == line.move
        assert line.wdl[0] > 900 and sum(line.wdl) == 1000
        assert engine.play(b, depth=4) in solutions
        b.push(line.move)
        assert b.is_checkmate()
        found += 1
    assert found >= 6


def test_mated_side_is_told(engine):
    name, variant, fen, _, solutions = next(m for m in mates() if m[3] == 1)
    b = gorgon.Board(fen, variant=variant)
    b.push(solutions[0])
    with pytest.raises(ValueError, match="game is over"):
        engine.analyse(b, depth=3)
    with pytest.raises(ValueError, match="game is over"):
        engine.play(b, depth=3)
    stalemate = gorgon.Board("k10/2Q8/11/11/11/11/11/11/11/11/5K5 b - - 0 1")
    with pytest.raises(ValueError, match="stalemate"):
        engine.analyse(stalemate, depth=3)


def test_mate_in_two(engine):
    for name, variant, fen, mate_in, solutions in mates():
        if mate_in != 2:
            continue
        line = engine.analyse(gorgon.Board(fen, variant=variant), depth=6)[0]
        assert line.score.mate == 2, (name, line)
        assert line.move in solutions, (name, line)


def test_analysis_line_fields(engine):
    b = gorgon.Board()
    lines = engine.analyse(b, depth=5)
    assert len(lines) == 1
    line = lines[0]
    assert line.depth == 5 and line.seldepth >= 5 and line.multipv == 1
    assert line.score.cp is not None and line.score.mate is None
    assert repr(line.score) == f"Score(cp={line.score.cp})"
    assert isinstance(line.wdl, tuple) and len(line.wdl) == 3 and sum(line.wdl) == 1000
    assert line.nodes > 0 and line.time_ms >= 0 and line.nps >= 0
    assert line.move in [m.uci() for m in b.legal_moves]
    # The PV is a legal line.
    c = b.copy()
    for mv in line.pv:
        c.push(mv)
    assert repr(line).startswith(f"AnalysisLine(move='{line.move}'")
    assert b.fen() == gorgon.start_fen("pom")  # analysis leaves the board alone


def test_multipv(engine):
    b = gorgon.Board()
    lines = engine.analyse(b, depth=4, multipv=3)
    assert [line.multipv for line in lines] == [1, 2, 3]
    assert len({line.move for line in lines}) == 3
    assert all(line.depth == 4 for line in lines)
    assert all(line.move in [m.uci() for m in b.legal_moves] for line in lines)
    # Best first (in the side to move's view).
    cps = [line.score.cp for line in lines]
    assert cps == sorted(cps, reverse=True)
    # More lines than legal moves: one per move.
    j = gorgon.Board("5k5/11/11/11/11/11/2t8/11/4h1E4/11/T4K3T1 w A - 0 1")
    many = engine.analyse(j, depth=3, multipv=20)
    assert sorted(line.move for line in many) == sorted([m.uci() for m in j.legal_moves])


def test_nodes_limit(engine):
    b = gorgon.Board(variant="minipom")
    engine.new_game()
    small = engine.analyse(b, nodes=3000)
    assert small and small[0].nodes <= 3000 * 2
    big = engine.analyse(b, nodes=300000)
    assert big[0].nodes > small[0].nodes
    assert big[0].depth >= small[0].depth


def test_movetime_limit(engine):
    start = time.monotonic()
    lines = engine.analyse(gorgon.Board(), movetime=300)
    assert lines and lines[0].move in [m.uci() for m in gorgon.Board().legal_moves]
    assert time.monotonic() - start < PROMPT


def test_play_returns_a_legal_move(engine):
    b = gorgon.Board(variant="minipom")
    for _ in range(6):
        mv = engine.play(b, nodes=2000)
        assert b.is_legal(mv)
        b.push(mv)
    assert len(b.move_stack) == 6


def test_new_game(engine):
    b = gorgon.Board()
    engine.new_game()
    first = engine.analyse(b, depth=3)[0]
    engine.new_game()
    again = engine.analyse(b, depth=3)[0]
    # One thread, cleared tables: the same search twice.
    assert (first.move, first.score, first.nodes) == (again.move, again.score, again.nodes)


def _interrupted(engine, trigger):
    b = gorgon.Board()
    timer = threading.Timer(0.5, trigger)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            engine.analyse(b, movetime=60000)
    finally:
        timer.cancel()
    elapsed = time.monotonic() - start
    assert 0.4 < elapsed < PROMPT
    # The engine is still usable.
    assert engine.analyse(b, depth=3)[0].move in [m.uci() for m in b.legal_moves]
    assert engine.play(b, depth=2) in [m.uci() for m in b.legal_moves]


def test_ctrl_c_stops_a_search(engine):
    _interrupted(engine, _thread.interrupt_main)


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_sigint_stops_a_search(engine):
    _interrupted(engine, lambda: os.kill(os.getpid(), signal.SIGINT))


def test_gil_released_during_search(engine):
    count = [0]
    running = threading.Event()
    done = threading.Event()

    def counter():
        running.set()
        while not done.is_set():
            count[0] += 1

    t = threading.Thread(target=counter)
    t.start()
    running.wait()
    try:
        before = count[0]
        lines = engine.analyse(gorgon.Board(), movetime=1000)
        during = count[0] - before
    finally:
        done.set()
        t.join()
    assert lines
    # With the GIL held for a second the counter would not move at all
    # (but for the waits between slices); released, it runs freely.
    assert during > 50_000, during


def test_two_engines_in_two_threads():
    results = {}

    def work(variant):
        e = gorgon.Engine(hash_mb=8)
        results[variant] = e.analyse(gorgon.Board(variant=variant), depth=6)[0].move

    threads = [threading.Thread(target=work, args=(v,)) for v in gorgon.VARIANTS]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert results["pom"] in [m.uci() for m in gorgon.Board().legal_moves]
    assert results["minipom"] in [m.uci() for m in gorgon.Board(variant="minipom").legal_moves]


def test_threads_two(engine):
    e = gorgon.Engine(threads=2, hash_mb=16)
    b = gorgon.Board()
    lines = e.analyse(b, depth=6, multipv=2)
    assert len(lines) == 2 and lines[0].move != lines[1].move
    assert e.play(b, depth=5) in [m.uci() for m in b.legal_moves]


def test_one_search_at_a_time_per_engine():
    e = gorgon.Engine(hash_mb=8)
    board = gorgon.Board()
    errors = []

    def search():
        try:
            e.analyse(board, movetime=1500)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    t = threading.Thread(target=search)
    t.start()
    time.sleep(0.4)
    try:
        with pytest.raises(RuntimeError):
            e.analyse(board, depth=2)
        # The board is copied for the search: it stays free meanwhile.
        board.push("e3e5")
        assert board.pop().uci() == "e3e5"
    finally:
        t.join(timeout=PROMPT)
    assert not errors and not t.is_alive()
    assert e.analyse(board, depth=2)[0].move in [m.uci() for m in board.legal_moves]
