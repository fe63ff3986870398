//! Perft: legal-move counts to a depth (RULES.md 10.7), with bulk counting
//! at the last ply (the last ply's moves are counted, not made, as
//! Stockfish does), divide output and a parallel root.

use super::moves::{Move, MoveList};
use super::position::Position;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Leaf count of the tree below `pos` to `depth` plies; `None` if `stop` was raised.
pub fn perft(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if depth == 1 {
        return Some(list.len() as u64);
    }
    if depth >= 3 && stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        pos.make(m);
        let n = perft(pos, depth - 1, stop);
        pos.unmake();
        nodes += n?;
    }
    Some(nodes)
}

/// Per-root-move counts, in generation order; `threads` > 1 searches the
/// root moves in parallel on a pool of that size. `None` if stopped.
pub fn divide(pos: &Position, depth: u32, threads: usize, stop: &AtomicBool) -> Option<Vec<(Move, u64)>> {
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
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok()?;
    pool.install(|| moves.par_iter().map(count).collect())
}
