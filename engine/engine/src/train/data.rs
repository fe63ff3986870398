//! The trainer's view of a data set: each position reduced once to the
//! inputs of its two perspectives (`nnue::features`, the function the
//! engine uses) and its targets from the side to move's view, split by
//! game.

use crate::datagen::format::Record;
use crate::nnue::features::{factor, for_each_input, mirror_input, mirror_is_sound};
use rayon::prelude::*;
use rules::{Color, Position};

/// Positions stored flat: per position, the side to move's inputs then the
/// other side's.
#[derive(Default, Clone)]
pub struct Samples {
    pub inputs: Vec<u16>,
    /// Where each position's inputs end in `inputs`.
    pub ends: Vec<u32>,
    /// How many of a position's inputs are the side to move's.
    pub split: Vec<u16>,
    /// The game's result, points for the side to move.
    pub result: Vec<f32>,
    /// The search's score, centipawns for the side to move.
    pub score: Vec<f32>,
    /// The pieces on the board (they pick the output bucket).
    pub pieces: Vec<u8>,
}

impl Samples {
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The inputs of position `i`: the side to move's and the other side's.
    #[inline(always)]
    pub fn position(&self, i: usize) -> (&[u16], &[u16]) {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        let all = &self.inputs[start..self.ends[i] as usize];
        all.split_at(self.split[i] as usize)
    }

    /// Adds records (in parallel; the order is kept).
    pub fn extend(&mut self, records: &[Record]) {
        self.extend_with(records, false);
    }

    /// Adds records and, with `mirror`, after each whose mirror image is a
    /// position of the same value (`features::mirror_is_sound`), that
    /// mirror image.
    pub fn extend_with(&mut self, records: &[Record], mirror: bool) {
        let rows: Vec<(Vec<u16>, u16)> = records.par_iter().map(|r| inputs(&r.position)).collect();
        for (r, (row, split)) in records.iter().zip(rows) {
            let mirrored = (mirror && mirror_is_sound(&r.position)).then(|| {
                let v = r.position.variant();
                row.iter().map(|&i| mirror_input(v, i)).collect::<Vec<u16>>()
            });
            for row in std::iter::once(row).chain(mirrored) {
                self.push(r, &row, split);
            }
        }
    }

    fn push(&mut self, r: &Record, row: &[u16], split: u16) {
        self.inputs.extend_from_slice(row);
        self.ends.push(self.inputs.len() as u32);
        self.split.push(split);
        let stm = r.position.side_to_move();
        let white = r.white_points() as f32;
        self.result.push(if stm == Color::White { white } else { 1.0 - white });
        self.score.push(r.score as f32);
        self.pieces.push(r.position.occupied().count_ones() as u8);
    }
}

/// Both perspectives' inputs of a position with their factor inputs
/// (`features::FACTORS`), side to move first, and how many are the side
/// to move's.
pub fn inputs(pos: &Position) -> (Vec<u16>, u16) {
    let mut row = Vec::with_capacity(320);
    let stm = pos.side_to_move();
    let v = pos.variant();
    let push = |row: &mut Vec<u16>, i: u16| {
        row.push(i);
        if let Some(f) = factor(v, i) {
            row.push(f);
        }
    };
    for_each_input(pos, stm, |i| push(&mut row, i));
    let split = row.len() as u16;
    for_each_input(pos, !stm, |i| push(&mut row, i));
    (row, split)
}

/// Where the games of a run of records start: a record whose ply does not
/// grow past the previous one's (or whose result differs) opens a new game,
/// since datagen writes each game's positions in order.
pub fn game_starts(records: &[Record]) -> Vec<usize> {
    let mut starts = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let new = match i.checked_sub(1).map(|j| &records[j]) {
            None => true,
            Some(prev) => r.ply <= prev.ply || r.result != prev.result,
        };
        if new {
            starts.push(i);
        }
    }
    starts
}

/// Splits records into training, early-stopping and held-out parts by
/// whole games: the last tenth of the positions (rounded to a game's
/// start) is held out, the tenth before it stops the training early.
pub fn split_by_game(records: Vec<Record>) -> (Vec<Record>, Vec<Record>, Vec<Record>) {
    let starts = game_starts(&records);
    let n = records.len();
    let cut = |at: usize| starts.iter().copied().find(|&s| s >= at).unwrap_or(n);
    let held_at = cut(n - n / 10);
    let valid_at = cut(n - 2 * (n / 10)).min(held_at);
    let mut train = records;
    let held = train.split_off(held_at);
    let valid = train.split_off(valid_at);
    (train, valid, held)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{GameResult, Variant};

    fn record(ply: u32, result: GameResult) -> Record {
        Record {
            position: Position::startpos(Variant::MiniPom),
            result,
            ply,
            score: 0,
        }
    }

    #[test]
    fn games_are_found_and_never_split() {
        let mut records = Vec::new();
        for g in 0..20 {
            let result = if g % 2 == 0 { GameResult::WhiteWins } else { GameResult::Draw };
            for ply in 6..(10 + g) {
                records.push(record(ply, result));
            }
        }
        let starts = game_starts(&records);
        assert_eq!(starts.len(), 20);
        let total = records.len();
        let (train, valid, held) = split_by_game(records);
        assert_eq!(train.len() + valid.len() + held.len(), total);
        for part in [&valid, &held] {
            assert_eq!(part[0].ply, 6, "a part starts with a game's first position");
        }
        assert!(held.len() + 30 >= total / 10 && !valid.is_empty());
    }

    #[test]
    fn targets_are_the_side_to_moves() {
        let mut pos = Position::startpos(Variant::Pom);
        pos.make(pos.legal_move_vec()[0]);
        let r = Record {
            position: pos,
            result: GameResult::WhiteWins,
            ply: 1,
            score: -30,
        };
        let mut s = Samples::default();
        s.extend(&[r]);
        assert_eq!(s.result[0], 0.0, "Black to move lost");
        assert_eq!(s.score[0], -30.0);
        assert_eq!(s.pieces[0] as u32, 2 * Variant::Pom.army());
        let (us, them) = s.position(0);
        assert_eq!(us.len(), them.len());
    }
}
