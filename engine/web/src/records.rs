//! Game records in and out: PGN in coordinates (the project's PGN reader,
//! `rules::pgn`, reads it back; so do `gorgon annotate` and the match
//! runner's `--stats`) and the inventor's notation (`rules::notation`).

use crate::error::ApiError;
use crate::game::{move_number, ReplayedGame};
use rules::pgn::ReadLimits;
use rules::{notation, pgn, Color, GameRecord, GameResult, Position, Variant};
use serde::Deserialize;
use std::collections::BTreeMap;

/// How a record is written or read.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
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
/// numbered moves and the result.
pub fn export_coord(game: &ReplayedGame, result: Option<GameResult>, tags: &BTreeMap<String, String>) -> String {
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
    let mut tokens = Vec::with_capacity(game.moves.len() * 3 / 2 + 2);
    let mut pos = game.start.clone();
    for (i, &m) in game.moves.iter().enumerate() {
        if pos.side_to_move() == Color::White || i == 0 {
            tokens.push(move_number(&pos));
        }
        tokens.push(pos.move_text(m));
        pos.make(m);
    }
    tokens.push(result_text);
    out.push_str(&pgn::movetext(&tokens));
    out.push('\n');
    out
}

/// The game in the inventor's notation.
pub fn export_book(game: &ReplayedGame, result: Option<GameResult>) -> Result<String, ApiError> {
    notation::export(&game.start, &game.moves, result).map_err(|e| ApiError::refused(e.to_string()))
}

/// What an imported record holds.
#[derive(Debug)]
pub struct Imported {
    pub games: Vec<GameRecord>,
    /// The notation it was read in.
    pub notation: Notation,
}

/// Games of a coordinate PGN: those of `variant` (untagged games are
/// played on it), else, when none is, those of the other variant.
fn import_coord(text: &str, variant: Variant, limits: ReadLimits) -> Result<Vec<GameRecord>, String> {
    let (games, other) = pgn::read_games_within(text, "PGN", variant, limits).map_err(|e| e.to_string())?;
    if !games.is_empty() || other == 0 {
        return Ok(games);
    }
    let second = Variant::ALL.into_iter().find(|&v| v != variant).unwrap_or(variant);
    pgn::read_games_within(text, "PGN", second, limits)
        .map(|(g, _)| g)
        .map_err(|e| e.to_string())
}

/// Reads the games of a record; `Auto` tries coordinates first, and a
/// record neither reader takes is refused with both readers' messages.
/// Both readers stop at the first game over `limits`, before replaying it.
pub fn import(text: &str, variant: Variant, notation: Notation, limits: ReadLimits) -> Result<Imported, ApiError> {
    let coord = || import_coord(text, variant, limits);
    let book = || notation::import_within(text, variant, limits).map_err(|e| e.to_string());
    let (games, read_as) = match notation {
        Notation::Coord => (coord().map_err(ApiError::refused)?, Notation::Coord),
        Notation::Book => (book().map_err(ApiError::refused)?, Notation::Book),
        Notation::Auto => match coord() {
            Ok(g) if !g.is_empty() => (g, Notation::Coord),
            first => match book() {
                Ok(g) if !g.is_empty() => (g, Notation::Book),
                second => {
                    let why = |r: Result<Vec<GameRecord>, String>| r.err().unwrap_or_else(|| "no moves".into());
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
    Ok(Imported { games, notation: read_as })
}

/// A game as the page holds it.
pub fn game_json(record: &GameRecord) -> serde_json::Value {
    let g = record.start.geometry();
    let fen = record.start.fen();
    let start = Position::startpos(record.start.variant()).fen();
    serde_json::json!({
        "variant": record.start.variant().name(),
        "fen": if fen == start { None } else { Some(fen) },
        "moves": record.moves.iter().map(|m| m.text(g)).collect::<Vec<_>>(),
        "result": record.result.filter(|r| *r != GameResult::Unfinished).map(|r| r.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caps::Caps;
    use crate::game::GameSpec;

    fn game(variant: &str, fen: Option<&str>, moves: &str) -> ReplayedGame {
        GameSpec {
            variant: variant.into(),
            fen: fen.map(String::from),
            moves: moves.split_whitespace().map(String::from).collect(),
        }
        .replay(&Caps::default())
        .unwrap()
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
        let back = import(&text, Variant::MiniPom, Notation::Auto, ReadLimits::NONE).unwrap();
        assert_eq!(back.notation, Notation::Coord);
        assert_eq!(back.games[0].moves, g.moves, "the Variant tag wins over the page's variant");
        assert_eq!(back.games[0].result, Some(GameResult::WhiteWins));
    }

    #[test]
    fn a_set_up_position_keeps_its_fen_and_black_starts_with_dots() {
        let fen = "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/4W4/WWWW1WWWW/TH(A)QKE(A)HT b ACFGIacfgi - 0 1";
        let g = game("minipom", Some(fen), "e8e6 e3e4");
        let text = export_coord(&g, None, &BTreeMap::new());
        assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
        assert!(text.ends_with("1... e8e6 2. e3e4 *\n"), "{text}");
        let back = import(&text, Variant::Pom, Notation::Coord, ReadLimits::NONE).unwrap();
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
        let back = import(&text, Variant::Pom, Notation::Auto, ReadLimits::NONE).unwrap();
        assert_eq!(back.notation, Notation::Book);
        assert_eq!(back.games[0].moves, g.moves);
        assert_eq!(game_json(&back.games[0])["fen"], serde_json::Value::Null);
    }

    #[test]
    fn nonsense_is_refused_with_both_readers_words() {
        let e = import("hello world", Variant::Pom, Notation::Auto, ReadLimits::NONE).unwrap_err();
        assert!(e.message.starts_with("not a game in coordinates"), "{}", e.message);
        assert!(import("", Variant::Pom, Notation::Coord, ReadLimits::NONE).is_err());
        assert!(import("1. e3e9", Variant::Pom, Notation::Coord, ReadLimits::NONE)
            .unwrap_err()
            .message
            .contains("e3e9"));
        assert!(result(Some("2-0")).is_err());
        assert_eq!(result(Some(" 1/2-1/2 ")), Ok(Some(GameResult::Draw)));
    }
}
