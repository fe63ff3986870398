//! `gorgon datagen stats` and `dump`: what a data file holds, read as a
//! stream (files run to gigabytes).

use super::format::{FormatError, Record};
use super::g2;
use rules::{Color, GameResult, Variant};
use std::collections::HashSet;
use std::fmt::{self, Write as _};
use std::io::{BufRead, Read};

/// Score buckets of the histogram (White's view, centipawns): upper edges.
const EDGES: [i32; 10] = [-1000, -400, -200, -100, -25, 25, 100, 200, 400, 1000];

/// Counts of one variant's records.
#[derive(Clone, Debug, Default)]
pub struct VariantStats {
    pub records: usize,
    /// White wins, draws, Black wins.
    pub results: [usize; 3],
    pub white_to_move: usize,
    /// Per bucket of `EDGES` (and one above the last edge).
    pub histogram: [usize; EDGES.len() + 1],
    pub min_ply: u32,
    pub max_ply: u32,
    ply_sum: u64,
    /// Distinct positions by Zobrist key.
    keys: HashSet<u64>,
}

/// Counts of a whole file set, per variant.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub variants: [VariantStats; 2],
}

impl Stats {
    pub fn add(&mut self, r: &Record) {
        let v = &mut self.variants[r.position.variant().index()];
        if v.records == 0 || r.ply < v.min_ply {
            v.min_ply = r.ply;
        }
        v.max_ply = v.max_ply.max(r.ply);
        v.records += 1;
        v.ply_sum += r.ply as u64;
        v.results[match r.result {
            GameResult::WhiteWins => 0,
            GameResult::BlackWins => 2,
            _ => 1,
        }] += 1;
        if r.position.side_to_move() == Color::White {
            v.white_to_move += 1;
        }
        let score = r.white_score();
        v.histogram[EDGES.iter().position(|&e| score < e).unwrap_or(EDGES.len())] += 1;
        v.keys.insert(r.position.key());
    }

    /// Reads every record of `input` (for error messages, `name`).
    pub fn read(&mut self, input: impl BufRead, name: &str) -> Result<(), String> {
        for_each_record(input, name, |r| self.add(&r))
    }
}

/// The format versions a data file may be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    G1,
    G2,
}

/// Which version `input` holds, by its first bytes (`G2` opens every G2
/// game; anything else is read as G1 text), and the input again from its
/// start.
pub fn detect(mut input: impl BufRead) -> std::io::Result<(Version, impl BufRead)> {
    let mut head = Vec::with_capacity(2);
    while head.len() < 2 {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        let take = (2 - head.len()).min(buf.len());
        head.extend_from_slice(&buf[..take]);
        input.consume(take);
    }
    let version = if head == g2::TAG { Version::G2 } else { Version::G1 };
    Ok((version, std::io::Cursor::new(head).chain(input)))
}

/// Calls `f` on each record of `input`, either version, naming file and
/// line (G1) or byte offset and game (G2) of the first bad one.
pub fn for_each_record(input: impl BufRead, name: &str, mut f: impl FnMut(Record)) -> Result<(), String> {
    let (version, input) = detect(input).map_err(|e| format!("{name}: {e}"))?;
    if version == Version::G2 {
        return g2::for_each_record(input, f).map_err(|e| format!("{name}: {e}"));
    }
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(|e| format!("{name}: {e}"))?;
        match Record::parse(&line) {
            Ok(Some(r)) => f(r),
            Ok(None) => {}
            Err(e) => return Err(format!("{name}: {}", FormatError { line: i + 1, ..e })),
        }
    }
    Ok(())
}

fn percent(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut any = false;
        for (variant, v) in Variant::ALL.iter().zip(&self.variants) {
            if v.records == 0 {
                continue;
            }
            any = true;
            let n = v.records;
            writeln!(f, "{}: {} positions ({} distinct)", variant.name(), n, v.keys.len())?;
            writeln!(
                f,
                "  results: White wins {:.1}%, draws {:.1}%, Black wins {:.1}%",
                percent(v.results[0], n),
                percent(v.results[1], n),
                percent(v.results[2], n)
            )?;
            writeln!(f, "  side to move: White {:.1}%", percent(v.white_to_move, n))?;
            writeln!(f, "  ply: {} to {}, mean {:.1}", v.min_ply, v.max_ply, v.ply_sum as f64 / n as f64)?;
            writeln!(f, "  score from White's view (cp):")?;
            let widest = v.histogram.iter().copied().max().unwrap_or(1).max(1);
            for (i, &count) in v.histogram.iter().enumerate() {
                let label = match i {
                    0 => format!("< {}", EDGES[0]),
                    i if i == EDGES.len() => format!(">= {}", EDGES[i - 1]),
                    i => format!("{} .. {}", EDGES[i - 1], EDGES[i] - 1),
                };
                let bar = "#".repeat((40 * count).div_ceil(widest));
                writeln!(f, "  {label:>14} {count:>10} {:>5.1}% {bar}", percent(count, n))?;
            }
        }
        if !any {
            writeln!(f, "no positions")?;
        }
        Ok(())
    }
}

/// One record for people: its fields by name, then the FEN.
pub fn dump_line(index: usize, r: &Record) -> String {
    let mut s = String::new();
    let side = match r.position.side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    let petrified = r.position.petrified(Color::White).count_ones() + r.position.petrified(Color::Black).count_ones();
    let _ = write!(
        s,
        "#{index} {} ply {} {side} to move, score {:+} (White {:+}), result {}, petrified {petrified}\n  {}",
        r.position.variant().name(),
        r.ply,
        r.score,
        r.white_score(),
        r.result.pgn(),
        r.position.fen()
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Position;

    #[test]
    fn counts_and_histogram() {
        let mut stats = Stats::default();
        let pos = Position::startpos(Variant::Pom);
        for (score, result) in [(30, GameResult::WhiteWins), (-500, GameResult::Draw), (30, GameResult::BlackWins)] {
            stats.add(&Record {
                position: pos.clone(),
                result,
                ply: 8,
                score,
            });
        }
        let v = &stats.variants[0];
        assert_eq!(v.records, 3);
        assert_eq!(v.results, [1, 1, 1]);
        assert_eq!(v.keys.len(), 1);
        assert_eq!(v.histogram[6], 2, "30 cp lies in 25..99");
        assert_eq!(v.histogram[1], 1, "-500 lies in -1000..-401");
        let text = stats.to_string();
        assert!(text.contains("pom: 3 positions (1 distinct)"), "{text}");
        assert!(!text.contains("minipom"), "{text}");
        let bad = "G1 pom 1-0 0 0 x\n".as_bytes();
        assert!(stats.read(bad, "f.txt").unwrap_err().starts_with("f.txt: line 1: FEN"));
    }

    #[test]
    fn both_versions_read_alike() {
        let mut pos = Position::startpos(Variant::MiniPom);
        let mut steps = Vec::new();
        for score in [10, -20, 30] {
            let m = pos.legal_move_vec()[0];
            pos.make(m);
            steps.push(g2::Step { moves: vec![m], score });
        }
        let game = g2::StoredGame {
            variant: Variant::MiniPom,
            result: GameResult::BlackWins,
            start: g2::Start::Variant,
            start_ply: 0,
            steps,
        };
        let mut bytes = Vec::new();
        game.encode(&mut bytes).unwrap();
        let mut from_g2 = String::new();
        for_each_record(&bytes[..], "a.g2", |r| from_g2 += &(r.to_line() + "\n")).unwrap();
        assert_eq!(from_g2.lines().count(), 3);
        assert!(from_g2.starts_with("G1 minipom 0-1 1 10 "), "{from_g2}");
        let mut from_g1 = String::new();
        for_each_record(from_g2.as_bytes(), "a.g1", |r| from_g1 += &(r.to_line() + "\n")).unwrap();
        assert_eq!(from_g1, from_g2);
        let (version, _) = detect(&bytes[..]).unwrap();
        assert_eq!(version, Version::G2);
        // A cut G2 file is named by file, byte and game.
        let e = for_each_record(&bytes[..bytes.len() - 1], "a.g2", |_| {}).unwrap_err();
        assert!(e.starts_with("a.g2: byte "), "{e}");
        assert!(e.contains("(game 0)"), "{e}");
        // Empty input: no records, either way.
        for_each_record(&b""[..], "empty", |_| panic!("no record")).unwrap();
    }
}
