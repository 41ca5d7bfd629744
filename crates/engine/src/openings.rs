//! Random openings for self-play: a few random legal moves from a start
//! position, kept when a short search finds them balanced. `outpost
//! datagen` draws its games' openings this way, and `genfens` (the command
//! OpenBench sends to make the openings of its data-generation workloads)
//! prints them, so data made locally and data made on OpenBench start
//! alike.

use crate::engine::Engine;
use crate::request::SearchRequest;
use crate::EngineError;
use outpost_board::{Move, Position};
use outpost_notation::{parse_epd, to_fen, Game};
use outpost_search::{Limits, Score};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// How openings are drawn: the settings `outpost datagen` uses by default.
///
/// ```
/// use outpost_engine::openings::OpeningRules;
///
/// let rules = OpeningRules::default();
/// assert_eq!((rules.random_plies, rules.book_plies), (8, 2));
/// // A quicker, looser balance check than the default one.
/// let quick = OpeningRules { nodes: 500, max_score: 600, ..rules };
/// assert_eq!(quick.random_plies, 8);
/// assert!(quick.nodes < rules.nodes);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningRules {
    /// Random plies from the start position (a draw makes this many or one
    /// more, at random).
    pub random_plies: u32,
    /// Random plies from a book position.
    pub book_plies: u32,
    /// Soft node limit of the balance search (the hard limit is eight
    /// times this).
    pub nodes: u64,
    /// The largest score (centipawns, either side) of a balanced opening;
    /// a mate score is never balanced.
    pub max_score: i32,
}

impl Default for OpeningRules {
    fn default() -> OpeningRules {
        OpeningRules {
            random_plies: 8,
            book_plies: 2,
            nodes: 5_000,
            max_score: 400,
        }
    }
}

/// Plays `plies` or `plies + 1` (one random draw decides) random legal
/// moves from `start`; `None` when a position on the way has no legal move
/// or the last one has none. Returns the game so far (its position, and
/// the keys of the positions before it for repetitions). Every draw of
/// `rng` is the same for the same seed.
///
/// ```
/// use outpost_board::Position;
/// use outpost_engine::openings::random_walk;
/// use rand_chacha::rand_core::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
///
/// let start = Position::startpos();
/// let game = random_walk(&mut ChaCha8Rng::seed_from_u64(7), &start, 6).unwrap();
/// assert!(game.plies() == 6 || game.plies() == 7);
/// assert_eq!(game.start(), &start);
/// assert!(game.position().has_legal_moves());
/// // The same seed walks the same way.
/// let again = random_walk(&mut ChaCha8Rng::seed_from_u64(7), &start, 6).unwrap();
/// assert_eq!(again.moves(), game.moves());
/// ```
pub fn random_walk(rng: &mut impl RngCore, start: &Position, plies: u32) -> Option<Game> {
    let count = plies + rng.next_u32() % 2;
    let mut game = Game::from_position(*start);
    for _ in 0..count {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        let mv: Move = moves[rng.next_u32() as usize % moves.len()];
        game.play(mv).ok()?;
    }
    game.position().has_legal_moves().then_some(game)
}

/// What `genfens` is asked for: `genfens N seed S book <file|None>`.
///
/// ```
/// use outpost_engine::openings::{book_positions, GenfensRequest};
///
/// // `genfens 10 seed 42 book None`: from the start position.
/// let from_start = GenfensRequest { count: 10, seed: 42, book: Vec::new() };
/// assert!(from_start.book.is_empty());
/// // `genfens 10 seed 42 book openings.epd`: from the book's positions.
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/openings.epd");
/// let from_book = GenfensRequest { book: book_positions(path).unwrap(), ..from_start };
/// assert!(!from_book.book.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenfensRequest {
    /// How many openings.
    pub count: usize,
    /// The seed: the same seed gives the same openings.
    pub seed: u64,
    /// Start positions to walk from (a book's); empty: the start position.
    pub book: Vec<Position>,
}

/// Draws `request.count` distinct balanced openings and hands each to
/// `emit`: from the start position (or a random book position), a
/// [`random_walk`] of `rules.random_plies` (or `rules.book_plies`), kept
/// when a search of `rules.nodes` nodes scores it within
/// `rules.max_score`. The engine's table is cleared first, so a fresh
/// engine with one thread gives the same openings for the same seed.
/// Gives up with an error after 1,000 draws per opening without enough
/// distinct balanced ones (a book of a few lopsided positions).
///
/// ```
/// use outpost_engine::openings::{genfens, genfens_line, GenfensRequest, OpeningRules};
/// use outpost_engine::Engine;
///
/// let mut engine = Engine::new(Default::default()).unwrap();
/// let request = GenfensRequest { count: 2, seed: 42, book: Vec::new() };
/// // A small balance search, to keep the example quick.
/// let rules = OpeningRules { nodes: 500, ..OpeningRules::default() };
/// let mut lines = Vec::new();
/// let found =
///     genfens(&mut engine, &request, &rules, |pos| lines.push(genfens_line(pos))).unwrap();
/// assert_eq!(found, 2);
/// assert_eq!(lines.len(), 2);
/// assert_ne!(lines[0], lines[1]);
/// assert!(lines.iter().all(|line| line.starts_with("info string genfens ")));
/// ```
pub fn genfens(
    engine: &mut Engine,
    request: &GenfensRequest,
    rules: &OpeningRules,
    mut emit: impl FnMut(&Position),
) -> Result<usize, EngineError> {
    engine.new_game()?;
    let mut rng = ChaCha8Rng::seed_from_u64(request.seed);
    let mut seen = HashSet::new();
    let limits = Limits::soft_nodes(rules.nodes, rules.nodes.saturating_mul(8));
    let mut found = 0;
    let mut draws = 0usize;
    while found < request.count {
        draws += 1;
        if draws > request.count.saturating_mul(1000).max(1000) {
            return Err(EngineError::Openings {
                reason: format!(
                    "only {found} of {} distinct balanced openings after {} draws",
                    request.count,
                    draws - 1
                ),
            });
        }
        let (start, plies) = if request.book.is_empty() {
            (Position::startpos(), rules.random_plies)
        } else {
            let at = rng.next_u32() as usize % request.book.len();
            (request.book[at], rules.book_plies)
        };
        let Some(walk) = random_walk(&mut rng, &start, plies) else {
            continue;
        };
        let pos = *walk.position();
        if seen.contains(&pos.key()) {
            continue;
        }
        let game = Game::from_position(pos);
        let mut search = SearchRequest::for_game(&game, limits.clone());
        search.use_book = false;
        let result = engine.search(search);
        let balanced = matches!(result.score, Score::Centipawns(cp) if cp.abs() <= rules.max_score);
        if balanced {
            seen.insert(pos.key());
            emit(&pos);
            found += 1;
        }
    }
    Ok(found)
}

/// The start positions of a book for `genfens`: an EPD or FEN file, a
/// position a line (blank lines skipped; operations such as `id` or
/// `hmvc` read as EPD reads them).
///
/// ```
/// use outpost_engine::openings::book_positions;
/// use outpost_engine::EngineError;
///
/// let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data");
/// let book = book_positions(&format!("{data}/openings.epd")).unwrap();
/// assert_eq!(book.len(), 279);
/// // A file that is not one position a line is refused.
/// assert!(matches!(
///     book_positions(&format!("{data}/README.md")),
///     Err(EngineError::Openings { .. })
/// ));
/// ```
pub fn book_positions(path: &str) -> Result<Vec<Position>, EngineError> {
    let bad = |reason: String| EngineError::Openings {
        reason: format!("book {path}: {reason}"),
    };
    let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
    let positions = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| parse_epd(line).map(|epd| epd.position))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| bad(e.to_string()))?;
    if positions.is_empty() {
        return Err(bad("no positions".to_string()));
    }
    Ok(positions)
}

/// The FEN `genfens` prints for an opening.
///
/// ```
/// use outpost_board::Position;
/// use outpost_engine::openings::genfens_line;
///
/// assert_eq!(
///     genfens_line(&Position::startpos()),
///     "info string genfens rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/// );
/// ```
pub fn genfens_line(pos: &Position) -> String {
    format!("info string genfens {}", to_fen(pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_is_the_same_for_the_same_seed() {
        let start = Position::startpos();
        let a = random_walk(&mut ChaCha8Rng::seed_from_u64(7), &start, 8);
        let b = random_walk(&mut ChaCha8Rng::seed_from_u64(7), &start, 8);
        assert_eq!(a, b);
        let game = a.unwrap();
        assert!(game.plies() == 8 || game.plies() == 9);
        assert_eq!(game.history_keys().len(), game.plies());
        assert!(game.position().has_legal_moves());
    }
}
