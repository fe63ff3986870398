//! Property tests: no input makes the parser panic, and everything the
//! crate writes reads back to what was written.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use protocol::{
    parse_line, parse_reply, Bound, Command, Go, Info, MoveText, OptionDecl, OptionKind, Reply, Score, ScoreValue, Square, Suffix,
};

// ---- generators ----

fn square() -> impl Strategy<Value = Square> {
    (0..Square::MAX_FILES, 1..=Square::MAX_RANK).prop_map(|(f, r)| Square::new(f, r).unwrap())
}

fn suffix() -> impl Strategy<Value = Suffix> {
    prop_oneof![Just(Suffix::None), Just(Suffix::PromotionE), "[A-Z]{1,2}".prop_map(Suffix::Form),]
}

fn move_text() -> impl Strategy<Value = MoveText> {
    (square(), square(), suffix()).prop_map(|(from, to, suffix)| MoveText { from, to, suffix })
}

/// A FEN field: no whitespace, and not the keyword `moves`.
fn fen_field() -> impl Strategy<Value = String> {
    "[!-~]{1,12}".prop_filter("not 'moves'", |f| !f.eq_ignore_ascii_case("moves"))
}

fn position() -> impl Strategy<Value = Command> {
    let fen = proptest::option::of(vec(fen_field(), 1..=6).prop_map(|f| f.join(" ")));
    (fen, vec(move_text(), 0..8)).prop_map(|(fen, moves)| Command::Position { fen, moves, invalid: None })
}

fn go() -> impl Strategy<Value = Go> {
    let clocks = proptest::array::uniform4(proptest::option::of(any::<i64>()));
    let u32s = proptest::array::uniform4(proptest::option::of(any::<u32>()));
    let u64s = proptest::array::uniform2(proptest::option::of(any::<u64>()));
    let flags = (any::<bool>(), any::<bool>());
    (clocks, u32s, u64s, flags, vec(move_text(), 0..5)).prop_map(
        |([wtime, btime, winc, binc], [movestogo, depth, mate, perft], [nodes, movetime], (infinite, ponder), searchmoves)| Go {
            wtime,
            btime,
            winc,
            binc,
            movestogo,
            depth,
            nodes,
            mate,
            movetime,
            infinite,
            ponder,
            searchmoves,
            perft,
        },
    )
}

/// Free text as a reply carries it: one line (no control characters or
/// line separators) and trimmed; inner blanks of any kind are kept.
fn line_text() -> impl Strategy<Value = String> {
    "[^\\p{C}\\p{Zl}\\p{Zp}]{0,24}".prop_map(|t| t.trim().to_owned())
}

/// Option words: no blank, not an option keyword (a name runs up to
/// `type`, a combo text up to `var`), not `<empty>`.
fn option_word() -> impl Strategy<Value = String> {
    "[^\\s\\p{C}]{1,8}".prop_filter("not a keyword", |w| {
        !["type", "default", "min", "max", "var", "<empty>"]
            .iter()
            .any(|k| w.eq_ignore_ascii_case(k))
    })
}

/// Option text: words separated by blanks of various kinds.
fn option_text(words: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    let blank = proptest::sample::select(&[" ", "  ", "\u{a0}", " \u{3000} "][..]);
    vec((option_word(), blank), words).prop_map(|parts| {
        let text: String = parts.into_iter().map(|(w, b)| w + b).collect();
        text.trim().to_owned()
    })
}

fn option_kind() -> impl Strategy<Value = OptionKind> {
    prop_oneof![
        any::<bool>().prop_map(|default| OptionKind::Check { default }),
        any::<[i64; 3]>().prop_map(|[default, min, max]| OptionKind::Spin { default, min, max }),
        (option_text(0..3), vec(option_text(0..3), 0..4)).prop_map(|(default, vars)| OptionKind::Combo { default, vars }),
        Just(OptionKind::Button),
        line_text()
            .prop_filter("not the empty marker", |t| t != "<empty>")
            .prop_map(|default| OptionKind::String { default }),
    ]
}

fn score() -> impl Strategy<Value = Score> {
    let value = prop_oneof![any::<i32>().prop_map(ScoreValue::Cp), any::<i32>().prop_map(ScoreValue::Mate)];
    let bound = proptest::option::of(prop_oneof![Just(Bound::Lower), Just(Bound::Upper)]);
    (value, bound).prop_map(|(value, bound)| Score { value, bound })
}

fn info() -> impl Strategy<Value = Info> {
    let u32s = proptest::array::uniform5(proptest::option::of(any::<u32>()));
    let u64s = proptest::array::uniform3(proptest::option::of(any::<u64>()));
    let scores = (proptest::option::of(score()), proptest::option::of(any::<[u32; 3]>()));
    let moves = (proptest::option::of(move_text()), vec(move_text(), 0..6));
    (u32s, u64s, scores, moves).prop_map(
        |([depth, seldepth, multipv, hashfull, currmovenumber], [nodes, nps, time], (score, wdl), (currmove, pv))| Info {
            depth,
            seldepth,
            multipv,
            score,
            wdl,
            nodes,
            nps,
            hashfull,
            time,
            currmove,
            currmovenumber,
            pv,
        },
    )
}

/// Any reply whose text fields are single-line and trimmed (and, for
/// option texts, free of the option keywords).
fn reply() -> impl Strategy<Value = Reply> {
    let best = (proptest::option::of(move_text()), proptest::option::of(move_text())).prop_map(|(mv, ponder)| Reply::BestMove {
        ponder: ponder.filter(|_| mv.is_some()),
        mv,
    });
    prop_oneof![
        line_text().prop_map(Reply::IdName),
        line_text().prop_map(Reply::IdAuthor),
        (option_text(1..4), option_kind()).prop_map(|(name, kind)| Reply::Option(OptionDecl { name, kind })),
        Just(Reply::UciOk),
        Just(Reply::ReadyOk),
        info().prop_map(Reply::Info),
        line_text().prop_map(Reply::InfoString),
        best,
    ]
}

/// Words the parser reacts to, in various cases.
const VOCABULARY: &[&str] = &[
    "uci",
    "debug",
    "on",
    "off",
    "isready",
    "setoption",
    "name",
    "value",
    "register",
    "later",
    "code",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "bench",
    "eval",
    "0000",
    "GO",
    "Position",
    "MOVES",
    "SearchMoves",
    "(H)",
    "e",
    "-",
    "w",
    "b",
    "11/11",
    "9/9",
    // Replies.
    "id",
    "author",
    "uciok",
    "readyok",
    "option",
    "type",
    "check",
    "spin",
    "combo",
    "button",
    "string",
    "default",
    "min",
    "max",
    "var",
    "<empty>",
    "true",
    "info",
    "seldepth",
    "multipv",
    "score",
    "cp",
    "lowerbound",
    "upperbound",
    "wdl",
    "nps",
    "hashfull",
    "time",
    "currmove",
    "currmovenumber",
    "pv",
    "tbhits",
    "refutation",
    "bestmove",
    "(none)",
];

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(VOCABULARY).prop_map(str::to_owned),
        2 => move_text().prop_map(|m| m.to_string()),
        2 => any::<i64>().prop_map(|n| n.to_string()),
        1 => any::<u64>().prop_map(|n| n.to_string()),
        1 => "[a-zA-Z0-9()+-]{1,6}",
        1 => "\\PC{1,4}",
    ]
}

fn separator() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(&[" ", " ", " ", "  ", "\t", "\r", "\u{a0}", "\u{b}"][..])
}

fn soup() -> impl Strategy<Value = String> {
    vec((token(), separator()), 0..16).prop_map(|parts| parts.into_iter().map(|(t, s)| t + s).collect::<String>())
}

// ---- properties ----

/// Whatever reads as a reply writes a canonical text that reads back to
/// the same text (for lines without control characters, which the writer
/// turns into spaces), and errors fit on one line.
fn check_reply(line: &str) -> Result<(), TestCaseError> {
    match parse_reply(line) {
        Ok(Some(reply)) => {
            let text = reply.to_string();
            prop_assert!(!text.contains(['\n', '\r']), "{:?}", text);
            if !line.contains(char::is_control) {
                let again = parse_reply(&text).map(|r| r.map(|r| r.to_string()));
                prop_assert_eq!(again, Ok(Some(text.clone())), "canonical text {:?}", text);
            }
        }
        Ok(None) => prop_assert!(line.trim().is_empty()),
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.contains(['\n', '\r']), "{:?}", message);
            prop_assert!(message.len() < 400, "{:?}", message);
        }
    }
    Ok(())
}

/// Whatever parses once reads back identically from its canonical text,
/// and errors fit on one line.
fn check_line(line: &str) -> Result<(), TestCaseError> {
    match parse_line(line) {
        Ok(Some(command)) => {
            let text = command.to_string();
            prop_assert_eq!(parse_line(&text), Ok(Some(command)), "canonical text {:?}", text);
        }
        Ok(None) => prop_assert!(line.trim().is_empty()),
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.contains(['\n', '\r']), "{:?}", message);
            prop_assert!(message.len() < 400, "{:?}", message);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_bytes_never_panic(bytes in vec(any::<u8>(), 0..200)) {
        check_line(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn random_strings_never_panic(line in "\\PC{0,80}") {
        check_line(&line)?;
    }

    #[test]
    fn token_soups_never_panic(body in soup()) {
        check_line(&body)?;
    }

    #[test]
    fn command_word_then_soup_never_panics(
        word in proptest::sample::select(&["position", "go", "setoption", "register", "debug", "perft", "bench"][..]),
        body in soup(),
    ) {
        check_line(&format!("{word} {body}"))?;
    }

    #[test]
    fn moves_round_trip(m in move_text()) {
        let text = m.to_string();
        prop_assert_eq!(text.parse::<MoveText>(), Ok(m.clone()));
        prop_assert_eq!(text.to_uppercase().parse::<MoveText>(), Ok(m));
    }

    #[test]
    fn any_token_parses_as_a_move_or_names_itself(token in "[a-zA-Z0-9()]{0,10}") {
        match token.parse::<MoveText>() {
            Ok(m) => prop_assert!(m.to_string().eq_ignore_ascii_case(&token)),
            Err(e) => prop_assert_eq!(e.token(), token.as_str()),
        }
    }

    #[test]
    fn go_round_trips(g in go()) {
        let command = Command::Go(g);
        prop_assert_eq!(parse_line(&command.to_string()), Ok(Some(command)));
    }

    #[test]
    fn position_round_trips(command in position()) {
        prop_assert_eq!(parse_line(&command.to_string()), Ok(Some(command)));
    }

    #[test]
    fn replies_round_trip(r in reply()) {
        let text = r.to_string();
        prop_assert_eq!(parse_reply(&text), Ok(Some(r)), "text {:?}", text);
    }

    #[test]
    fn random_bytes_never_panic_as_replies(bytes in vec(any::<u8>(), 0..200)) {
        check_reply(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn random_strings_never_panic_as_replies(line in "\\PC{0,80}") {
        check_reply(&line)?;
    }

    #[test]
    fn reply_word_then_soup_never_panics(
        word in proptest::sample::select(&["id", "uciok", "readyok", "option name", "info", "info string", "bestmove"][..]),
        body in soup(),
    ) {
        check_reply(&format!("{word} {body}"))?;
    }

    #[test]
    fn token_soups_never_panic_as_replies(body in soup()) {
        check_reply(&body)?;
    }

    #[test]
    fn replies_stay_on_one_line(text in "\\PC*|[\\s\\S]{0,40}", m in move_text()) {
        let replies = [
            Reply::IdName(text.clone()),
            Reply::IdAuthor(text.clone()),
            Reply::InfoString(text.clone()),
            Reply::Option(OptionDecl {
                name: text.clone(),
                kind: OptionKind::Combo { default: text.clone(), vars: vec![text.clone()] },
            }),
            Reply::Option(OptionDecl { name: text.clone(), kind: OptionKind::String { default: text } }),
            Reply::Info(Info { currmove: Some(m.clone()), pv: vec![m.clone(), m], ..Info::default() }),
        ];
        for reply in replies {
            let line = reply.to_string();
            prop_assert!(!line.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']), "{:?}", line);
        }
    }
}
