//! Re-scoring (docs/DATAGEN.md): the positions of older data searched
//! again by another evaluation, usually the newer nets, keeping each
//! record's position, ply and game result. The field's experience is that
//! the same positions with the newer net's scores teach a better net than
//! the old scores do; generation 1's games were scored by the hand-written
//! evaluation, on another scale than the nets'.
//!
//! Each position gets datagen's search (a soft node limit, one thread) and
//! datagen's filters: a record whose new best move is tactical, or whose
//! new score is a mate, is dropped and counted, as datagen would not have
//! kept it. The records are cut in blocks of [`BLOCK`]; each block starts
//! from a cleared engine (records of one game follow each other, so the
//! table and histories help within a block as they do in a game), which
//! makes the output depend only on the input and the settings, whatever
//! the number of jobs.

use super::format::{Record, MAX_SCORE};
use crate::nnue::NetChoice;
use crate::parallel;
use crate::player::{Control, Limits};
use protocol::ScoreValue;
use rules::Variant;
use std::fmt;

/// Records searched by one engine from a cleared start.
pub const BLOCK: usize = 256;

#[derive(Clone, Debug)]
pub struct RescoreOptions {
    pub variant: Variant,
    /// Soft node limit per position (no iteration starts past it), as
    /// datagen's `--nodes`.
    pub nodes: u64,
    /// Blocks searched at once, one single-threaded engine each.
    pub jobs: usize,
    /// Hash per engine, MB.
    pub hash_mb: usize,
    /// The evaluation that searches.
    pub nets: NetChoice,
    pub progress: bool,
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RescoreSummary {
    /// Records of the variant read, and those of another variant skipped.
    pub read: u64,
    pub other_variant: u64,
    /// Written with the new score; dropped by datagen's filters.
    pub kept: u64,
    pub tactical: u64,
    pub mate_score: u64,
    /// The kept records' mean absolute change of score, old to new, and
    /// how many changed sign.
    pub moved_cp_total: u64,
    pub sign_changed: u64,
}

impl fmt::Display for RescoreSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} records read ({} of another variant skipped): {} kept, dropped {} with a tactical best move and {} \
             with a mate score; the score moved {:.1} cp on average, {} changed sign",
            self.read,
            self.other_variant,
            self.kept,
            self.tactical,
            self.mate_score,
            self.moved_cp_total as f64 / self.kept.max(1) as f64,
            self.sign_changed
        )
    }
}

/// What the search made of one record.
enum Rescored {
    /// The new score.
    Kept(i32),
    Tactical,
    MateScore,
    OtherVariant,
}

/// Searches every record of `records` (in order) again and hands the kept
/// ones, with their new scores, to `emit` in the input's order.
pub fn rescore(
    records: &[Record],
    opts: &RescoreOptions,
    mut emit: impl FnMut(Record) -> Result<(), String> + Send,
) -> Result<RescoreSummary, String> {
    if opts.nodes == 0 || opts.jobs == 0 {
        return Err("nodes and jobs must be at least 1".into());
    }
    let limits = Limits {
        soft_nodes: Some(opts.nodes),
        // A runaway iteration is cut at ten times the soft limit (datagen's).
        nodes: Some(opts.nodes.saturating_mul(10)),
        ..Limits::default()
    };
    let blocks = records.len().div_ceil(BLOCK);
    let bar = parallel::progress_bar(records.len(), opts.progress, "rescore", "records", ", {per_sec}");
    let mut summary = RescoreSummary::default();
    parallel::in_order(
        0..blocks,
        opts.jobs,
        || {
            let mut engine = parallel::worker_engine(opts.hash_mb, "rescore");
            engine.set_nets(opts.nets.clone());
            engine
        },
        |engine, b| {
            engine.new_game();
            let control = Control::new();
            let block = &records[b * BLOCK..((b + 1) * BLOCK).min(records.len())];
            block
                .iter()
                .map(|r| {
                    if r.position.variant() != opts.variant {
                        return Rescored::OtherVariant;
                    }
                    let res = engine.search(&r.position, &limits, &control, &mut |_| {});
                    let Some(best) = res.best.filter(|&m| r.position.is_legal(m)) else {
                        // Datagen keeps no position without a legal move.
                        return Rescored::MateScore;
                    };
                    match res.internal_score {
                        ScoreValue::Mate(_) => Rescored::MateScore,
                        ScoreValue::Cp(_) if r.position.is_tactical(best) => Rescored::Tactical,
                        ScoreValue::Cp(cp) => Rescored::Kept(cp.clamp(-MAX_SCORE, MAX_SCORE)),
                    }
                })
                .collect::<Vec<_>>()
        },
        |b, done: Vec<Rescored>| {
            for (r, new) in records[b * BLOCK..].iter().zip(done) {
                bar.inc(1);
                match new {
                    Rescored::OtherVariant => {
                        summary.other_variant += 1;
                        continue;
                    }
                    Rescored::Tactical => summary.tactical += 1,
                    Rescored::MateScore => summary.mate_score += 1,
                    Rescored::Kept(score) => {
                        summary.kept += 1;
                        summary.moved_cp_total += score.abs_diff(r.score) as u64;
                        summary.sign_changed += ((score > 0 && r.score < 0) || (score < 0 && r.score > 0)) as u64;
                        emit(Record { score, ..r.clone() })?;
                    }
                }
                summary.read += 1;
            }
            Ok(())
        },
    )?;
    bar.finish_and_clear();
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::{run, DatagenOptions, Version};
    use crate::nnue::UseNnue;

    /// A little self-play, as G1 records.
    fn records(variant: Variant, games: usize) -> Vec<Record> {
        let mut opts = DatagenOptions::new(variant, games);
        opts.nodes = 300;
        opts.max_plies = 80;
        opts.hash_mb = 1;
        opts.progress = false;
        opts.format = Version::G1;
        opts.nets = NetChoice::with_mode(UseNnue::Off);
        let mut out = Vec::new();
        run(&opts, &mut out).unwrap();
        super::super::format::parse_all(std::str::from_utf8(&out).unwrap()).unwrap()
    }

    fn opts(variant: Variant, jobs: usize) -> RescoreOptions {
        RescoreOptions {
            variant,
            nodes: 400,
            jobs,
            hash_mb: 1,
            nets: NetChoice::default(),
            progress: false,
        }
    }

    /// The hand-written evaluation's records searched by the nets: the
    /// positions, plies and results stay, the scores are the nets' (the
    /// net's scale is not the hand-written one's, so most scores move),
    /// and every record is kept or counted as dropped.
    #[test]
    fn records_keep_their_positions_and_results_and_take_the_new_scores() {
        let old = records(Variant::MiniPom, 16);
        assert!(old.len() > BLOCK, "more than one block: {}", old.len());
        let mut new = Vec::new();
        let summary = rescore(&old, &opts(Variant::MiniPom, 2), |r| {
            new.push(r);
            Ok(())
        })
        .unwrap();
        assert_eq!(summary.read, old.len() as u64);
        assert_eq!(summary.kept + summary.tactical + summary.mate_score, summary.read);
        assert_eq!(summary.kept, new.len() as u64);
        assert!(summary.kept * 2 > summary.read, "{summary}");
        // In order: each new record is an old one, later than the one before.
        let mut at = 0;
        let mut moved = 0;
        for r in &new {
            let i = at
                + old[at..]
                    .iter()
                    .position(|o| o.position.fen() == r.position.fen() && o.ply == r.ply)
                    .unwrap();
            assert_eq!(old[i].result, r.result);
            assert!(r.score.abs() <= MAX_SCORE);
            moved += (old[i].score != r.score) as usize;
            at = i + 1;
        }
        assert!(moved * 2 > new.len(), "{moved} of {} scores moved", new.len());
        // The same scores whatever the number of jobs.
        let mut again = Vec::new();
        let one_job = rescore(&old, &opts(Variant::MiniPom, 1), |r| {
            again.push(r);
            Ok(())
        })
        .unwrap();
        assert_eq!(one_job, summary);
        let lines = |rs: &[Record]| rs.iter().map(Record::to_line).collect::<Vec<_>>();
        assert_eq!(lines(&again), lines(&new));
    }

    #[test]
    fn records_of_another_variant_are_skipped_and_errors_stop_the_run() {
        let old = records(Variant::MiniPom, 1);
        let summary = rescore(&old, &opts(Variant::Pom, 1), |_| panic!("nothing to write")).unwrap();
        assert_eq!((summary.read, summary.other_variant), (0, old.len() as u64));
        let e = rescore(&old, &opts(Variant::MiniPom, 1), |_| Err("disk full".into())).unwrap_err();
        assert_eq!(e, "disk full");
        assert!(rescore(
            &old,
            &RescoreOptions {
                nodes: 0,
                ..opts(Variant::MiniPom, 1)
            },
            |_| Ok(())
        )
        .is_err());
    }
}
