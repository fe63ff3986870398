//! Gorgon as a WebAssembly module: the UCI loop of the engine library on
//! one thread, with the host (a browser Worker, Node's worker thread)
//! holding stdin, stdout and the clock.
//!
//! - `driver`: the loop without a reader thread, the host's input read
//!   while a search runs; target-independent, tested natively.
//! - `exports`: the module's exports and imports (wasm32 only).
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod driver;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod exports;
