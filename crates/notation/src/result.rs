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

/// How a game ended, and why: by the rules of the position (checkmate,
/// stalemate, the draw rules), by a decision of the players (resignation,
/// an agreed draw), on time, or by adjudication. The one type every layer
/// uses for a game's end: [`Outcome::result`] gives the PGN result token,
/// [`Outcome::termination`] the PGN `Termination` tag's text and
/// [`Outcome::description`] the words of a result comment.
///
/// [`Game::outcome`](crate::Game::outcome) gives the ends the position itself gives (for
/// repetition and the fifty-move rule, a draw that may be claimed); the
/// engine layer's game controller adds the others.
///
/// ```
/// use outpost_board::Color;
/// use outpost_notation::{parse_fen, Game, GameResult, Outcome};
///
/// // Black to move, with no legal move and not in check.
/// let stalemate = parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
/// let game = Game::from_position(stalemate);
/// assert_eq!(game.outcome(), Some(Outcome::Stalemate));
/// assert_eq!(Outcome::Stalemate.result(), GameResult::Draw);
/// assert_eq!(game.result(), GameResult::Draw);
///
/// let resigned = Outcome::Resignation { loser: Color::White };
/// assert_eq!(resigned.result(), GameResult::BlackWins);
/// assert_eq!(resigned.termination(), "White resigned");
/// assert_eq!(Outcome::Checkmate { winner: Color::White }.termination(), "normal");
/// assert_eq!(Outcome::TimeForfeit { loser: Color::Black }.result(), GameResult::WhiteWins);
/// assert_eq!(Outcome::TimeoutDraw { loser: Color::Black }.result(), GameResult::Draw);
/// assert!(resigned.is_decision() && !Outcome::Stalemate.is_decision());
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
    /// This side resigned.
    Resignation {
        /// The side that resigned.
        loser: Color,
    },
    /// Both sides agreed to a draw.
    DrawAgreed,
    /// This side's clock fell while the other side could still mate by
    /// some sequence of legal moves: it lost.
    TimeForfeit {
        /// The side whose time ran out.
        loser: Color,
    },
    /// This side's clock fell but the other side could not mate by any
    /// sequence of legal moves: a draw.
    TimeoutDraw {
        /// The side whose time ran out.
        loser: Color,
    },
    /// A game between engines ended by its adjudication rules with this
    /// result.
    Adjudicated(GameResult),
}

impl Outcome {
    /// How the game ended, as a result comment says it: `White mates`,
    /// `Stalemate`, `Draw by repetition`, `Draw by fifty move rule`,
    /// `Insufficient material`, `Black resigns`, `Draw agreed`, `White
    /// forfeits on time`, `Draw by timeout vs insufficient material`,
    /// `Adjudication`.
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
            Outcome::Resignation {
                loser: Color::White,
            } => "White resigns",
            Outcome::Resignation {
                loser: Color::Black,
            } => "Black resigns",
            Outcome::DrawAgreed => "Draw agreed",
            Outcome::TimeForfeit {
                loser: Color::White,
            } => "White forfeits on time",
            Outcome::TimeForfeit {
                loser: Color::Black,
            } => "Black forfeits on time",
            Outcome::TimeoutDraw { .. } => "Draw by timeout vs insufficient material",
            Outcome::Adjudicated(_) => "Adjudication",
        }
    }

    /// The game result this outcome gives.
    pub const fn result(self) -> GameResult {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            }
            | Outcome::Resignation {
                loser: Color::Black,
            }
            | Outcome::TimeForfeit {
                loser: Color::Black,
            } => GameResult::WhiteWins,
            Outcome::Checkmate {
                winner: Color::Black,
            }
            | Outcome::Resignation {
                loser: Color::White,
            }
            | Outcome::TimeForfeit {
                loser: Color::White,
            } => GameResult::BlackWins,
            Outcome::Adjudicated(result) => result,
            _ => GameResult::Draw,
        }
    }

    /// The PGN `Termination` tag's text: `normal` for an end by the rules
    /// of the position, `White resigned` or `Black resigned`, `draw
    /// agreed`, `time forfeit` (also when the flag fell against too little
    /// material to mate) and `adjudication`.
    pub const fn termination(self) -> &'static str {
        match self {
            Outcome::Resignation {
                loser: Color::White,
            } => "White resigned",
            Outcome::Resignation {
                loser: Color::Black,
            } => "Black resigned",
            Outcome::DrawAgreed => "draw agreed",
            Outcome::TimeForfeit { .. } | Outcome::TimeoutDraw { .. } => "time forfeit",
            Outcome::Adjudicated(_) => "adjudication",
            _ => "normal",
        }
    }

    /// Whether the game ended other than by the rules of the position: a
    /// resignation, an agreement, the clock or adjudication.
    pub const fn is_decision(self) -> bool {
        !matches!(
            self,
            Outcome::Checkmate { .. }
                | Outcome::Stalemate
                | Outcome::ThreefoldRepetition
                | Outcome::FiftyMoveRule
                | Outcome::InsufficientMaterial
        )
    }
}
