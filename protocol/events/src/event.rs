//! One line of the event log: `{"type": KIND, "at": UNIX_MS, ...}`.
//!
//! Fields a viewer can do without are optional, so that a log written by
//! hand (the tests, a script) or by another runner reads as far as it
//! goes; a field of the wrong type, or a kind this version does not know,
//! is an error naming it ([`Line::parse`]), which the server shows as a
//! notice instead of guessing.

use crate::standings::Standings;
use serde::{Deserialize, Serialize};

/// An engine's score: `{"cp": 35}` or `{"mate": -3}` (moves to mate in the
/// UCI sense), from the view it was given in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    Cp(i32),
    Mate(i32),
}

impl Score {
    /// The same score from the other side's view.
    pub fn flipped(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(m) => Score::Mate(-m),
        }
    }
}

/// A side of the board, as the log names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

/// Both clocks, milliseconds left, White's first (`null` for a side
/// without one: a fixed-nodes or fixed-depth game).
pub type Clocks = [Option<u64>; 2];

/// One line: when it was written (the runner's clock, Unix milliseconds)
/// and what happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Line {
    #[serde(default)]
    pub at: u64,
    #[serde(flatten)]
    pub event: Event,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A run begins: the first line of every run of the runner.
    Match(MatchStart),
    GameStart(GameStart),
    /// An engine's search report (throttled by the runner).
    Info(Info),
    Move(Move),
    /// A game is over, or was stopped (result `*`).
    GameEnd(GameEnd),
    /// The standings after a finished game.
    Standings {
        finished: usize,
        games: usize,
        /// The runner's own table (`None` if it could not fit one).
        #[serde(default)]
        table: Option<Standings>,
    },
    /// A run ends: the summary the runner prints.
    MatchEnd {
        #[serde(default)]
        run: String,
        #[serde(default)]
        summary: String,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchStart {
    /// This run's identity (start time and process): another `match` line
    /// with another run means the log was started again.
    #[serde(default)]
    pub run: String,
    pub variant: String,
    /// The PGN's Event and Site.
    #[serde(default)]
    pub event: String,
    #[serde(default)]
    pub site: String,
    pub engines: Vec<String>,
    /// Each engine's time control, as the PGN's TimeControl tag.
    #[serde(default)]
    pub tc: Vec<String>,
    /// Games in the run.
    pub games: usize,
    #[serde(default)]
    pub concurrency: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameStart {
    /// The game's number, from 1 (the PGN's Round).
    pub game: usize,
    pub variant: String,
    pub white: String,
    pub black: String,
    /// The start position (`None`: the variant's).
    #[serde(default)]
    pub fen: Option<String>,
    /// The opening's moves, played before the engines' first.
    #[serde(default)]
    pub book: Vec<String>,
    /// White's and Black's time controls.
    #[serde(default)]
    pub tc: Vec<String>,
    #[serde(default)]
    pub clock: Clocks,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Info {
    pub game: usize,
    pub side: Side,
    /// The ply thought about (0-based, book moves included).
    pub ply: usize,
    /// The engine's own view, and White's.
    pub score: Score,
    pub white_score: Score,
    #[serde(default)]
    pub depth: Option<u32>,
    #[serde(default)]
    pub nodes: Option<u64>,
    #[serde(default)]
    pub nps: Option<u64>,
    /// Search time, milliseconds.
    #[serde(default)]
    pub time: Option<u64>,
    #[serde(default)]
    pub pv: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Move {
    pub game: usize,
    pub side: Side,
    /// The move's ply (0-based).
    pub ply: usize,
    #[serde(rename = "move")]
    pub text: String,
    #[serde(default)]
    pub score: Option<Score>,
    #[serde(default)]
    pub white_score: Option<Score>,
    #[serde(default)]
    pub depth: Option<u32>,
    /// Thinking time, milliseconds.
    #[serde(default)]
    pub time: Option<u64>,
    /// The clocks after the move.
    #[serde(default)]
    pub clock: Clocks,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEnd {
    pub game: usize,
    #[serde(default)]
    pub white: String,
    #[serde(default)]
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The PGN's Termination.
    #[serde(default)]
    pub termination: String,
    /// Why, in words (the PGN's result comment).
    #[serde(default)]
    pub reason: String,
    #[serde(default)]
    pub plies: usize,
    /// The game as the PGN file has it.
    #[serde(default)]
    pub pgn: Option<String>,
}

impl Event {
    /// The kind, as the `type` field and the live stream's event names
    /// have it.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Match(_) => "match",
            Event::GameStart(_) => "game_start",
            Event::Info(_) => "info",
            Event::Move(_) => "move",
            Event::GameEnd(_) => "game_end",
            Event::Standings { .. } => "standings",
            Event::MatchEnd { .. } => "match_end",
        }
    }

    /// The game the event is about, if it is about one.
    pub fn game(&self) -> Option<usize> {
        match self {
            Event::GameStart(g) => Some(g.game),
            Event::Info(i) => Some(i.game),
            Event::Move(m) => Some(m.game),
            Event::GameEnd(g) => Some(g.game),
            _ => None,
        }
    }
}

impl Line {
    /// Reads one line of the log (without its newline), or says what is
    /// wrong with it.
    pub fn parse(text: &str) -> Result<Line, String> {
        serde_json::from_str(text).map_err(|e| {
            let e = e.to_string();
            // serde's "unknown variant" lists every kind: shorter is clearer.
            match e.split_once(", expected one of") {
                Some((head, _)) => format!("{} (not a kind of event this server knows)", head.replace("variant", "type")),
                None => e,
            }
        })
    }

    /// The line as the log holds it: JSON, no newline.
    pub fn to_json(&self) -> String {
        // A value of these types always serializes (no maps with
        // non-string keys, no failing Serialize impls).
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_it_was_written() {
        let line = Line {
            at: 17,
            event: Event::Move(Move {
                game: 3,
                side: Side::Black,
                ply: 1,
                text: "e9e7".into(),
                score: Some(Score::Mate(-2)),
                white_score: Some(Score::Mate(2)),
                depth: Some(9),
                time: Some(12),
                clock: [Some(1000), None],
            }),
        };
        let text = line.to_json();
        assert!(
            text.starts_with(r#"{"at":17,"type":"move","game":3,"side":"black","ply":1,"move":"e9e7","score":{"mate":-2}"#),
            "{text}"
        );
        assert_eq!(Line::parse(&text), Ok(line));
    }

    #[test]
    fn what_a_viewer_can_do_without_may_be_left_out() {
        let line = Line::parse(r#"{"type":"game_end","game":2,"result":"1-0"}"#).unwrap();
        assert_eq!(line.at, 0);
        match line.event {
            Event::GameEnd(g) => assert_eq!((g.game, g.result.as_str(), g.pgn), (2, "1-0", None)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        for (text, says) in [
            (r#"{"type":"mo"#, "EOF"),
            (r#"[1,2]"#, "invalid type"),
            (r#"{"game":1}"#, "missing field `type`"),
            (
                r#"{"type":"castle","game":1}"#,
                "unknown type `castle` (not a kind of event this server knows)",
            ),
            (r#"{"type":"move","game":"one"}"#, "invalid type: string \"one\""),
        ] {
            let e = Line::parse(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
