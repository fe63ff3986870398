//! The dialect's own commands (NOTATION.md section 4): `d`, `perft`,
//! `bench`, `eval`.

use super::Command;
use crate::error::ParseError;
use crate::tokens::{number, Tokens};

/// `d`: the board diagram. Trailing tokens are ignored.
pub(super) fn d(_: &mut Tokens<'_>) -> Result<Command, ParseError> {
    Ok(Command::D)
}

/// `eval`: the evaluation breakdown. Trailing tokens are ignored.
pub(super) fn eval(_: &mut Tokens<'_>) -> Result<Command, ParseError> {
    Ok(Command::Eval)
}

/// `perft <depth>`.
pub(super) fn perft(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    let token = tokens.next().ok_or(ParseError::Missing {
        command: "perft",
        what: "depth",
    })?;
    let depth = number("perft", "depth", token)?;
    tokens.end("perft")?;
    Ok(Command::Perft { depth })
}

/// `bench [depth]`.
pub(super) fn bench(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    let depth = match tokens.next() {
        Some(token) => Some(number("bench", "depth", token)?),
        None => None,
    };
    tokens.end("bench")?;
    Ok(Command::Bench { depth })
}
