//! What the self-play jobs share (books built by self-play,
//! `book::selfplay`; training data, `datagen`): each game's seeded
//! generator and the one adjudication of decided games, on the engine's
//! internal score.

pub mod adjudicate;

pub use adjudicate::{Adjudication, Adjudicator};
use rules::SplitMix64;

/// The generator of game `index` of a run seeded with `seed`: its stream
/// ([`SplitMix64::stream`]) with the first draw skipped, as both jobs have
/// always drawn it, so that a seed and an index give the games they gave.
/// A game depends only on them, whatever the threads or the shard.
pub fn game_rng(seed: u64, index: usize) -> SplitMix64 {
    let mut rng = SplitMix64::stream(seed, index as u64);
    rng.next_u64();
    rng
}
