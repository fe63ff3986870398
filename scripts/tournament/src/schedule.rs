//! Who plays whom: the tournament types of cutechess-cli (round robin,
//! gauntlet) over `--rounds`, the order of the encounters and their
//! colours drawn from the seed, so that the same seed gives the same
//! schedule (and every shard of a tournament the schedule of the whole).
//!
//! Games come in opening pairs: the two games of a pair share an opening
//! and swap colours, the engine listed first in the encounter's pair being
//! White in the first. `--games N` games per encounter make `ceil(N/2)`
//! pairs (the last one a single game if N is odd) per round. With three or
//! more engines every round lists every encounter once per pair, the
//! encounters in an order shuffled with the seed and each encounter's
//! colours (which engine is White in the pair's first game) drawn with it,
//! once per round; all encounters of a pair share its opening. With two
//! engines `--rounds` multiplies `--games`, as in cutechess-cli, and the
//! first engine is White in the first game of every pair (the match of
//! docs/MATCH.md, unchanged).

use rules::SplitMix64;
use std::fmt;

/// The tournament types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentKind {
    /// Every engine against every other.
    RoundRobin,
    /// The first `seeds` engines each against every other engine (and not
    /// against each other).
    Gauntlet { seeds: usize },
}

impl TournamentKind {
    /// `round-robin` or `gauntlet` (cutechess-cli's `-tournament` words).
    pub fn from_name(name: &str, seeds: usize) -> Option<TournamentKind> {
        match name {
            "round-robin" | "roundrobin" => Some(TournamentKind::RoundRobin),
            "gauntlet" => Some(TournamentKind::Gauntlet { seeds }),
            _ => None,
        }
    }
}

impl fmt::Display for TournamentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TournamentKind::RoundRobin => write!(f, "round robin"),
            TournamentKind::Gauntlet { seeds: 1 } => write!(f, "gauntlet"),
            TournamentKind::Gauntlet { seeds } => write!(f, "gauntlet of {seeds} seeds"),
        }
    }
}

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// 0-based game number in the tournament (its PGN `Round` minus 1).
    pub index: usize,
    /// Index into [`Schedule::encounters`].
    pub encounter: usize,
    /// The opening pair (0-based over the whole tournament): the pair's
    /// opening, and the unit of `--shard`.
    pub pair: usize,
    pub white: usize,
    pub black: usize,
}

/// The whole tournament's games in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The pairings `(first, second)`, `first < second`, in a fixed order
    /// (the report's encounters).
    pub encounters: Vec<(usize, usize)>,
    /// Opening pairs over all rounds.
    pub pairs: usize,
    pub slots: Vec<Slot>,
}

/// The schedule of `engines` engines, `games` games per encounter and
/// round; an error names what cannot be scheduled.
pub fn schedule(engines: usize, kind: TournamentKind, games: u32, rounds: u32, seed: u64) -> Result<Schedule, String> {
    if engines < 2 {
        return Err("a match needs at least two engines".into());
    }
    if games == 0 || rounds == 0 {
        return Err("no games to play (--games and --rounds must be at least 1)".into());
    }
    let encounters: Vec<(usize, usize)> = match kind {
        TournamentKind::RoundRobin => (0..engines).flat_map(|a| (a + 1..engines).map(move |b| (a, b))).collect(),
        TournamentKind::Gauntlet { seeds } => {
            if seeds == 0 || seeds >= engines {
                return Err(format!(
                    "a gauntlet of {engines} engines needs 1 to {} seeds, not {seeds}",
                    engines - 1
                ));
            }
            (0..seeds).flat_map(|s| (seeds..engines).map(move |b| (s, b))).collect()
        }
    };
    // Two engines: `--rounds` multiplies `--games` (cutechess-cli), one
    // long match with the first engine White first in every pair.
    let (games, rounds) = if engines == 2 {
        (u64::from(games) * u64::from(rounds), 1)
    } else {
        (u64::from(games), u64::from(rounds))
    };
    let pairs_per_round = games.div_ceil(2) as usize;
    let mut rng = SplitMix64::stream(seed, SCHEDULE_STREAM);
    let mut slots = Vec::new();
    for round in 0..rounds as usize {
        let mut order: Vec<usize> = (0..encounters.len()).collect();
        let mut swapped = vec![false; encounters.len()];
        if engines > 2 {
            rng.shuffle(&mut order);
            for s in swapped.iter_mut() {
                *s = rng.below(2) == 1;
            }
        }
        for p in 0..pairs_per_round {
            let pair = round * pairs_per_round + p;
            for &e in &order {
                let (a, b) = encounters[e];
                let (first, second) = if swapped[e] { (b, a) } else { (a, b) };
                for g in 0..2u64 {
                    if 2 * p as u64 + g >= games {
                        continue;
                    }
                    let (white, black) = if g == 0 { (first, second) } else { (second, first) };
                    slots.push(Slot {
                        index: slots.len(),
                        encounter: e,
                        pair,
                        white,
                        black,
                    });
                }
            }
        }
    }
    Ok(Schedule {
        encounters,
        pairs: pairs_per_round * rounds as usize,
        slots,
    })
}

/// The schedule's own stream of the seed (`SplitMix64::stream`), apart
/// from the random openings drawn with the same seed.
const SCHEDULE_STREAM: u64 = 0x5C4E_D01E;

#[cfg(test)]
mod tests {
    use super::*;

    fn games_of(s: &Schedule) -> Vec<(usize, usize)> {
        s.slots.iter().map(|g| (g.white, g.black)).collect()
    }

    #[test]
    fn round_robin_counts_and_pairs() {
        // 4 engines, -games 2 -rounds 10: 6 encounters x 2 x 10 = 120 (the man page).
        let s = schedule(4, TournamentKind::RoundRobin, 2, 10, 1).unwrap();
        assert_eq!(s.slots.len(), 120);
        assert_eq!(s.encounters.len(), 6);
        assert_eq!(s.pairs, 10);
        for (k, g) in s.slots.iter().enumerate() {
            assert_eq!(g.index, k);
            assert_eq!(s.slots.iter().filter(|h| h.encounter == g.encounter && h.pair == g.pair).count(), 2);
        }
        // The two games of a pair swap colours.
        for w in s.slots.chunks(2) {
            assert_eq!((w[0].white, w[0].black), (w[1].black, w[1].white));
            assert_eq!((w[0].pair, w[0].encounter), (w[1].pair, w[1].encounter));
        }
        // Every engine plays 2 x 3 x 10 games, half of them as White.
        for e in 0..4 {
            assert_eq!(s.slots.iter().filter(|g| g.white == e).count(), 30);
            assert_eq!(s.slots.iter().filter(|g| g.black == e).count(), 30);
        }
        // Odd games: the last pair of each round is one game.
        let s = schedule(3, TournamentKind::RoundRobin, 3, 2, 1).unwrap();
        assert_eq!((s.slots.len(), s.pairs), (18, 4));
    }

    #[test]
    fn gauntlet_plays_the_seeds_against_the_rest() {
        let s = schedule(5, TournamentKind::Gauntlet { seeds: 1 }, 2, 3, 7).unwrap();
        assert_eq!(s.encounters, [(0, 1), (0, 2), (0, 3), (0, 4)]);
        assert_eq!(s.slots.len(), 4 * 2 * 3);
        assert!(s.slots.iter().all(|g| g.white == 0 || g.black == 0));
        let s = schedule(5, TournamentKind::Gauntlet { seeds: 2 }, 2, 1, 7).unwrap();
        assert_eq!(s.encounters, [(0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4)]);
        for bad in [0, 5] {
            let e = schedule(5, TournamentKind::Gauntlet { seeds: bad }, 2, 1, 7).unwrap_err();
            assert!(e.contains("1 to 4 seeds"), "{e}");
        }
    }

    /// The same seed gives the same order and colours; another seed others.
    #[test]
    fn reproducible_from_the_seed() {
        for kind in [TournamentKind::RoundRobin, TournamentKind::Gauntlet { seeds: 1 }] {
            let a = schedule(5, kind, 2, 4, 11).unwrap();
            assert_eq!(a, schedule(5, kind, 2, 4, 11).unwrap());
            let b = schedule(5, kind, 2, 4, 12).unwrap();
            assert_ne!(games_of(&a), games_of(&b), "{kind}");
            // Not one fixed order every round.
            let round = a.slots.len() / 4;
            assert_ne!(games_of(&a)[..round], games_of(&a)[round..2 * round], "{kind}");
        }
    }

    /// Two engines: `--rounds` multiplies `--games`; the first engine is
    /// White first in every pair, whatever the seed.
    #[test]
    fn two_engines_are_the_match() {
        let s = schedule(2, TournamentKind::RoundRobin, 3, 2, 5).unwrap();
        assert_eq!(games_of(&s), [(0, 1), (1, 0), (0, 1), (1, 0), (0, 1), (1, 0)]);
        assert_eq!(s.pairs, 3);
        assert_eq!(s, schedule(2, TournamentKind::Gauntlet { seeds: 1 }, 6, 1, 9).unwrap());
        assert!(schedule(2, TournamentKind::RoundRobin, 0, 1, 1).is_err());
        assert!(schedule(1, TournamentKind::RoundRobin, 2, 1, 1).is_err());
    }
}
