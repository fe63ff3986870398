//! Helpers for driving the built `gorgon` binary over pipes.
