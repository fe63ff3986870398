//! PGN: the pieces every writer of the project shares (`write.rs`: tag
//! pairs, comments, move numbers, movetext: [`tag_pair`], [`comment`],
//! [`MoveNumbers`], [`Movetext`]), the engine-move comment `{+0.35/12
//! 0.50s}` written and read in cutechess's form ([`EngineComment`],
//! `engine_comment.rs`) and the one PGN reader, for both dialects
//! a file may be written in:
//!
//! - Gorgon's (the match runner, self-play, `gorgon annotate`): coordinate
//!   moves (`e3e5`, `b7d8(H)`, `f1k1`) and Gorgon's FEN;
//! - XBoard's (a game saved in XBoard, docs/XBOARD.md): XBoard's letters in
//!   the FEN (`b` for a Morph in Advisor form) without a rights field, a
//!   `[VariantMen]` tag, SAN in those letters (`Mc3`, `Bxa8`, `Pge1`,
//!   `O-O`, `c11=E`) mixed with coordinate moves where XBoard's SAN cannot
//!   say the move (`a3a5`), read by [`crate::text::xboard::read_move`].
//!
//! The reader is a lexer (`lexer.rs`) and a parser over its tokens
//! ([`parse`]). The lexer takes tag pairs, move numbers, `{...}` and `;` comments,
//! `(...)` variations, nested (a `(X)` glued to a move is its
//! transformation, `b7d8(H)`), `$n` glyphs (and `!`, `?`, `!?`... marks,
//! kept as `$1` to `$6`) and a result token. Each game's dialect comes
//! from the game itself ([`PgnGame::dialect`]), so one file may mix them;
//! an error names the file, the game and the move.
//!
//! The main line is read as it always was ([`PgnGame::moves`], [`replay`],
//! [`read_games`]); the side lines ([`PgnGame::variations`]) are replayed
//! into a [`GameTree`] by [`replay_tree`], each move in the position of
//! its own branch (the move a variation replaces taken back first). Every
//! reader checks them: a side line's illegal move is an error naming it.

use crate::text::xboard;
use crate::tree::{GameTree, TreeNode};
use crate::{GameRecord, GameResult, Move};
use crate::{Position, Variant};
pub use engine_comment::{CommentScore, EngineComment};
use lexer::{Lexer, Token};
use std::fmt;
pub use write::{comment, tag_pair, MoveNumber, MoveNumbers, Movetext, LINE_WIDTH};

mod engine_comment;
mod lexer;
mod write;

/// A game as written, before replay.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Move texts with their 1-based line numbers.
    pub moves: Vec<(String, usize)>,
    /// The `{...}` comments after each move (one list per move).
    pub comments: Vec<Vec<String>>,
    /// The glyphs of each move (`$n`; the marks `!` `?` `!!` `??` `!?`
    /// `?!` as `$1` to `$6`).
    pub nags: Vec<Vec<u8>>,
    /// The `{...}` comments before the first move (XBoard puts a diagram
    /// of the start position there).
    pub prelude: Vec<String>,
    /// The side lines, in file order (a nested one after the line it
    /// branches from).
    pub variations: Vec<PgnVariation>,
    /// The result token ending the movetext, if any.
    pub result: Option<String>,
    /// The line the game starts on.
    pub line: usize,
}

/// A side line as written: the moves of a `( ... )` that replace move
/// `at` of the line it branches from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnVariation {
    /// The line it branches from: `None` for the main line, else an index
    /// into [`PgnGame::variations`].
    pub of: Option<usize>,
    /// The index of the move of that line it replaces.
    pub at: usize,
    /// The line of its `(`.
    pub line: usize,
    /// The `{...}` comments before its first move.
    pub before: Vec<String>,
    /// Move texts with their line numbers, comments and glyphs, as for the
    /// main line.
    pub moves: Vec<(String, usize)>,
    pub comments: Vec<Vec<String>>,
    pub nags: Vec<Vec<u8>>,
}

impl PgnGame {
    /// The number of moves written, side lines included: the size of the
    /// game's tree, known before anything is replayed.
    pub fn tree_moves(&self) -> usize {
        self.moves.len() + self.variations.iter().map(|v| v.moves.len()).sum::<usize>()
    }

    /// The value of a tag (names compare case-insensitively).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// `White - Black`, or the event, for error messages.
    pub fn name(&self) -> String {
        match (self.tag("White"), self.tag("Black")) {
            (Some(w), Some(b)) => format!("{w} - {b}"),
            _ => self.tag("Event").unwrap_or("?").to_string(),
        }
    }

    /// The variant the game is played in: its `Variant` tag, else the one
    /// whose XBoard pieces its `VariantMen` tag lists (XBoard has saved
    /// games without a `Variant` tag), else `default`.
    pub fn variant(&self, default: Variant) -> Variant {
        if let Some(v) = self.tag("Variant").and_then(Variant::from_name) {
            return v;
        }
        let men = self.tag("VariantMen");
        Variant::ALL
            .into_iter()
            .find(|&v| men == Some(xboard::variant_men(v).as_str()))
            .unwrap_or(default)
    }

    /// The result, from the movetext token or else the `Result` tag.
    pub fn game_result(&self) -> Option<GameResult> {
        self.result.as_deref().or(self.tag("Result")).and_then(GameResult::from_pgn)
    }
}

/// A PGN file or game that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub file: String,
    /// 1-based index of the game in the file (0: not inside a game).
    pub game: usize,
    /// `White - Black` of the game.
    pub name: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.game == 0 {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        } else {
            write!(
                f,
                "{}:{}: game {} ({}): {}",
                self.file, self.line, self.game, self.name, self.message
            )
        }
    }
}

impl std::error::Error for PgnError {}

/// How much a reader takes on: a game longer than `plies`, or a record
/// whose games hold more than `total` plies in all, is an error before
/// any move over them is replayed, so that a server (the browser board of
/// `gorgon serve`) bounds its work by its caps rather than by what it is
/// sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadLimits {
    /// Plies of one game.
    pub plies: usize,
    /// Plies of all the games of the record together.
    pub total: usize,
}

impl ReadLimits {
    /// No limit: records read from the user's own files.
    pub const NONE: ReadLimits = ReadLimits {
        plies: usize::MAX,
        total: usize::MAX,
    };

    /// The refusal of a game of `plies` plies, the record's games so far
    /// holding `total` (that game's included), if they are over the limits.
    pub fn check(&self, plies: usize, total: usize) -> Result<(), String> {
        if plies > self.plies {
            return Err(format!("{plies} plies is over the cap of {}", self.plies));
        }
        if total > self.total {
            return Err(format!("the games hold over {} plies in all, the cap", self.total));
        }
        Ok(())
    }
}

/// Splits a PGN text into games, as written (no rules involved): a state
/// machine over the [`lexer`]'s tokens. The state is the game being read
/// and the line (main or side) its next move goes to.
pub fn parse(text: &str, file: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games: Vec<PgnGame> = Vec::new();
    let mut cur = PgnGame::default();
    let fail = |line: usize, games: &Vec<PgnGame>, cur: &PgnGame, message: String| PgnError {
        file: file.to_string(),
        game: games.len() + 1,
        name: cur.name(),
        line,
        message,
    };
    // The open variations: the line each branches from, and the line of
    // its `(` (`None` in `line_of`: the main line).
    let mut open: Vec<(Option<usize>, usize)> = Vec::new();
    let mut line_of: Option<usize> = None;
    let unclosed = |open: &Vec<(Option<usize>, usize)>, games: &Vec<PgnGame>, cur: &PgnGame| {
        let start = open.last().map_or(0, |o| o.1);
        fail(start, games, cur, "unterminated variation (: ')' missing".into())
    };
    for token in Lexer::new(text) {
        let (line, token) = token.map_err(|e| fail(e.line, &games, &cur, e.message))?;
        match token {
            Token::Tag(tag) => {
                if !open.is_empty() {
                    return Err(unclosed(&open, &games, &cur));
                }
                // A tag after moves starts the next game.
                if !cur.moves.is_empty() || cur.result.is_some() {
                    games.push(std::mem::take(&mut cur));
                }
                if cur.line == 0 {
                    cur.line = line;
                }
                cur.tags.push(tag.map_err(|message| fail(line, &games, &cur, message))?);
            }
            Token::Comment(comment) => match line_of {
                None => match cur.comments.last_mut() {
                    Some(last) => last.push(comment),
                    None => cur.prelude.push(comment),
                },
                Some(v) => {
                    let v = &mut cur.variations[v];
                    match v.comments.last_mut() {
                        Some(last) => last.push(comment),
                        None => v.before.push(comment),
                    }
                }
            },
            Token::Open => {
                // A side line replaces the last move of the line it is in.
                let replaced = match line_of {
                    None => cur.moves.len(),
                    Some(v) => cur.variations[v].moves.len(),
                };
                if replaced == 0 {
                    return Err(fail(line, &games, &cur, "a variation ( before any move it could replace".into()));
                }
                cur.variations.push(PgnVariation {
                    of: line_of,
                    at: replaced - 1,
                    line,
                    ..PgnVariation::default()
                });
                open.push((line_of, line));
                line_of = Some(cur.variations.len() - 1);
            }
            Token::Close => {
                let Some((of, _)) = open.pop() else {
                    return Err(fail(line, &games, &cur, "unexpected ')'".into()));
                };
                // An empty `( )` (some programs write one) holds no move
                // and nothing branches from it: it is the last one.
                if line_of.is_some_and(|v| cur.variations[v].moves.is_empty()) {
                    cur.variations.pop();
                }
                line_of = of;
            }
            Token::Result(result) => {
                if cur.line == 0 {
                    cur.line = line;
                }
                if !open.is_empty() {
                    return Err(unclosed(&open, &games, &cur));
                }
                cur.result = Some(result.to_string());
                games.push(std::mem::take(&mut cur));
            }
            Token::Nag(nag) => {
                if cur.line == 0 {
                    cur.line = line;
                }
                // A glyph of the line's last move (an unreadable one, or
                // one before any move, says nothing: skipped).
                let nags = match line_of {
                    None => &mut cur.nags,
                    Some(v) => &mut cur.variations[v].nags,
                };
                if let (Some(nag), Some(last)) = (nag, nags.last_mut()) {
                    last.push(nag);
                }
            }
            Token::Number(_) => {
                if cur.line == 0 {
                    cur.line = line;
                }
            }
            Token::Move(text, mark) => {
                if cur.line == 0 {
                    cur.line = line;
                }
                let entry = (text.to_string(), line);
                let nags = mark.into_iter().collect();
                match line_of {
                    None => {
                        cur.moves.push(entry);
                        cur.comments.push(Vec::new());
                        cur.nags.push(nags);
                    }
                    Some(v) => {
                        let v = &mut cur.variations[v];
                        v.moves.push(entry);
                        v.comments.push(Vec::new());
                        v.nags.push(nags);
                    }
                }
            }
        }
    }
    if !open.is_empty() {
        return Err(unclosed(&open, &games, &cur));
    }
    if !cur.moves.is_empty() || !cur.tags.is_empty() {
        games.push(cur);
    }
    Ok(games)
}

/// Where the first game of a PGN text ends, for a reader that takes a
/// file one game at a time (the Python package's `read_game`): the
/// 1-based line of the token that ends it and whether that line is the
/// game's (its result token) or the next game's (a tag after the game's
/// moves), as [`parse`] splits games. `None` while the text holds no end
/// yet: the game goes on, or a comment is still open. The lexer is the
/// reader's own, so a `*` or a `[` inside a comment ends nothing; a result
/// or a tag inside an open variation ends the game too (which [`parse`]
/// then refuses), so that one bad game does not swallow the rest.
pub fn first_game_end(text: &str) -> Option<(usize, bool)> {
    let mut moves = false;
    for token in Lexer::new(text) {
        let (line, token) = token.ok()?;
        match token {
            Token::Tag(_) if moves => return Some((line, false)),
            Token::Result(_) => return Some((line, true)),
            Token::Move(..) => moves = true,
            _ => {}
        }
    }
    None
}

/// The notation a game is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Gorgon's: coordinate moves, Gorgon's FEN.
    Gorgon,
    /// XBoard's: its letters in the FEN and in SAN moves.
    Xboard,
}

impl PgnGame {
    /// The dialect of the game, from the game itself: XBoard's when it has
    /// a `VariantMen` tag (XBoard writes one for every engine-defined
    /// variant), a FEN that only XBoard's letters read, or a move that is
    /// not a coordinate move (`Mc3`, `O-O`, `c11=E`); Gorgon's otherwise.
    pub fn dialect(&self, variant: Variant) -> Dialect {
        let xboard_fen = self
            .tag("FEN")
            .is_some_and(|fen| Position::from_fen(variant, fen).is_err() && xboard::parse_fen(variant, fen).is_ok());
        let san = self.moves.iter().any(|(m, _)| m.parse::<crate::text::coord::MoveText>().is_err());
        if self.tag("VariantMen").is_some() || xboard_fen || san {
            Dialect::Xboard
        } else {
            Dialect::Gorgon
        }
    }
}

/// What became of one game of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replayed {
    Game(Box<GameRecord>),
    /// The `Variant` tag names another variant.
    OtherVariant,
}

/// Replays a game on the board of `variant`: its main line, its side
/// lines checked ([`replay_tree`]).
pub fn replay(game: &PgnGame, index: usize, file: &str, variant: Variant) -> Result<Replayed, PgnError> {
    Ok(match replay_tree(game, index, file, variant)? {
        Some(tree) => Replayed::Game(Box::new(tree.record())),
        None => Replayed::OtherVariant,
    })
}

/// Replays a game with its side lines on the board of `variant`: the main
/// line as [`replay_prefix`] reads it, and each side line's moves in the
/// position of its branch, read in the game's dialect (in XBoard's, a
/// side-line move takes its best ranked reading). Node 1.. of the tree are
/// the main line's moves, then each variation's, in file order. `Ok(None)`
/// when the `Variant` tag names another variant. The work is linear in the
/// moves written: one position, made and unmade, walks the tree.
pub fn replay_tree(game: &PgnGame, index: usize, file: &str, variant: Variant) -> Result<Option<GameTree>, PgnError> {
    let record = match replay_prefix(game, index, file, variant)? {
        Some((_, Some(e))) => return Err(e),
        Some((record, None)) => record,
        None => return Ok(None),
    };
    let dialect = game.dialect(variant);
    let mut tree = GameTree::new(record.start.clone(), record.result);
    // The written text of each node (node 0 has none), and where each line
    // starts: line 0 the main one, line v + 1 the variation v.
    let mut written: Vec<(&str, usize)> = Vec::with_capacity(game.tree_moves() + 1);
    written.push(("", game.line));
    let mut first = Vec::with_capacity(game.variations.len() + 1);
    let mut branch = Vec::with_capacity(game.variations.len() + 1);
    tree.nodes[0].comments = game.prelude.clone();
    let lines = std::iter::once((None, &game.moves, &game.comments, &game.nags, &[][..])).chain(
        game.variations
            .iter()
            .map(|v| (Some(v), &v.moves, &v.comments, &v.nags, &v.before[..])),
    );
    for (variation, moves, comments, nags, before) in lines {
        // The node the line's first move is played from.
        let from = match variation {
            None => 0,
            Some(v) => {
                let of = v.of.map_or(0, |o| o + 1);
                if v.at == 0 {
                    branch[of]
                } else {
                    first[of] + v.at - 1
                }
            }
        };
        first.push(tree.nodes.len());
        branch.push(from);
        let mut parent = from;
        for (i, (text, line)) in moves.iter().enumerate() {
            // The move is read below, in its position.
            let node = tree.nodes.len();
            tree.nodes.push(TreeNode {
                mv: None,
                parent,
                children: Vec::new(),
                comments: comments.get(i).cloned().unwrap_or_default(),
                before: if i == 0 { before.to_vec() } else { Vec::new() },
                nags: nags.get(i).cloned().unwrap_or_default(),
            });
            tree.nodes[parent].children.push(node);
            parent = node;
            written.push((text.as_str(), *line));
        }
    }
    // The main line's moves as read; the side lines' in their positions,
    // depth first, one position made and unmade.
    for (i, &m) in record.moves.iter().enumerate() {
        tree.nodes[i + 1].mv = Some(m);
    }
    let mut pos = record.start.clone();
    let mut made = 0;
    let mut depth = vec![0usize; tree.nodes.len()];
    let mut stack: Vec<usize> = tree.nodes[0].children.iter().rev().copied().collect();
    while let Some(n) = stack.pop() {
        // Depth first: the moves made are the path to `n`'s parent once
        // those below it are taken back.
        depth[n] = depth[tree.nodes[n].parent] + 1;
        while made >= depth[n] {
            pos.unmake();
            made -= 1;
        }
        let m = match tree.nodes[n].mv {
            Some(m) => m,
            None => {
                let (text, line) = written[n];
                side_line_move(&pos, text, dialect).map_err(|reason| PgnError {
                    file: file.to_string(),
                    game: index,
                    name: game.name(),
                    line,
                    message: format!("in a variation, {}: {reason}", move_label(&pos, text, depth[n] - 1)),
                })?
            }
        };
        tree.nodes[n].mv = Some(m);
        pos.make(m);
        made += 1;
        stack.extend(tree.nodes[n].children.iter().rev());
    }
    Ok(Some(tree))
}

/// A side line's move in `pos`, read in the game's dialect.
fn side_line_move(pos: &Position, text: &str, dialect: Dialect) -> Result<Move, String> {
    match dialect {
        Dialect::Gorgon => pos.parse_move(text).map_err(|e| e.reason),
        Dialect::Xboard => {
            let mut readings = xboard::read_move(pos, text)?;
            readings.sort_by_key(|r| r.rank);
            match readings.as_slice() {
                [] => Err("no legal move".into()),
                [a, b, ..] if a.rank == b.rank => Err(format!(
                    "names several legal moves ({} and {})",
                    pos.move_text(a.mv),
                    pos.move_text(b.mv)
                )),
                [best, ..] => Ok(best.mv),
            }
        }
    }
}

/// Replays a game on the board of `variant` as far as it goes: the record
/// of the moves up to the first one that cannot be read, and that move's
/// error. `Ok(None)` when the `Variant` tag names another variant; an
/// error for an unknown variant or a bad FEN.
pub fn replay_prefix(
    game: &PgnGame,
    index: usize,
    file: &str,
    variant: Variant,
) -> Result<Option<(GameRecord, Option<PgnError>)>, PgnError> {
    let fail = |line: usize, message: String| PgnError {
        file: file.to_string(),
        game: index,
        name: game.name(),
        line,
        message,
    };
    if let Some(name) = game.tag("Variant") {
        match Variant::from_name(name) {
            Some(v) if v == variant => {}
            Some(_) => return Ok(None),
            None => return Err(fail(game.line, format!("unknown variant '{name}'"))),
        }
    }
    let dialect = game.dialect(variant);
    let start = match (game.tag("FEN"), dialect) {
        (None, _) => Position::startpos(variant),
        (Some(fen), Dialect::Gorgon) => Position::from_fen(variant, fen).map_err(|e| fail(game.line, format!("bad FEN '{fen}': {e}")))?,
        // XBoard's letters, or Gorgon's FEN in a game of XBoard's moves.
        (Some(fen), Dialect::Xboard) => xboard::parse_fen(variant, fen)
            .or_else(|e| Position::from_fen(variant, fen).map_err(|_| e))
            .map_err(|e| fail(game.line, format!("bad FEN '{fen}': {e}")))?,
    };
    let (moves, error) = match dialect {
        Dialect::Gorgon => read_coordinates(&start, game),
        Dialect::Xboard => read_xboard(&start, game),
    };
    let record = GameRecord {
        start,
        moves,
        result: game.game_result(),
    };
    Ok(Some((record, error.map(|(line, message)| fail(line, message)))))
}

/// `12.` or `12...` and the text of the move played from `pos`.
fn move_label(pos: &Position, text: &str, ply: usize) -> String {
    format!("move {} {text} (ply {})", MoveNumber::of(pos), ply + 1)
}

/// A move's line and error message.
type MoveFailure = (usize, String);

/// Gorgon's dialect: each move is the one legal move its coordinates name.
fn read_coordinates(start: &Position, game: &PgnGame) -> (Vec<Move>, Option<MoveFailure>) {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(game.moves.len());
    for (i, (text, line)) in game.moves.iter().enumerate() {
        match pos.parse_move(text) {
            Ok(m) => {
                pos.make(m);
                moves.push(m);
            }
            Err(e) => return (moves, Some((*line, format!("{}: {}", move_label(&pos, text, i), e.reason)))),
        }
    }
    (moves, None)
}

/// One reading of one move, in the tree of the readings taken so far:
/// the lines kept share their past, so a move read once costs the same
/// however long the game already is.
struct Node {
    /// The reading of the move before; `None` for the first move.
    parent: Option<usize>,
    mv: Move,
}

/// One way of reading an XBoard game so far: the position it reaches, its
/// last reading in the tree, and its order among the lines kept (by the
/// ranks of its readings, first move first; lines of equal ranks share
/// their order).
struct Line {
    pos: Position,
    node: Option<usize>,
    order: usize,
}

/// The moves of a line, from the tree.
fn moves_of(nodes: &[Node], mut node: Option<usize>) -> Vec<Move> {
    let mut moves = Vec::new();
    while let Some(n) = node {
        moves.push(nodes[n].mv);
        node = nodes[n].parent;
    }
    moves.reverse();
    moves
}

/// Readings of an XBoard game kept at once. XBoard drops a transformation
/// from its SAN, so each Morph capture keeps its readings until a later
/// move of the piece (or the end) settles it; they rarely last, and lines
/// that reach the same position merge.
const MAX_LINES: usize = 64;

/// XBoard's dialect: every move is read with all its meanings
/// ([`xboard::read_move`]), the lines the rest of the game allows are kept,
/// and at the end the best ranked one is taken: at each move the reading
/// XBoard itself would give, unless a later move rules it out. Two lines
/// of the same ranks at the end mean a move names several legal moves.
/// Linear in the game's length: a line's position is copied only where a
/// move has several readings, and its moves are read back from the tree
/// once, at the end.
fn read_xboard(start: &Position, game: &PgnGame) -> (Vec<Move>, Option<MoveFailure>) {
    let mut nodes: Vec<Node> = Vec::with_capacity(game.moves.len());
    let mut lines = vec![Line {
        pos: start.clone(),
        node: None,
        order: 0,
    }];
    for (i, (text, line)) in game.moves.iter().enumerate() {
        let readings: Vec<_> = lines.iter().map(|l| xboard::read_move(&l.pos, text)).collect();
        let first_error = lines
            .iter()
            .zip(&readings)
            .find_map(|(l, r)| r.as_ref().err().map(|e| (*line, format!("{}: {e}", move_label(&l.pos, text, i)))));
        if readings.iter().all(|r| r.as_ref().map_or(true, Vec::is_empty)) {
            return (moves_of(&nodes, lines[0].node), first_error);
        }
        // Each line's readings, keyed by the line's order then the
        // reading's rank: the order of the lines' whole ranks.
        let mut next: Vec<((usize, u8), Line)> = Vec::with_capacity(lines.len());
        for (l, r) in lines.into_iter().zip(readings) {
            let Ok(rs) = r else { continue };
            let last = rs.len().saturating_sub(1);
            let mut pos = Some(l.pos);
            for (j, r) in rs.into_iter().enumerate() {
                let taken = if j == last { pos.take() } else { pos.clone() };
                let Some(mut p) = taken else { continue };
                p.make(r.mv);
                nodes.push(Node { parent: l.node, mv: r.mv });
                let line = Line {
                    pos: p,
                    node: Some(nodes.len() - 1),
                    order: 0,
                };
                next.push(((l.order, r.rank), line));
            }
        }
        // Best ranked first (a stable sort: ties keep the order read); of
        // lines reaching the same position, the best.
        next.sort_by_key(|(key, _)| *key);
        let mut kept: Vec<Line> = Vec::with_capacity(next.len());
        let mut previous = None;
        let mut order = 0;
        for (key, mut l) in next {
            if previous.is_some_and(|p| p != key) {
                order += 1;
            }
            previous = Some(key);
            l.order = order;
            match kept.iter().find(|k| k.pos.key() == l.pos.key()) {
                Some(k) if k.order == l.order => {
                    let (a, b) = (moves_of(&nodes, k.node), moves_of(&nodes, l.node));
                    let message = several(start, game, &a, &b);
                    return (a, Some((*line, message)));
                }
                Some(_) => {}
                None => kept.push(l),
            }
        }
        kept.truncate(MAX_LINES);
        lines = kept;
    }
    if let [best, second, ..] = lines.as_slice() {
        if best.order == second.order {
            let (a, b) = (moves_of(&nodes, best.node), moves_of(&nodes, second.node));
            let ply = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(0);
            let line = game.moves.get(ply).map_or(game.line, |m| m.1);
            let message = several(start, game, &a, &b);
            return (a, Some((line, message)));
        }
    }
    (moves_of(&nodes, lines[0].node), None)
}

/// The error of a move two equally ranked lines read differently.
fn several(start: &Position, game: &PgnGame, a: &[Move], b: &[Move]) -> String {
    let ply = a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(0);
    let mut pos = start.clone();
    for &m in &a[..ply] {
        pos.make(m);
    }
    let text = game.moves.get(ply).map_or("", |m| m.0.as_str());
    format!(
        "{}: names several legal moves ({} and {}), and the rest of the game does not tell them apart",
        move_label(&pos, text, ply),
        pos.move_text(a[ply]),
        pos.move_text(b[ply])
    )
}

/// The error of a game over `limits`, naming the game; `total` counts the
/// plies of the games so far.
fn check_limits(game: &PgnGame, index: usize, file: &str, limits: ReadLimits, total: &mut usize) -> Result<(), PgnError> {
    // Side lines included: they are replayed too.
    let plies = game.tree_moves();
    *total = total.saturating_add(plies);
    limits.check(plies, *total).map_err(|message| PgnError {
        file: file.to_string(),
        game: index,
        name: game.name(),
        line: game.line,
        message,
    })
}

/// A game read and replayed, with what it was read from: the form an
/// importer (the browser board's JSON endpoint, the Python package) hands
/// on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    /// The game as written: tags, move texts, comments.
    pub written: PgnGame,
    pub dialect: Dialect,
    /// The main line.
    pub record: GameRecord,
    /// The game with its side lines (node 1.. the main line's moves).
    pub tree: GameTree,
}

/// Every game of a PGN text, each replayed on the board its own `Variant`
/// tag names (`variant` when it has none), in the dialect it is written
/// in. The first game that cannot be read is the error.
pub fn read(text: &str, file: &str, variant: Variant) -> Result<Vec<ReadGame>, PgnError> {
    read_within(text, file, variant, ReadLimits::NONE)
}

/// [`read`] within `limits`: a game over them is an error before any of
/// its moves is replayed.
pub fn read_within(text: &str, file: &str, variant: Variant, limits: ReadLimits) -> Result<Vec<ReadGame>, PgnError> {
    let mut out = Vec::new();
    let mut total = 0;
    for (i, written) in parse(text, file)?.into_iter().enumerate() {
        check_limits(&written, i + 1, file, limits, &mut total)?;
        let v = written.variant(variant);
        // The game's own variant is used, so only an unknown one is `None`.
        if let Some(tree) = replay_tree(&written, i + 1, file, v)? {
            out.push(ReadGame {
                dialect: written.dialect(v),
                written,
                record: tree.record(),
                tree,
            });
        }
    }
    Ok(out)
}

/// Every game of a PGN text replayed; games of another variant are left
/// out and counted.
pub fn read_games(text: &str, file: &str, variant: Variant) -> Result<(Vec<GameRecord>, usize), PgnError> {
    read_games_within(text, file, variant, ReadLimits::NONE)
}

/// [`read_games`] within `limits`: a game over them is an error before
/// any of its moves is replayed.
pub fn read_games_within(text: &str, file: &str, variant: Variant, limits: ReadLimits) -> Result<(Vec<GameRecord>, usize), PgnError> {
    let mut out = Vec::new();
    let mut other = 0;
    let mut total = 0;
    for (i, game) in parse(text, file)?.iter().enumerate() {
        check_limits(game, i + 1, file, limits, &mut total)?;
        match replay(game, i + 1, file, variant)? {
            Replayed::Game(g) => out.push(*g),
            Replayed::OtherVariant => other += 1,
        }
    }
    Ok((out, other))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game ends at its result or at the next game's tags, never inside
    /// a comment, and a text without an end yet says so.
    #[test]
    fn the_first_games_end_is_found_by_the_readers_lexer() {
        assert_eq!(
            first_game_end("[Event \"x\"]\n\n1. e3e5 {1-0 * [a \"b\"]}\nh10h8 1-0\n[Event \"y\"]\n"),
            Some((4, true))
        );
        assert_eq!(
            first_game_end("[Event \"x\"]\n1. e3e5\n\n[Event \"y\"]\n1. e3e5 *\n"),
            Some((4, false))
        );
        assert_eq!(first_game_end("[Event \"x\"]\n[Site \"y\"]\n1. e3e5 {not over *\n"), None);
        assert_eq!(first_game_end("1. e3e5 (1. e3e4 *\n"), Some((1, true)));
        assert_eq!(first_game_end(""), None);
    }

    /// XBoard's SAN of Horses going back and forth, `plies` long.
    fn horses(plies: usize) -> String {
        let mut text = String::from("[Variant \"pom\"]\n\n");
        for n in 0..plies.div_ceil(2) {
            let (white, black) = if n % 2 == 0 { ("Ha3", "Ha9") } else { ("Hb1", "Hb11") };
            text.push_str(&format!("{}. {white} {black}\n", n + 1));
        }
        text
    }

    /// Reading an XBoard game costs the same per move however long the
    /// game is (a long game took minutes when each move copied the
    /// position and its history), and a game over the limits is refused
    /// before it is replayed.
    #[test]
    fn xboard_games_read_in_linear_time_within_limits() {
        let text = horses(30_000);
        let t = std::time::Instant::now();
        let (games, _) = read_games(&text, "h.pgn", Variant::Pom).unwrap_or_else(|e| panic!("{e}"));
        let took = t.elapsed();
        assert_eq!(games[0].moves.len(), 30_000);
        // About a tenth of a second on an idle machine; the quadratic
        // reader took over a minute.
        assert!(took < std::time::Duration::from_secs(10), "{took:?}");
        let limits = ReadLimits { plies: 2000, total: 4000 };
        let t = std::time::Instant::now();
        let e = read_games_within(&text, "h.pgn", Variant::Pom, limits).unwrap_err();
        assert_eq!(e.to_string(), "h.pgn:1: game 1 (?): 30000 plies is over the cap of 2000");
        assert!(read_within(&text, "h.pgn", Variant::Pom, limits).is_err());
        assert!(t.elapsed() < std::time::Duration::from_secs(2), "{:?}", t.elapsed());
        let short = horses(2000);
        assert_eq!(
            read_games_within(&short, "h.pgn", Variant::Pom, limits).unwrap().0[0].moves.len(),
            2000
        );
        assert_eq!(
            read_within(&short, "h.pgn", Variant::Pom, limits).unwrap()[0].record.moves.len(),
            2000
        );
        let three = format!("{short}*\n{short}*\n{short}*\n");
        let e = read_games_within(&three, "h.pgn", Variant::Pom, limits).unwrap_err();
        assert_eq!(e.game, 3, "{e}");
        assert!(e.message.contains("over 4000 plies in all"), "{e}");
        assert_eq!(read_games(&three, "h.pgn", Variant::Pom).unwrap().0.len(), 3);
    }
}

#[cfg(test)]
mod variation_tests {
    use super::*;

    const MAIN: &str = "[Variant \"pom\"]\n1. e3e5 {a} h10h8 2. f2c5 g9g7 3. e2c3 1-0\n";
    const WITH_LINES: &str = "[Variant \"pom\"]
1. e3e5 {a} (1. e3e4 {why not} h10h8 (1... g9g7 $2 2. e4e5) 2. f2c5) (1. g3g5!?) h10h8
2. f2c5 ({first} 2. e2c3 g9g7 (2... d10d8)) g9g7 ; a rest-of-line comment (2... x9x9
3. e2c3 $1 {b} 1-0
";

    fn tree(text: &str) -> GameTree {
        let games = parse(text, "t.pgn").unwrap();
        replay_tree(&games[0], 1, "t.pgn", Variant::Pom).unwrap().unwrap()
    }

    /// The movetext of a tree, in coordinates.
    fn tree_text(t: &GameTree) -> String {
        let mut m = Movetext::default();
        m.tree(t, |p, m| p.move_text(m));
        m.text()
    }

    fn texts(tree: &GameTree, nodes: &[usize]) -> Vec<String> {
        let g = tree.start.geometry();
        nodes.iter().map(|&n| tree.nodes[n].mv.unwrap().text(g)).collect()
    }

    /// Every reader of the main line (the lexer's moves and comments,
    /// `read_games`, `read`) gives the same game with side lines as
    /// without.
    #[test]
    fn side_lines_leave_the_main_line_as_it_was() {
        let (plain, with) = (parse(MAIN, "t").unwrap(), parse(WITH_LINES, "t").unwrap());
        assert_eq!(
            plain[0].moves.iter().map(|m| &m.0).collect::<Vec<_>>(),
            with[0].moves.iter().map(|m| &m.0).collect::<Vec<_>>()
        );
        assert_eq!(
            with[0].comments,
            [vec!["a".to_string()], vec![], vec![], vec![], vec!["b".to_string()]]
        );
        assert_eq!(with[0].result.as_deref(), Some("1-0"));
        assert_eq!(
            read_games(MAIN, "t", Variant::Pom).unwrap(),
            read_games(WITH_LINES, "t", Variant::Pom).unwrap()
        );
        let (a, b) = (read(MAIN, "t", Variant::Pom).unwrap(), read(WITH_LINES, "t", Variant::Pom).unwrap());
        assert_eq!(a[0].record, b[0].record);
        assert!(!a[0].tree.has_variations() && b[0].tree.has_variations());
        assert_eq!(b[0].tree.main_line(), b[0].record.moves);
    }

    /// The side lines as a tree: nested, in their branch positions, with
    /// comments before and after, glyphs and marks.
    #[test]
    fn side_lines_are_read_into_the_tree() {
        let t = tree(WITH_LINES);
        assert_eq!(t.moves(), 5 + 9);
        assert_eq!(texts(&t, &t.nodes[0].children), ["e3e5", "e3e4", "g3g5"]);
        let e3e4 = t.nodes[0].children[1];
        assert_eq!(t.nodes[e3e4].comments, ["why not"]);
        let h10h8 = t.nodes[e3e4].children[0];
        assert_eq!(texts(&t, &t.nodes[h10h8].children), ["f2c5"]);
        // `(1... g9g7 $2 2. e4e5)` replaces the h10h8 after e3e4.
        assert_eq!(texts(&t, &t.nodes[e3e4].children), ["h10h8", "g9g7"]);
        let g9g7 = t.nodes[e3e4].children[1];
        assert_eq!(t.nodes[g9g7].nags, [2]);
        assert_eq!(texts(&t, &t.nodes[g9g7].children), ["e4e5"]);
        let g3g5 = t.nodes[0].children[2];
        assert_eq!(t.nodes[g3g5].nags, [5], "!? is $5");
        // After 1. e3e5 h10h8: 2. f2c5 (2. e2c3 g9g7 (2... d10d8)).
        let main: Vec<usize> = (1..=5).collect();
        assert_eq!(texts(&t, &main), ["e3e5", "h10h8", "f2c5", "g9g7", "e2c3"]);
        assert_eq!(texts(&t, &t.nodes[2].children), ["f2c5", "e2c3"]);
        let e2c3 = t.nodes[2].children[1];
        assert_eq!(t.nodes[e2c3].before, ["first"]);
        assert_eq!(texts(&t, &t.nodes[e2c3].children), ["g9g7", "d10d8"]);
        assert_eq!(t.nodes[5].nags, [1]);
        assert_eq!(t.nodes[5].comments, ["b"]);
        assert_eq!(t.result, Some(GameResult::WhiteWins));
    }

    /// The move a side line replaces is taken back first: `(1. e3e4)` is
    /// legal only without 1. e3e5, and `(2. e3e4)` is not (the Sword left
    /// e3); the error names the side line's move.
    #[test]
    fn a_side_line_move_is_legal_in_its_own_branch_or_named() {
        let ok = "1. e3e5 (1. e3e4) h10h8 *";
        assert_eq!(tree(ok).moves(), 3);
        let bad = "[Variant \"pom\"]\n1. e3e5 h10h8\n2. f2c5 (2. e3e4) *";
        let games = parse(bad, "t.pgn").unwrap();
        let e = replay_tree(&games[0], 1, "t.pgn", Variant::Pom).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.starts_with("in a variation, move 2. e3e4 (ply 3): "), "{e}");
        assert!(
            read_games(bad, "t.pgn", Variant::Pom).is_err(),
            "every reader checks the side lines"
        );
        assert!(read(bad, "t.pgn", Variant::Pom).is_err());
        // Black's reply in a side line of Black's move is Black's again.
        let e = parse("1. e3e5 h10h8 (1... e5e6) *", "t").unwrap();
        let e = replay_tree(&e[0], 1, "t", Variant::Pom).unwrap_err();
        assert!(e.message.contains("move 1... e5e6 (ply 2)"), "{e}");
    }

    #[test]
    fn unbalanced_variations_are_errors_naming_the_line() {
        for (text, line, says) in [
            ("1. e3e5 (1. e3e4\n h10h8 *", 1, "unterminated variation"),
            ("1. e3e5 (1. e3e4\n(1. g3g5) \n", 1, "unterminated variation"),
            ("1. e3e5 (1. e3e4\n[Event \"x\"]\n1. e3e5 *", 1, "unterminated variation"),
            ("\n(1. e3e4) 1. e3e5 *", 2, "before any move"),
            ("1. e3e5 ((1. e3e4)) *", 1, "before any move"),
            ("1. e3e5 h10h8)\n *", 1, "unexpected ')'"),
        ] {
            let e = parse(text, "t.pgn").unwrap_err();
            assert!(e.message.contains(says), "{text}: {e}");
            assert_eq!(e.line, line, "{text}: {e}");
        }
        // An empty variation holds nothing: skipped.
        assert_eq!(parse("1. e3e5 ( ) ({x}) h10h8 *", "t").unwrap()[0].variations, []);
    }

    /// XBoard's SAN in side lines, read in their branch position.
    #[test]
    fn xboard_side_lines_are_read_in_san() {
        let text = "[Variant \"pom\"]\n1. e5 (1. e4 h8) h8 *";
        let t = tree(text);
        assert_eq!(texts(&t, &t.nodes[0].children), ["e3e5", "e3e4"]);
        assert_eq!(texts(&t, &t.nodes[t.nodes[0].children[1]].children), ["h10h8"]);
    }

    /// Nesting deep enough to overflow a recursive reader or writer is
    /// read, replayed and written with explicit stacks.
    #[test]
    fn deep_nesting_needs_no_recursion() {
        let depth = 20_000;
        let mut text = "1. e3e5 ".to_string();
        for _ in 0..depth {
            text.push_str("(1. e3e4 ");
        }
        text.push_str(&")".repeat(depth));
        text.push_str(" *");
        let t = tree(&text);
        assert_eq!(t.nodes[0].children.len(), depth + 1);
        let written = tree_text(&t);
        assert_eq!(parse(&written, "t").unwrap()[0].variations.len(), depth);
    }

    /// Written with [`Movetext::tree`] and read back: the same tree, for a
    /// hand-made one and for random games with random side lines.
    #[test]
    fn written_trees_read_back_the_same() {
        let t = tree(WITH_LINES);
        let text = format!("[Variant \"pom\"]\n{} 1-0\n", tree_text(&t));
        let one_line = text.replace('\n', " ");
        assert!(one_line.contains("1. e3e5 {a} (1. e3e4 {why not} 1... h10h8 (1... g9g7 $2 2. e4e5) 2. f2c5) (1. g3g5 $5) 1... h10h8 2. f2c5 ({first} 2. e2c3 g9g7 (2... d10d8)) 2... g9g7 3. e2c3 $1 {b} 1-0"), "{text}");
        assert_eq!(tree(&text), t);
        let mut rng = crate::SplitMix64::new(33);
        for variant in Variant::ALL {
            for _ in 0..20 {
                let t = crate::tree::tests::random_tree(variant, &mut rng);
                let text = format!("[Variant \"{}\"]\n{} *\n", variant.name(), tree_text(&t));
                let games = parse(&text, "t").unwrap();
                let back = replay_tree(&games[0], 1, "t", variant).unwrap().unwrap();
                assert_eq!(back.nodes.len(), t.nodes.len(), "{text}");
                // Node numbers differ (file order): compare the walks.
                assert_eq!(crate::tree::tests::walk_texts(&back), crate::tree::tests::walk_texts(&t), "{text}");
            }
        }
    }
}
