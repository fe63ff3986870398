//! Output: typed [`Reply`]s to protocol lines. `Display` writes exactly
//! one line without its terminator; free text has line breaks and other
//! control characters replaced by spaces, so a reply can never split.
//! Input: [`parse_reply`] reads such lines back, from this engine or a
//! foreign one (`parse.rs`).

mod parse;

use std::fmt;

pub use parse::parse_reply;

use crate::text::{field, moves, OneLine};
use rules::text::coord::MoveText;

/// A line from the engine to the GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// `id name <name>`
    IdName(String),
    /// `id author <author>`
    IdAuthor(String),
    /// `option name <name> type <type> ...`
    Option(OptionDecl),
    /// `uciok`
    UciOk,
    /// `readyok`
    ReadyOk,
    /// `info depth ... pv ...`
    Info(Info),
    /// `info string <text>`
    InfoString(String),
    /// `bestmove <move> [ponder <move>]`, or `bestmove (none)` when `mv`
    /// is `None` (then `ponder` is not written).
    BestMove {
        /// The move to play.
        mv: Option<MoveText>,
        /// The expected reply, to ponder on.
        ponder: Option<MoveText>,
    },
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::IdName(name) => write!(f, "id name {}", OneLine(name)),
            Self::IdAuthor(author) => write!(f, "id author {}", OneLine(author)),
            Self::Option(decl) => write!(f, "{decl}"),
            Self::UciOk => f.write_str("uciok"),
            Self::ReadyOk => f.write_str("readyok"),
            Self::Info(info) => write!(f, "{info}"),
            Self::InfoString(text) => write!(f, "info string {}", OneLine(text)),
            Self::BestMove { mv: None, .. } => f.write_str("bestmove (none)"),
            Self::BestMove { mv: Some(mv), ponder } => {
                write!(f, "bestmove {mv}")?;
                ponder.as_ref().map_or(Ok(()), |p| write!(f, " ponder {p}"))
            }
        }
    }
}

/// An option the engine declares in answer to `uci`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionDecl {
    /// The option's name (may contain spaces, e.g. `Move Overhead`).
    pub name: String,
    /// Its type, default and limits.
    pub kind: OptionKind,
}

/// The type of an option, with its default and limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    /// `type check default true|false`
    Check {
        /// The default.
        default: bool,
    },
    /// `type spin default <n> min <n> max <n>`
    Spin {
        /// The default.
        default: i64,
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// `type combo default <v> var <v1> var <v2> ...`
    Combo {
        /// The default (one of `vars`).
        default: String,
        /// The choices.
        vars: Vec<String>,
    },
    /// `type button`
    Button,
    /// `type string default <text>`; an empty default is written `<empty>`,
    /// as Stockfish does.
    String {
        /// The default.
        default: String,
    },
}

/// Free text that must not be empty on the line: `<empty>` when it is.
struct Text<'a>(&'a str);

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.trim().is_empty() {
            f.write_str("<empty>")
        } else {
            write!(f, "{}", OneLine(self.0))
        }
    }
}

impl fmt::Display for OptionDecl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", OneLine(&self.name))?;
        match &self.kind {
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {}", Text(default))?;
                vars.iter().try_for_each(|v| write!(f, " var {}", Text(v)))
            }
            OptionKind::Button => f.write_str("button"),
            OptionKind::String { default } => write!(f, "string default {}", Text(default)),
        }
    }
}

/// A search score from the engine's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    /// Centipawns or moves to mate.
    pub value: ScoreValue,
    /// Set when the score is only a bound (fail high/low).
    pub bound: Option<Bound>,
}

impl Score {
    /// An exact score in centipawns.
    pub const fn cp(cp: i32) -> Self {
        Self {
            value: ScoreValue::Cp(cp),
            bound: None,
        }
    }

    /// An exact mate score in moves (negative: the engine is mated).
    pub const fn mate(moves: i32) -> Self {
        Self {
            value: ScoreValue::Mate(moves),
            bound: None,
        }
    }
}

/// `cp <n>` or `mate <n>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreValue {
    /// Centipawns.
    Cp(i32),
    /// Moves (not plies) to mate; negative when the engine is mated.
    Mate(i32),
}

impl ScoreValue {
    /// What [`ScoreValue::as_cp`] gives a mate in 0 moves: mates sit
    /// beyond every centipawn score an engine reports. (CECP's convention,
    /// [`crate::cecp::mate_score`], counts the other way: `100000 + N`.)
    pub const MATE_CP: i32 = 100_000;

    /// Mate distances are capped here by [`ScoreValue::as_cp`], so that no
    /// mate, however long, ranks with the centipawn scores.
    pub const MAX_MATE_MOVES: i32 = 10_000;

    /// The score as one number that orders all scores: centipawns as they
    /// are, mate in `m > 0` as `100000 - m` (a quicker mate is better),
    /// mated in `|m|` (`m <= 0`) as `-100000 - m` (a later mate is
    /// better). Mate distances beyond [`ScoreValue::MAX_MATE_MOVES`] count
    /// as that many moves.
    pub const fn as_cp(self) -> i32 {
        match self {
            Self::Cp(cp) => cp,
            Self::Mate(m) if m > 0 => Self::MATE_CP - min(m, Self::MAX_MATE_MOVES),
            Self::Mate(m) => -Self::MATE_CP + min(m.saturating_neg(), Self::MAX_MATE_MOVES),
        }
    }
}

/// `Ord::min` is not `const`.
const fn min(a: i32, b: i32) -> i32 {
    if a < b {
        a
    } else {
        b
    }
}

/// Which side of the true score a bound is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// `lowerbound`: the true score is at least this.
    Lower,
    /// `upperbound`: the true score is at most this.
    Upper,
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            ScoreValue::Cp(cp) => write!(f, "score cp {cp}")?,
            ScoreValue::Mate(moves) => write!(f, "score mate {moves}")?,
        }
        match self.bound {
            None => Ok(()),
            Some(Bound::Lower) => f.write_str(" lowerbound"),
            Some(Bound::Upper) => f.write_str(" upperbound"),
        }
    }
}

/// An `info` line. Unset fields are left out; the order is Stockfish's,
/// with `currmove`/`currmovenumber` before the `pv`, which comes last.
/// Fields of other engines that have no place here (`tbhits`, `cpuload`,
/// `refutation`, ...) are skipped by [`parse_reply`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    /// Completed iteration depth.
    pub depth: Option<u32>,
    /// Deepest ply reached.
    pub seldepth: Option<u32>,
    /// Line number in MultiPV mode (1-based).
    pub multipv: Option<u32>,
    /// The score of this line.
    pub score: Option<Score>,
    /// Win, draw and loss chances in per mille, from the engine's point
    /// of view (`wdl W D L`, written after the score as Stockfish does).
    pub wdl: Option<[u32; 3]>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Hash table fill, per mille.
    pub hashfull: Option<u32>,
    /// Time searched, in milliseconds.
    pub time: Option<u64>,
    /// The root move being searched.
    pub currmove: Option<MoveText>,
    /// Its number in the root move list (1-based).
    pub currmovenumber: Option<u32>,
    /// The principal variation (empty: not written).
    pub pv: Vec<MoveText>,
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        field(f, "depth", self.depth)?;
        field(f, "seldepth", self.seldepth)?;
        field(f, "multipv", self.multipv)?;
        if let Some(score) = self.score {
            write!(f, " {score}")?;
        }
        if let Some([w, d, l]) = self.wdl {
            write!(f, " wdl {w} {d} {l}")?;
        }
        field(f, "nodes", self.nodes)?;
        field(f, "nps", self.nps)?;
        field(f, "hashfull", self.hashfull)?;
        field(f, "time", self.time)?;
        field(f, "currmove", self.currmove.as_ref())?;
        field(f, "currmovenumber", self.currmovenumber)?;
        moves(f, "pv", &self.pv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> MoveText {
        text.parse().unwrap()
    }

    fn line(reply: Reply) -> String {
        reply.to_string()
    }

    #[test]
    fn id_lines() {
        assert_eq!(line(Reply::IdName("Gorgon 0.1".into())), "id name Gorgon 0.1");
        assert_eq!(
            line(Reply::IdAuthor("The Gorgon developers".into())),
            "id author The Gorgon developers"
        );
        assert_eq!(line(Reply::IdName("bad\nname".into())), "id name bad name");
    }

    #[test]
    fn simple_replies() {
        assert_eq!(line(Reply::UciOk), "uciok");
        assert_eq!(line(Reply::ReadyOk), "readyok");
    }

    fn option(name: &str, kind: OptionKind) -> String {
        line(Reply::Option(OptionDecl { name: name.into(), kind }))
    }

    #[test]
    fn option_declarations() {
        assert_eq!(
            option("Ponder", OptionKind::Check { default: true }),
            "option name Ponder type check default true"
        );
        assert_eq!(
            option(
                "Hash",
                OptionKind::Spin {
                    default: 16,
                    min: 1,
                    max: 262144
                }
            ),
            "option name Hash type spin default 16 min 1 max 262144"
        );
        let vars = vec!["pom".to_string(), "minipom".to_string()];
        assert_eq!(
            option(
                "UCI_Variant",
                OptionKind::Combo {
                    default: "pom".into(),
                    vars
                }
            ),
            "option name UCI_Variant type combo default pom var pom var minipom"
        );
        assert_eq!(option("Clear Hash", OptionKind::Button), "option name Clear Hash type button");
        assert_eq!(
            option("BookFile", OptionKind::String { default: String::new() }),
            "option name BookFile type string default <empty>"
        );
        assert_eq!(
            option(
                "BookFile",
                OptionKind::String {
                    default: "book.bin".into()
                }
            ),
            "option name BookFile type string default book.bin"
        );
        assert_eq!(
            option(
                "Move Overhead",
                OptionKind::Spin {
                    default: 10,
                    min: -5,
                    max: 5000
                }
            ),
            "option name Move Overhead type spin default 10 min -5 max 5000"
        );
    }

    #[test]
    fn info_string_stays_on_one_line() {
        assert_eq!(line(Reply::InfoString("error: bad move".into())), "info string error: bad move");
        assert_eq!(line(Reply::InfoString("a\r\nquit".into())), "info string a  quit");
        assert!(!line(Reply::InfoString("x\u{2028}y\u{85}z".into())).contains(['\u{2028}', '\u{85}']));
    }

    #[test]
    fn bestmove() {
        let reply = Reply::BestMove {
            mv: Some(mv("e3e5")),
            ponder: Some(mv("h10h8")),
        };
        assert_eq!(line(reply), "bestmove e3e5 ponder h10h8");
        assert_eq!(
            line(Reply::BestMove {
                mv: Some(mv("b7d8(H)")),
                ponder: None
            }),
            "bestmove b7d8(H)"
        );
        assert_eq!(line(Reply::BestMove { mv: None, ponder: None }), "bestmove (none)");
        assert_eq!(
            line(Reply::BestMove {
                mv: None,
                ponder: Some(mv("a1a2"))
            }),
            "bestmove (none)"
        );
    }

    #[test]
    fn info_in_stockfish_order() {
        let info = Info {
            depth: Some(12),
            seldepth: Some(18),
            multipv: Some(1),
            score: Some(Score::cp(35)),
            nodes: Some(123),
            nps: Some(456),
            hashfull: Some(7),
            time: Some(270),
            pv: vec![mv("e3e5"), mv("h10h8")],
            ..Info::default()
        };
        assert_eq!(
            line(Reply::Info(info.clone())),
            "info depth 12 seldepth 18 multipv 1 score cp 35 nodes 123 nps 456 hashfull 7 time 270 pv e3e5 h10h8"
        );
        let info = Info {
            wdl: Some([512, 400, 88]),
            ..info
        };
        assert_eq!(
            line(Reply::Info(info)),
            "info depth 12 seldepth 18 multipv 1 score cp 35 wdl 512 400 88 nodes 123 nps 456 hashfull 7 time 270 pv e3e5 h10h8"
        );
    }

    #[test]
    fn info_pv_keeps_morph_suffixes_and_comes_last() {
        let info = Info {
            depth: Some(3),
            currmove: Some(mv("b7d8(H)")),
            currmovenumber: Some(4),
            pv: vec![mv("b7d8(H)"), mv("c5d8(ME)"), mv("c10c11")],
            ..Info::default()
        };
        assert_eq!(
            line(Reply::Info(info)),
            "info depth 3 currmove b7d8(H) currmovenumber 4 pv b7d8(H) c5d8(ME) c10c11"
        );
        assert_eq!(line(Reply::Info(Info::default())), "info");
    }

    #[test]
    fn scores_and_bounds() {
        let score = |value, bound| Score { value, bound }.to_string();
        assert_eq!(score(ScoreValue::Cp(35), Some(Bound::Lower)), "score cp 35 lowerbound");
        assert_eq!(score(ScoreValue::Cp(-12), Some(Bound::Upper)), "score cp -12 upperbound");
        assert_eq!(score(ScoreValue::Mate(-3), None), "score mate -3");
        assert_eq!(Score::mate(2).to_string(), "score mate 2");
        let info = Info {
            score: Some(Score {
                value: ScoreValue::Mate(5),
                bound: Some(Bound::Lower),
            }),
            ..Info::default()
        };
        assert_eq!(info.to_string(), "info score mate 5 lowerbound");
    }

    #[test]
    fn as_cp_orders_mates_beyond_centipawns() {
        use ScoreValue::{Cp, Mate};
        assert_eq!(Cp(-35).as_cp(), -35);
        assert_eq!(Mate(3).as_cp(), 99_997);
        assert_eq!(Mate(-3).as_cp(), -99_997);
        assert_eq!(Mate(0).as_cp(), -100_000);
        let ordered = [Mate(0), Mate(-1), Mate(-30), Cp(-5000), Cp(0), Cp(5000), Mate(30), Mate(2), Mate(1)];
        assert!(ordered.windows(2).all(|w| w[0].as_cp() < w[1].as_cp()), "{ordered:?}");
        // No overflow, and the longest mates still beyond centipawns.
        assert_eq!(Mate(i32::MAX).as_cp(), 90_000);
        assert_eq!(Mate(i32::MIN).as_cp(), -90_000);
        assert!(Mate(i32::MIN).as_cp() < Cp(-50_000).as_cp());
    }
}
