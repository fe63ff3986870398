//! The bench signature, the Stockfish way: `gorgon bench`'s node count is
//! written in `engine/engine/bench-signature.txt`, and a build whose count differs
//! fails here. A change that alters search or evaluation changes the count:
//! it updates the file and says `Bench: N` in its commit message. The
//! default bench evaluates with the nets where they are the default
//! (`nnue::DEFAULT_ON`), so a new net changes it; the hand-written
//! evaluation (`gorgon bench --nnue false`) has its own count in
//! `engine/engine/bench-signature-hce.txt`, so a change to it shows too.

use gorgon_tests::gorgon_binary;
use std::path::Path;
use std::process::Command;

#[test]
fn bench_node_count_matches_the_signature() {
    check_signature("bench-signature.txt", &[]);
}

/// The same with the hand-written evaluation (`--nnue false`), which the
/// default bench no longer reaches.
#[test]
fn hand_written_bench_node_count_matches_its_signature() {
    check_signature("bench-signature-hce.txt", &["--nnue", "false"]);
}

fn check_signature(name: &str, args: &[&str]) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/engine").join(name);
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let expected: u64 = text
        .trim()
        .parse()
        .unwrap_or_else(|e| panic!("{}: '{}': {e}", file.display(), text.trim()));
    let out = Command::new(gorgon_binary())
        .arg("bench")
        .args(args)
        .output()
        .expect("run gorgon bench");
    assert!(
        out.status.success(),
        "gorgon bench failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The last line is `<N> nodes <M> nps`.
    let last = stdout.lines().last().unwrap_or_default();
    let nodes: u64 = last
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no node count in the last line of gorgon bench: '{last}'"));
    assert_eq!(
        nodes, expected,
        "gorgon bench {args:?} searched {nodes} nodes, the signature says {expected}: if the change alters search, \
         evaluation or a net, write {nodes} to engine/{name} and 'Bench: {nodes}' in the commit message"
    );
}
