//! The opening book as the engine plays from it: a Polyglot book, a seeded
//! generator for weighted choices, and the rule for when to use it.

use crate::options::EngineSettings;
use crate::request::SearchRequest;
use crate::EngineError;
use outpost_board::{Move, Position};
use outpost_book::{seeded_rng, Book, ChaCha8Rng, Selection};

/// A book move the engine plays without searching.
///
/// The engine announces one as [`SearchEvent::BookMove`](crate::SearchEvent::BookMove)
/// and lists them with [`Engine::book_moves`](crate::Engine::book_moves).
///
/// ```
/// use outpost_board::Position;
/// use outpost_engine::{BookChoice, Engine, SearchEvent};
/// use outpost_notation::parse_uci_move;
///
/// let pos = Position::startpos();
/// let choice = BookChoice {
///     mv: parse_uci_move(&pos, "e2e4").unwrap(),
///     weight: 12,
/// };
/// // How a front end might show the event of a book move.
/// let shown = match SearchEvent::BookMove(choice) {
///     SearchEvent::BookMove(c) => format!("book move {} (weight {})", c.mv, c.weight),
///     _ => String::new(),
/// };
/// assert_eq!(shown, "book move e2e4 (weight 12)");
///
/// // An engine without a book (the default) has no book moves to list.
/// let engine = Engine::new(Default::default()).unwrap();
/// assert!(engine.book_moves(&pos).is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookChoice {
    /// The move.
    pub mv: Move,
    /// Its weight in the book.
    pub weight: u16,
}

/// An opening book loaded for play.
///
/// The engine opens one itself when the `BookFile` option is set, and
/// plays from it while `OwnBook` is on (see [`book_applies`]). A file that
/// is not a Polyglot book is refused with the reason, and the engine goes
/// on without a book.
///
/// ```
/// use outpost_board::Position;
/// use outpost_engine::{parse_option, Engine, EngineError};
///
/// // A text file: its length is not a whole number of 16-byte entries.
/// let not_a_book = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/suites/sample.epd");
/// let mut engine = Engine::new(Default::default()).unwrap();
/// let refused = engine.set_option(&parse_option("BookFile", Some(not_a_book)).unwrap());
/// assert!(matches!(refused, Err(EngineError::Book { .. })));
/// assert!(engine.book_moves(&Position::startpos()).is_empty());
/// ```
pub struct OpeningBook {
    book: Book,
    rng: ChaCha8Rng,
}

impl std::fmt::Debug for OpeningBook {
    /// The number of entries (the generator's state is left out).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpeningBook")
            .field("entries", &self.book.len())
            .finish_non_exhaustive()
    }
}

impl OpeningBook {
    /// Opens and checks the Polyglot book at `path`; weighted choices come
    /// from a generator seeded with `seed`.
    ///
    /// ```
    /// use outpost_engine::{EngineError, OpeningBook};
    ///
    /// let not_a_book = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/suites/sample.epd");
    /// match OpeningBook::open(not_a_book, 1) {
    ///     Err(err @ EngineError::Book { .. }) => assert!(std::error::Error::source(&err).is_some()),
    ///     _ => panic!("a text file is not a Polyglot book"),
    /// }
    /// ```
    pub fn open(path: &str, seed: u64) -> Result<OpeningBook, EngineError> {
        let book = Book::open(path).map_err(|e| EngineError::Book {
            path: path.to_string(),
            source: std::sync::Arc::new(e),
        })?;
        Ok(OpeningBook {
            book,
            rng: seeded_rng(seed),
        })
    }

    /// Every playable book move of `pos`, by weight (highest first).
    pub fn moves(&self, pos: &Position) -> Vec<BookChoice> {
        let mut moves: Vec<BookChoice> = self
            .book
            .moves(pos)
            .into_iter()
            .map(|m| BookChoice {
                mv: m.mv,
                weight: m.weight,
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.weight));
        moves
    }

    /// The move to play from the book in `pos`, if it has one: the best
    /// weighted, or a weighted random choice.
    pub fn choose(&mut self, pos: &Position, best: bool) -> Option<BookChoice> {
        let selection = if best {
            Selection::Best
        } else {
            Selection::Weighted
        };
        self.book
            .choose(pos, selection, &mut self.rng)
            .map(|m| BookChoice {
                mv: m.mv,
                weight: m.weight,
            })
    }
}

/// Whether a search for `request` may be answered from the book under
/// `settings`: the book is on, the position is within `BookDepth`, and the
/// search is one for a move to play (not infinite analysis, not pondering,
/// not restricted to some moves).
///
/// ```
/// use outpost_engine::{book_applies, parse_option, Game, SearchRequest, EngineSettings};
/// use outpost_search::Limits;
///
/// let mut settings = EngineSettings::default();
/// let request = SearchRequest::for_game(&Game::new(), Limits::depth(4));
/// // `OwnBook` is off by default.
/// assert!(!book_applies(&settings, &request));
/// settings.apply(&parse_option("OwnBook", Some("true")).unwrap());
/// assert!(book_applies(&settings, &request));
///
/// // Never for an analysis, which must not stop at a book move.
/// let mut analysis = request.clone();
/// analysis.limits.infinite = true;
/// assert!(!book_applies(&settings, &analysis));
///
/// // `BookDepth 2`: the book answers at plies 0 and 1 only.
/// settings.apply(&parse_option("BookDepth", Some("2")).unwrap());
/// let mut game = Game::new();
/// game.play_san("e4").unwrap();
/// assert!(book_applies(&settings, &SearchRequest::for_game(&game, Limits::depth(4))));
/// game.play_san("e5").unwrap();
/// assert!(!book_applies(&settings, &SearchRequest::for_game(&game, Limits::depth(4))));
/// ```
pub fn book_applies(settings: &EngineSettings, request: &SearchRequest) -> bool {
    let limits = &request.limits;
    settings.own_book
        && request.use_book
        && !limits.infinite
        && !limits.ponder
        && limits.search_moves.is_empty()
        && request.position.game_ply() < settings.book_depth
}
