//! Unit tests of the CECP `parse_reply`: every reply Gorgon writes, and
//! lines of other engines.

use super::*;
use rules::text::coord::Square;

fn mv(text: &str) -> CecpMove {
    text.parse().unwrap()
}

fn reply(line: &str) -> Reply {
    match parse_reply(line) {
        Ok(Some(r)) => r,
        other => panic!("{line:?} gave {other:?}"),
    }
}

fn err(line: &str) -> String {
    parse_reply(line).unwrap_err().to_string()
}

#[test]
fn cecp_blank_lines_are_none() {
    assert_eq!(parse_reply(""), Ok(None));
    assert_eq!(parse_reply("  \r\n"), Ok(None));
    assert!("".parse::<Reply>().is_err());
    assert_eq!("resign\n".parse::<Reply>(), Ok(Reply::Resign));
}

#[test]
fn cecp_feature_lines() {
    let line = "feature myname=\"Gorgon  0.1\" setboard=1 sigint=0 protover=2 variants=\"pom,minipom\" done=1";
    assert_eq!(
        reply(line),
        Reply::Features(vec![
            Feature::text("myname", "Gorgon  0.1"),
            Feature::flag("setboard", true),
            Feature::flag("sigint", false),
            Feature::int("protover", 2),
            Feature::text("variants", "pom,minipom"),
            Feature::flag("done", true),
        ])
    );
    // Fairy-Max and others: options as quoted features, bare text values.
    assert_eq!(
        reply("feature option=\"Resign -check 0\" variants=normal,xiangqi myname=\"\""),
        Reply::Features(vec![
            Feature::text("option", "Resign -check 0"),
            Feature::text("variants", "normal,xiangqi"),
            Feature::text("myname", ""),
        ])
    );
    assert_eq!(reply("feature"), Reply::Features(Vec::new()));
    assert_eq!(err("feature done"), "feature: expected NAME=VALUE, got 'done'");
    assert_eq!(err("feature =1"), "feature: expected NAME=VALUE, got '=1'");
    assert_eq!(err("feature myname=\"Gorgon"), "feature: missing closing quote");
    assert_eq!(
        err("feature a=\"x\"y"),
        "feature: expected a blank after the closing quote, got 'a=\"x\"y'"
    );
}

#[test]
fn cecp_moves_and_pongs() {
    assert_eq!(reply("move b7d8n"), Reply::Move(mv("b7d8n")));
    assert_eq!(reply("move O-O-O"), Reply::Move(mv("O-O-O")));
    assert_eq!(reply("pong 17"), Reply::Pong(17));
    assert_eq!(reply("Hint: e3e5"), Reply::Hint(mv("e3e5")));
    assert!(err("move z0z1").starts_with("move: bad move 'z0z1' ("));
    assert_eq!(err("move"), "move: missing move");
    assert_eq!(err("move e2e4 e7e5"), "move: unexpected 'e7e5'");
    assert_eq!(err("pong x"), "pong: expected a number, got 'x'");
}

#[test]
fn cecp_illegal_moves_and_errors() {
    assert_eq!(
        reply("Illegal move: e3e6"),
        Reply::IllegalMove {
            mv: "e3e6".into(),
            reason: None
        }
    );
    assert_eq!(
        reply("Illegal move (no [such]; move): e3e6"),
        Reply::IllegalMove {
            mv: "e3e6".into(),
            reason: Some("no [such]; move".into())
        }
    );
    assert_eq!(
        reply("Error (unknown command): foo  bar"),
        Reply::Error {
            kind: "unknown command".into(),
            command: "foo  bar".into()
        }
    );
    assert_eq!(
        err("Illegal position"),
        "Illegal move: expected 'move:' or 'move (REASON):', got 'position'"
    );
    assert_eq!(err("Error oops"), "Error: expected '(ERRORTYPE): COMMAND', got 'oops'");
    assert_eq!(err("Error: oops"), "unknown reply 'Error:'");
}

#[test]
fn cecp_results_and_offers() {
    assert_eq!(
        reply("1-0 {White mates}"),
        Reply::Result {
            result: GameResult::WhiteWins,
            comment: "White mates".into()
        }
    );
    assert_eq!(
        reply("1/2-1/2 {Draw by repetition}"),
        Reply::Result {
            result: GameResult::Draw,
            comment: "Draw by repetition".into()
        }
    );
    assert_eq!(
        reply("0-1"),
        Reply::Result {
            result: GameResult::BlackWins,
            comment: String::new()
        }
    );
    assert_eq!(reply("resign"), Reply::Resign);
    assert_eq!(reply("offer draw"), Reply::OfferDraw);
    assert_eq!(err("offer tea"), "offer: expected 'draw', got 'tea'");
}

#[test]
fn cecp_thinking_lines() {
    let t = |line: &str| match reply(line) {
        Reply::Thinking(t) => t,
        other => panic!("{other:?}"),
    };
    let plain = t("9 156 1084 48000 e3e5 h10h8");
    assert_eq!((plain.ply, plain.score, plain.time_cs, plain.nodes), (9, 156, 1084, 48000));
    assert_eq!((plain.seldepth, plain.nps, plain.bound), (None, None, None));
    assert_eq!(plain.pv, vec![mv("e3e5"), mv("h10h8")]);
    let full = t("9 -100003 1084 48000 14 44280 0\te3e5 h10h8!");
    assert_eq!((full.score, full.seldepth, full.nps), (-100_003, Some(14), Some(44280)));
    assert_eq!((full.bound, full.pv.len()), (Some(Bound::Lower), 2));
    assert_eq!(t("3 5 0 12 e2e4?").bound, Some(Bound::Upper));
    assert_eq!(t("3 5 0 12 ").pv, Vec::new());
    assert_eq!(t("3 5 0 12 !").bound, Some(Bound::Lower));
    // Just the selective depth, as some engines write it.
    let some = t("12 30 100 5000 20\tO-O e7e5");
    assert_eq!(
        (some.seldepth, some.nps, some.pv[0].clone()),
        (Some(20), None, CecpMove::Castle { long: false })
    );
    assert_eq!(err("9 x 1 1 e2e4"), "thinking output: expected a score, got 'x'");
    assert_eq!(err("9 1 1"), "thinking output: missing a node count");
    assert!(err("9 1 1 1 Nf3").starts_with("thinking output: bad move 'Nf3' ("));
    assert_eq!(
        err("9 1 1 1 e2e4!?"),
        "thinking output: expected a move ending in at most one '!' or '?', got 'e2e4!?'"
    );
}

#[test]
fn cecp_stat01_setup_piece() {
    assert_eq!(
        reply("stat01: 1234 30000 7 5 30 f3b7"),
        Reply::Stat01(Stat01 {
            time_cs: 1234,
            nodes: 30000,
            ply: 7,
            moves_left: 5,
            moves_total: 30,
            current: Some(mv("f3b7")),
        })
    );
    assert!(matches!(reply("stat01: 1 2 3 4 5"), Reply::Stat01(Stat01 { current: None, .. })));
    assert_eq!(
        reply("setup (PN.R) 11x11+0_fairy 11/11 w - - 0 1"),
        Reply::Setup(Setup {
            piece_to_char: "PN.R".into(),
            width: 11,
            height: 11,
            holdings: 0,
            parent: "fairy".into(),
            fen: "11/11 w - - 0 1".into(),
        })
    );
    assert_eq!(
        err("setup (PN) 11y11+0_fairy x"),
        "setup: expected WIDTHxHEIGHT+HOLDINGS_PARENT, got '11y11+0_fairy'"
    );
    assert_eq!(err("setup PN 11x11+0_fairy x"), "setup: expected (PIECETOCHAR), got 'PN'");
    assert_eq!(
        reply("piece E& fsW"),
        Reply::Piece {
            id: 'E',
            both: true,
            betza: "fsW".into()
        }
    );
    assert_eq!(
        err("piece EE fsW"),
        "piece: expected one piece letter, '&' after it for both colours, got 'EE'"
    );
}

#[test]
fn cecp_gui_messages_comments_and_book_lines() {
    assert_eq!(reply("highlight 11/11/5y5"), Reply::Highlight("11/11/5y5".into()));
    assert_eq!(reply("choice NB"), Reply::Choice("NB".into()));
    assert_eq!(reply("click k11"), Reply::Click(Square::new(10, 11).unwrap()));
    assert_eq!(err("click k0"), "click: expected a square (file a-z, rank 1-99), got 'k0'");
    assert_eq!(reply("telluser Gorgon  says hello"), Reply::TellUser("Gorgon  says hello".into()));
    assert_eq!(
        reply("tellusererror Illegal position"),
        Reply::TellUserError("Illegal position".into())
    );
    assert_eq!(reply("# debug: 3 threads"), Reply::Comment("debug: 3 threads".into()));
    assert_eq!(reply("#nospace"), Reply::Comment("nospace".into()));
    assert_eq!(reply(" e3e5 40 60%"), Reply::BookLine("e3e5 40 60%".into()));
    assert_eq!(reply("\tmove e2e4"), Reply::BookLine("move e2e4".into()));
}

#[test]
fn cecp_unknown_replies_name_the_token() {
    assert_eq!(err("tellics say hi"), "unknown reply 'tellics'");
    assert_eq!(err("RESIGN"), "unknown reply 'RESIGN'");
}

#[test]
fn cecp_every_written_reply_reads_back() {
    let replies = [
        Reply::Features(vec![
            Feature::text("myname", "Gorgon 0.1"),
            Feature::flag("ping", true),
            Feature::int("protover", 2),
        ]),
        Reply::Pong(-4),
        Reply::Move(mv("c4d5,d5e4")),
        Reply::IllegalMove {
            mv: "e3e6".into(),
            reason: Some("petrified".into()),
        },
        Reply::Error {
            kind: "unknown command".into(),
            command: "foo".into(),
        },
        Reply::Result {
            result: GameResult::Unfinished,
            comment: "stopped".into(),
        },
        Reply::Resign,
        Reply::OfferDraw,
        Reply::Hint(mv("P@h3")),
        Reply::Thinking(Thinking {
            ply: 1,
            score: 2,
            time_cs: 3,
            nodes: 4,
            seldepth: Some(5),
            nps: Some(6),
            bound: Some(Bound::Upper),
            pv: vec![mv("@@@@"), mv("b7d8n")],
        }),
        Reply::Stat01(Stat01::default()),
        Reply::Setup(Setup {
            piece_to_char: "PNBRQ..K".into(),
            width: 9,
            height: 9,
            holdings: 0,
            parent: "fairy".into(),
            fen: "9/9 w - - 0 1".into(),
        }),
        Reply::Piece {
            id: 'S',
            both: false,
            betza: "mRcK".into(),
        },
        Reply::Highlight("9/9".into()),
        Reply::Choice("TH".into()),
        Reply::Click(Square::new(0, 1).unwrap()),
        Reply::TellUser("hi".into()),
        Reply::TellUserError("oops".into()),
        Reply::Comment("thinking".into()),
        Reply::BookLine("no book".into()),
    ];
    for r in replies {
        assert_eq!(parse_reply(&r.to_string()), Ok(Some(r.clone())), "{r}");
    }
}
