//! PGN: the pieces every writer of the project shares (tag pairs, movetext
//! lines: [`tag_pair`], [`movetext`]) and a small reader for the games the
//! match runner writes: tag pairs
//! (`[Variant "pom"]`, `[FEN "..."]`, `[Result "1-0"]`, ...) and movetext in
//! coordinate notation with move numbers, `{...}` comments, `;` comments,
//! `(...)` variations (skipped; a `(X)` glued to a move is its
//! transformation, `b7d8(H)`), `$n` glyphs and a result token. Moves are
//! replayed with `Position::parse_move`; an error names the file, the game
//! and the move.

use crate::{GameRecord, GameResult};
use crate::{Position, Variant};
use std::fmt;

/// A game as written, before replay.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Move texts with their 1-based line numbers.
    pub moves: Vec<(String, usize)>,
    /// The `{...}` comments after each move (one list per move; comments
    /// before the first move are dropped).
    pub comments: Vec<Vec<String>>,
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

/// The longest line a PGN writer makes (the PGN standard's export format
/// keeps lines under 80 characters).
pub const LINE_WIDTH: usize = 79;

/// `[Name "value"]` with `\` and `"` in the value escaped, and a newline.
pub fn tag_pair(name: &str, value: &str) -> String {
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
                if let Some(last) = cur.comments.last_mut() {
                    last.push(comment.trim().to_string());
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

/// What became of one game of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replayed {
    Game(Box<GameRecord>),
    /// The `Variant` tag names another variant.
    OtherVariant,
}

/// Replays a game on the board of `variant`.
pub fn replay(game: &PgnGame, index: usize, file: &str, variant: Variant) -> Result<Replayed, PgnError> {
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
            Some(_) => return Ok(Replayed::OtherVariant),
            None => return Err(fail(game.line, format!("unknown variant '{name}'"))),
        }
    }
    let start = match game.tag("FEN") {
        Some(fen) => Position::from_fen(variant, fen).map_err(|e| fail(game.line, format!("bad FEN '{fen}': {e}")))?,
        None => Position::startpos(variant),
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(game.moves.len());
    for (i, (text, line)) in game.moves.iter().enumerate() {
        let number = pos.fullmove_number();
        let dots = if pos.side_to_move() == crate::Color::White { "." } else { "..." };
        let m = pos
            .parse_move(text)
            .map_err(|e| fail(*line, format!("move {number}{dots} {text} (ply {}): {}", i + 1, e.reason)))?;
        pos.make(m);
        moves.push(m);
    }
    Ok(Replayed::Game(Box::new(GameRecord {
        start,
        moves,
        result: game.game_result(),
    })))
}

/// Every game of a PGN text replayed; games of another variant are left
/// out and counted.
pub fn read_games(text: &str, file: &str, variant: Variant) -> Result<(Vec<GameRecord>, usize), PgnError> {
    let mut out = Vec::new();
    let mut other = 0;
    for (i, game) in parse(text, file)?.iter().enumerate() {
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
}
