//! Why a command line was rejected.

use outpost::NotationError;
use thiserror::Error;

/// Longest piece of input quoted in an error message.
const MAX_EXCERPT_CHARS: usize = 40;

/// `text`, cut short if it is too long to quote in an error message.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(MAX_EXCERPT_CHARS) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// Why a command line was rejected. The shell prints these as
/// `info string error: <message>` and carries on with its state unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    /// A first word that is not a command.
    #[error("unknown command `{line}`: expected `position`, `go perft`, `d`, `eval` or `quit`")]
    Unknown {
        /// The line (an [`excerpt`] if long).
        line: String,
    },
    /// A line with no words (the shell skips these before parsing).
    #[error("empty line: expected a command")]
    Empty,
    /// A word after a command that takes no more.
    #[error("unexpected `{token}` after `{command}`: it takes nothing more")]
    Unexpected {
        /// The command, as far as it was understood.
        command: &'static str,
        /// The first word too many (an [`excerpt`] if long).
        token: String,
    },
    /// `position` without `startpos` or `fen`.
    #[error("`position` needs `startpos` or `fen <fen>`, then optionally `moves <move>...`")]
    MissingStart,
    /// `position` followed by something other than `startpos` or `fen`.
    #[error("`position {token}`: expected `startpos` or `fen <fen>`")]
    BadStart {
        /// The word found instead (an [`excerpt`] if long).
        token: String,
    },
    /// `position fen` with no FEN after it.
    #[error("`position fen` needs a FEN (4 or 6 fields)")]
    MissingFen,
    /// `position startpos` followed by something other than `moves`.
    #[error("expected `moves` after `position startpos`, found `{token}`")]
    ExpectedMoves {
        /// The word found instead (an [`excerpt`] if long).
        token: String,
    },
    /// `go` without `perft`.
    #[error("`go` needs `perft <depth>` (searching comes later)")]
    MissingGoMode,
    /// `go` followed by something other than `perft`.
    #[error("`go {token}` is not supported yet: expected `go perft <depth>`")]
    BadGoMode {
        /// The word found instead (an [`excerpt`] if long).
        token: String,
    },
    /// `go perft` without a depth.
    #[error("`go perft` needs a depth from 0 to {max}")]
    MissingPerftDepth {
        /// The deepest accepted depth.
        max: u32,
    },
    /// A perft depth that is not an integer in range.
    #[error("perft depth `{token}`: expected an integer from 0 to {max}")]
    BadPerftDepth {
        /// The offending word (an [`excerpt`] if long).
        token: String,
        /// The deepest accepted depth.
        max: u32,
    },
    /// The FEN of a `position fen` command was rejected.
    #[error("{0}")]
    Fen(NotationError),
    /// A move of a `position` command's move list was rejected.
    #[error("move {number} of the list: {source}")]
    Move {
        /// The move's place in the list, from 1.
        number: usize,
        /// Why it was rejected.
        source: NotationError,
    },
}
