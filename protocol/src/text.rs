//! Small writing helpers shared by `Command` and `Reply` output.

use std::fmt;

use rules::text::coord::MoveText;

/// Writes ` keyword value` if the value is set.
pub(crate) fn field(f: &mut fmt::Formatter<'_>, keyword: &str, value: Option<impl fmt::Display>) -> fmt::Result {
    value.map_or(Ok(()), |v| write!(f, " {keyword} {v}"))
}

/// Writes ` keyword m1 m2 ...`, or nothing for no moves.
pub(crate) fn moves(f: &mut fmt::Formatter<'_>, keyword: &str, moves: &[MoveText]) -> fmt::Result {
    if !moves.is_empty() {
        write!(f, " {keyword}")?;
    }
    moves.iter().try_for_each(|m| write!(f, " {m}"))
}

/// Free text written with every control character (and the Unicode line
/// and paragraph separators) replaced by a space, so it stays on one line.
pub(crate) struct OneLine<'a>(pub(crate) &'a str);

fn breaks_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

impl fmt::Display for OneLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = self.0.split(breaks_line);
        if let Some(first) = parts.next() {
            f.write_str(first)?;
        }
        parts.try_for_each(|part| write!(f, " {part}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_replaces_breaks() {
        let text = OneLine("a\nb\r\nc\u{0}d\u{2028}e\tf").to_string();
        assert_eq!(text, "a b  c d e f");
        assert_eq!(OneLine("").to_string(), "");
    }
}
