//! `gorgon-match`: plays engine-vs-engine matches (docs/MATCH.md), or sums
//! up the PGN files of matches played before (`--stats`, docs/SHARDING.md).
#![forbid(unsafe_code)]

use gorgon_tournament::cli::{parse_args, Command, USAGE};
use gorgon_tournament::results::stats_report;
use gorgon_tournament::timeuse::time_use_of_files;
use gorgon_tournament::tournament::run_match;
use std::process::ExitCode;

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
                    ExitCode::SUCCESS
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
    match run_match(&config, &mut stderr) {
        Ok(report) => {
            print!("{}", report.summary(config.sprt.as_ref()));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gorgon-match: {e}");
            ExitCode::FAILURE
        }
    }
}
