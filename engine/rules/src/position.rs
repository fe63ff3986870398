//! The position: placement, petrified sets, rights, clocks, key and the
//! undo history. Move generation, make/unmake, FEN and the game result are
//! further `impl Position` blocks in their own files.

use super::attacks;
use super::bitboard::{bit, squares, Bitboard};
use super::moves::Move;
use super::piece::{Color, Kind, Piece};
use super::variant::{Geometry, Variant};
use super::zobrist::{rights_key, ZOBRIST};

/// What make saves and unmake restores: everything not recomputable from
/// the placement cheaply, plus what is costly to recompute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub key: u64,
    /// Castling and swap rights, see `Rights`.
    pub rights: u32,
    /// Plies since the last capture or Sword move.
    pub halfmove: u16,
    /// Pieces of each colour petrified by the other side's Medusas.
    pub petrified: [Bitboard; 2],
    /// Active enemy pieces attacking the King of the side to move.
    pub checkers: Bitboard,
    /// The piece the move that led here captured (`NONE` if none).
    pub captured: Piece,
    /// The piece that made that move, as it was before it (a promoted or
    /// transformed piece cannot be told from its result).
    pub moved: Piece,
    /// The move that led here (`NONE` at the root).
    pub last_move: Move,
}

/// A game position of either variant.
#[derive(Clone)]
pub struct Position {
    pub(crate) geo: &'static Geometry,
    pub(crate) board: [Piece; 128],
    pub(crate) by_color: [Bitboard; 2],
    /// Per kind (a Morph's form), both colours.
    pub(crate) by_kind: [Bitboard; Kind::COUNT],
    /// Morphs of both colours.
    pub(crate) morphs: Bitboard,
    pub(crate) side: Color,
    pub(crate) fullmove: u32,
    pub(crate) state: State,
    /// States before each move made, oldest first.
    pub(crate) history: Vec<State>,
}

impl Position {
    /// The start position of a variant.
    pub fn startpos(variant: Variant) -> Position {
        Position::from_fen(variant, variant.start_fen()).expect("start FEN is valid")
    }

    /// An empty board (used by the FEN parser).
    pub(crate) fn empty(variant: Variant) -> Position {
        Position {
            geo: variant.geometry(),
            board: [Piece::NONE; 128],
            by_color: [0; 2],
            by_kind: [0; Kind::COUNT],
            morphs: 0,
            side: Color::White,
            fullmove: 1,
            state: State {
                key: 0,
                rights: 0,
                halfmove: 0,
                petrified: [0; 2],
                checkers: 0,
                captured: Piece::NONE,
                moved: Piece::NONE,
                last_move: Move::NONE,
            },
            history: Vec::new(),
        }
    }

    // ---- Accessors -------------------------------------------------------

    #[inline(always)]
    pub fn variant(&self) -> Variant {
        self.geo.variant
    }

    #[inline(always)]
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub fn piece_at(&self, sq: u8) -> Piece {
        self.board[sq as usize]
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Pieces of `kind` (Morphs in that form included), both colours.
    #[inline(always)]
    pub fn kind_bb(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind as usize]
    }

    #[inline(always)]
    pub fn morphs(&self) -> Bitboard {
        self.morphs
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The Zobrist key (includes the petrified sets).
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.state.key
    }

    #[inline(always)]
    pub fn rights(&self) -> u32 {
        self.state.rights
    }

    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.state.halfmove
    }

    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Pieces of `color` that are petrified.
    #[inline(always)]
    pub fn petrified(&self, color: Color) -> Bitboard {
        self.state.petrified[color.index()]
    }

    /// Pieces of `color` that can move and attack (not petrified).
    #[inline(always)]
    pub fn active(&self, color: Color) -> Bitboard {
        self.by_color[color.index()] & !self.state.petrified[color.index()]
    }

    /// Active enemy pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.state.checkers
    }

    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.state.checkers != 0
    }

    /// The square of `color`'s King.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> u8 {
        (self.by_kind[Kind::King as usize] & self.by_color[color.index()]).trailing_zeros() as u8
    }

    /// Medusa-type pieces (Medusas and Morph Medusas) of `color`.
    #[inline(always)]
    pub fn medusas(&self, color: Color) -> Bitboard {
        self.by_kind[Kind::Medusa as usize] & self.by_color[color.index()]
    }

    /// The state record (for tests and the debugger).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Keeps room for `moves` more moves, so that `make` and `make_null`
    /// allocate nothing before them: a search reserves its deepest line
    /// once, on its own copy. A position set up from a FEN keeps none, so
    /// that the millions a training set stores cost only their boards.
    pub fn reserve_history(&mut self, moves: usize) {
        self.history.reserve(moves);
    }

    /// How many more moves the history holds before it allocates (for
    /// tests: a position read from a FEN keeps none).
    pub fn history_room(&self) -> usize {
        self.history.capacity() - self.history.len()
    }

    /// Number of moves made since the position was set up.
    pub fn game_ply(&self) -> usize {
        self.history.len()
    }

    // ---- Placement -----------------------------------------------------------

    /// Places a piece and hashes it.
    #[inline(always)]
    pub(crate) fn put_hashed(&mut self, sq: u8, p: Piece) {
        self.put(sq, p);
        self.state.key ^= ZOBRIST.piece[p.index()][sq as usize];
    }

    /// Removes a piece and hashes it out.
    #[inline(always)]
    pub(crate) fn remove_hashed(&mut self, sq: u8) -> Piece {
        let p = self.remove(sq);
        self.state.key ^= ZOBRIST.piece[p.index()][sq as usize];
        p
    }

    /// Places a piece; the key is left alone (unmake restores it whole).
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: u8, p: Piece) {
        let b = bit(sq);
        self.board[sq as usize] = p;
        self.by_color[p.color().index()] |= b;
        self.by_kind[p.kind() as usize] |= b;
        if p.is_morph() {
            self.morphs |= b;
        }
    }

    /// Removes a piece; the key is left alone.
    #[inline(always)]
    pub(crate) fn remove(&mut self, sq: u8) -> Piece {
        let p = self.board[sq as usize];
        let b = !bit(sq);
        self.board[sq as usize] = Piece::NONE;
        self.by_color[p.color().index()] &= b;
        self.by_kind[p.kind() as usize] &= b;
        self.morphs &= b;
        p
    }

    // ---- Petrification and attacks ----------------------------------------

    /// Squares next to any of `medusas`.
    #[inline(always)]
    pub(crate) fn gaze(&self, medusas: Bitboard) -> Bitboard {
        self.geo.neighbours(medusas)
    }

    /// RULES.md 5: the pieces of `color` that are petrified, from scratch.
    #[inline(always)]
    pub(crate) fn compute_petrified(&self, color: Color) -> Bitboard {
        let own = self.by_color[color.index()];
        own & !self.by_kind[Kind::Medusa as usize] & self.gaze(self.medusas(!color))
    }

    /// Pieces among `attackers` that attack `sq` with blockers `occ`. The
    /// caller chooses `attackers` (one colour, active pieces only, ...).
    #[inline(always)]
    pub fn attackers_to(&self, sq: u8, occ: Bitboard, attackers: Bitboard) -> Bitboard {
        let g = self.geo;
        let k = &self.by_kind;
        let s = sq as usize;
        let orth = attacks::tower(g, sq, occ);
        let diag = attacks::advisor(g, sq, occ);
        let leapers = k[Kind::Horse as usize] | k[Kind::MountedAdvisor as usize] | k[Kind::Serpent as usize] | k[Kind::Pillar as usize];
        let orth_sliders = k[Kind::Tower as usize] | k[Kind::Queen as usize] | k[Kind::Serpent as usize] | k[Kind::Pillar as usize];
        let diag_sliders =
            k[Kind::Advisor as usize] | k[Kind::Queen as usize] | k[Kind::MountedAdvisor as usize] | k[Kind::Serpent as usize];
        let swords = k[Kind::Sword as usize];
        let found = (g.horse[s] & leapers)
            | (orth & orth_sliders)
            | (diag & diag_sliders)
            | ((orth | diag) & g.medusa_box[s] & k[Kind::Medusa as usize])
            | (g.king[s] & k[Kind::King as usize])
            | (g.sword_captures[0][s] & swords & self.by_color[1])
            | (g.sword_captures[1][s] & swords & self.by_color[0]);
        found & attackers
    }

    /// Active pieces of `by` attacking `sq` in the current occupancy.
    #[inline(always)]
    pub fn attacked_by(&self, sq: u8, by: Color) -> Bitboard {
        self.attackers_to(sq, self.occupied(), self.active(by))
    }

    /// Squares the piece on `sq` attacks (nothing if it is petrified).
    pub fn attacks_from(&self, sq: u8) -> Bitboard {
        let p = self.board[sq as usize];
        if p.is_none() || self.state.petrified[p.color().index()] & bit(sq) != 0 {
            return 0;
        }
        attacks::of(self.geo, p.kind(), p.color(), sq, self.occupied())
    }

    // ---- Derived state from scratch ---------------------------------------

    /// Recomputes the petrified sets and the checkers from the placement.
    pub(crate) fn refresh_derived(&mut self) {
        self.state.petrified = [self.compute_petrified(Color::White), self.compute_petrified(Color::Black)];
        self.state.checkers = self.attacked_by(self.king_square(self.side), !self.side);
    }

    /// The key computed from scratch: placement, side, rights, petrified squares.
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for sq in squares(self.occupied()) {
            key ^= ZOBRIST.piece[self.board[sq as usize].index()][sq as usize];
        }
        for color in Color::ALL {
            for sq in squares(self.compute_petrified(color)) {
                key ^= ZOBRIST.petrified[color.index()][sq as usize];
            }
        }
        if self.side == Color::Black {
            key ^= ZOBRIST.black_to_move;
        }
        key ^ rights_key(self.state.rights)
    }

    /// Debug check: every incremental field agrees with a recomputation.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut by_color = [0; 2];
        let mut by_kind = [0; Kind::COUNT];
        let mut morphs = 0;
        for sq in 0..self.geo.squares {
            let p = self.board[sq as usize];
            if p.is_some() {
                by_color[p.color().index()] |= bit(sq);
                by_kind[p.kind() as usize] |= bit(sq);
                if p.is_morph() {
                    morphs |= bit(sq);
                }
            }
        }
        if by_color != self.by_color || by_kind != self.by_kind || morphs != self.morphs {
            return Err("bitboards disagree with the board".into());
        }
        for color in Color::ALL {
            if (self.by_kind[Kind::King as usize] & self.by_color[color.index()]).count_ones() != 1 {
                return Err(format!("{color:?} has not exactly one King"));
            }
            if self.state.petrified[color.index()] != self.compute_petrified(color) {
                return Err(format!("petrified set of {color:?} is stale"));
            }
        }
        if self.state.checkers != self.attacked_by(self.king_square(self.side), !self.side) {
            return Err("checkers are stale".into());
        }
        if self.state.key != self.key_from_scratch() {
            return Err("key differs from the key computed from scratch".into());
        }
        Ok(())
    }
}

impl Position {
    /// The same position seen from the other side: ranks mirrored, colours
    /// and side to move swapped, rights handed over. Perft of both is equal.
    pub fn flipped(&self) -> Position {
        let g = self.geo;
        let mut out = Position::empty(g.variant);
        for sq in squares(self.occupied()) {
            let p = self.board[sq as usize];
            let mirrored = g.square(g.file_of(sq), g.ranks - 1 - g.rank_of(sq));
            out.put(mirrored, Piece::with_morph(!p.color(), p.kind(), p.is_morph()));
        }
        out.side = !self.side;
        out.fullmove = self.fullmove;
        out.state.halfmove = self.state.halfmove;
        out.state.rights = self.state.rights.rotate_left(16);
        out.refresh_derived();
        out.state.key = out.key_from_scratch();
        out
    }
}
