//! Fuzz target: `Position::from_fen` in both variants (the first byte picks
//! the variant, the rest is the FEN). It must never panic. A FEN it accepts
//! must give a position whose incremental state is consistent
//! (`check_invariants`), whose `fen()` reads back to the same FEN and key,
//! and on which move generation, make and unmake work: an accepted FEN is
//! a position the search will be asked to play from.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::{Position, Variant};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(selector & 1)];
    let text = String::from_utf8_lossy(rest);
    let Ok(pos) = Position::from_fen(variant, &text) else {
        return;
    };
    pos.check_invariants().unwrap_or_else(|e| panic!("{e} after from_fen({text:?})"));
    let fen = pos.fen();
    let again = Position::from_fen(variant, &fen).unwrap_or_else(|e| panic!("fen() {fen:?} does not read back: {e}"));
    assert_eq!(again.fen(), fen, "from {text:?}");
    assert_eq!(again.key(), pos.key(), "key of {fen:?} read back");

    // Every legal move makes and unmakes cleanly, and is one `is_legal` accepts.
    let mut pos = pos;
    let key = pos.key();
    for m in pos.legal_move_vec() {
        let text = pos.move_text(m);
        assert!(pos.is_legal(m), "{text} in {fen}");
        pos.make(m);
        pos.check_invariants().unwrap_or_else(|e| panic!("{e} after {text} in {fen}"));
        pos.unmake();
    }
    assert_eq!(pos.fen(), fen);
    assert_eq!(pos.key(), key);
    let _ = pos.outcome();
});
