//! Legal move generation.
//!
//! Most moves are judged like chess moves against the *active* (not
//! petrified) enemy pieces: checkers, pins and King steps. That is exact
//! because only a Medusa-type piece changes who is petrified: a move that
//! neither moves nor creates a Medusa-type piece of the mover leaves the
//! enemy's petrified set as it was, minus a captured piece (ARCHITECTURE.md,
//! "Legality with the gaze"). The few moves that move or create a Medusa
//! (Medusa moves, promotions, transformations into Medusa form, swaps,
//! castling) go through `leaves_king_safe`, the full test, unless a Medusa
//! holds nothing alone, is not pinned and no check is on: then she can
//! only petrify more, and every move of hers is legal.

use super::attacks;
use super::bitboard::{bit, lsb, more_than_one, squares, Bitboard};
use super::moves::{Move, MoveKind, MoveList};
use super::piece::{Color, Kind, Piece};
use super::position::Position;
use super::variant::{Rights, Variant, MEDUSA_FILE, SWAP_FILES};

/// Which moves one generation run produces: every legal move, the
/// tactical ones (captures, transformations, promotions) or the rest.
const ALL: u8 = 0;
const TACTICAL: u8 = 1;
const QUIET: u8 = 2;

/// What every part of one generation run shares.
struct Frame {
    us: Color,
    own: Bitboard,
    their: Bitboard,
    occ: Bitboard,
    ksq: u8,
    /// Targets that answer the check (all squares when not in check).
    evasion: Bitboard,
    pinned: Bitboard,
    /// Where the moves may go: every square, the enemy pieces when only
    /// captures (and promotions) are wanted, the other squares for quiets.
    targets: Bitboard,
}

impl Frame {
    /// Targets an unpinned piece, or a pinned one along its pin, may use.
    #[inline(always)]
    fn pin_mask(&self, pos: &Position, sq: u8) -> Bitboard {
        if self.pinned & bit(sq) != 0 {
            pos.geo.line(self.ksq, sq)
        } else {
            !0
        }
    }
}

impl Position {
    /// Fills `list` with every legal move.
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        // Two monomorphised geometries: the Sword step is a constant.
        match self.geo.variant {
            Variant::Pom => self.generate::<11, ALL>(list),
            Variant::MiniPom => self.generate::<9, ALL>(list),
        }
    }

    /// Fills `list` with the legal moves that change material: captures
    /// (transformations included, since a Morph transforms by capturing)
    /// and promotions, the moves a quiescence search tries. The same as
    /// `legal_moves` filtered to them, without generating the quiet moves.
    pub fn tactical_moves(&self, list: &mut MoveList) {
        list.clear();
        match self.geo.variant {
            Variant::Pom => self.generate::<11, TACTICAL>(list),
            Variant::MiniPom => self.generate::<9, TACTICAL>(list),
        }
    }

    /// Fills `list` with the legal moves `tactical_moves` leaves out:
    /// non-captures that do not promote, castling and the swap. With it a
    /// staged search generates the quiet moves only when the tactical ones
    /// have not already refuted the position.
    pub fn quiet_moves(&self, list: &mut MoveList) {
        list.clear();
        match self.geo.variant {
            Variant::Pom => self.generate::<11, QUIET>(list),
            Variant::MiniPom => self.generate::<9, QUIET>(list),
        }
    }

    /// True for a move `tactical_moves` generates: a capture or a
    /// promotion. Castling and the swap never capture.
    #[inline(always)]
    pub fn is_tactical(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::Castle | MoveKind::Swap => false,
            MoveKind::Promotion | MoveKind::Transform => true,
            MoveKind::Normal => self.board[m.to() as usize].is_some(),
        }
    }

    /// The legal moves, collected (convenience for tools and tests).
    pub fn legal_move_vec(&self) -> Vec<Move> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.as_slice().to_vec()
    }

    fn generate<const FILES: u8, const MODE: u8>(&self, list: &mut MoveList) {
        debug_assert_eq!(FILES, self.geo.files);
        let g = self.geo;
        let us = self.side;
        let own = self.by_color[us.index()];
        let their = self.by_color[(!us).index()];
        let occ = own | their;
        let ksq = self.king_square(us);
        let checkers = self.state.checkers;
        let evasion = match checkers {
            0 => !0,
            c if more_than_one(c) => 0,
            c => g.between(ksq, lsb(c)) | c,
        };
        let f = Frame {
            us,
            own,
            their,
            occ,
            ksq,
            evasion,
            pinned: self.pinned(ksq, occ),
            targets: match MODE {
                TACTICAL => their,
                QUIET => !their,
                _ => !0,
            },
        };
        let active = own & !self.state.petrified[us.index()];
        let medusa = self.by_kind[Kind::Medusa as usize];
        let king = self.by_kind[Kind::King as usize];
        let sword = self.by_kind[Kind::Sword as usize];

        for sq in squares(active & !medusa & !king & !sword) {
            self.piece_moves(&f, sq, list);
        }
        for sq in squares(active & sword) {
            self.sword_moves::<FILES, MODE>(&f, sq, list);
        }
        for sq in squares(own & medusa) {
            self.medusa_moves(&f, sq, list);
        }
        if active & bit(ksq) != 0 {
            self.king_moves(&f, list);
        }
        if MODE == TACTICAL {
            return;
        }
        if checkers == 0 {
            for file in [0, g.files - 1] {
                if let Some(m) = self.castling_move(us, file) {
                    list.push(m);
                }
            }
        }
        if g.variant == Variant::MiniPom {
            for file in [SWAP_FILES[0], SWAP_FILES[2]] {
                if let Some(m) = self.swap_move(us, file) {
                    list.push(m);
                }
            }
        }
    }

    /// Our pieces pinned to our King by active enemy sliders (a Medusa pins
    /// within her reach of three).
    #[inline(always)]
    fn pinned(&self, ksq: u8, occ: Bitboard) -> Bitboard {
        let g = self.geo;
        let us = self.side;
        let their = self.by_color[(!us).index()];
        let their_active = their & !self.state.petrified[(!us).index()];
        let k = &self.by_kind;
        let orth =
            (k[Kind::Tower as usize] | k[Kind::Queen as usize] | k[Kind::Serpent as usize] | k[Kind::Pillar as usize]) & their_active;
        let diag = (k[Kind::Advisor as usize] | k[Kind::Queen as usize] | k[Kind::MountedAdvisor as usize] | k[Kind::Serpent as usize])
            & their_active;
        let medusas = k[Kind::Medusa as usize] & their;
        let snipers =
            (attacks::tower(g, ksq, their) & orth) | (attacks::advisor(g, ksq, their) & diag) | (attacks::medusa(g, ksq, their) & medusas);
        let mut pinned = 0;
        for s in squares(snipers) {
            let between = g.between(ksq, s) & occ;
            if between != 0 && !more_than_one(between) {
                pinned |= between;
            }
        }
        pinned & self.by_color[us.index()]
    }

    /// Moves of a piece that is neither King, Sword nor Medusa-type.
    #[inline(always)]
    fn piece_moves(&self, f: &Frame, sq: u8, list: &mut MoveList) {
        let p = self.board[sq as usize];
        let reach = attacks::of(self.geo, p.kind(), f.us, sq, f.occ) & !f.own & f.targets;
        let ordinary = reach & f.evasion & f.pin_mask(self, sq);
        for to in squares(ordinary) {
            list.push(Move::normal(sq, to));
        }
        if p.is_morph() {
            for to in squares(reach & f.their) {
                self.push_transform(p, sq, to, ordinary & bit(to) != 0, list);
            }
        }
    }

    /// The transformation of a Morph `p` capturing on `to`, if it changes the
    /// piece (RULES.md 10.1). `ordinary_ok` says whether the plain capture
    /// passed the check and pin rules, which judge every result but a new
    /// Medusa (she may parry by petrifying the checker).
    #[inline(always)]
    fn push_transform(&self, p: Piece, from: u8, to: u8, ordinary_ok: bool, list: &mut MoveList) {
        let victim = self.board[to as usize];
        let m = Move::new(from, to, MoveKind::Transform, victim.kind());
        let result = Piece::with_morph(p.color(), victim.kind(), !victim.is_morph());
        if result == p {
            return;
        }
        let ok = if result.is_medusa_type() && !p.is_medusa_type() {
            self.leaves_king_safe(m)
        } else {
            ordinary_ok
        };
        if ok {
            list.push(m);
        }
    }

    #[inline(always)]
    fn sword_moves<const FILES: u8, const MODE: u8>(&self, f: &Frame, sq: u8, list: &mut MoveList) {
        let g = self.geo;
        let p = self.board[sq as usize];
        let allowed = f.evasion & f.pin_mask(self, sq);
        let last = g.last_rank[f.us.index()];
        let step = |s: u8| if f.us == Color::White { s + FILES } else { s - FILES };
        let one = step(sq);
        if f.occ & bit(one) == 0 {
            if last & bit(one) != 0 {
                if MODE != QUIET {
                    self.push_if_safe(Move::new(sq, one, MoveKind::Promotion, Kind::Medusa), list);
                }
            } else if MODE != TACTICAL {
                if allowed & bit(one) != 0 {
                    list.push(Move::normal(sq, one));
                }
                if g.double_step[f.us.index()] & bit(sq) != 0 {
                    let two = step(one);
                    if f.occ & bit(two) == 0 && allowed & bit(two) != 0 {
                        list.push(Move::normal(sq, two));
                    }
                }
            }
        }
        for to in squares(g.sword_captures[f.us.index()][sq as usize] & f.their & f.targets) {
            let ok = allowed & bit(to) != 0;
            if last & bit(to) == 0 {
                if ok {
                    list.push(Move::normal(sq, to));
                }
                if p.is_morph() {
                    self.push_transform(p, sq, to, ok, list);
                }
                continue;
            }
            let promotion = Move::new(sq, to, MoveKind::Promotion, Kind::Medusa);
            self.push_if_safe(promotion, list);
            if p.is_morph() {
                // RULES.md 6 and 10.1: transform instead of promoting, when that differs.
                let victim = self.board[to as usize];
                let result = Piece::with_morph(p.color(), victim.kind(), !victim.is_morph());
                if result != self.moved_piece_after(promotion) {
                    self.push_transform(p, sq, to, ok, list);
                }
            }
        }
    }

    /// Moves of a Medusa-type piece: she changes who is petrified.
    #[inline(always)]
    fn medusa_moves(&self, f: &Frame, sq: u8, list: &mut MoveList) {
        let g = self.geo;
        let p = self.board[sq as usize];
        let reach = attacks::medusa(g, sq, f.occ) & !f.own & f.targets;
        // Enemy pieces only she petrifies: they wake when she leaves.
        let others = self.gaze(self.medusas(f.us) & !bit(sq));
        let holds = self.state.petrified[(!f.us).index()] & g.king[sq as usize] & !others;
        // Otherwise she may free a checker, or parry a check or a pin by
        // petrifying the attacker: only the full test knows.
        let quick = self.state.checkers == 0 && holds == 0 && f.pinned & bit(sq) == 0;
        for to in squares(reach) {
            let m = Move::normal(sq, to);
            let ok = if quick { true } else { self.leaves_king_safe(m) };
            if ok {
                list.push(m);
            }
            if p.is_morph() && f.their & bit(to) != 0 {
                let victim = self.board[to as usize];
                let result = Piece::with_morph(p.color(), victim.kind(), !victim.is_morph());
                if result != p {
                    let t = Move::new(sq, to, MoveKind::Transform, victim.kind());
                    if if quick { ok } else { self.leaves_king_safe(t) } {
                        list.push(t);
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn king_moves(&self, f: &Frame, list: &mut MoveList) {
        let g = self.geo;
        let their_active = f.their & !self.state.petrified[(!f.us).index()];
        let occ = f.occ ^ bit(f.ksq);
        for to in squares(g.king[f.ksq as usize] & !f.own & f.targets) {
            if self.attackers_to(to, occ, their_active) == 0 {
                list.push(Move::normal(f.ksq, to));
            }
        }
    }

    #[inline(always)]
    fn push_if_safe(&self, m: Move, list: &mut MoveList) {
        if self.leaves_king_safe(m) {
            list.push(m);
        }
    }

    /// Castling with the Tower on `tower_file`, if legal now (RULES.md 7, 10.4).
    pub(crate) fn castling_move(&self, us: Color, tower_file: u8) -> Option<Move> {
        if self.state.rights & Rights::file(us, tower_file) == 0 || self.state.checkers != 0 {
            return None;
        }
        let g = self.geo;
        let c = g.castling(us, tower_file);
        let active = self.active(us);
        let tower = self.board[c.tower as usize];
        if self.king_square(us) != c.king || active & bit(c.king) == 0 || active & bit(c.tower) == 0 || tower != Piece::new(us, Kind::Tower)
        {
            return None;
        }
        let occ = self.occupied();
        if g.between(c.king, c.tower) & occ != 0 {
            return None;
        }
        // Every square the King crosses or lands on must be safe.
        let path = g.between(c.king, c.king_to) | bit(c.king_to);
        let their_active = self.active(!us);
        if squares(path).any(|s| self.attackers_to(s, occ, their_active) != 0) {
            return None;
        }
        let to = if g.variant == Variant::Pom { c.tower } else { c.king_to };
        let m = Move::new(c.king, to, MoveKind::Castle, Kind::Sword);
        self.leaves_king_safe(m).then_some(m)
    }

    /// The Mini-POM swap of the Medusa with the Morph on `morph_file`, if legal now (RULES.md 8).
    pub(crate) fn swap_move(&self, us: Color, morph_file: u8) -> Option<Move> {
        let need = Rights::file(us, MEDUSA_FILE) | Rights::file(us, morph_file);
        if self.geo.variant != Variant::MiniPom || self.state.rights & need != need {
            return None;
        }
        let home = self.geo.king_start[us.index()] - self.geo.file_of(self.geo.king_start[us.index()]);
        let (medusa, morph) = (home + MEDUSA_FILE, home + morph_file);
        if self.board[medusa as usize] != Piece::new(us, Kind::Medusa)
            || self.board[morph as usize] != Piece::morph(us, Kind::Advisor)
            || self.state.petrified[us.index()] & bit(morph) != 0
        {
            return None;
        }
        let m = Move::new(medusa, morph, MoveKind::Swap, Kind::Sword);
        self.leaves_king_safe(m).then_some(m)
    }
}
