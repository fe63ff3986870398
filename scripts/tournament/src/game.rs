//! One refereed game between two running engines.
//!
//! The rules library is the referee: every move (UCI `bestmove`, CECP
//! `move`) must name a legal move of the position, and the game ends when
//! the rules say so (mate, stalemate, repetition, 50 moves, insufficient
//! material). An engine loses for an illegal or unparsable move (including
//! `bestmove (none)` while it has moves), for overstepping its time by more
//! than the margin, for crashing (its output ends or its input breaks), for
//! hanging (no move even after `stop`/`?`) and for resigning. Optional
//! adjudication by the engines' own scores ends hopeless or dead games
//! early. The loop does not know which protocol an engine speaks
//! (`engine::Engine`).

use crate::driver::{Answer, PonderStats, Timing, Turn};
use crate::ending::{GameResult, Termination};
use crate::engine::Engine;
use crate::error::EngineError;
use crate::live::Feed;
use crate::openings::Opening;
use crate::pgn::comment_score;
use crate::record::{GameRecord, PlayedMove};
use crate::tc::Clock;
use protocol::{MoveText, Score};
use rules::{Color, Position, Variant};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime};

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

/// What to play.
#[derive(Clone, Debug)]
pub struct GameSetup {
    pub variant: Variant,
    pub round: u32,
    pub opening: Opening,
    pub adjudication: Adjudication,
    pub timing: Timing,
    /// Where the game's events go (`--events`; a no-op without a log).
    pub feed: Feed,
}

/// A finished game and which engines must be restarted.
#[derive(Debug)]
pub struct GameOutcome {
    pub record: GameRecord,
    /// White's and Black's engine failed (crash, hang) and must be restarted.
    pub failed: [bool; 2],
    /// How White's and Black's ponder searches ended in this game.
    pub ponder: [PonderStats; 2],
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Plays one game. `engines` are White's and Black's; both must be started.
/// `abort` stops the game between moves (result `*`).
pub fn play_game(engines: [&mut Engine; 2], setup: &GameSetup, abort: &AtomicBool) -> GameOutcome {
    let variant = setup.variant;
    let names = [engines[0].config().name.clone(), engines[1].config().name.clone()];
    let limits = [engines[0].config().limits, engines[1].config().limits];
    let record = GameRecord {
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
    let mut outcome = GameOutcome {
        record,
        failed: [false; 2],
        ponder: [PonderStats::default(); 2],
    };
    play(engines, setup, abort, &mut outcome);
    outcome
}

/// The game proper, filling in `outcome`; then both engines hear that the
/// game is over.
fn play(engines: [&mut Engine; 2], setup: &GameSetup, abort: &AtomicBool, outcome: &mut GameOutcome) {
    let variant = setup.variant;
    let record = &mut outcome.record;
    let failed = &mut outcome.failed;
    let names = [record.white.clone(), record.black.clone()];
    let limits = [engines[0].config().limits, engines[1].config().limits];
    let start = Position::from_fen(variant, &setup.opening.fen);
    let (mut pos, start) = match (setup.opening.replay(variant), start) {
        (Ok((pos, _)), Ok(start)) => (pos, start),
        (Err(e), _) => {
            record.reason = format!("bad opening: {e}");
            return;
        }
        (_, Err(e)) => {
            record.reason = format!("bad opening: {e}");
            return;
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
        if let Err(e) = engines[i].new_game(&start, setup.timing.sync) {
            failed[i] = true;
            lose_to_error(record, color, &names[i], &e, "before the game");
            return;
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
                return;
            }
        }
    }
    let mut clocks = [limits[0].clock.map(Clock::new), limits[1].clock.map(Clock::new)];
    setup.feed.game_start(record, &clocks);
    let mut judge = Judge::new(setup.adjudication);
    loop {
        if let Some(end) = pos.outcome() {
            record.result = end.result();
            record.termination = Termination::of_outcome(end);
            record.reason = end.to_string();
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
        let turn = Turn {
            fen: fen.as_deref(),
            moves: &move_texts,
            pos: &pos,
            clocks: &clocks,
            timing: &setup.timing,
            feed: &setup.feed,
        };
        let (mv, time, score, depth) = match engines[i].think(&turn) {
            Answer::Move { mv, time, score, depth } => (mv, time, score, depth),
            Answer::Lost {
                termination,
                reason,
                failed: f,
            } => {
                failed[i] = f;
                lose(record, side, termination, format!("{} ({}) {reason}", side_name(side), names[i]));
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
            lose(record, side, Termination::TimeForfeit, reason);
            break;
        }
        let m = match mv {
            Ok(m) => m,
            Err(reason) => {
                lose(
                    record,
                    side,
                    Termination::IllegalMove,
                    format!("{} ({}) {reason}", side_name(side), names[i]),
                );
                break;
            }
        };
        let canonical = pos.move_coord(m);
        pos.make(m);
        let played = PlayedMove {
            text: canonical.to_string(),
            book: false,
            score,
            depth,
            time: Some(time),
        };
        setup.feed.moved(side, record.moves.len(), &played, &clocks);
        record.moves.push(played);
        move_texts.push(canonical);
        if let Some((result, reason)) = judge.after_move(side, score, pos.fullmove_number()) {
            record.result = result;
            record.termination = Termination::Adjudication;
            record.reason = reason;
            break;
        }
        // The opponent's turn: the engine may ponder on it.
        let turn = Turn {
            fen: fen.as_deref(),
            moves: &move_texts,
            pos: &pos,
            clocks: &clocks,
            timing: &setup.timing,
            feed: &setup.feed,
        };
        if let Err(e) = engines[i].ponder(&turn) {
            failed[i] = true;
            lose_to_error(record, side, &names[i], &e, "starting to ponder");
            break;
        }
    }
    // The engines hear the end (a ponder search stops, a CECP engine gets
    // the result). The result stands; an engine that fails here is noted
    // in the reason and restarted.
    for (i, color) in Color::ALL.into_iter().enumerate() {
        if !failed[i] {
            if let Err(e) = engines[i].end_game(record.result, &record.reason, &setup.timing) {
                failed[i] = true;
                let _ = write!(record.reason, "; {} ({}) after the game: {e}", side_name(color), names[i]);
            }
        }
        outcome.ponder[i] = engines[i].take_ponder_stats();
    }
}

/// Ends the game as a loss for `color`.
fn lose(record: &mut GameRecord, color: Color, termination: Termination, reason: String) {
    record.result = GameResult::loss_for(color);
    record.termination = termination;
    record.reason = reason;
}

/// Ends the game as a loss for `color`, whose engine (`name`) failed
/// with `e` at the moment `when` names.
fn lose_to_error(record: &mut GameRecord, color: Color, name: &str, e: &EngineError, when: &str) {
    let (t, why) = e.termination();
    lose(record, color, t, format!("{} ({name}) {why} {when}: {e}", side_name(color)));
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
                let text = score.map(|s| comment_score(s.value).to_string()).unwrap_or_default();
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
