"""gorgon.batch: many positions and PGN files analysed into flat records,
with tqdm's progress bar, loading into pandas as they are."""

import dataclasses
import sys

import pytest

import gorgon
from conftest import ROOT, engine_binary, mates
from gorgon.batch import MoveRecord, PositionRecord, analyse_pgn, analyse_positions, iter_positions
from gorgon.engine import Limit, SimpleEngine

SAMPLE = ROOT / "docs" / "analysis" / "sample-game.pgn"


@pytest.fixture(scope="module")
def engine():
    return gorgon.Engine(threads=1, hash_mb=16)


def test_positions_scores_are_from_whites_view(engine):
    rows = mates()[:6]
    boards = [gorgon.Board(fen, variant=variant) for _, variant, fen, _, _ in rows]
    assert {b.turn for b in boards} == {gorgon.WHITE, gorgon.BLACK}, "the sample needs both sides to move"
    records = analyse_positions(boards, engine, Limit(depth=5), progress=False)
    assert [r.index for r in records] == list(range(len(rows)))
    for record, board, (name, _, _, mate_in, solutions) in zip(records, boards, rows):
        assert isinstance(record, PositionRecord)
        assert record.fen == board.fen() and record.turn == gorgon.COLOR_NAMES[board.turn]
        # The side to move mates: positive for White, negative for Black.
        assert record.mate == (mate_in if board.turn else -mate_in), (name, record)
        assert record.score_cp is None
        assert record.best_move in solutions and record.pv.split()[0] == record.best_move
        assert record.depth >= 1 and record.nodes > 0


def test_positions_from_fens_and_bad_fens(engine):
    fens = [gorgon.start_fen("minipom"), gorgon.Board(variant="minipom").fen()]
    records = analyse_positions(iter(fens), engine, Limit(nodes=2000), variant="minipom", progress=False)
    assert len(records) == 2 and records[0].variant == "minipom"
    assert gorgon.Board(variant="minipom").is_legal(records[0].best_move)
    with pytest.raises(ValueError, match="position 1"):
        analyse_positions([fens[0], "not a fen"], engine, Limit(depth=1), variant="minipom", progress=False)
    with pytest.raises(ValueError, match="time, depth or nodes"):
        analyse_positions(fens, engine, Limit(), variant="minipom", progress=False)


def test_a_pgn_file_move_by_move(engine):
    records = analyse_pgn(SAMPLE, engine, Limit(depth=3), progress=False)
    game = gorgon.read_pgn(SAMPLE.read_text(encoding="utf-8"))[0]
    assert len(records) == len(game.moves) == 49
    assert all(isinstance(r, MoveRecord) for r in records)
    assert [r.move for r in records] == game.moves
    assert [r.ply for r in records] == list(range(49))
    assert records[0].fen == gorgon.start_fen("pom") and records[0].color == "white"
    assert records[1].color == "black" and records[2].move_number == 2
    for before, after in zip(records, records[1:]):
        # Each position is analysed once: the evaluation after a move is the
        # one before the next.
        assert (before.score_after_cp, before.mate_after) == (after.score_cp, after.mate)
        board = gorgon.Board(before.fen)
        assert board.is_legal(before.best_move)
        # The loss is the drop of the evaluation for the side that moved.
        sign = 1 if before.color == "white" else -1
        if before.mate is None and before.mate_after is None:
            assert before.loss_cp == sign * (before.score_cp - before.score_after_cp)
    # The same from a PGN text.
    again = analyse_pgn(SAMPLE.read_text(encoding="utf-8"), engine, Limit(depth=3), progress=False)
    assert [r.move for r in again] == game.moves


def test_records_load_into_pandas(engine):
    pandas = pytest.importorskip("pandas", reason="pandas is installed by scripts/python-tests.sh")
    records = analyse_pgn(SAMPLE, engine, Limit(depth=2), progress=False)
    frame = pandas.DataFrame(records)
    assert list(frame.columns) == [f.name for f in dataclasses.fields(MoveRecord)]
    assert len(frame) == 49 and frame["game"].eq(0).all()
    assert frame["loss_cp"].dtype.kind == "i"
    assert frame.loc[0, "move"] == "e3e5"


def test_any_engine_over_a_pipe():
    positions = [gorgon.Board(), gorgon.Board(variant="minipom")]
    with SimpleEngine.popen_uci(str(engine_binary("gorgon"))) as engine:
        records = analyse_positions(positions, engine, Limit(depth=3), progress=False)
    assert [r.variant for r in records] == ["pom", "minipom"]
    for record, board in zip(records, positions):
        assert record.depth == 3 and board.is_legal(record.best_move) and record.score_cp is not None


def test_the_progress_bar(engine, capsys):
    pytest.importorskip("tqdm", reason="tqdm is installed by scripts/python-tests.sh")
    boards = [gorgon.Board(variant="minipom")] * 3
    analyse_positions(boards, engine, Limit(depth=1), progress=True)
    err = capsys.readouterr().err
    assert "positions" in err and "3/3" in err
    analyse_positions(boards, engine, Limit(depth=1), progress=False)
    assert capsys.readouterr().err == ""
    # Games: one step per position (49 moves, 50 positions).
    analyse_pgn(SAMPLE, engine, Limit(depth=1), progress=True)
    assert "50/50" in capsys.readouterr().err


def test_progress_without_tqdm(engine, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    boards = [gorgon.Board(variant="minipom")]
    with pytest.raises(ImportError, match=r"gorgon\[progress\]"):
        analyse_positions(boards, engine, Limit(depth=1), progress=True)
    # By default it goes without.
    assert len(list(iter_positions(boards, engine, Limit(depth=1)))) == 1
