//! The comment after an engine's move, `{+0.35/12 0.50s}`: the engine's
//! score from the mover's side, the depth it reached and the time the move
//! took, in the form cutechess-cli writes (its `MoveEvaluation::scoreText`
//! and `ChessGame`'s `evalString`), so that tools made for cutechess's
//! PGNs read ours. One type, written by the match runner and read by every
//! reader of those comments.
//!
//! cutechess counts a mate in plies, not moves: a mate in 3 moves is
//! `+M5` (the mover's third move mates, five plies from now), being mated
//! in 2 moves is `-M4`. So a mate for the mover has an odd count and one
//! against it an even count.
//!
//! Before issue 68 the runner wrote the count in moves (`+M3` for a mate in
//! 3). Those comments still read, and read as what they say (`+M3`: three
//! plies); the text alone cannot tell the two counts apart, and a reader
//! that guessed would misread every new file to read old ones right.
//! Only the score of a mate is affected: the depth and time read the same.

use std::fmt;
use std::time::Duration;

/// The score of an engine comment, from the side that played the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentScore {
    /// Centipawns, written in pawns with two decimals (`+0.35`, `-1.20`).
    Cp(i32),
    /// Plies to mate: positive when the mover mates (`+M5`), negative when
    /// it is mated (`-M4`); 0 is being mated now (`-M0`).
    Mate(i32),
}

impl CommentScore {
    /// A mate in `moves` of the mover's own moves as engines report it
    /// (UCI's `score mate 3`, negative when mated), counted in plies as
    /// cutechess does: the mover mates with its `n`th move `2n - 1` plies
    /// from now and is mated after the opponent's `n`th, `2n` plies away.
    pub fn mate_in_moves(moves: i32) -> CommentScore {
        if moves > 0 {
            CommentScore::Mate(moves.saturating_mul(2) - 1)
        } else {
            CommentScore::Mate(moves.saturating_mul(2))
        }
    }

    /// The mate in moves of the mover's own moves, as engines and
    /// python-chess's `Mate` count them (negative when mated), from the
    /// plies: `+M5` is 3, `-M4` is -2, `-M0` is 0. An old comment's count,
    /// read as plies, is rounded away from zero (`-M3`: -2). `None` for a
    /// centipawn score.
    pub fn mate_moves(self) -> Option<i32> {
        match self {
            CommentScore::Cp(_) => None,
            CommentScore::Mate(p) if p > 0 => Some(p / 2 + p % 2),
            CommentScore::Mate(p) => Some(-((p.unsigned_abs() / 2 + p.unsigned_abs() % 2) as i32)),
        }
    }

    /// `+0.35`, `0.00`, `-1.20`, `+M5`, `-M4`: the sign always written but
    /// for a draw score (cutechess writes `0.00`).
    fn parse(text: &str) -> Option<CommentScore> {
        let (negative, rest) = match text.as_bytes().first()? {
            b'+' => (false, &text[1..]),
            b'-' => (true, &text[1..]),
            _ => (false, text),
        };
        if let Some(plies) = rest.strip_prefix('M') {
            let plies = i32::try_from(digits(plies)?).ok()?;
            // A mate needs its sign (cutechess writes one), and the mover
            // cannot mate in 0 plies.
            return match (text.as_bytes()[0], plies) {
                (b'-', p) => Some(CommentScore::Mate(-p)),
                (b'+', p) if p > 0 => Some(CommentScore::Mate(p)),
                _ => None,
            };
        }
        let (pawns, hundredths) = rest.split_once('.')?;
        if hundredths.len() != 2 {
            return None;
        }
        let cp = digits(pawns)?.checked_mul(100)?.checked_add(digits(hundredths)?)?;
        let cp = i32::try_from(cp).ok()?;
        Some(CommentScore::Cp(if negative { -cp } else { cp }))
    }
}

impl fmt::Display for CommentScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CommentScore::Cp(c) => {
                let sign = if c < 0 { "-" } else { "+" };
                write!(f, "{sign}{}.{:02}", c.unsigned_abs() / 100, c.unsigned_abs() % 100)
            }
            CommentScore::Mate(p) if p > 0 => write!(f, "+M{p}"),
            CommentScore::Mate(p) => write!(f, "-M{}", p.unsigned_abs()),
        }
    }
}

/// What an engine said about its move: `+0.35/12 0.50s`, `-M4/20 1.25s`,
/// `0.50s` (no score was sent: the time still counts), `+0.35/12` (no time
/// was taken).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineComment {
    pub score: Option<CommentScore>,
    /// Written after the score only (`/12`), as cutechess does.
    pub depth: Option<u32>,
    pub time: Option<Duration>,
}

impl EngineComment {
    /// The comment's content (as the PGN reader gives it, without the
    /// braces), `None` when it is not an engine comment (`book`, the
    /// reason the game ended, a comment of the reader's own, an empty one).
    /// Reads what [`fmt::Display`] writes and what cutechess writes: a
    /// draw score without its sign (`0.00/9`) and times with any number of
    /// decimals (`0.020s`, `1.2s`, `12s`, `0s`).
    pub fn parse(text: &str) -> Option<EngineComment> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (evaluation, time) = match words[..] {
            [one] if one.ends_with('s') => (None, Some(one)),
            [one] => (Some(one), None),
            [evaluation, time] => (Some(evaluation), Some(time)),
            _ => return None,
        };
        let mut comment = EngineComment::default();
        if let Some(e) = evaluation {
            let (score, depth) = match e.split_once('/') {
                Some((score, depth)) => (score, Some(depth)),
                None => (e, None),
            };
            comment.score = Some(CommentScore::parse(score)?);
            comment.depth = match depth {
                Some(d) => Some(u32::try_from(digits(d)?).ok()?),
                None => None,
            };
        }
        if let Some(t) = time {
            comment.time = Some(seconds(t.strip_suffix('s')?)?);
        }
        Some(comment)
    }
}

impl fmt::Display for EngineComment {
    /// The words present of `score/depth time`, the time in seconds with
    /// two decimals; nothing for a comment that says nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = self.score {
            write!(f, "{s}")?;
            if let Some(d) = self.depth {
                write!(f, "/{d}")?;
            }
            if self.time.is_some() {
                f.write_str(" ")?;
            }
        }
        if let Some(t) = self.time {
            write!(f, "{:.2}s", t.as_secs_f64())?;
        }
        Ok(())
    }
}

/// A run of ASCII digits as a number (no sign, no spaces: `str::parse`
/// would take a `+`).
fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `0.50`, `12`, `0.020`: seconds written as digits with at most one point
/// (not `inf`, `1e3` or `-1`, which `f64` would parse).
fn seconds(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    digits(whole)?;
    digits(fraction)?;
    Duration::try_from_secs_f64(text.parse().ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comment(score: Option<CommentScore>, depth: Option<u32>, millis: Option<u64>) -> EngineComment {
        EngineComment {
            score,
            depth,
            time: millis.map(Duration::from_millis),
        }
    }

    /// Every form the runner writes reads back as the comment it was.
    #[test]
    fn a_comment_reads_back_as_written() {
        let cases = [
            (comment(Some(CommentScore::Cp(35)), Some(12), Some(20)), "+0.35/12 0.02s"),
            (comment(Some(CommentScore::Cp(-1234)), Some(3), Some(1500)), "-12.34/3 1.50s"),
            (comment(Some(CommentScore::Cp(0)), Some(1), Some(0)), "+0.00/1 0.00s"),
            (comment(Some(CommentScore::mate_in_moves(3)), Some(20), Some(250)), "+M5/20 0.25s"),
            (comment(Some(CommentScore::mate_in_moves(1)), Some(2), Some(10)), "+M1/2 0.01s"),
            (comment(Some(CommentScore::mate_in_moves(-2)), Some(18), Some(1000)), "-M4/18 1.00s"),
            (comment(Some(CommentScore::mate_in_moves(0)), None, Some(10)), "-M0 0.01s"),
            (comment(None, None, Some(500)), "0.50s"),
            (comment(Some(CommentScore::Cp(-5)), Some(7), None), "-0.05/7"),
            (comment(Some(CommentScore::Cp(5)), None, None), "+0.05"),
        ];
        for (c, text) in cases {
            assert_eq!(c.to_string(), text);
            assert_eq!(EngineComment::parse(text), Some(c), "{text}");
        }
    }

    /// cutechess counts plies: `score mate 3` of a UCI engine becomes
    /// 999995 in its MoveEvaluation (`MATE_SCORE + 1 - 2 * 3`), written
    /// `+M5`; `score mate -2` becomes -999996, written `-M4`.
    #[test]
    fn mates_are_counted_in_plies_as_cutechess_counts_them() {
        assert_eq!(CommentScore::mate_in_moves(3), CommentScore::Mate(5));
        assert_eq!(CommentScore::mate_in_moves(-2), CommentScore::Mate(-4));
        assert_eq!(CommentScore::mate_in_moves(1).to_string(), "+M1");
        assert_eq!(CommentScore::mate_in_moves(-1).to_string(), "-M2");
        assert_eq!(CommentScore::mate_in_moves(i32::MAX), CommentScore::Mate(i32::MAX - 1));
        assert_eq!(CommentScore::mate_in_moves(i32::MIN), CommentScore::Mate(i32::MIN));
    }

    /// Comments as cutechess-cli's `evalString` writes them: a draw score
    /// without a sign, the time's decimals by its size (3 under 0.1 s, 2
    /// under 1 s, 1 under 10 s, else none) and `0s` for no time.
    #[test]
    fn cutechess_comments_read() {
        let cases = [
            ("+0.35/12 0.020s", comment(Some(CommentScore::Cp(35)), Some(12), Some(20))),
            ("0.00/9 0.35s", comment(Some(CommentScore::Cp(0)), Some(9), Some(350))),
            ("-1.20/15 1.2s", comment(Some(CommentScore::Cp(-120)), Some(15), Some(1200))),
            ("+M5/30 12s", comment(Some(CommentScore::Mate(5)), Some(30), Some(12_000))),
            ("-M4/18 0s", comment(Some(CommentScore::Mate(-4)), Some(18), Some(0))),
            ("0.5s", comment(None, None, Some(500))),
        ];
        for (text, c) in cases {
            assert_eq!(EngineComment::parse(text), Some(c), "{text}");
        }
    }

    /// The runner's comments from before issue 68 (mates in moves, odd
    /// counts against the mover) still read, their numbers as written.
    #[test]
    fn old_comments_still_read() {
        assert_eq!(
            EngineComment::parse("-M3/7 1.50s"),
            Some(comment(Some(CommentScore::Mate(-3)), Some(7), Some(1500)))
        );
        assert_eq!(
            EngineComment::parse("+M4/9 0.10s"),
            Some(comment(Some(CommentScore::Mate(4)), Some(9), Some(100)))
        );
    }

    /// Other comments are not engine comments, and nothing makes the
    /// reader panic.
    #[test]
    fn other_comments_are_not_engine_comments() {
        for text in [
            "",
            "book",
            "White mates",
            "mates",
            "+0.10/3 -1s",
            "+0.10/3 infs",
            "+0.10/3 1e3s",
            "+0.10/3 1.2.3s",
            "+0.10/3 .5s",
            "+0.1/3 1s",
            "+0.100/3 1s",
            "0.35/+3 1s",
            "+M0/3 1s",
            "M3/3 1s",
            "+M-3/3 1s",
            "+M99999999999/3 1s",
            "+99999999999.00/3 1s",
            "+0.10/99999999999 1s",
            "+0.10/3 99999999999999999999999s",
            "+0.10/3 1s extra",
            "+",
            "-",
            "/",
            "s",
            "é",
            "+é.00",
        ] {
            assert_eq!(EngineComment::parse(text), None, "{text}");
        }
    }

    #[test]
    fn plies_back_to_moves() {
        for moves in [-40, -3, -2, -1, 0, 1, 2, 3, 40] {
            assert_eq!(CommentScore::mate_in_moves(moves).mate_moves(), Some(moves), "{moves}");
        }
        assert_eq!(CommentScore::Mate(-3).mate_moves(), Some(-2));
        assert_eq!(CommentScore::Mate(4).mate_moves(), Some(2));
        assert_eq!(CommentScore::Mate(i32::MIN).mate_moves(), Some(-(1 << 30)));
        assert_eq!(CommentScore::Cp(35).mate_moves(), None);
    }
}
