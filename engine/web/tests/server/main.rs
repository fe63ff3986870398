//! The server over a real socket: every endpoint with good and bad input
//! (`endpoints`), random request bodies (`fuzz`), and clients that hold
//! connections (`slow`). One test binary: linking the engine and the web
//! stack is the costly part of building tests under the release profile's
//! fat LTO, so it is done once.

mod client;
mod endpoints;
mod fuzz;
mod pages;
mod slow;
mod stall;
mod tournament;
