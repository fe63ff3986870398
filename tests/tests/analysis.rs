//! Scripted analysis through the real binary: `gorgon analyse --epd/--pgn`
//! (JSON lines, jobs, shards, resume) and `gorgon annotate` (PGN that the
//! book builder reads back, glyphs, evaluation graphs).

use gorgon_tests::gorgon_binary;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/rules/tests/data/sample_game.pgn");

/// A scratch directory of this test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gorgon-analysis-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn gorgon(args: &[&str]) -> Output {
    Command::new(gorgon_binary()).args(args).output().expect("run gorgon")
}

/// Runs gorgon and returns stdout; fails the test with stderr otherwise.
fn ok(args: &[&str]) -> String {
    let out = gorgon(args);
    assert!(
        out.status.success(),
        "gorgon {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// JSON lines without their timing, the one field that depends on the machine.
fn records(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            v["time_ms"] = 0.into();
            v
        })
        .collect()
}

fn epd_file(dir: &Path) -> PathBuf {
    // Mini-POM: the start, a position after one Sword move, a mate in one
    // for White (from engine/engine/tests/data/mates.tsv), and a comment line.
    let text = "\
# Mini-POM positions
th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1 ; start
th(a)qke(a)ht/wwwwwwwww/9/9/9/9/4W4/WWWW1WWWW/TH(A)QKE(A)HT b ACFGIacfgi - 0 1
4k4/9/4K4/9/9/9/9/9/T8 w - - 0 1 ; mate in one
4k4/4Q4/4K4/9/9/9/9/9/9 b - - 0 1 ; mated
";
    let path = dir.join("positions.epd");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn epd_batch_gives_one_line_per_position_whatever_the_jobs_and_shards() {
    let dir = scratch("epd");
    let epd = epd_file(&dir);
    let epd = epd.to_str().unwrap();
    let args = ["--variant", "minipom", "analyse", "--epd", epd, "--depth", "6", "--quiet"];
    let whole = ok(&args);
    let lines = records(&whole);
    assert_eq!(lines.len(), 4, "{whole}");
    assert_eq!(lines[0]["index"], 0);
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[0]["comment"], "start");
    assert_eq!(lines[0]["depth"], 6);
    assert!(lines[1]["bestmove"].is_string() && lines[1]["pv"].as_array().is_some_and(|pv| !pv.is_empty()));
    assert_eq!(lines[2]["bestmove"], "a1a9", "{}", lines[2]);
    assert_eq!(lines[2]["score"]["mate"], 1, "{}", lines[2]);
    assert_eq!(lines[3]["outcome"], "checkmate", "{}", lines[3]);
    assert_eq!(lines[3]["result"], "1-0");
    assert!(lines[3]["bestmove"].is_null());

    let jobs = ok(&[&args[..], &["--jobs", "2"]].concat());
    assert_eq!(records(&jobs), lines, "--jobs 2 changed the output");

    let mut joined = String::new();
    for shard in ["0/3", "1/3", "2/3"] {
        joined.push_str(&ok(&[&args[..], &["--shard", shard]].concat()));
    }
    assert_eq!(records(&joined), lines, "the shards concatenated differ from the whole run");
}

#[test]
fn resume_finishes_a_stopped_run() {
    let dir = scratch("resume");
    let epd = epd_file(&dir);
    let out = dir.join("out.jsonl");
    let (epd, out_s) = (epd.to_str().unwrap(), out.to_str().unwrap());
    let args = [
        "--variant",
        "minipom",
        "analyse",
        "--epd",
        epd,
        "--depth",
        "5",
        "--quiet",
        "--out",
        out_s,
    ];
    ok(&args);
    let whole = std::fs::read_to_string(&out).unwrap();
    // A run stopped in the middle of its third line.
    let mut cut: Vec<&str> = whole.lines().take(3).collect();
    let third = cut.pop().unwrap();
    let stopped = format!("{}\n{}", cut.join("\n"), &third[..third.len() / 2]);
    std::fs::write(&out, &stopped).unwrap();
    let log = gorgon(&[&args[..], &["--resume"]].concat());
    assert!(log.status.success(), "{}", String::from_utf8_lossy(&log.stderr));
    let stderr = String::from_utf8_lossy(&log.stderr);
    assert!(stderr.contains("2 positions searched (2 already done)"), "{stderr}");
    let resumed = std::fs::read_to_string(&out).unwrap();
    assert_eq!(records(&resumed), records(&whole));
    // Resuming into the output of other positions is refused: here
    // position 0 has the FEN of position 1.
    let mut other: Value = serde_json::from_str(whole.lines().nth(1).unwrap()).unwrap();
    other["index"] = 0.into();
    std::fs::write(&out, format!("{other}\n")).unwrap();
    let refused = gorgon(&[&args[..], &["--resume"]].concat());
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("another input"));
}

#[test]
fn pgn_batch_covers_every_position_of_every_game() {
    let out = ok(&["analyse", "--pgn", SAMPLE, "--depth", "3", "--jobs", "2", "--quiet"]);
    let lines = records(&out);
    // 49 + 5 + 1 moves in the three games, and one more position each.
    assert_eq!(lines.len(), 50 + 6 + 2);
    assert_eq!((lines[0]["game"].clone(), lines[0]["ply"].clone()), (1.into(), 0.into()));
    assert_eq!((lines[57]["game"].clone(), lines[57]["ply"].clone()), (3.into(), 1.into()));
    assert!(
        lines[57]["fen"].as_str().unwrap().split('/').count() == 9,
        "the third game is Mini-POM"
    );
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["index"], i);
    }
}

#[test]
fn bad_batches_are_refused_with_the_reason() {
    let dir = scratch("bad");
    let epd = dir.join("bad.epd");
    std::fs::write(
        &epd,
        "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1\nnot a fen\n",
    )
    .unwrap();
    let epd = epd.to_str().unwrap();
    let cases: [(&[&str], &str); 3] = [
        (
            &["--variant", "minipom", "analyse", "--epd", epd, "--depth", "3"],
            "bad.epd:2: bad FEN",
        ),
        (&["--variant", "minipom", "analyse", "--epd", epd], "give a limit"),
        (
            &["analyse", "--pgn", "/nonexistent/games.pgn", "--depth", "3"],
            "/nonexistent/games.pgn",
        ),
    ];
    for (args, expected) in cases {
        let out = gorgon(args);
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn annotate_writes_pgn_the_book_builder_reads_back_graphs_and_pages() {
    let dir = scratch("annotate");
    let pgn = dir.join("annotated.pgn");
    let plots = dir.join("graphs");
    let pages = dir.join("pages");
    let log = gorgon(&[
        "annotate",
        SAMPLE,
        "--depth",
        "6",
        "--plot",
        plots.to_str().unwrap(),
        "--html",
        pages.to_str().unwrap(),
        "--out",
        pgn.to_str().unwrap(),
        "--jobs",
        "2",
        "--quiet",
    ]);
    assert!(log.status.success(), "{}", String::from_utf8_lossy(&log.stderr));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Annotator \"Gorgon").count(), 3, "{text}");
    assert_eq!(text.matches("[%eval ").count(), 49 + 5 + 1, "every move has an eval: {text}");
    // The first game: the moves as written, each with a glyph or not, then
    // the game's own comment (kept), then annotate's, whichever line
    // breaks the wrapping puts between them.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let after_first = words.split_once("1. e3e5 ").expect("the first move").1;
    let after_glyph = match after_first.strip_prefix('$') {
        Some(rest) => rest.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start(),
        None => after_first,
    };
    assert!(after_glyph.starts_with("{+0.10/12 0.50s} {[%eval "), "{text}");
    // Lines are wrapped where the comments' lengths put the breaks.
    assert!(words.contains("25. i10g9 "), "{text}");
    // Every glyph comes with the engine's preferred move and a line.
    let glyphs = ["$6", "$2", "$4"]
        .iter()
        .map(|g| words.matches(&format!(" {g} ")).count())
        .sum::<usize>();
    assert!(glyphs > 0, "no move of the pamphlet game judged poor: {text}");
    assert_eq!(text.matches("Gorgon prefers").count(), glyphs, "{text}");

    // The book builder reads it back: both POM games, the Mini-POM one skipped.
    let book = dir.join("back.gbk");
    let built = gorgon(&["book", "build", "--pgn", pgn.to_str().unwrap(), "--out", book.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&built.stderr);
    assert!(built.status.success(), "{stderr}");
    assert!(stderr.contains("2 games (1 skipped)"), "{stderr}");

    // One graph per game, with a mark per glyph of that game.
    let svg = std::fs::read_to_string(plots.join("game-001.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("John - Opponent 1-0"), "{svg}");
    let first_game = &words[..words.find("[Event \"Second").unwrap()];
    let first_glyphs = ["$6", "$2", "$4"]
        .iter()
        .map(|g| first_game.matches(&format!(" {g}")).count())
        .sum::<usize>();
    // Legend entries are circles too: one per glyph kind.
    let kinds = ["$6", "$2", "$4"].iter().filter(|g| first_game.contains(&format!(" {g}"))).count();
    assert_eq!(svg.matches("<circle").count(), first_glyphs + kinds, "{svg}");
    assert!(plots.join("game-003.svg").exists());

    // One page per game, each with its own moves and remarks, and nothing
    // fetched from elsewhere (engine/web/src/annotated.rs tests the page
    // in detail, the browser tests open it).
    let page = std::fs::read_to_string(pages.join("game-001.html")).unwrap();
    assert!(page.starts_with("<!doctype html>"), "{page}");
    assert!(page.contains("<title>John - Opponent 1-0 (pom)</title>"), "{page}");
    assert!(page.contains(r#""move":"i10g9""#) && page.contains("Gorgon prefers"), "{page}");
    assert_eq!(
        page.matches("Gorgon prefers").count(),
        first_glyphs,
        "one preference per judged move"
    );
    assert!(!page.replace("'http://www.w3.org/2000/svg'", "").contains("http"));
    let third = std::fs::read_to_string(pages.join("game-003.html")).unwrap();
    assert!(third.contains("(minipom)</title>") && !third.contains(r#""move":"i10g9""#));
    assert!(!pages.join("game-004.html").exists());
}

#[test]
fn annotate_in_book_notation_keeps_pgn_movetext() {
    let dir = scratch("annotate-book");
    let pgn = dir.join("book.pgn");
    ok(&[
        "annotate",
        SAMPLE,
        "--nodes",
        "3000",
        "--notation",
        "book",
        "--out",
        pgn.to_str().unwrap(),
        "--quiet",
    ]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    // The played moves' book texts lead their comments, the movetext stays coordinates.
    assert!(text.contains("1. e3e5 {E3 - E5 [%eval "), "{text}");
    assert!(text.contains("ME x B10"), "{text}");
    let book = dir.join("back.gbk");
    let built = gorgon(&["book", "build", "--pgn", pgn.to_str().unwrap(), "--out", book.to_str().unwrap()]);
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
}
