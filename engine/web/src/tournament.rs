//! A running tournament, live (`gorgon serve --tournament FILE`,
//! docs/WEB.md "Tournaments"): the event log `gorgon-match --events FILE`
//! appends to is tailed here and fanned out to the pages watching it.
//!
//! The server only reads the file: the runner never waits on a viewer. The
//! tail reads from its last offset every [`POLL`], and reads the log again
//! from the start when it was truncated or replaced (shorter than the
//! offset, or the bytes before the offset changed, as TCEC's server checks).
//! Every complete line is kept (the log is small: the runner throttles its
//! search reports) and numbered from 1; a line that is not a JSON object
//! with a `type` becomes a `notice` naming the line and the problem.
//!
//! New lines go out on a bounded broadcast channel. Each page's stream is a
//! task of its own that catches up from the kept lines and then follows the
//! channel; one that lags behind the channel's bound (a slow or stalled
//! page) is caught up again from the kept lines, so a stalled page holds
//! nothing but its own task and connection, and never slows the tail or
//! another page. Events carry `id: TAG:N`, N the line's number and TAG the
//! log's identity (a hash of its first line): a page that reconnects with
//! `Last-Event-ID` gets the lines after N, or, if the log is another one
//! now, a `reset` and the whole new log.

use crate::error::{json, ApiError};
use crate::App;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_core::Stream;
use std::convert::Infallible;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, RwLock};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, Semaphore};

/// How often the log is looked at.
pub const POLL: Duration = Duration::from_millis(100);
/// Bytes before the offset compared at each look: the truncation check.
const CHECK_BYTES: u64 = 64;
/// Most bytes read at one look (a big log is read over several).
const READ_CHUNK: u64 = 4 << 20;
/// A line longer than this is no event (a runaway write): it is dropped
/// with a notice.
const MAX_LINE: usize = 1 << 20;
/// Events a page's stream holds before its task waits for the page.
const STREAM_BUFFER: usize = 64;
/// New lines the broadcast channel holds for the slowest page.
const CHANNEL: usize = 256;

/// One kept line: the SSE event's name (the line's `type`, or `notice`)
/// and its data (the line itself, or the notice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub data: Arc<str>,
}

/// Reads one line of the log (`number` is 1-based).
pub fn entry(number: usize, line: &str) -> Entry {
    let problem = match serde_json::from_str::<serde_json::Value>(line) {
        Ok(serde_json::Value::Object(map)) => match map.get("type").and_then(|t| t.as_str()) {
            // The name goes into the SSE `event:` field: a word only.
            Some(t) if !t.is_empty() && t.len() <= 32 && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') => {
                return Entry {
                    name: t.to_string(),
                    data: line.into(),
                }
            }
            Some(t) => format!("the type '{}' is not a word", t.chars().take(40).collect::<String>()),
            None => "no \"type\"".to_string(),
        },
        Ok(_) => "not a JSON object".to_string(),
        Err(e) => format!("not JSON: {e}"),
    };
    notice(number, &problem)
}

fn notice(number: usize, problem: &str) -> Entry {
    let data = serde_json::json!({ "type": "notice", "line": number, "error": format!("line {number} of the event log: {problem}") });
    Entry {
        name: "notice".into(),
        data: data.to_string().into(),
    }
}

/// The log as read so far.
#[derive(Debug, Default)]
struct Store {
    /// Bumped when the log is read again from the start.
    generation: u64,
    /// The log's identity: a hash of its first line (empty before one).
    tag: String,
    entries: Vec<Entry>,
    /// Bytes of the file read.
    offset: u64,
    /// The bytes before `offset` (up to [`CHECK_BYTES`]).
    before: Vec<u8>,
    /// A line not yet ended (being written).
    partial: Vec<u8>,
    /// Why the file cannot be read now, if it cannot.
    problem: Option<String>,
}

/// FNV-1a, 64 bits: a log's identity from its first line (not a secret).
fn tag_of(line: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in line {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl Store {
    /// Takes the complete lines of `bytes` (read at the offset).
    fn take(&mut self, bytes: &[u8]) {
        self.partial.extend_from_slice(bytes);
        let mut start = 0;
        while let Some(end) = self.partial[start..].iter().position(|&b| b == b'\n') {
            let raw = &self.partial[start..start + end];
            start += end + 1;
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            if raw.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            if self.entries.is_empty() {
                self.tag = tag_of(raw);
            }
            let number = self.entries.len() + 1;
            let e = match std::str::from_utf8(raw) {
                Ok(text) => entry(number, text),
                Err(e) => notice(number, &format!("not UTF-8: {e}")),
            };
            self.entries.push(e);
        }
        self.partial.drain(..start);
        if self.partial.len() > MAX_LINE {
            let number = self.entries.len() + 1;
            self.entries
                .push(notice(number, &format!("a line of over {MAX_LINE} bytes, dropped")));
            self.partial.clear();
        }
    }

    fn reset(&mut self) {
        *self = Store {
            generation: self.generation + 1,
            ..Store::default()
        };
    }

    /// One look at the file: new lines taken, a truncation noticed.
    /// Returns how many entries there were before (the new ones follow).
    fn poll(&mut self, path: &Path) -> usize {
        let (generation, before) = (self.generation, self.entries.len());
        match self.read(path) {
            Ok(()) => self.problem = None,
            Err(e) => self.problem = Some(format!("cannot read the event log '{}': {e}", path.display())),
        }
        if self.generation == generation {
            before
        } else {
            0
        }
    }

    fn read(&mut self, path: &Path) -> std::io::Result<()> {
        let mut file = std::fs::File::open(path)?;
        let len = file.metadata()?.len();
        let check = self.offset.min(CHECK_BYTES);
        let mut replaced = len < self.offset;
        if !replaced && check > 0 {
            let mut seen = vec![0; check as usize];
            file.seek(SeekFrom::Start(self.offset - check))?;
            file.read_exact(&mut seen)?;
            replaced = seen != self.before;
        }
        if replaced {
            self.reset();
        }
        if len <= self.offset {
            return Ok(());
        }
        let want = (len - self.offset).min(READ_CHUNK);
        let mut bytes = Vec::with_capacity(want as usize);
        file.seek(SeekFrom::Start(self.offset))?;
        file.take(want).read_to_end(&mut bytes)?;
        self.offset += bytes.len() as u64;
        let mut tail = std::mem::take(&mut self.before);
        tail.extend_from_slice(&bytes);
        let keep = tail.len().saturating_sub(CHECK_BYTES as usize);
        tail.drain(..keep);
        self.before = tail;
        self.take(&bytes);
        Ok(())
    }
}

/// A new line, as the broadcast channel carries it.
#[derive(Clone, Debug)]
struct Fresh {
    generation: u64,
    tag: String,
    /// 0-based index among the entries.
    index: usize,
    entry: Entry,
}

/// The tournament a server shows.
#[derive(Debug)]
pub struct Live {
    path: PathBuf,
    store: RwLock<Store>,
    channel: broadcast::Sender<Fresh>,
    /// One permit per open stream.
    viewers: Arc<Semaphore>,
}

impl Live {
    /// A tournament read from `path`, for at most `viewers` streams at once.
    pub fn new(path: PathBuf, viewers: usize) -> Arc<Live> {
        let (channel, _) = broadcast::channel(CHANNEL);
        let live = Live {
            path,
            store: RwLock::new(Store::default()),
            channel,
            viewers: Arc::new(Semaphore::new(viewers.clamp(1, Semaphore::MAX_PERMITS))),
        };
        // The log as it is now, before the first page asks.
        live.look();
        Arc::new(live)
    }

    /// One look at the file; new lines go out on the channel.
    pub fn look(&self) {
        let mut store = self.store.write().unwrap_or_else(|p| p.into_inner());
        let first_new = store.poll(&self.path);
        for (index, entry) in store.entries.iter().enumerate().skip(first_new) {
            // No receiver is not an error: nobody watches.
            let _ = self.channel.send(Fresh {
                generation: store.generation,
                tag: store.tag.clone(),
                index,
                entry: entry.clone(),
            });
        }
    }

    /// Looks at the file every [`POLL`], for ever (the server's runtime
    /// ends it).
    pub async fn tail(self: Arc<Live>) {
        let mut every = tokio::time::interval(POLL);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            self.look();
        }
    }

    /// The whole log as read so far, for a page's cold start: the events
    /// (notices in their place), the id of the last one, why the file
    /// cannot be read if it cannot.
    pub fn snapshot(&self) -> serde_json::Value {
        let store = self.store.read().unwrap_or_else(|p| p.into_inner());
        let events: Vec<serde_json::Value> = store
            .entries
            .iter()
            .map(|e| serde_json::from_str(&e.data).unwrap_or(serde_json::Value::Null))
            .collect();
        serde_json::json!({
            // The server's clock, by which the page runs the games'
            // clocks (the runner's `at` is this machine's time too), not
            // the viewer's own, which may be set otherwise (N17).
            "now": now_ms(),
            "file": self.path.display().to_string(),
            "id": event_id(&store.tag, store.entries.len()),
            "events": events,
            "problem": store.problem,
        })
    }

    /// Where a stream resumes after `last_id` (a `Last-Event-ID`): the
    /// generation, the index of the next entry, and whether the page must
    /// first drop what it has (a `reset`: the log is another one now).
    fn resume(&self, last_id: Option<&str>) -> (u64, usize, bool) {
        let store = self.store.read().unwrap_or_else(|p| p.into_inner());
        let Some(id) = last_id else {
            return (store.generation, 0, false);
        };
        match id.rsplit_once(':') {
            Some((tag, n)) if tag == store.tag => match n.parse::<usize>() {
                Ok(n) if n <= store.entries.len() => (store.generation, n, false),
                _ => (store.generation, 0, true),
            },
            _ => (store.generation, 0, true),
        }
    }

    /// The entries from `next` on (at most `max`), if the store is still
    /// of `generation`; else `None` (the log was read again).
    fn entries_from(&self, generation: u64, next: usize, max: usize) -> Option<(String, Vec<Entry>)> {
        let store = self.store.read().unwrap_or_else(|p| p.into_inner());
        if store.generation != generation {
            return None;
        }
        let end = store.entries.len().min(next.saturating_add(max));
        Some((store.tag.clone(), store.entries.get(next..end).unwrap_or_default().to_vec()))
    }

    fn generation(&self) -> u64 {
        self.store.read().unwrap_or_else(|p| p.into_inner()).generation
    }
}

/// This machine's time, Unix milliseconds (the runner's `at` is the same).
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The server's time for a page's clocks: `event: time`, no id (it is no
/// line of the log), sent every [`TIME_EVERY`] while the stream is idle.
fn time_event() -> Event {
    Event::default()
        .event("time")
        .data(serde_json::json!({ "now": now_ms() }).to_string())
}

/// How often an idle stream tells the page the server's time.
const TIME_EVERY: Duration = Duration::from_secs(1);

/// `TAG:N`, the SSE id of the N-th entry (1-based) of the log tagged TAG.
fn event_id(tag: &str, n: usize) -> String {
    format!("{tag}:{n}")
}

/// One event into a page's buffer, waiting at most `stall` for room: a
/// page that takes nothing for that long (it never reads: its socket and
/// buffer are full) is a stalled viewer, and false ends its stream, so
/// that its slot goes to the next viewer. False too when the page went.
async fn send(out: &mpsc::Sender<Event>, event: Event, stall: Duration) -> bool {
    matches!(tokio::time::timeout(stall, out.send(event)).await, Ok(Ok(())))
}

/// Feeds one page's stream until the page goes away or stalls. Every
/// event waits for room in the page's buffer: only this task waits for a
/// slow page, and for a stalled one no longer than `stall`.
async fn pump(
    live: Arc<Live>,
    last_id: Option<String>,
    out: mpsc::Sender<Event>,
    stall: Duration,
    _permit: tokio::sync::OwnedSemaphorePermit,
) {
    // Subscribed before reading the store, so that no line falls between.
    let mut fresh = live.channel.subscribe();
    let mut clock = tokio::time::interval(TIME_EVERY);
    clock.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let (mut generation, mut next, reset) = live.resume(last_id.as_deref());
    if reset {
        let why = serde_json::json!({ "type": "reset", "reason": "the event log is another one now" });
        if !send(&out, Event::default().event("reset").data(why.to_string()), stall).await {
            return;
        }
    }
    loop {
        // Catch up from the kept lines.
        match live.entries_from(generation, next, 256) {
            Some((tag, batch)) if !batch.is_empty() => {
                for e in batch {
                    next += 1;
                    let event = Event::default().event(&e.name).id(event_id(&tag, next)).data(&*e.data);
                    if !send(&out, event, stall).await {
                        return;
                    }
                }
                continue;
            }
            Some(_) => {}
            None => {
                // Read again from the start: the page drops what it has.
                generation = live.generation();
                next = 0;
                let why = serde_json::json!({ "type": "reset", "reason": "the event log was truncated or replaced" });
                if !send(&out, Event::default().event("reset").data(why.to_string()), stall).await {
                    return;
                }
                continue;
            }
        }
        // Up to date: wait for the next line and send it. Anything else
        // (a line this page had from the store already, a gap, another
        // generation, a lag past the channel's bound) goes back to the
        // kept lines, which say what to send.
        tokio::select! {
            got = fresh.recv() => match got {
                Ok(f) if f.generation == generation && f.index == next => {
                    next += 1;
                    let event = Event::default().event(&f.entry.name).id(event_id(&f.tag, next)).data(&*f.entry.data);
                    if !send(&out, event, stall).await {
                        return;
                    }
                }
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return,
            },
            // The server's time, for the page's running clocks.
            _ = clock.tick() => {
                if !send(&out, time_event(), stall).await {
                    return;
                }
            }
            // The page went away while nothing new came.
            () = out.closed() => return,
        }
    }
}

/// The page's end of its stream.
struct Events(mpsc::Receiver<Event>);

impl Stream for Events {
    type Item = Result<Event, Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx).map(|e| e.map(Ok))
    }
}

fn live_of(app: &App) -> Result<Arc<Live>, ApiError> {
    app.live.clone().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no tournament here: start the server with `gorgon serve --tournament EVENTS.jsonl`",
        )
    })
}

/// `GET /api/tournament/state`: the cold start's snapshot.
pub async fn state(State(app): State<Arc<App>>) -> Response {
    match live_of(&app) {
        Ok(live) => json(live.snapshot()),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/tournament/events`: the events from the one after
/// `Last-Event-ID` (the header, or the query's `last`), then as they come.
pub async fn events(State(app): State<Arc<App>>, headers: HeaderMap, query: axum::extract::RawQuery) -> Response {
    let live = match live_of(&app) {
        Ok(l) => l,
        Err(e) => return e.into_response(),
    };
    let Ok(permit) = Arc::clone(&live.viewers).try_acquire_owned() else {
        return ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("every one of the server's {} tournament streams is taken", app.caps.viewers),
        )
        .into_response();
    };
    let from_query = query.0.as_deref().and_then(|q| {
        q.split('&')
            .find_map(|kv| kv.strip_prefix("last="))
            .map(|v| v.replace("%3A", ":").replace("%3a", ":"))
    });
    let last_id = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
        .or(from_query);
    let (tx, rx) = mpsc::channel(STREAM_BUFFER);
    tokio::spawn(pump(live, last_id, tx, app.caps.stream_stall, permit));
    // A comment every second: a page that went away is noticed, and its
    // task and permit freed, within a second or so.
    Sse::new(Events(rx))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(1)))
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_events_or_notices() {
        let e = entry(1, r#"{"type":"move","game":1,"move":"e3e5"}"#);
        assert_eq!(e.name, "move");
        for (bad, says) in [
            ("{\"type\":\"mo", "not JSON"),
            ("[1,2]", "not a JSON object"),
            ("{\"game\":1}", "no \"type\""),
            ("{\"type\":\"a\\nb\"}", "not a word"),
        ] {
            let n = entry(7, bad);
            assert_eq!(n.name, "notice", "{bad}");
            let data: serde_json::Value = serde_json::from_str(&n.data).unwrap();
            let error = data["error"].as_str().unwrap();
            assert!(
                error.starts_with("line 7 of the event log: ") && error.contains(says),
                "{bad}: {error}"
            );
            assert_eq!(data["line"], 7);
        }
    }

    #[test]
    fn the_tail_takes_whole_lines_and_notices_a_truncation() {
        let dir = std::env::temp_dir().join(format!("gorgon-tail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("events.jsonl");
        let mut store = Store::default();
        assert_eq!(store.poll(&path), 0);
        assert!(store.problem.as_deref().unwrap().contains("cannot read"), "no file yet");
        std::fs::write(&path, "{\"type\":\"match\",\"run\":\"1\"}\n{\"type\":\"mo").unwrap();
        store.poll(&path);
        assert_eq!((store.entries.len(), store.problem.as_deref()), (1, None), "the half line waits");
        let tag = store.tag.clone();
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("ve\"}\ngarbage\n\n");
        std::fs::write(&path, &text).unwrap();
        assert_eq!(store.poll(&path), 1);
        let names: Vec<&str> = store.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["match", "move", "notice"]);
        // Replaced by a log of the same length or longer: the bytes before
        // the offset differ, so it is read again from the start.
        let generation = store.generation;
        std::fs::write(&path, text.replace("\"1\"", "\"2\"") + "{\"type\":\"move\"}\n").unwrap();
        store.poll(&path);
        assert_eq!(store.generation, generation + 1);
        assert_eq!(store.entries.len(), 4);
        assert_ne!(store.tag, tag, "another first line, another identity");
        // Truncated: shorter than the offset.
        std::fs::write(&path, "{\"type\":\"match\",\"run\":\"3\"}\n").unwrap();
        store.poll(&path);
        assert_eq!((store.generation, store.entries.len()), (generation + 2, 1));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
