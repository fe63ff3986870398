//! PGN out (game records of the runner) and in (`parse_pgn`, which replays
//! every move with the rules library's PGN reader, in Gorgon's dialect or
//! XBoard's).
//!
//! Movetext uses the coordinate notation of NOTATION.md 2 (`e3e5`,
//! `b7d8(H)`, `f1k1`), numbered by the rules' one movetext writer
//! (`pgn::Movetext`): `1. e3e5 {book} 1... h10h8 {book} 2. ...`. Engine
//! moves carry a comment `{+0.35/12 0.50s}` (score from the mover's side
//! in pawns or `+M5` plies to mate, depth, time: `pgn::EngineComment`, in
//! cutechess's form), opening moves `{book}`; the reason the game
//! ended is the last comment, before the result.

use crate::ending::GameResult;
use crate::record::{GameRecord, PlayedMove};
use protocol::ScoreValue;
use rules::text::pgn::{self, CommentScore, EngineComment, PgnGame};
use rules::{Color, Move, Position, Variant};
use std::time::{SystemTime, UNIX_EPOCH};

/// Tag header and movetext of one finished game.
pub fn write_game(rec: &GameRecord, event: &str, site: &str) -> String {
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", event.to_string()),
        ("Site", site.to_string()),
        ("Date", pgn_date(rec.started)),
        ("Round", rec.round.to_string()),
        ("White", rec.white.clone()),
        ("Black", rec.black.clone()),
        ("Result", rec.result.pgn().to_string()),
        ("Variant", rec.variant.name().to_string()),
    ];
    if rec.start_fen != rec.variant.start_fen() {
        tags.push(("SetUp", "1".into()));
        tags.push(("FEN", rec.start_fen.clone()));
    }
    if rec.time_control[0] == rec.time_control[1] {
        tags.push(("TimeControl", rec.time_control[0].clone()));
    } else {
        tags.push(("WhiteTimeControl", rec.time_control[0].clone()));
        tags.push(("BlackTimeControl", rec.time_control[1].clone()));
    }
    tags.push(("Termination", rec.termination.text().to_string()));
    tags.push(("PlyCount", rec.moves.len().to_string()));
    let mut out = String::new();
    for (name, value) in &tags {
        out.push_str(&pgn::tag_pair(name, value));
    }
    out.push('\n');

    // The moves are texts (the record keeps no positions): the side and
    // number are counted from the start FEN.
    let (mut side, mut number) = fen_side_and_number(&rec.start_fen);
    let mut movetext = pgn::Movetext::default();
    for m in &rec.moves {
        movetext.play(side, number, m.text.clone());
        movetext.comment(&move_comment(m));
        if side == Color::Black {
            number += 1;
        }
        side = !side;
    }
    if !rec.reason.is_empty() {
        movetext.comment(&rec.reason);
    }
    movetext.result(rec.result.pgn());
    out.push_str(&movetext.text());
    out.push_str("\n\n");
    out
}

/// `book` or the engine's comment, `+0.35/12 0.50s` (mates counted in
/// plies as cutechess counts them: `+M5` for a mate in 3).
fn move_comment(m: &PlayedMove) -> String {
    if m.book {
        return "book".into();
    }
    EngineComment {
        score: m.score.map(|s| comment_score(s.value)),
        depth: m.depth,
        time: m.time,
    }
    .to_string()
}

/// An engine's score as the move comments write it, from the mover's
/// side (the engine's mate in moves becomes cutechess's plies).
pub fn comment_score(score: ScoreValue) -> CommentScore {
    match score {
        ScoreValue::Cp(c) => CommentScore::Cp(c),
        ScoreValue::Mate(moves) => CommentScore::mate_in_moves(moves),
    }
}

/// The side to move and the move number of a FEN (White and 1 if absent).
fn fen_side_and_number(fen: &str) -> (Color, u32) {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let side = if fields.get(1) == Some(&"b") { Color::Black } else { Color::White };
    let number = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
    (side, number)
}

/// `YYYY.MM.DD` (UTC) of a time.
pub fn pgn_date(t: SystemTime) -> String {
    let days = t.duration_since(UNIX_EPOCH).map(|d| d.as_secs() / 86_400).unwrap_or(0) as i64;
    let (y, m, d) = civil_date(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count from 1970-01-01, by counting
/// 400-year eras (146097 days) from 0000-03-01 so that leap days fall last.
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468; // days since 0000-03-01
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// A game read back from PGN, its moves replayed by the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The tags in file order.
    pub tags: Vec<(String, String)>,
    /// The 1-based line of the text the game starts on (0 for a text that
    /// could not be read at all).
    pub line: usize,
    /// From `[Variant]` (else XBoard's `[VariantMen]`, else `pom`).
    pub variant: Variant,
    /// From `[FEN]` (in Gorgon's FEN, whatever the file's dialect), or the
    /// variant's start.
    pub start_fen: String,
    /// The moves, all legal in turn.
    pub moves: Vec<Move>,
    /// Their canonical texts.
    pub move_texts: Vec<String>,
    /// The comments following each move.
    pub comments: Vec<Vec<String>>,
    /// The result token ending the movetext (else the `[Result]` tag, else `*`).
    pub result: String,
    /// The FEN after the last legal move.
    pub final_fen: String,
    /// Set when the record cannot be replayed: a bad tag, FEN or move.
    /// `moves` then holds the moves before the bad one.
    pub error: Option<String>,
}

impl Game {
    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The result as a `GameResult` (`None` for an unknown token).
    pub fn game_result(&self) -> Option<GameResult> {
        GameResult::from_pgn(&self.result)
    }

    /// The position after the first `plies` moves.
    pub fn position_after(&self, plies: usize) -> Position {
        let mut pos = Position::from_fen(self.variant, &self.start_fen).expect("start FEN checked by the parser");
        for &m in &self.moves[..plies.min(self.moves.len())] {
            pos.make(m);
        }
        pos
    }

    /// The final position.
    pub fn final_position(&self) -> Position {
        self.position_after(self.moves.len())
    }
}

/// Parses every game in a PGN text (with the engine's PGN reader,
/// `rules::text::pgn`) and replays its moves legally. A game that cannot be
/// replayed is still returned, with `error` set (see `Game::error`), so that
/// one bad record never hides the others; a text that cannot be read at all
/// gives one game holding the reader's error.
pub fn parse_pgn(text: &str) -> Vec<Game> {
    read_pgn(text, "PGN").unwrap_or_else(|e| vec![unreadable(e)])
}

/// Like [`parse_pgn`], for the text of the file `file`: every game replayed
/// (each with its `error`, if any), or, if the text cannot be read at all,
/// the reader's error naming the file, line and game.
pub fn read_pgn(text: &str, file: &str) -> Result<Vec<Game>, String> {
    pgn::parse(text, file)
        .map(|games| games.iter().enumerate().map(|(i, g)| replay(g, i + 1, file)).collect())
        .map_err(|e| e.to_string())
}

fn unreadable(error: String) -> Game {
    let fen = Variant::Pom.start_fen().to_string();
    Game {
        tags: Vec::new(),
        line: 0,
        variant: Variant::Pom,
        final_fen: fen.clone(),
        start_fen: fen,
        moves: Vec::new(),
        move_texts: Vec::new(),
        comments: Vec::new(),
        result: "*".into(),
        error: Some(error),
    }
}

/// Replays one game as written, up to its first bad move, with the rules'
/// PGN reader (Gorgon's coordinates or XBoard's SAN, `rules::text::pgn`).
fn replay(written: &PgnGame, index: usize, file: &str) -> Game {
    let variant = written.variant(Variant::Pom);
    let result = written.result.as_deref().or(written.tag("Result")).unwrap_or("*").to_string();
    let mut game = Game {
        tags: written.tags.clone(),
        line: written.line,
        variant,
        final_fen: variant.start_fen().to_string(),
        start_fen: variant.start_fen().to_string(),
        moves: Vec::new(),
        move_texts: Vec::new(),
        comments: Vec::new(),
        result,
        error: None,
    };
    let (record, error) = match pgn::replay_prefix(written, index, file, variant) {
        Ok(Some(replayed)) => replayed,
        // The game's own variant was asked for.
        Ok(None) => {
            game.error = Some("unreadable variant".into());
            return game;
        }
        Err(e) => {
            game.error = Some(e.message);
            return game;
        }
    };
    let mut pos = record.start.clone();
    game.start_fen = pos.fen();
    for (i, &m) in record.moves.iter().enumerate() {
        game.move_texts.push(pos.move_text(m));
        pos.make(m);
        game.comments.push(written.comments.get(i).cloned().unwrap_or_default());
    }
    game.moves = record.moves;
    game.final_fen = pos.fen();
    game.error = error.map(|e| e.message);
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ending::Termination;
    use protocol::Score;
    use std::time::Duration;

    /// RULES.md 11: the inventor's sample game in coordinate notation.
    const SAMPLE: &str = "1. e3e5 h10h8  2. f2c5 g9g7  3. e2c3 g10i9  4. g1d4 e10d8  5. c5c8 d11e10
6. f3b7 b11a9  7. c8d8 e10b7  8. d8b10 e11e10  9. b10a11 b7a6
10. d2d3 f10e11  11. a11a10 e10d9  12. c3d5 g11f10  13. d1e3 i11g10
14. e3c4 a6c4  15. d4c4 f9d7  16. a10b10 f10d11  17. b10c11 j11h10
18. i1j3 g10e8  19. g2i3 h11f9  20. i3i9 j10i9  21. j3e8 f9e8
22. d5d7 e8d7  23. c4i10 k11h11  24. c11d11 e11d11  25. i10g9";
    const SAMPLE_FINAL: &str = "3e1k1t3/2ww3h2w/h2qw1S1w2/5w1w3/3a2w4/11/4W6/5W5/3W2W4/WWW4WWWW/THA1QK1A1HT b AK - 1 25";

    #[test]
    fn parses_the_sample_game() {
        let text = format!("[Event \"sample\"]\n[Variant \"pom\"]\n\n{SAMPLE} *\n");
        let games = parse_pgn(&text);
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.error, None);
        assert_eq!(g.moves.len(), 49);
        assert_eq!(g.final_fen, SAMPLE_FINAL);
        assert_eq!(g.tag("Event"), Some("sample"));
        assert_eq!(g.result, "*");
    }

    #[test]
    fn tolerates_comments_variations_nags_and_escapes() {
        let text = "[Event \"a \\\"quoted\\\" name\"]\n; a line comment\n%escaped line\n\
            1. e3e5 {+0.10/3 0.01s} (1. e3e4 e9e8) $1 1... h10h8! {x} {y} 2.f2c5 0-1\n\n\
            [Event \"second\"]\n[Variant \"minipom\"]\n1. e2e3 *";
        let games = parse_pgn(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("a \"quoted\" name"));
        assert_eq!(games[0].move_texts, ["e3e5", "h10h8", "f2c5"]);
        assert_eq!(games[0].comments[0], ["+0.10/3 0.01s"]);
        assert_eq!(games[0].comments[1], ["x", "y"]);
        assert_eq!(games[0].result, "0-1");
        assert_eq!(games[0].error, None);
        assert_eq!(games[1].variant, Variant::MiniPom);
        assert_eq!(games[1].moves.len(), 1);
    }

    #[test]
    fn bad_records_report_errors() {
        let games = parse_pgn("1. e3e5 e3e4 2. a1a2 *\n[Variant \"chess\"]\n1. e2e4 *\n[FEN \"bad\"]\n*");
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].moves.len(), 1);
        assert!(
            games[0].error.as_deref().unwrap().starts_with("move 1... e3e4 (ply 2):"),
            "{:?}",
            games[0].error
        );
        assert!(games[1].error.as_deref().unwrap().contains("unknown variant"));
        assert!(games[2].error.as_deref().unwrap().contains("bad FEN"));
    }

    #[test]
    fn transformation_suffix_is_part_of_the_move() {
        // The reader keeps "(H)" on the move and treats "( ..." as a variation.
        let games = pgn::parse("b7d8(H) (1. x) c5d8(ME) e1e2", "test").unwrap();
        let got: Vec<&str> = games[0].moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(got, ["b7d8(H)", "c5d8(ME)", "e1e2"]);
    }

    /// A game from a position Black moves in: numbered as every writer of
    /// the project numbers (`rules::text::pgn::MoveNumbers`: Black's move
    /// after a comment carries its number), and the reason, holding braces
    /// and a line break, read back as the one escaper wrote it.
    #[test]
    fn a_game_from_black_to_move_is_numbered_and_its_reason_read_back() {
        let v = Variant::MiniPom;
        let mut pos = Position::startpos(v);
        pos.make(pos.legal_move_vec()[0]);
        let start_fen = pos.fen();
        let mut moves = Vec::new();
        for _ in 0..3 {
            let m = pos.legal_move_vec()[0];
            moves.push(PlayedMove {
                text: pos.move_text(m),
                book: true,
                score: None,
                depth: None,
                time: None,
            });
            pos.make(m);
        }
        let rec = GameRecord {
            variant: v,
            round: 1,
            white: "A".into(),
            black: "B".into(),
            start_fen,
            moves,
            result: GameResult::Draw,
            termination: Termination::IllegalMove,
            reason: "B said {x}\nthen }".into(),
            time_control: ["10+0.1".into(), "10+0.1".into()],
            started: UNIX_EPOCH,
        };
        let text = write_game(&rec, "test", "here");
        let t = |k: usize| rec.moves[k].text.as_str();
        let expected = format!(
            "1... {} {{book}} 2. {} {{book}} 2... {} {{book}} {{B said (x) then )}} 1/2-1/2",
            t(0),
            t(1),
            t(2)
        );
        assert!(text.replace('\n', " ").contains(&expected), "{text}");
        let games = parse_pgn(&text);
        assert_eq!(games[0].error, None);
        assert_eq!(games[0].final_fen, pos.fen());
        assert_eq!(games[0].comments[2], ["book", "B said (x) then )"]);
    }

    /// The runner's comments are cutechess's (mates in plies: an engine's
    /// `score mate 3` is `+M5`, `score mate -2` is `-M4`), and the reader
    /// reads each back from the written game as the comment it wrote.
    #[test]
    fn engine_comments_are_written_as_cutechess_writes_them_and_read_back() {
        let v = Variant::MiniPom;
        let mut pos = Position::startpos(v);
        let said = [
            (Some(ScoreValue::Mate(3)), Some(20), Some(250), "+M5/20 0.25s"),
            (Some(ScoreValue::Mate(-2)), Some(18), Some(1000), "-M4/18 1.00s"),
            (Some(ScoreValue::Cp(-120)), Some(9), Some(20), "-1.20/9 0.02s"),
            (Some(ScoreValue::Cp(0)), Some(1), Some(0), "+0.00/1 0.00s"),
            (None, None, Some(500), "0.50s"),
        ];
        let mut moves = Vec::new();
        for (k, &(score, depth, millis, _)) in said.iter().enumerate() {
            let m = pos.legal_move_vec()[k];
            moves.push(PlayedMove {
                text: pos.move_text(m),
                book: false,
                score: score.map(|value| Score { value, bound: None }),
                depth,
                time: millis.map(Duration::from_millis),
            });
            pos.make(m);
        }
        let rec = GameRecord {
            variant: v,
            round: 1,
            white: "A".into(),
            black: "B".into(),
            start_fen: v.start_fen().into(),
            moves,
            result: GameResult::Draw,
            termination: Termination::Adjudication,
            reason: "Draw by adjudication".into(),
            time_control: ["10+0.1".into(), "10+0.1".into()],
            started: UNIX_EPOCH,
        };
        let games = parse_pgn(&write_game(&rec, "test", "here"));
        assert_eq!(games[0].error, None);
        for (k, &(score, depth, millis, text)) in said.iter().enumerate() {
            assert_eq!(games[0].comments[k][0], text);
            let read = EngineComment::parse(&games[0].comments[k][0]).unwrap();
            assert_eq!(read.score, score.map(comment_score), "{text}");
            assert_eq!((read.depth, read.time), (depth, millis.map(Duration::from_millis)), "{text}");
        }
        assert_eq!(EngineComment::parse(&games[0].comments[4][1]), None);
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(11_017), (2000, 3, 1));
        assert_eq!(civil_date(20_818), (2026, 12, 31));
        assert_eq!(civil_date(20_819), (2027, 1, 1));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }

    #[test]
    fn writes_and_reads_back() {
        let v = Variant::MiniPom;
        let mut pos = Position::startpos(v);
        let mut moves = Vec::new();
        for k in 0..7 {
            let m = pos.legal_move_vec()[k];
            moves.push(PlayedMove {
                text: pos.move_text(m),
                book: k < 2,
                score: (k >= 2).then_some(Score::cp(k as i32 * 10 - 40)),
                depth: (k >= 2).then_some(k as u32),
                time: (k >= 2).then_some(Duration::from_millis(125)),
            });
            pos.make(m);
        }
        let rec = GameRecord {
            variant: v,
            round: 3,
            white: "A \"x\"".into(),
            black: "B".into(),
            start_fen: v.start_fen().into(),
            moves,
            result: GameResult::BlackWins,
            termination: Termination::IllegalMove,
            reason: "White (A) plays an illegal move: {nonsense}".into(),
            time_control: ["10+0.1".into(), "10+0.1".into()],
            started: UNIX_EPOCH + Duration::from_secs(86_400 * 11_016),
        };
        let text = write_game(&rec, "test", "here");
        assert!(text.contains("[Date \"2000.02.29\"]"), "{text}");
        assert!(text.contains("[Variant \"minipom\"]"));
        assert!(!text.contains("[FEN"));
        assert!(text.contains("{book}"));
        assert!(text.contains("{-0.20/2 0.12s}") || text.contains("{-0.20/2 0.13s}"), "{text}");
        let games = parse_pgn(&text);
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.error, None);
        assert_eq!(g.final_fen, pos.fen());
        assert_eq!(g.result, "0-1");
        assert_eq!(g.tag("White"), Some("A \"x\""));
        assert_eq!(g.tag("Termination"), Some("illegal move"));
        assert_eq!(g.comments[6].len(), 2, "{:?}", g.comments);
    }
}
