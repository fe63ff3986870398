//! Measurements, not checks: run with
//! `cargo test --release -p gorgon-engine --test player_measure -- --ignored --nocapture`.
//! `GORGON_MOVETIME` (ms, default 10000), `GORGON_THREADS` (default 1) and
//! `GORGON_VARIANT` (`pom` or `minipom`) choose the search.

use gorgon::player::{bench, Control, Engine, Limits, Report};
use protocol::ScoreValue;
use rules::{Position, Variant};

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
#[ignore]
fn measure_start_position() {
    let movetime = env_or("GORGON_MOVETIME", 10_000u64);
    let threads = env_or("GORGON_THREADS", 1usize);
    let variant = Variant::from_name(&env_or("GORGON_VARIANT", "pom".to_string())).expect("variant");
    let mut engine = Engine::new();
    engine.set_threads(threads).unwrap();
    engine.set_hash(64).unwrap();
    let pos = Position::startpos(variant);
    let limits = Limits {
        movetime: Some(movetime),
        ..Limits::default()
    };
    let control = Control::new();
    let result = engine.search(&pos, &limits, &control, &mut |r| {
        if let Report::Info(i) = r {
            let score = match i.score {
                ScoreValue::Cp(c) => format!("cp {c}"),
                ScoreValue::Mate(m) => format!("mate {m}"),
            };
            let pv: Vec<String> = i.pv.iter().take(8).map(|&m| pos.move_text(m)).collect();
            println!(
                "depth {} seldepth {} score {score} {:?} nodes {} nps {} hashfull {} time {} pv {}",
                i.depth,
                i.seldepth,
                i.bound,
                i.nodes,
                i.nps,
                i.hashfull,
                i.time_ms,
                pv.join(" ")
            );
        }
    });
    println!(
        "{variant:?} threads {threads}: best {} depth {} nodes {}",
        pos.move_text(result.best.unwrap()),
        result.depth,
        result.nodes
    );
}

#[test]
#[ignore]
fn measure_bench() {
    let depth = std::env::var("GORGON_BENCH_DEPTH").ok().and_then(|v| v.parse().ok());
    bench::run(depth, &mut |line| println!("{line}"));
}

#[test]
#[ignore]
fn measure_fen() {
    let fen = std::env::var("GORGON_FEN").expect("GORGON_FEN");
    let variant = Variant::from_name(&env_or("GORGON_VARIANT", "pom".to_string())).expect("variant");
    let depth = env_or("GORGON_DEPTH", 8u32);
    let mut pos = Position::from_fen(variant, &fen).unwrap_or_else(|_| Position::startpos(variant));
    for t in std::env::var("GORGON_MOVES").unwrap_or_default().split_whitespace() {
        let m = pos.parse_move(t).unwrap();
        pos.make(m);
    }
    let mut engine = Engine::new();
    let searchmoves = std::env::var("GORGON_SEARCHMOVES")
        .unwrap_or_default()
        .split_whitespace()
        .map(|t| pos.parse_move(t).unwrap())
        .collect();
    let limits = Limits {
        depth: Some(depth),
        searchmoves,
        ..Limits::default()
    };
    let control = Control::new();
    let r = engine.search(&pos, &limits, &control, &mut |r| {
        if let Report::Info(i) = r {
            let pv: Vec<String> = i.pv.iter().take(10).map(|&m| pos.move_text(m)).collect();
            println!(
                "depth {} score {:?} {:?} nodes {} pv {}",
                i.depth,
                i.score,
                i.bound,
                i.nodes,
                pv.join(" ")
            );
        }
    });
    println!("best {}", pos.move_text(r.best.unwrap()));
    println!("{}", gorgon::player::eval_breakdown(&pos));
}
