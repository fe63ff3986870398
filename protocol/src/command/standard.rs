//! The standard UCI commands without squares.
//!
//! `uci`, `isready`, `ucinewgame`, `stop`, `ponderhit`, `quit` and
//! `register` are recognised by vampirc-uci, fed the tokens joined by
//! single spaces (vampirc-uci only knows space and tab as whitespace).
//! `debug` and `setoption` are parsed here: vampirc-uci reads `debug onx`
//! as `debug on`, keeps trailing blanks in option values, and rejects
//! option names with a word starting with "value" (`setoption name Values
//! value 3`). The `vampirc_findings` tests pin these behaviours down.

use vampirc_uci::UciMessage;

use super::{Command, Registration};
use crate::error::ParseError;
use crate::tokens::{is_keyword, Tokens};

/// Asks vampirc-uci about `text` and converts what it recognised.
fn vampirc(text: &str) -> Option<Command> {
    Some(match vampirc_uci::parse_one(text) {
        UciMessage::Uci => Command::Uci,
        UciMessage::IsReady => Command::IsReady,
        UciMessage::UciNewGame => Command::UciNewGame,
        UciMessage::Stop => Command::Stop,
        UciMessage::PonderHit => Command::PonderHit,
        UciMessage::Quit => Command::Quit,
        UciMessage::Register { later: true, .. } => Command::Register(Registration::Later),
        UciMessage::Register {
            later: false,
            name: Some(name),
            code: Some(code),
        } => Command::Register(Registration::Now { name, code }),
        _ => return None,
    })
}

/// An argument-free command: only the command word goes to vampirc-uci
/// (the rest of the line is ignored, as vampirc-uci itself does).
fn bare(word: &'static str, expected: Command) -> Result<Command, ParseError> {
    match vampirc(word) {
        Some(command) if command == expected => Ok(command),
        // Unreachable with vampirc-uci 0.11; kept so that a changed
        // dependency cannot turn into a panic.
        _ => Err(ParseError::UnknownCommand { token: word.to_owned() }),
    }
}

pub(super) fn uci(_: &mut Tokens<'_>) -> Result<Command, ParseError> {
    bare("uci", Command::Uci)
}

pub(super) fn isready(_: &mut Tokens<'_>) -> Result<Command, ParseError> {
    bare("isready", Command::IsReady)
}

pub(super) fn ucinewgame(_: &mut Tokens<'_>) -> Result<Command, ParseError> {
    bare("ucinewgame", Command::UciNewGame)
}

pub(super) fn stop(_: &mut Tokens<'_>) -> Result<Command, ParseError> {
    bare("stop", Command::Stop)
}

pub(super) fn ponderhit(_: &mut Tokens<'_>) -> Result<Command, ParseError> {
    bare("ponderhit", Command::PonderHit)
}

pub(super) fn quit(_: &mut Tokens<'_>) -> Result<Command, ParseError> {
    bare("quit", Command::Quit)
}

/// `register later` | `register name <name...> code <code...>`.
pub(super) fn register(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    const EXPECTED: &str = "'later' or 'name <name> code <code>'";
    let first = tokens.peek();
    let rest = tokens.rest_joined();
    vampirc(&format!("register {rest}")).ok_or_else(|| match first {
        Some(token) => ParseError::unexpected("register", EXPECTED, token),
        None => ParseError::Missing {
            command: "register",
            what: EXPECTED,
        },
    })
}

/// `debug on|off`.
pub(super) fn debug(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    const EXPECTED: &str = "'on' or 'off'";
    let on = match tokens.next() {
        Some(t) if is_keyword(t, "on") => true,
        Some(t) if is_keyword(t, "off") => false,
        Some(t) => return Err(ParseError::unexpected("debug", EXPECTED, t)),
        None => {
            return Err(ParseError::Missing {
                command: "debug",
                what: EXPECTED,
            })
        }
    };
    tokens.end("debug")?;
    Ok(Command::Debug(on))
}

/// `setoption name <name...> [value <value...>]`: the name runs up to the
/// first `value` token; the value is the rest of the line.
pub(super) fn setoption(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    tokens.expect("setoption", "name", "'name'")?;
    let name = tokens.take_until(|t| is_keyword(t, "value")).join(" ");
    if name.is_empty() {
        return Err(ParseError::Missing {
            command: "setoption",
            what: "option name",
        });
    }
    let value = tokens.eat("value").then(|| tokens.rest_joined());
    Ok(Command::SetOption { name, value })
}
