//! The search of one thread: a principal variation search (`search`, one
//! long node function with numbered steps in the Stockfish manner) and a
//! quiescence search, driven from the root by `root.rs` (iterative
//! deepening, aspiration windows, the root move list and its reports).
//!
//! Scores are from the side to move's view; mate at ply `p` is
//! `MATE - p`. The tree sees a draw at any repetition (of the game history
//! too), at the 50-move mark and with insufficient material.

mod root;

use super::control::Control;
use super::correction::{Correction, Slots};
use super::eval::evaluate;
use super::history::{Histories, PieceTo, HISTORY_MAX};
use super::limits::Limits;
use super::movepick::{piece_to, tactic_gain, MovePicker, Scored, COUNTER_SCORE};
use super::params;
use super::report::Report;
use super::score::{is_mate, DRAW, INFINITE, MATE, MATE_IN_MAX, MAX_PLY};
use super::see::see;
use super::skill::Line;
use super::time::TimeManager;
use super::tt::{Tt, TtBound};
use crate::nnue::{Network, NnueStack};
use crate::wdl::WdlModel;
use rules::{attacks, squares, Kind, Move, MoveKind, Piece, Position, Variant};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

pub(crate) use root::extend_pv;
use root::RootMove;

/// A node counter on its own cache line: each thread writes only its own.
#[repr(align(64))]
#[derive(Default)]
pub(crate) struct NodeCounter(AtomicU64);

/// What a thread publishes after each completed iteration (for the vote).
#[derive(Clone, Debug, Default)]
pub(crate) struct ThreadResult {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub pv: Vec<Move>,
}

/// State every search thread of one `go` shares.
pub(crate) struct Shared<'a> {
    pub control: &'a Control,
    pub limits: &'a Limits,
    /// Set by the main thread when it is done: the helpers stop.
    pub stop: AtomicBool,
    pub counters: Vec<NodeCounter>,
    pub results: Vec<Mutex<ThreadResult>>,
    /// The main thread's lines of its latest completed iteration, best
    /// first (a strength level chooses among them).
    pub lines: Mutex<Vec<Line>>,
    pub multipv: usize,
    /// The net every thread evaluates with (`None`: the hand-written
    /// evaluation).
    pub net: Option<Arc<Network>>,
}

impl<'a> Shared<'a> {
    pub(crate) fn new(control: &'a Control, limits: &'a Limits, threads: usize, multipv: usize) -> Shared<'a> {
        Shared {
            control,
            limits,
            stop: AtomicBool::new(false),
            counters: (0..threads).map(|_| NodeCounter::default()).collect(),
            results: (0..threads).map(|_| Mutex::new(ThreadResult::default())).collect(),
            lines: Mutex::new(Vec::new()),
            multipv: multipv.max(1),
            net: None,
        }
    }

    /// Evaluates with `net` instead of the hand-written evaluation.
    pub(crate) fn with_net(mut self, net: Option<Arc<Network>>) -> Shared<'a> {
        self.net = net;
        self
    }

    /// The win/draw/loss model of the evaluation this search uses: each
    /// has its own scale, so each reports through its own model.
    pub(crate) fn wdl_model(&self, variant: Variant) -> &'static WdlModel {
        match self.net {
            Some(_) => crate::nnue::wdl_model(variant),
            None => super::eval::wdl_model(variant),
        }
    }

    /// Nodes of all threads.
    pub(crate) fn total_nodes(&self) -> u64 {
        self.counters.iter().map(|c| c.0.load(Relaxed)).sum()
    }
}

/// Per-ply search stack entry.
#[derive(Clone, Copy)]
struct Frame {
    eval: i32,
    in_check: bool,
    /// The move made from this ply (`NONE` for a null move).
    mv: Move,
    /// The piece that move left on its destination.
    moved: Piece,
    /// The move a singular search leaves out at this ply (`NONE` outside
    /// one).
    excluded: Move,
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            eval: 0,
            in_check: false,
            mv: Move::NONE,
            moved: Piece::NONE,
            excluded: Move::NONE,
        }
    }
}

/// What the singular search says of the TT move (Step 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Singular {
    /// Not tried, or nothing to conclude (the TT move may be singular:
    /// extending it measured no gain, docs/SEARCH.md): it keeps its depth.
    Plain,
    /// Another move also reaches beta: the node fails high at this score.
    MultiCut(i32),
    /// The TT move is not alone but the node looks like a fail high
    /// anyway: search it a ply shallower.
    Reduce,
}

/// Singular search: from this depth, with a TT entry at most this much
/// shallower.
const SINGULAR_DEPTH: i32 = 8;
const SINGULAR_TT_DEPTH: i32 = 3;
/// A null move's fail high is verified from this depth.
const NMP_VERIFY_DEPTH: i32 = 14;

/// Where the main thread's reports go.
pub(crate) enum Reporter<'a> {
    /// To the calling thread, which forwards them (Lazy SMP on the pool).
    #[cfg_attr(not(feature = "native"), allow(dead_code))]
    Channel(Sender<Report>),
    /// Straight to the caller's sink: the search runs on the calling
    /// thread itself (the one-thread build without `native`).
    #[cfg_attr(feature = "native", allow(dead_code))]
    Direct(&'a mut dyn FnMut(Report)),
}

/// One search thread. The main thread (`id` 0) also keeps time and reports.
pub(crate) struct Worker<'a> {
    pos: Position,
    id: usize,
    tt: &'a Tt,
    shared: &'a Shared<'a>,
    hist: &'a mut Histories,
    reporter: Option<Reporter<'a>>,
    time: Option<TimeManager>,
    stack: Vec<Frame>,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: Vec<usize>,
    /// A move picker per ply, re-armed at each node (buffers reused).
    pickers: Vec<MovePicker>,
    lmr: Box<[[i32; 64]; 64]>,
    nodes: u64,
    seldepth: usize,
    root_moves: Vec<RootMove>,
    pv_idx: usize,
    root_depth: i32,
    /// No null move before this ply (set while a null move's fail high is
    /// verified).
    nmp_min_ply: usize,
    stopped: bool,
    /// The net's accumulators along the current line, when a net
    /// evaluates.
    nnue: Option<NnueStack>,
    /// The evaluation's scale in 64ths of the hand-written one's (see
    /// [`margin_scale`]): every margin below in centipawns is multiplied
    /// by it through [`Worker::margin`].
    scale: i32,
}

/// The pruning, extension and window margins were tuned with the
/// hand-written evaluation; a net's centipawns are worth another amount
/// of winning chances. With a net the margins are multiplied by the
/// variant's [`crate::nnue::MARGIN_SCALE`] (in 64ths), a number kept by
/// games; with the hand-written evaluation by exactly 64.
fn margin_scale(shared: &Shared, variant: Variant) -> i32 {
    match shared.net {
        Some(_) => crate::nnue::MARGIN_SCALE[variant.index()],
        None => 64,
    }
}

impl<'a> Worker<'a> {
    pub(crate) fn new(
        id: usize,
        mut pos: Position,
        tt: &'a Tt,
        shared: &'a Shared<'a>,
        hist: &'a mut Histories,
        reporter: Option<Reporter<'a>>,
        time: Option<TimeManager>,
    ) -> Worker<'a> {
        // The deepest line's moves (null moves included), once: make never
        // allocates in the tree.
        pos.reserve_history(MAX_PLY + 2);
        let mut lmr = Box::new([[0; 64]; 64]);
        // In hundredths: the default 220 is exactly the 2.2 it was.
        let divisor = params::lmr_divisor(pos.variant()) as f64 / 100.0;
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (m as f64).ln() / divisor) as i32;
            }
        }
        hist.clear_killers();
        let scale = margin_scale(shared, pos.variant());
        let nnue = shared.net.clone().map(|net| {
            let mut stack = NnueStack::new(net);
            stack.reset(&pos);
            stack
        });
        Worker {
            pos,
            id,
            tt,
            shared,
            hist,
            reporter,
            time,
            stack: vec![Frame::default(); MAX_PLY + 2],
            pv: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: vec![0; MAX_PLY + 2],
            pickers: (0..MAX_PLY + 1).map(|_| MovePicker::default()).collect(),
            lmr,
            nodes: 0,
            seldepth: 0,
            root_moves: Vec::new(),
            pv_idx: 0,
            root_depth: 0,
            nmp_min_ply: 0,
            stopped: false,
            scale,
            nnue,
        }
    }

    /// A margin of `cp` hand-written centipawns in the evaluation's scale.
    #[inline(always)]
    fn margin(&self, cp: i32) -> i32 {
        cp * self.scale / 64
    }

    /// The static evaluation of the current position: the net's, or the
    /// hand-written one.
    #[inline(always)]
    fn evaluate(&mut self) -> i32 {
        match &mut self.nnue {
            Some(n) => n.evaluate(&self.pos),
            None => evaluate(&self.pos),
        }
    }

    /// Plays a move on the worker's position and its accumulators.
    #[inline(always)]
    fn make(&mut self, mv: Move) {
        self.pos.make(mv);
        if let Some(n) = &mut self.nnue {
            n.push(&self.pos);
        }
    }

    #[inline(always)]
    fn unmake(&mut self) {
        self.pos.unmake();
        if let Some(n) = &mut self.nnue {
            n.pop();
        }
    }

    #[inline(always)]
    fn make_null(&mut self) {
        self.pos.make_null();
        if let Some(n) = &mut self.nnue {
            n.push(&self.pos);
        }
    }

    #[inline(always)]
    fn unmake_null(&mut self) {
        self.pos.unmake_null();
        if let Some(n) = &mut self.nnue {
            n.pop();
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    fn send(&mut self, r: Report) {
        match &mut self.reporter {
            Some(Reporter::Channel(tx)) => {
                let _ = tx.send(r);
            }
            Some(Reporter::Direct(report)) => report(r),
            None => {}
        }
    }

    fn elapsed_ms(&self) -> u64 {
        self.time.as_ref().map_or(0, |t| t.elapsed_ms())
    }

    /// Counts a node and decides whether to stop: the shared flags, and in
    /// the main thread the node limit and (every 1024 nodes) the clock.
    #[inline(always)]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        self.shared.counters[self.id].0.store(self.nodes, Relaxed);
        if self.shared.stop.load(Relaxed) || self.shared.control.stopped() {
            self.stopped = true;
            return true;
        }
        if self.is_main() {
            if let Some(limit) = self.shared.limits.nodes {
                let reached = if self.shared.counters.len() == 1 {
                    self.nodes >= limit
                } else {
                    self.nodes & 255 == 0 && self.shared.total_nodes() >= limit
                };
                if reached {
                    self.stop_all();
                    return true;
                }
            }
            if self.nodes & 1023 == 0 {
                // Input only the host can read (engine/wasm) is read here,
                // as often as the clock; natively a no-op.
                self.shared.control.poll();
                let pondering = self.shared.control.is_pondering();
                if let Some(tm) = self.time.as_mut() {
                    tm.update_ponder(pondering);
                    if tm.hard_exceeded() {
                        self.stop_all();
                        return true;
                    }
                }
            }
        }
        false
    }

    fn stop_all(&mut self) {
        self.stopped = true;
        self.shared.stop.store(true, Relaxed);
    }

    /// Draw by the 50-move rule, insufficient material or repetition.
    #[inline(always)]
    fn is_draw(&self) -> bool {
        let p = &self.pos;
        p.halfmove_clock() >= 100 || p.repeated_within(usize::MAX) || p.insufficient_material()
    }

    /// True when an enemy Medusa can step next to the King of the side to
    /// move: a check that freezes the King, often mate. Static pruning
    /// cannot see it, so the node is searched in full.
    #[inline(always)]
    fn medusa_threat(&self) -> bool {
        let p = &self.pos;
        let us = p.side_to_move();
        let g = p.geometry();
        let ring = g.king[p.king_square(us) as usize] & !p.pieces(!us);
        let occ = p.occupied();
        squares(p.medusas(!us)).any(|m| attacks::medusa(g, m, occ) & ring != 0)
    }

    /// The static evaluation plus the correction history's learnt error
    /// for the position at `slots`, kept clear of the mate scores.
    #[inline(always)]
    fn corrected(&self, raw: i32, slots: Slots) -> i32 {
        (raw + self.hist.correction.get(slots)).clamp(-MATE_IN_MAX + 1, MATE_IN_MAX - 1)
    }

    /// No null move when the side to move has only its King and Swords
    /// active, or when most of its pieces are petrified (zugzwang).
    fn null_move_allowed(&self) -> bool {
        let us = self.pos.side_to_move();
        let own = self.pos.pieces(us);
        let officers = own & !self.pos.kind_bb(Kind::King) & !self.pos.kind_bb(Kind::Sword);
        officers & self.pos.active(us) != 0 && self.pos.petrified(us).count_ones() * 2 < own.count_ones()
    }

    /// Step 10 of `search`: the other moves searched at half depth, the
    /// TT move left out, against `tt_score` less a margin growing with
    /// depth. All failing low makes the TT move singular (it keeps its
    /// depth); one reaching the bound while the bound is at least `beta`
    /// means two moves cut (multi-cut); a TT score at or above beta
    /// otherwise means the TT move need not be searched in full.
    fn singular(&mut self, tt_move: Move, tt_score: i32, beta: i32, depth: i32, ply: usize, cut_node: bool) -> Singular {
        let margin = params::singular_margin(self.pos.variant()) * depth;
        let singular_beta = (tt_score - self.margin(margin)).max(-MATE_IN_MAX + 1);
        let saved = self.stack[ply];
        self.stack[ply].excluded = tt_move;
        let v = self.search::<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
        self.stack[ply] = saved;
        if v >= singular_beta && singular_beta >= beta {
            Singular::MultiCut(singular_beta)
        } else if v >= singular_beta && tt_score >= beta {
            Singular::Reduce
        } else {
            Singular::Plain
        }
    }

    // ---- Move ordering ---------------------------------------------------

    /// The moves one and two plies before `ply` (`NONE` before the root
    /// and for a null move).
    #[inline(always)]
    fn earlier_moves(&self, ply: usize) -> [PieceTo; 2] {
        let at = |back: usize| {
            if ply < back {
                return PieceTo::NONE;
            }
            let f = &self.stack[ply - back];
            PieceTo {
                piece: f.moved,
                to: f.mv.to(),
            }
        };
        [at(1), at(2)]
    }

    fn update_quiet_history(&mut self, m: Move, earlier: [PieceTo; 2], bonus: i32) {
        let us = self.pos.side_to_move();
        let now = piece_to(&self.pos, m);
        self.hist.update_butterfly(us, m, bonus);
        self.hist.update_continuation(us, earlier[0], now, bonus);
        self.hist.update_continuation(us, earlier[1], now, bonus);
    }

    fn update_capture_history(&mut self, m: Move, bonus: i32) {
        let victim = self.pos.piece_at(m.to());
        if victim.is_some() {
            let us = self.pos.side_to_move();
            let now = piece_to(&self.pos, m);
            self.hist.update_capture(us, now, victim.kind(), bonus);
        }
    }

    // ---- The PV table ---------------------------------------------------

    #[inline(always)]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let child_len = self.pv_len[ply + 1].min(MAX_PLY - 1);
        head[ply][0] = m;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    // ---- The node function ----------------------------------------------

    /// Principal variation search of the position at `ply` to `depth`.
    /// `PV` nodes have an open window; `cut_node` marks expected fail-highs.
    fn search<const PV: bool>(&mut self, mut alpha: i32, mut beta: i32, mut depth: i32, ply: usize, cut_node: bool) -> i32 {
        debug_assert!(-INFINITE <= alpha && alpha < beta && beta <= INFINITE);
        debug_assert!(PV || alpha + 1 == beta);
        let root = ply == 0;

        // Step 1. At the horizon, resolve captures.
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply);
        }

        // Step 2. Count the node, check for a stop.
        self.pv_len[ply] = 0;
        if self.check_stop() {
            return 0;
        }
        if PV {
            self.seldepth = self.seldepth.max(ply + 1);
        }
        let in_check = self.pos.in_check();

        // Step 3. Draws, the ply limit and mate distance pruning.
        if !root {
            if self.is_draw() {
                return DRAW;
            }
            if ply >= MAX_PLY - 1 {
                return if in_check { DRAW } else { self.evaluate() };
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
            // The side to move can go back to an earlier position of the
            // line: it holds at least a draw (rules::cycle).
            if alpha < DRAW && self.pos.upcoming_repetition(ply) {
                alpha = DRAW;
                if alpha >= beta {
                    return alpha;
                }
            }
        }

        // Step 4. Transposition table lookup; cutoff in non-PV nodes (not
        // in a singular search, which asks about the other moves).
        let excluded = self.stack[ply].excluded;
        let key = self.pos.key();
        let tt_hit = self.tt.probe(key, ply);
        let mut tt_move = tt_hit.map_or(Move::NONE, |h| h.mv);
        if root {
            tt_move = self.root_moves[self.pv_idx].mv;
        } else if !tt_move.is_none() && !self.pos.is_legal(tt_move) {
            tt_move = Move::NONE;
        }
        if !PV && excluded.is_none() && self.pos.halfmove_clock() < 90 {
            if let Some(h) = tt_hit {
                let usable = match h.bound {
                    TtBound::Exact => true,
                    TtBound::Lower => h.score >= beta,
                    TtBound::Upper => h.score <= alpha,
                };
                if h.depth >= depth && usable {
                    return h.score;
                }
            }
        }

        // Step 5. Static evaluation, corrected by what the search learnt
        // of its errors (correction.rs), refined by the TT score.
        let (raw_eval, static_eval, slots) = if in_check {
            (-INFINITE, -INFINITE, None)
        } else {
            let raw = tt_hit.map_or_else(|| self.evaluate(), |h| h.eval);
            let slots = Correction::slots(&self.pos);
            (raw, self.corrected(raw, slots), Some(slots))
        };
        let mut eval = static_eval;
        if let Some(h) = tt_hit.filter(|_| !in_check) {
            if (h.bound == TtBound::Lower && h.score > eval) || (h.bound == TtBound::Upper && h.score < eval) {
                eval = h.score;
            }
        }
        self.stack[ply].eval = eval;
        self.stack[ply].in_check = in_check;
        let improving = !in_check && ply >= 2 && !self.stack[ply - 2].in_check && eval > self.stack[ply - 2].eval;
        let threatened = !in_check && self.medusa_threat();
        let variant = self.pos.variant();

        if !PV && !in_check && !threatened && excluded.is_none() {
            // Step 6. Razoring: hopeless at low depth, verify with quiescence.
            if depth <= 3 && eval + self.margin(params::razor_base(variant) + params::razor_depth(variant) * depth) < alpha {
                let v = self.qsearch::<false>(alpha, alpha + 1, ply);
                if v <= alpha {
                    return v;
                }
            }

            // Step 7. Reverse futility pruning.
            if depth <= params::rfp_depth(variant)
                && eval - self.margin(params::rfp_margin(variant) * (depth - improving as i32)) >= beta
                && eval < MATE_IN_MAX
            {
                return (eval + beta) / 2;
            }

            // Step 8. Null move pruning, not in zugzwang-prone positions;
            // at high depth a fail high is verified by a search without
            // null moves for this side (a petrified army can be in
            // zugzwang where the guard above does not see it).
            if depth >= 3
                && eval >= beta
                && ply >= self.nmp_min_ply
                && ply >= 1
                && !self.stack[ply - 1].mv.is_none()
                && beta > -MATE_IN_MAX
                && self.null_move_allowed()
            {
                let r = params::nmp_base(variant)
                    + depth / params::nmp_depth_div(variant)
                    + ((eval - beta) / self.margin(params::nmp_eval_div(variant))).min(3);
                self.stack[ply].mv = Move::NONE;
                self.stack[ply].moved = Piece::NONE;
                self.make_null();
                let v = -self.search::<false>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
                self.unmake_null();
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    let v = if v >= MATE_IN_MAX { beta } else { v };
                    if self.nmp_min_ply != 0 || depth < NMP_VERIFY_DEPTH {
                        return v;
                    }
                    let saved = self.stack[ply];
                    self.nmp_min_ply = ply + 3 * (depth - r) as usize / 4;
                    let verified = self.search::<false>(beta - 1, beta, depth - r, ply, false);
                    self.nmp_min_ply = 0;
                    self.stack[ply] = saved;
                    if self.stopped {
                        return 0;
                    }
                    if verified >= beta {
                        return v;
                    }
                }
            }
        }

        // Step 9. Internal iterative reduction: no TT move, search shallower.
        if !root && tt_move.is_none() && depth >= 4 && (PV || cut_node) {
            depth -= 1;
        }

        // Step 10. The singular search: the other moves at half depth
        // against a bound a little below the TT score; a second good move
        // cuts the node (multi-cut) or shortens the TT move.
        let singular = match tt_hit {
            Some(h)
                if !root
                    && excluded.is_none()
                    && !tt_move.is_none()
                    && depth >= SINGULAR_DEPTH
                    && h.depth >= depth - SINGULAR_TT_DEPTH
                    && h.bound != TtBound::Upper
                    && !is_mate(h.score)
                    && (ply as i32) < 2 * self.root_depth =>
            {
                self.singular(tt_move, h.score, beta, depth, ply, cut_node)
            }
            _ => Singular::Plain,
        };
        if self.stopped {
            return 0;
        }
        if let Singular::MultiCut(score) = singular {
            return score;
        }

        // Step 11. Arm the move picker (moves are generated as it goes).
        let killers = self.hist.killers(ply);
        let (prev_move, prev_piece) = if ply >= 1 {
            (self.stack[ply - 1].mv, self.stack[ply - 1].moved)
        } else {
            (Move::NONE, Piece::NONE)
        };
        let counter = if prev_move.is_none() {
            Move::NONE
        } else {
            self.hist.counter(prev_piece, prev_move.to())
        };
        let earlier = self.earlier_moves(ply);
        if root {
            let n = self.root_moves.len();
            let given = self.root_moves[self.pv_idx..].iter().enumerate().map(|(i, rm)| Scored {
                mv: rm.mv,
                score: (n - i) as i32,
            });
            self.pickers[0].given(given);
        } else {
            self.pickers[ply].main(tt_move, killers, counter, earlier);
        }

        // Step 12. The moves loop.
        let mut best_score = -INFINITE;
        let mut best_move = Move::NONE;
        let mut move_count = 0i32;
        let mut any_legal = false;
        let mut quiets = [Move::NONE; 64];
        let mut n_quiets = 0;
        let mut tactics = [Move::NONE; 32];
        let mut n_tactics = 0;
        while let Some(Scored { mv, score: order }) = self.pickers[ply].next(&self.pos, self.hist) {
            if mv == excluded {
                continue;
            }
            any_legal = true;
            let quiet = !self.pos.is_tactical(mv);

            // Step 13. Shallow-depth pruning: late quiet moves, futile quiet
            // moves, losing captures.
            if !root && !in_check && !threatened && best_score > -MATE_IN_MAX {
                if quiet {
                    let lmp_limit = (params::lmp_base(variant) + depth * depth) / (2 - improving as i32);
                    if depth <= 7 && move_count >= lmp_limit {
                        // Every later quiet move would be cut here too.
                        self.pickers[ply].skip_quiets();
                        continue;
                    }
                    let futility = params::futility_base(variant) + params::futility_depth(variant) * depth;
                    if !PV && depth <= 6 && eval + self.margin(futility) <= alpha && order < COUNTER_SCORE {
                        continue;
                    }
                    // History pruning: a quiet move that has failed often.
                    if depth <= 4 && order < -params::history_prune(variant) * depth {
                        continue;
                    }
                    // A quiet move that hands material to the exchange on
                    // its square (the gaze counted: see.rs).
                    if depth <= 8 && see(&self.pos, mv) < -params::see_quiet(variant) * depth * depth {
                        continue;
                    }
                } else if order < 0 && depth <= 6 && see(&self.pos, mv) < -params::see_tactical(variant) * depth {
                    continue;
                }
            }
            move_count += 1;
            if root && self.is_main() && self.elapsed_ms() >= 3000 {
                self.send(Report::CurrMove {
                    depth: depth as u32,
                    mv,
                    number: move_count as u32 + self.pv_idx as u32,
                });
            }

            // Step 14. Make the move; extend checks, reduce a TT move that
            // is not alone.
            self.stack[ply].mv = mv;
            self.stack[ply].moved = self.pos.moved_piece_after(mv);
            self.make(mv);
            let gives_check = self.pos.in_check();
            // A Medusa now in reach of the enemy King is a threat like a check.
            let threat = !gives_check && self.stack[ply].moved.is_medusa_type() && self.medusa_threat();
            let extension = if singular == Singular::Reduce && mv == tt_move {
                -1
            } else {
                (gives_check && (ply as i32) < 2 * self.root_depth) as i32
            };
            let new_depth = depth - 1 + extension;

            // Step 15. Late move reductions and principal variation search.
            let mut score;
            if move_count == 1 {
                score = -self.search::<PV>(-beta, -alpha, new_depth, ply + 1, !PV && !cut_node);
            } else {
                let mut r = 0;
                if depth >= 3 && move_count >= 2 + root as i32 && (quiet || order < 0) {
                    r = self.lmr[(depth as usize).min(63)][(move_count as usize).min(63)];
                    r += (!PV) as i32 + cut_node as i32;
                    r -= (order >= COUNTER_SCORE) as i32 + gives_check as i32 + improving as i32 + 2 * threat as i32;
                    if quiet {
                        r -= (order / params::lmr_history_div(variant)).clamp(-2, 2);
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                score = -self.search::<false>(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if score > alpha && r > 0 {
                    score = -self.search::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
                if PV && score > alpha && (root || score < beta) {
                    score = -self.search::<true>(-beta, -alpha, new_depth, ply + 1, false);
                }
            }
            self.unmake();
            if self.stopped {
                break;
            }

            // Step 16. Root moves keep their score and line.
            if root {
                let line = &self.pv[1][..self.pv_len[1]];
                let rm = self.root_moves.iter_mut().find(|r| r.mv == mv).expect("root move");
                if move_count == 1 || score > alpha {
                    rm.score = score;
                    rm.pv.clear();
                    rm.pv.push(mv);
                    rm.pv.extend_from_slice(line);
                } else {
                    rm.score = -INFINITE;
                }
            }

            // Step 17. A new best move; a beta cutoff ends the loop.
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
            if mv != best_move {
                if quiet && n_quiets < quiets.len() {
                    quiets[n_quiets] = mv;
                    n_quiets += 1;
                } else if !quiet && n_tactics < tactics.len() {
                    tactics[n_tactics] = mv;
                    n_tactics += 1;
                }
            }
        }
        if self.stopped {
            return 0;
        }
        if !any_legal {
            // In a singular search the TT move may have been the only one.
            return if !excluded.is_none() {
                alpha
            } else if in_check {
                -MATE + ply as i32
            } else {
                DRAW
            };
        }
        if move_count == 0 {
            // Every move was pruned (cannot happen: the first is searched).
            return alpha;
        }

        // Step 18. A cutoff teaches the histories: a quiet cutoff move the
        // killers, the counter-move table, the butterfly and continuation
        // histories (the quiet moves tried before it lose as much); a
        // tactical one the capture history. The tactical moves tried before
        // the cutoff lose either way.
        if best_score >= beta {
            let bonus =
                (params::history_bonus_quad(variant) * depth * depth + params::history_bonus_lin(variant) * depth).min(HISTORY_MAX / 4);
            if !self.pos.is_tactical(best_move) {
                self.hist.add_killer(ply, best_move);
                if !prev_move.is_none() {
                    self.hist.set_counter(prev_piece, prev_move.to(), best_move);
                }
                self.update_quiet_history(best_move, earlier, bonus);
                for &q in &quiets[..n_quiets] {
                    self.update_quiet_history(q, earlier, -bonus);
                }
            } else {
                self.update_capture_history(best_move, bonus);
            }
            for &t in &tactics[..n_tactics] {
                self.update_capture_history(t, -bonus);
            }
        }

        // Step 19. The correction history learns from a quiet result that
        // bounds the truth on the side away from the static evaluation;
        // the table stores the result.
        let bound = if best_score >= beta {
            TtBound::Lower
        } else if PV && !best_move.is_none() {
            TtBound::Exact
        } else {
            TtBound::Upper
        };
        let quiet_best = best_move.is_none() || !self.pos.is_tactical(best_move);
        let away_from_eval = match bound {
            TtBound::Lower => best_score > static_eval,
            TtBound::Upper => best_score < static_eval,
            TtBound::Exact => true,
        };
        // A singular search's result leaves a move out: it is neither the
        // position's score nor a lesson about its evaluation.
        if !excluded.is_none() {
            return best_score;
        }
        if let Some(slots) = slots.filter(|_| quiet_best && away_from_eval && !is_mate(best_score)) {
            self.hist.correction.update(slots, best_score - raw_eval, depth);
        }
        if !(root && self.pv_idx > 0) {
            self.tt.store(key, best_move, best_score, raw_eval, depth, bound, ply);
        }
        best_score
    }

    /// Quiescence search: captures, promotions and transformations (all
    /// evasions when in check), with stand-pat, delta pruning and losing
    /// captures skipped.
    fn qsearch<const PV: bool>(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = 0;
        if self.check_stop() {
            return 0;
        }
        if PV {
            self.seldepth = self.seldepth.max(ply + 1);
        }
        let in_check = self.pos.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate() };
        }

        // Step 1. Transposition table.
        let key = self.pos.key();
        let tt_hit = self.tt.probe(key, ply);
        if !PV {
            if let Some(h) = tt_hit {
                let usable = match h.bound {
                    TtBound::Exact => true,
                    TtBound::Lower => h.score >= beta,
                    TtBound::Upper => h.score <= alpha,
                };
                if usable {
                    return h.score;
                }
            }
        }

        // Step 2. Stand pat.
        let raw_eval;
        let mut best_score;
        if in_check {
            raw_eval = -INFINITE;
            best_score = -INFINITE;
        } else {
            raw_eval = tt_hit.map_or_else(|| self.evaluate(), |h| h.eval);
            best_score = self.corrected(raw_eval, Correction::slots(&self.pos));
            if let Some(h) = tt_hit {
                if (h.bound == TtBound::Lower && h.score > best_score) || (h.bound == TtBound::Upper && h.score < best_score) {
                    best_score = h.score;
                }
            }
            if best_score >= beta {
                return best_score;
            }
            alpha = alpha.max(best_score);
        }

        // Step 3. Moves: every evasion in check, else the TT move if
        // tactical and the winning tactics (the quiet moves are never
        // generated; a stalemate goes unseen here).
        let tt_move = tt_hit.map_or(Move::NONE, |h| h.mv);
        self.pickers[ply].quiescence(&self.pos, tt_move, in_check);

        // Step 4. Search them.
        let mut best_move = Move::NONE;
        let mut any_legal = false;
        while let Some(Scored { mv, .. }) = self.pickers[ply].next(&self.pos, self.hist) {
            any_legal = true;
            if !in_check && mv.kind() != MoveKind::Promotion {
                let gain = tactic_gain(&self.pos, mv);
                if best_score + gain + self.margin(200) <= alpha {
                    continue;
                }
            }
            self.make(mv);
            let score = -self.qsearch::<PV>(-beta, -alpha, ply + 1);
            self.unmake();
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if self.stopped {
            return 0;
        }
        if in_check && !any_legal {
            return -MATE + ply as i32;
        }
        let bound = if best_score >= beta { TtBound::Lower } else { TtBound::Upper };
        self.tt.store(key, best_move, best_score, raw_eval, 0, bound, ply);
        best_score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    const DEPTH: i32 = SINGULAR_DEPTH;

    /// A search reports through the win/draw/loss model of the evaluation
    /// it uses: the net's scale is not the hand-written evaluation's.
    #[test]
    fn each_evaluation_reports_through_its_own_model() {
        let (control, limits) = (Control::new(), Limits::default());
        for v in Variant::ALL {
            let hand = Shared::new(&control, &limits, 1, 1);
            assert_eq!(hand.wdl_model(v), super::super::eval::wdl_model(v));
            let net = Shared::new(&control, &limits, 1, 1).with_net(Some(crate::nnue::embedded(v)));
            assert_eq!(net.wdl_model(v), crate::nnue::wdl_model(v));
            assert_ne!(hand.wdl_model(v), net.wdl_model(v), "{v:?}: the net's model is not fitted");
        }
    }

    /// The margins keep the hand-written evaluation's numbers, and take a
    /// net's scale from `nnue::MARGIN_SCALE`: Pillars of Medusa's nets
    /// count about 1.6 times as many centipawns per unit of the winning
    /// chance. Mini-POM's margins stay unscaled with its net.
    #[test]
    fn margins_follow_the_scale_of_the_evaluation_that_searches() {
        let (control, limits) = (Control::new(), Limits::default());
        let (tt, mut hist) = (Tt::new(1), Histories::new());
        for v in Variant::ALL {
            let hand = Shared::new(&control, &limits, 1, 1);
            let w = Worker::new(0, Position::startpos(v), &tt, &hand, &mut hist, None, None);
            assert_eq!((w.scale, w.margin(200)), (64, 200));
        }
        let net = Shared::new(&control, &limits, 1, 1).with_net(Some(crate::nnue::embedded(Variant::Pom)));
        let w = Worker::new(0, Position::startpos(Variant::Pom), &tt, &net, &mut hist, None, None);
        assert_eq!((w.scale, w.margin(200)), (104, 325));
        let net = Shared::new(&control, &limits, 1, 1).with_net(Some(crate::nnue::embedded(Variant::MiniPom)));
        let w = Worker::new(0, Position::startpos(Variant::MiniPom), &tt, &net, &mut hist, None, None);
        assert_eq!((w.scale, w.margin(200)), (64, 200));
    }

    /// The singular search's verdict on `tt_move` at ply 1 of `fen`, with
    /// the TT score the move's own full-window search gives and the window
    /// `beta = tt_score + beta_offset`.
    fn verdict(fen: &str, tt_move: &str, beta_offset: i32) -> (Singular, i32) {
        let pos = Position::from_fen(Variant::Pom, fen).unwrap();
        let mv = pos.parse_move(tt_move).unwrap();
        let (control, limits) = (Control::new(), Limits::default());
        let shared = Shared::new(&control, &limits, 1, 1);
        let tt = Tt::new(1);
        let mut hist = Histories::new();
        let mut w = Worker::new(0, pos, &tt, &shared, &mut hist, None, None);
        w.root_depth = 2 * DEPTH;
        w.stack[1].mv = mv;
        w.stack[1].moved = w.pos.moved_piece_after(mv);
        w.make(mv);
        let tt_score = -w.search::<true>(-INFINITE, INFINITE, DEPTH - 1, 2, false);
        w.unmake();
        let v = w.singular(mv, tt_score, tt_score + beta_offset, DEPTH, 1, false);
        assert_eq!(w.stack[1].excluded, Move::NONE, "the exclusion is lifted");
        (v, tt_score)
    }

    /// Only the Tower on a5 can take the hanging Queen (which attacks it):
    /// every other move fails far below the singular bound, so even a
    /// beta far below the TT score neither cuts nor reduces.
    #[test]
    fn the_only_winning_move_is_singular() {
        let fen = "10k/11/11/11/11/11/T4q5/11/11/11/K10 w - - 0 1";
        for offset in [-4 * DEPTH, -DEPTH, 1] {
            assert_eq!(verdict(fen, "a5f5", offset).0, Singular::Plain, "beta offset {offset}");
        }
    }

    /// Two Towers can take the Queen: the other capture reaches the
    /// singular bound. With beta at or below that bound the node is cut
    /// (multi-cut, at the bound); with beta between the bound and the TT
    /// score the TT move is reduced; with beta above the TT score, nothing
    /// follows.
    #[test]
    fn a_second_good_move_cuts_or_reduces() {
        let fen = "10k/11/11/11/11/11/T4q5/11/11/11/K4T5 w - - 0 1";
        let (v, tt_score) = verdict(fen, "a5f5", -4 * DEPTH);
        assert_eq!(v, Singular::MultiCut(tt_score - 2 * DEPTH));
        assert_eq!(verdict(fen, "a5f5", -DEPTH).0, Singular::Reduce);
        assert_eq!(verdict(fen, "a5f5", 1).0, Singular::Plain);
    }
}
