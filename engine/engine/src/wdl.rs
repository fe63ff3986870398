//! The win/draw/loss model (docs/TUNING.md): the chance that the side to
//! move wins, draws or loses, from the search's score `v` (the engine's
//! internal centipawns) and the material left, as Stockfish's win-rate
//! model has it:
//!
//! ```text
//! win(v)  = 1 / (1 + exp((a - v) / b))
//! loss(v) = win(-v)
//! draw    = 1 - win - loss
//! ```
//!
//! with `a` and `b` quadratic in `x`, the game phase in 0..=1 (1 with every
//! officer of the start on the board). `a` is the score at which the side
//! to move wins half its games, so a score reported as `100 * v / a` reads
//! +1.00 at a 50 % chance of winning: that is the scale of every score the
//! engine shows (UCI `score cp`, CECP thinking, `gorgon analyse`), while
//! the search itself stays in internal units. The coefficients are fitted
//! per variant and per evaluation by `gorgon tune --wdl`: the hand-written
//! evaluation's are compiled in with its weights (`eval::wdl_model`), the
//! nets' beside them (`nnue::wdl_model`, fitted with `--nnue`), and
//! `score::reported` takes the model of the evaluation that searched. This
//! module is the model's arithmetic only and imports no other part of the
//! player, so that the evaluation, which stores the models, depends on it
//! and not the other way round.

/// The coefficients of one variant's model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// `a(x) = a[0] + a[1] x + a[2] x^2`.
    pub a: [f64; 3],
    /// `b(x) = b[0] + b[1] x + b[2] x^2`.
    pub b: [f64; 3],
}

/// Keeps `a` and `b` positive whatever the coefficients.
const MIN_A: f64 = 10.0;
const MIN_B: f64 = 5.0;

impl WdlModel {
    /// `a` and `b` at phase `phase` (0..=256).
    pub fn ab(&self, phase: i32) -> (f64, f64) {
        let x = phase.clamp(0, 256) as f64 / 256.0;
        let a = self.a[0] + self.a[1] * x + self.a[2] * x * x;
        let b = self.b[0] + self.b[1] * x + self.b[2] * x * x;
        (a.max(MIN_A), b.max(MIN_B))
    }

    /// The chance that the side with score `v` wins.
    pub fn win_rate(&self, v: f64, phase: i32) -> f64 {
        let (a, b) = self.ab(phase);
        1.0 / (1.0 + ((a - v) / b).exp())
    }

    /// Win, draw and loss in per mille, summing to 1000.
    pub fn wdl(&self, v: i32, phase: i32) -> [u32; 3] {
        let w = (1000.0 * self.win_rate(v as f64, phase)).round() as u32;
        let l = (1000.0 * self.win_rate(-v as f64, phase)).round() as u32;
        let l = l.min(1000 - w);
        [w, 1000 - w - l, l]
    }

    /// A score in the reported scale: 100 at a 50 % chance of winning.
    pub fn normalize(&self, v: i32, phase: i32) -> i32 {
        let (a, _) = self.ab(phase);
        (100.0 * v as f64 / a).round() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_coefficients_stay_sane() {
        let m = WdlModel {
            a: [-500.0, 3.0, 0.0],
            b: [0.0, -10.0, 0.0],
        };
        for v in [-40000, -100, 0, 100, 40000] {
            assert_eq!(m.wdl(v, 100).iter().sum::<u32>(), 1000);
        }
        assert!(m.normalize(1000, 0) > 0);
    }
}
