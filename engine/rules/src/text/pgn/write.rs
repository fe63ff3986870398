//! What every PGN writer of the project shares: tag pairs, comments, move
//! numbers and movetext laid out in lines. The writers (the match runner,
//! self-play books, `gorgon annotate`, the browser board) choose what to
//! say; how it is written is here, once. The inventor's notation
//! (`notation::export_tree`) numbers its moves and writes its comments
//! with the same pieces.

use crate::tree::{GameTree, Step};
use crate::{Color, Move, Position};
use std::fmt;

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

/// A comment as written, `{...}`: the project's one comment escaper, for
/// PGN and the inventor's notation alike.
///
/// - A `}` would end the comment (a brace comment has no escape), so it
///   becomes `)`, and a `{` becomes `(` so that a pair stays a pair
///   (`{x}` reads `(x)`). A `{` alone would be legal, but half a pair
///   turned into a parenthesis reads worse than both.
/// - A line break, tab or other control character becomes a space, as in
///   [`tag_pair`]: the inventor's notation holds a comment on one line (its
///   reader is line by line), a comment's line starting with `%` would be
///   an escape line to a reader that follows the standard, and the lines
///   [`Movetext::text`] lays out keep their width only if no token breaks
///   its line.
///
/// Every reader of ours (the rules' PGN reader, the notation reader, the
/// match runner's and the Python package's, which are the rules' one)
/// reads the comment back as that text, trimmed.
pub fn comment(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| match c {
            '{' => '(',
            '}' => ')',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    format!("{{{text}}}")
}

/// A move number as PGN writes it: `12.` before White's move, `12...`
/// before Black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    pub side: Color,
}

impl MoveNumber {
    /// The number of the move about to be played in `pos`.
    pub fn of(pos: &Position) -> MoveNumber {
        MoveNumber {
            number: pos.fullmove_number(),
            side: pos.side_to_move(),
        }
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.side == Color::White { "." } else { "..." };
        write!(f, "{}{dots}", self.number)
    }
}

/// Which moves of written movetext carry their number: White's always,
/// Black's at the start of a line (the game's, or a side line's) and after
/// a comment or a side line, where a reader has lost count (the PGN
/// standard's export format, 8.2.2.2). The inventor's notation numbers the
/// same moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumbers {
    /// Black's next move is numbered.
    due: bool,
}

impl Default for MoveNumbers {
    fn default() -> MoveNumbers {
        MoveNumbers { due: true }
    }
}

impl MoveNumbers {
    /// The number written before a move `side` plays in move `number`, if
    /// one is.
    pub fn before(&mut self, side: Color, number: u32) -> Option<MoveNumber> {
        let written = side == Color::White || self.due;
        self.due = false;
        written.then_some(MoveNumber { number, side })
    }

    /// A comment or a side line (its start or its end) comes between two
    /// moves.
    pub fn interrupt(&mut self) {
        self.due = true;
    }
}

/// Movetext being written: moves with their numbers ([`MoveNumbers`]),
/// glyphs, comments ([`comment`]), side lines and the result, as tokens
/// that [`Movetext::text`] lays out in lines. [`super::parse`] reads it
/// back.
#[derive(Clone, Debug, Default)]
pub struct Movetext {
    tokens: Vec<String>,
    numbers: MoveNumbers,
}

impl Movetext {
    /// A move `side` plays in move `number`, written `text`, after its
    /// number if it has one.
    pub fn play(&mut self, side: Color, number: u32, text: String) {
        if let Some(n) = self.numbers.before(side, number) {
            self.tokens.push(n.to_string());
        }
        self.tokens.push(text);
    }

    /// The moves of a line played from `start` (`text` writes each from
    /// the position before it), up to the first that is not legal, should
    /// the line hold one (an engine's line from a hash table may).
    pub fn line(&mut self, start: &Position, moves: &[Move], mut text: impl FnMut(&Position, Move) -> String) {
        let mut pos = start.clone();
        for &m in moves {
            if !pos.is_legal(m) {
                break;
            }
            self.play(pos.side_to_move(), pos.fullmove_number(), text(&pos, m));
            pos.make(m);
        }
    }

    /// `$n`, a glyph of the last move.
    pub fn nag(&mut self, nag: u8) {
        self.tokens.push(format!("${nag}"));
    }

    /// A comment, escaped by [`comment`].
    pub fn comment(&mut self, text: &str) {
        self.tokens.push(comment(text));
        self.numbers.interrupt();
    }

    /// `(`: a side line replacing the last move opens.
    pub fn open(&mut self) {
        self.tokens.push("(".into());
        self.numbers.interrupt();
    }

    /// `)`: it closes.
    pub fn close(&mut self) {
        self.tokens.push(")".into());
        self.numbers.interrupt();
    }

    /// The result token, the movetext's last.
    pub fn result(&mut self, token: &str) {
        self.tokens.push(token.to_string());
    }

    /// A game tree's moves, without the result: the start's comments,
    /// then each move (`text` writes it from the position before it) with
    /// its glyphs and comments, each side line between `(` `)` after the
    /// move it replaces, with the comments before its first move, nested
    /// as deep as the tree. [`super::replay_tree`] reads it back to the same
    /// tree (comments as [`comment`] writes them).
    pub fn tree(&mut self, tree: &GameTree, mut text: impl FnMut(&Position, Move) -> String) {
        for c in &tree.nodes[0].comments {
            self.comment(c);
        }
        tree.walk(|step, pos| match step {
            Step::Open => self.open(),
            Step::Close => self.close(),
            Step::Move(n) => {
                let node = &tree.nodes[n];
                for c in &node.before {
                    self.comment(c);
                }
                self.play(
                    pos.side_to_move(),
                    pos.fullmove_number(),
                    text(pos, node.mv.expect("only node 0 has no move")),
                );
                for &g in &node.nags {
                    self.nag(g);
                }
                for c in &node.comments {
                    self.comment(c);
                }
            }
        });
    }

    /// The tokens with `(` and `)` hugging their neighbours, as PGN is
    /// usually written.
    pub fn tokens(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::with_capacity(self.tokens.len());
        let mut glue = false;
        for t in &self.tokens {
            match out.last_mut() {
                Some(last) if t == ")" || glue => last.push_str(t),
                _ => out.push(t.clone()),
            }
            glue = out.last().is_some_and(|l| l.ends_with('('));
        }
        out
    }

    /// The movetext: its tokens joined by spaces into lines of at most
    /// [`LINE_WIDTH`] characters (a longer token stands on a line of its
    /// own). No newline at the end.
    pub fn text(&self) -> String {
        self.text_within(LINE_WIDTH)
    }

    /// [`Movetext::text`] in lines of at most `width` characters (the
    /// Python package's exporter takes python-chess's `columns`;
    /// `usize::MAX` keeps the movetext on one line).
    pub fn text_within(&self, width: usize) -> String {
        let mut out = String::new();
        let mut line = 0;
        for t in self.tokens() {
            if line > 0 && line + 1 + t.len() > width {
                out.push('\n');
                line = 0;
            } else if line > 0 {
                out.push(' ');
                line += 1;
            }
            line += t.len();
            out.push_str(&t);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::{parse, read_games};
    use super::*;
    use crate::Variant;

    /// The comment escaper: what a PGN brace comment or a line of the
    /// inventor's notation cannot hold becomes what both hold, and every
    /// reader reads it back as that.
    #[test]
    fn a_comment_reads_back_as_written_whatever_it_holds() {
        let raw = "a } b {c}\nd\r\te %f";
        let written = comment(raw);
        assert_eq!(written, "{a ) b (c) d  e %f}");
        let mut m = Movetext::default();
        m.play(Color::White, 1, "e3e5".into());
        m.comment(raw);
        m.result("*");
        let games = parse(&format!("{}\n", m.text()), "t").unwrap();
        assert_eq!(games[0].comments, [vec!["a ) b (c) d  e %f".to_string()]]);
    }

    /// White's moves are numbered, Black's at the start of a line and
    /// after a comment or a side line.
    #[test]
    fn black_is_numbered_where_a_reader_lost_count() {
        let mut m = Movetext::default();
        m.play(Color::Black, 5, "a".into());
        m.play(Color::White, 6, "b".into());
        m.play(Color::Black, 6, "c".into());
        m.comment("x");
        m.play(Color::White, 7, "d".into());
        m.comment("y");
        m.play(Color::Black, 7, "e".into());
        m.open();
        m.play(Color::Black, 7, "f".into());
        m.play(Color::White, 8, "g".into());
        m.close();
        m.play(Color::White, 8, "h".into());
        m.nag(2);
        m.play(Color::Black, 8, "i".into());
        m.result("1-0");
        assert_eq!(m.text(), "5... a 6. b c {x} 7. d {y} 7... e (7... f 8. g) 8. h $2 i 1-0");
        assert_eq!(m.text_within(20), "5... a 6. b c {x} 7.\nd {y} 7... e (7... f\n8. g) 8. h $2 i 1-0");
        assert!(!m.text_within(usize::MAX).contains('\n'));
    }

    #[test]
    fn written_tags_and_movetext_read_back() {
        let mut m = Movetext::default();
        m.play(Color::White, 1, "e3e5".into());
        m.comment("a long comment that goes on and on and on and on and on and on and on and on and on");
        m.play(Color::Black, 1, "h10h8".into());
        m.nag(2);
        m.open();
        m.play(Color::Black, 1, "g9g7".into());
        m.close();
        m.result("1-0");
        let text = format!(
            "{}{}\n{}\n",
            tag_pair("White", "A \"quoted\" \\ name"),
            tag_pair("Variant", "pom"),
            m.text()
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

    /// A line from a position Black moves in, stopped at a move that is
    /// not legal there.
    #[test]
    fn a_line_is_numbered_from_its_position_up_to_an_illegal_move() {
        let mut pos = Position::startpos(Variant::MiniPom);
        pos.make(pos.legal_move_vec()[0]);
        let mut p = pos.clone();
        let mut line = Vec::new();
        for _ in 0..3 {
            let m = p.legal_move_vec()[0];
            line.push(m);
            p.make(m);
        }
        // Black's first move again: its piece has left.
        line.push(line[0]);
        let mut m = Movetext::default();
        m.line(&pos, &line, |p, mv| p.move_text(mv));
        let text = m.text();
        assert!(text.starts_with("1... "), "{text}");
        assert_eq!(text.split(' ').count(), 5, "1... a 2. b c: {text}");
        let (games, _) = read_games(&format!("[FEN \"{}\"]\n{text} *\n", pos.fen()), "t", Variant::MiniPom).unwrap();
        assert_eq!(games[0].moves, line[..3]);
    }
}
