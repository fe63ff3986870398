//! `POST /api/review`: a whole game searched position by position at a
//! depth and judged the way `gorgon annotate` judges it (expected score
//! lost, `?!`/`?`/`??`, docs/ANALYSIS.md), with the evaluation graph's
//! points. Events: `progress` per position, then `review`.

use crate::body::Body;
use crate::caps::Caps;
use crate::error::{parse, ApiError};
use crate::events::{self, Sender};
use crate::game::{GameSpec, ReplayedGame};
use crate::search::{start_thread, Ready};
use crate::searches::{PageEngine, PageSlot};
use crate::work::off_loop;
use crate::App;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use engine::analysis::annotate::{self, eval_text, Analysis, Judgement, SideReport};
use engine::analysis::{plot, Analyst, SearchLimits};
use rules::text::notation;
use rules::{GameRecord, Position};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};

/// The request body.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    pub page: String,
    pub game: GameSpec,
    pub depth: u64,
    /// Positions searched at once, one single-threaded engine each.
    pub threads: Option<u64>,
    /// MB in all, shared by the engines; small pays (each position starts
    /// from a cleared table).
    pub hash: Option<u64>,
}

/// The engine's verdicts on one position of the game, `None` if stopped.
fn analyse(analyst: &mut Analyst, stopper: &crate::stop::Stopper, pos: &Position, played: Option<rules::Move>) -> Option<Analysis> {
    let best = stopper.run(|c| analyst.verdict_under(pos, None, c))?;
    let played = match played {
        Some(m) if best.best != Some(m) => Some(stopper.run(|c| analyst.verdict_under(pos, Some(m), c))?),
        _ => None,
    };
    // A search stopped midway is no verdict.
    (!stopper.stopped()).then_some(Analysis { best, played })
}

fn side_json(r: &SideReport) -> Value {
    json!({
        "inaccuracies": r.inaccuracies,
        "mistakes": r.mistakes,
        "blunders": r.blunders,
        "average_loss": r.average_loss,
    })
}

/// The review: per move its evaluation (White's view), glyph, loss and the
/// engine's preferred move; the graph's points; each side's summary.
pub fn review_json(game: &ReplayedGame, analyses: &[Analysis], judgements: &[Judgement], depth: u32) -> Value {
    let mut pos = game.start.clone();
    let mut moves = Vec::with_capacity(game.moves.len());
    for (j, (&m, a)) in judgements.iter().zip(game.moves.iter().zip(analyses)) {
        let preferred = a.best.best.filter(|&b| b != m);
        let after = &analyses[j.ply + 1].best;
        moves.push(json!({
            "ply": j.ply,
            "glyph": j.glyph.map(|g| g.symbol()),
            "loss": j.loss,
            "before": j.before,
            "after": j.after,
            "eval": match after.outcome {
                Some(o) => o.result().to_string(),
                None => eval_text(a.of_played().score, j.mover),
            },
            "best": preferred.map(|b| pos.move_text(b)),
            "best_book": preferred.map(|b| notation::move_to_notation(&pos, b)),
            "best_eval": preferred.map(|_| eval_text(a.best.score, j.mover)),
            "mate": j.mate.map(|c| c.to_string()),
        }));
        pos.make(m);
    }
    let [white, black] = annotate::report(judgements);
    let curve: Vec<[f64; 2]> = plot::white_curve(game.start.side_to_move(), analyses)
        .into_iter()
        .map(|(x, y)| [x, y])
        .collect();
    json!({
        "depth": depth,
        "curve": curve,
        "moves": moves,
        "white": side_json(&white),
        "black": side_json(&black),
    })
}

/// Engines a review runs at once and the table of each, MB: `threads`
/// engines sharing `hash` MB between them, so that a review takes no more
/// of the machine than one search may (the caps on threads and hash).
pub fn review_plan(caps: &Caps, request: &ReviewRequest) -> Result<(usize, usize), ApiError> {
    let jobs = caps.threads(request.threads)?;
    let total = caps.hash_mb(Some(request.hash.unwrap_or(16.min(caps.hash_mb as u64))))?;
    Ok((jobs, (total / jobs).max(1)))
}

/// What a review's worker holds: its engine, and the game's position at
/// the ply it reached (workers take plies in increasing order, so each
/// replays the game once instead of every position being copied with
/// its history).
struct Worker {
    analyst: Analyst,
    pos: Position,
    ply: usize,
    /// The engine is the page's, given back after the review.
    page: bool,
}

/// A worker lent to one of the review's threads, back in `home` when the
/// thread ends, so that the page gets its engine back.
struct Lent<'a> {
    worker: Option<Worker>,
    home: &'a Mutex<Vec<Worker>>,
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        if let Some(w) = self.worker.take() {
            self.home.lock().unwrap_or_else(|e| e.into_inner()).push(w);
        }
    }
}

fn run(game: ReplayedGame, depth: u32, jobs: usize, hash_mb: usize, slot: PageSlot, tx: Sender, ready: Ready) {
    let cell = Arc::clone(&slot.engine);
    // The page's previous search ends first; the page's engine (table and
    // all) becomes the review's first, and comes back to the page after:
    // no big table freed and made again per review.
    let mut held = cell.lock().unwrap_or_else(|e| e.into_inner());
    if slot.stopper.stopped() {
        let _ = ready.send(Ok(()));
        tx.send("stopped", &json!({}));
        return;
    }
    let total = game.moves.len() + 1;
    let limits = SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    };
    let jobs = jobs.min(total);
    let mut workers = Vec::with_capacity(jobs);
    for i in 0..jobs {
        let page_engine = if i == 0 { held.take() } else { None };
        let page = i == 0;
        let analyst = match page_engine {
            Some(p) => Analyst::try_with_engine(p.engine, &limits, hash_mb),
            None => Analyst::try_new(&limits, hash_mb),
        };
        match analyst {
            Ok(analyst) => workers.push(Worker {
                analyst,
                pos: game.start.clone(),
                ply: 0,
                page,
            }),
            Err(e) => {
                give_back(&mut held, workers, hash_mb);
                let _ = ready.send(Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e)));
                return;
            }
        }
    }
    let _ = ready.send(Ok(()));
    let workers = Mutex::new(workers);
    let stopper = &slot.stopper;
    let analyses = Mutex::new(Vec::with_capacity(total));
    let done = engine::parallel::in_order(
        0..total,
        jobs,
        || Lent {
            worker: workers.lock().unwrap_or_else(|e| e.into_inner()).pop(),
            home: &workers,
        },
        |lent, i| {
            let w = lent.worker.as_mut()?;
            while w.ply < i {
                w.pos.make(game.moves[w.ply]);
                w.ply += 1;
            }
            analyse(&mut w.analyst, stopper, &w.pos, game.moves.get(i).copied())
        },
        |i, analysis| {
            let a = analysis.ok_or_else(|| "stopped".to_string())?;
            analyses.lock().unwrap_or_else(|e| e.into_inner()).push(a);
            if tx.send("progress", &json!({ "done": i + 1, "total": total })) {
                Ok(())
            } else {
                Err("the page has gone".to_string())
            }
        },
    );
    give_back(&mut held, workers.into_inner().unwrap_or_else(|e| e.into_inner()), hash_mb);
    drop(held);
    let analyses = analyses.into_inner().unwrap_or_else(|e| e.into_inner());
    if done.is_err() || analyses.len() != total {
        tx.send("stopped", &json!({}));
        return;
    }
    let record = GameRecord {
        start: game.start.clone(),
        moves: game.moves.clone(),
        result: None,
    };
    let judgements = annotate::judge(&record, &analyses);
    tx.send("review", &review_json(&game, &analyses, &judgements, depth));
}

/// The page's engine back in its cell (the review's others go).
fn give_back(held: &mut Option<PageEngine>, workers: Vec<Worker>, hash_mb: usize) {
    if let Some(w) = workers.into_iter().find(|w| w.page) {
        *held = Some(PageEngine {
            engine: w.analyst.into_engine(),
            hash_mb,
        });
    }
}

/// `POST /api/review`.
pub async fn handler(State(app): State<Arc<App>>, Body(body): Body) -> Result<Response, ApiError> {
    let checked = Arc::clone(&app);
    let (request, depth, (jobs, hash_mb), game) = off_loop(move || {
        let request: ReviewRequest = parse(&body)?;
        let depth = checked.caps.review_depth(request.depth)?;
        let plan = review_plan(&checked.caps, &request)?;
        let game = request.game.replay(&checked.caps)?;
        Ok((request, depth, plan, game))
    })
    .await?;
    let slot = app.searches.begin(&request.page)?;
    let (tx, events) = events::channel(Arc::clone(&slot.stopper));
    start_thread("gorgon-web-review", events, move |ready| {
        run(game, depth, jobs, hash_mb, slot, tx, ready)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::searches::Searches;
    use engine::nnue::UseNnue;
    use engine::player::Engine;

    /// A review runs on the page's engine and gives it back (resized to
    /// the review's table) instead of freeing it and making new ones: big
    /// tables freed and made again per request grow the server's memory.
    #[test]
    fn a_review_borrows_the_pages_engine() {
        let searches = Searches::new(1);
        let slot = searches.begin("p").unwrap();
        let cell = Arc::clone(&slot.engine);
        let mut engine = Engine::try_new().unwrap();
        engine.set_hash(2).unwrap();
        // A mark a new engine would not have.
        engine.set_use_nnue(UseNnue::Off);
        *cell.lock().unwrap() = Some(PageEngine { engine, hash_mb: 2 });
        let spec = GameSpec {
            variant: "minipom".into(),
            ..GameSpec::default()
        };
        let game = spec.replay(&Caps::default()).unwrap();
        let (tx, events) = events::channel(Arc::clone(&slot.stopper));
        let (ready, mut started) = tokio::sync::oneshot::channel();
        run(game, 2, 1, 1, slot, tx, ready);
        assert_eq!(started.try_recv(), Ok(Ok(())));
        drop(events);
        let held = cell.lock().unwrap();
        let page = held.as_ref().expect("the page has its engine back");
        assert_eq!(page.hash_mb, 1);
        assert_eq!(page.engine.nets().mode, UseNnue::Off, "the page's own engine");
    }

    /// A review takes no more than one search may: its engines share the
    /// hash cap instead of each taking it.
    #[test]
    fn a_review_stays_within_the_caps() {
        let caps = Caps {
            threads: 2,
            hash_mb: 16,
            ..Caps::default()
        };
        let request = |threads: Option<u64>, hash: Option<u64>| ReviewRequest {
            page: "p".into(),
            game: GameSpec::default(),
            depth: 4,
            threads,
            hash,
        };
        for (threads, hash) in [(None, None), (Some(2), None), (Some(2), Some(16)), (Some(1), Some(16))] {
            let (jobs, each) = review_plan(&caps, &request(threads, hash)).unwrap();
            assert!(
                jobs <= caps.threads && jobs * each <= caps.hash_mb,
                "{threads:?} {hash:?}: {jobs} x {each} MB"
            );
        }
        assert_eq!(review_plan(&caps, &request(Some(2), Some(16))), Ok((2, 8)));
        assert!(review_plan(&caps, &request(Some(3), None)).is_err());
        assert!(review_plan(&caps, &request(Some(2), Some(17))).is_err());
    }
}
