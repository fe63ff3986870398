//! The command loop: the UCI dialect of NOTATION.md 4 on stdin/stdout.
//!
//! A reader thread owns stdin. It answers what must be answered while a
//! long command runs (`isready`, `stop`, `ponderhit`, `quit`, EOF) and
//! forwards everything else, in order, to the loop, which runs commands
//! one at a time. A long command gets its stop ticket ([`Stops`]) when the
//! reader reads it, so a `stop` ends exactly the commands read before it
//! (docs/ARCHITECTURE.md, "Stops"). Every reply goes to stdout a whole
//! line at a time; logs go to stderr. In-process drivers skip the thread
//! and stdin: [`Session::handle_line`] runs one line at a time.

mod convert;
pub mod options;

use crate::book::{self, Book};
use crate::clock::Instant;
use crate::player::{self, Control, Stops};
use crate::stdio::{write_line, StdinLines};
use options::{OptionId, OptionValue};
use protocol::{Command, MoveText, Reply};
use rules::{perft, Move, Position, Variant};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// What the reader thread (or another thread of an in-process driver) and
/// the loop share.
#[derive(Default)]
pub struct Ledger {
    /// The stop tickets of the long commands, issued in input order.
    pub stops: Arc<Stops>,
    /// True while a long command (a search, a perft, a bench) runs.
    pub busy: AtomicBool,
    /// How far the loop is, for `isready` (see [`Ledger::ready`]).
    progress: Mutex<Progress>,
}

/// What the reader needs to know of the loop to answer `isready`.
#[derive(Default)]
struct Progress {
    /// The number of the last long input the loop has started (from 1).
    ran: u64,
    /// `readyok`s owed when the long command numbered `owed_at` starts.
    owed: u32,
    owed_at: u64,
}

impl Ledger {
    fn progress(&self) -> MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `isready` read after `sent` forwarded inputs, the last of them long
    /// if `last_long`. It is a barrier: answered only once everything
    /// before it has run, and at once (true) when what runs is a search or
    /// perft that is the last input sent, which could run for ever. Right
    /// behind a long command that has not started yet, it is owed: the
    /// loop answers it when that command starts (one that has started and
    /// ended leaves nothing to wait for). Otherwise (false) it goes
    /// down the queue like any command.
    fn ready(&self, sent: u64, last_long: bool) -> bool {
        let mut p = self.progress();
        if last_long && p.ran == sent {
            // The last input has started: it runs, or it has ended and
            // with it everything before.
            send(&Reply::ReadyOk);
            true
        } else if last_long {
            p.owed += 1;
            p.owed_at = sent;
            true
        } else {
            false
        }
    }

    /// The loop starts long input `number`: pays the `readyok`s owed to it.
    fn start_long(&self, number: u64) {
        let mut p = self.progress();
        p.ran = number;
        if p.owed_at == number {
            for _ in 0..std::mem::take(&mut p.owed) {
                send(&Reply::ReadyOk);
            }
        }
    }
}

/// What the reader hands to the loop.
enum Input {
    Command(Command),
    /// A long command with its stop ticket.
    Long(Command, Control),
    Error(String),
}

/// Writes one protocol line to stdout.
pub fn send(reply: &Reply) {
    write_line(reply);
}

/// `info string error: ...`, the answer to every bad line.
pub fn send_error(text: &str) {
    send(&Reply::InfoString(format!("error: {text}")));
}

/// Settings from `setoption` that the loop keeps (the search keeps its own).
struct Settings {
    threads: usize,
    debug: bool,
    own_book: bool,
    /// Empty: the shipped book of the variant.
    book_file: String,
    /// `UCI_ShowWDL`: `wdl W D L` on every `info` line with a score.
    show_wdl: bool,
}

/// The opening book in use, loaded when first needed.
struct BookState {
    book: Option<Book>,
    /// Which file (and variant) `book` was loaded from.
    loaded: Option<(String, Variant)>,
    /// Seeds the weighted choice; advanced after each pick.
    seed: u64,
}

/// The loop's state: the variant, the current position, the player and
/// the settings.
pub struct Session {
    variant: Variant,
    pos: Position,
    ledger: Arc<Ledger>,
    settings: Settings,
    player: player::Engine,
    book: BookState,
    /// Inputs run so far (the loop's side of [`Progress`]).
    ran: u64,
}

/// Runs the loop on stdin/stdout until `quit` or EOF. `first` is a line
/// already read from stdin (by the protocol detection in `main`).
pub fn run(variant: Variant, first: Option<String>) {
    let ledger = Arc::new(Ledger::default());
    let (tx, rx) = channel();
    let reader_flags = Arc::clone(&ledger);
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_stdin(first, tx, reader_flags))
        .expect("spawn the stdin reader");
    let mut session = Session::with_ledger(variant, ledger);
    session.serve(rx);
}

/// The reader thread: answers what cannot wait for a running search
/// (`stop`, `ponderhit`, `isready` while the last command runs) and queues
/// the rest for the loop.
fn read_stdin(first: Option<String>, tx: Sender<Input>, ledger: Arc<Ledger>) {
    let mut reader = LineReader::new(Arc::clone(&ledger));
    for line in StdinLines::new(first) {
        match reader.read(&line) {
            Read::Answered => continue,
            Read::Quit => break,
            Read::Queued(Queued(input)) => {
                if tx.send(input).is_err() {
                    return;
                }
            }
        }
    }
    // `quit` or EOF: end whatever runs or waits, then the loop.
    ledger.stops.shut_down();
    let _ = tx.send(Input::Command(Command::Quit));
}

/// The reader's side of the loop, for the stdin thread and for a driver
/// that reads the input itself on the loop's own thread (engine/wasm,
/// where the host holds stdin and hands lines over, also while a search
/// runs, through the ledger's host poll). Every line goes through
/// [`LineReader::read`] in input order; what it queues is run, in the
/// same order, by [`Session::run_queued`].
pub struct LineReader {
    ledger: Arc<Ledger>,
    /// Inputs queued so far.
    sent: u64,
    /// Whether the last one queued was long.
    last_long: bool,
}

/// What [`LineReader::read`] made of a line.
pub enum Read {
    /// Answered or acted on at once (`stop`, `ponderhit`, an `isready`
    /// that a running search answers, an empty line).
    Answered,
    /// For the loop to run, after what was queued before it.
    Queued(Queued),
    /// `quit`: everything issued or to come is cancelled; read no more.
    Quit,
}

/// A line the loop runs, a long command with its stop ticket.
pub struct Queued(Input);

impl LineReader {
    /// A reader for the session whose [`Session::ledger`] this is.
    pub fn new(ledger: Arc<Ledger>) -> LineReader {
        LineReader {
            ledger,
            sent: 0,
            last_long: false,
        }
    }

    /// Reads one line as the stdin thread does.
    pub fn read(&mut self, line: &str) -> Read {
        match triage(line, &self.ledger, Some((self.sent, self.last_long))) {
            None => Read::Answered,
            Some(Input::Command(Command::Quit)) => {
                self.ledger.stops.shut_down();
                Read::Quit
            }
            Some(input) => {
                self.last_long = matches!(input, Input::Long(..));
                self.sent += 1;
                Read::Queued(Queued(input))
            }
        }
    }
}

/// The reader's part of one line: answers it at once (`None`) or returns
/// what the loop must run. Shared by the stdin reader and
/// [`Session::handle_line`], so that both read a line alike. `sent`: how
/// many inputs the reader has forwarded and whether the last was long
/// (`None` in process, where nothing runs while a line is read).
fn triage(line: &str, ledger: &Ledger, sent: Option<(u64, bool)>) -> Option<Input> {
    match protocol::parse_line(line) {
        Ok(None) => None,
        Ok(Some(Command::Stop)) => {
            ledger.stops.stop();
            None
        }
        Ok(Some(Command::PonderHit)) => {
            ledger.stops.ponderhit();
            None
        }
        Ok(Some(Command::IsReady)) if sent.is_some_and(|(n, long)| ledger.ready(n, long)) => None,
        Ok(Some(command)) if is_long(&command) => {
            // The ticket is issued here, in input order: a `stop` or
            // `ponderhit` read after this line reaches it, one read before
            // does not, whenever the loop gets to run it.
            let ponder = matches!(&command, Command::Go(go) if go.ponder);
            Some(Input::Long(command, ledger.stops.issue(ponder)))
        }
        Ok(Some(command)) => Some(Input::Command(command)),
        Err(e) => Some(Input::Error(e.to_string())),
    }
}

/// A seed for the book's weighted choice: differs from run to run, as a
/// player expects; tests that need one answer use a one-move book.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn book_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ (std::process::id() as u64) << 32
}

/// The same on WebAssembly, which has neither a system clock nor a
/// process id: the host clock's moment, fractions of a millisecond and all.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn book_seed() -> u64 {
    crate::clock::Instant::now().millis().to_bits()
}

/// Commands that may run long enough to need `isready` and `stop` answered.
fn is_long(command: &Command) -> bool {
    matches!(command, Command::Go(_) | Command::Perft { .. } | Command::Bench { .. })
}

impl Session {
    /// A session on the start position of `variant` with the default
    /// settings, not attached to stdin. It exists for in-process drivers
    /// (the `uci_loop` fuzz target, future bindings), which feed it lines
    /// with [`Session::handle_line`]; the engine itself runs [`run`].
    pub fn new(variant: Variant) -> Session {
        Session::with_ledger(variant, Arc::default())
    }

    /// What a driver uses from another thread while
    /// [`Session::handle_line`] runs: `stops.stop()` ends the commands
    /// issued so far as `stop` on stdin would (the only way to end `go
    /// infinite`), `stops.ponderhit()` ends their pondering, and `busy`
    /// tells that a long command has started.
    pub fn ledger(&self) -> Arc<Ledger> {
        Arc::clone(&self.ledger)
    }

    /// Runs one input line to the end, as the reader thread and the loop
    /// together would: a `go` searches to its limits and writes `bestmove`
    /// before this returns (a `go infinite` or `go ponder` only once
    /// another thread stops it, or ends its pondering, through
    /// [`Session::ledger`]). Replies go through [`write_line`], to stdout or
    /// where [`crate::stdio::redirect_output`] sends this thread's lines.
    /// Returns false on `quit`, after which the driver should stop.
    pub fn handle_line(&mut self, line: &str) -> bool {
        match triage(line, &self.ledger, None) {
            None => true,
            Some(input) => self.run_input(input),
        }
    }

    /// Runs what a [`LineReader`] of this session's ledger queued, to the
    /// end (as [`Session::handle_line`] runs a line); false on `quit`.
    pub fn run_queued(&mut self, queued: Queued) -> bool {
        self.run_input(queued.0)
    }

    fn with_ledger(variant: Variant, ledger: Arc<Ledger>) -> Session {
        Session {
            variant,
            pos: Position::startpos(variant),
            ledger,
            settings: Settings {
                threads: 1,
                debug: false,
                own_book: false,
                book_file: String::new(),
                show_wdl: false,
            },
            player: player::Engine::new(),
            book: BookState {
                book: None,
                loaded: None,
                seed: book_seed(),
            },
            ran: 0,
        }
    }

    fn serve(&mut self, rx: Receiver<Input>) {
        while let Ok(input) = rx.recv() {
            if !self.run_input(input) {
                break;
            }
        }
    }

    /// Runs what the reader forwarded; false on `quit`.
    fn run_input(&mut self, input: Input) -> bool {
        self.ran += 1;
        match input {
            Input::Error(e) => send_error(&e),
            Input::Command(Command::Quit) => return false,
            Input::Command(c) => self.handle(c),
            Input::Long(c, control) => {
                self.ledger.busy.store(true, Ordering::SeqCst);
                self.ledger.start_long(self.ran);
                self.run_long(c, &control);
                self.ledger.busy.store(false, Ordering::SeqCst);
            }
        }
        true
    }

    /// Runs a long command (see [`is_long`]) under its stop ticket.
    fn run_long(&mut self, command: Command, control: &Control) {
        match command {
            Command::Go(go) => match go.perft {
                Some(depth) => self.perft(depth, control),
                None => self.go(&go, control),
            },
            Command::Perft { depth } => self.perft(depth, control),
            Command::Bench { depth } => {
                player::bench::run_until(depth, self.player.nets().mode, control, &mut |line| write_line(line));
            }
            other => self.handle(other),
        }
    }

    /// Runs a command that is not long.
    fn handle(&mut self, command: Command) {
        match command {
            Command::Uci => self.identify(),
            Command::IsReady => send(&Reply::ReadyOk),
            Command::Debug(on) => self.settings.debug = on,
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Register(_) => send(&Reply::InfoString("no registration needed".into())),
            Command::UciNewGame => self.player.new_game(),
            Command::Position { fen, moves, invalid } => {
                let applied = self.set_position(fen.as_deref(), &moves);
                if let (true, Some(bad)) = (applied, invalid) {
                    send_error(&format!(
                        "position: move {}: {bad}; the moves before it were played",
                        moves.len() + 1
                    ));
                }
            }
            Command::D => write_line(rules::text::diagram::describe(&self.pos)),
            Command::Eval => {
                write_line(player::eval_breakdown(&self.pos));
                let variant = self.pos.variant();
                let nets = self.player.nets();
                match nets.active(variant) {
                    Some(net) => write_line(format_args!(
                        "NNUE evaluation (side to move): {} cp; the search uses it (net: {})",
                        crate::nnue::evaluate_fresh(&net, &self.pos),
                        nets.source(variant)
                    )),
                    None => write_line("NNUE: off; the search uses the hand-written evaluation"),
                }
            }
            // The reader answers these; the long ones come with a ticket
            // to `run_long`.
            Command::Stop | Command::PonderHit | Command::Quit | Command::Go(_) | Command::Perft { .. } | Command::Bench { .. } => {}
        }
    }

    fn identify(&self) {
        send(&Reply::IdName(format!("Gorgon {}", env!("CARGO_PKG_VERSION"))));
        send(&Reply::IdAuthor("The Gorgon developers".into()));
        for v in Variant::ALL {
            let g = v.geometry();
            // The Fairy-Stockfish convention that tells a GUI the board.
            send(&Reply::InfoString(format!(
                "variant {} files {} ranks {} startpos {}",
                v.name(),
                g.files,
                g.ranks,
                v.start_fen()
            )));
        }
        for (_, decl) in options::table() {
            send(&Reply::Option(decl));
        }
        send(&Reply::UciOk);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let (id, value) = match options::parse(name, value) {
            Ok(x) => x,
            Err(e) => return send_error(&e),
        };
        match (id, value) {
            (OptionId::Variant, OptionValue::Text(v)) => {
                if let Some(variant) = Variant::from_name(&v) {
                    self.variant = variant;
                    self.pos = Position::startpos(variant);
                }
            }
            (OptionId::OwnBook, OptionValue::Check(on)) => self.settings.own_book = on,
            (OptionId::BookFile, OptionValue::Text(path)) => self.settings.book_file = path,
            (OptionId::ShowWdl, OptionValue::Check(on)) => self.settings.show_wdl = on,
            // Ponder and UCI_AnalyseMode only inform the engine: the GUI
            // decides when to ponder, and analysis needs no other search.
            (OptionId::Ponder | OptionId::AnalyseMode, _) => {}
            // The rest is the player's, set alike by the CECP loop.
            (id, value) => {
                match options::apply(&mut self.player, id, &value) {
                    Ok(Some(said)) => send(&Reply::InfoString(said)),
                    Ok(None) => {}
                    Err(e) => send_error(&e),
                }
                self.settings.threads = self.player.threads();
            }
        }
    }

    /// `position`: a bad FEN keeps the previous position; a bad move keeps
    /// the moves before it (NOTATION.md 4).
    /// Returns true if every move was played.
    fn set_position(&mut self, fen: Option<&str>, moves: &[MoveText]) -> bool {
        let mut pos = match fen {
            None => Position::startpos(self.variant),
            Some(text) => match Position::from_fen(self.variant, text) {
                Ok(p) => p,
                Err(e) => {
                    send_error(&format!("{e}; the position is unchanged"));
                    return false;
                }
            },
        };
        for (i, text) in moves.iter().enumerate() {
            match pos.resolve_move(text) {
                Ok(m) => pos.make(m),
                Err(e) => {
                    send_error(&format!("position: move {}: {e}; the moves before it were played", i + 1));
                    self.pos = pos;
                    return false;
                }
            }
        }
        self.pos = pos;
        true
    }

    /// A book move for the current position, if the book is on and has one.
    fn book_move(&mut self) -> Option<Move> {
        let wanted = (self.settings.book_file.clone(), self.variant);
        if self.book.loaded.as_ref() != Some(&wanted) {
            self.book.loaded = Some(wanted);
            let loaded = if self.settings.book_file.is_empty() {
                book::default_book(self.variant)
            } else {
                Book::open(Path::new(&self.settings.book_file), self.variant)
            };
            self.book.book = loaded.map_err(|e| send_error(&format!("book: {e}; playing without it"))).ok();
        }
        let m = self.book.book.as_ref()?.choose(&self.pos, self.book.seed)?;
        self.book.seed = self.book.seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.pos.is_legal(m).then_some(m)
    }

    /// `go`: search the current position and answer `bestmove`.
    fn go(&mut self, go: &protocol::Go, control: &Control) {
        let (limits, errors) = convert::limits(&self.pos, go);
        for e in errors {
            send_error(&e);
        }
        if self.settings.own_book && !go.infinite && !go.ponder && limits.searchmoves.is_empty() {
            if let Some(m) = self.book_move() {
                send(&Reply::InfoString(format!("book move {}", self.pos.move_text(m))));
                return send(&Reply::BestMove {
                    mv: Some(convert::move_text(&self.pos, m)),
                    ponder: None,
                });
            }
        }
        let pos = &self.pos;
        let show_wdl = self.settings.show_wdl;
        let result = self
            .player
            .search(pos, &limits, control, &mut |r| send(&convert::report(pos, r, show_wdl)));
        send(&Reply::BestMove {
            mv: result.best.map(|m| convert::move_text(pos, m)),
            ponder: result.ponder.map(|m| convert::move_text(pos, m)),
        });
    }

    /// `perft N` and `go perft N`: divide output, interruptible by `stop`.
    fn perft(&mut self, depth: u32, control: &Control) {
        let start = Instant::now();
        match perft::divide(&self.pos, depth, self.settings.threads, control) {
            None => send(&Reply::InfoString("perft stopped".into())),
            Some(counts) => {
                let total: u64 = counts.iter().map(|(_, n)| n).sum();
                for (m, n) in &counts {
                    write_line(format_args!("{}: {n}", self.pos.move_text(*m)));
                }
                let elapsed = start.elapsed();
                write_line(format_args!("\nNodes searched: {total}"));
                if self.settings.debug {
                    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
                    send(&Reply::InfoString(format!("perft time {} ms nps {nps}", elapsed.as_millis())));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::io::Write;
    use std::rc::Rc;

    /// A sink whose bytes the test can read afterwards.
    struct Capture(Rc<RefCell<Vec<u8>>>);

    impl Write for Capture {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn an_in_process_session_runs_each_line_to_the_end() {
        let out = Rc::new(RefCell::new(Vec::new()));
        crate::stdio::redirect_output(Some(Box::new(Capture(Rc::clone(&out)))));
        let mut session = Session::new(Variant::MiniPom);
        for line in ["isready", "position startpos moves e2e3", "go depth 1", "bogus"] {
            assert!(session.handle_line(line));
        }
        assert!(!session.handle_line("quit"));
        crate::stdio::redirect_output(None);
        let text = String::from_utf8(out.take()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.first(), Some(&"readyok"));
        assert!(lines.iter().any(|l| l.starts_with("bestmove ")), "{text}");
        assert!(lines.last().unwrap().starts_with("info string error: unknown command"), "{text}");
        assert!(!session.ledger().busy.load(Ordering::SeqCst));
    }
}
