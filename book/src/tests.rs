use super::*;
use proptest::prelude::*;

fn entry(key: u64, mv: u32, weight: u32) -> Entry {
    Entry {
        key,
        mv,
        weight,
        wins: weight,
        draws: 1,
        losses: 2,
    }
}

fn sample() -> BookData {
    let mut entries = Vec::new();
    for k in 0..200u64 {
        let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for m in 0..(k % 4 + 1) as u32 {
            entries.push(entry(key, 1000 + m, m + 1));
        }
    }
    BookData::new(BookVariant::Pom, "test book: 200 positions", entries)
}

#[test]
fn round_trip_and_probe() {
    let book = sample();
    assert_eq!(book.positions(), 200);
    let bytes = book.to_bytes();
    assert_eq!(bytes.len(), HEADER_LEN + book.description().len() + book.len() * ENTRY_LEN);
    let back = BookData::from_bytes(&bytes, Some(BookVariant::Pom)).unwrap();
    assert_eq!(back, book);
    for k in 0..200u64 {
        let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let found = back.probe(key);
        assert_eq!(found.len() as u64, k % 4 + 1);
        assert!(found.iter().all(|e| e.key == key));
        assert!(back.choose(key, 7).is_some());
    }
    assert!(back.probe(12345).is_empty());
    assert!(back.choose(12345, 1).is_none());
}

#[test]
fn duplicates_merge_and_empty_book() {
    let book = BookData::new(BookVariant::MiniPom, "", vec![entry(5, 1, 2), entry(5, 1, 3), entry(1, 9, 1)]);
    assert_eq!(book.len(), 2);
    assert_eq!(book.probe(5)[0].weight, 5);
    let empty = BookData::new(BookVariant::MiniPom, "", vec![]);
    assert_eq!(empty.positions(), 0);
    assert_eq!(BookData::from_bytes(&empty.to_bytes(), None).unwrap(), empty);
}

#[test]
fn weighted_choice_is_deterministic_and_follows_weights() {
    assert_eq!(weighted_pick(&[], 1), None);
    assert_eq!(weighted_pick(&[0, 0], 1), None);
    assert_eq!(weighted_pick(&[0, 5, 0], 99), Some(1));
    let mut counts = [0u32; 3];
    for seed in 0..30_000u64 {
        counts[weighted_pick(&[1, 2, 7], seed).unwrap()] += 1;
        assert_eq!(weighted_pick(&[1, 2, 7], seed), weighted_pick(&[1, 2, 7], seed));
    }
    assert!((2_400..3_600).contains(&counts[0]), "{counts:?}");
    assert!((5_200..6_800).contains(&counts[1]), "{counts:?}");
    assert!((20_000..22_000).contains(&counts[2]), "{counts:?}");
}

#[test]
fn refuses_bad_files() {
    let book = sample();
    let good = book.to_bytes();
    let desc_len = book.description().len();
    let body = HEADER_LEN + desc_len;

    let mut bad = good.clone();
    bad[0] = b'X';
    assert_eq!(BookData::from_bytes(&bad, None), Err(FormatError::BadMagic));
    assert_eq!(BookData::from_bytes(b"PK\x03\x04", None), Err(FormatError::BadMagic));
    assert_eq!(BookData::from_bytes(b"", None), Err(FormatError::TruncatedHeader { len: 0 }));
    assert_eq!(
        BookData::from_bytes(&good[..20], None),
        Err(FormatError::TruncatedHeader { len: 20 })
    );

    assert_eq!(
        BookData::from_bytes(&good, Some(BookVariant::MiniPom)),
        Err(FormatError::WrongVariant {
            expected: BookVariant::MiniPom,
            found: BookVariant::Pom
        })
    );
    let mut bad = good.clone();
    bad[10] = 7;
    assert_eq!(BookData::from_bytes(&bad, None), Err(FormatError::UnknownVariant { code: 7 }));
    let mut bad = good.clone();
    bad[8] = 2;
    assert_eq!(
        BookData::from_bytes(&bad, None),
        Err(FormatError::UnsupportedVersion {
            found: 2,
            supported: VERSION
        })
    );

    // Truncated in the middle of an entry and at an entry boundary.
    for cut in [good.len() - 1, good.len() - ENTRY_LEN, body + 3] {
        assert!(
            matches!(BookData::from_bytes(&good[..cut], None), Err(FormatError::Truncated { .. })),
            "cut {cut}"
        );
    }
    let mut long = good.clone();
    long.push(0);
    assert!(matches!(BookData::from_bytes(&long, None), Err(FormatError::TrailingBytes { .. })));

    // A flipped bit in an entry.
    let mut bad = good.clone();
    bad[body + 5] ^= 0x10;
    assert_eq!(BookData::from_bytes(&bad, None), Err(FormatError::ChecksumMismatch));

    // Unsorted entries with a valid checksum: swap the first two positions.
    let mut bad = good.clone();
    let (a, b) = (body, body + ENTRY_LEN * book.probe(book.entries()[0].key).len());
    let first: Vec<u8> = bad[a..a + ENTRY_LEN].to_vec();
    let second: Vec<u8> = bad[b..b + ENTRY_LEN].to_vec();
    bad[a..a + ENTRY_LEN].copy_from_slice(&second);
    bad[b..b + ENTRY_LEN].copy_from_slice(&first);
    let sum = file_checksum(&bad);
    bad[24..32].copy_from_slice(&sum.to_le_bytes());
    assert!(matches!(BookData::from_bytes(&bad, None), Err(FormatError::Unsorted { .. })));

    // A duplicated entry with a valid checksum.
    let mut bad = good.clone();
    let copy: Vec<u8> = bad[body..body + ENTRY_LEN].to_vec();
    bad[body + ENTRY_LEN..body + 2 * ENTRY_LEN].copy_from_slice(&copy);
    let sum = file_checksum(&bad);
    bad[24..32].copy_from_slice(&sum.to_le_bytes());
    assert!(matches!(
        BookData::from_bytes(&bad, None),
        Err(FormatError::DuplicateEntry { index: 1 })
    ));

    // A description that is not UTF-8.
    let mut bad = good.clone();
    bad[HEADER_LEN] = 0xFF;
    let sum = file_checksum(&bad);
    bad[24..32].copy_from_slice(&sum.to_le_bytes());
    assert_eq!(BookData::from_bytes(&bad, None), Err(FormatError::DescriptionNotUtf8));

    // A huge entry count must not overflow or allocate.
    let mut bad = good.clone();
    bad[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(BookData::from_bytes(&bad, None), Err(FormatError::Truncated { .. })));

    let missing = BookData::read(Path::new("/nonexistent/dir/book.gbk"), None);
    assert!(matches!(missing, Err(FormatError::Io { .. })));
    for e in [
        FormatError::BadMagic,
        FormatError::ChecksumMismatch,
        FormatError::Unsorted { index: 3 },
    ] {
        assert!(!e.to_string().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = BookData::from_bytes(&bytes, None);
        // The same bytes behind a valid magic and version reach deeper checks.
        let mut framed = MAGIC.to_vec();
        framed.extend_from_slice(&VERSION.to_le_bytes());
        framed.extend_from_slice(&bytes);
        let _ = BookData::from_bytes(&framed, Some(BookVariant::Pom));
    }

    #[test]
    fn truncations_and_corruptions_are_refused(cut in 0usize..2000, pos in 0usize..2000, flip in 1u8..=255) {
        let good = sample().to_bytes();
        let cut = cut % good.len();
        prop_assert!(BookData::from_bytes(&good[..cut], None).is_err());
        let mut bad = good.clone();
        let pos = pos % bad.len();
        bad[pos] ^= flip;
        // Any single corrupted byte is caught (header field or checksum).
        prop_assert!(BookData::from_bytes(&bad, None).is_err());
    }

    #[test]
    fn any_entries_round_trip(raw in proptest::collection::vec((any::<u64>(), any::<u32>(), any::<u32>()), 0..60)) {
        let entries: Vec<Entry> = raw.iter().map(|&(k, m, w)| entry(k % 16, m % 8, w)).collect();
        let book = BookData::new(BookVariant::MiniPom, "proptest", entries);
        let back = BookData::from_bytes(&book.to_bytes(), Some(BookVariant::MiniPom)).unwrap();
        prop_assert_eq!(&back, &book);
        for e in back.entries() {
            prop_assert!(back.probe(e.key).contains(e));
        }
    }
}

#[test]
fn shipped_books_are_books_of_their_variant() {
    for variant in [BookVariant::Pom, BookVariant::MiniPom] {
        let data = BookData::from_bytes(variant.shipped(), Some(variant)).unwrap();
        assert_eq!(data.variant(), variant);
        assert!(data.description().starts_with(&format!("{variant} self-play")));
        assert!(!data.entries().is_empty());
    }
}
