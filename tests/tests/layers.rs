//! The engine library's modules form layers (issue 31): `lib.rs` lists
//! them from the bottom up, and so do the player's `mod.rs`, the
//! network's and the CECP loop's, and no module imports one listed after it. An import that
//! runs back up, such as the network importing the player while the
//! player's search imports the network, fails here with its path.

use gorgon_tests::layers::check_index;
use std::path::{Path, PathBuf};

fn engine_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/engine/src")
}

/// Checks one index file; the arrows it read, at least `min` of them so
/// that a check which found no sources cannot pass.
fn layers(index: &str, crate_prefix: &str, min: usize) {
    let arrows = check_index(&engine_src().join(index), crate_prefix).unwrap_or_else(|e| panic!("{e}"));
    assert!(arrows >= min, "{index}: only {arrows} arrows read");
}

#[test]
fn the_engine_modules_import_only_layers_below_them() {
    layers("lib.rs", "crate::", 30);
}

#[test]
fn the_player_modules_import_only_layers_below_them() {
    layers("player/mod.rs", "crate::player::", 25);
}

#[test]
fn the_network_modules_import_only_layers_below_them() {
    layers("nnue/mod.rs", "crate::nnue::", 2);
}

#[test]
fn the_cecp_loop_modules_import_only_layers_below_them() {
    layers("xboard/mod.rs", "crate::xboard::", 10);
}
