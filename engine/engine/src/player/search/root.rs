//! The root of one thread's search: iterative deepening, the aspiration
//! window around each iteration's search of each PV line, the root move
//! list (restricted to `searchmoves`), when to stop between iterations,
//! and the `info` lines of the lines found. The node search below the root
//! is `search/mod.rs`.

use super::{ThreadResult, Worker};
use crate::player::history::PieceTo;
use crate::player::report::{Info, Report};
use crate::player::score::{is_mate, reported, INFINITE, MATE, MATE_IN_MAX, MAX_PLY};
use crate::player::skill::Line;
use crate::player::tt::Tt;
use protocol::Bound;
use rules::{Move, Position};

/// A root move with its score and line from the latest search of it.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    pub(super) mv: Move,
    /// `-INFINITE` when it failed low (order kept by the stable sort).
    pub(super) score: i32,
    pub(super) prev_score: i32,
    pub(super) pv: Vec<Move>,
}

/// `go mate N` searches to depth 4N + 4 before it gives up: the pruned
/// search shows the tactics set's mates in N by depth 4N (measured: a
/// Mini-POM mate in 6 first at depth 24, the others earlier), where a
/// full-width search would need 2N - 1.
const MATE_SEARCH_PLIES_PER_MOVE: i32 = 4;

impl<'a> Worker<'a> {
    // ---- Iterative deepening -------------------------------------------

    /// Fills the root move list (legal moves, restricted to `searchmoves`
    /// if any of them is legal) in the move picker's order.
    fn init_root_moves(&mut self) {
        let tt_move = self.tt.probe(self.pos.key(), 0).map_or(Move::NONE, |h| h.mv);
        let tt_move = if self.pos.is_legal(tt_move) { tt_move } else { Move::NONE };
        let picker = &mut self.pickers[0];
        picker.main(tt_move, [Move::NONE; 2], Move::NONE, [PieceTo::NONE; 2]);
        let mut all = Vec::new();
        while let Some(s) = picker.next(&self.pos, self.hist) {
            all.push(s.mv);
        }
        let wanted = &self.shared.limits.searchmoves;
        let mut moves: Vec<Move> = all.iter().copied().filter(|m| wanted.contains(m)).collect();
        if moves.is_empty() {
            moves = all;
        }
        self.root_moves = moves
            .into_iter()
            .map(|m| RootMove {
                mv: m,
                score: -INFINITE,
                prev_score: -INFINITE,
                pv: vec![m],
            })
            .collect();
    }

    /// Runs iterative deepening until a limit or a stop. The main thread
    /// reports after each iteration; every thread publishes its result.
    pub(crate) fn iterate(&mut self) {
        self.init_root_moves();
        if self.root_moves.is_empty() {
            return;
        }
        if self.is_main() {
            *self.shared.results[0].lock().unwrap() = ThreadResult {
                depth: 0,
                seldepth: 0,
                score: 0,
                pv: vec![self.root_moves[0].mv],
            };
        }
        let limits = self.shared.limits;
        let max_depth = match (limits.depth, limits.mate) {
            (Some(d), _) => (d as i32).clamp(1, MAX_PLY as i32 - 1),
            // `go mate N` alone: a mate in N is 2N - 1 plies, which the
            // pruned search proves only deeper; no mate by then, and the
            // best move found is played (stop, infinite and the clock
            // still apply).
            (None, Some(n)) if !limits.infinite => {
                (MATE_SEARCH_PLIES_PER_MOVE * (n.min(MAX_PLY as u32) as i32 + 1)).min(MAX_PLY as i32 - 1)
            }
            _ => MAX_PLY as i32 - 1,
        };
        let multipv = self.shared.multipv.min(self.root_moves.len());
        let mut stability = 0;
        let mut last_best = Move::NONE;
        let mut last_score = 0;
        for depth in 1..=max_depth {
            if self.skips(depth) {
                continue;
            }
            self.root_depth = depth;
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            for pv_idx in 0..multipv {
                self.pv_idx = pv_idx;
                self.seldepth = 0;
                self.aspiration(depth);
                self.root_moves[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            let best = &self.root_moves[0];
            let result = ThreadResult {
                depth: depth as u32,
                seldepth: self.seldepth as u32,
                score: best.score,
                pv: best.pv.clone(),
            };
            *self.shared.results[self.id].lock().unwrap() = result;
            if !self.is_main() {
                continue;
            }
            if multipv > 1 {
                *self.shared.lines.lock().unwrap() = self.root_moves[..multipv]
                    .iter()
                    .filter(|r| r.score > -INFINITE)
                    .map(|r| Line {
                        mv: r.mv,
                        score: r.score,
                        reply: r.pv.get(1).copied(),
                    })
                    .collect();
            }
            for i in 0..multipv {
                self.report_line(depth, i, None);
            }
            let (best_move, score) = (self.root_moves[0].mv, self.root_moves[0].score);
            stability = if best_move == last_best { stability + 1 } else { 0 };
            if let Some(n) = limits.mate {
                if score >= MATE_IN_MAX && (MATE - score + 1) / 2 <= n as i32 {
                    break;
                }
            }
            if self.stop_after_iteration(depth, stability, score - last_score) {
                break;
            }
            last_best = best_move;
            last_score = score;
        }
    }

    /// Lazy SMP: helper threads skip some depths (Stockfish's old skip
    /// tables), so that they run ahead of the main thread and fill the
    /// table with different subtrees.
    fn skips(&self, depth: i32) -> bool {
        const SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
        const PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
        if self.is_main() || depth <= 1 {
            return false;
        }
        let i = (self.id - 1) % SIZE.len();
        ((depth + PHASE[i]) / SIZE[i]) % 2 != 0
    }

    /// One iteration for the current PV line, widening the window on each
    /// fail until the score falls inside it. After a fail high the
    /// re-search goes a ply shallower per fail high in a row (the move that
    /// failed high is usually right, and the full depth comes next
    /// iteration); a fail low searches at full depth again.
    fn aspiration(&mut self, depth: i32) {
        let prev = self.root_moves[self.pv_idx].prev_score;
        let mut delta = self.margin(super::params::aspiration_delta(self.pos.variant()));
        let (mut alpha, mut beta) = if depth >= 4 && !is_mate(prev) && prev > -INFINITE {
            ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        let mut failed_high = 0;
        loop {
            let adjusted = (depth - failed_high).max(1);
            let score = self.search::<true>(alpha, beta, adjusted, 0, false);
            self.root_moves[self.pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
            if self.stopped {
                return;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                failed_high = 0;
                self.report_line(depth, self.pv_idx, Some(Bound::Upper));
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                failed_high += 1;
                self.report_line(depth, self.pv_idx, Some(Bound::Lower));
            } else {
                return;
            }
            delta += delta / 2;
        }
    }

    /// Stop once the soft node limit is reached; with a clock, when the
    /// soft time limit, stretched while the best move is unstable or the
    /// score drops, has passed; a single legal move needs little thought.
    fn stop_after_iteration(&mut self, depth: i32, stability: i32, score_change: i32) -> bool {
        if self.shared.limits.soft_nodes.is_some_and(|n| self.shared.total_nodes() >= n) {
            return true;
        }
        let pondering = self.shared.control.is_pondering();
        let single = self.root_moves.len() == 1;
        let Some(tm) = self.time.as_mut() else { return false };
        tm.update_ponder(pondering);
        if !tm.is_timed() {
            return false;
        }
        if single && depth >= 4 {
            return tm.soft_exceeded(0.0);
        }
        let stable = [2.0, 1.4, 1.1, 0.9, 0.8, 0.7][stability.clamp(0, 5) as usize];
        let drop = if score_change < -30 { 1.3 } else { 1.0 };
        tm.soft_exceeded(stable * drop)
    }

    /// Sends the `info` line of PV line `i`.
    fn report_line(&mut self, depth: i32, i: usize, bound: Option<Bound>) {
        if !self.is_main() {
            return;
        }
        let rm = self.root_moves[i].clone();
        let score = if bound.is_none() || rm.score > -INFINITE {
            rm.score
        } else {
            rm.prev_score
        };
        let pv = self.extend_pv(&rm.pv);
        let info = self.info(depth as u32, self.seldepth as u32, i as u32 + 1, score, bound, pv);
        self.send(Report::Info(info));
    }

    pub(crate) fn info(&self, depth: u32, seldepth: u32, multipv: u32, score: i32, bound: Option<Bound>, pv: Vec<Move>) -> Info {
        let nodes = self.shared.total_nodes();
        let time_ms = self.elapsed_ms();
        let (score, wdl) = reported(&self.pos, score, self.shared.wdl_model(self.pos.variant()));
        Info {
            depth,
            seldepth: seldepth.max(depth),
            multipv,
            score,
            wdl,
            bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: self.tt.hashfull(),
            time_ms,
            pv,
        }
    }

    /// The line `pv`, continued by legal TT moves while no position repeats.
    pub(crate) fn extend_pv(&self, pv: &[Move]) -> Vec<Move> {
        extend_pv(&self.pos, self.tt, pv)
    }

    /// Main thread, after the last iteration: while `go infinite` or
    /// pondering, wait for `stop` (or `ponderhit`) before returning.
    pub(crate) fn wait_for_stop(&self) {
        let c = self.shared.control;
        while !c.stopped() && (self.shared.limits.infinite || c.is_pondering()) {
            c.wait(std::time::Duration::from_millis(1));
        }
    }
}

/// `pv` from `pos`, continued by legal TT moves while no position repeats.
pub(crate) fn extend_pv(pos: &Position, tt: &Tt, pv: &[Move]) -> Vec<Move> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(pv.len() + 8);
    for &m in pv {
        if !p.is_legal(m) {
            break;
        }
        p.make(m);
        out.push(m);
    }
    let mut seen: Vec<u64> = Vec::new();
    while out.len() < MAX_PLY / 2 {
        let Some(hit) = tt.probe(p.key(), 0) else { break };
        if hit.mv.is_none() || !p.is_legal(hit.mv) || seen.contains(&p.key()) {
            break;
        }
        seen.push(p.key());
        p.make(hit.mv);
        out.push(hit.mv);
    }
    out
}
