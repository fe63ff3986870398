//! CECP (XBoard/WinBoard protocol 2) end to end: the real binary over
//! pipes, as XBoard drives it (docs/XBOARD.md).

use gorgon_tests::Engine;
use rules::{Position, Variant};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(60);

/// Starts an engine in CECP mode and does the `protover 2` handshake;
/// returns the engine and the feature lines.
fn start() -> (Engine, Vec<String>) {
    let mut e = Engine::start(&["--protocol", "xboard"]);
    e.send("protover 2");
    let lines = e.read_until(T, |l| l.starts_with("feature ") && l.ends_with(" done=1"));
    (e, lines)
}

/// A game of `variant` with the engine in force mode.
fn game(variant: &str) -> Engine {
    let (mut e, _) = start();
    e.send("new");
    e.send(&format!("variant {variant}"));
    e.send("force");
    sync(&mut e);
    e
}

/// `ping N` / `pong N`: every line before the pong.
fn sync(e: &mut Engine) -> Vec<String> {
    static N: AtomicU32 = AtomicU32::new(1);
    let n = N.fetch_add(1, Ordering::SeqCst);
    e.send(&format!("ping {n}"));
    let mut lines = e.expect_line(&format!("pong {n}"), T);
    lines.pop();
    lines
}

/// The `# key value` lines of `d`.
fn show(e: &mut Engine, key: &str) -> String {
    e.send("d");
    let prefix = format!("# {key} ");
    sync(e)
        .iter()
        .find_map(|l| l.strip_prefix(&prefix).map(str::to_owned))
        .unwrap_or_else(|| panic!("no '# {key}' line"))
}

fn fen(e: &mut Engine) -> String {
    show(e, "fen")
}

/// Sends moves (`usermove`) and returns the lines they produced.
fn moves(e: &mut Engine, list: &str) -> Vec<String> {
    for m in list.split_whitespace() {
        e.send(&format!("usermove {m}"));
    }
    sync(e)
}

fn no_illegal(lines: &[String]) {
    assert!(
        !lines.iter().any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
        "{lines:?}"
    );
}

const POM_START: &str = "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHT w AKak - 0 1";
const MINI_START: &str = "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1";

#[test]
fn handshake_announces_the_features() {
    let (mut e, lines) = start();
    let line = &lines[0];
    assert!(line.starts_with("feature myname=\"Gorgon "), "{line}");
    for feature in [
        "variants=\"pom,minipom\"",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "playother=1",
        "san=0",
        "sigint=0",
        "sigterm=0",
        "colors=0",
        "analyze=1",
        "memory=1",
        "smp=1",
        "exclude=1",
        "highlight=1",
    ] {
        assert!(line.split(' ').any(|f| f == feature), "missing {feature} in {line}");
    }
    // The options XBoard shows, one a line, and `done=1` once they are sent.
    assert_eq!(
        lines[1..],
        [
            "feature option=\"MultiPV -spin 1 1 500\"",
            "feature option=\"Move Overhead -spin 30 0 5000\"",
            "feature option=\"Use NNUE -combo *auto /// true /// false\"",
            "feature option=\"EvalFile -file <embedded>\"",
            "feature option=\"Clear Hash -button\"",
            "feature option=\"Skill Level -spin 20 0 20\"",
            "feature option=\"UCI_LimitStrength -check 0\"",
            "feature option=\"UCI_Elo -spin 1500 850 2200\"",
            "feature option=\"Skill Seed -spin 0 0 2147483647\"",
            "feature done=1",
        ]
    );
    for answer in ["accepted myname", "accepted highlight", "accepted option", "accepted done"] {
        e.send(answer);
    }
    assert!(sync(&mut e).is_empty());
}

#[test]
fn the_first_line_xboard_selects_cecp() {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    let lines = e.read_until(T, |l| l.ends_with("done=1"));
    assert!(lines[0].starts_with("feature myname="), "{lines:?}");
    e.send("quit");
    assert!(e.wait_exit(T).is_some(), "quit ends the engine");
}

#[test]
fn variant_pom_defines_board_pieces_and_moves() {
    let (mut e, _) = start();
    e.send("new");
    e.send("variant pom");
    let lines = sync(&mut e);
    assert_eq!(
        lines,
        [
            "setup (WHATQ..MP....BRD...SC.F..I.G..Z...NEKwhatq..mp....brd...sc.f..i.g..z...nek) 11x11+0_asean \
             thamqksamht/wwwwpepwwww/4wbw4/5w5/11/11/11/5W5/4WBW4/WWWWPEPWWWW/THAMQKSAMHT w - - 0 1",
            "piece W& fmWfcFifmnD",
            "piece H& N",
            "piece A& B",
            "piece T& R",
            "piece Q& Q",
            "piece M& BN",
            "piece P& RN",
            "piece S& QN",
            "piece E& Q3",
            "piece K& K",
            "piece F& fmWfcFifmnD",
            "piece N& N",
            "piece B& B",
            "piece R& R",
            "piece D& Q",
            "piece C& BN",
            "piece I& RN",
            "piece Z& QN",
            "piece G& Q3",
        ]
    );
    assert_eq!(fen(&mut e), POM_START);
}

#[test]
fn variant_minipom_defines_board_pieces_and_moves() {
    let (mut e, _) = start();
    e.send("new");
    e.send("variant minipom");
    let lines = sync(&mut e);
    assert_eq!(
        lines,
        [
            "setup (WHATQ........BRD......F....G......NEKwhatq........brd......f....g......nek) 9x9+0_asean \
             thbqkebht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/THBQKEBHT w - - 0 1",
            "piece W& fmWfcFifmnD",
            "piece H& N",
            "piece A& B",
            "piece T& R",
            "piece Q& Q",
            "piece E& Q3",
            "piece K& K",
            "piece F& fmWfcFifmnD",
            "piece N& N",
            "piece B& B",
            "piece R& R",
            "piece D& Q",
            "piece G& Q3",
        ]
    );
    assert_eq!(fen(&mut e), MINI_START);
    e.send("variant chess");
    let lines = sync(&mut e);
    assert_eq!(lines[0], "Error (unsupported variant): variant chess");
    assert!(lines[1].starts_with("tellusererror "));
    assert_eq!(fen(&mut e), MINI_START, "the variant stays");
}

#[test]
fn illegal_user_moves_leave_the_position_unchanged() {
    let mut e = game("pom");
    for (mv, reason) in [
        ("e3e6", "illegal in this position"),
        ("h10h8", "is not the side to move's"),
        ("d5d6", "no piece on d5"),
        ("k11l12", "leaves the pom board"),
        ("e3e5q", "say what the piece becomes; e3e5"),
        ("P@e4", "no drops"),
        ("@@@@", "no null move"),
        ("O-O", "no castling"),
    ] {
        e.send(&format!("usermove {mv}"));
        let lines = sync(&mut e);
        let expected_end = format!("): {mv}");
        assert!(
            lines.len() == 1 && lines[0].starts_with("Illegal move (") && lines[0].ends_with(&expected_end) && lines[0].contains(reason),
            "{mv}: {lines:?}"
        );
        assert_eq!(fen(&mut e), POM_START, "after {mv}");
    }
    // Syntax errors are errors, not illegal moves.
    e.send("usermove e3");
    let lines = sync(&mut e);
    assert!(lines[0].starts_with("Error (usermove; bad move 'e3' [expected"), "{lines:?}");
    e.send("frobnicate");
    assert_eq!(sync(&mut e), ["Error (unknown command): frobnicate"]);
    // The sample game to 8.ME x B10: the Black pieces around b10 are petrified.
    let lines = moves(
        &mut e,
        "e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8 c5c8 d11e10 f3b7 b11a9 c8d8 e10b7 d8b10",
    );
    no_illegal(&lines);
    assert_eq!(
        lines.last().unwrap(),
        "highlight c1c8/c1c8/c10/11/11/11/11/11/11/11/11",
        "cyan dots on the petrified"
    );
    assert_eq!(show(&mut e, "petrified"), "a9 a10 c10 a11 c11");
    e.send("usermove a10a8");
    assert!(sync(&mut e)[0].contains("the piece on a10 is petrified"));
    // A move without usermove is a move too.
    e.send("b7c6");
    no_illegal(&sync(&mut e));
    assert!(fen(&mut e).contains("2m8/"));
}

#[test]
fn lift_and_put_show_targets_and_choices() {
    let mut e = game("pom");
    e.send("lift e3");
    assert_eq!(sync(&mut e), ["highlight 11/11/11/11/11/11/4Y6/4Y6/11/11/11"]);
    // The Morph in Advisor form on b7 may take the Pillar on e10 as it is
    // or become a Morph Pillar: magenta, and the choice on `put`.
    no_illegal(&moves(&mut e, "f3b7 k10k9"));
    e.send("lift b7");
    assert_eq!(sync(&mut e), ["highlight 11/4M6/3Y7/Y1Y8/11/Y1Y8/3Y7/4Y6/5Y5/11/11"]);
    e.send("put e10");
    assert_eq!(sync(&mut e), ["choice IB"]);
    e.send("put e9");
    assert!(sync(&mut e).is_empty(), "no choice on a plain move");
    // A petrified piece has no targets; it and the Medusa holding it get dots.
    no_illegal(&moves(&mut e, "b7e10i"));
    e.send("lift e10");
    let lines = sync(&mut e);
    assert_eq!(lines, ["highlight 11/4rr5/11/11/11/11/11/11/11/11/11"], "{lines:?}");
}

#[test]
fn morph_transformations() {
    let mut e = game("pom");
    no_illegal(&moves(&mut e, "f3b7 k10k9"));
    // XBoard's default promotion piece (the Tower's letter) is refused:
    // XBoard would show a Tower on e10.
    e.send("usermove b7e10t");
    let lines = sync(&mut e);
    assert_eq!(lines[0], "Illegal move (say what the piece becomes; b7e10 or b7e10i): b7e10t");
    assert!(lines[1].starts_with("telluser Magenta square: "), "{lines:?}");
    e.send("usermove b7e10q");
    assert_eq!(sync(&mut e).len(), 1, "the help is shown once");
    // The mover's own letter means no transformation, as no letter does.
    no_illegal(&moves(&mut e, "b7e10b"));
    assert!(fen(&mut e).starts_with("thamqksamht/wwww(A)epwww1/"), "{}", fen(&mut e));
    e.send("undo");
    no_illegal(&moves(&mut e, "b7e10i"));
    let f = fen(&mut e);
    assert!(f.starts_with("thamqksamht/wwww(P)epwww1/"), "{f}");
    assert_eq!(
        show(&mut e, "xboard"),
        "thamqksamht/wwwwIepwww1/4wbw3w/5w5/11/11/11/5W5/4W1W4/WWWWPEPWWWW/THAMQKSAMHT b - - 0 2"
    );
    // A Morph that takes a Morph may become a plain piece of its form.
    e.send("setboard 4k6/11/11/11/11/11/4b6/11/2B8/11/5K5 w - - 0 1");
    e.send("lift c3");
    let lines = sync(&mut e);
    assert!(lines.last().unwrap().contains("/Y3M6/"), "magenta on e5: {lines:?}");
    e.send("put e5");
    assert_eq!(sync(&mut e), ["choice BA"]);
    no_illegal(&moves(&mut e, "c3e5a"));
    assert_eq!(fen(&mut e), "4k6/11/11/11/11/11/4A6/11/11/11/5K5 b - - 0 1");
    // The Sword form is F: XBoard reads an x after the squares as another
    // leg and would never send c3e5x (docs/XBOARD.md).
    e.send("setboard 4k6/11/11/11/11/11/4w6/11/2B8/11/5K5 w - - 0 1");
    e.send("lift c3");
    sync(&mut e);
    e.send("put e5");
    assert_eq!(sync(&mut e), ["choice BF"]);
    e.send("usermove c3e5x");
    let lines = sync(&mut e);
    assert_eq!(lines[0], "Illegal move (say what the piece becomes; c3e5 or c3e5f): c3e5x");
    no_illegal(&moves(&mut e, "c3e5f"));
    assert_eq!(fen(&mut e), "4k6/11/11/11/11/11/4(W)6/11/11/11/5K5 b - - 0 1");
    // The engine writes its transformations with the new form's letter.
    e.send("setboard 4k6/11/11/11/11/11/4Q6/11/2b8/11/10K b - - 0 1");
    e.send("sd 3");
    e.send("go");
    let lines = e.read_until(T, |l| l.starts_with("move "));
    assert_eq!(
        lines.last().unwrap(),
        "move c3e5d",
        "the Morph takes the Queen and becomes a Morph Queen"
    );
    assert_eq!(fen(&mut e), "4k6/11/11/11/11/11/4(q)6/11/11/11/10K w - - 0 2");
}

#[test]
fn sword_promotion_needs_the_medusa_letter() {
    let mut e = game("pom");
    e.send("setboard 4k6/2W8/11/11/11/11/11/11/11/11/5K5 w - - 0 1");
    e.send("lift c10");
    assert_eq!(sync(&mut e), ["highlight 2B8/11/11/11/11/11/11/11/11/11/11"]);
    e.send("put c11");
    assert_eq!(sync(&mut e), ["choice E"]);
    e.send("usermove c10c11");
    assert!(sync(&mut e)[0].starts_with("Illegal move (say what the piece becomes; c10c11e)"));
    no_illegal(&moves(&mut e, "c10c11e"));
    assert_eq!(fen(&mut e), "2E1k6/11/11/11/11/11/11/11/11/11/5K5 b - - 0 1");
}

#[test]
fn both_castlings_and_the_minipom_swap() {
    // Pillars of Medusa: King and Tower trade places, written King square
    // then Tower square, which is what XBoard sends for a King dropped on
    // its own Tower.
    let mut e = game("pom");
    e.send("setboard t4k4t/wwm1q2w1ww/2w3shp2/11/11/4h6/3E2e4/5W5/2W3S1M2/WWP4W1WW/TH1AQK4T w - - 0 1");
    e.send("lift f1");
    let lines = sync(&mut e);
    assert_eq!(
        lines.last().unwrap().rsplit('/').next(),
        Some("6Y3Y"),
        "g1 and the castling square k1"
    );
    no_illegal(&moves(&mut e, "f1k1 f11a11"));
    assert_eq!(
        fen(&mut e),
        "k4t4t/wwm1q2w1ww/2w3shp2/11/11/4h6/3E2e4/5W5/2W3S1M2/WWP4W1WW/TH1AQT4K w - - 2 2"
    );
    // O-O and O-O-O are read as castling too.
    e.send("setboard t4k4t/wwm1q2w1ww/2w3shp2/11/11/4h6/3E2e4/5W5/2W3S1M2/WWP4W1WW/TH1AQK4T w - - 0 1");
    no_illegal(&moves(&mut e, "O-O O-O-O"));
    assert!(fen(&mut e).starts_with("k4t4t/"));
    // Mini-POM: the King moves three squares, the Rook lands beside it.
    let mut e = game("minipom");
    e.send("setboard t1bqkeb1t/www1wwwww/9/2hw3h1/9/3N5/H1WQ5/WW2WWWWW/T3KEBHT w - - 0 1");
    assert_eq!(
        fen(&mut e),
        "t1(a)qke(a)1t/www1wwwww/9/2hw3h1/9/3(H)5/H1WQ5/WW2WWWWW/T3KE(A)HT w AFGIacfgi - 0 1"
    );
    e.send("lift e1");
    assert_eq!(
        sync(&mut e).last().unwrap().rsplit('/').next(),
        Some("1Y1Y5"),
        "d1 and the castling square b1"
    );
    no_illegal(&moves(&mut e, "e1b1 f9c9"));
    assert_eq!(
        fen(&mut e),
        "t1eqk(a)(a)1t/www1wwwww/9/2hw3h1/9/3(H)5/H1WQ5/WW2WWWWW/1KT2E(A)HT w FGai - 2 2"
    );
    // The Medusa-Morph swap, written Medusa square then Morph square.
    let mut e = game("minipom");
    e.send("lift f1");
    assert_eq!(sync(&mut e), ["highlight 9/9/9/9/9/9/9/9/2Y3Y2"]);
    no_illegal(&moves(&mut e, "f1c1"));
    assert_eq!(
        fen(&mut e),
        "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/THEQK(A)(A)HT b AIacfgi - 1 1"
    );
    assert_eq!(
        show(&mut e, "xboard"),
        "thbqkebht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/THEQKBBHT b - - 1 1"
    );
}

/// Sets a position (White to move, the engine playing Black), plays
/// White's move and returns the lines up to the engine's announcement.
fn ending(fen: &str, white: &str) -> Vec<String> {
    let (mut e, _) = start();
    e.send("new");
    e.send("variant pom");
    e.send("sd 2");
    e.send(&format!("setboard {fen}"));
    sync(&mut e);
    e.send(&format!("usermove {white}"));
    let lines = sync(&mut e);
    assert_eq!(show(&mut e, "mode"), "engine plays black");
    lines
}

#[test]
fn game_ends_are_announced() {
    let mate = ending("10k/T10/11/11/11/11/11/11/11/11/1T8K w - - 0 1", "b1b11");
    assert!(mate.contains(&"1-0 {White mates}".to_string()), "{mate:?}");
    // In force mode (XBoard's Edit Game) the end is announced too, but not
    // while analysing.
    let mut e = game("pom");
    e.send("setboard 10k/T10/11/11/11/11/11/11/11/11/1T8K w - - 0 1");
    assert!(moves(&mut e, "b1b11").contains(&"1-0 {White mates}".to_string()));
    e.send("undo");
    e.send("analyze");
    assert!(!moves(&mut e, "b1b11").iter().any(|l| l.starts_with("1-0")));
    let stalemate = ending("10k/T10/11/11/11/11/11/11/11/11/K7T2 w - - 0 1", "i1j1");
    assert!(stalemate.contains(&"1/2-1/2 {Stalemate}".to_string()), "{stalemate:?}");
    let material = ending("10k/11/11/11/11/11/11/11/2w8/11/KH9 w - - 0 1", "b1c3");
    assert!(material.contains(&"1/2-1/2 {Insufficient material}".to_string()), "{material:?}");
    let fifty = ending("10k/T10/6A4/11/11/11/11/11/11/11/K10 w - - 99 70", "a1a2");
    assert!(fifty.contains(&"1/2-1/2 {50-move rule}".to_string()), "{fifty:?}");
    // Black's King has one legal move each time: k11-j11-k11.
    let (mut e, _) = start();
    e.send("new");
    e.send("variant pom");
    e.send("sd 1");
    e.send("setboard 10k/T10/6A4/11/11/11/11/11/11/11/K10 w - - 0 1");
    let mut seen = Vec::new();
    for white in ["a10b10", "b10a10", "a10b10", "b10a10"] {
        e.send(&format!("usermove {white}"));
        seen.extend(e.read_until(T, |l| l.starts_with("move ")));
    }
    let lines = e.read_until(T, |l| l.starts_with("1/2-1/2"));
    assert_eq!(lines.last().unwrap(), "1/2-1/2 {Draw by repetition}", "{seen:?}");
    // The engine then stops playing: `go` gives no move.
    e.send("go");
    assert!(sync(&mut e).iter().all(|l| !l.starts_with("move ")));
}

#[test]
fn the_engine_thinks_posts_and_answers_ping_after_its_move() {
    let (mut e, _) = start();
    for line in [
        "new",
        "variant pom",
        "level 40 5 0",
        "post",
        "time 3000",
        "otim 3000",
        "usermove e3e5",
        "ping 77",
    ] {
        e.send(line);
    }
    let lines = e.read_until(T, |l| l == "pong 77");
    let mv = lines.iter().position(|l| l.starts_with("move ")).expect("a move before the pong");
    assert!(mv > 0, "thinking output before the move: {lines:?}");
    for line in &lines[..mv] {
        if ["highlight", "#", "setup", "piece"].iter().any(|p| line.starts_with(p)) {
            continue;
        }
        // ply score time nodes pv
        let fields: Vec<&str> = line.split(' ').collect();
        let numbers: Vec<i64> = fields[..4].iter().map(|n| n.parse().unwrap()).collect();
        assert!(numbers[0] >= 1 && numbers[3] > 0, "{line:?}");
        let pv = &fields[4..];
        assert!(!pv.is_empty() && pv.iter().all(|m| m.len() >= 4 && !m.contains('(')), "{line:?}");
    }
    // `?` moves now; `hint` suggests a move; `undo`/`remove` take moves back.
    e.send("st 30");
    e.send("force");
    e.send("usermove e5e6");
    e.send("go");
    std::thread::sleep(Duration::from_millis(300));
    e.send("?");
    let lines = e.read_until(Duration::from_secs(10), |l| l.starts_with("move "));
    assert!(lines.last().unwrap().starts_with("move "));
    e.send("hint");
    assert!(e.read_until(T, |l| l.starts_with("Hint: ")).last().unwrap().len() > 6);
    e.send("force");
    e.send("remove");
    e.send("undo");
    e.send("undo");
    no_illegal(&sync(&mut e));
    assert_eq!(fen(&mut e), POM_START);
    e.send("undo");
    assert_eq!(sync(&mut e), ["Error (command not legal now): undo"]);
}

#[test]
fn analyze_mode_reports_and_follows_the_moves() {
    let mut e = game("minipom");
    e.send("post");
    e.send("analyze");
    e.read_until(T, |l| {
        l.split(' ').count() > 4 && l.split(' ').take(4).all(|n| n.parse::<i64>().is_ok())
    });
    e.send(".");
    let stat = e.read_until(T, |l| l.starts_with("stat01: "));
    let fields: Vec<&str> = stat.last().unwrap().split(' ').collect();
    assert!(fields.len() >= 6, "{fields:?}");
    assert_eq!(fields[5], "24", "24 legal moves at the Mini-POM start");
    e.send("usermove e2e4");
    // Thinking about a Black move now (from rank 8 or 9).
    e.read_until(T, |l| {
        l.split(' ').nth(4).is_some_and(|pv| matches!(pv.chars().nth(1), Some('8' | '9')))
    });
    assert!(fen(&mut e).ends_with(" b ACFGIacfgi - 0 1"));
    // `new` resets the position and stays in analyze mode.
    e.send("new");
    assert_eq!(show(&mut e, "mode"), "analyze");
    assert_eq!(fen(&mut e), MINI_START);
    e.send("exit");
    let lines = sync(&mut e);
    assert!(lines.iter().all(|l| !l.starts_with("move ")), "no move in analyze mode");
    assert_eq!(show(&mut e, "mode"), "force");
}

#[test]
fn setboard_refuses_a_bad_position_and_then_every_move() {
    let mut e = game("pom");
    e.send("setboard 11/11 w - - 0 1");
    let lines = sync(&mut e);
    assert!(lines[0].starts_with("tellusererror Illegal position: "), "{lines:?}");
    e.send("usermove e3e5");
    assert!(sync(&mut e)[0].starts_with("Illegal move (illegal position"));
    e.send("new");
    e.send("force");
    no_illegal(&moves(&mut e, "e3e5"));
}

/// Plays a game between two engine processes, relaying their moves as
/// XBoard does in Two Machines mode, until one of them announces the
/// result. Returns the result line and the moves.
fn relay(variant: &str, setup: &[&str]) -> (String, Vec<String>) {
    let (mut white, _) = start();
    let (mut black, _) = start();
    for e in [&mut white, &mut black] {
        e.send("new");
        e.send(&format!("variant {variant}"));
        for line in setup {
            e.send(line);
        }
        sync(e);
    }
    let is_result = |l: &str| ["1-0 {", "0-1 {", "1/2-1/2 {"].iter().any(|r| l.starts_with(r));
    white.send("go");
    let mut played = Vec::new();
    let mut to_move = 0;
    loop {
        assert!(played.len() < 1500, "no result after {} plies", played.len());
        let (mover, other) = if to_move == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        // A move that ends the game is announced by the engine that made it
        // and, after the relay, by the other engine, which then has no move.
        let lines = mover.read_until(T, |l| l.starts_with("move ") || is_result(l));
        for l in &lines {
            assert!(!l.starts_with("Illegal") && !l.starts_with("Error"), "{l} after {played:?}");
        }
        let last = lines.last().unwrap().clone();
        if is_result(&last) {
            return (last, played);
        }
        let mv = last.strip_prefix("move ").unwrap().to_owned();
        other.send(&format!("usermove {mv}"));
        played.push(mv);
        to_move = 1 - to_move;
    }
}

#[test]
fn two_engines_play_a_whole_game_through_a_relay() {
    for (variant, setup) in [("pom", &["sd 2"][..]), ("minipom", &["st 0.05"][..])] {
        let (result, played) = relay(variant, setup);
        assert!(
            [
                "1-0 {White mates}",
                "0-1 {Black mates}",
                "1/2-1/2 {Stalemate}",
                "1/2-1/2 {Draw by repetition}",
                "1/2-1/2 {50-move rule}",
                "1/2-1/2 {Insufficient material}",
            ]
            .contains(&result.as_str()),
            "{variant}: {result}"
        );
        assert!(played.len() > 4, "{variant}: {played:?}");
        eprintln!("{variant}: {result} after {} plies: {}", played.len(), played.join(" "));
    }
}

/// A thinking line's depth, score, nodes and first PV move.
fn thinking(line: &str) -> Option<(u32, i64, u64, String)> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let depth = fields.first()?.parse().ok()?;
    let score = fields.get(1)?.parse().ok()?;
    fields.get(2)?.parse::<u64>().ok()?;
    let nodes = fields.get(3)?.parse().ok()?;
    let first = fields.get(4)?.trim_end_matches(['!', '?']).to_owned();
    Some((depth, score, nodes, first))
}

/// Reads the analysis until a line of at least `depth`; the thinking
/// lines read.
fn analyse_to(e: &mut Engine, depth: u32) -> Vec<(u32, i64, u64, String)> {
    let lines = e.read_until(T, |l| thinking(l).is_some_and(|t| t.0 >= depth));
    lines.iter().filter_map(|l| thinking(l)).collect()
}

#[test]
fn multipv_shows_one_line_per_variation_and_depth() {
    let mut e = game("minipom");
    e.send("option MultiPV=2");
    e.send("post");
    e.send("analyze");
    let lines = analyse_to(&mut e, 5);
    e.send("exit");
    sync(&mut e);
    // Depths only grow (a lower one clears XBoard's window), and each
    // finished depth has two lines, with different first moves.
    assert!(lines.windows(2).all(|w| w[0].0 <= w[1].0), "{lines:?}");
    for depth in 1..5 {
        let at: Vec<_> = lines.iter().filter(|t| t.0 == depth).collect();
        assert_eq!(at.len(), 2, "depth {depth}: {lines:?}");
        assert_ne!(at[0].3, at[1].3, "depth {depth}: {lines:?}");
    }
    // Back to one line a depth.
    e.send("option MultiPV=1");
    e.send("analyze");
    let lines = analyse_to(&mut e, 4);
    // (Depths below 4 have no aspiration window, hence no bound lines.)
    for depth in 1..4 {
        assert_eq!(lines.iter().filter(|t| t.0 == depth).count(), 1, "depth {depth}: {lines:?}");
    }
}

/// The engine's last thinking line of a fixed-depth search from the
/// Mini-POM start.
fn searched_to_depth_5(e: &mut Engine) -> (u32, i64, u64, String) {
    for line in ["new", "variant minipom", "sd 5", "post", "go"] {
        e.send(line);
    }
    let lines = e.read_until(T, |l| l.starts_with("move "));
    lines.iter().filter_map(|l| thinking(l)).next_back().expect("thinking output")
}

#[test]
fn options_are_applied_and_bad_values_refused_by_name() {
    let (mut e, _) = start();
    // Use NNUE: the net and the hand-written evaluation see the start
    // differently at the same depth.
    e.send("option Use NNUE=true");
    let net = searched_to_depth_5(&mut e);
    e.send("option Use NNUE=false");
    let hand = searched_to_depth_5(&mut e);
    assert_eq!((net.0, hand.0), (5, 5));
    assert_ne!((net.1, net.2), (hand.1, hand.2), "the evaluation did not change");
    e.send("option Use NNUE=false");
    assert_eq!(searched_to_depth_5(&mut e).2, hand.2, "same evaluation, same search");
    // Refusals name the problem; the engine goes on.
    let dir = std::env::temp_dir().join(format!("gorgon-xboard-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.gnn");
    std::fs::write(&bad, b"GORGONNN\x01\x00\x00\x00\x00\x00\x00\x00").unwrap();
    e.send(&format!("option EvalFile={}", bad.display()));
    e.send("option EvalFile=/no/such/net.gnn");
    e.send("option MultiPV=0");
    e.send("option MultiPV=many");
    e.send("option Move Overhead=5001");
    e.send("option Use NNUE=maybe");
    e.send("option Bogus=1");
    e.send("option Hash=64");
    e.send("memory 0");
    e.send("cores 0");
    let lines = sync(&mut e);
    std::fs::remove_dir_all(&dir).ok();
    let expected = [
        format!("tellusererror EvalFile {}: ", bad.display()),
        "tellusererror EvalFile /no/such/net.gnn: ".to_owned(),
        "tellusererror option 'MultiPV': 0 is out of range 1..500".to_owned(),
        "tellusererror option 'MultiPV': 'many' is not a number".to_owned(),
        "tellusererror option 'Move Overhead': 5001 is out of range 0..5000".to_owned(),
        "tellusererror option 'Use NNUE': unknown value 'maybe'".to_owned(),
        "tellusererror unknown option 'Bogus'".to_owned(),
        "tellusererror unknown option 'Hash'".to_owned(),
        "tellusererror option 'Hash': 0 is out of range".to_owned(),
        "tellusererror option 'Threads': 0 is out of range".to_owned(),
    ];
    assert_eq!(lines.len(), expected.len(), "{lines:?}");
    for (line, start) in lines.iter().zip(&expected) {
        assert!(line.starts_with(start.as_str()), "{line:?} should start with {start:?}");
    }
    assert!(lines[0].contains("truncated net") && lines[0].ends_with("the previous net stays"));
    // Good values are taken quietly (a loaded net is noted for the log).
    for line in [
        "option Clear Hash",
        "option Move Overhead=50",
        "option Use NNUE=auto",
        "memory 32",
        "cores 2",
    ] {
        e.send(line);
    }
    assert_eq!(sync(&mut e), Vec::<String>::new());
    e.send("option EvalFile=<embedded>");
    assert_eq!(sync(&mut e), ["# loaded the embedded nets"]);
    // Two threads still search to the depth and move (the line of a
    // helper thread whose move won the vote may come last, shallower).
    for line in ["new", "variant minipom", "sd 5", "post", "go"] {
        e.send(line);
    }
    let lines = e.read_until(T, |l| l.starts_with("move "));
    assert!(lines.iter().filter_map(|l| thinking(l)).any(|t| t.0 == 5), "{lines:?}");
}

/// The number of root moves the running analysis searches (`.`).
fn moves_searched(e: &mut Engine) -> String {
    analyse_to(e, 1);
    e.send(".");
    let stat = e.read_until(T, |l| l.starts_with("stat01: "));
    stat.last().unwrap().split(' ').nth(5).expect("mvtot").to_owned()
}

#[test]
fn excluded_moves_are_left_out_of_the_analysis() {
    let mut e = game("minipom");
    e.send("post");
    e.send("analyze");
    let best = analyse_to(&mut e, 5).last().unwrap().3.clone();
    e.send(&format!("exclude {best}"));
    sync(&mut e);
    let lines = analyse_to(&mut e, 5);
    assert!(lines.iter().all(|t| t.3 != best), "{best} excluded: {lines:?}");
    assert_eq!(moves_searched(&mut e), "23", "24 legal moves at the Mini-POM start, one excluded");
    // `exclude all` then `include MOVE`: that move alone.
    e.send("exclude all");
    e.send("include b2b3");
    sync(&mut e);
    let lines = analyse_to(&mut e, 4);
    assert!(lines.iter().all(|t| t.3 == "b2b3"), "{lines:?}");
    assert_eq!(moves_searched(&mut e), "1");
    // `include all` brings every move back; a move that is not legal here
    // is refused.
    e.send("include all");
    e.send("exclude a1a5");
    let lines = sync(&mut e);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Error (illegal move") && l.ends_with("): exclude a1a5")),
        "{lines:?}"
    );
    assert_eq!(moves_searched(&mut e), "24");
    // Every move excluded: nothing to analyse, and the engine answers.
    e.send("exclude all");
    e.read_until(T, |l| l.starts_with("# every move is excluded"));
    let lines = sync(&mut e);
    assert!(lines.iter().all(|l| thinking(l).is_none()), "{lines:?}");
    e.send("exit");
    sync(&mut e);
}

/// The engine's move and the reply it ponders on (`# pondering on MOVE`).
fn move_and_ponder(e: &mut Engine) -> (String, String) {
    let lines = e.read_until(T, |l| l.starts_with("# pondering on "));
    let mv = lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("move "))
        .expect("a move before pondering");
    let expected = lines.last().unwrap()["# pondering on ".len()..].to_owned();
    (mv.to_owned(), expected)
}

/// Plays `text` (coordinates) on the referee's board; panics if illegal.
fn play(pos: &mut Position, text: &str) {
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text} is not legal: {e:?}"));
    assert!(pos.is_legal(m), "{text}");
    pos.make(m);
}

#[test]
fn hard_ponders_on_the_expected_reply_and_easy_stops_it() {
    let (mut e, _) = start();
    for line in ["new", "variant minipom", "hard", "post", "st 1", "usermove e2e4"] {
        e.send(line);
    }
    let mut pos = Position::startpos(Variant::MiniPom);
    play(&mut pos, "e2e4");
    let (mv, expected) = move_and_ponder(&mut e);
    play(&mut pos, &mv);
    // A ponder hit: the search goes on, with a second on the clock from the hit.
    let t = Instant::now();
    for line in ["time 6000", "otim 6000", &format!("usermove {expected}")] {
        e.send(line);
    }
    play(&mut pos, &expected);
    let (mv, expected) = move_and_ponder(&mut e);
    assert!(t.elapsed() < Duration::from_secs(8), "{:?}", t.elapsed());
    assert!(e.transcript.iter().any(|l| l == "# ponder hit"), "no ponder hit");
    play(&mut pos, &mv);
    // A miss: another move cancels the pondering; the engine thinks anew.
    let g = pos.geometry();
    let other = pos
        .legal_move_vec()
        .into_iter()
        .map(|m| format!("{}{}", g.square_name(m.from()), g.square_name(m.to())))
        .find(|m| *m != expected && pos.parse_move(m).is_ok())
        .expect("another legal move");
    let t = Instant::now();
    e.send(&format!("usermove {other}"));
    play(&mut pos, &other);
    let lines = e.read_until(T, |l| l.starts_with("move "));
    assert!(t.elapsed() < Duration::from_secs(8), "{:?}", t.elapsed());
    assert!(lines.iter().any(|l| l == "# ponder miss"), "{lines:?}");
    play(&mut pos, &lines.last().unwrap()["move ".len()..]);
    // `easy`: the pondering under way ends, and no more starts.
    let lines = e.read_until(T, |l| l.starts_with("# pondering on "));
    assert!(lines.iter().all(|l| !l.starts_with("move ")), "{lines:?}");
    e.send("easy");
    let g = pos.geometry();
    let any = pos.legal_move_vec()[0];
    let text = format!("{}{}", g.square_name(any.from()), g.square_name(any.to()));
    play(&mut pos, &text);
    e.send(&format!("usermove {text}"));
    let lines = e.read_until(T, |l| l.starts_with("move "));
    play(&mut pos, &lines.last().unwrap()["move ".len()..]);
    let after = sync(&mut e);
    assert!(after.iter().all(|l| !l.starts_with("# pondering")), "{after:?}");
    e.send("quit");
    assert!(e.wait_exit(T).is_some());
}
