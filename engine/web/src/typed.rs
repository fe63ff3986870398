//! A move typed in the page's move box, resolved by the rules crate: in
//! coordinates (`e3e5`, NOTATION.md 2, read by `Position::parse_move`) or
//! in the inventor's notation (`E3 - E5`, `ME x B10`, NOTATION.md 3, read
//! by `rules::text::notation`). The page then plays the coordinate move like a
//! move made on the board.

use crate::body::Body;
use crate::error::{json, parse, ApiError};
use crate::game::GameSpec;
use crate::App;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use rules::text::coord::MoveText;
use rules::text::notation;
use rules::{Move, Position};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    game: GameSpec,
    text: String,
}

/// How a typed move was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    Coord,
    Book,
}

/// Why a typed move is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not a move in either notation, or no legal move matches; the words
    /// say which.
    Bad(String),
    /// Inventor's notation naming several legal moves.
    Ambiguous(Vec<Move>),
}

/// The legal move `text` names in `pos`. Text of the coordinate form is
/// read as coordinates (the two notations never share a text: book moves
/// have a separator or a single square); anything else as the inventor's
/// notation.
pub fn resolve(pos: &Position, text: &str) -> Result<(Move, Written), Refusal> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Refusal::Bad(
            "type a move: coordinates such as e3e5, or the inventor's notation such as E3 - E5".into(),
        ));
    }
    if let Some(o) = pos.outcome() {
        return Err(Refusal::Bad(format!("the game is over: {o} ({})", o.result())));
    }
    match text.parse::<MoveText>() {
        Ok(_) => pos
            .parse_move(text)
            .map(|m| (m, Written::Coord))
            .map_err(|e| Refusal::Bad(e.to_string())),
        Err(_) => match notation::book_move_candidates(pos, text) {
            Ok(found) => match found.as_slice() {
                [m] => Ok((*m, Written::Book)),
                [] => Err(Refusal::Bad(format!("'{text}': no legal move matches"))),
                _ => Err(Refusal::Ambiguous(found)),
            },
            Err(book) => {
                // The coordinate reader's words for what it missed.
                let coord = pos.parse_move(text).err().map_or_else(String::new, |e| e.reason);
                Err(Refusal::Bad(format!(
                    "'{text}' is a move neither in coordinates ({coord}; such as e3e5) nor in the inventor's notation ({})",
                    book.message
                )))
            }
        },
    }
}

/// `{"move": "d8b10", "book": "ME x B10", "read_as": "book"}` for a move;
/// 422 `{"error"}` naming the problem, and for ambiguous text the
/// candidates too: `{"error", "candidates": [{"move", "book"}]}`.
pub async fn handler(State(app): State<Arc<App>>, Body(body): Body) -> Result<Response, ApiError> {
    let request: MoveRequest = parse(&body)?;
    let game = request.game.replay(&app.caps)?;
    let pos = &game.pos;
    let answer = |m: Move| json!({ "move": pos.move_text(m), "book": notation::move_to_notation(pos, m) });
    match resolve(pos, &request.text) {
        Ok((m, written)) => {
            let mut value = answer(m);
            value["read_as"] = Value::from(if written == Written::Coord { "coord" } else { "book" });
            Ok(json(value))
        }
        Err(Refusal::Bad(message)) => Err(ApiError::refused(message)),
        Err(Refusal::Ambiguous(found)) => {
            let candidates: Vec<Value> = found.iter().map(|&m| answer(m)).collect();
            let list: Vec<String> = candidates
                .iter()
                .map(|c| format!("{} ({})", c["book"].as_str().unwrap_or(""), c["move"].as_str().unwrap_or("")))
                .collect();
            let message = format!("'{}' is ambiguous: it could be {}", request.text.trim(), list.join(" or "));
            let body = json!({ "error": message, "candidates": candidates }).to_string();
            Ok((StatusCode::UNPROCESSABLE_ENTITY, [(header::CONTENT_TYPE, "application/json")], body).into_response())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    fn pos(variant: Variant, fen: Option<&str>, moves: &[&str]) -> Position {
        let mut p = fen.map_or_else(|| Position::startpos(variant), |f| Position::from_fen(variant, f).unwrap());
        for m in moves {
            let m = p.parse_move(m).unwrap();
            p.make(m);
        }
        p
    }

    fn text(p: &Position, typed: &str) -> Result<(String, Written), Refusal> {
        resolve(p, typed).map(|(m, w)| (p.move_text(m), w))
    }

    #[test]
    fn both_notations_name_the_same_move() {
        let p = pos(Variant::Pom, None, &[]);
        assert_eq!(text(&p, "e3e5"), Ok(("e3e5".into(), Written::Coord)));
        assert_eq!(text(&p, " E3E5 "), Ok(("e3e5".into(), Written::Coord)));
        assert_eq!(text(&p, "E3 - E5"), Ok(("e3e5".into(), Written::Book)));
        assert_eq!(text(&p, "e3-e5"), Ok(("e3e5".into(), Written::Book)));
        let sample = [
            "e3e5", "h10h8", "f2c5", "g9g7", "e2c3", "g10i9", "g1d4", "e10d8", "c5c8", "d11e10", "f3b7", "b11a9", "c8d8", "e10b7",
        ];
        let p = pos(Variant::Pom, None, &sample);
        assert_eq!(text(&p, "ME x B10"), Ok(("d8b10".into(), Written::Book)));
        assert_eq!(text(&p, "d8b10"), Ok(("d8b10".into(), Written::Coord)));
    }

    #[test]
    fn bad_and_ambiguous_text_is_refused_with_its_reason() {
        let p = pos(Variant::Pom, None, &[]);
        let bad = |typed: &str| match resolve(&p, typed) {
            Err(Refusal::Bad(m)) => m,
            other => panic!("{typed}: {other:?}"),
        };
        assert!(bad("").starts_with("type a move"));
        assert_eq!(bad("e3e9"), "move 'e3e9': illegal in this position (e3 to e9)");
        assert_eq!(bad("T - A5"), "'T - A5': no legal move matches");
        let e = bad("hello");
        assert!(e.starts_with("'hello' is a move neither in coordinates"), "{e}");
        assert!(e.contains("not one move in book notation"), "{e}");
        let two = pos(Variant::MiniPom, Some("4k4/9/9/9/9/9/2H3H2/9/4K4 w - - 0 1"), &[]);
        match resolve(&two, "H - E4") {
            Err(Refusal::Ambiguous(found)) => {
                let texts: Vec<String> = found.iter().map(|&m| two.move_text(m)).collect();
                assert_eq!(texts, ["c3e4", "g3e4"]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(text(&two, "H G3 - E4"), Ok(("g3e4".into(), Written::Book)));
        let mate = pos(Variant::MiniPom, Some("4k4/9/4K4/9/9/9/9/9/T8 w - - 0 1"), &["a1a9"]);
        assert_eq!(
            resolve(&mate, "e7d7"),
            Err(Refusal::Bad("the game is over: White mates (1-0)".into()))
        );
    }
}
