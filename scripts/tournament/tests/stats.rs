//! The Elo and SPRT arithmetic against values worked out by hand.
//!
//! Pair samples are x = points/2 of a game pair: 0, 1/4, 1/2, 3/4, 1.
//!
//! Example A, pentanomial [1, 3, 10, 4, 2] (20 pairs):
//!   mean = (0*1 + .25*3 + .5*10 + .75*4 + 1*2) / 20 = 10.75 / 20 = 0.5375
//!   var  = (1*.5375² + 3*.2875² + 10*.0375² + 4*.2125² + 2*.4625²) / 20
//!        = (0.28890625 + 0.24796875 + 0.0140625 + 0.180625 + 0.4278125) / 20
//!        = 1.159375 / 20 = 0.05796875
//!   Elo  = -400 log10(1/0.5375 - 1) = 26.1067
//!   se   = sqrt(0.05796875 / 20) = 0.0538371; mean ± 1.96 se = [0.43198, 0.64302]
//!        -> Elo [-47.559, 102.231]; LOS = Phi(0.0375 / 0.0538371) = Phi(0.69655) = 0.756956
//!   SPRT elo0=0, elo1=5 (logistic): s0 = 0.5, s1 = 1/(1+10^(-5/400)) = 0.5071951
//!   LLR  = sum n_i ln(p1_i / p0_i), p_s,i = q_i / (1 + t_s (x_i - s)) with t_s the
//!        root of sum q_i (x_i - s) / (1 + t (x_i - s)) = 0 (bisection in Python,
//!        independent of this code): 0.0827331 (the normal approximation
//!        N (s1 - s0)(2 mean - s0 - s1) / (2 var) gave 0.0841595)
//!   Normalized (nElo 0/5): sd_game = sqrt(2 var) = 0.340496, s_j = 0.5 + nelo_j / (800/ln 10) * sd_game
//!        s1 = 0.5049002, LLR = 0.0592558; nElo = 347.4356 * 0.0375 / 0.340496 = 38.2643
//! Example B, pentanomial [10, 30, 100, 80, 30] (250 pairs):
//!   mean = (7.5 + 50 + 60 + 30) / 250 = 0.59, var = 0.0594,
//!   LLR(0, 5) = 2.193805 (below ln 19 = 2.944439; the normal approximation 2.616468)
//!   Elo = 63.227 [41.745, 85.199].
//! Example C, trinomial W 30 D 50 L 20: mean 0.55, var = (30*.45² + 50*.05² + 20*.55²)/100 = 0.1225,
//!   Elo 34.860 [-12.930, 84.011], LOS = Phi(0.05 / 0.035) = 0.923436.

use gorgon_tournament::stats::*;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

fn sprt(elo0: f64, elo1: f64, model: SprtModel) -> Sprt {
    Sprt {
        elo0,
        elo1,
        alpha: 0.05,
        beta: 0.05,
        model,
    }
}

#[test]
fn example_a_pentanomial() {
    let p = Pentanomial([1, 3, 10, 4, 2]);
    let e = p.elo().unwrap();
    assert!(close(e.score, 0.5375, 1e-12));
    assert!(close(e.elo, 26.10669260503662, 1e-9), "{e:?}");
    assert!(close(e.lower, -47.55918277870647, 1e-9), "{e:?}");
    assert!(close(e.upper, 102.23137018116348, 1e-9), "{e:?}");
    assert!(close(e.los, 0.7569562665223404, 1e-9), "{e:?}");
    assert!(close(p.normalized_elo().unwrap(), 38.26428480484828, 1e-9));
    let llr = sprt(0.0, 5.0, SprtModel::Logistic).llr(&p);
    assert!(close(llr, 0.08273312284516998, 1e-9), "{llr}");
    let llr = sprt(0.0, 5.0, SprtModel::Normalized).llr(&p);
    assert!(close(llr, 0.05925581063419862, 1e-12), "{llr}");
}

#[test]
fn example_b_and_bounds() {
    let s = sprt(0.0, 5.0, SprtModel::Logistic);
    let (lo, hi) = s.bounds();
    assert!(close(lo, -2.9444389791664403, 1e-12) && close(hi, 2.9444389791664403, 1e-12));
    let p = Pentanomial([10, 30, 100, 80, 30]);
    let llr = s.llr(&p);
    assert!(close(llr, 2.193804906596138, 1e-9), "{llr}");
    assert_eq!(s.decide(llr), None);
    assert_eq!(s.decide(3.0), Some(SprtDecision::H1));
    assert_eq!(s.decide(-3.0), Some(SprtDecision::H0));
    let e = p.elo().unwrap();
    assert!(close(e.elo, 63.22726196896343, 1e-9) && close(e.lower, 41.74508343214596, 1e-9) && close(e.upper, 85.19915156912363, 1e-9));
    assert!(close(sprt(0.0, 5.0, SprtModel::Normalized).llr(&p), 1.8271077870161092, 1e-9));
    // Asymmetric alpha/beta: ln(0.1/0.95) and ln(0.9/0.05).
    let s = Sprt {
        alpha: 0.05,
        beta: 0.1,
        ..s
    };
    let (lo, hi) = s.bounds();
    assert!(close(lo, (0.1f64 / 0.95).ln(), 1e-15) && close(hi, 18f64.ln(), 1e-15));
}

#[test]
fn example_c_trinomial() {
    let w = Wdl {
        wins: 30,
        draws: 50,
        losses: 20,
    };
    let e = w.elo().unwrap();
    assert!(close(e.elo, 34.86007028756008, 1e-9));
    assert!(close(e.lower, -12.929693470337863, 1e-9));
    assert!(close(e.upper, 84.01076264940247, 1e-9));
    assert!(close(e.los, 0.9234362744901654, 1e-9));
}

#[test]
fn degenerate_samples_stay_finite() {
    let s = sprt(0.0, 5.0, SprtModel::Logistic);
    assert_eq!(s.llr(&Pentanomial::default()), 0.0);
    // All pairs won: the empty cells count 1e-3 each (fishtest). Ten
    // sweeps say little about 0 against 5 Elo: LLR 0.142904.
    let llr = s.llr(&Pentanomial([0, 0, 0, 0, 10]));
    assert!(close(llr, 0.14290443254415738, 1e-9), "{llr}");
    // One pair of 1.5 points: the normal approximation's variance is
    // nearly zero there and it gave an LLR of 8.9 for elo1 = 25, an H1
    // decision after two games. The exact ratio: 0.069421.
    let one_pair = Pentanomial([0, 0, 0, 1, 0]);
    let llr = sprt(0.0, 25.0, SprtModel::Logistic).llr(&one_pair);
    assert!(close(llr, 0.06942108325292574, 1e-9), "{llr}");
    assert_eq!(s.decide(llr), None);
    assert!(close(s.llr(&Pentanomial([0, 0, 7, 0, 0])), -0.09630050235527185, 1e-9));
    let all_drawn = Pentanomial([0, 0, 7, 0, 0]);
    assert!(s.llr(&all_drawn).is_finite());
    let e = all_drawn.elo().unwrap();
    assert_eq!((e.elo, e.los), (0.0, 0.5));
    let e = Pentanomial([0, 0, 0, 0, 3]).elo().unwrap();
    assert_eq!(e.elo, f64::INFINITY);
    assert_eq!(e.los, 1.0);
    assert!(Pentanomial::default().elo().is_none());
    assert!(!format!("{e}").is_empty());
}
