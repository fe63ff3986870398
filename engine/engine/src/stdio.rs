//! The one line reader and the one line writer of both dialects (UCI and
//! CECP) and of the command-line jobs.
//!
//! Reading: raw bytes up to each newline, decoded leniently, so a
//! non-UTF-8 byte never stops the engine. Writing: a whole line at a time,
//! flushed; when stdout is gone (the GUI quit or closed the pipe) there is
//! nobody left to talk to, and the process ends quietly instead of
//! panicking as `println!` would. An in-process driver can take a
//! thread's lines instead ([`redirect_output`]).

use std::cell::RefCell;
use std::fmt::Display;
use std::io::{BufRead, Write};

thread_local! {
    /// Where this thread's lines go instead of stdout, if anywhere (see
    /// [`redirect_output`]). Per thread, so that drivers on other threads,
    /// and the engine's own stdout, are left alone.
    static SINK: RefCell<Option<Box<dyn Write>>> = const { RefCell::new(None) };
}

/// Sends the lines [`write_line`] writes on this thread to `sink` instead
/// of stdout (`None`: back to stdout); returns the previous sink. For
/// in-process drivers of the UCI loop's `Session` (the `uci_loop` fuzz
/// target, future bindings): the session writes from the thread that
/// calls it, searches included. Write errors on a sink are ignored (its
/// owner decides what a failed write means); the process never ends for one.
pub fn redirect_output(sink: Option<Box<dyn Write>>) -> Option<Box<dyn Write>> {
    SINK.with(|s| s.replace(sink))
}

/// Writes text and a newline to stdout, or ends the process quietly
/// (status 0) if stdout is closed. Goes to this thread's sink instead if
/// [`redirect_output`] set one.
pub fn write_line(text: impl Display) {
    let redirected = SINK.with(|s| match s.borrow_mut().as_mut() {
        Some(sink) => {
            let _ = writeln!(sink, "{text}");
            true
        }
        None => false,
    });
    if redirected {
        return;
    }
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// The lines of stdin, without their terminator (`\n` or `\r\n`), until
/// EOF or a read error.
pub struct StdinLines {
    /// A line read before this reader was made (protocol detection), served
    /// first.
    pending: Option<String>,
    buf: Vec<u8>,
}

impl StdinLines {
    /// The lines of stdin, `first` (if any) before them.
    pub fn new(first: Option<String>) -> StdinLines {
        StdinLines {
            pending: first,
            buf: Vec::new(),
        }
    }
}

impl Iterator for StdinLines {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        if let Some(line) = self.pending.take() {
            return Some(line);
        }
        self.buf.clear();
        // Stdin's buffer is process-wide, so locking it per line loses
        // nothing that an earlier reader (the detection in `main`) read ahead.
        match std::io::stdin().lock().read_until(b'\n', &mut self.buf) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                let text = String::from_utf8_lossy(&self.buf);
                Some(text.trim_end_matches(['\n', '\r']).to_owned())
            }
        }
    }
}
