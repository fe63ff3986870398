//! The page's files, embedded in the binary at build time (no Node, no
//! files read at run time): nothing is served but this table.

use crate::error::ApiError;
use crate::App;
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;

/// One embedded file.
#[derive(Debug)]
pub struct Asset {
    /// Under `/assets/` (the page itself is `index.html`, served at `/`).
    pub path: &'static str,
    pub content_type: &'static str,
    pub body: &'static [u8],
}

macro_rules! asset {
    ($path:literal, $type:literal) => {
        Asset {
            path: $path,
            content_type: $type,
            body: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/", $path)),
        }
    };
}

/// Every file of engine/web/assets (a test checks none is missing).
pub const ASSETS: &[Asset] = &[
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("tournament.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
    asset!("js/analyse.js", "text/javascript; charset=utf-8"),
    asset!("js/analysis.js", "text/javascript; charset=utf-8"),
    asset!("js/api.js", "text/javascript; charset=utf-8"),
    asset!("js/board-drag.js", "text/javascript; charset=utf-8"),
    asset!("js/board-draw.js", "text/javascript; charset=utf-8"),
    asset!("js/board-keys.js", "text/javascript; charset=utf-8"),
    asset!("js/board.js", "text/javascript; charset=utf-8"),
    asset!("js/clock.js", "text/javascript; charset=utf-8"),
    asset!("js/draw.js", "text/javascript; charset=utf-8"),
    asset!("js/editor.js", "text/javascript; charset=utf-8"),
    asset!("js/game.js", "text/javascript; charset=utf-8"),
    asset!("js/keys.js", "text/javascript; charset=utf-8"),
    asset!("js/link.js", "text/javascript; charset=utf-8"),
    asset!("js/main.js", "text/javascript; charset=utf-8"),
    asset!("js/movelist.js", "text/javascript; charset=utf-8"),
    asset!("js/picker.js", "text/javascript; charset=utf-8"),
    asset!("js/picture.js", "text/javascript; charset=utf-8"),
    asset!("js/pieces.js", "text/javascript; charset=utf-8"),
    asset!("js/play.js", "text/javascript; charset=utf-8"),
    asset!("js/records.js", "text/javascript; charset=utf-8"),
    asset!("js/review-panel.js", "text/javascript; charset=utf-8"),
    asset!("js/review.js", "text/javascript; charset=utf-8"),
    asset!("js/runner.js", "text/javascript; charset=utf-8"),
    asset!("js/speech.js", "text/javascript; charset=utf-8"),
    asset!("js/squares.js", "text/javascript; charset=utf-8"),
    asset!("js/state.js", "text/javascript; charset=utf-8"),
    asset!("js/tournament.js", "text/javascript; charset=utf-8"),
    asset!("js/tournament-draw.js", "text/javascript; charset=utf-8"),
    asset!("js/tree.js", "text/javascript; charset=utf-8"),
    asset!("js/typed.js", "text/javascript; charset=utf-8"),
    asset!("js/widgets.js", "text/javascript; charset=utf-8"),
];

/// The asset at `path`, if there is one.
pub fn find(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.path == path)
}

fn serve(asset: &'static Asset) -> Response {
    ([(header::CONTENT_TYPE, asset.content_type)], asset.body).into_response()
}

fn page_at(name: &str) -> Response {
    match find(name) {
        Some(a) => serve(a),
        None => ApiError::new(StatusCode::NOT_FOUND, "no page").into_response(),
    }
}

async fn page() -> Response {
    page_at("index.html")
}

/// The live view of a tournament (its data comes from `/api/tournament/`).
async fn tournament_page() -> Response {
    page_at("tournament.html")
}

async fn file(Path(path): Path<String>) -> Response {
    match find(&path) {
        Some(a) => serve(a),
        None => ApiError::new(StatusCode::NOT_FOUND, format!("no asset '{path}'")).into_response(),
    }
}

/// `GET /`, `GET /tournament` and `GET /assets/...`.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/", get(page))
        .route("/tournament", get(tournament_page))
        .route("/assets/{*path}", get(file))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files(&path, out);
            } else {
                out.push(path);
            }
        }
    }

    #[test]
    fn every_file_is_in_the_table_and_every_reference_is_served() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut on_disk = Vec::new();
        files(&root, &mut on_disk);
        let mut names: Vec<String> = on_disk
            .iter()
            .map(|p| p.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/"))
            .collect();
        names.sort();
        let mut table: Vec<String> = ASSETS.iter().map(|a| a.path.to_string()).collect();
        table.sort();
        assert_eq!(table, names, "engine/web/assets and the table differ");
        // Every /assets/ link of the page and every module import resolves.
        for asset in ASSETS {
            let text = String::from_utf8_lossy(asset.body);
            for (i, _) in text.match_indices("/assets/") {
                let rest = &text[i + "/assets/".len()..];
                let end = rest.find(['"', '\'', ')', ' ']).unwrap_or(rest.len());
                assert!(
                    find(&rest[..end]).is_some(),
                    "{} links to missing /assets/{}",
                    asset.path,
                    &rest[..end]
                );
            }
            for (i, _) in text.match_indices("from './") {
                let rest = &text[i + "from './".len()..];
                let name = &rest[..rest.find('\'').unwrap()];
                assert!(find(&format!("js/{name}")).is_some(), "{} imports missing {name}", asset.path);
            }
        }
    }

    #[test]
    fn the_page_has_no_inline_script_or_style() {
        // The content security policy allows only the server's own files.
        let page = String::from_utf8_lossy(find("index.html").unwrap().body);
        assert!(!page.contains("<script>") && !page.contains("style="), "inline script or style");
        assert!(!page.contains("onclick"), "inline handler");
        for asset in ASSETS.iter().filter(|a| a.path.ends_with(".js")) {
            let text = String::from_utf8_lossy(asset.body);
            assert!(
                !text.contains("style=\""),
                "{}: style attributes are refused by the CSP",
                asset.path
            );
            assert!(!text.contains("eval("), "{}", asset.path);
        }
    }
}
