//! The command loop: the UCI dialect of NOTATION.md 4 on stdin/stdout.
//!
//! A reader thread owns stdin. It answers what must be answered while a
//! long command runs (`isready`, `stop`, `ponderhit`, `quit`, EOF) and
//! forwards everything else, in order, to the loop, which runs commands
//! one at a time. Every reply goes to stdout a whole line at a time; logs
//! go to stderr. In-process drivers skip the thread and stdin:
//! [`Session::handle_line`] runs one line at a time.

pub mod board;
mod convert;
pub mod options;

use crate::book::{self, Book};
use crate::player::{self, Control};
use crate::stdio::{write_line, StdinLines};
use options::{OptionId, OptionValue};
use protocol::{Command, MoveText, Reply};
use rules::{perft, Move, Position, Variant};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::time::Instant;

/// Flags the reader thread sets while the loop is busy.
#[derive(Default)]
pub struct Flags {
    /// `stop` is raised by `stop`, `quit` and EOF and lowered when a new
    /// `go` arrives; `pondering` is cleared by `ponderhit`.
    pub control: Control,
    /// True while a long command (a search, a perft, a bench) runs.
    pub busy: AtomicBool,
}

/// What the reader hands to the loop.
enum Input {
    Command(Command),
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
    flags: Arc<Flags>,
    settings: Settings,
    player: player::Engine,
    book: BookState,
}

/// Runs the loop on stdin/stdout until `quit` or EOF. `first` is a line
/// already read from stdin (by the protocol detection in `main`).
pub fn run(variant: Variant, first: Option<String>) {
    let flags = Arc::new(Flags::default());
    let (tx, rx) = channel();
    let reader_flags = Arc::clone(&flags);
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_stdin(first, tx, reader_flags))
        .expect("spawn the stdin reader");
    let mut session = Session::with_flags(variant, flags);
    session.serve(rx);
}

/// The reader thread: answers what cannot wait for a running search
/// (`stop`, `ponderhit`, `isready`) and queues the rest for the loop.
fn read_stdin(first: Option<String>, tx: Sender<Input>, flags: Arc<Flags>) {
    for line in StdinLines::new(first) {
        let forwarded = match triage(&line, &flags) {
            None => continue,
            Some(Input::Command(Command::Quit)) => break,
            Some(input) => input,
        };
        if tx.send(forwarded).is_err() {
            return;
        }
    }
    // `quit` or EOF: end whatever runs, then the loop.
    flags.control.pondering.store(false, Ordering::SeqCst);
    flags.control.stop.store(true, Ordering::SeqCst);
    let _ = tx.send(Input::Command(Command::Quit));
}

/// The reader's part of one line: answers it at once (`None`) or returns
/// what the loop must run. Shared by the stdin reader and
/// [`Session::handle_line`], so that both read a line alike.
fn triage(line: &str, flags: &Flags) -> Option<Input> {
    match protocol::parse_line(line) {
        Ok(None) => None,
        Ok(Some(Command::Stop)) => {
            flags.control.stop.store(true, Ordering::SeqCst);
            None
        }
        Ok(Some(Command::PonderHit)) => {
            flags.control.pondering.store(false, Ordering::SeqCst);
            None
        }
        Ok(Some(Command::IsReady)) if flags.busy.load(Ordering::SeqCst) => {
            send(&Reply::ReadyOk);
            None
        }
        Ok(Some(command)) => {
            if is_long(&command) {
                // Set here, in input order, so a `stop` or `ponderhit`
                // right after `go` is never lost.
                let ponder = matches!(&command, Command::Go(go) if go.ponder);
                flags.control.stop.store(false, Ordering::SeqCst);
                flags.control.pondering.store(ponder, Ordering::SeqCst);
                flags.busy.store(true, Ordering::SeqCst);
            }
            Some(Input::Command(command))
        }
        Err(e) => Some(Input::Error(e.to_string())),
    }
}

/// A seed for the book's weighted choice: differs from run to run, as a
/// player expects; tests that need one answer use a one-move book.
fn book_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ (std::process::id() as u64) << 32
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
        Session::with_flags(variant, Arc::default())
    }

    /// The flags a driver raises from another thread while
    /// [`Session::handle_line`] runs: `control.stop` ends a search as
    /// `stop` on stdin would (the only way to end `go infinite`), and
    /// `busy` tells that a long command has started.
    pub fn flags(&self) -> Arc<Flags> {
        Arc::clone(&self.flags)
    }

    /// Runs one input line to the end, as the reader thread and the loop
    /// together would: a `go` searches to its limits and writes `bestmove`
    /// before this returns (a `go infinite` or `go ponder` only once
    /// another thread raises `stop`, or clears `pondering`, in
    /// [`Session::flags`]). Replies go through [`write_line`], to stdout or
    /// where [`crate::stdio::redirect_output`] sends this thread's lines.
    /// Returns false on `quit`, after which the driver should stop.
    pub fn handle_line(&mut self, line: &str) -> bool {
        match triage(line, &self.flags) {
            None => true,
            Some(input) => self.run_input(input),
        }
    }

    fn with_flags(variant: Variant, flags: Arc<Flags>) -> Session {
        Session {
            variant,
            pos: Position::startpos(variant),
            flags,
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
        match input {
            Input::Error(e) => send_error(&e),
            Input::Command(Command::Quit) => return false,
            Input::Command(c) => {
                let long = is_long(&c);
                self.handle(c);
                if long {
                    self.flags.busy.store(false, Ordering::SeqCst);
                }
            }
        }
        true
    }

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
            Command::Go(go) => match go.perft {
                Some(depth) => self.perft(depth),
                None => self.go(&go),
            },
            Command::Perft { depth } => self.perft(depth),
            Command::D => write_line(board::describe(&self.pos)),
            Command::Bench { depth } => {
                player::bench::run(depth, &mut |line| write_line(line));
            }
            Command::Eval => write_line(player::eval_breakdown(&self.pos)),
            Command::Stop | Command::PonderHit | Command::Quit => {}
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
            (OptionId::Threads, OptionValue::Spin(n)) => {
                if let Err(e) = self.player.set_threads(n as usize) {
                    send_error(&format!("Threads: {e}"));
                }
                self.settings.threads = self.player.threads();
            }
            (OptionId::Hash, OptionValue::Spin(mb)) => {
                if let Err(e) = self.player.set_hash(mb as usize) {
                    send_error(&format!("Hash: {e}"));
                }
            }
            (OptionId::MultiPv, OptionValue::Spin(n)) => self.player.set_multipv(n as usize),
            (OptionId::MoveOverhead, OptionValue::Spin(ms)) => self.player.set_move_overhead(ms as u64),
            (OptionId::ClearHash, _) => self.player.clear_hash(),
            (OptionId::OwnBook, OptionValue::Check(on)) => self.settings.own_book = on,
            (OptionId::BookFile, OptionValue::Text(path)) => self.settings.book_file = path,
            (OptionId::ShowWdl, OptionValue::Check(on)) => self.settings.show_wdl = on,
            // Ponder and UCI_AnalyseMode only inform the engine: the GUI
            // decides when to ponder, and analysis needs no other search.
            _ => {}
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
    fn go(&mut self, go: &protocol::Go) {
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
            .search(pos, &limits, &self.flags.control, &mut |r| send(&convert::report(pos, r, show_wdl)));
        send(&Reply::BestMove {
            mv: result.best.map(|m| convert::move_text(pos, m)),
            ponder: result.ponder.map(|m| convert::move_text(pos, m)),
        });
    }

    /// `perft N` and `go perft N`: divide output, interruptible by `stop`.
    fn perft(&mut self, depth: u32) {
        let start = Instant::now();
        match perft::divide(&self.pos, depth, self.settings.threads, &self.flags.control.stop) {
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
        assert!(!session.flags().busy.load(Ordering::SeqCst));
    }
}
