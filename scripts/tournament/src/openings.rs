//! Openings: a file of positions and move lists, the variant's committed
//! opening suite (embedded), or random balanced openings of N plies, each
//! to be played twice with colours swapped.
//!
//! File lines (blank lines and `#` comments are skipped):
//! - `moves e3e5 h10h8 ...`: moves from the variant's start;
//! - a FEN (EPD-style lines with 4 fields and trailing operations such as
//!   `bm e3e5; id "x";` are accepted, the operations ignored);
//! - a FEN followed by `moves ...`;
//! - the UCI forms `startpos [moves ...]` and `fen <FEN> [moves ...]`.

use rules::SplitMix64;
use rules::{Move, MoveKind, Position, Variant};

/// A start position and the moves to play from it before the engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The FEN the game starts from (the PGN's `[FEN]` unless it is the
    /// variant's start).
    pub fen: String,
    /// Moves in canonical text, played as book moves.
    pub moves: Vec<String>,
}

impl Opening {
    /// The variant's start position with no moves.
    pub fn start(variant: Variant) -> Opening {
        Opening {
            fen: variant.start_fen().to_string(),
            moves: Vec::new(),
        }
    }

    /// The position the FEN gives, and the moves parsed.
    pub fn replay(&self, variant: Variant) -> Result<(Position, Vec<Move>), String> {
        let mut pos = Position::from_fen(variant, &self.fen).map_err(|e| format!("bad FEN '{}': {e}", self.fen))?;
        let mut moves = Vec::new();
        for text in &self.moves {
            if pos.outcome().is_some() {
                return Err(format!("the game is over before '{text}'"));
            }
            let m = pos.parse_move(text).map_err(|e| e.to_string())?;
            pos.make(m);
            moves.push(m);
        }
        Ok((pos, moves))
    }

    /// Parses one line of an openings file; `Ok(None)` for blank lines and comments.
    pub fn parse_line(variant: Variant, line: &str) -> Result<Option<Opening>, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let (fen, rest): (String, &[&str]) = match tokens[0] {
            "moves" => (variant.start_fen().to_string(), &tokens[..]),
            "startpos" => (variant.start_fen().to_string(), &tokens[1..]),
            "fen" => take_fen(&tokens[1..])?,
            _ => take_fen(&tokens)?,
        };
        let moves = match rest.iter().position(|&t| t == "moves") {
            Some(i) => rest[i + 1..].iter().map(|s| s.trim_end_matches(';').to_string()).collect(),
            None => Vec::new(),
        };
        let mut opening = Opening { fen, moves };
        let (pos, moves) = opening.replay(variant)?;
        if let Some(outcome) = pos.outcome() {
            return Err(format!("the game is already over ({outcome})"));
        }
        // Store the canonical texts, whatever aliases the file used.
        let mut p = Position::from_fen(variant, &opening.fen).map_err(|e| e.to_string())?;
        opening.moves = moves
            .iter()
            .map(|&m| {
                let t = p.move_text(m);
                p.make(m);
                t
            })
            .collect();
        // Normalise the FEN (two-field clocks filled in).
        opening.fen = Position::from_fen(variant, &opening.fen).map_err(|e| e.to_string())?.fen();
        Ok(Some(opening))
    }

    /// Parses a whole openings file; errors name the line.
    pub fn parse_file(variant: Variant, text: &str) -> Result<Vec<Opening>, String> {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if let Some(o) = Opening::parse_line(variant, line).map_err(|e| format!("line {}: {e}", i + 1))? {
                out.push(o);
            }
        }
        if out.is_empty() {
            return Err("no openings in the file".into());
        }
        Ok(out)
    }
}

/// A committed opening suite (scripts/tournament/suites, made by `gorgon
/// suite`, docs/MATCH.md "Opening suites"): searched lines whose end
/// positions a deep search judged balanced. Embedded in the binary, so that
/// `--openings suite` works from any directory; a suite is never changed
/// in place (a new one gets a new number), so its name and checksum say
/// which openings a result was measured on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suite {
    /// `pom-1`: the variant's name and the suite's number.
    pub name: &'static str,
    pub variant: Variant,
    /// The file's bytes.
    pub text: &'static str,
}

/// The suites' SHA-256 sums, in `sha256sum`'s format (`sha256sum -c
/// SHA256SUMS` in the directory checks the files).
pub const SUITE_SUMS: &str = include_str!("../suites/SHA256SUMS");

/// Every committed suite, the newest of a variant first.
pub const SUITES: [Suite; 3] = [
    Suite {
        name: "pom-1",
        variant: Variant::Pom,
        text: include_str!("../suites/pom-1.txt"),
    },
    Suite {
        name: "minipom-2",
        variant: Variant::MiniPom,
        text: include_str!("../suites/minipom-2.txt"),
    },
    Suite {
        name: "minipom-1",
        variant: Variant::MiniPom,
        text: include_str!("../suites/minipom-1.txt"),
    },
];

impl Suite {
    /// The variant's suite named `name`, or its newest one.
    pub fn find(variant: Variant, name: Option<&str>) -> Result<Suite, String> {
        let mine = SUITES.iter().filter(|s| s.variant == variant);
        match name {
            None => mine.clone().next().copied(),
            Some(n) => mine.clone().find(|s| s.name == n).copied(),
        }
        .ok_or_else(|| {
            let names: Vec<&str> = mine.map(|s| s.name).collect();
            format!(
                "no opening suite '{}' for {}: {}",
                name.unwrap_or(""),
                variant.name(),
                names.join(", ")
            )
        })
    }

    /// The file name in scripts/tournament/suites.
    pub fn file_name(&self) -> String {
        format!("{}.txt", self.name)
    }

    /// The SHA-256 of the file, as SHA256SUMS gives it.
    pub fn sha256(&self) -> &'static str {
        let file = self.file_name();
        SUITE_SUMS
            .lines()
            .find_map(|l| l.split_once("  ").filter(|(_, f)| *f == file).map(|(sum, _)| sum))
            .unwrap_or("unknown")
    }

    /// `pom-1 (3000 openings, sha256 0123456789ab)`: what a summary says.
    pub fn describe(&self) -> String {
        let count = self.text.lines().filter(|l| l.starts_with("moves ")).count();
        format!(
            "{} ({count} openings, sha256 {})",
            self.name,
            &self.sha256()[..12.min(self.sha256().len())]
        )
    }

    pub fn openings(&self) -> Result<Vec<Opening>, String> {
        Opening::parse_file(self.variant, self.text).map_err(|e| format!("suite {}: {e}", self.name))
    }
}

/// Splits a FEN (4 to 6 fields; the clocks only if numeric) off the tokens.
fn take_fen<'a, 'b>(tokens: &'b [&'a str]) -> Result<(String, &'b [&'a str]), String> {
    if tokens.len() < 3 {
        return Err(format!("expected a FEN or 'moves ...', found '{}'", tokens.join(" ")));
    }
    let mut n = 3;
    if tokens.get(3).is_some_and(|t| *t == "-") {
        n = 4;
    }
    while n < 6 && tokens.get(n).is_some_and(|t| t.parse::<u32>().is_ok()) {
        n += 1;
    }
    Ok((tokens[..n].join(" "), &tokens[n..]))
}

/// `count` random openings of `plies` plies from the variant's start,
/// reproducible from `seed`.
///
/// "Balanced" here means: no captures, promotions or transformations on
/// the way (material stays equal), and the final position is neither in
/// check nor over. Each is played twice with colours swapped anyway.
pub fn random_openings(variant: Variant, plies: usize, count: usize, seed: u64) -> Vec<Opening> {
    let mut rng = SplitMix64::new(seed ^ 0x6F70_656E_696E_6773);
    (0..count).map(|_| random_opening(variant, plies, &mut rng)).collect()
}

fn random_opening(variant: Variant, plies: usize, rng: &mut SplitMix64) -> Opening {
    let start = Position::startpos(variant);
    'attempt: for _ in 0..1000 {
        let mut pos = start.clone();
        let mut texts = Vec::new();
        for _ in 0..plies {
            let quiet: Vec<Move> = pos
                .legal_move_vec()
                .into_iter()
                .filter(|&m| matches!(m.kind(), MoveKind::Normal | MoveKind::Castle | MoveKind::Swap))
                .filter(|&m| {
                    let mut after = pos.clone();
                    after.make(m);
                    after.occupied().count_ones() == pos.occupied().count_ones()
                })
                .collect();
            let Some(&m) = rng.pick(&quiet) else {
                continue 'attempt;
            };
            texts.push(pos.move_text(m));
            pos.make(m);
        }
        if pos.in_check() || pos.outcome().is_some() {
            continue;
        }
        return Opening {
            fen: start.fen(),
            moves: texts,
        };
    }
    Opening::start(variant)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_lines() {
        let v = Variant::Pom;
        assert_eq!(Opening::parse_line(v, "  # comment").unwrap(), None);
        assert_eq!(Opening::parse_line(v, "").unwrap(), None);
        let o = Opening::parse_line(v, "moves e3e5 e9e7").unwrap().unwrap();
        assert_eq!(o.fen, v.start_fen());
        assert_eq!(o.moves, ["e3e5", "e9e7"]);
        let o = Opening::parse_line(v, "startpos moves e3e5").unwrap().unwrap();
        assert_eq!(o.moves, ["e3e5"]);
        let fen = v.start_fen();
        let o = Opening::parse_line(v, &format!("fen {fen} moves e3e5")).unwrap().unwrap();
        assert_eq!((o.fen.as_str(), o.moves.len()), (fen, 1));
        let o = Opening::parse_line(v, &format!("{fen} moves e3e5")).unwrap().unwrap();
        assert_eq!(o.moves, ["e3e5"]);
        // EPD: four fields and operations.
        let epd = fen.rsplitn(3, ' ').last().unwrap();
        let o = Opening::parse_line(v, &format!("{epd} bm e3e5; id \"start\";")).unwrap().unwrap();
        assert_eq!(o.fen, fen);
        assert!(o.moves.is_empty());
        assert!(Opening::parse_line(v, "moves e3e9").is_err());
        assert!(Opening::parse_line(v, "nonsense").is_err());
        assert!(Opening::parse_line(Variant::MiniPom, fen).is_err());
        let err = Opening::parse_file(v, "moves e3e5\nmoves zz\n").unwrap_err();
        assert!(err.starts_with("line 2:"), "{err}");
    }

    /// The committed suites: each parses, every line plays legally to the
    /// FEN its comment gives, no end position twice nor on the way of
    /// another line, and the bytes are those SHA256SUMS names.
    #[test]
    fn the_committed_suites_are_sound_and_their_sums_hold() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/suites");
        for suite in SUITES {
            let v = suite.variant;
            assert_eq!(Suite::find(v, Some(suite.name)).unwrap(), suite);
            // The default is the variant's highest number.
            let number = |s: &Suite| s.name.rsplit_once('-').and_then(|(_, n)| n.parse::<u32>().ok()).unwrap();
            let newest = SUITES.iter().filter(|s| s.variant == v).max_by_key(|s| number(s)).unwrap();
            assert_eq!(Suite::find(v, None).unwrap(), *newest, "the newest suite of {v:?}");
            let openings = suite.openings().unwrap();
            assert!(openings.len() >= 1000, "{}: {} openings", suite.name, openings.len());
            let fens: Vec<&str> = suite
                .text
                .lines()
                .filter(|l| l.starts_with("# ce "))
                .filter_map(|l| l.split_once(" fen ").map(|x| x.1))
                .collect();
            assert_eq!(fens.len(), openings.len(), "{}: a comment with the FEN per line", suite.name);
            // End positions by line, and the positions on the way of each.
            let (mut ends, mut along) = (std::collections::HashMap::new(), Vec::new());
            for (i, (o, fen)) in openings.iter().zip(fens).enumerate() {
                assert_eq!(o.fen, v.start_fen());
                let mut pos = Position::startpos(v);
                for t in &o.moves {
                    along.push((pos.key(), i));
                    let m = pos.parse_move(t).unwrap();
                    pos.make(m);
                }
                assert_eq!(pos.fen(), fen, "{}: {:?}", suite.name, o.moves);
                assert!(ends.insert(pos.key(), i).is_none(), "{}: {fen} twice", suite.name);
            }
            // No end position on the way of another line (a line of the
            // first suites may come back to a position it passed).
            for (k, i) in along {
                assert!(
                    ends.get(&k).is_none_or(|&j| j == i),
                    "{}: line {}'s end on line {i}",
                    suite.name,
                    ends[&k] + 1
                );
            }
            // The embedded text is the file, and the file is what the sum says.
            let path = format!("{dir}/{}", suite.file_name());
            assert_eq!(std::fs::read_to_string(&path).unwrap(), suite.text);
            let out = std::process::Command::new("sha256sum")
                .arg(&path)
                .output()
                .expect("sha256sum (coreutils)");
            let sum = String::from_utf8_lossy(&out.stdout);
            assert_eq!(sum.split_whitespace().next(), Some(suite.sha256()), "{}", suite.name);
            assert!(suite
                .describe()
                .starts_with(&format!("{} ({} openings, sha256 ", suite.name, openings.len())));
        }
        assert!(Suite::find(Variant::Pom, Some("minipom-1")).unwrap_err().contains("pom-1"));
    }

    #[test]
    fn random_openings_are_reproducible_and_quiet() {
        for v in Variant::ALL {
            let a = random_openings(v, 8, 5, 1);
            let b = random_openings(v, 8, 5, 1);
            let c = random_openings(v, 8, 5, 2);
            assert_eq!(a, b);
            assert_ne!(a, c);
            for o in &a {
                assert_eq!(o.moves.len(), 8);
                let (pos, _) = o.replay(v).unwrap();
                assert!(!pos.in_check());
                assert_eq!(pos.occupied().count_ones(), Position::startpos(v).occupied().count_ones());
            }
        }
    }
}
