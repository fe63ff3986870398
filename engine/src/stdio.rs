//! The one line reader and the one line writer of both dialects (UCI and
//! CECP) and of the command-line jobs.
//!
//! Reading: raw bytes up to each newline, decoded leniently, so a
//! non-UTF-8 byte never stops the engine. Writing: a whole line at a time,
//! flushed; when stdout is gone (the GUI quit or closed the pipe) there is
//! nobody left to talk to, and the process ends quietly instead of
//! panicking as `println!` would.

use std::fmt::Display;
use std::io::{BufRead, Write};

/// Writes text and a newline to stdout, or ends the process quietly
/// (status 0) if stdout is closed.
pub fn write_line(text: impl Display) {
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
