//! Walking the repository's sources: the files of a folder and the
//! workspace's packages, for the tests that check the sources against
//! the documents (documented_tests.rs, maps.rs).

use std::fs;
use std::path::{Path, PathBuf};

/// Every file under `dir` with extension `ext`, outside `target/` and
/// hidden directories.
pub fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                files(&path, ext, out);
            }
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// The directory of each workspace member, by package name.
pub fn workspace_packages(root: &Path) -> Vec<(String, PathBuf)> {
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let members = manifest.split("members = [").nth(1).expect("workspace members");
    let members = &members[..members.find(']').expect("end of the members")];
    members
        .split(',')
        .map(|m| m.trim().trim_matches('"'))
        .filter(|m| !m.is_empty())
        .map(|m| {
            let dir = root.join(m);
            let own = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
            let name = own
                .lines()
                .find_map(|l| l.strip_prefix("name = "))
                .unwrap_or_else(|| panic!("{m}/Cargo.toml names no package"));
            (name.trim_matches('"').to_string(), dir)
        })
        .collect()
}
