//! Random request bodies against every endpoint over a real socket: the
//! server answers each with a status below 500 and keeps answering (a
//! panic would abort a release binary, panic = "abort").

use crate::client::*;
use proptest::prelude::*;
use serde_json::{Map, Value};
use std::sync::OnceLock;
use web::{Caps, Server};

/// One server for every case, with caps that make any search the fuzzer
/// happens to start short and small.
fn shared() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        server(Caps {
            threads: 1,
            hash_mb: 1,
            seconds: 1,
            review_depth: 2,
            plies: 50,
            ..Caps::default()
        })
    })
}

const PATHS: [&str; 7] = [
    "/api/position",
    "/api/search",
    "/api/review",
    "/api/stop",
    "/api/pgn/export",
    "/api/pgn/import",
    "/api/move",
];

/// Words the endpoints know, so that random bodies often get past the
/// first field.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("variant".to_string()),
        Just("pom".to_string()),
        Just("minipom".to_string()),
        Just("game".to_string()),
        Just("moves".to_string()),
        Just("fen".to_string()),
        Just("page".to_string()),
        Just("e3e5".to_string()),
        Just("b7d8(H)".to_string()),
        Just("f1k1".to_string()),
        Just("E3 - E5".to_string()),
        Just("ME x B10".to_string()),
        Just("depth".to_string()),
        Just("text".to_string()),
        Just("notation".to_string()),
        Just("book".to_string()),
        Just("lines".to_string()),
        Just("mode".to_string()),
        Just("play".to_string()),
        Just(Caps::default().hash_mb.to_string()),
        "[a-k][0-9]{1,2}[a-k][0-9]{1,2}(\\([A-Za-z]{1,3}\\))?",
        "[ -~]{0,12}",
        "\\PC{0,8}",
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (0u64..200).prop_map(Value::from),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(Value::from),
        word().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((word(), inner), 0..6).prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

fn game() -> impl Strategy<Value = Value> {
    (word(), prop::option::of(word()), prop::collection::vec(word(), 0..4))
        .prop_map(|(v, fen, moves)| serde_json::json!({"variant": v, "fen": fen, "moves": moves}))
}

/// An object with some of the fields an endpoint reads, random values.
fn fields(pairs: Vec<(&'static str, Option<Value>)>) -> Vec<u8> {
    let map: Map<String, Value> = pairs.into_iter().filter_map(|(k, v)| Some((k.to_string(), v?))).collect();
    Value::Object(map).to_string().into_bytes()
}

/// A body of the endpoint's shape with random contents.
fn shaped(path: usize) -> BoxedStrategy<Vec<u8>> {
    let page = || prop::option::of(prop_oneof!["[a-z]{1,8}".prop_map(Value::String), json_value()]);
    let small = || prop::option::of((0u64..8).prop_map(Value::from));
    let text = || prop::option::of(word().prop_map(Value::String));
    match PATHS[path] {
        "/api/position" => game().prop_map(|g| g.to_string().into_bytes()).boxed(),
        "/api/search" => (page(), prop::option::of(game()), small(), small(), text())
            .prop_map(|(p, g, d, l, m)| fields(vec![("page", p), ("game", g), ("depth", d), ("lines", l), ("mode", m)]))
            .boxed(),
        "/api/review" => (page(), prop::option::of(game()), small())
            .prop_map(|(p, g, d)| fields(vec![("page", p), ("game", g), ("depth", d)]))
            .boxed(),
        "/api/stop" => page().prop_map(|p| fields(vec![("page", p)])).boxed(),
        "/api/pgn/export" => (prop::option::of(game()), text(), text())
            .prop_map(|(g, n, r)| fields(vec![("game", g), ("notation", n), ("result", r)]))
            .boxed(),
        "/api/move" => (prop::option::of(game()), text())
            .prop_map(|(g, t)| fields(vec![("game", g), ("text", t)]))
            .boxed(),
        _ => (text(), text(), text())
            .prop_map(|(t, v, n)| fields(vec![("text", t), ("variant", v), ("notation", n)]))
            .boxed(),
    }
}

/// A path and a body: of its shape, or random JSON, or random bytes.
fn case() -> impl Strategy<Value = (usize, Vec<u8>)> {
    (0..PATHS.len()).prop_flat_map(|path| {
        let body = prop_oneof![
            2 => shaped(path),
            1 => json_value().prop_map(|v| v.to_string().into_bytes()),
            1 => prop::collection::vec(any::<u8>(), 0..64),
        ];
        (Just(path), body)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_bodies_never_break_the_server((path, body) in case()) {
        let s = shared();
        let text = String::from_utf8_lossy(&body).into_owned();
        // A search or review the fuzzer started streams until its end;
        // its head is enough (closing stops it).
        let r = post_head(s, PATHS[path], &text);
        prop_assert!(r.status < 500, "{} {:?}: {} {}", PATHS[path], text, r.status, r.body);
        if r.status >= 400 {
            let error: Value = serde_json::from_str(&r.body).unwrap_or_default();
            prop_assert!(error["error"].is_string(), "{}", r.body);
        }
        // Still serving.
        prop_assert_eq!(post(s, "/api/position", r#"{"variant":"minipom"}"#).status, 200);
    }
}
