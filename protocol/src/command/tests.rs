use std::time::{Duration, Instant};

use super::*;
use crate::error::MoveTextErrorKind;
use rules::text::coord::{Square, Suffix};

fn parse(line: &str) -> Command {
    match parse_line(line) {
        Ok(Some(command)) => command,
        other => panic!("{line:?} gave {other:?}"),
    }
}

fn error(line: &str) -> String {
    match parse_line(line) {
        Err(e) => e.to_string(),
        other => panic!("{line:?} should fail, gave {other:?}"),
    }
}

fn mv(text: &str) -> MoveText {
    text.parse().unwrap()
}

fn moves(texts: &[&str]) -> Vec<MoveText> {
    texts.iter().map(|t| mv(t)).collect()
}

fn go(line: &str) -> Go {
    match parse(line) {
        Command::Go(go) => go,
        other => panic!("{line:?} gave {other:?}"),
    }
}

fn position(line: &str) -> (Option<String>, Vec<MoveText>) {
    match parse(line) {
        Command::Position { fen, moves, invalid: None } => (fen, moves),
        other => panic!("{line:?} gave {other:?}"),
    }
}

const POM_START: &str = "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHT w AKak - 0 1";
const MINI_START: &str = "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1";

// ---- blank lines, dispatch ----

#[test]
fn blank_lines_are_nothing() {
    for line in ["", " ", "\t\t", "\r\n", "\n", " \u{a0} \u{3000}"] {
        assert_eq!(parse_line(line), Ok(None), "{line:?}");
    }
}

#[test]
fn unknown_commands_are_named() {
    assert_eq!(error("foo"), "unknown command 'foo'");
    assert_eq!(error("  foo bar"), "unknown command 'foo'");
    assert_eq!(error("isreadyx"), "unknown command 'isreadyx'");
    assert_eq!(error("\u{1b}[2J"), "unknown command '\\u{1b}[2J'");
    assert_eq!(parse_line("foo"), Err(ParseError::UnknownCommand { token: "foo".into() }));
}

#[test]
fn command_words_ignore_ascii_case() {
    assert_eq!(parse("UCI"), Command::Uci);
    assert_eq!(parse("IsReady"), Command::IsReady);
    assert_eq!(parse("D"), Command::D);
    assert_eq!(
        parse("GO DEPTH 3"),
        Command::Go(Go {
            depth: Some(3),
            ..Go::default()
        })
    );
}

#[test]
fn line_terminators_and_extra_blanks_are_ignored() {
    assert_eq!(parse("isready\r\n"), Command::IsReady);
    assert_eq!(
        parse("  go\tdepth   4 \r"),
        Command::Go(Go {
            depth: Some(4),
            ..Go::default()
        })
    );
}

// ---- argument-free standard commands ----

#[test]
fn argument_free_commands() {
    assert_eq!(parse("uci"), Command::Uci);
    assert_eq!(parse("isready"), Command::IsReady);
    assert_eq!(parse("ucinewgame"), Command::UciNewGame);
    assert_eq!(parse("stop"), Command::Stop);
    assert_eq!(parse("ponderhit"), Command::PonderHit);
    assert_eq!(parse("quit"), Command::Quit);
}

#[test]
fn argument_free_commands_ignore_trailing_tokens() {
    assert_eq!(parse("isready now"), Command::IsReady);
    assert_eq!(parse("stop 12"), Command::Stop);
    assert_eq!(parse("d please"), Command::D);
    assert_eq!(parse("eval x"), Command::Eval);
}

#[test]
fn debug_takes_on_or_off() {
    assert_eq!(parse("debug on"), Command::Debug(true));
    assert_eq!(parse("debug OFF"), Command::Debug(false));
    assert_eq!(error("debug"), "debug: missing 'on' or 'off'");
    assert_eq!(error("debug maybe"), "debug: expected 'on' or 'off', got 'maybe'");
    assert_eq!(error("debug onx"), "debug: expected 'on' or 'off', got 'onx'");
    assert_eq!(error("debug on off"), "debug: expected end of line, got 'off'");
}

#[test]
fn register_later_or_name_and_code() {
    assert_eq!(parse("register later"), Command::Register(Registration::Later));
    assert_eq!(
        parse("register name Stefan  MK code 4359874324"),
        Command::Register(Registration::Now {
            name: "Stefan MK".into(),
            code: "4359874324".into()
        })
    );
    assert_eq!(error("register"), "register: missing 'later' or 'name <name> code <code>'");
    assert_eq!(
        error("register name x"),
        "register: expected 'later' or 'name <name> code <code>', got 'name'"
    );
}

// ---- setoption ----

fn setoption(line: &str) -> (String, Option<String>) {
    match parse(line) {
        Command::SetOption { name, value } => (name, value),
        other => panic!("{line:?} gave {other:?}"),
    }
}

#[test]
fn setoption_names_and_values_may_have_several_words() {
    assert_eq!(setoption("setoption name Hash value 16"), ("Hash".into(), Some("16".into())));
    assert_eq!(setoption("setoption name Clear Hash"), ("Clear Hash".into(), None));
    assert_eq!(
        setoption("setoption name Move Overhead value 100"),
        ("Move Overhead".into(), Some("100".into()))
    );
    assert_eq!(
        setoption("setoption name BookFile value my book.bin"),
        ("BookFile".into(), Some("my book.bin".into()))
    );
    assert_eq!(
        setoption("setoption name UCI_Variant value minipom"),
        ("UCI_Variant".into(), Some("minipom".into()))
    );
}

#[test]
fn setoption_trims_and_collapses_blanks() {
    assert_eq!(
        setoption("setoption  name   Move   Overhead  value   10   \r\n"),
        ("Move Overhead".into(), Some("10".into()))
    );
    assert_eq!(
        setoption("setoption name BookFile value   a  b  "),
        ("BookFile".into(), Some("a b".into()))
    );
}

#[test]
fn setoption_keywords_ignore_case_but_names_keep_it() {
    assert_eq!(setoption("SETOPTION NAME Hash VALUE 8"), ("Hash".into(), Some("8".into())));
    assert_eq!(setoption("setoption name Values value 3"), ("Values".into(), Some("3".into())));
    assert_eq!(
        setoption("setoption name A value b value c"),
        ("A".into(), Some("b value c".into()))
    );
}

#[test]
fn setoption_empty_value_is_some_empty() {
    assert_eq!(setoption("setoption name BookFile value"), ("BookFile".into(), Some(String::new())));
    assert_eq!(
        setoption("setoption name BookFile value  "),
        ("BookFile".into(), Some(String::new()))
    );
}

#[test]
fn setoption_errors() {
    assert_eq!(error("setoption"), "setoption: missing 'name'");
    assert_eq!(error("setoption Hash value 3"), "setoption: expected 'name', got 'Hash'");
    assert_eq!(error("setoption name"), "setoption: missing option name");
    assert_eq!(error("setoption name value 3"), "setoption: missing option name");
}

// ---- position ----

#[test]
fn position_startpos_with_11x11_moves() {
    let line = "position startpos moves b1c10 k2k4 c10c11 b7d8(H) c5d8(ME) f1k1 f11a11 a10a11 c10c11e";
    let (fen, got) = position(line);
    assert_eq!(fen, None);
    let expected = [
        "b1c10", "k2k4", "c10c11", "b7d8(H)", "c5d8(ME)", "f1k1", "f11a11", "a10a11", "c10c11e",
    ];
    assert_eq!(got, moves(&expected));
    assert_eq!(got[0].to, Square::new(2, 10).unwrap());
    assert_eq!(got[1].to, Square::new(10, 4).unwrap());
    assert_eq!(got[3].suffix, Suffix::Form("H".into()));
    assert_eq!(got[4].suffix, Suffix::Form("ME".into()));
    assert_eq!(got[8].suffix, Suffix::PromotionE);
}

#[test]
fn position_without_moves() {
    assert_eq!(position("position startpos"), (None, vec![]));
    assert_eq!(position("position startpos moves"), (None, vec![]));
    assert_eq!(position("POSITION STARTPOS MOVES E3E5"), (None, moves(&["e3e5"])));
}

#[test]
fn position_fen_keeps_11_and_9_rank_fens_intact() {
    let (fen, got) = position(&format!("position fen {POM_START} moves e3e5"));
    assert_eq!(fen.as_deref(), Some(POM_START));
    assert_eq!(got, moves(&["e3e5"]));
    let (fen, got) = position(&format!("position fen {MINI_START}"));
    assert_eq!(fen.as_deref(), Some(MINI_START));
    assert!(got.is_empty());
}

#[test]
fn position_fen_fields_are_joined_by_single_spaces() {
    let (fen, _) = position("position fen  9/9/9/9/9/9/9/9/9   b  -  -  moves");
    assert_eq!(fen.as_deref(), Some("9/9/9/9/9/9/9/9/9 b - -"));
    let (fen, _) = position("position fen (A)10/11 w");
    assert_eq!(fen.as_deref(), Some("(A)10/11 w"));
}

#[test]
fn position_errors_name_the_token() {
    assert_eq!(error("position"), "position: missing 'startpos' or 'fen'");
    assert_eq!(error("position start"), "position: expected 'startpos' or 'fen', got 'start'");
    assert_eq!(error("position fen"), "position: missing FEN");
    assert_eq!(error("position fen moves e2e4"), "position: missing FEN");
    assert_eq!(error("position startpos e2e4"), "position: expected 'moves', got 'e2e4'");
    assert_eq!(
        error("position fen a b c d e f g moves"),
        "position: expected 'moves' after at most 6 FEN fields, got 'g'"
    );
}

#[test]
fn position_keeps_the_moves_before_a_bad_one() {
    let Command::Position {
        fen: None,
        moves,
        invalid: Some(bad),
    } = parse("position startpos moves e3e5 z9z h10h8")
    else {
        panic!("a bad move ends the list");
    };
    assert_eq!(moves, [mv("e3e5")]);
    assert_eq!(bad.token(), "z9z");
    assert_eq!(
        parse("position startpos moves e3e5 z9z h10h8").to_string(),
        "position startpos moves e3e5 z9z"
    );
}

#[test]
fn position_rejects_the_null_move() {
    let result = parse_line("position startpos moves e3e5 0000");
    let Ok(Some(Command::Position {
        invalid: Some(error),
        moves,
        ..
    })) = result
    else {
        panic!("{result:?}");
    };
    assert_eq!(moves, [mv("e3e5")]);
    assert_eq!(error.kind(), MoveTextErrorKind::NullMove);
    assert_eq!(error.token(), "0000");
}

// ---- go ----

fn go_with_everything() -> Go {
    Go {
        wtime: Some(-1500),
        btime: Some(300000),
        winc: Some(100),
        binc: Some(0),
        movestogo: Some(40),
        depth: Some(256),
        nodes: Some(18_446_744_073_709_551_615),
        mate: Some(7),
        movetime: Some(5000),
        infinite: true,
        ponder: true,
        searchmoves: moves(&["a1a2", "b7d8(H)", "b1c10"]),
        perft: Some(3),
    }
}

#[test]
fn go_fields_in_any_order() {
    let expected = go_with_everything();
    for line in [
        "go wtime -1500 btime 300000 winc 100 binc 0 movestogo 40 depth 256 \
         nodes 18446744073709551615 mate 7 movetime 5000 infinite ponder \
         searchmoves a1a2 b7d8(H) b1c10 perft 3",
        "go searchmoves a1a2 b7d8(h) b1c10 ponder infinite perft 3 movetime 5000 \
         mate 7 nodes 18446744073709551615 depth 256 movestogo 40 binc 0 winc 100 \
         btime 300000 wtime -1500",
        "go ponder depth 256 searchmoves a1a2 b7d8(H) b1c10 wtime -1500 winc 100 \
         btime 300000 binc 0 infinite nodes 18446744073709551615 movestogo 40 \
         perft 3 mate 7 movetime 5000",
    ] {
        assert_eq!(go(line), expected, "{line}");
    }
}

#[test]
fn plain_go_sets_nothing() {
    assert_eq!(go("go"), Go::default());
}

#[test]
fn go_ponder_keeps_ponder_before_clock_fields() {
    let g = go("go ponder wtime 1000 btime 1000");
    assert!(g.ponder);
    assert_eq!((g.wtime, g.btime), (Some(1000), Some(1000)));
    assert!(go("go wtime 1000 btime 1000 ponder").ponder);
}

#[test]
fn go_depth_beyond_u8() {
    assert_eq!(go("go depth 256").depth, Some(256));
    assert_eq!(go("go depth 4294967295").depth, Some(u32::MAX));
}

#[test]
fn go_perft() {
    assert_eq!(go("go perft 8").perft, Some(8));
}

#[test]
fn go_searchmoves_stop_at_the_next_keyword() {
    let g = go("go searchmoves a1a2 b7d8(H) depth 3");
    assert_eq!(g.searchmoves, moves(&["a1a2", "b7d8(H)"]));
    assert_eq!(g.depth, Some(3));
    assert!(go("go searchmoves").searchmoves.is_empty());
    let g = go("go searchmoves e3e5 INFINITE searchmoves k2k4");
    assert_eq!(g.searchmoves, moves(&["e3e5", "k2k4"]));
    assert!(g.infinite);
}

#[test]
fn go_negative_clocks_are_allowed() {
    let g = go("go wtime -20 btime -1 winc -5 binc -0");
    assert_eq!((g.wtime, g.btime, g.winc, g.binc), (Some(-20), Some(-1), Some(-5), Some(0)));
}

#[test]
fn go_repeated_keyword_keeps_the_last_value() {
    assert_eq!(go("go depth 3 depth 5").depth, Some(5));
}

#[test]
fn go_errors_name_keyword_and_token() {
    assert_eq!(error("go depth 5000000000"), "go: depth value '5000000000' out of range");
    assert_eq!(error("go depth 99999999999"), "go: depth value '99999999999' out of range");
    assert_eq!(error("go movestogo -1"), "go: movestogo value '-1' out of range");
    assert_eq!(error("go movetime -1"), "go: movetime value '-1' out of range");
    assert_eq!(
        error("go nodes 18446744073709551616"),
        "go: nodes value '18446744073709551616' out of range"
    );
    assert_eq!(
        error("go wtime 9223372036854775808"),
        "go: wtime value '9223372036854775808' out of range"
    );
    assert_eq!(error("go depth"), "go: missing value after 'depth'");
    assert_eq!(error("go wtime 100 btime"), "go: missing value after 'btime'");
    assert_eq!(error("go depth infinite"), "go: depth value 'infinite' is not a number");
    assert_eq!(error("go mate 3.5"), "go: mate value '3.5' is not a number");
    assert_eq!(error("go mate 0"), "go: expected a mate in 1 or more moves, got '0'");
    assert_eq!(error("go mate -2"), "go: expected a mate in 1 or more moves, got '-2'");
    assert_eq!(error("go mate 99999999999"), "go: mate value '99999999999' out of range");
    assert_eq!(error("go depth 3 foo"), "go: unknown keyword 'foo'");
    assert_eq!(error("go 3"), "go: unknown keyword '3'");
    assert!(error("go searchmoves e3e5 z9z").starts_with("go: bad move 'z9z' ("));
    assert!(error("go searchmoves 0000").starts_with("go: bad move '0000' ("));
}

#[test]
fn every_go_keyword_is_read() {
    for keyword in go::KEYWORDS {
        let argument = match *keyword {
            "infinite" | "ponder" => "",
            "searchmoves" => " a1a2",
            _ => " 1",
        };
        let g = go(&format!("go {keyword}{argument}"));
        assert_ne!(g, Go::default(), "{keyword}");
        assert_eq!(g.to_string(), format!("go {keyword}{argument}"));
    }
}

// ---- extensions ----

#[test]
fn extensions() {
    assert_eq!(parse("d"), Command::D);
    assert_eq!(parse("eval"), Command::Eval);
    assert_eq!(parse("perft 5"), Command::Perft { depth: 5 });
    assert_eq!(parse("bench"), Command::Bench { depth: None });
    assert_eq!(parse("bench 13"), Command::Bench { depth: Some(13) });
}

#[test]
fn extension_errors() {
    assert_eq!(error("perft"), "perft: missing depth");
    assert_eq!(error("perft x"), "perft: depth value 'x' is not a number");
    assert_eq!(error("perft 5 6"), "perft: expected end of line, got '6'");
    assert_eq!(error("perft -1"), "perft: depth value '-1' out of range");
    assert_eq!(error("bench deep"), "bench: depth value 'deep' is not a number");
    assert_eq!(error("bench 3 4"), "bench: expected end of line, got '4'");
}

// ---- display round trips ----

#[test]
fn display_is_canonical_and_parses_back() {
    let cases = [
        ("uci", "uci"),
        ("DEBUG ON", "debug on"),
        ("setoption name  Clear  Hash", "setoption name Clear Hash"),
        ("setoption name BookFile value", "setoption name BookFile value"),
        ("setoption name Move Overhead value  30 ", "setoption name Move Overhead value 30"),
        ("register later", "register later"),
        ("register name A B code C", "register name A B code C"),
        ("position startpos moves", "position startpos"),
        ("position startpos moves B1C10 b7d8(h)", "position startpos moves b1c10 b7d8(H)"),
        ("go depth 3 ponder", "go ponder depth 3"),
        ("go searchmoves a1a2 perft 2", "go perft 2 searchmoves a1a2"),
        ("perft 3", "perft 3"),
        ("bench", "bench"),
        ("bench 9", "bench 9"),
        ("eval", "eval"),
        ("d", "d"),
    ];
    for (input, canonical) in cases {
        let command = parse(input);
        assert_eq!(command.to_string(), canonical);
        assert_eq!(parse(canonical), command);
    }
    let command = Command::Go(go_with_everything());
    assert_eq!(parse(&command.to_string()), command);
    let fen = format!("position fen {POM_START} moves f1k1");
    assert_eq!(parse(&fen).to_string(), fen);
}

/// Found by the `parse_line` fuzz target: a bad move token whose control
/// characters, once escaped, made it longer than a quoted token may be was
/// written shortened in the canonical text, which then read back as a
/// different (shorter) token.
#[test]
fn a_bad_move_token_with_control_characters_reads_back_from_the_canonical_text() {
    let line = "position startpos moves b7d8(H) c5d8(\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{1}ME) f1k1";
    let command = parse(line);
    assert_eq!(parse(&command.to_string()), command);
}

#[test]
fn from_str_rejects_blank_lines() {
    assert_eq!("quit".parse::<Command>(), Ok(Command::Quit));
    assert!(" ".parse::<Command>().is_err());
}

// ---- hostile input ----

/// Runs `f`, failing if it takes seconds: a parser gone quadratic on a
/// long line takes minutes, while a loaded machine adds at most a second
/// or two to the microseconds it needs.
fn timed<T>(f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = f();
    assert!(start.elapsed() < Duration::from_secs(10), "took {:?}", start.elapsed());
    result
}

#[test]
fn hundred_thousand_character_lines_are_fast() {
    let junk = "x".repeat(100_000);
    assert!(timed(|| parse_line(&junk)).is_err());
    let e = error(&format!("go depth {junk}"));
    assert!(e.len() < 100, "{e}");
    let many_moves = format!("position startpos moves {}", "e3e5 h10h8 ".repeat(9_000));
    let (_, got) = timed(|| position(&many_moves));
    assert_eq!(got.len(), 18_000);
    let long_value = format!("setoption name BookFile value {}", "a ".repeat(50_000));
    assert!(matches!(timed(|| parse_line(&long_value)), Ok(Some(Command::SetOption { .. }))));
    let long_register = format!("register name {} code 1", "a ".repeat(50_000));
    assert!(matches!(timed(|| parse_line(&long_register)), Ok(Some(Command::Register(_)))));
    let go_soup = format!("go {}", "searchmoves a1a2 depth 3 ".repeat(5_000));
    assert!(timed(|| parse_line(&go_soup)).is_ok());
    let fen = format!("position fen {}", "11/".repeat(33_000));
    assert!(timed(|| parse_line(&fen)).is_ok());
}

#[test]
fn control_characters_and_unicode_do_not_panic() {
    for line in [
        "\u{0}",
        "go depth \u{0}",
        "position startpos moves e3e5\u{0}",
        "position fen ♜♞♝/ü w",
        "setoption name ☃ value ❄",
        "uci\u{7f}",
        "go searchmoves é1é2",
        "position startpos moves b7d8(ÄÖ)",
        "\u{feff}uci",
    ] {
        let _ = parse_line(line);
    }
    assert_eq!(setoption("setoption name ☃ value ❄"), ("☃".into(), Some("❄".into())));
}
