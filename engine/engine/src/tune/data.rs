//! The tuner's view of a data set: each position reduced once to its
//! feature coefficients (White's count minus Black's, per parameter), its
//! phase and its two targets. The evaluation is linear in the weights, so
//! these are all the tuner needs.

use crate::datagen::format::Record;
use crate::player::eval::{features, params::COUNT, Sink};
use rayon::prelude::*;

/// A trace sink: counts per parameter, White positive, Black negative.
struct Trace {
    coefs: Vec<(u16, i16)>,
}

impl Sink for Trace {
    #[inline(always)]
    fn add(&mut self, color: usize, index: usize, count: i32) {
        if count != 0 {
            let c = if color == 0 { count } else { -count };
            self.coefs.push((index as u16, c as i16));
        }
    }
}

/// Positions of one variant, stored flat.
#[derive(Default)]
pub struct DataSet {
    /// `(parameter, coefficient)` of every position, back to back.
    pub coefs: Vec<(u16, i16)>,
    /// Where each position's coefficients end in `coefs`.
    pub ends: Vec<u32>,
    /// Game phase, 0..=256.
    pub phase: Vec<u16>,
    /// The game's result, points for White.
    pub result: Vec<f32>,
    /// The search's score, centipawns from White's view.
    pub score: Vec<f32>,
}

impl DataSet {
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The coefficients of position `i`.
    #[inline(always)]
    pub fn position(&self, i: usize) -> &[(u16, i16)] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.coefs[start..self.ends[i] as usize]
    }

    /// Adds records (in parallel; the order is kept).
    pub fn extend(&mut self, records: &[Record]) {
        let traced: Vec<(Vec<(u16, i16)>, u16)> = records.par_iter().map(|r| trace(&r.position)).collect();
        for (r, (coefs, phase)) in records.iter().zip(traced) {
            self.coefs.extend_from_slice(&coefs);
            self.ends.push(self.coefs.len() as u32);
            self.phase.push(phase);
            self.result.push(r.white_points() as f32);
            self.score.push(r.white_score() as f32);
        }
    }

    /// Splits off the last `1/parts` of the positions (whole games, but for
    /// the one cut at the boundary, since records come in game order).
    pub fn split_last(self, parts: usize) -> (DataSet, DataSet) {
        let n = self.len();
        let keep = n - n / parts.max(1);
        let cut = if keep == 0 { 0 } else { self.ends[keep - 1] as usize };
        let tail = DataSet {
            coefs: self.coefs[cut..].to_vec(),
            ends: self.ends[keep..].iter().map(|&e| e - cut as u32).collect(),
            phase: self.phase[keep..].to_vec(),
            result: self.result[keep..].to_vec(),
            score: self.score[keep..].to_vec(),
        };
        let mut head = self;
        head.coefs.truncate(cut);
        head.ends.truncate(keep);
        head.phase.truncate(keep);
        head.result.truncate(keep);
        head.score.truncate(keep);
        (head, tail)
    }
}

/// The coefficients (merged per parameter, zeros dropped) and the phase
/// of a position.
pub fn trace(pos: &rules::Position) -> (Vec<(u16, i16)>, u16) {
    let mut t = Trace {
        coefs: Vec::with_capacity(96),
    };
    let phase = features(pos, &mut t);
    t.coefs.sort_unstable_by_key(|c| c.0);
    let mut merged: Vec<(u16, i16)> = Vec::with_capacity(t.coefs.len());
    for (i, c) in t.coefs {
        match merged.last_mut() {
            Some(last) if last.0 == i => last.1 += c,
            _ => merged.push((i, c)),
        }
    }
    merged.retain(|c| c.1 != 0);
    debug_assert!(merged.iter().all(|c| (c.0 as usize) < COUNT));
    (merged, phase as u16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::eval::{evaluate, weights};
    use rules::{Color, Position, SplitMix64};

    /// The trace with the compiled weights gives the evaluation back (to
    /// the rounding of the two sides' separate blends).
    #[test]
    fn traces_reproduce_the_evaluation() {
        let mut rng = SplitMix64::new(5);
        for variant in rules::Variant::ALL {
            let w = weights(variant);
            for _ in 0..30 {
                let mut pos = Position::startpos(variant);
                for _ in 0..rng.below(60) {
                    let moves = pos.legal_move_vec();
                    if moves.is_empty() {
                        break;
                    }
                    pos.make(moves[rng.below(moves.len() as u64) as usize]);
                }
                let (coefs, phase) = trace(&pos);
                let (mut mg, mut eg) = (0i64, 0i64);
                for (i, c) in coefs {
                    mg += w[i as usize].0 as i64 * c as i64;
                    eg += w[i as usize].1 as i64 * c as i64;
                }
                let phase = phase as i64;
                let white = (mg * phase + eg * (256 - phase)) / 256;
                let stm = if pos.side_to_move() == Color::White { white } else { -white };
                let eval = evaluate(&pos) as i64;
                assert!((stm - eval).abs() <= 1, "{}: trace {stm}, evaluate {eval}", pos.fen());
            }
        }
    }
}
