"""gorgon.read_pgn: the rules' one PGN reader, in both dialects."""

import pytest

import gorgon
from conftest import ROOT

DATA = ROOT / "engine" / "rules" / "tests" / "data"


def test_xboards_own_files_read_back():
    pom = gorgon.read_pgn((DATA / "xboard-pom-game.pgn").read_text())
    assert len(pom) == 1
    game = pom[0]
    # The class is `gorgon.Game` (in Rust too, since issue 46: one name per thing).
    assert type(game) is gorgon.Game and gorgon.Game.__name__ == "Game"
    assert (game.variant, game.dialect, len(game), game.result) == ("pom", "xboard", 215, "1-0")
    assert game.written[:3] == ["Mc3", "Ha9", "g5"]
    assert game.moves[0] == "d1c3"
    assert game.tag("variantmen").startswith("W:fmWfcFifmnD;")
    assert game.start_fen == gorgon.start_fen("pom")
    board = game.board()
    assert [m.uci() for m in board.move_stack] == game.moves
    assert game.board(1).fen() != game.start_fen

    (mini,) = gorgon.read_pgn((DATA / "xboard-minipom-game.pgn").read_text())
    assert (mini.variant, len(mini), mini.result) == ("minipom", 258, "*")
    # 21... O-O: castling toward the last file, in coordinates e9h9.
    assert mini.written[41] == "O-O" and mini.moves[41] == "e9h9"


def test_gorgons_coordinates_and_errors():
    (game,) = gorgon.read_pgn('[Variant "minipom"]\n\n1. f1c1 e8e6 *\n')
    assert (game.dialect, game.moves, game.result) == ("gorgon", ["f1c1", "e8e6"], "*")
    with pytest.raises(ValueError, match=r"game 1 .*move 1\. Hc9"):
        gorgon.read_pgn("1. Hc9 *\n", file="bad.pgn")
    with pytest.raises(ValueError):
        game.board(3)
