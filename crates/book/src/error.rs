//! The book crate's error type.

use outpost_notation::{FenError, PgnError};
use std::io;
use std::path::PathBuf;
use thiserror::Error;

/// Why a book could not be read, built or written.
///
/// Each bad input gets its own variant, and its message says what was
/// expected:
///
/// ```
/// use outpost_book::{Book, BookError, ColorFilter, Selection};
///
/// let truncated = Book::from_bytes(vec![0; 24]).unwrap_err();
/// assert!(matches!(truncated, BookError::BadSize { size: 24 }));
/// assert!(truncated.to_string().contains("not a multiple of 16"));
///
/// let missing = Book::open("no/such/book.bin").unwrap_err();
/// assert!(matches!(missing, BookError::Read { .. }));
/// assert!(missing.to_string().starts_with("cannot read book `no/such/book.bin`"));
///
/// let colour = "red".parse::<ColorFilter>().unwrap_err();
/// assert_eq!(colour.to_string(), "colour filter `red`: expected `white`, `black` or `both`");
/// assert!(matches!("worst".parse::<Selection>(), Err(BookError::BadSelection { .. })));
/// ```
#[derive(Debug, Error)]
pub enum BookError {
    /// The book file could not be read.
    #[error("cannot read book `{path}`: {source}")]
    Read {
        /// The file's path.
        path: PathBuf,
        /// The operating system's reason.
        source: io::Error,
    },
    /// The book's size is not a whole number of 16-byte entries: a truncated
    /// file or not a Polyglot book.
    #[error("book is {size} bytes, not a multiple of 16: expected 16-byte Polyglot entries (truncated, or not a Polyglot book)")]
    BadSize {
        /// The size in bytes.
        size: u64,
    },
    /// An entry's key is smaller than the one before it: Polyglot books are
    /// sorted by key, so this is a damaged file or not a Polyglot book.
    #[error("book entry {index} has key {key:016x} below the previous key {previous:016x}: expected keys in ascending order (not a Polyglot book?)")]
    Unsorted {
        /// The entry's index, from 0.
        index: usize,
        /// The previous entry's key.
        previous: u64,
        /// The entry's key.
        key: u64,
    },
    /// The FEN of the position to probe was rejected.
    #[error("bad FEN `{fen}`: {source}")]
    Fen {
        /// The FEN text.
        fen: String,
        /// Why the notation crate rejected it.
        source: FenError,
    },
    /// The PGN input could not be read (an I/O failure, not a bad game: bad
    /// games are skipped and counted).
    #[error("cannot read PGN input: {source}")]
    Pgn {
        /// The notation crate's error.
        source: PgnError,
    },
    /// The PGN file could not be opened.
    #[error("cannot open PGN file `{path}`: {source}")]
    OpenPgn {
        /// The file's path.
        path: PathBuf,
        /// The operating system's reason.
        source: io::Error,
    },
    /// The book could not be written.
    #[error("cannot write book `{path}`: {source}")]
    Write {
        /// Where it was being written (`-` for a stream).
        path: PathBuf,
        /// The operating system's reason.
        source: io::Error,
    },
    /// Writing probe output failed.
    #[error("cannot write output: {source}")]
    Output {
        /// The operating system's reason.
        source: io::Error,
    },
    /// A colour filter other than `white`, `black` or `both`.
    #[error("colour filter `{text}`: expected `white`, `black` or `both`")]
    BadColorFilter {
        /// The offending text.
        text: String,
    },
    /// A selection other than `best` or `weighted`.
    #[error("book selection `{text}`: expected `best` or `weighted`")]
    BadSelection {
        /// The offending text.
        text: String,
    },
}
