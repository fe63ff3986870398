//! Each package is kept inside itself (issue 46): what a package's sources
//! compile in with `include_bytes!` or `include_str!` lies in that
//! package's folder, where Cargo packages the file and sees it change (the
//! engine once embedded the books from `../../../../book/data/`), and the
//! self-play shards lie in a data folder that no package holds.

use std::fs;
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    normalise(&Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
}

/// `path` with `.` and `..` resolved by name (the files need not exist).
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Folders worth walking: no build output, no dot-folders.
fn walked(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            !name.starts_with('.') && name != "target"
        })
        .collect();
    entries.sort();
    entries
}

fn is_package(dir: &Path) -> bool {
    fs::read_to_string(dir.join("Cargo.toml")).is_ok_and(|t| t.lines().any(|l| l.trim() == "[package]"))
}

/// Every package folder of the repository (the fuzz targets' own
/// workspace included).
fn packages(dir: &Path, out: &mut Vec<PathBuf>) {
    if is_package(dir) {
        out.push(dir.to_path_buf());
    }
    for p in walked(dir) {
        if p.is_dir() {
            packages(&p, out);
        }
    }
}

/// The files under `dir` whose names end with `suffix`.
fn files(dir: &Path, suffix: &str, out: &mut Vec<PathBuf>) {
    for p in walked(dir) {
        if p.is_dir() {
            files(&p, suffix, out);
        } else if p.to_string_lossy().ends_with(suffix) {
            out.push(p);
        }
    }
}

/// The package a file belongs to: the innermost package folder holding it.
fn owner<'a>(file: &Path, packages: &'a [PathBuf]) -> Option<&'a PathBuf> {
    packages
        .iter()
        .filter(|p| file.starts_with(p))
        .max_by_key(|p| p.components().count())
}

/// The string literals of a macro's arguments, in order.
fn literals(args: &str) -> Vec<&str> {
    args.split('"').skip(1).step_by(2).collect()
}

/// The file (or, for a path built in a macro, the folder prefix) that an
/// `include_bytes!`/`include_str!` call at the start of `call` names, read
/// as the compiler reads it: a literal relative to the source file, or
/// `concat!(env!("CARGO_MANIFEST_DIR"), "...", ...)` from the package
/// folder. `None` for a form this reader does not know, so that a new one
/// is looked at rather than passed.
fn included(call: &str, source: &Path, package: &Path) -> Option<PathBuf> {
    let open = call.find('(')?;
    let args = &call[open + 1..call.find(";\n").unwrap_or(call.len())];
    let args = args.trim_start();
    if let Some(rest) = args.strip_prefix("concat!(env!(\"CARGO_MANIFEST_DIR\")") {
        let tail: String = literals(rest.split(')').next()?).concat();
        return Some(normalise(&package.join(tail.trim_start_matches('/'))));
    }
    if args.starts_with('"') {
        return Some(normalise(&source.parent()?.join(literals(args).first()?)));
    }
    None
}

/// Test modules that share another package's test data, compiled only by
/// `cargo test` in this workspace and never into a library or binary: the
/// engine's book tests build books from the pamphlet's sample game, which
/// is kept once, with the rules' notation tests.
const SHARED_TEST_DATA: &[&str] = &["engine/engine/src/book/tests.rs"];

#[test]
fn no_package_compiles_in_a_file_outside_its_folder() {
    let root = root();
    let mut packages_found = Vec::new();
    packages(&root, &mut packages_found);
    assert!(packages_found.len() >= 10, "only {} packages found", packages_found.len());
    let mut sources = Vec::new();
    files(&root, ".rs", &mut sources);
    let mut checked = 0;
    let mut outside = Vec::new();
    for source in &sources {
        let Some(package) = owner(source, &packages_found) else {
            continue;
        };
        let text = fs::read_to_string(source).unwrap();
        for mac in ["include_bytes!", "include_str!"] {
            for (at, _) in text.match_indices(mac) {
                let line = text[..at].lines().count();
                let place = format!("{}:{line}", source.strip_prefix(&root).unwrap().display());
                // A mention in a comment or a string is no call.
                let line_text = text[..at].rsplit('\n').next().unwrap_or("");
                if line_text.contains("//") || line_text.matches('"').count() % 2 == 1 {
                    continue;
                }
                let shared = SHARED_TEST_DATA.iter().any(|s| source.ends_with(s));
                match included(&text[at..], source, package) {
                    Some(file) if file.starts_with(package) => checked += 1,
                    Some(file) if shared && file.starts_with(root.join("engine/rules/tests/data")) => {}
                    Some(file) => outside.push(format!(
                        "{place}: {mac} of {} outside its package {}",
                        file.display(),
                        package.strip_prefix(&root).unwrap().display()
                    )),
                    None => outside.push(format!("{place}: {mac} with a path this test cannot read")),
                }
            }
        }
    }
    assert!(outside.is_empty(), "{}", outside.join("\n"));
    // The nets, the books, the web page's files, the datagen fixtures.
    assert!(checked >= 10, "only {checked} inclusions found");
}

#[test]
fn the_training_shards_lie_outside_every_package() {
    let root = root();
    assert!(!is_package(&root), "the top-level Cargo.toml is a workspace, no package");
    let mut packages_found = Vec::new();
    packages(&root, &mut packages_found);
    let data = root.join("engine/data");
    assert!(data.join("gen2/SHA256SUMS").is_file(), "{} holds the shards", data.display());
    let mut shards = Vec::new();
    files(&root, ".g2.xz", &mut shards);
    assert!(shards.len() >= 100, "only {} shards found", shards.len());
    let inside: Vec<String> = shards
        .iter()
        .filter_map(|s| owner(s, &packages_found).map(|p| format!("{} in {}", s.display(), p.display())))
        .collect();
    assert!(inside.is_empty(), "shards inside a package:\n{}", inside.join("\n"));
    assert!(shards.iter().all(|s| s.starts_with(&data)));
}
