"""gorgon.Board: the rules from Python, checked against the project's oracles."""

import copy
import shutil
import subprocess

import pytest

import gorgon
import gorgon.variant
from gorgon import Move
from conftest import ROOT, mates, perft_suite, sample_game

POM_START = "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHT w AKak - 0 1"
MINI_START = "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1"

# The sample game of RULES.md 11 as the pamphlet writes it (the moves of
# engine/rules/tests/data/sample_game.txt), one entry per half-move.
SAMPLE_BOOK = [
    "E3 - E5", "H10 - H8", "ME - C5", "G9 -G7", "P - C3", "P - I9", "S - D4", "P - D8",
    "ME - C8 +", "MA - E10", "(A) - B7", "H - A9", "ME x D8", "MA x B7", "ME x B10", "Q - E10",
    "ME x A11", "MA - A6+", "D3", "ME - E11", "ME x A10", "Q - D9", "P - D5", "S - F10",
    "MA - E3", "MA - G10", "MA - C4", "MA x C4", "S x C4", "(A) - D7", "ME - B10", "S - D11 ???",
    "ME x C11", "H - H10", "MA - J3", "MA - E8", "P - I3", "A - F9", "P x I9", "J x I9",
    "MA x E8", "A x E8", "P x D7", "A x D7", "S x I10", "T - H11", "ME x D11 !", "ME x D11",
    "S - G9 #",
]

# PERFT.md F: the sample game after 8.ME x B10, played from the real start.
AFTER_PLY_15 = "t1a1qksamht/wEww1e2www/h3w(a)2p2/5w1w3/1m4w4/11/4W6/3S1W5/2P3W4/WWWW2PWWWW/THAMQK1AMHT b AKak - 0 8"


def test_module_constants():
    assert gorgon.VARIANTS == ("pom", "minipom")
    assert isinstance(gorgon.__version__, str) and gorgon.__version__.count(".") == 2
    assert gorgon.start_fen("pom") == POM_START
    assert gorgon.start_fen("minipom") == MINI_START
    with pytest.raises(ValueError, match="unknown variant"):
        gorgon.start_fen("chess")


def test_start_positions():
    b = gorgon.Board()
    assert b.variant == "pom" and b.fen() == POM_START
    assert b.turn == gorgon.WHITE and b.fullmove_number == 1 and b.halfmove_clock == 0 and b.ply() == 0
    assert len(b.legal_moves) == 43
    m = gorgon.variant.MiniPomBoard()
    assert m.variant == "minipom" and m.fen() == MINI_START
    assert len(m.legal_moves) == 24
    assert gorgon.Board(variant="MiniPOM").variant == "minipom"
    # The FEN's shape says the variant.
    assert gorgon.Board(MINI_START).variant == "minipom"


def test_sample_game_coordinates():
    moves, final_fen = sample_game()
    assert len(moves) == 49
    b = gorgon.Board()
    for ply, mv in enumerate(moves, start=1):
        b.push(mv)
        assert b.peek().uci() == mv
        assert b.ply() == ply
        if ply == 15:  # after 8. d8b10 (8.ME x B10)
            assert b.fen() == AFTER_PLY_15
            names = ["a9", "a10", "c10", "a11", "c11"]
            # In square order: rank by rank, files a to k.
            assert [gorgon.square_name(sq) for sq in b.petrified(gorgon.BLACK)] == names
            assert b.petrified(gorgon.BLACK) == {gorgon.parse_square(n) for n in names}
            assert not b.petrified(gorgon.WHITE) and len(b.petrified(gorgon.WHITE)) == 0
            assert b.petrified() == b.petrified(gorgon.BLACK)
            assert b.is_petrified(gorgon.A9) and not b.is_petrified(gorgon.B9) and not b.is_petrified(gorgon.E1)
    assert b.fen() == final_fen
    assert b.is_check()
    assert b.turn == gorgon.BLACK
    assert sorted(m.uci() for m in b.legal_moves) == ["d11f9", "d11g8"]
    assert b.outcome() is None and not b.is_game_over()
    assert [m.uci() for m in b.move_stack] == moves
    for mv in reversed(moves):
        assert b.pop() == gorgon.Move.from_uci(mv)
    assert b.fen() == POM_START
    assert b.move_stack == []
    with pytest.raises(IndexError):
        b.pop()


def test_sample_game_book_notation():
    moves, final_fen = sample_game()
    b = gorgon.Board()
    played = [b.push_book(text).uci() for text in SAMPLE_BOOK]
    assert played == moves
    assert b.fen() == final_fen


def test_book_notation_round_trip():
    moves, _ = sample_game()
    b = gorgon.Board()
    for mv in moves:
        text = b.book_notation(mv)
        c = b.copy()
        assert c.push_book(text).uci() == mv
        b.push(mv)
    start = gorgon.Board()
    assert start.book_notation("e3e5") == "E3 - E5"
    start.push("e3e5")
    start.push("h10h8")
    assert start.book_notation("f2c5") == "ME - C5"


def test_book_castling():
    # PERFT.md A: White may castle f1k1 only.
    fen = "t4k4t/wwm1q2w1ww/2w3shp2/11/11/4h6/3E2e4/5W5/2W3S1M2/WWP4W1WW/TH1AQK4T w Kak - 0 1"
    b = gorgon.Board(fen)
    assert b.book_notation("f1k1") == "O-O-K"
    assert b.push_book("O-O-K").uci() == "f1k1"
    assert b.push_book("O-O-A").uci() == "f11a11"
    with pytest.raises(ValueError, match="O-O-A"):
        gorgon.Board(fen).push_book("O-O-A")


def test_bad_book_moves():
    b = gorgon.Board()
    for text in ["", "hello", "T - A5", "ME x B10", "1. E3 - E5", "E3 - E5 and more"]:
        with pytest.raises(ValueError) as info:
            b.push_book(text)
        assert "book move" in str(info.value)
    with pytest.raises(ValueError, match="no legal move matches"):
        b.push_book("T - A5")
    assert b.fen() == POM_START and b.move_stack == []


def test_perft_suite():
    rows = perft_suite()
    assert len(rows) >= 45
    checked = 0
    for name, variant, fen, depth, nodes in rows:
        if nodes > 1_000_000:
            continue
        assert gorgon.Board(fen, variant=variant).perft(depth) == nodes, (name, depth)
        checked += 1
    assert checked >= 30


def test_perft_known_counts():
    assert [gorgon.Board().perft(d) for d in (1, 2, 3)] == [43, 1843, 87372]
    assert [gorgon.variant.MiniPomBoard().perft(d) for d in (1, 2, 3)] == [24, 576, 15272]
    # PERFT.md J, from its FEN.
    j = gorgon.Board("5k5/11/11/11/11/11/2t8/11/4h1E4/11/T4K3T1 w A - 0 1")
    assert [j.perft(d) for d in (1, 2, 3)] == [8, 232, 10838]
    # 4 King moves, the capture g3e3 and the Medusa parries g3f2 g3f3 g3f4.
    texts = [m.uci() for m in j.legal_moves]
    assert len(j.legal_moves) == 8
    assert {"g3e3", "g3f2", "g3f3", "g3f4"} <= set(texts)
    assert [m for m in texts if not m.startswith("g3")] == [m for m in texts if m.startswith("f1")]
    assert j.perft(0) == 1
    for bad in (-1, 33, 10**9):
        with pytest.raises(ValueError, match="perft depth"):
            j.perft(bad)


BAD_FENS = [
    ("", "placement"),
    ("xyz", "side to move"),
    (POM_START.replace(" w ", " x "), "side to move"),
    ("11/11/11/11/11/11/11/11/11/11/11 w - - 0 1", "King"),
    (POM_START.replace(" 0 1", " zz 1"), "halfmove clock"),
    ("k12/11/11/11/11/11/11/11/11/11/5K5 w - - 0 1", "rank 11"),
    (MINI_START, "rank"),  # a 9x9 FEN is no 11x11 position
]


@pytest.mark.parametrize("fen,field", BAD_FENS)
def test_bad_fen(fen, field):
    with pytest.raises(ValueError) as info:
        gorgon.Board(fen, variant="pom")
    message = str(info.value)
    assert message.startswith("FEN "), message
    assert field in message
    binary = ROOT / "target" / "release" / "gorgon"
    if binary.exists() and fen:
        # The engine's own words: what the binary prints for the same FEN.
        out = subprocess.run(
            [str(binary), "perft", "--variant", "pom", "--fen", fen, "--depth", "1"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode != 0
        assert out.stderr.strip() == f"error: {message}"


def test_bad_variant():
    with pytest.raises(ValueError, match="unknown variant 'chess'"):
        gorgon.Board(variant="chess")
    with pytest.raises(ValueError, match="FEN"):
        gorgon.Board("chess")
    # No FEN is the start position (an empty board is no position here).
    assert gorgon.Board(None).fen() == POM_START


def test_bad_moves_leave_the_board_alone():
    b = gorgon.Board()
    b.push("e3e5")
    before = (b.fen(), b.move_stack)
    cases = {
        "e3e6": "no piece on e3",
        "": "expected a square",
        "zz": "expected a square",
        "a1a12": "not on the board",
        "h10h7": "illegal in this position",
        "e5e6": "not the side to move's",  # a White Sword, Black to move
        "h10h8(Q)": "wrong suffix",
    }
    for text, words in cases.items():
        with pytest.raises(ValueError) as info:
            b.push(text)
        assert str(info.value).startswith(f"move '{text}'")
        assert words in str(info.value)
        assert not b.is_legal(text)
        with pytest.raises(ValueError):
            b.parse_move(text)
        assert (b.fen(), b.move_stack) == before


def test_parse_move_and_aliases():
    b = gorgon.Board()
    assert b.parse_move(" e3e5 ") == "e3e5"
    assert b.is_legal("e3e5")
    assert b.fen() == POM_START
    # Mini-POM: the Medusa-Morph swap, written as a castling-style move.
    m = gorgon.variant.MiniPomBoard()
    swaps = [mv.uci() for mv in m.legal_moves if mv.uci().startswith("f1")]
    assert swaps and all(m.is_legal(s) for s in swaps)


def test_outcome_checkmate():
    found = 0
    for name, variant, fen, mate_in, solutions in mates():
        if mate_in != 1:
            continue
        b = gorgon.Board(fen, variant=variant)
        mover = b.turn
        assert b.outcome() is None and b.result() == "*"
        b.push(solutions[0])
        o = b.outcome()
        assert o is not None, name
        assert o.termination == gorgon.Termination.CHECKMATE
        assert o.winner is mover
        assert o.result() == b.result() == ("1-0" if mover else "0-1")
        assert b.is_game_over() and b.is_check() and b.is_checkmate() and not b.is_stalemate()
        assert list(b.legal_moves) == [] and not b.legal_moves
        assert repr(o) == f"Outcome(termination=Termination.CHECKMATE, winner={mover})"
        found += 1
    assert found >= 6


def test_outcome_stalemate():
    b = gorgon.Board("k10/2Q8/11/11/11/11/11/11/11/11/5K5 b - - 0 1")
    assert len(b.legal_moves) == 0 and not b.is_check() and b.is_stalemate() and not b.is_checkmate()
    o = b.outcome()
    assert (o.result(), o.termination, o.winner) == ("1/2-1/2", gorgon.Termination.STALEMATE, None)
    assert o == b.copy().outcome() and len({o, b.outcome()}) == 1
    assert repr(o) == "Outcome(termination=Termination.STALEMATE, winner=None)"


def test_outcome_repetition():
    b = gorgon.Board()
    shuffle = ["b1a3", "b11a9", "a3b1", "a9b11"]
    for mv in shuffle:
        b.push(mv)
    assert b.outcome() is None  # the start position stood twice
    assert b.is_repetition(2) and not b.is_repetition() and not b.can_claim_draw()
    for mv in shuffle:
        b.push(mv)
    o = b.outcome()
    assert (o.result(), o.termination, o.winner) == ("1/2-1/2", gorgon.Termination.THREEFOLD_REPETITION, None)
    assert b.is_game_over() and b.is_repetition(3) and not b.is_repetition(4)
    assert b.can_claim_threefold_repetition() and b.can_claim_draw() and not b.can_claim_fifty_moves()
    b.pop()
    assert b.outcome() is None


def test_outcome_fifty_moves():
    b = gorgon.Board(POM_START.replace(" 0 1", " 99 60"))
    assert b.outcome() is None and b.halfmove_clock == 99
    b.push("b1c3")
    assert b.halfmove_clock == 100
    o = b.outcome()
    assert (o.result(), o.termination, o.winner) == ("1/2-1/2", gorgon.Termination.FIFTY_MOVES, None)
    assert b.is_fifty_moves() and b.can_claim_fifty_moves() and b.can_claim_draw()
    b.pop()
    b.push("e3e5")  # a Sword move resets the clock
    assert b.halfmove_clock == 0 and b.outcome() is None


def test_outcome_insufficient_material():
    b = gorgon.Board("k10/11/11/11/11/11/11/11/11/11/5K4H w - - 0 1")
    assert b.outcome().termination == gorgon.Termination.INSUFFICIENT_MATERIAL
    assert b.is_insufficient_material()


def test_copy_is_independent():
    b = gorgon.Board()
    b.push("e3e5")
    for c in (b.copy(), copy.copy(b), copy.deepcopy(b)):
        assert c == b and c is not b
        c.push("h10h8")
        assert c != b
        assert [m.uci() for m in b.move_stack] == ["e3e5"]
        assert [m.uci() for m in c.move_stack] == ["e3e5", "h10h8"]
        assert c.pop().uci() == "h10h8" and c.pop().uci() == "e3e5"
        assert b.fen() != c.fen()
    assert gorgon.Board() != gorgon.variant.MiniPomBoard()
    assert gorgon.Board() != "not a board"


def test_str_and_repr():
    b = gorgon.Board()
    b.push("e3e5")
    text = str(b)
    assert text.startswith(" +----+")
    assert " | t  | h  | a  | m  | q  | k  | s  | a  | m  | h  | t  | 11" in text
    assert f"Fen: {b.fen()}" in text
    assert "Side to move: black" in text
    assert "Status: game in progress" in text
    assert repr(b) == f"Board('{b.fen()}')"
    assert eval(repr(b), {"Board": gorgon.Board}) == b
    # Petrified pieces are marked.
    moves, _ = sample_game()
    s = gorgon.Board()
    for mv in moves[:15]:
        s.push(mv)
    assert "Petrified: white - / black a9 a10 c10 a11 c11" in str(s)
    rank11 = next(line for line in str(s).splitlines() if line.endswith(" 11"))
    assert rank11.startswith(" | t* |")


def test_turn_and_counters():
    b = gorgon.variant.MiniPomBoard()
    b.push(next(iter(b.legal_moves)))
    assert b.turn == gorgon.BLACK and b.fullmove_number == 1 and b.ply() == 1
    b.push(next(iter(b.legal_moves)))
    assert b.turn == gorgon.WHITE and b.fullmove_number == 2 and b.ply() == 2
    with pytest.raises(TypeError):
        b.petrified("green")


def test_legal_moves_match_perft_one():
    for variant, fen, *_ in [(v, f) for _, v, f, d, n in perft_suite() if d == 1]:
        b = gorgon.Board(fen, variant=variant)
        moves = list(b.legal_moves)
        assert len(moves) == len(set(moves)) == len(b.legal_moves) == b.perft(1)
        for mv in moves:
            assert b.parse_move(mv.uci()) == mv.uci() and b.parse_uci(mv.uci()) == mv
            assert b.is_legal(mv) and mv in b.legal_moves
            assert Move.from_uci(mv.uci()) == mv
            # SAN, python-chess's, written and read by the rules.
            assert b.parse_san(b.san(mv)) == mv


def test_perft_interrupted():
    import _thread
    import threading
    import time

    b = gorgon.Board()
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        b.perft(9)
    timer.cancel()
    assert time.monotonic() - start < 20
    assert b.perft(1) == 43
