//! The board crate's error type.

use crate::{CastlingSide, Color, Square};
use thiserror::Error;

/// Why a position or a piece of board text was rejected.
///
/// ```
/// use outpost_board::{BoardError, Color, Position, Setup, Square};
///
/// let mut setup = Setup::standard();
/// setup.board[Square::E8.index()] = None;
/// let err = Position::from_setup(&setup).unwrap_err();
/// assert_eq!(
///     err,
///     BoardError::MissingKing {
///         color: Color::Black
///     }
/// );
/// assert_eq!(
///     err.to_string(),
///     "Black has no king: each side needs exactly one"
/// );
/// assert!(matches!(
///     "z9".parse::<Square>(),
///     Err(BoardError::BadSquare { .. })
/// ));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A square name that is not a file letter followed by a rank digit.
    #[error("bad square `{text}`: expected a file a-h and a rank 1-8, like `e4`")]
    BadSquare {
        /// The offending text.
        text: String,
    },
    /// A side has no king.
    #[error("{color:?} has no king: each side needs exactly one")]
    MissingKing {
        /// The side without a king.
        color: Color,
    },
    /// A side has more than one king.
    #[error("{color:?} has {count} kings: each side needs exactly one")]
    TooManyKings {
        /// The side with extra kings.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A pawn on the first or eighth rank.
    #[error("pawn on {square}: pawns cannot stand on the first or eighth rank")]
    PawnOnBackRank {
        /// Where the pawn stands.
        square: Square,
    },
    /// The side that just moved is in check, so the position cannot arise.
    #[error("the side not to move ({color:?}) is in check")]
    OpponentInCheck {
        /// The side in check.
        color: Color,
    },
    /// More pieces give check than any legal move can produce.
    #[error("{count} pieces give check: at most two can")]
    TooManyCheckers {
        /// How many pieces give check.
        count: u32,
    },
    /// A castling right whose king or rook is not on its starting square.
    #[error("castling right {color:?} {side:?}-side needs the king and that rook on their starting squares")]
    BadCastlingRight {
        /// The side holding the right.
        color: Color,
        /// Which castling.
        side: CastlingSide,
    },
    /// An en-passant square that no double pawn push can have produced.
    #[error("en-passant square {square} is inconsistent: {reason}")]
    BadEnPassant {
        /// The en-passant square given.
        square: Square,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A halfmove clock or fullmove number too large to store.
    #[error("move counter {value} is out of range: at most 65535")]
    ClockOutOfRange {
        /// The value given.
        value: u32,
    },
    /// A fullmove number of zero (numbering starts at 1).
    #[error("fullmove number must be at least 1")]
    ZeroFullmoveNumber,
}
