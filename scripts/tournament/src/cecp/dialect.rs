//! XBoard's dialect as Gorgon speaks it (docs/XBOARD.md), as pure
//! functions: piece letters, moves, FENs for `setboard`, the limits CECP
//! can express and the commands that set them, and thinking scores.
//!
//! Moves are written and read in XBoard's form: coordinates, ranks from
//! 1, and for a promotion or a Morph's transformation the letter of the
//! piece the move leaves on its destination (`c10c11e`, `b7d8n`), the
//! Morphs having letters of their own. The runner keeps its own copy of
//! that table, not the engine's, so that the referee does not share the
//! engine's mistakes.

use crate::tc::Limits;
use protocol::cecp::{CecpMove, Command, Level, Thinking, MATE_SCORE};
use protocol::{MoveText, Score, ScoreValue};
use rules::{Color, Kind, Move, MoveKind, Piece, Position, Variant};

/// The XBoard letter of a Morph in each form (docs/XBOARD.md, "How the
/// pieces look"). Plain pieces keep their FEN letters. No piece is `X`:
/// XBoard reads an `x` after the squares as another leg of the move.
const fn morph_letter(form: Kind) -> char {
    match form {
        Kind::Sword => 'F',
        Kind::Horse => 'N',
        Kind::Advisor => 'B',
        Kind::Tower => 'R',
        Kind::Queen => 'D',
        Kind::MountedAdvisor => 'C',
        Kind::Pillar => 'I',
        Kind::Serpent => 'Z',
        Kind::Medusa => 'G',
        Kind::King => 'K',
    }
}

/// A piece's XBoard letter (lowercase for Black).
pub fn xboard_letter(piece: Piece) -> char {
    let c = if piece.is_morph() {
        morph_letter(piece.kind())
    } else {
        piece.kind().letter()
    };
    if piece.color() == Color::Black {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// The suffix XBoard needs for a move: the letter of what a promotion or
/// transformation leaves on the destination, nothing otherwise.
fn suffix(pos: &Position, m: Move) -> Option<char> {
    matches!(m.kind(), MoveKind::Promotion | MoveKind::Transform).then(|| xboard_letter(pos.moved_piece_after(m)).to_ascii_lowercase())
}

/// A legal move in XBoard's form: `e3e5`, `c10c11e`, `b7d8n`; castling and
/// the Mini-POM swap as in the rules' coordinates (`f1k1`, `e1b1`, `f1c1`).
pub fn xboard_move(pos: &Position, m: Move) -> CecpMove {
    let g = pos.geometry();
    CecpMove::Coord {
        from: g.coord(m.from()),
        to: g.coord(m.to()),
        promotion: suffix(pos, m),
    }
}

/// The legal move an XBoard move names in `pos`, or why there is none. A
/// suffix names the piece the move leaves on its destination: a promotion
/// or transformation needs its letter; no letter, or the mover's own,
/// names the move that changes nothing. `O-O`/`O-O-O` are castling toward
/// the last file / toward file a.
pub fn resolve_xboard_move(pos: &Position, mv: &CecpMove) -> Result<Move, String> {
    let legal = pos.legal_move_vec();
    let g = pos.geometry();
    let (from, to, promotion) = match mv {
        CecpMove::Coord { from, to, promotion } => (*from, *to, *promotion),
        CecpMove::Castle { long } => {
            return legal
                .iter()
                .copied()
                .find(|m| m.kind() == MoveKind::Castle && (g.file_of(m.to()) < g.file_of(m.from())) == *long)
                .ok_or_else(|| "no castling to that side is legal here".to_string());
        }
        CecpMove::Drop { .. } => return Err("there are no drops in this game".into()),
        CecpMove::Null => return Err("the null move is not a move here".into()),
        CecpMove::MultiLeg { .. } => return Err("there are no multi-leg moves in this game".into()),
    };
    let (Some(f), Some(t)) = (g.square_of(from), g.square_of(to)) else {
        return Err(format!("{from}{to} leaves the {} board", pos.variant()));
    };
    let candidates: Vec<Move> = legal.into_iter().filter(|m| m.from() == f && m.to() == t).collect();
    if candidates.is_empty() {
        // The rules say why (no piece, petrified, ...).
        return Err(pos
            .resolve_move(&MoveText::new(from, to))
            .err()
            .map_or_else(|| "illegal here".to_string(), |e| e.reason));
    }
    let mover = xboard_letter(pos.piece_at(f));
    let found = candidates.iter().copied().find(|&m| match (promotion, suffix(pos, m)) {
        (None, s) => s.is_none(),
        (Some(c), Some(s)) => s.eq_ignore_ascii_case(&c),
        (Some(c), None) => mover.eq_ignore_ascii_case(&c),
    });
    found.ok_or_else(|| {
        let options: Vec<String> = candidates.iter().map(|&m| xboard_move(pos, m).to_string()).collect();
        format!("wrong piece letter; legal here: {}", options.join(" "))
    })
}

/// A position as a FEN in XBoard's letters for `setboard`, with the
/// castling and swap rights as the rules write them (Shredder-style file
/// letters, which Gorgon reads from XBoard FENs).
pub fn xboard_fen(pos: &Position) -> String {
    let side = if pos.side_to_move() == Color::White { 'w' } else { 'b' };
    format!(
        "{} {side} {} - {} {}",
        pos.placement(|p, out| out.push(xboard_letter(p))),
        pos.rights_text(),
        pos.halfmove_clock(),
        pos.fullmove_number()
    )
}

/// Reads a FEN in XBoard's letters, as [`xboard_fen`] writes it (for the
/// test engine and the tests): the placement is translated, the other
/// fields are the rules' own.
pub fn from_xboard_fen(variant: Variant, fen: &str) -> Result<Position, String> {
    let (placement, rest) = fen.trim().split_once(' ').unwrap_or((fen.trim(), ""));
    let mut out = String::with_capacity(placement.len() + 8);
    for c in placement.chars() {
        if c.is_ascii_alphabetic() {
            let piece = all_pieces()
                .find(|&p| xboard_letter(p) == c)
                .ok_or_else(|| format!("'{c}' is no piece letter"))?;
            out.push_str(&piece.fen());
        } else {
            out.push(c);
        }
    }
    Position::from_fen(variant, &format!("{out} {rest}")).map_err(|e| e.to_string())
}

/// Every piece: both colours, every kind, plain and (but the King) Morph.
fn all_pieces() -> impl Iterator<Item = Piece> {
    Color::ALL.into_iter().flat_map(|color| {
        Kind::ALL.into_iter().flat_map(move |kind| {
            [false, true]
                .into_iter()
                .filter(move |&morph| !(morph && kind == Kind::King))
                .map(move |morph| Piece::with_morph(color, kind, morph))
        })
    })
}

/// Refuses limits CECP cannot express: a node limit, and a clock with a
/// fixed time per move (`level` and `st` exclude each other).
pub fn check_limits(limits: &Limits) -> Result<(), String> {
    if limits.nodes.is_some() {
        return Err("nodes= is not available with proto=xboard (CECP has no node limit)".into());
    }
    if limits.clock.is_some() && limits.movetime.is_some() {
        return Err("tc= and st= together are not available with proto=xboard (CECP's level and st exclude each other)".into());
    }
    Ok(())
}

/// The commands that set an engine's limits: `level MPS BASE INC` for a
/// clock (CECP writes the base in whole seconds: it is rounded, to at
/// least 1 s; `time` and `otim` give the exact clocks before each move),
/// `st` for a fixed time per move, `sd` for a depth.
pub fn limit_commands(limits: &Limits) -> Vec<Command> {
    let mut out = Vec::new();
    if let Some(c) = limits.clock {
        let base_s = (c.base.as_millis() + 500) / 1000;
        let base_s = if c.base.is_zero() { 0 } else { base_s.max(1) };
        out.push(Command::Level(Level {
            moves: c.moves.unwrap_or(0),
            base_ms: u64::try_from(base_s * 1000).unwrap_or(u64::MAX),
            inc_ms: u64::try_from(c.increment.as_millis()).unwrap_or(u64::MAX),
        }));
    } else if let Some(t) = limits.movetime {
        out.push(Command::St(u64::try_from(t.as_millis()).unwrap_or(u64::MAX)));
    }
    if let Some(d) = limits.depth {
        out.push(Command::Sd(d));
    }
    out
}

/// A thinking line's score: centipawns, or CECP's mate convention (mate in
/// N moves is `100000 + N`, mated in N `-100000 - N`).
pub fn thinking_score(t: &Thinking) -> Score {
    let value = if t.score > MATE_SCORE {
        ScoreValue::Mate(t.score - MATE_SCORE)
    } else if t.score < -MATE_SCORE {
        ScoreValue::Mate(t.score + MATE_SCORE)
    } else {
        ScoreValue::Cp(t.score)
    };
    Score { value, bound: t.bound }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tc::parse_tc;
    use protocol::cecp::{parse_reply, Reply};
    use rules::SplitMix64;
    use std::time::Duration;

    #[test]
    fn start_fens_in_xboard_letters() {
        let pom = xboard_fen(&Position::startpos(Variant::Pom));
        assert!(
            pom.starts_with("thamqksamht/wwwwpepwwww/4wbw4/5w5/11/11/11/5W5/4WBW4/WWWWPEPWWWW/THAMQKSAMHT w "),
            "{pom}"
        );
        let mini = xboard_fen(&Position::startpos(Variant::MiniPom));
        assert!(mini.starts_with("thbqkebht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/THBQKEBHT w "), "{mini}");
        // The rights are the rules' own letters.
        let start = Position::startpos(Variant::Pom);
        assert!(pom.ends_with(&format!(" {} - 0 1", start.rights_text())), "{pom}");
    }

    #[test]
    fn every_piece_has_its_own_letter() {
        let mut seen = Vec::new();
        for p in all_pieces() {
            let c = xboard_letter(p);
            assert!(!seen.contains(&c), "{c} twice");
            seen.push(c);
        }
        assert_eq!(seen.len(), 38);
        assert!(!seen.contains(&'X') && !seen.contains(&'x'));
        assert_eq!(xboard_letter(Piece::morph(Color::White, Kind::Horse)), 'N');
        assert_eq!(xboard_letter(Piece::morph(Color::Black, Kind::Sword)), 'f');
        assert_eq!(xboard_letter(Piece::morph(Color::Black, Kind::Advisor)), 'b');
        assert_eq!(xboard_letter(Piece::new(Color::Black, Kind::Medusa)), 'e');
    }

    /// Every legal move of many random positions reads back from its XBoard
    /// text; promotions and transformations carry a letter, the rest none.
    #[test]
    fn moves_round_trip_through_xboard_text() {
        let mut rng = SplitMix64::new(3);
        let mut lettered = 0;
        for variant in Variant::ALL {
            for _ in 0..20 {
                let mut pos = Position::startpos(variant);
                for _ in 0..200 {
                    let moves = pos.legal_move_vec();
                    for &m in &moves {
                        let x = xboard_move(&pos, m);
                        let text = x.to_string();
                        let back: CecpMove = text.parse().unwrap();
                        assert_eq!(resolve_xboard_move(&pos, &back), Ok(m), "{text} in {}", pos.fen());
                        let has_letter = matches!(x, CecpMove::Coord { promotion: Some(_), .. });
                        assert_eq!(has_letter, matches!(m.kind(), MoveKind::Promotion | MoveKind::Transform));
                        if has_letter {
                            lettered += 1;
                            // The same squares without the letter name the
                            // move that changes nothing, if there is one.
                            let CecpMove::Coord { from, to, .. } = x else { unreachable!() };
                            if let Ok(plain) = resolve_xboard_move(&pos, &CecpMove::coord(from, to)) {
                                assert!(suffix(&pos, plain).is_none());
                            }
                        } else if let CecpMove::Coord { from, to, .. } = x {
                            // The mover's own letter means the same move.
                            let own = xboard_letter(pos.piece_at(m.from()));
                            let with_own = CecpMove::with_promotion(from, to, own);
                            assert_eq!(resolve_xboard_move(&pos, &with_own), Ok(m), "{with_own}");
                        }
                    }
                    let back = from_xboard_fen(variant, &xboard_fen(&pos)).unwrap();
                    assert_eq!(back.fen(), pos.fen());
                    if pos.outcome().is_some() {
                        break;
                    }
                    let Some(&m) = rng.pick(&moves) else { break };
                    pos.make(m);
                }
            }
        }
        assert!(lettered > 0, "no promotion or transformation met");
    }

    #[test]
    fn moves_that_name_no_legal_move() {
        let pos = Position::startpos(Variant::Pom);
        let bad = |s: &str| resolve_xboard_move(&pos, &s.parse().unwrap()).unwrap_err();
        assert!(bad("e3e9").contains("e3"), "{}", bad("e3e9"));
        assert!(bad("e3e5q").contains("legal here: e3e5"), "{}", bad("e3e5q"));
        assert!(bad("e3e5+").contains("wrong piece letter"));
        assert!(bad("a1z9").contains("board"));
        assert!(bad("@@@@").contains("null"));
        assert!(bad("W@e5").contains("drops"));
        assert!(bad("e3e4,e4e5").contains("multi-leg"));
        assert!(bad("O-O").contains("castling"));
        // The mover's letter (a Sword) means the plain move.
        assert!(resolve_xboard_move(&pos, &"e3e5w".parse().unwrap()).is_ok());
    }

    #[test]
    fn limits_become_cecp_commands() {
        let words = |tc: &str| -> Vec<String> {
            let mut l = Limits::default();
            for kv in tc.split_whitespace() {
                let (k, v) = kv.split_once('=').unwrap();
                assert!(l.set(k, v).unwrap());
            }
            limit_commands(&l).iter().map(|c| c.to_string()).collect()
        };
        assert_eq!(words("tc=10+0.1"), ["level 0 0:10 0.1"]);
        assert_eq!(words("tc=40/60+0.6"), ["level 40 1 0.6"]);
        assert_eq!(words("tc=1:30+1 depth=12"), ["level 0 1:30 1", "sd 12"]);
        assert_eq!(words("tc=2.6+0.025"), ["level 0 0:03 0.025"]);
        // Less than a second is written as one (time/otim tell the truth).
        assert_eq!(words("tc=0.4+0.01"), ["level 0 0:01 0.01"]);
        assert_eq!(words("st=0.5"), ["st 0.5"]);
        assert_eq!(words("depth=4"), ["sd 4"]);
        let mut l = Limits {
            clock: parse_tc("10").unwrap(),
            ..Limits::default()
        };
        assert!(check_limits(&l).is_ok());
        l.movetime = Some(Duration::from_secs(1));
        assert!(check_limits(&l).unwrap_err().contains("st="));
        let l = Limits {
            nodes: Some(5),
            ..Limits::default()
        };
        assert!(check_limits(&l).unwrap_err().contains("nodes="));
    }

    #[test]
    fn scores_follow_the_cecp_mate_convention() {
        let t = |score| Thinking {
            score,
            ..Thinking::default()
        };
        assert_eq!(thinking_score(&t(35)).value, ScoreValue::Cp(35));
        assert_eq!(thinking_score(&t(-120)).value, ScoreValue::Cp(-120));
        assert_eq!(thinking_score(&t(protocol::cecp::mate_score(3))).value, ScoreValue::Mate(3));
        assert_eq!(thinking_score(&t(protocol::cecp::mate_score(-2))).value, ScoreValue::Mate(-2));
        let Ok(Some(Reply::Thinking(line))) = parse_reply("7 -100004 52 9000 e3e5") else {
            panic!("thinking line");
        };
        assert_eq!(thinking_score(&line).value, ScoreValue::Mate(-4));
    }
}
