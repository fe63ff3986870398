//! Fuzz target: NNUE net files (`engine::nnue::Network::from_bytes`, what
//! `EvalFile` loads). Whatever the bytes, loading must refuse or accept
//! without a panic; an accepted net must write back byte for byte, and
//! evaluating positions of a short game with it, incrementally and from
//! scratch, must agree and never overflow (fuzz builds keep debug
//! assertions, so an int16 accumulator that wrapped would panic).
#![no_main]

use engine::nnue::{evaluate_fresh, Network, NnueStack};
use libfuzzer_sys::fuzz_target;
use rules::Position;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let Ok(net) = Network::from_bytes(data) else {
        return;
    };
    assert_eq!(net.to_bytes(), data, "an accepted net writes back as read");
    let net = Arc::new(net);
    let mut pos = Position::startpos(net.variant);
    let mut stack = NnueStack::new(net.clone());
    stack.reset(&pos);
    for i in 0..12 {
        let moves = pos.legal_move_vec();
        let Some(&m) = moves.get((i * 7) % moves.len().max(1)) else {
            break;
        };
        pos.make(m);
        stack.push(&pos);
        assert_eq!(stack.evaluate(&pos), evaluate_fresh(&net, &pos));
    }
});
