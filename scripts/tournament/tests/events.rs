//! The event log (`--events`, issue 48): a round robin's log holds every
//! game as its PGN does (the book moves in `game_start`, the rest in
//! `move` events, the PGN itself in `game_end`), standings after every
//! game that end as the report's totals, throttled `info` events, and a
//! `match` first and `match_end` last; `append` keeps an earlier run.

mod common;

use common::*;
use gorgon_tournament::tournament::{MatchConfig, OpeningSource};
use rules::Variant;
use serde_json::Value;
use std::collections::HashMap;

/// The log's lines as JSON, each checked to read as the one typed event
/// (`events::Line`) that `gorgon serve` reads.
fn read_log(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("the log is written")
        .lines()
        .map(|l| {
            events::Line::parse(l).unwrap_or_else(|e| panic!("not an event ({e}): {l}"));
            serde_json::from_str(l).unwrap_or_else(|e| panic!("not a JSON line ({e}): {l}"))
        })
        .collect()
}

#[test]
fn the_event_log_holds_the_games_as_the_pgn_does() {
    let engines = vec![
        mover("A", &["--seed", "3", "--delay", "2"], "tc=5+0.05"),
        mover("B", &["--seed", "4", "--style", "greedy"], "tc=5+0.05"),
        mover("C", &["--seed", "5"], "tc=5+0.05"),
    ];
    let mut config = MatchConfig::new(Variant::MiniPom, engines);
    config.games = 2;
    config.concurrency = 2;
    config.openings = OpeningSource::Random { plies: 2 };
    config.adjudication.maxmoves = Some(60);
    let path = temp_path("events.jsonl");
    config.events_out = Some(path.clone());
    let (report, pgn, _) = play_to_pgn(config.clone(), "events");
    let games = check_pgn(&pgn, 6, Variant::MiniPom);
    let log = read_log(&path);
    let kinds: Vec<&str> = log.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds[0], "match");
    assert_eq!(*kinds.last().unwrap(), "match_end");
    assert_eq!(log[0]["engines"], serde_json::json!(["A", "B", "C"]));
    assert_eq!(log[0]["games"], 6);
    assert_eq!(log.last().unwrap()["summary"], report.summary(None));
    // Times never go back.
    assert!(log.windows(2).all(|w| w[0]["at"].as_u64() <= w[1]["at"].as_u64()));

    // Each game rebuilt from its events is the PGN's game.
    let mut moves: HashMap<u64, Vec<String>> = HashMap::new();
    let mut ends = HashMap::new();
    let (mut infos, mut plies) = (0, 0);
    let mut last_info: HashMap<(u64, String), u64> = HashMap::new();
    for e in &log {
        let game = e["game"].as_u64().unwrap_or(0);
        match e["type"].as_str().unwrap() {
            "game_start" => {
                assert!(moves
                    .insert(
                        game,
                        e["book"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|m| m.as_str().unwrap().to_string())
                            .collect()
                    )
                    .is_none());
                assert_eq!(e["book"].as_array().unwrap().len(), 2, "the random opening's plies");
                assert_eq!(e["clock"][0], 5000);
            }
            "move" => {
                let list = moves.get_mut(&game).expect("a move after its game's start");
                assert_eq!(e["ply"].as_u64().unwrap() as usize, list.len(), "moves in order");
                list.push(e["move"].as_str().unwrap().to_string());
                plies += 1;
            }
            "info" => {
                infos += 1;
                let key = (game, e["side"].as_str().unwrap().to_string());
                let at = e["at"].as_u64().unwrap();
                if let Some(before) = last_info.insert(key, at) {
                    // 250 ms apart, give or take the clocks' granularity.
                    assert!(at >= before + 240, "info events {} ms apart", at - before);
                }
            }
            "game_end" => {
                ends.insert(game, e.clone());
            }
            _ => {}
        }
    }
    assert!(
        infos > 0 && infos < plies,
        "{infos} info events for {plies} moves: throttled, not none"
    );
    for (k, g) in games.iter().enumerate() {
        let n = k as u64 + 1;
        assert_eq!(moves[&n], g.move_texts, "game {n}");
        let end = &ends[&n];
        assert_eq!(end["result"], g.result.as_str());
        assert_eq!(end["white"], g.tag("White").unwrap());
        let one = pgn.split("[Event ").filter(|b| !b.is_empty()).nth(k).unwrap();
        assert_eq!(end["pgn"].as_str().unwrap(), format!("[Event {one}"), "game {n}'s PGN");
    }

    // The standings: one per game, fitted without simulations, and a last
    // one at the end that is the report's printed table itself.
    let standings: Vec<events::Line> = log
        .iter()
        .filter(|e| e["type"] == "standings")
        .map(|e| events::Line::parse(&e.to_string()).unwrap())
        .collect();
    assert_eq!(standings.len(), 7);
    let tables: Vec<(usize, events::Standings)> = standings
        .into_iter()
        .map(|l| match l.event {
            events::Event::Standings { finished, table, .. } => (finished, table.expect("a table")),
            other => panic!("{other:?}"),
        })
        .collect();
    let printed = report.standings().unwrap();
    let (finished, last) = &tables[6];
    assert_eq!((*finished, last), (6, &printed), "the last standings are the printed table");
    let (finished, quick) = &tables[5];
    assert_eq!(*finished, 6);
    assert!(
        quick.players.iter().all(|p| p.error.is_none() && p.cfs_next.is_none()),
        "no simulations per game"
    );
    for (q, p) in quick.players.iter().zip(&printed.players) {
        assert_eq!((&q.name, q.estimate, q.points, q.games), (&p.name, p.estimate, p.points, p.games));
        assert!((q.rating - p.rating).abs() < 1e-9, "{} vs {}", q.rating, p.rating);
    }
    assert_eq!(quick.crosstable, printed.crosstable);
    for (i, w) in report.totals.iter().enumerate() {
        let p = printed.players.iter().find(|p| p.name == report.names[i]).unwrap();
        assert_eq!((p.wins, p.draws, p.losses), (w.wins, w.draws, w.losses));
    }
    // Each game adds one game to the table.
    for (k, (finished, t)) in tables[..6].iter().enumerate() {
        assert_eq!(*finished, k + 1);
        assert_eq!(t.players.iter().map(|p| p.games).sum::<u64>(), 2 * (k as u64 + 1));
    }

    // Appended, a second run follows the first.
    config.events_append = true;
    config.games = 1;
    let _ = play_to_pgn(config, "events-append");
    let again = read_log(&path);
    assert_eq!(&again[..log.len()], &log[..]);
    let second = &again[log.len()];
    assert_eq!(second["type"], "match");
    assert_ne!(second["run"], log[0]["run"]);
    let _ = std::fs::remove_file(&path);
}
