//! A UCI engine (the Gorgon dialect, docs/PROTOCOL.md): the handshake,
//! `position` and `go` for each move, and pondering.
//!
//! The runner writes typed `protocol::Command`s and reads lines with
//! `protocol::parse_reply`. With `ponder` on, the engine gets `setoption
//! name Ponder value true`; after its `bestmove X ponder Y` it is sent the
//! position after Y and `go ponder` with the clocks as they stand while the
//! opponent thinks. If the opponent then plays Y it gets `ponderhit` and
//! its clock runs from there; otherwise `stop`, its ponder `bestmove` is
//! thrown away, and it gets the real position and `go`. Pondering is free:
//! only the time after `ponderhit` (or `go`) is charged.

use crate::config::EngineConfig;
use crate::driver::{await_move, budget, Answer, Dialect, Heard, PonderStats, Timing, Turn};
use crate::error::EngineError;
use crate::live::Thought;
use crate::process::Process;
use protocol::{parse_reply, Command, MoveText, ParseError, Reply};
use rules::{Move, Position};
use std::fmt;
use std::time::{Duration, Instant};

pub use crate::process::{Line, Recv};

/// The words the runner's messages quote.
const DIALECT: Dialect = Dialect {
    move_word: "bestmove",
    stop: "stop",
};

/// A running UCI engine.
pub struct UciEngine {
    pub config: EngineConfig,
    process: Process,
    /// The `ponder` move of the engine's last `bestmove`.
    hint: Option<MoveText>,
    /// The move the running ponder search expects (canonical), if one runs.
    pondering: Option<MoveText>,
    stats: PonderStats,
}

impl UciEngine {
    /// Starts the process and runs the handshake: `uci` … `uciok`, the
    /// variant, `Ponder` if pondering, the options, `isready` … `readyok`.
    pub fn start(config: &EngineConfig, variant: &str, timeout: Duration, log: Option<String>) -> Result<UciEngine, EngineError> {
        let process = Process::spawn(config, log)?;
        let mut engine = UciEngine {
            config: config.clone(),
            process,
            hint: None,
            pondering: None,
            stats: PonderStats::default(),
        };
        engine.send(Command::Uci)?;
        engine.wait_for(&Reply::UciOk, timeout)?;
        let mut options = vec![("UCI_Variant".to_string(), variant.to_string())];
        if config.ponder {
            // Before the user's options, so that an `option.Ponder` wins.
            options.push(("Ponder".to_string(), "true".to_string()));
        }
        options.extend(config.options.iter().cloned());
        for (name, value) in options {
            engine.send(Command::SetOption { name, value: Some(value) })?;
        }
        engine.sync(timeout)?;
        Ok(engine)
    }

    /// Sends one line: a `protocol::Command`, or any text.
    pub fn send(&mut self, line: impl fmt::Display) -> Result<(), EngineError> {
        self.process.send(line)
    }

    /// The next line before `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Recv {
        self.process.recv(deadline)
    }

    /// Throws away lines already received (stale output of an earlier search).
    pub fn drain(&mut self) -> Result<(), EngineError> {
        self.process.drain()
    }

    /// Reads lines until one is the reply `expected` (`uciok`, `readyok`);
    /// other lines, readable or not, are passed over.
    pub fn wait_for(&mut self, expected: &Reply, timeout: Duration) -> Result<(), EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.recv(deadline) {
                Recv::Line((_, l)) if parse_reply(&l).is_ok_and(|r| r.as_ref() == Some(expected)) => return Ok(()),
                Recv::Line(_) => {}
                Recv::Timeout => return Err(EngineError::Hung(format!("no '{expected}' within {:.1} s", timeout.as_secs_f64()))),
                Recv::Eof => return Err(self.crashed(&format!("its output ended while waiting for '{expected}'"))),
            }
        }
    }

    /// `isready` … `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send(Command::IsReady)?;
        self.wait_for(&Reply::ReadyOk, timeout)
    }

    /// `ucinewgame` and a sync, before each game.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.hint = None;
        if self.pondering.take().is_some() {
            self.stop_ponder(timeout)?;
        }
        self.drain()?;
        self.send(Command::UciNewGame)?;
        self.sync(timeout)
    }

    /// A crash error naming the exit status if the process has ended.
    pub fn crashed(&mut self, what: &str) -> EngineError {
        self.process.crashed(what)
    }

    /// Asks the engine to quit, and kills it if it has not after `grace`.
    pub fn quit(self, grace: Duration) {
        self.process.quit(Command::Quit, grace);
    }

    /// The engine's move in `turn`: `ponderhit` if it pondered on the move
    /// just played, else (after stopping a ponder search on another move)
    /// `position` and `go`; then its `bestmove`, waited for with the
    /// deadline its clock allows.
    pub fn think(&mut self, turn: &Turn) -> Answer {
        let mut heard = (None, None);
        if let Some(expected) = self.pondering.take() {
            // What the ponder search said while the opponent thought.
            let mut ended = false;
            loop {
                match self.process.try_recv() {
                    Recv::Line((_, line)) => match read_line(&line) {
                        Some(Read::Info(t)) => heard = (Some(t.score), t.depth.or(heard.1)),
                        Some(Read::BestMove(..)) => ended = true,
                        None => {}
                    },
                    Recv::Timeout => break,
                    Recv::Eof => return Answer::from_error(&self.crashed("its output ended while pondering")),
                }
            }
            match ponder_result(&expected, turn.moves.last(), ended) {
                PonderResult::Hit => {
                    self.stats.hits += 1;
                    if let Err(e) = self.send(Command::PonderHit) {
                        return Answer::from_error(&e);
                    }
                    return self.await_bestmove(turn, Instant::now(), heard);
                }
                PonderResult::Miss => {
                    self.stats.misses += 1;
                    if let Err(e) = self.stop_ponder(turn.timing.sync) {
                        return Answer::from_error(&e);
                    }
                }
                PonderResult::Ended => self.stats.misses += 1,
            }
            heard = (None, None);
        }
        let position = Command::Position {
            fen: turn.fen.map(str::to_string),
            moves: turn.moves.to_vec(),
            invalid: None,
        };
        let go = Command::Go(self.config.limits.go(turn.clocks, turn.pos.side_to_move()));
        if let Err(e) = self.drain().and_then(|_| self.send(position)).and_then(|_| self.send(go)) {
            return Answer::from_error(&e);
        }
        self.await_bestmove(turn, Instant::now(), heard)
    }

    /// Waits for the `bestmove` of a search whose clock started at `start`.
    fn await_bestmove(&mut self, turn: &Turn, start: Instant, heard: (Option<protocol::Score>, Option<u32>)) -> Answer {
        let limits = self.config.limits;
        let pos = turn.pos;
        let mut hint = None;
        let answer = await_move(
            &mut self.process,
            DIALECT,
            start,
            &limits,
            budget(&limits, turn),
            turn,
            heard,
            |line| match read_line(line) {
                Some(Read::Info(t)) => Heard::Score(t),
                Some(Read::BestMove(mv, ponder)) => {
                    hint = ponder;
                    Heard::Move(resolve(pos, line, mv))
                }
                None => Heard::Other,
            },
        );
        self.hint = hint;
        answer
    }

    /// After the engine's own move, with the opponent to move in `turn`:
    /// with `ponder` on and a usable ponder move, `position` with that move
    /// and `go ponder` with the clocks as they stand.
    pub fn ponder(&mut self, turn: &Turn) -> Result<(), EngineError> {
        let hint = self.hint.take();
        if !self.config.ponder {
            return Ok(());
        }
        let Some(reply) = hint.as_ref().and_then(|h| ponder_move(turn.pos, h)) else {
            return Ok(());
        };
        let expected = turn.pos.move_coord(reply);
        let mut moves = turn.moves.to_vec();
        moves.push(expected.clone());
        let position = Command::Position {
            fen: turn.fen.map(str::to_string),
            moves,
            invalid: None,
        };
        let mut go = self.config.limits.go(turn.clocks, !turn.pos.side_to_move());
        go.ponder = true;
        self.drain()?;
        self.send(position)?;
        self.send(Command::Go(go))?;
        self.pondering = Some(expected);
        Ok(())
    }

    /// `stop` for the running ponder search, and its `bestmove` waited for
    /// (up to `timeout`: nobody's clock runs) and thrown away.
    fn stop_ponder(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send(Command::Stop)?;
        let deadline = Instant::now() + timeout;
        loop {
            match self.recv(deadline) {
                Recv::Line((_, line)) if matches!(read_line(&line), Some(Read::BestMove(..))) => return Ok(()),
                Recv::Line(_) => {}
                Recv::Timeout => {
                    return Err(EngineError::Hung(format!(
                        "no bestmove within {:.1} s after 'stop' of its ponder search",
                        timeout.as_secs_f64()
                    )))
                }
                Recv::Eof => return Err(self.crashed("its output ended after 'stop' of its ponder search")),
            }
        }
    }

    /// The game is over: a running ponder search is stopped.
    pub fn end_game(&mut self, timing: &Timing) -> Result<(), EngineError> {
        self.hint = None;
        if self.pondering.take().is_some() {
            self.stop_ponder(timing.sync)?;
        }
        Ok(())
    }

    /// The ponder counts since the last call.
    pub fn take_ponder_stats(&mut self) -> PonderStats {
        std::mem::take(&mut self.stats)
    }
}

/// A line of the engine that matters while it searches.
enum Read {
    /// `info ... score ...`: the score, the depth, and the rest a live view shows.
    Info(Thought),
    /// `bestmove`: the move (`None`: no move), an error if it cannot be
    /// read, and the ponder move.
    BestMove(Result<Option<MoveText>, ParseError>, Option<MoveText>),
}

/// Reads a line: score reports and `bestmove`; other replies, and lines
/// that are none, are passed over. A `bestmove` that cannot be read is
/// the engine's move all the same (an illegal one), unless only its
/// ponder move is bad: that is dropped, and the move stands.
fn read_line(line: &str) -> Option<Read> {
    match parse_reply(line) {
        Ok(Some(Reply::Info(info))) => info.score.map(|score| {
            Read::Info(Thought {
                score,
                depth: info.depth,
                nodes: info.nodes,
                nps: info.nps,
                time_ms: info.time,
                pv: info.pv.iter().map(ToString::to_string).collect(),
            })
        }),
        Ok(Some(Reply::BestMove { mv, ponder })) => Some(Read::BestMove(Ok(mv), ponder)),
        Err(e) if e.command() == Some("bestmove") => {
            let head = line.split(" ponder ").next().unwrap_or(line);
            match parse_reply(head) {
                Ok(Some(Reply::BestMove { mv, .. })) if head.len() < line.len() => Some(Read::BestMove(Ok(mv), None)),
                _ => Some(Read::BestMove(Err(e), None)),
            }
        }
        _ => None,
    }
}

/// The legal move a `bestmove` names in `pos`, or why it names none.
fn resolve(pos: &Position, line: &str, mv: Result<Option<MoveText>, ParseError>) -> Result<Move, String> {
    match mv {
        Ok(Some(m)) => pos.resolve_move(&m).map_err(|e| format!("plays an illegal move: {e}")),
        Ok(None) => Err(format!("answers '{}' with {} legal moves", line.trim(), pos.legal_move_vec().len())),
        Err(e) => Err(format!("plays an illegal move: {e}")),
    }
}

/// The move to ponder on: the engine's ponder move if it is legal in
/// `pos` (the opponent to move) and the game goes on after it; an engine
/// is not asked to think about a finished game.
pub fn ponder_move(pos: &Position, hint: &MoveText) -> Option<Move> {
    let m = pos.resolve_move(hint).ok()?;
    let mut after = pos.clone();
    after.make(m);
    after.outcome().is_none().then_some(m)
}

/// How a ponder search ends when the engine is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PonderResult {
    /// The opponent played the expected move: `ponderhit`.
    Hit,
    /// It played another: `stop`, then a search of the real position.
    Miss,
    /// The ponder search gave its `bestmove` before it was told (against
    /// the protocol): it is over; the real position is searched afresh.
    Ended,
}

/// What to do with a ponder search on `expected` now that `played` (the
/// last move of the game) was played; `ended` if its `bestmove` came
/// already. Both moves are canonical texts, which name a move uniquely.
pub fn ponder_result(expected: &MoveText, played: Option<&MoveText>, ended: bool) -> PonderResult {
    if ended {
        PonderResult::Ended
    } else if played == Some(expected) {
        PonderResult::Hit
    } else {
        PonderResult::Miss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    fn text(s: &str) -> MoveText {
        s.parse().unwrap()
    }

    #[test]
    fn ponder_hits_only_on_the_expected_move() {
        let e = text("h10h8");
        assert_eq!(ponder_result(&e, Some(&text("h10h8")), false), PonderResult::Hit);
        assert_eq!(ponder_result(&e, Some(&text("g10g8")), false), PonderResult::Miss);
        assert_eq!(ponder_result(&e, None, false), PonderResult::Miss);
        // A bestmove already given ends the search, whatever was played.
        assert_eq!(ponder_result(&e, Some(&text("h10h8")), true), PonderResult::Ended);
        assert_eq!(ponder_result(&e, Some(&text("g10g8")), true), PonderResult::Ended);
    }

    #[test]
    fn ponder_moves_must_be_legal_and_leave_a_game() {
        let mut pos = Position::startpos(Variant::Pom);
        let m = pos.parse_move("e3e5").unwrap();
        pos.make(m);
        // Black to move: a legal reply, in an alias form, gives the move.
        let reply = ponder_move(&pos, &text("h10h8")).unwrap();
        assert_eq!(pos.move_text(reply), "h10h8");
        // White's move, a move off the board, a bad suffix: no pondering.
        assert_eq!(ponder_move(&pos, &text("e5e6")), None);
        assert_eq!(ponder_move(&pos, &text("h10h13")), None);
        assert_eq!(ponder_move(&pos, &text("h10h8(Q)")), None);
        // A reply that ends the game: no pondering on the finished game.
        // Random games find such a position (a mate, a stalemate, a
        // repetition, ...) deterministically.
        let mut rng = rules::SplitMix64::new(7);
        let mut found = false;
        'games: for _ in 0..50 {
            let mut p = Position::startpos(Variant::MiniPom);
            for _ in 0..300 {
                let moves = p.legal_move_vec();
                for &m in &moves {
                    let mut after = p.clone();
                    after.make(m);
                    let expected = after.outcome().is_none();
                    assert_eq!(ponder_move(&p, &p.move_coord(m)).is_some(), expected);
                    if !expected {
                        found = true;
                        break 'games;
                    }
                }
                let Some(&m) = rng.pick(&moves) else { continue 'games };
                p.make(m);
            }
        }
        assert!(found, "no game-ending move in 50 random games");
    }

    #[test]
    fn bestmove_lines_are_read_with_or_without_a_good_ponder_move() {
        let Some(Read::BestMove(Ok(Some(m)), Some(p))) = read_line("bestmove e3e5 ponder h10h8") else {
            panic!("bestmove with ponder");
        };
        assert_eq!((m.to_string(), p.to_string()), ("e3e5".into(), "h10h8".into()));
        // A bad ponder move is dropped; the move stands.
        let Some(Read::BestMove(Ok(Some(m)), None)) = read_line("bestmove e3e5 ponder zz") else {
            panic!("bad ponder move");
        };
        assert_eq!(m.to_string(), "e3e5");
        // A bad move is an error, ponder or not.
        assert!(matches!(read_line("bestmove e3e5(X"), Some(Read::BestMove(Err(_), None))));
        assert!(matches!(read_line("bestmove zz ponder e3e5"), Some(Read::BestMove(Err(_), None))));
        assert!(matches!(read_line("bestmove (none)"), Some(Read::BestMove(Ok(None), None))));
        assert!(matches!(
            read_line("info depth 3 score cp 20"),
            Some(Read::Info(Thought { depth: Some(3), .. }))
        ));
        assert!(read_line("info depth 3 nodes 20").is_none());
        assert!(read_line("readyok").is_none());
    }
}
