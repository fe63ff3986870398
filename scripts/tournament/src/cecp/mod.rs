//! A CECP engine (the XBoard/WinBoard protocol, version 2; `proto=xboard`).
//!
//! Start-up: `xboard`, `protover 2`, then the `feature` lines until
//! `done=1`, each answered `accepted` or `rejected`; the options follow.
//! Each game: `new`, `variant NAME`, `force`, the time control (`level`,
//! `st`, `sd`), `post`, `easy` or `hard`, `setboard` for a set-up position,
//! and a `ping` to wait for. Moves are told as they become due: when the
//! engine is to move, the moves it has not heard yet go as `usermove`s,
//! then `time`/`otim` and `go` (in force mode) or, in the usual rhythm,
//! `time`/`otim` and the opponent's move alone, which starts its search.
//! It answers `move MOVE`. The game ends with `force` and `result`.
//!
//! The parts: `dialect`, XBoard's forms of pieces, moves, FENs, limits and
//! scores as pure functions; `features`, the negotiation at start-up; and
//! here the driver, which tells the engine the game and hears its move. A
//! `move` that names no legal move loses as an illegal move; the engine's
//! result claims (`1-0 {...}`) are informational, the rules decide.

pub mod dialect;
pub mod features;

use crate::config::EngineConfig;
use crate::driver::{await_move, budget, Answer, Dialect, Heard, Turn};
use crate::ending::Termination;
use crate::error::EngineError;
use crate::live::Thought;
use crate::process::{Process, Recv};
use dialect::{check_limits, limit_commands, resolve_xboard_move, thinking_score, xboard_fen, xboard_move};
use features::{negotiate, Features};
use protocol::cecp::{parse_reply, CecpError, Command, Reply};
use protocol::MoveText;
use rules::{GameResult, Position, Variant};
use std::time::{Duration, Instant};

/// The words the runner's messages quote.
const DIALECT: Dialect = Dialect {
    move_word: "move",
    stop: "?",
};

/// A running CECP engine.
pub struct CecpEngine {
    pub config: EngineConfig,
    process: Process,
    features: Features,
    variant: Variant,
    /// The engine's board: the game's start and the moves told so far
    /// (boxed, to keep engines of both protocols of a size).
    board: Box<Position>,
    /// How many moves of the game the engine has heard (or played).
    told: usize,
    /// In force mode (it plays neither side).
    forced: bool,
    /// The last `ping` number.
    pings: i64,
}

impl CecpEngine {
    /// Starts the process and runs the handshake: `xboard`, `protover 2`,
    /// the features until `done=1` (within `timeout`), the options.
    pub fn start(config: &EngineConfig, variant: Variant, timeout: Duration, log: Option<String>) -> Result<CecpEngine, EngineError> {
        if let Err(e) = check_limits(&config.limits) {
            return Err(EngineError::Refused(e));
        }
        let process = Process::spawn(config, log)?;
        let mut engine = CecpEngine {
            config: config.clone(),
            process,
            features: Features::default(),
            variant,
            board: Box::new(Position::startpos(variant)),
            told: 0,
            forced: true,
            pings: 0,
        };
        engine.send(Command::Xboard)?;
        engine.send(Command::Protover(2))?;
        engine.features = negotiate(&mut engine.process, timeout)?;
        if !engine.features.plays(variant) {
            let list = engine.features.variants.clone().unwrap_or_default().join(",");
            return Err(EngineError::Refused(format!(
                "it does not play {variant} (feature variants=\"{list}\")"
            )));
        }
        for (name, value) in &config.options {
            let command = engine.features.option_command(name, value)?;
            engine.send(command)?;
        }
        engine.ping(timeout)?;
        Ok(engine)
    }

    fn send(&mut self, command: impl std::fmt::Display) -> Result<(), EngineError> {
        self.process.send(command)
    }

    /// The engine's `myname`.
    pub fn reported_name(&self) -> Option<&str> {
        self.features.myname.as_deref().filter(|n| !n.trim().is_empty())
    }

    /// False if the engine asked for a new process for every game (`reuse=0`).
    pub fn reusable(&self) -> bool {
        self.features.reuse
    }

    /// `ping N` … `pong N`, if the engine has `ping` (else nothing can be
    /// waited for).
    fn ping(&mut self, timeout: Duration) -> Result<(), EngineError> {
        if !self.features.ping {
            return Ok(());
        }
        self.pings += 1;
        let n = self.pings;
        self.send(Command::Ping(n))?;
        let deadline = Instant::now() + timeout;
        loop {
            match self.process.recv(deadline) {
                Recv::Line((_, line)) if parse_reply(&line) == Ok(Some(Reply::Pong(n))) => return Ok(()),
                Recv::Line(_) => {}
                Recv::Timeout => return Err(EngineError::Hung(format!("no 'pong {n}' within {:.1} s", timeout.as_secs_f64()))),
                Recv::Eof => return Err(self.process.crashed(&format!("its output ended while waiting for 'pong {n}'"))),
            }
        }
    }

    /// Sets up a game from `start`.
    pub fn new_game(&mut self, start: &Position, timeout: Duration) -> Result<(), EngineError> {
        self.process.drain()?;
        self.send(Command::New)?;
        self.send(Command::Variant(self.variant.name().to_string()))?;
        // `new` makes the engine play Black; it plays nothing until `go`.
        self.send(Command::Force)?;
        self.forced = true;
        for c in limit_commands(&self.config.limits) {
            self.send(c)?;
        }
        self.send(Command::Post)?;
        self.send(if self.config.ponder { Command::Hard } else { Command::Easy })?;
        if start.fen() != Position::startpos(self.variant).fen() {
            if !self.features.setboard {
                return Err(EngineError::Refused(
                    "the game starts from a set-up position, and it has no 'setboard' (feature setboard=1)".into(),
                ));
            }
            self.send(Command::SetBoard(xboard_fen(start)))?;
        }
        *self.board = start.clone();
        self.told = 0;
        self.ping(timeout)
    }

    /// Tells the engine the next move of the game (`usermove`, or the bare
    /// move without that feature) and plays it on its board.
    fn tell(&mut self, text: &MoveText) -> Result<(), EngineError> {
        // The game's moves are legal (the referee played them on the same
        // positions), so this fails only if the boards went apart.
        let m = self
            .board
            .resolve_move(text)
            .map_err(|e| EngineError::Refused(format!("the runner lost track of its board: {e}")))?;
        let mv = xboard_move(&self.board, m);
        if self.features.usermove {
            self.send(Command::UserMove(mv))?;
        } else {
            self.send(mv)?;
        }
        self.board.make(m);
        self.told += 1;
        Ok(())
    }

    /// `time` and `otim` in centiseconds, if the engine has a clock and
    /// wants them (the opponent's clock stands in for a side without one).
    fn send_times(&mut self, turn: &Turn) -> Result<(), EngineError> {
        let i = turn.pos.side_to_move().index();
        let Some(own) = turn.clocks[i] else {
            return Ok(());
        };
        if !self.features.time {
            return Ok(());
        }
        let other = turn.clocks[1 - i].unwrap_or(own);
        let cs = |d: Duration| i64::try_from(d.as_millis() / 10).unwrap_or(i64::MAX);
        self.send(Command::Time(cs(own.remaining)))?;
        self.send(Command::Otim(cs(other.remaining)))
    }

    /// Starts the engine's search: the moves it has not heard, the clocks,
    /// and the move or `go` that sets it thinking.
    fn start_search(&mut self, turn: &Turn) -> Result<(), EngineError> {
        self.process.drain()?;
        let pending = turn.moves.get(self.told..).unwrap_or_default();
        if !self.forced && pending.len() == 1 {
            // The usual rhythm: it played the last move but one, and the
            // opponent's move starts its search.
            self.send_times(turn)?;
            return self.tell(&pending[0]);
        }
        if !self.forced {
            self.send(Command::Force)?;
            self.forced = true;
        }
        for m in pending {
            self.tell(m)?;
        }
        self.send_times(turn)?;
        self.send(Command::Go)?;
        self.forced = false;
        Ok(())
    }

    /// The engine's move in `turn`, waited for with the deadline its clock
    /// allows.
    pub fn think(&mut self, turn: &Turn) -> Answer {
        if let Err(e) = self.start_search(turn) {
            return Answer::from_error(&e);
        }
        let start = Instant::now();
        let limits = self.config.limits;
        let board = &self.board;
        let mut played = None;
        let answer = await_move(
            &mut self.process,
            DIALECT,
            start,
            &limits,
            budget(&limits, turn),
            turn,
            (None, None),
            |line| {
                let heard = hear(board, line);
                if let Heard::Move(Ok(m)) = heard {
                    played = Some(m);
                }
                heard
            },
        );
        if let (Answer::Move { mv: Ok(_), .. }, Some(m)) = (&answer, played) {
            self.board.make(m);
            self.told += 1;
        }
        answer
    }

    /// The game is over: `force` and `result`.
    pub fn end_game(&mut self, result: GameResult, reason: &str) -> Result<(), EngineError> {
        self.send(Command::Force)?;
        self.forced = true;
        self.send(Command::Result {
            result,
            comment: reason.to_string(),
        })
    }

    /// Asks the engine to quit, and kills it if it has not after `grace`.
    pub fn quit(self, grace: Duration) {
        self.process.quit(Command::Quit, grace);
    }
}

/// What a line of the engine means while it is to move on `board`.
fn hear(board: &Position, line: &str) -> Heard {
    match parse_reply(line) {
        Ok(Some(Reply::Move(mv))) => {
            Heard::Move(resolve_xboard_move(board, &mv).map_err(|e| format!("plays an illegal move: '{mv}': {e}")))
        }
        // A `move` line that cannot be read is the engine's move all the
        // same (an illegal one).
        Err(
            e @ (CecpError::BadMove { command: "move", .. }
            | CecpError::Missing { command: "move", .. }
            | CecpError::TooMany { command: "move", .. }),
        ) => Heard::Move(Err(format!("plays an illegal move: {e}"))),
        Ok(Some(Reply::Thinking(t))) => Heard::Score(Thought {
            score: thinking_score(&t),
            depth: Some(t.ply),
            nodes: Some(t.nodes),
            nps: t.nps,
            time_ms: Some(t.time_cs.saturating_mul(10)),
            pv: t.pv.iter().map(ToString::to_string).collect(),
        }),
        Ok(Some(Reply::Resign)) => Heard::Lost(Termination::Resignation, "resigns".into()),
        // Every move the runner sends is legal: refusing one leaves the
        // engine in another game.
        Ok(Some(Reply::IllegalMove { mv, reason })) => {
            let why = reason.map_or_else(String::new, |r| format!(" ({r})"));
            Heard::Lost(Termination::IllegalMove, format!("refuses the legal move '{mv}'{why}"))
        }
        // Result claims, draw offers, errors about other commands, comments:
        // informational.
        _ => Heard::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_heard_while_the_engine_thinks() {
        let pos = Position::startpos(Variant::Pom);
        assert!(matches!(hear(&pos, "move e3e5"), Heard::Move(Ok(_))));
        let Heard::Move(Err(why)) = hear(&pos, "move e3e9") else {
            panic!("illegal move");
        };
        assert!(why.starts_with("plays an illegal move: 'e3e9'"), "{why}");
        assert!(matches!(hear(&pos, "move zz"), Heard::Move(Err(_))));
        assert!(matches!(hear(&pos, "move"), Heard::Move(Err(_))));
        assert!(matches!(
            hear(&pos, "5 35 12 900 e3e5 h10h8"),
            Heard::Score(Thought { depth: Some(5), .. })
        ));
        assert!(matches!(hear(&pos, "resign"), Heard::Lost(Termination::Resignation, _)));
        let Heard::Lost(Termination::IllegalMove, why) = hear(&pos, "Illegal move (no piece on e4): e4e5") else {
            panic!("refused move");
        };
        assert_eq!(why, "refuses the legal move 'e4e5' (no piece on e4)");
        for other in [
            "1-0 {White mates}",
            "offer draw",
            "Error (unknown command): hard",
            "# hello",
            "pong 3",
            "telluser hi",
        ] {
            assert!(matches!(hear(&pos, other), Heard::Other), "{other}");
        }
    }
}
