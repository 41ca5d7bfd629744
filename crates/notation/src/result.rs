//! How a game ends: the PGN result token ([`GameResult`]) and the rule that
//! ended it ([`Outcome`]). The PGN model, its reader and [`Game`](crate::Game)
//! all speak of results, so they sit here, below all of them.

use outpost_board::Color;
use std::fmt;

/// How a game ended, or what a PGN says about it: the four result tokens.
///
/// ```
/// use outpost_notation::GameResult;
///
/// assert_eq!(GameResult::from_token("1/2-1/2"), Some(GameResult::Draw));
/// assert_eq!(GameResult::from_token("draw"), None);
/// assert_eq!(GameResult::WhiteWins.as_str(), "1-0");
/// assert_eq!(GameResult::BlackWins.to_string(), "0-1");
/// assert_eq!(GameResult::default(), GameResult::Unknown);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: still going, abandoned or unknown.
    #[default]
    Unknown,
}

impl GameResult {
    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result from its PGN token, if it is one.
    pub fn from_token(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game is over (or, for repetition and the fifty-move rule, may be
/// claimed drawn).
///
/// ```
/// use outpost_notation::{parse_fen, Game, GameResult, Outcome};
///
/// // Black to move, with no legal move and not in check.
/// let stalemate = parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
/// let game = Game::from_position(stalemate);
/// assert_eq!(game.outcome(), Some(Outcome::Stalemate));
/// assert_eq!(Outcome::Stalemate.result(), GameResult::Draw);
/// assert_eq!(game.result(), GameResult::Draw);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` gave the mate.
    Checkmate {
        /// The side that won.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The position occurred for at least the third time.
    ThreefoldRepetition,
    /// A hundred half-moves without capture or pawn move.
    FiftyMoveRule,
    /// Neither side can ever checkmate.
    InsufficientMaterial,
}

impl Outcome {
    /// How the game ended, as a result comment says it: `White mates`,
    /// `Stalemate`, `Draw by repetition`, `Draw by fifty move rule`,
    /// `Insufficient material`.
    ///
    /// ```
    /// use outpost_notation::{parse_fen, Game};
    ///
    /// let mut game = Game::new();
    /// for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
    ///     game.play_uci(mv).unwrap();
    /// }
    /// let mate = game.outcome().unwrap();
    /// assert_eq!(format!("{} {{{}}}", mate.result(), mate.description()), "0-1 {Black mates}");
    /// let fifty = parse_fen("8/8/8/4k3/8/8/2R5/4K3 w - - 100 80").unwrap();
    /// let drawn = Game::from_position(fifty).outcome().unwrap();
    /// assert_eq!(drawn.description(), "Draw by fifty move rule");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => "White mates",
            Outcome::Checkmate {
                winner: Color::Black,
            } => "Black mates",
            Outcome::Stalemate => "Stalemate",
            Outcome::InsufficientMaterial => "Insufficient material",
            Outcome::ThreefoldRepetition => "Draw by repetition",
            Outcome::FiftyMoveRule => "Draw by fifty move rule",
        }
    }

    /// The game result this outcome gives.
    pub const fn result(self) -> GameResult {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => GameResult::WhiteWins,
            Outcome::Checkmate {
                winner: Color::Black,
            } => GameResult::BlackWins,
            _ => GameResult::Draw,
        }
    }
}
