//! The engine object and Lazy SMP: a dedicated rayon pool of exactly
//! `Threads` threads runs the main search and `Threads - 1` helpers on
//! copies of the position, all sharing one transposition table. The
//! calling thread only forwards the main thread's reports. When the main
//! thread is done it stops the helpers, and the move comes from a vote
//! among the threads' deepest completed iterations (as Stockfish's
//! `get_best_thread`).
//!
//! Without the `native` feature (WebAssembly, where std starts no thread)
//! there is no pool: the one search runs on the calling thread and
//! reports straight to the caller.

use super::control::Control;
use super::history::Histories;
use super::limits::Limits;
use super::report::{Info, Report, SearchResult};
use super::score::{reported, to_uci, MATE_IN_MAX};
use super::search::{extend_pv, Reporter, Shared, ThreadResult, Worker};
use super::skill::SkillSettings;
use super::time::TimeManager;
use super::tt::Tt;
use crate::clock::Instant;
use crate::nnue::{NetChoice, UseNnue};
use protocol::ScoreValue;
use rules::{Move, Position, SplitMix64};
use std::collections::HashMap;
use std::sync::atomic::Ordering;

/// Stack of each pool thread: the search keeps its move lists on the
/// heap, but deep recursion with generous frames needs room.
#[cfg(feature = "native")]
const STACK_SIZE: usize = 64 << 20;

/// The player: options, the transposition table, per-thread histories and
/// the thread pool.
pub struct Engine {
    tt: Tt,
    #[cfg(feature = "native")]
    pool: rayon::ThreadPool,
    threads: usize,
    multipv: usize,
    move_overhead: u64,
    histories: Vec<Histories>,
    /// The nets and whether to evaluate with them (`Use NNUE`,
    /// `EvalFile`).
    nets: NetChoice,
    /// The strength level's options (full strength by default).
    skill: SkillSettings,
    /// The stream of a level's choices without `Skill Seed`: random per
    /// engine, advanced by each choice.
    choices: SplitMix64,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

/// A pool of `threads` search threads; `None` if the system refused one
/// of them (rayon then starts none).
#[cfg(feature = "native")]
fn build_pool(threads: usize) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_SIZE)
        .thread_name(|i| format!("gorgon-search-{i}"))
        .build()
        .ok()
}

impl Engine {
    /// Hash 16 MB, 1 thread, MultiPV 1, Move Overhead 30 ms. A command
    /// line tool that cannot even start one search thread has nothing to
    /// do but say so and end (the panic's message); a server or a library
    /// asks [`Engine::try_new`] and refuses the one request instead.
    pub fn new() -> Engine {
        Engine::try_new().unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Engine::new`], or why not: the system refused the search thread
    /// (its 64 MB stack, or a thread at all).
    pub fn try_new() -> Result<Engine, String> {
        #[cfg(feature = "native")]
        let pool = build_pool(1).ok_or_else(|| "the system cannot start a search thread".to_string())?;
        Ok(Engine {
            tt: Tt::new(16),
            #[cfg(feature = "native")]
            pool,
            threads: 1,
            multipv: 1,
            move_overhead: 30,
            histories: vec![Histories::new()],
            nets: NetChoice::default(),
            skill: SkillSettings::default(),
            choices: SplitMix64::new(random_seed()),
        })
    }

    /// Resizes the transposition table (its contents are lost). If the
    /// machine cannot give `mb` megabytes, the old table stays and the
    /// error says so.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        self.tt.resize(mb.max(1))
    }

    /// One thread without `native`: more are refused, and the error says so.
    #[cfg(not(feature = "native"))]
    pub fn set_threads(&mut self, n: usize) -> Result<(), String> {
        if n > 1 {
            return Err(format!("cannot start {n} search threads in this build; running with 1"));
        }
        Ok(())
    }

    /// Rebuilds the pool with `n` threads (at least one). If the system
    /// cannot start that many, the engine runs with the most it could start
    /// (halving until a pool starts) and the error says how many.
    #[cfg(feature = "native")]
    pub fn set_threads(&mut self, n: usize) -> Result<(), String> {
        let n = n.max(1);
        if n == self.threads {
            return Ok(());
        }
        let mut tried = n;
        let pool = loop {
            if let Some(pool) = build_pool(tried) {
                break Some(pool);
            }
            if tried == 1 {
                break None;
            }
            tried /= 2;
            // Rayon ends the threads of a pool that failed to start only
            // gradually; until they are gone their stacks still count.
            std::thread::sleep(std::time::Duration::from_millis(100));
        };
        let Some(pool) = pool else {
            return Err(format!("cannot start {n} search threads; keeping {}", self.threads));
        };
        self.pool = pool;
        self.threads = tried;
        self.histories.resize_with(tried, Histories::new);
        if tried < n {
            return Err(format!("cannot start {n} search threads; running with {tried}"));
        }
        Ok(())
    }

    /// The number of search threads running.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Number of principal variations to report and search.
    pub fn set_multipv(&mut self, n: usize) {
        self.multipv = n.max(1);
    }

    /// The number of principal variations searched.
    pub fn multipv(&self) -> usize {
        self.multipv
    }

    /// Milliseconds kept back from the clock for communication lag.
    pub fn set_move_overhead(&mut self, ms: u64) {
        self.move_overhead = ms;
    }

    /// `Use NNUE`: the net where it is the default (`Auto`), always or
    /// never. The table is cleared when the evaluation changes, since its
    /// entries keep static evaluations.
    pub fn set_use_nnue(&mut self, mode: UseNnue) {
        if mode != self.nets.mode {
            self.nets.mode = mode;
            self.clear_hash();
        }
    }

    /// The nets and the mode together (datagen's `--eval-file` and
    /// `--nnue`); the table is cleared, as for either option.
    pub fn set_nets(&mut self, nets: NetChoice) {
        self.nets = nets;
        self.clear_hash();
    }

    /// `EvalFile`: loads a net for the variant its header names (`<embedded>`
    /// or empty: the compiled nets). On error the previous nets stay.
    pub fn load_eval_file(&mut self, path: &str) -> Result<String, String> {
        let said = self.nets.load(path)?;
        self.clear_hash();
        Ok(said)
    }

    /// The nets and the `Use NNUE` mode.
    pub fn nets(&self) -> &NetChoice {
        &self.nets
    }

    /// `Skill Level`, `UCI_LimitStrength`, `UCI_Elo` and `Skill Seed`.
    pub fn set_skill(&mut self, skill: SkillSettings) {
        self.skill = skill;
    }

    /// The strength level's options.
    pub fn skill(&self) -> SkillSettings {
        self.skill
    }

    /// Clears the table (in parallel) and every history.
    pub fn new_game(&mut self) {
        self.clear_hash();
        for h in &mut self.histories {
            h.clear();
        }
    }

    /// Clears the transposition table, in parallel on the engine's pool.
    #[cfg(feature = "native")]
    pub fn clear_hash(&mut self) {
        let tt = &mut self.tt;
        self.pool.install(|| tt.clear());
    }

    /// Clears the transposition table.
    #[cfg(not(feature = "native"))]
    pub fn clear_hash(&mut self) {
        self.tt.clear();
    }

    /// Permille of the table used by the latest search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches `pos` within `limits` until done or `control.stop`.
    /// Reports go to `report` on the calling thread. Under `infinite`, or
    /// while `control.pondering` holds, it returns only after a stop (or
    /// the `ponderhit` and the time it then allows).
    pub fn search(&mut self, pos: &Position, limits: &Limits, control: &Control, report: &mut dyn FnMut(Report)) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        // A strength level searches shallower and at least four lines,
        // then chooses among them (skill.rs).
        let skill = self.skill.skill(pos.variant());
        // With a seed, a level's choices depend on the seed and the
        // position alone; without, on this engine's own stream.
        let mut rng = match self.skill.seed {
            0 => SplitMix64::new(self.choices.next_u64()),
            seed => SplitMix64::stream(seed, pos.key()),
        };
        let weakened;
        let (limits, multipv) = match skill {
            Some(skill) => {
                let depth = skill.depth(&mut rng);
                weakened = Limits {
                    depth: Some(limits.depth.map_or(depth, |d| d.min(depth))),
                    ..limits.clone()
                };
                (&weakened, self.multipv.max(super::skill::LINES))
            }
            None => (limits, self.multipv),
        };
        let shared = Shared::new(control, limits, self.threads, multipv).with_net(self.nets.active(pos.variant()));
        let time = TimeManager::new(limits, pos.side_to_move(), self.move_overhead, control.is_pondering());
        // The deepest line the caller has been shown (bounded lines of an
        // unfinished iteration included): the line of the thread played
        // must not be shallower (one voice, below).
        let mut shown_depth = 0;
        let mut forward = |r: Report| {
            if let Report::Info(i) = &r {
                shown_depth = shown_depth.max(i.depth);
            }
            report(r);
        };
        self.run_threads(pos, &shared, time, &mut forward);

        let nodes = shared.total_nodes();
        let results: Vec<ThreadResult> = shared
            .results
            .iter()
            .map(|m| m.lock().map(|r| r.clone()).unwrap_or_default())
            .collect();
        let Some(best_idx) = best_thread(&results, shown_depth) else {
            // No legal move: mated or stalemated.
            let (score, wdl) = if pos.in_check() {
                (ScoreValue::Mate(0), [0, 0, 1000])
            } else {
                (ScoreValue::Cp(0), [0, 1000, 0])
            };
            let elapsed = start.elapsed().as_millis() as u64;
            report(Report::Info(Info {
                depth: 0,
                seldepth: 0,
                multipv: 1,
                score,
                wdl,
                bound: None,
                nodes,
                nps: 0,
                hashfull: self.tt.hashfull(),
                time_ms: elapsed,
                pv: vec![],
            }));
            return SearchResult {
                best: None,
                ponder: None,
                score,
                wdl,
                internal_score: score,
                depth: 0,
                nodes,
            };
        };
        let best = &results[best_idx];
        let pv = extend_pv(pos, &self.tt, &best.pv);
        let (score, wdl) = reported(pos, best.score, shared.wdl_model(pos.variant()));
        if best_idx != 0 && best.depth > 0 {
            let time_ms = start.elapsed().as_millis() as u64;
            let info = Info {
                depth: best.depth,
                seldepth: best.seldepth.max(best.depth),
                multipv: 1,
                score,
                wdl,
                bound: None,
                nodes,
                nps: nodes * 1000 / time_ms.max(1),
                hashfull: self.tt.hashfull(),
                time_ms,
                pv: pv.clone(),
            };
            report(Report::Info(info));
        }
        let mut best_move = best
            .pv
            .first()
            .copied()
            .filter(|&m| pos.is_legal(m))
            .or_else(|| pos.legal_move_vec().first().copied());
        let mut ponder = pv.get(1).copied();
        if let Some(skill) = skill {
            let lines = shared.lines.lock().map(|l| l.clone()).unwrap_or_default();
            if !lines.is_empty() {
                let line = &lines[skill.pick(pos, &lines, shared.wdl_model(pos.variant()), &mut rng)];
                if pos.is_legal(line.mv) {
                    best_move = Some(line.mv);
                    ponder = line.reply;
                }
            }
        }
        SearchResult {
            best: best_move,
            ponder,
            score,
            wdl,
            internal_score: to_uci(best.score),
            depth: best.depth,
            nodes,
        }
    }
}

impl Engine {
    /// Lazy SMP: the main search and the helpers on the pool, the calling
    /// thread forwarding the main thread's reports to `forward`.
    #[cfg(feature = "native")]
    fn run_threads(&mut self, pos: &Position, shared: &Shared, time: TimeManager, forward: &mut dyn FnMut(Report)) {
        let tt = &self.tt;
        let (tx, rx) = std::sync::mpsc::channel::<Report>();
        self.pool.in_place_scope(|s| {
            let mut histories = self.histories.iter_mut();
            let main_hist = histories.next().expect("one history per thread");
            for (i, hist) in histories.enumerate() {
                let p = pos.clone();
                s.spawn(move |_| Worker::new(i + 1, p, tt, shared, hist, None, None).iterate());
            }
            let p = pos.clone();
            s.spawn(move |_| {
                let mut main = Worker::new(0, p, tt, shared, main_hist, Some(Reporter::Channel(tx)), Some(time));
                main.iterate();
                main.wait_for_stop();
                shared.stop.store(true, Ordering::SeqCst);
            });
            for r in rx.iter() {
                forward(r);
            }
        });
    }

    /// The one search on the calling thread, reporting to `forward` as it goes.
    #[cfg(not(feature = "native"))]
    fn run_threads(&mut self, pos: &Position, shared: &Shared, time: TimeManager, forward: &mut dyn FnMut(Report)) {
        let hist = self.histories.first_mut().expect("one history per thread");
        let mut main = Worker::new(0, pos.clone(), &self.tt, shared, hist, Some(Reporter::Direct(forward)), Some(time));
        main.iterate();
        main.wait_for_stop();
        shared.stop.store(true, Ordering::SeqCst);
    }
}

/// A seed no two engines share: std's per-process random hasher keys,
/// with no clock (which some targets lack).
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new().build_hasher().finish()
}

/// The thread whose move wins the vote: each thread votes for its move
/// with weight (score - worst score + 14) * depth; a found mate wins.
/// `None` if no thread has a move.
///
/// One voice: the caller has seen the main thread's lines up to
/// `shown_depth`. A helper whose deepest completed iteration is shallower
/// still votes, but its line is not played: its report would make the
/// depth go back (XBoard clears its thinking window then) and show a line
/// older than one already shown. The main thread is always eligible, as
/// its latest exact line is the last one shown.
fn best_thread(results: &[ThreadResult], shown_depth: u32) -> Option<usize> {
    let usable: Vec<usize> = (0..results.len())
        .filter(|&i| !results[i].pv.is_empty() && (i == 0 || results[i].depth > 0))
        .collect();
    let first = *usable.first()?;
    if results[first].depth == 0 || usable.len() == 1 {
        return Some(first);
    }
    let min_score = usable.iter().map(|&i| results[i].score).min().unwrap_or(0);
    let mut votes: HashMap<Move, i64> = HashMap::new();
    for &i in &usable {
        let r = &results[i];
        *votes.entry(r.pv[0]).or_default() += (r.score - min_score + 14) as i64 * r.depth as i64;
    }
    let mut best = first;
    for &i in usable[1..].iter().filter(|&&i| results[i].depth >= shown_depth) {
        let (b, r) = (&results[best], &results[i]);
        let better = if b.score >= MATE_IN_MAX || r.score >= MATE_IN_MAX {
            r.score > b.score
        } else {
            let (vb, vr) = (votes[&b.pv[0]], votes[&r.pv[0]]);
            vr > vb || (vr == vb && r.depth > b.depth)
        };
        if better {
            best = i;
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    fn result(depth: u32, score: i32, mv: Move) -> ThreadResult {
        ThreadResult {
            depth,
            seldepth: depth,
            score,
            pv: vec![mv],
        }
    }

    /// A shallower helper with the stronger vote is played only while no
    /// deeper line has been shown; a helper as deep as the lines shown
    /// still wins the vote.
    #[test]
    fn the_thread_played_is_never_shallower_than_the_lines_shown() {
        let pos = Position::startpos(Variant::Pom);
        let moves = pos.legal_move_vec();
        let (a, b) = (moves[0], moves[1]);
        let results = [result(9, 10, a), result(8, 300, b)];
        assert_eq!(best_thread(&results, 0), Some(1), "the vote alone picks the helper");
        assert_eq!(best_thread(&results, 8), Some(1));
        assert_eq!(best_thread(&results, 9), Some(0), "a depth-8 line after depth 9 was shown");
        let results = [result(8, 10, a), result(9, 300, b)];
        assert_eq!(best_thread(&results, 9), Some(1), "a deeper helper still wins");
        assert_eq!(best_thread(&results, 10), Some(0), "main's bounded depth-10 line was shown");
    }
}
