//! Fuzz target: the PGN reader, `rules::text::pgn::parse` (lexical) and
//! `rules::text::pgn::replay` of every game in both variants, on arbitrary text
//! (decoded leniently, as a PGN file read for a book would be; the reader
//! itself takes `&str`). Neither may panic. `parse` keeps one comment list
//! per move, and a replayed game is a list of legal moves from its start.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::text::pgn::{self, Replayed};
use rules::Variant;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(games) = pgn::parse(&text, "fuzz.pgn") else {
        return;
    };
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game.comments.len(), game.moves.len());
        let _ = game.game_result();
        for variant in Variant::ALL {
            match pgn::replay(game, i + 1, "fuzz.pgn", variant) {
                Ok(Replayed::Game(record)) => {
                    assert_eq!(record.moves.len(), game.moves.len());
                    let mut pos = record.start.clone();
                    for &m in &record.moves {
                        assert!(pos.is_legal(m), "{} in {}", pos.move_text(m), pos.fen());
                        pos.make(m);
                    }
                    let _ = record.decided();
                }
                Ok(Replayed::OtherVariant) => assert!(game.tag("Variant").is_some()),
                Err(e) => assert!(!e.message.is_empty()),
            }
        }
    }
});
