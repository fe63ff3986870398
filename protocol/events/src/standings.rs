//! A tournament's standings as plain data: the rating table (best first)
//! and the crosstable, as the runner fits them (gorgon-tournament's
//! `ratings.rs`), prints them (Ordo's table, [`Standings::table`]) and
//! writes them into its event log, and as the live view reads them and
//! draws them, order, bounds and all, without recomputing anything.

use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// What kind of number a rating is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Estimate {
    /// The maximum-likelihood rating.
    Fitted,
    /// A lower bound (printed `>`): the engine's group took every point
    /// against the engines below it; the maximum is higher.
    LowerBound,
    /// An upper bound (printed `<`): the group lost every point.
    UpperBound,
    /// No games yet: no rating (printed `-`).
    NoGames,
}

/// One engine's line of the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    pub name: String,
    /// Relative to the anchor (or the pool average), always finite.
    pub rating: f64,
    pub estimate: Estimate,
    /// Half the 95 % interval from the simulations; `None` without
    /// simulations, for the anchor, for bounds and for engines without games.
    pub error: Option<f64>,
    pub points: f64,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// The confidence (0..1) that this engine is stronger than the next
    /// one down the table; `None` for the last and without simulations.
    pub cfs_next: Option<f64>,
}

/// One cell of the crosstable: the row engine's points against the
/// column engine, and the games they played.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    pub points: f64,
    pub games: u64,
}

/// The standings of a tournament: the rating table (best first) and the
/// crosstable (rows and columns in the table's order), as plain data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    pub players: Vec<PlayerRating>,
    /// `crosstable[i][j]`: `players[i]` against `players[j]` (`None` on the
    /// diagonal and for engines that did not meet).
    pub crosstable: Vec<Vec<Option<Cell>>>,
    /// The engine rated `anchor_rating`, if not the pool average.
    pub anchor: Option<String>,
    /// The anchor's (or the pool average's) rating, 0 unless
    /// `--anchor-rating` said otherwise.
    pub anchor_rating: f64,
    pub simulations: u32,
    pub seed: u64,
    /// The draw rate between equal engines of the simulations' model.
    pub draw_rate_equal: f64,
    /// Groups of engines that never met through a chain of games (1 when
    /// all ratings compare).
    pub groups: usize,
    /// `cfs[i][j]`: the confidence (0..1) that `players[i]` is stronger
    /// than `players[j]`, from the simulations (Ordo's CFS matrix, `-C`);
    /// `None` on the diagonal, for an engine without games, and for every
    /// pair without simulations (empty then).
    #[serde(default)]
    pub cfs: Vec<Vec<Option<f64>>>,
}

impl Standings {
    /// The CFS matrix as Ordo's `-C FILE` writes it: comma-separated, a
    /// header `"N","NAME"` and the column numbers (0-based, the table's
    /// order), then a row per engine, its number, its name quoted, and the
    /// percent confidence that it beats each column's engine (one decimal;
    /// empty on the diagonal and where there is none).
    pub fn cfs_csv(&self) -> String {
        let mut s = String::from("\"N\",\"NAME\"");
        for j in 0..self.players.len() {
            let _ = write!(s, ",{j}");
        }
        s.push('\n');
        for (i, p) in self.players.iter().enumerate() {
            let _ = write!(s, "{i},\"{}\"", p.name.replace('"', "\"\""));
            for j in 0..self.players.len() {
                match self.cfs.get(i).and_then(|row| row.get(j)).copied().flatten() {
                    Some(c) => {
                        let _ = write!(s, ",{:.1}", 100.0 * c);
                    }
                    None => s.push(','),
                }
            }
            s.push('\n');
        }
        s
    }

    /// Ordo's table, the model stated, then the crosstable.
    pub fn table(&self) -> String {
        let mut s = String::new();
        let zero = match &self.anchor {
            Some(a) => format!("{a} = {}", self.anchor_rating),
            None => format!("pool average = {}", self.anchor_rating),
        };
        let _ = writeln!(
            s,
            "Ratings: maximum likelihood, logistic (E = 1/(1+10^(-d/400))), draws count half, {zero}"
        );
        let width = self.players.iter().map(|p| p.name.chars().count()).max().unwrap_or(6).max(6);
        let _ = writeln!(
            s,
            "{:>4} {:<width$} : {:>8} {:>7} {:>8} {:>7} {:>6} {:>7} {:>6} {:>6} {:>6} {:>6}",
            "#", "PLAYER", "RATING", "ERROR", "POINTS", "PLAYED", "(%)", "CFS(%)", "W", "D", "L", "D(%)"
        );
        for (rank, p) in self.players.iter().enumerate() {
            let rating = match p.estimate {
                Estimate::Fitted => format!("{:>8.1}", p.rating),
                Estimate::LowerBound => format!(">{:>7.1}", p.rating),
                Estimate::UpperBound => format!("<{:>7.1}", p.rating),
                Estimate::NoGames => format!("{:>8}", "-"),
            };
            let error = p.error.map_or_else(|| format!("{:>7}", "----"), |e| format!("{e:>7.1}"));
            let percent = |x: f64, of: u64| if of == 0 { 0.0 } else { 100.0 * x / of as f64 };
            let cfs = p.cfs_next.map_or_else(|| format!("{:>7}", ""), |c| format!("{:>7.0}", 100.0 * c));
            let _ = writeln!(
                s,
                "{:>4} {:<width$} : {rating} {error} {:>8.1} {:>7} {:>6.1} {cfs} {:>6} {:>6} {:>6} {:>6.1}",
                rank + 1,
                p.name,
                p.points,
                p.games,
                percent(p.points, p.games),
                p.wins,
                p.draws,
                p.losses,
                percent(p.draws as f64, p.games),
            );
        }
        if self
            .players
            .iter()
            .any(|p| matches!(p.estimate, Estimate::LowerBound | Estimate::UpperBound))
        {
            let _ = writeln!(
                s,
                "> and <: bounds; a group that won (lost) every game against the rest has no finite rating, \
                 shown where it would drop (take) half a point"
            );
        }
        if self.groups > 1 {
            let _ = writeln!(
                s,
                "The engines form {} groups that never met through a chain of games: ratings compare only within a group",
                self.groups
            );
        }
        if self.simulations > 0 {
            let _ = writeln!(
                s,
                "Errors: 95 % (1.96 sd) over {} simulated tournaments (seed {}), relative to {}; CFS: confidence of beating the next one down",
                self.simulations,
                self.seed,
                self.anchor.as_deref().unwrap_or("the pool average")
            );
        }
        let _ = writeln!(
            s,
            "Draw rate (equal opponents) = {:.1} % (fitted to the draws played; it moves no rating)",
            100.0 * self.draw_rate_equal
        );
        let _ = writeln!(s, "White advantage = 0 (not modelled)");
        s.push('\n');
        s.push_str(&self.crosstable_text());
        s
    }

    /// `Crosstable (points/games of the row engine against the column)`.
    pub fn crosstable_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "Crosstable (the row engine's points/games against the column engine):");
        let cells: Vec<Vec<String>> = self
            .crosstable
            .iter()
            .enumerate()
            .map(|(i, row)| {
                row.iter()
                    .enumerate()
                    .map(|(j, c)| match c {
                        Some(c) => format!("{}/{}", half_points(c.points), c.games),
                        None if i == j => "x".into(),
                        None => "-".into(),
                    })
                    .collect()
            })
            .collect();
        let name_width = self.players.iter().map(|p| p.name.chars().count()).max().unwrap_or(1).max(6);
        let col = cells.iter().flatten().map(|c| c.len()).max().unwrap_or(1).max(3);
        let _ = write!(s, "{:>4} {:<name_width$}", "", "");
        for k in 0..self.players.len() {
            let _ = write!(s, " {:>col$}", k + 1);
        }
        let _ = writeln!(s, " {:>8}", "POINTS");
        for (i, row) in cells.iter().enumerate() {
            let _ = write!(s, "{:>4} {:<name_width$}", i + 1, self.players[i].name);
            for c in row {
                let _ = write!(s, " {c:>col$}");
            }
            let p = &self.players[i];
            let _ = writeln!(s, " {:>8}", format!("{}/{}", half_points(p.points), p.games));
        }
        s
    }
}

/// `7.5`, `8`: points as people write them.
fn half_points(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}
