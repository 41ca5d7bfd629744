//! What the engine layer refuses, and why.

use outpost_book::BookError;
use outpost_nnue::NnueError;
use outpost_search::PoolError;
use std::sync::Arc;
use thiserror::Error;

/// An error of the engine layer: a command that cannot be carried out now,
/// or an option setting that is not valid.
///
/// Each error says what went wrong in words a front end can show as it is.
///
/// ```
/// use outpost_engine::{parse_option, EngineError};
///
/// let error = parse_option("Threads", Some("many")).unwrap_err();
/// assert_eq!(
///     error,
///     EngineError::BadOptionValue {
///         name: "Threads".to_string(),
///         value: "many".to_string(),
///         expected: "an integer from 1 to 256".to_string(),
///     }
/// );
/// assert_eq!(
///     error.to_string(),
///     "invalid value \"many\" for option Threads: expected an integer from 1 to 256"
/// );
/// assert_eq!(
///     parse_option("Frobnication", Some("1")).unwrap_err().to_string(),
///     "unknown option \"Frobnication\""
/// );
/// ```
#[derive(Clone, Debug, Error)]
pub enum EngineError {
    /// A time control that cannot be read.
    #[error("invalid time control {text:?}: expected minutes+seconds of increment, such as 5+3")]
    BadTimeControl {
        /// The text given.
        text: String,
    },
    /// A search is running and the request needs an idle engine.
    #[error("{what} is not possible while the engine is searching")]
    Busy {
        /// What was asked.
        what: String,
    },
    /// No option has this name.
    #[error("unknown option {name:?}")]
    UnknownOption {
        /// The name given.
        name: String,
    },
    /// The value does not fit the option.
    #[error("invalid value {value:?} for option {name}: expected {expected}")]
    BadOptionValue {
        /// The option's name.
        name: String,
        /// The value given.
        value: String,
        /// What the option takes.
        expected: String,
    },
    /// The opening book cannot be used (missing, truncated, unsorted or
    /// not a Polyglot file); the engine plays on without it.
    #[error("no opening book `{path}`: {source}")]
    Book {
        /// The book file asked for.
        path: String,
        /// Why it cannot be used.
        #[source]
        source: Arc<BookError>,
    },
    /// The endgame tables cannot be used from there.
    #[error("no endgame tables: {reason}")]
    Tables {
        /// What is wrong.
        reason: String,
    },
    /// Some of the Syzygy tables cannot be used (a directory that cannot be
    /// read, a truncated, renamed or damaged file); the engine plays on
    /// with the others.
    #[error("Syzygy tables: {problems}; playing on with the {usable} tables that can be read")]
    Syzygy {
        /// Every problem, separated by `; `.
        problems: String,
        /// How many WDL files are usable.
        usable: usize,
    },
    /// The network file cannot be used; the engine keeps the evaluation
    /// it had.
    #[error("no network: {source}")]
    Network {
        /// What is wrong with the file.
        #[source]
        source: NnueError,
    },
    /// The system cannot give the memory for a hash table this large; the
    /// engine keeps the table it had.
    #[error("not enough memory for a {mib} MiB hash table; the table stays at {kept} MiB")]
    Hash {
        /// The size asked for, in mebibytes.
        mib: usize,
        /// The size of the table kept, in mebibytes.
        kept: usize,
    },
    /// Openings cannot be drawn: not enough distinct balanced ones
    /// (`genfens`), or an openings file that cannot be read.
    #[error("cannot draw the openings: {reason}")]
    Openings {
        /// How far it got.
        reason: String,
    },
    /// The search thread could not be started.
    #[error("cannot start the search: {source}")]
    Thread {
        /// What the search pool said.
        #[source]
        source: PoolError,
    },
}

impl PartialEq for EngineError {
    /// The same kind of refusal with the same message (a book's I/O error
    /// has no equality of its own).
    fn eq(&self, other: &EngineError) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
            && self.to_string() == other.to_string()
    }
}

impl Eq for EngineError {}
