//! `gorgon-match --stats FILE.pgn...`: the summary of games already played,
//! read back from PGN files (the runner's, e.g. the files of the shards of
//! one match, docs/SHARDING.md). No engine runs; the games go through the
//! tally of a running match (`tournament::report_of_games`), so the summary
//! is the one the match would have printed: score, W/D/L, Elo ± 95 %, LOS,
//! the pentanomial of the game pairs, the endings, the faults and, with
//! `--sprt`, the LLR and the decision.
//!
//! Two engines only. The first engine (the one whose score is reported) is
//! White of the first game read, as in the runner, where the first engine
//! has White in the first game of every pair; `--first NAME` picks it
//! instead.
//!
//! Pairs: the runner numbers the games of a match in its `Round` tag
//! (1, 2, ...; a shard keeps the numbers of the whole match), and in a
//! match of two engines games `2p + 1` and `2p + 2` are the two games of
//! opening pair `p`. So when every game has a numeric `Round`, games pair
//! up by it, whatever the order of the files, and a number read twice is an
//! error (a shard given twice, or two matches mixed). Otherwise (PGN of
//! other tools) games pair up in the order read: 1 with 2, 3 with 4, ...
//! The two games of a pair must have the colours swapped. A pair with one
//! game counts in W/D/L but not in the pentanomial, as in the runner (the
//! last game of a match of an odd number of games; a partner abandoned at
//! an SPRT stop). Games without a result (`*`) are left out and counted.

use crate::ending::{GameResult, Termination};
use crate::pgn::{read_pgn, Game};
use crate::stats::Sprt;
use crate::tournament::{report_of_games, MatchReport, Scored};
use std::collections::HashMap;
use std::path::PathBuf;

/// What `--stats` asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct StatsConfig {
    /// The PGN files, read in this order.
    pub files: Vec<PathBuf>,
    /// Bounds for the LLR and the decision, as in a match.
    pub sprt: Option<Sprt>,
    /// The engine whose score is reported (default: White of the first game).
    pub first: Option<String>,
}

/// Reads the files and sums them up; an error names the file and the game.
pub fn stats_report(config: &StatsConfig) -> Result<MatchReport, String> {
    let mut texts = Vec::new();
    for path in &config.files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
        texts.push((path.display().to_string(), text));
    }
    report_of_texts(&texts, config.sprt.as_ref(), config.first.as_deref())
}

/// One game read, and where from.
struct Read<'a> {
    file: &'a str,
    /// 1-based in its file.
    number: usize,
    game: Game,
}

impl Read<'_> {
    /// `a.pgn: game 3 (A - B)`, for errors.
    fn at(&self) -> String {
        let names = match (self.game.tag("White"), self.game.tag("Black")) {
            (Some(w), Some(b)) => format!(" ({w} - {b})"),
            _ => String::new(),
        };
        format!("{}: game {}{names}", self.file, self.number)
    }

    fn round(&self) -> Option<u64> {
        self.game.tag("Round").and_then(|r| r.trim().parse().ok()).filter(|&r| r > 0)
    }
}

/// The summary of the games of the PGN texts `(file name, text)`, in order.
pub fn report_of_texts(texts: &[(String, String)], sprt: Option<&Sprt>, first: Option<&str>) -> Result<MatchReport, String> {
    let mut games = Vec::new();
    for (file, text) in texts {
        for (i, game) in read_pgn(text, file)?.into_iter().enumerate() {
            let read = Read { file, number: i + 1, game };
            if let Some(e) = &read.game.error {
                return Err(format!("{}: {e}", read.at()));
            }
            games.push(read);
        }
    }
    if games.is_empty() {
        let files: Vec<&str> = texts.iter().map(|(f, _)| f.as_str()).collect();
        return Err(format!("no games in {}", files.join(", ")));
    }

    // The two engines, the first one first.
    let mut names: Vec<String> = Vec::new();
    let mut sides = Vec::new();
    for g in &games {
        let (Some(white), Some(black)) = (g.game.tag("White"), g.game.tag("Black")) else {
            return Err(format!("{}: no White or Black tag: the games must name their engines", g.at()));
        };
        if white == black {
            return Err(format!("{}: '{white}' plays itself; name the two engines apart", g.at()));
        }
        let mut index = |name: &str| -> Result<usize, String> {
            if let Some(i) = names.iter().position(|n| n == name) {
                return Ok(i);
            }
            if names.len() == 2 {
                return Err(format!(
                    "{}: a third engine '{name}' after '{}' and '{}': --stats sums up a match of two engines",
                    g.at(),
                    names[0],
                    names[1]
                ));
            }
            names.push(name.to_string());
            Ok(names.len() - 1)
        };
        sides.push((index(white)?, index(black)?));
    }
    if let Some(first) = first {
        match names.iter().position(|n| n == first) {
            Some(0) => {}
            Some(_) => {
                names.swap(0, 1);
                for s in &mut sides {
                    *s = (1 - s.0, 1 - s.1);
                }
            }
            None => return Err(format!("--first {first}: no such engine in the games ({})", names.join(", "))),
        }
    }

    // Pairs: by Round when every game has one, else in order.
    let by_round = games.iter().all(|g| g.round().is_some());
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let mut scored = Vec::new();
    let mut unfinished = 0;
    for (k, g) in games.iter().enumerate() {
        let pair = if by_round {
            let round = g.round().unwrap_or_default();
            if let Some(&other) = seen.get(&round) {
                return Err(format!(
                    "{}: round {round} again (first read in {}): a file read twice, or games of two matches?",
                    g.at(),
                    games[other].at()
                ));
            }
            seen.insert(round, k);
            ((round - 1) / 2) as usize
        } else {
            k / 2
        };
        let result = match GameResult::from_pgn(&g.game.result) {
            Some(GameResult::Unfinished) => {
                unfinished += 1;
                continue;
            }
            Some(r) => r,
            None => return Err(format!("{}: unknown result '{}'", g.at(), g.game.result)),
        };
        scored.push((
            k,
            Scored {
                encounter: 0,
                pair,
                white: sides[k].0,
                black: sides[k].1,
                result,
                termination: g.game.tag("Termination").and_then(Termination::from_text),
            },
        ));
    }
    // In game order; the two games of a pair with the colours swapped.
    scored.sort_by_key(|(k, s)| (s.pair, games[*k].round(), *k));
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
    let scored: Vec<Scored> = scored.into_iter().map(|(_, s)| s).collect();
    let mut report = report_of_games(names, &scored, sprt);
    let files: Vec<&str> = texts.iter().map(|(f, _)| f.as_str()).collect();
    let mut scope = format!(
        "{} games from {} ({}), paired {}",
        games.len(),
        if files.len() == 1 { "1 file" } else { "files" },
        files.join(", "),
        if by_round { "by Round" } else { "in order" }
    );
    if unfinished > 0 {
        scope.push_str(&format!("; {unfinished} unfinished games left out"));
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

    /// Bad input is an error naming the file and the game, never a panic.
    #[test]
    fn bad_files_are_named() {
        let good = game(Some(1), "A", "B", "1-0", "checkmate");
        for (bad, named) in [
            (
                format!("{good}[Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n\n1. e3e9 1-0\n"),
                "f0.pgn: game 2 (B - A): move 1",
            ),
            (
                format!("{good}[Round \"2\"]\n[White \"B\"]\n[Black \"A\"]\n\n1. e3e5 {{open 1-0\n"),
                "f0.pgn:",
            ),
            (
                format!("{good}{}", game(Some(2), "C", "A", "1-0", "")),
                "f0.pgn: game 2 (C - A): a third engine 'C'",
            ),
            (format!("{good}{}", game(Some(2), "A", "A", "1-0", "")), "plays itself"),
            (
                format!("{good}{}", game(Some(1), "B", "A", "1-0", "")),
                "f0.pgn: game 2 (B - A): round 1 again (first read in f0.pgn: game 1",
            ),
            (
                format!("{good}{}", game(Some(2), "A", "B", "1-0", "")),
                "f0.pgn: game 2 (A - B): the other game of its pair",
            ),
            (
                format!("{good}[Round \"2\"]\n\n1. e3e5 1-0\n"),
                "f0.pgn: game 2: no White or Black tag",
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
        };
        assert!(stats_report(&missing).unwrap_err().contains("/nonexistent/x.pgn"));
    }
}
