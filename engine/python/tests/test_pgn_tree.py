"""gorgon.pgn: game trees read, edited, visited and written as python-chess does."""

import io
import subprocess

import pytest

import gorgon
import gorgon.pgn as pgn
from conftest import ROOT, sample_game

DATA = ROOT / "engine" / "rules" / "tests" / "data"

# Nested side lines, comments before and after moves, glyphs (the rules'
# own test of variations, engine/rules/src/text/pgn/mod.rs).
WITH_LINES = """[Event "lines"]
[Variant "pom"]

{before the game} 1. e3e5 {a} (1. e3e4 {why not} h10h8 (1... g9g7 $2 2. e4e5) 2. f2c5) (1. g3g5!?) h10h8
2. f2c5 ({first} 2. e2c3 g9g7 (2... d10d8)) g9g7 ; a rest-of-line comment (2... x9x9
3. e2c3 $1 {b} 1-0
"""


def committed_pgns():
    """Every PGN file of the repository (XBoard's saved games, self-play,
    the runner's and annotate's games, the fuzzer's seeds)."""
    out = subprocess.run(["git", "ls-files", "*.pgn"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / p for p in out.split()]


def written(comment):
    """A comment as the rules' one comment escaper writes it and the reader
    reads it back: braces as parentheses, line breaks and other control
    characters as spaces, trimmed (XBoard's diagrams lose their lines)."""
    text = "".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in comment)
    return text.replace("{", "(").replace("}", ")").strip()


def shape(node, comment=lambda c: c):
    """A node's subtree as plain data: what a round trip must keep."""
    return (
        node.move,
        tuple(comment(c) for c in node.comments),
        tuple(comment(c) for c in node.starting_comments),
        tuple(sorted(node.nags)),
        tuple(shape(v, comment) for v in node.variations),
    )


def read_all(text):
    handle = io.StringIO(text)
    games = []
    while (game := pgn.read_game(handle)) is not None:
        games.append(game)
    return games


def test_a_tree_with_nested_lines_comments_and_glyphs():
    game = pgn.read_game(io.StringIO(WITH_LINES))
    assert game.headers["Event"] == "lines" and game.variant == "pom" and game.dialect == "gorgon"
    assert game.comment == "before the game"
    assert [n.move for n in game.mainline()] == ["e3e5", "h10h8", "f2c5", "g9g7", "e2c3"]
    assert list(game.mainline_moves()) == ["e3e5", "h10h8", "f2c5", "g9g7", "e2c3"]
    first = game.variations[0]
    assert first.comment == "a" and first.parent is game and first.ply() == 1
    assert [v.move for v in game.variations] == ["e3e5", "e3e4", "g3g5"]
    side = game.variations[1]
    assert side.comment == "why not" and side.variations[0].move == "h10h8"
    nested = side.variations[0].parent.variations[0].parent  # the same node, walked
    assert nested is side
    assert [v.move for v in side.variations] == ["h10h8", "g9g7"]
    assert side.variations[1].nags == {2}
    assert game.variations[2].nags == {5}  # `!?`
    reply = first.variations[0]  # 1... h10h8: 2. f2c5, or ({first} 2. e2c3)
    assert [v.move for v in reply.variations] == ["f2c5", "e2c3"]
    assert reply.variations[1].starting_comment == "first" and reply.variations[0].starting_comment == ""
    assert game.end().nags == {1} and game.end().comment == "b"
    assert game.end().ply() == 5 and game.end().turn() is gorgon.BLACK
    assert [m.uci() for m in game.end().board().move_stack] == list(game.mainline_moves())
    assert game.headers.get("Result") is None and str(game).endswith("1-0")


def test_written_trees_read_back_byte_stable():
    game = pgn.read_game(io.StringIO(WITH_LINES))
    text = str(game)
    again = pgn.read_game(io.StringIO(text))
    assert shape(again) == shape(game)
    assert str(again) == text
    # The exporter's options, python-chess's names.
    for options in [{}, {"columns": 40}, {"columns": None}]:
        out = game.accept(pgn.StringExporter(**options))
        assert shape(pgn.read_game(io.StringIO(out))) == shape(game)
        if options.get("columns"):
            assert all(len(line) < options["columns"] for line in out.splitlines() if " " in line)
    bare = game.accept(pgn.StringExporter(headers=False, comments=False, variations=False))
    assert bare == "1. e3e5 h10h8 2. f2c5 g9g7 3. e2c3 1-0"
    assert "{" not in game.accept(pgn.StringExporter(comments=False))
    assert "(" not in game.accept(pgn.StringExporter(variations=False))


@pytest.mark.parametrize("path", committed_pgns(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_committed_game_round_trips(path):
    games = read_all(path.read_text())
    assert games, path
    assert len(games) == len(gorgon.read_pgn(path.read_text()))
    for game in games:
        text = str(game)
        exported = game.accept(pgn.StringExporter())
        again = pgn.read_game(io.StringIO(text))
        assert shape(again) == shape(game, written) and again.headers == game.headers
        assert str(again) == text
        assert shape(pgn.read_game(io.StringIO(str(again)))) == shape(again)
        assert pgn.read_game(io.StringIO(exported)).accept(pgn.StringExporter()) == exported
        # The same moves as the flat reader's.
        assert list(game.mainline_moves()) == gorgon.read_pgn(text)[0].moves


def test_gorgons_own_files_are_written_back_byte_for_byte():
    """A file the project's PGN writer made (self-play, annotate) is what
    the exporter writes: the same writer."""
    for name in ["pom-self-play.pgn", "minipom-self-play.pgn"]:
        text = (DATA / name).read_text()
        (game,) = read_all(text)
        assert game.accept(pgn.StringExporter()) == text.rstrip("\n")


def test_xboard_games_are_written_in_xboards_san():
    game = pgn.read_game(open(DATA / "xboard-pom-game.pgn"))
    assert game.dialect == "xboard"
    first = game.next()
    assert first.uci() == "d1c3" and first.san() == "Md1c3"  # the file has Mc3: Gorgon writes XBoard's fallback
    assert "1. Md1c3 " in str(game)
    # XBoard's own tags stay, so XBoard's reader is chosen again.
    assert game.headers["VariantMen"].startswith("W:")


def test_edits_promote_and_write():
    game = pgn.Game("minipom")
    assert game.headers["Variant"] == "minipom" and game.headers["Result"] == "*"
    a = game.add_variation("f1c1", comment="the usual")
    b = game.add_variation("e2e4", starting_comment="x")
    c = game.add_main_variation("d2d4", nags=[1])
    assert [v.move for v in game.variations] == ["d2d4", "f1c1", "e2e4"]
    game.promote_to_main("e2e4")
    assert game.variations[0] is b and game.variation(1) is c and game.variation("f1c1") is a
    game.promote("f1c1")
    game.demote(0)
    assert [v.move for v in game.variations] == ["f1c1", "e2e4", "d2d4"]
    a.add_variation("e8e6").add_variation("e2e4")
    assert game.end().ply() == 3 and game.end().turn() is gorgon.BLACK
    with pytest.raises(ValueError):
        a.add_variation("e1e9")
    text = str(game)
    assert text.endswith('[Variant "minipom"]\n\n1. f1c1 {the usual} ({x} 1. e2e4) (1. d2d4 $1) 1... e8e6 2. e2e4 *')
    assert shape(pgn.read_game(io.StringIO(text))) == shape(game)
    game.remove_variation("e2e4")
    assert not game.has_variation("e2e4") and game.has_variation("d2d4")


def test_engine_comments_are_read_as_evals():
    # cutechess's form: being mated in 2 moves is 4 plies, -M4.
    text = '[Variant "pom"]\n\n1. e3e5 {+0.35/12 0.02s} h10h8 {-M4/20 0.10s} 2. f2c5 {book} *\n'
    game = pgn.read_game(io.StringIO(text))
    first, second, third = game.mainline()
    assert first.eval() == pgn.Eval("white", 35, None, 12, 0.02)
    assert second.eval() == pgn.Eval("black", None, -2, 20, 0.1)
    assert second.eval().white() == pgn.Eval("white", None, 2, 20, 0.1)
    assert first.eval().pov("black").cp == -35 and first.eval_depth() == 12
    assert third.eval() is None and game.eval() is None
    # The runner's own games.
    games = read_all((DATA / "sample_game.pgn").read_text())
    assert games[0].next().eval() == pgn.Eval("white", 10, None, 12, 0.5)


class Counter(pgn.BaseVisitor):
    def __init__(self):
        self.events = []

    def visit_header(self, name, value):
        self.events.append(("tag", name))

    def visit_move(self, board, move):
        assert board.is_legal(move)
        self.events.append(("move", move))

    def visit_comment(self, comment):
        self.events.append(("comment", comment))

    def visit_nag(self, nag):
        self.events.append(("nag", nag))

    def begin_variation(self):
        self.events.append("(")

    def end_variation(self):
        self.events.append(")")

    def visit_result(self, result):
        self.events.append(("result", result))

    def result(self):
        return self.events


def test_visitors_see_pgns_order_and_can_skip():
    game = pgn.read_game(io.StringIO(WITH_LINES))
    events = game.accept(Counter())
    moves = [e[1] for e in events if e[0] == "move"]
    assert moves[:6] == ["e3e5", "e3e4", "h10h8", "g9g7", "e4e5", "f2c5"]
    assert events.count("(") == events.count(")") == 5
    assert events[-1] == ("result", "1-0") and ("nag", 2) in events
    # read_game with a visitor hands it the game.
    assert pgn.read_game(io.StringIO(WITH_LINES), Visitor=Counter) == events

    class MainOnly(Counter):
        def begin_variation(self):
            return pgn.SKIP

    main = [e[1] for e in game.accept(MainOnly()) if e[0] == "move"]
    assert main == list(game.mainline_moves())
    # A subtree: the node's move and what follows it.
    sub = [e[1] for e in game.variations[1].accept(Counter()) if e[0] == "move"]
    assert sub == ["e3e4", "h10h8", "g9g7", "e4e5", "f2c5"]


def test_headers_only_and_skipping():
    text = (DATA / "sample_game.pgn").read_text()
    games = read_all(text)
    handle = io.StringIO(text)
    names = []
    while (headers := pgn.read_headers(handle)) is not None:
        names.append(headers.get("Event"))
    assert names == [g.headers.get("Event") for g in games] and len(names) == 3
    handle = io.StringIO(text)
    assert pgn.skip_game(handle)
    assert pgn.read_game(handle).headers == games[1].headers
    assert pgn.skip_game(handle) and not pgn.skip_game(handle)
    assert pgn.read_game(handle) is None
    # A game without a result token ends at the next game's tags, in a
    # file that can seek (put back there) or not (the line kept).
    two = '[Event "a"]\n1. e3e5\n[Event "b"]\n1. g3g5 *\n'
    assert [g.headers["Event"] for g in read_all(two)] == ["a", "b"]

    class Pipe(io.StringIO):
        def seekable(self):
            return False

    pipe = Pipe(two)
    assert [pgn.read_game(pipe).headers["Event"] for _ in range(2)] == ["a", "b"]
    assert pgn.read_game(pipe) is None
    # python-chess's index of a file: tell() before each game, seek() back.
    handle = io.StringIO(two + text)
    offsets = []
    while True:
        offset = handle.tell()
        if pgn.read_headers(handle) is None:
            break
        offsets.append(offset)
    assert len(offsets) == 5
    handle.seek(offsets[1])
    assert list(pgn.read_game(handle).mainline_moves()) == ["g3g5"]
    handle.seek(offsets[3])
    assert pgn.read_game(handle).headers == games[1].headers
    assert read_all("\n\n") == []


def test_bad_games_raise_naming_where_and_the_others_are_kept():
    good = '[Event "good"]\n[Variant "pom"]\n\n1. e3e5 h10h8 *\n\n'
    illegal_side_line = '[Event "side"]\n[Variant "pom"]\n\n1. e3e5 h10h8\n2. f2c5 (2. e3e9) g9g7 *\n\n'
    wrong_fen = f'[Event "fen"]\n[Variant "pom"]\n[FEN "{gorgon.start_fen("minipom")}"]\n\n1. f1c1 *\n\n'
    truncated = '[Event "cut"]\n[Variant "pom"]\n\n1. e3e5 {an unterminated comment\n'
    handle = io.StringIO(good + illegal_side_line + good + wrong_fen + good + truncated)
    handle.name = "mixed.pgn"
    assert pgn.read_game(handle).headers["Event"] == "good"
    with pytest.raises(pgn.PgnError, match=r"mixed\.pgn:10: game 2 \(side\): in a variation, move 2\. e3e9 \(ply 3\)"):
        pgn.read_game(handle)
    assert pgn.read_game(handle).headers["Event"] == "good"
    with pytest.raises(ValueError, match=r"mixed\.pgn:\d+: game 4 \(fen\): bad FEN"):
        pgn.read_game(handle)
    assert list(pgn.read_game(handle).mainline_moves()) == ["e3e5", "h10h8"]
    with pytest.raises(pgn.PgnError, match=r"mixed\.pgn:\d+: .*unterminated"):
        pgn.read_game(handle)
    assert pgn.read_game(handle) is None
    # An illegal main-line move names its move number and ply.
    with pytest.raises(pgn.PgnError, match=r"move 2\.\.\. k9k1 \(ply 4\)"):
        pgn.read_game(io.StringIO("1. e3e5 h10h8 2. f2c5 k9k1 *\n"))


def test_the_inventors_notation_reads_into_a_tree():
    (game,) = pgn.read_notation((DATA / "sample_game.txt").read_text())
    moves, final_fen = sample_game()
    assert list(game.mainline_moves()) == moves
    assert game.end().board().fen() == final_fen
    assert game.dialect == "notation" and game.next().san() == gorgon.Board().book_notation(moves[0])
    # Written as PGN in coordinates, it reads back as the same moves.
    again = pgn.read_game(io.StringIO(str(game)))
    assert list(again.mainline_moves()) == moves


def test_a_boards_game_and_the_file_exporter():
    moves, final_fen = sample_game()
    board = gorgon.Board()
    for m in moves:
        board.push(m)
    game = pgn.Game.from_board(board)
    assert list(game.mainline_moves()) == moves and game.end().board().fen() == final_fen
    assert "FEN" not in game.headers and game.headers["Variant"] == "pom"
    # From a set-up position: the FEN is a tag.
    later = gorgon.Board(final_fen)
    later.push([m.uci() for m in later.legal_moves][0])
    setup = pgn.Game.from_board(later)
    assert setup.headers["FEN"] == final_fen and setup.headers["SetUp"] == "1"
    out = io.StringIO()
    written = game.accept(pgn.FileExporter(out))
    setup.accept(pgn.FileExporter(out))
    assert written == len(str(game.accept(pgn.StringExporter()))) + 2
    games = read_all(out.getvalue())
    assert [list(g.mainline_moves()) for g in games] == [moves, list(setup.mainline_moves())]
    assert games[1].board().fen() == final_fen
