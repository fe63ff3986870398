//! Cross-checks of the rules core: the PERFT.md suite, the sample game,
//! the generator against `is_legal` over every encodable move, make/unmake,
//! keys, FEN round trips and errors, colour-flip symmetry.

use super::*;
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;

/// Every encodable move of the side to move that `is_legal` accepts.
fn moves_by_legality_checker(pos: &Position) -> Vec<Move> {
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

/// The legality-checker perft: children are every encodable move that
/// `is_legal` accepts, so it shares nothing with the generator's shortcuts.
fn checker_perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = moves_by_legality_checker(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for m in moves {
        pos.make(m);
        n += checker_perft(pos, depth - 1);
        pos.unmake();
    }
    n
}

fn perft(pos: &Position, depth: u32) -> u64 {
    perft::perft(&mut pos.clone(), depth, &AtomicBool::new(false)).unwrap()
}

/// The positions of PERFT.md (also in docs/PERFT.md) with their counts.
pub const SUITE: &[(&str, Variant, &str, &[u64])] = &[
    (
        "pom-start",
        Variant::Pom,
        "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHT w AKak - 0 1",
        &[43, 1843, 87372, 4123186],
    ),
    (
        "minipom-start",
        Variant::MiniPom,
        "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/TH(A)QKE(A)HT w ACFGIacfgi - 0 1",
        &[24, 576, 15272, 404411, 11870139],
    ),
    (
        "A-castle-medusa",
        Variant::Pom,
        "t4k4t/wwm1q2w1ww/2w3shp2/11/11/4h6/3E2e4/5W5/2W3S1M2/WWP4W1WW/TH1AQK4T w Kak - 0 1",
        &[98, 12665, 1181069],
    ),
    (
        "B-morph-forms",
        Variant::Pom,
        "1t1(t)2k4/2(W)8/5w4(a)/11/2e1(h)4(S)1/1(T)4(p)4/4(M)2(E)3/3(Q)4(m)2/4(w)6/W6W3/T5K4 w - - 0 1",
        &[100, 4680, 464031],
    ),
    (
        "C-promotions",
        Variant::Pom,
        "t1h1(q)2m3/1W1W2(W)4/11/11/9E1/1e9/k1H8/10K/11/2w1(w)1w4/1T1H1(A)1Q3 w - - 0 1",
        &[62, 3795, 235925, 14561243],
    ),
    (
        "D-mini-castle-swap",
        Variant::MiniPom,
        "t1(a)qke(a)1t/www1wwwww/9/2hw3h1/9/3(H)5/H1WQ5/WW2WWWWW/T3KE(A)HT w AFGIacfgi - 0 1",
        &[50, 1941, 92511, 3652429],
    ),
    (
        "E-mini-medusas",
        Variant::MiniPom,
        "t3t1k2/3(a)5/w(W)3www1/2w1h4/2eE1(q)3/2H1(E)4/1W7/W4WWW1/T4TK2 w - - 0 1",
        &[46, 2039, 94054, 4279022],
    ),
    (
        "F-sample-after-8",
        Variant::Pom,
        "t1a1qksmaht/wEww1e2www/h3w(a)2p2/5w1w3/1m4w4/11/4W6/3S1W5/2P3W4/WWWW2PWWWW/THAMQK1MAHT b AKak - 0 8",
        &[75, 6954, 515818],
    ),
    (
        "G-sample-final",
        Variant::Pom,
        "3e1k1t3/2ww3h2w/h2qw1S1w2/5w1w3/3a2w4/11/4W6/5W5/3W2W4/WWW4WWWW/THA1QK1A1HT b AK - 1 25",
        &[2, 94, 5357, 251401, 14590898],
    ),
    (
        "H-pom-random",
        Variant::Pom,
        "tha1qks2ht/w2wp1eww1w/2w1w1w3a/4mm(a)2w1/1w3w3M1/4(A)1p1S2/W5W3W/5W1P3/2W1W4W1/1W1WPE1WWA1/THA1QK3HT w AKk - 1 21",
        &[101, 7774, 763449],
    ),
    (
        "I-mini-random",
        Variant::MiniPom,
        "t2qk1e1t/2w1wh1ww/1wH2w3/2h3w1(a)/9/W1WQ1W3/1W1WW4/6(w)W1/1H(A)1KE(A)1T w CFGIi - 0 21",
        &[52, 2404, 122884, 5667125],
    ),
    (
        "J-check-evasions",
        Variant::Pom,
        "5k5/11/11/11/11/11/2t8/11/4h1E4/11/T4K3T1 w A - 0 1",
        &[8, 232, 10838, 285917, 14029478],
    ),
];

fn run_suite(max_nodes: u64, min_nodes: u64) {
    for &(name, variant, fen, counts) in SUITE {
        let pos = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(pos.fen(), fen, "{name}: FEN round trip");
        for (i, &expected) in counts.iter().enumerate() {
            if expected > max_nodes || expected < min_nodes {
                continue;
            }
            assert_eq!(perft(&pos, i as u32 + 1), expected, "{name} depth {}", i + 1);
        }
    }
}

#[test]
fn perft_suite() {
    run_suite(5_000_000, 0);
}

/// The counts over five million nodes: `cargo test --release -p gorgon-rules -- --ignored perft_suite_deep`.
#[test]
#[ignore]
fn perft_suite_deep() {
    run_suite(u64::MAX, 5_000_001);
}

#[test]
fn perft_of_the_flipped_position_is_equal() {
    for &(name, variant, fen, counts) in SUITE {
        let pos = Position::from_fen(variant, fen).unwrap();
        let flipped = pos.flipped();
        assert_eq!(flipped.flipped().fen(), pos.fen(), "{name}");
        for depth in 1..=counts.len().min(3) as u32 {
            assert_eq!(perft(&flipped, depth), counts[depth as usize - 1], "{name} flipped, depth {depth}");
        }
    }
}

#[test]
fn legality_checker_perft_equals_generator_perft() {
    for &(name, variant, fen, counts) in SUITE {
        let mut pos = Position::from_fen(variant, fen).unwrap();
        assert_eq!(checker_perft(&mut pos, 2), counts[1], "{name}");
    }
}

/// RULES.md 11 in coordinate notation.
pub const SAMPLE_GAME: &str = "e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8 c5c8 d11e10 f3b7 b11a9 c8d8 e10b7 d8b10 e11e10 \
    b10a11 b7a6 d2d3 f10e11 a11a10 e10d9 c3d5 g11f10 d1e3 i11g10 e3c4 a6c4 d4c4 f9d7 a10b10 f10d11 b10c11 j11h10 \
    i1j3 g10e8 g2i3 h11f9 i3i9 j10i9 j3e8 f9e8 d5d7 e8d7 c4i10 k11h11 c11d11 e11d11 i10g9";

#[test]
fn the_sample_game_is_legal_and_ends_as_the_rules_say() {
    let mut pos = Position::startpos(Variant::Pom);
    let g = pos.geometry();
    for (i, text) in SAMPLE_GAME.split_whitespace().enumerate() {
        let m = pos.parse_move(text).unwrap_or_else(|e| panic!("half-move {}: {e}", i + 1));
        assert_eq!(pos.move_text(m), text);
        pos.make(m);
        if i == 14 {
            // After 8.ME x B10.
            let names: Vec<String> = squares(pos.petrified(Color::Black)).map(|s| g.square_name(s)).collect();
            assert_eq!(names, ["a9", "a10", "c10", "a11", "c11"]);
        }
    }
    assert_eq!(
        pos.fen(),
        "3e1k1t3/2ww3h2w/h2qw1S1w2/5w1w3/3a2w4/11/4W6/5W5/3W2W4/WWW4WWWW/THA1QK1A1HT b AK - 1 25"
    );
    assert!(pos.in_check());
    let mut replies: Vec<String> = pos.legal_move_vec().into_iter().map(|m| pos.move_text(m)).collect();
    replies.sort();
    assert_eq!(replies, ["d11f9", "d11g8"]);
    assert_eq!(pos.outcome(), None);
}

#[test]
fn fen_errors_name_the_problem() {
    let cases: &[(Variant, &str, &str)] = &[
        (Variant::Pom, "", "FEN placement: empty FEN"),
        (
            Variant::Pom,
            "thamqksamht/wwwwpepwwww w - - 0 1",
            "FEN placement: 2 ranks, pom has 11",
        ),
        (Variant::MiniPom, Variant::Pom.start_fen(), "FEN placement: 11 ranks, minipom has 9"),
        (
            Variant::Pom,
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMH w AKak - 0 1",
            "FEN placement, rank 1, file k: the rank has 10 files, pom needs 11",
        ),
        (
            Variant::Pom,
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHTT w - - 0 1",
            "FEN placement, rank 1, file l: more than 11 files",
        ),
        (
            Variant::Pom,
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHX w - - 0 1",
            "unknown piece letter 'X'",
        ),
        (
            Variant::Pom,
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(AW4/WWWWPEPWWWW/THAMQKSAMHT w - - 0 1",
            "FEN placement, rank 3, file f: unbalanced parentheses",
        ),
        (
            Variant::Pom,
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4WA)W4/WWWWPEPWWWW/THAMQKSAMHT w - - 0 1",
            "unbalanced parentheses: ')' without '('",
        ),
        (
            Variant::Pom,
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(K)W4/WWWWPEPWWWW/THAMQKSAMHT w - - 0 1",
            "a Morph cannot be in King form",
        ),
        (
            Variant::Pom,
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQQSAMHT w - - 0 1",
            "FEN position: White has 0 Kings, needs exactly one",
        ),
        (
            Variant::Pom,
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMKKSAMHT w - - 0 1",
            "White has 2 Kings",
        ),
        (
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/11/W4K5 w - - 0 1",
            "FEN placement, rank 1, file a: a Sword on its own back rank",
        ),
        (
            Variant::Pom,
            "W4k5/11/11/11/11/11/11/11/11/11/5K5 w - - 0 1",
            "FEN placement, rank 11, file a: a Sword on its promotion rank",
        ),
        (
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/11/5K4t b - - 0 1",
            "FEN position: White is in check but not to move",
        ),
        (
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/11/5K4T w A - 0 1",
            "FEN rights: 'A' needs a Tower on a1 and the King on f1",
        ),
        (
            Variant::Pom,
            "thamqksamht/wwwwpepwwww/4w(a)w4/5w5/11/11/11/5W5/4W(A)W4/WWWWPEPWWWW/THAMQKSAMHT w C - 0 1",
            "FEN rights: 'C': no right belongs to file c in pom",
        ),
        (
            Variant::MiniPom,
            "th(a)qke(a)ht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/THAQKE(A)HT w C - 0 1",
            "FEN rights: 'C' needs a Morph in Advisor form on c1",
        ),
        (
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/11/5K5 x - - 0 1",
            "FEN side to move: expected 'w' or 'b', found 'x'",
        ),
        (
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/11/5K5 w - e3 0 1",
            "FEN en passant: there is no en passant",
        ),
        (
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/11/5K5 w - - x 1",
            "FEN halfmove clock: 'x' is not a number",
        ),
        (
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/11/5K5 w - - 0 0",
            "FEN fullmove number: move numbers start at 1",
        ),
        (Variant::Pom, "5k5/11/11/11/11/11/11/11/11/11/5K5 w", "FEN rights: missing"),
        (
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/11/5K5 w - - 0 1 extra",
            "unexpected text after the six fields",
        ),
        (
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/11/0K5 w - - 0 1",
            "an empty run of 0 squares",
        ),
        (
            Variant::Pom,
            "5k5/11/11/11/11/11/11/11/11/11/5K5 w z - 0 1",
            "FEN rights: 'z' names no file",
        ),
    ];
    for (variant, fen, expected) in cases {
        match Position::from_fen(*variant, fen) {
            Ok(_) => panic!("accepted: {fen}"),
            Err(e) => assert!(e.to_string().contains(expected), "{fen}\n  gave: {e}\n  want: {expected}"),
        }
    }
    // The last two fields may be left out.
    let pos = Position::from_fen(Variant::Pom, "5k5/11/11/11/11/11/11/11/11/11/5K5 w -").unwrap();
    assert_eq!(pos.fen(), "5k5/11/11/11/11/11/11/11/11/11/5K5 w - - 0 1");
}

#[test]
fn move_text_aliases_and_errors() {
    // C-promotions: the plain Sword b10 promotes on b11.
    let pos = Position::from_fen(Variant::Pom, SUITE[4].2).unwrap();
    let promo = pos.parse_move("b10b11").unwrap();
    assert_eq!(promo.kind(), MoveKind::Promotion);
    assert_eq!(pos.parse_move("b10b11e").unwrap(), promo);
    assert_eq!(pos.parse_move("B10B11E").unwrap(), promo);
    assert!(pos.parse_move("b10b11(Q)").unwrap_err().to_string().contains("wrong suffix"));
    assert!(pos.parse_move("e3e5").unwrap_err().to_string().contains("no piece on e3"));
    assert!(pos.parse_move("z9z9").is_err());
    assert!(pos.parse_move("b10").is_err());
    assert!(pos.parse_move("b10b11(XY)").unwrap_err().to_string().contains("no Morph form"));
    // E: Morph takes Morph of another form: (Q) makes a plain Queen.
    let pos = Position::from_fen(Variant::MiniPom, SUITE[6].2).unwrap();
    let t = pos.parse_move("e4f5(Q)").unwrap();
    assert_eq!(t.kind(), MoveKind::Transform);
    assert_eq!(pos.moved_piece_after(t), Piece::new(Color::White, Kind::Queen));
    assert_eq!(pos.parse_move("e4f5(q)").unwrap(), t);
    assert_eq!(pos.parse_move("e4f5").unwrap().kind(), MoveKind::Normal);
    // Mini-POM start: swap and its rights (RULES.md 10.3).
    let mut pos = Position::startpos(Variant::MiniPom);
    let swap = pos.parse_move("f1c1").unwrap();
    assert_eq!(swap.kind(), MoveKind::Swap);
    pos.make(swap);
    assert_eq!(pos.rights_text(), "AIacfgi");
    pos.unmake();
    assert_eq!(pos.fen(), Variant::MiniPom.start_fen());
}

#[test]
fn transformation_that_changes_nothing_is_the_plain_move() {
    // A White Morph Horse on c3 can take a plain Horse on d5: one move, (H) an alias.
    let pos = Position::from_fen(Variant::Pom, "5k5/11/11/11/11/11/3h7/11/2(H)8/11/5K5 w - - 0 1").unwrap();
    let plain = pos.parse_move("c3d5").unwrap();
    assert_eq!(plain.kind(), MoveKind::Normal);
    assert_eq!(pos.parse_move("c3d5(H)").unwrap(), plain);
    assert_eq!(
        pos.legal_move_vec()
            .iter()
            .filter(|m| pos.move_text(**m).starts_with("c3d5"))
            .count(),
        1
    );
}

#[test]
fn game_end_detection() {
    let bare = Position::from_fen(Variant::Pom, "5k5/11/11/11/11/11/11/11/11/11/5K5 w - - 0 1").unwrap();
    assert_eq!(bare.outcome(), Some(Outcome::InsufficientMaterial));
    let horse = Position::from_fen(Variant::Pom, "5k5/11/11/11/11/11/11/11/11/11/4HK5 w - - 0 1").unwrap();
    assert_eq!(horse.outcome(), Some(Outcome::InsufficientMaterial));
    let medusa = Position::from_fen(Variant::Pom, "5k5/11/11/11/11/11/11/11/11/11/4EK5 w - - 0 1").unwrap();
    assert_eq!(medusa.outcome(), None);
    let fifty = Position::from_fen(Variant::Pom, "5k5/11/11/11/11/11/11/11/11/11/4EK5 w - - 100 80").unwrap();
    assert_eq!(fifty.outcome(), Some(Outcome::FiftyMoves));
    // Threefold: shuffle the Horses back and forth twice.
    let mut pos = Position::startpos(Variant::Pom);
    for text in "b1c3 b11c9 c3b1 c9b11 b1c3 b11c9 c3b1 c9b11".split_whitespace() {
        assert_eq!(pos.outcome(), None);
        pos.make(pos.parse_move(text).unwrap());
    }
    assert_eq!(pos.outcome(), Some(Outcome::Repetition));
    // Mate in the sample game after 17.ME x C11 would be wrong: the game went on.
}

/// A random legal playout of up to `plies` moves, choosing with `picks`.
fn playout(variant: Variant, picks: &[u16]) -> Position {
    let mut pos = Position::startpos(variant);
    for &pick in picks {
        let moves = pos.legal_move_vec();
        if moves.is_empty() {
            break;
        }
        pos.make(moves[pick as usize % moves.len()]);
    }
    pos
}

fn any_variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Pom), Just(Variant::MiniPom)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_restores_position_and_key(variant in any_variant(), picks in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut pos = playout(variant, &picks);
        let before = (pos.fen(), pos.key(), *pos.state());
        for m in pos.legal_move_vec() {
            pos.make(m);
            prop_assert_eq!(pos.key(), pos.key_from_scratch());
            pos.unmake();
            prop_assert_eq!(&(pos.fen(), pos.key(), *pos.state()), &before);
        }
        prop_assert_eq!(pos.check_invariants(), Ok(()));
    }

    #[test]
    fn fen_round_trips(variant in any_variant(), picks in prop::collection::vec(any::<u16>(), 0..160)) {
        let pos = playout(variant, &picks);
        let again = Position::from_fen(variant, &pos.fen()).unwrap();
        prop_assert_eq!(again.fen(), pos.fen());
        prop_assert_eq!(again.key(), pos.key());
    }

    #[test]
    fn generator_agrees_with_the_legality_checker(variant in any_variant(), picks in prop::collection::vec(any::<u16>(), 0..160)) {
        let mut pos = playout(variant, &picks);
        let mut generated = pos.legal_move_vec();
        let mut checked = moves_by_legality_checker(&pos);
        generated.sort_by_key(|m| m.raw());
        checked.sort_by_key(|m| m.raw());
        prop_assert_eq!(&generated, &checked, "{}", pos.fen());
        prop_assert_eq!(perft(&pos, 2), checker_perft(&mut pos, 2));
    }

    #[test]
    fn tactical_and_quiet_moves_split_the_legal_moves(variant in any_variant(), picks in prop::collection::vec(any::<u16>(), 0..200)) {
        // Along a whole random game, so captures, transformations and
        // promotions, castling and swaps, in and out of check, all come up.
        let mut pos = Position::startpos(variant);
        let mut list = MoveList::new();
        for &pick in &picks {
            let legal = pos.legal_move_vec();
            if legal.is_empty() {
                break;
            }
            let mut wanted: Vec<Move> = legal.iter().copied().filter(|&m| pos.is_tactical(m)).collect();
            pos.tactical_moves(&mut list);
            let mut got = list.as_slice().to_vec();
            wanted.sort_by_key(|m| m.raw());
            got.sort_by_key(|m| m.raw());
            prop_assert_eq!(&got, &wanted, "{}", pos.fen());
            let mut wanted_quiet: Vec<Move> = legal.iter().copied().filter(|&m| !pos.is_tactical(m)).collect();
            pos.quiet_moves(&mut list);
            let mut got_quiet = list.as_slice().to_vec();
            wanted_quiet.sort_by_key(|m| m.raw());
            got_quiet.sort_by_key(|m| m.raw());
            prop_assert_eq!(&got_quiet, &wanted_quiet, "{}", pos.fen());
            // Prefer captures, so the armies thin out and promotions come.
            let m = if !wanted.is_empty() && pick % 3 != 0 { wanted[pick as usize % wanted.len()] } else { legal[pick as usize % legal.len()] };
            pos.make(m);
        }
    }

    #[test]
    fn colour_flip_keeps_perft(variant in any_variant(), picks in prop::collection::vec(any::<u16>(), 0..160)) {
        let pos = playout(variant, &picks);
        prop_assert_eq!(perft(&pos, 2), perft(&pos.flipped(), 2), "{}", pos.fen());
    }
}

/// A FEN of `variant`, White to move, with White's King on a1, Black's on
/// the last square, and White's other pieces (FEN text, a Morph `(X)`) on
/// the given squares.
fn army_fen(variant: Variant, pieces: &[(u8, String)]) -> String {
    let g = variant.geometry();
    let mut board: Vec<Option<String>> = vec![None; g.files as usize * g.ranks as usize];
    board[0] = Some("K".into());
    let last = board.len() - 1;
    board[last] = Some("k".into());
    for (sq, text) in pieces {
        board[*sq as usize] = Some(text.clone());
    }
    let mut rows = Vec::new();
    for rank in (0..g.ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..g.files {
            match &board[g.square(file, rank) as usize] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(p);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} w - - 0 1", rows.join("/"))
}

/// Squares from which no queen, rook, bishop or knight move reaches
/// Black's King in the last corner (nor a1, White's King).
fn quiet_squares(variant: Variant) -> Vec<u8> {
    let g = variant.geometry();
    let (kf, kr) = (g.files as i32 - 1, g.ranks as i32 - 1);
    (0..g.files * g.ranks)
        .filter(|&s| {
            let (f, r) = (g.file_of(s) as i32, g.rank_of(s) as i32);
            let (df, dr) = ((f - kf).abs(), (r - kr).abs());
            let line = df == 0 || dr == 0 || df == dr;
            let knight = (df == 1 && dr == 2) || (df == 2 && dr == 1);
            !line && !knight && s != 0
        })
        .collect()
}

#[test]
fn armies_larger_than_the_start_army_are_refused() {
    for variant in Variant::ALL {
        let army = variant.army() as usize;
        let squares = quiet_squares(variant);
        // One piece too many (Towers where they attack no King).
        let too_many: Vec<(u8, String)> = squares.iter().take(army).map(|&s| (s, "T".into())).collect();
        let e = Position::from_fen(variant, &army_fen(variant, &too_many)).err().expect("refused");
        assert!(e.to_string().contains("pieces are never added"), "{e}");
        let full: Vec<(u8, String)> = squares.iter().take(army - 1).map(|&s| (s, "(T)".into())).collect();
        assert!(Position::from_fen(variant, &army_fen(variant, &full)).is_ok());
    }
}

/// The densest armies the FEN reader accepts stay under the move list's
/// capacity: every piece but the King a Morph in its variant's strongest
/// form (a Serpent in POM), placed for the most moves, and then random
/// armies with every kind. A full list would mean a dropped move.
#[test]
fn no_accepted_position_fills_the_move_list() {
    for variant in Variant::ALL {
        let g = variant.geometry();
        let army = variant.army();
        let kinds = if variant == Variant::Pom { "SQPM" } else { "QTHA" };
        let strongest = &kinds[..1];
        // Spread over every other square of the board's middle, so that
        // pieces do not block each other more than they must.
        let squares: Vec<u8> = quiet_squares(variant)
            .into_iter()
            .filter(|&s| (g.file_of(s) + g.rank_of(s)) % 2 == 0)
            .collect();
        let pieces: Vec<(u8, String)> = squares
            .iter()
            .take(army as usize - 1)
            .map(|&s| (s, format!("({strongest})")))
            .collect();
        let pos = Position::from_fen(variant, &army_fen(variant, &pieces)).unwrap();
        let n = pos.legal_move_vec().len();
        assert!(n < MAX_MOVES, "{variant}: {n} moves");
        // Random armies of the variant's kinds on random squares.
        let mut rng = SplitMix64::new(variant as u64 + 1);
        for _ in 0..300 {
            let mut free = quiet_squares(variant);
            rng.shuffle(&mut free);
            let take = 1 + rng.below(army as u64 - 1) as usize;
            let pieces: Vec<(u8, String)> = free
                .iter()
                .take(take)
                .map(|&s| {
                    let k = &kinds[rng.below(kinds.len() as u64) as usize..][..1];
                    (s, if rng.below(2) == 0 { format!("({k})") } else { k.to_string() })
                })
                .collect();
            let Ok(pos) = Position::from_fen(variant, &army_fen(variant, &pieces)) else {
                continue; // e.g. Black in check
            };
            let n = pos.legal_move_vec().len();
            assert!(n < MAX_MOVES, "{variant}: {n} moves in {}", pos.fen());
        }
        println!("{variant}: the densest army has {n} moves (capacity {MAX_MOVES})");
    }
}

#[test]
fn a_position_keeps_room_for_moves_only_when_asked() {
    for variant in [Variant::Pom, Variant::MiniPom] {
        let mut pos = Position::startpos(variant);
        assert_eq!(pos.history_room(), 0, "a position set up keeps no room");
        let before = pos.fen();
        pos.reserve_history(256);
        assert!(pos.history_room() >= 256);
        let m = pos.legal_move_vec()[0];
        pos.make(m);
        assert_eq!(pos.game_ply(), 1);
        assert!(pos.history_room() >= 255, "the move used the room kept");
        pos.unmake();
        assert_eq!(pos.fen(), before);
    }
}
