//! Fuzz target: both reply parsers, `protocol::parse_reply` (UCI) and
//! `protocol::cecp::parse_reply`, on the same arbitrary line: what a GUI or
//! the match runner reads from a foreign engine. A parsed reply writes a
//! canonical text on one line that reads back to that same text (for input
//! without control characters, which the writers turn into spaces), and an
//! error fits on one line.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// The round trip every reply parser promises, for any `Display`able reply.
fn check<R: ToString, E: ToString>(line: &str, parse: impl Fn(&str) -> Result<Option<R>, E>) {
    match parse(line) {
        Ok(Some(reply)) => {
            let text = reply.to_string();
            assert!(!text.contains(['\n', '\r']), "canonical text {text:?}");
            if !line.contains(char::is_control) {
                let again = parse(&text).map(|r| r.map(|r| r.to_string())).map_err(|e| e.to_string());
                assert_eq!(again, Ok(Some(text.clone())), "canonical text {text:?}");
            }
        }
        Ok(None) => assert!(line.trim().is_empty(), "{line:?}"),
        Err(error) => {
            let message = error.to_string();
            assert!(!message.contains(['\n', '\r']), "{message:?}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    check(&line, protocol::parse_reply);
    check(&line, protocol::cecp::parse_reply);
});
