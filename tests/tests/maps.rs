//! Every source file is on its one map, so the maps move with the code:
//! each Rust file under a workspace package's `src/` is named in
//! docs/ARCHITECTURE.md, in the paragraph of its package, on a line that
//! also names the folders it sits in; each module of the page
//! (`engine/web/assets/js`) is named in docs/WEB.md's code map (unit
//! tests, `tests.rs` and `tests/` inside `src/`, go with their module). A file
//! added, moved or renamed without its map fails here, naming the file.

use gorgon_tests::tree::{files, workspace_packages};
use std::fs;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

/// True if `line` names `word` as a whole: not preceded by a character
/// that could continue a file or folder name (`mod.rs` is not named by
/// `annotated.rs`'s tail, nor `cli/` by `gorgon-cli/`).
fn names(line: &str, word: &str) -> bool {
    line.match_indices(word).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '/' || c == '.')
    })
}

/// The paragraph of ARCHITECTURE.md's "One line each" that maps the
/// package in `dir` (relative to the workspace): from its bold heading
/// line, which names `` `dir/src` ``, to the next bold heading or section.
fn paragraph<'a>(map: &'a str, dir: &str) -> Option<Vec<&'a str>> {
    let lines: Vec<&str> = map.lines().collect();
    let heading = format!("`{dir}/src`");
    let start = lines.iter().position(|l| l.starts_with("**") && l.contains(&heading))?;
    let end = lines[start + 1..]
        .iter()
        .position(|l| l.starts_with("**") || l.starts_with('#'))
        .map_or(lines.len(), |k| start + 1 + k);
    Some(lines[start..end].to_vec())
}

/// What is missing from the map for one source file at `rel` (relative to
/// its package's `src/`): none when some line of the paragraph names the
/// file (a `mod.rs` by its folder) and every folder above it.
fn unmapped(paragraph: &[&str], rel: &Path) -> bool {
    let parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().to_string()).collect();
    let (file, folders) = parts.split_last().expect("a file name");
    if folders.is_empty() && (file == "lib.rs" || file == "main.rs") {
        return false; // the crate root is the package itself
    }
    if file == "tests.rs" || folders.iter().any(|f| f == "tests") {
        return false; // unit tests beside the code they test, mapped with it
    }
    let mut words: Vec<String> = folders.iter().map(|f| format!("{f}/")).collect();
    if file != "mod.rs" {
        words.push(file.clone());
    }
    !paragraph.iter().any(|line| words.iter().all(|w| names(line, w)))
}

#[test]
fn every_rust_source_file_is_on_the_architecture_map() {
    let root = workspace();
    let map = fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap();
    let mut missing = Vec::new();
    for (name, dir) in workspace_packages(&root) {
        let rel_dir = dir.strip_prefix(&root).unwrap().to_string_lossy().to_string();
        let Some(paragraph) = paragraph(&map, &rel_dir) else {
            missing.push(format!("package {name}: no paragraph headed `{rel_dir}/src`"));
            continue;
        };
        let src = dir.join("src");
        let mut sources = Vec::new();
        files(&src, "rs", &mut sources);
        for path in sources {
            let rel = path.strip_prefix(&src).unwrap();
            if unmapped(&paragraph, rel) {
                missing.push(format!("{}", path.strip_prefix(&root).unwrap().display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/ARCHITECTURE.md does not map these (name the file, and its folders, on one line of \
         its package's paragraph):\n  {}",
        missing.join("\n  ")
    );
}

#[test]
fn every_page_module_is_on_the_web_code_map() {
    let root = workspace();
    let web = fs::read_to_string(root.join("docs/WEB.md")).unwrap();
    let code_map = web.split("\n## Code map").nth(1).expect("docs/WEB.md has a code map");
    let code_map = code_map.split("\n## ").next().unwrap();
    let js = root.join("engine/web/assets/js");
    let mut modules = Vec::new();
    files(&js, "js", &mut modules);
    let missing: Vec<String> = modules
        .iter()
        .map(|p| p.strip_prefix(&js).unwrap().to_string_lossy().to_string())
        .filter(|rel| {
            let file = rel.rsplit('/').next().unwrap();
            !code_map.lines().any(|l| names(l, file))
        })
        .collect();
    assert!(!modules.is_empty(), "no page modules found under {}", js.display());
    assert!(missing.is_empty(), "docs/WEB.md's code map does not name: {}", missing.join(", "));
}

#[test]
fn a_file_off_the_map_is_caught() {
    let map = "**rules** (`engine/rules/src`, package)\n- `fen.rs` FEN; `text/` (`pgn.rs` the reader)\n\
               **next** (`x/src`)\n- `notation.rs`";
    let p = paragraph(map, "engine/rules").unwrap();
    assert!(!unmapped(&p, Path::new("fen.rs")));
    assert!(!unmapped(&p, Path::new("text/pgn.rs")));
    assert!(!unmapped(&p, Path::new("text/mod.rs")));
    assert!(!unmapped(&p, Path::new("text/tests.rs")));
    // Named only in another package's paragraph, or without its folder.
    assert!(unmapped(&p, Path::new("notation.rs")));
    assert!(unmapped(&p, Path::new("other/pgn.rs")));
    // A name inside a longer one does not count.
    assert!(unmapped(&p, Path::new("n.rs")));
}
