//! No request stalls the others (issue 33): an import as large as the body
//! cap, written to cost the most (a game of XBoard's SAN far over the ply
//! cap), is answered at once and does not hold up a small request sent
//! while it is read. The bounds are generous for a loaded machine; the
//! figures measured are printed.

use crate::client::*;
use serde_json::json;
use std::time::{Duration, Instant};
use web::Caps;

/// XBoard's dialect, Horses going back and forth, `bytes` long: games of
/// `plies` plies (the last one cut short).
fn hostile_record(bytes: usize, plies: usize) -> String {
    let mut text = String::from("[Variant \"pom\"]\n\n");
    let mut n = 1;
    while text.len() < bytes {
        if n > plies / 2 {
            text.push_str("*\n\n[Variant \"pom\"]\n\n");
            n = 1;
        }
        let (white, black) = if n % 2 == 1 { ("Ha3", "Ha9") } else { ("Hb1", "Hb11") };
        text.push_str(&format!("{n}. {white} {black} "));
        if n % 8 == 0 {
            text.push('\n');
        }
        n += 1;
    }
    text
}

#[test]
fn a_hostile_import_is_answered_at_once_and_stalls_no_one() {
    let caps = Caps {
        body_bytes: 1 << 20,
        ..test_caps()
    };
    let s = server(caps);
    let small = r#"{"variant":"pom","moves":["e3e5","h10h8"]}"#;
    // A small request alone, for comparison.
    let alone: Vec<f64> = (0..5)
        .map(|_| {
            let t = Instant::now();
            assert_eq!(post(&s, "/api/position", small).status, 200);
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    let alone = alone.iter().copied().fold(f64::INFINITY, f64::min);
    // One game far over the ply cap, then games just within it (their
    // plies over the import's cap).
    for plies in [usize::MAX, 2000] {
        let record = hostile_record(850_000, plies);
        let body = json!({"text": record, "variant": "pom", "notation": "auto"}).to_string();
        assert!(body.len() > 850_000 && body.len() < 1 << 20, "{}", body.len());
        std::thread::scope(|scope| {
            let s = &s;
            let import = scope.spawn(move || {
                let t = Instant::now();
                let r = post(s, "/api/pgn/import", &body);
                (r, t.elapsed())
            });
            // The small request goes while the import is being read.
            std::thread::sleep(Duration::from_millis(50));
            let t = Instant::now();
            let r = post(s, "/api/position", small);
            let small_took = t.elapsed();
            assert_eq!(r.status, 200, "{}", r.body);
            let (r, import_took) = import.join().unwrap();
            eprintln!(
                "hostile import of 850 KB ({}): answered {} in {:.0} ms; a small /api/position sent meanwhile: {:.1} ms (alone: {alone:.1} ms)",
                if plies > 2000 { "one game over the cap".to_string() } else { format!("games of {plies} plies") },
                r.status,
                import_took.as_secs_f64() * 1000.0,
                small_took.as_secs_f64() * 1000.0
            );
            assert_eq!(r.status, 422, "{}", r.body);
            let cap = if plies == 2000 { "over 20000 plies in all" } else { "cap of 2000" };
            assert!(r.json()["error"].as_str().unwrap().contains(cap), "{}", r.body);
            // The issue's bounds are 1 s and 100 ms on an idle machine;
            // these hold on two loaded cores, and before the fix neither
            // was met within a minute.
            assert!(import_took < Duration::from_secs(5), "import took {import_took:?}");
            assert!(small_took < Duration::from_millis(1000), "the small request took {small_took:?}");
        });
    }
}
