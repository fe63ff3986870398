//! SPSA, the tuner of fishtest and OpenBench (docs/SPSA.md): the
//! parameter lines, the gain schedule, the state a run keeps on disk, and
//! the worker loop that takes an iteration, has its games played and
//! applies the update. The games themselves are `tournament::run_match`'s
//! (see `gorgon-tune`); here a match is any function from the two
//! settings to a score, so the arithmetic is tested without engines.
//!
//! Workers are asynchronous, as fishtest's are: each takes the state under
//! an exclusive lock, reads θ and its own iteration number k, releases
//! the lock, plays, then applies its update under the lock to θ as it is
//! then. So any number of processes (a Slurm job array, docs/SPSA.md) can
//! share one state file, and one process alone is the sequential
//! algorithm.

use crate::stats::Wdl;
use rules::SplitMix64;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// fishtest's and OpenBench's exponents: a_k ∝ 1/(A+k)^α, c_k ∝ 1/k^γ.
pub const ALPHA: f64 = 0.602;
pub const GAMMA: f64 = 0.101;
/// A as a fraction of the iterations (fishtest's "A ratio").
pub const A_RATIO: f64 = 0.1;

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Param {
    pub name: String,
    /// Integer parameters are played rounded (probabilistically).
    pub int: bool,
    /// θ: the current estimate (a real number even for an integer).
    pub value: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation and the learning rate at the last iteration.
    pub c_end: f64,
    pub r_end: f64,
}

/// Reads parameter lines: OpenBench's `name, int|float, value, min, max,
/// c_end, r_end`, or fishtest's `name,value,min,max,c_end,r_end` (an
/// integer parameter). Blank lines and `#` comments are skipped; an error
/// names the line and the field.
pub fn parse_params(text: &str) -> Result<Vec<Param>, String> {
    let mut params: Vec<Param> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let (name, int, numbers) = match fields.len() {
            7 => {
                let int = match fields[1] {
                    "int" => true,
                    "float" => false,
                    other => return Err(format!("line {}: type '{other}' (int or float)", n + 1)),
                };
                (fields[0], int, &fields[2..])
            }
            6 => (fields[0], true, &fields[1..]),
            k => {
                return Err(format!(
                    "line {}: {k} fields; a parameter line is 'name, int, value, min, max, c_end, r_end'",
                    n + 1
                ))
            }
        };
        let mut x = [0.0f64; 5];
        for (i, (f, what)) in numbers.iter().zip(["value", "min", "max", "c_end", "r_end"]).enumerate() {
            x[i] = f.parse().map_err(|_| format!("line {}: {what} '{f}' is not a number", n + 1))?;
            if !x[i].is_finite() {
                return Err(format!("line {}: {what} '{f}' is not finite", n + 1));
            }
        }
        let [value, min, max, c_end, r_end] = x;
        if name.is_empty() {
            return Err(format!("line {}: no name", n + 1));
        }
        if !(min <= value && value <= max) {
            return Err(format!("line {}: {name}: value {value} outside {min}..{max}", n + 1));
        }
        if c_end <= 0.0 || r_end <= 0.0 {
            return Err(format!("line {}: {name}: c_end and r_end must be positive", n + 1));
        }
        if params.iter().any(|p| p.name == name) {
            return Err(format!("line {}: {name} given twice", n + 1));
        }
        params.push(Param {
            name: name.to_string(),
            int,
            value,
            min,
            max,
            c_end,
            r_end,
        });
    }
    if params.is_empty() {
        return Err("no parameter lines".into());
    }
    Ok(params)
}

/// The perturbation c_k and the learning rate R_k of iteration `k`
/// (1-based) of `iterations`, fishtest's formulas: A = 0.1·N,
/// c = c_end·N^γ, a = r_end·c_end²·(A+N)^α, c_k = c/k^γ,
/// R_k = a/(A+k)^α/c_k². At k = N they are c_end and r_end.
pub fn gains(p: &Param, k: u64, iterations: u64) -> (f64, f64) {
    let n = iterations as f64;
    let k = k as f64;
    let big_a = A_RATIO * n;
    let c = p.c_end * n.powf(GAMMA);
    let a = p.r_end * p.c_end * p.c_end * (big_a + n).powf(ALPHA);
    let c_k = c / k.powf(GAMMA);
    let r_k = a / (big_a + k).powf(ALPHA) / (c_k * c_k);
    (c_k, r_k)
}

/// Everything a run keeps between iterations and processes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub params: Vec<Param>,
    /// N: the planned iterations (total games / (2 · pairs)).
    pub iterations: u64,
    /// Game pairs per iteration (both colours of each opening).
    pub pairs: u64,
    pub seed: u64,
    /// The highest iteration handed to a worker.
    pub issued: u64,
    /// Iterations handed out and given back unplayed (a worker's match
    /// failed): handed out again first.
    pub returned: Vec<u64>,
    /// Iterations whose update was applied.
    pub done: u64,
    /// Games played and their score from θ+'s side.
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl State {
    pub fn new(params: Vec<Param>, games: u64, pairs: u64, seed: u64) -> Result<State, String> {
        if pairs == 0 {
            return Err("--pairs must be at least 1".into());
        }
        let iterations = games / (2 * pairs);
        if iterations == 0 {
            return Err(format!("{games} games make no iteration of {pairs} pairs ({} games)", 2 * pairs));
        }
        Ok(State {
            params,
            iterations,
            pairs,
            seed,
            issued: 0,
            returned: Vec::new(),
            done: 0,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
        })
    }

    /// True when every iteration was handed out.
    pub fn exhausted(&self) -> bool {
        self.issued >= self.iterations && self.returned.is_empty()
    }

    /// The tuned values as parameter lines (OpenBench's format), the
    /// integers rounded: the input of a further tune, or of params.rs.
    pub fn param_lines(&self) -> String {
        let mut s = String::new();
        for p in &self.params {
            let kind = if p.int { "int" } else { "float" };
            let _ = writeln!(
                s,
                "{}, {kind}, {}, {}, {}, {}, {}",
                p.name,
                shown(p, p.value),
                p.min,
                p.max,
                p.c_end,
                p.r_end
            );
        }
        s
    }

    /// The tuned values as gorgon-match engine options
    /// (`option.Name=value`), for the SPRT that keeps or rejects them.
    pub fn match_options(&self) -> String {
        let words: Vec<String> = self
            .params
            .iter()
            .map(|p| format!("option.{}={}", p.name, shown(p, p.value)))
            .collect();
        words.join(" ")
    }
}

/// A value as an engine is given it: an integer rounded to the nearest.
fn shown(p: &Param, x: f64) -> String {
    if p.int {
        format!("{}", x.round() as i64)
    } else {
        format!("{x:.4}")
    }
}

/// What one iteration plays: θ+ against θ- (as the engines receive them).
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub k: u64,
    /// δ, one ±1 per parameter.
    pub delta: Vec<f64>,
    /// The perturbation of each parameter at k.
    pub c_k: Vec<f64>,
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
    pub pairs: u64,
    /// The seed of the iteration's match (openings, if shuffled).
    pub seed: u64,
}

/// The plan of iteration `k` from θ as it is: δ from the run's seed and k
/// alone (so a resumed run draws what an uninterrupted one would), θ±c_k·δ
/// clipped to the range, integers rounded probabilistically (OpenBench's
/// rule: 3.3 is 4 three times in ten), so that a step below one unit still
/// moves the mean.
pub fn plan(state: &State, k: u64) -> Plan {
    let mut rng = SplitMix64::new(state.seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut out = Plan {
        k,
        delta: Vec::new(),
        c_k: Vec::new(),
        plus: Vec::new(),
        minus: Vec::new(),
        pairs: state.pairs,
        seed: state.seed.wrapping_add(k),
    };
    for p in &state.params {
        let (c_k, _) = gains(p, k, state.iterations);
        let d = if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 };
        let mut side = |x: f64| {
            let x = x.clamp(p.min, p.max);
            if p.int {
                let f = x.floor();
                (if rng.unit() < x - f { f + 1.0 } else { f }).clamp(p.min, p.max)
            } else {
                x
            }
        };
        let plus = side(p.value + c_k * d);
        let minus = side(p.value - c_k * d);
        out.delta.push(d);
        out.c_k.push(c_k);
        out.plus.push(plus);
        out.minus.push(minus);
    }
    out
}

/// Applies iteration `plan.k`'s result (from θ+'s side) to θ as it is now:
/// θ += R_k·c_k·(W−L)·δ, clipped to [min, max].
pub fn apply(state: &mut State, plan: &Plan, wdl: Wdl) {
    let result = wdl.wins as f64 - wdl.losses as f64;
    for (i, p) in state.params.iter_mut().enumerate() {
        let (c_k, r_k) = gains(p, plan.k, state.iterations);
        p.value = (p.value + r_k * c_k * result * plan.delta[i]).clamp(p.min, p.max);
    }
    state.done += 1;
    state.games += wdl.games();
    state.wins += wdl.wins;
    state.draws += wdl.draws;
    state.losses += wdl.losses;
}

/// A state file with its lock file (`FILE.lock`) and its history
/// (`FILE.csv`, one row per applied iteration).
#[derive(Clone, Debug)]
pub struct Store {
    pub path: PathBuf,
}

/// The exclusive lock on a state file; released when dropped.
pub struct Lock(#[allow(dead_code)] File);

impl Store {
    pub fn new(path: impl Into<PathBuf>) -> Store {
        Store { path: path.into() }
    }

    fn with_suffix(&self, suffix: &str) -> PathBuf {
        let mut p = self.path.clone().into_os_string();
        p.push(suffix);
        PathBuf::from(p)
    }

    pub fn history_path(&self) -> PathBuf {
        self.with_suffix(".csv")
    }

    /// Waits for the exclusive lock (an advisory lock of the OS on
    /// `FILE.lock`, which other processes of any node sharing the file
    /// system see; it is released when the process dies).
    pub fn lock(&self) -> Result<Lock, String> {
        let lock_path = self.with_suffix(".lock");
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| format!("{}: {e}", lock_path.display()))?;
        file.lock().map_err(|e| format!("{}: cannot lock: {e}", lock_path.display()))?;
        Ok(Lock(file))
    }

    /// The state, or `None` if there is no state file yet.
    pub fn read(&self, _lock: &Lock) -> Result<Option<State>, String> {
        match std::fs::read_to_string(&self.path) {
            Ok(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|e| format!("{}: {e}", self.path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", self.path.display())),
        }
    }

    /// Writes the state atomically: a temporary file renamed over the old
    /// one, so a reader or a crash sees the old state or the new, whole.
    pub fn write(&self, _lock: &Lock, state: &State) -> Result<(), String> {
        let tmp = self.with_suffix(&format!(".tmp{}", std::process::id()));
        let text = serde_json::to_string_pretty(state).map_err(|e| e.to_string())?;
        let mut f = File::create(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
        f.write_all(text.as_bytes())
            .and_then(|_| f.write_all(b"\n"))
            .and_then(|_| f.sync_all())
            .map_err(|e| format!("{}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, &self.path).map_err(|e| format!("{}: {e}", self.path.display()))
    }

    /// Appends iteration `k`'s row to the history: its result and θ after
    /// its update (with the header first in a new file).
    fn append_history(&self, _lock: &Lock, state: &State, plan: &Plan, wdl: Wdl) -> Result<(), String> {
        let path = self.history_path();
        let new = !path.exists();
        let mut f = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut s = String::new();
        if new {
            s.push_str("iteration,applied,games,wins,draws,losses");
            for p in &state.params {
                let _ = write!(s, ",{}", p.name);
            }
            s.push('\n');
        }
        let _ = write!(
            s,
            "{},{},{},{},{},{}",
            plan.k, state.done, state.games, wdl.wins, wdl.draws, wdl.losses
        );
        for p in &state.params {
            let _ = write!(s, ",{:.4}", p.value);
        }
        s.push('\n');
        f.write_all(s.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Creates the state under the lock unless it exists (then it is
    /// resumed, and `fresh` is ignored); returns the state.
    pub fn create_or_resume(&self, fresh: impl FnOnce() -> Result<State, String>) -> Result<State, String> {
        let lock = self.lock()?;
        if let Some(s) = self.read(&lock)? {
            return Ok(s);
        }
        let s = fresh()?;
        self.write(&lock, &s)?;
        Ok(s)
    }
}

/// What a worker did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WorkerSummary {
    pub iterations: u64,
    pub games: u64,
}

/// A worker: takes iterations until the run's are all handed out (or it
/// has done `max_steps`), plays each with `play` (θ+ against θ-, the
/// score from θ+'s side), and applies each result under the lock. A
/// failed match gives its iteration back and ends the worker with the
/// error.
pub fn run_worker(
    store: &Store,
    max_steps: Option<u64>,
    mut play: impl FnMut(&Plan) -> Result<Wdl, String>,
    mut progress: impl FnMut(&State, &Plan, Wdl),
) -> Result<WorkerSummary, String> {
    let mut summary = WorkerSummary::default();
    while max_steps.is_none_or(|m| summary.iterations < m) {
        // Take an iteration and θ as it is.
        let p = {
            let lock = store.lock()?;
            let mut state = store.read(&lock)?.ok_or_else(|| format!("{}: no state", store.path.display()))?;
            if state.exhausted() {
                break;
            }
            let k = if state.returned.is_empty() {
                state.issued += 1;
                state.issued
            } else {
                state.returned.remove(0)
            };
            store.write(&lock, &state)?;
            plan(&state, k)
        };
        let wdl = match play(&p) {
            Ok(w) => w,
            Err(e) => {
                let lock = store.lock()?;
                if let Some(mut state) = store.read(&lock)? {
                    state.returned.push(p.k);
                    store.write(&lock, &state)?;
                }
                return Err(format!("iteration {}: {e}", p.k));
            }
        };
        // Apply it to θ as it is now (another worker may have moved it).
        let lock = store.lock()?;
        let mut state = store
            .read(&lock)?
            .ok_or_else(|| format!("{}: the state is gone", store.path.display()))?;
        apply(&mut state, &p, wdl);
        store.write(&lock, &state)?;
        store.append_history(&lock, &state, &p, wdl)?;
        drop(lock);
        summary.iterations += 1;
        summary.games += wdl.games();
        progress(&state, &p, wdl);
    }
    Ok(summary)
}

/// The state file's path as given, for messages.
pub fn describe(path: &Path) -> String {
    path.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(value: f64, min: f64, max: f64, c_end: f64) -> Param {
        Param {
            name: "X".into(),
            int: true,
            value,
            min,
            max,
            c_end,
            r_end: 0.002,
        }
    }

    /// The formulas against values worked by hand: N = 100, A = 10,
    /// c_end 10, r_end 0.002. c = 10·100^0.101 = 15.922;
    /// a = 0.002·100·110^0.602 = 3.3880. At k = 1: c_1 = c = 15.922,
    /// R_1 = a/11^0.602/c² = 3.3880/4.2356/253.51 = 0.0031552.
    /// At k = N: c_end and r_end exactly.
    #[test]
    fn the_gains_are_fishtest_s() {
        let p = param(200.0, 0.0, 600.0, 10.0);
        let (c1, r1) = gains(&p, 1, 100);
        assert!((c1 - 15.922).abs() < 1e-3, "{c1}");
        assert!((r1 - 0.0031552).abs() < 1e-6, "{r1}");
        let (cn, rn) = gains(&p, 100, 100);
        assert!((cn - 10.0).abs() < 1e-9 && (rn - 0.002).abs() < 1e-12, "{cn} {rn}");
        // k = 50: c_50 = 15.922/50^0.101 = 10.725; R_50 = 3.3880/60^0.602/c_50² = 0.0025043.
        let (c50, r50) = gains(&p, 50, 100);
        assert!((c50 - 10.725).abs() < 1e-3, "{c50}");
        assert!((r50 - 0.0025043).abs() < 1e-6, "{r50}");
    }

    #[test]
    fn parameter_lines_are_read_and_checked() {
        let ps = parse_params(
            "# a tune\nRazorBase, int, 200, 50, 600, 10, 0.002\n\nLmrDivisor,220,120,400,11,0.002\nK, float, 0.5, 0, 1, 0.05, 0.002\n",
        )
        .unwrap();
        assert_eq!(ps.len(), 3);
        assert_eq!(
            (ps[0].name.as_str(), ps[0].int, ps[0].value, ps[0].max),
            ("RazorBase", true, 200.0, 600.0)
        );
        assert_eq!((ps[1].name.as_str(), ps[1].int, ps[1].c_end), ("LmrDivisor", true, 11.0));
        assert!(!ps[2].int);
        for (bad, says) in [
            ("A, int, 7, 0, 5, 1, 0.002", "outside"),
            ("A, int, x, 0, 5, 1, 0.002", "value 'x'"),
            ("A, long, 1, 0, 5, 1, 0.002", "int or float"),
            ("A, 1, 0", "3 fields"),
            ("A, int, 1, 0, 5, 0, 0.002", "positive"),
            ("A,1,0,5,1,0.002\nA,1,0,5,1,0.002", "line 2: A given twice"),
            ("", "no parameter"),
        ] {
            let e = parse_params(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    /// A seeded synthetic objective with a known optimum: θ+ wins a pair
    /// more often the closer it is to the optimum than θ- (a logistic of
    /// the difference of squared distances). SPSA must move θ toward the
    /// optimum from both sides; with the sign of the update flipped it
    /// would move away.
    fn synthetic(optimum: [f64; 2], seed: u64) -> impl FnMut(&Plan) -> Result<Wdl, String> {
        let mut rng = SplitMix64::new(seed);
        move |p: &Plan| {
            let dist = |x: &[f64]| x.iter().zip(optimum).map(|(v, o)| ((v - o) / 20.0).powi(2)).sum::<f64>();
            let edge = dist(&p.minus) - dist(&p.plus);
            let win = 1.0 / (1.0 + (-edge).exp());
            let mut wdl = Wdl::default();
            for _ in 0..2 * p.pairs {
                let u = rng.unit();
                // A third of the games drawn, the rest by the edge.
                if u < 0.33 {
                    wdl.draws += 1;
                } else if rng.unit() < win {
                    wdl.wins += 1;
                } else {
                    wdl.losses += 1;
                }
            }
            Ok(wdl)
        }
    }

    fn temp_store(name: &str) -> Store {
        let dir = std::env::temp_dir().join(format!("gorgon-spsa-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Store::new(dir.join("state.json"))
    }

    fn two_params(a: f64, b: f64) -> Vec<Param> {
        vec![
            Param {
                name: "A".into(),
                ..param(a, 0.0, 400.0, 10.0)
            },
            Param {
                name: "B".into(),
                ..param(b, 0.0, 400.0, 10.0)
            },
        ]
    }

    #[test]
    fn spsa_moves_theta_toward_the_optimum() {
        let store = temp_store("optimum");
        // 300 iterations of 4 pairs; the optimum at (250, 100), θ from (150, 200).
        store.create_or_resume(|| State::new(two_params(150.0, 200.0), 2400, 4, 7)).unwrap();
        let s = run_worker(&store, None, synthetic([250.0, 100.0], 11), |_, _, _| {}).unwrap();
        assert_eq!(
            s,
            WorkerSummary {
                iterations: 300,
                games: 2400
            }
        );
        let lock = store.lock().unwrap();
        let end = store.read(&lock).unwrap().unwrap();
        let (a, b) = (end.params[0].value, end.params[1].value);
        // Each moved at least 15 toward its optimum and did not pass it
        // (with the update's sign flipped both would move away).
        assert!(
            a > 165.0 && a < 250.0 && b < 185.0 && b > 100.0,
            "θ = ({a}, {b}) did not move toward (250, 100)"
        );
        assert_eq!((end.done, end.games, end.issued), (300, 2400, 300));
        assert_eq!(end.wins + end.draws + end.losses, 2400);
        // The history has the header and one row per iteration.
        let history = std::fs::read_to_string(store.history_path()).unwrap();
        assert_eq!(history.lines().count(), 301);
        assert!(history.starts_with("iteration,applied,games,wins,draws,losses,A,B\n"), "{history}");
    }

    /// θ is clipped to its range however hard the games push.
    #[test]
    fn updates_are_clipped_to_the_range() {
        let mut state = State::new(two_params(395.0, 5.0), 200, 1, 3).unwrap();
        for k in 1..=20 {
            let p = plan(&state, k);
            assert!(p.plus.iter().chain(&p.minus).all(|x| (0.0..=400.0).contains(x)), "{p:?}");
            // θ+ wins everything when δ raises A: A goes up, B down, to the ends.
            let raise = p.delta[0] > 0.0;
            let wdl = Wdl {
                wins: if raise { 200 } else { 0 },
                draws: 0,
                losses: if raise { 0 } else { 200 },
            };
            apply(&mut state, &p, wdl);
        }
        assert_eq!(state.params[0].value, 400.0);
        assert!((0.0..=400.0).contains(&state.params[1].value));
    }

    /// The sign: θ+ winning moves θ in δ's direction, by R_k·c_k·(W−L).
    #[test]
    fn a_win_of_theta_plus_moves_theta_along_delta() {
        let mut state = State::new(two_params(200.0, 200.0), 200, 1, 5).unwrap();
        let p = plan(&state, 1);
        let (c1, r1) = gains(&state.params[0], 1, 100);
        apply(
            &mut state,
            &p,
            Wdl {
                wins: 2,
                draws: 0,
                losses: 0,
            },
        );
        for i in 0..2 {
            let moved = state.params[i].value - 200.0;
            assert!((moved - 2.0 * r1 * c1 * p.delta[i]).abs() < 1e-9, "{moved}");
            assert!((p.plus[i] - 200.0) * p.delta[i] >= 0.0, "θ+ lies along δ");
        }
    }

    /// Stopping after some iterations and going on from the state file
    /// ends where one uninterrupted run with the same seed does.
    #[test]
    fn a_resumed_run_ends_where_an_uninterrupted_one_does() {
        let whole = temp_store("whole");
        whole.create_or_resume(|| State::new(two_params(150.0, 200.0), 400, 2, 9)).unwrap();
        // The objective's own randomness is keyed by iteration, so that
        // both runs see the same games.
        let objective = |p: &Plan| synthetic([250.0, 100.0], p.k)(p);
        run_worker(&whole, None, objective, |_, _, _| {}).unwrap();
        let parts = temp_store("parts");
        parts.create_or_resume(|| State::new(two_params(150.0, 200.0), 400, 2, 9)).unwrap();
        assert_eq!(run_worker(&parts, Some(37), objective, |_, _, _| {}).unwrap().iterations, 37);
        // A resumed run ignores the fresh state it would have made.
        parts.create_or_resume(|| Err("not called".into())).unwrap();
        assert_eq!(run_worker(&parts, None, objective, |_, _, _| {}).unwrap().iterations, 63);
        let read = |s: &Store| s.read(&s.lock().unwrap()).unwrap().unwrap();
        assert_eq!(read(&whole), read(&parts));
        assert_eq!(
            std::fs::read_to_string(whole.history_path()).unwrap(),
            std::fs::read_to_string(parts.history_path()).unwrap()
        );
    }

    /// Two workers on one state at once: every iteration is played once
    /// and every update and game is counted.
    #[test]
    fn concurrent_workers_lose_no_update() {
        let store = temp_store("concurrent");
        store.create_or_resume(|| State::new(two_params(150.0, 200.0), 240, 2, 13)).unwrap();
        let workers: Vec<_> = (0..2)
            .map(|_| {
                let store = store.clone();
                std::thread::spawn(move || {
                    run_worker(
                        &store,
                        None,
                        |p: &Plan| {
                            // A little time between the take and the apply,
                            // so that the workers interleave.
                            std::thread::sleep(std::time::Duration::from_millis(2));
                            synthetic([250.0, 100.0], p.k)(p)
                        },
                        |_, _, _| {},
                    )
                    .unwrap()
                })
            })
            .collect();
        let done: Vec<WorkerSummary> = workers.into_iter().map(|w| w.join().unwrap()).collect();
        assert_eq!(done.iter().map(|s| s.iterations).sum::<u64>(), 60);
        assert_eq!(done.iter().map(|s| s.games).sum::<u64>(), 240);
        let end = store.read(&store.lock().unwrap()).unwrap().unwrap();
        assert_eq!((end.done, end.issued, end.games), (60, 60, 240));
        let history = std::fs::read_to_string(store.history_path()).unwrap();
        let mut ks: Vec<u64> = history
            .lines()
            .skip(1)
            .map(|l| l.split(',').next().unwrap().parse().unwrap())
            .collect();
        ks.sort();
        assert_eq!(ks, (1..=60).collect::<Vec<_>>(), "each iteration applied once");
    }

    /// A failed match gives its iteration back; the next worker plays it.
    #[test]
    fn a_failed_iteration_is_handed_out_again() {
        let store = temp_store("failed");
        store.create_or_resume(|| State::new(two_params(150.0, 200.0), 8, 1, 1)).unwrap();
        let e = run_worker(
            &store,
            None,
            |p: &Plan| {
                if p.k == 2 {
                    Err("engine crashed".into())
                } else {
                    Ok(Wdl::default())
                }
            },
            |_, _, _| {},
        )
        .unwrap_err();
        assert!(e.contains("iteration 2: engine crashed"), "{e}");
        let s = run_worker(
            &store,
            None,
            |_: &Plan| {
                Ok(Wdl {
                    wins: 1,
                    draws: 0,
                    losses: 1,
                })
            },
            |_, _, _| {},
        )
        .unwrap();
        assert_eq!(s.iterations, 3);
        let end = store.read(&store.lock().unwrap()).unwrap().unwrap();
        assert_eq!((end.done, end.issued, end.returned.len()), (4, 4, 0));
    }

    #[test]
    fn results_are_given_as_lines_and_match_options() {
        let mut state = State::new(two_params(150.4, 200.6), 8, 1, 1).unwrap();
        state.params[1].int = false;
        assert_eq!(state.match_options(), "option.A=150 option.B=200.6000");
        assert_eq!(
            state.param_lines(),
            "A, int, 150, 0, 400, 10, 0.002\nB, float, 200.6000, 0, 400, 10, 0.002\n"
        );
    }
}
