//! The browser board of `gorgon serve` (docs/WEB.md): a local HTTP server
//! whose referee is the rules crate and whose player is the engine, and
//! the page it serves from assets embedded in the binary.
//!
//! The page holds a game as variant, start FEN and moves; every request
//! sends it whole and the server replays it ([`game`]), so the legal moves,
//! petrified sets, check, outcome and move texts the page shows all come
//! from the rules ([`view`]). Searches stream server-sent events
//! ([`events`], [`search`], [`review`]), one per page at a time
//! ([`searches`], [`stop`]), within the server's caps ([`caps`]), behind
//! the Host/Origin/token guard ([`guard`]). With `--tournament FILE` it
//! also shows a running tournament from the runner's event log
//! ([`tournament`]).
//!
//! Only the `gorgon` binary (engine/cli) depends on this package: the
//! engine library, the Python package and the match runner never link the
//! web stack.
#![forbid(unsafe_code)]

pub mod annotated;
pub mod api;
pub mod assets;
pub mod body;
pub mod caps;
pub mod error;
pub mod events;
pub mod game;
pub mod guard;
pub mod open;
pub mod records;
pub mod review;
pub mod search;
pub mod searches;
pub mod server;
pub mod stop;
pub mod tournament;
pub mod typed;
pub mod view;
pub mod work;

pub use caps::Caps;
pub use server::{is_loopback, start, Options, Server};

/// What every handler shares.
#[derive(Debug)]
pub struct App {
    pub caps: Caps,
    pub searches: std::sync::Arc<searches::Searches>,
    /// The tournament shown live (`--tournament FILE`), if any.
    pub live: Option<std::sync::Arc<tournament::Live>>,
}
