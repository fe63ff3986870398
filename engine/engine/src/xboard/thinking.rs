//! The CECP loop's searches: the engine's move, the analysis, and
//! pondering on the expected reply, each started by [`Session::work`] when
//! it is due, with its own stop ticket; thinking output while they run.

use super::reader::{ends_thinking, lock, send, Input, ANALYZING, IDLE, PONDERING, THINKING};
use super::session::{Pondered, Role, Session};
use super::table;
use crate::clock::Instant;
use crate::player::{self, Control, Limits, Report};
use protocol::cecp::{self, Reply, Thinking};
use protocol::ScoreValue;
use rules::{Move, Position};
use std::sync::atomic::Ordering;
use std::sync::mpsc::Receiver;

/// A search score in CECP units.
fn cecp_score(score: ScoreValue) -> i32 {
    match score {
        ScoreValue::Cp(cp) => cp,
        ScoreValue::Mate(n) => cecp::mate_score(n),
    }
}

impl Session {
    /// Thinks, analyses or ponders if that is due; true if it searched (or
    /// announced the end of the game). Thinking waits for commands that end
    /// the game already received; the analysis and the pondering for any
    /// command received.
    pub(super) fn work(&mut self, rx: &Receiver<Input>) -> bool {
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
}
