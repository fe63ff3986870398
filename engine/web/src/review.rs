//! `POST /api/review`: a whole game searched position by position at a
//! depth and judged the way `gorgon annotate` judges it (expected score
//! lost, `?!`/`?`/`??`, docs/ANALYSIS.md), with the evaluation graph's
//! points. Events: `progress` per position, then `review`.

use crate::body::Body;
use crate::error::{parse, ApiError};
use crate::events::{self, Sender};
use crate::game::{GameSpec, ReplayedGame};
use crate::App;
use axum::extract::State;
use axum::response::Response;
use engine::analysis::annotate::{self, eval_text, Analysis, Judgement, SideReport};
use engine::analysis::{plot, Analyst, SearchLimits};
use rules::{notation, GameRecord, Position};
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
    /// MB per engine; small pays (each position starts from a cleared table).
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

fn run(game: ReplayedGame, depth: u32, jobs: usize, hash_mb: usize, slot: crate::searches::PageSlot, tx: Sender) {
    let positions = game.positions();
    let total = positions.len();
    let limits = SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    };
    let stopper = &slot.stopper;
    let analyses = Mutex::new(Vec::with_capacity(total));
    let done = engine::parallel::in_order(
        0..total,
        jobs,
        || Analyst::new(&limits, hash_mb),
        |analyst, i| analyse(analyst, stopper, &positions[i], game.moves.get(i).copied()),
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

/// `POST /api/review`.
pub async fn handler(State(app): State<Arc<App>>, Body(body): Body) -> Result<Response, ApiError> {
    let request: ReviewRequest = parse(&body)?;
    let depth = app.caps.review_depth(request.depth)?;
    let jobs = app.caps.threads(request.threads)?;
    let hash_mb = app.caps.hash_mb(Some(request.hash.unwrap_or(16.min(app.caps.hash_mb as u64))))?;
    let game = request.game.replay(&app.caps)?;
    let slot = app.searches.begin(&request.page)?;
    let (tx, events) = events::channel(Arc::clone(&slot.stopper));
    std::thread::Builder::new()
        .name("gorgon-web-review".into())
        .spawn(move || run(game, depth, jobs, hash_mb, slot, tx))
        .map_err(|e| {
            ApiError::new(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                format!("cannot start a review thread: {e}"),
            )
        })?;
    Ok(events::response(events))
}
