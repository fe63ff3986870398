//! `position startpos|fen <FEN> [moves <move>...]`.

use super::Command;
use crate::error::ParseError;
use crate::tokens::{is_keyword, Tokens};
use rules::text::coord::MoveText;

/// A FEN has at most six fields (NOTATION.md section 1).
const MAX_FEN_FIELDS: usize = 6;

const COMMAND: &str = "position";

/// Parses the arguments of `position`. The FEN is every token between
/// `fen` and `moves`, joined by single spaces; its content is the engine's
/// business. The null move `0000` is no move (NOTATION.md section 2): like any
/// bad token it ends the move list and is handed over in `invalid`.
pub(super) fn parse(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    const EXPECTED: &str = "'startpos' or 'fen'";
    let fen = match tokens.next() {
        Some(t) if is_keyword(t, "startpos") => None,
        Some(t) if is_keyword(t, "fen") => Some(fen(tokens)?),
        Some(t) => return Err(ParseError::unexpected(COMMAND, EXPECTED, t)),
        None => {
            return Err(ParseError::Missing {
                command: COMMAND,
                what: EXPECTED,
            })
        }
    };
    let mut moves = Vec::new();
    let mut invalid = None;
    match tokens.next() {
        None => {}
        Some(t) if is_keyword(t, "moves") => {
            // Stop at the first bad token: the good moves before it stand.
            for token in tokens.by_ref() {
                match token.parse::<MoveText>() {
                    Ok(m) => moves.push(m),
                    Err(e) => {
                        invalid = Some(e);
                        break;
                    }
                }
            }
        }
        Some(t) => return Err(ParseError::unexpected(COMMAND, "'moves'", t)),
    }
    Ok(Command::Position { fen, moves, invalid })
}

/// The FEN fields up to `moves` or the end of the line.
fn fen(tokens: &mut Tokens<'_>) -> Result<String, ParseError> {
    let fields = tokens.take_until(|t| is_keyword(t, "moves"));
    if fields.is_empty() {
        return Err(ParseError::Missing {
            command: COMMAND,
            what: "FEN",
        });
    }
    if let Some(extra) = fields.get(MAX_FEN_FIELDS) {
        return Err(ParseError::unexpected(COMMAND, "'moves' after at most 6 FEN fields", extra));
    }
    Ok(fields.join(" "))
}
