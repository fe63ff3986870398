//! Why a book file was refused.

use crate::BookVariant;
use std::fmt;

/// A book file that cannot be used, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The file could not be read or written.
    Io {
        path: String,
        message: String,
    },
    /// The file does not start with `GORGBOOK`.
    BadMagic,
    /// Fewer bytes than the 32-byte header.
    TruncatedHeader {
        len: usize,
    },
    UnsupportedVersion {
        found: u16,
        supported: u16,
    },
    UnknownVariant {
        code: u8,
    },
    /// The book is for another variant than the one asked for.
    WrongVariant {
        expected: BookVariant,
        found: BookVariant,
    },
    /// Flags or reserved header bytes are not zero.
    ReservedNotZero,
    DescriptionTooLong {
        len: usize,
    },
    DescriptionNotUtf8,
    /// The file ends before the entries the header announces.
    Truncated {
        expected: u64,
        found: u64,
    },
    /// Bytes after the last entry.
    TrailingBytes {
        expected: u64,
        found: u64,
    },
    /// The stored checksum does not match the contents.
    ChecksumMismatch,
    /// Entry `index` sorts before the one before it.
    Unsorted {
        index: u64,
    },
    /// Entry `index` repeats the key and move of the one before it.
    DuplicateEntry {
        index: u64,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Io { path, message } => write!(f, "{path}: {message}"),
            FormatError::BadMagic => write!(f, "not a Gorgon book (bad magic)"),
            FormatError::TruncatedHeader { len } => write!(f, "truncated book: {len} bytes, shorter than the 32-byte header"),
            FormatError::UnsupportedVersion { found, supported } => {
                write!(
                    f,
                    "book format version {found} is not supported (this build reads version {supported})"
                )
            }
            FormatError::UnknownVariant { code } => write!(f, "unknown variant code {code} in the book header"),
            FormatError::WrongVariant { expected, found } => write!(f, "the book is for {found}, not {expected}"),
            FormatError::ReservedNotZero => write!(f, "reserved header bytes are not zero"),
            FormatError::DescriptionTooLong { len } => write!(f, "book description of {len} bytes is too long"),
            FormatError::DescriptionNotUtf8 => write!(f, "book description is not UTF-8"),
            FormatError::Truncated { expected, found } => write!(f, "truncated book: {found} bytes, the header announces {expected}"),
            FormatError::TrailingBytes { expected, found } => write!(f, "book has {found} bytes, the header announces {expected}"),
            FormatError::ChecksumMismatch => write!(f, "corrupted book: checksum mismatch"),
            FormatError::Unsorted { index } => write!(f, "corrupted book: entry {index} is out of order"),
            FormatError::DuplicateEntry { index } => write!(f, "corrupted book: entry {index} repeats the one before"),
        }
    }
}

impl std::error::Error for FormatError {}
