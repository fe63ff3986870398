//! `gorgon serve --tournament FILE` (issue 48): the event log tailed and
//! streamed. The routes need the token like every `/api/` route; a bad or
//! half-written line is a `notice`, never a failure; a stream resumes from
//! `Last-Event-ID` after the server restarts, and starts over (`reset`)
//! when the log is another one; pages that stall or go away slow neither
//! the log's writer nor the server. Time bounds are generous for a loaded
//! machine; the figures are printed.

use crate::client::*;
use serde_json::json;
use std::io::Write;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn log_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gorgon-web-live-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("events.jsonl")
}

/// A line of kind `match` or `move` (its `ply` is `n`), with what each needs.
fn line(kind: &str, n: usize) -> String {
    let l = json!({"type": kind, "game": 1, "side": "white", "ply": n, "move": "e3e5", "run": "r1",
                   "variant": "pom", "engines": ["A", "B"], "games": 2});
    format!("{l}\n")
}

fn append(path: &Path, text: &str) {
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path).unwrap();
    f.write_all(text.as_bytes()).unwrap();
}

/// The next event that is not a keep-alive.
fn next(stream: &mut EventStream) -> (String, serde_json::Value) {
    stream.next_event().expect("the stream goes on")
}

#[test]
fn the_routes_need_the_token_and_a_tournament() {
    let path = log_path("token");
    std::fs::write(&path, line("match", 0)).unwrap();
    let s = tournament_server(test_caps(), &path);
    let host = format!("127.0.0.1:{}", s.addr().port());
    for route in ["/api/tournament/state", "/api/tournament/events"] {
        let none = request(s.addr(), "GET", route, &[("Host".into(), host.clone())], "");
        assert_eq!(none.status, 401, "{route}: {}", none.body);
        let wrong = vec![("Host".into(), host.clone()), ("X-Gorgon-Token".into(), "0".repeat(32))];
        assert_eq!(request(s.addr(), "GET", route, &wrong, "").status, 403, "{route}");
        let evil = vec![
            ("Host".into(), host.clone()),
            ("Origin".into(), "http://evil.example".into()),
            ("X-Gorgon-Token".into(), s.token().to_string()),
        ];
        assert_eq!(request(s.addr(), "GET", route, &evil, "").status, 403, "{route}");
    }
    let state = request(s.addr(), "GET", "/api/tournament/state", &page_headers(&s), "");
    assert_eq!(state.status, 200);
    assert_eq!(state.json()["events"][0]["type"], "match");
    // The page itself needs no token, as `/` does not.
    let page = request(s.addr(), "GET", "/tournament", &[("Host".into(), host)], "");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("/assets/js/tournament.js"));
    // A server without --tournament says how to get one.
    let plain = server(test_caps());
    let r = request(plain.addr(), "GET", "/api/tournament/state", &page_headers(&plain), "");
    assert_eq!(r.status, 404);
    assert!(r.json()["error"].as_str().unwrap().contains("--tournament"), "{}", r.body);
}

#[test]
fn garbage_and_half_lines_are_notices_never_a_failure() {
    let path = log_path("garbage");
    let garbage = [
        "not json at all",
        "[1,2,3]",
        "{\"no\":\"type\"}",
        "{\"type\":\"<script>\"}",
        "\u{0}\u{1}{{{",
    ];
    let mut text = line("match", 0);
    for g in garbage {
        text.push_str(g);
        text.push('\n');
    }
    // Bytes that are not UTF-8, and a line still being written.
    std::fs::write(&path, text.as_bytes()).unwrap();
    append(&path, "");
    std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap()
        .write_all(b"\xff\xfe\n{\"type\":\"mo")
        .unwrap();
    let s = tournament_server(test_caps(), &path);
    let mut events = watch(&s, "/api/tournament/events", &[]);
    assert_eq!(events.status, 200);
    assert_eq!(next(&mut events).0, "match");
    for n in 2..=7 {
        let (name, data) = next(&mut events);
        assert_eq!(name, "notice", "line {n}");
        let error = data["error"].as_str().unwrap();
        assert!(error.starts_with(&format!("line {n} of the event log: ")), "{error}");
        assert_eq!(
            events.last_id.as_deref().and_then(|i| i.rsplit(':').next()),
            Some(n.to_string().as_str())
        );
    }
    // The half line becomes an event once it is ended.
    append(&path, "ve\",\"game\":1,\"side\":\"white\",\"ply\":0,\"move\":\"e3e5\"}\n");
    let (name, data) = next(&mut events);
    assert_eq!((name.as_str(), data["game"].as_u64()), ("move", Some(1)));
    // Still serving.
    assert_eq!(request(s.addr(), "GET", "/api/config", &page_headers(&s), "").status, 200);
    let state = request(s.addr(), "GET", "/api/tournament/state", &page_headers(&s), "").json();
    assert_eq!(state["events"].as_array().unwrap().len(), 8);
}

#[test]
fn streams_resume_after_a_restart_and_start_over_on_a_new_log() {
    let path = log_path("resume");
    std::fs::write(
        &path,
        (0..3).map(|n| line(if n == 0 { "match" } else { "move" }, n)).collect::<String>(),
    )
    .unwrap();
    let first = tournament_server(test_caps(), &path);
    let mut events = watch(&first, "/api/tournament/events", &[]);
    for n in 0..3 {
        assert_eq!(next(&mut events).1["ply"], n);
    }
    let seen = events.last_id.clone().expect("events carry ids");
    assert!(seen.ends_with(":3"), "{seen}");
    // The server goes away; the runner goes on.
    drop(events);
    first.shutdown().unwrap();
    append(&path, &(3..5).map(|n| line("move", n)).collect::<String>());
    let second = tournament_server(test_caps(), &path);
    let mut events = watch(&second, "/api/tournament/events", &[("Last-Event-ID", &seen)]);
    assert_eq!(next(&mut events).1["ply"], 3, "the first event missed, not the first of the log");
    assert_eq!(next(&mut events).1["ply"], 4);
    // Live: a line appended now comes at once.
    append(&path, &line("move", 5));
    assert_eq!(next(&mut events).1["ply"], 5);
    let last = events.last_id.clone().unwrap();
    // The runner starts again on the same file (truncated, a new first
    // line): the connected page is told to start over, and its stream
    // ends; the snapshot has the new log, and a stream from its id goes on.
    std::fs::write(&path, line("match", 100) + &line("move", 101)).unwrap();
    let (name, _) = next(&mut events);
    assert_eq!(name, "reset");
    assert!(events.next_event().is_none(), "the stream ends after a reset");
    let snap = request(second.addr(), "GET", "/api/tournament/state", &page_headers(&second), "").json();
    let plies: Vec<u64> = snap["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["ply"].as_u64().unwrap())
        .collect();
    assert_eq!(plies, [100, 101]);
    let id = snap["id"].as_str().unwrap().to_string();
    assert!(id.ends_with(":2"), "{id}");
    // A page that comes back with an id of the old log starts over too,
    // even where the new log is as long.
    let mut late = watch(&second, "/api/tournament/events", &[("Last-Event-ID", &last)]);
    assert_eq!(next(&mut late).0, "reset");
    assert!(late.next_event().is_none());
    // And the query's `last` does what the header does.
    let mut query = watch(&second, &format!("/api/tournament/events?last={id}"), &[]);
    append(&path, &line("move", 102));
    assert_eq!(next(&mut query).1["ply"], 102);
    assert!(query.last_id.as_deref().unwrap().ends_with(":3"));
}

/// N10: the snapshot is the state folded, not the log: a long game's
/// reports and a finished game's moves are not in it, and the finished
/// game's PGN is fetched alone, by its number, from the file.
#[test]
fn the_snapshot_is_the_state_and_a_finished_game_is_fetched_alone() {
    let path = log_path("reduced");
    let mut text = line("match", 0);
    for n in 1..=2 {
        text += &format!(
            "{}\n",
            json!({"type": "game_start", "game": n, "variant": "pom", "white": "A", "black": "B"})
        );
    }
    for ply in 0..300 {
        for n in 1..=2 {
            let info = json!({"type": "info", "game": n, "side": "black", "ply": ply,
                              "score": {"cp": ply}, "white_score": {"cp": -(ply as i64)}});
            let mv = json!({"type": "move", "game": n, "side": "white", "ply": ply, "move": "e3e5"});
            text += &format!("{info}\n{mv}\n");
        }
    }
    let pgn = "[Event \"E\"]\n[Round \"1\"]\n\n1. e3e5 1-0\n";
    text += &format!(
        "{}\n",
        json!({"type": "game_end", "game": 1, "white": "A", "black": "B", "result": "1-0", "pgn": pgn})
    );
    std::fs::write(&path, &text).unwrap();
    let s = tournament_server(test_caps(), &path);
    let r = request(s.addr(), "GET", "/api/tournament/state", &page_headers(&s), "");
    let snap = r.json();
    assert_eq!(snap["lines"], 1204);
    let kinds: Vec<&str> = snap["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    // The run, game 1's end (no moves, no PGN), game 2 in play: its start,
    // its 300 moves, its latest report.
    assert_eq!(kinds.len(), 1 + 1 + 1 + 300 + 1, "{kinds:?}");
    assert_eq!(&kinds[..3], ["match", "game_end", "game_start"]);
    assert!(snap["events"][1]["pgn"].is_null());
    assert_eq!(snap["events"][303]["ply"], 299);
    println!("a log of {} bytes, its snapshot {} bytes", text.len(), r.body.len());
    assert!(r.body.len() < text.len() / 3, "{} of {}", r.body.len(), text.len());
    let one = request(s.addr(), "GET", "/api/tournament/games/1", &page_headers(&s), "");
    assert_eq!(one.status, 200, "{}", one.body);
    assert_eq!(one.json()["pgn"], pgn);
    assert_eq!(
        request(s.addr(), "GET", "/api/tournament/games/1?run=r1", &page_headers(&s), "").status,
        200
    );
    let other = request(s.addr(), "GET", "/api/tournament/games/1?run=r0", &page_headers(&s), "");
    assert_eq!(other.status, 404, "another run's game 1: {}", other.body);
    for (n, status) in [("2", 404), ("7", 404), ("x", 400), ("99999999999999999999999", 400)] {
        let r = request(s.addr(), "GET", &format!("/api/tournament/games/{n}"), &page_headers(&s), "");
        assert_eq!(r.status, status, "game {n}: {}", r.body);
        assert!(r.json()["error"].is_string());
    }
    // Replaced by another log: the old game is not served from the new file.
    std::fs::write(&path, line("match", 0).replace("r1", "r2") + &"\n".repeat(text.len())).unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let r = request(s.addr(), "GET", "/api/tournament/games/1", &page_headers(&s), "");
        if r.status == 404 {
            break;
        }
        assert!(Instant::now() < deadline, "still served: {}", r.body);
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Connects and asks for the stream after the snapshot's last line, as a
/// page does, then reads nothing.
fn stalled_viewer(s: &web::Server) -> TcpStream {
    let host = format!("127.0.0.1:{}", s.addr().port());
    let snap = request(s.addr(), "GET", "/api/tournament/state", &page_headers(s), "").json();
    let request = format!(
        "GET /api/tournament/events HTTP/1.1\r\nHost: {host}\r\nX-Gorgon-Token: {}\r\nLast-Event-ID: {}\r\n\r\n",
        s.token(),
        snap["id"].as_str().unwrap()
    );
    raw(s.addr(), request.as_bytes())
}

/// Writes `lines` events as a runner does (one write per line), the
/// slowest write and the whole time.
fn write_events(path: &Path, lines: usize, pad: &str) -> (Duration, Duration) {
    let mut f = std::fs::OpenOptions::new().append(true).open(path).unwrap();
    let start = Instant::now();
    let mut slowest = Duration::ZERO;
    for n in 0..lines {
        let t = Instant::now();
        let info = json!({"type": "info", "game": 1, "side": "white", "ply": n,
                          "score": {"cp": 0}, "white_score": {"cp": 0}, "pv": [pad]});
        f.write_all(format!("{info}\n").as_bytes()).unwrap();
        f.flush().unwrap();
        slowest = slowest.max(t.elapsed());
        if n % 100 == 0 {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    (slowest, start.elapsed())
}

#[test]
fn stalled_and_vanishing_viewers_slow_neither_the_log_nor_the_server() {
    let path = log_path("stall");
    std::fs::write(&path, line("match", 0)).unwrap();
    // Stalled viewers kept for the whole test (the next test drops them).
    let caps = web::Caps {
        viewers: 8,
        stream_stall: Duration::from_secs(600),
        ..test_caps()
    };
    let s = tournament_server(caps, &path);
    // Lines big enough to fill the stalled sockets' buffers soon.
    let pad = "e3e5 h10h8 ".repeat(700);
    let (slowest_alone, alone) = write_events(&path, 1000, &pad);
    let stalled: Vec<TcpStream> = (0..5).map(|_| stalled_viewer(&s)).collect();
    // More viewers than the cap: refused with the cap named, not queued.
    let extra: Vec<EventStream> = (0..4).map(|_| watch(&s, "/api/tournament/events", &[])).collect();
    let statuses: Vec<u16> = extra.iter().map(|e| e.status).collect();
    assert!(statuses.contains(&429), "5 stalled + 4 more over a cap of 8: {statuses:?}");
    drop(extra);
    // A viewer that reads a little and goes, again and again.
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (slowest, watched, config_ms) = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let mut v = watch(&s, "/api/tournament/events", &[]);
                let _ = v.next_event();
            }
        });
        let (slowest, watched) = write_events(&path, 1000, &pad);
        // The server answers while the stalled pages hold their streams
        // and the log is read.
        let t = Instant::now();
        assert_eq!(request(s.addr(), "GET", "/api/config", &page_headers(&s), "").status, 200);
        let config_ms = t.elapsed().as_millis();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        (slowest, watched, config_ms)
    });
    println!(
        "1000 events alone {:.0} ms (slowest write {:?}), with 5 stalled viewers and one coming and going {:.0} ms \
         (slowest write {:?}); /api/config {config_ms} ms",
        alone.as_secs_f64() * 1000.0,
        slowest_alone,
        watched.as_secs_f64() * 1000.0,
        slowest
    );
    // The writer only appends to a file: viewers cannot hold it up. The
    // bounds are a loaded machine's noise, far under a single second of
    // blocking.
    assert!(slowest < Duration::from_millis(500), "a write took {slowest:?}");
    assert!(watched < alone * 5 + Duration::from_secs(2), "{watched:?} against {alone:?}");
    assert!(config_ms < 5000, "the server took {config_ms} ms to answer");
    // The server has read every line, and a fresh page gets the state.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut snap = request(s.addr(), "GET", "/api/tournament/state", &page_headers(&s), "").json();
    while snap["lines"] != 2001 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
        snap = request(s.addr(), "GET", "/api/tournament/state", &page_headers(&s), "").json();
    }
    assert_eq!(snap["lines"], 2001);
    let plies: Vec<u64> = snap["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["ply"].as_u64())
        .collect();
    assert_eq!(plies, [0, 999], "the match line and the latest report only");
    drop(stalled);
}

/// N17: the snapshot and the idle stream carry the server's time (Unix
/// ms), by which the page runs the games' clocks; the log's lines still
/// come in their order between the `time` events.
#[test]
fn the_server_tells_its_time() {
    let path = log_path("time");
    std::fs::write(&path, line("match", 0)).unwrap();
    let s = tournament_server(test_caps(), &path);
    let unix_ms = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64
    };
    let before = unix_ms();
    let snap = request(s.addr(), "GET", "/api/tournament/state", &page_headers(&s), "").json();
    let now = snap["now"].as_u64().expect("the snapshot's now");
    assert!(now >= before && now <= unix_ms(), "{now} not between {before} and now");
    let mut viewer = watch(&s, "/api/tournament/events", &[]);
    assert_eq!(next(&mut viewer).0, "match");
    append(&path, &line("move", 1));
    // The idle stream's time comes before (or after) the new line, never
    // in its place.
    assert_eq!(next(&mut viewer).0, "move");
    let deadline = Instant::now() + Duration::from_secs(30);
    while viewer.server_now.is_none() {
        assert!(Instant::now() < deadline, "no time event");
        append(&path, &line("move", 2));
        let _ = next(&mut viewer);
    }
    let told = viewer.server_now.unwrap();
    assert!(told >= before && told <= unix_ms(), "{told}");
}

/// N11: a viewer that never reads holds its stream slot only until its
/// page has taken nothing for `stream_stall`: 32 of them, every slot,
/// do not lock out the 33rd viewer, who is let in once they are dropped
/// and gets the log from its start.
#[test]
fn stalled_viewers_are_dropped_and_do_not_lock_out_the_next() {
    let path = log_path("stalled-slots");
    std::fs::write(&path, line("match", 0)).unwrap();
    let stall = Duration::from_secs(2);
    let caps = web::Caps {
        viewers: 32,
        stream_stall: stall,
        ..test_caps()
    };
    let s = tournament_server(caps, &path);
    // Each is let in (its response's head read: 200), then reads no more.
    let stalled: Vec<TcpStream> = (0..32)
        .map(|_| {
            let mut v = stalled_viewer(&s);
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") {
                std::io::Read::read_exact(&mut v, &mut byte).expect("the response's head");
                head.push(byte[0]);
            }
            assert!(head.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&head));
            v
        })
        .collect();
    // Every slot is taken: the next viewer is refused for now.
    assert_eq!(watch(&s, "/api/tournament/events", &[]).status, 429);
    // Enough to fill each stalled page's socket and buffer (about 7.7 MB).
    let pad = "e3e5 h10h8 ".repeat(700);
    write_events(&path, 1000, &pad);
    let written = Instant::now();
    // Within the stall bound (and a loaded machine's slack) the slots are
    // free again: a viewer is let in and reads the log from its start.
    let deadline = written + stall + Duration::from_secs(30);
    let mut viewer = loop {
        let v = watch(&s, "/api/tournament/events", &[]);
        if v.status == 200 {
            break v;
        }
        assert_eq!(v.status, 429);
        assert!(
            Instant::now() < deadline,
            "the stalled viewers still hold every slot {:?} after the log was written",
            written.elapsed()
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    println!(
        "a viewer let in {:?} after the log was written (stall bound {stall:?})",
        written.elapsed()
    );
    assert_eq!(next(&mut viewer).0, "match");
    drop(stalled);
}

#[test]
fn a_stream_outlives_the_request_timeout() {
    // The timeouts bound a request until its response's headers; a page
    // watches a tournament for hours.
    let path = log_path("long");
    std::fs::write(&path, line("match", 0)).unwrap();
    let caps = web::Caps {
        request_timeout: Duration::from_millis(300),
        head_timeout: Duration::from_millis(300),
        ..test_caps()
    };
    let s = tournament_server(caps, &path);
    let mut events = watch(&s, "/api/tournament/events", &[]);
    assert_eq!(next(&mut events).0, "match");
    std::thread::sleep(Duration::from_millis(1500));
    append(&path, &line("move", 1));
    assert_eq!(next(&mut events).1["ply"], 1);
}

/// N11, the other way round: one viewer that never reads, among 32 that
/// watch. The 32 get every line, in order, with no reset, while the
/// stalled one fills its socket; within its stall bound it is dropped and
/// its slot goes to the next viewer.
#[test]
fn a_stalled_viewer_is_dropped_while_32_others_watch_every_line() {
    let path = log_path("one-stalled");
    std::fs::write(&path, line("match", 0)).unwrap();
    let stall = Duration::from_secs(2);
    let caps = web::Caps {
        viewers: 33,
        stream_stall: stall,
        ..test_caps()
    };
    let s = tournament_server(caps, &path);
    let lines = 1000;
    let watched: Vec<(Vec<u64>, EventStream)> = std::thread::scope(|scope| {
        let watchers: Vec<_> = (0..32)
            .map(|_| {
                let mut v = watch(&s, "/api/tournament/events", &[]);
                assert_eq!(v.status, 200);
                scope.spawn(move || {
                    let mut plies = Vec::new();
                    while plies.len() < lines + 1 {
                        let (name, data) = v.next_event().expect("the stream goes on");
                        assert_ne!(name, "reset", "a watching viewer is never sent away");
                        plies.push(data["ply"].as_u64().unwrap());
                    }
                    // Still watching: the stream (and its slot) is kept.
                    (plies, v)
                })
            })
            .collect();
        let stalled = stalled_viewer(&s);
        // Every slot is taken.
        assert_eq!(watch(&s, "/api/tournament/events", &[]).status, 429);
        let pad = "e3e5 h10h8 ".repeat(700);
        write_events(&path, lines, &pad);
        let written = Instant::now();
        let watched: Vec<(Vec<u64>, EventStream)> = watchers.into_iter().map(|w| w.join().unwrap()).collect();
        let deadline = written + stall + Duration::from_secs(30);
        loop {
            let v = watch(&s, "/api/tournament/events", &[]);
            if v.status == 200 {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the stalled viewer still holds its slot {:?} on",
                written.elapsed()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        println!(
            "32 viewers got all {} lines; the stalled one's slot free {:?} after the log was written (stall bound {stall:?})",
            lines + 1,
            written.elapsed()
        );
        drop(stalled);
        watched
    });
    let want: Vec<u64> = std::iter::once(0).chain(0..lines as u64).collect();
    for (plies, _) in &watched {
        assert_eq!(plies, &want, "every line, in order");
    }
}
