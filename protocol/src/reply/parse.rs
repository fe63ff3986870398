//! Input: one line from an engine to a typed [`Reply`], for a GUI or a
//! match runner. It reads back everything [`Reply`]'s `Display` writes,
//! and is as tolerant as a GUI must be with foreign engines: `info` fields
//! it has no place for (`tbhits`, `cpuload`, `refutation`, ...) are
//! skipped, `bestmove 0000` reads as `bestmove (none)`, and nothing but
//! `ponder` is read after a best move.

use super::{Bound, Info, OptionDecl, OptionKind, Reply, Score, ScoreValue};
use crate::error::{shown, ParseError};
use crate::tokens::{find_keyword, is_keyword, Tokens};
use rules::text::coord::MoveText;

/// Parses the arguments of a reply; called after the reply word.
type ReplyParser = fn(&mut Tokens<'_>) -> Result<Reply, ParseError>;

/// Every reply word (matched ASCII case-insensitively) and its parser.
const REPLIES: &[(&str, ReplyParser)] = &[
    ("id", id),
    ("uciok", |_| Ok(Reply::UciOk)),
    ("readyok", |_| Ok(Reply::ReadyOk)),
    ("option", option),
    ("info", info),
    ("bestmove", bestmove),
];

/// Parses one line from an engine (without or with its line terminator).
///
/// Returns `Ok(None)` for a line of only whitespace. Never panics, and
/// runs in time linear in the line's length. Lines the dialect does not
/// know (`copyprotection ok`, `registration checking`) are
/// [`ParseError::UnknownReply`]; a client can skip them. An error with
/// [`ParseError::command`] `Some("bestmove")` means the engine's move is
/// unreadable.
///
/// ```
/// use protocol::{parse_reply, Reply, ScoreValue};
///
/// let line = "info depth 20 seldepth 28 multipv 1 score cp 35 wdl 89 895 16 nodes 1234 nps 617000 hashfull 12 tbhits 0 time 2 pv e2e4 e7e5";
/// let Ok(Some(Reply::Info(info))) = parse_reply(line) else { panic!("should parse") };
/// assert_eq!(info.score.map(|s| s.value), Some(ScoreValue::Cp(35)));
/// assert_eq!(info.wdl, Some([89, 895, 16]));
/// assert_eq!(info.pv.len(), 2);
///
/// assert_eq!(parse_reply("bestmove (none)"), Ok(Some(Reply::BestMove { mv: None, ponder: None })));
/// assert_eq!(parse_reply("copyprotection ok").unwrap_err().to_string(), "unknown reply 'copyprotection'");
/// ```
pub fn parse_reply(line: &str) -> Result<Option<Reply>, ParseError> {
    let mut tokens = Tokens::new(line);
    let Some(word) = tokens.next() else {
        return Ok(None);
    };
    let (_, parser) = REPLIES
        .iter()
        .find(|(name, _)| is_keyword(word, name))
        .ok_or_else(|| ParseError::UnknownReply { token: shown(word) })?;
    parser(&mut tokens).map(Some)
}

impl std::str::FromStr for Reply {
    type Err = ParseError;

    /// Like [`parse_reply`], but a blank line is an error.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_reply(s)?.ok_or(ParseError::Missing {
            command: "line",
            what: "reply",
        })
    }
}

/// `id name <text>` | `id author <text>`; the text is the rest of the line
/// as written, trimmed.
fn id(tokens: &mut Tokens<'_>) -> Result<Reply, ParseError> {
    const EXPECTED: &str = "'name' or 'author'";
    match tokens.next() {
        Some(t) if is_keyword(t, "name") => Ok(Reply::IdName(tokens.rest_raw().to_owned())),
        Some(t) if is_keyword(t, "author") => Ok(Reply::IdAuthor(tokens.rest_raw().to_owned())),
        Some(t) => Err(ParseError::unexpected("id", EXPECTED, t)),
        None => Err(ParseError::Missing {
            command: "id",
            what: EXPECTED,
        }),
    }
}

/// `bestmove <move> [ponder <move>]`. `(none)` and the null move `0000`
/// (which some engines send instead) are no move; so is a ponder move
/// written that way. Tokens after the moves are ignored.
fn bestmove(tokens: &mut Tokens<'_>) -> Result<Reply, ParseError> {
    const COMMAND: &str = "bestmove";
    let token = tokens.next().ok_or(ParseError::Missing {
        command: COMMAND,
        what: "move",
    })?;
    let Some(mv) = move_or_none(COMMAND, token)? else {
        return Ok(Reply::BestMove { mv: None, ponder: None });
    };
    let ponder = match tokens.eat("ponder").then(|| tokens.next()).flatten() {
        Some(token) => move_or_none(COMMAND, token)?,
        None => None,
    };
    Ok(Reply::BestMove { mv: Some(mv), ponder })
}

/// A move, or `None` for the ways engines write "no move".
fn move_or_none(command: &'static str, token: &str) -> Result<Option<MoveText>, ParseError> {
    if is_keyword(token, "(none)") || token == MoveText::NULL {
        return Ok(None);
    }
    token.parse().map(Some).map_err(|error| ParseError::BadMove { command, error })
}

/// Every `info` keyword of UCI (2006) and Stockfish. The fields of [`Info`]
/// are read; the others (`tbhits`, `sbhits`, `cpuload`, `currline`,
/// `refutation`) are skipped with their values. A `pv` runs up to the next
/// of these words (no move looks like one) or the end of the line.
const INFO_KEYWORDS: &[&str] = &[
    "depth",
    "seldepth",
    "multipv",
    "score",
    "wdl",
    "nodes",
    "nps",
    "hashfull",
    "time",
    "currmove",
    "currmovenumber",
    "pv",
    "string",
    "tbhits",
    "sbhits",
    "cpuload",
    "currline",
    "refutation",
];

/// `info string <text>`, or `info` with fields in any order. A token that
/// is no keyword is skipped, so an unknown field is skipped with its
/// values; `string` after other fields ends the line (its text is for
/// humans). A repeated field keeps the last value.
fn info(tokens: &mut Tokens<'_>) -> Result<Reply, ParseError> {
    if tokens.eat("string") {
        return Ok(Reply::InfoString(tokens.rest_raw().to_owned()));
    }
    let mut info = Info::default();
    while let Some(token) = tokens.next() {
        match find_keyword(INFO_KEYWORDS, token) {
            Some("string") => break,
            Some(keyword) => read_field(&mut info, keyword, tokens)?,
            None => {}
        }
    }
    Ok(Reply::Info(info))
}

/// Reads the value of the `info` field `keyword` from `tokens`.
fn read_field(info: &mut Info, keyword: &'static str, tokens: &mut Tokens<'_>) -> Result<(), ParseError> {
    const COMMAND: &str = "info";
    match keyword {
        "depth" => info.depth = Some(tokens.value(COMMAND, keyword)?),
        "seldepth" => info.seldepth = Some(tokens.value(COMMAND, keyword)?),
        "multipv" => info.multipv = Some(tokens.value(COMMAND, keyword)?),
        "score" => info.score = Some(score(tokens)?),
        "wdl" => {
            let mut wdl = [0; 3];
            for chance in &mut wdl {
                *chance = tokens.value(COMMAND, keyword)?;
            }
            info.wdl = Some(wdl);
        }
        "nodes" => info.nodes = Some(tokens.value(COMMAND, keyword)?),
        "nps" => info.nps = Some(tokens.value(COMMAND, keyword)?),
        "hashfull" => info.hashfull = Some(tokens.value(COMMAND, keyword)?),
        "time" => info.time = Some(tokens.value(COMMAND, keyword)?),
        "currmove" => {
            let token = tokens.next().ok_or(ParseError::MissingValue { command: COMMAND, keyword })?;
            let mv = token.parse().map_err(|error| ParseError::BadMove { command: COMMAND, error })?;
            info.currmove = Some(mv);
        }
        "currmovenumber" => info.currmovenumber = Some(tokens.value(COMMAND, keyword)?),
        "pv" => info.pv = tokens.moves(COMMAND, |t| find_keyword(INFO_KEYWORDS, t).is_none())?,
        // Fields without a place in `Info`: their values are skipped as
        // tokens that are no keyword.
        _ => {}
    }
    Ok(())
}

/// `cp <n>` or `mate <n>`, then `lowerbound` or `upperbound` if a bound.
fn score(tokens: &mut Tokens<'_>) -> Result<Score, ParseError> {
    const COMMAND: &str = "info";
    let value = match tokens.next() {
        Some(t) if is_keyword(t, "cp") => ScoreValue::Cp(tokens.value(COMMAND, "cp")?),
        Some(t) if is_keyword(t, "mate") => ScoreValue::Mate(tokens.value(COMMAND, "mate")?),
        Some(t) => return Err(ParseError::unexpected(COMMAND, "'cp' or 'mate' after 'score'", t)),
        None => {
            return Err(ParseError::MissingValue {
                command: COMMAND,
                keyword: "score",
            })
        }
    };
    let bound = if tokens.eat("lowerbound") {
        Some(Bound::Lower)
    } else if tokens.eat("upperbound") {
        Some(Bound::Upper)
    } else {
        None
    };
    Ok(Score { value, bound })
}

const OPTION: &str = "option";

/// `option name <name> type <kind> ...`. The name is the text up to the
/// first word `type`, as written (so it cannot contain that word).
fn option(tokens: &mut Tokens<'_>) -> Result<Reply, ParseError> {
    tokens.expect(OPTION, "name", "'name'")?;
    let name = tokens.raw_until_token(|t| is_keyword(t, "type"));
    if name.is_empty() {
        return Err(ParseError::Missing {
            command: OPTION,
            what: "option name",
        });
    }
    tokens.expect(OPTION, "type", "'type'")?;
    const KINDS: &[&str] = &["check", "spin", "combo", "button", "string"];
    const EXPECTED: &str = "check, spin, combo, button or string";
    let word = tokens.next().ok_or(ParseError::Missing {
        command: OPTION,
        what: EXPECTED,
    })?;
    let kind = match find_keyword(KINDS, word) {
        Some("check") => check(tokens)?,
        Some("spin") => spin(tokens)?,
        Some("combo") => combo(tokens)?,
        Some("button") => OptionKind::Button,
        Some(_) => OptionKind::String {
            default: string_default(tokens)?,
        },
        None => return Err(ParseError::unexpected(OPTION, EXPECTED, word)),
    };
    tokens.end(OPTION)?;
    Ok(Reply::Option(OptionDecl {
        name: name.to_owned(),
        kind,
    }))
}

/// `default true|false`.
fn check(tokens: &mut Tokens<'_>) -> Result<OptionKind, ParseError> {
    const EXPECTED: &str = "'true' or 'false'";
    tokens.expect(OPTION, "default", "'default'")?;
    let default = match tokens.next() {
        Some(t) if is_keyword(t, "true") => true,
        Some(t) if is_keyword(t, "false") => false,
        Some(t) => return Err(ParseError::unexpected(OPTION, EXPECTED, t)),
        None => {
            return Err(ParseError::Missing {
                command: OPTION,
                what: EXPECTED,
            })
        }
    };
    Ok(OptionKind::Check { default })
}

/// `default <n> min <n> max <n>`, in any order; all three are required.
fn spin(tokens: &mut Tokens<'_>) -> Result<OptionKind, ParseError> {
    let [mut default, mut min, mut max] = [None; 3];
    while let Some(token) = tokens.next() {
        let keyword = find_keyword(&["default", "min", "max"], token).ok_or_else(|| ParseError::UnknownKeyword {
            command: OPTION,
            token: shown(token),
        })?;
        let value = Some(tokens.value(OPTION, keyword)?);
        match keyword {
            "default" => default = value,
            "min" => min = value,
            _ => max = value,
        }
    }
    let missing = |what| ParseError::Missing { command: OPTION, what };
    Ok(OptionKind::Spin {
        default: default.ok_or(missing("'default' value"))?,
        min: min.ok_or(missing("'min' value"))?,
        max: max.ok_or(missing("'max' value"))?,
    })
}

/// `default <text> var <text> var <text> ...`: each text runs up to the
/// next word `var`, as written.
fn combo(tokens: &mut Tokens<'_>) -> Result<OptionKind, ParseError> {
    let is_var = |t: &str| is_keyword(t, "var");
    tokens.expect(OPTION, "default", "'default'")?;
    let default = text(tokens.raw_until_token(is_var));
    let mut vars = Vec::new();
    while tokens.eat("var") {
        vars.push(text(tokens.raw_until_token(is_var)));
    }
    Ok(OptionKind::Combo { default, vars })
}

/// `default <text>` (the rest of the line, as written), or nothing.
fn string_default(tokens: &mut Tokens<'_>) -> Result<String, ParseError> {
    match tokens.peek() {
        None => Ok(String::new()),
        Some(_) => {
            tokens.expect(OPTION, "default", "'default'")?;
            Ok(text(tokens.rest_raw()))
        }
    }
}

/// Option text: `<empty>` stands for the empty text (Stockfish's way).
fn text(raw: &str) -> String {
    if raw == "<empty>" {
        String::new()
    } else {
        raw.to_owned()
    }
}

#[cfg(test)]
mod tests;
