//! Gorgon's opening book format (docs/BOOK.md): a header naming the
//! variant and how the book was built, then entries sorted by position key.
//!
//! This crate knows nothing of the rules (it borrows only their seeded
//! generator, [`rules::SplitMix64`]): a key is the engine's Zobrist key and
//! a move is the engine's packed `Move::raw()`, both taken as opaque
//! numbers. It writes books, reads them (refusing anything malformed with a
//! [`FormatError`], never panicking), probes them by binary search and picks
//! a move by weight with a seedable generator. The books shipped with the
//! engine are this package's data files ([`BookVariant::shipped`]).
#![forbid(unsafe_code)]

mod error;

pub use error::FormatError;

use rules::SplitMix64;

use std::fmt;
use std::path::Path;

/// The index of an element picked with probability proportional to its
/// weight; `None` if there is none or all weights are 0. Deterministic for
/// a given seed.
pub fn weighted_pick(weights: &[u32], seed: u64) -> Option<usize> {
    let total: u64 = weights.iter().map(|&w| w as u64).sum();
    if total == 0 {
        return None;
    }
    let mut r = SplitMix64::new(seed).below(total);
    for (i, &w) in weights.iter().enumerate() {
        if r < w as u64 {
            return Some(i);
        }
        r -= w as u64;
    }
    None
}

/// The first eight bytes of every book.
pub const MAGIC: [u8; 8] = *b"GORGBOOK";
/// The format version this crate writes and reads.
pub const VERSION: u16 = 1;
/// Bytes before the description.
pub const HEADER_LEN: usize = 32;
/// Bytes of one entry.
pub const ENTRY_LEN: usize = 28;
/// The longest description accepted, in bytes.
pub const MAX_DESCRIPTION: usize = 4096;

/// The variant a book is for (the byte at offset 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BookVariant {
    /// Pillars of Medusa, 11x11.
    Pom = 0,
    /// Mini-POM, 9x9.
    MiniPom = 1,
}

impl BookVariant {
    /// The variant of a header byte.
    pub fn from_code(code: u8) -> Option<BookVariant> {
        match code {
            0 => Some(BookVariant::Pom),
            1 => Some(BookVariant::MiniPom),
            _ => None,
        }
    }

    /// The header byte.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The `UCI_Variant` name.
    pub fn name(self) -> &'static str {
        match self {
            BookVariant::Pom => "pom",
            BookVariant::MiniPom => "minipom",
        }
    }

    /// The book file shipped for this variant (`data/<name>.gbk` of this
    /// package, built by `scripts/build-books.sh`, docs/BOOK.md): compiled
    /// in here, where Cargo packages and tracks it, so that the engine
    /// reads no file outside its own package.
    pub fn shipped(self) -> &'static [u8] {
        match self {
            BookVariant::Pom => include_bytes!("../data/pom.gbk"),
            BookVariant::MiniPom => include_bytes!("../data/minipom.gbk"),
        }
    }
}

impl fmt::Display for BookVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One book move: a position key, a move and its statistics. The counts
/// are from the point of view of the side to move in that position (the
/// side playing `mv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Entry {
    pub key: u64,
    /// The engine's packed move (`Move::raw()`).
    pub mv: u32,
    /// Relative frequency for the weighted choice.
    pub weight: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Entry {
    /// Games through this entry.
    pub fn games(&self) -> u64 {
        self.wins as u64 + self.draws as u64 + self.losses as u64
    }

    /// Score for the side playing the move, 0.0 to 1.0 (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
        }
    }

    fn write_to(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.key.to_le_bytes());
        out.extend_from_slice(&self.mv.to_le_bytes());
        out.extend_from_slice(&self.weight.to_le_bytes());
        out.extend_from_slice(&self.wins.to_le_bytes());
        out.extend_from_slice(&self.draws.to_le_bytes());
        out.extend_from_slice(&self.losses.to_le_bytes());
    }

    fn read_from(b: &[u8]) -> Entry {
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let mut key = [0u8; 8];
        key.copy_from_slice(&b[..8]);
        Entry {
            key: u64::from_le_bytes(key),
            mv: u32_at(8),
            weight: u32_at(12),
            wins: u32_at(16),
            draws: u32_at(20),
            losses: u32_at(24),
        }
    }

    fn order(&self) -> (u64, u32) {
        (self.key, self.mv)
    }
}

/// A whole book in memory: variant, description and entries sorted by
/// (key, move) with no duplicate. Every constructor keeps that invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookData {
    variant: BookVariant,
    description: String,
    entries: Vec<Entry>,
}

impl BookData {
    /// A book from entries in any order. Entries with the same key and move
    /// are merged (weights and counts added, saturating). A description
    /// longer than `MAX_DESCRIPTION` bytes is cut at a character boundary.
    pub fn new(variant: BookVariant, description: &str, mut entries: Vec<Entry>) -> BookData {
        entries.sort_unstable_by_key(Entry::order);
        let mut merged: Vec<Entry> = Vec::with_capacity(entries.len());
        for e in entries {
            match merged.last_mut() {
                Some(last) if last.order() == e.order() => {
                    last.weight = last.weight.saturating_add(e.weight);
                    last.wins = last.wins.saturating_add(e.wins);
                    last.draws = last.draws.saturating_add(e.draws);
                    last.losses = last.losses.saturating_add(e.losses);
                }
                _ => merged.push(e),
            }
        }
        let mut description = description.to_string();
        if description.len() > MAX_DESCRIPTION {
            let mut cut = MAX_DESCRIPTION;
            while !description.is_char_boundary(cut) {
                cut -= 1;
            }
            description.truncate(cut);
        }
        BookData {
            variant,
            description,
            entries: merged,
        }
    }

    pub fn variant(&self) -> BookVariant {
        self.variant
    }

    /// How the book was built (free UTF-8 text).
    pub fn description(&self) -> &str {
        &self.description
    }

    /// All entries, sorted by (key, move).
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Number of entries (moves).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Number of distinct positions (keys).
    pub fn positions(&self) -> usize {
        self.entries.windows(2).filter(|w| w[0].key != w[1].key).count() + usize::from(!self.entries.is_empty())
    }

    /// The entries of a position, by binary search: O(log n).
    pub fn probe(&self, key: u64) -> &[Entry] {
        let lo = self.entries.partition_point(|e| e.key < key);
        let hi = lo + self.entries[lo..].partition_point(|e| e.key == key);
        &self.entries[lo..hi]
    }

    /// A move for `key` chosen by weight, deterministic for a given seed.
    /// `None` if the position is not in the book or all its weights are 0.
    pub fn choose(&self, key: u64, seed: u64) -> Option<&Entry> {
        let found = self.probe(key);
        let weights: Vec<u32> = found.iter().map(|e| e.weight).collect();
        weighted_pick(&weights, seed ^ key).map(|i| &found[i])
    }

    /// The file image: header, description, entries, all little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let desc = self.description.as_bytes();
        let mut out = Vec::with_capacity(HEADER_LEN + desc.len() + self.entries.len() * ENTRY_LEN);
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(self.variant.code());
        out.push(0); // flags
        out.extend_from_slice(&(desc.len() as u16).to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes()); // reserved
        out.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        out.extend_from_slice(&0u64.to_le_bytes()); // checksum, filled below
        out.extend_from_slice(desc);
        for e in &self.entries {
            e.write_to(&mut out);
        }
        let sum = file_checksum(&out);
        out[24..32].copy_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads and validates a file image. With `expected` set, a book for
    /// another variant is refused. Never panics, whatever the bytes.
    pub fn from_bytes(bytes: &[u8], expected: Option<BookVariant>) -> Result<BookData, FormatError> {
        let magic_len = bytes.len().min(MAGIC.len());
        if bytes[..magic_len] != MAGIC[..magic_len] {
            return Err(FormatError::BadMagic);
        }
        if bytes.len() < HEADER_LEN {
            return Err(FormatError::TruncatedHeader { len: bytes.len() });
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(FormatError::UnsupportedVersion {
                found: version,
                supported: VERSION,
            });
        }
        let variant = BookVariant::from_code(bytes[10]).ok_or(FormatError::UnknownVariant { code: bytes[10] })?;
        if let Some(want) = expected {
            if want != variant {
                return Err(FormatError::WrongVariant {
                    expected: want,
                    found: variant,
                });
            }
        }
        if bytes[11] != 0 || bytes[14] != 0 || bytes[15] != 0 {
            return Err(FormatError::ReservedNotZero);
        }
        let desc_len = u16::from_le_bytes([bytes[12], bytes[13]]) as usize;
        if desc_len > MAX_DESCRIPTION {
            return Err(FormatError::DescriptionTooLong { len: desc_len });
        }
        let mut count = [0u8; 8];
        count.copy_from_slice(&bytes[16..24]);
        let count = u64::from_le_bytes(count);
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[24..32]);
        let sum = u64::from_le_bytes(sum);

        let expected_len = (count as u128) * ENTRY_LEN as u128 + (HEADER_LEN + desc_len) as u128;
        let actual = bytes.len() as u128;
        if actual < expected_len {
            return Err(FormatError::Truncated {
                expected: expected_len as u64,
                found: bytes.len() as u64,
            });
        }
        if actual > expected_len {
            return Err(FormatError::TrailingBytes {
                expected: expected_len as u64,
                found: bytes.len() as u64,
            });
        }
        if file_checksum(bytes) != sum {
            return Err(FormatError::ChecksumMismatch);
        }
        let description = std::str::from_utf8(&bytes[HEADER_LEN..HEADER_LEN + desc_len])
            .map_err(|_| FormatError::DescriptionNotUtf8)?
            .to_string();
        let body = &bytes[HEADER_LEN + desc_len..];
        let entries: Vec<Entry> = body.chunks_exact(ENTRY_LEN).map(Entry::read_from).collect();
        for (i, w) in entries.windows(2).enumerate() {
            if w[0].order() == w[1].order() {
                return Err(FormatError::DuplicateEntry { index: i as u64 + 1 });
            }
            if w[0].order() > w[1].order() {
                return Err(FormatError::Unsorted { index: i as u64 + 1 });
            }
        }
        Ok(BookData {
            variant,
            description,
            entries,
        })
    }

    /// Reads a book file (see `from_bytes`).
    pub fn read(path: &Path, expected: Option<BookVariant>) -> Result<BookData, FormatError> {
        let bytes = std::fs::read(path).map_err(|e| FormatError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        BookData::from_bytes(&bytes, expected)
    }

    /// Writes the book to a file.
    pub fn write(&self, path: &Path) -> Result<(), FormatError> {
        std::fs::write(path, self.to_bytes()).map_err(|e| FormatError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })
    }
}

/// The checksum stored at offset 24: FNV-1a (64 bits) over the whole file
/// but the checksum field itself. Any single changed byte changes it.
pub fn file_checksum(file: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let head = &file[..file.len().min(24)];
    let tail = file.get(HEADER_LEN..).unwrap_or(&[]);
    for &b in head.iter().chain(tail) {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests;
