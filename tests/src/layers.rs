//! The check that a crate's modules form layers: an index file (`lib.rs`
//! or a `mod.rs`) lists its modules from the bottom up, one per line as
//! `//! - `name`: ...`, and each module may use (`crate::` paths, or
//! `super::` from a child of a `mod.rs`) only the modules listed before
//! it. An import that runs back up a layer, and so any circle, fails with
//! the offending path. The match runner (scripts/tournament/tests/layers.rs) and the
//! engine library (tests/tests/layers.rs) are checked with it.

use std::fs;
use std::path::{Path, PathBuf};

/// The modules in the order of the index's list (`//! - `name`: ...`).
pub fn listed_order(index: &str) -> Vec<String> {
    index
        .lines()
        .filter_map(|l| l.strip_prefix("//! - `"))
        .filter_map(|rest| rest.split_once('`'))
        .map(|(name, _)| name.to_string())
        .collect()
}

/// The modules the index declares (`pub mod name;` or `mod name;`).
pub fn declared(index: &str) -> Vec<String> {
    index
        .lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix("pub mod ").or_else(|| l.strip_prefix("mod ")))
        .filter(|rest| rest.ends_with(';'))
        .map(|rest| rest.trim_end_matches(';').to_string())
        .collect()
}

/// `text` without its `//` comments: a name in prose is not an import.
fn code_only(text: &str) -> String {
    text.lines()
        .map(|l| l.split_once("//").map_or(l, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths of the use tree at the start of `s` (`a::b`, `a::{b, c::{d,
/// e}}`, over several lines too), each as its names; `s` is left after
/// the tree. A path in code (`a::B::new`) is a tree with no group.
fn use_tree(s: &mut &str) -> Vec<Vec<String>> {
    *s = s.trim_start();
    if let Some(group) = s.strip_prefix('{') {
        *s = group;
        let mut paths = Vec::new();
        loop {
            paths.extend(use_tree(s));
            // Past a rename (`x as y`) to the next item, or out of the group.
            let Some(end) = s.find([',', '}']) else { break };
            let closes = s[end..].starts_with('}');
            *s = &s[end + 1..];
            if closes {
                break;
            }
        }
        return paths;
    }
    let len = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '*'))
        .unwrap_or(s.len());
    if len == 0 {
        return Vec::new();
    }
    let name = s[..len].to_string();
    *s = &s[len..];
    let Some(more) = s.trim_start().strip_prefix("::") else {
        return vec![vec![name]];
    };
    *s = more;
    let tails = use_tree(s);
    if tails.is_empty() {
        return vec![vec![name]];
    }
    tails
        .into_iter()
        .map(|tail| std::iter::once(name.clone()).chain(tail).collect())
        .collect()
}

/// The name right after `prefix` (`crate::`, `crate::player::`, `super::`)
/// in each path of the code of `text`, the paths of grouped imports
/// (`use crate::{player::{self, tt::Tt}, uci};`) included: `rust-analyzer`
/// merges imports into that form. `self` and `*` name no module.
pub fn paths_after(text: &str, prefix: &str) -> Vec<String> {
    let code = code_only(text);
    let segments: Vec<&str> = prefix.split("::").filter(|s| !s.is_empty()).collect();
    let Some((&root, within)) = segments.split_first() else {
        return Vec::new();
    };
    let rooted = format!("{root}::");
    let mut names = Vec::new();
    for (at, _) in code.match_indices(&rooted) {
        // A longer name that ends in the root (`my_crate::`) is no root.
        if code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let mut rest = &code[at + rooted.len()..];
        // One name for each module a tree names, however many of its items.
        let from_tree = names.len();
        for path in use_tree(&mut rest) {
            // `super::super::x` (from a test module) names `x`: the
            // second `super::` is read as a path of its own.
            if path[0] == root || path.len() <= within.len() || !path.iter().zip(within).all(|(a, b)| a == b) {
                continue;
            }
            let name = &path[within.len()];
            if name != "self" && name != "*" && !names[from_tree..].contains(name) {
                names.push(name.clone());
            }
        }
    }
    names
}

/// Checks that every module of `order` uses (`uses_of` gives the modules
/// its code names) only modules before it; the number of arrows seen, or
/// the first one that points the wrong way.
pub fn check_chain(order: &[String], uses_of: impl Fn(&str) -> Vec<String>) -> Result<usize, String> {
    let mut arrows = 0;
    for (i, module) in order.iter().enumerate() {
        for target in uses_of(module) {
            if &target == module {
                continue;
            }
            match order.iter().position(|m| *m == target) {
                Some(j) if j < i => arrows += 1,
                _ => return Err(format!("{module} uses {target}, which the index lists after it (or not at all)")),
            }
        }
    }
    Ok(arrows)
}

/// The files of module `name` in `dir`: `name.rs`, or every file under
/// `name/`; each with whether its `super::` is `dir`'s module (true for
/// `name.rs` and `name/mod.rs`, whose parent is the index).
fn module_files(dir: &Path, name: &str) -> Vec<(PathBuf, bool)> {
    let file = dir.join(format!("{name}.rs"));
    if file.is_file() {
        return vec![(file, true)];
    }
    let mut files = Vec::new();
    let mut todo = vec![dir.join(name)];
    while let Some(d) = todo.pop() {
        for entry in fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let top = d == dir.join(name) && path.file_name().is_some_and(|f| f == "mod.rs");
                files.push((path, top));
            }
        }
    }
    files
}

/// Checks the layers of the index file `index` (its modules are its
/// siblings, or the files of its folder for a `mod.rs`): the list names
/// every declared module once, and each module's `crate_prefix` paths
/// (`crate::` for a crate root, `crate::player::` for the player) and
/// `super::` paths (the latter for the children of a `mod.rs`) point only
/// down the list. The number of arrows checked, or what is wrong.
pub fn check_index(index: &Path, crate_prefix: &str) -> Result<usize, String> {
    let text = fs::read_to_string(index).map_err(|e| format!("{}: {e}", index.display()))?;
    let order = listed_order(&text);
    let (mut listed, mut decl) = (order.clone(), declared(&text));
    listed.sort();
    decl.sort();
    if listed != decl {
        return Err(format!(
            "{}: the list {listed:?} is not the declared modules {decl:?}",
            index.display()
        ));
    }
    let dir = index.parent().expect("an index file lives in a folder");
    let by_super = index.file_name().is_some_and(|f| f == "mod.rs");
    check_chain(&order, |module| {
        let mut uses = Vec::new();
        for (file, top) in module_files(dir, module) {
            let code = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            uses.extend(paths_after(&code, crate_prefix));
            if by_super && top {
                // `super::super::x` (from a test module) names `x`: the
                // step between the two is empty and names nothing.
                uses.extend(paths_after(&code, "super::"));
            }
        }
        uses
    })
    .map_err(|e| format!("{}: {e}", index.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_circle_is_caught() {
        let lib = "//! - `a`: first.\n//! - `b`: second.\npub mod a;\nmod b;\n";
        let order = listed_order(lib);
        assert_eq!(order, ["a", "b"]);
        assert_eq!(declared(lib), ["a", "b"]);
        let uses = |a_text: &'static str| {
            move |m: &str| match m {
                "a" => paths_after(a_text, "crate::"),
                _ => paths_after("use crate::a::X;\nfn f(_: crate::b::Y) {}", "crate::"),
            }
        };
        assert_eq!(check_chain(&order, uses("use std::fmt; // not crate::b")), Ok(1));
        let circle = Err("a uses b, which the index lists after it (or not at all)".to_string());
        assert_eq!(check_chain(&order, uses("fn g(_: crate::b::Y) {}")), circle);
        // The same circle as rust-analyzer writes imports: grouped, nested,
        // over several lines, re-exported.
        assert_eq!(check_chain(&order, uses("use crate::{b::Y, a};")), circle);
        assert_eq!(check_chain(&order, uses("use crate::{\n    a::X,\n    b::{self, Y},\n};")), circle);
        assert_eq!(check_chain(&order, uses("pub use crate::{b};")), circle);
    }

    #[test]
    fn grouped_imports_name_every_module() {
        let code = "use crate::{player::{self, tt::Tt as T}, uci,\n    nnue::{\n        NnueStack, // not crate::tune\n    }};";
        assert_eq!(paths_after(code, "crate::"), ["player", "uci", "nnue"]);
        assert_eq!(paths_after(code, "crate::player::"), ["tt"]);
        assert_eq!(paths_after("use my_crate::x; crate::a::B::new()", "crate::"), ["a"]);
        assert_eq!(paths_after("use super::{eval, tt::{Tt, TtEntry}};", "super::"), ["eval", "tt"]);
    }

    #[test]
    fn super_paths_name_siblings() {
        assert_eq!(
            paths_after("use super::eval::x; super::super::tt::y // super::z", "super::"),
            ["eval", "tt"]
        );
    }
}
