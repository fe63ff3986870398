//! The runner's modules form a one-way chain: `lib.rs` lists them so that
//! each `crate::` path names a module listed before the one that writes
//! it. A circle, such as the dispatcher and the drivers importing each
//! other, fails here with the offending path (the check itself is
//! `gorgon_tests::layers`, shared with the engine library's).

use gorgon_tests::layers::check_index;
use std::path::Path;

#[test]
fn every_module_imports_only_modules_listed_before_it() {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    let arrows = check_index(&lib, "crate::").unwrap_or_else(|e| panic!("{e}"));
    // The check must have read the sources, not passed on nothing.
    assert!(arrows > 30, "{arrows} arrows");
}
