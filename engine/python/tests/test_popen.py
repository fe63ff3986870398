"""gorgon.engine: engines over a pipe (python-chess's SimpleEngine), driving
the gorgon binary in UCI and CECP, the suite's misbehaving random-mover,
and tiny script engines for garbage; every process must be reaped."""

import _thread
import gc
import os
import random
import sys
import textwrap
import threading
import time

import pytest

import gorgon
from conftest import engine_binary, mates
from gorgon.engine import (
    BLACK,
    WHITE,
    AnalysisComplete,
    Cp,
    EngineError,
    EngineTerminatedError,
    Limit,
    Mate,
    MateGiven,
    PovScore,
    PovWdl,
    SimpleEngine,
    Wdl,
)

# Timeouts short enough for quick tests; the bounds on elapsed time only
# catch hangs (a loaded 2-core machine may be slow).
TIMEOUT = 2.0
SLACK = 15.0


def gorgon_uci():
    return SimpleEngine.popen_uci(str(engine_binary("gorgon")), timeout=20.0)


def gorgon_xboard():
    return SimpleEngine.popen_xboard(str(engine_binary("gorgon")), timeout=20.0)


def random_mover(protocol, *args):
    command = [str(engine_binary("random-mover")), "--protocol", protocol, *args]
    popen = SimpleEngine.popen_uci if protocol == "uci" else SimpleEngine.popen_xboard
    return popen(command, timeout=TIMEOUT)


def assert_reaped(pid):
    """The process is gone and reaped: no /proc entry (a zombie keeps one),
    and it is no child of ours any more."""
    for _ in range(100):
        if not os.path.exists(f"/proc/{pid}"):
            break
        time.sleep(0.05)
    assert not os.path.exists(f"/proc/{pid}"), f"process {pid} is still there: {open(f'/proc/{pid}/stat').read()}"
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def script_engine(tmp_path, body):
    """A Python engine from ``body`` (the loop after ``import sys, time``)."""
    path = tmp_path / "engine.py"
    path.write_text("import sys, time\n" + textwrap.dedent(body))
    return [sys.executable, "-u", str(path)]


def replay(board, moves):
    """The moves are legal one after the other from the board."""
    b = board.copy()
    for m in moves:
        assert b.is_legal(m), (m, b.fen(), moves)
        b.push(m)


# --- scores ------------------------------------------------------------------


def test_scores_as_python_chess_has_them():
    assert Cp(35).score() == 35 and Cp(35).mate() is None and not Cp(35).is_mate()
    assert Mate(3).score() is None and Mate(3).score(mate_score=10000) == 9997
    assert Mate(-2).score(mate_score=10000) == -9998 and Mate(-2).mate() == -2
    assert MateGiven.score(mate_score=10000) == 10000 and -MateGiven == Mate(0) and -Mate(0) is MateGiven
    assert -Cp(20) == Cp(-20) and -Mate(4) == Mate(-4)
    # Worst to best for the side: mated soon, mated later, cp, mating later, mating soon, mated.
    order = [Mate(0), Mate(-1), Mate(-5), Cp(-300), Cp(0), Cp(50), Mate(7), Mate(2), MateGiven]
    assert sorted(reversed(order)) == order
    pov = PovScore(Cp(40), BLACK)
    assert pov.relative == Cp(40) and pov.turn == BLACK
    assert pov.white() == Cp(-40) and pov.black() == Cp(40)
    assert pov.pov(WHITE) == Cp(-40) and pov.pov(True) == Cp(-40) and pov.pov(False) == Cp(40)
    assert PovScore(Mate(2), WHITE).pov(BLACK) == Mate(-2)
    assert repr(pov) == "PovScore(Cp(+40), BLACK)"
    wdl = PovWdl(Wdl(600, 300, 100), BLACK)
    assert wdl.white() == Wdl(100, 300, 600) and wdl.pov("black").expectation() == 0.75
    with pytest.raises(ValueError):
        pov.pov("red")


def test_limit_reads_like_python_chess():
    assert repr(Limit(depth=5, time=0.5)) == "Limit(time=0.5, depth=5)"
    assert Limit().nodes is None


# --- gorgon over UCI ---------------------------------------------------------


def test_uci_plays_and_analyses_both_variants():
    with gorgon_uci() as engine:
        pid = engine.pid
        assert engine.id["name"].startswith("Gorgon")
        assert "Hash" in engine.options and engine.options["MultiPV"].type == "spin"
        for variant in gorgon.VARIANTS:
            board = gorgon.Board(variant=variant)
            board.push([m.uci() for m in board.legal_moves][3])
            result = engine.play(board, Limit(depth=3))
            assert board.is_legal(result.move), (variant, result)
            assert not result.resigned and not result.draw_offered
            if result.ponder is not None:
                after = board.copy()
                after.push(result.move)
                assert after.is_legal(result.ponder)
            info = engine.analyse(board, Limit(depth=4))
            assert info["depth"] == 4 and info["seldepth"] >= 4
            assert info["nodes"] > 0 and isinstance(info["time"], float) and info["multipv"] == 1
            assert isinstance(info["score"], PovScore) and info["score"].turn == gorgon.COLOR_NAMES[board.turn]
            assert isinstance(info["wdl"], PovWdl) and info["wdl"].relative.total() == 1000
            assert info["pv"] and isinstance(info["pv"][0], str)
            replay(board, info["pv"])
    assert_reaped(pid)


def test_uci_scores_a_mate_from_both_sides():
    name, variant, fen, mate_in, solutions = mates()[0]
    board = gorgon.Board(fen, variant=variant)
    with gorgon_uci() as engine:
        info = engine.analyse(board, Limit(depth=2 * mate_in + 1))
    score = info["score"]
    assert score.relative == Mate(mate_in), (name, score)
    # The mating side's view is positive, the other's negative.
    assert score.pov(board.turn) == Mate(mate_in)
    other = BLACK if board.turn else WHITE
    assert score.pov(other) == Mate(-mate_in)
    assert info["pv"][0] in solutions


def test_a_mate_limit_and_the_strength_levels_by_configure():
    """python-chess's ``Limit(mate=N)`` is ``go mate N``; the levels are
    options set by ``configure``, as python-chess users set Stockfish's."""
    name, variant, fen, mate_in, solutions = next(row for row in mates() if row[3] == 2)
    board = gorgon.Board(fen, variant=variant)
    with gorgon_uci() as engine:
        result = engine.play(board, Limit(mate=mate_in))
        assert result.move in solutions, (name, result.move)
        assert engine.options["Skill Level"].default == 20
        assert engine.options["UCI_Elo"].min < engine.options["UCI_Elo"].max
        engine.configure({"Skill Level": 0, "Skill Seed": 7})
        info = engine.analyse(gorgon.Board(), Limit(time=1.0))
        # Level 0 searches one ply, whatever time it is given.
        assert info["depth"] == 1, info
        with pytest.raises(EngineError, match="out of range"):
            engine.configure({"Skill Level": 21})
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": 900})
        start = gorgon.Board()
        assert start.is_legal(engine.play(start, Limit(time=0.2)).move)


def test_uci_multipv_and_positions_from_a_fen():
    # A FEN root (not the start position) with a move pushed on it.
    start = gorgon.Board(variant="minipom")
    for m in [m.uci() for m in start.legal_moves][:1]:
        start.push(m)
    board = gorgon.Board(start.fen(), variant="minipom")
    board.push([m.uci() for m in board.legal_moves][0])
    with gorgon_uci() as engine:
        lines = engine.analyse(board, Limit(depth=3), multipv=3)
        assert [line["multipv"] for line in lines] == [1, 2, 3]
        firsts = [line["pv"][0] for line in lines]
        assert len(set(firsts)) == 3 and all(board.is_legal(m) for m in firsts)
        # Best first, from the side to move's view.
        scores = [line["score"].relative for line in lines]
        assert scores == sorted(scores, reverse=True)
        # Back to one line.
        assert isinstance(engine.analyse(board, Limit(depth=2)), dict)
        # Clocks: wtime/btime/winc/binc/movestogo.
        clocks = Limit(white_clock=2.0, black_clock=2.0, white_inc=0.1, black_inc=0.1, remaining_moves=30)
        assert board.is_legal(engine.play(board, clocks).move)
        # A finished game has no move to search.
        _, variant, fen, _, solutions = next(row for row in mates() if row[3] == 1)
        mated = gorgon.Board(fen, variant=variant)
        mated.push(solutions[0])
        with pytest.raises(EngineError, match="game is over"):
            engine.play(mated, Limit(depth=1))
        with pytest.raises(EngineError, match="set automatically"):
            engine.configure({"MultiPV": 2})
        with pytest.raises(EngineError, match="no-such-option"):
            engine.configure({"no-such-option": 1})
        engine.configure({"Hash": 8})
        engine.ping()


def test_uci_analysis_streams_and_stops():
    board = gorgon.Board()
    with gorgon_uci() as engine:
        started = time.monotonic()
        # Its limit is far: it ends early only if stop() works.
        analysis = engine.analysis(board, Limit(time=60))
        seen = []
        for info in analysis:
            seen.append(info)
            if info.get("depth", 0) >= 5:
                # Infos arrive while it still runs: it has no limit.
                assert not analysis.finished
                analysis.stop()
        best = analysis.wait()
        assert time.monotonic() - started < SLACK
        assert board.is_legal(best.move)
        assert analysis.info["depth"] >= 5 and analysis.info["pv"]
        assert [i["depth"] for i in seen if "depth" in i] == sorted(i["depth"] for i in seen if "depth" in i)
        with pytest.raises(AnalysisComplete):
            analysis.get()
        # As a context manager: stopped on the way out, and the engine is
        # ready for the next command.
        with engine.analysis(board, Limit(depth=3), multipv=2) as running:
            first = running.get()
            assert "string" in first or "depth" in first
        assert running.finished
        assert len(running.multipv) == 2 and running.multipv[1]["multipv"] == 2
        assert engine.play(board, Limit(depth=2)).move is not None
        # A new command stops an analysis left running.
        left = engine.analysis(board)
        assert board.is_legal(engine.play(board, Limit(depth=1)).move)
        assert left.finished


# --- gorgon over CECP --------------------------------------------------------


def random_game(variant, plies, seed):
    rng = random.Random(seed)
    board = gorgon.Board(variant=variant)
    for _ in range(plies):
        moves = [m.uci() for m in board.legal_moves]
        if not moves or board.is_game_over():
            break
        # Promotions and transformations are what the XBoard form is about.
        special = [m for m in moves if "(" in m]
        board.push(rng.choice(special) if special and rng.random() < 0.5 else rng.choice(moves))
    return board


def test_xboard_moves_round_trip():
    from gorgon.engine import _from_xboard, _to_xboard

    # Every legal move of the positions of random games (transformations
    # preferred) reads back from its XBoard text, which carries a letter
    # exactly when the piece on the target square changes.
    lettered = 0
    for variant in gorgon.VARIANTS:
        for seed in range(2):
            board = random_game(variant, 100, seed)
            replayed = gorgon.Board(variant=variant)
            for move in board.move_stack:
                moves = [m.uci() for m in replayed.legal_moves]
                # Those that may change the piece (a form written, or a
                # Sword's), and a few others.
                special = [m for m in moves if "(" in m or m[-1] in "91" or m[-2:] == "11"]
                for m in special + moves[:3]:
                    text = _to_xboard(replayed, m)
                    assert "(" not in text
                    assert _from_xboard(replayed, text) == m, (m, text, replayed.fen())
                    lettered += text[-1].isalpha()
                replayed.push(move)
    assert lettered > 10
    # The letters of a Sword's promotion and of a Morph's transformation.
    board = gorgon.Board("4k4/2W6/9/9/9/9/9/9/4K4 w - - 0 1", variant="minipom")
    assert _to_xboard(board, "c8c9") == "c8c9e" and _from_xboard(board, "c8c9e") == "c8c9"
    assert _from_xboard(board, "c8c9E") == "c8c9"
    board = gorgon.Board("4k4/9/9/9/4h4/9/2(A)6/9/4K4 w - - 0 1", variant="minipom")
    assert [_to_xboard(board, m) for m in ("c3e5", "c3e5(H)")] == ["c3e5", "c3e5n"]
    # No letter, or the mover's own (a Morph in Advisor form: B), keeps the form.
    assert [_from_xboard(board, t) for t in ("c3e5", "c3e5b", "c3e5n")] == ["c3e5", "c3e5", "c3e5(H)"]
    with pytest.raises(EngineError, match="legal here: c3e5 c3e5n"):
        _from_xboard(board, "c3e5q")
    with pytest.raises(EngineError, match="illegal move 'c3c9'"):
        _from_xboard(board, "c3c9")


def test_xboard_plays_and_analyses_both_variants():
    with gorgon_xboard() as engine:
        pid = engine.pid
        assert engine.id["name"].startswith("Gorgon")
        assert engine.options["MultiPV"].max == 500
        for variant in gorgon.VARIANTS:
            board = gorgon.Board(variant=variant)
            board.push([m.uci() for m in board.legal_moves][2])
            result = engine.play(board, Limit(time=0.2))
            assert board.is_legal(result.move), (variant, result)
            info = engine.analyse(board, Limit(depth=4))
            assert info["depth"] >= 4 and info["nodes"] > 0 and isinstance(info["time"], float)
            assert isinstance(info["score"], PovScore) and info["score"].turn == gorgon.COLOR_NAMES[board.turn]
            replay(board, info["pv"])
        with pytest.raises(EngineError, match="multipv"):
            engine.analyse(board, Limit(depth=2), multipv=2)
        with pytest.raises(EngineError, match="node limit"):
            engine.play(board, Limit(nodes=100))
        # CECP engines make no move once the game is over, by a draw too.
        drawn = gorgon.Board(variant="minipom")
        for m in ["b1c3", "b9c7", "c3b1", "c7b9"] * 2:
            drawn.push(m)
        assert [m.uci() for m in drawn.legal_moves] and drawn.outcome().termination == gorgon.Termination.THREEFOLD_REPETITION
        with pytest.raises(EngineError, match="repetition"):
            engine.play(drawn, Limit(depth=2))
        # Clocks: level, time and otim.
        clocks = Limit(white_clock=2.0, black_clock=2.0, white_inc=0.1, black_inc=0.1)
        assert board.is_legal(engine.play(board, clocks).move)
    assert_reaped(pid)


def test_xboard_takes_long_games_with_promotions_and_transformations():
    # Games of random moves, transformations preferred: the engine must
    # accept every move in XBoard's form (a refusal is an EngineError) and
    # answer with a legal move, also from a FEN root.
    with gorgon_xboard() as engine:
        for variant in gorgon.VARIANTS:
            for seed in (1, 2):
                board = random_game(variant, 90, seed)
                if not [m.uci() for m in board.legal_moves]:
                    continue
                assert board.is_legal(engine.play(board, Limit(time=0.05)).move)
                rooted = gorgon.Board(board.fen(), variant=variant)
                if [m.uci() for m in rooted.legal_moves]:
                    rooted.push([m.uci() for m in rooted.legal_moves][0])
                    if [m.uci() for m in rooted.legal_moves]:
                        assert rooted.is_legal(engine.play(rooted, Limit(depth=2)).move)


def test_xboard_analysis_streams_and_stops():
    board = gorgon.Board(variant="minipom")
    with gorgon_xboard() as engine:
        started = time.monotonic()
        analysis = engine.analysis(board, Limit(time=60))
        for info in analysis:
            if info["depth"] >= 4:
                analysis.stop()
        analysis.wait()
        assert time.monotonic() - started < SLACK
        assert analysis.info["depth"] >= 4
        # A time limit CECP's analyze mode does not keep: stopped by us.
        started = time.monotonic()
        info = engine.analyse(board, Limit(time=0.5))
        assert 0.4 < time.monotonic() - started < SLACK
        assert info["pv"]
        engine.ping()


# --- misbehaving engines -----------------------------------------------------


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_a_crash_is_reported_with_its_exit_code(protocol):
    engine = random_mover(protocol, "--fault", "crash", "--fault-at", "2")
    pid = engine.pid
    board = gorgon.Board()
    assert board.is_legal(engine.play(board, Limit(time=0.1)).move)
    with pytest.raises(EngineTerminatedError, match=r"engine process died unexpectedly \(exit code: 3\)"):
        engine.play(board, Limit(time=0.1))
    assert_reaped(pid)
    with pytest.raises(EngineTerminatedError):
        engine.play(board, Limit(time=0.1))
    engine.quit()


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_a_hang_times_out_and_the_engine_is_killed(protocol):
    engine = random_mover(protocol, "--fault", "hang", "--fault-at", "1")
    pid = engine.pid
    started = time.monotonic()
    with pytest.raises(TimeoutError, match="did not answer in time"):
        engine.play(gorgon.Board(), Limit(time=0.2))
    elapsed = time.monotonic() - started
    assert TIMEOUT <= elapsed < TIMEOUT + SLACK, elapsed
    assert_reaped(pid)
    with pytest.raises(EngineTerminatedError):
        engine.ping()


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_illegal_moves_are_engine_errors(protocol):
    with random_mover(protocol, "--fault", "illegal", "--fault-at", "1") as engine:
        with pytest.raises(EngineError, match="illegal"):
            engine.play(gorgon.Board(), Limit(time=0.1))
    with random_mover(protocol, "--fault", "badsuffix", "--fault-at", "1") as engine:
        with pytest.raises(EngineError):
            engine.play(gorgon.Board(), Limit(time=0.1))


def test_no_move_and_the_null_move():
    board = gorgon.Board()
    with random_mover("uci", "--fault", "nomove", "--fault-at", "1") as engine:
        assert engine.play(board, Limit(time=0.1)).move is None
    with random_mover("uci", "--fault", "null", "--fault-at", "1") as engine:
        assert engine.play(board, Limit(time=0.1)).move is None
    with random_mover("xboard", "--fault", "nomove", "--fault-at", "1") as engine:
        result = engine.play(board, Limit(time=0.1))
        assert result.resigned and result.move is None
    with random_mover("xboard", "--fault", "null", "--fault-at", "1") as engine:
        with pytest.raises(EngineError, match="@@@@"):
            engine.play(board, Limit(time=0.1))


def test_a_silent_engine_times_out_in_the_handshake(tmp_path):
    command = script_engine(tmp_path, "time.sleep(600)\n")
    started = time.monotonic()
    with pytest.raises(TimeoutError, match="uciok"):
        SimpleEngine.popen_uci(command, timeout=1.0)
    assert time.monotonic() - started < 1.0 + SLACK
    with pytest.raises(TimeoutError, match="feature done=1"):
        SimpleEngine.popen_xboard(command, timeout=1.0)


def test_a_garbage_engine_times_out(tmp_path):
    command = script_engine(
        tmp_path,
        """
        for line in sys.stdin:
            for _ in range(50):
                print("garbage \\x00\\x1b[31m bestmove uciok? feature done=0", flush=True)
        """,
    )
    for popen in (SimpleEngine.popen_uci, SimpleEngine.popen_xboard):
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            popen(command, timeout=1.0)
        assert time.monotonic() - started < 1.0 + SLACK


def test_an_engine_that_dies_in_the_handshake(tmp_path):
    command = script_engine(tmp_path, "sys.stdin.readline()\nprint('id name dying')\nsys.exit(7)\n")
    with pytest.raises(EngineTerminatedError, match=r"exit code: 7"):
        SimpleEngine.popen_uci(command, timeout=TIMEOUT)


def test_garbage_in_a_search(tmp_path):
    command = script_engine(
        tmp_path,
        """
        for line in sys.stdin:
            word = line.split()[0] if line.split() else ""
            if word == "uci":
                print("id name garbage\\nuciok", flush=True)
            elif word == "isready":
                print("readyok", flush=True)
            elif word == "go":
                print("info depth x score cp nonsense pv e3e5 z9z9 e3e5", flush=True)
                print("info depth 2 score mate -3 pv e3e5 zz", flush=True)
                print("what is this", flush=True)
                print("bestmove e3e9", flush=True)
        """,
    )
    with SimpleEngine.popen_uci(command, timeout=TIMEOUT) as engine:
        analysis = engine.analysis(gorgon.Board(), Limit(depth=2))
        infos = [analysis.get(), analysis.get()]
        # Unreadable fields are skipped, a line stops at its first bad move.
        assert infos[0]["pv"] == ["e3e5"] and "depth" not in infos[0]
        assert infos[1]["score"] == PovScore(Mate(-3), WHITE) and infos[1]["depth"] == 2
        with pytest.raises(EngineError, match="illegal uci: 'e3e9'"):
            analysis.wait()
        assert analysis.finished
        with pytest.raises(EngineError, match="illegal uci: 'e3e9'"):
            engine.play(gorgon.Board(), Limit(depth=2))
        # The engine goes on.
        engine.ping()


# --- the process is always reaped -----------------------------------------------


def test_every_way_out_reaps_the_process():
    binary = str(engine_binary("gorgon"))
    engine = SimpleEngine.popen_uci(binary)
    pid = engine.pid
    engine.quit()
    assert_reaped(pid)

    engine = SimpleEngine.popen_xboard(binary)
    pid = engine.pid
    engine.close()
    assert_reaped(pid)

    with SimpleEngine.popen_uci(binary) as engine:
        pid = engine.pid
        engine.analysis(gorgon.Board())  # left running
    assert_reaped(pid)

    engine = SimpleEngine.popen_uci(binary)
    pid = engine.pid
    engine.analysis(gorgon.Board())
    del engine
    gc.collect()
    assert_reaped(pid)


def test_a_missing_binary_is_an_engine_error(tmp_path):
    with pytest.raises(EngineError, match="cannot start engine"):
        SimpleEngine.popen_uci(str(tmp_path / "no-such-engine"))


def test_ctrl_c_leaves_the_engine_usable():
    # Ctrl-C in a long search: KeyboardInterrupt at once, and the next
    # command stops the search left running first.
    board = gorgon.Board()
    with gorgon_uci() as engine:
        timer = threading.Timer(0.5, _thread.interrupt_main)
        started = time.monotonic()
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                engine.analyse(board, Limit(time=60))
        finally:
            timer.cancel()
        assert time.monotonic() - started < SLACK
        assert board.is_legal(engine.play(board, Limit(depth=2)).move)


def test_setpgrp_puts_the_engine_in_its_own_session():
    binary = str(engine_binary("gorgon"))
    with SimpleEngine.popen_uci(binary, setpgrp=True) as engine:
        assert os.getsid(engine.pid) == engine.pid != os.getsid(0)
    with SimpleEngine.popen_uci(binary) as engine:
        assert os.getsid(engine.pid) == os.getsid(0)


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_analysis_stopped_from_another_thread(protocol):
    # python-chess's pattern: one thread reads the infos, another (a GUI's
    # button) stops the analysis.
    board = gorgon.Board(variant="minipom")
    with gorgon_uci() if protocol == "uci" else gorgon_xboard() as engine:
        analysis = engine.analysis(board, Limit(time=60))
        timer = threading.Timer(0.5, analysis.stop)
        started = time.monotonic()
        timer.start()
        infos = list(analysis)
        timer.join()
        assert time.monotonic() - started < SLACK
        assert infos and analysis.finished and analysis.info["pv"]
        engine.ping()
