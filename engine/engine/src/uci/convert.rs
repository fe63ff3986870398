//! Conversions between the protocol's syntax types and the engine's types:
//! the one place where text meets rules.

use crate::player::{Limits, Report};
use protocol::{Go, MoveText, Reply};
use rules::{Move, Position};

/// The canonical text of a move as the protocol's type.
pub fn move_text(pos: &Position, m: Move) -> MoveText {
    pos.move_coord(m)
}

/// The search limits of a `go`; `searchmoves` that are not legal here are
/// reported and left out.
pub fn limits(pos: &Position, go: &Go) -> (Limits, Vec<String>) {
    let mut errors = Vec::new();
    let mut searchmoves = Vec::new();
    for text in &go.searchmoves {
        match pos.resolve_move(text) {
            Ok(m) => searchmoves.push(m),
            Err(e) => errors.push(format!("searchmoves: {e}")),
        }
    }
    let limits = Limits {
        wtime: go.wtime,
        btime: go.btime,
        winc: go.winc,
        binc: go.binc,
        movestogo: go.movestogo,
        depth: go.depth,
        nodes: go.nodes,
        mate: go.mate,
        movetime: go.movetime,
        infinite: go.infinite,
        ponder: go.ponder,
        searchmoves,
        soft_nodes: None,
    };
    (limits, errors)
}

/// A search report as a protocol line; `show_wdl` adds the win/draw/loss
/// per mille (`UCI_ShowWDL`).
pub fn report(pos: &Position, r: Report, show_wdl: bool) -> Reply {
    match r {
        Report::Info(i) => Reply::Info(protocol::Info {
            depth: Some(i.depth),
            seldepth: Some(i.seldepth),
            multipv: Some(i.multipv),
            score: Some(protocol::Score {
                value: i.score,
                bound: i.bound,
            }),
            wdl: show_wdl.then_some(i.wdl),
            nodes: Some(i.nodes),
            nps: Some(i.nps),
            hashfull: Some(i.hashfull),
            time: Some(i.time_ms),
            pv: i.pv.iter().map(|&m| move_text(pos, m)).collect(),
            ..protocol::Info::default()
        }),
        Report::CurrMove { depth, mv, number } => Reply::Info(protocol::Info {
            depth: Some(depth),
            currmove: Some(move_text(pos, mv)),
            currmovenumber: Some(number),
            ..protocol::Info::default()
        }),
        Report::String(s) => Reply::InfoString(s),
    }
}
