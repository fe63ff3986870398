//! A cursor over the whitespace-separated tokens of one input line, with
//! the helpers every command parser shares (keywords, numbers, moves).

use std::iter::Peekable;
use std::str::{FromStr, SplitWhitespace};

use crate::error::{shown, ParseError};
use rules::coord::MoveText;

/// The tokens of a line. Any Unicode whitespace separates tokens, so runs
/// of spaces, tabs and stray `\r` collapse.
pub(crate) struct Tokens<'a> {
    inner: Peekable<SplitWhitespace<'a>>,
}

impl<'a> Tokens<'a> {
    pub(crate) fn new(line: &'a str) -> Self {
        Self {
            inner: line.split_whitespace().peekable(),
        }
    }

    pub(crate) fn peek(&mut self) -> Option<&'a str> {
        self.inner.peek().copied()
    }

    /// The remaining tokens joined by single spaces.
    pub(crate) fn rest_joined(&mut self) -> String {
        self.inner.by_ref().collect::<Vec<_>>().join(" ")
    }

    /// Tokens up to (not including) the first one for which `stop` holds.
    pub(crate) fn take_until(&mut self, stop: impl Fn(&str) -> bool) -> Vec<&'a str> {
        let mut taken = Vec::new();
        while let Some(token) = self.inner.next_if(|t| !stop(t)) {
            taken.push(token);
        }
        taken
    }

    /// Consumes the next token if it is `keyword` (ASCII case-insensitive).
    pub(crate) fn eat(&mut self, keyword: &str) -> bool {
        self.inner.next_if(|t| is_keyword(t, keyword)).is_some()
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
        while let Some(token) = self.inner.next_if(|t| more(t)) {
            moves.push(token.parse().map_err(|error| ParseError::BadMove { command, error })?);
        }
        Ok(moves)
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.inner.next()
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
}
