//! A seeded, randomised stress of both command loops over the pipe: many
//! commands of every kind, sent with random short or no delays, and the
//! answers checked against a referee (the rules crate) and the stop model
//! (docs/ARCHITECTURE.md, "Stops"):
//!
//! - every `go` gets exactly one `bestmove`, in order, legal in the position
//!   it was asked about (and among its `searchmoves`); every perft its count;
//! - no search or perft outlives a `stop` (CECP: `?`, a command that ends
//!   the thinking, any command during analysis) sent after it by more than
//!   `BOUND`;
//! - every `isready` (CECP: `ping`) is answered after the replies of all
//!   earlier commands (the search that is the last of them excepted);
//! - the engine's position is the referee's whenever it is asked (`d`);
//! - the process never dies and exits cleanly on `quit`.
//!
//! A failure names the seed. `GORGON_STRESS_SEED=S` replays one seed,
//! `GORGON_STRESS_SEEDS=N` and `GORGON_STRESS_COMMANDS=N` make the long run.

use gorgon_tests::gorgon_binary;
use rules::{perft, Color, GameRecord, Move, Position, SplitMix64, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// The most a stopped command may take to answer, on a loaded machine. A
/// lost stop leaves `go infinite` or a deep perft running for good, so a
/// generous bound still catches it; 500 ms failed once on a two-core
/// machine running three builds beside the suite (564 ms).
const BOUND: Duration = Duration::from_secs(5);
/// How long the end of a run may take to drain.
const DRAIN: Duration = Duration::from_secs(120);

fn env(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// The seeds of this run: one given, or `count` from `base`.
fn seeds(base: u64, count: u64) -> Vec<u64> {
    match env("GORGON_STRESS_SEED") {
        Some(s) => vec![s],
        None => (0..env("GORGON_STRESS_SEEDS").unwrap_or(count)).map(|i| base + i).collect(),
    }
}

/// The engine, its input timestamped as sent and its output as read.
struct Pipe {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
    /// Every line read so far.
    out: Vec<(Instant, String)>,
    /// Every line sent so far.
    sent: Vec<String>,
    seed: u64,
}

impl Pipe {
    fn start(seed: u64, args: &[&str]) -> Pipe {
        let mut child = Command::new(gorgon_binary())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start gorgon");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Pipe {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            out: Vec::new(),
            sent: Vec::new(),
            seed,
        }
    }

    /// Sends a line; the time it left.
    fn send(&mut self, line: &str) -> Instant {
        let stdin = self.stdin.as_mut().expect("stdin open");
        if let Err(e) = writeln!(stdin, "{line}").and_then(|_| stdin.flush()) {
            self.fail(&format!("cannot write '{line}': {e} (the engine died?)"));
        }
        self.sent.push(line.to_owned());
        Instant::now()
    }

    /// Reads until a line satisfies `done`; the index of that line in `out`.
    fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> usize {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(entry) => {
                    let hit = done(&entry.1);
                    self.out.push(entry);
                    if hit {
                        return self.out.len() - 1;
                    }
                }
                Err(_) => self.fail(&format!("no answer within {timeout:?}")),
            }
        }
    }

    /// A random pause: none half the time, else up to 2 ms, sometimes 30.
    fn pause(rng: &mut SplitMix64) {
        match rng.below(10) {
            0..=4 => {}
            5..=8 => std::thread::sleep(Duration::from_micros(rng.below(2000))),
            _ => std::thread::sleep(Duration::from_millis(5 + rng.below(25))),
        }
    }

    /// `quit` and a clean exit.
    fn quit(&mut self) {
        self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => return,
                Ok(Some(status)) => self.fail(&format!("exit status {status}")),
                _ if Instant::now() > deadline => self.fail("still running 10 s after quit"),
                _ => std::thread::sleep(Duration::from_millis(5)),
            }
        }
    }

    fn fail(&self, why: &str) -> ! {
        if let Ok(path) = std::env::var("GORGON_STRESS_LOG") {
            let sent = self.sent.join("\n");
            let read: Vec<&str> = self.out.iter().map(|(_, l)| l.as_str()).collect();
            let _ = std::fs::write(format!("{path}.sent"), sent);
            let _ = std::fs::write(format!("{path}.read"), read.join("\n"));
        }
        let tail = |v: Vec<&str>| v[v.len().saturating_sub(40)..].join("\n");
        panic!(
            "seed {} (replay: GORGON_STRESS_SEED={} cargo test --release -p gorgon-tests --test stress): {why}\n\
             --- last lines sent:\n{}\n--- last lines read:\n{}",
            self.seed,
            self.seed,
            tail(self.sent.iter().map(String::as_str).collect()),
            tail(self.out.iter().map(|(_, l)| l.as_str()).collect())
        );
    }
}

impl Drop for Pipe {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A position up to `plies` random legal moves from the start, and the moves.
fn playout(variant: Variant, plies: u64, rng: &mut SplitMix64) -> (Position, Vec<Move>) {
    let game = GameRecord::random(variant, plies as usize, rng);
    let mut pos = game.start;
    for &m in &game.moves {
        pos.make(m);
    }
    (pos, game.moves)
}

fn count(pos: &Position, depth: u32) -> u64 {
    perft::perft(&mut pos.clone(), depth, &AtomicBool::new(false)).expect("not stopped")
}

/// What the worst stop took, and how many stops were checked.
#[derive(Default, Debug)]
struct Figures {
    commands: usize,
    stops: usize,
    worst: Duration,
}

impl Figures {
    fn latency(&mut self, pipe: &Pipe, what: &str, stopped: Instant, answered: Instant) {
        let took = answered.saturating_duration_since(stopped);
        self.stops += 1;
        self.worst = self.worst.max(took);
        if took > BOUND {
            pipe.fail(&format!("{what} answered {took:?} after its stop (bound {BOUND:?})"));
        }
    }
}

// ---- UCI -----------------------------------------------------------------

/// An answer the UCI engine owes, in the order of the commands.
enum Owed {
    Best {
        pos: Box<Position>,
        /// Legal `searchmoves`; empty: any legal move.
        among: Vec<Move>,
        stop: Option<Instant>,
    },
    Perft {
        /// `None`: may only end by a stop.
        nodes: Option<u64>,
        stop: Option<Instant>,
    },
    Fen(String),
    UciOk,
}

impl Owed {
    fn stop_at(&mut self, t: Instant) {
        if let Owed::Best { stop, .. } | Owed::Perft { stop, .. } = self {
            stop.get_or_insert(t);
        }
    }
}

/// An `isready`: how many answers were owed before it, and whether the
/// last of them may come after its `readyok` (a long command sent last).
struct Ready {
    after: usize,
    last_may_follow: bool,
}

fn uci_run(seed: u64, commands: usize) -> Figures {
    let mut rng = SplitMix64::new(seed);
    let mut pipe = Pipe::start(seed, &[]);
    let mut variant = Variant::Pom;
    let mut pos = Position::startpos(variant);
    let mut owed: Vec<Owed> = Vec::new();
    let mut readies: Vec<Ready> = Vec::new();
    // The last input the engine forwards to its loop was a long command.
    let mut last_long = false;
    pipe.send("uci");
    owed.push(Owed::UciOk);
    for _ in 0..commands {
        // Whether the engine forwards the line to its loop, and whether it
        // is a long command.
        let (mut forwarded, mut long) = (true, false);
        match rng.below(100) {
            0..=17 => {
                let legal = pos.legal_move_vec();
                let (go, among) = go_line(&pos, &legal, &mut rng);
                pipe.send(&go);
                long = true;
                owed.push(Owed::Best {
                    pos: Box::new(pos.clone()),
                    among,
                    stop: None,
                });
            }
            18..=25 => {
                let t = pipe.send("stop");
                owed.iter_mut().for_each(|o| o.stop_at(t));
                forwarded = false;
            }
            26..=28 => {
                pipe.send("ponderhit");
                forwarded = false;
            }
            29..=42 => {
                pipe.send("isready");
                readies.push(Ready {
                    after: owed.len(),
                    last_may_follow: last_long,
                });
                forwarded = !last_long;
            }
            43..=57 => {
                let (start_pos, moves) = playout(variant, rng.below(14), &mut rng);
                let line = match rng.below(20) {
                    0 => "position fen this is no fen".to_owned(),
                    1 => format!("position fen {}", repeated_right(variant)),
                    2..=7 => format!("position fen {}", start_pos.fen()),
                    _ => {
                        let start = Position::startpos(variant);
                        format!("position startpos moves {}", texts(&start, &moves).join(" "))
                    }
                };
                // A bad FEN keeps the position the engine had.
                if !line.contains("no fen") && !line.contains(&repeated_right(variant)) {
                    pos = start_pos;
                }
                pipe.send(&line);
            }
            58..=65 => {
                let line = match rng.below(7) {
                    0 => format!("setoption name Hash value {}", 1 + rng.below(8)),
                    1 => format!("setoption name Threads value {}", 1 + rng.below(2)),
                    2 => format!("setoption name MultiPV value {}", 1 + rng.below(3)),
                    3 => format!("setoption name UCI_ShowWDL value {}", rng.below(2) == 0),
                    4 => format!("setoption name Move Overhead value {}", rng.below(50)),
                    _ => {
                        variant = if rng.below(2) == 0 { Variant::Pom } else { Variant::MiniPom };
                        pos = Position::startpos(variant);
                        format!("setoption name UCI_Variant value {}", variant.name())
                    }
                };
                pipe.send(&line);
            }
            66..=73 => {
                let depth = 1 + rng.below(3) as u32;
                long = true;
                if rng.below(12) == 0 {
                    // Only a stop ends it.
                    pipe.send("perft 99");
                    owed.push(Owed::Perft { nodes: None, stop: None });
                } else {
                    let go = if rng.below(2) == 0 { "go perft" } else { "perft" };
                    pipe.send(&format!("{go} {depth}"));
                    owed.push(Owed::Perft {
                        nodes: Some(count(&pos, depth)),
                        stop: None,
                    });
                }
            }
            74..=79 => {
                pipe.send("ucinewgame");
            }
            80..=89 => {
                pipe.send("d");
                owed.push(Owed::Fen(pos.fen()));
            }
            90..=91 => {
                pipe.send("uci");
                owed.push(Owed::UciOk);
            }
            _ => {
                let line = ["bogus", "go depth x", "setoption name Nope value 1", "position startpos moves z9z9"][rng.below(4) as usize];
                pipe.send(line);
                // A bad move keeps the moves before it: none.
                if line.starts_with("position") {
                    pos = Position::startpos(variant);
                }
            }
        }
        if forwarded {
            last_long = long;
        }
        Pipe::pause(&mut rng);
    }
    // The end: everything stopped, then a last barrier.
    let t = pipe.send("stop");
    owed.iter_mut().for_each(|o| o.stop_at(t));
    pipe.send("isready");
    readies.push(Ready {
        after: owed.len(),
        last_may_follow: last_long,
    });
    // A short command and a barrier behind it: everything is answered.
    pipe.send("d");
    owed.push(Owed::Fen(pos.fen()));
    pipe.send("isready");
    readies.push(Ready {
        after: owed.len(),
        last_may_follow: false,
    });
    let mut got = 0;
    while got < readies.len() {
        pipe.read_until(DRAIN, |l| l == "readyok");
        got += 1;
    }
    pipe.quit();
    let mut figures = check_uci(&pipe, &mut owed, &readies);
    figures.commands = commands;
    figures
}

/// A random `go` for `pos`: the line and the legal `searchmoves` it names.
/// `go infinite` and `go ponder` wait for a stop (or ponderhit).
fn go_line(pos: &Position, legal: &[Move], rng: &mut SplitMix64) -> (String, Vec<Move>) {
    let clock = |rng: &mut SplitMix64| {
        format!(
            "wtime {} btime {} winc {} binc {}",
            100 + rng.below(1500),
            100 + rng.below(1500),
            rng.below(40),
            rng.below(40)
        )
    };
    let mut line = match rng.below(9) {
        0 => format!("go depth {}", 1 + rng.below(5)),
        1 => format!("go nodes {}", 50 + rng.below(5000)),
        2 => format!("go movetime {}", 1 + rng.below(60)),
        3 => format!("go {}", clock(rng)),
        4 => format!("go {} movestogo {}", clock(rng), 1 + rng.below(30)),
        5 => format!("go mate {} movetime {}", 1 + rng.below(2), 1 + rng.below(60)),
        6 => format!("go ponder {}", clock(rng)),
        _ => "go infinite".to_owned(),
    };
    let mut among = Vec::new();
    if rng.below(5) == 0 && !legal.is_empty() {
        let n = 1 + rng.below(3) as usize;
        among = (0..n).filter_map(|_| rng.pick(legal).copied()).collect();
        line.push_str(" searchmoves");
        for &m in &among {
            line.push(' ');
            line.push_str(&pos.move_text(m));
        }
    }
    (line, among)
}

/// A start position whose castling field names a letter twice.
fn repeated_right(variant: Variant) -> String {
    let start = variant.start_fen();
    let mut fields: Vec<String> = start.split(' ').map(str::to_owned).collect();
    let first = fields[2].chars().next().expect("a right");
    fields[2].insert(0, first);
    fields.join(" ")
}

fn check_uci(pipe: &Pipe, owed: &mut [Owed], readies: &[Ready]) -> Figures {
    let mut figures = Figures::default();
    // (index in the output, time) of each answer, in order.
    let mut answers: Vec<usize> = Vec::new();
    let mut ready_at: Vec<usize> = Vec::new();
    for (i, (_, line)) in pipe.out.iter().enumerate() {
        let answer = line.starts_with("bestmove ")
            || line.starts_with("Nodes searched: ")
            || line == "info string perft stopped"
            || line.starts_with("Fen: ")
            || line == "uciok";
        if answer {
            answers.push(i);
        } else if line == "readyok" {
            ready_at.push(i);
        }
    }
    for (k, (o, &i)) in owed.iter().zip(&answers).enumerate() {
        let (t, line) = (pipe.out[i].0, pipe.out[i].1.as_str());
        let fail = |why: &str| pipe.fail(&format!("answer {k} '{line}': {why}"));
        match o {
            Owed::Best { pos, among, stop } => {
                let Some(rest) = line.strip_prefix("bestmove ") else {
                    fail("expected a bestmove")
                };
                let text = rest.split_whitespace().next().unwrap_or_default();
                let legal = pos.legal_move_vec();
                if text == "(none)" {
                    if !legal.is_empty() {
                        fail(&format!("no move, but {} is legal", pos.move_text(legal[0])));
                    }
                } else {
                    match pos.parse_move(text) {
                        Ok(m) if among.is_empty() || among.contains(&m) => {}
                        Ok(_) => fail("not among the searchmoves"),
                        Err(e) => fail(&format!("not legal in {}: {e}", pos.fen())),
                    }
                }
                if let Some(s) = stop {
                    figures.latency(pipe, line, *s, t);
                }
            }
            Owed::Perft { nodes, stop } => {
                let counted = line.strip_prefix("Nodes searched: ").and_then(|n| n.parse::<u64>().ok());
                match (counted, nodes) {
                    (Some(c), Some(n)) if c == *n => {}
                    (None, _) if line == "info string perft stopped" && stop.is_some() => {}
                    _ => fail(&format!("expected perft {nodes:?}")),
                }
                if let Some(s) = stop {
                    figures.latency(pipe, line, *s, t);
                }
            }
            Owed::Fen(fen) => {
                if line.strip_prefix("Fen: ") != Some(fen.as_str()) {
                    fail(&format!("expected Fen: {fen}"));
                }
            }
            Owed::UciOk => {
                if line != "uciok" {
                    fail("expected uciok");
                }
            }
        }
    }
    if answers.len() != owed.len() {
        pipe.fail(&format!("{} answers for {} commands that owe one", answers.len(), owed.len()));
    }
    for (k, (r, &at)) in readies.iter().zip(&ready_at).enumerate() {
        let must = if r.last_may_follow { r.after - 1 } else { r.after };
        if let Some(&late) = answers[..must].iter().find(|&&i| i > at) {
            pipe.fail(&format!("readyok {k} overtook the answer '{}'", pipe.out[late].1));
        }
    }
    figures
}

// ---- CECP ----------------------------------------------------------------

/// Who the CECP engine plays, as the driver set it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Force,
    Play(Color),
    Analyze,
}

struct Cecp {
    pipe: Pipe,
    variant: Variant,
    pos: Position,
    mode: Mode,
    /// The engine may be thinking (or have moved) since the last sync.
    thinking: bool,
    game_over: bool,
    ping: u32,
    figures: Figures,
}

impl Cecp {
    /// `ping N`, read to `pong N`, playing the engine's moves on the way;
    /// with `stopped`, the pong must follow within the bound.
    fn sync(&mut self, stopped: Option<(Instant, &str)>) {
        self.sync_then(stopped, false);
    }

    /// [`Cecp::sync`]; `reset`: a `new` was sent, so the engine's moves
    /// need only be legal (its board is the start position by now).
    fn sync_then(&mut self, stopped: Option<(Instant, &str)>, reset: bool) {
        self.ping += 1;
        let n = self.ping;
        self.pipe.send(&format!("ping {n}"));
        let from = self.pipe.out.len();
        let pong = format!("pong {n}");
        let at = self.pipe.read_until(DRAIN, |l| l == pong);
        let lines: Vec<(Instant, String)> = self.pipe.out[from..at].to_vec();
        for (t, line) in &lines {
            if let Some(text) = line.strip_prefix("move ") {
                self.engine_move(text, reset);
                if let Some((s, what)) = stopped.filter(|(_, w)| *w == "?") {
                    self.figures.latency(&self.pipe, &format!("the move after {what}"), s, *t);
                }
            } else if line.starts_with("1-0") || line.starts_with("0-1") || line.starts_with("1/2-1/2") {
                self.game_over = true;
            }
        }
        if let Some((s, what)) = stopped {
            let t = self.pipe.out[at].0;
            self.figures.latency(&self.pipe, &format!("pong after {what}"), s, t);
        }
        self.thinking = false;
    }

    /// Plays the engine's move on the referee's board, or fails if none of
    /// the legal moves is written so.
    fn engine_move(&mut self, text: &str, reset: bool) {
        let g = self.pos.geometry();
        let candidates: Vec<Move> = self
            .pos
            .legal_move_vec()
            .into_iter()
            .filter(|&m| {
                let coord = format!("{}{}", g.square_name(m.from()), g.square_name(m.to()));
                text.strip_prefix(&coord)
                    .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
            })
            .collect();
        let m = match candidates.as_slice() {
            [] => self.pipe.fail(&format!("engine move '{text}' is not legal in {}", self.pos.fen())),
            [m] => *m,
            _ if reset => candidates[0],
            // A choice of forms on one square: ask the engine which it made.
            _ => {
                let fen = self.engine_fen();
                *candidates
                    .iter()
                    .find(|&&m| {
                        let mut p = self.pos.clone();
                        p.make(m);
                        p.fen() == fen
                    })
                    .unwrap_or_else(|| self.pipe.fail(&format!("engine move '{text}' makes none of the legal results")))
            }
        };
        self.pos.make(m);
    }

    /// The engine's own FEN (`d` answers `# fen ...`).
    fn engine_fen(&mut self) -> String {
        self.pipe.send("d");
        let at = self.pipe.read_until(DRAIN, |l| l.starts_with("# fen "));
        self.pipe.out[at].1["# fen ".len()..].to_owned()
    }

    /// A legal move whose from and to squares name it alone.
    fn user_move(&self, rng: &mut SplitMix64) -> Option<Move> {
        let legal = self.pos.legal_move_vec();
        let plain: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| legal.iter().filter(|o| o.from() == m.from() && o.to() == m.to()).count() == 1)
            .collect();
        rng.pick(&plain).copied()
    }

    fn coord(&self, m: Move) -> String {
        let g = self.pos.geometry();
        format!("{}{}", g.square_name(m.from()), g.square_name(m.to()))
    }

    /// After a move or `go`: the engine thinks if it is its turn.
    fn maybe_think(&mut self) {
        self.game_over |= self.pos.outcome().is_some();
        if self.mode == Mode::Play(self.pos.side_to_move()) && !self.game_over {
            self.thinking = true;
        }
    }
}

fn cecp_run(seed: u64, commands: usize) -> Figures {
    let mut rng = SplitMix64::new(seed);
    let pipe = Pipe::start(seed, &[]);
    let mut c = Cecp {
        pipe,
        variant: Variant::Pom,
        pos: Position::startpos(Variant::Pom),
        mode: Mode::Play(Color::Black),
        thinking: false,
        game_over: false,
        ping: 0,
        figures: Figures::default(),
    };
    c.pipe.send("xboard");
    c.pipe.send("protover 2");
    c.pipe.read_until(DRAIN, |l| l.contains("done=1"));
    c.pipe.send("new");
    c.pipe.send("sd 3");
    for _ in 0..commands {
        let roll = rng.below(100);
        // Thinking under way: move now, end it, or wait for it.
        if c.thinking && roll < 60 {
            match rng.below(4) {
                0 => {
                    let t = c.pipe.send("?");
                    Pipe::pause(&mut rng);
                    c.sync(Some((t, "?")));
                }
                1 => {
                    let (line, mode) = [("force", Mode::Force), ("new", Mode::Play(Color::Black))][rng.below(2) as usize];
                    let t = c.pipe.send(line);
                    // Whatever the engine played before it read the line counts.
                    c.sync_then(Some((t, line)), line == "new");
                    c.mode = mode;
                    if line == "new" {
                        // `new` forgets the depth limit, as XBoard expects.
                        c.pipe.send(&format!("sd {}", 1 + rng.below(3)));
                        c.pos = Position::startpos(c.variant);
                        c.game_over = false;
                    }
                }
                _ => c.sync(None),
            }
            continue;
        }
        match roll {
            0..=29 if !c.thinking && !c.game_over => {
                if let Some(m) = c.user_move(&mut rng) {
                    let line = format!("usermove {}", c.coord(m));
                    let t = c.pipe.send(&line);
                    c.pos.make(m);
                    c.maybe_think();
                    if c.mode == Mode::Analyze {
                        c.sync(Some((t, "usermove in analysis")));
                    }
                }
            }
            30..=39 if !c.thinking && !c.game_over && c.mode != Mode::Analyze => {
                c.pipe.send("go");
                c.mode = Mode::Play(c.pos.side_to_move());
                c.maybe_think();
            }
            40..=44 if !c.thinking => {
                let t = c.pipe.send("analyze");
                c.mode = Mode::Analyze;
                Pipe::pause(&mut rng);
                c.sync(Some((t, "analyze")));
            }
            45..=49 if !c.thinking => {
                let t = c.pipe.send("exit");
                if c.mode == Mode::Analyze {
                    c.mode = Mode::Force;
                }
                c.sync(Some((t, "exit")));
            }
            50..=55 if !c.thinking => {
                let plies = 1 + rng.below(2) as usize;
                if c.pos.game_ply() >= plies {
                    let t = c.pipe.send(if plies == 1 { "undo" } else { "remove" });
                    for _ in 0..plies {
                        c.pos.unmake();
                    }
                    c.game_over = false;
                    c.sync(Some((t, "undo")));
                }
            }
            56..=59 if !c.thinking => {
                c.variant = if rng.below(2) == 0 { Variant::Pom } else { Variant::MiniPom };
                c.pipe.send(&format!("variant {}", c.variant.name()));
                c.pos = Position::startpos(c.variant);
                c.game_over = false;
            }
            60..=63 if !c.thinking => {
                c.pipe.send("new");
                c.pipe.send(&format!("sd {}", 1 + rng.below(3)));
                c.pos = Position::startpos(c.variant);
                c.game_over = false;
                if c.mode != Mode::Analyze {
                    c.mode = Mode::Play(Color::Black);
                }
            }
            64..=67 if !c.thinking => {
                let t = c.pipe.send("force");
                if c.mode == Mode::Analyze {
                    c.sync(Some((t, "force during analysis")));
                }
                c.mode = Mode::Force;
            }
            68..=75 => {
                let line = match rng.below(6) {
                    0 => format!("sd {}", 1 + rng.below(3)),
                    1 => "post".to_owned(),
                    2 => "nopost".to_owned(),
                    3 => format!("time {}", 20 + rng.below(300)),
                    4 => format!("otim {}", 20 + rng.below(300)),
                    _ => ".".to_owned(),
                };
                let t = c.pipe.send(&line);
                if c.mode == Mode::Analyze && line != "." {
                    c.sync(Some((t, "a command during analysis")));
                }
            }
            76..=79 => {
                let t = c.pipe.send("?");
                if !c.thinking {
                    c.sync(Some((t, "?")));
                }
            }
            80..=84 if !c.thinking => {
                let fen = c.engine_fen();
                if fen != c.pos.fen() {
                    c.pipe.fail(&format!("engine at {fen}, referee at {}", c.pos.fen()));
                }
            }
            85..=89 => {
                c.pipe
                    .send(["bogus", "usermove z99z98", "variant chess", "sd x"][rng.below(4) as usize]);
            }
            _ => {
                let stopped = (c.mode == Mode::Analyze).then(Instant::now);
                c.sync(stopped.map(|t| (t, "ping during analysis")));
            }
        }
        Pipe::pause(&mut rng);
    }
    c.sync(None);
    let fen = c.engine_fen();
    if fen != c.pos.fen() {
        c.pipe
            .fail(&format!("at the end the engine is at {fen}, the referee at {}", c.pos.fen()));
    }
    c.pipe.quit();
    c.figures.commands = commands;
    c.figures
}

#[test]
fn uci_under_random_fast_input() {
    let commands = env("GORGON_STRESS_COMMANDS").unwrap_or(2000) as usize;
    for seed in seeds(1, 2) {
        let f = uci_run(seed, commands);
        eprintln!("uci seed {seed}: {f:?}");
    }
}

#[test]
fn cecp_under_random_fast_input() {
    let commands = env("GORGON_STRESS_COMMANDS").unwrap_or(1500) as usize;
    for seed in seeds(101, 2) {
        let f = cecp_run(seed, commands);
        eprintln!("cecp seed {seed}: {f:?}");
    }
}

/// The moves as coordinate text, each written in the position it is played in.
fn texts(start: &Position, moves: &[Move]) -> Vec<String> {
    rules::line_texts(start, moves, |p, m| p.move_text(m))
}
