//! PGN: the pieces every writer of the project shares (tag pairs, movetext
//! lines: [`tag_pair`], [`movetext`]) and the one PGN reader, for both
//! dialects a file may be written in:
//!
//! - Gorgon's (the match runner, self-play, `gorgon annotate`): coordinate
//!   moves (`e3e5`, `b7d8(H)`, `f1k1`) and Gorgon's FEN;
//! - XBoard's (a game saved in XBoard, docs/XBOARD.md): XBoard's letters in
//!   the FEN (`b` for a Morph in Advisor form) without a rights field, a
//!   `[VariantMen]` tag, SAN in those letters (`Mc3`, `Bxa8`, `Pge1`,
//!   `O-O`, `c11=E`) mixed with coordinate moves where XBoard's SAN cannot
//!   say the move (`a3a5`), read by [`crate::xboard::read_move`].
//!
//! The lexer takes tag pairs, move numbers, `{...}` and `;` comments,
//! `(...)` variations (skipped; a `(X)` glued to a move is its
//! transformation, `b7d8(H)`), `$n` glyphs and a result token. Each game's
//! dialect comes from the game itself ([`PgnGame::dialect`]), so one file
//! may mix them; an error names the file, the game and the move.

use crate::{xboard, GameRecord, GameResult, Move};
use crate::{Position, Variant};
use std::fmt;

/// A game as written, before replay.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Move texts with their 1-based line numbers.
    pub moves: Vec<(String, usize)>,
    /// The `{...}` comments after each move (one list per move).
    pub comments: Vec<Vec<String>>,
    /// The `{...}` comments before the first move (XBoard puts a diagram
    /// of the start position there).
    pub prelude: Vec<String>,
    /// The result token ending the movetext, if any.
    pub result: Option<String>,
    /// The line the game starts on.
    pub line: usize,
}

impl PgnGame {
    /// The value of a tag (names compare case-insensitively).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// `White - Black`, or the event, for error messages.
    pub fn name(&self) -> String {
        match (self.tag("White"), self.tag("Black")) {
            (Some(w), Some(b)) => format!("{w} - {b}"),
            _ => self.tag("Event").unwrap_or("?").to_string(),
        }
    }

    /// The variant the game is played in: its `Variant` tag, else the one
    /// whose XBoard pieces its `VariantMen` tag lists (XBoard has saved
    /// games without a `Variant` tag), else `default`.
    pub fn variant(&self, default: Variant) -> Variant {
        if let Some(v) = self.tag("Variant").and_then(Variant::from_name) {
            return v;
        }
        let men = self.tag("VariantMen");
        Variant::ALL
            .into_iter()
            .find(|&v| men == Some(xboard::variant_men(v).as_str()))
            .unwrap_or(default)
    }

    /// The result, from the movetext token or else the `Result` tag.
    pub fn game_result(&self) -> Option<GameResult> {
        self.result.as_deref().or(self.tag("Result")).and_then(GameResult::from_pgn)
    }
}

/// A PGN file or game that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub file: String,
    /// 1-based index of the game in the file (0: not inside a game).
    pub game: usize,
    /// `White - Black` of the game.
    pub name: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.game == 0 {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        } else {
            write!(
                f,
                "{}:{}: game {} ({}): {}",
                self.file, self.line, self.game, self.name, self.message
            )
        }
    }
}

impl std::error::Error for PgnError {}

/// How much a reader takes on: a game longer than `plies`, or a record
/// whose games hold more than `total` plies in all, is an error before
/// any move over them is replayed, so that a server (the browser board of
/// `gorgon serve`) bounds its work by its caps rather than by what it is
/// sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadLimits {
    /// Plies of one game.
    pub plies: usize,
    /// Plies of all the games of the record together.
    pub total: usize,
}

impl ReadLimits {
    /// No limit: records read from the user's own files.
    pub const NONE: ReadLimits = ReadLimits {
        plies: usize::MAX,
        total: usize::MAX,
    };

    /// The refusal of a game of `plies` plies, the record's games so far
    /// holding `total` (that game's included), if they are over the limits.
    pub fn check(&self, plies: usize, total: usize) -> Result<(), String> {
        if plies > self.plies {
            return Err(format!("{plies} plies is over the cap of {}", self.plies));
        }
        if total > self.total {
            return Err(format!("the games hold over {} plies in all, the cap", self.total));
        }
        Ok(())
    }
}

/// The longest line a PGN writer makes (the PGN standard's export format
/// keeps lines under 80 characters).
pub const LINE_WIDTH: usize = 79;

/// `[Name "value"]` with `\` and `"` in the value escaped, and a newline.
/// A PGN string holds printing characters only, and a tag pair is one
/// line: a newline, tab or other control character in the value (a player
/// name pasted with its line break) becomes a space, so that every PGN
/// reader can read the tag section back.
pub fn tag_pair(name: &str, value: &str) -> String {
    let value: String = value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Movetext tokens (move numbers, moves, NAGs, `{comments}`,
/// `(variations)`, the result) joined by spaces into lines of at most
/// [`LINE_WIDTH`] characters; a longer token stands on a line of its own.
/// No newline at the end.
pub fn movetext(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut line = 0;
    for t in tokens {
        if line > 0 && line + 1 + t.len() > LINE_WIDTH {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(t);
        line += t.len();
    }
    out
}

/// Splits a PGN text into games (lexical only; no rules involved).
pub fn parse(text: &str, file: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games: Vec<PgnGame> = Vec::new();
    let mut cur = PgnGame::default();
    let mut chars = text.char_indices().peekable();
    let mut line = 1;
    let fail = |line: usize, games: &Vec<PgnGame>, cur: &PgnGame, message: String| PgnError {
        file: file.to_string(),
        game: games.len() + 1,
        name: cur.name(),
        line,
        message,
    };
    let mut at_line_start = true;
    while let Some(&(i, c)) = chars.peek() {
        match c {
            '\n' => {
                line += 1;
                chars.next();
                at_line_start = true;
                continue;
            }
            c if c.is_whitespace() => {
                chars.next();
                continue;
            }
            '%' if at_line_start => {
                while chars.peek().is_some_and(|&(_, c)| c != '\n') {
                    chars.next();
                }
            }
            '[' => {
                if !cur.moves.is_empty() || cur.result.is_some() {
                    games.push(std::mem::take(&mut cur));
                }
                if cur.line == 0 {
                    cur.line = line;
                }
                let start_line = line;
                chars.next();
                let mut body = String::new();
                let mut in_quotes = false;
                let mut closed = false;
                while let Some((_, c)) = chars.next() {
                    match c {
                        '\\' if in_quotes => {
                            if let Some((_, e)) = chars.next() {
                                body.push(e);
                            }
                        }
                        '"' => {
                            in_quotes = !in_quotes;
                            body.push('"');
                        }
                        ']' if !in_quotes => {
                            closed = true;
                            break;
                        }
                        '\n' => {
                            line += 1;
                            body.push(' ');
                        }
                        c => body.push(c),
                    }
                }
                if !closed {
                    return Err(fail(start_line, &games, &cur, "unterminated tag".into()));
                }
                let (name, value) = body
                    .trim()
                    .split_once(char::is_whitespace)
                    .and_then(|(n, v)| Some((n.to_string(), v.trim().strip_prefix('"')?.strip_suffix('"')?.to_string())))
                    .ok_or_else(|| fail(start_line, &games, &cur, format!("malformed tag [{body}]")))?;
                cur.tags.push((name, value));
            }
            '{' => {
                let start_line = line;
                let mut closed = false;
                let mut comment = String::new();
                chars.next();
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                    }
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    comment.push(c);
                }
                if !closed {
                    return Err(fail(start_line, &games, &cur, "unterminated comment {".into()));
                }
                match cur.comments.last_mut() {
                    Some(last) => last.push(comment.trim().to_string()),
                    None => cur.prelude.push(comment.trim().to_string()),
                }
            }
            ';' => {
                while chars.peek().is_some_and(|&(_, c)| c != '\n') {
                    chars.next();
                }
            }
            '(' => {
                let start_line = line;
                let mut depth = 0usize;
                let mut in_comment = false;
                for (_, c) in chars.by_ref() {
                    match c {
                        '\n' => line += 1,
                        '{' => in_comment = true,
                        '}' => in_comment = false,
                        '(' if !in_comment => depth += 1,
                        ')' if !in_comment => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                if depth != 0 {
                    return Err(fail(start_line, &games, &cur, "unterminated variation (".into()));
                }
            }
            ')' | ']' | '}' => return Err(fail(line, &games, &cur, format!("unexpected '{c}'"))),
            _ => {
                let start = i;
                let mut end = text.len();
                while let Some(&(j, c)) = chars.peek() {
                    // A transformation suffix belongs to the move: `b7d8(H)`, `c5d8(ME)`.
                    if c == '(' && j > start {
                        let code = text[j + 1..].bytes().take_while(u8::is_ascii_alphabetic).count();
                        if (1..=2).contains(&code) && text[j + 1 + code..].starts_with(')') {
                            for _ in 0..code + 2 {
                                chars.next();
                            }
                            continue;
                        }
                    }
                    if c.is_whitespace() || "{}()[];".contains(c) {
                        end = j;
                        break;
                    }
                    chars.next();
                }
                let word = &text[start..end];
                if cur.line == 0 {
                    cur.line = line;
                }
                if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    cur.result = Some(word.to_string());
                    games.push(std::mem::take(&mut cur));
                } else if !word.starts_with('$') {
                    // Strip a move number (`12.`, `12...`, `1.e3e5`) and marks.
                    let after_number = word.trim_start_matches(|c: char| c.is_ascii_digit());
                    let w = if after_number.is_empty() || after_number.starts_with('.') {
                        after_number.trim_start_matches('.')
                    } else {
                        word
                    };
                    let w = w.trim_end_matches(['+', '#', '!', '?']);
                    if !w.is_empty() {
                        cur.moves.push((w.to_string(), line));
                        cur.comments.push(Vec::new());
                    }
                }
            }
        }
        at_line_start = false;
    }
    if !cur.moves.is_empty() || !cur.tags.is_empty() {
        games.push(cur);
    }
    Ok(games)
}

/// The notation a game is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Gorgon's: coordinate moves, Gorgon's FEN.
    Gorgon,
    /// XBoard's: its letters in the FEN and in SAN moves.
    Xboard,
}

impl PgnGame {
    /// The dialect of the game, from the game itself: XBoard's when it has
    /// a `VariantMen` tag (XBoard writes one for every engine-defined
    /// variant), a FEN that only XBoard's letters read, or a move that is
    /// not a coordinate move (`Mc3`, `O-O`, `c11=E`); Gorgon's otherwise.
    pub fn dialect(&self, variant: Variant) -> Dialect {
        let xboard_fen = self
            .tag("FEN")
            .is_some_and(|fen| Position::from_fen(variant, fen).is_err() && xboard::parse_fen(variant, fen).is_ok());
        let san = self.moves.iter().any(|(m, _)| m.parse::<crate::coord::MoveText>().is_err());
        if self.tag("VariantMen").is_some() || xboard_fen || san {
            Dialect::Xboard
        } else {
            Dialect::Gorgon
        }
    }
}

/// What became of one game of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replayed {
    Game(Box<GameRecord>),
    /// The `Variant` tag names another variant.
    OtherVariant,
}

/// Replays a game on the board of `variant`.
pub fn replay(game: &PgnGame, index: usize, file: &str, variant: Variant) -> Result<Replayed, PgnError> {
    match replay_prefix(game, index, file, variant) {
        Ok(Some((record, None))) => Ok(Replayed::Game(Box::new(record))),
        Ok(Some((_, Some(e)))) => Err(e),
        Ok(None) => Ok(Replayed::OtherVariant),
        Err(e) => Err(e),
    }
}

/// Replays a game on the board of `variant` as far as it goes: the record
/// of the moves up to the first one that cannot be read, and that move's
/// error. `Ok(None)` when the `Variant` tag names another variant; an
/// error for an unknown variant or a bad FEN.
pub fn replay_prefix(
    game: &PgnGame,
    index: usize,
    file: &str,
    variant: Variant,
) -> Result<Option<(GameRecord, Option<PgnError>)>, PgnError> {
    let fail = |line: usize, message: String| PgnError {
        file: file.to_string(),
        game: index,
        name: game.name(),
        line,
        message,
    };
    if let Some(name) = game.tag("Variant") {
        match Variant::from_name(name) {
            Some(v) if v == variant => {}
            Some(_) => return Ok(None),
            None => return Err(fail(game.line, format!("unknown variant '{name}'"))),
        }
    }
    let dialect = game.dialect(variant);
    let start = match (game.tag("FEN"), dialect) {
        (None, _) => Position::startpos(variant),
        (Some(fen), Dialect::Gorgon) => Position::from_fen(variant, fen).map_err(|e| fail(game.line, format!("bad FEN '{fen}': {e}")))?,
        // XBoard's letters, or Gorgon's FEN in a game of XBoard's moves.
        (Some(fen), Dialect::Xboard) => xboard::parse_fen(variant, fen)
            .or_else(|e| Position::from_fen(variant, fen).map_err(|_| e))
            .map_err(|e| fail(game.line, format!("bad FEN '{fen}': {e}")))?,
    };
    let (moves, error) = match dialect {
        Dialect::Gorgon => read_coordinates(&start, game),
        Dialect::Xboard => read_xboard(&start, game),
    };
    let record = GameRecord {
        start,
        moves,
        result: game.game_result(),
    };
    Ok(Some((record, error.map(|(line, message)| fail(line, message)))))
}

/// `12.` or `12...` and the text of the move played from `pos`.
fn move_label(pos: &Position, text: &str, ply: usize) -> String {
    let dots = if pos.side_to_move() == crate::Color::White { "." } else { "..." };
    format!("move {}{dots} {text} (ply {})", pos.fullmove_number(), ply + 1)
}

/// A move's line and error message.
type MoveFailure = (usize, String);

/// Gorgon's dialect: each move is the one legal move its coordinates name.
fn read_coordinates(start: &Position, game: &PgnGame) -> (Vec<Move>, Option<MoveFailure>) {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(game.moves.len());
    for (i, (text, line)) in game.moves.iter().enumerate() {
        match pos.parse_move(text) {
            Ok(m) => {
                pos.make(m);
                moves.push(m);
            }
            Err(e) => return (moves, Some((*line, format!("{}: {}", move_label(&pos, text, i), e.reason)))),
        }
    }
    (moves, None)
}

/// One reading of one move, in the tree of the readings taken so far:
/// the lines kept share their past, so a move read once costs the same
/// however long the game already is.
struct Node {
    /// The reading of the move before; `None` for the first move.
    parent: Option<usize>,
    mv: Move,
}

/// One way of reading an XBoard game so far: the position it reaches, its
/// last reading in the tree, and its order among the lines kept (by the
/// ranks of its readings, first move first; lines of equal ranks share
/// their order).
struct Line {
    pos: Position,
    node: Option<usize>,
    order: usize,
}

/// The moves of a line, from the tree.
fn moves_of(nodes: &[Node], mut node: Option<usize>) -> Vec<Move> {
    let mut moves = Vec::new();
    while let Some(n) = node {
        moves.push(nodes[n].mv);
        node = nodes[n].parent;
    }
    moves.reverse();
    moves
}

/// Readings of an XBoard game kept at once. XBoard drops a transformation
/// from its SAN, so each Morph capture keeps its readings until a later
/// move of the piece (or the end) settles it; they rarely last, and lines
/// that reach the same position merge.
const MAX_LINES: usize = 64;

/// XBoard's dialect: every move is read with all its meanings
/// ([`xboard::read_move`]), the lines the rest of the game allows are kept,
/// and at the end the best ranked one is taken: at each move the reading
/// XBoard itself would give, unless a later move rules it out. Two lines
/// of the same ranks at the end mean a move names several legal moves.
/// Linear in the game's length: a line's position is copied only where a
/// move has several readings, and its moves are read back from the tree
/// once, at the end.
fn read_xboard(start: &Position, game: &PgnGame) -> (Vec<Move>, Option<MoveFailure>) {
    let mut nodes: Vec<Node> = Vec::with_capacity(game.moves.len());
    let mut lines = vec![Line {
        pos: start.clone(),
        node: None,
        order: 0,
    }];
    for (i, (text, line)) in game.moves.iter().enumerate() {
        let readings: Vec<_> = lines.iter().map(|l| xboard::read_move(&l.pos, text)).collect();
        let first_error = lines
            .iter()
            .zip(&readings)
            .find_map(|(l, r)| r.as_ref().err().map(|e| (*line, format!("{}: {e}", move_label(&l.pos, text, i)))));
        if readings.iter().all(|r| r.as_ref().map_or(true, Vec::is_empty)) {
            return (moves_of(&nodes, lines[0].node), first_error);
        }
        // Each line's readings, keyed by the line's order then the
        // reading's rank: the order of the lines' whole ranks.
        let mut next: Vec<((usize, u8), Line)> = Vec::with_capacity(lines.len());
        for (l, r) in lines.into_iter().zip(readings) {
            let Ok(rs) = r else { continue };
            let last = rs.len().saturating_sub(1);
            let mut pos = Some(l.pos);
            for (j, r) in rs.into_iter().enumerate() {
                let taken = if j == last { pos.take() } else { pos.clone() };
                let Some(mut p) = taken else { continue };
                p.make(r.mv);
                nodes.push(Node { parent: l.node, mv: r.mv });
                let line = Line {
                    pos: p,
                    node: Some(nodes.len() - 1),
                    order: 0,
                };
                next.push(((l.order, r.rank), line));
            }
        }
        // Best ranked first (a stable sort: ties keep the order read); of
        // lines reaching the same position, the best.
        next.sort_by_key(|(key, _)| *key);
        let mut kept: Vec<Line> = Vec::with_capacity(next.len());
        let mut previous = None;
        let mut order = 0;
        for (key, mut l) in next {
            if previous.is_some_and(|p| p != key) {
                order += 1;
            }
            previous = Some(key);
            l.order = order;
            match kept.iter().find(|k| k.pos.key() == l.pos.key()) {
                Some(k) if k.order == l.order => {
                    let (a, b) = (moves_of(&nodes, k.node), moves_of(&nodes, l.node));
                    let message = several(start, game, &a, &b);
                    return (a, Some((*line, message)));
                }
                Some(_) => {}
                None => kept.push(l),
            }
        }
        kept.truncate(MAX_LINES);
        lines = kept;
    }
    if let [best, second, ..] = lines.as_slice() {
        if best.order == second.order {
            let (a, b) = (moves_of(&nodes, best.node), moves_of(&nodes, second.node));
            let ply = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(0);
            let line = game.moves.get(ply).map_or(game.line, |m| m.1);
            let message = several(start, game, &a, &b);
            return (a, Some((line, message)));
        }
    }
    (moves_of(&nodes, lines[0].node), None)
}

/// The error of a move two equally ranked lines read differently.
fn several(start: &Position, game: &PgnGame, a: &[Move], b: &[Move]) -> String {
    let ply = a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(0);
    let mut pos = start.clone();
    for &m in &a[..ply] {
        pos.make(m);
    }
    let text = game.moves.get(ply).map_or("", |m| m.0.as_str());
    format!(
        "{}: names several legal moves ({} and {}), and the rest of the game does not tell them apart",
        move_label(&pos, text, ply),
        pos.move_text(a[ply]),
        pos.move_text(b[ply])
    )
}

/// The error of a game over `limits`, naming the game; `total` counts the
/// plies of the games so far.
fn check_limits(game: &PgnGame, index: usize, file: &str, limits: ReadLimits, total: &mut usize) -> Result<(), PgnError> {
    *total = total.saturating_add(game.moves.len());
    limits.check(game.moves.len(), *total).map_err(|message| PgnError {
        file: file.to_string(),
        game: index,
        name: game.name(),
        line: game.line,
        message,
    })
}

/// A game read and replayed, with what it was read from: the form an
/// importer (the browser board's JSON endpoint, the Python package) hands
/// on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    /// The game as written: tags, move texts, comments.
    pub written: PgnGame,
    pub dialect: Dialect,
    pub record: GameRecord,
}

/// Every game of a PGN text, each replayed on the board its own `Variant`
/// tag names (`variant` when it has none), in the dialect it is written
/// in. The first game that cannot be read is the error.
pub fn read(text: &str, file: &str, variant: Variant) -> Result<Vec<ReadGame>, PgnError> {
    read_within(text, file, variant, ReadLimits::NONE)
}

/// [`read`] within `limits`: a game over them is an error before any of
/// its moves is replayed.
pub fn read_within(text: &str, file: &str, variant: Variant, limits: ReadLimits) -> Result<Vec<ReadGame>, PgnError> {
    let mut out = Vec::new();
    let mut total = 0;
    for (i, written) in parse(text, file)?.into_iter().enumerate() {
        check_limits(&written, i + 1, file, limits, &mut total)?;
        let v = written.variant(variant);
        match replay(&written, i + 1, file, v)? {
            Replayed::Game(record) => out.push(ReadGame {
                dialect: written.dialect(v),
                written,
                record: *record,
            }),
            // The game's own variant was used, so only an unknown one gets here.
            Replayed::OtherVariant => {}
        }
    }
    Ok(out)
}

/// Every game of a PGN text replayed; games of another variant are left
/// out and counted.
pub fn read_games(text: &str, file: &str, variant: Variant) -> Result<(Vec<GameRecord>, usize), PgnError> {
    read_games_within(text, file, variant, ReadLimits::NONE)
}

/// [`read_games`] within `limits`: a game over them is an error before
/// any of its moves is replayed.
pub fn read_games_within(text: &str, file: &str, variant: Variant, limits: ReadLimits) -> Result<(Vec<GameRecord>, usize), PgnError> {
    let mut out = Vec::new();
    let mut other = 0;
    let mut total = 0;
    for (i, game) in parse(text, file)?.iter().enumerate() {
        check_limits(game, i + 1, file, limits, &mut total)?;
        match replay(game, i + 1, file, variant)? {
            Replayed::Game(g) => out.push(*g),
            Replayed::OtherVariant => other += 1,
        }
    }
    Ok((out, other))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_tags_and_movetext_read_back() {
        let tokens: Vec<String> =
            "1. e3e5 {a long comment that goes on and on and on and on and on and on and on and on and on} h10h8 $2 (1... g9g7) 1-0"
                .split(' ')
                .map(String::from)
                .collect();
        // Comments are one token each here: join the comment's words back.
        let mut joined: Vec<String> = Vec::new();
        for t in tokens {
            match joined.last_mut() {
                Some(last) if last.starts_with('{') && !last.ends_with('}') => {
                    last.push(' ');
                    last.push_str(&t);
                }
                _ => joined.push(t),
            }
        }
        let text = format!(
            "{}{}\n{}\n",
            tag_pair("White", "A \"quoted\" \\ name"),
            tag_pair("Variant", "pom"),
            movetext(&joined)
        );
        assert!(
            text.lines()
                .all(|l| l.len() <= LINE_WIDTH || !l.contains(' ') || l.starts_with('{')),
            "{text}"
        );
        assert!(text.contains("\n{a long comment"), "the comment, too long to share a line: {text}");
        let games = parse(&text, "t.pgn").unwrap();
        assert_eq!(games[0].tag("White"), Some("A \"quoted\" \\ name"));
        assert_eq!(games[0].moves.iter().map(|m| m.0.as_str()).collect::<Vec<_>>(), ["e3e5", "h10h8"]);
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
    }

    /// A value with a line break (or another control character) is
    /// written on the tag's one line, and the game reads back.
    #[test]
    fn a_tag_value_with_a_newline_stays_on_one_line() {
        let pair = tag_pair("White", "Gary\nGifford\r\tjr");
        assert_eq!(pair, "[White \"Gary Gifford  jr\"]\n");
        let text = format!("{pair}{}\n1. e3e5 *\n", tag_pair("Variant", "pom"));
        let games = parse(&text, "t.pgn").unwrap();
        assert_eq!(games[0].tag("White"), Some("Gary Gifford  jr"));
        assert_eq!(games[0].moves.len(), 1);
    }

    /// XBoard's SAN of Horses going back and forth, `plies` long.
    fn horses(plies: usize) -> String {
        let mut text = String::from("[Variant \"pom\"]\n\n");
        for n in 0..plies.div_ceil(2) {
            let (white, black) = if n % 2 == 0 { ("Ha3", "Ha9") } else { ("Hb1", "Hb11") };
            text.push_str(&format!("{}. {white} {black}\n", n + 1));
        }
        text
    }

    /// Reading an XBoard game costs the same per move however long the
    /// game is (a long game took minutes when each move copied the
    /// position and its history), and a game over the limits is refused
    /// before it is replayed.
    #[test]
    fn xboard_games_read_in_linear_time_within_limits() {
        let text = horses(30_000);
        let t = std::time::Instant::now();
        let (games, _) = read_games(&text, "h.pgn", Variant::Pom).unwrap_or_else(|e| panic!("{e}"));
        let took = t.elapsed();
        assert_eq!(games[0].moves.len(), 30_000);
        // About a tenth of a second on an idle machine; the quadratic
        // reader took over a minute.
        assert!(took < std::time::Duration::from_secs(10), "{took:?}");
        let limits = ReadLimits { plies: 2000, total: 4000 };
        let t = std::time::Instant::now();
        let e = read_games_within(&text, "h.pgn", Variant::Pom, limits).unwrap_err();
        assert_eq!(e.to_string(), "h.pgn:1: game 1 (?): 30000 plies is over the cap of 2000");
        assert!(read_within(&text, "h.pgn", Variant::Pom, limits).is_err());
        assert!(t.elapsed() < std::time::Duration::from_secs(2), "{:?}", t.elapsed());
        let short = horses(2000);
        assert_eq!(
            read_games_within(&short, "h.pgn", Variant::Pom, limits).unwrap().0[0].moves.len(),
            2000
        );
        assert_eq!(
            read_within(&short, "h.pgn", Variant::Pom, limits).unwrap()[0].record.moves.len(),
            2000
        );
        let three = format!("{short}*\n{short}*\n{short}*\n");
        let e = read_games_within(&three, "h.pgn", Variant::Pom, limits).unwrap_err();
        assert_eq!(e.game, 3, "{e}");
        assert!(e.message.contains("over 4000 plies in all"), "{e}");
        assert_eq!(read_games(&three, "h.pgn", Variant::Pom).unwrap().0.len(), 3);
    }
}
