//! Fuzz target: move text. The input is a header and a text:
//!
//! - byte 0: bit 0 picks the variant, bits 1-3 how many plies (0-7) to
//!   play from the start position before reading the text;
//! - one byte per ply: which legal move to play (index modulo their number);
//! - four bytes: a move built square by square (from, to, kind, form),
//!   for the `is_legal` check below;
//! - the rest: the move text.
//!
//! Checks: `MoveText` parsing never panics and reads back from its
//! canonical text; `Position::parse_move` on the start position and on the
//! position reached never panics and only ever returns a legal move, whose
//! canonical text names it again; every legal move's canonical text names
//! it; and `is_legal` on any encodable move agrees with the move list.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::MoveText;
use rules::{Move, Position, Variant};

/// `parse_move` of `text` in `pos`: a legal move or an error, never more.
fn check_parse(pos: &Position, legal: &[Move], text: &str) {
    if let Ok(m) = pos.parse_move(text) {
        assert!(legal.contains(&m), "{text:?} parsed to an illegal move in {}", pos.fen());
        assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m), "{text:?} in {}", pos.fen());
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&header, mut rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(header & 1)];
    let plies = usize::from((header >> 1) & 7);
    let start = Position::startpos(variant);
    let mut pos = start.clone();
    for _ in 0..plies {
        let Some((&pick, tail)) = rest.split_first() else {
            break;
        };
        rest = tail;
        let moves = pos.legal_move_vec();
        if moves.is_empty() {
            break;
        }
        pos.make(moves[usize::from(pick) % moves.len()]);
    }
    let legal = pos.legal_move_vec();

    // A move built from raw parts: legal exactly when the generator has it.
    if let [from, to, kind, form, tail @ ..] = rest {
        rest = tail;
        let squares = u32::from(pos.geometry().squares);
        let raw =
            (u32::from(*from) % squares) | (u32::from(*to) % squares) << 7 | (u32::from(*kind) % 5) << 14 | (u32::from(*form) % 9) << 17;
        let m = Move::from_raw(raw).expect("every kind below 5 and form below 9 decodes");
        assert_eq!(
            pos.is_legal(m),
            legal.contains(&m),
            "{} ({raw:#x}) in {}",
            pos.move_text(m),
            pos.fen()
        );
    }

    // Every legal move's text names that move.
    for &m in &legal {
        assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m), "in {}", pos.fen());
    }

    let text = String::from_utf8_lossy(rest);
    if let Ok(parsed) = text.parse::<MoveText>() {
        let canonical = parsed.to_string();
        assert_eq!(canonical.parse::<MoveText>().as_ref(), Ok(&parsed), "canonical text {canonical:?}");
    }
    check_parse(&start, &start.legal_move_vec(), &text);
    check_parse(&pos, &legal, &text);
});
