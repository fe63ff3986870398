//! `gorgon-match`: plays engine-vs-engine matches (docs/MATCH.md), or sums
//! up the PGN files of matches played before (`--stats`, docs/SHARDING.md).
#![forbid(unsafe_code)]

use gorgon_tournament::cli::{parse_args, Command, USAGE};
use gorgon_tournament::report::MatchReport;
use gorgon_tournament::results::stats_report;
use gorgon_tournament::timeuse::time_use_of_files;
use gorgon_tournament::tournament::run_match_until;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// A bad command line (docs/MATCH.md: exit status 2).
fn usage_error(message: &str) -> ExitCode {
    eprintln!("gorgon-match: {message}");
    eprintln!("Try 'gorgon-match --help'.");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    // `std::env::args` would panic on an argument that is not UTF-8.
    let mut args = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(a) => args.push(a),
            Err(bad) => return usage_error(&format!("argument '{}' is not valid UTF-8", bad.to_string_lossy())),
        }
    }
    let config = match parse_args(&args) {
        Ok(Command::Run(c)) => c,
        Ok(Command::Stats(c)) => {
            let time_use = if c.time_use {
                time_use_of_files(&c.files).map(Some)
            } else {
                Ok(None)
            };
            return match stats_report(&c).and_then(|report| Ok((report, time_use?))) {
                Ok((report, time_use)) => {
                    print!("{}", report.summary(c.sprt.as_ref()));
                    if let Some(table) = time_use {
                        print!("\n{table}");
                    }
                    write_cfs_matrix(&report)
                }
                Err(e) => {
                    eprintln!("gorgon-match: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        Ok(Command::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Command::Version) => {
            println!("gorgon-match {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Err(e) => return usage_error(&e),
    };
    let mut stderr = std::io::stderr();
    let interrupt = interrupt_flag();
    match run_match_until(&config, &mut stderr, interrupt) {
        Ok(report) => {
            print!("{}", report.summary(config.sprt.as_ref()));
            write_cfs_matrix(&report)
        }
        Err(e) => {
            eprintln!("gorgon-match: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `--cfs-matrix FILE`: the table's CFS matrix written as CSV (Ordo's
/// `-C`), after the summary; a file that cannot be written fails the run.
fn write_cfs_matrix(report: &MatchReport) -> ExitCode {
    let Some(path) = &report.rating_options.cfs_matrix else {
        return ExitCode::SUCCESS;
    };
    let written = report
        .standings()
        .and_then(|s| std::fs::write(path, s.cfs_csv()).map_err(|e| e.to_string()));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gorgon-match: cannot write the CFS matrix '{}': {e}", path.display());
            ExitCode::FAILURE
        }
    }
}

/// Set by Ctrl-C (SIGINT), SIGTERM or SIGHUP: the match then ends saying
/// which games finished (all of them already in the PGN) and which did
/// not (docs/MATCH.md "Stopping a match"). `None` when no handler could be
/// installed, or when this process was started with SIGINT ignored (a
/// background job of a script, which Ctrl-C in that script's terminal is
/// not meant to stop): signals then do what they did before, and every
/// finished game is on disk all the same.
fn interrupt_flag() -> Option<&'static AtomicBool> {
    static INTERRUPT: AtomicBool = AtomicBool::new(false);
    if sigint_ignored() {
        return None;
    }
    match ctrlc::set_handler(|| INTERRUPT.store(true, Ordering::Relaxed)) {
        Ok(()) => Some(&INTERRUPT),
        Err(e) => {
            eprintln!("warning: no Ctrl-C handler ({e}): an interrupted match ends without its note");
            None
        }
    }
}

/// Whether SIGINT is ignored in this process (Linux: bit 2 of `SigIgn` in
/// /proc/self/status; elsewhere taken as not).
fn sigint_ignored() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        })
        .is_some_and(|mask| mask & 1 << 1 != 0)
}
