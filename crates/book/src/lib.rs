//! Polyglot opening books for Outpost: position keys, a reader that picks
//! book moves, and a builder that makes books from PGN games.
//!
//! * [`key`]: the Polyglot key of a position ([`polyglot_key`]), from the
//!   format's published Random64 array; unrelated to Outpost's own Zobrist keys.
//! * [`entry`]: the 16-byte book entry and the Polyglot move encoding.
//! * [`book`]: [`Book`], a validated book file searched in place.
//! * [`select`]: choosing a move, best or weighted-random from a seed.
//! * [`builder`]: building a book from a PGN stream.
//! * [`mod@probe`]: the text listing of `outpost book probe`.
//!
//! Every error is a [`BookError`].
//!
//! ```
//! use outpost_board::Position;
//! use outpost_book::{build_book, seeded_rng, write_probe, BuildOptions, Selection};
//!
//! let pgn = "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n";
//! let options = BuildOptions { min_games: 1, ..BuildOptions::default() };
//! let built = build_book(pgn.as_bytes(), &options, |_progress| {}).unwrap();
//! let book = built.to_book();
//!
//! let start = Position::startpos();
//! let mut listing = Vec::new();
//! write_probe(&book, &start, &mut listing).unwrap();
//! assert_eq!(String::from_utf8(listing).unwrap(), "e2e4 2\nd2d4 1\n");
//!
//! let best = book.choose(&start, Selection::Best, &mut seeded_rng(0)).unwrap();
//! assert_eq!(best.mv.to_string(), "e2e4");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
pub mod book;
pub mod builder;
pub mod entry;
mod error;
pub mod key;
pub mod probe;
mod random;
pub mod select;

pub use book::{Book, BookMove};
pub use builder::{
    build_book, build_book_file, BookBuilder, BuildOptions, BuildProgress, BuildSummary, BuiltBook,
    ColorFilter, ResultWeights,
};
pub use entry::{write_entries, BookEntry, PolyglotMove, ENTRY_SIZE};
pub use error::BookError;
pub use key::polyglot_key;
pub use probe::{probe, probe_book_file, write_probe};
/// The `rand_core` (0.6) whose `RngCore` [`Book::choose`] and [`choose`]
/// take, so that a caller names the same trait whatever `rand` it uses
/// itself; [`Book::choose_seeded`] takes a plain seed instead.
pub use rand_chacha::rand_core;
/// The seeded generator [`seeded_rng`] returns, for engines that keep one.
pub use rand_chacha::ChaCha8Rng;
pub use select::{choose, seeded_rng, Selection};
