//! Input: one line from a CECP engine to a typed [`Reply`], for a GUI or
//! a match runner. It reads back everything [`Reply`]'s `Display` writes.
//! Reply words are matched exactly, as engines write them.

use std::str::FromStr;

use super::super::command::{end, integer, required, GameResult};
use super::super::error::CecpError;
use super::super::moves::CecpMove;
use super::{Feature, FeatureValue, Reply, Setup, Stat01, Thinking};
use crate::error::shown;
use crate::reply::Bound;
use crate::tokens::Tokens;

/// Parses the arguments of a reply; called after the reply word.
type ReplyParser = fn(&mut Tokens<'_>) -> Result<Reply, CecpError>;

/// Every reply word and its parser. Results, thinking output, comments
/// and book lines have no word of their own (see [`parse_reply`]).
const REPLIES: &[(&str, ReplyParser)] = &[
    ("feature", features),
    ("pong", pong),
    ("move", a_move),
    ("Illegal", illegal_move),
    ("Error", error),
    ("resign", |_| Ok(Reply::Resign)),
    ("offer", offer),
    ("Hint:", hint),
    ("stat01:", stat01),
    ("setup", setup),
    ("piece", piece),
    ("highlight", |tokens| Ok(Reply::Highlight(tokens.rest_raw().to_owned()))),
    ("choice", |tokens| Ok(Reply::Choice(tokens.rest_raw().to_owned()))),
    ("click", click),
    ("telluser", |tokens| Ok(Reply::TellUser(tokens.rest_raw().to_owned()))),
    ("tellusererror", |tokens| Ok(Reply::TellUserError(tokens.rest_raw().to_owned()))),
];

/// Parses one line from an engine (without or with its line terminator).
///
/// Returns `Ok(None)` for a blank line (so the empty line that ends a
/// `bk` answer is `None`, not an empty [`Reply::BookLine`]). Besides the
/// reply words, a line is: a [`Reply::BookLine`] if it starts with a space
/// or a tab (the `bk` answer's lines do); a [`Reply::Comment`] if it
/// starts with `#`; a [`Reply::Result`] if its first token is a PGN result;
/// [`Reply::Thinking`] if it starts with a number. Never panics, and runs
/// in time linear in the line's length.
///
/// ```
/// use protocol::cecp::{parse_reply, Reply};
///
/// let Ok(Some(Reply::Thinking(t))) = parse_reply("9 156 1084 48000 14 44280 0\te3e5 h10h8!") else {
///     panic!("should parse");
/// };
/// assert_eq!((t.ply, t.score, t.seldepth, t.pv.len()), (9, 156, Some(14), 2));
/// assert!(matches!(parse_reply("move c10c11e"), Ok(Some(Reply::Move(_)))));
/// ```
pub fn parse_reply(line: &str) -> Result<Option<Reply>, CecpError> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    if line.starts_with([' ', '\t']) {
        return Ok(Some(Reply::BookLine(line.trim().to_owned())));
    }
    if let Some(comment) = line.strip_prefix('#') {
        return Ok(Some(Reply::Comment(comment.trim().to_owned())));
    }
    let mut tokens = Tokens::new(line);
    let Some(word) = tokens.next() else {
        return Ok(None);
    };
    if let Some((_, parser)) = REPLIES.iter().find(|(name, _)| *name == word) {
        return parser(&mut tokens).map(Some);
    }
    if let Some(result) = GameResult::from_pgn(word) {
        return Ok(Some(game_result(result, &mut tokens)));
    }
    if word.bytes().all(|b| b.is_ascii_digit()) {
        return thinking(word, &mut tokens).map(Some);
    }
    Err(CecpError::UnknownReply { token: shown(word) })
}

impl FromStr for Reply {
    type Err = CecpError;

    /// Like [`parse_reply`], but a blank line is an error.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_reply(s)?.ok_or(CecpError::Missing {
            command: "line",
            what: "reply",
        })
    }
}

/// A value (a number, a square) that is the whole token.
fn whole<T: FromStr>(token: &str, command: &'static str, what: &'static str) -> Result<T, CecpError> {
    token.parse().map_err(|_| CecpError::bad(command, what, token))
}

fn cecp_move(command: &'static str, token: &str) -> Result<CecpMove, CecpError> {
    token.parse().map_err(|error| CecpError::BadMove { command, error })
}

/// `feature NAME=VALUE ...`: a value is `"text"` (which may hold spaces,
/// but no `"`), or a bare token: `0`/`1` are flags, other integers are
/// numbers, anything else is text (some engines leave the quotes out).
fn features(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    const COMMAND: &str = "feature";
    let mut features = Vec::new();
    while let Some(token) = tokens.next() {
        // Names are ASCII, as the writer makes them.
        let (name, value) = match token.split_once('=') {
            Some((name, value)) if !name.is_empty() && name.bytes().all(|b| b.is_ascii_graphic()) => (name, value),
            _ => return Err(CecpError::bad(COMMAND, "NAME=VALUE", token)),
        };
        let value = match value.strip_prefix('"') {
            Some(quoted) => FeatureValue::Str(match quoted.split_once('"') {
                Some((inside, "")) => inside.to_owned(),
                Some(_) => return Err(CecpError::bad(COMMAND, "a blank after the closing quote", token)),
                // The text goes on past blanks, up to the closing quote.
                None => {
                    let more = tokens.raw_until('"').ok_or(CecpError::Missing {
                        command: COMMAND,
                        what: "closing quote",
                    })?;
                    format!("{quoted}{more}")
                }
            }),
            None => match value {
                "0" => FeatureValue::Bool(false),
                "1" => FeatureValue::Bool(true),
                _ => value
                    .parse()
                    .map_or_else(|_| FeatureValue::Str(value.to_owned()), FeatureValue::Int),
            },
        };
        features.push(Feature {
            name: name.to_owned(),
            value,
        });
    }
    Ok(Reply::Features(features))
}

fn pong(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    let n = integer(tokens, "pong", "a number")?;
    end(tokens, "pong")?;
    Ok(Reply::Pong(n))
}

fn a_move(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    let mv = cecp_move("move", required(tokens, "move", "move")?)?;
    end(tokens, "move")?;
    Ok(Reply::Move(mv))
}

fn hint(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    let mv = cecp_move("Hint:", required(tokens, "Hint:", "move")?)?;
    end(tokens, "Hint:")?;
    Ok(Reply::Hint(mv))
}

/// `(TEXT): REST`, the shape of `Illegal move (REASON): MOVE` and
/// `Error (ERRORTYPE): COMMAND`, as (TEXT, REST), both trimmed. TEXT holds
/// no `)` (the writer replaces it).
fn parenthesised(rest: &str) -> Option<(&str, &str)> {
    let (inside, after) = rest.strip_prefix('(')?.split_once("):")?;
    Some((inside.trim(), after.trim()))
}

/// `Illegal move: MOVE` or `Illegal move (REASON): MOVE`. The move is kept
/// as text (it is what the GUI sent, legal syntax or not); only its first
/// token is read.
fn illegal_move(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    const COMMAND: &str = "Illegal move";
    const EXPECTED: &str = "'move:' or 'move (REASON):'";
    let rest = tokens.rest_raw();
    let (reason, after) = if let Some(after) = rest.strip_prefix("move:") {
        (None, after)
    } else {
        let bracketed = rest.strip_prefix("move").map(str::trim_start).and_then(parenthesised);
        let (reason, after) = bracketed.ok_or_else(|| CecpError::bad(COMMAND, EXPECTED, rest))?;
        (Some(reason.to_owned()), after)
    };
    let mv = Tokens::new(after).next().unwrap_or_default().to_owned();
    Ok(Reply::IllegalMove { mv, reason })
}

/// `Error (ERRORTYPE): COMMAND`.
fn error(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    let rest = tokens.rest_raw();
    let (kind, command) = parenthesised(rest).ok_or_else(|| CecpError::bad("Error", "'(ERRORTYPE): COMMAND'", rest))?;
    Ok(Reply::Error {
        kind: kind.to_owned(),
        command: command.to_owned(),
    })
}

/// `RESULT {COMMENT}`; the comment may be missing.
fn game_result(result: GameResult, tokens: &mut Tokens<'_>) -> Reply {
    let rest = tokens.rest_raw();
    let comment = rest.strip_prefix('{').map_or(rest, |r| r.strip_suffix('}').unwrap_or(r)).trim();
    Reply::Result {
        result,
        comment: comment.to_owned(),
    }
}

/// `offer draw`.
fn offer(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    match tokens.next() {
        Some("draw") => Ok(Reply::OfferDraw),
        Some(t) => Err(CecpError::bad("offer", "'draw'", t)),
        None => Err(CecpError::Missing {
            command: "offer",
            what: "'draw'",
        }),
    }
}

/// `ply score time nodes [seldepth nps tbhits] pv`, the PV ending in `!`
/// or `?` for a bound. Up to three integers after the nodes are the
/// optional fields (a move never looks like an integer); the third, the
/// tablebase hits, has no field and is dropped.
fn thinking(ply: &str, tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    const COMMAND: &str = "thinking output";
    let mut t = Thinking {
        ply: whole(ply, COMMAND, "a depth")?,
        score: integer(tokens, COMMAND, "a score")?,
        time_cs: integer(tokens, COMMAND, "centiseconds")?,
        nodes: integer(tokens, COMMAND, "a node count")?,
        ..Thinking::default()
    };
    let is_integer = |token: &str| token.parse::<u64>().is_ok();
    let extra = tokens.take_until(|token| !is_integer(token));
    if let Some(seldepth) = extra.first() {
        t.seldepth = Some(whole(seldepth, COMMAND, "a selective depth")?);
        t.nps = extra.get(1).map(|nps| whole(nps, COMMAND, "nodes per second")).transpose()?;
    }
    let mut pv: Vec<&str> = tokens.collect();
    if let Some(last) = pv.pop() {
        let bare = last.trim_end_matches(['!', '?']);
        t.bound = match &last[bare.len()..] {
            "" => None,
            "!" => Some(Bound::Lower),
            "?" => Some(Bound::Upper),
            _ => return Err(CecpError::bad(COMMAND, "a move ending in at most one '!' or '?'", last)),
        };
        if !bare.is_empty() {
            pv.push(bare);
        }
    }
    t.pv = pv.into_iter().map(|m| cecp_move(COMMAND, m)).collect::<Result<_, _>>()?;
    Ok(Reply::Thinking(t))
}

/// `stat01: time nodes ply mvleft mvtot [mvname]`.
fn stat01(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    const COMMAND: &str = "stat01:";
    let mut s = Stat01 {
        time_cs: integer(tokens, COMMAND, "centiseconds")?,
        nodes: integer(tokens, COMMAND, "a node count")?,
        ply: integer(tokens, COMMAND, "a depth")?,
        moves_left: integer(tokens, COMMAND, "moves left")?,
        moves_total: integer(tokens, COMMAND, "moves in total")?,
        current: None,
    };
    if let Some(token) = tokens.next() {
        s.current = Some(cecp_move(COMMAND, token)?);
    }
    end(tokens, COMMAND)?;
    Ok(Reply::Stat01(s))
}

/// `setup (PIECETOCHAR) WxH+S_PARENT FEN`.
fn setup(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    const COMMAND: &str = "setup";
    const GEOMETRY: &str = "WIDTHxHEIGHT+HOLDINGS_PARENT";
    let table = required(tokens, COMMAND, "(PIECETOCHAR)")?;
    let piece_to_char = table
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(|| CecpError::bad(COMMAND, "(PIECETOCHAR)", table))?;
    let token = required(tokens, COMMAND, GEOMETRY)?;
    let bad = || CecpError::bad(COMMAND, GEOMETRY, token);
    let (width, rest) = token.split_once('x').ok_or_else(bad)?;
    let (height, rest) = rest.split_once('+').ok_or_else(bad)?;
    let (holdings, parent) = rest.split_once('_').ok_or_else(bad)?;
    let size = |text: &str| text.parse::<u8>().map_err(|_| bad());
    Ok(Reply::Setup(Setup {
        piece_to_char: piece_to_char.to_owned(),
        width: size(width)?,
        height: size(height)?,
        holdings: size(holdings)?,
        parent: parent.to_owned(),
        fen: tokens.rest_raw().to_owned(),
    }))
}

/// `piece ID[&] BETZA`.
fn piece(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    let token = required(tokens, "piece", "piece letter")?;
    let mut chars = token.chars();
    let id = chars.next().unwrap_or_default();
    let both = match chars.as_str() {
        "" => false,
        "&" => true,
        _ => return Err(CecpError::bad("piece", "one piece letter, '&' after it for both colours", token)),
    };
    let betza = tokens.rest_raw().to_owned();
    Ok(Reply::Piece { id, both, betza })
}

fn click(tokens: &mut Tokens<'_>) -> Result<Reply, CecpError> {
    let token = required(tokens, "click", "square")?;
    let square = whole(token, "click", "a square (file a-z, rank 1-99)")?;
    end(tokens, "click")?;
    Ok(Reply::Click(square))
}

#[cfg(test)]
mod tests;
