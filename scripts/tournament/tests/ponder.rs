//! Pondering through the runner, with the random-mover: hits and misses
//! told apart, the time spent pondering not charged, and engines that
//! break the ponder protocol. (Gorgon pondering with two threads is in
//! `gorgon.rs`.)

mod common;

use common::*;
use gorgon_tournament::ending::Termination;
use gorgon_tournament::tournament::MatchConfig;
use rules::Variant;
use std::time::Duration;

/// The random-mover's ponder move is the first legal reply, which is what
/// `--style first` plays: pondering against it always hits, against a
/// random mover it almost always misses.
#[test]
fn ponder_hits_and_misses_are_told_apart() {
    let engines = vec![
        pondering(mover("first", &["--style", "first"], "tc=2+0.02")),
        pondering(mover("random", &["--seed", "4"], "tc=2+0.02")),
    ];
    let mut config = MatchConfig::new(Variant::MiniPom, engines);
    config.games = 2;
    config.adjudication.maxmoves = Some(20);
    let (report, pgn, live) = play_to_pgn(config, "ponder-hits");
    check_pgn(&pgn, 2, Variant::MiniPom);
    assert!(report.faults.iter().all(|f| f.total() == 0), "{live}");
    assert!(report.games.iter().all(|g| g.termination == Termination::Adjudication), "{live}");
    let [first, random] = [report.ponder[0], report.ponder[1]];
    // 20 moves a game each; the ponder search after the last move of a
    // game is stopped by its end and counts neither way.
    assert_eq!((random.hits, random.misses), (38, 0), "{random:?}");
    assert_eq!(first.hits + first.misses, 38, "{first:?}");
    assert!(first.misses > first.hits, "{first:?}");
    assert!(
        report.summary(None).contains("ponder 38 hits, 0 misses"),
        "{}",
        report.summary(None)
    );
}

/// Both engines think 250 ms a search and always ponder on the right move.
/// Only the time from `ponderhit` to `bestmove` is charged: counted from
/// the `go ponder`, the opponent's 250 ms would come on top, and every
/// pondered move (at least 500 ms) would forfeit at 450 ms a move; on a
/// 3 s clock the game's 8 moves a side would take 3.75 s instead of 2.
#[test]
fn the_time_spent_pondering_is_free() {
    for tc in ["st=0.45", "tc=3"] {
        let engines = vec![
            pondering(mover("a", &["--style", "first", "--delay", "250"], tc)),
            pondering(mover("b", &["--style", "first", "--delay", "250"], tc)),
        ];
        let mut config = MatchConfig::new(Variant::Pom, engines);
        config.games = 1;
        config.adjudication.maxmoves = Some(8);
        let (report, pgn, live) = play_to_pgn(config, "ponder-free");
        check_pgn(&pgn, 1, Variant::Pom);
        let g = &report.games[0];
        assert_eq!(g.termination, Termination::Adjudication, "{tc}: {}\n{live}", g.reason);
        // A ponder search is resolved two plies after it starts: plies 3 to 16.
        assert_eq!(report.ponder[0].hits + report.ponder[1].hits, 14, "{tc}: {:?}", report.ponder);
        for m in &g.moves {
            let t = m.time.unwrap();
            assert!(t >= Duration::from_millis(240) && t < Duration::from_millis(450), "{tc}: {t:?}");
        }
    }
}

/// An engine that answers `go ponder` at once (against the protocol) has
/// its move searched afresh (no fault); one that never answers it loses by hanging,
/// whether the ponder search was hit (no `bestmove` after `ponderhit` and
/// `stop`) or missed (none after `stop`).
#[test]
fn engines_that_break_the_ponder_protocol() {
    let engines = vec![
        pondering(mover(
            "eager",
            &["--fault", "eagerponder", "--fault-at", "1"],
            "st=0.05 timemargin=200",
        )),
        pondering(mover("sound", &["--style", "first"], "st=0.05 timemargin=200")),
    ];
    let mut config = MatchConfig::new(Variant::MiniPom, engines);
    config.adjudication.maxmoves = Some(10);
    let (report, pgn, live) = play_to_pgn(config, "ponder-eager");
    check_pgn(&pgn, 2, Variant::MiniPom);
    assert!(report.faults.iter().all(|f| f.total() == 0), "{live}");
    // (A `bestmove` that comes only after the runner looked counts as a
    // hit: it answers the position that came on the board.)
    assert!(report.ponder[0].misses > 0, "{:?}", report.ponder);

    for (style, why) in [("first", "not even after 'stop'"), ("random", "after 'stop' of its ponder search")] {
        let engines = vec![
            pondering(mover(
                "silent",
                &["--fault", "ponderhang", "--fault-at", "1"],
                "st=0.1 timemargin=100",
            )),
            mover("sound", &["--style", style], "st=0.1 timemargin=100"),
        ];
        let mut config = MatchConfig::new(Variant::Pom, engines);
        config.timing.sync = Duration::from_millis(500);
        config.timing.stop_grace = Duration::from_millis(200);
        let (report, pgn, live) = play_to_pgn(config, "ponder-hang");
        check_pgn(&pgn, 2, Variant::Pom);
        for g in &report.games {
            assert_eq!(g.termination, Termination::Hung, "{}\n{live}", g.reason);
            assert!(g.reason.contains("(silent)") && g.reason.contains(why), "{style}: {}", g.reason);
        }
        assert_eq!(report.faults[0].hangs, 2);
        assert_eq!(report.engine_starts[0], 2, "restarted after the hang");
        assert_eq!(report.faults[1].total(), 0);
    }
}
