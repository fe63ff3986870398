//! Game records in the inventor's book notation (NOTATION.md 3): import,
//! resolved move by move against the legal moves, and export.
//!
//! A record is read line by line. At the start of a line, and after every
//! move, the reader takes what it recognises: move numbers (`12`, `12.`),
//! the column placeholder `. . .` (or `...`), moves, annotations
//! (`+ # ! ? ???`) and result tokens (`1-0 0-1 1/2-1/2 *`); the rest of the
//! line is commentary. So prose lines, headings and `[Dia. No. 1]` are
//! skipped while `4 S - D4 P - D8 ??? Attacking ...` yields two moves.
//!
//! Moves: `E3 - E5` (a Sword, from-square given), `D3` (a Sword moving to
//! D3), `J x I9` (the Sword on the j-file captures on i9), `ME x D8`,
//! `MA - E10`, `(A) - B7` (a Morph in Advisor form), `(A) x D8 (H)` (a
//! transforming capture), `O-O-A` / `O-O-K` (castling with the Tower of the
//! a-file / of the last file; `O-O-I` is accepted in Mini-POM), and the
//! Gorgon extensions `H B11 - A9` (a from-square after the piece code, when
//! two pieces could go) and `ME <> C1` (the Mini-POM Medusa-Morph swap). A
//! move that matches no legal move, or more than one, is an error; nothing
//! is guessed. Check and mate marks are not verified (the pamphlet's last
//! move is marked `#` but is only check, RULES.md 11).
//!
//! Games in one text are separated by result tokens. `[Variant "..."]` and
//! `[FEN "..."]` lines at the start of a game set it up.
//!
//! Side lines, as [`export_tree`] writes them: `( ` opens one (it replaces
//! the last move read), ` )` closes it, and `{...}` on one line is a
//! comment (after a move, or before a side line's first move); so
//! `1 E3 - E5 {best}` then `( 1 G3 - G5 H10 - H8 )` on the next line.
//! [`import_trees`] reads them into a [`GameTree`], each move in its own
//! branch; [`import`] keeps the main line.

use crate::text::pgn::{self, MoveNumber, MoveNumbers, ReadLimits};
use crate::tree::{GameTree, Step};
use crate::{Color, Kind, Move, MoveKind, Position, Variant};
use crate::{GameRecord, GameResult};
use std::fmt;

/// Why a record could not be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based line of the record.
    pub line: usize,
    /// The move text or token concerned.
    pub text: String,
    pub message: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: '{}': {}", self.line, self.text, self.message)
    }
}

impl std::error::Error for NotationError {}

/// Which piece a move names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PieceSpec {
    /// No code: a Sword (not a Morph).
    Sword,
    /// A plain piece of this kind.
    Plain(Kind),
    /// `(X)`: a Morph in form X.
    Morph(Kind),
}

/// A move as written, before resolution.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Written {
    /// `O-O-A` (false) or toward the last file (true).
    Castle { far_side: bool },
    Move {
        piece: PieceSpec,
        from_square: Option<u8>,
        from_file: Option<u8>,
        capture: Option<bool>,
        swap: bool,
        to: u8,
        form: Option<Kind>,
        /// Marked `#`.
        mate_mark: bool,
    },
}

/// One thing read from a line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Number(u32),
    Move(Written, String),
    Result(Option<GameResult>),
    /// `( `: a side line opens.
    Open,
    /// ` )`: it closes.
    Close,
    /// `{...}`, within the line.
    Comment(String),
}

/// Reads every game of a record (its main line).
pub fn import(text: &str, variant: Variant) -> Result<Vec<GameRecord>, NotationError> {
    import_within(text, variant, ReadLimits::NONE)
}

/// [`import`] within `limits`: a game longer than them (side lines
/// included), or games holding more than them in all, is an error at its
/// first move over them, and nothing after it is read.
pub fn import_within(text: &str, variant: Variant, limits: ReadLimits) -> Result<Vec<GameRecord>, NotationError> {
    Ok(import_trees_within(text, variant, limits)?.iter().map(GameTree::record).collect())
}

/// Reads every game of a record with its side lines and comments.
pub fn import_trees(text: &str, variant: Variant) -> Result<Vec<GameTree>, NotationError> {
    import_trees_within(text, variant, ReadLimits::NONE)
}

/// [`import_trees`] within `limits`, as [`import_within`].
pub fn import_trees_within(text: &str, variant: Variant, limits: ReadLimits) -> Result<Vec<GameTree>, NotationError> {
    let mut games = Vec::new();
    let mut game = GameState::new(Position::startpos(variant));
    let mut variant = variant;
    let mut total = 0usize;
    for (i, raw_line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw_line.trim();
        if let Some((name, value)) = tag(line) {
            if game.tree.moves() > 0 {
                return Err(err(
                    line_no,
                    line,
                    "a tag line inside a game (end the game with a result token first)",
                ));
            }
            match name.as_str() {
                "variant" => {
                    variant = Variant::from_name(&value).ok_or_else(|| err(line_no, &value, "unknown variant"))?;
                    game = GameState::new(Position::startpos(variant));
                }
                "fen" => {
                    let pos = Position::from_fen(variant, &value).map_err(|e| err(line_no, &value, &format!("bad FEN: {e}")))?;
                    game = GameState::new(pos);
                }
                _ => {}
            }
            continue;
        }
        for token in tokens(line, game.pos.geometry(), game.pos.variant()) {
            match token {
                Token::Number(n) => {
                    let expected = game.pos.fullmove_number();
                    if n != expected {
                        return Err(err(
                            line_no,
                            &n.to_string(),
                            &format!("move number out of sequence (expected {expected})"),
                        ));
                    }
                }
                Token::Move(written, text) => {
                    total += 1;
                    limits
                        .check(game.tree.moves() + 1, total)
                        .map_err(|message| err(line_no, &text, &message))?;
                    let m = resolve(&game.pos, &written).map_err(|message| err(line_no, &text, &message))?;
                    let node = game.tree.push(game.at, m);
                    game.pos.make(m);
                    game.at = node;
                    match game.open.last_mut() {
                        Some(side) => {
                            side.made += 1;
                            game.tree.nodes[node].before = std::mem::take(&mut side.before);
                        }
                        None => game.last_mate_mark = matches!(written, Written::Move { mate_mark: true, .. }),
                    }
                }
                Token::Open => {
                    if game.open.last().map_or(game.at == 0, |side| side.made == 0) {
                        return Err(err(line_no, "(", "a side line before any move it could replace"));
                    }
                    game.pos.unmake();
                    game.open.push(SideLine {
                        back_to: game.at,
                        made: 0,
                        before: Vec::new(),
                    });
                    game.at = game.tree.nodes[game.at].parent;
                }
                Token::Close => {
                    let side = game.open.pop().ok_or_else(|| err(line_no, ")", "no side line to close"))?;
                    for _ in 0..side.made {
                        game.pos.unmake();
                    }
                    game.pos
                        .make(game.tree.nodes[side.back_to].mv.expect("a side line replaces a move"));
                    game.at = side.back_to;
                }
                Token::Comment(c) => match game.open.last_mut() {
                    Some(side) if side.made == 0 => side.before.push(c),
                    _ => game.tree.nodes[game.at].comments.push(c),
                },
                Token::Result(result) => {
                    if !game.open.is_empty() {
                        return Err(err(line_no, "", "a result inside a side line (a ')' is missing)"));
                    }
                    games.push(game.finish(result));
                    game = GameState::new(Position::startpos(variant));
                }
            }
        }
    }
    if !game.open.is_empty() {
        return Err(err(text.lines().count(), "", "a side line is not closed (a ')' is missing)"));
    }
    if game.tree.moves() > 0 {
        games.push(game.finish(None));
    }
    Ok(games)
}

/// A side line being read: the node of the move it replaces (the line
/// goes back there at its `)`), its moves made so far, and its comments
/// before its first move.
struct SideLine {
    back_to: usize,
    made: usize,
    before: Vec<String>,
}

struct GameState {
    tree: GameTree,
    pos: Position,
    /// The node of `pos`.
    at: usize,
    open: Vec<SideLine>,
    last_mate_mark: bool,
}

impl GameState {
    fn new(start: Position) -> GameState {
        GameState {
            pos: start.clone(),
            tree: GameTree::new(start, None),
            at: 0,
            open: Vec::new(),
            last_mate_mark: false,
        }
    }

    fn finish(mut self, token: Option<GameResult>) -> GameTree {
        self.tree.result = token.or_else(|| match self.pos.outcome() {
            Some(o) => Some(GameResult::from_winner(o.winner())),
            None if self.last_mate_mark => Some(GameResult::from_winner(Some(!self.pos.side_to_move()))),
            None => None,
        });
        self.tree
    }
}

fn err(line: usize, text: &str, message: &str) -> NotationError {
    NotationError {
        line,
        text: text.to_string(),
        message: message.to_string(),
    }
}

/// `[Name "value"]` with a name the importer knows (lowercased).
fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let name = name.to_ascii_lowercase();
    matches!(name.as_str(), "variant" | "fen").then(|| (name, value.to_string()))
}

/// The recognised tokens at the start of a line; stops at commentary.
fn tokens(line: &str, g: &crate::Geometry, variant: Variant) -> Vec<Token> {
    let mut out = Vec::new();
    let mut s = Scanner { s: line, at: 0 };
    loop {
        s.skip_space();
        if s.done() {
            break;
        }
        let save = s.at;
        if s.eat("(") && s.at_boundary() {
            out.push(Token::Open);
            continue;
        }
        s.at = save;
        if s.eat(")") && s.at_boundary() {
            out.push(Token::Close);
            continue;
        }
        s.at = save;
        if s.eat("{") {
            if let Some(end) = s.rest().find('}') {
                out.push(Token::Comment(s.rest()[..end].trim().to_string()));
                s.at += end + 1;
                continue;
            }
        }
        s.at = save;
        if let Some(r) = s.result() {
            out.push(Token::Result(r));
            continue;
        }
        s.at = save;
        if s.ellipsis() {
            continue;
        }
        s.at = save;
        if let Some(n) = s.number() {
            out.push(Token::Number(n));
            continue;
        }
        s.at = save;
        if s.annotations() {
            continue;
        }
        s.at = save;
        if let Some(w) = s.written(g, variant) {
            out.push(Token::Move(w, line[save..s.at].trim().to_string()));
            continue;
        }
        break;
    }
    out
}

/// A cursor over one line.
struct Scanner<'a> {
    s: &'a str,
    at: usize,
}

impl Scanner<'_> {
    fn rest(&self) -> &str {
        &self.s[self.at..]
    }

    fn done(&self) -> bool {
        self.at >= self.s.len()
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn eat(&mut self, text: &str) -> bool {
        if self.rest().starts_with(text) {
            self.at += text.len();
            true
        } else {
            false
        }
    }

    /// True at the end of the line or before white space.
    fn at_boundary(&self) -> bool {
        self.peek().is_none_or(char::is_whitespace)
    }

    /// True at a word boundary or before annotation marks.
    fn at_move_end(&self) -> bool {
        self.peek().is_none_or(|c| c.is_whitespace() || "+#!?,;".contains(c))
    }

    fn result(&mut self) -> Option<Option<GameResult>> {
        for (text, r) in [
            ("1-0", Some(GameResult::WhiteWins)),
            ("0-1", Some(GameResult::BlackWins)),
            ("1/2-1/2", Some(GameResult::Draw)),
            ("½-½", Some(GameResult::Draw)),
            ("*", None),
        ] {
            if self.eat(text) && self.at_boundary() {
                return Some(r);
            }
        }
        None
    }

    /// `. . .` or `...` (any dots and spaces, at least three dots).
    fn ellipsis(&mut self) -> bool {
        let mut dots = 0;
        let mut end = self.at;
        while let Some(c) = self.peek() {
            if c == '.' {
                dots += 1;
                self.bump();
                end = self.at;
            } else if c == ' ' {
                self.bump();
            } else {
                break;
            }
        }
        self.at = end;
        dots >= 3 && self.at_boundary()
    }

    /// `12` or `12.`
    fn number(&mut self) -> Option<u32> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        let n = self.s[start..self.at].parse().ok()?;
        self.eat(".");
        if self.eat("..") || self.at_boundary() {
            Some(n)
        } else {
            None
        }
    }

    /// A run of `+ # ! ?`.
    fn annotations(&mut self) -> bool {
        let start = self.at;
        while self.peek().is_some_and(|c| "+#!?".contains(c)) {
            self.bump();
        }
        self.at > start && self.at_boundary()
    }

    /// A square on this board (`D8`, `k11`).
    fn square(&mut self, g: &crate::Geometry) -> Option<u8> {
        let start = self.at;
        let c = self.bump()?;
        if !c.is_ascii_alphabetic() {
            self.at = start;
            return None;
        }
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 2 {
            self.at = start;
            return None;
        }
        self.at += digits;
        match g.parse_square(&self.s[start..self.at]) {
            Some(sq) => Some(sq),
            None => {
                self.at = start;
                None
            }
        }
    }

    /// A piece code: `MA ME T H A Q S P K` or `(X)`.
    fn piece(&mut self) -> Option<PieceSpec> {
        let start = self.at;
        if self.eat("(") {
            let code: String = self.rest().chars().take_while(|c| c.is_ascii_alphabetic()).collect();
            self.at += code.len();
            if !self.eat(")") {
                self.at = start;
                return None;
            }
            return match Kind::from_form_code(&code) {
                Some(k) => Some(PieceSpec::Morph(k)),
                None => {
                    self.at = start;
                    None
                }
            };
        }
        for code in ["MA", "ME", "T", "H", "A", "Q", "S", "P", "K", "W"] {
            if self.eat(code) {
                // A code stands alone: `A - F9`, not `A6` or `After`.
                if self.peek().is_none_or(|c| c.is_whitespace() || c == '-' || c == 'x' || c == '<') {
                    let kind = Kind::ALL.iter().copied().find(|k| k.book_code() == code)?;
                    return Some(if kind == Kind::Sword {
                        PieceSpec::Sword
                    } else {
                        PieceSpec::Plain(kind)
                    });
                }
                self.at = start;
            }
        }
        None
    }

    /// The separator: `-` (move), `x` (capture), `<>` (swap). Returns
    /// (capture, swap).
    fn separator(&mut self) -> Option<(bool, bool)> {
        let start = self.at;
        self.skip_space();
        let found = if self.eat("<>") {
            Some((false, true))
        } else if self.eat("-") {
            Some((false, false))
        } else if self.eat("x") || self.eat("X") || self.eat(":") {
            Some((true, false))
        } else {
            None
        };
        if found.is_some() {
            self.skip_space();
        } else {
            self.at = start;
        }
        found
    }

    /// A move; on failure the position is undefined (the caller resets).
    fn written(&mut self, g: &crate::Geometry, variant: Variant) -> Option<Written> {
        let start = self.at;
        if self.eat("O-O-") || self.eat("0-0-") {
            let c = self.bump()?.to_ascii_lowercase();
            let last = (b'a' + g.files - 1) as char;
            let far_side = match c {
                'a' => false,
                'k' => true,
                c if c == last && variant == Variant::MiniPom => true,
                _ => return None,
            };
            if !self.at_move_end() {
                return None;
            }
            self.marks();
            return Some(Written::Castle { far_side });
        }
        self.at = start;
        let piece = self.piece();
        let (mut from_square, mut from_file) = (None, None);
        if piece.is_some() {
            // Optional from-square: `H B11 - A9`.
            let save = self.at;
            self.skip_space();
            let sq = self.square(g);
            let after_square = self.at;
            match sq {
                Some(sq) if self.separator().is_some() => {
                    from_square = Some(sq);
                    self.at = after_square;
                }
                _ => self.at = save,
            }
        } else {
            // A Sword: `E3 - E5`, `J x I9` or `D3`.
            let save = self.at;
            if let Some(sq) = self.square(g) {
                if self.at_move_end() && !self.rest().trim_start().starts_with(['-', 'x', 'X', ':']) {
                    let mate_mark = self.marks();
                    return Some(Written::Move {
                        piece: PieceSpec::Sword,
                        from_square: None,
                        from_file: None,
                        capture: Some(false),
                        swap: false,
                        to: sq,
                        form: None,
                        mate_mark,
                    });
                }
                from_square = Some(sq);
            } else {
                self.at = save;
                let c = self.bump()?;
                if !c.is_ascii_alphabetic() {
                    return None;
                }
                let f = c.to_ascii_lowercase() as u8;
                if f < b'a' || f >= b'a' + g.files {
                    return None;
                }
                from_file = Some(f - b'a');
            }
        }
        let (capture, swap) = self.separator()?;
        if from_file.is_some() && !capture {
            return None;
        }
        let to = self.square(g)?;
        if !self.at_move_end() {
            return None;
        }
        // A new form: ` (H)`, unless it is the Morph of the next move.
        let mut form = None;
        let save = self.at;
        self.skip_space();
        if let Some(PieceSpec::Morph(k)) = self.piece() {
            let after = self.at;
            if self.separator().is_none() && self.at_move_end() {
                form = Some(k);
                self.at = after;
            } else {
                self.at = save;
            }
        } else {
            self.at = save;
        }
        let mate_mark = self.marks();
        Some(Written::Move {
            piece: piece.unwrap_or(PieceSpec::Sword),
            from_square,
            from_file,
            capture: Some(capture),
            swap,
            to,
            form,
            mate_mark,
        })
    }

    /// Annotation marks right after a move (`+`, `#!`); true if `#` among them.
    fn marks(&mut self) -> bool {
        let save = self.at;
        self.skip_space();
        let start = self.at;
        while self.peek().is_some_and(|c| "+#!?".contains(c)) {
            self.bump();
        }
        if self.at > start && self.at_boundary() {
            self.s[start..self.at].contains('#')
        } else {
            self.at = save;
            false
        }
    }
}

/// The legal move a written move names; an error if none or several.
fn resolve(pos: &Position, w: &Written) -> Result<Move, String> {
    the_one(pos, &matching(pos, w))
}

/// Every legal move a written move can name.
fn matching(pos: &Position, w: &Written) -> Vec<Move> {
    let legal = pos.legal_move_vec();
    let found = candidates(pos, &legal, w, true);
    // `(X)` naming the form a plain move leaves: accepted when no
    // transformation into X exists.
    if found.is_empty() {
        candidates(pos, &legal, w, false)
    } else {
        found
    }
}

/// The move of a one-move list; else why not (none, or the several).
fn the_one(pos: &Position, found: &[Move]) -> Result<Move, String> {
    match found {
        [m] => Ok(*m),
        [] => Err(format!("no legal move matches (position {})", pos.fen())),
        several => {
            let list: Vec<String> = several.iter().map(|&m| pos.move_text(m)).collect();
            Err(format!("ambiguous: it could be {}", list.join(" or ")))
        }
    }
}

/// The legal moves matching a written move; with `strict`, `(X)` names only
/// a transformation into X (or a promotion to X).
fn candidates(pos: &Position, legal: &[Move], w: &Written, strict: bool) -> Vec<Move> {
    let g = pos.geometry();
    match *w {
        Written::Castle { far_side } => legal
            .iter()
            .copied()
            .filter(|m| m.kind() == MoveKind::Castle && (g.file_of(m.to()) > g.file_of(m.from())) == far_side)
            .collect(),
        Written::Move {
            piece,
            from_square,
            from_file,
            capture,
            swap,
            to,
            form,
            ..
        } => legal
            .iter()
            .copied()
            .filter(|&m| {
                let p = pos.piece_at(m.from());
                let piece_ok = match piece {
                    PieceSpec::Sword => p.kind() == Kind::Sword && !p.is_morph(),
                    PieceSpec::Plain(k) => p.kind() == k && !p.is_morph(),
                    PieceSpec::Morph(k) => p.kind() == k && p.is_morph(),
                };
                let target = pos.piece_at(m.to());
                let capture_ok = match capture {
                    _ if swap => m.kind() == MoveKind::Swap,
                    Some(c) => {
                        m.kind() != MoveKind::Swap && m.kind() != MoveKind::Castle && c == (target.is_some() && target.color() != p.color())
                    }
                    None => true,
                };
                let form_ok = match form {
                    None => m.kind() != MoveKind::Transform,
                    Some(k) => match m.kind() {
                        MoveKind::Transform => m.form() == k,
                        MoveKind::Promotion => pos.moved_piece_after(m).kind() == k,
                        _ => !strict && pos.moved_piece_after(m).kind() == k,
                    },
                };
                piece_ok
                    && capture_ok
                    && form_ok
                    && m.to() == to
                    && from_square.is_none_or(|sq| sq == m.from())
                    && from_file.is_none_or(|f| f == g.file_of(m.from()))
            })
            .collect(),
    }
}

/// The legal move one move in book notation names in `pos` (`ME x B10`,
/// `E3 - E5`, `D3`, `O-O-A`, `(A) x D8 (H)`; trailing `+ # ! ?` marks are
/// allowed, move numbers and commentary are not). The inverse of
/// [`move_to_notation`]. The error's `line` is 1.
pub fn parse_book_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let found = book_move_candidates(pos, text)?;
    the_one(pos, &found).map_err(|message| err(1, text.trim(), &message))
}

/// Every legal move one move in book notation can name in `pos`: one for a
/// move, none when no legal move matches, several when the text is
/// ambiguous (`H - E4` with two Horses that reach E4; the from-square, `H
/// C3 - E4`, tells them apart, and [`move_to_notation`] writes it). An
/// error when the text is not one move in book notation, as for
/// [`parse_book_move`].
pub fn book_move_candidates(pos: &Position, text: &str) -> Result<Vec<Move>, NotationError> {
    let trimmed = text.trim();
    match tokens(trimmed, pos.geometry(), pos.variant()).as_slice() {
        [Token::Move(w, written)] if written.as_str() == trimmed => Ok(matching(pos, w)),
        _ => Err(err(1, trimmed, "not one move in book notation (such as E3 - E5, ME x B10, O-O-A)")),
    }
}

/// The book-notation text of a legal move in `pos`, without check marks.
/// It re-imports as the same move in the same position.
pub fn move_to_notation(pos: &Position, m: Move) -> String {
    let g = pos.geometry();
    let sq = |s: u8| g.square_name(s).to_ascii_uppercase();
    let p = pos.piece_at(m.from());
    match m.kind() {
        MoveKind::Castle => {
            let far = g.file_of(m.to()) > g.file_of(m.from());
            let last = if pos.variant() == Variant::Pom {
                'K'
            } else {
                (b'A' + g.files - 1) as char
            };
            return if far { format!("O-O-{last}") } else { "O-O-A".to_string() };
        }
        MoveKind::Swap => return format!("{} <> {}", piece_code(p), sq(m.to())),
        _ => {}
    }
    let target = pos.piece_at(m.to());
    let sep = if target.is_some() && target.color() != p.color() {
        "x"
    } else {
        "-"
    };
    let suffix = if m.kind() == MoveKind::Transform {
        format!(" ({})", m.form().book_code())
    } else {
        String::new()
    };
    if p.kind() == Kind::Sword && !p.is_morph() {
        return format!("{} {sep} {}{suffix}", sq(m.from()), sq(m.to()));
    }
    let short = format!("{} {sep} {}{suffix}", piece_code(p), sq(m.to()));
    let resolves = |text: &str| {
        let toks = tokens(text, g, pos.variant());
        matches!(toks.as_slice(), [Token::Move(w, _)] if resolve(pos, w) == Ok(m))
    };
    if resolves(&short) {
        short
    } else {
        format!("{} {} {sep} {}{suffix}", piece_code(p), sq(m.from()), sq(m.to()))
    }
}

/// `ME`, `(A)`, nothing for a plain Sword.
fn piece_code(p: crate::Piece) -> String {
    if p.is_morph() {
        format!("({})", p.kind().book_code())
    } else {
        p.kind().book_code().to_string()
    }
}

/// A game in book notation: `[Variant]` (and `[FEN]` if not the start
/// position), one numbered line per move pair with `+`/`#` marks, and the
/// result token if known. `import` reads it back to the same moves.
pub fn export(start: &Position, moves: &[Move], result: Option<GameResult>) -> Result<String, NotationError> {
    let game = GameRecord {
        start: start.clone(),
        moves: moves.to_vec(),
        result,
    };
    export_tree(&GameTree::from_record(&game), result)
}

/// A game tree in book notation: as [`export`] writes a game, the main
/// line one numbered line per move pair, a move's comments after it in
/// `{...}` (escaped as PGN's, [`pgn::comment`]), which ends the line; each side line on a line of its own after the move it
/// replaces, between `( ` and ` )`, with its comments and its own side
/// lines inside. Glyphs are not written (the notation has none beyond
/// `+ #`). [`import_trees`] reads it back to the same tree.
pub fn export_tree(tree: &GameTree, result: Option<GameResult>) -> Result<String, NotationError> {
    let start = &tree.start;
    let mut out = format!("[Variant \"{}\"]\n", start.variant().name());
    if start.fen() != Position::startpos(start.variant()).fen() {
        out.push_str(&format!("[FEN \"{}\"]\n", start.fen()));
    }
    for c in &tree.nodes[0].comments {
        out.push_str(&pgn::comment(c));
        out.push('\n');
    }
    let mut line = String::new();
    let mut depth = 0;
    // Numbered as PGN numbers: a Black move `N . . .` at the start and
    // after a comment or a side line.
    let mut numbers = MoveNumbers::default();
    let mut error = None;
    let mut ply = 0;
    tree.walk(|step, pos| {
        if error.is_some() {
            return;
        }
        match step {
            Step::Open => {
                if depth == 0 && !line.is_empty() {
                    out.push_str(&line);
                    out.push('\n');
                    line.clear();
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push('(');
                depth += 1;
                numbers.interrupt();
            }
            Step::Close => {
                line.push_str(" )");
                depth -= 1;
                if depth == 0 {
                    out.push_str(&line);
                    out.push('\n');
                    line.clear();
                }
                numbers.interrupt();
            }
            Step::Move(n) => {
                ply += 1;
                let node = &tree.nodes[n];
                let m = node.mv.expect("only node 0 has no move");
                if !pos.is_legal(m) {
                    error = Some(err(ply, &pos.move_text(m), "illegal move in the game being exported"));
                    return;
                }
                let mut text = move_to_notation(pos, m);
                let number = numbers.before(pos.side_to_move(), pos.fullmove_number());
                pos.make(m);
                match pos.outcome() {
                    Some(crate::Outcome::Checkmate { .. }) => text.push_str(" #"),
                    _ if pos.in_check() => text.push_str(" +"),
                    _ => {}
                }
                pos.unmake();
                let before: Vec<String> = node.before.iter().map(|c| pgn::comment(c)).collect();
                let text = match number {
                    Some(MoveNumber {
                        number,
                        side: Color::White,
                    }) => format!("{number} {text}"),
                    Some(MoveNumber { number, .. }) => format!("{number} . . . {text}"),
                    None => text,
                };
                if depth == 0 && (number.is_some() || line.is_empty()) {
                    if !line.is_empty() {
                        out.push_str(&line);
                        out.push('\n');
                    }
                    line = text;
                } else {
                    let gap = if depth == 0 || number.is_none() { "   " } else { " " };
                    if !line.ends_with('(') {
                        line.push_str(gap);
                    } else {
                        line.push(' ');
                    }
                    if !before.is_empty() {
                        line.push_str(&before.join(" "));
                        line.push(' ');
                    }
                    line.push_str(&text);
                }
                for c in &node.comments {
                    line.push(' ');
                    line.push_str(&pgn::comment(c));
                    numbers.interrupt();
                }
                if depth == 0 && !node.comments.is_empty() {
                    out.push_str(&line);
                    out.push('\n');
                    line.clear();
                }
            }
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(match result {
        Some(GameResult::WhiteWins) => "1-0\n",
        Some(GameResult::BlackWins) => "0-1\n",
        Some(GameResult::Draw) => "1/2-1/2\n",
        Some(GameResult::Unfinished) | None => "*\n",
    });
    Ok(out)
}

#[cfg(test)]
mod parse_book_move_tests {
    use super::*;

    #[test]
    fn parse_book_move_reads_the_sample_game_and_refuses_the_rest() {
        let mut pos = Position::startpos(Variant::Pom);
        for (book, coord) in [("E3 - E5", "e3e5"), ("H10 - H8", "h10h8"), ("ME - C5", "f2c5"), ("G9 -G7", "g9g7")] {
            let m = parse_book_move(&pos, book).unwrap();
            assert_eq!(pos.move_text(m), coord);
            assert_eq!(parse_book_move(&pos, &move_to_notation(&pos, m)), Ok(m));
            pos.make(m);
        }
        // Marks are allowed, numbers, commentary and non-moves are not.
        assert_eq!(pos.move_text(parse_book_move(&pos, " P - C3 + ").unwrap()), "e2c3");
        for bad in ["", "3 P - C3", "P - C3 what", "hello", "T - A5", "1-0"] {
            let e = parse_book_move(&pos, bad).unwrap_err();
            assert_eq!(e.line, 1, "{bad}");
            assert_eq!(e.text, bad.trim());
        }
        assert!(parse_book_move(&pos, "T - A5").unwrap_err().message.contains("no legal move"));
    }

    #[test]
    fn ambiguous_text_names_every_candidate() {
        // Two Horses reach e4; the from-square tells them apart.
        let pos = Position::from_fen(Variant::MiniPom, "4k4/9/9/9/9/9/2H3H2/9/4K4 w - - 0 1").unwrap();
        let found = book_move_candidates(&pos, "H - E4").unwrap();
        let texts: Vec<String> = found.iter().map(|&m| pos.move_text(m)).collect();
        assert_eq!(texts, ["c3e4", "g3e4"]);
        let written: Vec<String> = found.iter().map(|&m| move_to_notation(&pos, m)).collect();
        assert_eq!(written, ["H C3 - E4", "H G3 - E4"]);
        let e = parse_book_move(&pos, "H - E4").unwrap_err();
        assert_eq!(e.message, "ambiguous: it could be c3e4 or g3e4");
        assert_eq!(pos.move_text(parse_book_move(&pos, "H G3 - E4").unwrap()), "g3e4");
        // One, none, and not a move at all.
        assert_eq!(book_move_candidates(&pos, "H - A4").unwrap().len(), 1);
        assert_eq!(book_move_candidates(&pos, "T - A4"), Ok(vec![]));
        assert!(book_move_candidates(&pos, "H to E4")
            .unwrap_err()
            .message
            .starts_with("not one move"));
    }

    #[test]
    fn parse_book_move_inverts_move_to_notation_for_every_legal_move() {
        for variant in Variant::ALL {
            let pos = Position::startpos(variant);
            for m in pos.legal_move_vec() {
                assert_eq!(parse_book_move(&pos, &move_to_notation(&pos, m)), Ok(m));
            }
        }
    }
}

#[cfg(test)]
mod side_line_tests {
    use super::*;
    use crate::tree::tests::{random_tree, walk_texts};

    fn without_nags(mut t: GameTree) -> GameTree {
        for n in &mut t.nodes {
            n.nags.clear();
        }
        t
    }

    /// A tree written in book notation: side lines on lines of their own,
    /// nested inside, with comments before and after moves; read back to
    /// the same tree (glyphs aside), and its main line to the same game.
    #[test]
    fn side_lines_round_trip_in_book_notation() {
        let pgn = "[Variant \"pom\"]
{start} 1. e3e5 {a} (1. e3e4 {why not} h10h8 (1... g9g7 2. e4e5) 2. f2c5) (1. g3g5) h10h8
2. f2c5 ({first} 2. e2c3 g9g7 (2... d10d8)) g9g7 3. e2c3 {b} 1-0";
        let games = crate::text::pgn::parse(pgn, "t").unwrap();
        let tree = crate::text::pgn::replay_tree(&games[0], 1, "t", Variant::Pom).unwrap().unwrap();
        let text = export_tree(&tree, tree.result).unwrap();
        assert_eq!(
            text,
            "[Variant \"pom\"]
{start}
1 E3 - E5 {a}
( 1 E3 - E4 {why not} 1 . . . H10 - H8 ( 1 . . . G9 - G7 2 E4 - E5 ) 2 ME - C5 )
( 1 G3 - G5 )
1 . . . H10 - H8
2 ME - C5
( {first} 2 P - C3   G9 - G7 ( 2 . . . D10 - D8 ) )
2 . . . G9 - G7
3 P - C3 {b}
1-0
"
        );
        let back = import_trees(&text, Variant::Pom).unwrap();
        assert_eq!(walk_texts(&back[0]), walk_texts(&tree));
        assert_eq!(back[0].result, Some(GameResult::WhiteWins));
        assert_eq!(import(&text, Variant::Pom).unwrap()[0].moves, tree.main_line());
        for variant in Variant::ALL {
            let mut rng = crate::SplitMix64::new(7);
            for _ in 0..20 {
                let t = without_nags(random_tree(variant, &mut rng));
                let text = export_tree(&t, None).unwrap();
                let back = import_trees(&text, variant).unwrap();
                assert_eq!(walk_texts(&back[0]), walk_texts(&t), "{text}");
            }
        }
    }

    /// The inventor's notation and PGN number the same moves (a tree from
    /// a position Black moves in, with comments and side lines) and write
    /// a comment the same way, which both readers read back the same.
    #[test]
    fn book_notation_and_pgn_number_and_comment_alike() {
        let mut start = Position::startpos(Variant::Pom);
        start.make(start.parse_move("e3e5").unwrap());
        let fen = start.fen();
        let pgn =
            format!("[Variant \"pom\"]\n[FEN \"{fen}\"]\n1... h10h8 {{a}} 2. f2c5 (2. e2c3 {{x}} 2... g9g7 3. f2c5) 2... g9g7 3. e2c3 *");
        let games = crate::text::pgn::parse(&pgn, "t").unwrap();
        let mut tree = crate::text::pgn::replay_tree(&games[0], 1, "t", Variant::Pom).unwrap().unwrap();
        // A comment as the browser board may send it.
        tree.nodes[1].comments = vec!["a } b\nc".into()];
        let mut m = pgn::Movetext::default();
        m.tree(&tree, |p, mv| p.move_text(mv));
        let written = m.text();
        assert_eq!(
            written,
            "1... h10h8 {a ) b c} 2. f2c5 (2. e2c3 {x} 2... g9g7 3. f2c5) 2... g9g7 3. e2c3"
        );
        let book = export_tree(&tree, None).unwrap();
        let movetext = book.lines().filter(|l| !l.starts_with('['));
        let numbers: Vec<&str> = movetext
            .flat_map(str::split_whitespace)
            .filter(|w| w.parse::<u32>().is_ok() || *w == ".")
            .collect();
        let pgn_numbers: Vec<String> = written
            .split_whitespace()
            .filter_map(|w| w.trim_start_matches('(').strip_suffix('.'))
            .map(|n| n.replace("..", " . . ."))
            .collect();
        assert_eq!(numbers.join(" "), pgn_numbers.join(" "), "{book}");
        assert!(book.contains("{a ) b c}"), "{book}");
        // Read back, each the same tree, the comment as escaped.
        tree.nodes[1].comments = vec!["a ) b c".into()];
        let back = import_trees(&book, Variant::Pom).unwrap();
        assert_eq!(walk_texts(&back[0]), walk_texts(&tree), "{book}");
        let games = crate::text::pgn::parse(&format!("[Variant \"pom\"]\n[FEN \"{fen}\"]\n{written} *"), "t").unwrap();
        let again = crate::text::pgn::replay_tree(&games[0], 1, "t", Variant::Pom).unwrap().unwrap();
        assert_eq!(walk_texts(&again), walk_texts(&tree));
    }

    #[test]
    fn unbalanced_side_lines_are_errors() {
        for (text, says) in [
            ("1 E3 - E5\n( 1 E3 - E4\n*", "inside a side line"),
            ("1 E3 - E5\n( 1 E3 - E4\n", "not closed"),
            ("( 1 E3 - E4 )", "before any move"),
            ("1 E3 - E5 )", "no side line to close"),
            ("1 E3 - E5\n( 1 E3 - E5   H10 - H8 2 E5 - E7 )", "E5 - E7"),
        ] {
            let e = import_trees(text, Variant::Pom).unwrap_err();
            assert!(e.to_string().contains(says), "{text}: {e}");
        }
        // A branch takes back the move it replaces: E3 - E4 is legal there.
        let t = import_trees("1 E3 - E5\n( 1 E3 - E4 )\n1 . . . H10 - H8 *", Variant::Pom).unwrap();
        assert_eq!(t[0].moves(), 3);
    }
}
