//! The staged move picker: a node's moves in the order the search wants
//! them, generated only as far as the search gets. A cutoff by the TT move
//! costs no generation at all; one by a good capture or a killer costs no
//! quiet generation and no quiet scoring.
//!
//! Stages of the main search: the TT move; the tactical moves (captures,
//! transformations, promotions) by what they win plus their capture
//! history, each checked by the exchange (see.rs) as it comes up, losers
//! set aside; the two killers and the counter-move, when legal and quiet
//! here; the quiet moves by their histories; the losing tactics last.
//! Quiescence out of check uses only the TT move and the winning tactics.
//! Every legal move comes out exactly once (a test below holds it to
//! that), whatever TT move, killers and counter-move it is given.

use super::eval::kind_value;
use super::history::{Histories, PieceTo};
use super::see::see;
use rules::{Kind, Move, MoveKind, MoveList, Position};

/// A move and its ordering score (higher first). The score tells the
/// search what kind of move it is: see the constants below.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scored {
    pub mv: Move,
    pub score: i32,
}

pub(crate) const TT_MOVE_SCORE: i32 = 1 << 30;
pub(crate) const GOOD_TACTIC: i32 = 400_000_000;
pub(crate) const KILLER_SCORE: i32 = 300_000_000;
pub(crate) const COUNTER_SCORE: i32 = 290_000_000;
/// Losing tactics score below zero, quiet moves around zero.
pub(crate) const BAD_TACTIC: i32 = -400_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// A list given whole (the root's moves, in the root's order).
    Given,
    TtMove,
    GenerateTactics,
    GoodTactics,
    Killer0,
    Killer1,
    Counter,
    GenerateQuiets,
    Quiets,
    BadTactics,
    Done,
}

/// Material a tactical move wins on the spot (the victim, and the new
/// form's worth over the old), before any recapture.
#[inline(always)]
pub(crate) fn tactic_gain(pos: &Position, m: Move) -> i32 {
    let v = pos.variant();
    let victim = pos.piece_at(m.to());
    let mover = pos.piece_at(m.from());
    let mut gain = if victim.is_some() { kind_value(v, victim.kind()) } else { 0 };
    let attacker = kind_value(v, mover.kind());
    match m.kind() {
        MoveKind::Promotion => gain += kind_value(v, Kind::Medusa) - attacker,
        MoveKind::Transform => gain += kind_value(v, m.form()) - attacker,
        _ => {}
    }
    gain
}

/// The move as the continuation and capture histories see it.
#[inline(always)]
pub(crate) fn piece_to(pos: &Position, m: Move) -> PieceTo {
    PieceTo {
        piece: pos.moved_piece_after(m),
        to: m.to(),
    }
}

/// The capture history of a tactical move (0 for a promotion that takes
/// nothing).
#[inline(always)]
fn capture_history(pos: &Position, hist: &Histories, m: Move) -> i32 {
    let victim = pos.piece_at(m.to());
    if victim.is_none() {
        return 0;
    }
    hist.capture(pos.side_to_move(), piece_to(pos, m), victim.kind())
}

/// The history of a quiet move: butterfly plus both continuations, and a
/// bonus for a Medusa stepping next to enemy pieces (she freezes them).
#[inline(always)]
fn quiet_score(pos: &Position, hist: &Histories, m: Move, earlier: [PieceTo; 2]) -> i32 {
    let us = pos.side_to_move();
    let now = piece_to(pos, m);
    let mut s = hist.butterfly(us, m) + hist.continuation(us, earlier[0], now) + hist.continuation(us, earlier[1], now);
    if m.kind() == MoveKind::Normal && pos.piece_at(m.from()).is_medusa_type() {
        let g = pos.geometry();
        let frozen = g.king[m.to() as usize] & pos.active(!us) & !pos.kind_bb(Kind::Medusa) & !g.king[m.from() as usize];
        s += 2048 * frozen.count_ones().min(3) as i32;
    }
    s
}

/// Moves the best remaining move (from `i` on) to `i` and returns it.
#[inline(always)]
fn pick(moves: &mut [Scored], i: usize) -> Scored {
    let mut best = i;
    for j in i + 1..moves.len() {
        if moves[j].score > moves[best].score {
            best = j;
        }
    }
    moves.swap(i, best);
    moves[i]
}

/// One node's picker. The search keeps one per ply and re-arms it, so the
/// buffers are allocated once per thread.
pub(crate) struct MovePicker {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    earlier: [PieceTo; 2],
    /// Quiescence out of check: the TT move and the winning tactics only.
    tactics_only: bool,
    /// Set by the search once no quiet move can be searched any more
    /// (late move pruning): the quiet stages are skipped.
    skip_quiets: bool,
    list: MoveList,
    moves: Vec<Scored>,
    bad: Vec<Scored>,
    cur: usize,
}

impl Default for MovePicker {
    fn default() -> MovePicker {
        MovePicker {
            stage: Stage::Done,
            tt_move: Move::NONE,
            killers: [Move::NONE; 2],
            counter: Move::NONE,
            earlier: [PieceTo::NONE; 2],
            tactics_only: false,
            skip_quiets: false,
            list: MoveList::new(),
            moves: Vec::with_capacity(128),
            bad: Vec::with_capacity(32),
            cur: 0,
        }
    }
}

impl MovePicker {
    /// Arms the picker for an interior node. `tt_move` must be legal here
    /// (or `NONE`); killers and counter-move are checked as they come.
    pub(crate) fn main(&mut self, tt_move: Move, killers: [Move; 2], counter: Move, earlier: [PieceTo; 2]) {
        self.stage = Stage::TtMove;
        self.tt_move = tt_move;
        self.killers = killers;
        self.counter = counter;
        self.earlier = earlier;
        self.tactics_only = false;
        self.skip_quiets = false;
    }

    /// Arms the picker for quiescence: every evasion in check, else the TT
    /// move if it is tactical and the winning tactics. `tt_move` comes
    /// straight from the table: its kind (cheap) is checked here before its
    /// legality.
    pub(crate) fn quiescence(&mut self, pos: &Position, tt_move: Move, in_check: bool) {
        let wanted = (in_check || pos.is_tactical(tt_move)) && pos.is_legal(tt_move);
        let tt_move = if wanted { tt_move } else { Move::NONE };
        self.main(tt_move, [Move::NONE; 2], Move::NONE, [PieceTo::NONE; 2]);
        self.tactics_only = !in_check;
    }

    /// Arms the picker with a whole list, given in order.
    pub(crate) fn given(&mut self, moves: impl Iterator<Item = Scored>) {
        self.stage = Stage::Given;
        self.moves.clear();
        self.moves.extend(moves);
        self.cur = 0;
        self.skip_quiets = false;
    }

    /// No more quiet moves (killers and counter-move included) from now on.
    pub(crate) fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// A killer or counter-move worth trying before the quiet moves: not
    /// the TT move, not tried already, quiet and legal here.
    #[inline(always)]
    fn fresh(&self, pos: &Position, m: Move, tried: &[Move]) -> bool {
        !m.is_none() && m != self.tt_move && !tried.contains(&m) && !pos.is_tactical(m) && pos.is_legal(m)
    }

    /// The next move, or `None` when every move has come out.
    pub(crate) fn next(&mut self, pos: &Position, hist: &Histories) -> Option<Scored> {
        loop {
            match self.stage {
                Stage::Given => {
                    if self.cur < self.moves.len() {
                        self.cur += 1;
                        return Some(self.moves[self.cur - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::TtMove => {
                    self.stage = Stage::GenerateTactics;
                    if !self.tt_move.is_none() {
                        return Some(Scored {
                            mv: self.tt_move,
                            score: TT_MOVE_SCORE,
                        });
                    }
                }
                Stage::GenerateTactics => {
                    pos.tactical_moves(&mut self.list);
                    self.moves.clear();
                    self.bad.clear();
                    for &m in self.list.iter() {
                        if m != self.tt_move {
                            let score = tactic_gain(pos, m) * 16 + capture_history(pos, hist, m) / 4;
                            self.moves.push(Scored { mv: m, score });
                        }
                    }
                    self.cur = 0;
                    self.stage = Stage::GoodTactics;
                }
                Stage::GoodTactics => {
                    while self.cur < self.moves.len() {
                        let s = pick(&mut self.moves, self.cur);
                        self.cur += 1;
                        if see(pos, s.mv) >= 0 {
                            return Some(Scored {
                                mv: s.mv,
                                score: GOOD_TACTIC + s.score,
                            });
                        }
                        if !self.tactics_only {
                            self.bad.push(Scored {
                                mv: s.mv,
                                score: BAD_TACTIC + s.score,
                            });
                        }
                    }
                    self.stage = if self.tactics_only { Stage::Done } else { Stage::Killer0 };
                }
                Stage::Killer0 => {
                    self.stage = Stage::Killer1;
                    let m = self.killers[0];
                    if !self.skip_quiets && self.fresh(pos, m, &[]) {
                        return Some(Scored {
                            mv: m,
                            score: KILLER_SCORE,
                        });
                    }
                }
                Stage::Killer1 => {
                    self.stage = Stage::Counter;
                    let m = self.killers[1];
                    if !self.skip_quiets && self.fresh(pos, m, &self.killers[..1]) {
                        return Some(Scored {
                            mv: m,
                            score: KILLER_SCORE - 1,
                        });
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::GenerateQuiets;
                    let m = self.counter;
                    if !self.skip_quiets && self.fresh(pos, m, &self.killers) {
                        return Some(Scored {
                            mv: m,
                            score: COUNTER_SCORE,
                        });
                    }
                }
                Stage::GenerateQuiets => {
                    self.stage = Stage::Quiets;
                    self.moves.clear();
                    self.cur = 0;
                    if !self.skip_quiets {
                        pos.quiet_moves(&mut self.list);
                        let skip = [self.tt_move, self.killers[0], self.killers[1], self.counter];
                        for &m in self.list.iter() {
                            if !skip.contains(&m) {
                                let score = quiet_score(pos, hist, m, self.earlier);
                                self.moves.push(Scored { mv: m, score });
                            }
                        }
                    }
                }
                Stage::Quiets => {
                    if !self.skip_quiets && self.cur < self.moves.len() {
                        let s = pick(&mut self.moves, self.cur);
                        self.cur += 1;
                        return Some(s);
                    }
                    self.stage = Stage::BadTactics;
                    self.cur = 0;
                }
                Stage::BadTactics => {
                    if self.cur < self.bad.len() {
                        let s = pick(&mut self.bad, self.cur);
                        self.cur += 1;
                        return Some(s);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{SplitMix64, Variant};

    /// Random games of both variants; at every position a picker armed with
    /// the TT move, killers and counter-move drawn from this position's
    /// moves and from other positions' (legal elsewhere, often not here)
    /// must produce each legal move exactly once, the TT move first, and
    /// no killer that is not legal here. Quiescence gives exactly the TT
    /// move (if tactical) and the winning tactics, or every evasion.
    #[test]
    fn every_legal_move_comes_out_exactly_once() {
        let hist = Histories::new();
        let mut rng = SplitMix64::new(0x2545_f491_4f6c_dd1d);
        let mut rand = move || rng.next_u64();
        let mut picker = MovePicker::default();
        let mut checked = 0;
        for game in 0..60 {
            let variant = if game % 2 == 0 { Variant::Pom } else { Variant::MiniPom };
            let mut pos = Position::startpos(variant);
            let mut elsewhere: Vec<Move> = Vec::new();
            for _ in 0..160 {
                let legal = pos.legal_move_vec();
                if legal.is_empty() {
                    break;
                }
                let any = |r: u64| -> Move {
                    match r % 4 {
                        0 => Move::NONE,
                        1 if !elsewhere.is_empty() => elsewhere[(r >> 8) as usize % elsewhere.len()],
                        _ => legal[(r >> 8) as usize % legal.len()],
                    }
                };
                let tt = any(rand());
                let killers = [any(rand()), any(rand())];
                let counter = any(rand());
                let tt = if pos.is_legal(tt) { tt } else { Move::NONE };
                let skip_at = if rand() % 5 == 0 { 1 + (rand() % 8) as usize } else { usize::MAX };
                picker.main(tt, killers, counter, [PieceTo::NONE; 2]);
                let mut got = Vec::new();
                while let Some(s) = picker.next(&pos, &hist) {
                    if got.is_empty() && !tt.is_none() {
                        assert_eq!(s.mv, tt, "the TT move first");
                    }
                    got.push(s.mv);
                    if got.len() == skip_at {
                        picker.skip_quiets();
                    }
                }
                let mut want: Vec<Move> = if skip_at < usize::MAX && skip_at <= got.len() {
                    // After skip_quiets: everything already out, plus every
                    // tactical move.
                    let mut w: Vec<Move> = legal.iter().copied().filter(|&m| pos.is_tactical(m)).collect();
                    w.extend(got[..skip_at.min(got.len())].iter().copied().filter(|&m| !pos.is_tactical(m)));
                    w
                } else {
                    legal.clone()
                };
                let mut sorted = got.clone();
                sorted.sort_by_key(|m| m.raw());
                let before = sorted.len();
                sorted.dedup();
                assert_eq!(before, sorted.len(), "a move came out twice in {}", pos.fen());
                want.sort_by_key(|m| m.raw());
                want.dedup();
                assert_eq!(sorted, want, "{}", pos.fen());

                // Quiescence.
                let in_check = pos.in_check();
                picker.quiescence(&pos, tt, in_check);
                let mut got = Vec::new();
                while let Some(s) = picker.next(&pos, &hist) {
                    got.push(s.mv);
                }
                let mut want: Vec<Move> = if in_check {
                    legal.clone()
                } else {
                    legal
                        .iter()
                        .copied()
                        .filter(|&m| pos.is_tactical(m) && (m == tt || see(&pos, m) >= 0))
                        .collect()
                };
                got.sort_by_key(|m| m.raw());
                want.sort_by_key(|m| m.raw());
                assert_eq!(got, want, "quiescence in {}", pos.fen());
                checked += 1;

                elsewhere.extend(legal.iter().take(4));
                let captures: Vec<Move> = legal.iter().copied().filter(|&m| pos.is_tactical(m)).collect();
                let r = rand() as usize;
                let m = if !captures.is_empty() && r.is_multiple_of(3) {
                    captures[r / 3 % captures.len()]
                } else {
                    legal[r / 3 % legal.len()]
                };
                pos.make(m);
            }
        }
        assert!(checked > 3000, "{checked} positions");
    }
}
