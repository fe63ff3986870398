//! The UCI dialect end to end: the real binary over pipes.

use gorgon_tests::Engine;
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(20);

fn fen_of(engine: &mut Engine) -> String {
    engine.send("d");
    let lines = engine.read_until(T, |l| l.starts_with("Status:"));
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .expect("d prints the FEN")
        .to_string()
}

fn perft_total(lines: &[String]) -> u64 {
    lines
        .last()
        .and_then(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.parse().ok())
        .expect("a Nodes searched line")
}

#[test]
fn handshake_announces_both_geometries_and_the_options() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let lines = e.expect_line("uciok", T);
    assert!(lines[0].starts_with("id name Gorgon"));
    assert!(lines[1].starts_with("id author "));
    assert!(lines.contains(&"info string variant pom files 11 ranks 11 startpos thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHT w AKak - 0 1".to_string()));
    assert!(lines.contains(&"info string variant minipom files 9 ranks 9 startpos th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1".to_string()));
    for option in [
        "option name Hash type spin default 16 min 1 max 262144",
        "option name Threads type spin default 1 min 1 max 1024",
        "option name MultiPV type spin default 1 min 1 max 500",
        "option name UCI_Variant type combo default pom var pom var minipom",
        "option name Clear Hash type button",
        "option name Move Overhead type spin default 30 min 0 max 5000",
    ] {
        assert!(lines.iter().any(|l| l == option), "missing {option}");
    }
    e.sync();
}

#[test]
fn eleven_by_eleven_and_morph_moves() {
    let mut e = Engine::start(&[]);
    // The sample game to 8.ME x B10 (f3b7 a Morph move, d8b10 a Medusa capture).
    e.send("position startpos moves e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8 c5c8 d11e10 f3b7 b11a9 c8d8 e10b7 d8b10");
    assert_eq!(
        fen_of(&mut e),
        "t1a1qksamht/wEww1e2www/h3w(a)2p2/5w1w3/1m4w4/11/4W6/3S1W5/2P3W4/WWWW2PWWWW/THAMQK1AMHT b AKak - 0 8"
    );
    e.send("d");
    let lines = e.read_until(T, |l| l.starts_with("Status:"));
    assert!(
        lines.iter().any(|l| l == "Petrified: white - / black a9 a10 c10 a11 c11"),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("| t* |")), "petrified pieces are marked");
    // B-morph-forms: the Morph Queen d4... transformations with suffixes.
    e.send("position fen 1t1(t)2k4/2(W)8/5w4(a)/11/2e1(h)4(S)1/1(T)4(p)4/4(M)2(E)3/3(Q)4(m)2/4(w)6/W6W3/T5K4 w - - 0 1 moves c10d11(T)");
    assert!(
        fen_of(&mut e).starts_with("1t1T2k4/11/"),
        "Morph Sword takes the Morph Tower and becomes a plain Tower"
    );
    // C-promotions: c10c11 is not possible there, b10b11 promotes.
    e.send("position fen t1h1(q)2m3/1W1W2(W)4/11/11/9E1/1e9/k1H8/10K/11/2w1(w)1w4/1T1H1(A)1Q3 w - - 0 1 moves b10b11 c2c1");
    assert!(fen_of(&mut e).starts_with("tEh1(q)2m3/"));
    // POM castling f1k1 (A-castle-medusa).
    e.send("position fen t4k4t/wwm1q2w1ww/2w3shp2/11/11/4h6/3E2e4/5W5/2W3S1M2/WWP4W1WW/TH1AQK4T w Kak - 0 1 moves f1k1 f11a11");
    assert_eq!(
        fen_of(&mut e),
        "k4t4t/wwm1q2w1ww/2w3shp2/11/11/4h6/3E2e4/5W5/2W3S1M2/WWP4W1WW/TH1AQT4K w - - 2 2"
    );
    // Mini-POM: castling e1b1 and the swap f1g1 (D-mini-castle-swap).
    e.send("setoption name UCI_Variant value minipom");
    assert_eq!(
        fen_of(&mut e),
        "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1"
    );
    e.send("position fen t1(a)qke(a)1t/www1wwwww/9/2hw3h1/9/3(H)5/H1WQ5/WW2WWWWW/T3KE(A)HT w AFGIacfgi - 0 1 moves e1b1 f9c9");
    assert_eq!(
        fen_of(&mut e),
        "t1eqk(a)(a)1t/www1wwwww/9/2hw3h1/9/3(H)5/H1WQ5/WW2WWWWW/1KT2E(A)HT w FGai - 2 2"
    );
    e.send("position fen t1(a)qke(a)1t/www1wwwww/9/2hw3h1/9/3(H)5/H1WQ5/WW2WWWWW/T3KE(A)HT w AFGIacfgi - 0 1 moves f1g1");
    assert!(fen_of(&mut e).ends_with("T3K(A)EHT b AIacfgi - 1 1"));
    e.send("setoption name UCI_Variant value minipom");
    e.send("position startpos moves e2e4");
    e.send("go perft 2");
    let lines = e.expect_line("", T);
    assert_eq!(lines.len(), 25, "{lines:?}");
    let divided: u64 = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
    let total = e.read_until(T, |l| l.starts_with("Nodes searched"));
    assert_eq!(perft_total(&total), divided);
}

#[test]
fn every_error_leaves_the_engine_alive() {
    let mut e = Engine::start(&[]);
    let bad_lines: &[(&str, &str)] = &[
        ("foo bar", "unknown command 'foo'"),
        ("position fen 11/11 w - - 0 1", "FEN placement: 2 ranks"),
        (
            "position fen thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHX w AKak - 0 1",
            "unknown piece letter 'X'",
        ),
        ("position startpos moves e3e5 e5e6 h10h8", "move 2: move 'e5e6'"),
        ("position startpos moves e3e5 0000", "0000"),
        ("setoption name Hash value 0", "out of range"),
        ("setoption name Nope value 1", "unknown option"),
        ("setoption name UCI_Variant value chess", "unknown value 'chess'"),
        ("go depth 99999999999", "out of range"),
        ("go depth", "depth"),
        ("perft x", "perft"),
    ];
    for (line, expected) in bad_lines {
        e.expect_error(line, expected);
    }
    // A bad move keeps the moves before it.
    e.send("position startpos moves e3e5 h10h8 e5e9");
    e.sync();
    assert!(fen_of(&mut e).contains(" w AKak - 0 2"));
    // A bad FEN keeps the previous position.
    e.send("position fen nonsense");
    e.sync();
    assert!(fen_of(&mut e).contains(" w AKak - 0 2"));
    // Mini-POM refuses pieces it does not have, naming the field and the
    // square, and keeps its position too.
    e.send("setoption name UCI_Variant value minipom");
    e.send("position startpos moves e2e4");
    e.sync();
    let before = fen_of(&mut e);
    for (fen, expected) in [
        (
            "th(a)qke(a)ht/wwwwwwwww/9/9/4M4/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1",
            "FEN placement, rank 5, file e: 'M': minipom has no Mounted Advisor",
        ),
        (
            "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(S)QKE(A)HT w - - 0 1",
            "FEN placement, rank 1, file c: '(S)': minipom has no Serpent",
        ),
        (
            "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi e3 0 1",
            "FEN en passant",
        ),
    ] {
        e.send(&format!("position fen {fen}"));
        let got = e.sync();
        assert!(
            got.iter().any(|l| l.starts_with("info string error: ") && l.contains(expected)),
            "{fen}: {got:?}"
        );
        assert_eq!(fen_of(&mut e), before);
    }
    e.send("setoption name UCI_Variant value pom");
    // Non-UTF-8 bytes and a 100k-character line.
    e.send_bytes(b"\xff\xfe garbage \x00\n");
    e.sync();
    let long = format!("position startpos moves {}", "e3e5 ".repeat(20_000));
    e.send(&long);
    e.sync();
    e.send(&"x".repeat(100_000));
    e.sync();
}

#[test]
fn isready_and_stop_during_a_deep_perft() {
    let mut e = Engine::start(&[]);
    e.send("go perft 8");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    e.send("isready");
    // Perft 8 runs for minutes: a readyok now is an answer mid-perft.
    e.expect_line("readyok", Duration::from_secs(10));
    eprintln!("isready to readyok: {:?}", asked.elapsed());
    let stopped = Instant::now();
    e.send("stop");
    e.expect_line("info string perft stopped", Duration::from_secs(10));
    eprintln!("stop to end of go perft 8: {:?}", stopped.elapsed());
    e.sync();
}

#[test]
fn eof_and_quit_end_the_process() {
    let mut e = Engine::start(&[]);
    e.sync();
    e.close_stdin();
    assert!(e.wait_exit(Duration::from_secs(5)).is_some(), "EOF ends the engine");
    let mut e = Engine::start(&[]);
    e.send("go perft 9");
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit");
    assert!(e.wait_exit(Duration::from_secs(5)).is_some(), "quit ends the engine mid-perft");
}

#[test]
fn perft_matches_the_suite_over_the_pipe() {
    let mut e = Engine::start(&["--variant", "minipom"]);
    e.send("position startpos");
    e.send("perft 4");
    let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
    assert_eq!(perft_total(&lines), 404_411);
    assert_eq!(lines.len(), 24 + 2, "24 divide lines, an empty line, the total");
    e.send("setoption name UCI_Variant value pom");
    e.send("position fen 5k5/11/11/11/11/11/2t8/11/4h1E4/11/T4K3T1 w A - 0 1");
    e.send("go perft 3");
    let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
    assert_eq!(perft_total(&lines), 10_838);
    let mut moves: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .map(|(m, _)| m)
        .filter(|m| !m.starts_with("Nodes"))
        .collect();
    moves.sort();
    assert_eq!(moves, ["f1e1", "f1e2", "f1f2", "f1g1", "g3e3", "g3f2", "g3f3", "g3f4"]);
}

/// `Use NNUE` and `EvalFile`: the net plays when asked, a bad file is
/// refused by name with the previous net kept, and `eval` says which
/// evaluation the search uses.
#[test]
fn the_net_options_switch_the_evaluation_and_refuse_bad_files() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let lines = e.expect_line("uciok", T);
    assert!(lines
        .iter()
        .any(|l| l == "option name Use NNUE type combo default auto var auto var true var false"));
    assert!(lines.iter().any(|l| l == "option name EvalFile type string default <embedded>"));
    for (mode, says) in [("true", "NNUE evaluation (side to move): "), ("false", "NNUE: off")] {
        e.send(&format!("setoption name Use NNUE value {mode}"));
        e.send("position startpos moves e3e5 h10h8");
        e.send("eval");
        e.send("isready");
        let lines = e.expect_line("readyok", T);
        assert!(lines.iter().any(|l| l.starts_with(says)), "{mode}: {lines:?}");
        e.send("go depth 6");
        let lines = e.read_until(T, |l| l.starts_with("bestmove "));
        assert!(lines.last().unwrap().len() > "bestmove ".len(), "{lines:?}");
    }
    let dir = std::env::temp_dir().join(format!("gorgon-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.gnn");
    std::fs::write(&bad, b"GORGONNN\x01\x00\x00\x00\x00\x00\x00\x00").unwrap();
    e.send(&format!("setoption name EvalFile value {}", bad.display()));
    e.send("isready");
    let lines = e.expect_line("readyok", T);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: EvalFile ") && l.contains("truncated net") && l.ends_with("the previous net stays")),
        "{lines:?}"
    );
    e.send("setoption name EvalFile value /no/such/net.gnn");
    e.send("setoption name Use NNUE value true");
    e.send("eval");
    e.send("isready");
    let lines = e.expect_line("readyok", T);
    assert!(
        lines.iter().any(|l| l.starts_with("info string error: EvalFile /no/such/net.gnn")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("(net: <embedded>)")), "{lines:?}");
    std::fs::remove_dir_all(&dir).ok();
    e.sync();
}
