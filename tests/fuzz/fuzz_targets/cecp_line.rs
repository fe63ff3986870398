//! Fuzz target: `protocol::cecp::parse_line` (the XBoard dialect's input)
//! on arbitrary bytes, decoded leniently as the engine's line reader does.
//! Besides "no panic", a parsed command must read back identically from its
//! canonical text, which must fit on one line, and an error must fit on one
//! line, short enough to quote back in `Error (...)`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::cecp::parse_line;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    match parse_line(&line) {
        Ok(Some(command)) => {
            let text = command.to_string();
            assert!(!text.contains(['\n', '\r']), "canonical text {text:?}");
            assert_eq!(parse_line(&text), Ok(Some(command)), "canonical text {text:?}");
        }
        Ok(None) => assert!(line.trim().is_empty()),
        Err(error) => {
            let message = error.to_string();
            assert!(!message.contains(['\n', '\r']), "{message:?}");
            assert!(message.len() < 400, "{message:?}");
        }
    }
});
