//! Strength levels for people: `Skill Level` (0..20), and
//! `UCI_LimitStrength` with `UCI_Elo`, with Stockfish's names and
//! meanings. A level below 20 weakens the engine the way the field does:
//! a shallower search (depth 1 + level) of at least four lines, and a
//! choice among those lines with a random bonus that grows as the level
//! falls. A level plays a move its own shallow search thinks a little
//! worse, never one it sees losing much more than the bonus can make up,
//! so it loses by misjudging, as a person does, not by giving material
//! away for no reason. At 20 (the default) nothing changes.
//!
//! `UCI_Elo` picks a fractional level from the calibration table
//! ([`ELO_TABLE`], docs/STRENGTH.md: games of the levels against each
//! other and against a greedy capturer, rated by `gorgon-match`).
//! `Skill Seed` makes the choices reproducible: with a seed, the choice in
//! a position depends only on the seed and the position.

use super::score::is_mate;
use crate::wdl::WdlModel;
use rules::{Move, Position, SplitMix64, Variant};

/// `Skill Level`'s range; the top is full strength.
pub const LEVEL_MAX: i64 = 20;
/// The lines a weakened search looks at (Stockfish's four).
pub(crate) const LINES: usize = 4;

/// `UCI_Elo`'s range: the ratings the calibration measured, from level 0
/// to the highest level whose depth, not the clock, bounds it at 4+0.04
/// (docs/STRENGTH.md), rounded inwards. A variant's own table clamps
/// further where it ends (Mini-POM's at 1942).
pub const ELO_MIN: i64 = 850;
pub const ELO_MAX: i64 = 2200;

/// The calibration (docs/STRENGTH.md, scripts/calibrate-levels.sh):
/// (rating, level) per variant, the ratings of `gorgon-match --stats` over
/// the levels' games at 4+0.04, Gorgon's depth-1 search rated 1000.
/// Between two rows the level is interpolated; beyond the last row the
/// clock, not the depth, bounds a level at that control, so the scale
/// stops there.
const ELO_TABLE: [(Variant, &[(i64, f64)]); 2] = [
    (
        Variant::Pom,
        &[
            (853, 0.0),
            (951, 1.0),
            (1030, 2.0),
            (1221, 3.0),
            (1292, 4.0),
            (1483, 5.0),
            (1723, 6.0),
            (1938, 7.0),
            (2218, 8.0),
        ],
    ),
    (
        Variant::MiniPom,
        &[
            (828, 0.0),
            (917, 1.0),
            // Levels 2 and 3 measured alike (1107.8, 1107.9): one row.
            (1108, 2.5),
            (1262, 4.0),
            (1473, 5.0),
            (1562, 6.0),
            (1651, 7.0),
            (1788, 8.0),
            (1942, 9.0),
        ],
    ),
];

/// The level `UCI_Elo` asks for in `variant` (clamped to the table).
pub fn level_of_elo(variant: Variant, elo: i64) -> f64 {
    let table = ELO_TABLE.iter().find(|(v, _)| *v == variant).map_or(ELO_TABLE[0].1, |(_, t)| t);
    let elo = elo.clamp(table[0].0, table[table.len() - 1].0);
    for w in table.windows(2) {
        let ((e0, l0), (e1, l1)) = (w[0], w[1]);
        if elo <= e1 && e1 > e0 {
            return l0 + (l1 - l0) * (elo - e0) as f64 / (e1 - e0) as f64;
        }
    }
    table[table.len() - 1].1
}

/// The options as set; [`SkillSettings::skill`] turns them into a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkillSettings {
    /// `Skill Level`, 0..=20.
    pub level: i64,
    /// `UCI_LimitStrength`: `UCI_Elo` decides, over `Skill Level`.
    pub limit_strength: bool,
    /// `UCI_Elo`, within [`ELO_MIN`]..=[`ELO_MAX`].
    pub elo: i64,
    /// `Skill Seed`; 0: a fresh choice every time.
    pub seed: u64,
}

impl Default for SkillSettings {
    fn default() -> SkillSettings {
        SkillSettings {
            level: LEVEL_MAX,
            limit_strength: false,
            elo: 1500,
            seed: 0,
        }
    }
}

impl SkillSettings {
    /// The level to play in `variant`, or `None` at full strength.
    pub(crate) fn skill(&self, variant: Variant) -> Option<Skill> {
        let level = if self.limit_strength {
            level_of_elo(variant, self.elo)
        } else {
            self.level as f64
        };
        (level < LEVEL_MAX as f64).then_some(Skill { level })
    }
}

/// A weakened player's level, fractional when `UCI_Elo` set it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Skill {
    level: f64,
}

/// One line of the weakened search's last iteration: its move, its
/// score (the searcher's units) and its reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    pub mv: Move,
    pub score: i32,
    pub reply: Option<Move>,
}

impl Skill {
    /// The deepest iteration: 1 at level 0, 20 at level 19. Between two
    /// levels (a fractional one, from `UCI_Elo`) one depth or the next,
    /// the deeper as often as the fraction says: a ply is worth a lot (the
    /// calibration's neighbouring levels are 70 to 280 Elo apart), so a
    /// mixture of the two, not a spread alone, makes the strength between.
    pub(crate) fn depth(&self, rng: &mut SplitMix64) -> u32 {
        let whole = self.level.floor();
        let fraction = self.level - whole;
        let deeper = fraction > 0.0 && rng.unit() < fraction;
        1 + whole as u32 + u32::from(deeper)
    }

    /// The most a random bonus adds to a line, in centipawns of the
    /// reported scale (+100 is a 50 % chance to win): 310 at level 0,
    /// 25 at level 19. A line further below the best is never played.
    pub(crate) fn spread(&self) -> f64 {
        10.0 + 15.0 * (LEVEL_MAX as f64 - self.level)
    }

    /// The line to play: the best by score plus a bonus uniform in
    /// `0..spread`, among the lines less than `spread` below the best. A
    /// mate the search found is always played (no line is within reach of
    /// it), and a line that is mated is never chosen over one that is not.
    pub(crate) fn pick(&self, pos: &Position, lines: &[Line], model: &WdlModel, rng: &mut SplitMix64) -> usize {
        let phase = super::eval::phase(pos);
        let value = |s: i32| -> f64 {
            if is_mate(s) {
                // Far beyond any bonus, ordered as the scores are.
                s.signum() as f64 * 1e6 + s as f64
            } else {
                model.normalize(s, phase) as f64
            }
        };
        let Some(top) = lines.first().map(|l| value(l.score)) else {
            return 0;
        };
        let spread = self.spread();
        let mut best = (0, f64::NEG_INFINITY);
        for (i, line) in lines.iter().enumerate() {
            let v = value(line.score);
            // Draw the bonus for every line, so that the stream does not
            // depend on which lines are within reach.
            let bonus = rng.unit() * spread;
            if top - v >= spread && i > 0 {
                continue;
            }
            if v + bonus > best.1 {
                best = (i, v + bonus);
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_maps_to_a_level_within_the_table() {
        assert_eq!(level_of_elo(Variant::Pom, 1723), 6.0);
        assert!((level_of_elo(Variant::Pom, 1830) - 6.5).abs() < 0.01);
        assert_eq!(level_of_elo(Variant::MiniPom, ELO_MAX), 9.0, "Mini-POM's table ends at 1942");
        for v in Variant::ALL {
            assert_eq!(level_of_elo(v, ELO_MIN - 1000), 0.0);
            assert!(level_of_elo(v, ELO_MIN) < 0.5);
            assert!(level_of_elo(v, ELO_MAX) < LEVEL_MAX as f64);
            let mut last = -1.0;
            for elo in (ELO_MIN..=ELO_MAX).step_by(50) {
                let l = level_of_elo(v, elo);
                assert!(l >= last, "{v:?} {elo}: level {l} below {last}");
                last = l;
            }
        }
    }

    #[test]
    fn full_strength_is_no_skill_and_elo_takes_precedence() {
        let v = Variant::Pom;
        assert_eq!(SkillSettings::default().skill(v), None);
        let s = SkillSettings {
            level: 3,
            ..SkillSettings::default()
        };
        let mut rng = SplitMix64::new(1);
        assert_eq!(s.skill(v).unwrap().depth(&mut rng), 4);
        let s = SkillSettings {
            level: 20,
            limit_strength: true,
            elo: ELO_MIN,
            seed: 0,
        };
        assert_eq!(s.skill(v).unwrap().depth(&mut rng), 1, "UCI_Elo over Skill Level 20");
        // A fractional level mixes its two depths by its fraction.
        let between = Skill { level: 6.25 };
        let deeper = (0..4000).filter(|_| between.depth(&mut rng) == 8).count();
        assert!((900..1100).contains(&deeper), "{deeper} of 4000 at depth 8");
        assert!((0..100).all(|_| (7..=8).contains(&between.depth(&mut rng))));
    }

    #[test]
    fn the_pick_stays_within_the_spread_and_plays_a_found_mate() {
        let pos = Position::startpos(Variant::Pom);
        let moves = pos.legal_move_vec();
        let model = crate::nnue::wdl_model(Variant::Pom);
        let line = |i: usize, score| Line {
            mv: moves[i],
            score,
            reply: None,
        };
        let skill = Skill { level: 0.0 };
        // A line far below the best (in the reported scale) is never played.
        let phase = crate::player::eval::phase(&pos);
        assert!(f64::from(model.normalize(-5000, phase)) < -skill.spread());
        let lines = [line(0, 0), line(1, -5), line(2, -5000)];
        let mut rng = SplitMix64::new(7);
        let mut seen = [0; 3];
        for _ in 0..2000 {
            seen[skill.pick(&pos, &lines, model, &mut rng)] += 1;
        }
        assert!(seen[0] > 500 && seen[1] > 500, "{seen:?}");
        assert_eq!(seen[2], 0, "{seen:?}");
        let mate = [line(0, super::super::score::MATE - 3), line(1, 0)];
        assert_eq!(skill.pick(&pos, &mate, model, &mut rng), 0);
        // Near full strength the best line nearly always wins.
        let strong = Skill { level: 19.0 };
        let lines = [line(0, 100), line(1, 0)];
        let second = (0..1000).filter(|_| strong.pick(&pos, &lines, model, &mut rng) == 1).count();
        assert!(second < 50, "{second}");
    }
}
