//! What one request may ask of a shared machine. Over-cap values are
//! refused with the cap named (the page reads the caps from `/api/config`
//! and never offers more), so a script learns the limit instead of getting
//! silently less than it asked for. The connection limits at the end are
//! the socket's: a client over them is disconnected, not answered.

use crate::error::ApiError;
use std::time::Duration;

/// The server's limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caps {
    /// Search threads of one search.
    pub threads: usize,
    /// Transposition table of one search, MB.
    pub hash_mb: usize,
    /// Principal variations of an analysis (MultiPV).
    pub lines: usize,
    /// Longest search, seconds: "infinite" analysis ends here too.
    pub seconds: u64,
    /// Deepest review of a game.
    pub review_depth: u32,
    /// Searches (and reviews) running at once, over all pages.
    pub searches: usize,
    /// Plies of a game sent to the server.
    pub plies: usize,
    /// Plies of all the games of one imported record (the page shows
    /// the first; reading them all is the import's cost).
    pub import_plies: usize,
    /// Request body, bytes.
    pub body_bytes: usize,
    /// Connections open at once. One more waits to be accepted (in the
    /// system's queue of the listening socket) until one closes, which
    /// the two timeouts below bound for every connection but a running
    /// search's event stream, and those are at most `searches`.
    pub connections: usize,
    /// From a connection's opening, or the end of its last response, to
    /// the end of a request's headers: a client that sends half a header,
    /// or keeps an idle connection, is disconnected after this.
    pub head_timeout: Duration,
    /// From a request's headers to its response's: a body that trickles
    /// in is refused (408) after this. An event stream's events come
    /// after its response's headers, so no search is cut by it.
    pub request_timeout: Duration,
    /// Tournament event streams open at once (`--tournament`): each is a
    /// connection the two timeouts above do not bound.
    pub viewers: usize,
    /// A tournament stream whose page takes no event for this long (its
    /// socket and buffer full: a stalled viewer) is dropped, and its slot
    /// goes to the next viewer.
    pub stream_stall: Duration,
}

impl Default for Caps {
    /// The machine's cores, 256 MB, 5 lines, 10 minutes, depth 20, two
    /// searches at once, 2000 plies, 20,000 plies in an imported record,
    /// 1 MB bodies, 256 connections, 10 s for a request's headers (or an
    /// idle connection), 30 s from them to the response, 32 tournament
    /// streams, each dropped when its page has taken nothing for 20 s.
    fn default() -> Caps {
        Caps {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_mb: 256,
            lines: 5,
            seconds: 600,
            review_depth: 20,
            searches: 2,
            plies: 2000,
            import_plies: 20_000,
            body_bytes: 1 << 20,
            connections: 256,
            head_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            viewers: 32,
            stream_stall: Duration::from_secs(20),
        }
    }
}

/// `value` if it lies in `1..=cap`, else a refusal naming `what` and the cap.
fn within(what: &str, value: u64, cap: u64) -> Result<u64, ApiError> {
    if value == 0 {
        return Err(ApiError::refused(format!("{what} 0: give at least 1")));
    }
    if value > cap {
        return Err(ApiError::refused(format!("{what} {value} is over the server's cap of {cap}")));
    }
    Ok(value)
}

impl Caps {
    pub fn threads(&self, asked: Option<u64>) -> Result<usize, ApiError> {
        Ok(within("threads", asked.unwrap_or(1), self.threads as u64)? as usize)
    }

    pub fn hash_mb(&self, asked: Option<u64>) -> Result<usize, ApiError> {
        let default = 64.min(self.hash_mb as u64);
        Ok(within("hash (MB)", asked.unwrap_or(default), self.hash_mb as u64)? as usize)
    }

    pub fn lines(&self, asked: Option<u64>) -> Result<usize, ApiError> {
        Ok(within("lines", asked.unwrap_or(1), self.lines as u64)? as usize)
    }

    /// A time in milliseconds: a move time or a clock.
    pub fn millis(&self, what: &str, asked: u64) -> Result<u64, ApiError> {
        within(&format!("{what} (ms)"), asked, self.seconds * 1000)
    }

    pub fn review_depth(&self, asked: u64) -> Result<u32, ApiError> {
        Ok(within("review depth", asked, self.review_depth as u64)? as u32)
    }

    /// Refuses a game longer than the cap.
    pub fn plies(&self, plies: usize) -> Result<(), ApiError> {
        if plies > self.plies {
            return Err(ApiError::refused(format!(
                "{plies} moves is over the server's cap of {}",
                self.plies
            )));
        }
        Ok(())
    }

    /// The caps as the page reads them.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "threads": self.threads,
            "hash_mb": self.hash_mb,
            "lines": self.lines,
            "seconds": self.seconds,
            "review_depth": self.review_depth,
            "searches": self.searches,
            "plies": self.plies,
            "import_plies": self.import_plies,
            "body_bytes": self.body_bytes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    fn caps() -> Caps {
        Caps {
            threads: 2,
            hash_mb: 128,
            ..Caps::default()
        }
    }

    #[test]
    fn within_the_caps_and_defaults() {
        let c = caps();
        assert_eq!(c.threads(None), Ok(1));
        assert_eq!(c.threads(Some(2)), Ok(2));
        assert_eq!(c.hash_mb(None), Ok(64));
        assert_eq!(c.hash_mb(Some(128)), Ok(128));
        assert_eq!(c.lines(Some(5)), Ok(5));
        assert_eq!(c.millis("movetime", 600_000), Ok(600_000));
        assert_eq!(c.review_depth(20), Ok(20));
        assert_eq!(c.plies(2000), Ok(()));
    }

    #[test]
    fn over_a_cap_or_zero_is_refused_with_the_cap_named() {
        let c = caps();
        let e = c.threads(Some(3)).unwrap_err();
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(e.message, "threads 3 is over the server's cap of 2");
        assert!(c.threads(Some(0)).unwrap_err().message.contains("at least 1"));
        assert!(c.hash_mb(Some(129)).unwrap_err().message.contains("cap of 128"));
        assert!(c.lines(Some(6)).unwrap_err().message.contains("cap of 5"));
        assert!(c.millis("movetime", 600_001).unwrap_err().message.contains("cap of 600000"));
        assert!(c.review_depth(21).is_err());
        assert!(c.plies(2001).is_err());
        // A tiny hash cap lowers the default instead of refusing it.
        let small = Caps { hash_mb: 8, ..caps() };
        assert_eq!(small.hash_mb(None), Ok(8));
    }
}
