//! `gorgon-match`: plays engine-vs-engine matches (docs/MATCH.md).
#![forbid(unsafe_code)]

use gorgon_scripts::cli::{parse_args, Command, USAGE};
use gorgon_scripts::tournament::run_match;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match parse_args(&args) {
        Ok(Command::Run(c)) => c,
        Ok(Command::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Command::Version) => {
            println!("gorgon-match {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("gorgon-match: {e}");
            eprintln!("Try 'gorgon-match --help'.");
            return ExitCode::from(2);
        }
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
