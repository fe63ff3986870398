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

/// `--stats` reads played games and runs no engine: the modules it uses
/// (the report, the reader of results, the time-use table) are listed
/// before the process runner, so the chain above keeps them from importing
/// it or anything that starts engines.
#[test]
fn the_reporting_modules_come_before_the_process_runner() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let at = |module: &str| {
        lib.find(&format!("//! - `{module}`"))
            .unwrap_or_else(|| panic!("{module} is not in lib.rs's list"))
    };
    for reporting in ["report", "results", "timeuse", "ratings", "pgn"] {
        for running in ["process", "driver", "engine", "game", "tournament"] {
            assert!(at(reporting) < at(running), "{reporting} is listed after {running}");
        }
    }
}
