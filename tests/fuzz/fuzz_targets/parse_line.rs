//! Fuzz target: `parse_line` on arbitrary bytes (decoded leniently, as the
//! engine does). Besides "no panic", it checks that a parsed command reads
//! back identically from its canonical text and that errors fit one line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::parse_line;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    match parse_line(&line) {
        Ok(Some(command)) => {
            let text = command.to_string();
            assert_eq!(parse_line(&text), Ok(Some(command)), "canonical text {text:?}");
        }
        Ok(None) => assert!(line.trim().is_empty()),
        Err(error) => assert!(!error.to_string().contains(['\n', '\r'])),
    }
});
