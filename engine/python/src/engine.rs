//! `Engine`, `AnalysisLine` and `Score`: the player of the `gorgon-engine`
//! crate driven as `gorgon analyse` drives it (engine/engine/src/main.rs), with
//! the search on its own thread so that Python keeps running and Ctrl-C
//! stops it.

use crate::board::Board;
use crate::interrupt;
use engine::player::{self, Control, Info, Limits, Report, SearchResult};
use protocol::ScoreValue;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rules::Position;

/// The deepest iteration the search runs (its `MAX_PLY` - 1).
const MAX_DEPTH: i64 = 127;
/// More threads than any machine this runs on is a typo.
const MAX_THREADS: i64 = 1024;
/// 1 TB: beyond that a hash size is a typo (the engine also refuses sizes
/// the machine has no memory for).
const MAX_HASH_MB: i64 = 1 << 20;
/// Every legal move of any position fits.
const MAX_MULTIPV: i64 = 1000;

/// A score from the side to move's view: `cp` (centipawns, +100 = a 50 %
/// chance of winning) or `mate` (moves to mate, negative when mated); the
/// other one is None.
#[pyclass(module = "gorgon", frozen, get_all, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Score {
    /// Centipawns, or None for a mate score.
    cp: Option<i32>,
    /// Moves to mate (negative: the side to move is mated), or None.
    mate: Option<i32>,
}

impl From<ScoreValue> for Score {
    fn from(s: ScoreValue) -> Score {
        match s {
            ScoreValue::Cp(cp) => Score { cp: Some(cp), mate: None },
            ScoreValue::Mate(n) => Score { cp: None, mate: Some(n) },
        }
    }
}

#[pymethods]
impl Score {
    /// `Score(cp=35)` or `Score(mate=2)`.
    fn __repr__(&self) -> String {
        match (self.cp, self.mate) {
            (_, Some(m)) => format!("Score(mate={m})"),
            (Some(cp), None) => format!("Score(cp={cp})"),
            (None, None) => "Score()".to_string(),
        }
    }
}

/// One principal variation of an analysis, from its last completed depth.
#[pyclass(module = "gorgon", frozen, get_all)]
#[derive(Clone)]
pub struct AnalysisLine {
    /// The first move of the line (canonical coordinate text).
    r#move: String,
    /// From the side to move's view.
    score: Score,
    /// Win, draw, loss per mille for the side to move.
    wdl: (u32, u32, u32),
    depth: u32,
    seldepth: u32,
    /// 1 for the best line, 2 for the next, ...
    multipv: u32,
    /// Nodes searched by the whole search up to this report.
    nodes: u64,
    nps: u64,
    time_ms: u64,
    /// The line's moves, canonical coordinate text.
    pv: Vec<String>,
}

#[pymethods]
impl AnalysisLine {
    /// The move, score, depth, line number and moves.
    fn __repr__(&self) -> String {
        format!(
            "AnalysisLine(move='{}', score={}, depth={}, multipv={}, pv=[{}])",
            self.r#move,
            self.score.__repr__(),
            self.depth,
            self.multipv,
            self.pv.iter().map(|m| format!("'{m}'")).collect::<Vec<_>>().join(", ")
        )
    }
}

/// The Gorgon player: search, transposition table and threads.
///
/// `Engine(threads=1, hash_mb=64)`; `ValueError` for 0 threads, more than
/// 1024, a hash of 0 MB or more than the machine can give. Searches run
/// without the GIL (other Python threads go on) and Ctrl-C stops them
/// (`KeyboardInterrupt`; the engine stays usable). One search at a time
/// per `Engine`.
#[pyclass(module = "gorgon")]
pub struct Engine {
    inner: player::Engine,
    hash_mb: usize,
}

/// The limits of one search, validated.
fn limits(depth: Option<i64>, movetime: Option<i64>, nodes: Option<i64>) -> PyResult<Limits> {
    if depth.is_none() && movetime.is_none() && nodes.is_none() {
        return Err(PyValueError::new_err(
            "give at least one limit (depth, movetime or nodes): an unlimited search would never return",
        ));
    }
    let positive = |name: &str, v: Option<i64>, max: i64| -> PyResult<Option<i64>> {
        match v {
            Some(x) if !(1..=max).contains(&x) => Err(PyValueError::new_err(format!("{name} must be between 1 and {max}, not {x}"))),
            _ => Ok(v),
        }
    };
    Ok(Limits {
        depth: positive("depth", depth, MAX_DEPTH)?.map(|d| d as u32),
        movetime: positive("movetime", movetime, i64::MAX)?.map(|t| t as u64),
        nodes: positive("nodes", nodes, i64::MAX)?.map(|n| n as u64),
        ..Limits::default()
    })
}

/// The lines of the last completed depth, best first: the last group of
/// exact reports (a group starts at line 1). With several threads a vote
/// may add a lone line 1 at the end; the other lines then come from the
/// group before, without repeating a first move.
fn last_lines(infos: Vec<Info>) -> Vec<Info> {
    let mut groups: Vec<Vec<Info>> = Vec::new();
    for info in infos.into_iter().filter(|i| i.bound.is_none() && !i.pv.is_empty()) {
        match groups.last_mut() {
            Some(g) if info.multipv > 1 => g.push(info),
            None if info.multipv > 1 => {}
            _ => groups.push(vec![info]),
        }
    }
    let mut last = groups.pop().unwrap_or_default();
    if let Some(previous) = groups.pop() {
        if previous.len() > last.len() {
            let wanted = previous.len();
            for info in previous {
                if !last.iter().any(|l| l.pv[0] == info.pv[0]) {
                    last.push(info);
                }
            }
            // The newest lines first, then the previous depth's others, as
            // many lines as were asked for: a previous line whose move the
            // newest depth ranked elsewhere must not make one line too many.
            last.sort_by_key(|i| i.multipv);
            last.truncate(wanted);
        }
    }
    last.sort_by_key(|i| i.multipv);
    for (n, info) in last.iter_mut().enumerate() {
        info.multipv = n as u32 + 1;
    }
    last
}

impl Engine {
    /// Searches the board's position; `ValueError` if the side to move has
    /// no legal move (mate or stalemate). A drawn position (repetition, 50
    /// moves, material) is searched like any other.
    fn run(&mut self, py: Python<'_>, board: &Board, limits: Limits, multipv: usize) -> PyResult<(SearchResult, Vec<Info>)> {
        let pos: Position = board.pos.clone();
        if pos.legal_move_vec().is_empty() {
            let why = pos
                .outcome()
                .map_or("no legal move".to_string(), |o| format!("{o}, {}", o.result()));
            return Err(PyValueError::new_err(format!("the game is over: no legal move ({why})")));
        }
        self.inner.set_multipv(multipv);
        let control = Control::new();
        let engine = &mut self.inner;
        interrupt::run(
            py,
            || control.stop(),
            || {
                let mut infos = Vec::new();
                let result = engine.search(&pos, &limits, &control, &mut |report| {
                    if let Report::Info(info) = report {
                        infos.push(info);
                    }
                });
                (result, infos)
            },
        )
    }
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (threads = 1, hash_mb = 64))]
    fn new(threads: i64, hash_mb: i64) -> PyResult<Engine> {
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "threads must be between 1 and {MAX_THREADS}, not {threads}"
            )));
        }
        if !(1..=MAX_HASH_MB).contains(&hash_mb) {
            return Err(PyValueError::new_err(format!(
                "hash_mb must be between 1 and {MAX_HASH_MB}, not {hash_mb}"
            )));
        }
        let (threads, hash_mb) = (threads as usize, hash_mb as usize);
        let mut inner = player::Engine::try_new().map_err(PyRuntimeError::new_err)?;
        inner.set_hash(hash_mb).map_err(PyValueError::new_err)?;
        inner.set_threads(threads).map_err(PyValueError::new_err)?;
        Ok(Engine { inner, hash_mb })
    }

    /// The number of search threads.
    #[getter]
    fn threads(&self) -> usize {
        self.inner.threads()
    }

    /// The transposition table's size in MB.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Forgets the previous games: clears the hash table and histories.
    fn new_game(&mut self, py: Python<'_>) {
        let inner = &mut self.inner;
        py.detach(|| inner.new_game());
    }

    /// Analyses the board's position within the limits (at least one of
    /// `depth`, `movetime` in ms, `nodes`) and returns `multipv` lines (fewer
    /// if there are fewer legal moves), best first, from the last completed
    /// depth. `ValueError` if the side to move has no legal move (mate,
    /// stalemate); a position drawn by repetition or the 50-move rule is
    /// analysed.
    #[pyo3(signature = (board, depth = None, movetime = None, nodes = None, multipv = 1))]
    fn analyse(
        &mut self,
        py: Python<'_>,
        board: &Bound<'_, Board>,
        depth: Option<i64>,
        movetime: Option<i64>,
        nodes: Option<i64>,
        multipv: i64,
    ) -> PyResult<Vec<AnalysisLine>> {
        if !(1..=MAX_MULTIPV).contains(&multipv) {
            return Err(PyValueError::new_err(format!(
                "multipv must be between 1 and {MAX_MULTIPV}, not {multipv}"
            )));
        }
        let limits = limits(depth, movetime, nodes)?;
        // A copy: the board stays free for other threads during the search.
        let board: Board = board.try_borrow()?.clone();
        let (_, infos) = self.run(py, &board, limits, multipv as usize)?;
        let pos = &board.pos;
        let lines = last_lines(infos)
            .into_iter()
            .map(|i| {
                let pv = rules::line_texts(pos, &i.pv, |p, m| p.move_text(m));
                AnalysisLine {
                    r#move: pv.first().cloned().unwrap_or_default(),
                    score: Score::from(i.score),
                    wdl: (i.wdl[0], i.wdl[1], i.wdl[2]),
                    depth: i.depth,
                    seldepth: i.seldepth,
                    multipv: i.multipv,
                    nodes: i.nodes,
                    nps: i.nps,
                    time_ms: i.time_ms,
                    pv,
                }
            })
            .collect();
        Ok(lines)
    }

    /// The move the engine plays in the board's position within the limits
    /// (at least one of `depth`, `movetime` in ms, `nodes`). `ValueError` if
    /// the side to move has no legal move.
    #[pyo3(signature = (board, depth = None, movetime = None, nodes = None))]
    fn play(
        &mut self,
        py: Python<'_>,
        board: &Bound<'_, Board>,
        depth: Option<i64>,
        movetime: Option<i64>,
        nodes: Option<i64>,
    ) -> PyResult<String> {
        let limits = limits(depth, movetime, nodes)?;
        let board: Board = board.try_borrow()?.clone();
        let (result, _) = self.run(py, &board, limits, 1)?;
        result
            .best
            .map(|m| board.pos.move_text(m))
            .ok_or_else(|| PyValueError::new_err("no legal move"))
    }

    /// `Engine(threads=1, hash_mb=64)`.
    fn __repr__(&self) -> String {
        format!("Engine(threads={}, hash_mb={})", self.inner.threads(), self.hash_mb)
    }
}
