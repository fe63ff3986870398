//! The self-play data format, version 1 (docs/DATAGEN.md): one position
//! per line, every line self-describing, so the files of several shards
//! concatenate into one data set with `cat`.
//!
//! ```text
//! G1 <variant> <result> <ply> <score> <FEN>
//! G1 pom 1-0 23 -41 t1a1qksmaht/wEww1e2www/... b AKak - 0 12
//! ```
//!
//! - `G1`: the format and its version; a reader refuses other versions.
//! - `<variant>`: `pom` or `minipom`.
//! - `<result>`: the game's result from White's view, as PGN writes it
//!   (`1-0`, `0-1`, `1/2-1/2`).
//! - `<ply>`: plies played in the game before this position.
//! - `<score>`: the search's score in centipawns from the side to move's
//!   view (never a mate score).
//! - `<FEN>`: the whole position (placement with Morph forms, side,
//!   rights, clocks) in the variant's FEN.
//!
//! Blank lines and lines starting with `#` are skipped by the reader.

use rules::{Color, GameResult, Position, Variant};
use std::fmt;

/// The tag that opens every record of this version.
pub const TAG: &str = "G1";

/// The largest score a record may hold: anything beyond is a mate score
/// or a broken file.
pub const MAX_SCORE: i32 = 30_000;

/// One position of a self-play game.
#[derive(Clone)]
pub struct Record {
    pub position: Position,
    /// The game's result (never `Unfinished`).
    pub result: GameResult,
    pub ply: u32,
    /// Centipawns from the side to move's view.
    pub score: i32,
}

/// Why a line is not a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// 1-based line number (0 when reading one line alone).
    pub line: usize,
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for FormatError {}

impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl Record {
    /// The result as points for White: 1, 0.5 or 0.
    pub fn white_points(&self) -> f64 {
        self.result.score_for(Color::White).unwrap_or(0.5)
    }

    /// The score from White's view.
    pub fn white_score(&self) -> i32 {
        match self.position.side_to_move() {
            Color::White => self.score,
            Color::Black => -self.score,
        }
    }

    /// The record as one line (no newline).
    pub fn to_line(&self) -> String {
        format!(
            "{TAG} {} {} {} {} {}",
            self.position.variant().name(),
            self.result.pgn(),
            self.ply,
            self.score,
            self.position.fen()
        )
    }

    /// Reads one line; `Ok(None)` for a blank or `#` line.
    pub fn parse(line: &str) -> Result<Option<Record>, FormatError> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let err = |message: String| FormatError { line: 0, message };
        let mut fields = line.splitn(6, ' ');
        let mut next = |name: &str| {
            fields
                .next()
                .filter(|f| !f.is_empty())
                .ok_or_else(|| err(format!("missing {name}")))
        };
        let tag = next("format tag")?;
        if tag != TAG {
            return Err(err(format!(
                "format tag {:?}: expected {TAG} (a file of another version?)",
                shorten(tag)
            )));
        }
        let variant = next("variant")?;
        let variant = Variant::from_name(variant).ok_or_else(|| err(format!("unknown variant {:?}", shorten(variant))))?;
        let result = next("result")?;
        let result = GameResult::from_pgn(result)
            .filter(|r| r.is_decided())
            .ok_or_else(|| err(format!("result {:?}: expected 1-0, 0-1 or 1/2-1/2", shorten(result))))?;
        let ply = next("ply")?;
        let ply: u32 = ply.parse().map_err(|_| err(format!("ply {:?}: expected a number", shorten(ply))))?;
        let score = next("score")?;
        let score: i32 = score
            .parse()
            .ok()
            .filter(|s: &i32| s.abs() <= MAX_SCORE)
            .ok_or_else(|| err(format!("score {:?}: expected centipawns within +-{MAX_SCORE}", shorten(score))))?;
        let fen = next("FEN")?;
        let position = Position::from_fen(variant, fen).map_err(|e| err(format!("FEN: {e}")))?;
        Ok(Some(Record {
            position,
            result,
            ply,
            score,
        }))
    }
}

/// Reads every record of `text`, naming the line of the first bad one.
pub fn parse_all(text: &str) -> Result<Vec<Record>, FormatError> {
    let mut records = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match Record::parse(line) {
            Ok(Some(r)) => records.push(r),
            Ok(None) => {}
            Err(e) => return Err(FormatError { line: i + 1, ..e }),
        }
    }
    Ok(records)
}

/// A field quoted in an error, cut to a readable length.
fn shorten(text: &str) -> String {
    text.chars().take(24).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        let mut pos = Position::startpos(Variant::Pom);
        let m = pos.legal_move_vec()[0];
        pos.make(m);
        Record {
            position: pos,
            result: GameResult::BlackWins,
            ply: 1,
            score: -37,
        }
    }

    #[test]
    fn a_record_reads_back() {
        let r = sample();
        let line = r.to_line();
        assert!(line.starts_with("G1 pom 0-1 1 -37 "), "{line}");
        let read = Record::parse(&line).unwrap().unwrap();
        assert_eq!(read.to_line(), line);
        assert_eq!(read.position.history_room(), 0, "a record keeps no room for moves");
        assert_eq!(r.white_score(), 37);
        assert_eq!(r.white_points(), 0.0);
        let mini = Record {
            position: Position::startpos(Variant::MiniPom),
            result: GameResult::Draw,
            ply: 0,
            score: 12,
        };
        assert_eq!(Record::parse(&mini.to_line()).unwrap().unwrap().to_line(), mini.to_line());
    }

    #[test]
    fn bad_lines_are_named() {
        let fen = Position::startpos(Variant::Pom).fen();
        let cases = [
            (format!("G2 pom 1-0 0 0 {fen}"), "format tag"),
            (format!("G1 chess 1-0 0 0 {fen}"), "unknown variant"),
            (format!("G1 pom * 0 0 {fen}"), "result"),
            (format!("G1 pom 1-0 x 0 {fen}"), "ply"),
            (format!("G1 pom 1-0 0 99999 {fen}"), "score"),
            ("G1 pom 1-0 0 0".to_string(), "missing FEN"),
            (format!("G1 minipom 1-0 0 0 {fen}"), "FEN"),
        ];
        for (line, expected) in cases {
            let e = Record::parse(&line).unwrap_err();
            assert!(e.message.contains(expected), "{line}: {e}");
        }
        let text = format!("# comment\n\n{}\nG1 pom\n", sample().to_line());
        let e = parse_all(&text).unwrap_err();
        assert_eq!(e.line, 4, "{e}");
    }
}
