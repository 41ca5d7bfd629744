//! The xboard front end's error type: why a command was refused.

use outpost_engine::{ControlError, EngineError};
use outpost_notation::FenError;
use thiserror::Error;

/// Why an xboard command could not be carried out. The session answers
/// `Error (<message>): <command>`, `Illegal move (<message>): <move>` or,
/// for a position it cannot accept, `tellusererror Illegal position: <message>`,
/// and keeps its state.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum XboardError {
    /// A command the engine does not know (and not a move either).
    #[error("unknown command")]
    UnknownCommand,
    /// A command without an argument it needs.
    #[error("missing argument: expected {expected}")]
    MissingArgument {
        /// What the command expects.
        expected: &'static str,
    },
    /// A command with a malformed argument.
    #[error("bad argument `{value}`: expected {expected}")]
    BadArgument {
        /// The offending word.
        value: String,
        /// What the command expects.
        expected: &'static str,
    },
    /// A command with more arguments than it takes.
    #[error("too many parameters")]
    TooManyParameters,
    /// A command that makes no sense in the current state.
    #[error("command not legal now: {why}")]
    NotLegalNow {
        /// What is in the way.
        why: &'static str,
    },
    /// `variant` with anything but `normal` or `fischerandom`.
    #[error("unsupported variant `{name}`: only normal and fischerandom")]
    UnsupportedVariant {
        /// The variant asked for.
        name: String,
    },
    /// A move that is malformed or not legal in the position.
    #[error("{reason}")]
    IllegalMove {
        /// The move as sent.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// A `setboard` FEN or an `edit` result that is not a legal position.
    #[error("{0}")]
    IllegalPosition(#[from] FenError),
    /// The engine refused: an unknown option, a bad value, or busy searching.
    #[error("{0}")]
    Engine(#[from] EngineError),
}

impl From<ControlError> for XboardError {
    fn from(err: ControlError) -> XboardError {
        match err {
            ControlError::NotLegalNow { why } | ControlError::IllegalMove { reason: why } => {
                XboardError::NotLegalNow { why }
            }
            ControlError::Position(err) => {
                XboardError::IllegalPosition(FenError::IllegalPosition(err))
            }
            ControlError::Decided => XboardError::NotLegalNow {
                why: "the game is over",
            },
        }
    }
}
