//! The inventor's notation and the PGN reader: the pamphlet's sample game
//! (RULES.md 11), round trips of random games through both, and the errors
//! they name.

use rules::text::notation::{export, import, move_to_notation};
use rules::text::pgn;
use rules::{GameRecord, GameResult, Kind, Move, Position, SplitMix64, Variant};

const SAMPLE_RECORD: &str = include_str!("data/sample_game.txt");
const SAMPLE_PGN: &str = include_str!("data/sample_game.pgn");

/// RULES.md 11.
const SAMPLE_MOVES: &str = "e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8 c5c8 d11e10 f3b7 b11a9 c8d8 e10b7 d8b10 e11e10 b10a11 b7a6 \
    d2d3 f10e11 a11a10 e10d9 c3d5 g11f10 d1e3 i11g10 e3c4 a6c4 d4c4 f9d7 a10b10 f10d11 b10c11 j11h10 i1j3 g10e8 g2i3 h11f9 \
    i3i9 j10i9 j3e8 f9e8 d5d7 e8d7 c4i10 k11h11 c11d11 e11d11 i10g9";
const SAMPLE_FINAL_FEN: &str = "3e1k1t3/2ww3h2w/h2qw1S1w2/5w1w3/3a2w4/11/4W6/5W5/3W2W4/WWW4WWWW/THA1QK1A1HT b AK - 1 25";

fn replay(start: &Position, moves: &[Move]) -> Position {
    let mut pos = start.clone();
    for &m in moves {
        pos.make(m);
    }
    pos
}

#[test]
fn sample_game_imports_exactly() {
    let games = import(SAMPLE_RECORD, Variant::Pom).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(
        texts(&g.start, &g.moves).join(" "),
        SAMPLE_MOVES.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    assert_eq!(replay(&g.start, &g.moves).fen(), SAMPLE_FINAL_FEN);
    // The last move is marked `#` but is only check: White is credited.
    assert_eq!(g.result, Some(GameResult::WhiteWins));
}

#[test]
fn sample_game_export_round_trip() {
    let g = import(SAMPLE_RECORD, Variant::Pom).unwrap().remove(0);
    let text = export(&g.start, &g.moves, g.result).unwrap();
    assert!(
        text.starts_with("[Variant \"pom\"]\n1 E3 - E5   H10 - H8\n2 ME - C5   G9 - G7\n"),
        "{text}"
    );
    assert!(text.contains("20 P x I9   J10 x I9\n"), "{text}");
    assert!(text.contains("25 S - G9 +\n1-0\n"), "{text}");
    let back = import(&text, Variant::Pom).unwrap();
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].moves, g.moves);
    assert_eq!(back[0].result, g.result);
    assert_eq!(export(&back[0].start, &back[0].moves, back[0].result).unwrap(), text);
}

#[test]
fn random_games_export_and_import_identically() {
    for variant in Variant::ALL {
        for g in random_games(variant, 40, 80, 11) {
            let text = export(&g.start, &g.moves, g.result).unwrap();
            let back = import(&text, variant).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.len(), 1);
            assert_eq!(back[0].moves, g.moves, "{text}");
        }
    }
}

#[test]
fn notation_of_special_moves() {
    // Every legal move of random positions writes a text that resolves to it.
    let mut seen = [false; 5];
    for variant in Variant::ALL {
        for g in random_games(variant, 12, 50, 5) {
            let mut pos = g.start.clone();
            for &m in &g.moves {
                for l in pos.legal_move_vec() {
                    seen[l.kind() as usize] = true;
                    let text = move_to_notation(&pos, l);
                    let back = import(&format!("[FEN \"{}\"]\n{text}\n", pos.fen()), variant).unwrap_or_else(|e| panic!("{e}: {text}"));
                    assert_eq!(back[0].moves, vec![l], "{text} in {}", pos.fen());
                }
                pos.make(m);
            }
        }
    }
    // Normal, transformation, castling and swap moves (promotions are rare in random games).
    assert!(seen[0] && seen[2] && seen[3] && seen[4], "kinds seen: {seen:?}");
    // The pamphlet's own forms.
    let pos = Position::startpos(Variant::Pom);
    let start = import("1 E3 - E5", Variant::Pom).unwrap();
    assert_eq!(pos.move_text(start[0].moves[0]), "e3e5");
}

#[test]
fn notation_errors_are_reported_not_guessed() {
    // Two Horses reach the same square: ambiguous without a from-square.
    let pos = Position::startpos(Variant::Pom);
    let legal = pos.legal_move_vec();
    let mut ambiguous = None;
    for &a in &legal {
        for &b in &legal {
            let (pa, pb) = (pos.piece_at(a.from()), pos.piece_at(b.from()));
            if a != b && a.to() == b.to() && pa == pb && pa.kind() != Kind::Sword {
                ambiguous = Some(a);
            }
        }
    }
    if let Some(m) = ambiguous {
        let g = pos.geometry();
        let code = pos.piece_at(m.from()).kind().book_code();
        let text = format!("{code} - {}", g.square_name(m.to()).to_uppercase());
        let e = import(&text, Variant::Pom).unwrap_err();
        assert!(e.message.contains("ambiguous"), "{e}");
        let written = move_to_notation(&pos, m);
        assert!(written.contains(&g.square_name(m.from()).to_uppercase()), "{written}");
    }
    let e = import("1 E3 - E5 H10 - H8\n2 E5 - E9\n", Variant::Pom).unwrap_err();
    assert_eq!(e.line, 2);
    assert_eq!(e.text, "E5 - E9");
    assert!(e.message.contains("no legal move"), "{e}");
    let e = import("1 E3 - E5\n3 H10 - H8\n", Variant::Pom).unwrap_err();
    assert!(e.message.contains("out of sequence"), "{e}");
    // A capture mark on a quiet move does not match.
    assert!(import("1 E3 x E5", Variant::Pom).is_err());
    // Prose is commentary; a result token ends a game.
    let games = import("White to move\n1 E3 - E5 Good move.\n. . .\nH10 - H8\n0-1\n1 D3\n", Variant::Pom).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].result, Some(GameResult::BlackWins));
    assert_eq!(games[0].moves.len(), 2);
    assert_eq!(games[1].moves.len(), 1);
    assert_eq!(games[1].result, None);
}

#[test]
fn pgn_reader_reads_tags_comments_and_results() {
    let games = pgn::parse(SAMPLE_PGN, "sample_game.pgn").unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].tag("variant"), Some("pom"));
    assert_eq!(games[0].name(), "John - Opponent");
    assert_eq!(games[0].moves.len(), 49);
    assert_eq!(games[0].result.as_deref(), Some("1-0"));
    let (records, other) = pgn::read_games(SAMPLE_PGN, "sample_game.pgn", Variant::Pom).unwrap();
    assert_eq!((records.len(), other), (2, 1));
    assert_eq!(
        texts(&records[0].start, &records[0].moves).join(" "),
        SAMPLE_MOVES.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    assert_eq!(records[1].result, Some(GameResult::Draw));

    let bad = "[White \"X\"]\n[Black \"Y\"]\n\n1. e3e5 h10h8 2. e5e9 1-0\n";
    let e = pgn::read_games(bad, "bad.pgn", Variant::Pom).unwrap_err();
    assert_eq!((e.game, e.line, e.name.as_str()), (1, 4, "X - Y"));
    assert!(e.message.contains("2. e5e9"), "{e}");
    assert!(e.to_string().starts_with("bad.pgn:4: game 1 (X - Y): move 2. e5e9 (ply 3)"), "{e}");
    let glued = pgn::parse("1. b7d8(H) (1. e3e5 e9e7) c5d8(ME)+ 1-0", "f").unwrap();
    assert_eq!(
        glued[0].moves.iter().map(|m| m.0.as_str()).collect::<Vec<_>>(),
        ["b7d8(H)", "c5d8(ME)"]
    );
    // The match runner's forms: `{book}`, `N...`, glued numbers, `%` lines.
    let runner = "[Event \"a \\\"quoted\\\" name\"]\n%escaped\n1. e3e5 {book} $1 1... h10h8! {x} 2.f2c5 {+0.35/12 0.50s} 0-1\n";
    let (records, _) = pgn::read_games(runner, "runner.pgn", Variant::Pom).unwrap();
    assert_eq!(texts(&records[0].start, &records[0].moves), ["e3e5", "h10h8", "f2c5"]);
    assert_eq!(records[0].result, Some(GameResult::BlackWins));
    assert_eq!(pgn::parse(runner, "f").unwrap()[0].tag("event"), Some("a \"quoted\" name"));
    assert!(pgn::parse("1. e3e5 {unclosed", "f").is_err());
    assert!(pgn::parse("[Event \"x\"", "f").is_err());
}

/// `n` seeded random games of up to `plies` plies (`GameRecord::random`).
fn random_games(variant: Variant, n: usize, plies: usize, seed: u64) -> Vec<GameRecord> {
    let mut rng = SplitMix64::new(seed);
    (0..n).map(|_| GameRecord::random(variant, plies, &mut rng)).collect()
}

/// The moves as coordinate text, each written in the position it is played in.
fn texts(start: &Position, moves: &[Move]) -> Vec<String> {
    rules::line_texts(start, moves, |p, m| p.move_text(m))
}

/// A record longer than the reader's limits is refused at the first move
/// over them: nothing after it is read.
#[test]
fn the_inventors_notation_stops_at_the_limits() {
    let limits = rules::text::pgn::ReadLimits { plies: 2, total: 3 };
    let two = rules::text::notation::import_within("1 E3 - E5 H10 - H8\n", Variant::Pom, limits).unwrap();
    assert_eq!(two[0].moves.len(), 2);
    let e = rules::text::notation::import_within("1 E3 - E5 H10 - H8\n2 E5 - E6\n", Variant::Pom, limits).unwrap_err();
    assert!(e.to_string().contains("3 plies is over the cap of 2"), "{e}");
    let e = rules::text::notation::import_within("1 E3 - E5 H10 - H8 *\n1 E3 - E5 H10 - H8 *\n", Variant::Pom, limits).unwrap_err();
    assert!(e.to_string().contains("over 3 plies in all"), "{e}");
}
