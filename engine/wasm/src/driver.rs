//! The UCI loop driven by the host: lines in through [`Driver::line`],
//! lines out through [`Host::write`], and, while a command runs, the
//! host's input read through the ledger's host poll
//! ([`engine::player::Stops::set_host_poll`]) where the search looks at
//! its clock.
//!
//! Natively a reader thread reads stdin while the loop searches. Here
//! there is one thread, so the search itself asks the host for the lines
//! that arrived meanwhile, and each goes through the same
//! [`LineReader`] as on the reader thread: `stop` and `ponderhit` raise
//! their watermarks at once, `isready` is answered at once while the
//! last command runs, the rest is queued and run, in order, once the
//! running command is done. So `stop`, `isready` and bad input reach the
//! WebAssembly engine exactly as they reach the native one.

use engine::stdio::redirect_output;
use engine::uci::{LineReader, Queued, Read, Session};
use rules::Variant;
use std::collections::VecDeque;
use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

/// What the host gives the engine.
pub trait Host: Send + Sync + 'static {
    /// One line of output, without its newline.
    fn write(&self, line: &str);
    /// The next line of input that arrived while a command runs (raw
    /// bytes, without the newline), waiting for one at most `wait`;
    /// `None` if none came.
    fn poll(&self, wait: Duration) -> Option<Vec<u8>>;
}

/// The reader's state, which the host poll reaches from inside a search.
struct Input<H> {
    host: H,
    reader: Mutex<LineReader>,
    queue: Mutex<VecDeque<Queued>>,
    /// `quit` was read: nothing more is read or run.
    quit: Mutex<bool>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<H: Host> Input<H> {
    /// Reads one line as the stdin thread would: answered now, queued, or quit.
    fn read(&self, bytes: &[u8]) {
        if *lock(&self.quit) {
            return;
        }
        let text = String::from_utf8_lossy(bytes);
        let line = text.trim_end_matches(['\n', '\r']);
        match lock(&self.reader).read(line) {
            Read::Answered => {}
            Read::Queued(q) => lock(&self.queue).push_back(q),
            Read::Quit => *lock(&self.quit) = true,
        }
    }

    /// The host poll: every line that has arrived, the first awaited at
    /// most `wait`.
    fn poll(&self, wait: Duration) {
        let mut wait = wait;
        while let Some(bytes) = self.host.poll(wait) {
            self.read(&bytes);
            wait = Duration::ZERO;
        }
    }
}

/// The session's lines, sent to the host a whole line at a time.
struct HostLines<H> {
    input: Arc<Input<H>>,
    pending: Vec<u8>,
}

impl<H: Host> Write for HostLines<H> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            self.input.host.write(&String::from_utf8_lossy(&line[..end]));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The engine as the host sees it: one session on one thread.
pub struct Driver<H: Host> {
    session: Session,
    input: Arc<Input<H>>,
}

impl<H: Host> Driver<H> {
    /// A session on Pillars of Medusa's start position (as `gorgon` starts),
    /// its output on this thread sent to `host`.
    pub fn new(host: H) -> Driver<H> {
        let session = Session::new(Variant::Pom);
        let ledger = session.ledger();
        let input = Arc::new(Input {
            host,
            reader: Mutex::new(LineReader::new(Arc::clone(&ledger))),
            queue: Mutex::new(VecDeque::new()),
            quit: Mutex::new(false),
        });
        // Weak: the ledger outlives nothing of the driver's.
        let weak: Weak<Input<H>> = Arc::downgrade(&input);
        ledger.stops.set_host_poll(Box::new(move |wait| {
            if let Some(input) = weak.upgrade() {
                // The search polls where it looks at its clock: on this
                // thread in the WebAssembly build, but on the pool's search
                // thread in a native build (a workspace build turns the
                // engine's `native` feature on). The redirect is per
                // thread, so the poll's answers (`readyok`, errors) are
                // sent to the host from whichever thread polls.
                let previous = redirect_output(Some(Box::new(HostLines {
                    input: Arc::clone(&input),
                    pending: Vec::new(),
                })));
                input.poll(wait);
                redirect_output(previous);
            }
        }));
        redirect_output(Some(Box::new(HostLines {
            input: Arc::clone(&input),
            pending: Vec::new(),
        })));
        Driver { session, input }
    }

    /// One line from the host: read, then run with whatever it queued
    /// and whatever arrives while that runs. False once `quit` was read
    /// (here or during a search): the host should end the engine.
    pub fn line(&mut self, bytes: &[u8]) -> bool {
        self.input.read(bytes);
        loop {
            if *lock(&self.input.quit) {
                return false;
            }
            let next = lock(&self.input.queue).pop_front();
            let Some(queued) = next else { return true };
            if !self.session.run_queued(queued) {
                *lock(&self.input.quit) = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A host in Rust: what the engine wrote, and input that "arrives"
    /// once the engine has written a line starting with a given text (or
    /// polled a given number of times). Arrival by output, not by the
    /// number of polls alone, keeps the script true however often the
    /// search polls and on whichever thread.
    #[derive(Clone, Default)]
    struct Scripted(Arc<Mutex<Script>>);

    #[derive(Clone, Copy)]
    enum When {
        /// After this many polls.
        Polls(u32),
        /// Once a line starting with this was written.
        After(&'static str),
    }

    #[derive(Default)]
    struct Script {
        out: Vec<String>,
        later: VecDeque<(When, &'static str)>,
        polls: u32,
    }

    impl Host for Scripted {
        fn write(&self, line: &str) {
            lock(&self.0).out.push(line.to_string());
        }
        fn poll(&self, _wait: Duration) -> Option<Vec<u8>> {
            let mut s = lock(&self.0);
            s.polls += 1;
            let due = match s.later.front() {
                Some(&(When::Polls(n), _)) => s.polls >= n,
                Some(&(When::After(prefix), _)) => s.out.iter().any(|l| l.starts_with(prefix)),
                None => false,
            };
            if due {
                s.later.pop_front().map(|(_, line)| line.as_bytes().to_vec())
            } else {
                None
            }
        }
    }

    fn out(host: &Scripted) -> Vec<String> {
        lock(&host.0).out.clone()
    }

    #[test]
    fn stop_and_isready_reach_a_running_infinite_search() {
        let host = Scripted::default();
        lock(&host.0).later.extend([
            (When::After("info depth"), "isready"),
            (When::After("readyok"), "stop"),
            // In the same poll as the stop: read while the search runs.
            (When::After("readyok"), "position startpos moves e2e3"),
        ]);
        let mut driver = Driver::new(host.clone());
        assert!(driver.line(b"setoption name UCI_Variant value minipom"));
        assert!(driver.line(b"go infinite"), "returns once stopped");
        let lines = out(&host);
        let ready = lines.iter().position(|l| l == "readyok").expect("readyok during the search");
        let best = lines
            .iter()
            .position(|l| l.starts_with("bestmove "))
            .expect("bestmove after the stop");
        assert!(ready < best, "{lines:?}");
        assert!(lines[..ready].iter().any(|l| l.starts_with("info depth")), "{lines:?}");
        // The line queued during the search ran after it: Black is to move.
        assert!(driver.line(b"d"));
        let side = out(&host)
            .into_iter()
            .find(|l| l.starts_with("Side to move: "))
            .expect("d's diagram");
        assert!(side.to_lowercase().contains("black"), "{side}");
        assert!(driver.line(b"go depth 1"));
        let lines = out(&host);
        assert_eq!(lines.iter().filter(|l| l.starts_with("bestmove ")).count(), 2);
        assert!(driver.line(b"\xff\xfebogus"));
        assert!(out(&host).last().unwrap().starts_with("info string error: "), "{:?}", out(&host));
        assert!(!driver.line(b"quit"));
        assert!(!driver.line(b"isready"), "nothing is read after quit");
        redirect_output(None);
    }

    #[test]
    fn quit_during_a_search_ends_it_and_the_driver() {
        let host = Scripted::default();
        lock(&host.0)
            .later
            .extend([(When::After("info depth"), "quit"), (When::Polls(0), "isready")]);
        let mut driver = Driver::new(host.clone());
        assert!(!driver.line(b"go infinite"));
        assert!(!out(&host).iter().any(|l| l == "readyok"), "{:?}", out(&host));
        redirect_output(None);
    }
}
