//! Names the commit the binary is built from, for `gorgon --version`:
//! `GORGON_COMMIT` is the short hash of HEAD, with `-dirty` when the
//! sources that go into the binary differ from it, or "unknown commit"
//! when there is no git or no repository (a source tarball, a build in
//! a copy of the tree), so the version never claims a commit it is not.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What the binary is built from: the packages it links, the workspace's
/// manifest and lock file, relative to the workspace root. A change
/// elsewhere (docs, scripts, tests) does not make the binary dirty.
const SOURCES: &[&str] = &["engine", "protocol", "book", "Cargo.toml", "Cargo.lock"];

fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git").arg("-C").arg(root).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    // engine/cli -> the workspace root.
    let root = manifest.join("../..");
    let commit = match git(&root, &["rev-parse", "--short", "HEAD"]) {
        Some(hash) if !hash.is_empty() => {
            // Rerun when HEAD moves (a commit, a checkout) and when any
            // source changes (the dirty mark). Only paths that exist are
            // named: cargo takes a missing one as changed on every build.
            // Not the index: `git status` rewrites it without a change.
            let watch = |path: &Path| {
                if path.exists() {
                    println!("cargo:rerun-if-changed={}", path.display());
                }
            };
            let git_path = |name: &str| git(&root, &["rev-parse", "--git-path", name]).map(|p| root.join(p));
            if let Some(head) = git_path("HEAD") {
                watch(&head);
            }
            if let Some(head_ref) = git(&root, &["symbolic-ref", "-q", "HEAD"]) {
                if let Some(loose) = git_path(&head_ref) {
                    if loose.exists() {
                        watch(&loose);
                    } else {
                        // The branch is packed: its next commit writes the
                        // loose file into this folder.
                        if let Some(folder) = loose.parent() {
                            watch(folder);
                        }
                        if let Some(packed) = git_path("packed-refs") {
                            watch(&packed);
                        }
                    }
                }
            }
            for source in SOURCES {
                println!("cargo:rerun-if-changed={}", root.join(source).display());
            }
            let mut args = vec!["status", "--porcelain", "--untracked-files=no", "--"];
            args.extend_from_slice(SOURCES);
            match git(&root, &args) {
                Some(changes) if changes.is_empty() => hash,
                Some(_) => format!("{hash}-dirty"),
                // HEAD is known but the tree could not be compared.
                None => format!("{hash}, tree unchecked"),
            }
        }
        _ => {
            // No repository: nothing to watch but this script.
            println!("cargo:rerun-if-changed=build.rs");
            "unknown commit".to_string()
        }
    };
    println!("cargo:rustc-env=GORGON_COMMIT={commit}");
}
