//! Long work (a search, a perft) with the GIL released and Ctrl-C honoured.
//!
//! The work runs on a scoped thread. The calling thread waits for it
//! without the GIL, in short slices; between slices it takes the GIL back
//! to run Python's signal handlers (`py.check_signals()`). When a handler
//! raises (`KeyboardInterrupt` for SIGINT), it stops the work's ticket
//! (`player::Control`, the loops' stop model), joins the thread and passes
//! the exception on.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// How long the caller waits without looking at signals.
const SLICE: Duration = Duration::from_millis(25);

/// Runs `work` on its own thread; `stop` stops it (the ticket `work` polls). Returns
/// what `work` returned, or the exception a signal handler raised (after
/// `work` has stopped), or a `RuntimeError` if `work` panicked.
pub(crate) fn run<T: Send>(py: Python<'_>, stop: impl FnOnce(), work: impl FnOnce() -> T + Send) -> PyResult<T> {
    std::thread::scope(|s| {
        let (tx, rx) = mpsc::channel::<()>();
        let handle = s.spawn(move || {
            let out = work();
            // A panic drops `tx` instead: the receiver sees the
            // disconnection and the join below reports the panic.
            let _ = tx.send(());
            out
        });
        let mut rx = rx;
        loop {
            // `Receiver` is not `Sync`: it goes into the GIL-free closure
            // by value and comes back out.
            let (waited, back) = py.detach(move || (rx.recv_timeout(SLICE), rx));
            rx = back;
            if !matches!(waited, Err(RecvTimeoutError::Timeout)) {
                break;
            }
            if let Err(e) = py.check_signals() {
                stop();
                // The work's own result no longer matters (a panic
                // included): the exception wins.
                let _ = py.detach(move || handle.join());
                return Err(e);
            }
        }
        py.detach(move || handle.join())
            .map_err(|_| PyRuntimeError::new_err("the Gorgon engine panicked (a bug: please report it)"))
    })
}
