//! `POST /api/search`: the engine analyses (MultiPV lines, until stopped or
//! the time cap) or plays (a move within the page's clock), streaming
//! `info` events and then `bestmove`.

use crate::body::Body;
use crate::caps::Caps;
use crate::error::{parse, ApiError};
use crate::events::{self, Sender};
use crate::game::GameSpec;
use crate::searches::{PageEngine, PageSlot};
use crate::work::off_loop;
use crate::App;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use engine::analysis::annotate::eval_text;
use engine::analysis::score_json;
use engine::player::skill::LEVEL_MAX;
use engine::player::{Engine, Info, Limits, Report, SkillSettings};
use protocol::{Bound, ScoreValue};
use rules::line_texts;
use rules::text::notation;
use rules::{Color, Move, Position};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// What the engine is asked to do.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    /// Lines until stopped (or a limit given, or the time cap).
    #[default]
    Analyse,
    /// One move: a limit or a clock is required.
    Play,
}

/// The request body.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    pub page: String,
    pub game: GameSpec,
    #[serde(default)]
    pub mode: Goal,
    /// MultiPV, analysis only.
    pub lines: Option<u64>,
    pub threads: Option<u64>,
    /// MB.
    pub hash: Option<u64>,
    /// Milliseconds.
    pub movetime: Option<u64>,
    pub depth: Option<u64>,
    pub nodes: Option<u64>,
    /// The clocks and increments, milliseconds (play).
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    /// The strength in play, `Skill Level`'s 0..20 (20, the default, is
    /// full strength); an analysis is always at full strength.
    pub level: Option<u64>,
}

/// Deepest depth a request may name (the search stops far earlier).
const MAX_DEPTH: u64 = 128;

/// A checked search: its engine settings and limits.
#[derive(Clone, Debug)]
pub struct Plan {
    pub threads: usize,
    pub hash_mb: usize,
    pub lines: usize,
    pub limits: Limits,
    /// `Skill Level` for this search (20: full strength).
    pub level: i64,
}

impl SearchRequest {
    /// The search the request asks for, within the caps.
    pub fn plan(&self, caps: &Caps) -> Result<Plan, ApiError> {
        let mut limits = Limits::default();
        if let Some(d) = self.depth {
            if d == 0 || d > MAX_DEPTH {
                return Err(ApiError::refused(format!("depth {d}: give 1 to {MAX_DEPTH}")));
            }
            limits.depth = Some(d as u32);
        }
        if let Some(n) = self.nodes {
            if n == 0 {
                return Err(ApiError::refused("nodes 0: give at least 1"));
            }
            limits.nodes = Some(n);
        }
        let ms = |what: &str, v: Option<u64>| v.map(|v| caps.millis(what, v)).transpose();
        let movetime = ms("movetime", self.movetime)?;
        let clock = |v: Option<u64>| v.map(|v| v as i64);
        limits.wtime = clock(ms("wtime", self.wtime)?);
        limits.btime = clock(ms("btime", self.btime)?);
        // An increment may be 0; it counts only beside a clock.
        limits.winc = self.winc.map(|v| v.min(caps.seconds * 1000) as i64);
        limits.binc = self.binc.map(|v| v.min(caps.seconds * 1000) as i64);
        let has_clock = limits.wtime.is_some() || limits.btime.is_some();
        let level = match self.level {
            Some(l) if l > LEVEL_MAX as u64 => {
                return Err(ApiError::refused(format!("level {l}: give 0 to {LEVEL_MAX} (20 is full strength)")));
            }
            Some(l) if self.mode == Goal::Play => l as i64,
            _ => LEVEL_MAX,
        };
        let lines = match self.mode {
            Goal::Analyse => caps.lines(self.lines)?,
            Goal::Play => {
                if movetime.is_none() && !has_clock && limits.depth.is_none() && limits.nodes.is_none() {
                    return Err(ApiError::refused("play needs a limit: movetime, depth, nodes or the clocks"));
                }
                1
            }
        };
        // Every search ends by the time cap: an analysis without a limit
        // runs until stopped or the cap; a clock's own allocation is far
        // below its (capped) time.
        limits.movetime = match movetime {
            Some(t) => Some(t),
            None if has_clock => None,
            None => Some(caps.seconds * 1000),
        };
        Ok(Plan {
            threads: caps.threads(self.threads)?,
            hash_mb: caps.hash_mb(self.hash)?,
            lines,
            limits,
            level,
        })
    }
}

/// A line's moves, in coordinates and in the inventor's notation.
fn line_json(pos: &Position, pv: &[Move]) -> (Vec<String>, Vec<String>) {
    (
        line_texts(pos, pv, |p, m| p.move_text(m)),
        line_texts(pos, pv, notation::move_to_notation),
    )
}

/// A score from the side to move's view as White's: win/draw/loss per
/// mille and the `[%eval]` text.
fn white(pos: &Position, score: ScoreValue, wdl: [u32; 3]) -> (Value, String) {
    let side = pos.side_to_move();
    let wdl = if side == Color::White { wdl } else { [wdl[2], wdl[1], wdl[0]] };
    (json!(wdl), eval_text(score, side))
}

/// One `info` event.
pub fn info_json(pos: &Position, info: &Info) -> Value {
    let (pv, pv_book) = line_json(pos, &info.pv);
    let (white_wdl, white_eval) = white(pos, info.score, info.wdl);
    json!({
        "depth": info.depth,
        "seldepth": info.seldepth,
        "multipv": info.multipv,
        "score": score_json(info.score),
        "bound": info.bound.map(|b| match b { Bound::Lower => "lower", Bound::Upper => "upper" }),
        "wdl": info.wdl,
        "white_wdl": white_wdl,
        "white_eval": white_eval,
        "nodes": info.nodes,
        "nps": info.nps,
        "hashfull": info.hashfull,
        "time": info.time_ms,
        "pv": pv,
        "pv_book": pv_book,
    })
}

/// The page's engine, made if the page has none (a refusal when the
/// system cannot start its thread) and set up for the plan; what the
/// machine refused of the plan (memory, threads) comes back as warnings,
/// the search running with what it got.
fn prepare<'a>(held: &'a mut Option<PageEngine>, plan: &Plan) -> Result<(&'a mut Engine, Vec<String>), ApiError> {
    let page = match held {
        Some(page) => page,
        None => held.insert(PageEngine {
            engine: Engine::try_new().map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e))?,
            hash_mb: 0,
        }),
    };
    let mut warnings = Vec::new();
    // Resizing clears the table: only when the page asks another size.
    if page.hash_mb != plan.hash_mb {
        match page.engine.set_hash(plan.hash_mb) {
            Ok(()) => page.hash_mb = plan.hash_mb,
            Err(e) => warnings.push(e),
        }
    }
    if let Err(e) = page.engine.set_threads(plan.threads) {
        warnings.push(e);
    }
    page.engine.set_multipv(plan.lines);
    page.engine.set_skill(SkillSettings {
        level: plan.level,
        ..SkillSettings::default()
    });
    Ok((&mut page.engine, warnings))
}

/// Runs the search on its own thread with the page's engine, sending its
/// events; `ready` hears first whether it could start.
fn run(pos: Position, plan: Plan, slot: PageSlot, tx: Sender, ready: Ready) {
    let cell = Arc::clone(&slot.engine);
    // The page's previous search, told to stop by `begin`, ends (and
    // leaves the engine) before this one starts.
    let mut held = cell.lock().unwrap_or_else(|e| e.into_inner());
    // Stopped while waiting: nothing is allocated.
    if slot.stopper.stopped() {
        let _ = ready.send(Ok(()));
        tx.send("stopped", &json!({}));
        return;
    }
    let (engine, warnings) = match prepare(&mut held, &plan) {
        Ok(prepared) => prepared,
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    let _ = ready.send(Ok(()));
    for message in warnings {
        tx.send("warning", &json!({ "message": message }));
    }
    let result = slot.stopper.run(|control| {
        engine.search(&pos, &plan.limits, control, &mut |report| {
            if let Report::Info(info) = report {
                tx.send("info", &info_json(&pos, &info));
            }
        })
    });
    let Some(r) = result else {
        tx.send("stopped", &json!({}));
        return;
    };
    let (white_wdl, white_eval) = white(&pos, r.score, r.wdl);
    let text = |m: Option<Move>| m.map(|m| pos.move_text(m));
    tx.send(
        "bestmove",
        &json!({
            "move": text(r.best),
            "book": r.best.map(|m| notation::move_to_notation(&pos, m)),
            "ponder": r.ponder.filter(|_| r.best.is_some()).and_then(|p| {
                let mut after = pos.clone();
                after.make(r.best?);
                after.is_legal(p).then(|| after.move_text(p))
            }),
            "score": score_json(r.score),
            "wdl": r.wdl,
            "white_wdl": white_wdl,
            "white_eval": white_eval,
            "depth": r.depth,
            "nodes": r.nodes,
            "stopped": slot.stopper.stopped(),
        }),
    );
}

/// Whether a search (or review) thread could start: the handler answers
/// with its refusal, or with the event stream.
pub type Ready = tokio::sync::oneshot::Sender<Result<(), ApiError>>;

/// Starts `work` on a thread of its own named `name`, and answers with
/// its events once it says it could start.
pub async fn start_thread(name: &str, events: events::Events, work: impl FnOnce(Ready) + Send + 'static) -> Result<Response, ApiError> {
    let (ready, started) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || work(ready))
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("cannot start a search thread: {e}")))?;
    match started.await {
        Ok(Ok(())) => Ok(events::response(events)),
        Ok(Err(e)) => Err(e),
        Err(_) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the search ended before it started",
        )),
    }
}

/// `POST /api/search`.
pub async fn handler(State(app): State<Arc<App>>, Body(body): Body) -> Result<Response, ApiError> {
    let checked = Arc::clone(&app);
    let (request, plan, game) = off_loop(move || {
        let request: SearchRequest = parse(&body)?;
        let plan = request.plan(&checked.caps)?;
        let game = request.game.replay(&checked.caps)?;
        Ok((request, plan, game))
    })
    .await?;
    if let Some(o) = game.pos.outcome() {
        return Err(ApiError::refused(format!("the game is over: {o} ({})", o.result())));
    }
    let slot = app.searches.begin(&request.page)?;
    let (tx, events) = events::channel(Arc::clone(&slot.stopper));
    let pos = game.pos;
    start_thread("gorgon-web-search", events, move |ready| run(pos, plan, slot, tx, ready)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: &str) -> SearchRequest {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn analysis_runs_to_the_cap_unless_limited() {
        let caps = Caps {
            seconds: 60,
            lines: 5,
            threads: 2,
            ..Caps::default()
        };
        let p = request(r#"{"page":"p","game":{"variant":"pom"},"lines":3}"#).plan(&caps).unwrap();
        assert_eq!((p.lines, p.threads, p.limits.movetime), (3, 1, Some(60_000)));
        let p = request(r#"{"page":"p","game":{"variant":"pom"},"movetime":500,"depth":9}"#)
            .plan(&caps)
            .unwrap();
        assert_eq!((p.limits.movetime, p.limits.depth), (Some(500), Some(9)));
        assert!(request(r#"{"page":"p","game":{"variant":"pom"},"lines":6}"#).plan(&caps).is_err());
        assert!(request(r#"{"page":"p","game":{"variant":"pom"},"threads":3}"#).plan(&caps).is_err());
        assert!(request(r#"{"page":"p","game":{"variant":"pom"},"depth":0}"#).plan(&caps).is_err());
        assert!(request(r#"{"page":"p","game":{"variant":"pom"},"movetime":60001}"#)
            .plan(&caps)
            .is_err());
    }

    #[test]
    fn play_needs_a_limit_and_takes_the_clock() {
        let caps = Caps::default();
        let e = request(r#"{"page":"p","game":{"variant":"pom"},"mode":"play"}"#)
            .plan(&caps)
            .unwrap_err();
        assert!(e.message.contains("needs a limit"), "{}", e.message);
        let p =
            request(r#"{"page":"p","game":{"variant":"pom"},"mode":"play","wtime":60000,"btime":55000,"winc":1000,"binc":1000,"lines":4}"#)
                .plan(&caps)
                .unwrap();
        assert_eq!(
            (p.limits.wtime, p.limits.btime, p.limits.winc, p.limits.movetime, p.lines),
            (Some(60000), Some(55000), Some(1000), None, 1)
        );
        let e = request(r#"{"page":"p","game":{"variant":"pom"},"mode":"play","wtime":999999999}"#)
            .plan(&caps)
            .unwrap_err();
        assert!(e.message.contains("wtime (ms)"), "{}", e.message);
    }

    #[test]
    fn a_level_is_for_play_and_within_range() {
        let caps = Caps::default();
        let plan = |json: &str| request(json).plan(&caps);
        let p = plan(r#"{"page":"p","game":{"variant":"pom"},"mode":"play","movetime":100,"level":3}"#).unwrap();
        assert_eq!(p.level, 3);
        let p = plan(r#"{"page":"p","game":{"variant":"pom"},"mode":"play","movetime":100}"#).unwrap();
        assert_eq!(p.level, LEVEL_MAX, "full strength by default");
        let p = plan(r#"{"page":"p","game":{"variant":"pom"},"level":3}"#).unwrap();
        assert_eq!(p.level, LEVEL_MAX, "an analysis at full strength");
        let e = plan(r#"{"page":"p","game":{"variant":"pom"},"mode":"play","movetime":100,"level":21}"#).unwrap_err();
        assert!(e.message.contains("level 21: give 0 to 20"), "{}", e.message);
    }

    #[test]
    fn unknown_fields_and_modes_are_refused() {
        assert!(serde_json::from_str::<SearchRequest>(r#"{"page":"p","game":{"variant":"pom"},"multipv":3}"#).is_err());
        assert!(serde_json::from_str::<SearchRequest>(r#"{"page":"p","game":{"variant":"pom"},"mode":"ponder"}"#).is_err());
    }
}
