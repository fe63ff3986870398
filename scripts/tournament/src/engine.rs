//! What the game loop sees of an engine, whatever protocol it speaks:
//! [`Engine`] starts a UCI (`uci`) or CECP (`cecp`) engine, sets up each
//! game, answers a [`Turn`] with an [`Answer`] (a legal move or why the
//! engine loses), may ponder on the opponent's turn, and hears the end of
//! each game. The protocols differ in how a position and a clock reach the
//! engine and how its move comes back; the rules of the match (deadline,
//! `stop`, what counts as a hang) are the same and live in `driver`, which
//! both protocols' drivers use. This is the one module that knows both.

use crate::cecp::CecpEngine;
use crate::config::{EngineConfig, Protocol};
use crate::driver::{Answer, PonderStats, Timing, Turn};
use crate::error::EngineError;
use crate::uci::UciEngine;
use rules::{GameResult, Position, Variant};
use std::time::Duration;

/// A running engine of either protocol.
pub enum Engine {
    Uci(UciEngine),
    Cecp(CecpEngine),
}

impl Engine {
    /// Starts the engine and runs its protocol's handshake.
    pub fn start(config: &EngineConfig, variant: Variant, timeout: Duration, log: Option<String>) -> Result<Engine, EngineError> {
        Ok(match config.protocol {
            Protocol::Uci => Engine::Uci(UciEngine::start(config, variant.name(), timeout, log)?),
            Protocol::Xboard => Engine::Cecp(CecpEngine::start(config, variant, timeout, log)?),
        })
    }

    pub fn config(&self) -> &EngineConfig {
        match self {
            Engine::Uci(e) => &e.config,
            Engine::Cecp(e) => &e.config,
        }
    }

    /// Renames the engine (for the records of its games).
    pub fn rename(&mut self, name: &str) {
        match self {
            Engine::Uci(e) => e.config.name = name.to_string(),
            Engine::Cecp(e) => e.config.name = name.to_string(),
        }
    }

    /// The name the engine gives itself, if its protocol has one that the
    /// runner adopts (CECP `myname`).
    pub fn reported_name(&self) -> Option<&str> {
        match self {
            Engine::Uci(_) => None,
            Engine::Cecp(e) => e.reported_name(),
        }
    }

    /// Prepares a game from `start` (the position before the book moves,
    /// which reach the engine with its first turn).
    pub fn new_game(&mut self, start: &Position, timeout: Duration) -> Result<(), EngineError> {
        match self {
            Engine::Uci(e) => e.new_game(timeout),
            Engine::Cecp(e) => e.new_game(start, timeout),
        }
    }

    /// The engine's move in `turn`, waited for with the deadline its clock
    /// allows.
    pub fn think(&mut self, turn: &Turn) -> Answer {
        match self {
            Engine::Uci(e) => e.think(turn),
            Engine::Cecp(e) => e.think(turn),
        }
    }

    /// Called after the engine's own move, when the opponent is to move in
    /// `turn`: a UCI engine with `ponder` ponders on the reply it expects.
    pub fn ponder(&mut self, turn: &Turn) -> Result<(), EngineError> {
        match self {
            Engine::Uci(e) => e.ponder(turn),
            Engine::Cecp(_) => Ok(()),
        }
    }

    /// The game is over: a ponder search is stopped, a CECP engine hears
    /// the result.
    pub fn end_game(&mut self, result: GameResult, reason: &str, timing: &Timing) -> Result<(), EngineError> {
        match self {
            Engine::Uci(e) => e.end_game(timing),
            Engine::Cecp(e) => e.end_game(result, reason),
        }
    }

    /// False if the engine asked to be restarted for every game (CECP
    /// `reuse=0`).
    pub fn reusable(&self) -> bool {
        match self {
            Engine::Uci(_) => true,
            Engine::Cecp(e) => e.reusable(),
        }
    }

    /// The ponder counts since the last call.
    pub fn take_ponder_stats(&mut self) -> PonderStats {
        match self {
            Engine::Uci(e) => e.take_ponder_stats(),
            Engine::Cecp(_) => PonderStats::default(),
        }
    }

    /// Asks the engine to quit, and kills it if it has not after `grace`.
    pub fn quit(self, grace: Duration) {
        match self {
            Engine::Uci(e) => e.quit(grace),
            Engine::Cecp(e) => e.quit(grace),
        }
    }
}
