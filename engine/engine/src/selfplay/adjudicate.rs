//! When self-play stops playing a decided game (docs/DATAGEN.md): won once
//! the searches of both sides agree for a few plies that one side is far
//! ahead, drawn once they keep scoring a late position near zero. The plies
//! after that point would each cost a search and mostly repeat what the
//! data already holds; the result written is the one the rules call.
//!
//! The scores are the engine's internal ones (`SearchResult::internal_score`,
//! before the win/draw/loss normalisation of the reported score), hence the
//! bounds' names: a bound on one evaluation's scale is not a bound on the
//! other's.

use protocol::ScoreValue;
use rules::{Color, GameResult};

/// The adjudication rules of a run. A rule whose plies are 0 is off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// Won for a side once the side to move's score is at least `win_internal_cp` in
    /// size on `win_plies` plies in a row, every one of them for that side:
    /// with an even count or more than one ply, both sides' searches agree.
    /// Mate scores count as beyond any bound.
    pub win_internal_cp: i32,
    pub win_plies: usize,
    /// Drawn once, from ply `draw_from_ply` on (plies played before the
    /// position, random opening included), the score stays within
    /// `draw_internal_cp` of zero on `draw_plies` plies in a row.
    pub draw_from_ply: u32,
    pub draw_plies: usize,
    pub draw_internal_cp: i32,
}

impl Adjudication {
    /// The defaults of `gorgon datagen`: won at 1500 cp over 8 plies (4 moves
    /// of each side), drawn from ply 80 on after 10 plies within 10 cp, in
    /// the engine's internal centipawns (the nets' even-odds pawn is about
    /// 68 of them). Chosen on games played out (docs/DATAGEN.md): 1000 cp
    /// over 6 plies, nearer the field's bounds, called 3 of 37 Pillars of
    /// Medusa games for the side that lost; 1500 over 8 called 1 of 30,
    /// as the rules of generation 2 did, and still stops them earlier.
    pub const DEFAULT: Adjudication = Adjudication {
        win_internal_cp: 1500,
        win_plies: 8,
        draw_from_ply: 80,
        draw_plies: 10,
        draw_internal_cp: 10,
    };

    /// The rules the generation-1 and generation-2 data were made with
    /// (before issue 32): won at 2000 cp over 8 plies, never drawn. With
    /// these (and `--opening-max-cp 300`) a seed and shard give the games
    /// they gave then.
    pub const GENERATION_2: Adjudication = Adjudication {
        win_internal_cp: 2000,
        win_plies: 8,
        ..Adjudication::OFF
    };

    /// Every game played to its end by the rules (or the ply cap).
    pub const OFF: Adjudication = Adjudication {
        win_internal_cp: 0,
        win_plies: 0,
        draw_from_ply: 0,
        draw_plies: 0,
        draw_internal_cp: 0,
    };

    /// Bounds that cannot call a game are refused, naming the option.
    pub fn check(&self) -> Result<(), String> {
        if self.win_plies > 0 && self.win_internal_cp < 1 {
            return Err(format!("--win-cp {}: a won score must be at least 1 cp", self.win_internal_cp));
        }
        if self.draw_plies > 0 && self.draw_internal_cp < 0 {
            return Err(format!(
                "--draw-cp {}: the bound around zero cannot be negative",
                self.draw_internal_cp
            ));
        }
        if self.win_plies > 0 && self.draw_plies > 0 && self.draw_internal_cp >= self.win_internal_cp {
            return Err(format!(
                "--draw-cp {} is not below --win-cp {}: a score cannot be both near zero and won",
                self.draw_internal_cp, self.win_internal_cp
            ));
        }
        Ok(())
    }
}

/// The rules applied to one game's scores, ply by ply.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    rules: Adjudication,
    /// Plies in a row with a won score, and the winner's sign from White's
    /// view (+1 White, -1 Black).
    win_streak: usize,
    win_sign: i32,
    /// Plies in a row late in the game with a score near zero.
    draw_streak: usize,
}

impl Adjudicator {
    pub fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator {
            rules,
            win_streak: 0,
            win_sign: 0,
            draw_streak: 0,
        }
    }

    /// Takes the search's internal score (`SearchResult::internal_score`) of
    /// the position after `ply` plies, from the view of `to_move` (mates
    /// count beyond every centipawn bound, `ScoreValue::as_cp`). Returns the
    /// result once the rules call the game.
    pub fn observe(&mut self, ply: u32, to_move: Color, internal: ScoreValue) -> Option<GameResult> {
        let r = &self.rules;
        let score = internal.as_cp();
        let white = if to_move == Color::White { 1 } else { -1 };
        let sign = white * score.signum();
        // A won score for the other side ends the streak and does not start
        // one: the count of the data made before issue 32, kept so that
        // those seeds still give the same games.
        if score.abs() >= r.win_internal_cp && (self.win_streak == 0 || sign == self.win_sign) {
            self.win_streak += 1;
            self.win_sign = sign;
        } else {
            self.win_streak = 0;
        }
        if ply >= r.draw_from_ply && score.abs() <= r.draw_internal_cp {
            self.draw_streak += 1;
        } else {
            self.draw_streak = 0;
        }
        if r.win_plies > 0 && self.win_streak >= r.win_plies {
            return Some(if self.win_sign > 0 {
                GameResult::WhiteWins
            } else {
                GameResult::BlackWins
            });
        }
        if r.draw_plies > 0 && self.draw_streak >= r.draw_plies {
            return Some(GameResult::Draw);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    /// The rules the tests count with: won at 1000 cp over 6 plies, drawn
    /// from ply 80 after 10 plies within 10 cp.
    const RULES: Adjudication = Adjudication {
        win_internal_cp: 1000,
        win_plies: 6,
        draw_from_ply: 80,
        draw_plies: 10,
        draw_internal_cp: 10,
    };

    /// Feeds `scores` (side to move's view, White moving first at
    /// `first_ply`) and returns the ply of the verdict and the verdict.
    fn verdict(rules: Adjudication, first_ply: u32, scores: &[i32]) -> Option<(u32, GameResult)> {
        let mut a = Adjudicator::new(rules);
        for (i, &s) in scores.iter().enumerate() {
            let ply = first_ply + i as u32;
            let side = if i % 2 == 0 { White } else { Black };
            if let Some(r) = a.observe(ply, side, ScoreValue::Cp(s)) {
                return Some((ply, r));
            }
        }
        None
    }

    /// `n` plies on which White is ahead by `cp`: each side's search from
    /// its own view.
    fn white_ahead(cp: i32, n: usize) -> Vec<i32> {
        (0..n).map(|i| if i % 2 == 0 { cp } else { -cp }).collect()
    }

    #[test]
    fn won_once_both_sides_agree_for_the_plies() {
        let rules = RULES;
        // 6 plies at 1000 cp: called on the sixth.
        assert_eq!(verdict(rules, 8, &white_ahead(1000, 6)), Some((13, GameResult::WhiteWins)));
        // Black ahead: Black's search says +, White's says -.
        let black: Vec<i32> = white_ahead(1500, 6).iter().map(|s| -s).collect();
        assert_eq!(verdict(rules, 8, &black), Some((13, GameResult::BlackWins)));
        // Mate scores are beyond the bound.
        let mut a = Adjudicator::new(rules);
        let calls: Vec<Option<GameResult>> = (0..6u32)
            .map(|i| match i % 2 {
                0 => a.observe(20 + i, White, ScoreValue::Mate(9)),
                _ => a.observe(20 + i, Black, ScoreValue::Mate(-8)),
            })
            .collect();
        assert_eq!(calls[..5], [None; 5]);
        assert_eq!(calls[5], Some(GameResult::WhiteWins));
    }

    #[test]
    fn not_won_early_nor_when_the_sides_disagree() {
        let rules = RULES;
        // One ply short, or just under the bound: played on.
        assert_eq!(verdict(rules, 8, &white_ahead(1000, 5)), None);
        assert_eq!(verdict(rules, 8, &white_ahead(999, 40)), None);
        // A ply below the bound starts the count again: 5 + 1 + 5.
        let mut scores = white_ahead(2000, 5);
        scores.push(-300);
        scores.extend(white_ahead(2000, 5));
        assert_eq!(verdict(rules, 8, &scores), None);
        // Both sides think they are winning: not agreed, never called.
        assert_eq!(verdict(rules, 8, &[1500; 30]), None);
    }

    #[test]
    fn drawn_late_when_the_scores_stay_near_zero() {
        let rules = RULES;
        // From ply 80 on, 10 plies within 10 cp.
        let quiet = [3, -4, 10, -10, 0, 7, -2, 1, 5, -9];
        assert_eq!(verdict(rules, 80, &quiet), Some((89, GameResult::Draw)));
        // Started at ply 75: the plies before 80 do not count.
        let mut long = vec![0; 5];
        long.extend(quiet);
        assert_eq!(verdict(rules, 75, &long), Some((89, GameResult::Draw)));
        // Early in the game zeros are only an opening: not called.
        assert_eq!(verdict(rules, 8, &[0; 72]), None);
        // One ply beyond the bound starts the count again.
        let mut broken = quiet.to_vec();
        broken[6] = 11;
        assert_eq!(verdict(rules, 80, &broken), None);
        broken.extend([0; 6]);
        assert_eq!(verdict(rules, 80, &broken), None);
        broken.push(0);
        assert_eq!(verdict(rules, 80, &broken), Some((96, GameResult::Draw)));
    }

    #[test]
    fn off_calls_nothing_and_each_rule_turns_off_alone() {
        let off = Adjudication::OFF;
        assert_eq!(verdict(off, 8, &white_ahead(30_000, 200)), None);
        assert_eq!(verdict(off, 8, &[0; 300]), None);
        let no_draw = Adjudication { draw_plies: 0, ..RULES };
        assert_eq!(verdict(no_draw, 100, &[0; 100]), None);
        assert!(verdict(no_draw, 100, &white_ahead(1000, 6)).is_some());
        let no_win = Adjudication { win_plies: 0, ..RULES };
        assert_eq!(verdict(no_win, 8, &white_ahead(5000, 100)), None);
        assert!(verdict(no_win, 100, &[0; 10]).is_some());
    }

    #[test]
    fn generation_2_rules_are_the_old_ones() {
        let old = Adjudication::GENERATION_2;
        assert_eq!(verdict(old, 8, &white_ahead(2000, 7)), None);
        assert_eq!(verdict(old, 8, &white_ahead(2000, 8)), Some((15, GameResult::WhiteWins)));
        assert_eq!(verdict(old, 8, &white_ahead(1999, 50)), None);
        assert_eq!(verdict(old, 200, &[0; 150]), None, "never drawn");
    }

    #[test]
    fn bounds_that_cannot_work_are_refused() {
        assert!(Adjudication::DEFAULT.check().is_ok());
        assert!(RULES.check().is_ok());
        assert!(Adjudication::OFF.check().is_ok());
        assert!(Adjudication::GENERATION_2.check().is_ok());
        let zero_win = Adjudication {
            win_internal_cp: 0,
            ..RULES
        };
        assert!(zero_win.check().unwrap_err().contains("--win-cp"));
        let overlap = Adjudication {
            draw_internal_cp: 1000,
            ..RULES
        };
        assert!(overlap.check().unwrap_err().contains("--draw-cp"));
        let negative = Adjudication {
            draw_internal_cp: -1,
            ..RULES
        };
        assert!(negative.check().unwrap_err().contains("--draw-cp"));
    }
}
