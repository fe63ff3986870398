//! Every endpoint over a real socket: the guard, the position view, the
//! records, bad input of every kind, and the event streams (search, stop,
//! review, one search per page, the cap over pages).

use crate::client::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use web::Caps;

const SAMPLE_15: &str =
    r#"["e3e5","h10h8","f2c5","g9g7","e2c3","g10i9","g1d4","e10d8","c5c8","d11e10","f3b7","b11a9","c8d8","e10b7","d8b10"]"#;

#[test]
fn the_guard_checks_host_origin_and_token() {
    let s = server(test_caps());
    let addr = s.addr();
    let good = page_headers(&s);
    assert_eq!(request(addr, "GET", "/api/config", &good, "").status, 200);
    // No token, a wrong token.
    let no_token: Vec<_> = good.iter().filter(|(n, _)| n != "X-Gorgon-Token").cloned().collect();
    let r = request(addr, "GET", "/api/config", &no_token, "");
    assert_eq!(r.status, 401);
    assert!(r.json()["error"].as_str().unwrap().contains("token"));
    let mut wrong = no_token.clone();
    wrong.push(("X-Gorgon-Token".into(), "0".repeat(32)));
    assert_eq!(request(addr, "GET", "/api/config", &wrong, "").status, 403);
    // A rebinding attacker's Host, another site's Origin, a cross-site fetch.
    let mut rebound = good.clone();
    rebound[0].1 = format!("attacker.example:{}", addr.port());
    assert_eq!(request(addr, "GET", "/api/config", &rebound, "").status, 403);
    let mut origin = good.clone();
    origin[1].1 = "http://attacker.example".into();
    assert_eq!(request(addr, "POST", "/api/position", &origin, r#"{"variant":"pom"}"#).status, 403);
    let mut fetch_site = good.clone();
    fetch_site.push(("Sec-Fetch-Site".into(), "cross-site".into()));
    assert_eq!(request(addr, "GET", "/api/config", &fetch_site, "").status, 403);
    // No CORS, whatever is asked; the security headers on refusals too.
    let mut preflight = good.clone();
    preflight.push(("Access-Control-Request-Method".into(), "POST".into()));
    let r = request(addr, "OPTIONS", "/api/position", &preflight, "");
    assert!(r.status >= 400 && r.header("access-control-allow-origin").is_none(), "{r:?}");
    let r = request(addr, "GET", "/api/config", &rebound, "");
    assert!(r.header("content-security-policy").unwrap().contains("default-src 'none'"));
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    assert!(request(addr, "GET", "/api/config", &good, "")
        .header("access-control-allow-origin")
        .is_none());
}

#[test]
fn config_names_the_caps_and_variants() {
    let caps = Caps { lines: 3, ..test_caps() };
    let s = server(caps);
    let c = request(s.addr(), "GET", "/api/config", &page_headers(&s), "").json();
    assert_eq!(c["caps"]["lines"], 3);
    assert_eq!(c["caps"]["threads"], 1);
    assert_eq!(c["variants"][0]["name"], "pom");
    assert_eq!(c["variants"][1]["files"], 9);
    // The board editor's palette and rights: every kind of the variant,
    // plain then as a Morph (no King form); the rights files of its FEN.
    let letters = |v: usize| -> Vec<String> {
        c["variants"][v]["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| {
                let letter = k["kind"].as_str().unwrap();
                if k["morph"] == true {
                    format!("({letter})")
                } else {
                    letter.to_string()
                }
            })
            .collect()
    };
    assert_eq!(letters(0).join(" "), "K E P S M Q T A H W (E) (P) (S) (M) (Q) (T) (A) (H) (W)");
    assert_eq!(letters(1).join(" "), "K E Q T A H W (E) (Q) (T) (A) (H) (W)");
    let files = |v: usize| -> String {
        c["variants"][v]["rights"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["file"].as_str().unwrap())
            .collect()
    };
    assert_eq!((files(0).as_str(), files(1).as_str()), ("ak", "acfgi"));
    assert_eq!(
        c["variants"][1]["rights"][2],
        json!({"file": "f", "kind": "swap", "piece": "Medusa"})
    );
}

#[test]
fn position_views_come_from_the_rules() {
    let s = server(test_caps());
    let v = post(&s, "/api/position", r#"{"variant":"pom"}"#).json();
    assert_eq!((v["files"].as_u64(), v["side"].as_str()), (Some(11), Some("white")));
    let legal: usize = v["legal"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|t| t.as_array().unwrap())
        .map(|t| t["moves"].as_array().unwrap().len())
        .sum();
    assert!(legal > 20, "{legal}");
    let body = format!(r#"{{"variant":"pom","moves":{SAMPLE_15}}}"#);
    let v = post(&s, "/api/position", &body).json();
    assert_eq!(v["petrified"]["black"], json!(["a9", "a10", "c10", "a11", "c11"]));
    assert_eq!(v["history"].as_array().unwrap().len(), 15);
    let v = post(&s, "/api/position", r#"{"variant":"minipom","moves":["e2e4"]}"#).json();
    assert_eq!(
        v["fen"],
        "th(a)qke(a)ht/wwwwwwwww/9/9/9/4W4/9/WWWW1WWWW/TH(A)QKE(A)HT b ACFGIacfgi - 0 1"
    );
}

#[test]
fn bad_input_is_refused_with_the_rules_words() {
    let s = server(Caps {
        body_bytes: 4096,
        ..test_caps()
    });
    let cases: &[(&str, &str, u16, &str)] = &[
        (
            "/api/position",
            r#"{"variant":"pom","moves":["e3e5","e3e4"]}"#,
            422,
            "ply 2 (1... e3e4): move 'e3e4'",
        ),
        ("/api/position", r#"{"variant":"pom","fen":"11/11 w - - 0 1"}"#, 422, "bad FEN"),
        ("/api/position", r#"{"variant":"xiangqi"}"#, 422, "unknown variant"),
        ("/api/position", r#"{"variant":"pom","moves":["0000"]}"#, 422, "null move"),
        ("/api/position", r#"{"variant":"pom","extra":1}"#, 400, "unknown field"),
        ("/api/position", r#"{"variant":"pom""#, 400, "bad request body"),
        ("/api/position", "", 400, "bad request body"),
        ("/api/position", "\u{0}\u{1}", 400, "bad request body"),
        ("/api/position", r#"{"variant":7}"#, 400, "invalid type"),
        ("/api/search", r#"{"page":"p","game":{"variant":"pom"},"lines":9}"#, 422, "cap of 5"),
        ("/api/search", r#"{"page":"bad page","game":{"variant":"pom"}}"#, 400, "page"),
        (
            "/api/search",
            r#"{"page":"p","game":{"variant":"minipom","fen":"4k4/9/4K4/9/9/9/9/9/T8 w - - 0 1","moves":["a1a9"]}}"#,
            422,
            "the game is over: White mates (1-0)",
        ),
        (
            "/api/review",
            r#"{"page":"p","game":{"variant":"pom"},"depth":99}"#,
            422,
            "review depth 99",
        ),
        ("/api/stop", r#"{"page":""}"#, 400, "page"),
        (
            "/api/pgn/export",
            r#"{"game":{"variant":"pom"},"result":"2-0"}"#,
            422,
            "unknown result",
        ),
        (
            "/api/pgn/import",
            r#"{"text":"1. e3e9","variant":"pom","notation":"coord"}"#,
            422,
            "e3e9",
        ),
        (
            "/api/pgn/import",
            r#"{"text":"1. e3e5","variant":"pom","notation":"sgf"}"#,
            400,
            "unknown variant `sgf`",
        ),
    ];
    for (path, body, status, words) in cases {
        let r = post(&s, path, body);
        assert_eq!(r.status, *status, "{path} {body}: {}", r.body);
        let message = r.json()["error"].as_str().unwrap().to_string();
        assert!(message.contains(words), "{path} {body}: {message}");
    }
    let big = format!(r#"{{"variant":"pom","fen":"{}"}}"#, "x".repeat(5000));
    let r = post(&s, "/api/position", &big);
    assert_eq!(r.status, 413, "{}", r.body);
    assert!(r.json()["error"].as_str().is_some());
    assert_eq!(request(s.addr(), "GET", "/api/position", &page_headers(&s), "").status, 405);
    assert_eq!(request(s.addr(), "GET", "/api/nothing", &page_headers(&s), "").status, 404);
    assert_eq!(request(s.addr(), "GET", "/../../etc/passwd", &page_headers(&s), "").status, 404);
}

#[test]
fn records_round_trip_in_both_notations() {
    let s = server(test_caps());
    for notation in ["coord", "book"] {
        let body =
            format!(r#"{{"game":{{"variant":"pom","moves":{SAMPLE_15}}},"notation":"{notation}","tags":{{"White":"A","Black":"B"}}}}"#);
        let pgn = post(&s, "/api/pgn/export", &body).json()["pgn"].as_str().unwrap().to_string();
        let back = post(&s, "/api/pgn/import", &json!({"text": pgn, "variant": "minipom"}).to_string()).json();
        assert_eq!(back["notation"], notation);
        let moves: Vec<String> = serde_json::from_str(SAMPLE_15).unwrap();
        assert_eq!(back["games"][0]["moves"], json!(moves), "{notation}: {pgn}");
        assert_eq!(back["games"][0]["variant"], "pom");
    }
    // A finished game's result comes from the rules unless the page says otherwise.
    let mate = r#"{"game":{"variant":"minipom","fen":"4k4/9/4K4/9/9/9/9/9/T8 w - - 0 1","moves":["a1a9"]}}"#;
    let pgn = post(&s, "/api/pgn/export", mate).json()["pgn"].as_str().unwrap().to_string();
    assert!(
        pgn.contains("[Result \"1-0\"]") && pgn.contains("[FEN \"4k4/9/4K4/9/9/9/9/9/T8 w - - 0 1\"]"),
        "{pgn}"
    );
    let resigned = r#"{"game":{"variant":"minipom"},"result":"0-1"}"#;
    assert!(post(&s, "/api/pgn/export", resigned).json()["pgn"]
        .as_str()
        .unwrap()
        .contains("[Result \"0-1\"]"));
}

/// A game with side lines travels as a tree: exported with its variations
/// and comments, imported back to the same nodes (and the same main line
/// as `moves`); a tree over the plies cap, or a PGN whose side lines put
/// it over, is refused before any replay.
#[test]
fn variation_trees_round_trip_over_the_socket() {
    let s = server(Caps { plies: 6, ..test_caps() });
    let nodes = json!([
        {"children": [1, 4]},
        {"move": "e3e5", "children": [2, 6], "comment": "main"},
        {"move": "h10h8", "children": [3]},
        {"move": "f2c5"},
        {"move": "g3g5", "children": [5], "before": "or", "nags": [5]},
        {"move": "g9g7"},
        {"move": "g9g7", "comment": "a (nested) line"}
    ]);
    let body = json!({"game": {"variant": "pom"}, "tree": {"nodes": nodes}, "result": "*"});
    let r = post(&s, "/api/pgn/export", &body.to_string());
    assert_eq!(r.status, 200, "{}", r.body);
    let pgn = r.json()["pgn"].as_str().unwrap().to_string();
    assert!(
        pgn.replace('\n', " ")
            .contains("1. e3e5 {main} ({or} 1. g3g5 $5 g9g7) 1... h10h8 (1... g9g7 {a (nested) line}) 2. f2c5 *"),
        "{pgn}"
    );
    let back = post(&s, "/api/pgn/import", &json!({"text": pgn, "variant": "pom"}).to_string()).json();
    let game = &back["games"][0];
    assert_eq!(game["moves"], json!(["e3e5", "h10h8", "f2c5"]));
    // The reader numbers the main line first, then each side line.
    let got = &game["tree"]["nodes"];
    let texts: Vec<&str> = (0..7).map(|i| got[i]["move"].as_str().unwrap_or("-")).collect();
    assert_eq!(texts, ["-", "e3e5", "h10h8", "f2c5", "g3g5", "g9g7", "g9g7"]);
    assert_eq!(got[1]["children"], json!([2, 6]));
    assert_eq!(got[6]["parent"], 1);
    assert_eq!((got[4]["before"].as_str(), got[4]["nags"].clone()), (Some("or"), json!([5])));
    assert_eq!(got[6]["comment"], "a (nested) line");
    // What the import gives, the export takes back.
    let again = json!({"game": {"variant": "pom"}, "tree": game["tree"], "result": "*"});
    let r = post(&s, "/api/pgn/export", &again.to_string());
    assert_eq!(r.json()["pgn"].as_str(), Some(pgn.as_str()), "{}", r.body);
    // In the inventor's notation too (glyphs aside), and back.
    let book = json!({"game": {"variant": "pom"}, "tree": {"nodes": nodes}, "notation": "book"});
    let text = post(&s, "/api/pgn/export", &book.to_string()).json()["pgn"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        text.contains("1 E3 - E5 {main}\n( {or} 1 G3 - G5   G9 - G7 )\n1 . . . H10 - H8\n"),
        "{text}"
    );
    let back = post(&s, "/api/pgn/import", &json!({"text": text, "variant": "pom"}).to_string()).json();
    assert_eq!(back["notation"], "book");
    let nodes_back = &back["games"][0]["tree"]["nodes"];
    assert_eq!(nodes_back.as_array().map(Vec::len), Some(7), "{back}");
    assert_eq!(nodes_back[0]["children"].as_array().map(Vec::len), Some(2), "{back}");
    assert_eq!(back["games"][0]["moves"], json!(["e3e5", "h10h8", "f2c5"]));

    // Refusals: over the cap (7 moves), both moves and tree, an illegal
    // side-line move in a PGN, named.
    let mut big = nodes.clone();
    big[3]["children"] = json!([7]);
    big.as_array_mut().unwrap().push(json!({"move": "g9g7"}));
    let r = post(
        &s,
        "/api/pgn/export",
        &json!({"game": {"variant": "pom"}, "tree": {"nodes": big}}).to_string(),
    );
    assert_eq!(r.status, 422);
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap()
            .contains("7 moves is over the server's cap of 6"),
        "{}",
        r.body
    );
    let both = json!({"game": {"variant": "pom", "moves": ["e3e5"]}, "tree": {"nodes": nodes}});
    assert_eq!(post(&s, "/api/pgn/export", &both.to_string()).status, 422);
    let long = "1. e3e5 (1. e3e4 h10h8 2. f2c5 g9g7) h10h8 2. f2c5 g9g7 *";
    let r = post(
        &s,
        "/api/pgn/import",
        &json!({"text": long, "variant": "pom", "notation": "coord"}).to_string(),
    );
    assert_eq!(r.status, 422);
    assert!(
        r.json()["error"].as_str().unwrap().contains("8 plies is over the cap of 6"),
        "{}",
        r.body
    );
    let bad = "1. e3e5 h10h8 2. f2c5 (2. e3e4) *";
    let r = post(
        &s,
        "/api/pgn/import",
        &json!({"text": bad, "variant": "pom", "notation": "coord"}).to_string(),
    );
    assert_eq!(r.status, 422);
    assert!(
        r.json()["error"].as_str().unwrap().contains("in a variation, move 2. e3e4"),
        "{}",
        r.body
    );
}

#[test]
fn a_search_streams_info_then_bestmove() {
    let s = server(test_caps());
    let mut events = stream(
        &s,
        "/api/search",
        r#"{"page":"p1","game":{"variant":"minipom","moves":["e2e4"]},"lines":2,"depth":5}"#,
    );
    assert_eq!(events.status, 200);
    let all = events.rest();
    let names: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names.last(), Some(&"bestmove"), "{names:?}");
    assert!(names[..names.len() - 1].iter().all(|n| *n == "info"), "{names:?}");
    let infos: Vec<&Value> = all.iter().filter(|(n, _)| n == "info").map(|(_, d)| d).collect();
    assert!(infos.iter().any(|i| i["multipv"] == 2), "two lines");
    let last = infos.iter().rev().find(|i| i["multipv"] == 1).unwrap();
    assert_eq!(last["depth"], 5);
    assert!(last["pv"].as_array().unwrap().len() >= 2);
    assert_eq!(last["pv"].as_array().unwrap().len(), last["pv_book"].as_array().unwrap().len());
    let best = &all.last().unwrap().1;
    assert_eq!(best["move"], last["pv"][0]);
    assert_eq!(best["stopped"], false);
    // The move is legal: the rules take it.
    let mv = best["move"].as_str().unwrap();
    let r = post(&s, "/api/position", &format!(r#"{{"variant":"minipom","moves":["e2e4","{mv}"]}}"#));
    assert_eq!(r.status, 200);
}

#[test]
fn the_engine_plays_within_a_clock() {
    let s = server(test_caps());
    let start = Instant::now();
    let mut events = stream(
        &s,
        "/api/search",
        r#"{"page":"p1","game":{"variant":"pom"},"mode":"play","wtime":2000,"btime":2000,"winc":0,"binc":0}"#,
    );
    let all = events.rest();
    let (name, best) = all.last().unwrap();
    assert_eq!(name, "bestmove");
    assert!(best["move"].is_string());
    assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
}

/// A level plays from its shallow search of four lines, within the
/// movetime it is given (it needs far less); the next game at full
/// strength searches deeper again.
#[test]
fn a_level_plays_from_its_shallow_lines() {
    let s = server(test_caps());
    let body = |level: &str| format!(r#"{{"page":"lv","game":{{"variant":"pom"}},"mode":"play","movetime":1500{level}}}"#);
    let all = stream(&s, "/api/search", &body(r#","level":0"#)).rest();
    let infos: Vec<&Value> = all.iter().filter(|(n, _)| n == "info").map(|(_, d)| d).collect();
    assert!(infos.iter().all(|i| i["depth"] == 1), "level 0 searches one ply: {infos:?}");
    assert!(infos.iter().any(|i| i["multipv"] == 4), "four lines: {infos:?}");
    assert_eq!(all.last().unwrap().0, "bestmove");
    let all = stream(&s, "/api/search", &body("")).rest();
    let deepest = all
        .iter()
        .filter(|(n, _)| n == "info")
        .filter_map(|(_, d)| d["depth"].as_u64())
        .max();
    assert!(deepest > Some(4), "full strength again: {deepest:?}");
    let r = post(&s, "/api/search", &body(r#","level":25"#));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("level 25: give 0 to 20"), "{}", r.body);
}

#[test]
fn stop_ends_an_infinite_analysis_and_a_new_position_replaces_it() {
    let s = server(test_caps());
    let mut first = stream(&s, "/api/search", r#"{"page":"pa","game":{"variant":"pom"}}"#);
    assert_eq!(first.next_event().unwrap().0, "info");
    // The same page sets up another position: the first search stops.
    let mut second = stream(&s, "/api/search", r#"{"page":"pa","game":{"variant":"pom","moves":["e3e5"]}}"#);
    let rest = first.rest();
    let (name, data) = rest.last().unwrap();
    assert_eq!((name.as_str(), &data["stopped"]), ("bestmove", &json!(true)), "{rest:?}");
    assert_eq!(second.next_event().unwrap().0, "info");
    let stopped_at = Instant::now();
    assert_eq!(post(&s, "/api/stop", r#"{"page":"pa"}"#).json(), json!({"stopped": true}));
    let rest = second.rest();
    assert_eq!(rest.last().unwrap().0, "bestmove");
    assert!(stopped_at.elapsed() < Duration::from_secs(2));
    // Nothing left to stop.
    let deadline = Instant::now() + Duration::from_secs(5);
    while post(&s, "/api/stop", r#"{"page":"pa"}"#).json()["stopped"] == true {
        assert!(Instant::now() < deadline, "the slot is freed once the search ends");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn searches_are_capped_over_pages_and_a_closed_page_frees_its_slot() {
    let s = server(Caps {
        searches: 1,
        ..test_caps()
    });
    let mut a = stream(&s, "/api/search", r#"{"page":"pa","game":{"variant":"minipom"}}"#);
    assert_eq!(a.next_event().unwrap().0, "info");
    let r = post(&s, "/api/search", r#"{"page":"pb","game":{"variant":"minipom"}}"#);
    assert_eq!(r.status, 429, "{}", r.body);
    // Page a goes away without a word: its search stops and page b gets the slot.
    drop(a);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut b = stream(&s, "/api/search", r#"{"page":"pb","game":{"variant":"minipom"},"depth":3}"#);
        if b.status == 200 {
            assert_eq!(b.rest().last().unwrap().0, "bestmove");
            break;
        }
        assert!(Instant::now() < deadline, "page a's search was never stopped");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_review_judges_every_move() {
    let s = server(test_caps());
    let body = r#"{"page":"pr","game":{"variant":"minipom","moves":["e2e4","e8e6","d1h5","a8a7"]},"depth":4}"#;
    let mut events = stream(&s, "/api/review", body);
    let all = events.rest();
    let progress: Vec<u64> = all
        .iter()
        .filter(|(n, _)| n == "progress")
        .map(|(_, d)| d["done"].as_u64().unwrap())
        .collect();
    assert_eq!(progress, [1, 2, 3, 4, 5]);
    let (name, review) = all.last().unwrap();
    assert_eq!(name, "review");
    assert_eq!(review["curve"].as_array().unwrap().len(), 5);
    assert_eq!(review["moves"].as_array().unwrap().len(), 4);
    assert_eq!(review["depth"], 4);
    for m in review["moves"].as_array().unwrap() {
        let loss = m["loss"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&loss));
        assert!(m["glyph"].is_null() || ["?!", "?", "??"].contains(&m["glyph"].as_str().unwrap()));
        assert!(m["eval"].is_string());
    }
    // a8a7 with the Queen loose on h5 (or not): the judgement is there either way.
    assert!(review["white"]["average_loss"].is_number());
}

#[test]
fn the_page_and_its_assets_are_served_and_nothing_else() {
    let s = server(test_caps());
    let host = vec![("Host".to_string(), format!("localhost:{}", s.addr().port()))];
    let page = request(s.addr(), "GET", "/", &host, "");
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(page.body.contains("/assets/js/main.js"));
    assert!(page.header("content-security-policy").unwrap().contains("script-src 'self'"));
    for asset in web::assets::ASSETS {
        let r = request(s.addr(), "GET", &format!("/assets/{}", asset.path), &host, "");
        assert_eq!(
            (r.status, r.header("content-type")),
            (200, Some(asset.content_type)),
            "{}",
            asset.path
        );
        assert_eq!(r.body.len(), asset.body.len(), "{}", asset.path);
    }
    for missing in [
        "/assets/",
        "/assets/js/",
        "/assets/../Cargo.toml",
        "/assets/js/../../Cargo.toml",
        "/index.html",
        "/favicon.ico",
    ] {
        assert_eq!(request(s.addr(), "GET", missing, &host, "").status, 404, "{missing}");
    }
    // The page too is refused to a rebinding attacker's Host.
    let rebound = vec![("Host".to_string(), format!("gorgon.attacker.example:{}", s.addr().port()))];
    assert_eq!(request(s.addr(), "GET", "/", &rebound, "").status, 403);
}

#[test]
fn a_move_reply_takes_under_50_ms() {
    // The heaviest reply of the sample game: its 49 moves replayed, each
    // written in both notations, the legal moves and petrified sets of the
    // last position. The figure goes to docs/WEB.md.
    let s = server(test_caps());
    let moves: Vec<&str> = "e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8 c5c8 d11e10 f3b7 b11a9 c8d8 e10b7 d8b10 \
        e11e10 b10a11 b7a6 d2d3 f10e11 a11a10 e10d9 c3d5 g11f10 d1e3 i11g10 e3c4 a6c4 d4c4 f9d7 \
        a10b10 f10d11 b10c11 j11h10 i1j3 g10e8 g2i3 h11f9 i3i9 j10i9 j3e8 f9e8 d5d7 e8d7 c4i10 \
        k11h11 c11d11 e11d11 i10g9"
        .split_whitespace()
        .collect();
    let body = json!({"variant": "pom", "moves": moves}).to_string();
    let mut times: Vec<f64> = (0..21)
        .map(|_| {
            let start = Instant::now();
            assert_eq!(post(&s, "/api/position", &body).status, 200);
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    eprintln!(
        "/api/position, 49 plies: median {median:.2} ms, max {:.2} ms",
        times[times.len() - 1]
    );
    assert!(median < 50.0, "{times:?}");
}

#[test]
fn typed_moves_are_resolved_in_both_notations() {
    let s = server(test_caps());
    let typed = |moves: &str, fen: Option<&str>, text: &str| {
        let body = json!({"game": {"variant": if fen.is_some() { "minipom" } else { "pom" }, "fen": fen,
                                   "moves": serde_json::from_str::<Value>(moves).unwrap()}, "text": text});
        post(&s, "/api/move", &body.to_string())
    };
    let r = typed("[]", None, "e3e5");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json(), json!({"move": "e3e5", "book": "E3 - E5", "read_as": "coord"}));
    let r = typed("[]", None, "E3 - E5");
    assert_eq!(r.json(), json!({"move": "e3e5", "book": "E3 - E5", "read_as": "book"}));
    // 8. ME x B10 of the inventor's game, after its first 14 plies.
    let fourteen: Vec<Value> = serde_json::from_str::<Vec<Value>>(SAMPLE_15).unwrap()[..14].to_vec();
    let r = typed(&Value::from(fourteen).to_string(), None, "ME x B10");
    assert_eq!(r.json()["move"], "d8b10", "{}", r.body);
    // Refusals name the problem.
    for (text, words) in [
        ("e3e9", "move 'e3e9': illegal in this position (e3 to e9)"),
        ("T - A5", "'T - A5': no legal move matches"),
        ("hello", "is a move neither in coordinates"),
        ("", "type a move"),
    ] {
        let r = typed("[]", None, text);
        assert_eq!(r.status, 422, "{text}: {}", r.body);
        assert!(r.json()["error"].as_str().unwrap().contains(words), "{text}: {}", r.body);
    }
    // Ambiguous text: refused, with every candidate and how to write it.
    let r = typed("[]", Some("4k4/9/9/9/9/9/2H3H2/9/4K4 w - - 0 1"), "H - E4");
    assert_eq!(r.status, 422, "{}", r.body);
    let answer = r.json();
    assert_eq!(
        answer["error"],
        "'H - E4' is ambiguous: it could be H C3 - E4 (c3e4) or H G3 - E4 (g3e4)"
    );
    assert_eq!(
        answer["candidates"],
        json!([{"move": "c3e4", "book": "H C3 - E4"}, {"move": "g3e4", "book": "H G3 - E4"}])
    );
    // The game itself is checked first, and the body's shape.
    let r = post(&s, "/api/move", r#"{"game":{"variant":"pom","moves":["e3e9"]},"text":"e3e5"}"#);
    assert_eq!(r.status, 422);
    assert!(r.json()["error"].as_str().unwrap().starts_with("ply 1"), "{}", r.body);
    let r = post(&s, "/api/move", r#"{"game":{"variant":"pom"},"text":"e3e5","extra":1}"#);
    assert_eq!(r.status, 400);
}
