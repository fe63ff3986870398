//! Perft: legal-move counts to a depth (RULES.md 10.7), with bulk counting
//! at the last ply (the last ply's moves are counted, not made, as
//! Stockfish does), divide output and a parallel root.

use super::moves::{Move, MoveList};
use super::position::Position;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// What a long count asks, now and then, to know whether to give up: a
/// plain flag, or the engine's per-command stop ticket.
pub trait Interrupt: Sync {
    fn raised(&self) -> bool;
}

impl Interrupt for AtomicBool {
    fn raised(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

/// Leaf count of the tree below `pos` to `depth` plies; `None` if `stop` was raised.
pub fn perft(pos: &mut Position, depth: u32, stop: &dyn Interrupt) -> Option<u64> {
    // One move list per ply, made once: a list is large (`MAX_MOVES`), and
    // filling a fresh one at every node costs more than generating into it.
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    count(pos, depth, stop, &mut lists)
}

fn count(pos: &mut Position, depth: u32, stop: &dyn Interrupt, lists: &mut [MoveList]) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let (list, deeper) = lists.split_first_mut()?;
    pos.legal_moves(list);
    if depth == 1 {
        // Bulk counting: the last ply's moves are counted, not made.
        return Some(list.len() as u64);
    }
    if depth >= 3 && stop.raised() {
        return None;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        pos.make(m);
        let n = count(pos, depth - 1, stop, deeper);
        pos.unmake();
        nodes += n?;
    }
    Some(nodes)
}

/// Per-root-move counts, in generation order; `threads` > 1 searches the
/// root moves in parallel on a pool of that size. `None` if stopped.
pub fn divide(pos: &Position, depth: u32, threads: usize, stop: &dyn Interrupt) -> Option<Vec<(Move, u64)>> {
    let moves = pos.legal_move_vec();
    let count = |m: &Move| {
        let mut p = pos.clone();
        p.make(*m);
        perft(&mut p, depth.saturating_sub(1), stop).map(|n| (*m, n))
    };
    if depth == 0 {
        return Some(Vec::new());
    }
    if threads <= 1 {
        return moves.iter().map(count).collect();
    }
    // Scoped std threads take root moves one at a time from a shared
    // index (a root move's subtree varies a lot in size), each count going
    // to its move's slot so that the order stays the generator's.
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<(Move, u64)>>> = Mutex::new(vec![None; moves.len()]);
    let worker = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(m) = moves.get(i) else { break };
        let Some(result) = count(m) else { break };
        if let Ok(mut slots) = slots.lock() {
            slots[i] = Some(result);
        }
    };
    std::thread::scope(|scope| {
        // A thread that cannot be spawned is no error: the calling thread
        // works too, so the count completes with whatever was started.
        for _ in 1..threads.min(moves.len()) {
            let _ = std::thread::Builder::new().spawn_scoped(scope, worker);
        }
        worker();
    });
    // A missing slot means the search was stopped.
    slots.into_inner().ok()?.into_iter().collect()
}
