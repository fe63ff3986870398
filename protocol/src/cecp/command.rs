//! Input: one line from XBoard/WinBoard to a typed [`Command`]
//! (engine-intf.html section 8, protocol version 2 with the 4.8 additions).

use std::fmt;

use super::error::CecpError;
use super::moves::CecpMove;
use crate::tokens::{is_keyword, Tokens};
use rules::text::coord::Square;

/// A time control from `level MPS BASE INC`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// Moves per session; 0 plays the whole game on the base time.
    pub moves: u32,
    /// The base time in milliseconds (`5` = 5 minutes, `0:30` = 30 s).
    pub base_ms: u64,
    /// The increment per move in milliseconds.
    pub inc_ms: u64,
}

/// A game result as CECP writes it (the rules' one type for it).
pub use rules::GameResult;

/// The argument of `exclude` and `include`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveSet {
    /// `all`
    All,
    /// One move.
    Move(CecpMove),
}

/// A command from the GUI. Free-text arguments are the tokens joined by
/// single spaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `xboard`
    Xboard,
    /// `protover N`
    Protover(u32),
    /// `accepted FEATURE`
    Accepted(String),
    /// `rejected FEATURE`
    Rejected(String),
    /// `new`
    New,
    /// `variant NAME`
    Variant(String),
    /// `quit`
    Quit,
    /// `random`
    Random,
    /// `force`
    Force,
    /// `go`
    Go,
    /// `playother`
    PlayOther,
    /// `white` (obsolete)
    White,
    /// `black` (obsolete)
    Black,
    /// `level MPS BASE INC`
    Level(Level),
    /// `st TIME`: exact time per move, in milliseconds.
    St(u64),
    /// `sd DEPTH`
    Sd(u32),
    /// `nps NODE_RATE`
    Nps(u64),
    /// `time N`: the engine's clock in centiseconds (may be negative).
    Time(i64),
    /// `otim N`: the opponent's clock in centiseconds.
    Otim(i64),
    /// `usermove MOVE`, or a move on a line by itself.
    UserMove(CecpMove),
    /// `?`: move now.
    MoveNow,
    /// `ping N`
    Ping(i64),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `result RESULT {COMMENT}`; the comment without its braces.
    Result {
        /// The result.
        result: GameResult,
        /// The comment (may be empty).
        comment: String,
    },
    /// `setboard FEN`: the FEN fields joined by single spaces.
    SetBoard(String),
    /// `edit` (the old way to set up positions).
    Edit,
    /// `hint`
    Hint,
    /// `bk`
    Bk,
    /// `undo`
    Undo,
    /// `remove`
    Remove,
    /// `hard`: pondering on.
    Hard,
    /// `easy`: pondering off.
    Easy,
    /// `post`
    Post,
    /// `nopost`
    NoPost,
    /// `analyze`
    Analyze,
    /// `exit`: leave analyze mode.
    Exit,
    /// `.`: analysis status request.
    Status,
    /// `name X`
    Name(String),
    /// `rating ENGINE OPPONENT`
    Rating(i32, i32),
    /// `ics HOSTNAME`
    Ics(String),
    /// `computer`
    Computer,
    /// `pause`
    Pause,
    /// `resume`
    Resume,
    /// `memory N` (megabytes)
    Memory(u64),
    /// `cores N`
    Cores(u32),
    /// `egtpath TYPE PATH`
    EgtPath {
        /// The table type.
        kind: String,
        /// The path (may contain spaces).
        path: String,
    },
    /// `option NAME[=VALUE]`
    Option {
        /// The option name.
        name: String,
        /// The value after `=`, if any.
        value: Option<String>,
    },
    /// `exclude MOVE|all`
    Exclude(MoveSet),
    /// `include MOVE|all`
    Include(MoveSet),
    /// `setscore SCORE DEPTH`
    SetScore(i32, u32),
    /// `lift SQUARE`: the user picked up the piece there.
    Lift(Square),
    /// `put SQUARE`: the user dropped it there (a trailing `,` is ignored).
    Put(Square),
    /// `hover SQUARE`
    Hover(Square),
    /// Gorgon's extension `d` (for a user at a terminal and for tests):
    /// the position as `#` comment lines, which XBoard ignores.
    D,
}

/// Parses the arguments of a command; called after the command word.
type ArgParser = fn(&mut Tokens<'_>) -> Result<Command, CecpError>;

macro_rules! bare {
    ($name:ident, $command:expr) => {
        fn $name(_: &mut Tokens<'_>) -> Result<Command, CecpError> {
            Ok($command)
        }
    };
}

bare!(xboard, Command::Xboard);
bare!(new, Command::New);
bare!(quit, Command::Quit);
bare!(random, Command::Random);
bare!(force, Command::Force);
bare!(go, Command::Go);
bare!(playother, Command::PlayOther);
bare!(white, Command::White);
bare!(black, Command::Black);
bare!(move_now, Command::MoveNow);
bare!(draw, Command::Draw);
bare!(edit, Command::Edit);
bare!(hint, Command::Hint);
bare!(bk, Command::Bk);
bare!(undo, Command::Undo);
bare!(remove, Command::Remove);
bare!(hard, Command::Hard);
bare!(easy, Command::Easy);
bare!(post, Command::Post);
bare!(nopost, Command::NoPost);
bare!(analyze, Command::Analyze);
bare!(exit, Command::Exit);
bare!(status, Command::Status);
bare!(computer, Command::Computer);
bare!(pause, Command::Pause);
bare!(resume, Command::Resume);
bare!(d, Command::D);

/// The next token, or `Missing`.
pub(super) fn required<'a>(tokens: &mut Tokens<'a>, command: &'static str, what: &'static str) -> Result<&'a str, CecpError> {
    tokens.next().ok_or(CecpError::Missing { command, what })
}

/// Fails on a token after the last argument.
pub(super) fn end(tokens: &mut Tokens<'_>, command: &'static str) -> Result<(), CecpError> {
    tokens.next().map_or(Ok(()), |t| Err(CecpError::too_many(command, t)))
}

/// An integer argument that is the whole token.
pub(super) fn integer<T: std::str::FromStr>(tokens: &mut Tokens<'_>, command: &'static str, what: &'static str) -> Result<T, CecpError> {
    let token = required(tokens, command, what)?;
    token.parse().map_err(|_| CecpError::bad(command, what, token))
}

/// The rest of the line, which must not be empty.
fn text(tokens: &mut Tokens<'_>, command: &'static str, what: &'static str) -> Result<String, CecpError> {
    let rest = tokens.rest_joined();
    if rest.is_empty() {
        Err(CecpError::Missing { command, what })
    } else {
        Ok(rest)
    }
}

/// Leading decimal digits of `s` as a number, and the rest.
fn leading_number(s: &str) -> Option<(u64, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 12 {
        return None;
    }
    Some((s[..digits].parse().ok()?, &s[digits..]))
}

/// Seconds with an optional decimal fraction (`12`, `0.5`, `.25`) as
/// milliseconds; digits past the third decimal are dropped.
fn seconds_ms(s: &str) -> Option<u64> {
    let (whole, fraction) = match s.split_once('.') {
        Some((w, f)) => (w, f),
        None => (s, ""),
    };
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let all_digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || !all_digits(fraction) || whole.len() > 12 {
        return None;
    }
    let whole: u64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let millis = fraction
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0u64, |m, d| m * 10 + u64::from(d - b'0'));
    whole.checked_mul(1000)?.checked_add(millis)
}

/// The BASE of `level`: minutes, or `minutes:seconds`; characters after the
/// number(s) are ignored, as the specification asks (`25+5` is 25 minutes).
fn base_ms(s: &str) -> Option<u64> {
    let (minutes, rest) = leading_number(s)?;
    let seconds = match rest.strip_prefix(':') {
        Some(after) => leading_number(after)?.0,
        None => 0,
    };
    minutes.checked_mul(60)?.checked_add(seconds)?.checked_mul(1000)
}

fn level(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    let moves = integer(tokens, "level", "moves per session")?;
    let base = required(tokens, "level", "base time")?;
    let base_ms = base_ms(base).ok_or_else(|| CecpError::bad("level", "minutes or minutes:seconds", base))?;
    let inc = required(tokens, "level", "increment")?;
    let inc_ms = seconds_ms(inc).ok_or_else(|| CecpError::bad("level", "an increment in seconds", inc))?;
    end(tokens, "level")?;
    Ok(Command::Level(Level { moves, base_ms, inc_ms }))
}

fn st(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    let t = required(tokens, "st", "time")?;
    let ms = seconds_ms(t).ok_or_else(|| CecpError::bad("st", "seconds per move", t))?;
    end(tokens, "st")?;
    Ok(Command::St(ms))
}

macro_rules! one_integer {
    ($name:ident, $word:literal, $what:literal, $variant:path) => {
        fn $name(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
            let n = integer(tokens, $word, $what)?;
            end(tokens, $word)?;
            Ok($variant(n))
        }
    };
}

one_integer!(protover, "protover", "a version number", Command::Protover);
one_integer!(sd, "sd", "a depth", Command::Sd);
one_integer!(nps, "nps", "a node rate", Command::Nps);
one_integer!(time, "time", "centiseconds", Command::Time);
one_integer!(otim, "otim", "centiseconds", Command::Otim);
one_integer!(ping, "ping", "a number", Command::Ping);
one_integer!(memory, "memory", "megabytes", Command::Memory);
one_integer!(cores, "cores", "a number of cores", Command::Cores);

fn accepted(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    text(tokens, "accepted", "feature").map(Command::Accepted)
}

fn rejected(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    text(tokens, "rejected", "feature").map(Command::Rejected)
}

fn variant(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    let name = required(tokens, "variant", "variant name")?;
    end(tokens, "variant")?;
    Ok(Command::Variant(name.to_owned()))
}

fn a_move(command: &'static str, token: &str) -> Result<CecpMove, CecpError> {
    token.parse().map_err(|error| CecpError::BadMove { command, error })
}

fn usermove(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    let token = required(tokens, "usermove", "move")?;
    let mv = a_move("usermove", token)?;
    end(tokens, "usermove")?;
    Ok(Command::UserMove(mv))
}

fn result(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    let token = required(tokens, "result", "result")?;
    let result = GameResult::from_pgn(token).ok_or_else(|| CecpError::bad("result", "1-0, 0-1, 1/2-1/2 or *", token))?;
    let rest = tokens.rest_joined();
    let comment = rest
        .strip_prefix('{')
        .map_or(rest.as_str(), |r| r.strip_suffix('}').unwrap_or(r))
        .trim();
    Ok(Command::Result {
        result,
        comment: comment.to_owned(),
    })
}

fn setboard(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    text(tokens, "setboard", "FEN").map(Command::SetBoard)
}

fn name(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    text(tokens, "name", "name").map(Command::Name)
}

fn rating(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    let mine = integer(tokens, "rating", "a rating")?;
    let theirs = integer(tokens, "rating", "a rating")?;
    end(tokens, "rating")?;
    Ok(Command::Rating(mine, theirs))
}

fn ics(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    let host = required(tokens, "ics", "host name")?;
    end(tokens, "ics")?;
    Ok(Command::Ics(host.to_owned()))
}

fn egtpath(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    let kind = required(tokens, "egtpath", "table type")?.to_owned();
    let path = text(tokens, "egtpath", "path")?;
    Ok(Command::EgtPath { kind, path })
}

fn option(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    let text = text(tokens, "option", "option name")?;
    let (name, value) = match text.split_once('=') {
        Some((n, v)) => (n.trim().to_owned(), Some(v.trim().to_owned())),
        None => (text, None),
    };
    if name.is_empty() {
        return Err(CecpError::Missing {
            command: "option",
            what: "option name",
        });
    }
    Ok(Command::Option { name, value })
}

fn move_set(tokens: &mut Tokens<'_>, command: &'static str) -> Result<MoveSet, CecpError> {
    let token = required(tokens, command, "move or 'all'")?;
    let set = if is_keyword(token, "all") {
        MoveSet::All
    } else {
        MoveSet::Move(a_move(command, token)?)
    };
    end(tokens, command)?;
    Ok(set)
}

fn exclude(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    move_set(tokens, "exclude").map(Command::Exclude)
}

fn include(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    move_set(tokens, "include").map(Command::Include)
}

fn setscore(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    let score = integer(tokens, "setscore", "a score")?;
    let depth = integer(tokens, "setscore", "a depth")?;
    end(tokens, "setscore")?;
    Ok(Command::SetScore(score, depth))
}

fn square(tokens: &mut Tokens<'_>, command: &'static str) -> Result<Square, CecpError> {
    let token = required(tokens, command, "square")?;
    let bare = token.strip_suffix(',').unwrap_or(token);
    let square = bare
        .parse()
        .map_err(|_| CecpError::bad(command, "a square (file a-z, rank 1-99)", token))?;
    end(tokens, command)?;
    Ok(square)
}

fn lift(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    square(tokens, "lift").map(Command::Lift)
}

fn put(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    square(tokens, "put").map(Command::Put)
}

fn hover(tokens: &mut Tokens<'_>) -> Result<Command, CecpError> {
    square(tokens, "hover").map(Command::Hover)
}

/// Every command word (matched exactly, as XBoard sends them) and its parser.
const COMMANDS: &[(&str, ArgParser)] = &[
    ("xboard", xboard),
    ("protover", protover),
    ("accepted", accepted),
    ("rejected", rejected),
    ("new", new),
    ("variant", variant),
    ("quit", quit),
    ("random", random),
    ("force", force),
    ("go", go),
    ("playother", playother),
    ("white", white),
    ("black", black),
    ("level", level),
    ("st", st),
    ("sd", sd),
    ("nps", nps),
    ("time", time),
    ("otim", otim),
    ("usermove", usermove),
    ("?", move_now),
    ("ping", ping),
    ("draw", draw),
    ("result", result),
    ("setboard", setboard),
    ("edit", edit),
    ("hint", hint),
    ("bk", bk),
    ("undo", undo),
    ("remove", remove),
    ("hard", hard),
    ("easy", easy),
    ("post", post),
    ("nopost", nopost),
    ("analyze", analyze),
    ("exit", exit),
    (".", status),
    ("name", name),
    ("rating", rating),
    ("ics", ics),
    ("computer", computer),
    ("pause", pause),
    ("resume", resume),
    ("memory", memory),
    ("cores", cores),
    ("egtpath", egtpath),
    ("option", option),
    ("exclude", exclude),
    ("include", include),
    ("setscore", setscore),
    ("lift", lift),
    ("put", put),
    ("hover", hover),
    ("d", d),
];

/// Parses one input line (with or without its line terminator).
///
/// Returns `Ok(None)` for a blank line. A line whose first token is no
/// command word but a move is a move to play (XBoard's way without
/// `feature usermove=1`). Commands without arguments ignore what follows
/// the command word; commands with arguments reject extra tokens. Never
/// panics, and runs in time linear in the line's length.
pub fn parse_line(line: &str) -> Result<Option<Command>, CecpError> {
    let mut tokens = Tokens::new(line);
    let Some(word) = tokens.next() else {
        return Ok(None);
    };
    if let Some((_, parser)) = COMMANDS.iter().find(|(name, _)| *name == word) {
        return parser(&mut tokens).map(Some);
    }
    match word.parse::<CecpMove>() {
        Ok(mv) => {
            end(&mut tokens, "move")?;
            Ok(Some(Command::UserMove(mv)))
        }
        Err(_) => Err(CecpError::UnknownCommand {
            token: crate::error::shown(word),
        }),
    }
}

impl std::str::FromStr for Command {
    type Err = CecpError;

    /// Like [`parse_line`], but a blank line is an error.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_line(s)?.ok_or(CecpError::Missing {
            command: "line",
            what: "command",
        })
    }
}

/// Free text on one line: every whitespace character becomes a space.
/// (Parsed text never holds any but the single spaces between tokens, and
/// other control characters cannot break a line.)
struct OneLine<'a>(&'a str);

impl fmt::Display for OneLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0
            .chars()
            .try_for_each(|c| write!(f, "{}", if c.is_whitespace() { ' ' } else { c }))
    }
}

/// Milliseconds as CECP seconds: `30`, `0.5`, `1.25`.
struct Seconds(u64);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (s, ms) = (self.0 / 1000, self.0 % 1000);
        if ms == 0 {
            write!(f, "{s}")
        } else {
            let fraction = format!("{ms:03}");
            write!(f, "{s}.{}", fraction.trim_end_matches('0'))
        }
    }
}

impl fmt::Display for Command {
    /// The canonical text, which [`parse_line`] reads back to an equal
    /// command (for free text without control characters).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Xboard => f.write_str("xboard"),
            Self::Protover(n) => write!(f, "protover {n}"),
            Self::Accepted(x) => write!(f, "accepted {}", OneLine(x)),
            Self::Rejected(x) => write!(f, "rejected {}", OneLine(x)),
            Self::New => f.write_str("new"),
            Self::Variant(v) => write!(f, "variant {}", OneLine(v)),
            Self::Quit => f.write_str("quit"),
            Self::Random => f.write_str("random"),
            Self::Force => f.write_str("force"),
            Self::Go => f.write_str("go"),
            Self::PlayOther => f.write_str("playother"),
            Self::White => f.write_str("white"),
            Self::Black => f.write_str("black"),
            Self::Level(l) => {
                let (min, sec) = (l.base_ms / 60_000, l.base_ms % 60_000 / 1000);
                write!(f, "level {} {min}", l.moves)?;
                if sec != 0 {
                    write!(f, ":{sec:02}")?;
                }
                write!(f, " {}", Seconds(l.inc_ms))
            }
            Self::St(ms) => write!(f, "st {}", Seconds(*ms)),
            Self::Sd(d) => write!(f, "sd {d}"),
            Self::Nps(n) => write!(f, "nps {n}"),
            Self::Time(t) => write!(f, "time {t}"),
            Self::Otim(t) => write!(f, "otim {t}"),
            Self::UserMove(m) => write!(f, "usermove {m}"),
            Self::MoveNow => f.write_str("?"),
            Self::Ping(n) => write!(f, "ping {n}"),
            Self::Draw => f.write_str("draw"),
            Self::Result { result, comment } => write!(f, "result {result} {{{}}}", OneLine(comment)),
            Self::SetBoard(fen) => write!(f, "setboard {}", OneLine(fen)),
            Self::Edit => f.write_str("edit"),
            Self::Hint => f.write_str("hint"),
            Self::Bk => f.write_str("bk"),
            Self::Undo => f.write_str("undo"),
            Self::Remove => f.write_str("remove"),
            Self::Hard => f.write_str("hard"),
            Self::Easy => f.write_str("easy"),
            Self::Post => f.write_str("post"),
            Self::NoPost => f.write_str("nopost"),
            Self::Analyze => f.write_str("analyze"),
            Self::Exit => f.write_str("exit"),
            Self::Status => f.write_str("."),
            Self::Name(n) => write!(f, "name {}", OneLine(n)),
            Self::Rating(a, b) => write!(f, "rating {a} {b}"),
            Self::Ics(h) => write!(f, "ics {}", OneLine(h)),
            Self::Computer => f.write_str("computer"),
            Self::Pause => f.write_str("pause"),
            Self::Resume => f.write_str("resume"),
            Self::Memory(mb) => write!(f, "memory {mb}"),
            Self::Cores(n) => write!(f, "cores {n}"),
            Self::EgtPath { kind, path } => write!(f, "egtpath {} {}", OneLine(kind), OneLine(path)),
            Self::Option { name, value: None } => write!(f, "option {}", OneLine(name)),
            Self::Option { name, value: Some(v) } => write!(f, "option {}={}", OneLine(name), OneLine(v)),
            Self::Exclude(MoveSet::All) => f.write_str("exclude all"),
            Self::Exclude(MoveSet::Move(m)) => write!(f, "exclude {m}"),
            Self::Include(MoveSet::All) => f.write_str("include all"),
            Self::Include(MoveSet::Move(m)) => write!(f, "include {m}"),
            Self::SetScore(s, d) => write!(f, "setscore {s} {d}"),
            Self::Lift(s) => write!(f, "lift {s}"),
            Self::Put(s) => write!(f, "put {s}"),
            Self::Hover(s) => write!(f, "hover {s}"),
            Self::D => f.write_str("d"),
        }
    }
}
