//! What a search is asked: the position, its history, the limits and the
//! per-search choices (book, MultiPV, strength).

use crate::strength::Strength;
use outpost_board::{Move, Position};
use outpost_notation::Game;
use outpost_search::Limits;

/// What to search: a position, the keys of the positions before it (for
/// repetitions), and the limits.
///
/// ```
/// use outpost_engine::{Engine, Game, SearchRequest};
/// use outpost_notation::parse_san;
/// use outpost_search::Limits;
///
/// let mut game = Game::new();
/// game.play_san("e4").unwrap();
/// let request = SearchRequest::for_game(&game, Limits::depth(4));
/// assert_eq!(request.position, *game.position());
/// assert_eq!(request.history, game.history_keys());
///
/// // Pondering on 1...e5: the position after it, the current one now in
/// // the history.
/// let e5 = parse_san(game.position(), "e5").unwrap();
/// let ponder = SearchRequest::after_reply(&game, e5, Limits::depth(4)).unwrap();
/// assert_eq!(ponder.position, game.position().play(e5));
/// assert_eq!(ponder.history.len(), 2);
///
/// // The two best lines, whatever `MultiPV` says.
/// let mut engine = Engine::new(Default::default()).unwrap();
/// let result = engine.search(request.with_multipv(2));
/// assert_eq!(result.lines.len(), 2);
/// assert_eq!(result.lines[0].pv[0], result.best_move);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchRequest {
    /// The position to search.
    pub position: Position,
    /// Keys of the game's earlier positions, oldest first.
    pub history: Vec<u64>,
    /// When to stop.
    pub limits: Limits,
    /// Whether the opening book may answer instead of a search (when the
    /// book is on and [`crate::book_applies`] allows it).
    pub use_book: bool,
    /// How many best lines to report (`None`: the `MultiPV` option's).
    pub multipv: Option<usize>,
    /// How strongly to play (`None`: as the strength options say).
    pub strength: Option<Strength>,
}

impl SearchRequest {
    /// A search of the game's current position, its repetitions known.
    pub fn for_game(game: &Game, limits: Limits) -> SearchRequest {
        SearchRequest {
            position: *game.position(),
            history: game.history_keys().to_vec(),
            limits,
            use_book: true,
            multipv: None,
            strength: None,
        }
    }

    /// A search of a lone position, with no game before it (so no
    /// repetition of an earlier position counts).
    ///
    /// ```
    /// use outpost_engine::SearchRequest;
    /// use outpost_board::Position;
    /// use outpost_search::Limits;
    ///
    /// let request = SearchRequest::for_position(Position::startpos(), Limits::depth(2));
    /// assert!(request.history.is_empty());
    /// ```
    pub fn for_position(position: Position, limits: Limits) -> SearchRequest {
        SearchRequest {
            position,
            history: Vec::new(),
            limits,
            use_book: true,
            multipv: None,
            strength: None,
        }
    }

    /// A search of `game` after the opponent's expected `reply` (to ponder
    /// on), or `None` when `reply` is not legal there.
    pub fn after_reply(game: &Game, reply: Move, limits: Limits) -> Option<SearchRequest> {
        let pos = game.position();
        if reply.is_null() || !pos.is_legal(reply) {
            return None;
        }
        let mut history = game.history_keys().to_vec();
        history.push(pos.key());
        Some(SearchRequest {
            position: pos.play(reply),
            history,
            limits,
            use_book: true,
            multipv: None,
            strength: None,
        })
    }

    /// The same request at `strength`, whatever the options say.
    pub fn at_strength(mut self, strength: Strength) -> SearchRequest {
        self.strength = Some(strength);
        self
    }

    /// The same request reporting `lines` best lines, whatever `MultiPV` says.
    pub fn with_multipv(mut self, lines: usize) -> SearchRequest {
        self.multipv = Some(lines.max(1));
        self
    }
}
