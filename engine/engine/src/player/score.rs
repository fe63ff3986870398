//! Score constants and the conversions mate scores need: node-relative in
//! the table, root-relative in the tree, moves-to-mate for UCI.

use super::eval;
use crate::wdl::WdlModel;
use protocol::ScoreValue;
use rules::Position;

/// The deepest ply the search reaches.
pub(crate) const MAX_PLY: usize = 128;
/// Above any score.
pub(crate) const INFINITE: i32 = 32_000;
/// Mate at the root; mate at ply `p` scores `MATE - p`.
pub(crate) const MATE: i32 = 31_000;
/// Scores beyond this (either sign) are mate scores.
pub(crate) const MATE_IN_MAX: i32 = MATE - MAX_PLY as i32;
pub(crate) const DRAW: i32 = 0;

/// True for a mate score of either sign.
#[inline(always)]
pub(crate) fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_IN_MAX
}

/// Root-relative to node-relative (for storing at `ply`).
#[inline(always)]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_IN_MAX {
        score + ply as i32
    } else if score <= -MATE_IN_MAX {
        score - ply as i32
    } else {
        score
    }
}

/// Node-relative to root-relative (for a probe at `ply`).
#[inline(always)]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_IN_MAX {
        score - ply as i32
    } else if score <= -MATE_IN_MAX {
        score + ply as i32
    } else {
        score
    }
}

/// The UCI form of a root score: mate in moves, not plies.
pub(crate) fn to_uci(score: i32) -> ScoreValue {
    if score >= MATE_IN_MAX {
        ScoreValue::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_IN_MAX {
        ScoreValue::Mate(-(MATE + score) / 2)
    } else {
        ScoreValue::Cp(score)
    }
}

/// A root score as the engine shows it: mates in moves, centipawns in the
/// scale of `model`, the win/draw/loss model of the evaluation that
/// searched (+100 at a 50 % chance of winning), and the win/draw/loss per
/// mille.
pub(crate) fn reported(pos: &Position, score: i32, model: &WdlModel) -> (ScoreValue, [u32; 3]) {
    if is_mate(score) {
        let wdl = if score > 0 { [1000, 0, 0] } else { [0, 0, 1000] };
        return (to_uci(score), wdl);
    }
    let phase = eval::phase(pos);
    (ScoreValue::Cp(model.normalize(score, phase)), model.wdl(score, phase))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert() {
        assert_eq!(to_uci(MATE - 1), ScoreValue::Mate(1));
        assert_eq!(to_uci(MATE - 3), ScoreValue::Mate(2));
        assert_eq!(to_uci(-MATE + 2), ScoreValue::Mate(-1));
        assert_eq!(to_uci(-MATE), ScoreValue::Mate(0));
        assert_eq!(to_uci(35), ScoreValue::Cp(35));
        for ply in [0, 5, 60] {
            for s in [MATE - 7, -MATE + 9, 120, -5] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
    }
}
