//! Unit tests of the CECP syntax: every command XBoard 4.9 sends, the
//! errors, and the reply lines.

use super::*;
use crate::reply::Bound;
use rules::text::coord::Square;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn cmd(line: &str) -> Command {
    match parse_line(line) {
        Ok(Some(c)) => c,
        other => panic!("{line:?} gave {other:?}"),
    }
}

fn err(line: &str) -> String {
    parse_line(line).unwrap_err().to_string()
}

fn mv(s: &str) -> CecpMove {
    s.parse().unwrap()
}

#[test]
fn cecp_handshake_commands() {
    assert_eq!(cmd("xboard"), Command::Xboard);
    assert_eq!(cmd("protover 2"), Command::Protover(2));
    assert_eq!(cmd("accepted setboard"), Command::Accepted("setboard".into()));
    assert_eq!(cmd("rejected highlight"), Command::Rejected("highlight".into()));
    assert_eq!(cmd("new"), Command::New);
    assert_eq!(cmd("variant pom"), Command::Variant("pom".into()));
    assert_eq!(cmd("variant minipom\r\n"), Command::Variant("minipom".into()));
    assert_eq!(parse_line("   \t\r\n"), Ok(None));
}

#[test]
fn cecp_game_commands() {
    for (line, expected) in [
        ("quit", Command::Quit),
        ("random", Command::Random),
        ("force", Command::Force),
        ("go", Command::Go),
        ("playother", Command::PlayOther),
        ("white", Command::White),
        ("black", Command::Black),
        ("?", Command::MoveNow),
        ("draw", Command::Draw),
        ("edit", Command::Edit),
        ("hint", Command::Hint),
        ("bk", Command::Bk),
        ("undo", Command::Undo),
        ("remove", Command::Remove),
        ("hard", Command::Hard),
        ("easy", Command::Easy),
        ("post", Command::Post),
        ("nopost", Command::NoPost),
        ("analyze", Command::Analyze),
        ("exit", Command::Exit),
        (".", Command::Status),
        ("computer", Command::Computer),
        ("pause", Command::Pause),
        ("resume", Command::Resume),
        ("d", Command::D),
        ("sd 7", Command::Sd(7)),
        ("nps 5000", Command::Nps(5000)),
        ("time 30000", Command::Time(30000)),
        ("otim -250", Command::Otim(-250)),
        ("ping 17", Command::Ping(17)),
        ("memory 64", Command::Memory(64)),
        ("cores 2", Command::Cores(2)),
        ("rating 2100 1500", Command::Rating(2100, 1500)),
        ("ics -", Command::Ics("-".into())),
        ("name Some User", Command::Name("Some User".into())),
        ("setscore -30 5", Command::SetScore(-30, 5)),
    ] {
        assert_eq!(cmd(line), expected, "{line}");
    }
}

#[test]
fn cecp_level_and_st() {
    let level = |line: &str| match cmd(line) {
        Command::Level(l) => (l.moves, l.base_ms, l.inc_ms),
        other => panic!("{other:?}"),
    };
    assert_eq!(level("level 40 5 0"), (40, 300_000, 0));
    assert_eq!(level("level 40 0:30 0"), (40, 30_000, 0));
    assert_eq!(level("level 0 2 12"), (0, 120_000, 12_000));
    assert_eq!(level("level 0 1 0.5"), (0, 60_000, 500));
    // Unexpected characters after the base are ignored, as the spec asks.
    assert_eq!(level("level 40 25+5 0"), (40, 1_500_000, 0));
    assert_eq!(cmd("st 30"), Command::St(30_000));
    assert_eq!(cmd("st 0.05"), Command::St(50));
    assert_eq!(cmd("st 1.2345"), Command::St(1234));
    assert_eq!(err("level 40 x 0"), "level: expected minutes or minutes:seconds, got 'x'");
    assert_eq!(err("level 40 5"), "level: missing increment");
    assert_eq!(err("level 1 2 3 4"), "level: unexpected '4'");
    assert_eq!(err("st -1"), "st: expected seconds per move, got '-1'");
    assert_eq!(err("st ."), "st: expected seconds per move, got '.'");
}

#[test]
fn cecp_moves_with_and_without_usermove() {
    assert_eq!(cmd("usermove e3e5"), Command::UserMove(CecpMove::coord(sq("e3"), sq("e5"))));
    assert_eq!(cmd("e3e5"), Command::UserMove(CecpMove::coord(sq("e3"), sq("e5"))));
    assert_eq!(
        cmd("usermove c10c11e"),
        Command::UserMove(CecpMove::with_promotion(sq("c10"), sq("c11"), 'e'))
    );
    assert_eq!(cmd("usermove f1k1"), Command::UserMove(CecpMove::coord(sq("f1"), sq("k1"))));
    assert_eq!(cmd("usermove k10k11"), Command::UserMove(CecpMove::coord(sq("k10"), sq("k11"))));
    assert_eq!(cmd("usermove O-O-O"), Command::UserMove(CecpMove::Castle { long: true }));
    assert_eq!(cmd("usermove @@@@"), Command::UserMove(CecpMove::Null));
    assert_eq!(cmd("usermove P@h3"), Command::UserMove(CecpMove::Drop { piece: 'P', to: sq("h3") }));
    assert_eq!(
        cmd("usermove c4d5,d5e4"),
        Command::UserMove(CecpMove::MultiLeg {
            legs: vec![
                Leg {
                    from: sq("c4"),
                    to: sq("d5")
                },
                Leg {
                    from: sq("d5"),
                    to: sq("e4")
                }
            ],
            promotion: None
        })
    );
}

#[test]
fn cecp_move_errors_name_the_token() {
    assert_eq!(err("usermove"), "usermove: missing move");
    assert!(err("usermove z9z").starts_with("usermove: bad move 'z9z' (expected a destination square"));
    assert!(err("usermove e2e4qq").starts_with("usermove: bad move 'e2e4qq' (expected nothing, one letter"));
    assert!(err("usermove a0a1").contains("rank 0 exists only on boards with exactly 10 ranks"));
    assert!(err("usermove a1,").contains("(expected 2 to 4 legs"));
    assert_eq!(err("usermove e2e4 e7e5"), "usermove: unexpected 'e7e5'");
    assert_eq!(err("e2e4 junk"), "move: unexpected 'junk'");
    for (token, kind) in [
        ("9e2e4", CecpMoveErrorKind::BadFromSquare),
        ("e2", CecpMoveErrorKind::BadToSquare),
        ("e2e4(", CecpMoveErrorKind::BadSuffix),
        ("a100a1", CecpMoveErrorKind::BadFromSquare),
        ("a1a0", CecpMoveErrorKind::RankZero),
        ("1@e4", CecpMoveErrorKind::BadFromSquare),
        ("P@e0", CecpMoveErrorKind::RankZero),
        ("P@e", CecpMoveErrorKind::BadToSquare),
        ("a1b2,,c3d4", CecpMoveErrorKind::BadLegs),
        ("a1b2q,c3d4", CecpMoveErrorKind::BadSuffix),
    ] {
        let e = token.parse::<CecpMove>().unwrap_err();
        assert_eq!(e.kind(), kind, "{token}");
        assert_eq!(e.token(), token);
    }
}

#[test]
fn cecp_unknown_commands_name_the_token() {
    let e = parse_line("frobnicate now").unwrap_err();
    assert_eq!(e.to_string(), "unknown command 'frobnicate'");
    assert_eq!(e.error_type(), "unknown command");
    assert_eq!(parse_line("ping 1 2").unwrap_err().error_type(), "too many parameters");
    assert_eq!(err("ping"), "ping: missing a number");
    assert_eq!(err("ping x"), "ping: expected a number, got 'x'");
    assert_eq!(err("sd 99999999999"), "sd: expected a depth, got '99999999999'");
    assert_eq!(err("protover"), "protover: missing a version number");
    // Command words are case-sensitive, as XBoard writes them.
    assert_eq!(err("NEW"), "unknown command 'NEW'");
    assert_eq!(err("\u{1b}[2J"), "unknown command '\\u{1b}[2J'");
}

#[test]
fn cecp_result_setboard_option() {
    assert_eq!(
        cmd("result 1-0 {White mates}"),
        Command::Result {
            result: GameResult::WhiteWins,
            comment: "White mates".into()
        }
    );
    assert_eq!(
        cmd("result *"),
        Command::Result {
            result: GameResult::Unfinished,
            comment: String::new()
        }
    );
    assert_eq!(err("result 2-0"), "result: expected 1-0, 0-1, 1/2-1/2 or *, got '2-0'");
    assert_eq!(
        cmd("setboard thamqksamht/wwwwpepwwww/4wbw4/5w5/11/11/11/5W5/4WBW4/WWWWPEPWWWW/THAMQKSAMHT w - - 0 1"),
        Command::SetBoard("thamqksamht/wwwwpepwwww/4wbw4/5w5/11/11/11/5W5/4WBW4/WWWWPEPWWWW/THAMQKSAMHT w - - 0 1".into())
    );
    assert_eq!(err("setboard"), "setboard: missing FEN");
    assert_eq!(
        cmd("option Hash Size=32"),
        Command::Option {
            name: "Hash Size".into(),
            value: Some("32".into())
        }
    );
    assert_eq!(
        cmd("option Clear Hash"),
        Command::Option {
            name: "Clear Hash".into(),
            value: None
        }
    );
    assert_eq!(cmd("exclude all"), Command::Exclude(MoveSet::All));
    assert_eq!(cmd("include e2e4"), Command::Include(MoveSet::Move(mv("e2e4"))));
    assert_eq!(
        cmd("egtpath syzygy /a b"),
        Command::EgtPath {
            kind: "syzygy".into(),
            path: "/a b".into()
        }
    );
}

#[test]
fn cecp_lift_put_hover() {
    assert_eq!(cmd("lift f3"), Command::Lift(sq("f3")));
    assert_eq!(cmd("put k11"), Command::Put(sq("k11")));
    assert_eq!(cmd("put e4,"), Command::Put(sq("e4")));
    assert_eq!(cmd("hover c10"), Command::Hover(sq("c10")));
    assert_eq!(err("lift 33"), "lift: expected a square (file a-z, rank 1-99), got '33'");
}

#[test]
fn cecp_commands_round_trip_through_their_text() {
    for line in [
        "protover 2",
        "level 40 0:30 0",
        "level 0 2 12",
        "level 0 1 0.5",
        "st 0.05",
        "usermove b7d8n",
        "usermove O-O",
        "result 1/2-1/2 {Draw by repetition}",
        "setboard 9/9 w - - 0 1",
        "option Hash=16",
        "exclude e2e4",
        "put e4",
        "ping -3",
    ] {
        let c = cmd(line);
        assert_eq!(c.to_string(), line);
        assert_eq!(cmd(&c.to_string()), c);
    }
}

#[test]
fn cecp_features_line() {
    let line = Reply::Features(vec![
        Feature::text("myname", "Gorgon 0.1"),
        Feature::flag("setboard", true),
        Feature::flag("sigint", false),
        Feature::int("done", 1),
        Feature::text("variants", "pom,\"minipom\""),
    ]);
    assert_eq!(
        line.to_string(),
        "feature myname=\"Gorgon 0.1\" setboard=1 sigint=0 done=1 variants=\"pom,'minipom'\""
    );
}

/// Found by the `replies` fuzz target: an unbraced comment ending in `}`
/// lost the brace in its canonical text but kept the blank before it, so
/// the text did not read back to itself.
#[test]
fn cecp_result_comments_have_a_canonical_text() {
    let Ok(Some(reply)) = parse_reply("0-1 oy=0-1 }") else {
        panic!("a result line");
    };
    let text = reply.to_string();
    assert_eq!(text, "0-1 {oy=0-1}");
    assert_eq!(parse_reply(&text).map(|r| r.map(|r| r.to_string())), Ok(Some(text)));
    let padded = Reply::Result {
        result: GameResult::Draw,
        comment: " {agreed} ".into(),
    };
    assert_eq!(padded.to_string(), "1/2-1/2 {agreed}");
}

#[test]
fn cecp_reply_lines() {
    assert_eq!(Reply::Pong(5).to_string(), "pong 5");
    assert_eq!(Reply::Move(mv("f1k1")).to_string(), "move f1k1");
    assert_eq!(Reply::Move(mv("b7d8n")).to_string(), "move b7d8n");
    assert_eq!(
        Reply::IllegalMove {
            mv: "e3e6".into(),
            reason: None
        }
        .to_string(),
        "Illegal move: e3e6"
    );
    assert_eq!(
        Reply::IllegalMove {
            mv: "e3e6".into(),
            reason: Some("no (such): move".into())
        }
        .to_string(),
        "Illegal move (no [such]; move): e3e6"
    );
    assert_eq!(
        Reply::Error {
            kind: "unknown command".into(),
            command: "foo bar".into()
        }
        .to_string(),
        "Error (unknown command): foo bar"
    );
    assert_eq!(
        Reply::Result {
            result: GameResult::WhiteWins,
            comment: "White mates".into()
        }
        .to_string(),
        "1-0 {White mates}"
    );
    assert_eq!(
        Reply::Result {
            result: GameResult::Draw,
            comment: "Stale{mate}".into()
        }
        .to_string(),
        "1/2-1/2 {Stalemate}"
    );
    assert_eq!(Reply::Hint(mv("e3e5")).to_string(), "Hint: e3e5");
    assert_eq!(Reply::Resign.to_string(), "resign");
    assert_eq!(Reply::OfferDraw.to_string(), "offer draw");
    assert_eq!(
        Reply::Piece {
            id: 'M',
            both: true,
            betza: "BN".into()
        }
        .to_string(),
        "piece M& BN"
    );
    assert_eq!(
        Reply::Highlight("11/11/5y5/11/11/11/11/11/11/11/11".into()).to_string(),
        "highlight 11/11/5y5/11/11/11/11/11/11/11/11"
    );
    assert_eq!(Reply::Choice("NB".into()).to_string(), "choice NB");
    assert_eq!(Reply::Click(sq("k11")).to_string(), "click k11");
    assert_eq!(Reply::TellUser("a\nb".into()).to_string(), "telluser a b");
    assert_eq!(Reply::Comment("debug".into()).to_string(), "# debug");
    assert_eq!(Reply::BookLine("no book".into()).to_string(), " no book");
    assert_eq!(Reply::BookLine(String::new()).to_string(), "");
    let setup = Setup {
        piece_to_char: "PN.R".into(),
        width: 11,
        height: 11,
        holdings: 0,
        parent: "fairy".into(),
        fen: "11/11 w - - 0 1".into(),
    };
    assert_eq!(Reply::Setup(setup).to_string(), "setup (PN.R) 11x11+0_fairy 11/11 w - - 0 1");
}

#[test]
fn cecp_thinking_output_and_mate_scores() {
    let mut t = Thinking {
        ply: 9,
        score: 156,
        time_cs: 1084,
        nodes: 48000,
        pv: vec![mv("e3e5"), mv("h10h8")],
        ..Thinking::default()
    };
    assert_eq!(Reply::Thinking(t.clone()).to_string(), "9 156 1084 48000 e3e5 h10h8");
    t.seldepth = Some(14);
    t.nps = Some(44280);
    t.bound = Some(Bound::Lower);
    assert_eq!(Reply::Thinking(t.clone()).to_string(), "9 156 1084 48000 14 44280 0\te3e5 h10h8!");
    t.bound = Some(Bound::Upper);
    assert!(Reply::Thinking(t).to_string().ends_with("h10h8?"));
    assert_eq!(mate_score(3), 100_003);
    assert_eq!(mate_score(-2), -100_002);
    assert_eq!(mate_score(0), -100_000);
    let stat = Stat01 {
        time_cs: 1234,
        nodes: 30000,
        ply: 7,
        moves_left: 5,
        moves_total: 30,
        current: Some(mv("f3b7")),
    };
    assert_eq!(Reply::Stat01(stat).to_string(), "stat01: 1234 30000 7 5 30 f3b7");
}

#[test]
fn option_features_write_each_type_and_read_back() {
    let options = [
        (
            EngineOption {
                name: "MultiPV".into(),
                control: OptionControl::Spin {
                    value: 1,
                    min: 1,
                    max: 500,
                },
            },
            "MultiPV -spin 1 1 500",
        ),
        (
            EngineOption {
                name: "Use NNUE".into(),
                control: OptionControl::Combo {
                    value: "auto".into(),
                    choices: vec!["auto".into(), "true".into(), "false".into()],
                },
            },
            "Use NNUE -combo *auto /// true /// false",
        ),
        (
            EngineOption {
                name: "EvalFile".into(),
                control: OptionControl::File("<embedded>".into()),
            },
            "EvalFile -file <embedded>",
        ),
        (
            EngineOption {
                name: "Clear Hash".into(),
                control: OptionControl::Button,
            },
            "Clear Hash -button",
        ),
        (
            EngineOption {
                name: "Ponder".into(),
                control: OptionControl::Check(true),
            },
            "Ponder -check 1",
        ),
        (
            EngineOption {
                name: "Book".into(),
                control: OptionControl::String("a b".into()),
            },
            "Book -string a b",
        ),
    ];
    for (option, text) in options {
        assert_eq!(option.to_string(), text);
        assert_eq!(text.parse::<EngineOption>(), Ok(option.clone()));
        let line = Reply::Features(vec![Feature::option(&option)]).to_string();
        assert_eq!(line, format!("feature option=\"{text}\""));
    }
    // A name cannot carry what would end it early.
    let odd = EngineOption {
        name: "a -b=c\nd".into(),
        control: OptionControl::Button,
    };
    assert_eq!(odd.to_string(), "a _b_c d -button");
    assert!("nothing".parse::<EngineOption>().unwrap_err().contains("no ' -TYPE'"));
    assert!("x -spin 1 2".parse::<EngineOption>().unwrap_err().contains("three integers"));
    assert!("x -slider 1".parse::<EngineOption>().unwrap_err().contains("unknown type"));
}
