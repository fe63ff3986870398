//! The accumulators: per perspective, the feature biases plus the rows of
//! every input that is on. A move changes a few inputs, so each ply's
//! accumulators are the previous ply's plus and minus those rows
//! (`Position::last_move_changes` lists every square a move changed,
//! petrified and freed pieces included); a full refresh reads the board.

use super::features::{for_each_input, piece_inputs, MAX_PER_PIECE};
use super::network::{Network, MAX_HIDDEN};
use rules::{Color, Geometry, Piece, Position};
use std::sync::Arc;

/// One ply's accumulators, by perspective colour (White's, Black's).
#[derive(Clone)]
#[repr(align(64))]
pub struct Accumulator {
    pub values: [[i16; MAX_HIDDEN]; 2],
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            values: [[0; MAX_HIDDEN]; 2],
        }
    }
}

/// Rows to add and to subtract for one perspective: a move rarely changes
/// more than a dozen inputs (a Medusa's arrival can freeze eight pieces,
/// each turning on three).
const MAX_CHANGED: usize = 96;

/// One ply's changes to one perspective's inputs, kept until an
/// evaluation needs the ply's accumulators.
#[derive(Clone)]
struct Delta {
    add: [u16; MAX_CHANGED],
    adds: usize,
    sub: [u16; MAX_CHANGED],
    subs: usize,
    /// More inputs changed than the lists hold: refresh instead.
    overflow: bool,
}

impl Delta {
    fn new() -> Delta {
        Delta {
            add: [0; MAX_CHANGED],
            adds: 0,
            sub: [0; MAX_CHANGED],
            subs: 0,
            overflow: false,
        }
    }

    #[inline(always)]
    fn clear(&mut self) {
        self.adds = 0;
        self.subs = 0;
        self.overflow = false;
    }

    /// Lists the inputs of `piece` on `sq` to add (or to subtract).
    #[inline(always)]
    fn piece(&mut self, geo: &Geometry, perspective: Color, sq: u8, piece: Piece, petrified: bool, add: bool) {
        let mut buf = [0u16; MAX_PER_PIECE];
        let n = piece_inputs(geo, perspective, sq, piece, petrified, &mut buf);
        let (list, len) = if add {
            (&mut self.add, &mut self.adds)
        } else {
            (&mut self.sub, &mut self.subs)
        };
        if *len + n > MAX_CHANGED {
            self.overflow = true;
            return;
        }
        list[*len..*len + n].copy_from_slice(&buf[..n]);
        *len += n;
    }
}

/// One ply of the line: its accumulators (up to date only up to
/// `NnueStack::ready`) and the changes of the move that reached it.
#[derive(Clone)]
struct Ply {
    acc: Accumulator,
    deltas: [Delta; 2],
}

impl Default for Ply {
    fn default() -> Ply {
        Ply {
            acc: Accumulator::default(),
            deltas: [Delta::new(), Delta::new()],
        }
    }
}

/// The accumulators of a line of play: one per ply from where the search
/// started, pushed after each move and popped with its unmake.
///
/// A push only lists the move's changed inputs; the rows are added when
/// an evaluation needs the ply (lazily): the search answers many nodes
/// from the transposition table, or stops at a draw or a cutoff, without
/// evaluating them, and their accumulators are never computed. An
/// evaluation brings every ply from the last computed one up to date.
pub struct NnueStack {
    net: Arc<Network>,
    plies: Vec<Ply>,
    top: usize,
    /// Plies `0..=ready` hold up-to-date accumulators.
    ready: usize,
}

impl NnueStack {
    pub fn new(net: Arc<Network>) -> NnueStack {
        NnueStack {
            net,
            plies: vec![Ply::default(); 16],
            top: 0,
            ready: 0,
        }
    }

    /// Starts a line at `pos`: its accumulators from the board.
    pub fn reset(&mut self, pos: &Position) {
        self.top = 0;
        self.ready = 0;
        refresh(&self.net, pos, &mut self.plies[0].acc);
    }

    /// After `pos.make(..)` or `pos.make_null()`: lists the move's changes
    /// to the new ply's inputs (`Position::last_move_changes`, which only
    /// the position just after the move can give); the accumulators follow
    /// when evaluated. A move whose changes overflow the lists is
    /// refreshed from the board now, while the board is at hand.
    #[inline]
    pub fn push(&mut self, pos: &Position) {
        if self.top + 1 == self.plies.len() {
            self.plies.push(Ply::default());
        }
        self.top += 1;
        let geo = pos.geometry();
        let deltas = &mut self.plies[self.top].deltas;
        for d in deltas.iter_mut() {
            d.clear();
        }
        // One walk over the changes lists both perspectives' inputs.
        for c in pos.last_move_changes() {
            for perspective in Color::ALL {
                let d = &mut deltas[perspective.index()];
                if c.before.is_some() {
                    d.piece(geo, perspective, c.square, c.before, c.before_petrified, false);
                }
                if c.after.is_some() {
                    d.piece(geo, perspective, c.square, c.after, c.after_petrified, true);
                }
            }
        }
        if deltas.iter().any(|d| d.overflow) {
            self.update_to(self.top - 1);
            let h = self.net.hidden;
            for perspective in Color::ALL {
                let out = &mut self.plies[self.top].acc.values[perspective.index()][..h];
                refresh_perspective(&self.net, pos, perspective, out);
            }
            self.ready = self.top;
        }
    }

    /// With the matching unmake. A pop without its push is a bug in the
    /// caller, which would go on evaluating a ply that is not the board's:
    /// builds with debug assertions (tests, `[profile.test]`) stop there.
    /// The release build keeps the unchecked hot path (a pop per unmake);
    /// there the stack stays at its root.
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.top > 0, "NnueStack::pop without a push");
        self.top = self.top.saturating_sub(1);
        self.ready = self.ready.min(self.top);
    }

    /// Brings the accumulators of every ply up to the current one up to
    /// date.
    #[inline(always)]
    fn update(&mut self) {
        if self.ready < self.top {
            self.update_to(self.top);
        }
    }

    /// Brings the accumulators of the plies after `ready` up to `ply` up
    /// to date, each from the previous ply's and its move's changes.
    fn update_to(&mut self, ply: usize) {
        let h = self.net.hidden;
        while self.ready < ply {
            let (done, rest) = self.plies.split_at_mut(self.ready + 1);
            let (prev, next) = (&done[self.ready].acc, &mut rest[0]);
            for (p, d) in next.deltas.iter().enumerate() {
                let out = &mut next.acc.values[p][..h];
                out.copy_from_slice(&prev.values[p][..h]);
                for &i in &d.sub[..d.subs] {
                    for (o, &w) in out.iter_mut().zip(self.net.row(i)) {
                        *o -= w;
                    }
                }
                for &i in &d.add[..d.adds] {
                    for (o, &w) in out.iter_mut().zip(self.net.row(i)) {
                        *o += w;
                    }
                }
            }
            self.ready += 1;
        }
    }

    /// The current ply's accumulators.
    pub fn current(&mut self) -> &Accumulator {
        self.update();
        &self.plies[self.top].acc
    }

    /// The evaluation of `pos` (the position the stack has reached), in
    /// centipawns from the side to move's view.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        self.update();
        let acc = &self.plies[self.top].acc;
        let stm = pos.side_to_move().index();
        self.net.evaluate(&acc.values[stm], &acc.values[1 - stm], self.net.bucket(pos))
    }
}

/// Both perspectives' accumulators from the board.
pub fn refresh(net: &Network, pos: &Position, acc: &mut Accumulator) {
    let h = net.hidden;
    for perspective in Color::ALL {
        refresh_perspective(net, pos, perspective, &mut acc.values[perspective.index()][..h]);
    }
}

fn refresh_perspective(net: &Network, pos: &Position, perspective: Color, out: &mut [i16]) {
    out.copy_from_slice(&net.feature_bias);
    for_each_input(pos, perspective, |i| {
        for (o, &w) in out.iter_mut().zip(net.row(i)) {
            *o += w;
        }
    });
}

/// The evaluation of a position from scratch (no stack).
pub fn evaluate_fresh(net: &Network, pos: &Position) -> i32 {
    let mut acc = Accumulator::default();
    refresh(net, pos, &mut acc);
    let stm = pos.side_to_move().index();
    net.evaluate(&acc.values[stm], &acc.values[1 - stm], net.bucket(pos))
}

#[cfg(test)]
mod tests {
    use super::super::features::tests::random_position;
    use super::super::network::tests::{random_bucketed_net, random_net};
    use super::*;
    use rules::{GameRecord, MoveKind, SplitMix64, Variant};

    /// After moves (and null moves) of random games, and after unmakes,
    /// the incremental accumulators equal a full refresh; the games
    /// include castling, swaps, promotions, Morph transformations and
    /// pieces frozen and freed by the gaze. Some plies are evaluated and
    /// some not, as in a search: an evaluation brings every ply since the
    /// last one evaluated up to date.
    #[test]
    fn incremental_accumulators_equal_a_refresh() {
        let mut rng = SplitMix64::new(21);
        for variant in Variant::ALL {
            let net = Arc::new(random_net(variant, 32, 7));
            let mut stack = NnueStack::new(net.clone());
            let mut seen = [0usize; 5];
            let mut frozen_changes = 0;
            for _ in 0..40 {
                // Random games favour castling, swaps, promotions and
                // transformations (`GameRecord::random`).
                let game = GameRecord::random(variant, 160, &mut rng);
                let mut pos = game.start.clone();
                stack.reset(&pos);
                let mut nulls = Vec::new();
                let check = |stack: &mut NnueStack, pos: &Position| {
                    let mut fresh = Accumulator::default();
                    refresh(&net, pos, &mut fresh);
                    for p in 0..2 {
                        assert_eq!(stack.current().values[p][..32], fresh.values[p][..32], "{}", pos.fen());
                    }
                    assert_eq!(stack.evaluate(pos), evaluate_fresh(&net, pos));
                };
                for &m in &game.moves {
                    // Now and then a pair of null moves, as the search's
                    // null-move pruning plays them.
                    if !pos.in_check() && rng.below(10) == 0 {
                        for null in [true, true] {
                            pos.make_null();
                            nulls.push(null);
                            stack.push(&pos);
                            if rng.below(3) == 0 {
                                check(&mut stack, &pos);
                            }
                        }
                    }
                    seen[m.kind() as usize] += 1;
                    pos.make(m);
                    nulls.push(false);
                    frozen_changes += pos.last_move_changes().filter(|c| c.before_petrified != c.after_petrified).count();
                    stack.push(&pos);
                    if rng.below(3) == 0 {
                        check(&mut stack, &pos);
                    }
                }
                check(&mut stack, &pos);
                // Unwind half the line and check again.
                for _ in 0..nulls.len() / 2 {
                    if nulls.pop() == Some(true) {
                        pos.unmake_null();
                    } else {
                        pos.unmake();
                    }
                    stack.pop();
                }
                let mut fresh = Accumulator::default();
                refresh(&net, &pos, &mut fresh);
                assert_eq!(stack.current().values[0][..32], fresh.values[0][..32]);
                // Unwind a few more plies without an evaluation, then play
                // a new line over the old one's plies and evaluate at its
                // end only.
                for _ in 0..rng.below(4).min(nulls.len() as u64) {
                    if nulls.pop() == Some(true) {
                        pos.unmake_null();
                    } else {
                        pos.unmake();
                    }
                    stack.pop();
                }
                for _ in 0..rng.below(8) {
                    let moves = pos.legal_move_vec();
                    if moves.is_empty() {
                        break;
                    }
                    pos.make(moves[rng.below(moves.len() as u64) as usize]);
                    stack.push(&pos);
                }
                check(&mut stack, &pos);
            }
            assert!(
                seen[MoveKind::Promotion as usize] > 0 && seen[MoveKind::Transform as usize] > 0,
                "{seen:?}"
            );
            assert!(seen[MoveKind::Castle as usize] > 0, "{variant:?} {seen:?}");
            assert!(frozen_changes > 0);
        }
    }

    /// Only where debug assertions are on: `cargo test` (`[profile.test]`),
    /// not the suite's release-like profile.
    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "NnueStack::pop without a push")]
    fn a_pop_without_its_push_panics() {
        let pos = Position::startpos(Variant::MiniPom);
        let mut stack = NnueStack::new(Arc::new(random_net(Variant::MiniPom, 8, 3)));
        stack.reset(&pos);
        stack.push(&pos);
        stack.pop();
        stack.pop();
    }

    /// The evaluation sees the board from the side to move: a position and
    /// its colour-flipped twin score the same.
    #[test]
    fn a_flipped_position_scores_the_same() {
        let mut rng = SplitMix64::new(8);
        for variant in Variant::ALL {
            let net = random_net(variant, 16, 9);
            for _ in 0..100 {
                let pos = random_position(variant, &mut rng, 80);
                assert_eq!(evaluate_fresh(&net, &pos), evaluate_fresh(&net, &pos.flipped()));
            }
        }
    }

    /// The engine scores a position through its own bucket's layer: the
    /// start position is in the last bucket, and the buckets' layers
    /// (random, so different) score it differently.
    #[test]
    fn the_position_picks_its_bucket() {
        let net = random_bucketed_net(Variant::MiniPom, 16, 4, 8);
        let start = Position::startpos(Variant::MiniPom);
        assert_eq!(net.bucket(&start), 3);
        let mut acc = Accumulator::default();
        refresh(&net, &start, &mut acc);
        let stm = start.side_to_move().index();
        let by_bucket: Vec<i32> = (0..4).map(|b| net.evaluate(&acc.values[stm], &acc.values[1 - stm], b)).collect();
        assert_eq!(evaluate_fresh(&net, &start), by_bucket[3]);
        assert!(by_bucket.windows(2).any(|w| w[0] != w[1]), "{by_bucket:?}");
    }
}
