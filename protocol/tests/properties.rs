//! Property tests: no input makes the parser panic, and everything the
//! crate writes reads back to what was written.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use protocol::{parse_line, Command, Go, Info, MoveText, OptionDecl, OptionKind, Reply, Square, Suffix};

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
