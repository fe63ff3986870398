//! Stopping searches. Every search runs under its own fresh `Control`;
//! what a page has running (an analysis, the engine's move, or a review's
//! many searches) is held by one [`Stopper`], which stops exactly those
//! searches when the page sets up another position, asks to stop, or goes
//! away.

use engine::player::Control;
use std::sync::{Arc, Mutex};

/// Tells one search to stop: the one place that knows how a `Control` is
/// stopped.
pub fn stop_search(control: &Control) {
    control.stop();
}

/// Whether a search was told to stop (the tests' view of [`stop_search`]).
#[cfg(test)]
pub fn search_stopped(control: &Control) -> bool {
    control.stopped()
}

/// The searches of one request; once stopped, it stays stopped and starts
/// nothing more.
#[derive(Debug, Default)]
pub struct Stopper {
    /// Whether the request was stopped, and its searches under way; one
    /// lock, so no search can start between the flag and the stops.
    state: Mutex<(bool, Vec<Arc<Control>>)>,
}

impl Stopper {
    pub fn new() -> Stopper {
        Stopper::default()
    }

    /// Stops every search under way and every later one.
    pub fn stop(&self) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.0 = true;
        for control in &state.1 {
            stop_search(control);
        }
    }

    pub fn stopped(&self) -> bool {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).0
    }

    /// Runs `search` under a fresh `Control` that [`Stopper::stop`] can
    /// reach; `None` without running it when already stopped.
    pub fn run<T>(&self, search: impl FnOnce(&Control) -> T) -> Option<T> {
        let control = Arc::new(Control::new());
        {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            if state.0 {
                return None;
            }
            state.1.push(Arc::clone(&control));
        }
        let out = search(&control);
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.1.retain(|c| !Arc::ptr_eq(c, &control));
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn stop_reaches_the_running_search_and_refuses_later_ones() {
        let stopper = Arc::new(Stopper::new());
        let (started, wait) = mpsc::channel();
        let s = Arc::clone(&stopper);
        let worker = std::thread::spawn(move || {
            s.run(|control| {
                started.send(()).unwrap();
                // A search polls its control; this one until stopped.
                while !search_stopped(control) {
                    std::thread::yield_now();
                }
                7
            })
        });
        wait.recv().unwrap();
        assert!(!stopper.stopped());
        stopper.stop();
        assert_eq!(worker.join().unwrap(), Some(7));
        assert!(stopper.stopped());
        assert_eq!(stopper.run(|_| 8), None, "nothing starts after a stop");
    }

    #[test]
    fn stopping_one_request_leaves_the_others_running() {
        let (a, b) = (Stopper::new(), Stopper::new());
        a.stop();
        assert_eq!(a.run(|_| ()), None);
        assert_eq!(b.run(search_stopped), Some(false));
    }
}
