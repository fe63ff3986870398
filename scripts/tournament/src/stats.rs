//! Match statistics: Elo from a score, error bars, LOS, the pentanomial
//! model of game pairs and the sequential probability ratio test (SPRT).
//!
//! Scores are in `[0, 1]` per game. A *pair* is the two games of one
//! opening with colours swapped; its score (0, 0.5, 1, 1.5 or 2 points) is
//! counted in a `Pentanomial`, and each pair enters the statistics as one
//! sample `x = points / 2` in `{0, 1/4, 1/2, 3/4, 1}`. docs/MATCH.md
//! derives the formulas.

use std::f64::consts::{LN_10, PI, SQRT_2};
use std::fmt;

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per t-value, 800 / ln 10 (fishtest's conversion).
pub const NELO_PER_T: f64 = 800.0 / LN_10;

/// The expected score of a player `elo` points stronger (logistic model).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score; infinite at 0 and 1.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The standard normal distribution function.
pub fn phi(x: f64) -> f64 {
    0.5 * erfc(-x / SQRT_2)
}

/// The complementary error function, to about 1e-14: the Taylor series of
/// erf near zero, Laplace's continued fraction further out.
pub fn erfc(x: f64) -> f64 {
    if x < 0.0 {
        return 2.0 - erfc(-x);
    }
    if x < 2.0 {
        // erf x = 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1))
        let mut term = x;
        let mut sum = x;
        let x2 = x * x;
        for n in 1..100 {
            term *= -x2 / n as f64;
            let add = term / (2 * n + 1) as f64;
            sum += add;
            if add.abs() < 1e-17 {
                break;
            }
        }
        return 1.0 - 2.0 / PI.sqrt() * sum;
    }
    if x > 27.0 {
        return 0.0;
    }
    // erfc x = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))),
    // evaluated from the tail up.
    let mut f = x;
    for k in (1..80).rev() {
        f = x + (k as f64 / 2.0) / f;
    }
    (-x * x).exp() / PI.sqrt() / f
}

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Adds one game scored 0, 0.5 or 1.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// The points scored per game, `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + 0.5 * self.draws as f64) / n as f64)
    }

    /// Elo with a 95% interval and LOS from the trinomial model (games
    /// taken as independent samples of 0, 1/2, 1).
    pub fn elo(&self) -> Option<EloEstimate> {
        EloEstimate::from_samples(&[(0.0, self.losses as f64), (0.5, self.draws as f64), (1.0, self.wins as f64)])
    }
}

/// Counts of game pairs by points scored in the pair: index `i` holds the
/// pairs worth `i / 2` points (0, 0.5, 1, 1.5, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Adds a pair from the two games' scores (0, 0.5 or 1 each).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let half_points = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[half_points] += 1;
    }

    /// The samples `(x, weight)` with `x = points / 2`.
    fn samples(&self, regularize: bool) -> [(f64, f64); 5] {
        let mut s = [(0.0, 0.0); 5];
        for (i, &c) in self.0.iter().enumerate() {
            // fishtest's regularisation: an empty cell counts as 1e-3 pairs,
            // so that the variance of a lopsided sample is never zero.
            let w = if regularize && c == 0 { 1e-3 } else { c as f64 };
            s[i] = (i as f64 / 4.0, w);
        }
        s
    }

    /// Elo with a 95% interval and LOS from the pair samples.
    pub fn elo(&self) -> Option<EloEstimate> {
        EloEstimate::from_samples(&self.samples(false))
    }

    /// Normalized Elo (fishtest's pentanomial nElo): the t-value of the
    /// mean against 1/2, with the per-game standard deviation taken as
    /// `sqrt(2)` times that of the pair average, times 800 / ln 10.
    pub fn normalized_elo(&self) -> Option<f64> {
        let (_, mean, var) = moments(&self.samples(false))?;
        (var > 0.0).then(|| NELO_PER_T * (mean - 0.5) / (2.0 * var).sqrt())
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(f, "[{a}, {b}, {c}, {d}, {e}]")
    }
}

/// Total weight, mean and (population) variance of weighted samples.
fn moments(samples: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let n: f64 = samples.iter().map(|s| s.1).sum();
    if n <= 0.0 {
        return None;
    }
    let mean = samples.iter().map(|(x, w)| x * w).sum::<f64>() / n;
    let var = samples.iter().map(|(x, w)| w * (x - mean).powi(2)).sum::<f64>() / n;
    Some((n, mean, var))
}

/// An Elo difference with its 95% confidence interval and the likelihood
/// of superiority (the probability that the true difference is positive).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub score: f64,
    pub elo: f64,
    pub lower: f64,
    pub upper: f64,
    pub los: f64,
}

impl EloEstimate {
    /// From weighted samples of the per-game score: the mean's normal
    /// interval `mean ± 1.96 sqrt(var / n)` mapped through the logistic
    /// Elo curve.
    fn from_samples(samples: &[(f64, f64)]) -> Option<EloEstimate> {
        let (n, mean, var) = moments(samples)?;
        let se = (var / n).sqrt();
        let los = if se > 0.0 {
            phi((mean - 0.5) / se)
        } else if mean > 0.5 {
            1.0
        } else if mean < 0.5 {
            0.0
        } else {
            0.5
        };
        Some(EloEstimate {
            score: mean,
            elo: elo_from_score(mean),
            lower: elo_from_score(mean - Z95 * se),
            upper: elo_from_score(mean + Z95 * se),
            los,
        })
    }

    /// Half the width of the interval (the `±` figure).
    pub fn error(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `+ 0.0` turns the -0 of an even score into +0 (`Elo +0.0`).
        let elo = self.elo + 0.0;
        if elo.is_finite() && self.error().is_finite() {
            write!(f, "Elo {elo:+.1} ± {:.1}", self.error())?;
        } else if elo.is_finite() {
            write!(f, "Elo {elo:+.1} ± inf")?;
        } else {
            write!(f, "Elo {}inf", if self.elo > 0.0 { "+" } else { "-" })?;
        }
        write!(f, ", LOS {:.1}%", self.los * 100.0)
    }
}

/// How the SPRT's Elo bounds are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtModel {
    /// Logistic Elo: H0/H1 fix the expected score at `score_from_elo(elo)`.
    Logistic,
    /// Normalized Elo: H0/H1 fix `(mean - 1/2) / sd_game` at `nelo / (800 / ln 10)`.
    Normalized,
}

/// Which hypothesis an SPRT accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// The LLR fell to the lower bound: not stronger by `elo1` (H0, `elo0`, holds).
    H0,
    /// The LLR rose to the upper bound: stronger by `elo1` (H1 holds).
    H1,
}

/// A generalized SPRT on pentanomial counts: for logistic Elo fishtest's
/// GSPRT, the log-likelihood ratio of the maximum-likelihood distributions
/// of the pair scores with the two hypotheses' means; for normalized Elo
/// the normal approximation (OpenBench's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: SprtModel,
}

impl Sprt {
    /// The lower and upper LLR bounds: `ln(beta / (1 - alpha))` and
    /// `ln((1 - beta) / alpha)` (Wald).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0 after these pairs (empty
    /// cells regularized to 1e-3 pairs). Logistic: `sum_i n_i ln(p1_i / p0_i)`,
    /// `p_s` the most likely distribution on the five pair scores whose mean
    /// is `s`, for `s0`, `s1` the expected scores of `elo0`, `elo1`.
    /// Normalized: `N (s1 - s0) (2 mean - s0 - s1) / (2 var)` with `N` pairs,
    /// `mean` and `var` of the pair samples and `s_j = 1/2 + t_j sd_game`.
    ///
    /// The normal approximation's variance is that of the sample: after a
    /// pair or two it is nearly zero and the LLR explodes (one pair of
    /// 1.5 points gave 8.9, past the bound), which the exact ratio does not.
    pub fn llr(&self, penta: &Pentanomial) -> f64 {
        if penta.pairs() == 0 {
            return 0.0;
        }
        let samples = penta.samples(true);
        match self.model {
            SprtModel::Logistic => {
                let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
                let (t0, t1) = (most_likely_tilt(&samples, s0), most_likely_tilt(&samples, s1));
                samples
                    .iter()
                    .map(|&(x, w)| w * ((1.0 + t0 * (x - s0)).ln() - (1.0 + t1 * (x - s1)).ln()))
                    .sum()
            }
            SprtModel::Normalized => {
                let Some((n, mean, var)) = moments(&samples) else {
                    return 0.0;
                };
                let sd_game = (2.0 * var).sqrt();
                let (s0, s1) = (0.5 + self.elo0 / NELO_PER_T * sd_game, 0.5 + self.elo1 / NELO_PER_T * sd_game);
                n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
            }
        }
    }

    /// The decision for an LLR, if a bound is reached.
    pub fn decide(&self, llr: f64) -> Option<SprtDecision> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(SprtDecision::H1)
        } else if llr <= lower {
            Some(SprtDecision::H0)
        } else {
            None
        }
    }
}

/// The most likely distribution on the sample values `x_i` (weights `w_i`,
/// all positive) with mean `s` in (0, 1) is `p_i = q_i / (1 + t (x_i - s))`,
/// `q` the sample's own; returns `t`, the root of
/// `sum_i w_i (x_i - s) / (1 + t (x_i - s)) = 0`, which falls strictly as `t`
/// goes through the interval where every `1 + t (x_i - s)` is positive
/// (the values lie in [0, 1]), found by bisection.
fn most_likely_tilt(samples: &[(f64, f64)], s: f64) -> f64 {
    let slope = |t: f64| samples.iter().map(|&(x, w)| w * (x - s) / (1.0 + t * (x - s))).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let model = match self.model {
            SprtModel::Logistic => "logistic",
            SprtModel::Normalized => "normalized",
        };
        write!(
            f,
            "SPRT elo0={} elo1={} alpha={} beta={} ({model} Elo)",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert!(close(score_from_elo(0.0), 0.5, 1e-15));
        // 10^(-400/400) = 0.1, 1/1.1.
        assert!(close(score_from_elo(400.0), 1.0 / 1.1, 1e-15));
        for elo in [-600.0, -35.5, 0.0, 5.0, 191.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn normal_distribution_known_values() {
        // Tables: Phi(1.96) = 0.9750021, Phi(1) = 0.8413447, Phi(-2.5) = 0.0062097,
        // erfc(3) = 2.2090497e-5.
        assert!(close(phi(0.0), 0.5, 1e-15));
        assert!(close(phi(1.959_963_984_540_054), 0.975, 1e-12));
        assert!(close(phi(1.0), 0.841_344_746_068_543, 1e-12));
        assert!(close(phi(-2.5), 0.006_209_665_325_776, 1e-13));
        assert!(close(erfc(3.0), 2.209_049_699_858_544e-5, 1e-17));
        assert!(close(erfc(1.999_999), erfc(2.000_001), 1e-6));
    }

    #[test]
    fn an_even_score_shows_plus_zero() {
        let p = Pentanomial([0, 0, 3, 0, 0]);
        assert_eq!(p.elo().unwrap().to_string(), "Elo +0.0 ± 0.0, LOS 50.0%");
    }

    #[test]
    fn pentanomial_counts_pairs() {
        let mut p = Pentanomial::default();
        p.add_pair(1.0, 1.0);
        p.add_pair(1.0, 0.0);
        p.add_pair(0.5, 0.5);
        p.add_pair(0.5, 0.0);
        p.add_pair(1.0, 0.5);
        assert_eq!(p.0, [0, 1, 2, 1, 1]);
        assert_eq!(p.pairs(), 5);
    }
}
