//! How the engine's thinking time is found, and the clocks' part in a
//! game's end: the flag and what it gives.

use crate::clock::{EngineClock, GameClocks};
use outpost_board::{Bitboard, Color, PieceKind, Position};
use outpost_notation::Outcome;
use outpost_search::Limits;

/// How the engine's thinking time is found.
///
/// ```
/// use outpost_engine::{GameClocks, GameController, Timing};
/// use outpost_search::Limits;
/// use std::time::Duration;
///
/// // The same limits for every move.
/// let fixed = GameController::new(Timing::Fixed(Limits::depth(4)));
/// assert_eq!(fixed.move_limits(), Limits::depth(4));
/// assert!(fixed.timing().running_clocks().is_none());
///
/// // Three minutes plus two seconds a move, kept by the controller.
/// let clocks = GameClocks::new(Duration::from_secs(180), Duration::from_secs(2));
/// let timed = GameController::new(Timing::Running(clocks));
/// let clock = timed.move_limits().clock.unwrap();
/// assert_eq!(clock.increment, Duration::from_secs(2));
/// assert!(clock.time <= Duration::from_secs(180));
/// assert!(timed.timing().running_clocks().is_some());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Timing {
    /// A time control announced once, the engine's clock reported now and
    /// then and estimated in between (xboard's `level`, `st`, `time`).
    Reported(EngineClock),
    /// Both sides' clocks, kept by the controller from the caller's instants.
    Running(GameClocks),
    /// The same limits for every move (a fixed time, depth or node count).
    Fixed(Limits),
}

impl Timing {
    /// Both sides' running clocks, when the game has them.
    pub fn running_clocks(&self) -> Option<&GameClocks> {
        match self {
            Timing::Running(clocks) => Some(clocks),
            _ => None,
        }
    }
}

impl Default for Timing {
    fn default() -> Timing {
        Timing::Reported(EngineClock::default())
    }
}

/// Whether `side` could still checkmate its opponent by some sequence of
/// legal moves, however unlikely (the FIDE rule for a flag fall: the side
/// with time left wins only if it could; otherwise the game is drawn).
/// Material decides:
///
/// * a pawn, a rook or a queen: it could (a pawn may promote);
/// * a king alone: it could not;
/// * two or more minor pieces, not all of them bishops on squares of one
///   colour: it could;
/// * one knight: it could only with the opponent's help, when the opponent
///   has anything besides its king (a man that blocks its own king's
///   flight square);
/// * bishops all on squares of one colour: it could only when the
///   opponent has a pawn, a knight, a rook, a queen or a bishop on the
///   other colour (a man that can block the flight squares the bishops do
///   not reach).
///
/// A blocked pawn chain or another dead position that the material does
/// not show counts as a position where mate is still possible.
///
/// ```
/// use outpost_board::Color;
/// use outpost_engine::can_mate;
/// use outpost_notation::parse_fen;
///
/// let lone_king = parse_fen("8/8/8/4k3/8/8/8/K2Q4 w - - 0 1").unwrap();
/// assert!(can_mate(&lone_king, Color::White) && !can_mate(&lone_king, Color::Black));
/// // King and knight against king and pawn: a mate with the pawn's help.
/// let helpmate = parse_fen("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1").unwrap();
/// assert!(can_mate(&helpmate, Color::White));
/// ```
pub fn can_mate(pos: &Position, side: Color) -> bool {
    let ours = |kind| pos.pieces_of(side, kind);
    let theirs = |kind| pos.pieces_of(!side, kind);
    if [PieceKind::Pawn, PieceKind::Rook, PieceKind::Queen]
        .iter()
        .any(|&kind| ours(kind).is_nonempty())
    {
        return true;
    }
    let knights = ours(PieceKind::Knight);
    let bishops = ours(PieceKind::Bishop);
    if knights.is_empty() && bishops.is_empty() {
        return false;
    }
    let blockers = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Rook,
        PieceKind::Queen,
    ]
    .iter()
    .any(|&kind| theirs(kind).is_nonempty());
    if knights.is_nonempty() {
        return knights.count() + bishops.count() >= 2
            || blockers
            || theirs(PieceKind::Bishop).is_nonempty();
    }
    // Bishops only: the mate needs a man on the squares they do not reach.
    let on_light = (bishops & Bitboard::LIGHT_SQUARES).is_nonempty();
    let on_dark = (bishops & Bitboard::DARK_SQUARES).is_nonempty();
    if on_light && on_dark {
        return true;
    }
    let other_colour = if on_light {
        Bitboard::DARK_SQUARES
    } else {
        Bitboard::LIGHT_SQUARES
    };
    blockers || (theirs(PieceKind::Bishop) & other_colour).is_nonempty()
}

/// How the game ends when `loser`'s flag falls in `pos`: lost on time, or
/// drawn when the other side could not mate ([`can_mate`]).
pub(super) fn flag_fall(pos: &Position, loser: Color) -> Outcome {
    if can_mate(pos, !loser) {
        Outcome::TimeForfeit { loser }
    } else {
        Outcome::TimeoutDraw { loser }
    }
}
