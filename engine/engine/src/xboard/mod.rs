//! CECP mode: the XBoard/WinBoard protocol, version 2, with XBoard 4.8's
//! engine-defined variants (docs/XBOARD.md).
//!
//! The architecture is the UCI loop's: a reader thread owns stdin, parses
//! every line (`protocol::cecp`) and answers what cannot wait (`?`, `.`,
//! `quit`, EOF); everything else goes, in order, over a channel to the
//! loop, which runs the commands, the searches on the engine's move and
//! the analysis and the pondering. Each search has its own stop ticket
//! ([`Stops`](crate::player::Stops)), so a command that ends it can never be undone by the next
//! search's start (docs/ARCHITECTURE.md, "Stops"); a pondering search is
//! issued pondering, and the user's move is its `ponderhit` (the move
//! expected) or its cancellation (any other), decided by the reader when
//! it reads the move, as UCI's reader answers `ponderhit` and `stop`.
//! The options are the UCI loop's table (`options.rs`). The engine is the
//! referee: XBoard cannot know the gaze, the Morph or POM castling, so
//! every user move is checked (`board`), and `lift`/`put` are answered with the
//! legal targets and the choices.
//!
//! Its modules, from the bottom up (each uses only those before it; the
//! suite's tests/tests/layers.rs checks it):
//!
//! - `clock`: the time controls as search limits.
//! - `options`: the options as `feature option=` lines, and `option` read back.
//! - `table`: what XBoard sees: the variant's setup, moves, FENs, highlights.
//! - `reader`: the reader thread and what it shares with the loop.
//! - `session`: the loop's state and its order of commands and searches.
//! - `thinking`: the searches: the engine's move, the analysis, pondering.
//! - `board`: the commands on the board: moves, undo, variant, `d`, highlights.

mod board;
mod clock;
mod options;
mod reader;
mod session;
mod table;
mod thinking;

use reader::{read_stdin, Shared};
use rules::Variant;
use session::Session;
use std::sync::mpsc::channel;
use std::sync::Arc;

/// Runs the CECP loop on stdin/stdout until `quit` or EOF (the `xboard`
/// line has been read already).
pub fn run(variant: Variant) {
    let shared = Shared::new();
    let (tx, rx) = channel();
    let reader = Arc::clone(&shared);
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_stdin(tx, reader))
        .expect("spawn the stdin reader");
    Session::new(variant, shared).serve(rx);
}
