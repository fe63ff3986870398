//! Ratings of any number of engines from all their games, as Ordo gives
//! them (WAVE5-NOTES.md 1): the maximum-likelihood fit of the logistic
//! model, error bars from simulated tournaments, the confidence that each
//! engine beats the next one down (CFS), and the crosstable.
//!
//! The model: an engine `d` points stronger expects the score
//! `E(d) = 1 / (1 + 10^(-d/400))` per game (`stats::score_from_elo`), a
//! draw counting as half a win. The log-likelihood of the results has the
//! gradient `S_i - sum_j n_ij E(r_i - r_j)`, so the fit solves, for every
//! engine `i`, "expected points = points": `sum_j n_ij E(r_i - r_j) = S_i`,
//! with the pool average 0, or one engine (`--anchor`) at 0. Only the
//! points of each pairing enter it, so the order of the games never
//! matters. It is solved by the minorization-maximization iteration of the
//! Bradley-Terry model (`gamma_i <- S_i / sum_j n_ij / (gamma_i + gamma_j)`,
//! `r = 400 log10 gamma`), which rises monotonically to the maximum.
//!
//! The maximum exists only when the engines cannot be split into a group
//! that took no point from the rest: a perfect scorer's rating is
//! infinite. Such groups (the strongly connected components of the graph
//! "i took points from j" that nobody outside scored against, or that
//! scored against nobody outside) are taken out, group by group, until the
//! rest holds together; the rest is fitted, then the groups are put back in
//! the reverse order, each shifted as a block to where it would have been
//! expected to drop (a group that won everything) or to take (one that
//! lost everything) half a point against the engines already placed. Those
//! ratings are bounds (Ordo's `>` and `<`): the true maximum lies beyond.
//! Engines that never met through any chain of games cannot be compared;
//! each such group is centred on its own.
//!
//! Errors (Ordo's `-s`): every pairing's games are drawn again, many times,
//! from the fitted win, draw and loss probabilities, and refitted; the
//! error is 1.96 standard deviations of an engine's rating over these
//! simulated tournaments (relative to the anchor, whose error is then 0),
//! and the CFS of an engine over the next is the normal probability of
//! their difference being positive, with the difference's deviation from
//! the same runs. The simulations are seeded, so the output repeats. The
//! draw probability at an expected score `p` is Ordo's three-state model,
//! `((1-D_eq)^2/D_eq^2 - 1) D^2 + 2 D + 4 (p^2 - p) = 0`, with the draw rate
//! between equals `D_eq` fitted so that the expected draws of all pairings
//! equal the draws played; it moves no rating, only the simulations.

use crate::stats::{phi, score_from_elo, Wdl, Z95};
pub use events::standings::{Cell, Estimate, PlayerRating, Standings};
use rules::SplitMix64;

/// One finished game: the engines (indices into the names) and White's
/// points (1, 1/2 or 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameScore {
    pub white: usize,
    pub black: usize,
    pub white_points: f64,
}

/// The games of two engines against each other, from `a`'s side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairingScore {
    pub a: usize,
    pub b: usize,
    pub wdl: Wdl,
}

/// How the table is made.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingOptions {
    /// The engine rated 0 (`--anchor NAME`); `None`: the pool average is 0.
    pub anchor: Option<String>,
    /// The anchor's rating (or the pool average's), added to every
    /// rating: `--anchor-rating R`, Ordo's `-a`.
    pub anchor_rating: f64,
    /// Simulated tournaments for the errors and the CFS (0: none).
    pub simulations: u32,
    /// The seed of the simulations.
    pub seed: u64,
    /// Where to write the CFS matrix at the end (`--cfs-matrix FILE`,
    /// Ordo's `-C`; [`Standings::cfs_csv`]); it takes no part in the fit.
    pub cfs_matrix: Option<std::path::PathBuf>,
}

impl Default for RatingOptions {
    fn default() -> RatingOptions {
        RatingOptions {
            anchor: None,
            anchor_rating: 0.0,
            simulations: 1000,
            seed: 1,
            cfs_matrix: None,
        }
    }
}

/// Games and points of every ordered pairing.
#[derive(Clone, Debug, PartialEq)]
struct Matrix {
    /// `games[i][j] == games[j][i]`.
    games: Vec<Vec<u64>>,
    /// `points[i][j] + points[j][i] == games[i][j]`.
    points: Vec<Vec<f64>>,
}

impl Matrix {
    fn new(n: usize) -> Matrix {
        Matrix {
            games: vec![vec![0; n]; n],
            points: vec![vec![0.0; n]; n],
        }
    }

    fn len(&self) -> usize {
        self.games.len()
    }

    fn add(&mut self, a: usize, b: usize, games: u64, a_points: f64) {
        self.games[a][b] += games;
        self.games[b][a] += games;
        self.points[a][b] += a_points;
        self.points[b][a] += games as f64 - a_points;
    }

    /// The pairings that have games, `a < b`.
    fn pairings(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let n = self.len();
        (0..n)
            .flat_map(move |a| (a + 1..n).map(move |b| (a, b)))
            .filter(|&(a, b)| self.games[a][b] > 0)
    }

    /// `i` took points from `j`.
    fn scored(&self, i: usize, j: usize) -> bool {
        self.points[i][j] > 0.0
    }
}

/// The standings of these games; an error only for an anchor that names
/// no engine.
pub fn standings_of_games(names: &[String], games: &[GameScore], options: &RatingOptions) -> Result<Standings, String> {
    let mut pairings: Vec<PairingScore> = Vec::new();
    for g in games {
        let (a, b, a_points) = if g.white < g.black {
            (g.white, g.black, g.white_points)
        } else {
            (g.black, g.white, 1.0 - g.white_points)
        };
        let i = match pairings.iter().position(|p| p.a == a && p.b == b) {
            Some(i) => i,
            None => {
                pairings.push(PairingScore { a, b, wdl: Wdl::default() });
                pairings.len() - 1
            }
        };
        pairings[i].wdl.add(a_points);
    }
    standings(names, &pairings, options)
}

/// The standings of these pairings (`a` and `b` index `names`; a pairing
/// may be listed more than once); an error only for an anchor that names
/// no engine.
pub fn standings(names: &[String], pairings: &[PairingScore], options: &RatingOptions) -> Result<Standings, String> {
    let n = names.len();
    let anchor = match &options.anchor {
        Some(name) => Some(
            names
                .iter()
                .position(|x| x == name)
                .ok_or_else(|| format!("--anchor {name}: no such engine ({})", names.join(", ")))?,
        ),
        None => None,
    };
    let mut m = Matrix::new(n);
    let mut wdl = vec![Wdl::default(); n];
    for p in pairings {
        let w = &p.wdl;
        m.add(p.a, p.b, w.games(), w.wins as f64 + 0.5 * w.draws as f64);
        wdl[p.a].wins += w.wins;
        wdl[p.a].draws += w.draws;
        wdl[p.a].losses += w.losses;
        wdl[p.b].wins += w.losses;
        wdl[p.b].draws += w.draws;
        wdl[p.b].losses += w.wins;
    }
    let fitted = fit(&m, anchor);
    let draws: u64 = wdl.iter().map(|w| w.draws).sum::<u64>() / 2;
    let draw_rate_equal = fit_draw_rate(&m, &fitted.ratings, draws);

    // The simulated tournaments: each pairing's games drawn again from
    // the fitted probabilities, then refitted.
    let mut samples: Vec<Vec<f64>> = Vec::new();
    let mut rng = SplitMix64::new(options.seed);
    // The pairings in the order of the engines' names, each from the side
    // of the name first in that order: the same games under other engine
    // numbers (the runner's, `--stats`'s) draw the same simulations.
    let mut pairs: Vec<(usize, usize)> = m
        .pairings()
        .map(|(a, b)| if names[a] <= names[b] { (a, b) } else { (b, a) })
        .collect();
    pairs.sort_by(|x, y| (&names[x.0], &names[x.1]).cmp(&(&names[y.0], &names[y.1])));
    for _ in 0..options.simulations {
        let mut sim = Matrix::new(n);
        for &(a, b) in &pairs {
            let (win, draw) = outcome_probabilities(fitted.ratings[a] - fitted.ratings[b], draw_rate_equal);
            let mut a_points = 0.0;
            for _ in 0..m.games[a][b] {
                let u = rng.unit();
                a_points += if u < win {
                    1.0
                } else if u < win + draw {
                    0.5
                } else {
                    0.0
                };
            }
            sim.add(a, b, m.games[a][b], a_points);
        }
        samples.push(fit(&sim, anchor).ratings);
    }

    let mut order: Vec<usize> = (0..n).collect();
    let has_games = |i: usize| fitted.estimates[i] != Estimate::NoGames;
    order.sort_by(|&x, &y| {
        has_games(y)
            .cmp(&has_games(x))
            .then(fitted.ratings[y].total_cmp(&fitted.ratings[x]))
            .then(x.cmp(&y))
    });
    let deviation = |f: &dyn Fn(&[f64]) -> f64| -> Option<f64> {
        if samples.len() < 2 {
            return None;
        }
        let values: Vec<f64> = samples.iter().map(|s| f(s)).collect();
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (values.len() - 1) as f64;
        Some(var.sqrt())
    };
    // The confidence of each engine over each other, in the table's order
    // (Ordo's CFS matrix): the probability, under the normal law of the
    // simulated differences, that the difference is positive.
    let cfs: Vec<Vec<Option<f64>>> = if samples.len() < 2 {
        Vec::new()
    } else {
        order
            .iter()
            .map(|&i| {
                order
                    .iter()
                    .map(|&j| {
                        if i == j || !has_games(i) || !has_games(j) {
                            return None;
                        }
                        let diff = fitted.ratings[i] - fitted.ratings[j];
                        deviation(&|s: &[f64]| s[i] - s[j]).map(|sd| {
                            if sd > 0.0 {
                                phi(diff / sd)
                            } else if diff > 0.0 {
                                1.0
                            } else if diff < 0.0 {
                                0.0
                            } else {
                                0.5
                            }
                        })
                    })
                    .collect()
            })
            .collect()
    };
    let players: Vec<PlayerRating> = order
        .iter()
        .enumerate()
        .map(|(rank, &i)| {
            let error = match fitted.estimates[i] {
                Estimate::Fitted if Some(i) != anchor => deviation(&|s: &[f64]| s[i]).map(|sd| Z95 * sd),
                _ => None,
            };
            let cfs_next = cfs.get(rank).and_then(|row| row.get(rank + 1)).copied().flatten();
            let w = wdl[i];
            PlayerRating {
                name: names[i].clone(),
                // + 0.0 turns a -0 into 0.
                rating: fitted.ratings[i] + options.anchor_rating + 0.0,
                estimate: fitted.estimates[i],
                error,
                points: w.wins as f64 + 0.5 * w.draws as f64,
                games: w.games(),
                wins: w.wins,
                draws: w.draws,
                losses: w.losses,
                cfs_next,
            }
        })
        .collect();
    let crosstable = order
        .iter()
        .map(|&i| {
            order
                .iter()
                .map(|&j| {
                    (i != j && m.games[i][j] > 0).then(|| Cell {
                        points: m.points[i][j],
                        games: m.games[i][j],
                    })
                })
                .collect()
        })
        .collect();
    Ok(Standings {
        players,
        crosstable,
        anchor: options.anchor.clone(),
        anchor_rating: options.anchor_rating,
        simulations: options.simulations,
        seed: options.seed,
        draw_rate_equal,
        groups: fitted.groups,
        cfs,
    })
}

/// Ratings with what kind of number each is, and the number of groups
/// that never met.
struct Fit {
    ratings: Vec<f64>,
    estimates: Vec<Estimate>,
    groups: usize,
}

/// The fit: every group of engines that met centred on 0, then the
/// anchor (if any) moved to 0.
fn fit(m: &Matrix, anchor: Option<usize>) -> Fit {
    let n = m.len();
    let mut ratings = vec![0.0; n];
    let mut estimates = vec![Estimate::NoGames; n];
    let rated: Vec<usize> = (0..n).filter(|&i| m.games[i].iter().any(|&g| g > 0)).collect();
    let components = connected(&rated, |i, j| m.games[i][j] > 0);
    for component in &components {
        place_component(m, component, &mut ratings, &mut estimates);
        let mean = component.iter().map(|&i| ratings[i]).sum::<f64>() / component.len() as f64;
        for &i in component {
            ratings[i] -= mean;
        }
    }
    if let Some(a) = anchor {
        let shift = ratings[a];
        for &i in &rated {
            ratings[i] -= shift;
        }
    }
    Fit {
        ratings,
        estimates,
        groups: components.len(),
    }
}

/// The groups of `members` linked (both ways) by `edge`, each in index
/// order, the groups in the order of their first member.
fn connected(members: &[usize], edge: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let mut group: Vec<Option<usize>> = vec![None; members.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for start in 0..members.len() {
        if group[start].is_some() {
            continue;
        }
        let g = groups.len();
        group[start] = Some(g);
        let mut stack = vec![start];
        let mut list = vec![members[start]];
        while let Some(x) = stack.pop() {
            for y in 0..members.len() {
                if group[y].is_none() && (edge(members[x], members[y]) || edge(members[y], members[x])) {
                    group[y] = Some(g);
                    stack.push(y);
                    list.push(members[y]);
                }
            }
        }
        list.sort_unstable();
        groups.push(list);
    }
    groups
}

/// The strongly connected components of "took points from" among `members`.
fn strong_components(m: &Matrix, members: &[usize]) -> Vec<Vec<usize>> {
    let k = members.len();
    // Reachability by Warshall's closure: the pools are small.
    let mut reach = vec![vec![false; k]; k];
    for x in 0..k {
        reach[x][x] = true;
        for y in 0..k {
            if m.scored(members[x], members[y]) {
                reach[x][y] = true;
            }
        }
    }
    for z in 0..k {
        let through = reach[z].clone();
        for row in reach.iter_mut() {
            if row[z] {
                for (to, &r) in row.iter_mut().zip(&through) {
                    *to |= r;
                }
            }
        }
    }
    connected(members, |i, j| {
        let (x, y) = (
            members.iter().position(|&v| v == i).expect("member"),
            members.iter().position(|&v| v == j).expect("member"),
        );
        reach[x][y] && reach[y][x]
    })
}

/// Rates the engines of one group of engines linked by games (ratings
/// not yet centred).
fn place_component(m: &Matrix, members: &[usize], ratings: &mut [f64], estimates: &mut [Estimate]) {
    // Take out the groups that nobody else scored against (sources) or
    // that scored against nobody else (sinks) until the rest holds.
    let mut rest: Vec<usize> = members.to_vec();
    let mut removed: Vec<Vec<(Vec<usize>, Estimate)>> = Vec::new();
    loop {
        let parts = strong_components(m, &rest);
        if parts.len() <= 1 {
            break;
        }
        let mut batch = Vec::new();
        for part in &parts {
            let outside: Vec<usize> = rest.iter().copied().filter(|x| !part.contains(x)).collect();
            let lost = part.iter().any(|&i| outside.iter().any(|&j| m.scored(j, i)));
            let took = part.iter().any(|&i| outside.iter().any(|&j| m.scored(i, j)));
            match (lost, took) {
                (false, true) => batch.push((part.clone(), Estimate::LowerBound)),
                (true, false) => batch.push((part.clone(), Estimate::UpperBound)),
                // Met nobody left: it compares only with those taken out before.
                (false, false) => batch.push((part.clone(), Estimate::Fitted)),
                (true, true) => {}
            }
        }
        rest.retain(|x| !batch.iter().any(|(p, _)| p.contains(x)));
        removed.push(batch);
    }
    let mut placed: Vec<usize> = Vec::new();
    if !rest.is_empty() {
        for (i, r) in rest.iter().zip(mm_fit(m, &rest)) {
            ratings[*i] = r;
            estimates[*i] = Estimate::Fitted;
        }
        placed.extend(&rest);
    }
    // Groups of one batch never met but a winning group and a losing one;
    // the losing ones go first (at 0 if nothing is placed yet), so that
    // the order of the engines' numbers changes nothing.
    for batch in removed.iter().rev() {
        for pass in [false, true] {
            let mut this_pass: Vec<usize> = Vec::new();
            for (part, estimate) in batch.iter().filter(|(_, e)| (*e == Estimate::LowerBound) == pass) {
                let inner = mm_fit(m, part);
                let shift = block_shift(m, part, &inner, &placed, ratings, *estimate);
                for (&i, r) in part.iter().zip(inner) {
                    ratings[i] = r + shift;
                    estimates[i] = *estimate;
                }
                this_pass.extend(part);
            }
            placed.extend(this_pass);
        }
    }
}

/// Where a group taken out goes against the engines already placed: the
/// shift at which its expected points against them are its points minus
/// half a point (it took all: a lower bound) or plus half a point (it took
/// none: an upper bound). 0 if it met none of them.
fn block_shift(m: &Matrix, part: &[usize], inner: &[f64], placed: &[usize], ratings: &[f64], estimate: Estimate) -> f64 {
    let games: u64 = part.iter().map(|&i| placed.iter().map(|&j| m.games[i][j]).sum::<u64>()).sum();
    if games == 0 {
        return 0.0;
    }
    let points: f64 = part.iter().map(|&i| placed.iter().map(|&j| m.points[i][j]).sum::<f64>()).sum();
    let target = match estimate {
        Estimate::LowerBound => points - 0.5,
        Estimate::UpperBound => points + 0.5,
        _ => points,
    }
    .clamp(0.25, games as f64 - 0.25);
    let expected = |shift: f64| -> f64 {
        part.iter()
            .zip(inner)
            .map(|(&i, &r)| {
                placed
                    .iter()
                    .map(|&j| m.games[i][j] as f64 * score_from_elo(r + shift - ratings[j]))
                    .sum::<f64>()
            })
            .sum()
    };
    // Expected points rise with the shift: bisection.
    let (mut lo, mut hi) = (-20_000.0, 20_000.0);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if expected(mid) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The maximum-likelihood ratings of a group that holds together (every
/// engine can be reached from every other by "took points from"), mean 0,
/// by the minorization-maximization iteration of the Bradley-Terry model.
fn mm_fit(m: &Matrix, members: &[usize]) -> Vec<f64> {
    let k = members.len();
    if k == 1 {
        return vec![0.0];
    }
    let points: Vec<f64> = members.iter().map(|&i| members.iter().map(|&j| m.points[i][j]).sum()).collect();
    let mut gamma = vec![1.0f64; k];
    for _ in 0..100_000 {
        let mut next = vec![0.0; k];
        for x in 0..k {
            let mut denominator = 0.0;
            for y in 0..k {
                let games = m.games[members[x]][members[y]];
                if x != y && games > 0 {
                    denominator += games as f64 / (gamma[x] + gamma[y]);
                }
            }
            next[x] = points[x] / denominator;
        }
        // Geometric mean 1, so that the numbers stay in range.
        let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / k as f64;
        let mut change: f64 = 0.0;
        for x in 0..k {
            let g = (next[x].ln() - mean_log).exp();
            change = change.max((g.ln() - gamma[x].ln()).abs());
            gamma[x] = g;
        }
        if change < 1e-13 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

/// The probabilities of a win and a draw for the engine `diff` points
/// stronger, when equals draw `draw_rate_equal` of their games (Ordo's
/// three-state model: the draw rate `D` at the expected score `p` solves
/// `((1-De)^2/De^2 - 1) D^2 + 2 D + 4 (p^2 - p) = 0`).
pub fn outcome_probabilities(diff: f64, draw_rate_equal: f64) -> (f64, f64) {
    let p = score_from_elo(diff);
    let de = draw_rate_equal.clamp(1e-6, 1.0 - 1e-6);
    let a = ((1.0 - de) / de).powi(2) - 1.0;
    let c = 4.0 * (p * p - p);
    let d = if a.abs() < 1e-12 {
        -c / 2.0
    } else {
        (-1.0 + (1.0 - a * c).max(0.0).sqrt()) / a
    };
    let d = d.clamp(0.0, 2.0 * p.min(1.0 - p));
    ((p - d / 2.0).max(0.0), d)
}

/// The draw rate between equals at which the fitted ratings expect as
/// many draws as were played (bisection: the expected draws rise with it).
fn fit_draw_rate(m: &Matrix, ratings: &[f64], draws: u64) -> f64 {
    let expected = |de: f64| -> f64 {
        m.pairings()
            .map(|(a, b)| m.games[a][b] as f64 * outcome_probabilities(ratings[a] - ratings[b], de).1)
            .sum()
    };
    let (mut lo, mut hi) = (1e-3, 1.0 - 1e-3);
    if m.pairings().next().is_none() {
        return 0.5;
    }
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if expected(mid) < draws as f64 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        ["A", "B", "C", "D", "E"][..n].iter().map(|s| s.to_string()).collect()
    }

    /// A pairing of `games` games in which `a` scores `points` (as wins
    /// and at most one draw).
    fn pairing(a: usize, b: usize, games: u64, points: f64) -> PairingScore {
        let wins = points.floor() as u64;
        let draws = u64::from(points.fract() > 0.0);
        PairingScore {
            a,
            b,
            wdl: Wdl {
                wins,
                draws,
                losses: games - wins - draws,
            },
        }
    }

    fn no_sims() -> RatingOptions {
        RatingOptions {
            simulations: 0,
            ..RatingOptions::default()
        }
    }

    fn rating(s: &Standings, name: &str) -> f64 {
        s.players.iter().find(|p| p.name == name).unwrap().rating
    }

    /// WAVE5-NOTES.md 1, the exact case (Laskos): A-B 75 %, B-C 75 %, A-C
    /// 90 % give +-400 log10 3 = +-190.85.
    #[test]
    fn laskos_exact_case() {
        let p = [pairing(0, 1, 100, 75.0), pairing(1, 2, 100, 75.0), pairing(0, 2, 100, 90.0)];
        let s = standings(&names(3), &p, &no_sims()).unwrap();
        let third = 400.0 * 3f64.log10();
        assert!((rating(&s, "A") - third).abs() < 1e-6, "{s:?}");
        assert!(rating(&s, "B").abs() < 1e-6);
        assert!((rating(&s, "C") + third).abs() < 1e-6);
        assert!((third - 190.85).abs() < 0.005);
        assert!(s.players.iter().all(|p| p.estimate == Estimate::Fitted));
    }

    /// The 3-player Newton case: A 7/10 vs B, B 6/10 vs C, A 8/10 vs C:
    /// +128.65, -25.90, -102.75; anchored at C: 231.40, 76.85, 0. The
    /// fitted totals equal the points (not each pairing's).
    #[test]
    fn three_player_newton_case() {
        let p = [pairing(0, 1, 10, 7.0), pairing(1, 2, 10, 6.0), pairing(0, 2, 10, 8.0)];
        let s = standings(&names(3), &p, &no_sims()).unwrap();
        for (name, r) in [("A", 128.65), ("B", -25.90), ("C", -102.75)] {
            assert!((rating(&s, name) - r).abs() < 0.005, "{name}: {}", rating(&s, name));
        }
        let expected = |x: &str, y: &str| score_from_elo(rating(&s, x) - rating(&s, y));
        let a_total = 10.0 * expected("A", "B") + 10.0 * expected("A", "C");
        assert!((a_total - 15.0).abs() < 1e-9);
        let anchored = RatingOptions {
            anchor: Some("C".into()),
            ..no_sims()
        };
        let s = standings(&names(3), &p, &anchored).unwrap();
        for (name, r) in [("A", 231.40), ("B", 76.85), ("C", 0.0)] {
            assert!((rating(&s, name) - r).abs() < 0.005, "{name}: {}", rating(&s, name));
        }
        assert_eq!(s.players[0].name, "A");
        assert_eq!((s.players[0].points, s.players[0].games), (15.0, 20));
        // Ordo's -a: the anchor at 1000, the others the same distance off.
        let at_1000 = RatingOptions {
            anchor_rating: 1000.0,
            ..anchored
        };
        let s = standings(&names(3), &p, &at_1000).unwrap();
        for (name, r) in [("A", 1231.40), ("B", 1076.85), ("C", 1000.0)] {
            assert!((rating(&s, name) - r).abs() < 0.005, "{name}: {}", rating(&s, name));
        }
    }

    /// A symmetric 60 % cycle rates everyone 0.
    #[test]
    fn symmetric_cycle_is_all_zeros() {
        let p = [pairing(0, 1, 10, 6.0), pairing(1, 2, 10, 6.0), pairing(2, 0, 10, 6.0)];
        let s = standings(&names(3), &p, &RatingOptions::default()).unwrap();
        assert!(s.players.iter().all(|p| p.rating.abs() < 1e-9), "{s:?}");
    }

    /// Two engines: the difference is the Elo of the score (stats.rs).
    #[test]
    fn two_engines_match_the_elo_of_the_score() {
        let w = Wdl {
            wins: 13,
            draws: 9,
            losses: 6,
        };
        let p = [PairingScore { a: 0, b: 1, wdl: w }];
        let s = standings(&names(2), &p, &no_sims()).unwrap();
        let diff = rating(&s, "A") - rating(&s, "B");
        assert!((diff - w.elo().unwrap().elo).abs() < 1e-7, "{diff}");
        assert!((rating(&s, "A") + rating(&s, "B")).abs() < 1e-9);
    }

    /// Numbering the engines otherwise (the runner numbers them by the
    /// command line, `--stats` by the games) changes nothing, bounds and
    /// simulations included.
    #[test]
    fn numbering_of_engines_does_not_matter() {
        // A beats everyone, E loses to everyone, B, C, D in between.
        let mut p = vec![pairing(1, 2, 6, 4.5), pairing(2, 3, 6, 2.0), pairing(3, 1, 6, 3.5)];
        for x in 1..5 {
            p.push(pairing(0, x, 2, 2.0));
        }
        for x in 1..4 {
            p.push(pairing(4, x, 2, 0.0));
        }
        let a = standings(&names(5), &p, &RatingOptions::default()).unwrap();
        // Renumbered: engine i becomes 4 - i.
        let flipped: Vec<String> = names(5).into_iter().rev().collect();
        let q: Vec<PairingScore> = p
            .iter()
            .map(|x| PairingScore {
                a: 4 - x.a,
                b: 4 - x.b,
                wdl: x.wdl,
            })
            .collect();
        let b = standings(&flipped, &q, &RatingOptions::default()).unwrap();
        assert_eq!(a.players.len(), b.players.len());
        for (x, y) in a.players.iter().zip(&b.players) {
            assert_eq!((&x.name, x.estimate), (&y.name, y.estimate));
            assert!((x.rating - y.rating).abs() < 1e-9, "{x:?} {y:?}");
            assert_eq!(x.error.map(|e| (e * 1e6).round()), y.error.map(|e| (e * 1e6).round()));
        }
        assert_eq!(a.table(), b.table());
    }

    /// The order of the games changes nothing, simulations included.
    #[test]
    fn order_of_games_does_not_matter() {
        let mut games = Vec::new();
        let mut rng = SplitMix64::new(9);
        for k in 0..60 {
            let (white, black) = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)][k % 6];
            games.push(GameScore {
                white,
                black,
                white_points: [0.0, 0.5, 1.0, 1.0][rng.below(4) as usize],
            });
        }
        let a = standings_of_games(&names(4), &games, &RatingOptions::default()).unwrap();
        games.reverse();
        rng.shuffle(&mut games);
        let b = standings_of_games(&names(4), &games, &RatingOptions::default()).unwrap();
        assert_eq!(a.players.len(), 4);
        for (x, y) in a.players.iter().zip(&b.players) {
            assert_eq!(x.name, y.name);
            assert!((x.rating - y.rating).abs() < 1e-9);
            assert_eq!(x.error.map(|e| (e * 1e6).round()), y.error.map(|e| (e * 1e6).round()));
        }
        assert_eq!(a.crosstable, b.crosstable);
    }

    /// Errors from the simulations: reproducible from the seed, larger
    /// with fewer games, 0 (none) for the anchor; CFS higher for a larger gap.
    #[test]
    fn errors_and_cfs() {
        let p = |k: u64| {
            [
                pairing(0, 1, 10 * k, 6.0 * k as f64),
                pairing(1, 2, 10 * k, 5.0 * k as f64),
                pairing(0, 2, 10 * k, 8.0 * k as f64),
            ]
        };
        let opts = RatingOptions::default();
        let small = standings(&names(3), &p(1), &opts).unwrap();
        let again = standings(&names(3), &p(1), &opts).unwrap();
        assert_eq!(small, again);
        let large = standings(&names(3), &p(10), &opts).unwrap();
        let (e1, e10) = (small.players[0].error.unwrap(), large.players[0].error.unwrap());
        // About sqrt(10) apart.
        assert!(e1 > 2.5 * e10 && e1 < 4.0 * e10, "{e1} {e10}");
        assert!(e10 > 10.0 && e1 < 400.0, "{e1} {e10}");
        let c1 = small.players[0].cfs_next.unwrap();
        let c10 = large.players[0].cfs_next.unwrap();
        assert!(c1 > 0.5 && c10 > c1 && c10 < 1.0, "{c1} {c10}");
        assert_eq!(large.players[2].cfs_next, None);
        let other_seed = standings(&names(3), &p(1), &RatingOptions { seed: 2, ..opts.clone() }).unwrap();
        assert_ne!(other_seed.players[0].error, small.players[0].error);
        let anchored = standings(
            &names(3),
            &p(1),
            &RatingOptions {
                anchor: Some("B".into()),
                ..opts
            },
        )
        .unwrap();
        assert_eq!(anchored.players[1].name, "B");
        assert_eq!((anchored.players[1].rating, anchored.players[1].error), (0.0, None));
        assert!(anchored.players[0].error.is_some());
    }

    /// Perfect and zero scorers are finite bounds, never inf or NaN;
    /// the others still fit.
    #[test]
    fn perfect_scorers_are_bounds() {
        // A beats everyone; B, C, D play a 60 % cycle; E loses everything.
        let mut p = vec![pairing(1, 2, 10, 6.0), pairing(2, 3, 10, 6.0), pairing(3, 1, 10, 6.0)];
        for x in 1..5 {
            p.push(pairing(0, x, 4, 4.0));
        }
        for x in 1..4 {
            p.push(pairing(4, x, 4, 0.0));
        }
        let s = standings(&names(5), &p, &RatingOptions::default()).unwrap();
        assert!(s.players.iter().all(|p| p.rating.is_finite()), "{s:?}");
        assert_eq!(s.players[0].name, "A");
        assert_eq!(s.players[0].estimate, Estimate::LowerBound);
        assert_eq!(s.players[4].name, "E");
        assert_eq!(s.players[4].estimate, Estimate::UpperBound);
        for p in &s.players[1..4] {
            assert_eq!(p.estimate, Estimate::Fitted);
        }
        // The cycle stays level.
        assert!((s.players[1].rating - s.players[3].rating).abs() < 1e-6);
        let table = s.table();
        assert!(table.contains(">"), "{table}");
        assert!(!table.contains("inf") && !table.contains("NaN"), "{table}");
        // Two engines, one winning all: both bounds, 2 apart.
        let two = standings(&names(2), &[pairing(0, 1, 6, 6.0)], &RatingOptions::default()).unwrap();
        assert_eq!(two.players[0].estimate, Estimate::LowerBound);
        assert_eq!(two.players[1].estimate, Estimate::UpperBound);
        // Half a point lost of six: 5.5/6 expected.
        let d = two.players[0].rating - two.players[1].rating;
        assert!((6.0 * score_from_elo(d) - 5.5).abs() < 1e-6, "{d}");
        assert!(two.table().contains("<"));
    }

    /// Engines without games, and engines that never met, give finite
    /// numbers and say so.
    #[test]
    fn no_games_and_separate_groups() {
        let s = standings(&names(3), &[], &RatingOptions::default()).unwrap();
        assert!(s.players.iter().all(|p| p.estimate == Estimate::NoGames && p.rating == 0.0));
        let p = [pairing(0, 1, 4, 3.0), pairing(2, 3, 4, 1.0)];
        let s = standings(&names(4), &p, &RatingOptions::default()).unwrap();
        assert_eq!(s.groups, 2);
        assert!(s.table().contains("2 groups"), "{}", s.table());
        assert!(s.players.iter().all(|p| p.rating.is_finite() && p.error.unwrap().is_finite()));
    }

    #[test]
    fn unknown_anchor_is_an_error() {
        let e = standings(
            &names(2),
            &[],
            &RatingOptions {
                anchor: Some("Z".into()),
                ..RatingOptions::default()
            },
        )
        .unwrap_err();
        assert!(e.contains("--anchor Z") && e.contains("A, B"), "{e}");
    }

    /// Ordo's columns and the crosstable.
    #[test]
    fn table_shape() {
        let p = [pairing(0, 1, 10, 7.0), pairing(1, 2, 10, 6.0), pairing(0, 2, 10, 8.5)];
        let s = standings(&names(3), &p, &RatingOptions::default()).unwrap();
        let t = s.table();
        assert!(
            t.contains("   # PLAYER :   RATING   ERROR   POINTS  PLAYED    (%)  CFS(%)      W      D      L   D(%)\n"),
            "{t}"
        );
        // The columns line up: the header's words end where the numbers do.
        let header = t.lines().find(|l| l.contains("PLAYER")).unwrap();
        let first = t.lines().find(|l| l.starts_with("   1 A")).unwrap();
        assert_eq!(header.len(), first.len(), "{t}");
        assert_eq!(header.find("RATING").unwrap() + 6, first.find('.').unwrap() + 2, "{t}");
        assert!(t.contains("   1 A      :"), "{t}");
        assert!(t.contains("Draw rate (equal opponents) = "), "{t}");
        assert!(t.contains("Crosstable"), "{t}");
        // A's row: x, 7/10 against B, 8.5/10 against C, 15.5/20.
        let row = t.lines().find(|l| l.starts_with("   1 A      ") && l.contains("x")).unwrap();
        let words: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(words, ["1", "A", "x", "7/10", "8.5/10", "15.5/20"], "{t}");
    }

    /// The three-state draw model: equals draw D_eq; the probabilities add up.
    #[test]
    fn draw_model() {
        for de in [0.1, 0.3, 0.5, 0.8] {
            let (w, d) = outcome_probabilities(0.0, de);
            assert!((d - de).abs() < 1e-9 && (w - (1.0 - de) / 2.0).abs() < 1e-9);
            for diff in [-400.0, -50.0, 120.0, 900.0] {
                let (w, d) = outcome_probabilities(diff, de);
                assert!(w >= 0.0 && d >= 0.0 && w + d <= 1.0 + 1e-12);
                assert!((w + d / 2.0 - score_from_elo(diff)).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn the_cfs_matrix_is_every_pair_s_confidence() {
        let p = vec![
            PairingScore {
                a: 0,
                b: 1,
                wdl: Wdl {
                    wins: 6,
                    draws: 3,
                    losses: 1,
                },
            },
            PairingScore {
                a: 1,
                b: 2,
                wdl: Wdl {
                    wins: 5,
                    draws: 2,
                    losses: 3,
                },
            },
            PairingScore {
                a: 0,
                b: 2,
                wdl: Wdl {
                    wins: 7,
                    draws: 2,
                    losses: 1,
                },
            },
        ];
        let s = standings(&names(3), &p, &RatingOptions::default()).unwrap();
        assert_eq!(s.cfs.len(), 3);
        for i in 0..3 {
            assert_eq!(s.cfs[i][i], None);
            for j in 0..3 {
                if i != j {
                    let (a, b) = (s.cfs[i][j].unwrap(), s.cfs[j][i].unwrap());
                    assert!((a + b - 1.0).abs() < 1e-12, "{i} {j}: {a} + {b}");
                    // The table's order: the upper one is the likelier stronger.
                    assert_eq!(a > 0.5, i < j, "{i} over {j}: {a}");
                }
            }
            if i < 2 {
                assert_eq!(s.players[i].cfs_next, s.cfs[i][i + 1], "CFS next is the matrix's neighbour");
            }
        }
        let csv = s.cfs_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "\"N\",\"NAME\",0,1,2");
        assert_eq!(lines.len(), 4);
        assert!(lines[1].starts_with(&format!("0,\"{}\",,", s.players[0].name)), "{csv}");
        assert!(lines[1].ends_with(&format!(",{:.1}", 100.0 * s.cfs[0][2].unwrap())), "{csv}");
        // Without simulations there is none.
        let quick = standings(&names(3), &p, &no_sims()).unwrap();
        assert!(quick.cfs.is_empty());
        assert!(quick.cfs_csv().lines().nth(1).unwrap().ends_with(",,,"));
    }
}
