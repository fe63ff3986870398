//! PGN's tokens: the lexical half of the reader ([`super::parse`] is the
//! other, a state machine over these tokens). No rules are involved: a
//! move is a word, resolved later.

use std::iter::Peekable;
use std::str::CharIndices;

/// One token of a PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token<'a> {
    /// `[Name "value"]` with the value's `\` escapes undone; `Err` holds
    /// the message of a tag that is not one (unterminated, malformed), which
    /// the parser reports in the game the tag starts.
    Tag(Result<(String, String), String>),
    /// `{...}`, trimmed.
    Comment(String),
    /// `(`: a side line opens.
    Open,
    /// `)`: it closes (the parser knows whether one is open).
    Close,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'a str),
    /// `$n`; `None` for one that is not a number up to 255.
    Nag(Option<u8>),
    /// A move without its number (`1.e3e5`) and marks (`+ # ! ?`), with
    /// the glyph of its marks (`!?` is `$5`). A transformation glued to it
    /// is part of it: `b7d8(H)`.
    Move(&'a str, Option<u8>),
    /// A move number alone (`12.`, `12...`), or marks with no move: part
    /// of the game, saying nothing.
    Number(&'a str),
}

/// A text that is no PGN token: an unterminated comment, a stray `]` or
/// `}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct LexError {
    pub line: usize,
    pub message: String,
}

/// The tokens of a PGN text, each with the 1-based line it starts on;
/// white space, `;` comments (to the end of the line) and `%` escape lines
/// are skipped. After an error it yields nothing more.
pub(super) struct Lexer<'a> {
    text: &'a str,
    chars: Peekable<CharIndices<'a>>,
    line: usize,
    /// Nothing but white space since the last newline: a `%` here starts
    /// an escape line.
    at_line_start: bool,
    failed: bool,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            chars: text.char_indices().peekable(),
            line: 1,
            at_line_start: true,
            failed: false,
        }
    }

    /// Skips to the end of the line (its newline left for `next`).
    fn skip_line(&mut self) {
        while self.chars.peek().is_some_and(|&(_, c)| c != '\n') {
            self.chars.next();
        }
    }

    /// The tag pair whose `[` was just taken.
    fn tag(&mut self) -> Result<(String, String), String> {
        let mut body = String::new();
        let mut in_quotes = false;
        let mut closed = false;
        while let Some((_, c)) = self.chars.next() {
            match c {
                '\\' if in_quotes => {
                    if let Some((_, e)) = self.chars.next() {
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
                    self.line += 1;
                    body.push(' ');
                }
                c => body.push(c),
            }
        }
        if !closed {
            return Err("unterminated tag".into());
        }
        body.trim()
            .split_once(char::is_whitespace)
            .and_then(|(n, v)| Some((n.to_string(), v.trim().strip_prefix('"')?.strip_suffix('"')?.to_string())))
            .ok_or_else(|| format!("malformed tag [{body}]"))
    }

    /// The comment whose `{` was just taken, up to its `}`.
    fn comment(&mut self, start_line: usize) -> Result<String, LexError> {
        let mut comment = String::new();
        for (_, c) in self.chars.by_ref() {
            if c == '\n' {
                self.line += 1;
            }
            if c == '}' {
                return Ok(comment.trim().to_string());
            }
            comment.push(c);
        }
        Err(LexError {
            line: start_line,
            message: "unterminated comment {".into(),
        })
    }

    /// The word starting at `start`: up to white space or a delimiter, a
    /// transformation suffix (`(H)`, `(ME)`) glued to it included.
    fn word(&mut self, start: usize) -> &'a str {
        let text = self.text;
        let mut end = text.len();
        while let Some(&(j, c)) = self.chars.peek() {
            if c == '(' && j > start {
                let code = text[j + 1..].bytes().take_while(u8::is_ascii_alphabetic).count();
                if (1..=2).contains(&code) && text[j + 1 + code..].starts_with(')') {
                    for _ in 0..code + 2 {
                        self.chars.next();
                    }
                    continue;
                }
            }
            if c.is_whitespace() || "{}()[];".contains(c) {
                end = j;
                break;
            }
            self.chars.next();
        }
        &text[start..end]
    }
}

/// What a word is: a result, a glyph, a move (its number and marks
/// stripped) or a number alone.
fn classify(word: &str) -> Token<'_> {
    if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return Token::Result(word);
    }
    if let Some(nag) = word.strip_prefix('$') {
        return Token::Nag(nag.parse().ok());
    }
    // A move number: `12.`, `12...`, `1.e3e5` (digits alone are a word of
    // their own, not a number).
    let after_number = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let w = if after_number.is_empty() || after_number.starts_with('.') {
        after_number.trim_start_matches('.')
    } else {
        word
    };
    let stripped = w.trim_end_matches(['+', '#', '!', '?']);
    if stripped.is_empty() {
        return Token::Number(word);
    }
    let marks: String = w[stripped.len()..].chars().filter(|&c| c == '!' || c == '?').collect();
    Token::Move(stripped, mark_nag(&marks))
}

/// `$1` to `$6` for the marks after a move (`e3e5!?`), as PGN's export
/// format writes them.
fn mark_nag(marks: &str) -> Option<u8> {
    match marks {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<(usize, Token<'a>), LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        while let Some(&(i, c)) = self.chars.peek() {
            let line = self.line;
            let token = match c {
                '\n' => {
                    self.line += 1;
                    self.chars.next();
                    self.at_line_start = true;
                    continue;
                }
                c if c.is_whitespace() => {
                    self.chars.next();
                    continue;
                }
                '%' if self.at_line_start => {
                    self.skip_line();
                    self.at_line_start = false;
                    continue;
                }
                ';' => {
                    self.skip_line();
                    self.at_line_start = false;
                    continue;
                }
                '[' => {
                    self.chars.next();
                    Token::Tag(self.tag())
                }
                '{' => {
                    self.chars.next();
                    match self.comment(line) {
                        Ok(c) => Token::Comment(c),
                        Err(e) => {
                            self.failed = true;
                            return Some(Err(e));
                        }
                    }
                }
                '(' => {
                    self.chars.next();
                    Token::Open
                }
                ')' => {
                    self.chars.next();
                    Token::Close
                }
                ']' | '}' => {
                    self.failed = true;
                    return Some(Err(LexError {
                        line,
                        message: format!("unexpected '{c}'"),
                    }));
                }
                _ => classify(self.word(i)),
            };
            self.at_line_start = false;
            return Some(Ok((line, token)));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<(usize, Token<'_>)> {
        Lexer::new(text).collect::<Result<_, _>>().unwrap()
    }

    #[test]
    fn words_are_moves_numbers_glyphs_and_results() {
        let t = tokens("1. e3e5+ 1...h10h8!? 2.f2c5 $12 $999 $x b7d8(H)?? c5d8(ME) 12... ! 1/2-1/2 *");
        let expected = [
            Token::Number("1."),
            Token::Move("e3e5", None),
            Token::Move("h10h8", Some(5)),
            Token::Move("f2c5", None),
            Token::Nag(Some(12)),
            Token::Nag(None),
            Token::Nag(None),
            Token::Move("b7d8(H)", Some(4)),
            Token::Move("c5d8(ME)", None),
            Token::Number("12..."),
            Token::Number("!"),
            Token::Result("1/2-1/2"),
            Token::Result("*"),
        ];
        assert_eq!(t.into_iter().map(|(_, t)| t).collect::<Vec<_>>(), expected);
    }

    /// `(` glued to a move is its transformation only when it is one (one
    /// or two letters and `)`); else a side line opens.
    #[test]
    fn parentheses_open_and_close_side_lines_unless_a_transformation() {
        let t: Vec<_> = tokens("e3e5(1. e3e4)(H) b7d8(HHH)").into_iter().map(|(_, t)| t).collect();
        assert_eq!(
            t,
            [
                Token::Move("e3e5", None),
                Token::Open,
                Token::Number("1."),
                Token::Move("e3e4", None),
                Token::Close,
                Token::Open,
                Token::Move("H", None),
                Token::Close,
                Token::Move("b7d8", None),
                Token::Open,
                Token::Move("HHH", None),
                Token::Close,
            ]
        );
    }

    /// Tags and comments may span lines; each token has the line it
    /// starts on; `;` comments and `%` lines (only at a line's start) say
    /// nothing.
    #[test]
    fn tags_comments_and_lines() {
        let text = "[White \"A \\\"q\\\"\n b\"]\n  % escaped e3e5\n{ one\ntwo } e3e5 ; rest e4e5\n%escaped\ne4e4 %not-escaped\n[Bad]";
        assert_eq!(
            tokens(text),
            [
                (1, Token::Tag(Ok(("White".into(), "A \"q\"  b".into())))),
                (4, Token::Comment("one\ntwo".into())),
                (5, Token::Move("e3e5", None)),
                (7, Token::Move("e4e4", None)),
                (7, Token::Move("%not-escaped", None)),
                (8, Token::Tag(Err("malformed tag [Bad]".into()))),
            ]
        );
        assert_eq!(tokens("[Event \"x"), [(1, Token::Tag(Err("unterminated tag".into())))]);
    }

    #[test]
    fn lexical_errors_name_their_line_and_end_the_tokens() {
        for (text, line, message) in [
            ("e3e5\n{ open\n", 2, "unterminated comment {"),
            ("e3e5 \n ]", 2, "unexpected ']'"),
            ("}", 1, "unexpected '}'"),
        ] {
            let mut lexer = Lexer::new(text);
            let e = lexer.find_map(Result::err).unwrap();
            assert_eq!((e.line, e.message.as_str()), (line, message), "{text}");
            assert_eq!(lexer.next(), None);
        }
    }
}
