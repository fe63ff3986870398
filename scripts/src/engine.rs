//! What the game loop sees of an engine, whatever protocol it speaks:
//! [`Engine`] starts a UCI (`uci`) or CECP (`cecp`) engine, sets up each
//! game, answers a [`Turn`] with an [`Answer`] (a legal move or why the
//! engine loses), may ponder on the opponent's turn, and hears the end of
//! each game. The protocols differ in how a position and a clock reach the
//! engine and how its move comes back; the rules of the match (deadline,
//! `stop`, what counts as a hang) are the same and live here.

use crate::cecp::CecpEngine;
use crate::ending::Termination;
use crate::game::Timing;
use crate::process::{Process, Recv};
use crate::tc::{Clock, Limits};
use crate::uci::UciEngine;
use protocol::{MoveText, Score};
use rules::{GameResult, Move, Position, Variant};
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The protocol an engine speaks (`proto=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// UCI in the Gorgon dialect (docs/PROTOCOL.md).
    #[default]
    Uci,
    /// CECP version 2, the XBoard/WinBoard protocol (docs/XBOARD.md).
    Xboard,
}

impl Protocol {
    /// The `proto=` word.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Xboard => "xboard",
        }
    }

    /// Reads a `proto=` word.
    pub fn from_name(name: &str) -> Option<Protocol> {
        match name {
            "uci" => Some(Protocol::Uci),
            "xboard" => Some(Protocol::Xboard),
            _ => None,
        }
    }
}

/// How to start and configure one engine.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineConfig {
    /// The name in the PGN and the standings.
    pub name: String,
    /// True if the name was made up from the command (no `name=`): a CECP
    /// engine's `myname` then replaces it.
    pub auto_name: bool,
    pub cmd: String,
    pub args: Vec<String>,
    /// Working directory of the process.
    pub dir: Option<PathBuf>,
    /// UCI: `setoption` pairs, sent in order after `UCI_Variant`. CECP:
    /// `option NAME=VALUE`, except `memory` and `cores`, which are CECP
    /// commands of their own.
    pub options: Vec<(String, String)>,
    pub limits: Limits,
    pub protocol: Protocol,
    /// Ponder on the opponent's time (`ponder`): UCI `go ponder` on the
    /// expected reply, CECP `hard`.
    pub ponder: bool,
}

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The process exited, closed its output or refused input.
    Crashed(String),
    /// It did not answer in time.
    Hung(String),
    /// It answered, but cannot play this match (a CECP engine without the
    /// variant or the `setboard` a position needs).
    Refused(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Crashed(s) => write!(f, "crashed: {s}"),
            EngineError::Hung(s) => write!(f, "hung: {s}"),
            EngineError::Refused(s) => write!(f, "cannot play: {s}"),
        }
    }
}

impl EngineError {
    /// The termination of a game lost by this error, and its verb.
    pub fn termination(&self) -> (Termination, &'static str) {
        match self {
            EngineError::Crashed(_) => (Termination::Crashed, "crashed"),
            EngineError::Hung(_) => (Termination::Hung, "hung"),
            // An engine that cannot play the game is as good as one that
            // did not start.
            EngineError::Refused(_) => (Termination::Crashed, "refused the game"),
        }
    }
}

/// How the ponder searches of an engine ended when it was to move (a
/// search stopped by the end of the game counts neither way).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PonderStats {
    /// The opponent played the expected move: `ponderhit`.
    pub hits: u32,
    /// It played another move (`stop`), or the ponder search ended on its own.
    pub misses: u32,
}

impl PonderStats {
    pub fn add(&mut self, other: PonderStats) {
        self.hits += other.hits;
        self.misses += other.misses;
    }
}

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

/// A running engine of either protocol.
pub enum Engine {
    Uci(UciEngine),
    Cecp(CecpEngine),
}

impl Engine {
    /// Starts the engine and runs its protocol's handshake.
    pub fn start(config: &EngineConfig, variant: Variant, timeout: Duration, log: Option<String>) -> Result<Engine, EngineError> {
        Ok(match config.protocol {
            Protocol::Uci => Engine::Uci(UciEngine::start(config, variant.name(), timeout, log)?),
            Protocol::Xboard => Engine::Cecp(CecpEngine::start(config, variant, timeout, log)?),
        })
    }

    pub fn config(&self) -> &EngineConfig {
        match self {
            Engine::Uci(e) => &e.config,
            Engine::Cecp(e) => &e.config,
        }
    }

    /// Renames the engine (for the records of its games).
    pub fn rename(&mut self, name: &str) {
        match self {
            Engine::Uci(e) => e.config.name = name.to_string(),
            Engine::Cecp(e) => e.config.name = name.to_string(),
        }
    }

    /// The name the engine gives itself, if its protocol has one that the
    /// runner adopts (CECP `myname`).
    pub fn reported_name(&self) -> Option<&str> {
        match self {
            Engine::Uci(_) => None,
            Engine::Cecp(e) => e.reported_name(),
        }
    }

    /// Prepares a game from `start` (the position before the book moves,
    /// which reach the engine with its first turn).
    pub fn new_game(&mut self, start: &Position, timeout: Duration) -> Result<(), EngineError> {
        match self {
            Engine::Uci(e) => e.new_game(timeout),
            Engine::Cecp(e) => e.new_game(start, timeout),
        }
    }

    /// The engine's move in `turn`, waited for with the deadline its clock
    /// allows.
    pub fn think(&mut self, turn: &Turn) -> Answer {
        match self {
            Engine::Uci(e) => e.think(turn),
            Engine::Cecp(e) => e.think(turn),
        }
    }

    /// Called after the engine's own move, when the opponent is to move in
    /// `turn`: a UCI engine with `ponder` ponders on the reply it expects.
    pub fn ponder(&mut self, turn: &Turn) -> Result<(), EngineError> {
        match self {
            Engine::Uci(e) => e.ponder(turn),
            Engine::Cecp(_) => Ok(()),
        }
    }

    /// The game is over: a ponder search is stopped, a CECP engine hears
    /// the result.
    pub fn end_game(&mut self, result: GameResult, reason: &str, timing: &Timing) -> Result<(), EngineError> {
        match self {
            Engine::Uci(e) => e.end_game(timing),
            Engine::Cecp(e) => e.end_game(result, reason),
        }
    }

    /// False if the engine asked to be restarted for every game (CECP
    /// `reuse=0`).
    pub fn reusable(&self) -> bool {
        match self {
            Engine::Uci(_) => true,
            Engine::Cecp(e) => e.reusable(),
        }
    }

    /// The ponder counts since the last call.
    pub fn take_ponder_stats(&mut self) -> PonderStats {
        match self {
            Engine::Uci(e) => e.take_ponder_stats(),
            Engine::Cecp(_) => PonderStats::default(),
        }
    }

    /// Asks the engine to quit, and kills it if it has not after `grace`.
    pub fn quit(self, grace: Duration) {
        match self {
            Engine::Uci(e) => e.quit(grace),
            Engine::Cecp(e) => e.quit(grace),
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
    /// A score report, with its depth.
    Score(Score, Option<u32>),
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
/// a score and depth already reported (while pondering).
#[allow(clippy::too_many_arguments)]
pub(crate) fn await_move(
    process: &mut Process,
    dialect: Dialect,
    start: Instant,
    limits: &Limits,
    budget: Option<Duration>,
    timing: &Timing,
    initial: (Option<Score>, Option<u32>),
    mut hear: impl FnMut(&str) -> Heard,
) -> Answer {
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
                    Heard::Score(s, d) => {
                        score = Some(s);
                        depth = d.or(depth);
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
