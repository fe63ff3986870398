//! How a game ended: its result (the rules' [`GameResult`]), the PGN
//! `Termination` tag and, for a game lost by breaking a rule of the match,
//! whose fault it was. The game loop, the engine drivers, the PGN and the
//! tallies all speak of endings, so this module imports none of them.

use rules::{Color, Outcome};
use std::fmt;

pub use rules::GameResult;

/// Why a game ended: the PGN `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    TimeForfeit,
    IllegalMove,
    Crashed,
    Hung,
    Adjudication,
    /// A CECP engine said `resign`.
    Resignation,
    Unterminated,
}

impl Termination {
    pub const ALL: [Termination; 12] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::Repetition,
        Termination::FiftyMoves,
        Termination::InsufficientMaterial,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::Crashed,
        Termination::Hung,
        Termination::Adjudication,
        Termination::Resignation,
        Termination::Unterminated,
    ];

    /// The tag's text.
    pub fn text(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Repetition => "threefold repetition",
            Termination::FiftyMoves => "50-move rule",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crashed => "engine crashed",
            Termination::Hung => "engine hung",
            Termination::Adjudication => "adjudication",
            Termination::Resignation => "resignation",
            Termination::Unterminated => "unterminated",
        }
    }

    /// Reads the tag's text.
    pub fn from_text(text: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.text() == text)
    }

    /// True for an engine's fault (it lost by breaking a rule of the match).
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            Termination::TimeForfeit | Termination::IllegalMove | Termination::Crashed | Termination::Hung
        )
    }

    /// The termination of a game the rules ended.
    pub fn of_outcome(o: Outcome) -> Termination {
        match o {
            Outcome::Checkmate { .. } => Termination::Checkmate,
            Outcome::Stalemate => Termination::Stalemate,
            Outcome::Repetition => Termination::Repetition,
            Outcome::FiftyMoves => Termination::FiftyMoves,
            Outcome::InsufficientMaterial => Termination::InsufficientMaterial,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// The side that lost by a fault in a game that ended so (`termination`
/// a fault, the result a win), else `None`.
pub fn faulty_side(termination: Option<Termination>, result: GameResult) -> Option<Color> {
    if !termination.is_some_and(Termination::is_fault) {
        return None;
    }
    match result {
        GameResult::WhiteWins => Some(Color::Black),
        GameResult::BlackWins => Some(Color::White),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_and_terminations() {
        assert_eq!(GameResult::loss_for(Color::White), GameResult::BlackWins);
        assert_eq!(GameResult::WhiteWins.score_for(Color::Black), Some(0.0));
        assert_eq!(GameResult::Draw.score_for(Color::White), Some(0.5));
        for r in ["1-0", "0-1", "1/2-1/2", "*"] {
            assert_eq!(GameResult::from_pgn(r).unwrap().pgn(), r);
        }
        for t in Termination::ALL {
            assert_eq!(Termination::from_text(t.text()), Some(t));
        }
    }
}
