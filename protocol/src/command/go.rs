//! `go` and its search limits.

use std::fmt;

use super::Command;
use crate::error::{shown, ParseError};
use crate::text::{field, moves};
use crate::tokens::{find_keyword, Tokens};
use rules::text::coord::MoveText;

const COMMAND: &str = "go";

/// Every keyword of `go`; `searchmoves` stops at any of them.
pub(super) const KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// The arguments of `go`. Every field is optional; a plain `go` leaves
/// them all unset. Times are in milliseconds; clock times and increments
/// may be negative (GUIs send them when a flag has fallen).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    /// White's remaining time.
    pub wtime: Option<i64>,
    /// Black's remaining time.
    pub btime: Option<i64>,
    /// White's increment per move.
    pub winc: Option<i64>,
    /// Black's increment per move.
    pub binc: Option<i64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Search this many plies.
    pub depth: Option<u32>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search exactly this long.
    pub movetime: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder (search on the opponent's time until `ponderhit`/`stop`).
    pub ponder: bool,
    /// Restrict the root to these moves (empty: all moves).
    pub searchmoves: Vec<MoveText>,
    /// Extension `go perft <depth>`: count leaf nodes, divided by root move.
    pub perft: Option<u32>,
}

/// Parses the arguments of `go`, in any order. A repeated keyword
/// overwrites the earlier value; repeated `searchmoves` lists are joined.
pub(super) fn parse(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    let mut go = Go::default();
    while let Some(token) = tokens.next() {
        let Some(keyword) = find_keyword(KEYWORDS, token) else {
            return Err(ParseError::UnknownKeyword {
                command: COMMAND,
                token: shown(token),
            });
        };
        go.read(keyword, tokens)?;
    }
    Ok(Command::Go(go))
}

impl Go {
    /// Reads the value (if any) of `keyword` from `tokens`.
    fn read(&mut self, keyword: &'static str, tokens: &mut Tokens<'_>) -> Result<(), ParseError> {
        match keyword {
            "wtime" => self.wtime = Some(tokens.value(COMMAND, keyword)?),
            "btime" => self.btime = Some(tokens.value(COMMAND, keyword)?),
            "winc" => self.winc = Some(tokens.value(COMMAND, keyword)?),
            "binc" => self.binc = Some(tokens.value(COMMAND, keyword)?),
            "movestogo" => self.movestogo = Some(tokens.value(COMMAND, keyword)?),
            "depth" => self.depth = Some(tokens.value(COMMAND, keyword)?),
            "nodes" => self.nodes = Some(tokens.value(COMMAND, keyword)?),
            "mate" => {
                // A mate in 0 or fewer moves is no search to run.
                let n: i64 = tokens.value(COMMAND, keyword)?;
                if n < 1 {
                    return Err(ParseError::unexpected(COMMAND, "a mate in 1 or more moves", &n.to_string()));
                }
                self.mate = Some(u32::try_from(n).map_err(|_| ParseError::OutOfRange {
                    command: COMMAND,
                    keyword,
                    token: n.to_string(),
                })?);
            }
            "movetime" => self.movetime = Some(tokens.value(COMMAND, keyword)?),
            "perft" => self.perft = Some(tokens.value(COMMAND, keyword)?),
            "infinite" => self.infinite = true,
            "ponder" => self.ponder = true,
            "searchmoves" => {
                let more = |t: &str| find_keyword(KEYWORDS, t).is_none();
                self.searchmoves.extend(tokens.moves(COMMAND, more)?);
            }
            // Every entry of KEYWORDS has a branch above (tested).
            _ => {}
        }
        Ok(())
    }
}

impl fmt::Display for Go {
    /// `go` and the set fields in a fixed order, `searchmoves` last.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        if self.ponder {
            f.write_str(" ponder")?;
        }
        field(f, "wtime", self.wtime)?;
        field(f, "btime", self.btime)?;
        field(f, "winc", self.winc)?;
        field(f, "binc", self.binc)?;
        field(f, "movestogo", self.movestogo)?;
        field(f, "depth", self.depth)?;
        field(f, "nodes", self.nodes)?;
        field(f, "mate", self.mate)?;
        field(f, "movetime", self.movetime)?;
        field(f, "perft", self.perft)?;
        if self.infinite {
            f.write_str(" infinite")?;
        }
        moves(f, "searchmoves", &self.searchmoves)
    }
}
