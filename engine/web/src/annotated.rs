//! `gorgon annotate --html`: one annotated game as a single HTML file that
//! works from disk with no server (docs/ANALYSIS.md). Everything is inline:
//! the browser board's style sheet, its board, move list and graph modules
//! (engine/web/assets/js) bundled with the page's own script
//! (engine/web/annotated), and the game as JSON: the board of every ply
//! ([`view::board_json`]), the moves ([`view::history_json`]), what
//! annotate says of each ([`annotate::remarks`]) and the review
//! ([`review::review_json`]).
//!
//! It lives in the web package because it draws with the page's files;
//! only the gorgon binary links this package (scripts/check-no-web-stack.sh).

use crate::game::ReplayedGame;
use crate::{review, view};
use engine::analysis::annotate::{self, Analysis, Judgement, Notation};
use rules::text::pgn::PgnGame;
use rules::{line_texts, GameRecord};
use serde_json::{json, Value};

/// The modules the page runs, in dependency order: the browser board's
/// own, then the page's.
const MODULES: [(&str, &str); 9] = [
    ("pieces.js", include_str!("../assets/js/pieces.js")),
    ("squares.js", include_str!("../assets/js/squares.js")),
    ("board-draw.js", include_str!("../assets/js/board-draw.js")),
    ("board-drag.js", include_str!("../assets/js/board-drag.js")),
    ("board-keys.js", include_str!("../assets/js/board-keys.js")),
    ("board.js", include_str!("../assets/js/board.js")),
    ("movelist.js", include_str!("../assets/js/movelist.js")),
    ("review.js", include_str!("../assets/js/review.js")),
    ("annotated.js", include_str!("../annotated/annotated.js")),
];

const STYLE: &str = include_str!("../assets/style.css");
const PAGE_STYLE: &str = include_str!("../annotated/annotated.css");

/// One annotated game, as `gorgon annotate` judged it.
#[derive(Clone, Copy, Debug)]
pub struct AnnotatedGame<'a> {
    /// The game as read (its tags).
    pub written: &'a PgnGame,
    pub game: &'a GameRecord,
    /// One per position, the last included.
    pub analyses: &'a [Analysis],
    pub judgements: &'a [Judgement],
    /// The page writes book moves for [`Notation::Book`], coordinates
    /// otherwise.
    pub notation: Notation,
    /// `Gorgon 0.1.0 (depth 14 per position)`.
    pub annotator: &'a str,
}

/// The page of one game.
pub fn page(a: &AnnotatedGame) -> Result<String, String> {
    let script = bundle(&MODULES)?;
    let result = a.game.result.map_or("*".to_string(), |r| r.to_string());
    let title = format!("{} {result} ({})", a.written.name(), a.game.start.variant().name());
    let data = serde_json::to_string(&game_json(a)).map_err(|e| format!("the game as JSON: {e}"))?;
    // In a <script> element only `</script` ends it, and `<` occurs in the
    // JSON only inside strings, where `\u003c` reads the same.
    let data = data.replace('<', "\\u003c");
    for (name, text) in [("style.css", STYLE), ("annotated.css", PAGE_STYLE)] {
        if text.contains("</style") {
            return Err(format!("{name} closes its <style> element"));
        }
    }
    let title = escape(&title);
    let annotator = escape(a.annotator);
    Ok(format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="{annotator}">
<title>{title}</title>
<style>
{STYLE}
{PAGE_STYLE}
</style>
</head>
<body>
<header>
  <h1>{title}</h1>
  <dl id="tags" class="tags"></dl>
</header>
<main>
  <section class="board-area">
    <div class="board-column">
      <svg id="board" class="board" role="img" aria-label="The board"></svg>
    </div>
  </section>
  <aside class="side">
    <div id="status" class="status" role="status"></div>
    <div id="remark" class="remark panel" aria-live="polite"></div>
    <div class="toolbar">
      <button type="button" id="first" title="Start (Home)">&laquo;</button>
      <button type="button" id="prev" title="Back (Left arrow)">&lsaquo;</button>
      <button type="button" id="next" title="Forward (Right arrow)">&rsaquo;</button>
      <button type="button" id="last" title="End (End)">&raquo;</button>
      <button type="button" id="flip" title="Flip the board (f)">Flip</button>
    </div>
    <ol id="moves" class="moves" aria-label="Moves"></ol>
    <section class="panel">
      <h2>Evaluation</h2>
      <svg id="graph" class="graph" role="img" aria-label="White's expected score after every move"></svg>
      <p id="summary" class="review-summary"></p>
    </section>
    <section class="panel">
      <h2>Annotations</h2>
      <ol id="annotations" class="annotations"></ol>
    </section>
    <p class="credit">Annotated by {annotator}.</p>
  </aside>
</main>
<script type="application/json" id="game">{data}</script>
<script>
{script}
</script>
</body>
</html>
"#
    ))
}

/// The page's data: tags, the board of every ply, the moves, the remarks
/// on each and the review.
fn game_json(a: &AnnotatedGame) -> Value {
    let notation = match a.notation {
        Notation::Book => Notation::Book,
        Notation::Coord | Notation::Xboard => Notation::Coord,
    };
    let start = &a.game.start;
    let g = start.geometry();
    let mut pos = start.clone();
    let mut boards = vec![Value::Object(view::board_json(&pos))];
    let mut notes = Vec::with_capacity(a.game.moves.len());
    for (ply, &m) in a.game.moves.iter().enumerate() {
        let r = annotate::remarks(&pos, m, &a.judgements[ply], &a.analyses[ply], &a.analyses[ply + 1], notation);
        let line = line_texts(&pos, &r.line, |p, m| notation.text(p, m));
        let best = r
            .line
            .first()
            .map(|b| json!({ "from": g.square_name(b.from()), "to": g.square_name(b.to()) }));
        notes.push(json!({
            "eval": r.eval,
            "depth": r.depth,
            "outcome": r.outcome,
            "words": r.words,
            "line": (!line.is_empty()).then(|| line.join(" ")),
            "best": best,
        }));
        pos.make(m);
        boards.push(Value::Object(view::board_json(&pos)));
    }
    let replayed = ReplayedGame {
        start: start.clone(),
        moves: a.game.moves.clone(),
        pos,
    };
    let depth = a.analyses.iter().map(|v| v.best.depth).max().unwrap_or(0);
    json!({
        "tags": a.written.tags,
        "notation": if notation == Notation::Book { "book" } else { "coord" },
        "boards": boards,
        "history": view::history_json(&replayed),
        "notes": notes,
        "review": review::review_json(&replayed, a.analyses, a.judgements, depth),
    })
}

/// Text for HTML element content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The scope name of a module (`board.js` -> `module_board`).
fn scope(file: &str) -> String {
    let stem = file.strip_suffix(".js").unwrap_or(file);
    format!("module_{}", stem.replace(|c: char| !c.is_ascii_alphanumeric(), "_"))
}

/// One classic script from ES modules, so that the page runs from a
/// `file://` address (where a browser fetches no module files): each
/// module's body runs in its own function scope and returns what it
/// exports; `import { a, b } from './x.js';` takes them from x's scope.
/// Only the forms the page's modules use are read (one-line named
/// imports, `export` before `function`, `class`, `const`, `let`); any
/// other is refused by name, as is a module imported before it is bundled.
pub fn bundle(modules: &[(&str, &str)]) -> Result<String, String> {
    let mut out = String::from("'use strict';\n");
    let mut done: Vec<&str> = Vec::new();
    for &(file, source) in modules {
        let mut body = String::new();
        let mut exports: Vec<String> = Vec::new();
        for (n, line) in source.lines().enumerate() {
            let at = || format!("{file}:{}", n + 1);
            if let Some(rest) = line.strip_prefix("import ") {
                let (names, from) = rest
                    .split_once(" from ")
                    .ok_or_else(|| format!("{}: an import this bundler cannot read: {line}", at()))?;
                let target = from
                    .trim()
                    .trim_end_matches(';')
                    .trim_matches(|c| c == '\'' || c == '"')
                    .strip_prefix("./")
                    .ok_or_else(|| format!("{}: only './' imports are bundled: {line}", at()))?;
                if !names.trim_start().starts_with('{') || !done.contains(&target) {
                    return Err(format!("{}: imports {target}, which is not bundled before it", at()));
                }
                body.push_str(&format!("const {} = {};\n", names.trim(), scope(target)));
            } else if let Some(rest) = line.strip_prefix("export ") {
                let declaration = rest.strip_prefix("async ").unwrap_or(rest);
                let name = ["function ", "class ", "const ", "let "]
                    .iter()
                    .find_map(|k| declaration.strip_prefix(k))
                    .map(|r| {
                        r.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
                            .next()
                            .unwrap_or("")
                    })
                    .filter(|name| !name.is_empty())
                    .ok_or_else(|| format!("{}: an export this bundler cannot read: {line}", at()))?;
                exports.push(name.to_string());
                body.push_str(rest);
                body.push('\n');
            } else if line.trim_start().starts_with("import ") || line.trim_start().starts_with("export ") {
                return Err(format!("{}: an indented import or export: {line}", at()));
            } else {
                body.push_str(line);
                body.push('\n');
            }
        }
        if body.to_ascii_lowercase().contains("</script") {
            return Err(format!("{file} holds '</script', which would end the page's script"));
        }
        out.push_str(&format!(
            "const {} = (() => {{\n{body}return {{ {} }};\n}})();\n",
            scope(file),
            exports.join(", ")
        ));
        done.push(file);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::analysis::Verdict;
    use protocol::ScoreValue;
    use rules::{GameResult, Position, Variant};

    fn verdict(best: Option<rules::Move>, wdl: [u32; 3], cp: i32) -> Verdict {
        Verdict {
            best,
            score: ScoreValue::Cp(cp),
            wdl,
            depth: 7,
            seldepth: 9,
            nodes: 1000,
            time_ms: 1,
            pv: best.into_iter().collect(),
            outcome: None,
        }
    }

    /// Mini-POM, two moves: White's is the engine's own, Black's a
    /// blunder the engine would have played otherwise.
    fn sample() -> (PgnGame, GameRecord, Vec<Analysis>) {
        let mut pos = Position::startpos(Variant::MiniPom);
        let w = pos.parse_move("e2e3").unwrap();
        pos.make(w);
        let b = pos.parse_move("e8e7").unwrap();
        let better = pos.parse_move("d8d6").unwrap();
        let game = GameRecord {
            start: Position::startpos(Variant::MiniPom),
            moves: vec![w, b],
            result: Some(GameResult::WhiteWins),
        };
        let analyses = vec![
            Analysis {
                best: verdict(Some(w), [300, 500, 200], 20),
                played: None,
            },
            Analysis {
                best: verdict(Some(better), [200, 500, 300], -20),
                played: Some(verdict(Some(b), [50, 250, 700], -250)),
            },
            Analysis {
                best: verdict(None, [700, 250, 50], 250),
                played: None,
            },
        ];
        let written = PgnGame {
            tags: vec![("White".into(), "Ann <the bold>".into()), ("Black".into(), "Bob".into())],
            ..PgnGame::default()
        };
        (written, game, analyses)
    }

    fn sample_page() -> String {
        let (written, game, analyses) = sample();
        let judgements = annotate::judge(&game, &analyses);
        page(&AnnotatedGame {
            written: &written,
            game: &game,
            analyses: &analyses,
            judgements: &judgements,
            notation: Notation::Coord,
            annotator: "Gorgon test (depth 7 per position)",
        })
        .unwrap()
    }

    /// The JSON of the page's `#game` element.
    fn data(html: &str) -> Value {
        let start = html.find(r#"<script type="application/json" id="game">"#).unwrap();
        let rest = &html[start..];
        let json = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn the_page_is_self_contained() {
        let html = sample_page();
        assert!(html.starts_with("<!doctype html>") && html.trim_end().ends_with("</html>"));
        // Nothing is fetched: no links, no script or style files, no
        // addresses but the SVG namespace board.js creates elements in.
        let without_namespace = html.replace("'http://www.w3.org/2000/svg'", "");
        for reference in ["http://", "https://", "<link", "src=", "@import", "url(http", "//cdn"] {
            assert!(!without_namespace.contains(reference), "the page refers to {reference}");
        }
        for (i, _) in html.match_indices("href=\"") {
            assert!(html[i + 6..].starts_with('#'), "a link off the page: {}", &html[i..i + 40]);
        }
        for (i, _) in html.match_indices("url(") {
            assert!(html[i + 4..].starts_with('#'), "a resource off the page: {}", &html[i..i + 30]);
        }
        // One script and one data element, the modules bundled: no
        // import or export statement is left for a browser to fetch.
        assert_eq!(html.matches("<script").count(), 2);
        assert_eq!(html.matches("</script>").count(), 2);
        assert!(!html.contains("type=\"module\""));
        for line in html.lines() {
            assert!(!line.starts_with("import ") && !line.starts_with("export "), "{line}");
        }
        for element in ["<html", "<head>", "<style>", "</style>", "<body>", "</body>", "<main>", "</main>"] {
            assert_eq!(html.matches(element).count(), 1, "{element}");
        }
        // The style sheet and the piece drawings come from the browser board's files.
        assert!(html.contains(".square.light { fill: var(--light); }"));
        assert!(html.contains("const PIECE_SET = {"));
        assert!(!html.contains("export class Board") && html.contains("class Board {"));
    }

    #[test]
    fn the_page_has_the_moves_the_comments_and_every_board() {
        let html = sample_page();
        // The title, escaped; the tags in the data, where a `<` cannot end the script.
        assert!(html.contains("<title>Ann &lt;the bold&gt; - Bob 1-0 (minipom)</title>"), "{html}");
        assert!(!html.contains("<the bold>"));
        let d = data(&html);
        assert_eq!(d["tags"][0], json!(["White", "Ann <the bold>"]));
        let moves: Vec<&str> = d["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["move"].as_str().unwrap())
            .collect();
        assert_eq!(moves, ["e2e3", "e8e7"]);
        // White's move: its evaluation; Black's: the blunder, the engine's
        // move with its arrow and line.
        assert_eq!(d["notes"][0]["eval"], "0.20");
        assert_eq!(d["notes"][0]["words"], json!([]));
        assert_eq!(d["notes"][1]["eval"], "2.50");
        assert_eq!(d["notes"][1]["words"], json!(["Blunder.", "Gorgon prefers d8d6 (+0.20)."]));
        assert_eq!(d["notes"][1]["line"], "d8d6");
        assert_eq!(d["notes"][1]["best"], json!({"from": "d8", "to": "d6"}));
        assert_eq!(d["review"]["moves"][1]["glyph"], "??");
        assert_eq!(d["review"]["curve"].as_array().unwrap().len(), 3);
        // A board per ply: the Sword leaves e2 for e3, then Black's e8 for e7.
        let boards = d["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 3);
        assert!(boards[0]["pieces"].get("e2").is_some() && boards[0]["pieces"].get("e3").is_none());
        assert!(boards[1]["pieces"].get("e2").is_none() && boards[1]["pieces"]["e3"]["kind"] == "W");
        assert!(boards[2]["pieces"].get("e8").is_none() && boards[2]["pieces"]["e7"]["color"] == "b");
        assert_eq!(boards[0]["files"], 9);
    }

    #[test]
    fn the_bundler_scopes_each_module_and_refuses_what_it_cannot_read() {
        let script = bundle(&[
            ("a.js", "const NS = 1;\nexport function f() { return NS; }\n"),
            (
                "b.js",
                "import { f } from './a.js';\nconst NS = 2;\nexport const g = () => f() + NS;\n",
            ),
        ])
        .unwrap();
        assert!(script.contains("const module_a = (() => {"), "{script}");
        assert!(script.contains("return { f };"), "{script}");
        assert!(script.contains("const { f } = module_a;"), "{script}");
        assert!(script.contains("return { g };"), "{script}");
        let before = bundle(&[("b.js", "import { f } from './a.js';\n")]).unwrap_err();
        assert!(before.contains("b.js:1") && before.contains("a.js"), "{before}");
        let default = bundle(&[("a.js", "export default 3;\n")]).unwrap_err();
        assert!(default.contains("a.js:1"), "{default}");
        let closing = bundle(&[("a.js", "const s = '</script>';\n")]).unwrap_err();
        assert!(closing.contains("</script"), "{closing}");
        // The page's own modules all bundle.
        bundle(&MODULES).unwrap();
    }
}
