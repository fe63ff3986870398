//! What vampirc-uci 0.11 does with the dialect, pinned down so that the
//! choices in `standard.rs` stay justified: every test here shows a case
//! where vampirc-uci would be wrong for Gorgon, or confirms one it gets
//! right. If a new vampirc-uci version changes these, revisit the split.

use vampirc_uci::{parse_one, UciMessage};

fn unknown(line: &str) -> bool {
    matches!(parse_one(line), UciMessage::Unknown(..))
}

#[test]
fn truncates_two_digit_ranks_and_drops_the_rest() {
    let UciMessage::Position { moves, .. } = parse_one("position startpos moves b1c10 k2k4") else {
        panic!("not a position");
    };
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].to_string(), "b1c1");
}

#[test]
fn drops_morph_suffixes() {
    let UciMessage::Position { moves, .. } = parse_one("position startpos moves b7d8(H)") else {
        panic!("not a position");
    };
    assert_eq!(moves[0].to_string(), "b7d8");
}

#[test]
fn rejects_9_and_11_rank_fens() {
    assert!(unknown("position fen 9/9/9/9/9/9/9/9/9 w - - 0 1"));
    assert!(unknown("position fen 11/11/11/11/11/11/11/11/11/11/11 w - - 0 1"));
}

#[test]
fn panics_on_go_depth_256() {
    assert!(std::panic::catch_unwind(|| parse_one("go depth 256")).is_err());
}

#[test]
fn loses_ponder_when_clock_fields_follow() {
    let UciMessage::Go { time_control, .. } = parse_one("go ponder wtime 1000 btime 1000") else {
        panic!("not a go");
    };
    // The time control is either ponder or the clocks: the clocks win.
    assert!(matches!(time_control, Some(vampirc_uci::UciTimeControl::TimeLeft { .. })));
}

#[test]
fn reads_debug_onx_as_on() {
    assert_eq!(parse_one("debug onx"), UciMessage::Debug(true));
}

#[test]
fn setoption_keeps_trailing_blanks_and_rejects_names_starting_with_value() {
    let message = parse_one("setoption name BookFile value  a  ");
    assert_eq!(
        message,
        UciMessage::SetOption {
            name: "BookFile".into(),
            value: Some("a  ".into())
        }
    );
    assert!(unknown("setoption name Values value 3"));
    // `value` with nothing after it cannot be told from no value at all.
    let message = parse_one("setoption name BookFile value");
    assert_eq!(
        message,
        UciMessage::SetOption {
            name: "BookFile".into(),
            value: None
        }
    );
}

#[test]
fn ignores_trailing_tokens_of_argument_free_commands() {
    assert_eq!(parse_one("isready now"), UciMessage::IsReady);
    assert_eq!(parse_one("uci foo"), UciMessage::Uci);
    assert_eq!(parse_one("STOP"), UciMessage::Stop);
}

#[test]
fn handles_register() {
    assert_eq!(
        parse_one("register name Stefan MK code 4359874324"),
        UciMessage::register_code("Stefan MK", "4359874324")
    );
    assert_eq!(parse_one("register later now"), UciMessage::register_later());
    assert!(unknown("register name x"));
}
