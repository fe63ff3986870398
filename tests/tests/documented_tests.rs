//! The commands the documentation gives for ignored tests (README.md,
//! docs/, and comments in the sources) must run the test they name: a
//! command with the wrong package runs no test at all, and cargo still
//! says `ok`. Every such command is checked against the sources (its
//! package exists and holds an ignored test of that name), and the deep
//! perft command of README.md is run with `--list`, which shows that it
//! finds its test without running it. That costs what the command costs
//! to build: the rules crate's tests, with the features cargo picks for
//! that one package (its dev-dependencies get fewer than in a workspace
//! run), about a minute on two cores when the rules change, a listing
//! otherwise.

use gorgon_tests::tree::{files, workspace_packages as packages};
use gorgon_tests::workspace_cargo;
use std::fs;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

/// What a file says to its reader: a Markdown file as it is, a Rust file's
/// comment lines without their `//`, `///` or `//!`.
fn prose(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    if path.extension().is_some_and(|e| e == "md") {
        return text;
    }
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix("//"))
        .map(|l| l.trim_start_matches(['/', '!']))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `cargo test` commands in `text` that run ignored tests: inline code
/// spans (which may run over lines) and lines of code blocks (continued by
/// a trailing `\`), each with its blanks made single spaces.
fn ignored_test_commands(text: &str) -> Vec<String> {
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut found = Vec::new();
    for (i, _) in text.match_indices("`cargo test") {
        let rest = &text[i + 1..];
        let end = rest.find('`').unwrap_or(rest.len());
        found.push(words(&rest[..end]));
    }
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if !line.trim_start().starts_with("cargo test") {
            continue;
        }
        let mut command = line.to_string();
        while command.trim_end().ends_with('\\') {
            command = command.trim_end().trim_end_matches('\\').to_string();
            command.push(' ');
            command.push_str(lines.next().unwrap_or_default());
        }
        found.push(words(&command));
    }
    found.retain(|c| c.split(' ').any(|w| w == "--ignored"));
    found
}

/// The package (`-p`) and the test name filter of a `cargo test` command.
fn package_and_filter(command: &str) -> (Option<&str>, Option<&str>) {
    // Flags whose value is the next word.
    const VALUED: [&str; 12] = [
        "-p",
        "--package",
        "--test",
        "--bin",
        "--example",
        "--bench",
        "--profile",
        "--features",
        "-F",
        "--target-dir",
        "-j",
        "--jobs",
    ];
    let words: Vec<&str> = command.split(' ').collect();
    let mut package = None;
    let mut filter = None;
    let mut k = 2;
    while k < words.len() {
        let w = words[k];
        if VALUED.contains(&w) {
            if w == "-p" || w == "--package" {
                package = words.get(k + 1).copied();
            }
            k += 2;
            continue;
        }
        if !w.starts_with('-') && filter.is_none() {
            filter = Some(w);
        }
        k += 1;
    }
    (package, filter)
}

/// True if a Rust file under `dir`, outside the other members' directories
/// (`nested`), declares `fn name(` with `#[ignore]` on one of the three
/// lines before it.
fn has_ignored_test(dir: &Path, nested: &[&Path], name: &str) -> bool {
    let mut sources = Vec::new();
    files(dir, "rs", &mut sources);
    let head = format!("fn {name}(");
    sources.iter().filter(|f| !nested.iter().any(|n| f.starts_with(n))).any(|f| {
        let text = fs::read_to_string(f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        lines
            .iter()
            .enumerate()
            .any(|(i, l)| l.contains(&head) && lines[i.saturating_sub(3)..i].iter().any(|p| p.contains("#[ignore")))
    })
}

/// Every documented command with its file.
fn documented_commands(root: &Path) -> Vec<(PathBuf, String)> {
    let mut documents = vec![root.join("README.md")];
    files(&root.join("docs"), "md", &mut documents);
    files(root, "rs", &mut documents);
    documents
        .into_iter()
        .flat_map(|f| ignored_test_commands(&prose(&f)).into_iter().map(move |c| (f.clone(), c)))
        .collect()
}

#[test]
fn documented_ignored_tests_exist_in_the_package_named() {
    let root = workspace();
    let packages = packages(&root);
    let commands = documented_commands(&root);
    assert!(commands.len() >= 2, "too few commands found: {commands:?}");
    for (file, command) in &commands {
        let at = format!("{} says `{command}`", file.strip_prefix(&root).unwrap_or(file).display());
        let (Some(package), Some(filter)) = package_and_filter(command) else {
            panic!("{at}: it names no package (-p) or no test");
        };
        let Some((_, dir)) = packages.iter().find(|(n, _)| n == package) else {
            panic!("{at}: there is no package {package}");
        };
        let nested: Vec<&Path> = packages
            .iter()
            .map(|(_, d)| d.as_path())
            .filter(|d| d != dir && d.starts_with(dir))
            .collect();
        let name = filter.rsplit("::").next().unwrap();
        assert!(has_ignored_test(dir, &nested, name), "{at}: {package} has no ignored test {name}");
    }
}

#[test]
fn the_deep_perft_command_finds_its_test() {
    let root = workspace();
    let readme = ignored_test_commands(&prose(&root.join("README.md")));
    let deep: Vec<&String> = readme.iter().filter(|c| c.contains("perft_suite_deep")).collect();
    assert_eq!(deep.len(), 1, "README.md's deep perft commands: {deep:?}");
    let command = deep[0];
    // Written the same wherever it is written.
    for (file, other) in documented_commands(&root) {
        if other.contains("perft_suite_deep") {
            assert_eq!(&other, command, "{}", file.display());
        }
    }
    // The command as documented, in the profile the tests run in, listing
    // the tests it would run instead of running them.
    let (mut cargo, build) = workspace_cargo().unwrap();
    let mut args: Vec<&str> = command.split(' ').skip(1).filter(|w| *w != "--release").collect();
    let profile = match build.profile.as_str() {
        "release" => vec!["--release"],
        // `cargo test` builds into debug/ with its own profile, `test`.
        "dev" => vec![],
        other => vec!["--profile", other],
    };
    args.splice(1..1, profile);
    args.push("--list");
    let shown = build.shown(&args);
    let out = cargo.args(&args).output().unwrap_or_else(|e| panic!("`{shown}`: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "`{shown}` failed: {}", String::from_utf8_lossy(&out.stderr));
    let listed: Vec<&str> = stdout.lines().filter_map(|l| l.strip_suffix(": test")).collect();
    assert_eq!(listed, ["tests::perft_suite_deep"], "`{shown}` lists:\n{stdout}");
}

#[test]
fn commands_are_read_from_prose() {
    let text = "Run `cargo test --release -p gorgon-engine\n book::tests::probe -- --ignored --nocapture`.\n\
                ```sh\ncargo test --release -p gorgon-rules \\\n    -- --ignored perft_suite_deep\ncargo test -p x\n```\n";
    let found = ignored_test_commands(text);
    assert_eq!(
        found,
        [
            "cargo test --release -p gorgon-engine book::tests::probe -- --ignored --nocapture",
            "cargo test --release -p gorgon-rules -- --ignored perft_suite_deep",
        ]
    );
    assert_eq!(package_and_filter(&found[0]), (Some("gorgon-engine"), Some("book::tests::probe")));
    assert_eq!(package_and_filter(&found[1]), (Some("gorgon-rules"), Some("perft_suite_deep")));
    assert_eq!(package_and_filter("cargo test --test player -- --ignored"), (None, None));
}
