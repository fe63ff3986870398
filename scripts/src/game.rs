//! One refereed game between two running engines.
//!
//! The rules library is the referee: every `bestmove` must parse as a legal
//! move of the position, and the game ends when the rules say so (mate,
//! stalemate, repetition, 50 moves, insufficient material). An engine loses
//! for an illegal or unparsable move (including `bestmove (none)` while it
//! has moves), for overstepping its time by more than the margin, for
//! crashing (its output ends or its input breaks) and for hanging (no
//! `bestmove` even after `stop`). Optional adjudication by the engines'
//! own scores ends hopeless or dead games early.

use crate::openings::Opening;
use crate::pgn::score_text;
use crate::tc::Clock;
use crate::uci::{EngineError, Recv, UciEngine};
use protocol::{parse_reply, Command, MoveText, ParseError, Reply, Score};
use rules::{Color, Outcome, Variant};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

pub use rules::GameResult;

/// Why a game ended: the PGN `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    TimeForfeit,
    IllegalMove,
    Crashed,
    Hung,
    Adjudication,
    Unterminated,
}

impl Termination {
    pub const ALL: [Termination; 11] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::Repetition,
        Termination::FiftyMoves,
        Termination::InsufficientMaterial,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::Crashed,
        Termination::Hung,
        Termination::Adjudication,
        Termination::Unterminated,
    ];

    /// The tag's text.
    pub fn text(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Repetition => "threefold repetition",
            Termination::FiftyMoves => "50-move rule",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crashed => "engine crashed",
            Termination::Hung => "engine hung",
            Termination::Adjudication => "adjudication",
            Termination::Unterminated => "unterminated",
        }
    }

    /// Reads the tag's text.
    pub fn from_text(text: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.text() == text)
    }

    /// True for an engine's fault (it lost by breaking a rule of the match).
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            Termination::TimeForfeit | Termination::IllegalMove | Termination::Crashed | Termination::Hung
        )
    }

    fn of_outcome(o: Outcome) -> Termination {
        match o {
            Outcome::Checkmate { .. } => Termination::Checkmate,
            Outcome::Stalemate => Termination::Stalemate,
            Outcome::Repetition => Termination::Repetition,
            Outcome::FiftyMoves => Termination::FiftyMoves,
            Outcome::InsufficientMaterial => Termination::InsufficientMaterial,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// One half-move of the record.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove {
    /// Canonical coordinate text.
    pub text: String,
    /// From the opening, not played by an engine.
    pub book: bool,
    /// The engine's last reported score before its move (its own view).
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub time: Option<Duration>,
}

/// Everything the PGN needs about a finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub variant: Variant,
    /// 1-based game number in the match.
    pub round: u32,
    pub white: String,
    pub black: String,
    /// The FEN the game started from (before the book moves).
    pub start_fen: String,
    pub moves: Vec<PlayedMove>,
    pub result: GameResult,
    pub termination: Termination,
    /// A sentence: "Black mates", "White plays an illegal move: ...".
    pub reason: String,
    /// `TimeControl` texts of White and Black.
    pub time_control: [String; 2],
    pub started: SystemTime,
}

impl GameRecord {
    /// The side that lost by a fault, if the game ended so.
    pub fn faulty_side(&self) -> Option<Color> {
        if !self.termination.is_fault() {
            return None;
        }
        match self.result {
            GameResult::WhiteWins => Some(Color::Black),
            GameResult::BlackWins => Some(Color::White),
            _ => None,
        }
    }
}

/// `resign=movecount=3 score=1000 [twosided=true]`: a side whose own score
/// stayed at or below `-score` cp for `movecount` consecutive moves loses
/// (with `twosided`, only if the opponent's last score agrees).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub movecount: u32,
    pub score: i32,
    pub twosided: bool,
}

/// `draw=movenumber=40 movecount=8 score=10`: from move `movenumber` on,
/// a draw once both sides' scores stayed within `±score` cp for
/// `movecount` consecutive moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub movenumber: u32,
    pub movecount: u32,
    pub score: i32,
}

/// Adjudication settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    /// A draw after this many full moves (book moves included).
    pub maxmoves: Option<u32>,
}

/// Waits the runner allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// For `uciok`, `readyok` (engine start and each new game).
    pub sync: Duration,
    /// For a `bestmove` when no clock or movetime limits the engine.
    pub untimed_move: Duration,
    /// After the deadline, how long `stop` may take to bring a `bestmove`.
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

/// What to play.
#[derive(Clone, Debug)]
pub struct GameSetup {
    pub variant: Variant,
    pub round: u32,
    pub opening: Opening,
    pub adjudication: Adjudication,
    pub timing: Timing,
}

/// A finished game and which engines must be restarted.
#[derive(Debug)]
pub struct GameOutcome {
    pub record: GameRecord,
    /// White's and Black's engine failed (crash, hang) and must be restarted.
    pub failed: [bool; 2],
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// What the side to move's engine answered.
enum Answer {
    Move {
        /// Its `bestmove` line as received, to quote.
        line: String,
        /// The move read from it: `None` for "no move", an error if the
        /// line is no well-formed `bestmove`.
        mv: Result<Option<MoveText>, ParseError>,
        time: Duration,
        score: Option<Score>,
        depth: Option<u32>,
    },
    Fault {
        termination: Termination,
        reason: String,
        failed: bool,
    },
}

/// Plays one game. `engines` are White's and Black's; both must be started.
/// `abort` stops the game between moves (result `*`).
pub fn play_game(engines: [&mut UciEngine; 2], setup: &GameSetup, abort: &AtomicBool) -> GameOutcome {
    let variant = setup.variant;
    let names = [engines[0].config.name.clone(), engines[1].config.name.clone()];
    let limits = [engines[0].config.limits, engines[1].config.limits];
    let mut record = GameRecord {
        variant,
        round: setup.round,
        white: names[0].clone(),
        black: names[1].clone(),
        start_fen: setup.opening.fen.clone(),
        moves: Vec::new(),
        result: GameResult::Unfinished,
        termination: Termination::Unterminated,
        reason: String::new(),
        time_control: [limits[0].pgn_text(), limits[1].pgn_text()],
        started: SystemTime::now(),
    };
    let mut failed = [false; 2];
    let (mut pos, _) = match setup.opening.replay(variant) {
        Ok(x) => x,
        Err(e) => {
            record.reason = format!("bad opening: {e}");
            return GameOutcome { record, failed };
        }
    };
    for text in &setup.opening.moves {
        record.moves.push(PlayedMove {
            text: text.clone(),
            book: true,
            score: None,
            depth: None,
            time: None,
        });
    }
    for (i, color) in Color::ALL.into_iter().enumerate() {
        if let Err(e) = engines[i].new_game(setup.timing.sync) {
            failed[i] = true;
            let (t, why) = fault_of(&e);
            lose(
                &mut record,
                color,
                t,
                format!("{} ({}) {why} before the game: {e}", side_name(color), names[i]),
            );
            return GameOutcome { record, failed };
        }
    }
    let fen = (setup.opening.fen != variant.start_fen()).then(|| setup.opening.fen.clone());
    // The opening's moves are canonical texts, legal (replayed above).
    let mut move_texts = Vec::with_capacity(setup.opening.moves.len());
    for text in &setup.opening.moves {
        match text.parse::<MoveText>() {
            Ok(m) => move_texts.push(m),
            Err(e) => {
                record.reason = format!("bad opening: {e}");
                return GameOutcome { record, failed };
            }
        }
    }
    let mut clocks = [limits[0].clock.map(Clock::new), limits[1].clock.map(Clock::new)];
    let mut judge = Judge::new(setup.adjudication);
    loop {
        if let Some(outcome) = pos.outcome() {
            record.result = outcome.result();
            record.termination = Termination::of_outcome(outcome);
            record.reason = outcome.to_string();
            break;
        }
        if abort.load(Ordering::Relaxed) {
            record.reason = "match stopped".into();
            break;
        }
        if let Some(max) = setup.adjudication.maxmoves {
            if (move_texts.len() as u32) / 2 >= max {
                record.result = GameResult::Draw;
                record.termination = Termination::Adjudication;
                record.reason = format!("draw by adjudication: {max} moves played");
                break;
            }
        }
        let side = pos.side_to_move();
        let i = side.index();
        let position = Command::Position {
            fen: fen.clone(),
            moves: move_texts.clone(),
            invalid: None,
        };
        let answer = think(&mut *engines[i], &position, side, &clocks, setup);
        let (line, mv, time, score, depth) = match answer {
            Answer::Move {
                line,
                mv,
                time,
                score,
                depth,
            } => (line, mv, time, score, depth),
            Answer::Fault {
                termination,
                reason,
                failed: f,
            } => {
                failed[i] = f;
                lose(
                    &mut record,
                    side,
                    termination,
                    format!("{} ({}) {reason}", side_name(side), names[i]),
                );
                break;
            }
        };
        // The clock first: a move that comes too late loses even if legal.
        let margin = limits[i].margin;
        let (in_time, allowed) = match (&mut clocks[i], limits[i].movetime) {
            (Some(clock), _) => {
                let left = clock.remaining;
                (clock.charge(time, margin), left)
            }
            (None, Some(mt)) => (time <= mt + margin, mt),
            (None, None) => (true, Duration::ZERO),
        };
        if !in_time {
            let reason = format!(
                "{} ({}) loses on time ({:.3} s for a move with {:.3} s allowed)",
                side_name(side),
                names[i],
                time.as_secs_f64(),
                allowed.as_secs_f64()
            );
            lose(&mut record, side, Termination::TimeForfeit, reason);
            break;
        }
        let legal = match mv {
            Ok(Some(m)) => pos.resolve_move(&m).map_err(|e| format!("plays an illegal move: {e}")),
            Ok(None) => Err(format!("answers '{line}' with {} legal moves", pos.legal_move_vec().len())),
            Err(e) => Err(format!("plays an illegal move: {e}")),
        };
        let m = match legal {
            Ok(m) => m,
            Err(reason) => {
                lose(
                    &mut record,
                    side,
                    Termination::IllegalMove,
                    format!("{} ({}) {reason}", side_name(side), names[i]),
                );
                break;
            }
        };
        let canonical = pos.move_coord(m);
        pos.make(m);
        record.moves.push(PlayedMove {
            text: canonical.to_string(),
            book: false,
            score,
            depth,
            time: Some(time),
        });
        move_texts.push(canonical);
        if let Some((result, reason)) = judge.after_move(side, score, pos.fullmove_number()) {
            record.result = result;
            record.termination = Termination::Adjudication;
            record.reason = reason;
            break;
        }
    }
    GameOutcome { record, failed }
}

/// Ends the game as a loss for `color`.
fn lose(record: &mut GameRecord, color: Color, termination: Termination, reason: String) {
    record.result = GameResult::loss_for(color);
    record.termination = termination;
    record.reason = reason;
}

/// The termination and verb for an engine error.
fn fault_of(e: &EngineError) -> (Termination, &'static str) {
    match e {
        EngineError::Crashed(_) => (Termination::Crashed, "crashed"),
        EngineError::Hung(_) => (Termination::Hung, "hung"),
    }
}

/// Sends the position and `go`, and waits for `bestmove` with a deadline.
fn think(engine: &mut UciEngine, position: &Command, side: Color, clocks: &[Option<Clock>; 2], setup: &GameSetup) -> Answer {
    let limits = engine.config.limits;
    let i = side.index();
    let go = Command::Go(limits.go(clocks, side));
    let crash = |e: EngineError| {
        let (termination, _) = fault_of(&e);
        Answer::Fault {
            termination,
            reason: e.to_string(),
            failed: true,
        }
    };
    if let Err(e) = engine.drain().and_then(|_| engine.send(position)).and_then(|_| engine.send(go)) {
        return crash(e);
    }
    let start = Instant::now();
    let budget = match (clocks[i], limits.movetime) {
        (Some(c), _) => Some(c.remaining),
        (None, Some(mt)) => Some(mt),
        (None, None) => None,
    };
    let timed = limits.is_timed();
    let deadline = start + budget.map_or(setup.timing.untimed_move, |b| b + limits.margin);
    let mut stopped = false;
    let mut wait_until = deadline;
    let (mut score, mut depth) = (None, None);
    loop {
        match engine.recv(wait_until) {
            Recv::Line((at, line)) => {
                // Other replies, and lines that are none, are passed over;
                // a `bestmove` that cannot be read is the engine's move all
                // the same (an illegal one).
                let mv = match parse_reply(&line) {
                    Ok(Some(Reply::Info(info))) => {
                        if info.score.is_some() {
                            score = info.score;
                            depth = info.depth.or(depth);
                        }
                        continue;
                    }
                    Ok(Some(Reply::BestMove { mv, .. })) => Ok(mv),
                    Err(e) if e.command() == Some("bestmove") => Err(e),
                    _ => continue,
                };
                let time = at.saturating_duration_since(start);
                if stopped && !timed {
                    let reason = format!(
                        "gives no move within {:.1} s (answered 'stop')",
                        setup.timing.untimed_move.as_secs_f64()
                    );
                    return Answer::Fault {
                        termination: Termination::Hung,
                        reason,
                        failed: false,
                    };
                }
                return Answer::Move {
                    line: line.trim().to_owned(),
                    mv,
                    time,
                    score,
                    depth,
                };
            }
            Recv::Timeout if !stopped => {
                // Past the deadline: ask for a move; if it comes it is late
                // (a time forfeit), if not the engine hangs.
                stopped = true;
                if let Err(e) = engine.send(Command::Stop) {
                    return crash(e);
                }
                wait_until = Instant::now() + setup.timing.stop_grace;
            }
            Recv::Timeout => {
                let waited = start.elapsed().as_secs_f64();
                return Answer::Fault {
                    termination: Termination::Hung,
                    reason: format!("hangs: no bestmove after {waited:.1} s, not even after 'stop'"),
                    failed: true,
                };
            }
            Recv::Eof => {
                let e = engine.crashed("its output ended during the search");
                return Answer::Fault {
                    termination: Termination::Crashed,
                    reason: e.to_string(),
                    failed: true,
                };
            }
        }
    }
}

/// Score-based adjudication state.
struct Judge {
    rules: Adjudication,
    /// Consecutive own moves at or below the resign score, per side.
    resign_run: [u32; 2],
    last_score: [Option<i32>; 2],
    /// Consecutive half-moves with a score inside the draw window.
    draw_run: u32,
}

impl Judge {
    fn new(rules: Adjudication) -> Judge {
        Judge {
            rules,
            resign_run: [0; 2],
            last_score: [None; 2],
            draw_run: 0,
        }
    }

    /// Updates after `side` moved with `score` (its own view); the result
    /// if the game is adjudicated. `fullmove` is the position's move number.
    fn after_move(&mut self, side: Color, score: Option<Score>, fullmove: u32) -> Option<(GameResult, String)> {
        let i = side.index();
        let cp = score.map(|s| s.value.as_cp());
        self.last_score[i] = cp;
        if let Some(r) = self.rules.resign {
            match cp {
                Some(c) if c <= -r.score => self.resign_run[i] += 1,
                _ => self.resign_run[i] = 0,
            }
            let opponent_agrees = !r.twosided || self.last_score[1 - i].is_some_and(|o| o >= r.score);
            if self.resign_run[i] >= r.movecount && opponent_agrees {
                let text = score.map(|s| score_text(s.value)).unwrap_or_default();
                return Some((
                    GameResult::loss_for(side),
                    format!(
                        "{} resigns by adjudication (score {text} for {} moves)",
                        side_name(side),
                        r.movecount
                    ),
                ));
            }
        }
        if let Some(d) = self.rules.draw {
            match cp {
                Some(c) if c.abs() <= d.score => self.draw_run += 1,
                _ => self.draw_run = 0,
            }
            if fullmove >= d.movenumber && self.draw_run >= 2 * d.movecount {
                return Some((
                    GameResult::Draw,
                    format!("draw by adjudication (scores within ±{} cp for {} moves)", d.score, d.movecount),
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_and_terminations() {
        assert_eq!(GameResult::loss_for(Color::White), GameResult::BlackWins);
        assert_eq!(GameResult::WhiteWins.score_for(Color::Black), Some(0.0));
        assert_eq!(GameResult::Draw.score_for(Color::White), Some(0.5));
        for r in ["1-0", "0-1", "1/2-1/2", "*"] {
            assert_eq!(GameResult::from_pgn(r).unwrap().pgn(), r);
        }
        for t in Termination::ALL {
            assert_eq!(Termination::from_text(t.text()), Some(t));
        }
    }

    #[test]
    fn resign_needs_consecutive_moves() {
        let rules = Adjudication {
            resign: Some(ResignRule {
                movecount: 3,
                score: 500,
                twosided: false,
            }),
            ..Default::default()
        };
        let mut j = Judge::new(rules);
        let bad = Some(Score::cp(-600));
        assert!(j.after_move(Color::White, bad, 1).is_none());
        assert!(j.after_move(Color::Black, Some(Score::cp(600)), 1).is_none());
        assert!(j.after_move(Color::White, bad, 2).is_none());
        // A better score breaks the run.
        assert!(j.after_move(Color::White, Some(Score::cp(-100)), 3).is_none());
        assert!(j.after_move(Color::White, bad, 4).is_none());
        assert!(j.after_move(Color::White, Some(Score::mate(-4)), 5).is_none());
        let (r, why) = j.after_move(Color::White, bad, 6).unwrap();
        assert_eq!(r, GameResult::BlackWins);
        assert!(why.contains("White resigns"), "{why}");
    }

    #[test]
    fn draw_needs_move_number_and_both_sides() {
        let rules = Adjudication {
            draw: Some(DrawRule {
                movenumber: 5,
                movecount: 2,
                score: 10,
            }),
            ..Default::default()
        };
        let mut j = Judge::new(rules);
        let level = Some(Score::cp(5));
        // Four quiet half-moves, but before move 5.
        for (k, side) in [Color::White, Color::Black, Color::White, Color::Black].into_iter().enumerate() {
            assert!(j.after_move(side, level, 1 + k as u32 / 2).is_none());
        }
        assert!(j.after_move(Color::White, Some(Score::cp(50)), 5).is_none());
        assert!(j.after_move(Color::Black, level, 5).is_none());
        assert!(j.after_move(Color::White, level, 6).is_none());
        assert!(j.after_move(Color::Black, level, 6).is_none());
        let (r, _) = j.after_move(Color::White, level, 7).unwrap();
        assert_eq!(r, GameResult::Draw);
    }
}
