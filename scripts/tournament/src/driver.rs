//! What the two protocol drivers (`uci`, `cecp`) share, and the game loop
//! sees of them: an engine's [`Turn`] and its [`Answer`], the waits the
//! runner allows ([`Timing`]), and the rules of the match for a move, the
//! same whatever the protocol: the deadline its clock allows ([`budget`]),
//! then the protocol's stop command, then a time forfeit or a hang
//! ([`await_move`]).

use crate::ending::Termination;
use crate::error::EngineError;
use crate::live::{Feed, Thought};
use crate::process::{Process, Recv};
pub use crate::record::PonderStats;
use crate::tc::{Clock, Limits};
use protocol::{MoveText, Score};
use rules::{Move, Position};
use std::time::{Duration, Instant};

/// The game as an engine needs it when it is to move (or, for pondering,
/// when its opponent is).
#[derive(Clone, Copy)]
pub struct Turn<'a> {
    /// The FEN the game started from; `None` for the variant's start.
    pub fen: Option<&'a str>,
    /// Every move of the game so far, book moves included, canonical.
    pub moves: &'a [MoveText],
    /// The position after them.
    pub pos: &'a Position,
    /// White's and Black's clocks as they stand.
    pub clocks: &'a [Option<Clock>; 2],
    pub timing: &'a Timing,
    /// The game's end of the event log (a no-op without one).
    pub feed: &'a Feed,
}

/// What the side to move's engine answered.
#[derive(Debug)]
pub enum Answer {
    Move {
        /// The legal move it names, or why it names none (a sentence for
        /// the record: "plays an illegal move: ...").
        mv: Result<Move, String>,
        /// From the command that started its clock to the line.
        time: Duration,
        /// Its last reported score (its own view) and that report's depth.
        score: Option<Score>,
        depth: Option<u32>,
    },
    /// It loses: a crash, a hang, a resignation.
    Lost {
        termination: Termination,
        /// A sentence for the record ("hangs: no bestmove after ...").
        reason: String,
        /// The process must be restarted.
        failed: bool,
    },
}

impl Answer {
    /// The loss an engine error during the turn means (a restart follows).
    pub fn from_error(e: &EngineError) -> Answer {
        Answer::Lost {
            termination: e.termination().0,
            reason: e.to_string(),
            failed: true,
        }
    }
}

/// Waits the runner allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// For `uciok`, `readyok`, CECP's `feature done=1` and `pong` (engine
    /// start and each new game), and for the `bestmove` of a ponder search
    /// after `stop`.
    pub sync: Duration,
    /// For a move when no clock or movetime limits the engine.
    pub untimed_move: Duration,
    /// After the deadline, how long `stop` (CECP `?`) may take to bring a move.
    pub stop_grace: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            sync: Duration::from_secs(10),
            untimed_move: Duration::from_secs(60),
            stop_grace: Duration::from_millis(1000),
        }
    }
}

/// How long the side to move may think: its clock, else its fixed time
/// per move; `None` when only nodes or depth limit it.
pub(crate) fn budget(limits: &Limits, turn: &Turn) -> Option<Duration> {
    let i = turn.pos.side_to_move().index();
    match (turn.clocks[i], limits.movetime) {
        (Some(c), _) => Some(c.remaining),
        (None, Some(mt)) => Some(mt),
        (None, None) => None,
    }
}

/// What a protocol driver made of one line while waiting for a move.
pub(crate) enum Heard {
    /// Nothing that matters here.
    Other,
    /// A score report, with its depth and what a live view shows.
    Score(Thought),
    /// The engine's move: legal, or why not.
    Move(Result<Move, String>),
    /// The engine loses (it resigned, it refused a legal move).
    Lost(Termination, String),
}

/// The words of a protocol that the messages about a move quote.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dialect {
    /// The reply that carries the move (`bestmove`, `move`).
    pub move_word: &'static str,
    /// The command that asks for the move at once (`stop`, `?`).
    pub stop: &'static str,
}

/// Waits for the engine's move: the deadline is its budget plus the
/// margin (or the untimed wait); past it the runner sends the dialect's
/// stop command: a move that then comes within the stop grace is late (a
/// time forfeit, the engine is kept), none at all is a hang. `hear` reads
/// each line; `start` is when the engine's clock started; `initial` holds
/// a score and depth already reported (while pondering). Score reports go
/// to the turn's feed too.
#[allow(clippy::too_many_arguments)]
pub(crate) fn await_move(
    process: &mut Process,
    dialect: Dialect,
    start: Instant,
    limits: &Limits,
    budget: Option<Duration>,
    turn: &Turn,
    initial: (Option<Score>, Option<u32>),
    mut hear: impl FnMut(&str) -> Heard,
) -> Answer {
    let timing = turn.timing;
    let stop_command = dialect.stop;
    let timed = limits.is_timed();
    let deadline = start + budget.map_or(timing.untimed_move, |b| b + limits.margin);
    let mut stopped = false;
    let mut wait_until = deadline;
    let (mut score, mut depth) = initial;
    loop {
        match process.recv(wait_until) {
            Recv::Line((at, line)) => {
                let mv = match hear(&line) {
                    Heard::Other => continue,
                    Heard::Score(t) => {
                        turn.feed.thought(turn.pos.side_to_move(), turn.moves.len(), &t);
                        score = Some(t.score);
                        depth = t.depth.or(depth);
                        continue;
                    }
                    Heard::Lost(termination, reason) => {
                        return Answer::Lost {
                            termination,
                            reason,
                            failed: false,
                        }
                    }
                    Heard::Move(mv) => mv,
                };
                if stopped && !timed {
                    let reason = format!(
                        "gives no move within {:.1} s (answered '{stop_command}')",
                        timing.untimed_move.as_secs_f64()
                    );
                    return Answer::Lost {
                        termination: Termination::Hung,
                        reason,
                        failed: false,
                    };
                }
                return Answer::Move {
                    mv,
                    time: at.saturating_duration_since(start),
                    score,
                    depth,
                };
            }
            Recv::Timeout if !stopped => {
                // Past the deadline: ask for a move; if it comes it is late
                // (a time forfeit), if not the engine hangs.
                stopped = true;
                if let Err(e) = process.send(stop_command) {
                    return Answer::from_error(&e);
                }
                wait_until = Instant::now() + timing.stop_grace;
            }
            Recv::Timeout => {
                let waited = start.elapsed().as_secs_f64();
                return Answer::Lost {
                    termination: Termination::Hung,
                    reason: format!(
                        "hangs: no {} after {waited:.1} s, not even after '{stop_command}'",
                        dialect.move_word
                    ),
                    failed: true,
                };
            }
            Recv::Eof => {
                let e = process.crashed("its output ended during the search");
                return Answer::from_error(&e);
            }
        }
    }
}
