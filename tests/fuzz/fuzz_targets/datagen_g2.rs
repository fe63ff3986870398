//! Fuzz target: the binary self-play data format G2
//! (`engine::datagen::g2`), as the tuner and `gorgon datagen stats` read
//! it. Any bytes go to `g2::read_all`; it must never panic nor allocate
//! beyond the game it reads. A refusal is one line naming a byte inside the
//! input; accepted records have scores in range, decided results, and
//! positions whose FEN reads back.
#![no_main]

use engine::datagen::format::{Record, MAX_SCORE};
use engine::datagen::g2::read_all;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match read_all(data) {
        Ok(records) => {
            for r in records {
                assert!(r.score.abs() <= MAX_SCORE);
                assert!(r.result.is_decided());
                let line = r.to_line();
                let again = Record::parse(&line)
                    .unwrap_or_else(|e| panic!("{line:?} does not read back: {e}"))
                    .expect("a written record is not blank");
                assert_eq!(again.to_line(), line);
            }
        }
        Err(e) => {
            assert!(e.offset <= data.len() as u64, "{e}");
            assert!(!e.to_string().contains('\n'), "{e}");
        }
    }
});
