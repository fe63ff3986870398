//! Cross-checks of the rules core: the generator against `is_legal` over
//! every encodable move, make/unmake, keys, FEN round trips.

use super::*;

/// Every encodable move of the side to move that `is_legal` accepts.
pub(crate) fn moves_by_legality_checker(pos: &Position) -> Vec<Move> {
    let g = pos.geometry();
    let mut out = Vec::new();
    for from in squares(pos.pieces(pos.side_to_move())) {
        for to in 0..g.squares {
            let mut candidates = vec![
                Move::new(from, to, MoveKind::Normal, Kind::Sword),
                Move::new(from, to, MoveKind::Promotion, Kind::Medusa),
                Move::new(from, to, MoveKind::Castle, Kind::Sword),
                Move::new(from, to, MoveKind::Swap, Kind::Sword),
            ];
            candidates.extend(Kind::FORMS.iter().map(|&k| Move::new(from, to, MoveKind::Transform, k)));
            out.extend(candidates.into_iter().filter(|&m| pos.is_legal(m)));
        }
    }
    out
}

/// Compares generator and checker at every node to `depth`; returns the
/// first difference found.
pub(crate) fn compare_tree(pos: &mut Position, depth: u32) -> Result<(), String> {
    let mut generated = pos.legal_move_vec();
    let mut checked = moves_by_legality_checker(pos);
    generated.sort_by_key(|m| m.raw());
    checked.sort_by_key(|m| m.raw());
    if generated != checked {
        let only_gen: Vec<String> = generated.iter().filter(|m| !checked.contains(m)).map(|m| pos.move_text(*m) + &format!("{:?}", m.kind())).collect();
        let only_chk: Vec<String> = checked.iter().filter(|m| !generated.contains(m)).map(|m| pos.move_text(*m) + &format!("{:?}", m.kind())).collect();
        return Err(format!("{}: generator only {:?}, checker only {:?}", pos.fen(), only_gen, only_chk));
    }
    if depth > 1 {
        for m in generated {
            pos.make(m);
            let r = compare_tree(pos, depth - 1);
            pos.unmake();
            r?;
        }
    }
    Ok(())
}

#[test]
fn debug_compare() {
    let fen = std::env::var("GORGON_FEN").unwrap_or_else(|_| "5k5/11/11/11/11/11/2t8/11/4h1E4/11/T4K3T1 w A - 0 1".into());
    let variant = Variant::from_name(&std::env::var("GORGON_VARIANT").unwrap_or("pom".into())).unwrap();
    let depth = std::env::var("GORGON_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(3);
    let mut pos = Position::from_fen(variant, &fen).unwrap();
    compare_tree(&mut pos, depth).unwrap();
}
