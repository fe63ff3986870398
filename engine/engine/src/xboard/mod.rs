//! CECP mode: the XBoard/WinBoard protocol, version 2, with XBoard 4.8's
//! engine-defined variants (docs/XBOARD.md).
//!
//! The architecture is the UCI loop's: a reader thread owns stdin, parses
//! every line (`protocol::cecp`) and answers what cannot wait (`?`, `.`,
//! `quit`, EOF); everything else goes, in order, over a channel to the
//! loop, which runs the commands, the searches on the engine's move and
//! the analysis and the pondering. Each search has its own stop ticket
//! ([`Stops`]), so a command that ends it can never be undone by the next
//! search's start (docs/ARCHITECTURE.md, "Stops"); a pondering search is
//! issued pondering, and the user's move is its `ponderhit` (the move
//! expected) or its cancellation (any other), decided by the reader when
//! it reads the move, as UCI's reader answers `ponderhit` and `stop`.
//! The options are the UCI loop's table (`options.rs`). The engine is the
//! referee: XBoard cannot know the gaze, the Morph or POM castling, so
//! every user move is checked here, and `lift`/`put` are answered with the
//! legal targets and the choices.

mod clock;
mod options;
mod table;

use crate::player::{self, Control, Limits, Report, Stops};
use crate::stdio::{write_line, StdinLines};
use crate::uci::options::{self as table_options, OptionId, OptionValue};
use clock::Clock;
use protocol::cecp::{self, CecpError, CecpMove, Command, Feature, GameResult, MoveSet, Reply, Stat01, Thinking};
use protocol::ScoreValue;
use rules::{Color, Move, Outcome, Position, Variant};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// Writes one protocol line to stdout.
fn send(reply: &Reply) {
    write_line(reply);
}

/// Shown once when a move onto a magenta square comes with a letter that
/// names no possible result (XBoard adds its default piece on drag and drop).
const CHOICE_HELP: &str = "Magenta square: the piece may change. Click the piece, then press on the magenta square \
     and pull the mouse down to see the possible pieces; release on the one you want. \
     Or type the move with the new piece's letter (see docs/XBOARD.md).";

/// What the reader hands to the loop.
enum Input {
    /// A command, the line it came from and its number in the input
    /// (counting what the reader forwards, from 1).
    Command(Command, String, u64),
    /// A line that is no command, and why.
    Error(CecpError, String),
    /// `quit` or the end of the input.
    Quit,
}

/// What the loop is doing, as the reader sees it.
const IDLE: u8 = 0;
const THINKING: u8 = 1;
const ANALYZING: u8 = 2;
/// Thinking on the opponent's time about the expected reply.
const PONDERING: u8 = 3;

/// Search progress for `.` (`stat01`), which the reader answers.
struct Stats {
    start: Instant,
    nodes: u64,
    depth: u32,
    moves_total: u32,
    current: Option<(u32, CecpMove)>,
}

/// What the reader and the loop share.
struct Shared {
    /// The searches' tickets: `?` stops the thinking, a command that ends
    /// the game (`force`, `new`, `result`, ...) cancels it (its move is
    /// dropped), any command stops the analysis, `quit`/EOF all of them.
    stops: Arc<Stops>,
    /// `IDLE`, `THINKING`, `ANALYZING` or `PONDERING`.
    state: AtomicU8,
    /// While pondering: the position where the user is to move and the
    /// reply the engine expects there, for the reader to tell a ponder
    /// hit from a miss.
    expected: Mutex<Option<(Position, Move)>>,
    /// When the last ponder hit was read: the engine's clock runs from then.
    hit_at: Mutex<Instant>,
    /// The number of the last input forwarded before a `?` that came while
    /// no thinking ran: thinking that a command up to that number made due
    /// has been told to move now before it started.
    move_now_after: AtomicU64,
    /// Taken by the reader to look at `state` and forward a line (or take
    /// a `?`), and by the loop to change `state`, issue a ticket and look
    /// at what was forwarded, so that a command never slips between them.
    gate: Mutex<()>,
    stats: Mutex<Stats>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Commands that end the game the engine is thinking about.
fn ends_thinking(c: &Command) -> bool {
    matches!(
        c,
        Command::Force
            | Command::New
            | Command::Result { .. }
            | Command::SetBoard(_)
            | Command::Undo
            | Command::Remove
            | Command::Variant(_)
            | Command::Analyze
            | Command::Exit
            | Command::Edit
            | Command::UserMove(_)
    )
}

/// Runs the CECP loop on stdin/stdout until `quit` or EOF (the `xboard`
/// line has been read already).
pub fn run(variant: Variant) {
    let shared = Arc::new(Shared {
        stops: Stops::new(),
        state: AtomicU8::new(IDLE),
        expected: Mutex::new(None),
        hit_at: Mutex::new(Instant::now()),
        move_now_after: AtomicU64::new(0),
        gate: Mutex::new(()),
        stats: Mutex::new(Stats {
            start: Instant::now(),
            nodes: 0,
            depth: 0,
            moves_total: 0,
            current: None,
        }),
    });
    let (tx, rx) = channel();
    let reader = Arc::clone(&shared);
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_stdin(tx, reader))
        .expect("spawn the stdin reader");
    Session::new(variant, shared).serve(rx);
}

/// The reader thread: answers `?` and `.` at once and queues the rest
/// for the loop, interrupting a search that a command ends.
fn read_stdin(tx: Sender<Input>, shared: Arc<Shared>) {
    let mut sent = 0;
    for line in StdinLines::new(None) {
        let line = line.trim().to_owned();
        let command = match cecp::parse_line(&line) {
            Ok(None) => continue,
            Ok(Some(c)) => c,
            Err(e) => {
                if tx.send(Input::Error(e, line)).is_err() {
                    return;
                }
                continue;
            }
        };
        match command {
            Command::Quit => break,
            Command::MoveNow => {
                let _gate = lock(&shared.gate);
                match shared.state.load(Ordering::SeqCst) {
                    THINKING => shared.stops.stop(),
                    // Thinking may be due from what was sent before the
                    // `?` without having started: it starts stopped.
                    IDLE => shared.move_now_after.store(sent, Ordering::SeqCst),
                    _ => {}
                }
                continue;
            }
            Command::Status => {
                if shared.state.load(Ordering::SeqCst) == ANALYZING {
                    send(&status(&shared));
                }
                continue;
            }
            _ => {}
        }
        let _gate = lock(&shared.gate);
        match shared.state.load(Ordering::SeqCst) {
            // Any command interrupts the analysis; the loop restarts it.
            ANALYZING => shared.stops.stop(),
            THINKING if ends_thinking(&command) => shared.stops.cancel(),
            PONDERING => ponder_verdict(&shared, &command),
            _ => {}
        }
        sent += 1;
        if tx.send(Input::Command(command, line, sent)).is_err() {
            return;
        }
    }
    // Not under the gate: a ticket issued after this is cancelled at once.
    shared.stops.shut_down();
    let _ = tx.send(Input::Quit);
}

/// A command read while the engine ponders (the gate held): the expected
/// move is a ponder hit, and the search goes on as the engine's thinking
/// on its own clock; the clocks (sent just before the move) leave it
/// pondering; anything else, another move included, cancels it.
fn ponder_verdict(shared: &Shared, command: &Command) {
    let hit = match command {
        Command::Time(_) | Command::Otim(_) => return,
        Command::UserMove(mv) => lock(&shared.expected)
            .as_ref()
            .is_some_and(|(pos, expected)| table::user_move(pos, mv) == Ok(*expected)),
        _ => false,
    };
    if hit {
        *lock(&shared.hit_at) = Instant::now();
        shared.stops.ponderhit();
        shared.state.store(THINKING, Ordering::SeqCst);
    } else {
        shared.stops.cancel();
    }
}

/// The `stat01` line of the running analysis.
fn status(shared: &Shared) -> Reply {
    let s = lock(&shared.stats);
    let (number, current) = match &s.current {
        Some((n, m)) => (*n, Some(m.clone())),
        None => (0, None),
    };
    Reply::Stat01(Stat01 {
        time_cs: s.start.elapsed().as_millis() as u64 / 10,
        nodes: s.nodes,
        ply: s.depth,
        moves_left: s.moves_total.saturating_sub(number),
        moves_total: s.moves_total,
        current,
    })
}

/// A ponder hit's result, played without a new search.
struct Pondered {
    /// The position it is for.
    key: u64,
    best: Move,
    /// The reply it expects, to ponder on next.
    reply: Option<Move>,
    /// When the hit came: the engine's clock runs from then.
    hit_at: Instant,
    /// The search's last thinking line (with `post`): sent before the
    /// user's move, it is repeated with the engine's, so that the move
    /// comes with its depth and score after the user's move as every other
    /// move does.
    thinking: Option<Thinking>,
}

/// Who the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Neither side (`force`): moves are checked and played, nothing more.
    Force,
    /// One side.
    Play(Color),
    /// Analyze mode: like force mode, and the engine thinks about the
    /// position all the time.
    Analyze,
}

/// How a finished game is announced: its result and XBoard's comment.
fn result_of(outcome: Outcome) -> (GameResult, &'static str) {
    let comment = match outcome {
        Outcome::Checkmate { winner: Color::White } => "White mates",
        Outcome::Checkmate { winner: Color::Black } => "Black mates",
        Outcome::Stalemate => "Stalemate",
        Outcome::InsufficientMaterial => "Insufficient material",
        Outcome::FiftyMoves => "50-move rule",
        Outcome::Repetition => "Draw by repetition",
    };
    (outcome.result(), comment)
}

/// A search score in CECP units.
fn cecp_score(score: ScoreValue) -> i32 {
    match score {
        ScoreValue::Cp(cp) => cp,
        ScoreValue::Mate(n) => cecp::mate_score(n),
    }
}

/// The features Gorgon asks for in answer to `protover 2`: the flags, one
/// line per option, and `done=1` last, once XBoard has them all.
fn features() -> Vec<Reply> {
    let mut lines = vec![flags()];
    lines.extend(options::features());
    lines.push(Reply::Features(vec![Feature::flag("done", true)]));
    lines
}

/// The `feature` line of the protocol's flags and names.
fn flags() -> Reply {
    let name = format!("Gorgon {}", env!("CARGO_PKG_VERSION"));
    let variants: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    Reply::Features(vec![
        Feature::text("myname", &name),
        Feature::text("variants", &variants.join(",")),
        Feature::flag("setboard", true),
        Feature::flag("usermove", true),
        Feature::flag("ping", true),
        Feature::flag("playother", true),
        Feature::flag("san", false),
        Feature::flag("time", true),
        Feature::flag("draw", false),
        Feature::flag("sigint", false),
        Feature::flag("sigterm", false),
        Feature::flag("reuse", true),
        Feature::flag("analyze", true),
        Feature::flag("colors", false),
        Feature::flag("memory", true),
        Feature::flag("smp", true),
        Feature::flag("highlight", true),
        Feature::flag("debug", true),
        Feature::flag("nps", false),
        Feature::flag("exclude", true),
        Feature::flag("setscore", false),
        Feature::flag("pause", false),
    ])
}

/// The loop's state.
struct Session {
    variant: Variant,
    pos: Position,
    role: Role,
    clock: Clock,
    /// Thinking output on (`post`).
    post: bool,
    /// XBoard accepted `highlight`: answer `lift`/`put`, show petrified pieces.
    highlight: bool,
    /// Petrified pieces are marked on XBoard's board now.
    stones_shown: bool,
    /// The game has ended (by a result the engine announced or `result`).
    game_over: bool,
    /// Why the last `setboard` was refused; moves are refused until the next
    /// `new` or good `setboard`.
    bad_position: Option<String>,
    /// The user has been told how to choose a Morph's form.
    told_choice: bool,
    /// The square of the piece the user holds (`lift`).
    lifted: Option<u8>,
    /// The engine is to think about its move (after `go` or a user move).
    want_think: bool,
    /// Analyze mode: the analysis is to be (re)started.
    analysis_due: bool,
    /// The fullmove number the game started at (moves per session).
    start_fullmove: u32,
    /// The expected reply to the engine's last move, for `hint` and
    /// pondering: the key of the position it is expected in, and the move.
    hint: Option<(u64, Move)>,
    /// Pondering on (`hard`) or off (`easy`).
    ponder: bool,
    /// The engine has just moved: pondering is due if on and nothing has
    /// arrived since.
    ponder_due: bool,
    /// What a ponder search found after its ponder hit.
    pondered: Option<Pondered>,
    /// Root moves left out of the analysis (`exclude`), until the
    /// position changes.
    excluded: Vec<Move>,
    player: player::Engine,
    shared: Arc<Shared>,
    pending: VecDeque<Input>,
    /// The number of the last input handled.
    handled: u64,
}

impl Session {
    fn new(variant: Variant, shared: Arc<Shared>) -> Session {
        Session {
            variant,
            pos: Position::startpos(variant),
            role: Role::Play(Color::Black),
            clock: Clock::default(),
            post: false,
            highlight: true,
            stones_shown: false,
            game_over: false,
            bad_position: None,
            told_choice: false,
            lifted: None,
            want_think: false,
            analysis_due: false,
            start_fullmove: 1,
            hint: None,
            ponder: false,
            ponder_due: false,
            pondered: None,
            excluded: Vec::new(),
            player: player::Engine::new(),
            shared,
            pending: VecDeque::new(),
            handled: 0,
        }
    }

    fn serve(&mut self, rx: Receiver<Input>) {
        loop {
            // The engine's move comes before what was sent after the move
            // that made it its turn (a `ping` is answered after the move).
            if self.want_think && self.work(&rx) {
                continue;
            }
            let input = match self.pending.pop_front() {
                Some(input) => input,
                None => match rx.try_recv() {
                    Ok(input) => input,
                    Err(TryRecvError::Disconnected) => return,
                    Err(TryRecvError::Empty) => {
                        if self.work(&rx) {
                            continue;
                        }
                        // `work` may have moved what arrived meanwhile into
                        // `pending` (and not searched because of it): that
                        // comes first, or the loop would wait for more input
                        // with a command in hand.
                        let next = match self.pending.pop_front() {
                            Some(input) => Ok(input),
                            None => rx.recv(),
                        };
                        match next {
                            Ok(input) => input,
                            Err(_) => return,
                        }
                    }
                },
            };
            match input {
                Input::Quit => return,
                Input::Error(e, line) => send(&Reply::Error {
                    kind: e.error_type(),
                    command: line,
                }),
                Input::Command(c, line, number) => {
                    self.handled = number;
                    if self.role == Role::Analyze {
                        self.analysis_due = true;
                    }
                    // Pondering starts only right after the engine's move.
                    self.ponder_due = false;
                    self.handle(c, &line);
                }
            }
        }
    }

    /// Thinks, analyses or ponders if that is due; true if it searched (or
    /// announced the end of the game). Thinking waits for commands that end
    /// the game already received; the analysis and the pondering for any
    /// command received.
    fn work(&mut self, rx: &Receiver<Input>) -> bool {
        let think = self.want_think && matches!(self.role, Role::Play(c) if c == self.pos.side_to_move());
        let analyze = self.analysis_due && self.role == Role::Analyze;
        if !think {
            self.want_think = false;
        }
        let expected = if think || analyze { None } else { self.ponder_on() };
        if !think && !analyze && expected.is_none() {
            return false;
        }
        if think && (self.game_over || self.bad_position.is_some()) {
            self.want_think = false;
            return false;
        }
        if think {
            if let Some(outcome) = self.pos.outcome() {
                self.want_think = false;
                self.announce(outcome);
                return true;
            }
        }
        let control = {
            let _gate = lock(&self.shared.gate);
            while let Ok(input) = rx.try_recv() {
                self.pending.push_back(input);
            }
            let blocked = self.pending.iter().any(|i| match i {
                Input::Command(c, ..) => !think || ends_thinking(c),
                _ => true,
            });
            if blocked {
                return false;
            }
            let control = self.shared.stops.issue(expected.is_some());
            if think && self.shared.move_now_after.load(Ordering::SeqCst) >= self.handled {
                control.stop();
            }
            let state = match (think, analyze) {
                (true, _) => THINKING,
                (_, true) => ANALYZING,
                _ => PONDERING,
            };
            *lock(&self.shared.expected) = expected.map(|m| (self.pos.clone(), m));
            self.shared.state.store(state, Ordering::SeqCst);
            control
        };
        if think {
            self.think(&control);
        } else if analyze {
            self.analyze(&control);
        } else if let Some(expected) = expected {
            self.ponder_on_reply(expected, &control);
        }
        true
    }

    /// The reply to ponder on, if pondering is due: on (`hard`), the
    /// engine's move just played in a game it plays, and a legal expected
    /// reply after which the game goes on. Due only once.
    fn ponder_on(&mut self) -> Option<Move> {
        let due = std::mem::take(&mut self.ponder_due);
        let waiting = matches!(self.role, Role::Play(c) if c != self.pos.side_to_move());
        if !(due && self.ponder && waiting) || self.game_over || self.bad_position.is_some() {
            return None;
        }
        let key = self.pos.key();
        let (_, reply) = self.hint.filter(|&(k, m)| k == key && self.pos.is_legal(m))?;
        let mut after = self.pos.clone();
        after.make(reply);
        after.outcome().is_none().then_some(reply)
    }

    /// Searches `pos` (the game's position, or the one after the expected
    /// reply when pondering), reporting thinking output; the shared state
    /// goes back to idle. Returns the result and the last thinking line sent.
    fn search(&mut self, pos: &Position, limits: &Limits, control: &Control) -> (player::SearchResult, Option<Thinking>) {
        {
            let mut stats = lock(&self.shared.stats);
            stats.start = Instant::now();
            stats.nodes = 0;
            stats.depth = 0;
            stats.moves_total = match limits.searchmoves.len() {
                0 => pos.legal_move_vec().len() as u32,
                n => n as u32,
            };
            stats.current = None;
        }
        let post = self.post;
        // Several lines a depth: XBoard sorts the lines of one depth by
        // score, so each line comes once, with its exact score; the
        // aspiration's bounds would show a line twice.
        let multipv = self.player.multipv() > 1;
        let shared = &self.shared;
        let mut last_thinking = None;
        let result = self.player.search(pos, limits, control, &mut |report| match report {
            Report::Info(i) => {
                {
                    let mut stats = lock(&shared.stats);
                    stats.nodes = i.nodes;
                    stats.depth = i.depth;
                }
                if post && !(multipv && i.bound.is_some()) {
                    // The plain form: XBoard 4.9 shows whatever follows
                    // the node count as the PV, the optional fields too.
                    let thinking = Thinking {
                        ply: i.depth,
                        score: cecp_score(i.score),
                        time_cs: i.time_ms / 10,
                        nodes: i.nodes,
                        seldepth: None,
                        nps: None,
                        bound: i.bound,
                        pv: table::cecp_line(pos, &i.pv),
                    };
                    send(&Reply::Thinking(thinking.clone()));
                    last_thinking = Some(thinking);
                }
            }
            Report::CurrMove { depth, mv, number } => {
                let mut stats = lock(&shared.stats);
                stats.depth = stats.depth.max(depth.saturating_sub(1));
                stats.current = Some((number, table::cecp_move(pos, mv)));
            }
            Report::String(s) => send(&Reply::Comment(s)),
        });
        self.idle();
        (result, last_thinking)
    }

    /// No search runs any more (as the reader sees it).
    fn idle(&self) {
        let _gate = lock(&self.shared.gate);
        self.shared.state.store(IDLE, Ordering::SeqCst);
        *lock(&self.shared.expected) = None;
    }

    /// The engine's move.
    fn think(&mut self, control: &Control) {
        let key = self.pos.key();
        let pondered = self.pondered.take().filter(|p| p.key == key && self.pos.is_legal(p.best));
        let (best, reply) = match pondered {
            // The ponder hit's search has spent this move's time already.
            Some(Pondered {
                best,
                reply,
                hit_at,
                thinking,
                ..
            }) => {
                self.idle();
                // `time` said the clock at the hit; the search ran on since.
                self.clock.spend(hit_at.elapsed().as_millis() as u64);
                if let Some(t) = thinking {
                    send(&Reply::Thinking(t));
                }
                (Some(best), reply)
            }
            None => {
                let side = self.pos.side_to_move();
                let made = self.pos.fullmove_number().saturating_sub(self.start_fullmove);
                let limits = self.clock.limits(side, made);
                let pos = self.pos.clone();
                let start = Instant::now();
                let (result, _) = self.search(&pos, &limits, control);
                self.clock.spend(start.elapsed().as_millis() as u64);
                (result.best, result.ponder)
            }
        };
        self.want_think = false;
        if control.cancelled() {
            return;
        }
        let Some(best) = best.filter(|&m| self.pos.is_legal(m)) else {
            if let Some(outcome) = self.pos.outcome() {
                self.announce(outcome);
            }
            return;
        };
        send(&Reply::Move(table::cecp_move(&self.pos, best)));
        self.pos.make(best);
        self.hint = reply.map(|p| (self.pos.key(), p));
        self.after_move();
        self.ponder_due = true;
    }

    /// Thinks on the opponent's time about the position after `expected`
    /// as if it were the engine's move: the clock counts from the ponder
    /// hit. On a hit the move found is kept for when the user's move is
    /// handled; on a miss (cancelled) nothing is.
    fn ponder_on_reply(&mut self, expected: Move, control: &Control) {
        let mut pos = self.pos.clone();
        pos.make(expected);
        send(&Reply::Comment(format!("pondering on {}", table::cecp_move(&self.pos, expected))));
        let made = pos.fullmove_number().saturating_sub(self.start_fullmove);
        let limits = Limits {
            ponder: true,
            ..self.clock.limits(pos.side_to_move(), made)
        };
        let (result, thinking) = self.search(&pos, &limits, control);
        if control.cancelled() {
            return send(&Reply::Comment("ponder miss".into()));
        }
        send(&Reply::Comment("ponder hit".into()));
        let hit_at = *lock(&self.shared.hit_at);
        // A search stopped before its first depth has no line to show
        // and no more than a guess: the engine then thinks afresh.
        self.pondered = result.best.filter(|&m| pos.is_legal(m) && result.depth > 0).map(|best| Pondered {
            key: pos.key(),
            best,
            reply: result.ponder,
            hit_at,
            thinking,
        });
    }

    /// Analyze mode: search until interrupted.
    fn analyze(&mut self, control: &Control) {
        self.analysis_due = false;
        let mut limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        if !self.excluded.is_empty() {
            limits.searchmoves = self.pos.legal_move_vec();
            limits.searchmoves.retain(|m| !self.excluded.contains(m));
            if limits.searchmoves.is_empty() {
                // The search would take an empty list as every move.
                self.idle();
                return send(&Reply::Comment("every move is excluded: nothing to analyse".into()));
            }
        }
        let pos = self.pos.clone();
        let (result, _) = self.search(&pos, &limits, control);
        if let Some(m) = result.ponder {
            if let Some(best) = result.best {
                let mut p = self.pos.clone();
                p.make(best);
                self.hint = Some((p.key(), m));
            }
        }
    }

    /// Announces a finished game (`1-0 {White mates}`).
    fn announce(&mut self, outcome: Outcome) {
        let (result, comment) = result_of(outcome);
        send(&Reply::Result {
            result,
            comment: comment.to_owned(),
        });
        self.game_over = true;
    }

    /// After a move: show the petrified pieces, and announce the end of the
    /// game (in force mode too: XBoard, its legality test off, relies on the
    /// engine's claim even in Edit Game mode; not while analysing).
    fn after_move(&mut self) {
        self.lifted = None;
        self.excluded.clear();
        self.show_stones();
        if self.role != Role::Analyze && !self.game_over {
            if let Some(outcome) = self.pos.outcome() {
                self.announce(outcome);
            }
        }
    }

    /// Marks the petrified pieces on XBoard's board (or clears old marks).
    fn show_stones(&mut self) {
        if !self.highlight {
            return;
        }
        let stones = table::petrified(&self.pos) != 0;
        if stones || self.stones_shown {
            send(&table::stone_highlight(&self.pos));
        }
        self.stones_shown = stones;
    }

    /// A new position: the game is on again.
    fn set_position(&mut self, pos: Position) {
        self.start_fullmove = pos.fullmove_number();
        self.pos = pos;
        self.game_over = false;
        self.bad_position = None;
        self.lifted = None;
        self.hint = None;
        self.excluded.clear();
        self.show_stones();
    }

    fn handle(&mut self, command: Command, line: &str) {
        match command {
            Command::Protover(_) => features().iter().for_each(send),
            Command::Rejected(feature) => {
                if feature == "highlight" {
                    self.highlight = false;
                }
            }
            Command::New => {
                // In analyze mode `new` resets the position and stays there.
                if self.role != Role::Analyze {
                    self.role = Role::Play(Color::Black);
                }
                self.want_think = false;
                self.clock.depth = None;
                self.player.new_game();
                self.set_position(Position::startpos(self.variant));
            }
            Command::Variant(name) => self.set_variant(&name, line),
            Command::Force => {
                self.role = Role::Force;
                self.want_think = false;
            }
            Command::Go => {
                self.role = Role::Play(self.pos.side_to_move());
                self.want_think = true;
            }
            Command::PlayOther => {
                self.role = Role::Play(!self.pos.side_to_move());
                self.want_think = false;
            }
            Command::White => self.role = Role::Play(Color::Black),
            Command::Black => self.role = Role::Play(Color::White),
            Command::Level(level) => self.clock.set_level(level),
            Command::St(ms) => self.clock.set_per_move(ms),
            Command::Sd(depth) => self.clock.depth = Some(depth.max(1)),
            Command::Time(cs) => self.clock.own_cs = Some(cs),
            Command::Otim(cs) => self.clock.other_cs = Some(cs),
            Command::UserMove(mv) => self.user_move(&mv, line),
            Command::Ping(n) => send(&Reply::Pong(n)),
            Command::Result { .. } => {
                self.game_over = true;
                self.want_think = false;
            }
            Command::SetBoard(fen) => match table::parse_xboard_fen(self.variant, &fen) {
                Ok(pos) => self.set_position(pos),
                Err(e) => {
                    send(&Reply::TellUserError(format!("Illegal position: {e}")));
                    self.bad_position = Some(e);
                }
            },
            Command::Hint => self.hint(),
            Command::Bk => {
                send(&Reply::BookLine("Gorgon has no book moves to show here.".into()));
                send(&Reply::BookLine(String::new()));
            }
            Command::Undo => self.undo(1, line),
            Command::Remove => self.undo(2, line),
            Command::Post => self.post = true,
            Command::NoPost => self.post = false,
            Command::Analyze => {
                self.role = Role::Analyze;
                self.want_think = false;
                self.analysis_due = true;
            }
            Command::Exit => {
                if self.role == Role::Analyze {
                    self.role = Role::Force;
                }
                self.analysis_due = false;
            }
            // XBoard's own commands for the table's Hash and Threads.
            Command::Memory(mb) => self.set_option(table_options::parse("Hash", Some(&mb.to_string()))),
            Command::Cores(n) => self.set_option(table_options::parse("Threads", Some(&n.to_string()))),
            Command::Option { name, value } => self.set_option(options::parse(&name, value.as_deref())),
            Command::Hard => self.ponder = true,
            Command::Easy => self.ponder = false,
            Command::Exclude(set) => self.exclude(set, true, line),
            Command::Include(set) => self.exclude(set, false, line),
            Command::D => self.show(),
            Command::Lift(s) => self.lift(s),
            Command::Put(s) => self.put(s),
            Command::Edit | Command::Nps(_) => send(&Reply::Error {
                kind: "command not legal now".into(),
                command: line.to_owned(),
            }),
            // Nothing to do: draw offers, names, ratings and the other
            // informational commands, and the ones the reader answers.
            Command::Xboard
            | Command::Accepted(_)
            | Command::Random
            | Command::Quit
            | Command::MoveNow
            | Command::Draw
            | Command::Status
            | Command::Name(_)
            | Command::Rating(..)
            | Command::Ics(_)
            | Command::Computer
            | Command::Pause
            | Command::Resume
            | Command::EgtPath { .. }
            | Command::SetScore(..)
            | Command::Hover(_) => {}
        }
    }

    /// Sets an option checked by the table (`option`, `memory`, `cores`);
    /// commands reach the loop only while no search runs, so it applies
    /// between searches. A refusal is shown to the user, who can go on.
    fn set_option(&mut self, checked: Result<(OptionId, OptionValue), String>) {
        match checked.and_then(|(id, value)| table_options::apply(&mut self.player, id, &value)) {
            Ok(Some(said)) => send(&Reply::Comment(said)),
            Ok(None) => {}
            Err(e) => send(&Reply::TellUserError(e)),
        }
    }

    /// `exclude` (`out`) or `include`: which root moves the analysis
    /// searches; the list lasts until the position changes.
    fn exclude(&mut self, set: MoveSet, out: bool, line: &str) {
        match set {
            MoveSet::All if out => self.excluded = self.pos.legal_move_vec(),
            MoveSet::All => self.excluded.clear(),
            MoveSet::Move(mv) => match table::user_move(&self.pos, &mv) {
                Ok(m) => {
                    self.excluded.retain(|&x| x != m);
                    if out {
                        self.excluded.push(m);
                    }
                }
                Err(reason) => send(&Reply::Error {
                    kind: format!("illegal move: {reason}"),
                    command: line.to_owned(),
                }),
            },
        }
    }

    /// `variant NAME`: switch and define the variant for XBoard.
    fn set_variant(&mut self, name: &str, line: &str) {
        // A board-size prefix (`11x11+0_pom`) is allowed.
        let bare = name.rsplit('_').next().unwrap_or(name);
        match Variant::from_name(bare) {
            Some(v) => {
                self.variant = v;
                send(&table::setup(v));
                for piece in table::pieces(v) {
                    send(&piece);
                }
                self.set_position(Position::startpos(v));
            }
            None => {
                send(&Reply::Error {
                    kind: "unsupported variant".into(),
                    command: line.to_owned(),
                });
                send(&Reply::TellUserError(format!("Gorgon plays only pom and minipom, not '{name}'")));
            }
        }
    }

    /// A move from XBoard: played if legal, else refused (`Illegal move`).
    fn user_move(&mut self, mv: &CecpMove, line: &str) {
        let text = line.split_whitespace().last().unwrap_or_default().to_owned();
        if let Some(why) = &self.bad_position {
            let reason = format!("illegal position: {why}");
            return send(&Reply::IllegalMove {
                mv: text,
                reason: Some(reason),
            });
        }
        match table::user_move(&self.pos, mv) {
            Err(reason) => {
                send(&Reply::IllegalMove {
                    mv: text,
                    reason: Some(reason),
                });
                // A piece dropped on a magenta square arrives with XBoard's
                // default promotion letter; say once how to choose instead.
                if self.highlight && !self.told_choice && table::is_choice(&self.pos, mv) {
                    self.told_choice = true;
                    send(&Reply::TellUser(CHOICE_HELP.into()));
                }
            }
            Ok(m) => {
                self.pos.make(m);
                self.after_move();
                if matches!(self.role, Role::Play(c) if c == self.pos.side_to_move()) {
                    self.want_think = true;
                }
            }
        }
    }

    /// `undo` (1) and `remove` (2).
    fn undo(&mut self, plies: usize, line: &str) {
        if self.pos.game_ply() < plies {
            return send(&Reply::Error {
                kind: "command not legal now".into(),
                command: line.to_owned(),
            });
        }
        for _ in 0..plies {
            self.pos.unmake();
        }
        self.game_over = false;
        self.lifted = None;
        self.excluded.clear();
        self.show_stones();
    }

    /// `hint`: the expected reply to the engine's last move, or a short search.
    fn hint(&mut self) {
        let key = self.pos.key();
        let known = self.hint.filter(|&(k, m)| k == key && self.pos.is_legal(m)).map(|(_, m)| m);
        let best = known.or_else(|| {
            let limits = Limits {
                movetime: Some(300),
                ..Limits::default()
            };
            let control = Control::new();
            self.player.search(&self.pos, &limits, &control, &mut |_| {}).best
        });
        if let Some(m) = best {
            send(&Reply::Hint(table::cecp_move(&self.pos, m)));
        }
    }

    /// `d`: the position as comment lines (`# fen ...`).
    fn show(&self) {
        let pos = &self.pos;
        let stones = table::petrified(pos);
        let squares: Vec<String> = (0..pos.geometry().squares)
            .filter(|&sq| stones & rules::bit(sq) != 0)
            .map(|sq| pos.geometry().square_name(sq))
            .collect();
        let status = match (self.bad_position.as_deref(), pos.outcome()) {
            (Some(why), _) => format!("illegal position: {why}"),
            (None, Some(o)) => format!("{} {}", o.result(), result_of(o).1),
            (None, None) => "in progress".to_owned(),
        };
        let mode = match self.role {
            Role::Force => "force".to_owned(),
            Role::Analyze => "analyze".to_owned(),
            Role::Play(Color::White) => "engine plays white".to_owned(),
            Role::Play(Color::Black) => "engine plays black".to_owned(),
        };
        for line in [
            format!("variant {}", pos.variant()),
            format!("fen {}", pos.fen()),
            format!("xboard {}", table::xboard_fen(pos)),
            format!("petrified {}", if squares.is_empty() { "-".to_owned() } else { squares.join(" ") }),
            format!("status {status}"),
            format!("mode {mode}"),
        ] {
            send(&Reply::Comment(line));
        }
    }

    /// `lift`: the legal targets of the piece, and the petrified pieces.
    fn lift(&mut self, s: protocol::Square) {
        if !self.highlight {
            return;
        }
        match self.pos.geometry().square_of(s) {
            Some(sq) => {
                self.lifted = Some(sq);
                send(&table::lift_highlight(&self.pos, sq));
            }
            None => self.lifted = None,
        }
    }

    /// `put`: the choice of pieces where the lifted piece has one.
    fn put(&mut self, s: protocol::Square) {
        let (Some(from), Some(to)) = (self.lifted, self.pos.geometry().square_of(s)) else {
            return;
        };
        if let Some(choice) = table::put_choice(&self.pos, from, to) {
            send(&choice);
        }
    }
}
