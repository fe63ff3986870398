use super::notation::import;
use super::*;
use rules::SplitMix64;
use rules::{Kind, MoveKind};

// The pamphlet's sample game, kept with the rules' notation tests.
const SAMPLE_RECORD: &str = include_str!("../../../rules/tests/data/sample_game.txt");
const SAMPLE_PGN: &str = include_str!("../../../rules/tests/data/sample_game.pgn");

/// RULES.md 11.
const SAMPLE_MOVES: &str = "e3e5 h10h8 f2c5 g9g7 e2c3 g10i9 g1d4 e10d8 c5c8 d11e10 f3b7 b11a9 c8d8 e10b7 d8b10 e11e10 b10a11 b7a6 \
    d2d3 f10e11 a11a10 e10d9 c3d5 g11f10 d1e3 i11g10 e3c4 a6c4 d4c4 f9d7 a10b10 f10d11 b10c11 j11h10 i1j3 g10e8 g2i3 h11f9 \
    i3i9 j10i9 j3e8 f9e8 d5d7 e8d7 c4i10 k11h11 c11d11 e11d11 i10g9";

fn to_pgn(games: &[GameRecord]) -> String {
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        let result = g.result.map_or("*", GameResult::pgn);
        out.push_str(&format!(
            "[Event \"test {i}\"]\n[White \"w\"]\n[Black \"b\"]\n[Variant \"{}\"]\n[Result \"{result}\"]\n\n",
            g.start.variant().name()
        ));
        let mut pos = g.start.clone();
        for &m in &g.moves {
            if pos.side_to_move() == Color::White {
                out.push_str(&format!("{}. ", pos.fullmove_number()));
            }
            out.push_str(&pos.move_text(m));
            out.push_str(" {+0.35/12 0.50s} ");
            pos.make(m);
        }
        out.push_str(result);
        out.push_str("\n\n");
    }
    out
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gorgon-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn build_from_pgn_then_probe_known_games() {
    let path = temp_file("sample.pgn", SAMPLE_PGN.as_bytes());
    let filters = BuildFilters {
        max_ply: 10,
        ..BuildFilters::default()
    };
    let data = build_from_pgn(std::slice::from_ref(&path), Variant::Pom, &filters).unwrap();
    assert!(data.description().contains("2 games (1 skipped)"), "{}", data.description());
    let bytes = data.to_bytes();
    let book = Book::from_bytes(&bytes, Variant::Pom).unwrap();
    let mut pos = Position::startpos(Variant::Pom);
    for (ply, text) in SAMPLE_MOVES.split_whitespace().enumerate() {
        let m = pos.parse_move(text).unwrap();
        let found = book.probe(&pos);
        if ply < 10 && (ply < 5 || ply % 2 == 0) {
            let bm = found
                .iter()
                .find(|b| b.mv == m)
                .unwrap_or_else(|| panic!("ply {ply} {text} not in book"));
            // Plies 0-4 were played in both games (a win and a draw).
            let white = ply % 2 == 0;
            let expected = match (ply < 5, white) {
                (true, true) => (1, 1, 0),
                (true, false) => (0, 1, 1),
                (false, true) => (1, 0, 0),
                (false, false) => (0, 0, 1),
            };
            assert_eq!((bm.wins, bm.draws, bm.losses), expected, "ply {ply}");
            assert_eq!(bm.weight, 2 * bm.wins + bm.draws);
            assert_eq!(found.len(), 1);
        } else {
            // Past the book, or a loser's move (weight 0, dropped).
            assert!(found.is_empty(), "ply {ply}");
        }
        pos.make(m);
    }
    // The losing side's moves after the common part weigh 0 and are gone.
    assert_eq!(data.len(), 7);

    // Filters: two games needed, or a score of at least 0.5.
    let two = build_from_pgn(
        std::slice::from_ref(&path),
        Variant::Pom,
        &BuildFilters {
            max_ply: 10,
            min_games: 2,
            min_score: 0.0,
        },
    )
    .unwrap();
    assert_eq!(two.len(), 5);
    let half = build_from_pgn(
        &[path],
        Variant::Pom,
        &BuildFilters {
            max_ply: 10,
            min_games: 1,
            min_score: 0.6,
        },
    )
    .unwrap();
    assert_eq!(half.len(), 5);
    let e = build_from_pgn(&[PathBuf::from("/nonexistent.pgn")], Variant::Pom, &filters).unwrap_err();
    assert!(matches!(e, BookError::Io { .. }));
}

#[test]
fn every_position_of_a_built_book_finds_its_moves() {
    for variant in Variant::ALL {
        let games = random_games(variant, 60, 30, 3);
        let filters = BuildFilters {
            max_ply: 16,
            ..BuildFilters::default()
        };
        let mut builder = BookBuilder::new(variant, filters.clone());
        for g in &games {
            builder.add_game(g);
        }
        let data = builder.finish("random games");
        // The same games through a PGN file give the same entries.
        let pgn_path = temp_file(&format!("{}.pgn", variant.name()), to_pgn(&games).as_bytes());
        let from_pgn = build_from_pgn(&[pgn_path], variant, &filters).unwrap();
        assert_eq!(from_pgn.entries(), data.entries());
        let path = temp_file(&format!("{}.gbk", variant.name()), &data.to_bytes());
        let book = Book::open(&path, variant).unwrap();
        assert_eq!(book.data(), &data);
        let mut checked = 0;
        for g in &games {
            let mut pos = g.start.clone();
            let result = g.result.unwrap();
            for &m in g.moves.iter().take(filters.max_ply) {
                let found = book.probe(&pos);
                let lost = result_index(result, pos.side_to_move()) == Some(2);
                let has = found.iter().any(|b| b.mv == m);
                // A move is missing only if every game through it lost.
                assert!(has || lost, "{} missing", pos.move_text(m));
                if has {
                    checked += 1;
                    assert!(book.choose(&pos, checked).is_some());
                }
                // Nothing stored for this position is lost by the probe:
                // every entry of these legal games decodes to a legal move.
                let stored: HashSet<u32> = data.probe(pos.key()).iter().map(|e| e.mv).collect();
                let probed: HashSet<u32> = found.iter().map(|b| b.mv.raw()).collect();
                assert_eq!(probed, stored, "{}", pos.fen());
                pos.make(m);
            }
        }
        assert!(checked > 300, "{checked}");
        // Every entry is found by probing its own key.
        for e in data.entries() {
            assert!(data.probe(e.key).contains(e));
        }
    }
}

#[test]
fn book_notation_files_build_books() {
    let path = temp_file("sample.txt", SAMPLE_RECORD.as_bytes());
    let data = build_from_notation(
        &[path],
        Variant::Pom,
        &BuildFilters {
            max_ply: 100,
            ..BuildFilters::default()
        },
    )
    .unwrap();
    // White won: White's 25 moves are in the book, Black's (all lost) are not.
    assert_eq!(data.len(), 25);
    let book = Book::from_data(data, Variant::Pom).unwrap();
    let start = Position::startpos(Variant::Pom);
    assert_eq!(book.choose(&start, 42).map(|m| start.move_text(m)).as_deref(), Some("e3e5"));
    assert!(dump_position(&book, &start).contains("e3e5"));
    assert!(dump(&book, Some(3)).contains("entries 25\npositions 25\n"));
}

#[test]
fn refuses_bad_books() {
    let games = random_games(Variant::Pom, 10, 12, 9);
    let mut builder = BookBuilder::new(Variant::Pom, BuildFilters::default());
    for g in &games {
        builder.add_game(g);
    }
    let good = builder.finish("t").to_bytes();
    assert!(Book::from_bytes(&good, Variant::Pom).is_ok());
    let wrong = Book::from_bytes(&good, Variant::MiniPom).unwrap_err();
    assert!(matches!(wrong, BookError::Format(FormatError::WrongVariant { .. })), "{wrong}");
    assert!(wrong.to_string().contains("the book is for pom, not minipom"));
    assert!(matches!(
        Book::from_bytes(&good[..good.len() - 5], Variant::Pom),
        Err(BookError::Format(FormatError::Truncated { .. }))
    ));
    let mut bad = good.clone();
    bad[..8].copy_from_slice(b"POLYGLOT");
    assert_eq!(
        Book::from_bytes(&bad, Variant::Pom).unwrap_err(),
        BookError::Format(FormatError::BadMagic)
    );
    let mut rng = SplitMix64::new(5);
    for len in 0..300 {
        let junk: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        assert!(Book::from_bytes(&junk, Variant::Pom).is_err());
    }
    // Unsorted entries (rewritten with a valid checksum).
    let data = BookData::from_bytes(&good, None).unwrap();
    let mut image = data.to_bytes();
    let body = gbk::HEADER_LEN + data.description().len();
    let n = gbk::ENTRY_LEN;
    let last = body + (data.len() - 1) * n;
    let first: Vec<u8> = image[body..body + n].to_vec();
    let tail: Vec<u8> = image[last..last + n].to_vec();
    image[body..body + n].copy_from_slice(&tail);
    image[last..last + n].copy_from_slice(&first);
    let sum = gbk::file_checksum(&image);
    image[24..32].copy_from_slice(&sum.to_le_bytes());
    assert!(matches!(
        Book::from_bytes(&image, Variant::Pom),
        Err(BookError::Format(FormatError::Unsorted { .. }))
    ));
    // Bits that are no move.
    let junk = BookData::new(
        BookVariant::Pom,
        "",
        vec![Entry {
            key: 1,
            mv: 7 << 14,
            weight: 1,
            ..Entry::default()
        }],
    );
    assert!(matches!(Book::from_data(junk, Variant::Pom), Err(BookError::BadMove { .. })));
    assert!(matches!(
        Book::open(Path::new("/nonexistent/book.gbk"), Variant::Pom),
        Err(BookError::Format(FormatError::Io { .. }))
    ));
}

#[test]
fn book_moves_are_always_legal() {
    // A book claiming, for the start position, moves of other positions.
    let start = Position::startpos(Variant::Pom);
    let later = import(SAMPLE_RECORD, Variant::Pom).unwrap().remove(0);
    let mut entries: Vec<Entry> = later
        .moves
        .iter()
        .map(|m| Entry {
            key: start.key(),
            mv: m.raw(),
            weight: 100,
            wins: 1,
            ..Entry::default()
        })
        .collect();
    entries.push(Entry {
        key: start.key(),
        mv: Move::new(4, 116, MoveKind::Castle, Kind::Sword).raw(),
        weight: 1000,
        ..Entry::default()
    });
    let book = Book::from_data(BookData::new(BookVariant::Pom, "", entries), Variant::Pom).unwrap();
    // The probe keeps exactly the stored moves that are legal here, and
    // there were illegal ones to drop.
    let legal: HashSet<Move> = start.legal_move_vec().into_iter().collect();
    let stored: Vec<Move> = entries_moves(&book, &start);
    let expected: HashSet<Move> = stored.iter().copied().filter(|m| legal.contains(m)).collect();
    assert!(
        !expected.is_empty() && expected.len() < stored.len(),
        "{} of {}",
        expected.len(),
        stored.len()
    );
    let found: HashSet<Move> = book.probe(&start).iter().map(|b| b.mv).collect();
    assert_eq!(found, expected);
    for seed in 0..200 {
        let m = book.choose(&start, seed).unwrap();
        assert!(expected.contains(&m));
    }
    // Another variant's position finds nothing.
    assert!(book.probe(&Position::startpos(Variant::MiniPom)).is_empty());
}

#[test]
fn default_books_load_and_give_legal_moves() {
    for variant in Variant::ALL {
        let book = default_book(variant).unwrap();
        assert_eq!(book.variant(), variant);
        let mut pos = Position::startpos(variant);
        // A shipped book that does not know the start position is broken.
        assert!(!book.probe(&pos).is_empty(), "{variant}: start position not in the book");
        let mut plies = 0;
        for seed in 0..12u64 {
            let Some(m) = book.choose(&pos, seed) else { break };
            // The choice is one of the stored moves, and the stored moves
            // of a position reached by book moves are all legal there.
            let stored = entries_moves(&book, &pos);
            assert!(stored.contains(&m));
            assert!(
                stored.iter().all(|&s| pos.is_legal(s)),
                "{variant}: illegal move stored at {}",
                pos.fen()
            );
            pos.make(m);
            plies += 1;
        }
        assert!(plies >= 4, "{variant}: the book ends after {plies} plies");
    }
}

#[test]
fn selfplay_builds_a_small_book() {
    let mut opts = SelfPlayOptions::new(Variant::MiniPom, 4);
    opts.depth = Some(1);
    opts.threads = 2;
    opts.max_plies = 24;
    opts.varied_plies = 6;
    opts.multipv = 3;
    opts.progress = false;
    opts.hash_mb = 1;
    let games = selfplay_games(&opts).unwrap();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert!(g.result.is_some());
        let mut pos = g.start.clone();
        for &m in &g.moves {
            assert!(pos.is_legal(m));
            pos.make(m);
        }
    }
    // Deterministic: the same seed gives the same games on one thread.
    opts.threads = 1;
    assert_eq!(selfplay_games(&opts).unwrap(), games);
    let data = selfplay(
        &opts,
        &BuildFilters {
            max_ply: 8,
            ..BuildFilters::default()
        },
    )
    .unwrap();
    assert!(data.description().contains("self-play"));
    let book = Book::from_data(data, Variant::MiniPom).unwrap();
    for g in &games {
        let mut pos = g.start.clone();
        let result = g.decided().unwrap();
        for &m in g.moves.iter().take(8) {
            // Every move of a game that the mover did not lose is in the
            // book (moves with only losses are dropped).
            let lost = result_index(result, pos.side_to_move()) == Some(2);
            let has = book.probe(&pos).iter().any(|b| b.mv == m);
            assert!(has || lost, "{} missing at {}", pos.move_text(m), pos.fen());
            pos.make(m);
        }
    }
}

/// The moves a book stores for a position, legal or not (undecodable bits
/// left out).
fn entries_moves(book: &Book, pos: &Position) -> Vec<Move> {
    book.data().probe(pos.key()).iter().filter_map(|e| Move::from_raw(e.mv)).collect()
}

/// Probe speed of the shipped books: `cargo test --release -p gorgon-engine
/// book::tests::probe_benchmark -- --ignored --nocapture`.
#[test]
#[ignore]
fn probe_benchmark() {
    for variant in Variant::ALL {
        let book = default_book(variant).unwrap();
        // Positions along book lines, and as many out of the book.
        let mut positions = Vec::new();
        for seed in 0..200u64 {
            let mut pos = Position::startpos(variant);
            positions.push(pos.clone());
            while let Some(m) = book.choose(&pos, seed) {
                pos.make(m);
                positions.push(pos.clone());
            }
        }
        let n = 200_000;
        let t = std::time::Instant::now();
        let mut hits = 0usize;
        for i in 0..n {
            hits += book.probe(&positions[i % positions.len()]).len();
        }
        let probe_us = t.elapsed().as_secs_f64() * 1e6 / n as f64;
        let t = std::time::Instant::now();
        for i in 0..n {
            hits += book.data().probe(positions[i % positions.len()].key()).len();
        }
        let raw_us = t.elapsed().as_secs_f64() * 1e6 / n as f64;
        println!(
            "{}: {} entries, {} positions, {} bytes; Book::probe {probe_us:.3} us (with legality filter), BookData::probe {raw_us:.3} us ({hits} hits, {} positions probed)",
            variant.name(),
            book.data().len(),
            book.data().positions(),
            book.data().to_bytes().len(),
            positions.len()
        );
    }
}

/// `book build --selfplay N --shard I/N --games-out`: the shards' games in
/// order are the unsharded run's games, their PGN texts concatenated are
/// its PGN text, and the book built from that PGN is the self-play book
/// (the same entries; with the self-play description, the same bytes).
#[test]
fn selfplay_shards_concatenate_into_the_whole_run() {
    let mut opts = SelfPlayOptions::new(Variant::MiniPom, 5);
    opts.depth = Some(1);
    opts.threads = 2;
    opts.max_plies = 40;
    opts.varied_plies = 8;
    opts.multipv = 3;
    opts.progress = false;
    opts.hash_mb = 1;
    let whole = selfplay_games(&opts).unwrap();
    let whole_pgn = selfplay_pgn(&opts, &whole);
    let mut games = Vec::new();
    let mut pgn = String::new();
    let mut shard_opts = Vec::new();
    for i in 0..3 {
        let shard = SelfPlayOptions {
            shard: protocol::Shard::new(i, 3).unwrap(),
            threads: 1,
            ..opts.clone()
        };
        let part = selfplay_games(&shard).unwrap();
        assert_eq!(part.len(), shard.shard_games().len());
        pgn.push_str(&selfplay_pgn(&shard, &part));
        games.extend(part);
        shard_opts.push(shard);
    }
    assert_eq!(games, whole);
    assert_eq!(pgn, whole_pgn);
    // Not five copies of one game.
    assert!(whole.windows(2).any(|w| w[0].moves != w[1].moves), "{whole:?}");

    // The PGN reads back as the games, numbered 1 to 5.
    let (read, other) = pgn::read_games(&pgn, "merged.pgn", Variant::MiniPom).unwrap();
    assert_eq!((read, other), (whole.clone(), 0));
    let rounds: Vec<String> = pgn::parse(&pgn, "merged.pgn")
        .unwrap()
        .iter()
        .map(|g| g.tag("Round").unwrap_or("?").to_string())
        .collect();
    assert_eq!(rounds, ["1", "2", "3", "4", "5"]);

    let filters = BuildFilters {
        max_ply: 8,
        ..BuildFilters::default()
    };
    let book = selfplay(&opts, &filters).unwrap();
    let merged = temp_file("selfplay-merged.pgn", pgn.as_bytes());
    let from_pgn = build_from_pgn(std::slice::from_ref(&merged), Variant::MiniPom, &filters).unwrap();
    assert!(!book.entries().is_empty());
    assert_eq!(from_pgn.entries(), book.entries());
    assert_ne!(from_pgn.description(), book.description());
    let described = pgn_builder(std::slice::from_ref(&merged), Variant::MiniPom, &filters)
        .unwrap()
        .finish(&opts.describe());
    assert_eq!(described.to_bytes(), book.to_bytes());

    // A shard's book is the book of its games, and says which they are.
    let last = &shard_opts[2];
    let shard_book = selfplay(last, &filters).unwrap();
    assert!(
        shard_book.description().contains("shard 2/3: games 4-5"),
        "{}",
        shard_book.description()
    );
    let own = selfplay_builder(last, &filters, &whole[3..]).finish(&last.describe());
    assert_eq!(shard_book.to_bytes(), own.to_bytes());
    Book::from_data(shard_book, Variant::MiniPom).unwrap();
}

/// `n` seeded random games of up to `plies` plies (`GameRecord::random`).
fn random_games(variant: Variant, n: usize, plies: usize, seed: u64) -> Vec<GameRecord> {
    let mut rng = SplitMix64::new(seed);
    (0..n).map(|_| GameRecord::random(variant, plies, &mut rng)).collect()
}
