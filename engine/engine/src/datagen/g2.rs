//! The self-play data format, version 2 (docs/DATAGEN.md): binary and game
//! based. A game is stored once, as its start and the moves played, so a
//! recorded position costs the moves that lead to it from the previous one
//! (a byte each, mostly one move) and its score (two bytes), not a FEN.
//!
//! ```text
//! game   := "G2" variant:u8 result:u8 fen_len:varint fen:[u8; fen_len]
//!           start_ply:varint records:varint record*
//! record := moves:varint move* score:i16le
//! move   := index into the legal moves sorted by Move::raw: u8 when there
//!           are at most 256 legal moves, else u16le
//! ```
//!
//! - variant: 0 Pillars of Medusa, 1 Mini-POM; result (White's view):
//!   0 `1-0`, 1 `1/2-1/2`, 2 `0-1`.
//! - fen_len 0: the variant's start position; else the start's FEN.
//! - A record's position is reached by its moves from the previous record's
//!   position (the first record: from the start); its ply is the start ply
//!   plus every move so far.
//! - varint: unsigned LEB128, at most 5 bytes, within u32.
//!
//! Every game opens with the tag and holds all it needs, so files of
//! several shards concatenate into one with `cat`. The reader checks every
//! value and names the byte offset and game of the first bad one; it keeps
//! nothing but the game being read, whatever the counts say.

use super::format::{Record, MAX_SCORE};
use rules::{GameResult, Move, MoveList, Position, Variant};
use std::fmt;
use std::io::{BufRead, ErrorKind};

/// The tag that opens every game of this version.
pub const TAG: &[u8; 2] = b"G2";

/// The longest start FEN a reader accepts: far beyond any position's (a
/// Pillars of Medusa FEN is about 90 bytes).
pub const MAX_FEN: usize = 1024;

/// The most moves between two records a reader accepts: far beyond any
/// game (datagen draws at 400 plies by default), and a broken count then
/// fails at once rather than after millions of moves.
pub const MAX_GAP: u32 = 1 << 16;

/// Where a game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The variant's start position (datagen: the random opening is then
    /// the first moves of the first record).
    Variant,
    /// A position by its FEN.
    Fen(String),
}

/// One recorded position: the moves from the previous one, and its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub moves: Vec<Move>,
    /// Centipawns from the side to move's view, within +-`MAX_SCORE`.
    pub score: i32,
}

/// A game as stored: where it starts, its result and its recorded positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub variant: Variant,
    pub result: GameResult,
    pub start: Start,
    /// Plies played before the start position.
    pub start_ply: u32,
    pub steps: Vec<Step>,
}

fn result_code(r: GameResult) -> Option<u8> {
    match r {
        GameResult::WhiteWins => Some(0),
        GameResult::Draw => Some(1),
        GameResult::BlackWins => Some(2),
        _ => None,
    }
}

/// The legal moves in the order a move's index counts them: by their
/// packed bits, so the file does not depend on the generator's order.
fn sorted_legal(pos: &Position, list: &mut MoveList) -> Vec<Move> {
    pos.legal_moves(list);
    let mut moves = list.as_slice().to_vec();
    moves.sort_unstable_by_key(|m| m.raw());
    moves
}

fn put_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

impl StoredGame {
    /// The start position.
    pub fn start_position(&self) -> Result<Position, String> {
        match &self.start {
            Start::Variant => Ok(Position::startpos(self.variant)),
            Start::Fen(fen) => Position::from_fen(self.variant, fen).map_err(|e| format!("start FEN: {e}")),
        }
    }

    /// Appends the game to `out`. Refuses (and leaves `out` as it was) a
    /// game whose moves are not legal in turn, whose score is out of range
    /// or whose start FEN is too long.
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<(), String> {
        let mark = out.len();
        let done = self.encode_unchecked(out);
        if done.is_err() {
            out.truncate(mark);
        }
        done
    }

    fn encode_unchecked(&self, out: &mut Vec<u8>) -> Result<(), String> {
        let result = result_code(self.result).ok_or("an unfinished game has no result to store")?;
        let steps = u32::try_from(self.steps.len()).map_err(|_| "too many records in one game")?;
        let mut pos = self.start_position()?;
        out.extend_from_slice(TAG);
        out.push(self.variant.index() as u8);
        out.push(result);
        match &self.start {
            Start::Variant => out.push(0),
            Start::Fen(fen) => {
                if fen.is_empty() || fen.len() > MAX_FEN {
                    return Err(format!("start FEN of {} bytes: 1 to {MAX_FEN} fit", fen.len()));
                }
                put_varint(out, fen.len() as u32);
                out.extend_from_slice(fen.as_bytes());
            }
        }
        put_varint(out, self.start_ply);
        put_varint(out, steps);
        let mut list = MoveList::new();
        for (i, step) in self.steps.iter().enumerate() {
            if step.moves.len() > MAX_GAP as usize {
                return Err(format!(
                    "record {i}: {} moves since the previous one (at most {MAX_GAP})",
                    step.moves.len()
                ));
            }
            put_varint(out, step.moves.len() as u32);
            for &m in &step.moves {
                let legal = sorted_legal(&pos, &mut list);
                let index = legal
                    .binary_search_by_key(&m.raw(), |l| l.raw())
                    .map_err(|_| format!("record {i}: move {m:?} is not legal in {}", pos.fen()))?;
                if legal.len() <= 256 {
                    out.push(index as u8);
                } else {
                    out.extend_from_slice(&(index as u16).to_le_bytes());
                }
                pos.make(m);
            }
            let score = i16::try_from(step.score)
                .ok()
                .filter(|s| (*s as i32).abs() <= MAX_SCORE)
                .ok_or_else(|| format!("record {i}: score {} beyond +-{MAX_SCORE}", step.score))?;
            out.extend_from_slice(&score.to_le_bytes());
        }
        Ok(())
    }
}

/// Why a G2 file cannot be read: the byte offset (from the start of the
/// input) and the game (0-based) of the first bad value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct G2Error {
    pub offset: u64,
    pub game: u64,
    pub message: String,
}

impl fmt::Display for G2Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {} (game {}): {}", self.offset, self.game, self.message)
    }
}

impl std::error::Error for G2Error {}

/// A byte reader that counts where it is.
struct Bytes<R> {
    input: R,
    offset: u64,
    game: u64,
}

impl<R: BufRead> Bytes<R> {
    fn error(&self, at: u64, message: impl Into<String>) -> G2Error {
        G2Error {
            offset: at,
            game: self.game,
            message: message.into(),
        }
    }

    /// The next byte, `None` at the end of the input.
    fn next(&mut self) -> Result<Option<u8>, G2Error> {
        loop {
            match self.input.fill_buf() {
                Ok([]) => return Ok(None),
                Ok(buf) => {
                    let b = buf[0];
                    self.input.consume(1);
                    self.offset += 1;
                    return Ok(Some(b));
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(self.error(self.offset, format!("reading: {e}"))),
            }
        }
    }

    /// The next byte, which must be there (`what` names it if it is not).
    fn byte(&mut self, what: &str) -> Result<u8, G2Error> {
        let at = self.offset;
        self.next()?
            .ok_or_else(|| self.error(at, format!("the file ends inside a game, before its {what}")))
    }

    fn varint(&mut self, what: &str) -> Result<u32, G2Error> {
        let at = self.offset;
        let mut v: u64 = 0;
        for i in 0..5 {
            let b = self.byte(what)?;
            v |= ((b & 0x7F) as u64) << (7 * i);
            if b & 0x80 == 0 {
                return u32::try_from(v).map_err(|_| self.error(at, format!("{what} beyond 32 bits")));
            }
        }
        Err(self.error(at, format!("{what}: a number longer than 5 bytes")))
    }
}

/// Calls `f` on each record of a G2 input, in order, and stops at the first
/// bad value. Records are those the G1 reader would give for the same data:
/// the position is rebuilt from its FEN (no game history), clocks included.
pub fn for_each_record(input: impl BufRead, mut f: impl FnMut(Record)) -> Result<(), G2Error> {
    for_each_move_and_record(input, |_, _, _, _| {}, |_, r| f(r))
}

/// [`for_each_record`] that also shows the moves: `on_move` gets each move
/// played with the game's index in the input, the ply and the position
/// before it, so the positions between records (those datagen did not
/// keep: the side to move in check, a capture best) can be looked at;
/// `on_record` gets the game's index and the record.
pub fn for_each_move_and_record(
    input: impl BufRead,
    mut on_move: impl FnMut(u64, u32, &Position, Move),
    mut on_record: impl FnMut(u64, Record),
) -> Result<(), G2Error> {
    let mut r = Bytes { input, offset: 0, game: 0 };
    let mut list = MoveList::new();
    loop {
        let at = r.offset;
        let Some(t0) = r.next()? else { return Ok(()) };
        let t1 = r.byte("format tag")?;
        if [t0, t1] != *TAG {
            let shown = String::from_utf8_lossy(&[t0, t1]).escape_debug().to_string();
            return Err(r.error(
                at,
                format!("format tag {shown:?}: expected G2 (another version, or a file of another kind joined on?)"),
            ));
        }
        let at = r.offset;
        let code = r.byte("variant")?;
        let variant =
            Variant::from_index(code.into()).ok_or_else(|| r.error(at, format!("variant {code}: expected 0 (pom) or 1 (minipom)")))?;
        let at = r.offset;
        let result = match r.byte("result")? {
            0 => GameResult::WhiteWins,
            1 => GameResult::Draw,
            2 => GameResult::BlackWins,
            v => return Err(r.error(at, format!("result {v}: expected 0 (1-0), 1 (1/2-1/2) or 2 (0-1)"))),
        };
        let at = r.offset;
        let len = r.varint("start FEN length")? as usize;
        if len > MAX_FEN {
            return Err(r.error(at, format!("start FEN of {len} bytes (at most {MAX_FEN})")));
        }
        let at = r.offset;
        let mut pos = if len == 0 {
            Position::startpos(variant)
        } else {
            let mut fen = [0u8; MAX_FEN];
            for b in fen.iter_mut().take(len) {
                *b = r.byte("start FEN")?;
            }
            let fen = std::str::from_utf8(&fen[..len]).map_err(|_| r.error(at, "start FEN: not UTF-8"))?;
            Position::from_fen(variant, fen).map_err(|e| r.error(at, format!("start FEN: {e}")))?
        };
        let mut ply = r.varint("start ply")?;
        let records = r.varint("record count")?;
        for i in 0..records {
            let at = r.offset;
            let moves = r.varint("move count")?;
            if moves > MAX_GAP {
                return Err(r.error(
                    at,
                    format!("record {i}: {moves} moves since the previous record (at most {MAX_GAP})"),
                ));
            }
            let first = ply;
            ply = ply
                .checked_add(moves)
                .ok_or_else(|| r.error(at, format!("record {i}: the ply passes 2^32")))?;
            for j in 0..moves {
                let at = r.offset;
                let legal = sorted_legal(&pos, &mut list);
                let index = match legal.len() {
                    0 => return Err(r.error(at, format!("record {i}: a move asked for where there is none ({})", pos.fen()))),
                    1..=256 => r.byte("move")? as usize,
                    _ => u16::from_le_bytes([r.byte("move")?, r.byte("move")?]) as usize,
                };
                let Some(&m) = legal.get(index) else {
                    return Err(r.error(at, format!("record {i}: move {index} of {} legal moves", legal.len())));
                };
                on_move(r.game, first + j, &pos, m);
                pos.make(m);
            }
            let at = r.offset;
            let score = i16::from_le_bytes([r.byte("score")?, r.byte("score")?]) as i32;
            if score.abs() > MAX_SCORE {
                return Err(r.error(at, format!("record {i}: score {score} beyond +-{MAX_SCORE}")));
            }
            // Through its FEN, as datagen and the G1 reader make it: the
            // record is the position, not the game's history.
            let position = Position::from_fen(variant, &pos.fen())
                .map_err(|e| r.error(at, format!("record {i}: the position does not read back: {e}")))?;
            // The next moves start from the record's position: the game's
            // history would only grow with the input.
            pos = position.clone();
            on_record(
                r.game,
                Record {
                    position,
                    result,
                    ply,
                    score,
                },
            );
        }
        r.game += 1;
    }
}

/// Reads a whole G2 input into records (tests and small files).
pub fn read_all(input: impl BufRead) -> Result<Vec<Record>, G2Error> {
    let mut records = Vec::new();
    for_each_record(input, |r| records.push(r))?;
    Ok(records)
}

/// The most plies a search for the moves between two G1 records of one
/// game tries, and the most positions it visits: a gap longer or harder
/// than that starts a new game instead (lossless, only bigger).
pub const SEARCH_MAX_PLIES: u32 = 16;
pub const SEARCH_MAX_NODES: u64 = 50_000;

/// Recovers games from G1 records in file order, for `gorgon datagen
/// convert`: a record continues the game of the record before it when the
/// variant and result are the same, its ply is higher and a sequence of
/// exactly that many legal moves leads to its position (FEN equal, clocks
/// included); otherwise it starts a new game at its own FEN.
pub struct Converter {
    game: Option<(StoredGame, Position, u32)>,
    /// Games started because no connecting moves were found (or the gap was
    /// too long to search), though variant, result and ply allowed one.
    pub breaks: u64,
    pub games: u64,
    pub records: u64,
    list: MoveList,
}

impl Default for Converter {
    fn default() -> Self {
        Converter::new()
    }
}

/// A game holds at most this many records; a longer run of rising plies
/// is cut into several games so the converter's memory stays small.
const MAX_GAME_RECORDS: usize = 100_000;

impl Converter {
    pub fn new() -> Converter {
        Converter {
            game: None,
            breaks: 0,
            games: 0,
            records: 0,
            list: MoveList::new(),
        }
    }

    /// Takes the next record; writes to `out` any game it ends.
    pub fn push(&mut self, r: Record, out: &mut Vec<u8>) -> Result<(), String> {
        self.records += 1;
        if let Some((game, pos, ply)) = &mut self.game {
            let continues =
                game.variant == r.position.variant() && game.result == r.result && r.ply > *ply && game.steps.len() < MAX_GAME_RECORDS;
            if continues {
                let gap = r.ply - *ply;
                let target_fen = r.position.fen();
                let found = if gap <= SEARCH_MAX_PLIES {
                    let mut path = Vec::new();
                    let mut nodes = 0;
                    connect(pos, &r.position, &target_fen, gap, &mut path, &mut nodes, &mut self.list).then_some(path)
                } else {
                    None
                };
                if let Some(moves) = found {
                    // Keep no history: the record's position is all a
                    // next search needs.
                    *pos = r.position.clone();
                    *ply = r.ply;
                    game.steps.push(Step { moves, score: r.score });
                    return Ok(());
                }
                self.breaks += 1;
            }
        }
        self.flush(out)?;
        let fen = r.position.fen();
        self.game = Some((
            StoredGame {
                variant: r.position.variant(),
                result: r.result,
                start: Start::Fen(fen),
                start_ply: r.ply,
                steps: vec![Step {
                    moves: Vec::new(),
                    score: r.score,
                }],
            },
            r.position,
            r.ply,
        ));
        Ok(())
    }

    /// Writes the game in progress, if any.
    pub fn flush(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        if let Some((game, _, _)) = self.game.take() {
            game.encode(out)?;
            self.games += 1;
        }
        Ok(())
    }
}

/// False when `target` cannot be `plies` moves away from `pos`: pieces are
/// never added, a side loses at most one piece per move of the other side,
/// a move changes at most four squares (castling), and the halfmove clock
/// either counts every move from here or was reset on the way.
fn reachable(pos: &Position, target: &Position, plies: u32) -> bool {
    let (now, then) = (pos.halfmove_clock() as u32, target.halfmove_clock() as u32);
    if then != now + plies && then >= plies {
        return false;
    }
    let us = pos.side_to_move();
    for color in [us, !us] {
        let (now, then) = (pos.pieces(color).count_ones(), target.pieces(color).count_ones());
        // The other side's moves among the next `plies`.
        let their_moves = if color == us { plies / 2 } else { plies.div_ceil(2) };
        if then > now || now - then > their_moves {
            return false;
        }
    }
    let squares = pos.geometry().squares;
    let changed = (0..squares).filter(|&sq| pos.piece_at(sq) != target.piece_at(sq)).count();
    changed as u32 <= 4 * plies
}

/// Depth-first over legal move sequences of exactly `plies` moves from
/// `pos`, in the order of the move index, for one reaching `target` (key,
/// then FEN). The first found is kept: two sequences reaching the same FEN
/// give the same record, whatever the order of their moves.
fn connect(
    pos: &mut Position,
    target: &Position,
    target_fen: &str,
    plies: u32,
    path: &mut Vec<Move>,
    nodes: &mut u64,
    list: &mut MoveList,
) -> bool {
    if plies == 0 {
        return pos.key() == target.key() && pos.fen() == target_fen;
    }
    if !reachable(pos, target, plies) {
        return false;
    }
    // Likely moves first, so the budget is spent where the path is: a
    // piece that lands where the target has it, then one that leaves a
    // square the target has otherwise.
    let mut moves = sorted_legal(pos, list);
    moves.sort_by_key(|m| {
        let piece = pos.piece_at(m.from());
        let lands = target.piece_at(m.to()) == piece;
        let leaves = target.piece_at(m.from()) != piece;
        (!lands, !leaves)
    });
    for m in moves {
        // The last move must change its from square into the target's.
        if plies == 1 && pos.piece_at(m.from()) == target.piece_at(m.from()) {
            continue;
        }
        *nodes += 1;
        if *nodes > SEARCH_MAX_NODES {
            return false;
        }
        pos.make(m);
        path.push(m);
        if connect(pos, target, target_fen, plies - 1, path, nodes, list) {
            pos.unmake();
            return true;
        }
        path.pop();
        pos.unmake();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rules::SplitMix64;

    /// A game of random legal moves, a record every one to three plies.
    fn random_game(variant: Variant, seed: u64, start: Start) -> StoredGame {
        let mut rng = SplitMix64::new(seed);
        let mut game = StoredGame {
            variant,
            result: GameResult::Draw,
            start,
            start_ply: 3,
            steps: Vec::new(),
        };
        let mut pos = game.start_position().unwrap();
        'game: for i in 0..20 {
            let mut moves = Vec::new();
            for _ in 0..(1 + rng.below(3)) {
                let legal = pos.legal_move_vec();
                if legal.is_empty() {
                    break 'game;
                }
                let m = legal[rng.below(legal.len() as u64) as usize];
                pos.make(m);
                moves.push(m);
            }
            game.steps.push(Step {
                moves,
                score: i * 37 - 300,
            });
        }
        game
    }

    fn sample() -> Vec<u8> {
        let mut bytes = Vec::new();
        random_game(Variant::Pom, 1, Start::Variant).encode(&mut bytes).unwrap();
        let fen = random_game(Variant::MiniPom, 9, Start::Variant).start_position().unwrap().fen();
        random_game(Variant::MiniPom, 2, Start::Fen(fen)).encode(&mut bytes).unwrap();
        bytes
    }

    #[test]
    fn games_read_back_as_their_records() {
        let game = random_game(Variant::Pom, 5, Start::Variant);
        let mut bytes = Vec::new();
        game.encode(&mut bytes).unwrap();
        let records = read_all(&bytes[..]).unwrap();
        assert_eq!(records.len(), game.steps.len());
        let mut pos = game.start_position().unwrap();
        let mut ply = game.start_ply;
        for (r, step) in records.iter().zip(&game.steps) {
            for &m in &step.moves {
                pos.make(m);
            }
            ply += step.moves.len() as u32;
            assert_eq!(r.position.fen(), pos.fen());
            assert_eq!((r.ply, r.score, r.result), (ply, step.score, GameResult::Draw));
            // Kept, not played: no room for moves (24 KB a record otherwise).
            assert_eq!(r.position.history_room(), 0);
        }
        // A few bytes a position, the header aside.
        assert!(bytes.len() < 12 + 5 * records.len(), "{} bytes", bytes.len());
    }

    #[test]
    fn files_concatenate() {
        let bytes = sample();
        let one = read_all(&bytes[..]).unwrap();
        let twice = [bytes.clone(), bytes].concat();
        assert_eq!(read_all(&twice[..]).unwrap().len(), 2 * one.len());
    }

    #[test]
    fn bad_values_are_named_with_their_offset() {
        let good = sample();
        // The first game starts at the variant's start: no FEN.
        let cases: Vec<(usize, u8, &str)> = vec![
            (0, b'X', "format tag"),
            (1, b'1', "format tag"),
            (2, 7, "variant 7"),
            (3, 9, "result 9"),
            (4, 100, "start FEN"),
        ];
        for (at, value, expected) in cases {
            let mut bytes = good.clone();
            bytes[at] = value;
            let e = read_all(&bytes[..]).unwrap_err();
            assert!(e.message.contains(expected), "byte {at} = {value}: {e}");
            assert_eq!(e.game, 0, "{e}");
        }
        let mut bytes = good.clone();
        bytes[5..11].fill(0xFF);
        let e = read_all(&bytes[..]).unwrap_err();
        assert!(e.message.contains("start ply: a number longer than 5 bytes"), "{e}");
        assert_eq!(e.offset, 5, "{e}");
        // The header of a G1 file.
        let e = read_all(&b"G1 pom 1-0 0 0 x\n"[..]).unwrap_err();
        assert!(e.to_string().starts_with("byte 0 (game 0): format tag \"G1\""), "{e}");
        // A score beyond the limit: the last two bytes of the first game.
        let first = {
            let mut b = Vec::new();
            random_game(Variant::Pom, 1, Start::Variant).encode(&mut b).unwrap();
            b.len()
        };
        let mut bytes = good.clone();
        bytes[first - 2..first].copy_from_slice(&i16::MAX.to_le_bytes());
        let e = read_all(&bytes[..]).unwrap_err();
        assert!(e.message.contains("score 32767"), "{e}");
        assert_eq!(e.offset, first as u64 - 2, "{e}");
        // A bad start FEN, named in the second game.
        let mut bytes = good.clone();
        bytes[first + 5] = b'?';
        let e = read_all(&bytes[..]).unwrap_err();
        assert!(e.message.contains("start FEN"), "{e}");
        assert_eq!(e.game, 1, "{e}");
    }

    #[test]
    fn every_truncation_is_refused_or_ends_at_a_game() {
        let good = sample();
        let first = random_game(Variant::Pom, 1, Start::Variant).steps.len();
        for len in 0..good.len() {
            match read_all(&good[..len]) {
                Ok(records) => assert!(records.is_empty() || records.len() == first, "{len}"),
                Err(e) => assert!(e.message.contains("ends inside a game"), "{len}: {e}"),
            }
        }
    }

    #[test]
    fn writing_refuses_what_it_cannot_store() {
        let mut game = random_game(Variant::Pom, 3, Start::Variant);
        game.steps[0].score = 40_000;
        let mut out = vec![1, 2];
        assert!(game.encode(&mut out).unwrap_err().contains("score"));
        assert_eq!(out, [1, 2], "nothing written");
        let mut game = random_game(Variant::Pom, 3, Start::Variant);
        game.steps[1].moves = game.steps[0].moves.clone();
        assert!(game.encode(&mut out).unwrap_err().contains("not legal"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Mutated and cut files never panic, and a refusal is one line
        /// naming a byte inside the input.
        #[test]
        fn mutated_files_never_panic(
            edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..6),
            cut in any::<usize>(),
        ) {
            let mut bytes = sample();
            for (at, value) in edits {
                let n = bytes.len();
                bytes[at % n] = value;
            }
            let n = bytes.len();
            bytes.truncate(cut % (n + 1));
            if let Err(e) = read_all(&bytes[..]) {
                prop_assert!(e.offset <= bytes.len() as u64);
                prop_assert!(!e.to_string().contains('\n'));
            }
        }

        /// Random bytes behind a valid header: the same.
        #[test]
        fn random_bodies_never_panic(body in proptest::collection::vec(any::<u8>(), 0..200), variant in 0u8..2) {
            let mut bytes = vec![b'G', b'2', variant, 1, 0];
            bytes.extend(body);
            let _ = read_all(&bytes[..]);
        }
    }
}
