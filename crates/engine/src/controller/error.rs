//! Why the controller refused a call.

use outpost_board::BoardError;

/// Why the controller refused a call.
///
/// ```
/// use outpost_board::Color;
/// use outpost_engine::{ControlError, GameController, Mode, Timing};
/// use outpost_notation::parse_fen;
///
/// let mut controller = GameController::new(Timing::default());
/// assert_eq!(
///     controller.exit_analysis(),
///     Err(ControlError::NotLegalNow { why: "not analyzing" })
/// );
/// let refused = controller.take_back(1).unwrap_err();
/// assert_eq!(refused.to_string(), "not enough moves to take back");
///
/// // White is in check: with Black to move the position would be illegal.
/// controller.set_mode(Mode::Force);
/// controller.set_position(parse_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap());
/// assert!(matches!(
///     controller.set_side_to_move(Color::Black),
///     Err(ControlError::Position(_))
/// ));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ControlError {
    /// The move is not legal, or it is not the player's turn.
    #[error("{reason}")]
    IllegalMove {
        /// Why.
        reason: &'static str,
    },
    /// Something that cannot be done in the game's current state.
    #[error("{why}")]
    NotLegalNow {
        /// Why not.
        why: &'static str,
    },
    /// A position that cannot be set up.
    #[error("illegal position: {0}")]
    Position(#[from] BoardError),
    /// The game was decided (resignation, agreement, the clock).
    #[error("the game is over")]
    Decided,
}
