//! Unit tests of `parse_reply`: every reply Gorgon writes, and real lines
//! of foreign engines.

use super::*;

fn mv(text: &str) -> MoveText {
    text.parse().unwrap()
}

fn reply(line: &str) -> Reply {
    match parse_reply(line) {
        Ok(Some(r)) => r,
        other => panic!("{line:?} gave {other:?}"),
    }
}

fn info(line: &str) -> Info {
    match reply(line) {
        Reply::Info(info) => info,
        other => panic!("{line:?} gave {other:?}"),
    }
}

fn err(line: &str) -> String {
    parse_reply(line).unwrap_err().to_string()
}

fn option(line: &str) -> OptionDecl {
    match reply(line) {
        Reply::Option(decl) => decl,
        other => panic!("{line:?} gave {other:?}"),
    }
}

#[test]
fn blank_lines_are_none() {
    assert_eq!(parse_reply(""), Ok(None));
    assert_eq!(parse_reply(" \t\r\n"), Ok(None));
    assert!("".parse::<Reply>().is_err());
    assert_eq!("readyok\r\n".parse::<Reply>(), Ok(Reply::ReadyOk));
}

#[test]
fn handshake_replies() {
    assert_eq!(reply("id name Gorgon 0.1"), Reply::IdName("Gorgon 0.1".into()));
    assert_eq!(
        reply("id author The  Gorgon developers\r\n"),
        Reply::IdAuthor("The  Gorgon developers".into())
    );
    assert_eq!(reply("id name"), Reply::IdName(String::new()));
    assert_eq!(reply("uciok"), Reply::UciOk);
    assert_eq!(reply("UCIOK"), Reply::UciOk);
    assert_eq!(reply("readyok extra"), Reply::ReadyOk);
    assert_eq!(err("id"), "id: missing 'name' or 'author'");
    assert_eq!(err("id version 3"), "id: expected 'name' or 'author', got 'version'");
}

#[test]
fn unknown_replies_name_the_token() {
    assert_eq!(err("copyprotection ok"), "unknown reply 'copyprotection'");
    assert_eq!(err("registration checking"), "unknown reply 'registration'");
    assert_eq!(parse_reply("registration error").unwrap_err().command(), None);
}

#[test]
fn options_of_every_kind() {
    assert_eq!(
        option("option name Hash type spin default 16 min 1 max 262144"),
        OptionDecl {
            name: "Hash".into(),
            kind: OptionKind::Spin {
                default: 16,
                min: 1,
                max: 262_144
            }
        }
    );
    assert_eq!(
        option("option name Ponder type check default false").kind,
        OptionKind::Check { default: false }
    );
    assert_eq!(
        option("option name UCI_Variant type combo default pom var pom var minipom").kind,
        OptionKind::Combo {
            default: "pom".into(),
            vars: vec!["pom".into(), "minipom".into()]
        }
    );
    assert_eq!(option("option name Clear Hash type button").kind, OptionKind::Button);
    assert_eq!(
        option("option name BookFile type string default <empty>").kind,
        OptionKind::String { default: String::new() }
    );
    assert_eq!(
        option("option name BookFile type string default C:\\My  Books\\a.bin").kind,
        OptionKind::String {
            default: "C:\\My  Books\\a.bin".into()
        }
    );
    assert_eq!(
        option("option name NoDefault type string").kind,
        OptionKind::String { default: String::new() }
    );
}

#[test]
fn option_names_and_values_with_spaces() {
    // Stockfish's options with spaces in their names.
    let decl = option("option name Move Overhead type spin default 10 min 0 max 5000");
    assert_eq!(decl.name, "Move Overhead");
    let decl = option("option name Debug Log File type string default");
    assert_eq!(
        (decl.name.as_str(), decl.kind),
        ("Debug Log File", OptionKind::String { default: String::new() })
    );
    let decl = option("option name  Skill   Level  type spin min 0 max 20 default 20");
    assert_eq!(decl.name, "Skill   Level");
    let decl = option("option name Analysis Contempt type combo default Both var Off var White var Black var Both");
    let OptionKind::Combo { default, vars } = decl.kind else {
        panic!("a combo")
    };
    assert_eq!((default.as_str(), vars.len()), ("Both", 4));
    let decl = option("option name Style type combo default Very Solid var Very Solid var <empty> var Wild");
    assert_eq!(
        decl.kind,
        OptionKind::Combo {
            default: "Very Solid".into(),
            vars: vec!["Very Solid".into(), String::new(), "Wild".into()]
        }
    );
}

#[test]
fn bad_options_name_the_token() {
    assert_eq!(err("option"), "option: missing 'name'");
    assert_eq!(err("option name type check default true"), "option: missing option name");
    assert_eq!(err("option name Hash"), "option: missing 'type'");
    assert_eq!(
        err("option name Hash type float default 1"),
        "option: expected check, spin, combo, button or string, got 'float'"
    );
    assert_eq!(err("option name Hash type spin default 1 min 0"), "option: missing 'max' value");
    assert_eq!(
        err("option name Hash type spin default x min 0 max 2"),
        "option: default value 'x' is not a number"
    );
    assert_eq!(err("option name Hash type spin default 1 step 2"), "option: unknown keyword 'step'");
    assert_eq!(
        err("option name P type check default maybe"),
        "option: expected 'true' or 'false', got 'maybe'"
    );
    assert_eq!(
        err("option name P type check default true false"),
        "option: expected end of line, got 'false'"
    );
    assert_eq!(err("option name S type string value x"), "option: expected 'default', got 'value'");
}

#[test]
fn stockfish_info_lines() {
    let line = "info depth 24 seldepth 33 multipv 1 score cp 31 wdl 59 927 14 nodes 2361044 nps 1180522 \
                hashfull 712 tbhits 0 time 2000 pv e2e4 e7e5 g1f3 b8c6";
    let got = info(line);
    assert_eq!(
        got,
        Info {
            depth: Some(24),
            seldepth: Some(33),
            multipv: Some(1),
            score: Some(Score::cp(31)),
            wdl: Some([59, 927, 14]),
            nodes: Some(2_361_044),
            nps: Some(1_180_522),
            hashfull: Some(712),
            time: Some(2000),
            pv: vec![mv("e2e4"), mv("e7e5"), mv("g1f3"), mv("b8c6")],
            ..Info::default()
        }
    );
    let got = info("info depth 10 currmove e2e4 currmovenumber 1");
    assert_eq!((got.currmove, got.currmovenumber), (Some(mv("e2e4")), Some(1)));
    let got = info("info depth 7 seldepth 9 multipv 2 score mate -3 upperbound nodes 30 time 1 pv f7f6");
    let score = got.score.unwrap();
    assert_eq!((score.value, score.bound), (ScoreValue::Mate(-3), Some(Bound::Upper)));
    let got = info("info depth 5 score cp 12 lowerbound");
    assert_eq!(got.score.unwrap().bound, Some(Bound::Lower));
}

#[test]
fn unknown_info_fields_are_skipped() {
    let got = info("info depth 3 cpuload 512 sbhits 0 ebf 1.75 refutation d1h5 g6h5 currline 1 e2e4 score cp -5 pv e2e4");
    assert_eq!(
        (got.depth, got.score, got.pv.clone()),
        (Some(3), Some(Score::cp(-5)), vec![mv("e2e4")])
    );
    // A pv stops at the next keyword, whatever comes after it.
    let got = info("info pv e2e4 e7e5 tbhits 7 nodes 40");
    assert_eq!((got.pv.len(), got.nodes), (2, Some(40)));
    // `string` after fields: the text is for humans.
    let got = info("info depth 9 string these are not fields: nodes 5");
    assert_eq!((got.depth, got.nodes), (Some(9), None));
    assert_eq!(info("info"), Info::default());
    assert_eq!(info("info pv"), Info::default());
}

#[test]
fn gorgon_info_lines_keep_morph_suffixes() {
    let got = info("info depth 3 currmove b7d8(H) currmovenumber 4 pv b7d8(H) c5d8(ME) c10c11");
    assert_eq!(got.currmove, Some(mv("b7d8(H)")));
    assert_eq!(got.pv, vec![mv("b7d8(H)"), mv("c5d8(ME)"), mv("c10c11")]);
}

#[test]
fn info_strings_keep_their_text() {
    assert_eq!(
        reply("info string error: bad  move 'z9'"),
        Reply::InfoString("error: bad  move 'z9'".into())
    );
    assert_eq!(reply("info string"), Reply::InfoString(String::new()));
    assert_eq!(reply("INFO String depth 5"), Reply::InfoString("depth 5".into()));
}

#[test]
fn bad_info_values_name_the_token() {
    assert_eq!(err("info depth x"), "info: depth value 'x' is not a number");
    assert_eq!(err("info depth"), "info: missing value after 'depth'");
    assert_eq!(err("info nodes -1"), "info: nodes value '-1' out of range");
    assert_eq!(err("info score 35"), "info: expected 'cp' or 'mate' after 'score', got '35'");
    assert_eq!(err("info score"), "info: missing value after 'score'");
    assert_eq!(err("info score cp"), "info: missing value after 'cp'");
    assert_eq!(err("info wdl 1 2"), "info: missing value after 'wdl'");
    assert_eq!(err("info currmove"), "info: missing value after 'currmove'");
    assert!(err("info pv e2e4 z9").starts_with("info: bad move 'z9' ("));
    assert_eq!(parse_reply("info pv e2e4 z9").unwrap_err().command(), Some("info"));
}

#[test]
fn best_moves() {
    assert_eq!(
        reply("bestmove e3e5 ponder h10h8"),
        Reply::BestMove {
            mv: Some(mv("e3e5")),
            ponder: Some(mv("h10h8"))
        }
    );
    assert_eq!(
        reply("bestmove b7d8(H)"),
        Reply::BestMove {
            mv: Some(mv("b7d8(H)")),
            ponder: None
        }
    );
    let none = Reply::BestMove { mv: None, ponder: None };
    assert_eq!(reply("bestmove (none)"), none);
    assert_eq!(reply("bestmove (NONE) ponder e2e4"), none);
    assert_eq!(reply("bestmove 0000"), none);
    // Foreign ways of writing "no ponder move", and trailing tokens.
    let plain = Reply::BestMove {
        mv: Some(mv("e2e4")),
        ponder: None,
    };
    assert_eq!(reply("bestmove e2e4 ponder (none)"), plain);
    assert_eq!(reply("bestmove e2e4 ponder"), plain);
    assert_eq!(reply("bestmove e2e4 draw"), plain);
}

#[test]
fn bad_best_moves_belong_to_bestmove() {
    assert_eq!(err("bestmove"), "bestmove: missing move");
    let e = parse_reply("bestmove e3e5(XYZ)").unwrap_err();
    assert!(e.to_string().starts_with("bestmove: bad move 'e3e5(XYZ)' ("), "{e}");
    assert_eq!(e.command(), Some("bestmove"));
    assert_eq!(parse_reply("bestmove e2e4 ponder z").unwrap_err().command(), Some("bestmove"));
}

#[test]
fn every_written_reply_reads_back() {
    let replies = [
        Reply::IdName("Gorgon 0.1".into()),
        Reply::IdAuthor("The Gorgon developers".into()),
        Reply::UciOk,
        Reply::ReadyOk,
        Reply::Option(OptionDecl {
            name: "Move Overhead".into(),
            kind: OptionKind::Spin {
                default: 10,
                min: -5,
                max: 5000,
            },
        }),
        Reply::Option(OptionDecl {
            name: "BookFile".into(),
            kind: OptionKind::String { default: String::new() },
        }),
        Reply::Option(OptionDecl {
            name: "UCI_Variant".into(),
            kind: OptionKind::Combo {
                default: "pom".into(),
                vars: vec!["pom".into(), "minipom".into()],
            },
        }),
        Reply::Option(OptionDecl {
            name: "Clear Hash".into(),
            kind: OptionKind::Button,
        }),
        Reply::Option(OptionDecl {
            name: "Ponder".into(),
            kind: OptionKind::Check { default: true },
        }),
        Reply::Info(Info {
            depth: Some(3),
            score: Some(Score {
                value: ScoreValue::Mate(5),
                bound: Some(Bound::Lower),
            }),
            wdl: Some([1000, 0, 0]),
            currmove: Some(mv("b7d8(H)")),
            currmovenumber: Some(4),
            pv: vec![mv("b7d8(H)"), mv("c10c11e")],
            ..Info::default()
        }),
        Reply::InfoString("error: bad move".into()),
        Reply::BestMove {
            mv: Some(mv("e3e5")),
            ponder: Some(mv("h10h8")),
        },
        Reply::BestMove { mv: None, ponder: None },
    ];
    for r in replies {
        assert_eq!(parse_reply(&r.to_string()), Ok(Some(r.clone())), "{r}");
    }
}
