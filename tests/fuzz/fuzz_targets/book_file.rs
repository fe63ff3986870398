//! Fuzz target: opening-book files. Byte 0 picks the variant (bit 0) and
//! the mode (bit 1); the rest is:
//!
//! - as is: a book file image for `BookData::from_bytes` and
//!   `engine::book::Book::from_bytes`, which must refuse what is malformed
//!   and never panic. An image they accept must write back byte for byte
//!   (`to_bytes`), and probing the start position must only give legal moves.
//! - built: 28-byte entries made into a valid book (`BookData::new`, so the
//!   checksum and the order are right and the fuzzer gets past them), with
//!   the keys of half of them set to the start position's so that probing
//!   meets their arbitrary moves: the book's moves must round-trip through
//!   the file, and a probe must keep exactly the legal ones.
#![no_main]

use gbk::{BookData, BookVariant, Entry};
use engine::book::{book_variant, Book};
use libfuzzer_sys::fuzz_target;
use rules::{Move, Position, Variant};

/// Probes `pos` in a loaded book: what comes out is legal, and a choice
/// is one of the probed moves.
fn probe(book: &Book, pos: &Position) {
    let found = book.probe(pos);
    let legal = pos.legal_move_vec();
    for m in &found {
        assert!(
            legal.contains(&m.mv),
            "book move {} is not legal in {}",
            pos.move_text(m.mv),
            pos.fen()
        );
    }
    for seed in [0, 1, u64::MAX] {
        if let Some(m) = book.choose(pos, seed) {
            assert!(found.iter().any(|f| f.mv == m), "chosen move {} not probed", pos.move_text(m));
        }
    }
}

/// Loads an image both ways and probes the start position if it loads.
fn load(bytes: &[u8], variant: Variant) {
    let data = BookData::from_bytes(bytes, None);
    if let Ok(data) = &data {
        assert_eq!(data.to_bytes(), bytes, "an accepted image writes back as read");
    }
    let book = Book::from_bytes(bytes, variant);
    if book.is_ok() {
        assert!(data.is_ok(), "Book accepted what BookData refused");
    }
    if let Ok(book) = book {
        probe(&book, &Position::startpos(variant));
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&header, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(header & 1)];
    if header & 2 == 0 {
        return load(rest, variant);
    }
    let start = Position::startpos(variant);
    let u32_at = |b: &[u8], i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    let entries: Vec<Entry> = rest
        .chunks_exact(gbk::ENTRY_LEN)
        .map(|b| {
            let key = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
            Entry {
                key: if key & 1 == 0 { start.key() } else { key },
                mv: u32_at(b, 8),
                weight: u32_at(b, 12),
                wins: u32_at(b, 16),
                draws: u32_at(b, 20),
                losses: u32_at(b, 24),
            }
        })
        .collect();
    let built = BookData::new(book_variant(variant), "fuzz", entries);
    let bytes = built.to_bytes();
    assert_eq!(BookData::from_bytes(&bytes, Some(book_variant(variant))).as_ref(), Ok(&built));
    let other = match book_variant(variant) {
        BookVariant::Pom => BookVariant::MiniPom,
        BookVariant::MiniPom => BookVariant::Pom,
    };
    assert!(BookData::from_bytes(&bytes, Some(other)).is_err());
    match Book::from_data(built.clone(), variant) {
        Ok(book) => {
            probe(&book, &start);
            // Exactly the legal moves of the start position's entries survive.
            let mut expected: Vec<Move> = built
                .probe(start.key())
                .iter()
                .filter_map(|e| Move::from_raw(e.mv))
                .filter(|&m| start.is_legal(m))
                .collect();
            let mut found: Vec<Move> = book.probe(&start).iter().map(|m| m.mv).collect();
            expected.sort_by_key(|m| m.raw());
            found.sort_by_key(|m| m.raw());
            assert_eq!(found, expected);
        }
        Err(_) => assert!(built.entries().iter().any(|e| Move::from_raw(e.mv).is_none_or(Move::is_none))),
    }
});
