//! The CECP loop's state and its order: commands are run one at a time,
//! in the order read, and a search starts when it is due and no command
//! waits that would end it (thinking.rs); the commands on the board are
//! in board.rs.

use super::clock::Clock;
use super::options;
use super::reader::{send, Input, Shared};
use super::table;
use crate::clock::Instant;
use crate::player;
use crate::uci::options::{self as table_options, OptionId, OptionValue};
use protocol::cecp::{Command, Feature, GameResult, Reply, Thinking};
use rules::{Color, Move, Outcome, Position, Variant};
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::Arc;

/// A ponder hit's result, played without a new search.
pub(super) struct Pondered {
    /// The position it is for.
    pub(super) key: u64,
    pub(super) best: Move,
    /// The reply it expects, to ponder on next.
    pub(super) reply: Option<Move>,
    /// When the hit came: the engine's clock runs from then.
    pub(super) hit_at: Instant,
    /// The search's last thinking line (with `post`): sent before the
    /// user's move, it is repeated with the engine's, so that the move
    /// comes with its depth and score after the user's move as every other
    /// move does.
    pub(super) thinking: Option<Thinking>,
}

/// Who the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// Neither side (`force`): moves are checked and played, nothing more.
    Force,
    /// One side.
    Play(Color),
    /// Analyze mode: like force mode, and the engine thinks about the
    /// position all the time.
    Analyze,
}

/// How a finished game is announced: its result and XBoard's comment.
pub(super) fn result_of(outcome: Outcome) -> (GameResult, &'static str) {
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
pub(super) struct Session {
    pub(super) variant: Variant,
    pub(super) pos: Position,
    pub(super) role: Role,
    pub(super) clock: Clock,
    /// Thinking output on (`post`).
    pub(super) post: bool,
    /// XBoard accepted `highlight`: answer `lift`/`put`, show petrified pieces.
    pub(super) highlight: bool,
    /// Petrified pieces are marked on XBoard's board now.
    pub(super) stones_shown: bool,
    /// The game has ended (by a result the engine announced or `result`).
    pub(super) game_over: bool,
    /// Why the last `setboard` was refused; moves are refused until the next
    /// `new` or good `setboard`.
    pub(super) bad_position: Option<String>,
    /// The user has been told how to choose a Morph's form.
    pub(super) told_choice: bool,
    /// The square of the piece the user holds (`lift`).
    pub(super) lifted: Option<u8>,
    /// The engine is to think about its move (after `go` or a user move).
    pub(super) want_think: bool,
    /// Analyze mode: the analysis is to be (re)started.
    pub(super) analysis_due: bool,
    /// The fullmove number the game started at (moves per session).
    pub(super) start_fullmove: u32,
    /// The expected reply to the engine's last move, for `hint` and
    /// pondering: the key of the position it is expected in, and the move.
    pub(super) hint: Option<(u64, Move)>,
    /// Pondering on (`hard`) or off (`easy`).
    pub(super) ponder: bool,
    /// The engine has just moved: pondering is due if on and nothing has
    /// arrived since.
    pub(super) ponder_due: bool,
    /// What a ponder search found after its ponder hit.
    pub(super) pondered: Option<Pondered>,
    /// Root moves left out of the analysis (`exclude`), until the
    /// position changes.
    pub(super) excluded: Vec<Move>,
    pub(super) player: player::Engine,
    pub(super) shared: Arc<Shared>,
    pub(super) pending: VecDeque<Input>,
    /// The number of the last input handled.
    pub(super) handled: u64,
}

impl Session {
    pub(super) fn new(variant: Variant, shared: Arc<Shared>) -> Session {
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

    /// Runs the reader's inputs and the searches due until `quit` or EOF.
    pub(super) fn serve(&mut self, rx: Receiver<Input>) {
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

    /// Runs one command (`line`, as read, for the error replies).
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
            Command::SetBoard(fen) => self.set_board(&fen),
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

    /// Announces a finished game (`1-0 {White mates}`).
    pub(super) fn announce(&mut self, outcome: Outcome) {
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
    pub(super) fn after_move(&mut self) {
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
    pub(super) fn show_stones(&mut self) {
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
    pub(super) fn set_position(&mut self, pos: Position) {
        self.start_fullmove = pos.fullmove_number();
        self.pos = pos;
        self.game_over = false;
        self.bad_position = None;
        self.lifted = None;
        self.hint = None;
        self.excluded.clear();
        self.show_stones();
    }
}
