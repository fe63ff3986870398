//! Annotated games: every move gets the engine's evaluation, the engine's
//! preferred move where it differs, and a glyph (`?!`, `?`, `??`) by the
//! winning chances the move gave away.
//!
//! The loss of a move is measured with the win/draw/loss model rather than
//! in centipawns: the expected score (a win 1, a draw ½) of the side to
//! move with the engine's best move, minus its expected score with the move
//! played. So a pawn thrown away in a won or a lost position costs little,
//! and the same pawn in a balanced one costs much, as a player feels it.
//! Both figures come from searches of the position before the move, at the
//! same limits: one of all moves, one of the move played alone. (Judging a
//! move by a separate search of the position after it would charge every
//! move with the difference between the two searchers' views, which at a
//! fixed depth swings with the side to move.) The move the engine itself
//! chose loses nothing.
//!
//! The output is PGN in the coordinate notation the project's PGN reader
//! reads back (`gorgon-match --stats`, `gorgon book build --pgn`): the
//! evaluation as `[%eval 0.35,12]` in White's view (the form Lichess and
//! python-chess read), the glyph as a NAG (`$6`, `$2`, `$4`), the preferred
//! line as a variation. With the book notation the preferred line and the
//! played move's book text go in the comment instead (book moves contain
//! spaces and parentheses, which PGN movetext cannot hold). The game's own
//! comments are kept, each move's before the judgement: a match runner's
//! `{+0.35/12 0.02s}` (the engine's score, depth and time, as cutechess-cli
//! writes them), `{book}`, the reason the game ended.

use super::Verdict;
use protocol::ScoreValue;
use rules::line_texts;
use rules::text::pgn::{self, PgnGame};
use rules::text::{notation, xboard};
use rules::{Color, GameRecord, Move, Position};
use std::fmt;

/// The glyphs, by the loss of expected score they start at.
pub const INACCURACY: f64 = 0.05;
pub const MISTAKE: f64 = 0.10;
pub const BLUNDER: f64 = 0.15;

/// Moves of the preferred line shown.
const LINE_PLIES: usize = 8;

/// A poor move's glyph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Glyph {
    /// `?!`, NAG 6.
    Inaccuracy,
    /// `?`, NAG 2.
    Mistake,
    /// `??`, NAG 4.
    Blunder,
}

impl Glyph {
    /// The glyph a loss of expected score earns, if any.
    pub fn of_loss(loss: f64) -> Option<Glyph> {
        if loss >= BLUNDER {
            Some(Glyph::Blunder)
        } else if loss >= MISTAKE {
            Some(Glyph::Mistake)
        } else if loss >= INACCURACY {
            Some(Glyph::Inaccuracy)
        } else {
            None
        }
    }

    pub fn nag(self) -> u8 {
        match self {
            Glyph::Inaccuracy => 6,
            Glyph::Mistake => 2,
            Glyph::Blunder => 4,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Glyph::Inaccuracy => "?!",
            Glyph::Mistake => "?",
            Glyph::Blunder => "??",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Glyph::Inaccuracy => "Inaccuracy",
            Glyph::Mistake => "Mistake",
            Glyph::Blunder => "Blunder",
        }
    }
}

/// How moves are written in comments and variations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    #[default]
    Coord,
    /// Coordinates in the movetext, the inventor's notation in comments.
    Book,
    /// XBoard's SAN, FEN and tags: the file loads into XBoard.
    Xboard,
}

impl Notation {
    /// A move in comments and variations.
    pub fn text(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Coord => pos.move_text(m),
            Notation::Book => notation::move_to_notation(pos, m),
            Notation::Xboard => xboard::san(pos, m),
        }
    }

    /// A move in the movetext (book moves do not fit there).
    fn movetext(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Xboard => xboard::san(pos, m),
            Notation::Coord | Notation::Book => pos.move_text(m),
        }
    }
}

/// Tags that say how a game is written, rewritten in the output's dialect.
const DIALECT_TAGS: [&str; 4] = ["Annotator", "FEN", "SetUp", "VariantMen"];

/// The engine's view of one position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position searched with all its moves.
    pub best: Verdict,
    /// The move played searched alone; `None` when it is the engine's own
    /// choice (or no move was played from here).
    pub played: Option<Verdict>,
}

impl Analysis {
    /// The verdict on the move played.
    pub fn of_played(&self) -> &Verdict {
        self.played.as_ref().unwrap_or(&self.best)
    }
}

/// The judgement of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// 0-based ply of the move in the game.
    pub ply: usize,
    /// The move's number (`12` of `12...`).
    pub number: u32,
    pub mover: Color,
    /// Expected score of the mover before the move (best play) and after
    /// the move played.
    pub before: f64,
    pub after: f64,
    /// `before - after`, at least 0; 0 for the engine's own choice.
    pub loss: f64,
    /// A forced mate the move let go or let in.
    pub mate: Option<MateChange>,
    /// By the loss, and at least an inaccuracy with a `mate`.
    pub glyph: Option<Glyph>,
}

/// A forced mate that came or went with a move. The expected score hardly
/// moves when a won game stays won without its mate, or a lost one gets
/// lost by force, so these are named apart (as Lichess does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateChange {
    /// The mover had a mate in `n` and the move played has none.
    Missed(i32),
    /// The move played lets the opponent mate in `n`; the best move did not.
    Allowed(i32),
}

impl MateChange {
    /// What changed, between two scores from the mover's view.
    fn between(best: ScoreValue, played: ScoreValue) -> Option<MateChange> {
        match (best, played) {
            (ScoreValue::Mate(n), ScoreValue::Mate(p)) if n > 0 && p > 0 => None,
            (ScoreValue::Mate(n), _) if n > 0 => Some(MateChange::Missed(n)),
            (ScoreValue::Mate(n), _) if n <= 0 => None,
            (_, ScoreValue::Mate(p)) if p <= 0 => Some(MateChange::Allowed(-p)),
            _ => None,
        }
    }
}

impl fmt::Display for MateChange {
    /// `Misses a mate in 3`, `Allows a mate in 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MateChange::Missed(n) => write!(f, "Misses a mate in {n}"),
            MateChange::Allowed(n) => write!(f, "Allows a mate in {n}"),
        }
    }
}

/// Judges every move of `game` from the analyses of its positions
/// (`analyses[i]` of the position before move `i`, and one of the last
/// position).
pub fn judge(game: &GameRecord, analyses: &[Analysis]) -> Vec<Judgement> {
    assert_eq!(analyses.len(), game.moves.len() + 1, "one analysis per position");
    let mut pos = game.start.clone();
    let mut out = Vec::with_capacity(game.moves.len());
    for (ply, &m) in game.moves.iter().enumerate() {
        let mover = pos.side_to_move();
        let before = analyses[ply].best.expected();
        let after = analyses[ply].of_played().expected();
        let own_choice = analyses[ply].best.best == Some(m);
        let loss = if own_choice { 0.0 } else { (before - after).max(0.0) };
        let mate = match &analyses[ply].played {
            Some(played) if !own_choice => MateChange::between(analyses[ply].best.score, played.score),
            _ => None,
        };
        let glyph = match (Glyph::of_loss(loss), mate) {
            (None, Some(_)) => Some(Glyph::Inaccuracy),
            (g, _) => g,
        };
        out.push(Judgement {
            ply,
            number: pos.fullmove_number(),
            mover,
            before,
            after,
            loss,
            mate,
            glyph,
        });
        pos.make(m);
    }
    out
}

/// A score in White's view: `0.35`, `-1.20`, `#3`, `#-2` (the `[%eval]` of
/// the annotated PGN, and the review of the browser board).
pub fn eval_text(score: ScoreValue, side: Color) -> String {
    let sign = if side == Color::White { 1 } else { -1 };
    match score {
        ScoreValue::Cp(cp) => format!("{:.2}", (sign * cp) as f64 / 100.0),
        ScoreValue::Mate(n) => format!("#{}", sign * n),
    }
}

/// `+0.35`, `#-2`: a score in White's view for prose.
fn eval_prose(score: ScoreValue, side: Color) -> String {
    let t = eval_text(score, side);
    if t.starts_with(['-', '#']) {
        t
    } else {
        format!("+{t}")
    }
}

/// Counts of glyphs and the average loss of one side's moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideReport {
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// Average loss of expected score per move, 0 to 1.
    pub average_loss: f64,
}

/// White's and Black's reports.
pub fn report(judgements: &[Judgement]) -> [SideReport; 2] {
    let mut out = [SideReport::default(), SideReport::default()];
    for j in judgements {
        let side = &mut out[(j.mover == Color::Black) as usize];
        side.moves += 1;
        side.average_loss += j.loss;
        match j.glyph {
            Some(Glyph::Inaccuracy) => side.inaccuracies += 1,
            Some(Glyph::Mistake) => side.mistakes += 1,
            Some(Glyph::Blunder) => side.blunders += 1,
            None => {}
        }
    }
    for side in &mut out {
        side.average_loss /= side.moves.max(1) as f64;
    }
    out
}

/// The annotated PGN of one game: its tags (with `Variant`, `FEN` when
/// needed, and `Annotator`; XBoard's `VariantMen` and its FEN in its
/// notation), the moves with evaluations, glyphs and preferred lines, and
/// the result.
pub fn write_pgn(
    written: &PgnGame,
    game: &GameRecord,
    analyses: &[Analysis],
    judgements: &[Judgement],
    notation: Notation,
    annotator: &str,
) -> String {
    let mut tags: Vec<(String, String)> = written
        .tags
        .iter()
        .filter(|(n, _)| !DIALECT_TAGS.iter().any(|t| n.eq_ignore_ascii_case(t)))
        .cloned()
        .collect();
    let variant = game.start.variant();
    if written.tag("Variant").is_none() {
        tags.push(("Variant".into(), variant.name().into()));
    }
    if notation == Notation::Xboard {
        // As XBoard writes its own games of an engine-defined variant.
        tags.push(("VariantMen".into(), xboard::variant_men(variant)));
        tags.push(("FEN".into(), xboard::fen(&game.start)));
        tags.push(("SetUp".into(), "1".into()));
    } else if game.start.fen() != variant.start_fen() {
        tags.push(("FEN".into(), game.start.fen()));
        tags.push(("SetUp".into(), "1".into()));
    }
    tags.push(("Annotator".into(), annotator.into()));
    let result = game.result.map_or("*".to_string(), |r| r.to_string());
    if !tags.iter().any(|(n, _)| n == "Result") {
        tags.push(("Result".into(), result.clone()));
    }
    let mut out = String::new();
    for (name, value) in &tags {
        out.push_str(&pgn::tag_pair(name, value));
    }
    out.push('\n');

    let mut movetext = pgn::Movetext::default();
    for c in &written.prelude {
        movetext.comment(c);
    }
    let mut pos = game.start.clone();
    for (ply, &m) in game.moves.iter().enumerate() {
        let j = &judgements[ply];
        let r = remarks(&pos, m, j, &analyses[ply], &analyses[ply + 1], notation);
        movetext.play(j.mover, j.number, notation.movetext(&pos, m));
        if let Some(g) = j.glyph {
            movetext.nag(g.nag());
        }
        // What the game said of the move (the engine's own score, depth
        // and time in a runner's PGN) stays, before the judgement.
        for c in written.comments.get(ply).into_iter().flatten() {
            movetext.comment(c);
        }
        let mut comment = Vec::new();
        if notation == Notation::Book {
            comment.push(notation::move_to_notation(&pos, m));
        }
        match (&r.outcome, &r.eval) {
            (Some(o), _) => comment.push(o.clone()),
            (None, Some(e)) => comment.push(format!("[%eval {e},{}]", r.depth)),
            (None, None) => {}
        }
        comment.extend(r.words.iter().cloned());
        if notation == Notation::Book && !r.line.is_empty() {
            let texts = line_texts(&pos, &r.line, |p, m| notation.text(p, m));
            comment.push(format!("Line: {}.", texts.join(", ")));
        }
        movetext.comment(&comment.join(" "));
        // The engine's line replaces the move played (up to a move that is
        // not legal, should the line hold one).
        if notation != Notation::Book && !r.line.is_empty() {
            movetext.open();
            movetext.line(&pos, &r.line, |p, m| notation.movetext(p, m));
            movetext.close();
        }
        pos.make(m);
    }
    movetext.result(&result);
    out.push_str(&movetext.text());
    out.push_str("\n\n");
    out
}

/// What annotate says of one move: the annotated PGN writes it as a
/// comment and a variation, `gorgon annotate --html` beside the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Remarks {
    /// The evaluation after the move in White's view (`0.35`, `#3`), from
    /// the search of the move played; `None` when the game ended with it.
    pub eval: Option<String>,
    /// The depth of that search.
    pub depth: u32,
    /// How the game ended with the move (`White mates.`).
    pub outcome: Option<String>,
    /// With a glyph: its name, a mate that came or went, and the engine's
    /// preferred move (`Blunder.`, `Gorgon prefers f2c5 (+0.40).`).
    pub words: Vec<String>,
    /// With a glyph: the engine's line from the position before the move.
    pub line: Vec<Move>,
}

/// The remarks on move `m` played in `pos`, from the analyses of `pos`
/// (`here`) and of the position after it (`next`).
pub fn remarks(pos: &Position, m: Move, j: &Judgement, here: &Analysis, next: &Analysis, notation: Notation) -> Remarks {
    let (before, played) = (&here.best, here.of_played());
    let (eval, outcome) = match next.best.outcome {
        Some(o) => (None, Some(format!("{o}."))),
        None => (Some(eval_text(played.score, j.mover)), None),
    };
    let mut words = Vec::new();
    // With a glyph, the engine's move and its line (the glyph implies
    // another move than the one played).
    let preferred = before.best.filter(|&b| b != m);
    let line = match (j.glyph, preferred) {
        (Some(g), Some(best)) => {
            words.push(format!("{}.", g.name()));
            if let Some(change) = j.mate {
                words.push(format!("{change}."));
            }
            words.push(format!(
                "Gorgon prefers {} ({}).",
                notation.text(pos, best),
                eval_prose(before.score, j.mover)
            ));
            before.pv[..before.pv.len().min(LINE_PLIES)].to_vec()
        }
        _ => Vec::new(),
    };
    Remarks {
        eval,
        depth: played.depth,
        outcome,
        words,
        line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{GameResult, Outcome, Variant};

    fn verdict(best: Option<Move>, wdl: [u32; 3], cp: i32) -> Verdict {
        Verdict {
            best,
            score: ScoreValue::Cp(cp),
            wdl,
            depth: 9,
            seldepth: 12,
            nodes: 1000,
            time_ms: 1,
            pv: best.into_iter().collect(),
            outcome: None,
        }
    }

    #[test]
    fn glyphs_follow_the_loss_of_expected_score() {
        assert_eq!(Glyph::of_loss(0.049), None);
        assert_eq!(Glyph::of_loss(0.05), Some(Glyph::Inaccuracy));
        assert_eq!(Glyph::of_loss(0.12), Some(Glyph::Mistake));
        assert_eq!(Glyph::of_loss(0.6), Some(Glyph::Blunder));
    }

    /// Two moves: White's is the engine's own choice; Black's throws away
    /// 20 % of its expected score and the engine preferred another move.
    fn two_moves() -> (GameRecord, Vec<Analysis>) {
        let mut pos = Position::startpos(Variant::MiniPom);
        let w = pos.legal_move_vec()[0];
        pos.make(w);
        let legal = pos.legal_move_vec();
        let (b, better_b) = (legal[0], legal[1]);
        let game = GameRecord {
            start: Position::startpos(Variant::MiniPom),
            moves: vec![w, b],
            result: Some(GameResult::WhiteWins),
        };
        let analyses = vec![
            Analysis {
                best: verdict(Some(w), [300, 500, 200], 20),
                played: None,
            },
            // Black to move: 20 % win, 50 % draw: expected 0.45; with the
            // move played 0.25.
            Analysis {
                best: verdict(Some(better_b), [200, 500, 300], -20),
                played: Some(verdict(Some(b), [100, 300, 600], -150)),
            },
            Analysis {
                best: verdict(None, [600, 300, 100], 150),
                played: None,
            },
        ];
        (game, analyses)
    }

    #[test]
    fn the_engines_choice_loses_nothing_and_a_slip_gets_its_glyph() {
        let (game, analyses) = two_moves();
        let js = judge(&game, &analyses);
        assert_eq!(js[0].loss, 0.0);
        assert_eq!(js[0].glyph, None);
        assert!((js[1].before - 0.45).abs() < 1e-9 && (js[1].after - 0.25).abs() < 1e-9);
        assert_eq!(js[1].glyph, Some(Glyph::Blunder));
        let [white, black] = report(&js);
        assert_eq!((white.moves, white.blunders), (1, 0));
        assert_eq!((black.moves, black.blunders), (1, 1));
        assert!((black.average_loss - 0.2).abs() < 1e-9);
    }

    /// A runner's comments (the engine's score, depth and time; the
    /// reason the game ended) stay beside the judgement.
    #[test]
    fn the_games_own_comments_are_kept() {
        let (game, analyses) = two_moves();
        let js = judge(&game, &analyses);
        let written = PgnGame {
            comments: vec![vec!["+0.35/12 0.02s".into()], vec!["-1.10/8 0.50s".into(), "White mates".into()]],
            prelude: vec!["before".into()],
            ..PgnGame::default()
        };
        let text = write_pgn(&written, &game, &analyses, &js, Notation::Coord, "Gorgon test");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("{before} 1. "), "{text}");
        assert!(flat.contains(" {+0.35/12 0.02s} {[%eval 0.20,9]"), "{text}");
        assert!(
            flat.contains(" $4 {-1.10/8 0.50s} {White mates} {[%eval 1.50,9] Blunder."),
            "{text}"
        );
        let back = rules::text::pgn::parse(&text, "annotated.pgn").unwrap();
        assert_eq!(back[0].comments[0][0], "+0.35/12 0.02s");
        assert_eq!(back[0].comments[1][..2], ["-1.10/8 0.50s", "White mates"]);
    }

    #[test]
    fn the_pgn_carries_evals_glyphs_and_lines_and_reads_back() {
        let (game, analyses) = two_moves();
        let js = judge(&game, &analyses);
        let written = PgnGame {
            tags: vec![("White".into(), "A".into()), ("Annotator".into(), "old".into())],
            ..PgnGame::default()
        };
        let text = write_pgn(&written, &game, &analyses, &js, Notation::Coord, "Gorgon test");
        assert!(text.contains("[Annotator \"Gorgon test\"]") && !text.contains("old"), "{text}");
        assert!(text.contains("[Variant \"minipom\"]"), "{text}");
        // White's move: Black to move after it scores -0.20, +0.20 for White.
        assert!(text.contains("[%eval 0.20,9]"), "{text}");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(" $4 {[%eval 1.50,9] Blunder. Gorgon prefers "), "{text}");
        assert!(text.contains("(1... "), "{text}");
        assert!(text.trim_end().ends_with("1-0"), "{text}");
        let games = rules::text::pgn::read_games(&text, "annotated.pgn", Variant::MiniPom).unwrap().0;
        assert_eq!(games[0].moves, game.moves);
        assert_eq!(games[0].result, Some(GameResult::WhiteWins));

        let book = write_pgn(&written, &game, &analyses, &js, Notation::Book, "Gorgon test");
        assert!(book.contains("Line: "), "{book}");
        assert!(!book.contains("(1... "), "{book}");
        assert_eq!(
            rules::text::pgn::read_games(&book, "b.pgn", Variant::MiniPom).unwrap().0[0].moves,
            game.moves
        );
    }

    #[test]
    fn a_missed_or_allowed_mate_is_named_even_when_the_game_was_decided() {
        let (game, mut analyses) = two_moves();
        // Black was lost anyway (2 % win) and the move played allows a mate
        // in 2: hardly any expected score lost, but an inaccuracy.
        analyses[1].best = verdict(analyses[1].best.best, [0, 20, 980], -900);
        analyses[1].played = Some(Verdict {
            score: ScoreValue::Mate(-2),
            ..verdict(Some(game.moves[1]), [0, 0, 1000], 0)
        });
        let js = judge(&game, &analyses);
        assert!(js[1].loss < INACCURACY);
        assert_eq!((js[1].mate, js[1].glyph), (Some(MateChange::Allowed(2)), Some(Glyph::Inaccuracy)));
        let text = write_pgn(&PgnGame::default(), &game, &analyses, &js, Notation::Coord, "G");
        assert!(text.contains("Inaccuracy. Allows a mate in 2. Gorgon prefers"), "{text}");
        // A mate in 3 let go for a still winning move.
        analyses[1].best.score = ScoreValue::Mate(3);
        analyses[1].played = Some(Verdict {
            score: ScoreValue::Cp(900),
            ..verdict(Some(game.moves[1]), [0, 20, 980], 0)
        });
        assert_eq!(judge(&game, &analyses)[1].mate, Some(MateChange::Missed(3)));
        // A slower mate is no change.
        analyses[1].played.as_mut().unwrap().score = ScoreValue::Mate(5);
        assert_eq!(judge(&game, &analyses)[1].mate, None);
    }

    #[test]
    fn a_finished_game_says_how_it_ended() {
        let (game, mut analyses) = two_moves();
        analyses[2].best.outcome = Some(Outcome::Stalemate);
        let js = judge(&game, &analyses);
        let text = write_pgn(&PgnGame::default(), &game, &analyses, &js, Notation::Coord, "G");
        assert!(text.contains("{stalemate."), "{text}");
    }
}
