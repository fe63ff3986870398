//! `gorgon-match --stats FILE.pgn...`: the summary of games already played,
//! read back from PGN files (the runner's, e.g. the files of the shards of
//! one match or tournament, docs/SHARDING.md; or old tournaments). No
//! engine runs; the games go through the tally of a running match
//! (`report::report_of_games`), so the summary is the one the match
//! would have printed: per pairing the score, W/D/L, Elo ± 95 %, LOS and
//! the pentanomial of the game pairs; the endings, the faults and, with
//! `--sprt`, the LLR and the decision; with three or more engines the
//! rating table and the crosstable (`ratings`).
//!
//! The first engine (the one whose score a pairing's line reports) is
//! White of the first game (by `Round` when every game has one, else the
//! first read), as in the runner, where the first engine
//! has White in the first game of every pair; `--first NAME` puts that
//! engine first instead.
//!
//! Pairs, two engines: the runner numbers the games of a match in its
//! `Round` tag (1, 2, ...; a shard keeps the numbers of the whole match),
//! and in a match of two engines games `2p + 1` and `2p + 2` are the two
//! games of opening pair `p`. So when every game has a numeric `Round`,
//! games pair up by it, whatever the order of the files; otherwise (PGN of
//! other tools) in the order read: 1 with 2, 3 with 4, ... The two games
//! of a pair must have the colours swapped. Three or more engines: the
//! games of each pairing, in `Round` order (else the order read), pair up
//! two by two where the colours are swapped, as the runner plays them;
//! a game left alone is a pair of one. Pairs only make the pentanomial:
//! the ratings count games.
//!
//! A pair with one game counts in W/D/L but not in the pentanomial, as in
//! the runner. Games without a result (`*`) are left out and counted.
//!
//! Bad input: a `Round` number read twice is an error (a shard given
//! twice, or two tournaments mixed), as are games of another variant than
//! the first game's, a game that cannot be replayed, an unknown result and
//! a `--first` or `--anchor` naming no engine; each error names the file,
//! the line the game starts on and the game. Games of different `Event`s
//! are summed up, with a warning line naming the events.

use crate::ending::{GameResult, Termination};
use crate::pgn::{read_pgn, Game};
use crate::ratings::RatingOptions;
use crate::report::{report_of_games, MatchReport, Scored};
use crate::stats::Sprt;
use std::collections::HashMap;
use std::path::PathBuf;

/// What `--stats` asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct StatsConfig {
    /// The PGN files, read in this order.
    pub files: Vec<PathBuf>,
    /// Bounds for the LLR and the decision, as in a match (two engines).
    pub sprt: Option<Sprt>,
    /// The engine whose score is reported (default: White of the first game).
    pub first: Option<String>,
    /// The anchor and simulations of the rating table.
    pub ratings: RatingOptions,
    /// `--time-use`: also the table of where each engine spent its clock.
    pub time_use: bool,
}

/// Reads the files and sums them up; an error names the file and the game.
pub fn stats_report(config: &StatsConfig) -> Result<MatchReport, String> {
    let mut texts = Vec::new();
    for path in &config.files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
        texts.push((path.display().to_string(), text));
    }
    let mut report = report_of_texts(&texts, config.sprt.as_ref(), config.first.as_deref())?;
    if let Some(anchor) = &config.ratings.anchor {
        if !report.names.contains(anchor) {
            return Err(format!(
                "--anchor {anchor}: no such engine in the games ({})",
                report.names.join(", ")
            ));
        }
    }
    report.rating_options = config.ratings.clone();
    Ok(report)
}

/// One game read, and where from.
struct Read<'a> {
    file: &'a str,
    /// 1-based in its file.
    number: usize,
    game: Game,
}

impl Read<'_> {
    /// `a.pgn:12: game 3 (A - B)`, for errors: the file, the line the game
    /// starts on, its number in the file and its engines.
    fn at(&self) -> String {
        let names = match (self.game.tag("White"), self.game.tag("Black")) {
            (Some(w), Some(b)) => format!(" ({w} - {b})"),
            _ => String::new(),
        };
        format!("{}:{}: game {}{names}", self.file, self.game.line, self.number)
    }

    fn round(&self) -> Option<u64> {
        self.game.tag("Round").and_then(|r| r.trim().parse().ok()).filter(|&r| r > 0)
    }
}

/// The summary of the games of the PGN texts `(file name, text)`, in order.
pub fn report_of_texts(texts: &[(String, String)], sprt: Option<&Sprt>, first: Option<&str>) -> Result<MatchReport, String> {
    // The one true duplicate: a file (or its copy) given twice. Two runs
    // may play identical games (deterministic engines, one opening suite),
    // so a game met again is no proof; the same whole file is.
    for (i, (file, text)) in texts.iter().enumerate() {
        if let Some((other, _)) = texts[..i].iter().find(|(f, t)| f == file || t == text) {
            return Err(format!("{file}: the same games as {other}: a file given twice?"));
        }
    }
    let mut games: Vec<Read> = Vec::new();
    for (file, text) in texts {
        for (i, game) in read_pgn(text, file)?.into_iter().enumerate() {
            let read = Read { file, number: i + 1, game };
            if let Some(e) = &read.game.error {
                return Err(format!("{}: {e}", read.at()));
            }
            // One tournament is one game: another variant is another tournament.
            if let Some(g) = games.first() {
                if g.game.variant != read.game.variant {
                    return Err(format!(
                        "{}: a game of {}, after games of {} ({}): one summary is of one variant",
                        read.at(),
                        read.game.variant.name(),
                        g.game.variant.name(),
                        g.at()
                    ));
                }
            }
            games.push(read);
        }
    }
    if games.is_empty() {
        let files: Vec<&str> = texts.iter().map(|(f, _)| f.as_str()).collect();
        return Err(format!("no games in {}", files.join(", ")));
    }

    // The engines in the order met in game order (by Round when every game
    // has one, whatever the order of the files), the first one first.
    let by_round = games.iter().all(|g| g.round().is_some());
    let mut game_order: Vec<usize> = (0..games.len()).collect();
    if by_round {
        game_order.sort_by_key(|&k| (games[k].round(), k));
    }
    let mut names: Vec<String> = Vec::new();
    for &k in &game_order {
        let g = &games[k];
        for side in ["White", "Black"] {
            if let Some(name) = g.game.tag(side) {
                if !names.iter().any(|n| n == name) {
                    names.push(name.to_string());
                }
            }
        }
    }
    let mut sides = Vec::new();
    for g in &games {
        let (Some(white), Some(black)) = (g.game.tag("White"), g.game.tag("Black")) else {
            return Err(format!("{}: no White or Black tag: the games must name their engines", g.at()));
        };
        if white == black {
            return Err(format!("{}: '{white}' plays itself; name the two engines apart", g.at()));
        }
        let index = |name: &str| -> usize { names.iter().position(|n| n == name).expect("listed") };
        sides.push((index(white), index(black)));
    }
    if let Some(first) = first {
        let Some(f) = names.iter().position(|n| n == first) else {
            return Err(format!("--first {first}: no such engine in the games ({})", names.join(", ")));
        };
        // `first` to the front, the others in their order.
        let mut order: Vec<usize> = (0..names.len()).collect();
        order.remove(f);
        order.insert(0, f);
        let new_index: Vec<usize> = (0..names.len()).map(|i| order.iter().position(|&o| o == i).expect("all")).collect();
        names = order.iter().map(|&i| names[i].clone()).collect();
        for s in &mut sides {
            *s = (new_index[s.0], new_index[s.1]);
        }
    }
    let two = names.len() == 2;
    if sprt.is_some() && !two {
        return Err(format!("--sprt tests a match of two engines; these games have {}", names.len()));
    }

    // The pairings that met, `first < second`, in index order.
    let mut encounters: Vec<(usize, usize)> = sides.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
    encounters.sort_unstable();
    encounters.dedup();
    // A game's tournament: its Event within its file. Separate runs of the
    // runner each number their rounds from 1, so rounds are keyed by
    // tournament and pairs made within one (the shards of one match are
    // files of their own, each holding whole pairs). A file given twice
    // was refused above.
    let mut tournaments: Vec<(&str, &str)> = Vec::new();
    let tournament: Vec<usize> = games
        .iter()
        .map(|g| {
            let key = (g.file, g.game.tag("Event").unwrap_or(""));
            tournaments.iter().position(|t| *t == key).unwrap_or_else(|| {
                tournaments.push(key);
                tournaments.len() - 1
            })
        })
        .collect();
    let mut seen: HashMap<(usize, u64), usize> = HashMap::new();
    let mut pair_ids: HashMap<(usize, u64), usize> = HashMap::new();
    let mut scored = Vec::new();
    let mut unfinished = 0;
    for (k, g) in games.iter().enumerate() {
        if by_round {
            let round = g.round().unwrap_or_default();
            if let Some(&other) = seen.get(&(tournament[k], round)) {
                return Err(format!(
                    "{}: round {round} again (first read in {}): two runs in one file under one Event? Give each its own --event or file",
                    g.at(),
                    games[other].at()
                ));
            }
            seen.insert((tournament[k], round), k);
        }
        let result = match GameResult::from_pgn(&g.game.result) {
            Some(GameResult::Unfinished) => {
                unfinished += 1;
                continue;
            }
            Some(r) => r,
            None => return Err(format!("{}: unknown result '{}'", g.at(), g.game.result)),
        };
        let (white, black) = sides[k];
        let pair = match (two, by_round) {
            (true, true) => {
                let key = (tournament[k], (g.round().unwrap_or_default() - 1) / 2);
                let next = pair_ids.len();
                *pair_ids.entry(key).or_insert(next)
            }
            (true, false) => k / 2,
            // Set below, pairing by pairing.
            (false, _) => 0,
        };
        scored.push((
            k,
            Scored {
                encounter: encounters.binary_search(&(white.min(black), white.max(black))).expect("listed"),
                pair,
                white,
                black,
                result,
                termination: g.game.tag("Termination").and_then(Termination::from_text),
            },
        ));
    }
    // In game order.
    scored.sort_by_key(|(k, s)| (s.pair, tournament[*k], games[*k].round(), *k));
    if two {
        // The two games of a pair with the colours swapped.
        for w in scored.windows(2) {
            let ((_, a), (k, b)) = (&w[0], &w[1]);
            if a.pair == b.pair && a.white == b.white {
                return Err(format!(
                    "{}: the other game of its pair also has '{}' as White (pairs are {})",
                    games[*k].at(),
                    names[b.white],
                    if by_round {
                        "games 2p+1 and 2p+2 by Round"
                    } else {
                        "games 1-2, 3-4, ... in order"
                    }
                ));
            }
        }
    } else {
        // Per pairing, in game order: a game and the next one with the
        // colours swapped make a pair.
        let mut next_pair = 0;
        let mut open: HashMap<usize, (usize, usize)> = HashMap::new();
        for (_, s) in scored.iter_mut() {
            match open.remove(&s.encounter) {
                Some((pair, white)) if white != s.white => s.pair = pair,
                _ => {
                    s.pair = next_pair;
                    open.insert(s.encounter, (next_pair, s.white));
                    next_pair += 1;
                }
            }
        }
    }
    let scored: Vec<Scored> = scored.into_iter().map(|(_, s)| s).collect();
    let mut report = report_of_games(names, &encounters, &scored, sprt);
    let files: Vec<&str> = texts.iter().map(|(f, _)| f.as_str()).collect();
    let mut scope = format!(
        "{} games from {} ({}), paired {}",
        games.len(),
        if files.len() == 1 { "1 file" } else { "files" },
        files.join(", "),
        if two && by_round {
            "by Round"
        } else if two {
            "in order"
        } else if by_round {
            "by Round within each pairing"
        } else {
            "in order within each pairing"
        }
    );
    if unfinished > 0 {
        scope.push_str(&format!("; {unfinished} unfinished games left out"));
    }
    let mut events: Vec<(&str, usize)> = Vec::new();
    for g in &games {
        let event = g.game.tag("Event").unwrap_or("?");
        match events.iter_mut().find(|(e, _)| *e == event) {
            Some((_, count)) => *count += 1,
            None => events.push((event, 1)),
        }
    }
    if events.len() > 1 {
        let list: Vec<String> = events.iter().map(|(e, c)| format!("'{e}' {c}")).collect();
        scope.push_str(&format!(
            "\nWarning: games of {} events ({}) summed up as one tournament",
            events.len(),
            list.join(", ")
        ));
    }
    report.scope = Some(scope);
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::SprtModel;

    /// A runner-style game: tags and a short legal movetext.
    fn game(round: Option<u32>, white: &str, black: &str, result: &str, termination: &str) -> String {
        let mut s = String::from("[Event \"t\"]\n");
        if let Some(r) = round {
            s.push_str(&format!("[Round \"{r}\"]\n"));
        }
        s.push_str(&format!(
            "[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[Variant \"pom\"]\n"
        ));
        if !termination.is_empty() {
            s.push_str(&format!("[Termination \"{termination}\"]\n"));
        }
        s.push_str(&format!("\n1. e3e5 {{book}} h10h8 {{+0.10/3 0.01s}} {result}\n\n"));
        s
    }

    /// Games 1..: (White is A?, result) in round order, pairs of two.
    fn match_text(games: &[(bool, &str)]) -> String {
        games
            .iter()
            .enumerate()
            .map(|(k, &(a_white, result))| {
                let (w, b) = if a_white { ("A", "B") } else { ("B", "A") };
                game(Some(k as u32 + 1), w, b, result, "checkmate")
            })
            .collect()
    }

    fn texts(parts: &[&str]) -> Vec<(String, String)> {
        parts
            .iter()
            .enumerate()
            .map(|(i, t)| (format!("f{i}.pgn"), t.to_string()))
            .collect()
    }

    /// Known W/D/L and pentanomial: pairs (A's points) 2, 1 (win+loss),
    /// 1.5, 0.5, 1 (two draws), and a lone last game A won.
    fn known() -> String {
        match_text(&[
            (true, "1-0"),
            (false, "0-1"), // pair 0: A wins both, 2 points
            (true, "1-0"),
            (false, "1-0"), // pair 1: win, loss: 1
            (true, "1/2-1/2"),
            (false, "0-1"), // pair 2: draw, win: 1.5
            (true, "0-1"),
            (false, "1/2-1/2"), // pair 3: loss, draw: 0.5
            (true, "1/2-1/2"),
            (false, "1/2-1/2"), // pair 4: two draws: 1
            (true, "1-0"),      // pair 5, alone
        ])
    }

    #[test]
    fn known_counts() {
        let r = report_of_texts(&texts(&[&known()]), None, None).unwrap();
        assert_eq!(r.names, ["A", "B"]);
        let e = &r.encounters[0];
        assert_eq!((e.wdl.wins, e.wdl.draws, e.wdl.losses), (5, 4, 2));
        assert_eq!(e.penta.0, [0, 1, 2, 1, 1]);
        assert_eq!(r.terminations, [(Termination::Checkmate, 11)]);
        let summary = r.summary(None);
        assert!(
            summary.starts_with("11 games from 1 file (f0.pgn), paired by Round\nA vs B: 11 games +5 =4 -2 (63.6%), "),
            "{summary}"
        );
        assert!(summary.contains("Ptnml [0, 1, 2, 1, 1]"), "{summary}");
        // No process ran: no process starts.
        assert!(
            summary.contains("A: 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs\n"),
            "{summary}"
        );
    }

    /// The same games split across files in any order, or named from the
    /// other side, give the same figures.
    #[test]
    fn files_in_any_order_and_first_engine() {
        let text = known();
        let whole = report_of_texts(&texts(&[&text]), None, None).unwrap();
        let cut = text.match_indices("[Event").nth(4).unwrap().0;
        let split = report_of_texts(&texts(&[&text[cut..], &text[..cut]]), None, None).unwrap();
        assert_eq!(split.encounters, whole.encounters);
        // B as the first engine: the mirror image.
        let b = report_of_texts(&texts(&[&text]), None, Some("B")).unwrap();
        assert_eq!(b.names, ["B", "A"]);
        let e = &b.encounters[0];
        assert_eq!((e.wdl.wins, e.wdl.draws, e.wdl.losses), (2, 4, 5));
        assert_eq!(e.penta.0, [1, 1, 2, 1, 0]);
    }

    /// Without Round tags the games pair up in order.
    #[test]
    fn pairs_in_order_without_rounds() {
        let text: String = [("A", "B", "1-0"), ("B", "A", "1-0"), ("A", "B", "1/2-1/2"), ("B", "A", "0-1")]
            .iter()
            .map(|(w, b, r)| game(None, w, b, r, ""))
            .collect();
        let r = report_of_texts(&texts(&[&text]), None, None).unwrap();
        assert_eq!(r.encounters[0].penta.0, [0, 0, 1, 1, 0]);
        assert!(r.terminations.is_empty());
        assert!(r.summary(None).contains("paired in order"));
    }

    #[test]
    fn sprt_and_faults() {
        let mut text = match_text(&[(true, "1-0"), (false, "0-1"), (true, "1-0"), (false, "0-1")]);
        text.push_str(&game(Some(5), "A", "B", "0-1", "time forfeit"));
        text.push_str(&game(Some(6), "B", "A", "*", "unterminated"));
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Logistic,
        };
        let r = report_of_texts(&texts(&[&text]), Some(&sprt), None).unwrap();
        let e = &r.encounters[0];
        assert_eq!(e.penta.0, [0, 0, 0, 0, 2]);
        assert_eq!(r.faults[0].time_forfeits, 1);
        let (llr, _) = r.sprt.unwrap();
        assert!((llr - sprt.llr(&e.penta)).abs() < 1e-12);
        let summary = r.summary(Some(&sprt));
        assert!(summary.contains("; 1 unfinished games left out"), "{summary}");
        assert!(summary.contains(&format!("SPRT: LLR {llr:.2}, ")), "{summary}");
        assert!(summary.contains(", LLR "), "{summary}");
    }

    /// Two runs of the runner number their rounds from 1 each: summed from
    /// their files they give the table of one run over all their games;
    /// the same file given twice is refused.
    #[test]
    fn tournaments_with_overlapping_rounds_are_summed() {
        let run = |first: u32, results: [&str; 4]| -> String {
            let mut text = String::new();
            for (i, r) in results.iter().enumerate() {
                let (w, b) = if i % 2 == 0 { ("A", "B") } else { ("B", "A") };
                let mut g = game(Some(first + i as u32), w, b, r, "");
                if i >= 2 {
                    // Another opening for the second pair, as the runner plays.
                    g = g.replace("1. e3e5 {book}", "1. g3g5 {book}");
                }
                text.push_str(&g);
            }
            text
        };
        let one = run(1, ["1-0", "1/2-1/2", "0-1", "0-1"]);
        let two = run(1, ["1-0", "1-0", "1/2-1/2", "1-0"]);
        let both = format!("{one}{}", run(5, ["1-0", "1-0", "1/2-1/2", "1-0"]));
        let summed = report_of_texts(&[("r1.pgn".into(), one.clone()), ("r2.pgn".into(), two)], None, None).unwrap();
        let single = report_of_texts(&[("all.pgn".into(), both)], None, None).unwrap();
        assert_eq!(summed.names, single.names);
        assert_eq!(format!("{:?}", summed.encounters), format!("{:?}", single.encounters));
        let e = report_of_texts(&[("r1.pgn".into(), one.clone()), ("r1.pgn".into(), one)], None, None)
            .err()
            .unwrap();
        assert_eq!(e, "r1.pgn: the same games as r1.pgn: a file given twice?");
    }

    /// Bad input is an error naming the file and the game, never a panic.
    #[test]
    fn bad_files_are_named() {
        let good = game(Some(1), "A", "B", "1-0", "checkmate");
        for (bad, named) in [
            (
                format!("{good}[Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n\n1. e3e9 1-0\n"),
                "f0.pgn:11: game 2 (B - A): move 1",
            ),
            (
                format!("{good}[Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n\n1. e3e5 {{open 1-0\n"),
                "f0.pgn:",
            ),
            (
                format!("{good}[Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n[Variant \"minipom\"]\n\n1. e2e3 1-0\n"),
                "f0.pgn:11: game 2 (B - A): a game of minipom, after games of pom (f0.pgn:1: game 1 (A - B))",
            ),
            (format!("{good}{}", game(Some(2), "A", "A", "1-0", "")), "plays itself"),
            (
                format!("{good}{}", game(Some(1), "B", "A", "1-0", "")),
                "f0.pgn:11: game 2 (B - A): round 1 again (first read in f0.pgn:1: game 1",
            ),
            (
                format!("{good}{}", game(Some(2), "A", "B", "1-0", "")),
                "f0.pgn:11: game 2 (A - B): the other game of its pair",
            ),
            (
                format!("{good}[Round \"2\"]\n\n1. e3e5 1-0\n"),
                "f0.pgn:11: game 2: no White or Black tag",
            ),
            (
                format!("{good}[Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n[Variant \"chess\"]\n\n1. e3e5 1-0\n"),
                "unknown variant",
            ),
            (String::new(), "no games in f0.pgn"),
        ] {
            let e = report_of_texts(&texts(&[&bad]), None, None)
                .err()
                .unwrap_or_else(|| panic!("accepted: {bad}"));
            assert!(e.contains(named), "'{e}' does not name {named}");
        }
        let e = report_of_texts(&texts(&[&good]), None, Some("Z")).unwrap_err();
        assert!(e.contains("--first Z"), "{e}");
        let missing = StatsConfig {
            files: vec![PathBuf::from("/nonexistent/x.pgn")],
            sprt: None,
            first: None,
            ratings: RatingOptions::default(),
            time_use: false,
        };
        assert!(stats_report(&missing).unwrap_err().contains("/nonexistent/x.pgn"));
    }

    /// Three or more engines: any number, each pairing's line, Ordo's
    /// table and the crosstable; --first and --anchor; no SPRT.
    #[test]
    fn many_engines() {
        // A round robin of A, B, C, two games a pairing, then D joins.
        let mut text = String::new();
        let mut round = 0;
        for (w, b, r) in [
            ("A", "B", "1-0"),
            ("B", "A", "1/2-1/2"),
            ("B", "C", "1-0"),
            ("C", "B", "0-1"),
            ("C", "A", "1/2-1/2"),
            ("A", "C", "1-0"),
            ("D", "A", "0-1"),
            ("A", "D", "1/2-1/2"),
        ] {
            round += 1;
            text.push_str(&game(Some(round), w, b, r, "checkmate"));
        }
        let r = report_of_texts(&texts(&[&text]), None, None).unwrap();
        assert_eq!(r.names, ["A", "B", "C", "D"]);
        // The pairings that met, from the lower index's side.
        let lines: Vec<(usize, usize, u64, u64, u64)> = r
            .encounters
            .iter()
            .map(|e| (e.first, e.second, e.wdl.wins, e.wdl.draws, e.wdl.losses))
            .collect();
        assert_eq!(lines, [(0, 1, 1, 1, 0), (0, 2, 1, 1, 0), (0, 3, 1, 1, 0), (1, 2, 2, 0, 0)]);
        // Every pairing's two games are a pair.
        assert!(r.encounters.iter().all(|e| e.penta.pairs() == 1), "{:?}", r.encounters);
        let summary = r.summary(None);
        assert!(summary.contains("A vs D: 2 games +1 =1 -0"), "{summary}");
        assert!(summary.contains("   # PLAYER :   RATING"), "{summary}");
        assert!(summary.contains("Crosstable"), "{summary}");
        assert!(summary.contains("paired by Round within each pairing"), "{summary}");
        // A lost no game (its draws hold the pool together): first, fitted.
        let table = r.standings().unwrap();
        assert_eq!(table.players[0].name, "A");
        assert!(table.players.iter().all(|p| p.estimate == crate::ratings::Estimate::Fitted));
        // --first moves an engine to the front.
        let c = report_of_texts(&texts(&[&text]), None, Some("C")).unwrap();
        assert_eq!(c.names, ["C", "A", "B", "D"]);
        // The SPRT is a test of two engines.
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Logistic,
        };
        let e = report_of_texts(&texts(&[&text]), Some(&sprt), None).unwrap_err();
        assert!(e.contains("--sprt") && e.contains("4"), "{e}");
        // The anchor must name an engine of the games.
        let dir = std::env::temp_dir().join(format!("gorgon-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.pgn");
        std::fs::write(&path, &text).unwrap();
        let mut config = StatsConfig {
            files: vec![path.clone()],
            sprt: None,
            first: None,
            ratings: RatingOptions {
                anchor: Some("Z".into()),
                ..RatingOptions::default()
            },
            time_use: false,
        };
        let e = stats_report(&config).unwrap_err();
        assert!(e.contains("--anchor Z: no such engine in the games (A, B, C, D)"), "{e}");
        config.ratings.anchor = Some("B".into());
        let r = stats_report(&config).unwrap();
        let b = r.standings().unwrap().players.into_iter().find(|p| p.name == "B").unwrap();
        assert_eq!(b.rating, 0.0);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Pairs of three or more engines: consecutive games of a pairing
    /// with the colours swapped, whatever the order of the files.
    #[test]
    fn many_engines_pair_by_colour_swaps() {
        let mut text = String::new();
        for (k, (w, b, r)) in [
            ("A", "B", "1-0"),
            ("C", "A", "1-0"),
            ("B", "A", "1-0"),
            ("A", "C", "1-0"),
            ("A", "B", "1-0"),
            ("A", "B", "0-1"),
        ]
        .iter()
        .enumerate()
        {
            text.push_str(&game(Some(k as u32 + 1), w, b, r, ""));
        }
        let whole = report_of_texts(&texts(&[&text]), None, None).unwrap();
        // A-B: games 1+3 a pair (1 point for A), 5 and 6 both with A White:
        // alone; A-C: games 2+4 a pair.
        assert_eq!(whole.encounters[0].penta.0, [0, 0, 1, 0, 0]);
        assert_eq!(whole.encounters[0].wdl.games(), 4);
        assert_eq!(whole.encounters[1].penta.0, [0, 0, 1, 0, 0]);
        let cut = text.match_indices("[Event").nth(3).unwrap().0;
        let split = report_of_texts(&texts(&[&text[cut..], &text[..cut]]), None, None).unwrap();
        // The engines are numbered as met: compare by name.
        let named = |r: &MatchReport| {
            let mut v: Vec<_> = r
                .encounters
                .iter()
                .map(|e| (r.names[e.first].clone(), r.names[e.second].clone(), e.wdl.games(), e.penta))
                .collect();
            v.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
            v
        };
        assert_eq!(named(&split), named(&whole));
    }

    /// Games of different events are summed up with a warning.
    #[test]
    fn other_events_warn() {
        let a = game(Some(1), "A", "B", "1-0", "");
        let b = game(Some(2), "B", "A", "1-0", "").replace("[Event \"t\"]", "[Event \"other\"]");
        let r = report_of_texts(&texts(&[&a, &b]), None, None).unwrap();
        let summary = r.summary(None);
        assert!(
            summary.contains("\nWarning: games of 2 events ('t' 1, 'other' 1) summed up as one tournament\n"),
            "{summary}"
        );
        let same = report_of_texts(
            &texts(&[&a, &a.replace("\"1\"", "\"2\"").replace("\"A\"]\n[Black \"B", "\"B\"]\n[Black \"A")]),
            None,
            None,
        )
        .unwrap();
        assert!(!same.summary(None).contains("Warning"), "{}", same.summary(None));
    }
}
