//! What the self-play jobs share (books built by self-play,
//! `book::selfplay`; training data, `datagen`; opening suites, `suite`):
//! each game's seeded generator, the one adjudication of decided games, on
//! the engine's internal score, and the varied move drawn among the
//! MultiPV lines near the best.

pub mod adjudicate;

use crate::player::{Control, Engine, Limits, Report, SearchResult};
pub use adjudicate::{Adjudication, Adjudicator};
use rules::{Move, Position, SplitMix64};

/// The generator of game `index` of a run seeded with `seed`: its stream
/// ([`SplitMix64::stream`]) with the first draw skipped, as both jobs have
/// always drawn it, so that a seed and an index give the games they gave.
/// A game depends only on them, whatever the threads or the shard.
pub fn game_rng(seed: u64, index: usize) -> SplitMix64 {
    let mut rng = SplitMix64::stream(seed, index as u64);
    rng.next_u64();
    rng
}

/// Searches `pos` with `multipv` lines and draws the move at random (from
/// `rng`) among the lines of the last completed depth scoring within
/// `margin_cp` (reported centipawns, as the lines' `info` says them) of
/// the best; the search's best move when no line qualifies. The variety of
/// self-play books and of opening suites: reasonable moves, not only the
/// best. Returns the search's result (for adjudication) and the move drawn,
/// `None` when the search found no legal move.
pub fn varied_search(
    engine: &mut Engine,
    pos: &Position,
    limits: &Limits,
    multipv: usize,
    margin_cp: i32,
    rng: &mut SplitMix64,
) -> (SearchResult, Option<Move>) {
    engine.set_multipv(multipv);
    let mut lines: Vec<(u32, i32, Move)> = Vec::new();
    let mut on_report = |r: Report| {
        if let Report::Info(info) = r {
            if info.bound.is_none() {
                if let Some(&first) = info.pv.first() {
                    lines.retain(|l| l.0 == info.depth && l.2 != first);
                    lines.push((info.depth, info.score.as_cp(), first));
                }
            }
        }
    };
    let res = engine.search(pos, limits, &Control::new(), &mut on_report);
    let Some(best) = res.best.filter(|&m| pos.is_legal(m)) else {
        return (res, None);
    };
    let top = lines.iter().map(|l| l.1).max().unwrap_or(res.score.as_cp());
    let near: Vec<Move> = lines
        .iter()
        .filter(|l| l.1 >= top - margin_cp && pos.is_legal(l.2))
        .map(|l| l.2)
        .collect();
    let chosen = if near.is_empty() {
        best
    } else {
        near[rng.below(near.len() as u64) as usize]
    };
    (res, Some(chosen))
}
