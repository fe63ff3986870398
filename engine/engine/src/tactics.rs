//! A tactics set of our own (docs/TACTICS.md): positions of self-play
//! where one or two moves win, found by deep searches with both
//! evaluations, and the solver that counts how many a search finds.
//!
//! Building looks where datagen's games swung: a position whose side to
//! move stood at most [`BEFORE_MAX_CP`] on the record just before it and
//! at least the winning bound on a record a few plies after. Those
//! positions are mostly ones datagen did not keep (a capture was best),
//! so they are read from the moves between G2 records. Each candidate is
//! searched to a fixed depth with three lines, once with the nets and once
//! with the hand-written evaluation. It is kept when each search finds one
//! or two moves that win at least the bound while another line does not
//! (else the position is simply won: every move wins), and the two
//! evaluations agree on at least one such move. The answers are the moves
//! both call winning, so a second winning move is accepted where one
//! exists. A position whose first answer petrifies an enemy piece, at once
//! or with the mover's next move of its line, is marked `gaze`.

use crate::analysis::batch::Input;
use crate::analysis::{read_score_text, score_text, Analyst, SearchLimits};
use crate::datagen::{g2, stats, Version};
use crate::nnue::{NetChoice, UseNnue};
use crate::parallel;
use crate::player::{Control, Engine, Limits, Report};
use protocol::ScoreValue;
use rules::{Move, Position, SplitMix64, Variant};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::fs::File;
use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Instant;

/// A candidate's side to move stood at most this (centipawns, its own
/// view) on the last record before it: the win was not there yet.
pub const BEFORE_MAX_CP: i32 = 150;

/// How far before a candidate its "before" record may be, and how far
/// after it the record showing the win.
const BEFORE_PLIES: u32 = 2;
const AFTER_PLIES: u32 = 4;

/// Lines searched per position: one or two winning moves and a third line
/// that does not win make a puzzle.
const LINES: usize = 3;

/// How a set is built.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    pub variant: Variant,
    /// The depth of both searches of each candidate.
    pub depth: u32,
    /// When not 0 (and below `depth`), a cheaper search by the nets to
    /// this depth first: a candidate goes on only if its best line there
    /// is at least half the bound and its third line is below twice the
    /// bound (see [`promising`]).
    pub screen_depth: u32,
    /// A move wins when its line scores at least this (or mates).
    pub win_cp: i32,
    /// At most this many candidates are searched, drawn by `seed` from all
    /// those the data has.
    pub candidates: usize,
    pub seed: u64,
    /// Candidates searched at once, two single-threaded engines each.
    pub jobs: usize,
    /// Hash per engine, MB.
    pub hash_mb: usize,
    /// The nets of the first search (the second is hand-written).
    pub nets: NetChoice,
    pub progress: bool,
}

/// One position of a set: the answers and what the building searches said.
#[derive(Clone)]
pub struct Puzzle {
    pub id: String,
    pub position: Position,
    pub answers: Vec<Move>,
    pub gaze: bool,
    /// The building searches' best scores (nets, hand-written); `None` for
    /// a puzzle read from a file whose comment does not give them.
    pub scores: Option<(ScoreValue, ScoreValue)>,
}

impl Puzzle {
    /// The EPD line: the FEN, then `bm` with the answers, `id`, and a `c0`
    /// comment with the scores and `gaze` (fields the solver reads back).
    pub fn epd_line(&self, depth: u32) -> String {
        let answers: Vec<String> = self.answers.iter().map(|&m| self.position.move_text(m)).collect();
        let mut note = Vec::new();
        if let Some((nets, hand)) = self.scores {
            note.push(format!(
                "nets {}, hand-written {} at depth {depth}",
                score_text(nets),
                score_text(hand)
            ));
        }
        if self.gaze {
            note.push("gaze".to_string());
        }
        format!(
            "{} ; bm {}; id \"{}\"; c0 \"{}\"",
            self.position.fen(),
            answers.join(" "),
            self.id,
            note.join(", ")
        )
    }
}

/// What a build did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildSummary {
    /// Positions the data holds (before and between records), and the
    /// distinct candidates among them.
    pub positions: usize,
    pub candidates: usize,
    pub searched: usize,
    /// Searched but not kept: dropped by the screen (`screen_depth`);
    pub screened: usize,
    /// then the nets' search found no winning move, or
    /// too many; the same for the hand-written one; they share no answer.
    pub nets_refused: usize,
    pub hand_refused: usize,
    pub disagreed: usize,
    pub kept: usize,
    pub gaze: usize,
    pub two_answers: usize,
}

impl fmt::Display for BuildSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} positions read, {} candidates, {} searched: {} kept ({} by the gaze, {} with two answers); \
             not kept: {} by the screen, {} by the nets' search, {} by the hand-written one, \
             {} with no answer in common",
            self.positions,
            self.candidates,
            self.searched,
            self.kept,
            self.gaze,
            self.two_answers,
            self.screened,
            self.nets_refused,
            self.hand_refused,
            self.disagreed
        )
    }
}

/// The candidates of G2 inputs (`name`, reader): the positions where the
/// side to move's recorded score went from at most [`BEFORE_MAX_CP`] to at
/// least `win_cp`, as FENs, each once, in input order. Also returns how
/// many positions were looked at.
pub fn candidates<R: BufRead>(
    variant: Variant,
    inputs: impl IntoIterator<Item = (String, R)>,
    win_cp: i32,
) -> Result<(Vec<String>, usize), String> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut looked = 0;
    for (name, input) in inputs {
        let (version, input) = stats::detect(input).map_err(|e| format!("{name}: {e}"))?;
        if version != Version::G2 {
            return Err(format!(
                "{name}: a G1 file; the tactics are read from G2 games (the positions between records)"
            ));
        }
        let mut moves: Vec<(u64, u32, String)> = Vec::new();
        let mut records: BTreeMap<(u64, u32), i32> = BTreeMap::new();
        let mut other_variant = false;
        g2::for_each_move_and_record(
            input,
            |game, ply, pos, _| {
                other_variant |= pos.variant() != variant;
                moves.push((game, ply, pos.fen()));
            },
            |game, r| {
                records.insert((game, r.ply), r.score);
            },
        )
        .map_err(|e| format!("{name}: {e}"))?;
        if other_variant {
            return Err(format!("{name}: games of another variant than {}", variant.name()));
        }
        looked += moves.len();
        for (game, ply, fen) in moves {
            // Scores of records from this position's side to move's view.
            let view = |(&(_, q), &s): (&(u64, u32), &i32)| if (ply - q) % 2 == 0 { s } else { -s };
            let before = records
                .range((game, ply.saturating_sub(BEFORE_PLIES))..=(game, ply))
                .next_back()
                .map(view);
            let after = records
                .range((game, ply + 1)..=(game, ply + AFTER_PLIES))
                .find(|(&(_, q), _)| (q - ply) % 2 == 0)
                .map(|(_, &s)| s);
            if before.is_some_and(|b| b <= BEFORE_MAX_CP) && after.is_some_and(|a| a >= win_cp) && seen.insert(fen.clone()) {
                out.push(fen);
            }
        }
    }
    Ok((out, looked))
}

/// One line of a multi-line search: its first move and score.
#[derive(Clone, Debug)]
struct Line {
    pv: Vec<Move>,
    score: ScoreValue,
}

/// The lines of the last depth completed by a search of `pos` to `depth`
/// with [`LINES`] lines, best first, from a cleared engine.
fn lines(engine: &mut Engine, pos: &Position, depth: u32) -> Vec<Line> {
    engine.new_game();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut slots: Vec<Option<(u32, Line)>> = vec![None; LINES];
    let result = engine.search(pos, &limits, &Control::new(), &mut |report| {
        if let Report::Info(info) = report {
            let k = info.multipv as usize;
            if info.bound.is_none() && (1..=LINES).contains(&k) && !info.pv.is_empty() {
                slots[k - 1] = Some((
                    info.depth,
                    Line {
                        pv: info.pv,
                        score: info.score,
                    },
                ));
            }
        }
    });
    slots
        .into_iter()
        .flatten()
        .filter(|(d, _)| *d == result.depth)
        .map(|(_, line)| line)
        .collect()
}

fn wins(score: ScoreValue, win_cp: i32) -> bool {
    match score {
        ScoreValue::Cp(cp) => cp >= win_cp,
        ScoreValue::Mate(n) => n > 0,
    }
}

/// The winning first moves of `lines` when they make a puzzle: one or two,
/// and not every line.
fn winners(lines: &[Line], win_cp: i32) -> Option<Vec<Move>> {
    let won: Vec<Move> = lines.iter().filter(|l| wins(l.score, win_cp)).map(|l| l.pv[0]).collect();
    (!won.is_empty() && won.len() <= 2 && won.len() < lines.len()).then_some(won)
}

/// The screen's rule: worth the deep searches when the best line of a
/// shallow search already wins at least half the bound (a win the shallow
/// search does not see at all is rarely one the deep search finds in a few
/// more plies), and not every line wins twice the bound (a position won by
/// any move is not a puzzle, and a few plies more rarely change that).
fn promising(lines: &[Line], win_cp: i32) -> bool {
    let Some(best) = lines.first() else {
        return false;
    };
    let clearly = |l: &Line| wins(l.score, win_cp.saturating_mul(2));
    wins(best.score, win_cp / 2) && !(lines.len() == LINES && lines.iter().all(clearly))
}

/// Whether `line` petrifies a piece of the opponent of its first mover
/// with that mover's first or second move.
fn by_the_gaze(pos: &Position, line: &[Move]) -> bool {
    let them = !pos.side_to_move();
    let mut p = pos.clone();
    for (i, &m) in line.iter().take(3).enumerate() {
        let before = p.petrified(them).count_ones();
        p.make(m);
        if i % 2 == 0 && p.petrified(them).count_ones() > before {
            return true;
        }
    }
    false
}

/// Why a candidate was not kept, or the puzzle.
enum Judged {
    Kept(Box<Puzzle>),
    Screened,
    NetsRefused,
    HandRefused,
    Disagreed,
}

fn judge(engines: &mut [Engine; 2], pos: &Position, opts: &BuildOptions) -> Judged {
    if opts.screen_depth > 0 && opts.screen_depth < opts.depth {
        let shallow = lines(&mut engines[0], pos, opts.screen_depth);
        if !promising(&shallow, opts.win_cp) {
            return Judged::Screened;
        }
    }
    let by_nets = lines(&mut engines[0], pos, opts.depth);
    let Some(nets_won) = winners(&by_nets, opts.win_cp) else {
        return Judged::NetsRefused;
    };
    let by_hand = lines(&mut engines[1], pos, opts.depth);
    let Some(hand_won) = winners(&by_hand, opts.win_cp) else {
        return Judged::HandRefused;
    };
    let answers: Vec<Move> = nets_won.into_iter().filter(|m| hand_won.contains(m)).collect();
    let Some(&first) = answers.first() else {
        return Judged::Disagreed;
    };
    let line = &by_nets.iter().find(|l| l.pv[0] == first).expect("an answer is a line's move").pv;
    Judged::Kept(Box::new(Puzzle {
        id: String::new(),
        position: pos.clone(),
        gaze: by_the_gaze(pos, line),
        answers,
        scores: Some((by_nets[0].score, by_hand[0].score)),
    }))
}

/// Builds a set from the candidates (FENs): draws `opts.candidates` of
/// them by the seed, judges each, and returns the puzzles in the drawn
/// order with ids `<variant>-<n>`. With a journal, the candidates it has
/// judged are taken from it and the others are written to it as they are
/// judged.
pub fn build(
    candidates: &[String],
    opts: &BuildOptions,
    summary: &mut BuildSummary,
    mut journal: Option<&mut Journal>,
) -> Result<Vec<Puzzle>, String> {
    if opts.depth == 0 || opts.jobs == 0 || opts.candidates == 0 {
        return Err("depth, jobs and candidates must be at least 1".into());
    }
    // A seeded shuffle (Fisher-Yates), then the first ones: drawing more
    // by the same seed keeps the ones drawn before, in the same order.
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    let mut rng = SplitMix64::new(opts.seed);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    order.truncate(opts.candidates);
    summary.candidates = candidates.len();
    // The drawn candidates in order, each with its verdict when the
    // journal has one; only the others are searched.
    let mut known: Vec<Option<Judged>> = order
        .iter()
        .map(|&i| journal.as_deref_mut().and_then(|j| j.verdicts.remove(&candidates[i])))
        .collect();
    let todo: Vec<usize> = (0..order.len()).filter(|&k| known[k].is_none()).collect();
    let bar = parallel::progress_bar(todo.len(), opts.progress, "tactics", "candidates", ", {msg}");
    let mut puzzles = Vec::new();
    let mut tallied = 0;
    let mut tally = |judged: Judged, summary: &mut BuildSummary| {
        summary.searched += 1;
        match judged {
            Judged::Kept(mut p) => {
                summary.kept += 1;
                summary.gaze += p.gaze as usize;
                summary.two_answers += (p.answers.len() == 2) as usize;
                p.id = format!("{}-{}", opts.variant.name(), summary.kept);
                puzzles.push(*p);
            }
            Judged::Screened => summary.screened += 1,
            Judged::NetsRefused => summary.nets_refused += 1,
            Judged::HandRefused => summary.hand_refused += 1,
            Judged::Disagreed => summary.disagreed += 1,
        }
    };
    parallel::in_order(
        0..todo.len(),
        opts.jobs,
        || {
            [opts.nets.clone(), NetChoice::with_mode(UseNnue::Off)].map(|nets| {
                let mut engine = parallel::worker_engine(opts.hash_mb, "tactics");
                engine.set_nets(nets);
                engine.set_multipv(LINES);
                engine
            })
        },
        |engines, t| {
            let fen = &candidates[order[todo[t]]];
            let pos = Position::from_fen(opts.variant, fen).map_err(|e| format!("candidate {fen}: {e}"))?;
            Ok(judge(engines, &pos, opts))
        },
        |t, judged: Result<Judged, String>| {
            let judged = judged?;
            let k = todo[t];
            if let Some(j) = journal.as_deref_mut() {
                j.write(&candidates[order[k]], &judged, opts.depth)?;
            }
            // The journal's verdicts drawn before this one first.
            while tallied < k {
                tally(known[tallied].take().expect("judged by the journal"), summary);
                tallied += 1;
            }
            tally(judged, summary);
            tallied += 1;
            bar.set_message(format!("{} kept", summary.kept));
            bar.inc(1);
            Ok(())
        },
    )?;
    while tallied < order.len() {
        tally(known[tallied].take().expect("judged by the journal"), summary);
        tallied += 1;
    }
    bar.finish_and_clear();
    Ok(puzzles)
}

/// A build's journal (`tactics build --journal`): one line per judged
/// candidate, keyed by its FEN. A Pillars of Medusa build searches for
/// hours; with a journal it can be stopped at any time and started again
/// (in the idle time of several sessions, like datagen's shards), and a
/// build drawing more candidates by the same seed searches only the new
/// ones. The first line names what decides a verdict (variant, depths,
/// bound, nets); a journal of other settings is refused. The searches are
/// deterministic, so a build resumed by the same engine build gives the
/// set one run would have; the engine that wrote the journal is named on
/// its second line.
pub struct Journal {
    path: String,
    verdicts: HashMap<String, Judged>,
    file: File,
}

impl Journal {
    /// The settings line a journal of these options starts with.
    fn settings(opts: &BuildOptions) -> String {
        format!(
            "# gorgon tactics journal: {}, depth {}, screen {}, win {} cp, nets {}",
            opts.variant.name(),
            opts.depth,
            opts.screen_depth,
            opts.win_cp,
            opts.nets.source(opts.variant)
        )
    }

    /// Opens the journal at `path` for a build with `opts` (creating it,
    /// with `engine` named as its writer), reading the verdicts it holds.
    /// A last line cut short (the build was killed while writing it) is
    /// dropped.
    pub fn open(path: &Path, opts: &BuildOptions, engine: &str) -> Result<Journal, String> {
        let name = path.display().to_string();
        let err = |e: std::io::Error| format!("{name}: {e}");
        let settings = Self::settings(opts);
        let mut text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(err(e)),
        };
        if !text.is_empty() && !text.ends_with('\n') {
            text.truncate(text.rfind('\n').map_or(0, |i| i + 1));
            std::fs::write(path, &text).map_err(err)?;
        }
        let mut verdicts = HashMap::new();
        let mut lines = text.lines().enumerate();
        match lines.next() {
            None => {
                let header = format!("{settings}\n# written by gorgon {engine}\n");
                std::fs::write(path, header).map_err(err)?;
            }
            Some((_, first)) if first == settings => {}
            Some((_, first)) => {
                return Err(format!(
                    "{name}: a journal of other settings ({}), not of this build ({})",
                    first.trim_start_matches("# gorgon tactics journal: "),
                    settings.trim_start_matches("# gorgon tactics journal: ")
                ))
            }
        }
        for (i, line) in lines {
            if let Some(writer) = line.strip_prefix("# written by gorgon ") {
                if writer != engine {
                    log::warn!("{name}: written by gorgon {writer}, resumed by {engine}");
                }
                continue;
            }
            let (fen, judged) = Self::read_line(line, opts.variant, &format!("{name}:{}", i + 1))?;
            verdicts.insert(fen, judged);
        }
        let file = std::fs::OpenOptions::new().append(true).open(path).map_err(err)?;
        Ok(Journal {
            path: name,
            verdicts,
            file,
        })
    }

    /// The candidates the journal has judged and a build has not yet
    /// taken.
    pub fn judged(&self) -> usize {
        self.verdicts.len()
    }

    /// `<verdict> ; <FEN>`; a kept one is `kept ; ` and the puzzle's line
    /// in the set ([`Puzzle::epd_line`], read back by [`read_set`]).
    fn write(&mut self, fen: &str, judged: &Judged, depth: u32) -> Result<(), String> {
        let line = match judged {
            Judged::Kept(p) => format!("kept ; {}", p.epd_line(depth)),
            Judged::Screened => format!("screened ; {fen}"),
            Judged::NetsRefused => format!("nets-refused ; {fen}"),
            Judged::HandRefused => format!("hand-refused ; {fen}"),
            Judged::Disagreed => format!("disagreed ; {fen}"),
        };
        writeln!(self.file, "{line}")
            .and_then(|_| self.file.flush())
            .map_err(|e| format!("{}: {e}", self.path))
    }

    /// A line written by [`Journal::write`]: the candidate's FEN and its
    /// verdict. `at` names the line in errors.
    fn read_line(line: &str, variant: Variant, at: &str) -> Result<(String, Judged), String> {
        let (verdict, rest) = line.split_once(" ; ").ok_or_else(|| format!("{at}: no verdict"))?;
        let judged = match verdict {
            "screened" => Judged::Screened,
            "nets-refused" => Judged::NetsRefused,
            "hand-refused" => Judged::HandRefused,
            "disagreed" => Judged::Disagreed,
            "kept" => {
                let mut set = read_set(rest, at, variant)?;
                match (set.pop(), set.is_empty()) {
                    (Some(p), true) if p.scores.is_some() => Judged::Kept(Box::new(p)),
                    _ => return Err(format!("{at}: a kept line is one puzzle with its scores")),
                }
            }
            _ => return Err(format!("{at}: no verdict in {verdict:?}")),
        };
        let fen = match &judged {
            Judged::Kept(p) => p.position.fen(),
            _ => rest.to_string(),
        };
        Ok((fen, judged))
    }
}

/// The building searches' scores from a puzzle's comment, as
/// [`Puzzle::epd_line`] writes them (`nets +4.12, hand-written #4 at
/// depth 20`).
fn read_scores(note: &str) -> Option<(ScoreValue, ScoreValue)> {
    let (nets, rest) = note.strip_prefix("nets ")?.split_once(", hand-written ")?;
    let (hand, _) = rest.split_once(" at depth ")?;
    Some((read_score_text(nets)?, read_score_text(hand)?))
}

/// Reads a set written by [`build`] (or by hand): EPD lines with a `bm`
/// field of one or more moves; `id`, `gaze` and the building searches'
/// scores in the comment are kept.
/// `file` names the text in errors.
pub fn read_set(text: &str, file: &str, variant: Variant) -> Result<Vec<Puzzle>, String> {
    let Input::Epd(positions) = Input::epd(text, file, variant)? else {
        unreachable!("Input::epd reads EPD");
    };
    let mut out = Vec::new();
    for (position, line, comment) in positions {
        let fields: Vec<&str> = comment.as_deref().unwrap_or("").split(';').map(str::trim).collect();
        let bm = fields
            .iter()
            .find_map(|f| f.strip_prefix("bm "))
            .ok_or_else(|| format!("{file}:{line}: no bm field (the answers)"))?;
        let answers = bm
            .split_whitespace()
            .map(|t| position.parse_move(t).map_err(|e| format!("{file}:{line}: bm {t}: {e}")))
            .collect::<Result<Vec<Move>, String>>()?;
        let id = fields
            .iter()
            .find_map(|f| f.strip_prefix("id "))
            .map(|s| s.trim_matches('"').to_string())
            .unwrap_or_else(|| format!("{file}:{line}"));
        let note = fields.iter().find_map(|f| f.strip_prefix("c0 ")).map(|c| c.trim_matches('"'));
        let gaze = note.is_some_and(|c| c.contains("gaze"));
        out.push(Puzzle {
            id,
            position,
            answers,
            gaze,
            scores: note.and_then(read_scores),
        });
    }
    Ok(out)
}

/// How a set is solved.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    pub limits: SearchLimits,
    pub jobs: usize,
    pub hash_mb: usize,
    pub nets: NetChoice,
    pub progress: bool,
}

/// What a search found on one puzzle.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub best: Option<Move>,
    pub score: ScoreValue,
    pub depth: u32,
    pub solved: bool,
}

/// How many a solver found, in all and among the gaze's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveSummary {
    pub puzzles: usize,
    pub solved: usize,
    pub gaze: usize,
    pub gaze_solved: usize,
    pub nodes: u64,
    pub seconds: u64,
}

impl fmt::Display for SolveSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "solved {} of {} ({} of {} by the gaze), {} nodes",
            self.solved, self.puzzles, self.gaze_solved, self.gaze, self.nodes
        )
    }
}

/// Searches every puzzle from a cleared single-threaded engine with the
/// limits; a puzzle is solved when the best move is one of its answers.
/// `emit` gets each puzzle and its attempt in order.
pub fn solve(
    puzzles: &[Puzzle],
    opts: &SolveOptions,
    mut emit: impl FnMut(&Puzzle, &Attempt) -> Result<(), String> + Send,
) -> Result<SolveSummary, String> {
    opts.limits.check()?;
    let start = Instant::now();
    let mut summary = SolveSummary::default();
    let bar = parallel::progress_bar(puzzles.len(), opts.progress, "tactics", "puzzles", ", {msg}");
    parallel::in_order(
        0..puzzles.len(),
        opts.jobs.max(1),
        || {
            let mut engine = parallel::worker_engine(opts.hash_mb, "tactics");
            engine.set_nets(opts.nets.clone());
            Analyst::try_with_engine(engine, &opts.limits, opts.hash_mb)
        },
        |analyst, k| {
            let analyst = analyst.as_mut().map_err(|e| e.clone())?;
            let p = &puzzles[k];
            let v = analyst.verdict(&p.position);
            let solved = v.best.is_some_and(|m| p.answers.contains(&m));
            Ok((
                Attempt {
                    best: v.best,
                    score: v.score,
                    depth: v.depth,
                    solved,
                },
                v.nodes,
            ))
        },
        |k, tried: Result<(Attempt, u64), String>| {
            let (attempt, nodes) = tried?;
            let p = &puzzles[k];
            summary.puzzles += 1;
            summary.solved += attempt.solved as usize;
            summary.gaze += p.gaze as usize;
            summary.gaze_solved += (p.gaze && attempt.solved) as usize;
            summary.nodes += nodes;
            bar.set_message(format!("{} solved", summary.solved));
            bar.inc(1);
            emit(p, &attempt)
        },
    )?;
    bar.finish_and_clear();
    summary.seconds = start.elapsed().as_secs();
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small G2 file: datagen games of Mini-POM with generation 2's nets
    /// (these tests' builds and searches use them too, so the puzzles they
    /// find do not move with the embedded nets), every game with its
    /// moves.
    fn games(n: usize) -> Vec<u8> {
        let opts = crate::datagen::DatagenOptions {
            nodes: 400,
            max_plies: 120,
            seed: 7,
            format: Version::G2,
            threads: 2,
            nets: crate::nnue::generation(2),
            ..crate::datagen::DatagenOptions::new(Variant::MiniPom, n)
        };
        let mut out = Vec::new();
        crate::datagen::run(&opts, &mut out).unwrap();
        out
    }

    #[test]
    fn candidates_are_where_the_score_swung_for_the_side_to_move() {
        let data = games(8);
        let (found, looked) = candidates(Variant::MiniPom, [("g.g2".to_string(), &data[..])], 300).unwrap();
        assert!(looked > 100, "{looked}");
        assert!(!found.is_empty(), "eight games have no swing of 3 pawns");
        // Candidates are positions of the games, some of them between
        // records (datagen did not keep them), and far fewer than all.
        let mut played = HashSet::new();
        let mut kept = HashSet::new();
        g2::for_each_move_and_record(
            &data[..],
            |_, _, pos, _| {
                played.insert(pos.fen());
            },
            |_, r| {
                kept.insert(r.position.fen());
            },
        )
        .unwrap();
        assert!(found.iter().all(|f| played.contains(f)));
        assert!(found.iter().any(|f| !kept.contains(f)), "only recorded positions");
        assert!(found.len() * 10 < looked, "{} of {looked}", found.len());
        // Unique, and none of another variant accepted.
        assert_eq!(found.iter().collect::<HashSet<_>>().len(), found.len());
        let e = candidates(Variant::Pom, [("g.g2".to_string(), &data[..])], 300).unwrap_err();
        assert!(e.contains("another variant"), "{e}");
        let e = candidates(Variant::MiniPom, [("g.data".to_string(), &b"x"[..])], 300).unwrap_err();
        assert!(e.starts_with("g.data: "), "{e}");
    }

    fn line(first: &str, score: ScoreValue, pos: &Position) -> Line {
        Line {
            pv: vec![pos.parse_move(first).unwrap()],
            score,
        }
    }

    #[test]
    fn a_puzzle_has_one_or_two_winning_moves_and_a_line_that_does_not_win() {
        let pos = Position::startpos(Variant::MiniPom);
        let moves: Vec<String> = pos.legal_move_vec().iter().take(3).map(|&m| pos.move_text(m)).collect();
        let l = |i: usize, s| line(&moves[i], s, &pos);
        use ScoreValue::{Cp, Mate};
        assert_eq!(winners(&[l(0, Cp(350)), l(1, Cp(20)), l(2, Cp(0))], 300).map(|w| w.len()), Some(1));
        assert_eq!(winners(&[l(0, Mate(3)), l(1, Cp(310)), l(2, Cp(0))], 300).map(|w| w.len()), Some(2));
        // Every line wins: a won position, not a puzzle.
        assert_eq!(winners(&[l(0, Cp(900)), l(1, Cp(800)), l(2, Cp(700))], 300), None);
        assert_eq!(winners(&[l(0, Cp(900))], 300), None);
        // Nothing wins.
        assert_eq!(winners(&[l(0, Cp(299)), l(1, Mate(-2)), l(2, Cp(0))], 300), None);
    }

    #[test]
    fn the_screen_passes_a_half_seen_win_and_drops_the_hopeless_and_the_won() {
        let pos = Position::startpos(Variant::MiniPom);
        let moves: Vec<String> = pos.legal_move_vec().iter().take(3).map(|&m| pos.move_text(m)).collect();
        let l = |i: usize, s| line(&moves[i], s, &pos);
        use ScoreValue::{Cp, Mate};
        assert!(promising(&[l(0, Cp(150)), l(1, Cp(20)), l(2, Cp(0))], 300));
        assert!(promising(&[l(0, Mate(5)), l(1, Cp(700)), l(2, Cp(100))], 300));
        // Nothing near a win yet.
        assert!(!promising(&[l(0, Cp(149)), l(1, Cp(20)), l(2, Cp(0))], 300));
        assert!(!promising(&[], 300));
        // Every line wins twice over: won by any move.
        assert!(!promising(&[l(0, Mate(3)), l(1, Cp(650)), l(2, Cp(600))], 300));
        // Two legal moves, both winning: the deep search decides.
        assert!(promising(&[l(0, Cp(900)), l(1, Cp(800))], 300));
    }

    #[test]
    fn a_set_reads_back_with_its_answers_ids_and_gaze() {
        let pos = Position::startpos(Variant::MiniPom);
        let legal = pos.legal_move_vec();
        let p = Puzzle {
            id: "minipom-1".into(),
            position: pos.clone(),
            answers: vec![legal[0], legal[1]],
            gaze: true,
            scores: Some((ScoreValue::Cp(412), ScoreValue::Mate(4))),
        };
        let text = format!("# a set\n{}\n", p.epd_line(20));
        assert!(text.contains("nets +4.12, hand-written #4 at depth 20, gaze"), "{text}");
        let back = read_set(&text, "s.epd", Variant::MiniPom).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!((&back[0].id, &back[0].answers, back[0].gaze), (&p.id, &p.answers, true));
        assert_eq!(back[0].scores, p.scores);
        let e = read_set(&format!("{} ; id \"x\"\n", pos.fen()), "s.epd", Variant::MiniPom)
            .err()
            .expect("refused");
        assert_eq!(e, "s.epd:1: no bm field (the answers)");
        let e = read_set(&format!("{} ; bm z9z9\n", pos.fen()), "s.epd", Variant::MiniPom)
            .err()
            .expect("refused");
        assert!(e.starts_with("s.epd:1: bm z9z9: "), "{e}");
    }

    /// The committed sets (engine/engine/tactics/<variant>.epd) read
    /// back: every answer legal, ids distinct, and a puzzle never lists a
    /// move twice.
    #[test]
    fn the_committed_sets_read_back_with_legal_answers() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tactics");
        let mut seen = 0;
        for v in Variant::ALL {
            let path = format!("{dir}/{}.epd", v.name());
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let set = read_set(&text, &path, v).unwrap();
            assert!(set.len() >= 10, "{path}: {} puzzles", set.len());
            let ids: HashSet<&str> = set.iter().map(|p| p.id.as_str()).collect();
            assert_eq!(ids.len(), set.len(), "{path}: ids repeat");
            for p in &set {
                assert!(!p.answers.is_empty() && p.answers.len() <= 2, "{}", p.id);
                assert!(p.answers.iter().all(|&m| p.position.is_legal(m)), "{}", p.id);
                assert!(p.answers.len() < 2 || p.answers[0] != p.answers[1], "{}", p.id);
            }
            seen += 1;
        }
        assert!(seen >= 1, "no set in {dir}");
    }

    /// A built set is what its searches say: each puzzle's answers win by
    /// both evaluations at the depth, and the solver at that depth with the
    /// nets finds every one.
    #[test]
    fn a_small_build_keeps_puzzles_the_solver_finds_at_the_building_depth() {
        let data = games(24);
        let (found, _) = candidates(Variant::MiniPom, [("g.g2".to_string(), &data[..])], 300).unwrap();
        let opts = BuildOptions {
            variant: Variant::MiniPom,
            depth: 8,
            screen_depth: 0,
            win_cp: 300,
            candidates: 40,
            seed: 1,
            jobs: 2,
            hash_mb: 4,
            nets: crate::nnue::generation(2),
            progress: false,
        };
        let mut summary = BuildSummary::default();
        let set = build(&found, &opts, &mut summary, None).unwrap();
        assert_eq!(summary.searched, found.len().min(40));
        assert_eq!(
            summary.kept + summary.screened + summary.nets_refused + summary.hand_refused + summary.disagreed,
            summary.searched
        );
        assert_eq!(summary.kept, set.len());
        assert!(!set.is_empty(), "{summary}");
        for p in &set {
            assert!(!p.answers.is_empty() && p.answers.len() <= 2);
            let (nets, hand) = p.scores.unwrap();
            assert!(wins(nets, 300) && wins(hand, 300), "{}", p.epd_line(8));
        }
        let solve_opts = SolveOptions {
            limits: SearchLimits {
                depth: Some(8),
                ..SearchLimits::default()
            },
            jobs: 1,
            hash_mb: 4,
            nets: crate::nnue::generation(2),
            progress: false,
        };
        let mut seen = 0;
        let summary = solve(&set, &solve_opts, |p, a| {
            assert_eq!(a.solved, a.best.is_some_and(|m| p.answers.contains(&m)));
            seen += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!((summary.puzzles, seen), (set.len(), set.len()));
        assert!(summary.solved > 0, "{summary}");
        // With every answer replaced by a move the search does not play,
        // nothing is solved.
        let wrong: Vec<Puzzle> = set
            .iter()
            .map(|p| {
                let other = p.position.legal_move_vec().into_iter().rev().find(|m| !p.answers.contains(m));
                Puzzle {
                    answers: other.into_iter().collect(),
                    ..p.clone()
                }
            })
            .collect();
        let none = solve(&wrong, &solve_opts, |_, _| Ok(())).unwrap();
        assert!(none.solved < summary.solved, "{none} against {summary}");
        // With a screen at depth 4, every puzzle kept is one kept without it,
        // and the screen drops some candidates.
        let mut screened = BuildSummary::default();
        let opts = BuildOptions { screen_depth: 4, ..opts };
        let kept = build(&found, &opts, &mut screened, None).unwrap();
        assert!(screened.screened > 0, "{screened}");
        assert_eq!(screened.searched, found.len().min(40));
        for p in &kept {
            assert!(set.iter().any(|q| q.position.fen() == p.position.fen() && q.answers == p.answers));
        }
    }

    /// A build with a journal gives the set one without it does; stopped
    /// part way (its last line cut short) it goes on to the same set; the
    /// journal's verdicts are taken, not searched again; and a journal of
    /// other settings is refused.
    #[test]
    fn a_journal_resumes_a_build_to_the_same_set() {
        let data = games(24);
        let (found, _) = candidates(Variant::MiniPom, [("g.g2".to_string(), &data[..])], 300).unwrap();
        let opts = BuildOptions {
            variant: Variant::MiniPom,
            depth: 7,
            screen_depth: 0,
            win_cp: 300,
            candidates: 30,
            seed: 3,
            jobs: 2,
            hash_mb: 4,
            nets: crate::nnue::generation(2),
            progress: false,
        };
        let text = |set: &[Puzzle]| set.iter().map(|p| p.epd_line(7) + "\n").collect::<String>();
        let mut plain = BuildSummary::default();
        let want = text(&build(&found, &opts, &mut plain, None).unwrap());
        assert!(plain.kept > 0 && plain.kept < plain.searched, "{plain}");

        let dir = std::env::temp_dir().join(format!("gorgon-tactics-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("minipom.journal");
        let _ = std::fs::remove_file(&path);
        let run = |opts: &BuildOptions| {
            let mut journal = Journal::open(&path, opts, "test").unwrap();
            let mut summary = BuildSummary::default();
            let set = build(&found, opts, &mut summary, Some(&mut journal)).unwrap();
            (text(&set), summary)
        };
        assert_eq!(run(&opts), (want.clone(), plain.clone()));
        let full = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = full.lines().collect();
        assert_eq!(lines.len(), 2 + plain.searched, "{full}");
        assert!(lines[2..].iter().any(|l| l.starts_with("kept ")), "{full}");

        // Stopped after 12 verdicts, in the middle of the 13th line.
        let cut = lines[..14].join("\n") + "\n" + &lines[14][..lines[14].len() / 2];
        std::fs::write(&path, cut).unwrap();
        assert_eq!(Journal::open(&path, &opts, "test").unwrap().judged(), 12);
        assert_eq!(run(&opts), (want.clone(), plain.clone()));
        assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), lines.len());

        // Every candidate said to be screened: nothing is searched again.
        let forged: String = lines[..2]
            .iter()
            .map(|l| l.to_string())
            .chain(lines[2..].iter().map(|l| format!("screened ; {}", l.split(" ; ").nth(1).unwrap())))
            .map(|l| l + "\n")
            .collect();
        std::fs::write(&path, forged).unwrap();
        let (set, summary) = run(&opts);
        assert_eq!(
            (set.as_str(), summary.screened, summary.searched),
            ("", plain.searched, plain.searched)
        );

        // Other settings, or a line the journal cannot read, are refused.
        let deeper = BuildOptions { depth: 8, ..opts.clone() };
        let e = Journal::open(&path, &deeper, "test").err().expect("refused");
        assert!(
            e.contains("a journal of other settings") && e.contains("depth 7") && e.contains("depth 8"),
            "{e}"
        );
        std::fs::write(&path, format!("{}\nkept ; {} ; bm a1a2; c0 \"nets x\"\n", lines[0], found[0])).unwrap();
        let e = Journal::open(&path, &opts, "test").err().expect("refused");
        assert!(e.contains(":2"), "{e}");
        std::fs::write(&path, format!("{}\nmaybe ; {}\n", lines[0], found[0])).unwrap();
        let e = Journal::open(&path, &opts, "test").err().expect("refused");
        assert!(e.ends_with(":2: no verdict in \"maybe\""), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
