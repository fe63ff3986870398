//! The CECP commands on the board: the user's moves, `undo` and
//! `remove`, `setboard`, `variant`, `exclude` and `include`, `hint`, `d`,
//! and the highlights of `lift` and `put`. The engine is the referee:
//! XBoard cannot know the gaze, the Morph or POM castling, so every user
//! move is checked here.

use super::reader::send;
use super::session::{result_of, Role, Session};
use super::table;
use crate::player::{Control, Limits};
use protocol::cecp::{CecpMove, MoveSet, Reply};
use rules::{Color, Position, Variant};

/// Shown once when a move onto a magenta square comes with a letter that
/// names no possible result (XBoard adds its default piece on drag and drop).
const CHOICE_HELP: &str = "Magenta square: the piece may change. Click the piece, then press on the magenta square \
     and pull the mouse down to see the possible pieces; release on the one you want. \
     Or type the move with the new piece's letter (see docs/XBOARD.md).";

impl Session {
    /// `variant NAME`: switch and define the variant for XBoard.
    pub(super) fn set_variant(&mut self, name: &str, line: &str) {
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

    /// `setboard FEN` (in XBoard's letters): a bad one is refused, and so
    /// are the moves after it, until the next `new` or good `setboard`.
    pub(super) fn set_board(&mut self, fen: &str) {
        match table::parse_xboard_fen(self.variant, fen) {
            Ok(pos) => self.set_position(pos),
            Err(e) => {
                send(&Reply::TellUserError(format!("Illegal position: {e}")));
                self.bad_position = Some(e);
            }
        }
    }

    /// A move from XBoard: played if legal, else refused (`Illegal move`).
    pub(super) fn user_move(&mut self, mv: &CecpMove, line: &str) {
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
    pub(super) fn undo(&mut self, plies: usize, line: &str) {
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

    /// `exclude` (`out`) or `include`: which root moves the analysis
    /// searches; the list lasts until the position changes.
    pub(super) fn exclude(&mut self, set: MoveSet, out: bool, line: &str) {
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

    /// `hint`: the expected reply to the engine's last move, or a short search.
    pub(super) fn hint(&mut self) {
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
    pub(super) fn show(&self) {
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
    pub(super) fn lift(&mut self, s: protocol::Square) {
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
    pub(super) fn put(&mut self, s: protocol::Square) {
        let (Some(from), Some(to)) = (self.lifted, self.pos.geometry().square_of(s)) else {
            return;
        };
        if let Some(choice) = table::put_choice(&self.pos, from, to) {
            send(&choice);
        }
    }
}
