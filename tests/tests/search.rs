//! The search over the pipe: every `go` limit ends in a legal `bestmove` in
//! time; `stop`, `isready` and `ponderhit` work mid-search; `bench` repeats.

use gorgon_tests::Engine;
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(30);

/// The `bestmove` line's move after `go ...`, and how long it took.
fn go(e: &mut Engine, args: &str) -> (String, Duration) {
    let start = Instant::now();
    e.send(&format!("go {args}"));
    let lines = e.read_until(T, |l| l.starts_with("bestmove"));
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    (best, start.elapsed())
}

/// True if `mv` is one of the legal moves of the engine's current position
/// (asked through `go perft 1`, the engine's own move list).
fn is_legal(e: &mut Engine, mv: &str) -> bool {
    e.send("go perft 1");
    let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
    lines.iter().any(|l| l.split(':').next() == Some(mv))
}

#[test]
fn every_limit_returns_a_legal_move_in_time() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.expect_line("uciok", T);
    e.send("ucinewgame");
    for (variant, position, only) in [
        ("pom", "position startpos moves e3e5 h10h8", ["a2a3", "b2b3"]),
        ("minipom", "position startpos moves e2e4", ["a8a7", "b8b7"]),
    ] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send(position);
        for (args, limit) in [
            ("depth 6", Duration::from_secs(20)),
            ("nodes 20000", Duration::from_secs(20)),
            ("movetime 300", Duration::from_millis(1300)),
            ("wtime 2000 btime 2000 winc 10 binc 10", Duration::from_millis(1500)),
            // 1.5 s a move; an iteration begun before the (stretched) soft
            // limit may run to the hard limit, four shares = 6 s.
            ("wtime 60000 btime 60000 movestogo 40", Duration::from_millis(7500)),
            ("wtime 50 btime 50", Duration::from_millis(600)),
            ("mate 1 movetime 500", Duration::from_millis(1500)),
        ] {
            let (best, took) = go(&mut e, args);
            assert!(took < limit, "{variant} go {args} took {took:?}");
            assert!(is_legal(&mut e, &best), "{variant} go {args} gave {best}");
        }
        let (best, _) = go(&mut e, &format!("depth 4 searchmoves {} {}", only[0], only[1]));
        assert!(only.contains(&best.as_str()), "searchmoves respected: {best}");
    }
}

#[test]
fn mate_is_found_with_a_mate_score() {
    let mut e = Engine::start(&["--variant", "minipom"]);
    e.send("position fen 1t2k(a)1ht/wwwqww2w/2Ew(A)4/6ww1/5W3/2W6/WW6e/3WW1WWW/TH1QK(A)1HT w AIi - 1 14");
    e.send("go depth 4");
    let lines = e.read_until(T, |l| l.starts_with("bestmove"));
    let best = lines.last().unwrap();
    assert!(
        best == "bestmove c7d8" || best.starts_with("bestmove c7d8 ") || best.starts_with("bestmove e7d8(Q)"),
        "{best}"
    );
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
}

#[test]
fn stop_isready_and_ponderhit_during_a_search() {
    let mut e = Engine::start(&[]);
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    e.send("isready");
    // `go infinite` never ends by itself, so a readyok is an answer given
    // mid-search; the wait is long so that a loaded machine still passes.
    let mut lines = e.expect_line("readyok", Duration::from_secs(10));
    eprintln!("isready to readyok: {:?}", asked.elapsed());
    let stopped = Instant::now();
    e.send("stop");
    lines.extend(e.read_until(Duration::from_secs(10), |l| l.starts_with("bestmove")));
    eprintln!("stop to bestmove: {:?}", stopped.elapsed());
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove")), "no bestmove after stop");
    assert!(lines.iter().any(|l| l.starts_with("info depth")));
    // Infinite never ends by itself, even at a depth limit.
    e.send("go infinite depth 2");
    assert!(e.next_line(Duration::from_secs(5)).is_some_and(|l| !l.starts_with("bestmove")));
    while let Some(l) = e.next_line(Duration::from_millis(200)) {
        assert!(!l.starts_with("bestmove"), "bestmove before stop under infinite");
    }
    e.send("stop");
    e.read_until(Duration::from_secs(2), |l| l.starts_with("bestmove"));
    // Pondering: no bestmove until ponderhit, then the clock applies.
    e.send("position startpos moves e3e5");
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(1500));
    while let Some(l) = e.next_line(Duration::from_millis(50)) {
        assert!(!l.starts_with("bestmove"), "bestmove while pondering");
    }
    let hit = Instant::now();
    e.send("ponderhit");
    let after = e.read_until(Duration::from_secs(10), |l| l.starts_with("bestmove"));
    assert!(
        after.last().is_some_and(|l| l.starts_with("bestmove")),
        "no bestmove after ponderhit"
    );
    // About 300 ms (30 % of the clock); loose for a loaded machine.
    assert!(hit.elapsed() < Duration::from_millis(3000), "the clock counts after ponderhit");
    // A stop right after go is never lost.
    e.send("go infinite");
    e.send("stop");
    e.read_until(Duration::from_secs(2), |l| l.starts_with("bestmove"));
    e.sync();
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let mut e = Engine::start(&[]);
    // The sample game's final position is not mate; after d11f9 i9... use a mate: the
    // Mini-POM m1 position after its mating move.
    e.send("setoption name UCI_Variant value minipom");
    e.send("position fen 1t2k(a)1ht/wwwqww2w/2Ew(A)4/6ww1/5W3/2W6/WW6e/3WW1WWW/TH1QK(A)1HT w AIi - 1 14 moves c7d8");
    e.send("go depth 3");
    let lines = e.read_until(T, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
}

#[test]
fn bench_repeats_its_node_count() {
    let run = || {
        let mut e = Engine::start(&[]);
        e.send("bench 5");
        let lines = e.read_until(Duration::from_secs(120), |l| l.ends_with(" nps") && l.contains(" nodes "));
        lines.last().unwrap().split_whitespace().next().unwrap().parse::<u64>().unwrap()
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    assert!(a > 0);
}

#[test]
fn own_book_plays_a_book_move_and_says_so() {
    let mut e = Engine::start(&[]);
    e.send("setoption name OwnBook value true");
    e.send("position startpos");
    e.send("go wtime 10000 btime 10000");
    let lines = e.read_until(T, |l| l.starts_with("bestmove"));
    let announced = lines
        .iter()
        .find_map(|l| l.strip_prefix("info string book move "))
        .expect("book move announced")
        .to_string();
    assert_eq!(lines.last().unwrap(), &format!("bestmove {announced}"));
    assert!(is_legal(&mut e, &announced));
    e.send("setoption name BookFile value /no/such/book.gbk");
    e.send("go depth 2");
    let lines = e.read_until(T, |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.starts_with("info string error: book:")), "{lines:?}");
}
