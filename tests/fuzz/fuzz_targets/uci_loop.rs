//! Fuzz target: the real UCI session, in-process. The input is split into
//! lines as the stdin reader splits them; each line is read by
//! `protocol::parse_line` and handed to `engine::uci::Session::handle_line`,
//! which runs it to the end. What could run long is clamped first, so that
//! one input takes milliseconds:
//!
//! - `go`: depth at most 3 and nodes at most 2000 (the other limits kept);
//!   `go infinite` and `go ponder` end when the search has started, by a
//!   `stop` raised from another thread as the reader thread would (or, for
//!   `go ponder` followed by `ponderhit`, by that `ponderhit`); `go perft`
//!   at most depth 2;
//! - `perft`: depth at most 2; `bench` is skipped (it reads nothing but a
//!   depth and runs a fixed suite);
//! - `setoption`: Hash at most 4 MB, Threads at most 2, MultiPV at most 4,
//!   and a `BookFile` other than empty names a file that does not exist
//!   (the fuzzer must not read the machine's files);
//! - at most 64 lines and 8 long commands.
//!
//! The session's lines go to an in-memory sink (`stdio::redirect_output`),
//! not to stdout. Checks: nothing panics (debug assertions are on, so the
//! search's and the rules' invariants are checked too); every line that
//! starts with a UCI reply word parses with `protocol::parse_reply`; every
//! `go` (not `go perft`) answers exactly one `bestmove`, every `isready`
//! one `readyok`.
#![no_main]

use engine::uci::options::{self, OptionId, OptionValue};
use engine::uci::{Ledger, Session};
use libfuzzer_sys::fuzz_target;
use protocol::{Command, Reply};
use rules::Variant;
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const MAX_LINES: usize = 64;
const MAX_LONG: usize = 8;

/// The session's output, kept for the checks.
struct Capture(Rc<RefCell<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// How a `go` that waits for the GUI is ended.
#[derive(Clone, Copy)]
enum Release {
    Stop,
    PonderHit,
}

/// Clamps a command to a tiny one; `None` to skip it.
fn clamp(command: Command) -> Option<Command> {
    Some(match command {
        Command::Go(mut go) => {
            go.depth = Some(go.depth.unwrap_or(3).min(3));
            go.nodes = Some(go.nodes.unwrap_or(2000).min(2000));
            go.perft = go.perft.map(|d| d.min(2));
            Command::Go(go)
        }
        Command::Perft { depth } => Command::Perft { depth: depth.min(2) },
        Command::Bench { .. } => return None,
        Command::SetOption { name, value } => {
            let value = match options::parse(&name, value.as_deref()) {
                Ok((OptionId::Hash, OptionValue::Spin(n))) => Some(n.min(4).to_string()),
                Ok((OptionId::Threads, OptionValue::Spin(n))) => Some(n.min(2).to_string()),
                Ok((OptionId::MultiPv, OptionValue::Spin(n))) => Some(n.min(4).to_string()),
                Ok((OptionId::BookFile, OptionValue::Text(path))) if !path.is_empty() => Some("/nonexistent/gorgon-fuzz.gbk".to_string()),
                _ => value,
            };
            Command::SetOption { name, value }
        }
        other => other,
    })
}

/// Runs `line` while a helper thread waits for the search to start and
/// then releases it, as the stdin reader would on `stop` or `ponderhit`.
fn run_released(session: &mut Session, line: &str, release: Release) -> bool {
    let ledger: Arc<Ledger> = session.ledger();
    let done = Arc::new(AtomicBool::new(false));
    let helper = {
        let (ledger, done) = (Arc::clone(&ledger), Arc::clone(&done));
        std::thread::spawn(move || {
            while !ledger.busy.load(Ordering::SeqCst) {
                if done.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::yield_now();
            }
            match release {
                Release::Stop => ledger.stops.stop(),
                Release::PonderHit => ledger.stops.ponderhit(),
            }
        })
    };
    let more = session.handle_line(line);
    done.store(true, Ordering::SeqCst);
    helper.join().expect("the release thread");
    more
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // As `StdinLines`: split at `\n`, the `\r` of `\r\n` dropped.
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches(['\n', '\r'])).take(MAX_LINES).collect();

    let out = Rc::new(RefCell::new(Vec::new()));
    let previous = engine::stdio::redirect_output(Some(Box::new(Capture(Rc::clone(&out)))));
    let mut session = Session::new(Variant::Pom);
    let (mut long, mut searches, mut isready) = (0, 0, 0);
    for (i, &line) in lines.iter().enumerate() {
        let more = match protocol::parse_line(line) {
            Ok(Some(command)) => {
                let is_long = matches!(command, Command::Go(_) | Command::Perft { .. });
                if is_long {
                    if long == MAX_LONG {
                        continue;
                    }
                    long += 1;
                }
                let Some(command) = clamp(command) else {
                    continue;
                };
                let text = command.to_string();
                match &command {
                    Command::IsReady => isready += 1,
                    Command::Go(go) if go.perft.is_none() => searches += 1,
                    _ => {}
                }
                match command {
                    Command::Go(go) if go.infinite || go.ponder => {
                        let next = lines.get(i + 1).map(|l| protocol::parse_line(l));
                        let release = match next {
                            Some(Ok(Some(Command::PonderHit))) if go.ponder && !go.infinite => Release::PonderHit,
                            _ => Release::Stop,
                        };
                        let more = run_released(&mut session, &text, release);
                        // The `stop` a GUI sends (a `ponderhit` is the next
                        // line); it only raises the flag now, as a `stop`
                        // after a finished search does.
                        more && (matches!(release, Release::PonderHit) || session.handle_line("stop"))
                    }
                    _ => session.handle_line(&text),
                }
            }
            // Blank and bad lines go in as they are: the session answers
            // an error for a bad one.
            Ok(None) | Err(_) => session.handle_line(line),
        };
        if !more {
            break;
        }
    }
    drop(session);
    engine::stdio::redirect_output(previous);

    let out = out.take();
    let output = String::from_utf8(out).expect("the session writes UTF-8");
    let (mut bestmoves, mut readyoks) = (0, 0);
    for line in output.lines() {
        let word = line.split_whitespace().next().unwrap_or("");
        if !["id", "uciok", "readyok", "option", "info", "bestmove"].contains(&word) {
            continue;
        }
        match protocol::parse_reply(line) {
            Ok(Some(Reply::BestMove { .. })) => bestmoves += 1,
            Ok(Some(Reply::ReadyOk)) => readyoks += 1,
            Ok(Some(_)) => {}
            other => panic!("the engine wrote {line:?}, which reads as {other:?}"),
        }
    }
    assert_eq!(bestmoves, searches, "one bestmove per go\n{output}");
    assert_eq!(readyoks, isready, "one readyok per isready\n{output}");
});
