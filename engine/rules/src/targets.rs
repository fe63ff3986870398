//! The legal moves as a board that plays by clicks needs them: grouped by
//! the square a piece is lifted from and the square clicked next, with
//! every move between the two (the browser board of `gorgon serve`).
//!
//! Most pairs of squares name one move. A pair names several only when a
//! Morph or a Sword has a choice (RULES.md 10.1: stay a Morph or take the
//! captured piece's form; promote or transform), and the board then offers
//! exactly these moves in a picker. Castling and the Mini-POM swap are made
//! by clicking the King or the Medusa, then the partner piece: in Pillars
//! of Medusa the castling move is written onto the Tower's square already,
//! in Mini-POM the King's destination and the Tower's square both make it.

use super::moves::{Move, MoveKind, MoveList};
use super::position::Position;

/// The moves from one square to one clicked square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The square clicked after the lifted piece's.
    pub to: u8,
    /// Every legal move these two clicks can mean, in generation order
    /// with the plain move (if any) first.
    pub moves: Vec<Move>,
}

/// Everything the piece on `from` may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lift {
    pub from: u8,
    /// By clicked square, in ascending square order.
    pub targets: Vec<Target>,
}

impl Position {
    /// The legal moves grouped by lifted square (ascending) and clicked
    /// square; squares with no legal move are absent.
    pub fn lifts(&self) -> Vec<Lift> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let mut lifts: Vec<Lift> = Vec::new();
        for &m in list.iter() {
            for to in self.click_squares(m) {
                add(&mut lifts, m.from(), to, m);
            }
        }
        lifts.sort_by_key(|l| l.from);
        for lift in &mut lifts {
            lift.targets.sort_by_key(|t| t.to);
            for t in &mut lift.targets {
                // The plain move first: the picker's default choice.
                t.moves.sort_by_key(|m| m.kind() != MoveKind::Normal);
            }
        }
        lifts
    }

    /// The squares whose click after `m.from()` makes `m`: its written
    /// second square, and for a Mini-POM castling also the Tower's square
    /// (clicking the partner, as in Pillars of Medusa).
    fn click_squares(&self, m: Move) -> Vec<u8> {
        let mut out = vec![m.to()];
        if m.kind() == MoveKind::Castle {
            let tower = self.castling_of(self.side_to_move(), m).tower;
            if tower != m.to() {
                out.push(tower);
            }
        }
        out
    }
}

fn add(lifts: &mut Vec<Lift>, from: u8, to: u8, m: Move) {
    let lift = match lifts.iter().position(|l| l.from == from) {
        Some(i) => &mut lifts[i],
        None => {
            lifts.push(Lift { from, targets: Vec::new() });
            lifts.last_mut().expect("just pushed")
        }
    };
    match lift.targets.iter_mut().find(|t| t.to == to) {
        Some(t) => t.moves.push(m),
        None => lift.targets.push(Target { to, moves: vec![m] }),
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Variant};

    /// The clicked squares and move texts of the piece on `from`.
    fn targets(pos: &Position, from: &str) -> Vec<(String, Vec<String>)> {
        let g = pos.geometry();
        let sq = g.parse_square(from).unwrap();
        let lifts = pos.lifts();
        let Some(lift) = lifts.iter().find(|l| l.from == sq) else {
            return Vec::new();
        };
        lift.targets
            .iter()
            .map(|t| (g.square_name(t.to), t.moves.iter().map(|&m| pos.move_text(m)).collect()))
            .collect()
    }

    #[test]
    fn every_legal_move_once_under_its_written_squares() {
        for variant in Variant::ALL {
            let pos = Position::startpos(variant);
            let mut from_lifts: Vec<_> = pos
                .lifts()
                .iter()
                .flat_map(|l| l.targets.iter().flat_map(move |t| t.moves.iter().map(move |&m| (l.from, t.to, m))))
                .filter(|(_, to, m)| *to == m.to())
                .map(|(_, _, m)| m)
                .collect();
            let mut legal = pos.legal_move_vec();
            from_lifts.sort_by_key(|m| m.raw());
            legal.sort_by_key(|m| m.raw());
            assert_eq!(from_lifts, legal, "{variant}");
        }
    }

    #[test]
    fn a_morph_capture_offers_exactly_its_forms_plain_first() {
        // Mini-POM: White's Morph (Advisor form) on c1 can take the Black
        // Morph in Advisor form on e3 and stay a Morph, or become a plain
        // Advisor (RULES.md 10.1: two moves for a Morph of its own form).
        let pos = Position::from_fen(
            Variant::MiniPom,
            "t2qke2t/wwwwwwwww/9/9/9/9/4(a)4/WWW1W1WWW/TH(A)QKE(A)HT w - - 0 1",
        )
        .unwrap();
        let t = targets(&pos, "c1");
        assert!(t.contains(&("e3".into(), vec!["c1e3".into(), "c1e3(A)".into()])), "{t:?}");
        let after = pos.moved_piece_after(pos.parse_move("c1e3(A)").unwrap());
        assert!(!after.is_morph(), "taking a Morph makes a plain piece");
        assert!(pos.moved_piece_after(pos.parse_move("c1e3").unwrap()).is_morph());
        // No choice where none exists: a quiet move is one move.
        assert!(t.contains(&("d2".into(), vec!["c1d2".into()])), "{t:?}");
    }

    #[test]
    fn castling_onto_an_own_piece_in_pom() {
        // The King on f1 trades places with the Tower on k1: the move is
        // written and clicked onto the Tower's square.
        let pos = Position::from_fen(
            Variant::Pom,
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQK4T w AKak - 0 1",
        )
        .unwrap();
        assert_eq!(
            targets(&pos, "f1"),
            vec![("g1".into(), vec!["f1g1".into()]), ("k1".into(), vec!["f1k1".into()])]
        );
    }

    #[test]
    fn castling_and_the_swap_by_the_partner_in_minipom() {
        let pos = Position::from_fen(
            Variant::MiniPom,
            "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/T3KE(A)HT w AFGacfgi - 0 1",
        )
        .unwrap();
        // The King goes to b1; clicking the Tower on a1 means the same move.
        assert_eq!(
            targets(&pos, "e1"),
            vec![
                ("a1".into(), vec!["e1b1".into()]),
                ("b1".into(), vec!["e1b1".into()]),
                ("d1".into(), vec!["e1d1".into()])
            ]
        );
        // The Medusa on f1 swaps with the Morph on g1 by clicking it.
        assert_eq!(targets(&pos, "f1"), vec![("g1".into(), vec!["f1g1".into()])]);
    }

    #[test]
    fn a_petrified_piece_has_nothing_to_lift() {
        // The sample game after 8. d8b10 (RULES.md 11): Black's a9 a10 a11 c10 c11 are petrified.
        let mut pos = Position::startpos(Variant::Pom);
        for m in "e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8 c5c8 d11e10 f3b7 b11a9 c8d8 e10b7 d8b10".split(' ') {
            pos.make(pos.parse_move(m).unwrap());
        }
        let g = pos.geometry();
        let frozen: Vec<String> = crate::squares(pos.petrified(crate::Color::Black))
            .map(|s| g.square_name(s))
            .collect();
        assert_eq!(frozen, ["a9", "a10", "c10", "a11", "c11"]);
        for sq in &frozen {
            assert!(targets(&pos, sq).is_empty(), "{sq} is petrified");
        }
    }
}
