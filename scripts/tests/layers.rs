//! The runner's modules form a one-way chain: `lib.rs` lists them so that
//! each `use crate::` (or any other `crate::` path) names a module listed
//! before the one that writes it. A circle, such as the dispatcher and the
//! drivers importing each other, fails here with the offending path.

use std::fs;
use std::path::Path;

/// The modules in the order of `lib.rs`'s list (`//! - `name`: ...`).
fn listed_order(lib: &str) -> Vec<String> {
    lib.lines()
        .filter_map(|l| l.strip_prefix("//! - `"))
        .filter_map(|rest| rest.split_once('`'))
        .map(|(name, _)| name.to_string())
        .collect()
}

/// The modules `lib.rs` declares (`pub mod name;`).
fn declared(lib: &str) -> Vec<String> {
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|rest| rest.trim_end_matches(';').to_string())
        .collect()
}

/// The module named right after each `crate::` in `text`.
fn crate_paths(text: &str) -> Vec<String> {
    text.split("crate::")
        .skip(1)
        .map(|rest| rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect())
        .collect()
}

/// The text of a module: `src/name.rs`, or every file under `src/name/`.
fn module_text(src: &Path, name: &str) -> String {
    let file = src.join(format!("{name}.rs"));
    if file.is_file() {
        return fs::read_to_string(&file).unwrap();
    }
    let dir = src.join(name);
    let mut text = String::new();
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        text.push_str(&fs::read_to_string(entry.unwrap().path()).unwrap());
    }
    text
}

/// Checks that every `crate::` path of each module (its text given by
/// `text_of`) names a module before it in `order`; the number of arrows
/// seen, or the first one that points the wrong way.
fn check_chain(order: &[String], text_of: impl Fn(&str) -> String) -> Result<usize, String> {
    let mut arrows = 0;
    for (i, module) in order.iter().enumerate() {
        for target in crate_paths(&text_of(module)) {
            if &target == module {
                continue;
            }
            match order.iter().position(|m| *m == target) {
                Some(j) if j < i => arrows += 1,
                _ => {
                    return Err(format!(
                        "{module} uses crate::{target}, which lib.rs lists after it (or not at all)"
                    ))
                }
            }
        }
    }
    Ok(arrows)
}

#[test]
fn every_module_imports_only_modules_listed_before_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = fs::read_to_string(src.join("lib.rs")).unwrap();
    let order = listed_order(&lib);
    let mut declared = declared(&lib);
    declared.sort();
    let mut listed = order.clone();
    listed.sort();
    assert_eq!(listed, declared, "lib.rs must list every module it declares, once");
    let arrows = check_chain(&order, |m| module_text(&src, m)).unwrap_or_else(|e| panic!("{e}"));
    // The check must have read the sources, not passed on nothing.
    assert!(order.len() > 10 && arrows > 30, "{} modules, {arrows} arrows", order.len());
}

#[test]
fn a_circle_is_caught() {
    let lib = "//! - `a`: first.\n//! - `b`: second.\npub mod a;\npub mod b;\n";
    let order = listed_order(lib);
    assert_eq!(order, ["a", "b"]);
    assert_eq!(declared(lib), ["a", "b"]);
    let text = |a_uses: &'static str| {
        move |m: &str| match m {
            "a" => a_uses.to_string(),
            _ => "use crate::a::X;\nfn f(_: crate::b::Y) {}".to_string(),
        }
    };
    assert_eq!(check_chain(&order, text("use std::fmt;")), Ok(1));
    assert_eq!(
        check_chain(&order, text("fn g(_: crate::b::Y) {}")),
        Err("a uses crate::b, which lib.rs lists after it (or not at all)".to_string())
    );
}
