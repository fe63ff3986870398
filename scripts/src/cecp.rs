//! A CECP engine (the XBoard/WinBoard protocol, version 2; `proto=xboard`).
//!
//! Start-up: `xboard`, `protover 2`, then the `feature` lines until
//! `done=1`, each answered `accepted` or `rejected`; the options follow.
//! Each game: `new`, `variant NAME`, `force`, the time control (`level`,
//! `st`, `sd`), `post`, `easy` or `hard`, `setboard` for a set-up position,
//! and a `ping` to wait for. Moves are told as they become due: when the
//! engine is to move, the moves it has not heard yet go as `usermove`s,
//! then `time`/`otim` and `go` (in force mode) or, in the usual rhythm,
//! `time`/`otim` and the opponent's move alone, which starts its search.
//! It answers `move MOVE`. The game ends with `force` and `result`.
//!
//! Moves are written and read in XBoard's form as Gorgon speaks it
//! (docs/XBOARD.md): coordinates, ranks from 1, and for a promotion or a
//! Morph's transformation the letter of the piece the move leaves on its
//! destination (`c10c11e`, `b7d8n`), the Morphs having letters of their
//! own. The runner keeps its own copy of that table, not the engine's, so
//! that the referee does not share the engine's mistakes. A `move` that
//! names no legal move loses as an illegal move; the engine's result
//! claims (`1-0 {...}`) are informational, the rules decide.

use crate::engine::{await_move, budget, Answer, Dialect, EngineConfig, EngineError, Heard, Turn};
use crate::game::Termination;
use crate::process::{Process, Recv};
use crate::tc::Limits;
use protocol::cecp::{parse_reply, CecpError, CecpMove, Command, Feature, FeatureValue, Level, Reply, Thinking, MATE_SCORE};
use protocol::{MoveText, Score, ScoreValue};
use rules::{Color, GameResult, Kind, Move, MoveKind, Piece, Position, Variant};
use std::time::{Duration, Instant};

/// The words the runner's messages quote.
const DIALECT: Dialect = Dialect {
    move_word: "move",
    stop: "?",
};

/// The XBoard letter of a Morph in each form (docs/XBOARD.md, "How the
/// pieces look"). Plain pieces keep their FEN letters. No piece is `X`:
/// XBoard reads an `x` after the squares as another leg of the move.
const fn morph_letter(form: Kind) -> char {
    match form {
        Kind::Sword => 'F',
        Kind::Horse => 'N',
        Kind::Advisor => 'B',
        Kind::Tower => 'R',
        Kind::Queen => 'D',
        Kind::MountedAdvisor => 'C',
        Kind::Pillar => 'I',
        Kind::Serpent => 'Z',
        Kind::Medusa => 'G',
        Kind::King => 'K',
    }
}

/// A piece's XBoard letter (lowercase for Black).
pub fn xboard_letter(piece: Piece) -> char {
    let c = if piece.is_morph() {
        morph_letter(piece.kind())
    } else {
        piece.kind().letter()
    };
    if piece.color() == Color::Black {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

/// The suffix XBoard needs for a move: the letter of what a promotion or
/// transformation leaves on the destination, nothing otherwise.
fn suffix(pos: &Position, m: Move) -> Option<char> {
    matches!(m.kind(), MoveKind::Promotion | MoveKind::Transform).then(|| xboard_letter(pos.moved_piece_after(m)).to_ascii_lowercase())
}

/// A legal move in XBoard's form: `e3e5`, `c10c11e`, `b7d8n`; castling and
/// the Mini-POM swap as in the rules' coordinates (`f1k1`, `e1b1`, `f1c1`).
pub fn xboard_move(pos: &Position, m: Move) -> CecpMove {
    let g = pos.geometry();
    CecpMove::Coord {
        from: g.coord(m.from()),
        to: g.coord(m.to()),
        promotion: suffix(pos, m),
    }
}

/// The legal move an XBoard move names in `pos`, or why there is none. A
/// suffix names the piece the move leaves on its destination: a promotion
/// or transformation needs its letter; no letter, or the mover's own,
/// names the move that changes nothing. `O-O`/`O-O-O` are castling toward
/// the last file / toward file a.
pub fn resolve_xboard_move(pos: &Position, mv: &CecpMove) -> Result<Move, String> {
    let legal = pos.legal_move_vec();
    let g = pos.geometry();
    let (from, to, promotion) = match mv {
        CecpMove::Coord { from, to, promotion } => (*from, *to, *promotion),
        CecpMove::Castle { long } => {
            return legal
                .iter()
                .copied()
                .find(|m| m.kind() == MoveKind::Castle && (g.file_of(m.to()) < g.file_of(m.from())) == *long)
                .ok_or_else(|| "no castling to that side is legal here".to_string());
        }
        CecpMove::Drop { .. } => return Err("there are no drops in this game".into()),
        CecpMove::Null => return Err("the null move is not a move here".into()),
        CecpMove::MultiLeg { .. } => return Err("there are no multi-leg moves in this game".into()),
    };
    let (Some(f), Some(t)) = (g.square_of(from), g.square_of(to)) else {
        return Err(format!("{from}{to} leaves the {} board", pos.variant()));
    };
    let candidates: Vec<Move> = legal.into_iter().filter(|m| m.from() == f && m.to() == t).collect();
    if candidates.is_empty() {
        // The rules say why (no piece, petrified, ...).
        return Err(pos
            .resolve_move(&MoveText::new(from, to))
            .err()
            .map_or_else(|| "illegal here".to_string(), |e| e.reason));
    }
    let mover = xboard_letter(pos.piece_at(f));
    let found = candidates.iter().copied().find(|&m| match (promotion, suffix(pos, m)) {
        (None, s) => s.is_none(),
        (Some(c), Some(s)) => s.eq_ignore_ascii_case(&c),
        (Some(c), None) => mover.eq_ignore_ascii_case(&c),
    });
    found.ok_or_else(|| {
        let options: Vec<String> = candidates.iter().map(|&m| xboard_move(pos, m).to_string()).collect();
        format!("wrong piece letter; legal here: {}", options.join(" "))
    })
}

/// A position as a FEN in XBoard's letters for `setboard`, with the
/// castling and swap rights as the rules write them (Shredder-style file
/// letters, which Gorgon reads from XBoard FENs).
pub fn xboard_fen(pos: &Position) -> String {
    let side = if pos.side_to_move() == Color::White { 'w' } else { 'b' };
    format!(
        "{} {side} {} - {} {}",
        pos.placement(|p, out| out.push(xboard_letter(p))),
        pos.rights_text(),
        pos.halfmove_clock(),
        pos.fullmove_number()
    )
}

/// Reads a FEN in XBoard's letters, as [`xboard_fen`] writes it (for the
/// test engine and the tests): the placement is translated, the other
/// fields are the rules' own.
pub fn from_xboard_fen(variant: Variant, fen: &str) -> Result<Position, String> {
    let (placement, rest) = fen.trim().split_once(' ').unwrap_or((fen.trim(), ""));
    let mut out = String::with_capacity(placement.len() + 8);
    for c in placement.chars() {
        if c.is_ascii_alphabetic() {
            let piece = all_pieces()
                .find(|&p| xboard_letter(p) == c)
                .ok_or_else(|| format!("'{c}' is no piece letter"))?;
            out.push_str(&piece.fen());
        } else {
            out.push(c);
        }
    }
    Position::from_fen(variant, &format!("{out} {rest}")).map_err(|e| e.to_string())
}

/// Every piece: both colours, every kind, plain and (but the King) Morph.
fn all_pieces() -> impl Iterator<Item = Piece> {
    Color::ALL.into_iter().flat_map(|color| {
        Kind::ALL.into_iter().flat_map(move |kind| {
            [false, true]
                .into_iter()
                .filter(move |&morph| !(morph && kind == Kind::King))
                .map(move |morph| Piece::with_morph(color, kind, morph))
        })
    })
}

/// Refuses limits CECP cannot express: a node limit, and a clock with a
/// fixed time per move (`level` and `st` exclude each other).
pub fn check_limits(limits: &Limits) -> Result<(), String> {
    if limits.nodes.is_some() {
        return Err("nodes= is not available with proto=xboard (CECP has no node limit)".into());
    }
    if limits.clock.is_some() && limits.movetime.is_some() {
        return Err("tc= and st= together are not available with proto=xboard (CECP's level and st exclude each other)".into());
    }
    Ok(())
}

/// The commands that set an engine's limits: `level MPS BASE INC` for a
/// clock (CECP writes the base in whole seconds: it is rounded, to at
/// least 1 s; `time` and `otim` give the exact clocks before each move),
/// `st` for a fixed time per move, `sd` for a depth.
pub fn limit_commands(limits: &Limits) -> Vec<Command> {
    let mut out = Vec::new();
    if let Some(c) = limits.clock {
        let base_s = (c.base.as_millis() + 500) / 1000;
        let base_s = if c.base.is_zero() { 0 } else { base_s.max(1) };
        out.push(Command::Level(Level {
            moves: c.moves.unwrap_or(0),
            base_ms: u64::try_from(base_s * 1000).unwrap_or(u64::MAX),
            inc_ms: u64::try_from(c.increment.as_millis()).unwrap_or(u64::MAX),
        }));
    } else if let Some(t) = limits.movetime {
        out.push(Command::St(u64::try_from(t.as_millis()).unwrap_or(u64::MAX)));
    }
    if let Some(d) = limits.depth {
        out.push(Command::Sd(d));
    }
    out
}

/// A thinking line's score: centipawns, or CECP's mate convention (mate in
/// N moves is `100000 + N`, mated in N `-100000 - N`).
pub fn thinking_score(t: &Thinking) -> Score {
    let value = if t.score > MATE_SCORE {
        ScoreValue::Mate(t.score - MATE_SCORE)
    } else if t.score < -MATE_SCORE {
        ScoreValue::Mate(t.score + MATE_SCORE)
    } else {
        ScoreValue::Cp(t.score)
    };
    Score { value, bound: t.bound }
}

/// What the engine's `feature` lines said (the protocol's defaults where
/// it said nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    pub ping: bool,
    pub setboard: bool,
    pub usermove: bool,
    /// `time` and `otim` wanted.
    pub time: bool,
    /// The process may play another game.
    pub reuse: bool,
    /// `memory` and `cores` understood.
    pub memory: bool,
    pub smp: bool,
    pub myname: Option<String>,
    /// The variants it plays (`None`: it did not say).
    pub variants: Option<Vec<String>>,
    /// `done=1` (true) or `done=0` (false: it needs more time) came.
    pub done: Option<bool>,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            ping: false,
            setboard: false,
            usermove: false,
            time: true,
            reuse: true,
            memory: false,
            smp: false,
            myname: None,
            variants: None,
            done: None,
        }
    }
}

impl Features {
    /// Takes one feature; true to accept it, false to reject it (the runner
    /// does not do what it asks for: SAN, signals, analysis, ...).
    pub fn take(&mut self, f: &Feature) -> bool {
        let flag = match &f.value {
            FeatureValue::Bool(b) => *b,
            FeatureValue::Int(n) => *n != 0,
            FeatureValue::Str(s) => s == "1",
        };
        let text = match &f.value {
            FeatureValue::Str(s) => s.clone(),
            FeatureValue::Bool(b) => u8::from(*b).to_string(),
            FeatureValue::Int(n) => n.to_string(),
        };
        match f.name.as_str() {
            "ping" => self.ping = flag,
            "setboard" => self.setboard = flag,
            "usermove" => self.usermove = flag,
            "time" => self.time = flag,
            "reuse" => self.reuse = flag,
            "memory" => self.memory = flag,
            "smp" => self.smp = flag,
            // The runner writes and reads coordinates only, and sends no
            // signals: those are accepted only switched off.
            "san" | "sigint" | "sigterm" => return !flag,
            "myname" => self.myname = Some(text),
            "variants" => self.variants = Some(text.split(',').map(|v| v.trim().to_string()).collect()),
            "done" => self.done = Some(flag),
            // Nothing for the runner to do.
            "colors" | "debug" | "option" => {}
            _ => return false,
        }
        true
    }

    /// True if the engine plays `variant` (or did not list its variants).
    /// A board-size prefix (`11x11+0_pom`) is allowed.
    pub fn plays(&self, variant: Variant) -> bool {
        let name = variant.name();
        self.variants
            .as_ref()
            .is_none_or(|vs| vs.iter().any(|v| v == name || v.rsplit('_').next() == Some(name)))
    }
}

/// A running CECP engine.
pub struct CecpEngine {
    pub config: EngineConfig,
    process: Process,
    features: Features,
    variant: Variant,
    /// The engine's board: the game's start and the moves told so far
    /// (boxed, to keep engines of both protocols of a size).
    board: Box<Position>,
    /// How many moves of the game the engine has heard (or played).
    told: usize,
    /// In force mode (it plays neither side).
    forced: bool,
    /// The last `ping` number.
    pings: i64,
}

impl CecpEngine {
    /// Starts the process and runs the handshake: `xboard`, `protover 2`,
    /// the features until `done=1` (within `timeout`), the options.
    pub fn start(config: &EngineConfig, variant: Variant, timeout: Duration, log: Option<String>) -> Result<CecpEngine, EngineError> {
        if let Err(e) = check_limits(&config.limits) {
            return Err(EngineError::Refused(e));
        }
        let process = Process::spawn(config, log)?;
        let mut engine = CecpEngine {
            config: config.clone(),
            process,
            features: Features::default(),
            variant,
            board: Box::new(Position::startpos(variant)),
            told: 0,
            forced: true,
            pings: 0,
        };
        engine.send(Command::Xboard)?;
        engine.send(Command::Protover(2))?;
        let deadline = Instant::now() + timeout;
        while engine.features.done != Some(true) {
            let line = match engine.process.recv(deadline) {
                Recv::Line((_, line)) => line,
                Recv::Timeout => {
                    return Err(EngineError::Hung(format!(
                        "no 'feature done=1' within {:.1} s (proto=xboard needs a protocol 2 engine)",
                        timeout.as_secs_f64()
                    )))
                }
                Recv::Eof => return Err(engine.process.crashed("its output ended while waiting for 'feature done=1'")),
            };
            // Other lines (a banner, comments) are passed over.
            let Ok(Some(Reply::Features(list))) = parse_reply(&line) else {
                continue;
            };
            for f in &list {
                let answer = if engine.features.take(f) {
                    Command::Accepted(f.name.clone())
                } else {
                    Command::Rejected(f.name.clone())
                };
                engine.send(answer)?;
            }
        }
        if !engine.features.plays(variant) {
            let list = engine.features.variants.clone().unwrap_or_default().join(",");
            return Err(EngineError::Refused(format!(
                "it does not play {variant} (feature variants=\"{list}\")"
            )));
        }
        for (name, value) in config.options.clone() {
            let command = match name.as_str() {
                "memory" | "cores" => {
                    let wanted = if name == "memory" {
                        engine.features.memory
                    } else {
                        engine.features.smp
                    };
                    if !wanted {
                        let feature = if name == "memory" { "memory" } else { "smp" };
                        return Err(EngineError::Refused(format!(
                            "option.{name}: it does not take '{name}' (no feature {feature}=1)"
                        )));
                    }
                    let n: u64 = value
                        .parse()
                        .map_err(|_| EngineError::Refused(format!("option.{name}={value}: expected a whole number")))?;
                    if name == "memory" {
                        Command::Memory(n)
                    } else {
                        Command::Cores(u32::try_from(n).unwrap_or(u32::MAX))
                    }
                }
                _ => Command::Option {
                    name: name.clone(),
                    value: (!value.is_empty()).then_some(value),
                },
            };
            engine.send(command)?;
        }
        engine.ping(timeout)?;
        Ok(engine)
    }

    fn send(&mut self, command: impl std::fmt::Display) -> Result<(), EngineError> {
        self.process.send(command)
    }

    /// The engine's `myname`.
    pub fn reported_name(&self) -> Option<&str> {
        self.features.myname.as_deref().filter(|n| !n.trim().is_empty())
    }

    /// False if the engine asked for a new process for every game (`reuse=0`).
    pub fn reusable(&self) -> bool {
        self.features.reuse
    }

    /// `ping N` … `pong N`, if the engine has `ping` (else nothing can be
    /// waited for).
    fn ping(&mut self, timeout: Duration) -> Result<(), EngineError> {
        if !self.features.ping {
            return Ok(());
        }
        self.pings += 1;
        let n = self.pings;
        self.send(Command::Ping(n))?;
        let deadline = Instant::now() + timeout;
        loop {
            match self.process.recv(deadline) {
                Recv::Line((_, line)) if parse_reply(&line) == Ok(Some(Reply::Pong(n))) => return Ok(()),
                Recv::Line(_) => {}
                Recv::Timeout => return Err(EngineError::Hung(format!("no 'pong {n}' within {:.1} s", timeout.as_secs_f64()))),
                Recv::Eof => return Err(self.process.crashed(&format!("its output ended while waiting for 'pong {n}'"))),
            }
        }
    }

    /// Sets up a game from `start`.
    pub fn new_game(&mut self, start: &Position, timeout: Duration) -> Result<(), EngineError> {
        self.process.drain()?;
        self.send(Command::New)?;
        self.send(Command::Variant(self.variant.name().to_string()))?;
        // `new` makes the engine play Black; it plays nothing until `go`.
        self.send(Command::Force)?;
        self.forced = true;
        for c in limit_commands(&self.config.limits) {
            self.send(c)?;
        }
        self.send(Command::Post)?;
        self.send(if self.config.ponder { Command::Hard } else { Command::Easy })?;
        if start.fen() != Position::startpos(self.variant).fen() {
            if !self.features.setboard {
                return Err(EngineError::Refused(
                    "the game starts from a set-up position, and it has no 'setboard' (feature setboard=1)".into(),
                ));
            }
            self.send(Command::SetBoard(xboard_fen(start)))?;
        }
        *self.board = start.clone();
        self.told = 0;
        self.ping(timeout)
    }

    /// Tells the engine the next move of the game (`usermove`, or the bare
    /// move without that feature) and plays it on its board.
    fn tell(&mut self, text: &MoveText) -> Result<(), EngineError> {
        // The game's moves are legal (the referee played them on the same
        // positions), so this fails only if the boards went apart.
        let m = self
            .board
            .resolve_move(text)
            .map_err(|e| EngineError::Refused(format!("the runner lost track of its board: {e}")))?;
        let mv = xboard_move(&self.board, m);
        if self.features.usermove {
            self.send(Command::UserMove(mv))?;
        } else {
            self.send(mv)?;
        }
        self.board.make(m);
        self.told += 1;
        Ok(())
    }

    /// `time` and `otim` in centiseconds, if the engine has a clock and
    /// wants them (the opponent's clock stands in for a side without one).
    fn send_times(&mut self, turn: &Turn) -> Result<(), EngineError> {
        let i = turn.pos.side_to_move().index();
        let Some(own) = turn.clocks[i] else {
            return Ok(());
        };
        if !self.features.time {
            return Ok(());
        }
        let other = turn.clocks[1 - i].unwrap_or(own);
        let cs = |d: Duration| i64::try_from(d.as_millis() / 10).unwrap_or(i64::MAX);
        self.send(Command::Time(cs(own.remaining)))?;
        self.send(Command::Otim(cs(other.remaining)))
    }

    /// Starts the engine's search: the moves it has not heard, the clocks,
    /// and the move or `go` that sets it thinking.
    fn start_search(&mut self, turn: &Turn) -> Result<(), EngineError> {
        self.process.drain()?;
        let pending = turn.moves.get(self.told..).unwrap_or_default();
        if !self.forced && pending.len() == 1 {
            // The usual rhythm: it played the last move but one, and the
            // opponent's move starts its search.
            self.send_times(turn)?;
            return self.tell(&pending[0]);
        }
        if !self.forced {
            self.send(Command::Force)?;
            self.forced = true;
        }
        for m in pending {
            self.tell(m)?;
        }
        self.send_times(turn)?;
        self.send(Command::Go)?;
        self.forced = false;
        Ok(())
    }

    /// The engine's move in `turn`, waited for with the deadline its clock
    /// allows.
    pub fn think(&mut self, turn: &Turn) -> Answer {
        if let Err(e) = self.start_search(turn) {
            return Answer::from_error(&e);
        }
        let start = Instant::now();
        let limits = self.config.limits;
        let board = &self.board;
        let mut played = None;
        let answer = await_move(
            &mut self.process,
            DIALECT,
            start,
            &limits,
            budget(&limits, turn),
            turn.timing,
            (None, None),
            |line| {
                let heard = hear(board, line);
                if let Heard::Move(Ok(m)) = heard {
                    played = Some(m);
                }
                heard
            },
        );
        if let (Answer::Move { mv: Ok(_), .. }, Some(m)) = (&answer, played) {
            self.board.make(m);
            self.told += 1;
        }
        answer
    }

    /// The game is over: `force` and `result`.
    pub fn end_game(&mut self, result: GameResult, reason: &str) -> Result<(), EngineError> {
        self.send(Command::Force)?;
        self.forced = true;
        self.send(Command::Result {
            result,
            comment: reason.to_string(),
        })
    }

    /// Asks the engine to quit, and kills it if it has not after `grace`.
    pub fn quit(self, grace: Duration) {
        self.process.quit(Command::Quit, grace);
    }
}

/// What a line of the engine means while it is to move on `board`.
fn hear(board: &Position, line: &str) -> Heard {
    match parse_reply(line) {
        Ok(Some(Reply::Move(mv))) => {
            Heard::Move(resolve_xboard_move(board, &mv).map_err(|e| format!("plays an illegal move: '{mv}': {e}")))
        }
        // A `move` line that cannot be read is the engine's move all the
        // same (an illegal one).
        Err(
            e @ (CecpError::BadMove { command: "move", .. }
            | CecpError::Missing { command: "move", .. }
            | CecpError::TooMany { command: "move", .. }),
        ) => Heard::Move(Err(format!("plays an illegal move: {e}"))),
        Ok(Some(Reply::Thinking(t))) => Heard::Score(thinking_score(&t), Some(t.ply)),
        Ok(Some(Reply::Resign)) => Heard::Lost(Termination::Resignation, "resigns".into()),
        // Every move the runner sends is legal: refusing one leaves the
        // engine in another game.
        Ok(Some(Reply::IllegalMove { mv, reason })) => {
            let why = reason.map_or_else(String::new, |r| format!(" ({r})"));
            Heard::Lost(Termination::IllegalMove, format!("refuses the legal move '{mv}'{why}"))
        }
        // Result claims, draw offers, errors about other commands, comments:
        // informational.
        _ => Heard::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tc::parse_tc;
    use rules::SplitMix64;

    #[test]
    fn start_fens_in_xboard_letters() {
        let pom = xboard_fen(&Position::startpos(Variant::Pom));
        assert!(
            pom.starts_with("thamqksamht/wwwwpepwwww/4wbw4/5w5/11/11/11/5W5/4WBW4/WWWWPEPWWWW/THAMQKSAMHT w "),
            "{pom}"
        );
        let mini = xboard_fen(&Position::startpos(Variant::MiniPom));
        assert!(mini.starts_with("thbqkebht/wwwwwwwww/9/9/9/9/9/WWWWWWWWW/THBQKEBHT w "), "{mini}");
        // The rights are the rules' own letters.
        let start = Position::startpos(Variant::Pom);
        assert!(pom.ends_with(&format!(" {} - 0 1", start.rights_text())), "{pom}");
    }

    #[test]
    fn every_piece_has_its_own_letter() {
        let mut seen = Vec::new();
        for p in all_pieces() {
            let c = xboard_letter(p);
            assert!(!seen.contains(&c), "{c} twice");
            seen.push(c);
        }
        assert_eq!(seen.len(), 38);
        assert!(!seen.contains(&'X') && !seen.contains(&'x'));
        assert_eq!(xboard_letter(Piece::morph(Color::White, Kind::Horse)), 'N');
        assert_eq!(xboard_letter(Piece::morph(Color::Black, Kind::Sword)), 'f');
        assert_eq!(xboard_letter(Piece::morph(Color::Black, Kind::Advisor)), 'b');
        assert_eq!(xboard_letter(Piece::new(Color::Black, Kind::Medusa)), 'e');
    }

    /// Every legal move of many random positions reads back from its XBoard
    /// text; promotions and transformations carry a letter, the rest none.
    #[test]
    fn moves_round_trip_through_xboard_text() {
        let mut rng = SplitMix64::new(3);
        let mut lettered = 0;
        for variant in Variant::ALL {
            for _ in 0..20 {
                let mut pos = Position::startpos(variant);
                for _ in 0..200 {
                    let moves = pos.legal_move_vec();
                    for &m in &moves {
                        let x = xboard_move(&pos, m);
                        let text = x.to_string();
                        let back: CecpMove = text.parse().unwrap();
                        assert_eq!(resolve_xboard_move(&pos, &back), Ok(m), "{text} in {}", pos.fen());
                        let has_letter = matches!(x, CecpMove::Coord { promotion: Some(_), .. });
                        assert_eq!(has_letter, matches!(m.kind(), MoveKind::Promotion | MoveKind::Transform));
                        if has_letter {
                            lettered += 1;
                            // The same squares without the letter name the
                            // move that changes nothing, if there is one.
                            let CecpMove::Coord { from, to, .. } = x else { unreachable!() };
                            if let Ok(plain) = resolve_xboard_move(&pos, &CecpMove::coord(from, to)) {
                                assert!(suffix(&pos, plain).is_none());
                            }
                        } else if let CecpMove::Coord { from, to, .. } = x {
                            // The mover's own letter means the same move.
                            let own = xboard_letter(pos.piece_at(m.from()));
                            let with_own = CecpMove::with_promotion(from, to, own);
                            assert_eq!(resolve_xboard_move(&pos, &with_own), Ok(m), "{with_own}");
                        }
                    }
                    let back = from_xboard_fen(variant, &xboard_fen(&pos)).unwrap();
                    assert_eq!(back.fen(), pos.fen());
                    if pos.outcome().is_some() {
                        break;
                    }
                    let Some(&m) = rng.pick(&moves) else { break };
                    pos.make(m);
                }
            }
        }
        assert!(lettered > 0, "no promotion or transformation met");
    }

    #[test]
    fn moves_that_name_no_legal_move() {
        let pos = Position::startpos(Variant::Pom);
        let bad = |s: &str| resolve_xboard_move(&pos, &s.parse().unwrap()).unwrap_err();
        assert!(bad("e3e9").contains("e3"), "{}", bad("e3e9"));
        assert!(bad("e3e5q").contains("legal here: e3e5"), "{}", bad("e3e5q"));
        assert!(bad("e3e5+").contains("wrong piece letter"));
        assert!(bad("a1z9").contains("board"));
        assert!(bad("@@@@").contains("null"));
        assert!(bad("W@e5").contains("drops"));
        assert!(bad("e3e4,e4e5").contains("multi-leg"));
        assert!(bad("O-O").contains("castling"));
        // The mover's letter (a Sword) means the plain move.
        assert!(resolve_xboard_move(&pos, &"e3e5w".parse().unwrap()).is_ok());
    }

    #[test]
    fn limits_become_cecp_commands() {
        let words = |tc: &str| -> Vec<String> {
            let mut l = Limits::default();
            for kv in tc.split_whitespace() {
                let (k, v) = kv.split_once('=').unwrap();
                assert!(l.set(k, v).unwrap());
            }
            limit_commands(&l).iter().map(|c| c.to_string()).collect()
        };
        assert_eq!(words("tc=10+0.1"), ["level 0 0:10 0.1"]);
        assert_eq!(words("tc=40/60+0.6"), ["level 40 1 0.6"]);
        assert_eq!(words("tc=1:30+1 depth=12"), ["level 0 1:30 1", "sd 12"]);
        assert_eq!(words("tc=2.6+0.025"), ["level 0 0:03 0.025"]);
        // Less than a second is written as one (time/otim tell the truth).
        assert_eq!(words("tc=0.4+0.01"), ["level 0 0:01 0.01"]);
        assert_eq!(words("st=0.5"), ["st 0.5"]);
        assert_eq!(words("depth=4"), ["sd 4"]);
        let mut l = Limits {
            clock: parse_tc("10").unwrap(),
            ..Limits::default()
        };
        assert!(check_limits(&l).is_ok());
        l.movetime = Some(Duration::from_secs(1));
        assert!(check_limits(&l).unwrap_err().contains("st="));
        let l = Limits {
            nodes: Some(5),
            ..Limits::default()
        };
        assert!(check_limits(&l).unwrap_err().contains("nodes="));
    }

    #[test]
    fn scores_follow_the_cecp_mate_convention() {
        let t = |score| Thinking {
            score,
            ..Thinking::default()
        };
        assert_eq!(thinking_score(&t(35)).value, ScoreValue::Cp(35));
        assert_eq!(thinking_score(&t(-120)).value, ScoreValue::Cp(-120));
        assert_eq!(thinking_score(&t(protocol::cecp::mate_score(3))).value, ScoreValue::Mate(3));
        assert_eq!(thinking_score(&t(protocol::cecp::mate_score(-2))).value, ScoreValue::Mate(-2));
        let Ok(Some(Reply::Thinking(line))) = parse_reply("7 -100004 52 9000 e3e5") else {
            panic!("thinking line");
        };
        assert_eq!(thinking_score(&line).value, ScoreValue::Mate(-4));
    }

    /// Gorgon's feature line (docs/XBOARD.md): what is accepted, what not.
    #[test]
    fn gorgon_features() {
        let line = "feature myname=\"Gorgon 0.1.0\" variants=\"pom,minipom\" setboard=1 usermove=1 ping=1 playother=1 \
                    san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 memory=1 smp=1 highlight=1 \
                    debug=1 nps=0 exclude=0 setscore=0 pause=0 done=1";
        let Ok(Some(Reply::Features(list))) = parse_reply(line) else {
            panic!("features");
        };
        let mut f = Features::default();
        let rejected: Vec<&str> = list.iter().filter(|x| !f.take(x)).map(|x| x.name.as_str()).collect();
        assert_eq!(
            rejected,
            ["playother", "draw", "analyze", "highlight", "nps", "exclude", "setscore", "pause"]
        );
        assert!(f.ping && f.setboard && f.usermove && f.time && f.reuse && f.memory && f.smp);
        assert_eq!(f.myname.as_deref(), Some("Gorgon 0.1.0"));
        assert_eq!(f.done, Some(true));
        assert!(f.plays(Variant::Pom) && f.plays(Variant::MiniPom));
        // SAN and signals are accepted only switched off.
        for (text, accepted) in [("san=1", false), ("sigint=1", false), ("sigterm=0", true), ("reuse=0", true)] {
            let Ok(Some(Reply::Features(list))) = parse_reply(&format!("feature {text}")) else {
                panic!("{text}");
            };
            assert_eq!(f.take(&list[0]), accepted, "{text}");
        }
        assert!(!f.reuse);
        let mut chess = Features::default();
        assert!(chess.plays(Variant::Pom), "no variants feature: no refusal");
        chess.variants = Some(vec!["normal".into(), "11x11+0_minipom".into()]);
        assert!(!chess.plays(Variant::Pom) && chess.plays(Variant::MiniPom));
    }

    #[test]
    fn lines_heard_while_the_engine_thinks() {
        let pos = Position::startpos(Variant::Pom);
        assert!(matches!(hear(&pos, "move e3e5"), Heard::Move(Ok(_))));
        let Heard::Move(Err(why)) = hear(&pos, "move e3e9") else {
            panic!("illegal move");
        };
        assert!(why.starts_with("plays an illegal move: 'e3e9'"), "{why}");
        assert!(matches!(hear(&pos, "move zz"), Heard::Move(Err(_))));
        assert!(matches!(hear(&pos, "move"), Heard::Move(Err(_))));
        assert!(matches!(hear(&pos, "5 35 12 900 e3e5 h10h8"), Heard::Score(_, Some(5))));
        assert!(matches!(hear(&pos, "resign"), Heard::Lost(Termination::Resignation, _)));
        let Heard::Lost(Termination::IllegalMove, why) = hear(&pos, "Illegal move (no piece on e4): e4e5") else {
            panic!("refused move");
        };
        assert_eq!(why, "refuses the legal move 'e4e5' (no piece on e4)");
        for other in [
            "1-0 {White mates}",
            "offer draw",
            "Error (unknown command): hard",
            "# hello",
            "pong 3",
            "telluser hi",
        ] {
            assert!(matches!(hear(&pos, other), Heard::Other), "{other}");
        }
    }
}
