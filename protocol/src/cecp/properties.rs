//! Property tests of the CECP parser: no input makes it panic, whatever
//! parses reads back identically from its canonical text, errors and
//! replies stay on one line.

use proptest::collection::vec;
use proptest::prelude::*;

use super::*;
use crate::reply::Bound;
use rules::text::coord::Square;

fn square() -> impl Strategy<Value = Square> {
    (0..Square::MAX_FILES, 1..=Square::MAX_RANK).prop_map(|(f, r)| Square::new(f, r).unwrap())
}

fn suffix() -> impl Strategy<Value = Option<char>> {
    proptest::option::of(prop_oneof![
        proptest::char::range('a', 'z'),
        proptest::char::range('A', 'Z'),
        Just('+'),
        Just('=')
    ])
}

fn cecp_move() -> impl Strategy<Value = CecpMove> {
    prop_oneof![
        6 => (square(), square(), suffix()).prop_map(|(from, to, promotion)| CecpMove::Coord { from, to, promotion }),
        1 => any::<bool>().prop_map(|long| CecpMove::Castle { long }),
        1 => (proptest::char::range('A', 'Z'), square()).prop_map(|(piece, to)| CecpMove::Drop { piece, to }),
        1 => Just(CecpMove::Null),
        1 => (vec((square(), square()), 2..=4), suffix()).prop_map(|(legs, promotion)| CecpMove::MultiLeg {
            legs: legs.into_iter().map(|(from, to)| Leg { from, to }).collect(),
            promotion,
        }),
    ]
}

/// Words the parser reacts to, and some it should not.
const VOCABULARY: &[&str] = &[
    "xboard",
    "protover",
    "accepted",
    "rejected",
    "new",
    "variant",
    "pom",
    "minipom",
    "quit",
    "random",
    "force",
    "go",
    "playother",
    "white",
    "black",
    "level",
    "st",
    "sd",
    "nps",
    "time",
    "otim",
    "usermove",
    "?",
    "ping",
    "draw",
    "result",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "{",
    "}",
    "setboard",
    "edit",
    "hint",
    "bk",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "name",
    "rating",
    "ics",
    "computer",
    "pause",
    "resume",
    "memory",
    "cores",
    "egtpath",
    "option",
    "exclude",
    "include",
    "all",
    "setscore",
    "lift",
    "put",
    "hover",
    "d",
    "O-O",
    "O-O-O",
    "@@@@",
    "0:30",
    "1.5",
    "=",
    ",",
    "e4,",
    "a0",
    // Replies.
    "feature",
    "done=1",
    "myname=\"a",
    "b\"",
    "\"",
    "pong",
    "move",
    "move:",
    "Illegal",
    "Error",
    "(unknown",
    "command):",
    "resign",
    "offer",
    "Hint:",
    "stat01:",
    "setup",
    "(PNBRQK)",
    "11x11+0_fairy",
    "piece",
    "E&",
    "highlight",
    "choice",
    "click",
    "telluser",
    "tellusererror",
    "#",
    "!",
];

/// Free text as a reply carries it: one line (no control characters or
/// line separators) and trimmed.
fn line_text() -> impl Strategy<Value = String> {
    "[^\\p{C}\\p{Zl}\\p{Zp}]{0,24}".prop_map(|t| t.trim().to_owned())
}

/// Text the writer keeps as it is: `line_text` without `forbidden`.
fn text_without(forbidden: &'static [char]) -> impl Strategy<Value = String> {
    line_text().prop_map(move |t| t.replace(forbidden, "").trim().to_owned())
}

/// A token as the writer writes it: no blanks, no control characters.
fn token_text(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::char::any(), 0..=max)
        .prop_map(|chars| chars.into_iter().filter(|c| !c.is_whitespace() && !c.is_control()).collect())
}

fn feature() -> impl Strategy<Value = Feature> {
    let value = prop_oneof![
        any::<bool>().prop_map(FeatureValue::Bool),
        any::<i64>()
            .prop_filter("0 and 1 read back as flags", |n| !(0..=1).contains(n))
            .prop_map(FeatureValue::Int),
        text_without(&['"']).prop_map(FeatureValue::Str),
    ];
    ("[a-zA-Z_]{1,10}", value).prop_map(|(name, value)| Feature { name, value })
}

fn bound() -> impl Strategy<Value = Option<Bound>> {
    proptest::option::of(prop_oneof![Just(Bound::Lower), Just(Bound::Upper)])
}

fn thinking() -> impl Strategy<Value = Thinking> {
    let numbers = (any::<u32>(), any::<i32>(), any::<u64>(), any::<u64>());
    let extra = proptest::option::of((any::<u32>(), any::<u64>()));
    (numbers, extra, bound(), vec(cecp_move(), 0..5)).prop_map(|((ply, score, time_cs, nodes), extra, bound, pv)| Thinking {
        ply,
        score,
        time_cs,
        nodes,
        seldepth: extra.map(|e| e.0),
        nps: extra.map(|e| e.1),
        bound,
        pv,
    })
}

fn stat01() -> impl Strategy<Value = Stat01> {
    let numbers = (any::<u64>(), any::<u64>(), any::<u32>(), any::<u32>(), any::<u32>());
    (numbers, proptest::option::of(cecp_move())).prop_map(|((time_cs, nodes, ply, moves_left, moves_total), current)| Stat01 {
        time_cs,
        nodes,
        ply,
        moves_left,
        moves_total,
        current,
    })
}

fn setup() -> impl Strategy<Value = Setup> {
    (token_text(12), any::<[u8; 3]>(), token_text(8), line_text()).prop_map(|(piece_to_char, [width, height, holdings], parent, fen)| {
        Setup {
            piece_to_char,
            width,
            height,
            holdings,
            parent,
            fen,
        }
    })
}

/// Any reply whose text fields are single-line and trimmed, without the
/// characters the writer replaces (quotes in feature values, brackets and
/// colons in reasons, braces in comments), with both or neither of a
/// thinking line's `seldepth` and `nps`, and not the empty book line.
fn reply() -> impl Strategy<Value = Reply> {
    let result = prop_oneof![
        Just(GameResult::WhiteWins),
        Just(GameResult::BlackWins),
        Just(GameResult::Draw),
        Just(GameResult::Unfinished)
    ];
    let piece_id = any::<char>().prop_filter("a visible letter", |c| !c.is_whitespace() && !c.is_control());
    prop_oneof![
        vec(feature(), 0..5).prop_map(Reply::Features),
        any::<i64>().prop_map(Reply::Pong),
        cecp_move().prop_map(Reply::Move),
        (token_text(10), proptest::option::of(text_without(&['(', ')', ':']))).prop_map(|(mv, reason)| Reply::IllegalMove { mv, reason }),
        (text_without(&['(', ')', ':']), line_text()).prop_map(|(kind, command)| Reply::Error { kind, command }),
        (result, text_without(&['{', '}'])).prop_map(|(result, comment)| Reply::Result { result, comment }),
        Just(Reply::Resign),
        Just(Reply::OfferDraw),
        cecp_move().prop_map(Reply::Hint),
        thinking().prop_map(Reply::Thinking),
        stat01().prop_map(Reply::Stat01),
        setup().prop_map(Reply::Setup),
        (piece_id, any::<bool>(), token_text(10)).prop_map(|(id, both, betza)| Reply::Piece { id, both, betza }),
        token_text(20).prop_map(Reply::Highlight),
        token_text(6).prop_map(Reply::Choice),
        square().prop_map(Reply::Click),
        line_text().prop_map(Reply::TellUser),
        line_text().prop_map(Reply::TellUserError),
        line_text().prop_map(Reply::Comment),
        line_text().prop_filter("not empty", |t| !t.is_empty()).prop_map(Reply::BookLine),
    ]
}

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

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(VOCABULARY).prop_map(str::to_owned),
        2 => cecp_move().prop_map(|m| m.to_string()),
        2 => any::<i64>().prop_map(|n| n.to_string()),
        1 => any::<u64>().prop_map(|n| n.to_string()),
        1 => "[a-zA-Z0-9()@,:.=+/-]{1,8}",
        1 => "\\PC{1,4}",
    ]
}

fn separator() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(&[" ", " ", " ", "  ", "\t", "\r", "\u{a0}", "\u{b}"][..])
}

fn soup() -> impl Strategy<Value = String> {
    vec((token(), separator()), 0..12).prop_map(|parts| parts.into_iter().map(|(t, s)| t + s).collect::<String>())
}

/// Whatever parses once reads back identically from its canonical text,
/// and errors fit on one line and name something.
fn check_line(line: &str) -> Result<(), TestCaseError> {
    match parse_line(line) {
        Ok(Some(command)) => {
            let text = command.to_string();
            prop_assert!(!text.contains(['\n', '\r']), "{:?}", text);
            prop_assert_eq!(parse_line(&text), Ok(Some(command)), "canonical text {:?}", text);
        }
        Ok(None) => prop_assert!(line.trim().is_empty()),
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.contains(['\n', '\r']), "{:?}", message);
            prop_assert!(message.len() < 400, "{:?}", message);
            let reply = Reply::Error {
                kind: e.error_type(),
                command: line.to_owned(),
            }
            .to_string();
            prop_assert!(!reply.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']), "{:?}", reply);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn cecp_random_bytes_never_panic(bytes in vec(any::<u8>(), 0..200)) {
        check_line(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn cecp_random_strings_never_panic(line in "\\PC{0,80}") {
        check_line(&line)?;
    }

    #[test]
    fn cecp_token_soups_never_panic(body in soup()) {
        check_line(&body)?;
    }

    #[test]
    fn cecp_command_word_then_soup_never_panics(word in proptest::sample::select(VOCABULARY), body in soup()) {
        check_line(&format!("{word} {body}"))?;
    }

    #[test]
    fn cecp_moves_round_trip(m in cecp_move()) {
        let text = m.to_string();
        prop_assert_eq!(text.parse::<CecpMove>(), Ok(m.clone()));
        prop_assert_eq!(parse_line(&format!("usermove {text}")), Ok(Some(Command::UserMove(m))));
    }

    #[test]
    fn cecp_any_token_parses_as_a_move_or_names_itself(token in "[a-zA-Z0-9@,=+-]{0,12}") {
        match token.parse::<CecpMove>() {
            Ok(m) => {
                let text = m.to_string();
                prop_assert!(text.eq_ignore_ascii_case(&token) || token.starts_with(['0', 'o']), "{} vs {}", text, token);
            }
            Err(e) => prop_assert_eq!(e.token(), token.as_str()),
        }
    }

    #[test]
    fn cecp_levels_round_trip(moves in 0u32..1000, minutes in 0u64..10_000, seconds in 0u64..60, inc_ms in 0u64..1_000_000) {
        let command = Command::Level(Level { moves, base_ms: (minutes * 60 + seconds) * 1000, inc_ms });
        prop_assert_eq!(parse_line(&command.to_string()), Ok(Some(command)));
    }

    #[test]
    fn cecp_replies_round_trip(r in reply()) {
        let text = r.to_string();
        prop_assert_eq!(parse_reply(&text), Ok(Some(r)), "text {:?}", text);
    }

    #[test]
    fn cecp_random_bytes_never_panic_as_replies(bytes in vec(any::<u8>(), 0..200)) {
        check_reply(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn cecp_random_strings_never_panic_as_replies(line in "\\PC{0,80}") {
        check_reply(&line)?;
    }

    #[test]
    fn cecp_token_soups_never_panic_as_replies(body in soup()) {
        check_reply(&body)?;
    }

    #[test]
    fn cecp_reply_word_then_soup_never_panics(word in proptest::sample::select(VOCABULARY), body in soup()) {
        check_reply(&format!("{word} {body}"))?;
    }

    #[test]
    fn cecp_replies_stay_on_one_line(text in "\\PC*|[\\s\\S]{0,40}", m in cecp_move(), n in any::<i64>()) {
        let replies = [
            Reply::Features(vec![Feature::text(&text, &text), Feature::int(&text, n), Feature::flag("x", n > 0)]),
            Reply::IllegalMove { mv: text.clone(), reason: Some(text.clone()) },
            Reply::Error { kind: text.clone(), command: text.clone() },
            Reply::Result { result: GameResult::Draw, comment: text.clone() },
            Reply::Thinking(Thinking { ply: 1, score: 2, time_cs: 3, nodes: 4, seldepth: Some(5), nps: None, bound: Some(Bound::Upper), pv: vec![m.clone(), m.clone()] }),
            Reply::Setup(Setup { piece_to_char: text.clone(), width: 11, height: 11, holdings: 0, parent: text.clone(), fen: text.clone() }),
            Reply::Piece { id: 'E', both: true, betza: text.clone() },
            Reply::Highlight(text.clone()),
            Reply::Choice(text.clone()),
            Reply::TellUser(text.clone()),
            Reply::TellUserError(text.clone()),
            Reply::Comment(text.clone()),
            Reply::BookLine(text.clone()),
            Reply::Move(m.clone()),
            Reply::Hint(m),
        ];
        for reply in replies {
            let line = reply.to_string();
            prop_assert!(!line.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']), "{:?}", line);
        }
    }
}
