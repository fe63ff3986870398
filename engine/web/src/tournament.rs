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

use crate::error::ApiError;
use crate::App;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use events::{Event as LogEvent, Side};
use futures_core::Stream;
use std::collections::{BTreeMap, VecDeque};
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

/// One line of the log as a stream sends it: the SSE event's name (the
/// line's kind, or `notice`) and its data (the line itself, or the notice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub data: Arc<str>,
}

/// Reads one line of the log (`number` is 1-based): the entry to send and,
/// for a good line, its event.
pub fn entry(number: usize, line: &str) -> (Entry, Option<LogEvent>) {
    match events::Line::parse(line) {
        Ok(l) => (
            Entry {
                name: l.event.kind().to_string(),
                data: line.into(),
            },
            Some(l.event),
        ),
        Err(problem) => (notice(number, &problem), None),
    }
}

fn notice(number: usize, problem: &str) -> Entry {
    let data = serde_json::json!({ "type": "notice", "line": number, "error": format!("line {number} of the event log: {problem}") });
    Entry {
        name: "notice".into(),
        data: data.to_string().into(),
    }
}

/// Lines kept for streams that resume (`Last-Event-ID`): at most this many...
const RING_LINES: usize = 4096;
/// ...and at most this many bytes. A page further behind starts over from
/// the snapshot.
const RING_BYTES: usize = 8 << 20;
/// Finished games listed in the snapshot (the latest); the earlier ones are
/// counted, and each can still be fetched by its number.
const FINISHED_LISTED: usize = 1000;
/// Notices kept for the snapshot (the latest).
const NOTICES_KEPT: usize = 20;

/// A game in play, as a page needs it: its start, its moves, each side's
/// latest search report (the lines themselves).
#[derive(Debug, Default)]
struct InPlay {
    start: Option<Arc<str>>,
    moves: Vec<Arc<str>>,
    info: [Option<Arc<str>>; 2],
}

/// A finished game: where its `game_end` line (with the PGN) is in the
/// file, and, for the latest [`FINISHED_LISTED`], that line without the PGN.
#[derive(Debug)]
struct Finished {
    offset: u64,
    len: usize,
    summary: Option<Arc<str>>,
}

/// What the log says now, folded from its lines: all a page needs to
/// start from, in memory that does not grow with the moves and reports of
/// finished games (N10).
#[derive(Debug, Default)]
struct Reduced {
    /// The run's `match` line, and its `run`.
    start: Option<Arc<str>>,
    run: String,
    in_play: BTreeMap<usize, InPlay>,
    finished: BTreeMap<usize, Finished>,
    /// Finished games in the order they ended, the latest last (the listed ones).
    listed: VecDeque<usize>,
    standings: Option<Arc<str>>,
    end: Option<Arc<str>>,
    notices: VecDeque<Arc<str>>,
}

impl Reduced {
    /// Folds one good line (`raw`, at byte `offset` of the file) in.
    fn fold(&mut self, event: LogEvent, raw: &Arc<str>, offset: u64) {
        match event {
            // A new run in the same file: the earlier one is gone from view.
            LogEvent::Match(m) => {
                *self = Reduced {
                    start: Some(Arc::clone(raw)),
                    run: m.run,
                    ..Reduced::default()
                }
            }
            LogEvent::GameStart(g) => {
                self.in_play.insert(
                    g.game,
                    InPlay {
                        start: Some(Arc::clone(raw)),
                        ..InPlay::default()
                    },
                );
            }
            LogEvent::Info(i) => {
                let side = usize::from(i.side == Side::Black);
                self.in_play.entry(i.game).or_default().info[side] = Some(Arc::clone(raw));
            }
            LogEvent::Move(m) => self.in_play.entry(m.game).or_default().moves.push(Arc::clone(raw)),
            LogEvent::GameEnd(mut g) => {
                self.in_play.remove(&g.game);
                let game = g.game;
                g.pgn = None;
                let summary = events::Line {
                    at: 0,
                    event: LogEvent::GameEnd(g),
                }
                .to_json();
                self.finished.insert(
                    game,
                    Finished {
                        offset,
                        len: raw.len(),
                        summary: Some(summary.into()),
                    },
                );
                self.listed.retain(|&n| n != game);
                self.listed.push_back(game);
                while self.listed.len() > FINISHED_LISTED {
                    if let Some(old) = self.listed.pop_front() {
                        if let Some(f) = self.finished.get_mut(&old) {
                            f.summary = None;
                        }
                    }
                }
            }
            LogEvent::Standings { .. } => self.standings = Some(Arc::clone(raw)),
            LogEvent::MatchEnd { .. } => self.end = Some(Arc::clone(raw)),
        }
    }

    fn notice(&mut self, data: &Arc<str>) {
        self.notices.push_back(Arc::clone(data));
        while self.notices.len() > NOTICES_KEPT {
            self.notices.pop_front();
        }
    }

    /// The lines a page folds to get this state, in an order its fold
    /// takes: the run, the finished games, the games in play (start,
    /// moves, reports), the standings, the end, the notices.
    fn lines(&self) -> Vec<&Arc<str>> {
        let mut out: Vec<&Arc<str>> = self.start.iter().collect();
        out.extend(self.finished.values().filter_map(|f| f.summary.as_ref()));
        for g in self.in_play.values() {
            out.extend(g.start.iter().chain(&g.moves).chain(g.info.iter().flatten()));
        }
        out.extend(self.standings.iter().chain(&self.end).chain(&self.notices));
        out
    }
}

/// The log as read so far.
#[derive(Debug, Default)]
struct Store {
    /// Bumped when the log is read again from the start.
    generation: u64,
    /// The log's identity: a hash of its first line (empty before one).
    tag: String,
    /// Lines read (the number of the last one).
    count: usize,
    /// The latest lines, numbered `count - ring.len() + 1 ..= count`.
    ring: VecDeque<Entry>,
    ring_bytes: usize,
    state: Reduced,
    /// Bytes of the file read.
    offset: u64,
    /// The bytes before `offset` (up to [`CHECK_BYTES`]).
    before: Vec<u8>,
    /// A line not yet ended (being written), which starts at `partial_at`.
    partial: Vec<u8>,
    partial_at: u64,
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
            let at = self.partial_at + start as u64;
            let raw = &self.partial[start..start + end];
            start += end + 1;
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            if raw.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            if self.count == 0 {
                self.tag = tag_of(raw);
            }
            let number = self.count + 1;
            let (e, event) = match std::str::from_utf8(raw) {
                Ok(text) => entry(number, text),
                Err(e) => (notice(number, &format!("not UTF-8: {e}")), None),
            };
            match event {
                Some(event) => self.state.fold(event, &e.data, at),
                None => self.state.notice(&e.data),
            }
            self.keep(e);
        }
        self.partial.drain(..start);
        self.partial_at += start as u64;
        if self.partial.len() > MAX_LINE {
            let number = self.count + 1;
            let e = notice(number, &format!("a line of over {MAX_LINE} bytes, dropped"));
            self.state.notice(&e.data);
            self.keep(e);
            self.partial_at += self.partial.len() as u64;
            self.partial.clear();
        }
    }

    /// Numbers a line and keeps it in the ring.
    fn keep(&mut self, e: Entry) {
        self.count += 1;
        self.ring_bytes += e.data.len();
        self.ring.push_back(e);
        while self.ring.len() > RING_LINES || (self.ring_bytes > RING_BYTES && self.ring.len() > 1) {
            if let Some(old) = self.ring.pop_front() {
                self.ring_bytes -= old.data.len();
            }
        }
    }

    /// The number of the first line the ring holds (`count + 1` when empty).
    fn ring_first(&self) -> usize {
        self.count + 1 - self.ring.len()
    }

    fn reset(&mut self) {
        *self = Store {
            generation: self.generation + 1,
            ..Store::default()
        };
    }

    /// One look at the file: new lines taken, a truncation noticed.
    /// Returns the count of lines before (the new ones follow).
    fn poll(&mut self, path: &Path) -> usize {
        let (generation, before) = (self.generation, self.count);
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
    /// The line's number (from 1).
    number: usize,
    entry: Entry,
}

/// Where a stream goes on from.
enum Resume {
    /// After line `next - 1` (`next` is the number of the next line to send).
    From { generation: u64, next: usize },
    /// The page must start over from the snapshot: the log is another one
    /// now, or the lines it missed are no longer kept.
    Reset(&'static str),
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

    /// One look at the file (it blocks on the disk: the tail runs it on the
    /// blocking pool); new lines go out on the channel.
    pub fn look(&self) {
        let mut store = self.store.write().unwrap_or_else(|p| p.into_inner());
        let before = store.poll(&self.path);
        let first = store.ring_first();
        for (k, entry) in store.ring.iter().enumerate() {
            let number = first + k;
            if number <= before {
                continue;
            }
            // No receiver is not an error: nobody watches.
            let _ = self.channel.send(Fresh {
                generation: store.generation,
                tag: store.tag.clone(),
                number,
                entry: entry.clone(),
            });
        }
    }

    /// Looks at the file every [`POLL`], for ever (the server's runtime
    /// ends it), each look on the blocking pool (N10): a slow disk holds
    /// no thread of the server's loop.
    pub async fn tail(self: Arc<Live>) {
        let mut every = tokio::time::interval(POLL);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let live = Arc::clone(&self);
            if tokio::task::spawn_blocking(move || live.look()).await.is_err() {
                // The runtime is shutting down.
                return;
            }
        }
    }

    /// The cold start's snapshot: the lines that make the state as it is
    /// now ([`Reduced::lines`]: the run, the finished games without their
    /// PGN, the games in play, the latest standings, the end), the id of
    /// the last line read (a stream resumes after it), how many finished
    /// games are not listed, why the file cannot be read if it cannot.
    pub fn snapshot(&self) -> String {
        let store = self.store.read().unwrap_or_else(|p| p.into_inner());
        // The lines are JSON already: written out as they are, not parsed
        // again per request.
        let mut events = String::from("[");
        for (k, line) in store.state.lines().into_iter().enumerate() {
            if k > 0 {
                events.push(',');
            }
            events.push_str(line);
        }
        events.push(']');
        let earlier = store.state.finished.len() - store.state.listed.len();
        let head = serde_json::json!({
            // The server's clock, by which the page runs the games'
            // clocks (the runner's `at` is this machine's time too), not
            // the viewer's own, which may be set otherwise (N17).
            "now": now_ms(),
            "file": self.path.display().to_string(),
            "id": event_id(&store.tag, store.count),
            "lines": store.count,
            "earlier": earlier,
            "problem": store.problem,
        })
        .to_string();
        // `{...head, "events": [...]}`
        format!("{},\"events\":{events}}}", &head[..head.len() - 1])
    }

    /// Where a stream resumes after `last_id` (a `Last-Event-ID`; none:
    /// from the first line).
    fn resume(&self, last_id: Option<&str>) -> Resume {
        let store = self.store.read().unwrap_or_else(|p| p.into_inner());
        let after = match last_id {
            None => 0,
            Some(id) => match id.rsplit_once(':') {
                Some((tag, n)) if tag == store.tag => match n.parse::<usize>() {
                    Ok(n) if n <= store.count => n,
                    _ => return Resume::Reset("the event log is another one now"),
                },
                // The snapshot of a log that had no line yet: nothing seen.
                Some(("", "0")) => 0,
                _ => return Resume::Reset("the event log is another one now"),
            },
        };
        if after + 1 < store.ring_first() {
            return Resume::Reset("the lines missed are no longer kept: start from the snapshot");
        }
        Resume::From {
            generation: store.generation,
            next: after + 1,
        }
    }

    /// The kept lines from number `next` on (at most `max`): `Ok` with the
    /// log's tag, or why the stream must start over.
    fn entries_from(&self, generation: u64, next: usize, max: usize) -> Result<(String, Vec<Entry>), &'static str> {
        let store = self.store.read().unwrap_or_else(|p| p.into_inner());
        if store.generation != generation {
            return Err("the event log was truncated or replaced");
        }
        let first = store.ring_first();
        if next < first {
            return Err("the page fell behind the lines kept: start from the snapshot");
        }
        let skip = next - first;
        Ok((store.tag.clone(), store.ring.iter().skip(skip).take(max).cloned().collect()))
    }

    /// Finished game `n`'s `game_end` line, PGN and all, read from the file
    /// where the tail saw it (it blocks on the disk: call it on the
    /// blocking pool). `None` when no such game has finished in this log,
    /// or in run `run` if one is named (a link made before the runner
    /// started the log again names another run).
    pub fn game(&self, n: usize, run: Option<&str>) -> Result<Option<String>, String> {
        let (offset, len, generation) = {
            let store = self.store.read().unwrap_or_else(|p| p.into_inner());
            if run.is_some_and(|r| r != store.state.run) {
                return Ok(None);
            }
            match store.state.finished.get(&n) {
                Some(f) => (f.offset, f.len, store.generation),
                None => return Ok(None),
            }
        };
        let read = || -> std::io::Result<Vec<u8>> {
            let mut file = std::fs::File::open(&self.path)?;
            file.seek(SeekFrom::Start(offset))?;
            let mut bytes = vec![0; len];
            file.read_exact(&mut bytes)?;
            Ok(bytes)
        };
        let bytes = read().map_err(|e| format!("cannot read the event log '{}': {e}", self.path.display()))?;
        // The file may have been replaced since: only the line the tail
        // saw, of the same log, is this game.
        let same_log = self.store.read().unwrap_or_else(|p| p.into_inner()).generation == generation;
        let text = String::from_utf8(bytes).ok().filter(|_| same_log);
        Ok(text.filter(|t| matches!(events::Line::parse(t), Ok(events::Line { event: LogEvent::GameEnd(ref g), .. }) if g.game == n)))
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

/// The `reset` event: the page drops what it has and starts over from the
/// snapshot; the stream ends after it.
fn reset_event(reason: &str) -> Event {
    let why = serde_json::json!({ "type": "reset", "reason": reason });
    Event::default().event("reset").data(why.to_string())
}

/// Feeds one page's stream until the page goes away or stalls, or must
/// start over. Every event waits for room in the page's buffer: only this
/// task waits for a slow page, and for a stalled one no longer than `stall`.
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
    let (generation, mut next) = match live.resume(last_id.as_deref()) {
        Resume::From { generation, next } => (generation, next),
        Resume::Reset(why) => {
            send(&out, reset_event(why), stall).await;
            return;
        }
    };
    loop {
        // Catch up from the kept lines.
        match live.entries_from(generation, next, 256) {
            Ok((tag, batch)) if !batch.is_empty() => {
                for e in batch {
                    let event = Event::default().event(&e.name).id(event_id(&tag, next)).data(&*e.data);
                    next += 1;
                    if !send(&out, event, stall).await {
                        return;
                    }
                }
                continue;
            }
            Ok(_) => {}
            Err(why) => {
                send(&out, reset_event(why), stall).await;
                return;
            }
        }
        // Up to date: wait for the next line and send it. Anything else
        // (a line this page had from the store already, a gap, another
        // generation, a lag past the channel's bound) goes back to the
        // kept lines, which say what to send.
        tokio::select! {
            got = fresh.recv() => match got {
                Ok(f) if f.generation == generation && f.number == next => {
                    let event = Event::default().event(&f.entry.name).id(event_id(&f.tag, next)).data(&*f.entry.data);
                    next += 1;
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
        Ok(live) => ([(axum::http::header::CONTENT_TYPE, "application/json")], live.snapshot()).into_response(),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/tournament/games/{n}`: finished game `n`'s `game_end` line,
/// its PGN included, read from the file (the review link's one game).
/// `?run=RUN` names the run the game must be of.
pub async fn game(
    State(app): State<Arc<App>>,
    axum::extract::Path(n): axum::extract::Path<String>,
    query: axum::extract::RawQuery,
) -> Response {
    let live = match live_of(&app) {
        Ok(l) => l,
        Err(e) => return e.into_response(),
    };
    let Ok(n) = n.parse::<usize>() else {
        return ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("'{}' is no game number", n.chars().take(40).collect::<String>()),
        )
        .into_response();
    };
    let run = query
        .0
        .as_deref()
        .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("run=")).map(str::to_string));
    let named = run.is_some();
    match tokio::task::spawn_blocking(move || live.game(n, run.as_deref())).await {
        Ok(Ok(Some(line))) => ([(axum::http::header::CONTENT_TYPE, "application/json")], line).into_response(),
        Ok(Ok(None)) => {
            let of = if named { "this run of the event log" } else { "this event log" };
            ApiError::new(StatusCode::NOT_FOUND, format!("game {n} has not finished in {of}")).into_response()
        }
        Ok(Err(e)) => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e).into_response(),
        Err(_) => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down").into_response(),
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

    const MATCH: &str = r#"{"type":"match","at":1,"run":"1","variant":"pom","engines":["A","B"],"games":3}"#;

    fn start(n: usize) -> String {
        format!(r#"{{"type":"game_start","game":{n},"variant":"pom","white":"A","black":"B"}}"#)
    }

    fn moved(n: usize, ply: usize) -> String {
        format!(r#"{{"type":"move","game":{n},"side":"white","ply":{ply},"move":"e3e5"}}"#)
    }

    fn info(n: usize, ply: usize) -> String {
        format!(r#"{{"type":"info","game":{n},"side":"black","ply":{ply},"score":{{"cp":3}},"white_score":{{"cp":-3}}}}"#)
    }

    fn end(n: usize) -> String {
        format!(r#"{{"type":"game_end","game":{n},"result":"1-0","pgn":"[Round \"{n}\"] 1. e3e5 1-0"}}"#)
    }

    #[test]
    fn lines_become_events_or_notices() {
        let (e, event) = entry(1, r#"{"type":"move","game":1,"side":"white","ply":0,"move":"e3e5"}"#);
        assert_eq!((e.name.as_str(), event.and_then(|e| e.game())), ("move", Some(1)));
        for (bad, says) in [
            ("{\"type\":\"mo", "EOF"),
            ("[1,2]", "invalid type"),
            ("{\"game\":1}", "missing field `type`"),
            ("{\"type\":\"a\\nb\"}", "unknown type"),
            ("{\"type\":\"move\",\"game\":1}", "missing field `side`"),
        ] {
            let (n, event) = entry(7, bad);
            assert!(event.is_none());
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

    /// The snapshot's lines: the run, the finished games without PGN, the
    /// games in play with their moves and each side's latest report, the
    /// latest standings; nothing of a finished game's moves and reports.
    #[test]
    fn the_state_is_folded_not_kept_line_by_line() {
        let mut store = Store::default();
        let mut text = format!("{MATCH}\n{}\n{}\n", start(1), start(2));
        for ply in 0..50 {
            text += &format!("{}\n{}\n{}\n", info(1, ply), moved(1, ply), info(2, ply));
        }
        text += &format!("{}\n{}\n", end(1), moved(2, 0));
        text += "{\"type\":\"standings\",\"finished\":0,\"games\":3}\n{\"type\":\"standings\",\"finished\":1,\"games\":3}\n";
        store.take(text.as_bytes());
        let lines: Vec<serde_json::Value> = store.state.lines().iter().map(|l| serde_json::from_str(l).unwrap()).collect();
        let kinds: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["match", "game_end", "game_start", "move", "info", "standings"]);
        assert!(lines[1]["pgn"].is_null(), "the summary leaves the PGN in the file");
        assert_eq!(
            (lines[4]["game"].as_u64(), lines[4]["ply"].as_u64()),
            (Some(2), Some(49)),
            "the latest report"
        );
        assert_eq!(lines[5]["finished"], 1, "the latest standings");
        assert_eq!(store.count, 157);
        // Where game 1's line is in the file: the bytes of its game_end.
        let f = &store.state.finished[&1];
        assert_eq!(&text.as_bytes()[f.offset as usize..f.offset as usize + f.len], end(1).as_bytes());
        // A new run in the same file starts from nothing.
        store.take(format!("{MATCH}\n").as_bytes());
        assert_eq!(store.state.lines().len(), 1);
    }

    #[test]
    fn the_ring_keeps_the_latest_lines_within_its_bounds() {
        let mut store = Store::default();
        store.take(format!("{MATCH}\n{}\n", start(1)).as_bytes());
        for ply in 0..RING_LINES + 10 {
            store.take(format!("{}\n", info(1, ply)).as_bytes());
        }
        assert_eq!(store.ring.len(), RING_LINES);
        assert_eq!(store.ring_first(), store.count + 1 - RING_LINES);
        // Big lines: the byte bound holds first.
        let pad = "x".repeat(1 << 16);
        for _ in 0..200 {
            store.take(
                format!(r#"{{"type":"info","game":1,"side":"white","ply":0,"score":{{"cp":0}},"white_score":{{"cp":0}},"pv":["{pad}"]}}"#)
                    .as_bytes(),
            );
            store.take(b"\n");
        }
        assert!(store.ring_bytes <= RING_BYTES, "{}", store.ring_bytes);
        assert_eq!(store.ring_bytes, store.ring.iter().map(|e| e.data.len()).sum::<usize>());
        assert_eq!(store.state.lines().len(), 4, "match, start, one report per side");
    }

    #[test]
    fn the_tail_takes_whole_lines_and_notices_a_truncation() {
        let dir = std::env::temp_dir().join(format!("gorgon-tail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("events.jsonl");
        let mut store = Store::default();
        assert_eq!(store.poll(&path), 0);
        assert!(store.problem.as_deref().unwrap().contains("cannot read"), "no file yet");
        std::fs::write(&path, format!("{MATCH}\n{{\"type\":\"mo")).unwrap();
        store.poll(&path);
        assert_eq!((store.count, store.problem.as_deref()), (1, None), "the half line waits");
        let tag = store.tag.clone();
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("ve\",\"game\":1,\"side\":\"white\",\"ply\":0,\"move\":\"e3e5\"}\ngarbage\n\n");
        std::fs::write(&path, &text).unwrap();
        assert_eq!(store.poll(&path), 1);
        let names: Vec<&str> = store.ring.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["match", "move", "notice"]);
        // Replaced by a log of the same length or longer: the bytes before
        // the offset differ, so it is read again from the start.
        let generation = store.generation;
        std::fs::write(
            &path,
            text.replace("\"1\"", "\"2\"").replace("garbage", "rubbish") + &moved(1, 1) + "\n",
        )
        .unwrap();
        store.poll(&path);
        assert_eq!(store.generation, generation + 1);
        assert_eq!(store.count, 4);
        assert_ne!(store.tag, tag, "another first line, another identity");
        // Truncated: shorter than the offset.
        std::fs::write(&path, format!("{MATCH}\n")).unwrap();
        store.poll(&path);
        assert_eq!((store.generation, store.count), (generation + 2, 1));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
