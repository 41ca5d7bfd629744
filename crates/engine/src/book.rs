//! The opening book as the engine plays from it: a Polyglot book, a seeded
//! generator for weighted choices, and the rule for when to use it.

use crate::engine::SearchRequest;
use crate::options::Settings;
use crate::EngineError;
use outpost_board::{Move, Position};
use outpost_book::{seeded_rng, Book, ChaCha8Rng, Selection};

/// A book move the engine plays without searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookChoice {
    /// The move.
    pub mv: Move,
    /// Its weight in the book.
    pub weight: u16,
}

/// An opening book loaded for play.
pub struct OpeningBook {
    book: Book,
    rng: ChaCha8Rng,
}

impl OpeningBook {
    /// Opens and checks the Polyglot book at `path`; weighted choices come
    /// from a generator seeded with `seed`.
    pub fn open(path: &str, seed: u64) -> Result<OpeningBook, EngineError> {
        let book = Book::open(path).map_err(|e| EngineError::Book {
            reason: e.to_string(),
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
pub fn book_applies(settings: &Settings, request: &SearchRequest) -> bool {
    let limits = &request.limits;
    settings.own_book
        && request.use_book
        && !limits.infinite
        && !limits.ponder
        && limits.search_moves.is_empty()
        && request.position.game_ply() < settings.book_depth
}
