//! The UCI front end's error type: what is wrong with an input line.

use outpost_notation::NotationError;
use thiserror::Error;

/// Why a UCI command could not be carried out. The engine answers
/// `info string error: <message>` and keeps its state.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UciError {
    /// A command the engine does not know.
    #[error("unknown command `{line}`")]
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
    /// `setoption` for an option the engine does not have.
    #[error("no such option `{name}`")]
    UnknownOption {
        /// The name given.
        name: String,
    },
    /// `setoption` with a value outside the option's range.
    #[error("option `{name}` cannot be `{value}`: expected {expected}")]
    BadOptionValue {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// What it accepts.
        expected: String,
    },
    /// A command that needs the engine while it is searching.
    #[error("cannot run `{what}` while searching: send `stop` first")]
    Busy {
        /// The command.
        what: String,
    },
    /// A bad FEN or move.
    #[error(transparent)]
    Notation(#[from] NotationError),
}
