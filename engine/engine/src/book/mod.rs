//! Opening books on the rules: building them (from PGN files, from game
//! records in book notation, from self-play), and the [`Book`] the player
//! probes. The file format itself is the `gbk` crate (docs/BOOK.md).
//!
//! A book maps a position's Zobrist key (`Position::key`) to moves packed
//! with `Move::raw`. Probing decodes the moves and keeps only the legal
//! ones, so a key collision or a stale book can never make the engine play
//! an illegal move.

// Self-play books run on the batch jobs' threads (`parallel`): native only.
#[cfg(feature = "native")]
mod selfplay;

pub use gbk::{BookData, BookVariant, Entry, FormatError};
pub use rules::text::notation::{self, NotationError};
pub use rules::text::pgn::{self, PgnError};
pub use rules::{GameRecord, GameResult};
#[cfg(feature = "native")]
pub use selfplay::{selfplay, selfplay_builder, selfplay_games, selfplay_pgn, SelfPlayOptions};

use rules::{Color, Move, Position, Variant};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// Anything that can go wrong reading, building or writing a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// A malformed, corrupted or foreign book file.
    Format(FormatError),
    /// An input file could not be read.
    Io { path: String, message: String },
    /// A PGN game that cannot be read or replayed.
    Pgn(PgnError),
    /// A book-notation record that cannot be imported.
    Notation { file: String, error: NotationError },
    /// A book entry holds bits that are no move.
    BadMove { key: u64, raw: u32 },
    /// Bad self-play settings.
    Settings(String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Format(e) => write!(f, "{e}"),
            BookError::Io { path, message } => write!(f, "{path}: {message}"),
            BookError::Pgn(e) => write!(f, "{e}"),
            BookError::Notation { file, error } => write!(f, "{file}: {error}"),
            BookError::BadMove { key, raw } => write!(f, "corrupted book: entry {key:016x} holds no move ({raw:#x})"),
            BookError::Settings(s) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for BookError {}

impl From<FormatError> for BookError {
    fn from(e: FormatError) -> BookError {
        BookError::Format(e)
    }
}

impl From<PgnError> for BookError {
    fn from(e: PgnError) -> BookError {
        BookError::Pgn(e)
    }
}

/// The book-file variant of a game variant.
pub fn book_variant(v: Variant) -> BookVariant {
    match v {
        Variant::Pom => BookVariant::Pom,
        Variant::MiniPom => BookVariant::MiniPom,
    }
}

/// 0 win, 1 draw, 2 loss for `side`; `None` for an unfinished game.
fn result_index(result: GameResult, side: Color) -> Option<usize> {
    match (result, side) {
        (GameResult::Unfinished, _) => None,
        (GameResult::Draw, _) => Some(1),
        (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => Some(0),
        _ => Some(2),
    }
}

/// Which positions and moves of the games go into a book.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildFilters {
    /// Only the first `max_ply` plies of each game are recorded.
    pub max_ply: usize,
    /// A position is kept if at least this many games went through it.
    pub min_games: u32,
    /// A move is kept if it scored at least this (0.0 to 1.0) for the side
    /// that played it.
    pub min_score: f64,
}

impl Default for BuildFilters {
    /// 24 plies, 1 game, any score.
    fn default() -> BuildFilters {
        BuildFilters {
            max_ply: 24,
            min_games: 1,
            min_score: 0.0,
        }
    }
}

impl fmt::Display for BuildFilters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "max ply {}, min games {}, min score {:.2}",
            self.max_ply, self.min_games, self.min_score
        )
    }
}

/// Collects games into win/draw/loss counts per (position, move).
#[derive(Clone, Debug)]
pub struct BookBuilder {
    variant: Variant,
    filters: BuildFilters,
    stats: HashMap<(u64, u32), [u32; 3]>,
    games: usize,
    skipped: usize,
}

impl BookBuilder {
    pub fn new(variant: Variant, filters: BuildFilters) -> BookBuilder {
        BookBuilder {
            variant,
            filters,
            stats: HashMap::new(),
            games: 0,
            skipped: 0,
        }
    }

    /// Games added (with a result).
    pub fn games(&self) -> usize {
        self.games
    }

    /// Games left out: no result, or another variant.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// Records the first `max_ply` plies of a game. A game without a result
    /// or of another variant is skipped. Replay stops at an illegal move.
    pub fn add_game(&mut self, game: &GameRecord) {
        let Some(result) = game.decided() else {
            self.skipped += 1;
            return;
        };
        if game.start.variant() != self.variant {
            self.skipped += 1;
            return;
        }
        self.games += 1;
        let mut pos = game.start.clone();
        let mut seen = HashSet::new();
        for &m in game.moves.iter().take(self.filters.max_ply) {
            if !pos.is_legal(m) {
                break;
            }
            // A position repeated within one game counts once.
            if seen.insert((pos.key(), m.raw())) {
                let counts = self.stats.entry((pos.key(), m.raw())).or_default();
                if let Some(i) = result_index(result, pos.side_to_move()) {
                    counts[i] = counts[i].saturating_add(1);
                }
            }
            pos.make(m);
        }
    }

    /// Notes a game left out by the caller (for the description).
    pub fn note_skipped(&mut self, n: usize) {
        self.skipped += n;
    }

    /// The book: positions seen in fewer than `min_games` games and moves
    /// scoring under `min_score` are dropped. A move's weight is
    /// `2 * wins + draws` (its points, doubled); moves of weight 0 (only
    /// losses) are dropped. `how` starts the description.
    pub fn finish(&self, how: &str) -> BookData {
        let mut per_key: HashMap<u64, u64> = HashMap::new();
        for (&(key, _), c) in &self.stats {
            *per_key.entry(key).or_default() += c.iter().map(|&x| x as u64).sum::<u64>();
        }
        let f = &self.filters;
        let entries: Vec<Entry> = self
            .stats
            .iter()
            .filter_map(|(&(key, mv), &[wins, draws, losses])| {
                if per_key[&key] < f.min_games as u64 {
                    return None;
                }
                let weight = (2 * wins as u64 + draws as u64).min(u32::MAX as u64) as u32;
                let e = Entry {
                    key,
                    mv,
                    weight,
                    wins,
                    draws,
                    losses,
                };
                (weight > 0 && e.score() >= f.min_score).then_some(e)
            })
            .collect();
        let description = format!(
            "{how}; {} games ({} skipped); {}; weight = 2*wins + draws",
            self.games, self.skipped, self.filters
        );
        BookData::new(book_variant(self.variant), &description, entries)
    }
}

fn read_text(path: &Path) -> Result<String, BookError> {
    std::fs::read_to_string(path).map_err(|e| BookError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })
}

fn file_names(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths
        .iter()
        .map(|p| {
            p.file_name()
                .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
        })
        .collect();
    names.join(", ")
}

/// A book from PGN files (games of other variants are skipped).
pub fn build_from_pgn(paths: &[PathBuf], variant: Variant, filters: &BuildFilters) -> Result<BookData, BookError> {
    Ok(pgn_builder(paths, variant, filters)?.finish(&pgn_description(paths, variant)))
}

/// The book builder holding the games of PGN files, to finish with a
/// description of one's own ([`build_from_pgn`] uses [`pgn_description`]).
pub fn pgn_builder(paths: &[PathBuf], variant: Variant, filters: &BuildFilters) -> Result<BookBuilder, BookError> {
    let mut builder = BookBuilder::new(variant, filters.clone());
    for path in paths {
        let text = read_text(path)?;
        let (games, other) = pgn::read_games(&text, &path.display().to_string(), variant)?;
        builder.note_skipped(other);
        for g in &games {
            builder.add_game(g);
        }
    }
    Ok(builder)
}

/// `pom book from PGN (a.pgn, b.pgn)`.
pub fn pgn_description(paths: &[PathBuf], variant: Variant) -> String {
    format!("{} book from PGN ({})", variant.name(), file_names(paths))
}

/// Games as PGN that [`build_from_pgn`] (and `gorgon-match --stats`) read
/// back: `Event`, `Round` (numbered from `first_round`), `White` and
/// `Black` (both `player`), `Result`, `Variant`, `SetUp`/`FEN` when the
/// game does not start from the variant's start, `PlyCount`; coordinate
/// moves with move numbers; the result. No date, so the text depends only
/// on the games.
pub fn games_pgn(games: &[GameRecord], first_round: usize, event: &str, player: &str) -> String {
    let mut out = String::new();
    for (k, g) in games.iter().enumerate() {
        let variant = g.start.variant();
        let result = g.result.unwrap_or(GameResult::Unfinished).pgn();
        let round = (first_round + k).to_string();
        let mut tags = vec![
            ("Event", event),
            ("Round", &round),
            ("White", player),
            ("Black", player),
            ("Result", result),
            ("Variant", variant.name()),
        ];
        let fen = g.start.fen();
        if fen != variant.start_fen() {
            tags.extend([("SetUp", "1"), ("FEN", fen.as_str())]);
        }
        let plies = g.moves.len().to_string();
        tags.push(("PlyCount", &plies));
        for (name, value) in tags {
            out.push_str(&pgn::tag_pair(name, value));
        }
        out.push('\n');
        let mut movetext = pgn::Movetext::default();
        movetext.line(&g.start, &g.moves, |pos, m| pos.move_text(m));
        movetext.result(result);
        out.push_str(&movetext.text());
        out.push_str("\n\n");
    }
    out
}

/// A book from game records in book notation (NOTATION.md 3).
pub fn build_from_notation(paths: &[PathBuf], variant: Variant, filters: &BuildFilters) -> Result<BookData, BookError> {
    Ok(notation_builder(paths, variant, filters)?.finish(&notation_description(paths, variant)))
}

/// `pom book from book-notation records (a.txt)`.
pub fn notation_description(paths: &[PathBuf], variant: Variant) -> String {
    format!("{} book from book-notation records ({})", variant.name(), file_names(paths))
}

/// The book builder holding the games of book-notation files.
pub fn notation_builder(paths: &[PathBuf], variant: Variant, filters: &BuildFilters) -> Result<BookBuilder, BookError> {
    let mut builder = BookBuilder::new(variant, filters.clone());
    for path in paths {
        let text = read_text(path)?;
        let games = notation::import(&text, variant).map_err(|error| BookError::Notation {
            file: path.display().to_string(),
            error,
        })?;
        for g in &games {
            builder.add_game(g);
        }
    }
    Ok(builder)
}

/// A book move, decoded and legal in the probed position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub weight: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A book for one variant, ready to probe.
#[derive(Clone, Debug)]
pub struct Book {
    data: BookData,
    variant: Variant,
}

impl Book {
    /// Reads and validates a book file for `variant`.
    pub fn open(path: &Path, variant: Variant) -> Result<Book, BookError> {
        Book::from_data(BookData::read(path, Some(book_variant(variant)))?, variant)
    }

    /// Validates a book image for `variant`.
    pub fn from_bytes(bytes: &[u8], variant: Variant) -> Result<Book, BookError> {
        Book::from_data(BookData::from_bytes(bytes, Some(book_variant(variant)))?, variant)
    }

    /// Wraps book data, checking the variant and that every move decodes.
    pub fn from_data(data: BookData, variant: Variant) -> Result<Book, BookError> {
        if data.variant() != book_variant(variant) {
            return Err(FormatError::WrongVariant {
                expected: book_variant(variant),
                found: data.variant(),
            }
            .into());
        }
        if let Some(e) = data.entries().iter().find(|e| Move::from_raw(e.mv).is_none_or(Move::is_none)) {
            return Err(BookError::BadMove { key: e.key, raw: e.mv });
        }
        Ok(Book { data, variant })
    }

    pub fn data(&self) -> &BookData {
        &self.data
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The book's legal moves in `pos`, heaviest first.
    pub fn probe(&self, pos: &Position) -> Vec<BookMove> {
        if pos.variant() != self.variant {
            return Vec::new();
        }
        let mut out: Vec<BookMove> = self
            .data
            .probe(pos.key())
            .iter()
            .filter_map(|e| {
                let mv = Move::from_raw(e.mv)?;
                pos.is_legal(mv).then_some(BookMove {
                    mv,
                    weight: e.weight,
                    wins: e.wins,
                    draws: e.draws,
                    losses: e.losses,
                })
            })
            .collect();
        out.sort_by(|a, b| b.weight.cmp(&a.weight).then(a.mv.raw().cmp(&b.mv.raw())));
        out
    }

    /// A legal book move chosen by weight; the same seed and position give
    /// the same move. `None` when the position is not in the book.
    pub fn choose(&self, pos: &Position, seed: u64) -> Option<Move> {
        let moves = self.probe(pos);
        let weights: Vec<u32> = moves.iter().map(|m| m.weight).collect();
        gbk::weighted_pick(&weights, seed ^ pos.key()).map(|i| moves[i].mv)
    }
}

/// The book shipped for a variant (`book/data/<variant>.gbk`, compiled in):
/// the one used when `OwnBook` is on and `BookFile` is empty.
pub fn default_book(variant: Variant) -> Result<Book, BookError> {
    Book::from_bytes(book_variant(variant).shipped(), variant)
}

/// Header and (up to `limit`) entries in text: key, move, weight, W/D/L.
pub fn dump(book: &Book, limit: Option<usize>) -> String {
    let data = book.data();
    let g = book.variant().geometry();
    let mut out = format!(
        "variant {}\nformat version {}\nentries {}\npositions {}\ndescription {}\n",
        data.variant(),
        gbk::VERSION,
        data.len(),
        data.positions(),
        data.description()
    );
    for e in data.entries().iter().take(limit.unwrap_or(usize::MAX)) {
        let mv = Move::from_raw(e.mv).map_or_else(|| format!("{:#x}", e.mv), |m| m.text(g));
        out.push_str(&format!(
            "{:016x} {mv} weight {} wdl {}/{}/{}\n",
            e.key, e.weight, e.wins, e.draws, e.losses
        ));
    }
    out
}

/// The book moves of one position, as a table with shares and scores.
pub fn dump_position(book: &Book, pos: &Position) -> String {
    let moves = book.probe(pos);
    let total: u64 = moves.iter().map(|m| m.weight as u64).sum();
    let mut out = format!("key {:016x}: {} book move(s)\n", pos.key(), moves.len());
    for m in &moves {
        let games = m.wins as u64 + m.draws as u64 + m.losses as u64;
        let share = if total == 0 { 0.0 } else { 100.0 * m.weight as f64 / total as f64 };
        let score = if games == 0 {
            50.0
        } else {
            100.0 * (m.wins as f64 + 0.5 * m.draws as f64) / games as f64
        };
        out.push_str(&format!(
            "{:<10} weight {:>6} ({share:5.1}%)  games {games:>5}  +{} ={} -{}  score {score:5.1}%\n",
            pos.move_text(m.mv),
            m.weight,
            m.wins,
            m.draws,
            m.losses
        ));
    }
    out
}

#[cfg(test)]
mod tests;
