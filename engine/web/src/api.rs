//! The JSON endpoints that answer at once: the caps, a position's view,
//! stopping a page's search, records out and in.

use crate::body::Body;
use crate::error::{json, parse, ApiError};
use crate::game::{variant, GameSpec};
use crate::records::{self, RecordFormat, TreeSpec};
use crate::view::position_json;
use crate::work::off_loop;
use crate::App;
use axum::extract::State;
use axum::response::Response;
use rules::text::pgn::ReadLimits;
use rules::variant::{MEDUSA_FILE, SWAP_FILES};
use rules::{GameRecord, GameTree, Kind, Variant};
use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::Arc;

/// `GET /api/config`: the caps, the variants and the version.
pub async fn config(State(app): State<Arc<App>>) -> Response {
    let variants: Vec<_> = Variant::ALL
        .iter()
        .map(|v| {
            let g = v.geometry();
            json!({
                "name": v.name(), "files": g.files, "ranks": g.ranks, "start_fen": v.start_fen(),
                "kinds": kinds_json(*v), "rights": rights_json(*v),
            })
        })
        .collect();
    json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "caps": app.caps.json(),
        "variants": variants,
    }))
}

/// The kinds a variant has (RULES.md 2), for the board editor's palette:
/// `[{"kind": "K", "name": "King", "morph": false}, ...]`, the plain pieces
/// then the Morph's forms (no King form).
fn kinds_json(v: Variant) -> Vec<serde_json::Value> {
    let kinds = || Kind::ALL.into_iter().rev().filter(move |&k| v.has_kind(k));
    let plain = kinds().map(|k| json!({ "kind": k.letter().to_string(), "name": k.name(), "morph": false }));
    let morphs = kinds()
        .filter(|k| Kind::FORMS.contains(k))
        .map(|k| json!({ "kind": k.letter().to_string(), "name": k.name(), "morph": true }));
    plain.chain(morphs).collect()
}

/// The rights the FEN of a variant can hold (NOTATION.md 1, RULES.md
/// 10.2-3), for the board editor: `[{"file": "a", "kind": "castle",
/// "piece": "Tower"}, ...]`; a right's letter is its file, uppercase for
/// White. The rules crate decides whether a position holds one.
fn rights_json(v: Variant) -> Vec<serde_json::Value> {
    let g = v.geometry();
    let mut out = vec![(0, "castle", "Tower"), (g.files - 1, "castle", "Tower")];
    if v == Variant::MiniPom {
        for file in SWAP_FILES {
            out.push((file, "swap", if file == MEDUSA_FILE { "Medusa" } else { "Morph" }));
        }
    }
    out.sort_by_key(|r| r.0);
    out.into_iter()
        .map(|(file, kind, piece)| json!({ "file": ((b'a' + file) as char).to_string(), "kind": kind, "piece": piece }))
        .collect()
}

/// `POST /api/position`, body a game: the view of its last position.
pub async fn position(State(app): State<Arc<App>>, Body(body): Body) -> Result<Response, ApiError> {
    off_loop(move || {
        let spec: GameSpec = parse(&body)?;
        let game = spec.replay(&app.caps)?;
        Ok(json(position_json(&game)))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StopRequest {
    page: String,
}

/// `POST /api/stop`, body `{"page": id}`: `{"stopped": true}` if the page
/// had a search running.
pub async fn stop(State(app): State<Arc<App>>, Body(body): Body) -> Result<Response, ApiError> {
    let request: StopRequest = parse(&body)?;
    let stopped = app.searches.stop(&request.page)?;
    Ok(json(json!({ "stopped": stopped })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportRequest {
    game: GameSpec,
    /// The game with its side lines (docs/WEB.md), instead of
    /// `game.moves`.
    #[serde(default)]
    tree: Option<TreeSpec>,
    #[serde(default)]
    notation: RecordFormat,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`: a result the board cannot see
    /// (resignation, time); else the rules' outcome, if any.
    #[serde(default)]
    result: Option<String>,
    /// Tags such as White, Black, Event (coordinate PGN).
    #[serde(default)]
    tags: BTreeMap<String, String>,
}

/// `POST /api/pgn/export`: `{"pgn": text}`.
pub async fn export(State(app): State<Arc<App>>, Body(body): Body) -> Result<Response, ApiError> {
    off_loop(move || export_now(&app, &body)).await
}

fn export_now(app: &App, body: &[u8]) -> Result<Response, ApiError> {
    let request: ExportRequest = parse(body)?;
    let replayed = request.game.replay(&app.caps)?;
    let game = match &request.tree {
        Some(_) if !replayed.moves.is_empty() => {
            return Err(ApiError::refused("the moves go either in game.moves or in tree, not in both"))
        }
        Some(tree) => tree.replay(&replayed.start, None, &app.caps)?,
        None => GameTree::from_record(&GameRecord {
            start: replayed.start,
            moves: replayed.moves,
            result: None,
        }),
    };
    let result = match records::result(request.result.as_deref())? {
        Some(r) => Some(r),
        None => game.record().end_position().outcome().map(|o| o.result()),
    };
    let text = match request.notation {
        RecordFormat::Book => records::export_book(&game, result)?,
        RecordFormat::Coord | RecordFormat::Auto => records::export_coord(&game, result, &request.tags),
    };
    Ok(json(json!({ "pgn": text })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportRequest {
    text: String,
    /// The board of games without a `Variant` tag.
    variant: String,
    #[serde(default)]
    notation: RecordFormat,
}

/// `POST /api/pgn/import`: `{"notation": "coord"|"book", "games": [game...]}`,
/// each game as the page holds it (variant, fen, moves, result) with its
/// tree (side lines, comments, glyphs).
pub async fn import(State(app): State<Arc<App>>, Body(body): Body) -> Result<Response, ApiError> {
    off_loop(move || import_now(&app, &body)).await
}

fn import_now(app: &App, body: &[u8]) -> Result<Response, ApiError> {
    let request: ImportRequest = parse(body)?;
    let variant = variant(&request.variant)?;
    let limits = ReadLimits {
        plies: app.caps.plies,
        total: app.caps.import_plies,
    };
    let imported = records::import(&request.text, variant, request.notation, limits)?;
    let games: Vec<_> = imported.games.iter().map(records::game_json).collect();
    let notation = match imported.format {
        RecordFormat::Book => "book",
        _ => "coord",
    };
    Ok(json(json!({ "notation": notation, "games": games })))
}
