//! Game records in and out: PGN in coordinates (the project's PGN reader,
//! `rules::text::pgn`, reads it back; so do `gorgon annotate` and the match
//! runner's `--stats`) and the inventor's notation (`rules::text::notation`),
//! each with its side lines: a game travels as a tree (`rules::GameTree`,
//! as JSON: [`tree_json`], [`TreeSpec`]; docs/WEB.md).

use crate::caps::Caps;
use crate::error::ApiError;
use crate::game::move_number;
use rules::text::pgn::ReadLimits;
use rules::text::{notation, pgn};
use rules::{GameResult, GameTree, Move, Position, Variant};
use serde::Deserialize;
use std::collections::BTreeMap;

/// How a record file is written or read: the whole file in one notation
/// (PGN in coordinates, or the inventor's notation). Not
/// `annotate::Notation`, which says how an annotated PGN writes its moves.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum RecordFormat {
    /// Try coordinates, then the inventor's notation (import only).
    #[default]
    Auto,
    /// PGN with coordinate moves (`e3e5`).
    Coord,
    /// The inventor's notation (`E3 - E5`, `ME x B10`).
    Book,
}

/// `1-0`, `0-1`, `1/2-1/2` or `*`.
pub fn result(text: Option<&str>) -> Result<Option<GameResult>, ApiError> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) => GameResult::from_pgn(t)
            .map(Some)
            .ok_or_else(|| ApiError::refused(format!("unknown result '{t}' (1-0, 0-1, 1/2-1/2 or *)"))),
    }
}

/// The game as PGN in coordinates: the seven-tag roster (with the page's
/// tags where given), `Variant`, `FEN` and `SetUp` when not the start, the
/// numbered moves with their glyphs, comments and side lines
/// ([`pgn::Movetext::tree`]) and the result.
pub fn export_coord(game: &GameTree, result: Option<GameResult>, tags: &BTreeMap<String, String>) -> String {
    let variant = game.start.variant();
    let result_text = result.unwrap_or(GameResult::Unfinished).to_string();
    let tag = |name: &str, default: &str| tags.get(name).cloned().unwrap_or_else(|| default.to_string());
    let mut out = String::new();
    for (name, default) in [
        ("Event", "Gorgon board"),
        ("Site", "gorgon serve"),
        ("Date", "????.??.??"),
        ("Round", "-"),
    ] {
        out.push_str(&pgn::tag_pair(name, &tag(name, default)));
    }
    out.push_str(&pgn::tag_pair("White", &tag("White", "?")));
    out.push_str(&pgn::tag_pair("Black", &tag("Black", "?")));
    out.push_str(&pgn::tag_pair("Result", &result_text));
    out.push_str(&pgn::tag_pair("Variant", variant.name()));
    if game.start.fen() != variant.start_fen() {
        out.push_str(&pgn::tag_pair("SetUp", "1"));
        out.push_str(&pgn::tag_pair("FEN", &game.start.fen()));
    }
    // Any other tag the page sends, after the roster (names are PGN symbols).
    for (name, value) in tags {
        let known = [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp", "FEN",
        ];
        if !known.contains(&name.as_str()) && !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            out.push_str(&pgn::tag_pair(name, value));
        }
    }
    out.push('\n');
    let mut movetext = pgn::Movetext::default();
    movetext.tree(game, |pos, m| pos.move_text(m));
    movetext.result(&result_text);
    out.push_str(&movetext.text());
    out.push('\n');
    out
}

/// The game in the inventor's notation, with its side lines and comments
/// (`notation::export_tree`).
pub fn export_book(game: &GameTree, result: Option<GameResult>) -> Result<String, ApiError> {
    notation::export_tree(game, result).map_err(|e| ApiError::refused(e.to_string()))
}

/// What an imported record holds.
#[derive(Debug)]
pub struct Imported {
    /// Each game with its side lines (node 1.. its main line).
    pub games: Vec<GameTree>,
    /// The format it was read in.
    pub format: RecordFormat,
}

/// Games of a coordinate PGN with their side lines: those of `variant`
/// (untagged games are played on it), else, when none is, those of the
/// other variant. A game whose moves, side lines included, are more than
/// `limits` (or the games so far, in all) is refused before anything
/// is replayed.
fn import_coord(text: &str, variant: Variant, limits: ReadLimits) -> Result<Vec<GameTree>, String> {
    let games = pgn::parse(text, "PGN").map_err(|e| e.to_string())?;
    let mut total = 0usize;
    for (i, g) in games.iter().enumerate() {
        total = total.saturating_add(g.tree_moves());
        limits
            .check(g.tree_moves(), total)
            .map_err(|e| format!("game {} ({}): {e}", i + 1, g.name()))?;
    }
    let on = |v: Variant| -> Result<(Vec<GameTree>, usize), String> {
        let (mut trees, mut other) = (Vec::new(), 0);
        for (i, g) in games.iter().enumerate() {
            match pgn::replay_tree(g, i + 1, "PGN", v).map_err(|e| e.to_string())? {
                Some(t) => trees.push(t),
                None => other += 1,
            }
        }
        Ok((trees, other))
    };
    let (trees, other) = on(variant)?;
    if !trees.is_empty() || other == 0 {
        return Ok(trees);
    }
    let second = Variant::ALL.into_iter().find(|&v| v != variant).unwrap_or(variant);
    on(second).map(|(t, _)| t)
}

/// Reads the games of a record; `Auto` tries coordinates first, and a
/// record neither reader takes is refused with both readers' messages.
/// Both readers stop at the first game over `limits`, before replaying it.
pub fn import(text: &str, variant: Variant, format: RecordFormat, limits: ReadLimits) -> Result<Imported, ApiError> {
    let coord = || import_coord(text, variant, limits);
    let book = || notation::import_trees_within(text, variant, limits).map_err(|e| e.to_string());
    let (games, read_as) = match format {
        RecordFormat::Coord => (coord().map_err(ApiError::refused)?, RecordFormat::Coord),
        RecordFormat::Book => (book().map_err(ApiError::refused)?, RecordFormat::Book),
        RecordFormat::Auto => match coord() {
            Ok(g) if !g.is_empty() => (g, RecordFormat::Coord),
            first => match book() {
                Ok(g) if !g.is_empty() => (g, RecordFormat::Book),
                second => {
                    let why = |r: Result<Vec<GameTree>, String>| r.err().unwrap_or_else(|| "no moves".into());
                    return Err(ApiError::refused(format!(
                        "not a game in coordinates ({}) nor in the inventor's notation ({})",
                        why(first),
                        why(second)
                    )));
                }
            },
        },
    };
    if games.is_empty() {
        return Err(ApiError::refused("no game in the text"));
    }
    Ok(Imported { games, format: read_as })
}

/// A game as the page holds it: its main line as `moves`, and the whole
/// tree as `tree` ([`tree_json`]).
pub fn game_json(tree: &GameTree) -> serde_json::Value {
    let record = tree.record();
    let g = record.start.geometry();
    let fen = record.start.fen();
    let start = Position::startpos(record.start.variant()).fen();
    serde_json::json!({
        "variant": record.start.variant().name(),
        "fen": if fen == start { None } else { Some(fen) },
        "moves": record.moves.iter().map(|m| m.text(g)).collect::<Vec<_>>(),
        "result": record.result.filter(|r| *r != GameResult::Unfinished).map(|r| r.to_string()),
        "tree": tree_json(tree),
    })
}

/// A tree as JSON: `{"nodes": [...]}`, node 0 the start position
/// (`"move": null`), each node with its `move` (coordinates), `parent`,
/// `children` (node numbers, the main line first), and when it has them
/// its `comment` (the `{...}` comments after the move, joined by a space),
/// `before` (a side line's comment before its first move) and `nags`.
pub fn tree_json(tree: &GameTree) -> serde_json::Value {
    let g = tree.start.geometry();
    let nodes: Vec<serde_json::Value> = tree
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let mut node = serde_json::json!({
                "move": n.mv.map(|m| m.text(g)),
                "parent": if i == 0 { None } else { Some(n.parent) },
                "children": n.children,
            });
            if !n.comments.is_empty() {
                node["comment"] = n.comments.join(" ").into();
            }
            if !n.before.is_empty() {
                node["before"] = n.before.join(" ").into();
            }
            if !n.nags.is_empty() {
                node["nags"] = n.nags.clone().into();
            }
            node
        })
        .collect();
    serde_json::json!({ "nodes": nodes })
}

/// A tree as the page sends it ([`tree_json`]'s form; `parent` may be
/// left out).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TreeSpec {
    pub nodes: Vec<NodeSpec>,
}

/// One node of a [`TreeSpec`].
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct NodeSpec {
    /// Coordinates; none for node 0.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// Checked against the children lists when given.
    #[serde(default)]
    pub parent: Option<usize>,
    #[serde(default)]
    pub children: Vec<usize>,
    #[serde(default)]
    pub comment: Option<String>,
    #[serde(default)]
    pub before: Option<String>,
    #[serde(default)]
    pub nags: Vec<u8>,
}

impl TreeSpec {
    /// The tree replayed from `start`: every node but node 0 a legal move
    /// in its parent's position, every node reached from node 0 once. The
    /// moves count against the plies cap before anything is replayed.
    /// Nodes are renumbered depth first, the main line first.
    pub fn replay(&self, start: &Position, result: Option<GameResult>, caps: &Caps) -> Result<GameTree, ApiError> {
        let refuse = |i: usize, why: String| ApiError::refused(format!("tree node {i}: {why}"));
        let Some(root) = self.nodes.first() else {
            return Err(ApiError::refused("a tree needs node 0, the start position"));
        };
        caps.plies(self.nodes.len() - 1)?;
        if root.mv.is_some() || root.parent.is_some() || root.before.is_some() || !root.nags.is_empty() {
            return Err(refuse(0, "the start position has no move, parent, before or nags".into()));
        }
        // Each node the child of one parent, none of node 0.
        let mut parent = vec![None; self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            for &c in &n.children {
                if c == 0 || c >= self.nodes.len() {
                    return Err(refuse(i, format!("no node {c} to be its child")));
                }
                if parent[c].replace(i).is_some() {
                    return Err(refuse(c, "the child of two nodes".into()));
                }
            }
        }
        for (i, n) in self.nodes.iter().enumerate().skip(1) {
            if parent[i].is_none() {
                return Err(refuse(i, "the child of no node".into()));
            }
            if n.parent.is_some_and(|p| Some(p) != parent[i]) {
                return Err(refuse(
                    i,
                    format!("its parent is node {}, not {}", parent[i].unwrap_or(0), n.parent.unwrap_or(0)),
                ));
            }
            if n.before.is_some() && self.nodes[parent[i].unwrap_or(0)].children.first() == Some(&i) {
                return Err(refuse(
                    i,
                    "'before' is kept on a side line's first move only (a comment before the game is node 0's)".into(),
                ));
            }
        }
        // Depth first, one position made and unmade.
        let mut tree = GameTree::new(start.clone(), result);
        let said = |c: &Option<String>| c.iter().filter(|c| !c.is_empty()).cloned().collect::<Vec<_>>();
        tree.nodes[0].comments = said(&root.comment);
        let mut pos = start.clone();
        let mut path: Vec<Move> = Vec::new();
        let mut seen = 1;
        let mut stack: Vec<(usize, usize, usize)> = root.children.iter().rev().map(|&c| (c, 0, 0)).collect();
        while let Some((i, made_parent, depth)) = stack.pop() {
            while path.len() > depth {
                path.pop();
                pos.unmake();
            }
            let n = &self.nodes[i];
            let text = n.mv.as_deref().ok_or_else(|| refuse(i, "no move".into()))?;
            let m = pos
                .parse_move(text)
                .map_err(|e| refuse(i, format!("ply {} ({} {}): {e}", depth + 1, move_number(&pos), text.trim())))?;
            let id = tree.push(made_parent, m);
            let node = &mut tree.nodes[id];
            node.comments = said(&n.comment);
            node.before = said(&n.before);
            node.nags = n.nags.clone();
            pos.make(m);
            path.push(m);
            seen += 1;
            stack.extend(n.children.iter().rev().map(|&c| (c, id, depth + 1)));
        }
        if seen < self.nodes.len() {
            // A node with one parent that node 0 does not reach is on a cycle.
            return Err(ApiError::refused("tree nodes in a cycle, not reached from node 0"));
        }
        Ok(tree)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caps::Caps;
    use crate::game::GameSpec;
    use rules::GameRecord;

    fn game(variant: &str, fen: Option<&str>, moves: &str) -> GameTree {
        let g = GameSpec {
            variant: variant.into(),
            fen: fen.map(String::from),
            moves: moves.split_whitespace().map(String::from).collect(),
        }
        .replay(&Caps::default())
        .unwrap();
        GameTree::from_record(&GameRecord {
            start: g.start,
            moves: g.moves,
            result: None,
        })
    }

    #[test]
    fn coordinate_pgn_round_trips() {
        let g = game("pom", None, "e3e5 h10h8 f2c5 g9g7 e2c3");
        let mut tags = BTreeMap::new();
        tags.insert("White".to_string(), "Me \"quoted\"".to_string());
        tags.insert("Annotator".to_string(), "x".to_string());
        tags.insert("Bad Name]".to_string(), "y".to_string());
        let text = export_coord(&g, Some(GameResult::WhiteWins), &tags);
        assert!(text.contains("[White \"Me \\\"quoted\\\"\"]\n"), "{text}");
        assert!(text.contains("[Annotator \"x\"]") && !text.contains("Bad Name"), "{text}");
        assert!(text.ends_with("1. e3e5 h10h8 2. f2c5 g9g7 3. e2c3 1-0\n"), "{text}");
        let back = import(&text, Variant::MiniPom, RecordFormat::Auto, ReadLimits::NONE).unwrap();
        assert_eq!(back.format, RecordFormat::Coord);
        assert_eq!(
            back.games[0].main_line(),
            g.main_line(),
            "the Variant tag wins over the page's variant"
        );
        assert_eq!(back.games[0].result, Some(GameResult::WhiteWins));
        assert!(!back.games[0].has_variations());
    }

    #[test]
    fn a_set_up_position_keeps_its_fen_and_black_starts_with_dots() {
        let fen = "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/4W4/WWWW1WWWW/TH(A)QKE(A)HT b ACFGIacfgi - 0 1";
        let g = game("minipom", Some(fen), "e8e6 e3e4");
        let text = export_coord(&g, None, &BTreeMap::new());
        assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
        assert!(text.ends_with("1... e8e6 2. e3e4 *\n"), "{text}");
        let back = import(&text, Variant::Pom, RecordFormat::Coord, ReadLimits::NONE).unwrap();
        assert_eq!(back.games[0].start.fen(), fen);
        assert_eq!(game_json(&back.games[0])["fen"], fen);
    }

    #[test]
    fn the_inventors_notation_round_trips_and_auto_finds_it() {
        let g = game(
            "pom",
            None,
            "e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8 c5c8 d11e10 f3b7 b11a9 c8d8 e10b7 d8b10",
        );
        let text = export_book(&g, None).unwrap();
        assert!(text.contains("ME x B10"), "{text}");
        let back = import(&text, Variant::Pom, RecordFormat::Auto, ReadLimits::NONE).unwrap();
        assert_eq!(back.format, RecordFormat::Book);
        assert_eq!(back.games[0].main_line(), g.main_line());
        assert_eq!(game_json(&back.games[0])["fen"], serde_json::Value::Null);
    }

    #[test]
    fn nonsense_is_refused_with_both_readers_words() {
        let e = import("hello world", Variant::Pom, RecordFormat::Auto, ReadLimits::NONE).unwrap_err();
        assert!(e.message.starts_with("not a game in coordinates"), "{}", e.message);
        assert!(import("", Variant::Pom, RecordFormat::Coord, ReadLimits::NONE).is_err());
        assert!(import("1. e3e9", Variant::Pom, RecordFormat::Coord, ReadLimits::NONE)
            .unwrap_err()
            .message
            .contains("e3e9"));
        assert!(result(Some("2-0")).is_err());
        assert_eq!(result(Some(" 1/2-1/2 ")), Ok(Some(GameResult::Draw)));
    }

    fn spec(nodes: serde_json::Value) -> TreeSpec {
        serde_json::from_value(serde_json::json!({ "nodes": nodes })).unwrap()
    }

    /// A tree from the page: written with its side lines, comments and
    /// glyphs in coordinate PGN, imported back to the same tree, and its
    /// JSON read back to the same tree too.
    #[test]
    fn a_tree_round_trips_through_coordinate_pgn_and_json() {
        let tree = spec(serde_json::json!([
            {"children": [1, 3], "comment": "start"},
            {"move": "e3e5", "children": [2], "nags": [1]},
            {"move": "h10h8", "comment": "main"},
            {"move": "e3e4", "children": [4, 5], "before": "or", "comment": "side"},
            {"move": "h10h8"},
            {"move": "g9g7", "parent": 3},
        ]))
        .replay(&Position::startpos(Variant::Pom), None, &Caps::default())
        .unwrap();
        let text = export_coord(&tree, None, &BTreeMap::new());
        assert!(
            text.ends_with("{start} 1. e3e5 $1 ({or} 1. e3e4 {side} 1... h10h8 (1... g9g7)) 1... h10h8\n{main} *\n"),
            "{text}"
        );
        let back = import(&text, Variant::Pom, RecordFormat::Coord, ReadLimits::NONE).unwrap();
        assert_eq!(back.games[0].nodes, tree.nodes, "the result `*` reads as Unfinished");
        let json = tree_json(&tree);
        assert_eq!(json["nodes"][3]["parent"], 0);
        assert_eq!(json["nodes"][3]["children"], serde_json::json!([4, 5]));
        assert_eq!(json["nodes"][1]["nags"], serde_json::json!([1]));
        let again: TreeSpec = serde_json::from_value(json).unwrap();
        assert_eq!(again.replay(&tree.start, None, &Caps::default()).unwrap(), tree);
        assert_eq!(game_json(&tree)["moves"], serde_json::json!(["e3e5", "h10h8"]));
    }

    /// A tree that is not one, a move illegal in its branch, a comment
    /// that cannot be written where it stands, and the cap: each refused
    /// with the node named.
    #[test]
    fn a_bad_tree_is_refused_naming_the_node() {
        let start = Position::startpos(Variant::Pom);
        let caps = Caps::default();
        for (nodes, says) in [
            (serde_json::json!([]), "needs node 0"),
            (serde_json::json!([{"move": "e3e5"}]), "tree node 0: the start position"),
            (
                serde_json::json!([{"children": [1, 1]}, {"move": "e3e5"}]),
                "tree node 1: the child of two nodes",
            ),
            (serde_json::json!([{"children": [2]}, {"move": "e3e5"}]), "tree node 0: no node 2"),
            (
                serde_json::json!([{"children": [1]}, {"move": "e3e5"}, {"move": "h10h8"}]),
                "tree node 2: the child of no node",
            ),
            (
                serde_json::json!([{"children": [1]}, {"move": "e3e5", "children": [3]}, {"move": "h10h8", "children": [2]}, {"move": "h10h8", "children": [2]}]),
                "the child of two nodes",
            ),
            (
                serde_json::json!([{"children": [1]}, {"move": "e3e5"}, {"move": "h10h8", "children": [3]}, {"move": "f2c5", "children": [2]}]),
                "cycle",
            ),
            (
                serde_json::json!([{"children": [1, 2]}, {"move": "e3e5", "children": [3]}, {"move": "e3e4", "children": [4]}, {"move": "h10h8"}, {"move": "e5e6"}]),
                "tree node 4: ply 2 (1... e5e6): move 'e5e6'",
            ),
            (
                serde_json::json!([{"children": [1]}, {"move": "e3e5", "parent": 2}]),
                "its parent is node 0, not 2",
            ),
            (
                serde_json::json!([{"children": [1]}, {"move": "e3e5", "before": "x"}]),
                "side line's first move only",
            ),
        ] {
            let e = spec(nodes.clone()).replay(&start, None, &caps).unwrap_err();
            assert!(e.message.contains(says), "{nodes}: {}", e.message);
        }
        let small = Caps {
            plies: 1,
            ..Caps::default()
        };
        let two = spec(serde_json::json!([{"children": [1, 2]}, {"move": "e3e5"}, {"move": "e3e4"}]));
        assert!(two.replay(&start, None, &small).unwrap_err().message.contains("cap of 1"));
        let text = "1. e3e5 (1. e3e4) *";
        let limits = ReadLimits { plies: 1, total: 100 };
        let e = import(text, Variant::Pom, RecordFormat::Coord, limits).unwrap_err();
        assert!(e.message.contains("2 plies is over the cap of 1"), "{}", e.message);
    }
}
