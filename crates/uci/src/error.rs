//! The UCI front end's error type: what is wrong with an input line.

use outpost_engine::EngineError;
use outpost_notation::{FenError, NotationError};
use thiserror::Error;

/// Why a command could not be carried out. The engine answers
/// `info string error: <message>` and keeps its state.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UciError {
    /// A line with no command the engine knows.
    #[error("unknown command `{line}` (`help` lists the commands)")]
    Unknown {
        /// The line (shortened).
        line: String,
    },
    /// A command with a missing or malformed argument.
    #[error("bad `{what}` argument `{value}`")]
    BadValue {
        /// The command or keyword.
        what: String,
        /// The offending word.
        value: String,
    },
    /// The engine refused: an unknown option, a bad value, or busy searching.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A move of a `position` command's list that cannot be played.
    #[error("move {number} of the list: {source}")]
    MoveInList {
        /// Its place in the list, from 1.
        number: usize,
        /// Why it cannot be played.
        source: NotationError,
    },
    /// A bad FEN.
    #[error(transparent)]
    Fen(#[from] FenError),
}
