"""python-chess's documented examples (its README and docs/core.rst), each
translated only in the variant's squares, moves and pieces, behaving as
python-chess documents them. The comment above each block is python-chess's
original."""

import copy

import pytest

import gorgon
import gorgon.variant
from conftest import mates, sample_game
from gorgon import BLACK, WHITE, Move, Piece

POM_START = gorgon.start_fen("pom")
MINI_START = gorgon.start_fen("minipom")


def test_readme_board_and_legal_moves():
    # board = chess.Board(); board.legal_moves
    # <LegalMoveGenerator at ... (Nh3, Nf3, Nc3, Na3, h3, g3, ...)>
    board = gorgon.Board()
    text = repr(board.legal_moves)
    assert text.startswith("<LegalMoveGenerator at 0x") and text.endswith(")>")
    shown = text[text.index("(") + 1 : -2].split(", ")
    assert len(shown) == 43 and "e5" in shown and "Hc3" in shown
    # chess.Move.from_uci("a8a1") in board.legal_moves -> False
    assert Move.from_uci("a11a1") not in board.legal_moves
    assert Move.from_uci("e3e5") in board.legal_moves
    # The generator is live: it follows the board.
    moves = board.legal_moves
    board.push_san("e5")
    assert len(moves) == len(board.legal_moves) and Move.from_uci("e3e5") not in moves


def test_readme_push_san_to_checkmate():
    # board.push_san("e4") -> Move.from_uci('e2e4'); ... board.push_san("Qxf7")
    # board.is_checkmate() -> True; board -> Board('<fen>')
    found = 0
    for name, variant, fen, mate_in, solutions in mates():
        if mate_in != 1:
            continue
        board = gorgon.variant.find_variant(variant)(fen)
        san = board.san(Move.from_uci(solutions[0]))
        assert san.endswith("#"), (name, san)
        assert board.push_san(san) == Move.from_uci(solutions[0])
        assert board.is_checkmate() and board.is_game_over()
        assert eval(repr(board), {type(board).__name__: type(board)}) == board
        found += 1
    assert found >= 6
    # The opening of the README's game, in Pillars of Medusa.
    board = gorgon.Board()
    assert board.push_san("e5") == Move.from_uci("e3e5")
    assert board.push_san("h8") == Move.from_uci("h10h8")
    assert board.push_san("Hc3") == Move.from_uci("b1c3")
    assert repr(board.peek()) == "Move.from_uci('b1c3')"


def test_readme_make_and_unmake():
    # Nf3 = chess.Move.from_uci("g1f3"); board.push(Nf3); board.pop() -> Move.from_uci('g1f3')
    board = gorgon.Board()
    hc3 = Move.from_uci("b1c3")
    board.push(hc3)
    assert board.move_stack == [hc3]
    assert board.pop() == hc3
    assert board.fen() == POM_START and board.move_stack == []
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_readme_game_state():
    # board.is_stalemate() False; board.is_insufficient_material() False;
    # board.outcome() -> Outcome(termination=<Termination.CHECKMATE: 1>, winner=True)
    name, variant, fen, _, solutions = next(m for m in mates() if m[3] == 1 and m[1] == "pom")
    board = gorgon.Board(fen)
    mover = board.turn
    board.push_uci(solutions[0])
    assert not board.is_stalemate() and not board.is_insufficient_material()
    outcome = board.outcome()
    assert outcome == gorgon.Outcome(gorgon.Termination.CHECKMATE, mover)
    assert outcome.termination.value == 1 and outcome.termination.name == "CHECKMATE"
    assert outcome.winner is mover and outcome.result() == ("1-0" if mover else "0-1") == board.result()
    # board.can_claim_threefold_repetition(); board.halfmove_clock;
    # board.can_claim_fifty_moves(); board.can_claim_draw()
    board = gorgon.Board()
    assert not board.can_claim_threefold_repetition() and board.halfmove_clock == 0
    assert not board.can_claim_fifty_moves() and not board.can_claim_draw()
    for _ in range(2):
        for uci in ("b1a3", "b11a9", "a3b1", "a9b11"):
            board.push_uci(uci)
    assert board.halfmove_clock == 8 and board.can_claim_threefold_repetition() and board.can_claim_draw()
    assert board.is_repetition(3) and board.outcome().termination == gorgon.Termination.THREEFOLD_REPETITION
    # board.is_check()
    moves, _ = sample_game()
    board = gorgon.Board()
    for uci in moves:
        board.push_uci(uci)
    assert board.is_check() and not board.is_checkmate() and board.result() == "*"
    assert board.checkers() and board.king(board.turn) == gorgon.parse_square(board.checked_king())


def test_readme_san():
    # board.san(chess.Move(chess.E2, chess.E4)) -> 'e4'
    board = gorgon.Board()
    assert board.san(Move(gorgon.E3, gorgon.E5)) == "e5"
    # board.parse_san('Nf3') -> Move.from_uci('g1f3')
    assert board.parse_san("Hc3") == Move.from_uci("b1c3")
    assert board.parse_san("Mc3") == Move.from_uci("d1c3")
    # board.variation_san([chess.Move.from_uci(m) for m in ["e2e4", "e7e5", "g1f3"]]) -> '1. e4 e5 2. Nf3'
    line = [Move.from_uci(m) for m in ["e3e5", "h10h8", "b1c3"]]
    assert board.variation_san(line) == "1. e5 h8 2. Hc3"
    board.push(line[0])
    assert board.variation_san(line[1:]) == "1...h8 2. Hc3"
    assert board.fen() != POM_START and len(board.move_stack) == 1  # the board is left as it was
    with pytest.raises(gorgon.IllegalMoveError, match="illegal move e3e5"):
        board.variation_san(line)


def test_san_errors_are_python_chess_errors():
    board = gorgon.Board()
    for text, error in [
        ("Hc4", gorgon.IllegalMoveError),
        ("e6", gorgon.IllegalMoveError),
        ("O-O", gorgon.IllegalMoveError),
        ("%%", gorgon.InvalidMoveError),
        ("Yc3", gorgon.InvalidMoveError),
    ]:
        with pytest.raises(error) as info:
            board.push_san(text)
        assert isinstance(info.value, ValueError) and text in str(info.value)
    assert board.fen() == POM_START and board.move_stack == []
    # Two Towers reach f1: python-chess's AmbiguousMoveError, and the SAN
    # written with the file that tells them apart.
    towers = gorgon.Board("5k5/11/11/11/11/11/11/11/11/5K5/T9T w - - 0 1")
    with pytest.raises(gorgon.AmbiguousMoveError, match="Taf1 or Tkf1"):
        towers.parse_san("Tf1")
    assert towers.san(Move(gorgon.A1, gorgon.F1)) == "Taf1"
    assert towers.parse_san("Tkf1") == Move(gorgon.K1, gorgon.F1)
    # push_uci: InvalidMoveError for no move, IllegalMoveError for a move
    # not legal here.
    with pytest.raises(gorgon.InvalidMoveError):
        board.push_uci("e3")
    with pytest.raises(gorgon.IllegalMoveError, match="no piece on e4"):
        board.push_uci("e4e5")
    with pytest.raises(gorgon.IllegalMoveError):
        board.push(Move.null())
    assert board.san(Move.null()) == "--"


def test_every_san_reads_back_along_a_game():
    # SAN is written and read by the rules (rules::text::san): every legal
    # move of every position of the sample game reads back to itself.
    moves, _ = sample_game()
    board = gorgon.Board()
    checked = 0
    for uci in moves:
        for move in board.legal_moves:
            assert board.parse_san(board.san(move)) == move
            checked += 1
        board.push_uci(uci)
    assert checked > 1000


def test_readme_fen():
    # board.fen() -> 'rnbqkbnr/... w KQkq - 0 1'
    assert gorgon.Board().fen() == POM_START == gorgon.STARTING_FEN == gorgon.Board.starting_fen
    # board = chess.Board("8/8/8/2k5/4K3/8/8/8 w - - 4 45"); board.piece_at(chess.C5) -> Piece.from_symbol('k')
    board = gorgon.Board("11/11/11/11/11/11/2k8/4K6/11/11/11 w - - 4 45")
    assert board.piece_at(gorgon.C5) == Piece.from_symbol("k")
    assert repr(board.piece_at(gorgon.C5)) == "Piece.from_symbol('k')"
    assert board.piece_at(gorgon.C6) is None
    assert board.fullmove_number == 45 and board.halfmove_clock == 4 and board.ply() == 88
    # set_fen: a new position, the stack cleared; a bad FEN changes nothing.
    board.push_uci("e4e3")
    board.set_fen(POM_START)
    assert board.fen() == POM_START and board.move_stack == []
    with pytest.raises(ValueError, match="FEN"):
        board.set_fen("not a fen")
    assert board.fen() == POM_START


def test_squares():
    # chess.square(file_index, rank_index); square_file; square_rank;
    # square_name; parse_square; SQUARES; the constants A1 ... H8.
    assert gorgon.square(4, 2) == gorgon.E3 and gorgon.square_name(gorgon.E3) == "e3"
    assert gorgon.parse_square("k11") == gorgon.K11 == 120 and gorgon.A1 == 0
    assert gorgon.square_file(gorgon.E3) == 4 and gorgon.square_rank(gorgon.E3) == 2
    assert gorgon.SQUARES == list(range(121)) and gorgon.SQUARE_NAMES[gorgon.K11] == "k11"
    assert gorgon.FILE_NAMES[-1] == "k" and gorgon.RANK_NAMES[-1] == "11"
    for bad in ("l1", "a12", "e", "", "a0"):
        with pytest.raises(ValueError):
            gorgon.parse_square(bad)
    with pytest.raises(ValueError):
        gorgon.square_name(121)
    # Mini-POM uses files a-i, ranks 1-9 of the same numbering.
    mini = gorgon.variant.MiniPomBoard()
    assert mini.piece_at(gorgon.E1) == Piece(gorgon.KING, WHITE) and mini.piece_at(gorgon.E9) == Piece(gorgon.KING, BLACK)
    with pytest.raises(ValueError, match="k11 is not on the 9x9 board"):
        mini.piece_at(gorgon.K11)


def test_colors_and_turn():
    # chess.WHITE is True, chess.BLACK False; board.turn
    assert WHITE is True and BLACK is False and gorgon.COLORS == [True, False]
    board = gorgon.Board()
    assert board.turn == WHITE
    board.push_san("e5")
    assert board.turn == BLACK and gorgon.COLOR_NAMES[board.turn] == "black"


def test_moves():
    # chess.Move.from_uci("e2e4") == chess.Move(chess.E2, chess.E4); uci(); from_square; to_square
    m = Move.from_uci("e3e5")
    assert m == Move(gorgon.E3, gorgon.E5) and hash(m) == hash(Move(gorgon.E3, gorgon.E5))
    assert m.uci() == str(m) == "e3e5" and (m.from_square, m.to_square, m.promotion) == (gorgon.E3, gorgon.E5, None)
    # A Morph's transformation is where python-chess has the promotion.
    t = Move.from_uci("b7d8(H)")
    assert t.promotion == gorgon.HORSE and t.uci() == "b7d8(H)" and t != Move(gorgon.B7, gorgon.D8)
    assert Move.from_uci("c5d8(E)") == Move.from_uci("c5d8(ME)") == Move(gorgon.C5, gorgon.D8, gorgon.MEDUSA)
    assert Move.from_uci("c5d8(ME)").uci() == "c5d8(ME)"
    # A Sword's promotion is always to Medusa: no suffix, as the rules write it.
    assert Move.from_uci("c10c11e") == Move.from_uci("c10c11") and Move.from_uci("c10c11").promotion is None
    # chess.Move.null(): bool(Move.null()) is False; uci() "0000"
    assert not Move.null() and Move.from_uci("0000") == Move.null() and Move.null().uci() == "0000"
    assert bool(m)
    for bad in ("e3", "e3e5(X)", "l1a1", "e3e5x", ""):
        with pytest.raises(gorgon.InvalidMoveError):
            Move.from_uci(bad)
    with pytest.raises(ValueError):
        Move(0, 121)
    # A transformation in the position: the Mini-POM Morph on g5 takes the
    # Sword on f6 and may stay an Advisor or become a Sword.
    board = gorgon.variant.MiniPomBoard()
    for uci in ("d2d3", "f8f6", "c1g5", "a8a7"):
        board.push_uci(uci)
    assert board.san(Move.from_uci("g5f6")) == "Axf6" and board.san(Move.from_uci("g5f6(W)")) == "Axf6=W"
    assert board.parse_san("Axf6=W").promotion == gorgon.SWORD
    # A "(X)" that changes nothing is no legal move of its own.
    assert Move.from_uci("g5f6(A)") not in board.legal_moves


def test_pieces():
    # chess.Piece.from_symbol("K"); piece.symbol(); piece_type; color
    p = Piece.from_symbol("E")
    assert (p.piece_type, p.color, p.morph) == (gorgon.MEDUSA, WHITE, False) and p.symbol() == "E"
    morph = Piece.from_symbol("(a)")
    assert (morph.piece_type, morph.color, morph.morph) == (gorgon.ADVISOR, BLACK, True) and str(morph) == "(a)"
    assert gorgon.piece_symbol(gorgon.MOUNTED_ADVISOR) == "m" and gorgon.piece_name(gorgon.SWORD) == "sword"
    assert gorgon.PIECE_TYPES == list(range(1, 11))
    for bad in ("x", "(k)", "EE", "", "(A"):
        with pytest.raises(ValueError):
            Piece.from_symbol(bad)


def test_piece_map_set_and_remove():
    # board.piece_map() -> dict; set_piece_at; remove_piece_at
    board = gorgon.Board()
    placed = board.piece_map()
    assert isinstance(placed, dict) and len(placed) == 52
    assert placed[gorgon.F1] == Piece(gorgon.KING, WHITE) and placed[gorgon.F3] == Piece(gorgon.ADVISOR, WHITE, True)
    assert list(placed) == sorted(placed)
    board.push_san("e5")
    assert board.remove_piece_at(gorgon.E5) == Piece(gorgon.SWORD, WHITE)
    assert board.piece_at(gorgon.E5) is None and board.move_stack == []  # the stack is cleared
    # (A side never has more than its start army: pieces are never added.)
    with pytest.raises(ValueError, match="27 pieces"):
        board.set_piece_at(gorgon.E5, Piece(gorgon.SERPENT, BLACK))
    board.set_piece_at(gorgon.E5, Piece(gorgon.SERPENT, WHITE))
    assert board.piece_at(gorgon.E5) == Piece.from_symbol("S")
    # Castling rights whose Tower left are dropped.
    assert "A" in board.fen().split()[2]
    board.remove_piece_at(gorgon.A1)
    assert "A" not in board.fen().split()[2] and "K" in board.fen().split()[2]
    # A position the rules refuse is a ValueError and changes nothing.
    before = board.fen()
    with pytest.raises(ValueError, match="King"):
        board.remove_piece_at(gorgon.F1)
    with pytest.raises(ValueError, match="back rank"):
        board.set_piece_at(gorgon.A1, Piece(gorgon.SWORD, WHITE))
    assert board.fen() == before
    mini = gorgon.variant.MiniPomBoard()
    with pytest.raises(ValueError, match="no Serpent"):
        mini.set_piece_at(gorgon.E5, Piece(gorgon.SERPENT, BLACK))


def test_petrified_square_set():
    # Gorgon's own: is_petrified(square), petrified() as a SquareSet
    moves, _ = sample_game()
    board = gorgon.Board()
    for uci in moves[:15]:
        board.push_uci(uci)
    stone = board.petrified()
    assert isinstance(stone, gorgon.SquareSet) and len(stone) == 5 and bool(stone)
    assert list(stone) == [gorgon.A9, gorgon.A10, gorgon.C10, gorgon.A11, gorgon.C11]
    assert gorgon.A9 in stone and gorgon.B9 not in stone and stone == board.petrified(BLACK)
    assert board.petrified(WHITE) == [] and not board.petrified(WHITE)
    assert all(board.is_petrified(sq) for sq in stone) and not board.is_petrified(gorgon.A1)
    assert stone | gorgon.SquareSet([gorgon.E3]) == set(stone) | {gorgon.E3}
    assert stone - [gorgon.A9] == stone.tolist()[1:] and stone & [gorgon.A9, gorgon.E3] == [gorgon.A9]
    assert int(gorgon.SquareSet([gorgon.A1, gorgon.C1])) == 0b101
    assert repr(gorgon.SquareSet([gorgon.A1])) == "SquareSet(0x00000000000000000000000000000001)"


def test_copies_and_variant_boards():
    # board.copy(); copy(stack=False); chess.variant.find_variant("...")()
    board = gorgon.variant.find_variant("Mini-POM")()
    assert type(board) is gorgon.variant.MiniPomBoard and board.fen() == MINI_START
    assert board.uci_variant == "minipom" and gorgon.variant.MiniPomBoard.starting_fen == MINI_START
    assert gorgon.variant.find_variant("pom") is gorgon.Board
    with pytest.raises(ValueError, match="unsupported variant"):
        gorgon.variant.find_variant("atomic")
    with pytest.raises(ValueError, match="rank"):
        gorgon.variant.MiniPomBoard(POM_START)
    board.push_uci("b1a3")
    board.push_uci("b9a7")
    for c in (board.copy(), copy.copy(board), copy.deepcopy(board), board.copy(stack=True)):
        assert type(c) is gorgon.variant.MiniPomBoard and c == board and c.move_stack == board.move_stack
        c.pop()
        assert len(board.move_stack) == 2
    root = board.copy(stack=False)
    assert root == board and root.move_stack == []
    last = board.copy(stack=1)
    assert last.move_stack == [Move.from_uci("b9a7")] and last == board
    assert repr(board) == f"MiniPomBoard('{board.fen()}')"
    # A MiniPomBoard keeps its variant in set_fen; a Board reads the shape.
    with pytest.raises(ValueError):
        board.set_fen(POM_START)
    plain = gorgon.Board()
    plain.set_fen(MINI_START)
    assert plain.variant == "minipom"


def test_the_examples_of_python_md_and_the_readme():
    board = gorgon.Board()
    assert board.push_san("e5") == Move.from_uci("e3e5") and board.push_san("h8") == Move.from_uci("h10h8")
    assert board.san(Move(gorgon.B1, gorgon.C3)) == "Hc3" and Move.from_uci("b1c3") in board.legal_moves
    assert board.variation_san([Move.from_uci(m) for m in ("b1c3", "b11c9")]) == "2. Hc3 Hc9"
    assert board.piece_at(gorgon.E5) == Piece.from_symbol("W")
    assert isinstance(board.petrified(BLACK), gorgon.SquareSet)
    assert repr(gorgon.variant.find_variant("minipom")()) == f"MiniPomBoard('{MINI_START}')"
    board = gorgon.Board()
    for san in ["e5", "h8", "Ec5"]:
        board.push_san(san)
    board.push_book("G9 - G7")
    assert [m.uci() for m in board.move_stack] == sample_game()[0][:4]


def test_legal_moves_generator():
    # len(board.legal_moves), bool(board.legal_moves), board.legal_moves.count(), list(...)
    board = gorgon.Board()
    moves = list(board.legal_moves)
    assert len(board.legal_moves) == board.legal_moves.count() == len(moves) == 43 and board.legal_moves
    assert all(isinstance(m, Move) and m in board.legal_moves and board.is_legal(m) for m in moves)
    assert sorted(m.uci() for m in moves) == sorted(set(m.uci() for m in moves))
    stalemate = gorgon.Board("k10/2Q8/11/11/11/11/11/11/11/11/5K5 b - - 0 1")
    assert not stalemate.legal_moves and len(stalemate.legal_moves) == 0 and list(stalemate.legal_moves) == []
    assert "e3e5" not in board.legal_moves  # python-chess's generator holds Moves
