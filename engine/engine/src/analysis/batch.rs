//! Batch analysis: every position of an EPD file (one FEN per line) or of
//! a PGN file (every position of every game) searched with the same limits,
//! one JSON object per line out, in input order.
//!
//! Each line names its position by `index` (0-based, over the whole input)
//! and by where it came from (`line` of the EPD file; `game` and `ply` of
//! the PGN file), so a run stopped half-way resumes from its own output
//! (`--resume`), and shard outputs concatenate into the whole run's output.

use super::{score_json, Analyst, SearchLimits, Verdict};
use crate::parallel;
use protocol::Shard;
use rules::text::pgn::{self, PgnGame};
use rules::{GameRecord, Position, Variant};
use std::collections::HashSet;
use std::fmt;
use std::io::Write;
use std::time::Instant;

/// The positions of an input file.
pub enum Input {
    /// EPD: each position with its 1-based line and its `;` comment.
    Epd(Vec<(Position, usize, Option<String>)>),
    /// PGN: the games, and the index of each game's first position (a game
    /// of `n` moves has `n + 1` positions).
    Pgn { games: Vec<GameRecord>, first: Vec<usize> },
}

/// Where a position of the input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Epd {
        line: usize,
        comment: Option<String>,
    },
    /// 1-based game of the file; ply 0 is the game's start position.
    Pgn {
        game: usize,
        ply: usize,
    },
}

impl Input {
    /// Reads an EPD text: one FEN per line (of `variant`), optionally
    /// followed by `;` and a comment. Blank lines and lines starting with
    /// `#` are skipped. A bad FEN is an error naming the file and line.
    pub fn epd(text: &str, file: &str, variant: Variant) -> Result<Input, String> {
        let mut out = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let (fen, comment) = match raw.split_once(';') {
                Some((fen, c)) => (fen.trim(), Some(c.trim().to_string()).filter(|c| !c.is_empty())),
                None => (raw.trim(), None),
            };
            if fen.is_empty() && comment.is_none() || fen.starts_with('#') {
                continue;
            }
            let pos = Position::from_fen(variant, fen).map_err(|e| format!("{file}:{}: bad FEN '{fen}': {e}", i + 1))?;
            out.push((pos, i + 1, comment));
        }
        Ok(Input::Epd(out))
    }

    /// Reads a PGN text. Each game is played on the board its `Variant` tag
    /// names (`variant` when it has none); a game that cannot be replayed
    /// is an error naming the file, game and move.
    pub fn pgn(text: &str, file: &str, variant: Variant) -> Result<Input, String> {
        let games: Vec<GameRecord> = read_games(text, file, variant)?.into_iter().map(|(_, g)| g).collect();
        Ok(Input::from_games(games))
    }

    /// The positions of games.
    pub fn from_games(games: Vec<GameRecord>) -> Input {
        let mut first = Vec::with_capacity(games.len());
        let mut n = 0;
        for g in &games {
            first.push(n);
            n += g.moves.len() + 1;
        }
        Input::Pgn { games, first }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        match self {
            Input::Epd(list) => list.len(),
            Input::Pgn { games, first } => match (first.last(), games.last()) {
                (Some(f), Some(g)) => f + g.moves.len() + 1,
                _ => 0,
            },
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Position `index` (`< len()`), with the game before it for a PGN
    /// position (so that repetitions count), and where it comes from.
    pub fn position(&self, index: usize) -> (Position, Source) {
        match self {
            Input::Epd(list) => {
                let (pos, line, comment) = &list[index];
                (
                    pos.clone(),
                    Source::Epd {
                        line: *line,
                        comment: comment.clone(),
                    },
                )
            }
            Input::Pgn { games, first } => {
                let game = first.partition_point(|&f| f <= index) - 1;
                let ply = index - first[game];
                let mut pos = games[game].start.clone();
                for &m in &games[game].moves[..ply] {
                    pos.make(m);
                }
                (pos, Source::Pgn { game: game + 1, ply })
            }
        }
    }
}

/// Every game of a PGN text as written and replayed, each on the board of
/// its own `Variant` tag (`variant` by default), in Gorgon's or XBoard's
/// dialect (`rules::text::pgn::read`).
pub fn read_games(text: &str, file: &str, variant: Variant) -> Result<Vec<(PgnGame, GameRecord)>, String> {
    let games = pgn::read(text, file, variant).map_err(|e| e.to_string())?;
    Ok(games.into_iter().map(|g| (g.written, g.record)).collect())
}

/// The JSON line of a verdict.
pub fn json_line(index: usize, pos: &Position, source: &Source, v: &Verdict) -> String {
    let mut line = serde_json::json!({ "index": index });
    match source {
        Source::Epd { line: l, comment } => {
            line["line"] = (*l).into();
            if let Some(c) = comment {
                line["comment"] = c.as_str().into();
            }
        }
        Source::Pgn { game, ply } => {
            line["game"] = (*game).into();
            line["ply"] = (*ply).into();
        }
    }
    line["fen"] = pos.fen().into();
    line["bestmove"] = v.best.map(|m| pos.move_text(m)).into();
    line["score"] = score_json(v.score);
    line["wdl"] = serde_json::json!(v.wdl);
    line["depth"] = v.depth.into();
    line["seldepth"] = v.seldepth.into();
    line["nodes"] = v.nodes.into();
    line["time_ms"] = v.time_ms.into();
    line["pv"] = rules::line_texts(pos, &v.pv, |p, m| p.move_text(m)).into();
    if let Some(o) = v.outcome {
        line["outcome"] = o.name().into();
        line["result"] = o.result().to_string().into();
    }
    line.to_string()
}

/// The positions an earlier run already wrote to its output, `text`: the
/// `index` of every complete line. A line that names a position this input
/// does not have (another FEN at that index) is an error: the file belongs
/// to another input. Also returns the length of the text's complete lines,
/// so that a last line cut off by a kill can be dropped.
pub fn already_done(text: &str, file: &str, input: &Input) -> Result<(HashSet<usize>, usize), String> {
    let mut done = HashSet::new();
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    for (i, line) in text[..complete].lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |why: &str| format!("{file}:{}: {why}; is this the output of another input?", i + 1);
        let value: serde_json::Value = serde_json::from_str(line).map_err(|e| bad(&format!("not JSON ({e})")))?;
        let index = value["index"].as_u64().ok_or_else(|| bad("no \"index\""))? as usize;
        if index >= input.len() {
            return Err(bad(&format!("position {index} is past the input's {} positions", input.len())));
        }
        if value["fen"].as_str() != Some(input.position(index).0.fen().as_str()) {
            return Err(bad(&format!("position {index} has another FEN")));
        }
        done.insert(index);
    }
    Ok((done, complete))
}

/// How a batch runs.
#[derive(Clone, Debug)]
pub struct BatchOptions {
    pub limits: SearchLimits,
    /// Positions searched at once, one single-threaded engine each.
    pub jobs: usize,
    /// Hash per job, MB.
    pub hash_mb: usize,
    pub shard: Shard,
    /// A progress bar with an ETA on stderr (drawn only on a terminal).
    pub progress: bool,
}

/// What a batch did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Positions of this shard.
    pub positions: usize,
    /// Skipped: already in the output.
    pub skipped: usize,
    pub searched: usize,
    pub nodes: u64,
    pub seconds: f64,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.seconds.max(1e-9);
        write!(
            f,
            "{} positions searched ({} already done) in {:.1} s: {:.2} positions/s, {:.0} nodes/s",
            self.searched,
            self.skipped,
            self.seconds,
            self.searched as f64 / secs,
            self.nodes as f64 / secs
        )
    }
}

/// Searches this shard's positions of `input` that are not in `done`,
/// writing one JSON line per position to `out` in index order.
pub fn run(input: &Input, opts: &BatchOptions, done: &HashSet<usize>, out: &mut (dyn Write + Send)) -> Result<Summary, String> {
    let range = opts.shard.range(input.len());
    let todo: Vec<usize> = range.clone().filter(|i| !done.contains(i)).collect();
    let verdict = |analyst: &mut Analyst, _: usize, pos: &Position| vec![analyst.verdict(pos)];
    let mut summary = search_each(input, &todo, opts, verdict, |index, pos, source, verdicts| {
        writeln!(out, "{}", json_line(index, pos, source, &verdicts[0]))
            .and_then(|_| out.flush())
            .map_err(|e| format!("writing the output: {e}"))
    })?;
    summary.positions = range.len();
    summary.skipped = range.len() - todo.len();
    Ok(summary)
}

/// Searches the positions `todo` of `input` (`opts.shard` is not read)
/// with `opts.jobs` engines: `work(analyst, index, position)` gives the
/// verdicts wanted on a position, which are handed to `emit` in `todo`'s
/// order.
pub fn search_each(
    input: &Input,
    todo: &[usize],
    opts: &BatchOptions,
    work: impl Fn(&mut Analyst, usize, &Position) -> Vec<Verdict> + Sync,
    mut emit: impl FnMut(usize, &Position, &Source, &[Verdict]) -> Result<(), String> + Send,
) -> Result<Summary, String> {
    opts.limits.check()?;
    let mut summary = Summary {
        positions: todo.len(),
        ..Summary::default()
    };
    let bar = parallel::progress_bar(todo.len(), opts.progress, "analyse", "positions", ", {per_sec}");
    let start = Instant::now();
    parallel::in_order(
        0..todo.len(),
        opts.jobs,
        || Analyst::new(&opts.limits, opts.hash_mb),
        |analyst, k| {
            let (pos, source) = input.position(todo[k]);
            let verdicts = work(analyst, todo[k], &pos);
            (pos, source, verdicts)
        },
        |k, (pos, source, verdicts)| {
            emit(todo[k], &pos, &source, &verdicts)?;
            summary.searched += 1;
            summary.nodes += verdicts.iter().map(|v| v.nodes).sum::<u64>();
            bar.inc(1);
            Ok(())
        },
    )?;
    bar.finish_and_clear();
    summary.seconds = start.elapsed().as_secs_f64();
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EPD: &str = "# two positions\n\
        th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1 ; the start\n\
        \n\
        th(a)qke(a)ht/wwwwwwwww/9/9/9/9/4W4/WWWW1WWWW/TH(A)QKE(A)HT b ACFGIacfgi - 0 1\n";

    fn options(jobs: usize, shard: Shard) -> BatchOptions {
        BatchOptions {
            limits: SearchLimits {
                depth: Some(4),
                ..SearchLimits::default()
            },
            jobs,
            hash_mb: 4,
            shard,
            progress: false,
        }
    }

    fn lines(input: &Input, opts: &BatchOptions, done: &HashSet<usize>) -> String {
        let mut out = Vec::new();
        run(input, opts, done, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The lines as JSON, without the one field that depends on the machine.
    fn without_time(s: &str) -> Vec<serde_json::Value> {
        s.lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["time_ms"] = 0.into();
                v
            })
            .collect()
    }

    #[test]
    fn epd_lines_and_comments() {
        let input = Input::epd(EPD, "t.epd", Variant::MiniPom).unwrap();
        assert_eq!(input.len(), 2);
        let (_, source) = input.position(0);
        assert_eq!(
            source,
            Source::Epd {
                line: 2,
                comment: Some("the start".into())
            }
        );
        let e = Input::epd("9/9 w - - 0 1\n", "bad.epd", Variant::MiniPom).err().unwrap();
        assert!(e.starts_with("bad.epd:1: bad FEN"), "{e}");
    }

    #[test]
    fn pgn_positions_are_every_position_of_every_game() {
        let text = "[Variant \"minipom\"]\n1. e2e4 e8e6 2. d2d3 1/2-1/2\n\n[Variant \"minipom\"]\n1. e2e3 *\n";
        let input = Input::pgn(text, "g.pgn", Variant::Pom).unwrap();
        assert_eq!(input.len(), 4 + 2);
        let (pos, source) = input.position(5);
        assert_eq!(source, Source::Pgn { game: 2, ply: 1 });
        assert_eq!(pos.variant(), Variant::MiniPom);
        assert_eq!(pos.game_ply(), 1);
        let e = Input::pgn("1. e2e4 zz 1-0\n", "g.pgn", Variant::MiniPom).err().unwrap();
        assert!(e.contains("g.pgn") && e.contains("zz"), "{e}");
    }

    #[test]
    fn jobs_and_shards_give_the_same_lines() {
        let text = "[Variant \"minipom\"]\n1. e2e4 e8e6 2. d2d3 d8d6 3. c2c3 *\n";
        let input = Input::pgn(text, "g.pgn", Variant::MiniPom).unwrap();
        let none = HashSet::new();
        let whole = lines(&input, &options(1, Shard::WHOLE), &none);
        assert_eq!(whole.lines().count(), 6);
        assert_eq!(without_time(&lines(&input, &options(3, Shard::WHOLE), &none)), without_time(&whole));
        let mut joined = String::new();
        for i in 0..4 {
            joined.push_str(&lines(&input, &options(2, Shard::new(i, 4).unwrap()), &none));
        }
        assert_eq!(without_time(&joined), without_time(&whole));
    }

    #[test]
    fn resume_skips_what_is_written_and_refuses_another_input() {
        let input = Input::epd(EPD, "t.epd", Variant::MiniPom).unwrap();
        let none = HashSet::new();
        let whole = lines(&input, &options(1, Shard::WHOLE), &none);
        let first_line = whole.lines().next().unwrap();
        // A run killed while writing its second line.
        let partial = format!("{first_line}\n{{\"index\": 1, \"fe");
        let (done, keep) = already_done(&partial, "o.jsonl", &input).unwrap();
        assert_eq!(done, HashSet::from([0]));
        assert_eq!(keep, first_line.len() + 1);
        let rest = lines(&input, &options(1, Shard::WHOLE), &done);
        assert_eq!(rest.lines().count(), 1);
        assert!(rest.starts_with("{\"index\":1,"), "{rest}");
        // The same positions in another order: position 0 is another FEN.
        let mut swapped: Vec<&str> = EPD.lines().filter(|l| l.contains('/')).collect();
        swapped.reverse();
        let other = Input::epd(&swapped.join("\n"), "x.epd", Variant::MiniPom).unwrap();
        assert_eq!(other.len(), 2);
        let e = already_done(&whole, "o.jsonl", &other).unwrap_err();
        assert!(e.starts_with("o.jsonl:1: position 0 has another FEN"), "{e}");
    }
}
