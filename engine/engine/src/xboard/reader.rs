//! The reader thread of the CECP loop and what it shares with the loop:
//! it owns stdin, answers `?` and `.` at once, gives the ponder verdict on
//! the user's move, and queues every other command for the loop.

use super::table;
use crate::clock::Instant;
use crate::player::Stops;
use crate::stdio::{write_line, StdinLines};
use protocol::cecp::{self, CecpError, CecpMove, Command, Reply, Stat01};
use rules::{Move, Position};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// Writes one protocol line to stdout.
pub(super) fn send(reply: &Reply) {
    write_line(reply);
}

/// What the reader hands to the loop.
pub(super) enum Input {
    /// A command, the line it came from and its number in the input
    /// (counting what the reader forwards, from 1).
    Command(Command, String, u64),
    /// A line that is no command, and why.
    Error(CecpError, String),
    /// `quit` or the end of the input.
    Quit,
}

/// What the loop is doing, as the reader sees it.
pub(super) const IDLE: u8 = 0;
pub(super) const THINKING: u8 = 1;
pub(super) const ANALYZING: u8 = 2;
/// Thinking on the opponent's time about the expected reply.
pub(super) const PONDERING: u8 = 3;

/// Search progress for `.` (`stat01`), which the reader answers.
pub(super) struct Stats {
    pub(super) start: Instant,
    pub(super) nodes: u64,
    pub(super) depth: u32,
    pub(super) moves_total: u32,
    pub(super) current: Option<(u32, CecpMove)>,
}

/// What the reader and the loop share.
pub(super) struct Shared {
    /// The searches' tickets: `?` stops the thinking, a command that ends
    /// the game (`force`, `new`, `result`, ...) cancels it (its move is
    /// dropped), any command stops the analysis, `quit`/EOF all of them.
    pub(super) stops: Arc<Stops>,
    /// `IDLE`, `THINKING`, `ANALYZING` or `PONDERING`.
    pub(super) state: AtomicU8,
    /// While pondering: the position where the user is to move and the
    /// reply the engine expects there, for the reader to tell a ponder
    /// hit from a miss.
    pub(super) expected: Mutex<Option<(Position, Move)>>,
    /// When the last ponder hit was read: the engine's clock runs from then.
    pub(super) hit_at: Mutex<Instant>,
    /// The number of the last input forwarded before a `?` that came while
    /// no thinking ran: thinking that a command up to that number made due
    /// has been told to move now before it started.
    pub(super) move_now_after: AtomicU64,
    /// Taken by the reader to look at `state` and forward a line (or take
    /// a `?`), and by the loop to change `state`, issue a ticket and look
    /// at what was forwarded, so that a command never slips between them.
    pub(super) gate: Mutex<()>,
    pub(super) stats: Mutex<Stats>,
}

impl Shared {
    /// The state of a loop that has not searched yet.
    pub(super) fn new() -> Arc<Shared> {
        Arc::new(Shared {
            stops: Stops::new(),
            state: AtomicU8::new(IDLE),
            expected: Mutex::new(None),
            hit_at: Mutex::new(Instant::now()),
            move_now_after: AtomicU64::new(0),
            gate: Mutex::new(()),
            stats: Mutex::new(Stats {
                start: Instant::now(),
                nodes: 0,
                depth: 0,
                moves_total: 0,
                current: None,
            }),
        })
    }
}

pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Commands that end the game the engine is thinking about.
pub(super) fn ends_thinking(c: &Command) -> bool {
    matches!(
        c,
        Command::Force
            | Command::New
            | Command::Result { .. }
            | Command::SetBoard(_)
            | Command::Undo
            | Command::Remove
            | Command::Variant(_)
            | Command::Analyze
            | Command::Exit
            | Command::Edit
            | Command::UserMove(_)
    )
}

/// The reader thread: answers `?` and `.` at once and queues the rest
/// for the loop, interrupting a search that a command ends.
pub(super) fn read_stdin(tx: Sender<Input>, shared: Arc<Shared>) {
    let mut sent = 0;
    for line in StdinLines::new(None) {
        let line = line.trim().to_owned();
        let command = match cecp::parse_line(&line) {
            Ok(None) => continue,
            Ok(Some(c)) => c,
            Err(e) => {
                if tx.send(Input::Error(e, line)).is_err() {
                    return;
                }
                continue;
            }
        };
        match command {
            Command::Quit => break,
            Command::MoveNow => {
                let _gate = lock(&shared.gate);
                match shared.state.load(Ordering::SeqCst) {
                    THINKING => shared.stops.stop(),
                    // Thinking may be due from what was sent before the
                    // `?` without having started: it starts stopped.
                    IDLE => shared.move_now_after.store(sent, Ordering::SeqCst),
                    _ => {}
                }
                continue;
            }
            Command::Status => {
                if shared.state.load(Ordering::SeqCst) == ANALYZING {
                    send(&status(&shared));
                }
                continue;
            }
            _ => {}
        }
        let _gate = lock(&shared.gate);
        match shared.state.load(Ordering::SeqCst) {
            // Any command interrupts the analysis; the loop restarts it.
            ANALYZING => shared.stops.stop(),
            THINKING if ends_thinking(&command) => shared.stops.cancel(),
            PONDERING => ponder_verdict(&shared, &command),
            _ => {}
        }
        sent += 1;
        if tx.send(Input::Command(command, line, sent)).is_err() {
            return;
        }
    }
    // Not under the gate: a ticket issued after this is cancelled at once.
    shared.stops.shut_down();
    let _ = tx.send(Input::Quit);
}

/// A command read while the engine ponders (the gate held): the expected
/// move is a ponder hit, and the search goes on as the engine's thinking
/// on its own clock; the clocks (sent just before the move) leave it
/// pondering; anything else, another move included, cancels it.
fn ponder_verdict(shared: &Shared, command: &Command) {
    let hit = match command {
        Command::Time(_) | Command::Otim(_) => return,
        Command::UserMove(mv) => lock(&shared.expected)
            .as_ref()
            .is_some_and(|(pos, expected)| table::user_move(pos, mv) == Ok(*expected)),
        _ => false,
    };
    if hit {
        *lock(&shared.hit_at) = Instant::now();
        shared.stops.ponderhit();
        shared.state.store(THINKING, Ordering::SeqCst);
    } else {
        shared.stops.cancel();
    }
}

/// The `stat01` line of the running analysis.
fn status(shared: &Shared) -> Reply {
    let s = lock(&shared.stats);
    let (number, current) = match &s.current {
        Some((n, m)) => (*n, Some(m.clone())),
        None => (0, None),
    };
    Reply::Stat01(Stat01 {
        time_cs: s.start.elapsed().as_millis() as u64 / 10,
        nodes: s.nodes,
        ply: s.depth,
        moves_left: s.moves_total.saturating_sub(number),
        moves_total: s.moves_total,
        current,
    })
}
