//! Fuzz target: the inventor's notation, `rules::text::notation::import`, in
//! both variants, on arbitrary text (decoded leniently). It must never
//! panic. Every game it imports must export (`notation::export`) to a text
//! that imports back to the same start position, moves and result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::text::notation::{export, import};
use rules::{GameResult, Variant};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for variant in Variant::ALL {
        let Ok(games) = import(&text, variant) else {
            continue;
        };
        for game in games {
            let written = export(&game.start, &game.moves, game.result).unwrap_or_else(|e| panic!("an imported game does not export: {e}"));
            let again = import(&written, game.start.variant()).unwrap_or_else(|e| panic!("{e} in the export\n{written}"));
            assert_eq!(again.len(), 1, "the export holds one game\n{written}");
            let back = &again[0];
            assert_eq!(back.start.fen(), game.start.fen(), "\n{written}");
            assert_eq!(back.moves, game.moves, "\n{written}");
            // `*` is how an unknown result is written and read.
            let known = |r: Option<GameResult>| r.filter(|&r| r != GameResult::Unfinished);
            assert_eq!(known(back.result), known(game.result), "\n{written}");
        }
    }
});
