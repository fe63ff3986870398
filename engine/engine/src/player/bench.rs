//! The bench: a fixed-depth search of fixed positions of both variants on
//! one thread with a 16 MB table, everything cleared before each position.
//! Its node count is a signature of the search: deterministic, since only
//! the depth limits it.

use super::control::Control;
use super::limits::Limits;
use super::threads::Engine;
use crate::clock::Instant;
use crate::nnue::UseNnue;
use rules::{Position, Variant};

/// Depth searched when none is given.
pub const DEFAULT_DEPTH: u32 = 13;

/// The bench positions: start positions, the perft suite, the public mate
/// suite, and positions reached by playing moves from the starts
/// (`startpos moves ...`).
pub const POSITIONS: [(Variant, &str); 26] = [
    (Variant::Pom, "startpos"),
    (Variant::MiniPom, "startpos"),
    (
        Variant::Pom,
        "t4k4t/wwm1q2w1ww/2w3shp2/11/11/4h6/3E2e4/5W5/2W3S1M2/WWP4W1WW/TH1AQK4T w Kak - 0 1",
    ),
    (
        Variant::Pom,
        "1t1(t)2k4/2(W)8/5w4(a)/11/2e1(h)4(S)1/1(T)4(p)4/4(M)2(E)3/3(Q)4(m)2/4(w)6/W6W3/T5K4 w - - 0 1",
    ),
    (
        Variant::Pom,
        "t1h1(q)2m3/1W1W2(W)4/11/11/9E1/1e9/k1H8/10K/11/2w1(w)1w4/1T1H1(A)1Q3 w - - 0 1",
    ),
    (
        Variant::MiniPom,
        "t1(a)qke(a)1t/www1wwwww/9/2hw3h1/9/3(H)5/H1WQ5/WW2WWWWW/T3KE(A)HT w AFGIacfgi - 0 1",
    ),
    (
        Variant::MiniPom,
        "t3t1k2/3(a)5/w(W)3www1/2w1h4/2eE1(q)3/2H1(E)4/1W7/W4WWW1/T4TK2 w - - 0 1",
    ),
    (
        Variant::Pom,
        "t1a1qksmaht/wEww1e2www/h3w(a)2p2/5w1w3/1m4w4/11/4W6/3S1W5/2P3W4/WWWW2PWWWW/THAMQK1MAHT b AKak - 0 8",
    ),
    (
        Variant::Pom,
        "3e1k1t3/2ww3h2w/h2qw1S1w2/5w1w3/3a2w4/11/4W6/5W5/3W2W4/WWW4WWWW/THA1QK1A1HT b AK - 1 25",
    ),
    (
        Variant::Pom,
        "tha1qks2ht/w2wp1eww1w/2w1w1w3a/4mm(a)2w1/1w3w3M1/4(A)1p1S2/W5W3W/5W1P3/2W1W4W1/1W1WPE1WWA1/THA1QK3HT w AKk - 1 21",
    ),
    (
        Variant::MiniPom,
        "t2qk1e1t/2w1wh1ww/1wH2w3/2h3w1(a)/9/W1WQ1W3/1W1WW4/6(w)W1/1H(A)1KE(A)1T w CFGIi - 0 21",
    ),
    (Variant::Pom, "5k5/11/11/11/11/11/2t8/11/4h1E4/11/T4K3T1 w A - 0 1"),
    (
        Variant::MiniPom,
        "1t2k(a)1ht/wwwqww2w/2Ew(A)4/6ww1/5W3/2W6/WW6e/3WW1WWW/TH1QK(A)1HT w AIi - 1 14",
    ),
    (
        Variant::MiniPom,
        "the1k(a)1ht/ww4www/2wwq4/4w4/9/W8/H3W(q)3/1WWW(A)1WWW/T1(A)K1E1HT b ai - 1 10",
    ),
    (
        Variant::MiniPom,
        "te6t/w1w6/3q1kw2/1w2ww3/2(A)5w/4KW2W/2WWW4/W1W4W1/5(A)E1T b - - 3 34",
    ),
    (Variant::MiniPom, "1k(a)2(a)1hT/1w7/e5w2/5w3/6w2/7W1/8H/TWW3K2/2E3(A)2 w - - 1 33"),
    (
        Variant::MiniPom,
        "th(a)q2(a)ht/wwwkww1ww/6w2/3w5/9/WW1W2W2/E7e/2W1WW1W1/TH1QK(A)(A)1T b AI - 1 8",
    ),
    (Variant::MiniPom, "7k1/9/9/1w1w3w1/1W7/8W/4W4/H6w1/5K3 b - - 1 54"),
    (
        Variant::Pom,
        "thamqk5/ww2se1w1wt/1w2w3h1w/11/6w4/4a3(a)2/10P/4Qp5/2M1pEWM1W1/WW1W3WW1W/T1A2KPA1HT b a - 0 22",
    ),
    (
        Variant::Pom,
        "tha2k2mht/1ww2p1wa1w/1wm1w3w2/M4ww2w1/3W7/5WWeP2/2W6s1/1W3P5/W9W/3W2E1WWT/THA1KpSAMH1 b ak - 2 31",
    ),
    (
        Variant::Pom,
        "2a1qke3t/3(W)p3w2/7wh1w/2a6w1/4w1w4/11/T2W1WW4/11/3hW6/1W1KETPHA1W/2A8 w k - 1 49",
    ),
    (
        Variant::Pom,
        "tha2h1a2t/2w2k4w/3w7/7w3/w3w1E1w2/1w8m/11/2WW2W4/11/WW1K6W/T4A3HT w - - 4 53",
    ),
    (
        Variant::Pom,
        "t1amk1t4/ww1w4mww/h9h/5w2w2/11/10e/5W5/1W1E7/9HW/W2W4WWT/TH3K1A3 b A - 1 26",
    ),
    (
        Variant::Pom,
        "t1amqk1a1ht/wwwhpep1(W)w1/4w1ww2w/2Aw7/5w5/11/11/(w)4W5/H3W1W1WWH/1WWWPEPW2W/T1AMQKS1M1T w AKak - 0 14",
    ),
    (Variant::Pom, "startpos moves e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8"),
    (Variant::MiniPom, "startpos moves e2e4 e8e6 h1g3 b9c7"),
];

/// Sets up bench position `i`.
pub fn position(i: usize) -> Position {
    let (variant, text) = POSITIONS[i];
    let (fen, moves) = text.split_once(" moves ").unwrap_or((text, ""));
    let mut pos = if fen == "startpos" {
        Position::startpos(variant)
    } else {
        Position::from_fen(variant, fen).expect("bench FEN")
    };
    for text in moves.split_whitespace() {
        let m = pos.parse_move(text).expect("bench move");
        pos.make(m);
    }
    pos
}

/// Searches every position to `depth` (default `DEFAULT_DEPTH`), prints a
/// line per position through `out` and finally `<N> nodes <M> nps`.
/// Returns the node total and the speed.
pub fn run(depth: Option<u32>, out: &mut dyn FnMut(&str)) -> (u64, u64) {
    run_until(depth, UseNnue::Auto, &Control::new(), out)
}

/// [`run`] with the evaluation `nnue` chooses (`Use NNUE`), that `control`
/// can stop (the UCI loop's `bench`): a stopped bench ends after the
/// position under way and prints no total.
pub fn run_until(depth: Option<u32>, nnue: UseNnue, control: &Control, out: &mut dyn FnMut(&str)) -> (u64, u64) {
    let depth = depth.unwrap_or(DEFAULT_DEPTH).max(1);
    let mut engine = Engine::new();
    engine.set_use_nnue(nnue);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let start = Instant::now();
    let mut total = 0;
    for i in 0..POSITIONS.len() {
        let pos = position(i);
        engine.new_game();
        let result = engine.search(&pos, &limits, control, &mut |_| {});
        if control.stopped() {
            out("bench stopped");
            return (total, 0);
        }
        total += result.nodes;
        let best = result.best.map_or("(none)".to_string(), |m| pos.move_text(m));
        out(&format!(
            "position {:>2}/{} {:<8} best {:<10} nodes {:>10}  {}",
            i + 1,
            POSITIONS.len(),
            pos.variant().name(),
            best,
            result.nodes,
            pos.fen()
        ));
    }
    let ms = start.elapsed().as_millis().max(1) as u64;
    let nps = total * 1000 / ms;
    out(&format!("{total} nodes {nps} nps"));
    (total, nps)
}
