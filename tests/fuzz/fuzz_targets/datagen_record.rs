//! Fuzz target: the self-play data format (`engine::datagen::format`), as
//! the tuner and `gorgon datagen stats` read it. Text goes to `parse_all`
//! and line by line to `Record::parse`; it must never panic. An accepted
//! record writes a line that reads back to the same line (the position's
//! FEN included), and its scores and points stay in range.
#![no_main]

use engine::datagen::format::{parse_all, Record, MAX_SCORE};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let all = parse_all(&text);
    let mut count = 0;
    for line in text.lines() {
        match Record::parse(line) {
            Ok(Some(r)) => {
                count += 1;
                assert!(r.score.abs() <= MAX_SCORE);
                assert!(r.result.is_decided());
                assert!((0.0..=1.0).contains(&r.white_points()));
                let written = r.to_line();
                let again = Record::parse(&written)
                    .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"))
                    .expect("a written record is not blank");
                assert_eq!(again.to_line(), written);
                assert_eq!(again.position.key(), r.position.key());
            }
            Ok(None) => {}
            Err(e) => {
                assert!(!e.to_string().contains('\n'), "{e}");
                assert!(all.is_err());
            }
        }
    }
    if let Ok(records) = all {
        assert_eq!(records.len(), count);
    }
});
