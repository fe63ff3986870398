//! Work items done by several threads and handed on in order: the batch
//! analysis and self-play data both search independent items (positions,
//! games) on one single-threaded engine per worker, and write the results in
//! item order, so that the output does not depend on the number of threads
//! and the outputs of `--shard` blocks concatenate into the whole run's.

use crate::player::Engine;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

/// How far a worker may run ahead of the oldest unfinished item, per
/// thread, before it waits: finished items are held in memory until every
/// earlier one is handed on.
const AHEAD_PER_THREAD: usize = 4;

/// Does `work(state, i)` for every `i` in `items` on `threads` threads (each
/// with its own `state` from `init`) and calls `emit(i, result)` in
/// increasing `i`, one call at a time. The first error `emit` returns stops
/// the run (items under way finish) and is returned.
pub fn in_order<S, T: Send>(
    items: Range<usize>,
    threads: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> T + Sync,
    emit: impl FnMut(usize, T) -> Result<(), String> + Send,
) -> Result<(), String> {
    struct Queue<T, E> {
        next: usize,
        waiting: BTreeMap<usize, T>,
        error: Option<String>,
        emit: E,
    }
    let threads = threads.max(1).min(items.len().max(1));
    let claim = AtomicUsize::new(items.start);
    let queue = Mutex::new(Queue {
        next: items.start,
        waiting: BTreeMap::new(),
        error: None,
        emit,
    });
    let room = Condvar::new();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut state = init();
                loop {
                    let i = claim.fetch_add(1, Ordering::Relaxed);
                    if i >= items.end {
                        break;
                    }
                    let result = work(&mut state, i);
                    let Ok(mut q) = queue.lock() else { return };
                    while i > q.next + AHEAD_PER_THREAD * threads && q.error.is_none() {
                        q = match room.wait(q) {
                            Ok(q) => q,
                            Err(_) => return,
                        };
                    }
                    if q.error.is_some() {
                        claim.store(items.end, Ordering::Relaxed);
                        room.notify_all();
                        return;
                    }
                    q.waiting.insert(i, result);
                    loop {
                        let n = q.next;
                        let Some(r) = q.waiting.remove(&n) else { break };
                        if let Err(e) = (q.emit)(n, r) {
                            q.error = Some(e);
                            claim.store(items.end, Ordering::Relaxed);
                            break;
                        }
                        q.next += 1;
                    }
                    room.notify_all();
                }
            });
        }
    });
    match queue.into_inner() {
        Ok(q) => q.error.map_or(Ok(()), Err),
        Err(_) => Err("a worker thread panicked".to_string()),
    }
}

/// A worker's single-threaded engine with `hash_mb` of transposition
/// table; if the machine refuses that much, the default size stays and
/// `job` logs a warning (a batch should not fail on it).
pub fn worker_engine(hash_mb: usize, job: &str) -> Engine {
    let mut engine = Engine::new();
    if let Err(e) = engine.set_hash(hash_mb) {
        log::warn!("{job}: {e}");
    }
    engine
}

/// A progress bar of `len` items on stderr (drawn only on a terminal), or
/// a hidden one: `job` and `items` name them (`datagen pom`, `games`);
/// `extra` follows the count (`, {msg}` shows the caller's
/// `set_message` text, `, {per_sec}` the rate).
pub fn progress_bar(len: usize, visible: bool, job: &str, items: &str, extra: &str) -> ProgressBar {
    let bar = if visible {
        ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    let template = format!("{{prefix}} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} {items}{extra} (eta {{eta}})");
    bar.set_style(ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar.set_prefix(job.to_string());
    bar
}

#[cfg(test)]
mod tests {
    use super::in_order;

    #[test]
    fn results_come_in_order_whatever_the_threads() {
        for threads in [1, 2, 5] {
            let mut seen = Vec::new();
            in_order(
                3..40,
                threads,
                || 0u64,
                |calls, i| {
                    *calls += 1;
                    // Uneven work so that later items often finish first.
                    std::thread::sleep(std::time::Duration::from_micros(((i * 7919) % 13) as u64 * 50));
                    i * i
                },
                |i, r| {
                    seen.push((i, r));
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(seen, (3..40).map(|i| (i, i * i)).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn an_emit_error_stops_the_run() {
        let mut emitted = 0;
        let e = in_order(
            0..1000,
            2,
            || (),
            |_, i| i,
            |i, _| {
                emitted += 1;
                if i == 10 {
                    Err("disk full".to_string())
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(e, Err("disk full".to_string()));
        assert_eq!(emitted, 11);
    }
}
