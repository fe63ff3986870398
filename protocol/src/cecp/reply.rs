//! Output: typed [`Reply`]s to CECP lines (engine-intf.html sections 9,
//! 10 and 12). `Display` writes exactly one line without its terminator;
//! free text has line breaks and other control characters replaced by
//! spaces, so a reply can never split. Input: [`parse_reply`] reads such
//! lines back (`parse.rs`).

mod parse;

use std::fmt;

pub use parse::parse_reply;

use super::command::GameResult;
use super::moves::CecpMove;
use crate::reply::Bound;
use crate::text::OneLine;
use rules::text::coord::Square;

/// A feature value: `name=1`, `name=3`, `name="text"`. Read back, a bare
/// `0` or `1` is a [`FeatureValue::Bool`] (the text cannot tell it from
/// an `Int` of that value, and CECP's numeric features are flags).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeatureValue {
    /// `0` or `1`.
    Bool(bool),
    /// A decimal integer.
    Int(i64),
    /// A string, written in double quotes (a `"` inside becomes `'`).
    Str(String),
}

/// One `NAME=VALUE` of a `feature` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feature {
    /// The feature name, e.g. `myname`.
    pub name: String,
    /// Its value.
    pub value: FeatureValue,
}

impl Feature {
    /// A boolean feature.
    pub fn flag(name: &str, on: bool) -> Self {
        Self {
            name: name.to_owned(),
            value: FeatureValue::Bool(on),
        }
    }

    /// A string feature.
    pub fn text(name: &str, value: &str) -> Self {
        Self {
            name: name.to_owned(),
            value: FeatureValue::Str(value.to_owned()),
        }
    }

    /// `option="NAME -TYPE ..."`, an engine-defined option (the GUI
    /// keeps every one, unlike the other features).
    pub fn option(option: &EngineOption) -> Self {
        Self::text("option", &option.to_string())
    }

    /// An integer feature.
    pub fn int(name: &str, value: i64) -> Self {
        Self {
            name: name.to_owned(),
            value: FeatureValue::Int(value),
        }
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name: String = self.name.chars().filter(|c| c.is_ascii_graphic() && *c != '=').collect();
        match &self.value {
            FeatureValue::Bool(b) => write!(f, "{name}={}", u8::from(*b)),
            FeatureValue::Int(n) => write!(f, "{name}={n}"),
            FeatureValue::Str(s) => write!(f, "{name}=\"{}\"", OneLine(&s.replace('"', "'"))),
        }
    }
}

/// How an engine-defined option shows in the GUI's dialog: the type of an
/// `option` feature (engine-intf.html section 9) with its current value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionControl {
    /// `-check 0|1`: a checkbox.
    Check(bool),
    /// `-spin VALUE MIN MAX`: an integer in a range.
    Spin {
        /// The current value.
        value: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// `-string TEXT`: a text field.
    String(String),
    /// `-file PATH`: a text field with a file browser.
    File(String),
    /// `-button`: no value; the GUI sends `option NAME` when pressed.
    Button,
    /// `-combo A /// *B /// C`: one of the choices; the current one is
    /// marked by a leading `*`.
    Combo {
        /// The current choice.
        value: String,
        /// Every choice, in the order shown.
        choices: Vec<String>,
    },
}

/// An engine-defined option: the value of `feature option="NAME -TYPE ..."`.
/// The GUI answers a change with `option NAME=VALUE` (`option NAME` for a
/// button), which [`super::parse_line`] reads as [`super::Command::Option`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineOption {
    /// The name shown, and sent back in `option NAME=VALUE`.
    pub name: String,
    /// Its type and value.
    pub control: OptionControl,
}

impl fmt::Display for EngineOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The GUI finds the type at the first ` -`: the name cannot hold
        // one, nor an `=`, which ends it in `option NAME=VALUE`.
        let name = self.name.replace(" -", " _").replace('=', "_");
        write!(f, "{} ", OneLine(name.trim()))?;
        match &self.control {
            OptionControl::Check(on) => write!(f, "-check {}", u8::from(*on)),
            OptionControl::Spin { value, min, max } => write!(f, "-spin {value} {min} {max}"),
            OptionControl::String(text) => write!(f, "-string {}", OneLine(text)),
            OptionControl::File(path) => write!(f, "-file {}", OneLine(path)),
            OptionControl::Button => f.write_str("-button"),
            OptionControl::Combo { value, choices } => {
                f.write_str("-combo")?;
                for (i, choice) in choices.iter().enumerate() {
                    let mark = if choice == value { "*" } else { "" };
                    let sep = if i == 0 { " " } else { " /// " };
                    write!(f, "{sep}{mark}{}", OneLine(choice))?;
                }
                Ok(())
            }
        }
    }
}

impl std::str::FromStr for EngineOption {
    type Err = String;

    /// Reads the text of an `option` feature back (the inverse of `Display`
    /// for what it writes).
    fn from_str(text: &str) -> Result<EngineOption, String> {
        let (name, rest) = text
            .split_once(" -")
            .ok_or_else(|| format!("option feature '{text}' has no ' -TYPE'"))?;
        let (kind, args) = rest.split_once(' ').unwrap_or((rest, ""));
        let control = match kind {
            "check" => match args.trim() {
                "0" => OptionControl::Check(false),
                "1" => OptionControl::Check(true),
                other => return Err(format!("option '{name}': -check takes 0 or 1, not '{other}'")),
            },
            "spin" => {
                let numbers: Vec<i64> = args
                    .split_whitespace()
                    .map(str::parse)
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("option '{name}': -spin takes three integers, not '{args}'"))?;
                let [value, min, max] = numbers[..] else {
                    return Err(format!("option '{name}': -spin takes three integers, not '{args}'"));
                };
                OptionControl::Spin { value, min, max }
            }
            "string" => OptionControl::String(args.to_owned()),
            "file" => OptionControl::File(args.to_owned()),
            "button" => OptionControl::Button,
            "combo" => {
                let mut value = String::new();
                let choices = args
                    .split("///")
                    .map(|c| {
                        let c = c.trim();
                        match c.strip_prefix('*') {
                            Some(marked) => {
                                value = marked.to_owned();
                                marked.to_owned()
                            }
                            None => c.to_owned(),
                        }
                    })
                    .collect();
                OptionControl::Combo { value, choices }
            }
            other => return Err(format!("option '{name}': unknown type '-{other}'")),
        };
        Ok(EngineOption {
            name: name.trim().to_owned(),
            control,
        })
    }
}

/// CECP's mate convention (engine-intf.html section 10): mate in N moves
/// is `100000 + N`, mated in N moves is `-100000 - N`.
pub const MATE_SCORE: i32 = 100_000;

/// A score in CECP units from the side to move's point of view.
pub fn mate_score(moves: i32) -> i32 {
    if moves > 0 {
        MATE_SCORE.saturating_add(moves)
    } else {
        (-MATE_SCORE).saturating_add(moves)
    }
}

/// One line of thinking output: `ply score time nodes [seldepth nps
/// tbhits]<TAB>pv`. When the optional fields are present the PV is
/// preceded by a tab, as the specification requires; a bound is marked
/// by `!` (fail high) or `?` (fail low) at the end of the PV. `seldepth`
/// and `nps` are written (and read back) together: one without the other
/// is written with the ply or 0 in place of the missing one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Thinking {
    /// Search depth in plies.
    pub ply: u32,
    /// Centipawns, or a [`mate_score`].
    pub score: i32,
    /// Search time in centiseconds.
    pub time_cs: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Selective depth; written together with `nps`.
    pub seldepth: Option<u32>,
    /// Nodes per second; written together with `seldepth`.
    pub nps: Option<u64>,
    /// Set when the score is only a bound.
    pub bound: Option<Bound>,
    /// The principal variation.
    pub pv: Vec<CecpMove>,
}

impl fmt::Display for Thinking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.ply, self.score, self.time_cs, self.nodes)?;
        if self.seldepth.is_some() || self.nps.is_some() {
            // Of the integers between nodes and the PV the last is tbhits,
            // the first the selective depth and the second the speed.
            write!(f, " {} {} 0\t", self.seldepth.unwrap_or(self.ply), self.nps.unwrap_or(0))?;
        } else {
            f.write_str(" ")?;
        }
        for (i, m) in self.pv.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        match self.bound {
            None => Ok(()),
            Some(Bound::Lower) => f.write_str("!"),
            Some(Bound::Upper) => f.write_str("?"),
        }
    }
}

/// The answer to `.` in analyze mode:
/// `stat01: time nodes ply mvleft mvtot [mvname]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stat01 {
    /// Elapsed time in centiseconds.
    pub time_cs: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Depth reached.
    pub ply: u32,
    /// Moves left to search at this depth.
    pub moves_left: u32,
    /// Moves at the root.
    pub moves_total: u32,
    /// The move being searched, if known.
    pub current: Option<CecpMove>,
}

/// `setup (PIECETOCHAR) WxH+S_PARENT FEN`: the engine defines the variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The piece-to-char table (`-pieceToCharTable` syntax).
    pub piece_to_char: String,
    /// Board width (files).
    pub width: u8,
    /// Board height (ranks).
    pub height: u8,
    /// Holdings size (0: no holdings).
    pub holdings: u8,
    /// The variant whose remaining rules XBoard applies.
    pub parent: String,
    /// The start position in XBoard's letters.
    pub fen: String,
}

/// A line from the engine to the GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// `feature A=1 B="x" ...` (empty: nothing is written after `feature`).
    Features(Vec<Feature>),
    /// `pong N`
    Pong(i64),
    /// `move MOVE`
    Move(CecpMove),
    /// `Illegal move: MOVE` or `Illegal move (REASON): MOVE`. The move is
    /// echoed as received; `(`, `)` and `:` in the reason become `[`, `]`
    /// and `;` so that the GUI finds the move.
    IllegalMove {
        /// The move text as received.
        mv: String,
        /// Why, if the engine says.
        reason: Option<String>,
    },
    /// `Error (ERRORTYPE): COMMAND`
    Error {
        /// The error type, e.g. `unknown command`.
        kind: String,
        /// The command as received.
        command: String,
    },
    /// `RESULT {COMMENT}`, e.g. `1-0 {White mates}`.
    Result {
        /// The result.
        result: GameResult,
        /// Why.
        comment: String,
    },
    /// `resign`
    Resign,
    /// `offer draw`
    OfferDraw,
    /// `Hint: MOVE`
    Hint(CecpMove),
    /// Thinking output.
    Thinking(Thinking),
    /// `stat01: ...`
    Stat01(Stat01),
    /// `setup (...) WxH+S_PARENT FEN`
    Setup(Setup),
    /// `piece ID PIECEDESC`; `both` writes `ID&` (the description holds
    /// for both colours).
    Piece {
        /// The white piece letter.
        id: char,
        /// Valid for both colours.
        both: bool,
        /// Betza notation.
        betza: String,
    },
    /// `highlight COLORFEN`
    Highlight(String),
    /// `choice PIECES`
    Choice(String),
    /// `click SQUARE`
    Click(Square),
    /// `telluser MESSAGE`
    TellUser(String),
    /// `tellusererror MESSAGE`
    TellUserError(String),
    /// `# COMMENT`: a debug line the GUI ignores.
    Comment(String),
    /// A line of the `bk` answer: a leading space, then the text (an empty
    /// text writes the empty line that ends the answer).
    BookLine(String),
}

/// Text that must not break a `REASON` in parentheses.
struct Reason<'a>(&'a str);

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let safe: String = self
            .0
            .chars()
            .map(|c| match c {
                '(' => '[',
                ')' => ']',
                ':' => ';',
                c => c,
            })
            .collect();
        write!(f, "{}", OneLine(&safe))
    }
}

/// A token-like text: whitespace and control characters removed.
struct Token<'a>(&'a str);

impl fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_control())
            .try_for_each(|c| write!(f, "{c}"))
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Features(features) => {
                f.write_str("feature")?;
                features.iter().try_for_each(|x| write!(f, " {x}"))
            }
            Self::Pong(n) => write!(f, "pong {n}"),
            Self::Move(m) => write!(f, "move {m}"),
            Self::IllegalMove { mv, reason: None } => write!(f, "Illegal move: {}", Token(mv)),
            Self::IllegalMove { mv, reason: Some(r) } => write!(f, "Illegal move ({}): {}", Reason(r), Token(mv)),
            Self::Error { kind, command } => write!(f, "Error ({}): {}", Reason(kind), OneLine(command)),
            Self::Result { result, comment } => {
                // Trimmed after the braces are gone, as the parser trims
                // what is inside them, so the text reads back to itself.
                write!(f, "{result} {{{}}}", OneLine(comment.replace(['{', '}'], "").trim()))
            }
            Self::Resign => f.write_str("resign"),
            Self::OfferDraw => f.write_str("offer draw"),
            Self::Hint(m) => write!(f, "Hint: {m}"),
            Self::Thinking(t) => write!(f, "{t}"),
            Self::Stat01(s) => {
                write!(f, "stat01: {} {} {} {} {}", s.time_cs, s.nodes, s.ply, s.moves_left, s.moves_total)?;
                s.current.as_ref().map_or(Ok(()), |m| write!(f, " {m}"))
            }
            Self::Setup(s) => write!(
                f,
                "setup ({}) {}x{}+{}_{} {}",
                Token(&s.piece_to_char),
                s.width,
                s.height,
                s.holdings,
                Token(&s.parent),
                OneLine(&s.fen)
            ),
            Self::Piece { id, both, betza } => {
                write!(
                    f,
                    "piece {}{} {}",
                    Token(&id.to_string()),
                    if *both { "&" } else { "" },
                    Token(betza)
                )
            }
            Self::Highlight(colors) => write!(f, "highlight {}", Token(colors)),
            Self::Choice(pieces) => write!(f, "choice {}", Token(pieces)),
            Self::Click(square) => write!(f, "click {square}"),
            Self::TellUser(m) => write!(f, "telluser {}", OneLine(m)),
            Self::TellUserError(m) => write!(f, "tellusererror {}", OneLine(m)),
            Self::Comment(m) => write!(f, "# {}", OneLine(m)),
            Self::BookLine(m) if m.is_empty() => Ok(()),
            Self::BookLine(m) => write!(f, " {}", OneLine(m)),
        }
    }
}
