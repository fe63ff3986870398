//! Where an engine spends its clock (`gorgon-match --stats FILE... --time-use`):
//! from the runner's PGN, each engine move's time (the `0.02s` of its
//! `{+0.35/12 0.02s}` comment) and depth, grouped by the phase of the game
//! (full-move number), with the clock the side had before the move rebuilt
//! from the game's `TimeControl` the way the runner charged it
//! (`tc::Clock`). Book moves are not counted.

use crate::pgn::{read_pgn, Game};
use crate::tc::{parse_tc, Clock};
use rules::text::pgn::EngineComment;
use std::fmt::Write as _;
use std::time::Duration;

/// The phases, by full-move number: the first and last move of each
/// (the last phase open-ended).
pub const PHASES: [(u32, u32); 8] = [
    (1, 10),
    (11, 20),
    (21, 30),
    (31, 40),
    (41, 60),
    (61, 80),
    (81, 120),
    (121, u32::MAX),
];

/// One engine move as the PGN tells it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Spent {
    /// Full-move number.
    number: u32,
    secs: f64,
    depth: Option<u32>,
    /// The time on the mover's clock before the move, and after it
    /// (increment and a new period added), when the game has a clock.
    clock_before: Option<f64>,
    clock_after: Option<f64>,
}

/// The moves of one phase of one engine.
#[derive(Clone, Debug, Default)]
struct Phase {
    secs: Vec<f64>,
    depths: Vec<u32>,
    /// The share of the clock each move took, where there was a clock.
    shares: Vec<f64>,
    /// The clock left after each move (increment and new period added).
    left: Vec<f64>,
}

/// Every engine's time use by phase, in the order the engines were met.
#[derive(Clone, Debug, Default)]
pub struct TimeUse {
    engines: Vec<(String, Vec<Phase>, usize)>,
    controls: Vec<String>,
}

/// The time and depth of an engine move's comment (`+0.35/12 0.02s`, or
/// `0.50s` alone when the engine sent no score: the time still counts),
/// `None` for a book move, a comment of another kind or an engine comment
/// without a time.
fn parse_comment(comment: &str) -> Option<(f64, Option<u32>)> {
    let said = EngineComment::parse(comment)?;
    Some((said.time?.as_secs_f64(), said.depth))
}

/// The engine moves of one side of a game (`white`: the side that moved
/// first in the movetext), with the clock rebuilt from `control`.
fn spent(game: &Game, white_first: bool, side: usize, control: Option<&str>) -> Vec<Spent> {
    let mut clock = control.and_then(|c| parse_tc(c).ok().flatten()).map(Clock::new);
    let start_number = game
        .start_fen
        .split_whitespace()
        .nth(5)
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or(1);
    let mut out = Vec::new();
    for (ply, comments) in game.comments.iter().enumerate() {
        if ply % 2 != side {
            continue;
        }
        // Full-move number of this ply: Black moving first shares White's number.
        let offset = if white_first { ply / 2 } else { ply.div_ceil(2) };
        let number = start_number + offset as u32;
        let Some((secs, depth)) = comments.iter().find_map(|c| parse_comment(c)) else {
            continue;
        };
        let before = clock.as_ref().map(|c| c.remaining.as_secs_f64());
        if let Some(c) = clock.as_mut() {
            // The runner's charge; a forfeit ends the game anyway.
            c.charge(Duration::from_secs_f64(secs), Duration::from_secs(u64::from(u32::MAX)));
        }
        out.push(Spent {
            number,
            secs,
            depth,
            clock_before: before,
            clock_after: clock.as_ref().map(|c| c.remaining.as_secs_f64()),
        });
    }
    out
}

impl TimeUse {
    /// Sums up the games (already read and replayed).
    pub fn of_games(games: &[Game]) -> TimeUse {
        let mut t = TimeUse::default();
        for game in games {
            let white_first = game.start_fen.split_whitespace().nth(1) != Some("b");
            let tc = game.tag("TimeControl");
            let sides = [
                (game.tag("White"), game.tag("WhiteTimeControl").or(tc)),
                (game.tag("Black"), game.tag("BlackTimeControl").or(tc)),
            ];
            for (color, (name, control)) in sides.into_iter().enumerate() {
                let name = name.unwrap_or("?").to_string();
                if let Some(c) = control {
                    if !t.controls.iter().any(|k| k == c) {
                        t.controls.push(c.to_string());
                    }
                }
                // The side that moves first in the movetext is White unless
                // the start position has Black to move.
                let side = if white_first { color } else { 1 - color };
                let moves = spent(game, white_first, side, control);
                let at = match t.engines.iter().position(|(n, _, _)| *n == name) {
                    Some(i) => i,
                    None => {
                        t.engines.push((name, vec![Phase::default(); PHASES.len()], 0));
                        t.engines.len() - 1
                    }
                };
                let (_, phases, count) = &mut t.engines[at];
                *count += 1;
                for m in &moves {
                    let p = &mut phases[PHASES.iter().position(|&(a, b)| (a..=b).contains(&m.number)).unwrap_or(0)];
                    p.secs.push(m.secs);
                    p.depths.extend(m.depth);
                    if let Some(before) = m.clock_before.filter(|&b| b > 0.0) {
                        p.shares.push(m.secs / before);
                    }
                    p.left.extend(m.clock_after);
                }
            }
        }
        t
    }

    /// The table: per engine, a row per phase with moves (`n`), mean,
    /// median and largest time per move, the mean share of the clock a
    /// move took, the mean clock left after it, the mean depth, and the
    /// share of all the engine's thinking time spent in the phase.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "Time use by phase (full-move numbers), {}:", self.controls.join(", "));
        for (name, phases, games) in &self.engines {
            let total: f64 = phases.iter().flat_map(|p| &p.secs).sum();
            let _ = writeln!(out, "{name}, {games} games, {total:.1} s thinking:");
            let _ = writeln!(
                out,
                "{:>9} {:>6} {:>8} {:>8} {:>8} {:>8} {:>9} {:>6} {:>7}",
                "moves", "n", "mean s", "median s", "max s", "% clock", "left s", "depth", "% time"
            );
            let mut all = Phase::default();
            for (p, &(a, b)) in phases.iter().zip(&PHASES) {
                let label = if b == u32::MAX { format!("{a}-") } else { format!("{a}-{b}") };
                if !p.secs.is_empty() {
                    out.push_str(&row(&label, p, total));
                }
                all.secs.extend(&p.secs);
                all.depths.extend(&p.depths);
                all.shares.extend(&p.shares);
                all.left.extend(&p.left);
            }
            out.push_str(&row("all", &all, total));
        }
        out
    }
}

/// The table of the games of PGN files, read in order; an error names the
/// file and the game, as `--stats`'s do.
pub fn time_use_of_files(files: &[std::path::PathBuf]) -> Result<String, String> {
    let mut games = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{name}': {e}"))?;
        for (i, game) in read_pgn(&text, &name)?.into_iter().enumerate() {
            if let Some(e) = &game.error {
                return Err(format!("{name}:{}: game {}: {e}", game.line, i + 1));
            }
            games.push(game);
        }
    }
    Ok(TimeUse::of_games(&games).table())
}

fn mean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64)
}

fn median(xs: &[f64]) -> Option<f64> {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    (n > 0).then(|| if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 })
}

fn row(label: &str, p: &Phase, total: f64) -> String {
    let or_dash = |x: Option<f64>, digits: usize| x.map_or("-".to_string(), |v| format!("{v:.digits$}"));
    let depths: Vec<f64> = p.depths.iter().map(|&d| d as f64).collect();
    let max = p.secs.iter().copied().reduce(f64::max);
    let share_of_total = (total > 0.0).then(|| 100.0 * p.secs.iter().sum::<f64>() / total);
    format!(
        "{:>9} {:>6} {:>8} {:>8} {:>8} {:>8} {:>9} {:>6} {:>7}\n",
        label,
        p.secs.len(),
        or_dash(mean(&p.secs), 3),
        or_dash(median(&p.secs), 3),
        or_dash(max, 3),
        or_dash(mean(&p.shares).map(|s| 100.0 * s), 1),
        or_dash(mean(&p.left), 1),
        or_dash(mean(&depths), 1),
        or_dash(share_of_total, 1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::parse_pgn;

    /// A game of 45 moves a side at 40/60: White thinks 1 s a move, Black
    /// 0.5 s; the first move of each is from the book.
    fn game() -> String {
        let mut text =
            String::from("[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"minipom\"]\n[TimeControl \"40/60\"]\n\n");
        // Knights out and back: legal for as long as we like (repetitions
        // do not end a PGN).
        let moves = ["b1c3", "b9c7", "c3b1", "c7b9"];
        for ply in 0..90 {
            let mv = moves[ply % 4];
            let comment = if ply < 2 {
                "book".to_string()
            } else if ply % 2 == 0 {
                "+0.10/12 1.000s".to_string()
            } else {
                "-0.10/9 0.500s".to_string()
            };
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            text.push_str(&format!("{mv} {{{comment}}} "));
        }
        text.push_str("*\n");
        text
    }

    #[test]
    fn reads_engine_comments_only() {
        assert_eq!(parse_comment("+0.35/12 0.02s"), Some((0.02, Some(12))));
        assert_eq!(parse_comment("-M3/7 1.5s"), Some((1.5, Some(7))));
        assert_eq!(parse_comment("book"), None);
        // No score: the time alone, still charged to the clock.
        assert_eq!(parse_comment("0.50s"), Some((0.5, None)));
        assert_eq!(parse_comment("mates"), None);
        assert_eq!(parse_comment("White mates"), None);
        assert_eq!(parse_comment("+0.10/3 -1s"), None);
        // cutechess's own: a mate in plies, no time taken.
        assert_eq!(parse_comment("-M4/18 0s"), Some((0.0, Some(18))));
        // A score without a time has nothing to charge.
        assert_eq!(parse_comment("+0.35/12"), None);
    }

    #[test]
    fn sums_time_and_rebuilds_the_clock_by_phase() {
        let games = parse_pgn(&game());
        assert!(games[0].error.is_none(), "{:?}", games[0].error);
        let t = TimeUse::of_games(&games);
        let (name, phases, count) = &t.engines[0];
        assert_eq!((name.as_str(), *count), ("A", 1));
        // Moves 2-10 in the first phase (move 1 was book), 10 in each next.
        assert_eq!(phases[0].secs.len(), 9);
        assert_eq!(phases[1].secs.len(), 10);
        assert_eq!(phases[4].secs.len(), 5, "moves 41-45");
        // White's clock: 60 s, 1 s a move from move 2 (the book move is
        // not charged, as the runner charges only the engines' moves);
        // before move 2 it is full, after move 40 (39 engine moves) 21 s
        // are left, and after move 41, the 40th, the period's 60 s come
        // back.
        let first = &phases[0];
        assert!((first.shares[0] - 1.0 / 60.0).abs() < 1e-9, "{:?}", first.shares);
        let left_after_40 = phases[3].left.last().copied().unwrap();
        assert!((left_after_40 - 21.0).abs() < 1e-6, "{left_after_40}");
        let left_after_41 = phases[4].left[0];
        assert!((left_after_41 - 80.0).abs() < 1e-6, "{left_after_41}");
        let table = t.table();
        assert!(table.contains("Time use by phase (full-move numbers), 40/60:"), "{table}");
        assert!(table.contains("A, 1 games, 44.0 s thinking:"), "{table}");
        assert!(table.contains("B, 1 games, 22.0 s thinking:"), "{table}");
        let all_b = table.lines().filter(|l| l.trim_start().starts_with("all")).nth(1).unwrap();
        let cols: Vec<&str> = all_b.split_whitespace().collect();
        assert_eq!(cols[1..5], ["44", "0.500", "0.500", "0.500"], "{all_b}");
        assert_eq!(cols[7], "9.0", "mean depth: {all_b}");
        assert_eq!(cols[8], "100.0", "{all_b}");
    }
}
