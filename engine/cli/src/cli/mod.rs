//! Command-line jobs of the `gorgon` binary that need more than a few lines.

pub mod analyse;
pub mod annotate;
pub mod book;
pub mod common;
pub mod datagen;
pub mod generate;
pub mod serve;
pub mod suite;
pub mod tactics;
pub mod train;
pub mod tune;
