//! A cursor over the whitespace-separated tokens of one input line, with
//! the helpers every command and reply parser shares (keywords, numbers,
//! moves, free text).

use std::str::FromStr;

use crate::error::{shown, ParseError};
use rules::text::coord::MoveText;

/// The tokens of a line. Any Unicode whitespace separates tokens, so runs
/// of spaces, tabs and stray `\r` collapse. The cursor keeps the unread
/// rest of the line rather than an iterator of tokens, so that free text
/// (an option name, an `info string`, a quoted CECP feature value) can be
/// taken as written, with its inner spacing.
#[derive(Clone)]
pub(crate) struct Tokens<'a> {
    rest: &'a str,
}

impl<'a> Tokens<'a> {
    pub(crate) fn new(line: &'a str) -> Self {
        Self { rest: line }
    }

    pub(crate) fn peek(&self) -> Option<&'a str> {
        self.clone().next()
    }

    /// Consumes the next token if `keep` holds for it.
    fn next_if(&mut self, keep: impl Fn(&str) -> bool) -> Option<&'a str> {
        let mut ahead = self.clone();
        let token = ahead.next().filter(|t| keep(t))?;
        *self = ahead;
        Some(token)
    }

    /// The remaining tokens joined by single spaces.
    pub(crate) fn rest_joined(&mut self) -> String {
        self.by_ref().collect::<Vec<_>>().join(" ")
    }

    /// The rest of the line as written, trimmed (inner spacing kept).
    pub(crate) fn rest_raw(&mut self) -> &'a str {
        std::mem::take(&mut self.rest).trim()
    }

    /// The text up to the next `end` character, as written, with the
    /// character itself consumed; `None` (nothing consumed) if there is no
    /// such character.
    pub(crate) fn raw_until(&mut self, end: char) -> Option<&'a str> {
        let (before, after) = self.rest.split_once(end)?;
        self.rest = after;
        Some(before)
    }

    /// Tokens up to (not including) the first one for which `stop` holds.
    pub(crate) fn take_until(&mut self, stop: impl Fn(&str) -> bool) -> Vec<&'a str> {
        let mut taken = Vec::new();
        while let Some(token) = self.next_if(|t| !stop(t)) {
            taken.push(token);
        }
        taken
    }

    /// Like [`Tokens::take_until`], but the tokens as one slice of the
    /// line, inner spacing kept (empty if no token was taken).
    pub(crate) fn raw_until_token(&mut self, stop: impl Fn(&str) -> bool) -> &'a str {
        let start = self.rest.trim_start();
        if self.take_until(stop).is_empty() {
            return "";
        }
        // `rest` now starts right after the last token taken.
        &start[..start.len() - self.rest.len()]
    }

    /// Consumes the next token if it is `keyword` (ASCII case-insensitive).
    pub(crate) fn eat(&mut self, keyword: &str) -> bool {
        self.next_if(|t| is_keyword(t, keyword)).is_some()
    }

    /// Consumes the next token, which must be `keyword`.
    pub(crate) fn expect(&mut self, command: &'static str, keyword: &'static str, expected: &'static str) -> Result<(), ParseError> {
        match self.next() {
            Some(t) if is_keyword(t, keyword) => Ok(()),
            Some(t) => Err(ParseError::unexpected(command, expected, t)),
            None => Err(ParseError::Missing { command, what: expected }),
        }
    }

    /// Succeeds if no token is left (for commands that take arguments, so
    /// that a typo is reported instead of silently ignored).
    pub(crate) fn end(&mut self, command: &'static str) -> Result<(), ParseError> {
        match self.next() {
            Some(t) => Err(ParseError::unexpected(command, "end of line", t)),
            None => Ok(()),
        }
    }

    /// The value after `keyword`, as a number of type `T`.
    pub(crate) fn value<T: FromStr>(&mut self, command: &'static str, keyword: &'static str) -> Result<T, ParseError> {
        let token = self.next().ok_or(ParseError::MissingValue { command, keyword })?;
        number(command, keyword, token)
    }

    /// Parses the next tokens as moves while `more` holds for them.
    pub(crate) fn moves(&mut self, command: &'static str, more: impl Fn(&str) -> bool) -> Result<Vec<MoveText>, ParseError> {
        let mut moves = Vec::new();
        while let Some(token) = self.next_if(&more) {
            moves.push(token.parse().map_err(|error| ParseError::BadMove { command, error })?);
        }
        Ok(moves)
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let start = self.rest.trim_start();
        if start.is_empty() {
            self.rest = start;
            return None;
        }
        let end = start.find(char::is_whitespace).unwrap_or(start.len());
        let (token, rest) = start.split_at(end);
        self.rest = rest;
        Some(token)
    }
}

/// Keywords are ASCII case-insensitive, as in vampirc-uci.
pub(crate) fn is_keyword(token: &str, keyword: &str) -> bool {
    token.eq_ignore_ascii_case(keyword)
}

/// The canonical spelling of `token` if it is one of `keywords`.
pub(crate) fn find_keyword(keywords: &[&'static str], token: &str) -> Option<&'static str> {
    keywords.iter().copied().find(|k| is_keyword(token, k))
}

/// Parses a decimal integer. A well-formed integer that does not fit `T`
/// (too large, or negative for an unsigned field) is out of range;
/// anything else is not a number.
pub(crate) fn number<T: FromStr>(command: &'static str, keyword: &'static str, token: &str) -> Result<T, ParseError> {
    token.parse().map_err(|_| {
        let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
        let token = shown(token);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            ParseError::OutOfRange { command, keyword, token }
        } else {
            ParseError::NotANumber { command, keyword, token }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_split_on_any_whitespace() {
        let tokens: Vec<_> = Tokens::new(" a\tb \r c\u{a0}d\u{b}e\n").collect();
        assert_eq!(tokens, ["a", "b", "c", "d", "e"]);
    }

    #[test]
    fn number_classifies_failures() {
        assert_eq!(number::<u32>("go", "depth", "+7"), Ok(7));
        assert_eq!(number::<i64>("go", "wtime", "-30"), Ok(-30));
        let out = |t: &str| ParseError::OutOfRange {
            command: "go",
            keyword: "depth",
            token: t.into(),
        };
        let nan = |t: &str| ParseError::NotANumber {
            command: "go",
            keyword: "depth",
            token: t.into(),
        };
        assert_eq!(number::<u32>("go", "depth", "4294967296"), Err(out("4294967296")));
        assert_eq!(number::<u32>("go", "depth", "-1"), Err(out("-1")));
        assert_eq!(number::<u32>("go", "depth", "1e3"), Err(nan("1e3")));
        assert_eq!(number::<u32>("go", "depth", "-"), Err(nan("-")));
        assert_eq!(number::<u32>("go", "depth", "٣"), Err(nan("٣")));
    }

    #[test]
    fn keywords_ignore_ascii_case_only() {
        assert!(is_keyword("DePtH", "depth"));
        assert!(!is_keyword("depth\u{0}", "depth"));
        assert_eq!(find_keyword(&["wtime", "btime"], "BTIME"), Some("btime"));
        assert_eq!(find_keyword(&["wtime"], "x"), None);
    }

    #[test]
    fn take_until_stops_before_the_keyword() {
        let mut t = Tokens::new("a b moves c");
        assert_eq!(t.take_until(|x| is_keyword(x, "moves")), ["a", "b"]);
        assert!(t.eat("MOVES"));
        assert_eq!(t.rest_joined(), "c");
    }

    #[test]
    fn raw_text_keeps_inner_spacing() {
        let mut t = Tokens::new("option name  Move \u{a0} Overhead\ttype spin");
        assert_eq!(t.next(), Some("option"));
        assert!(t.eat("name"));
        assert_eq!(t.raw_until_token(|x| is_keyword(x, "type")), "Move \u{a0} Overhead");
        assert_eq!(t.peek(), Some("type"));
        assert_eq!(t.raw_until_token(|x| is_keyword(x, "type")), "");
        assert!(t.eat("type"));
        assert_eq!(t.rest_raw(), "spin");
        assert_eq!(t.rest_raw(), "");
        assert_eq!(t.next(), None);

        let mut t = Tokens::new("a=\"b  c\" d");
        assert_eq!(t.next(), Some("a=\"b"));
        assert_eq!(t.raw_until('"'), Some("  c"));
        assert_eq!(t.raw_until('"'), None);
        assert_eq!(t.rest_joined(), "d");
    }
}
