//! Static exchange evaluation (SEE) that knows the gaze.
//!
//! `see(pos, m)` is the material the side to move expects from `m` when
//! both sides then capture on `m.to()` with their least valuable piece
//! that can, each free to stop when going on would lose. In chess that is a
//! count of attackers; here the Medusas decide who may take part:
//!
//! - a piece next to an enemy Medusa-type piece is petrified and cannot
//!   capture (a Medusa-type piece is never petrified);
//! - a Medusa that captures on the square freezes the enemy pieces next to
//!   it, which drop out of the exchange;
//! - capturing a Medusa frees the pieces she alone held, which may join;
//! - a Medusa that leaves her square for the exchange frees what she held
//!   there.
//!
//! Who is petrified is worked out afresh before every capture from where
//! the Medusas stand then, exactly as the rules define it. The first move
//! counts its promotion or transformation (a Morph's new form, a Sword's
//! Medusa); the recaptures are plain captures: a recapturing Morph keeps
//! its form and a recapturing Sword on its last rank is valued as a Sword.
//! Pins are ignored, as in every chess engine's SEE. A King may capture
//! only the last piece: its value is beyond any material, so an exchange
//! that would leave it en prise is never chosen.

use super::eval::kind_value;
use rules::{bit, squares, Kind, Move, MoveKind, Piece, Position};

/// The King's worth in an exchange: more than every piece together.
const KING_VALUE: i32 = 50_000;

/// Captures one exchange may hold (each removes a piece from the board).
const MAX_EXCHANGE: usize = 64;

#[inline(always)]
fn value(pos: &Position, p: Piece) -> i32 {
    match p.kind() {
        Kind::King => KING_VALUE,
        k => kind_value(pos.variant(), k),
    }
}

/// The material `m` wins (negative: loses) for the side to move once the
/// exchange on its destination is played out; see the module notes.
/// Castling and the swap exchange nothing: 0.
pub fn see(pos: &Position, m: Move) -> i32 {
    if matches!(m.kind(), MoveKind::Castle | MoveKind::Swap) {
        return 0;
    }
    let g = pos.geometry();
    let (from, to) = (m.from(), m.to());
    let mover = pos.piece_at(from);
    let victim = pos.piece_at(to);
    let after = pos.moved_piece_after(m);
    let medusa_type = pos.kind_bb(Kind::Medusa);

    let mut gain = [0i32; MAX_EXCHANGE];
    gain[0] = if victim.is_some() { value(pos, victim) } else { 0 } + value(pos, after) - value(pos, mover);
    let mut occ = (pos.occupied() ^ bit(from)) | bit(to);
    // The piece standing on the square, which the next capture takes.
    let mut on_square = after;
    let mut side = !pos.side_to_move();
    let mut d = 0;
    while d + 1 < MAX_EXCHANGE {
        let own = pos.pieces(side) & occ & !bit(to);
        // The enemy's Medusa-type pieces still on the board, with the one
        // on the square if she is theirs: whatever is next to them is frozen.
        let mut their_medusas = medusa_type & pos.pieces(!side) & occ & !bit(to);
        if on_square.is_medusa_type() && on_square.color() != side {
            their_medusas |= bit(to);
        }
        let frozen = g.neighbours(their_medusas) & !medusa_type;
        let attackers = pos.attackers_to(to, occ, own & !frozen);
        if attackers == 0 {
            break;
        }
        let sq = squares(attackers)
            .min_by_key(|&s| value(pos, pos.piece_at(s)))
            .expect("an attacker");
        d += 1;
        // What this side has if the exchange ends with its capture (the
        // classic early exit on two negative options would keep the sign
        // but not the value, which the pruning margins read).
        gain[d] = value(pos, on_square) - gain[d - 1];
        occ ^= bit(sq);
        on_square = pos.piece_at(sq);
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    fn pos(v: Variant, fen: &str) -> Position {
        Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn mv(p: &Position, text: &str) -> Move {
        let m = p
            .legal_move_vec()
            .into_iter()
            .find(|m| m.text(p.geometry()) == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", p.fen()));
        m
    }

    fn val(v: Variant, k: Kind) -> i32 {
        kind_value(v, k)
    }

    const MP: Variant = Variant::MiniPom;

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // White Tower a1 takes the Horse on a7; nothing recaptures.
        let p = pos(MP, "4k4/9/h8/9/9/9/9/9/T3K4 w - - 0 1");
        assert_eq!(see(&p, mv(&p, "a1a7")), val(MP, Kind::Horse));
    }

    #[test]
    fn a_defended_piece_costs_the_capturer() {
        // Tower takes a Sword defended by a Sword: Sword minus Tower.
        let p = pos(MP, "4k4/9/1w7/w8/9/9/9/9/T3K4 w - - 0 1");
        assert_eq!(see(&p, mv(&p, "a1a6")), val(MP, Kind::Sword) - val(MP, Kind::Tower));
    }

    #[test]
    fn a_petrified_defender_does_not_recapture() {
        // The same Sword, but its defender stands next to White's Medusa
        // on c8: frozen, it cannot take back.
        let p = pos(MP, "4k4/2E6/1w7/w8/9/9/9/9/T3K4 w - - 0 1");
        assert!(p.petrified(rules::Color::Black) & bit(p.geometry().parse_square("b7").unwrap()) != 0);
        assert_eq!(see(&p, mv(&p, "a1a6")), val(MP, Kind::Sword));
    }

    #[test]
    fn a_medusa_capturing_freezes_the_defenders_next_to_her() {
        // White's Medusa on d3 takes the Sword on d5 (two steps up); its
        // defender, the Sword on c6, stands next to d5: frozen on her
        // arrival, it cannot take her. A Tower would be taken back.
        let p = pos(MP, "4k4/9/9/2w6/3w5/9/3E5/9/4K4 w - - 0 1");
        assert_eq!(see(&p, mv(&p, "d3d5")), val(MP, Kind::Sword));
        let q = pos(MP, "4k4/9/9/2w6/3w5/9/3T5/9/4K4 w - - 0 1");
        assert_eq!(see(&q, mv(&q, "d3d5")), val(MP, Kind::Sword) - val(MP, Kind::Tower));
    }

    #[test]
    fn capturing_a_medusa_frees_what_she_held() {
        // White's Tower a1 takes the Black Medusa on a6. White's Sword on
        // b5 was frozen by her; with her gone it defends a6 against the
        // Black Tower on a9, so the Tower is not lost.
        let p = pos(MP, "t3k4/9/9/e8/1W7/9/9/9/T3K4 w - - 0 1");
        assert_eq!(see(&p, mv(&p, "a1a6")), val(MP, Kind::Medusa));
        // Without that Sword the Tower is taken back.
        let q = pos(MP, "t3k4/9/9/e8/9/9/9/9/T3K4 w - - 0 1");
        assert_eq!(see(&q, mv(&q, "a1a6")), val(MP, Kind::Medusa) - val(MP, Kind::Tower));
    }

    #[test]
    fn a_quiet_move_onto_a_guarded_square_loses_the_piece() {
        let p = pos(MP, "4k4/9/9/1w7/9/9/9/9/T3K4 w - - 0 1");
        assert_eq!(see(&p, mv(&p, "a1a5")), -val(MP, Kind::Tower));
        assert_eq!(see(&p, mv(&p, "a1a4")), 0);
    }

    #[test]
    fn the_king_recaptures_only_a_last_piece() {
        // Black's Tower takes a Sword next to White's King: defended by the
        // King alone, it is recaptured; with a second Black attacker behind
        // it, the King may not take and the Sword is simply lost.
        let p = pos(MP, "3tk4/9/9/9/9/9/9/3W5/4K4 b - - 0 1");
        assert_eq!(see(&p, mv(&p, "d9d2")), val(MP, Kind::Sword) - val(MP, Kind::Tower));
        let q = pos(MP, "3tk4/3t5/9/9/9/9/9/3W5/4K4 b - - 0 1");
        assert_eq!(see(&q, mv(&q, "d8d2")), val(MP, Kind::Sword));
    }

    #[test]
    fn the_side_to_capture_may_stop() {
        // A Queen takes a Sword defended by a Sword, with a Tower behind
        // the Queen: after Sword takes Queen, Tower takes Sword; the
        // exchange is Sword - Queen + Sword, and taking is still bad.
        let p = pos(MP, "4k4/9/1w7/w8/9/9/Q8/T8/4K4 w - - 0 1");
        let s = val(MP, Kind::Sword);
        assert_eq!(see(&p, mv(&p, "a3a6")), s - val(MP, Kind::Queen) + s);
        // Black may also decline: with only a Tower attacker and the Sword
        // defended by a Sword, the Tower stays home (the Sword is lost).
        assert!(see(&p, mv(&p, "a3a6")) < 0);
    }
}
