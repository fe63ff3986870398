//! Games saved by XBoard read back with the one PGN reader: the two real
//! files Debian's XBoard 4.9.1 saved with Gorgon on both sides, and games
//! made in XBoard with every move kind (tests/data/README.md says how).

use rules::text::pgn::{self, Dialect, ReadGame};
use rules::text::xboard;
use rules::{Color, GameResult, Position, Variant};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read(name: &str) -> Vec<ReadGame> {
    pgn::read(&data(name), name, Variant::Pom).unwrap_or_else(|e| panic!("{e}"))
}

/// The placement of an XBoard diagram comment (`t h b q ...` rows, `.` for
/// an empty square) in XBoard's FEN letters.
fn diagram_placement(comment: &str) -> String {
    let rows: Vec<Vec<&str>> = comment
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|r| r.len() > 1 && r.iter().all(|t| t.len() == 1))
        .collect();
    rows.iter()
        .map(|r| {
            let mut out = String::new();
            let mut empty = 0;
            for t in r {
                if *t == "." {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(t);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The start position agrees with XBoard's diagram before the first move,
/// and every move replays legally to the end.
fn check_start_and_replay(g: &ReadGame) -> Position {
    assert_eq!(g.dialect, Dialect::Xboard);
    let diagram = g.written.prelude.iter().find(|c| c.contains("-----")).expect("XBoard's diagram");
    let start_fen = xboard::fen(&g.record.start);
    assert_eq!(diagram_placement(diagram), start_fen.split(' ').next().unwrap());
    let mut pos = g.record.start.clone();
    for &m in &g.record.moves {
        assert!(pos.is_legal(m));
        pos.make(m);
    }
    assert_eq!(g.record.moves.len(), g.written.moves.len(), "every move read");
    pos
}

#[test]
fn xboards_minipom_game_reads_back() {
    let games = read("xboard-minipom-game.pgn");
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.record.start.fen(), Variant::MiniPom.start_fen());
    let end = check_start_and_replay(g);
    assert_eq!(g.record.moves.len(), 258);
    assert_eq!(g.record.result, Some(GameResult::Unfinished), "{{xboard exit ...}} *");
    // 21... O-O is the castling toward the last file here (XBoard writes
    // both Mini-POM castlings so), 28... Bxc3+ a Morph's capture.
    let mut pos = g.record.start.clone();
    for &m in &g.record.moves[..41] {
        pos.make(m);
    }
    assert_eq!(pos.move_text(g.record.moves[41]), "e9h9");
    assert_eq!(end.side_to_move(), Color::White);
}

#[test]
fn xboards_pom_game_reads_back() {
    let games = read("xboard-pom-game.pgn");
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.record.start.fen(), Variant::Pom.start_fen());
    check_start_and_replay(g);
    assert_eq!(g.record.moves.len(), 215);
    assert_eq!(g.record.result, Some(GameResult::WhiteWins), "{{White wins on time}} 1-0");
    // 36. a3a5: a Sword's double step from its third rank, in coordinates.
    let mut pos = g.record.start.clone();
    for &m in &g.record.moves[..70] {
        pos.make(m);
    }
    assert_eq!(pos.move_text(g.record.moves[70]), "a3a5");
}

/// The moves of a game in Gorgon's dialect.
fn coordinates(name: &str) -> Vec<String> {
    let g = &read(name)[0];
    assert_eq!(g.dialect, Dialect::Gorgon);
    let mut pos = g.record.start.clone();
    g.record
        .moves
        .iter()
        .map(|&m| {
            let t = pos.move_text(m);
            pos.make(m);
            t
        })
        .collect()
}

/// A self-play game loaded into XBoard 4.9.1 (as coordinate moves with
/// XBoard's letters, `f6d4(F)`) and saved by it: the swap as `Exc1`,
/// Black's castling toward file a as `O-O`, Morph transformations without
/// their suffix (`14... Bxd4`, the Morph then moving as `Fd3`; `27. Bxc6`;
/// `49. Bxc7`, a Morph taking a Morph and staying a plain Advisor, which
/// `52. Ae5+` shows) and with one (`30... Fxc2=D`), a promotion (`61. g9=E`).
/// It reads back move for move.
#[test]
fn a_game_saved_by_xboard_reads_back_move_for_move() {
    let original = coordinates("minipom-self-play.pgn");
    let g = &read("xboard-minipom-loaded.pgn")[0];
    assert_eq!(g.dialect, Dialect::Xboard);
    let mut pos = g.record.start.clone();
    let read: Vec<String> = g
        .record
        .moves
        .iter()
        .map(|&m| {
            let t = pos.move_text(m);
            pos.make(m);
            t
        })
        .collect();
    assert_eq!(read.len(), original.len());
    // 27. a4c6(H) bxc6: the Morph Horse is taken at once, so nothing in
    // the file shows the transformation; both readings reach the same
    // position, and the reader takes XBoard's own (no suffix, no change).
    assert_eq!((original[52].as_str(), read[52].as_str()), ("a4c6(H)", "a4c6"));
    assert_eq!(read[..52], original[..52]);
    assert_eq!(read[53..], original[53..]);
    for (ply, text) in [
        (0, "f1c1"),
        (27, "f6d4(W)"),
        (41, "e9b9"),
        (59, "d3c2(Q)"),
        (96, "b6c7(A)"),
        (120, "g8g9"),
    ] {
        assert_eq!(read[ply], text, "ply {ply}");
    }
    assert_eq!(pos.outcome().map(|o| o.result()), Some(GameResult::WhiteWins));
}

/// A game without a `Variant` tag (XBoard has saved such games) is on the
/// board its `VariantMen` tag describes.
#[test]
fn variant_men_names_the_board() {
    let text = data("xboard-minipom-loaded.pgn").replace("[Variant \"minipom\"]\n", "");
    assert!(!text.contains("[Variant "));
    let g = &pgn::read(&text, "t.pgn", Variant::Pom).unwrap_or_else(|e| panic!("{e}"))[0];
    assert_eq!(g.record.start.variant(), Variant::MiniPom);
    assert_eq!(g.record.moves.len(), 125);
}

/// Gorgon's XBoard notation (`gorgon annotate --notation xboard`) reads
/// back to the game annotated: POM castling, a Morph taking a Morph
/// (`Bxg2=P`), a transformation (`Bxg2=I`), a mate.
#[test]
fn gorgons_xboard_notation_reads_back() {
    let original = coordinates("pom-self-play.pgn");
    let g = &read("pom-self-play-annotated-xboard.pgn")[0];
    assert_eq!(g.dialect, Dialect::Xboard);
    let mut pos = g.record.start.clone();
    for (m, text) in g.record.moves.iter().zip(&original) {
        assert_eq!(&pos.move_text(*m), text);
        pos.make(*m);
    }
    assert_eq!(g.record.moves.len(), original.len());
    assert_eq!(pos.outcome().map(|o| o.result()), Some(GameResult::WhiteWins));
}

/// Errors name the game, the move number and the text.
#[test]
fn a_move_that_names_no_legal_move_is_an_error() {
    let text = "[White \"A\"]\n[Black \"B\"]\n[Variant \"pom\"]\n\n1. Mc3 Ha9 2. Zz9 *\n";
    let e = pgn::read(text, "bad.pgn", Variant::Pom).unwrap_err().to_string();
    assert!(e.starts_with("bad.pgn:5: game 1 (A - B): move 2. Zz9 (ply 3): "), "{e}");
}
