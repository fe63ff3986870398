//! The builds for other machines, tested by running them (issue 64): the
//! Windows exe under Wine, the aarch64 build under qemu-user, the static
//! x86-64 build as it is. scripts/platform-tests.sh builds each and runs
//! these tests once per platform with `--ignored`, naming the binary and
//! its runner in the environment ([`Foreign`]); without it they fail,
//! naming what is missing, so they are ignored in the plain suite.
//!
//! Each check is one the native binary passes elsewhere in the suite:
//! perft against docs/PERFT.md, the bench signature, the UCI and CECP
//! dialects (with CR LF line ends on Windows, as WinBoard sends them),
//! hostile input, and on Windows, paths with backslashes and whole games
//! through the runner against the native engine.

use gorgon_tests::{gorgon_binary, Foreign};
use rules::{Position, Variant};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Generous: qemu-user runs an ARM binary several times slower.
const T: Duration = Duration::from_secs(120);

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A position of docs/PERFT.md: name, variant, FEN.
type PerftPosition = (String, String, String);
/// A count of docs/PERFT.md: position, depth, nodes.
type PerftCount = (String, u32, u64);

/// The rows of docs/PERFT.md: each position's variant and FEN, and every
/// (position, depth, nodes) of its results table.
fn perft_md() -> (Vec<PerftPosition>, Vec<PerftCount>) {
    let file = repo().join("docs/PERFT.md");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut positions = Vec::new();
    let mut results = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
        match cells.as_slice() {
            [name, variant, fen, _] if fen.starts_with('`') => {
                positions.push((name.to_string(), variant.to_string(), fen.trim_matches('`').to_string()));
            }
            [name, _, depth, nodes] => {
                if let (Ok(d), Ok(n)) = (depth.parse(), nodes.parse()) {
                    results.push((name.to_string(), d, n));
                }
            }
            _ => {}
        }
    }
    assert!(positions.len() >= 10 && results.len() >= 40, "docs/PERFT.md: {positions:?}");
    (positions, results)
}

fn nodes_searched(lines: &[String]) -> u64 {
    lines
        .last()
        .and_then(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no Nodes searched line: {lines:?}"))
}

/// The move of a `bestmove` line, which must be legal in `pos`.
fn legal_best(pos: &Position, lines: &[String]) -> String {
    let last = lines.last().expect("lines");
    let best = last
        .strip_prefix("bestmove ")
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("not a bestmove line: {last:?}"));
    pos.parse_move(best)
        .unwrap_or_else(|e| panic!("bestmove {best} is not legal in {}: {e}", pos.fen()));
    best.to_string()
}

fn after(variant: Variant, moves: &[&str]) -> Position {
    let mut pos = Position::startpos(variant);
    for m in moves {
        let mv = pos.parse_move(m).unwrap();
        pos.make(mv);
    }
    pos
}

#[test]
#[ignore = "run by scripts/platform-tests.sh with the foreign binary"]
fn perft_matches_perft_md() {
    let foreign = Foreign::from_env();
    // GORGON_PLATFORM_PERFT_MAX skips the larger counts where emulation is slow.
    let max: u64 = std::env::var("GORGON_PLATFORM_PERFT_MAX")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(u64::MAX);
    let (positions, results) = perft_md();
    let mut e = foreign.engine(&[]);
    let mut checked = 0;
    for (name, variant, fen) in &positions {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send(&format!("position fen {fen}"));
        for (_, depth, nodes) in results.iter().filter(|(n, _, c)| n == name && *c <= max) {
            e.send(&format!("go perft {depth}"));
            let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
            assert_eq!(nodes_searched(&lines), *nodes, "{name} depth {depth} on {}", foreign.platform);
            checked += 1;
        }
    }
    eprintln!(
        "{}: {checked} perft counts of docs/PERFT.md (at most {max} nodes)",
        foreign.platform
    );
    assert!(checked >= 40, "only {checked} counts checked");
}

#[test]
#[ignore = "run by scripts/platform-tests.sh with the foreign binary"]
fn bench_counts_the_native_nodes() {
    let foreign = Foreign::from_env();
    let file = repo().join("engine/engine/bench-signature.txt");
    let expected: u64 = std::fs::read_to_string(&file).unwrap().trim().parse().unwrap();
    let out = foreign.command(&["bench"]).output().expect("run bench");
    assert!(out.status.success(), "bench: {}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    eprintln!("{}: {last}", foreign.platform);
    let nodes: u64 = last.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap();
    assert_eq!(nodes, expected, "{} bench against the native signature", foreign.platform);
}

#[test]
#[ignore = "run by scripts/platform-tests.sh with the foreign binary"]
fn version_names_the_commit() {
    let foreign = Foreign::from_env();
    let out = foreign.command(&["--version"]).output().expect("run --version");
    let version = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let native = Command::new(gorgon_binary()).arg("--version").output().unwrap();
    // The same text as the native build of the same tree.
    assert_eq!(version, String::from_utf8_lossy(&native.stdout).trim(), "{}", foreign.platform);
    assert!(!version.contains("unknown commit"), "{version}");
}

#[test]
#[ignore = "run by scripts/platform-tests.sh with the foreign binary"]
fn uci_plays_legal_moves_and_honours_stop() {
    let foreign = Foreign::from_env();
    let mut e = foreign.engine(&[]);
    e.send("uci");
    let lines = e.expect_line("uciok", T);
    assert!(lines.iter().any(|l| l.starts_with("id name Gorgon")), "{lines:?}");
    assert!(lines
        .iter()
        .any(|l| l == "option name UCI_Variant type combo default pom var pom var minipom"));
    e.send("isready");
    e.expect_line("readyok", T);
    e.send("setoption name Hash value 16");
    e.send("position startpos moves e3e5 h10h8");
    e.send("go movetime 300");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    assert!(lines.iter().any(|l| l.starts_with("info depth ")), "{lines:?}");
    legal_best(&after(Variant::Pom, &["e3e5", "h10h8"]), &lines);
    // An infinite search ends with a legal move on `stop`, and only then.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let lines = e.expect_line("readyok", T);
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "bestmove before stop: {lines:?}");
    e.send("stop");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    legal_best(&after(Variant::Pom, &["e3e5", "h10h8"]), &lines);
    // The other variant, by the option, as a GUI switches.
    e.send("ucinewgame");
    e.send("setoption name UCI_Variant value minipom");
    e.send("position startpos moves e2e4");
    e.send("go depth 6");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    legal_best(&after(Variant::MiniPom, &["e2e4"]), &lines);
    e.send("quit");
    let status = e.wait_exit(T).expect("quit ends the engine");
    assert!(status.success(), "{status}");
}

/// The last `info` line's node count and the `bestmove` of `go depth
/// DEPTH` from a new game, one thread, in each variant's position.
fn fixed_depth_search(e: &mut gorgon_tests::Engine, variant: &str, moves: &str, depth: u32) -> (u64, String) {
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e.send("setoption name Threads value 1");
    e.send("ucinewgame");
    e.send(&format!("position startpos moves {moves}"));
    e.send(&format!("go depth {depth}"));
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    let nodes = lines
        .iter()
        .rev()
        .find_map(|l| {
            l.strip_prefix("info depth ")?
                .split(" nodes ")
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no info line with nodes: {lines:?}"));
    (nodes, lines.last().unwrap().clone())
}

#[test]
#[ignore = "run by scripts/platform-tests.sh with the foreign binary"]
fn a_fixed_depth_search_is_the_native_search() {
    let foreign = Foreign::from_env();
    let mut e = foreign.engine(&[]);
    let mut native = gorgon_tests::Engine::start(&[]);
    for (variant, moves, depth) in [("pom", "e3e5 h10h8", 9), ("minipom", "e2e4", 10)] {
        let theirs = fixed_depth_search(&mut e, variant, moves, depth);
        let ours = fixed_depth_search(&mut native, variant, moves, depth);
        eprintln!("{}: {variant} go depth {depth}: {} nodes, {}", foreign.platform, theirs.0, theirs.1);
        assert_eq!(
            theirs, ours,
            "{} against the native search, {variant} depth {depth}",
            foreign.platform
        );
    }
    e.send("quit");
    native.send("quit");
    assert!(e.wait_exit(T).is_some(), "quit ends the engine");
}

#[test]
#[ignore = "run by scripts/platform-tests.sh with the foreign binary"]
fn cecp_plays_a_legal_move() {
    let foreign = Foreign::from_env();
    let mut e = foreign.engine(&[]);
    e.send("xboard");
    e.send("protover 2");
    let lines = e.read_until(T, |l| l.starts_with("feature ") && l.ends_with(" done=1"));
    assert!(lines.iter().any(|l| l.contains("variants=\"pom,minipom\"")), "{lines:?}");
    e.send("new");
    e.send("variant pom");
    e.send("sd 5");
    e.send("force");
    e.send("usermove e3e5");
    e.send("go");
    let lines = e.read_until(T, |l| l.starts_with("move "));
    let mv = lines.last().unwrap().strip_prefix("move ").unwrap().trim();
    after(Variant::Pom, &["e3e5"])
        .parse_move(mv)
        .unwrap_or_else(|err| panic!("move {mv} is not legal after e3e5: {err}"));
    e.send("ping 7");
    e.expect_line("pong 7", T);
    e.send("quit");
    assert!(e.wait_exit(T).is_some(), "quit ends the engine");
}

#[test]
#[ignore = "run by scripts/platform-tests.sh with the foreign binary"]
fn hostile_input_is_answered_and_survived() {
    let foreign = Foreign::from_env();
    let mut e = foreign.engine(&[]);
    // The same lines and answers as uci_loop.rs's native test.
    for (line, expected) in [
        ("foo bar", "unknown command 'foo'"),
        ("position fen 11/11 w - - 0 1", "FEN placement: 2 ranks"),
        ("position startpos moves e3e5 e5e6 h10h8", "move 2: move 'e5e6'"),
        ("setoption name Hash value 0", "out of range"),
        ("setoption name UCI_Variant value chess", "unknown value 'chess'"),
        ("go depth 99999999999", "out of range"),
        ("perft x", "perft"),
    ] {
        let error = e.expect_error(line, expected);
        assert!(!error.contains('\r'), "a CR read as part of the line: {error:?}");
    }
    e.send_bytes(b"\xff\xfe garbage \x00\r\n");
    e.sync();
    e.send(&"x".repeat(100_000));
    e.sync();
    e.send(&format!("position startpos moves {}", "e3e5 ".repeat(20_000)));
    e.sync();
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    legal_best(&Position::startpos(Variant::Pom), &lines);
    e.close_stdin();
    let status = e.wait_exit(T).expect("EOF ends the engine");
    assert!(status.success(), "{status}");
}

/// `C:\...` as a Windows GUI writes it: Wine maps the Unix root to `Z:`.
fn windows_path(path: &Path) -> String {
    let absolute = std::fs::canonicalize(path).unwrap();
    format!("Z:{}", absolute.display()).replace('/', "\\")
}

#[test]
#[ignore = "run by scripts/platform-tests.sh with the foreign binary"]
fn windows_paths_with_backslashes_load_nets_and_books() {
    let foreign = Foreign::from_env();
    if !foreign.is_windows() {
        eprintln!("{}: no Windows paths to test", foreign.platform);
        return;
    }
    let mut e = foreign.engine(&[]);
    let net = windows_path(&repo().join("engine/engine/nets/gen3/pom-shard198.gnn"));
    e.send(&format!("setoption name EvalFile value {net}"));
    e.send("setoption name Use NNUE value true");
    e.send("eval");
    let lines = e.sync();
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains(&format!("(net: {net})"))), "{net}: {lines:?}");
    let book = windows_path(&repo().join("book/data/pom.gbk"));
    e.send("setoption name OwnBook value true");
    e.send(&format!("setoption name BookFile value {book}"));
    e.send("position startpos");
    e.send("go wtime 10000 btime 10000");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    assert!(lines.iter().any(|l| l.starts_with("info string book move ")), "{book}: {lines:?}");
    // A missing file is named as written, backslashes and all.
    e.send("setoption name EvalFile value C:\\no\\such\\net.gnn");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: EvalFile C:\\no\\such\\net.gnn")),
        "{lines:?}"
    );
}

/// The summary's fault line of each engine, which must count none.
fn assert_no_faults(summary: &str, names: &[&str]) {
    for name in names {
        let line = format!("{name}: 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs");
        assert!(summary.contains(&line), "no '{line}' in:\n{summary}");
    }
}

#[test]
#[ignore = "run by scripts/platform-tests.sh with the foreign binary"]
fn games_against_the_native_engine_have_no_faults() {
    let foreign = Foreign::from_env();
    let runner = std::env::var("GORGON_MATCH_BIN").expect("GORGON_MATCH_BIN: the native gorgon-match");
    // The runner's cmd= and arg= keys, as cutechess-cli takes a command.
    let argv = foreign.argv();
    let mut foreign_engine = vec![format!("cmd={}", argv[0])];
    foreign_engine.extend(argv[1..].iter().map(|a| format!("arg={a}")));
    let native = format!("cmd={}", gorgon_binary().display());
    // Over UCI in Mini-POM, over CECP in Pillars of Medusa.
    for (variant, proto) in [("minipom", "uci"), ("pom", "xboard")] {
        let out = Command::new(&runner)
            .args(["--variant", variant, "--games", "2", "--maxmoves", "40", "--quiet"])
            .arg("--engine")
            .args(&foreign_engine)
            .args([format!("name={}", foreign.platform), format!("proto={proto}")])
            .args(["--engine", &native, "name=native", &format!("proto={proto}")])
            .args(["--each", "tc=3+0.03", "timemargin=1000"])
            .output()
            .expect("run gorgon-match");
        let summary = String::from_utf8_lossy(&out.stdout);
        eprintln!("{variant} over {proto}:\n{summary}");
        assert!(
            out.status.success(),
            "gorgon-match: {}\n{summary}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_no_faults(&summary, &[&foreign.platform, "native"]);
    }
}

#[test]
#[ignore = "run by scripts/platform-tests.sh with the foreign binary"]
fn the_static_build_needs_no_shared_library() {
    let foreign = Foreign::from_env();
    if foreign.platform != "static" {
        eprintln!("{}: not the static build", foreign.platform);
        return;
    }
    let out = Command::new("ldd").arg(&foreign.binary).output().expect("run ldd");
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(
        said.contains("not a dynamic executable") || said.contains("statically linked"),
        "ldd {}: {said}",
        foreign.binary.display()
    );
    // The file's own program headers (ELF64, little-endian): no
    // PT_INTERP, so no dynamic loader is asked for.
    let elf = std::fs::read(&foreign.binary).unwrap();
    assert_eq!(&elf[..5], b"\x7fELF\x02", "not an ELF64 file");
    let u16_at = |o: usize| u16::from_le_bytes([elf[o], elf[o + 1]]) as usize;
    let phoff = u64::from_le_bytes(elf[0x20..0x28].try_into().unwrap()) as usize;
    let (size, count) = (u16_at(0x36), u16_at(0x38));
    const PT_INTERP: u32 = 3;
    for i in 0..count {
        let at = phoff + i * size;
        let kind = u32::from_le_bytes(elf[at..at + 4].try_into().unwrap());
        assert_ne!(kind, PT_INTERP, "program header {i} asks for a dynamic loader");
    }
}
