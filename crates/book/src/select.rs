//! Choosing one book move: the best weight, or a weighted random draw from
//! a seeded generator.

use crate::{BookError, BookMove};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;

/// How to choose among the book moves of a position. Moves of weight 0 are
/// never chosen.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{polyglot_key, seeded_rng, Book, BookEntry, PolyglotMove, Selection};
///
/// assert_eq!("best".parse::<Selection>().unwrap(), Selection::Best);
/// assert_eq!(Selection::default().to_string(), "weighted");
/// assert!("random".parse::<Selection>().is_err());
///
/// // d2d4 weighs 1, e2e4 weighs 3, g1f3 weighs 0 (never played).
/// let start = Position::startpos();
/// let key = polyglot_key(&start);
/// let entries = [(0x02db, 1), (0x031c, 3), (0x0195, 0)]
///     .map(|(mv, weight)| BookEntry { key, mv: PolyglotMove(mv), weight, learn: 0 }.to_bytes());
/// let book = Book::from_bytes(entries.concat()).unwrap();
/// let mut rng = seeded_rng(7);
/// let best = book.choose(&start, Selection::Best, &mut rng).unwrap();
/// assert_eq!(best.mv.to_string(), "e2e4");
/// for _ in 0..50 {
///     let drawn = book.choose(&start, Selection::Weighted, &mut rng).unwrap();
///     assert_ne!(drawn.mv.to_string(), "g1f3");
/// }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Selection {
    /// The move of highest weight (the first in file order on a tie).
    Best,
    /// A random move, each with probability proportional to its weight.
    #[default]
    Weighted,
}

impl FromStr for Selection {
    type Err = BookError;

    /// `best` or `weighted`.
    fn from_str(text: &str) -> Result<Selection, BookError> {
        match text {
            "best" => Ok(Selection::Best),
            "weighted" => Ok(Selection::Weighted),
            _ => Err(BookError::BadSelection {
                text: text.to_string(),
            }),
        }
    }
}

impl fmt::Display for Selection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Selection::Best => "best",
            Selection::Weighted => "weighted",
        })
    }
}

/// The generator [`Book::choose`](crate::Book::choose) is meant to draw
/// from: ChaCha8 seeded with `seed`, so a seed replays the same choices.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{choose, seeded_rng, BookMove, BookEntry, PolyglotMove, Selection};
///
/// // Every legal move of the start position, each of weight 1.
/// let moves: Vec<BookMove> = Position::startpos()
///     .legal_moves()
///     .iter()
///     .map(|&mv| {
///         let entry = BookEntry { key: 0, mv: PolyglotMove::encode(mv), weight: 1, learn: 0 };
///         BookMove { mv, weight: 1, entry }
///     })
///     .collect();
/// let draw = |seed| {
///     let mut rng = seeded_rng(seed);
///     (0..10)
///         .map(|_| choose(&moves, Selection::Weighted, &mut rng).unwrap().mv)
///         .collect::<Vec<_>>()
/// };
/// assert_eq!(draw(42), draw(42)); // the same seed, the same games
/// assert_ne!(draw(42), draw(43));
/// ```
pub fn seeded_rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The move `selection` picks from `moves`, drawing from `rng` if random.
pub fn choose(
    moves: &[BookMove],
    selection: Selection,
    rng: &mut impl RngCore,
) -> Option<BookMove> {
    let playable = moves.iter().filter(|m| m.weight > 0);
    match selection {
        Selection::Best => playable
            .fold(None, |best: Option<&BookMove>, m| match best {
                Some(b) if b.weight >= m.weight => Some(b),
                _ => Some(m),
            })
            .copied(),
        Selection::Weighted => {
            let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
            if total == 0 {
                return None;
            }
            // A uniform draw in 0..total by multiply-shift: the bias is at most
            // total / 2^64, far below anything measurable.
            let mut draw = ((u128::from(rng.next_u64()) * u128::from(total)) >> 64) as u64;
            for m in playable {
                let weight = u64::from(m.weight);
                if draw < weight {
                    return Some(*m);
                }
                draw -= weight;
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BookEntry, PolyglotMove};
    use outpost_board::Position;

    fn moves(weights: &[u16]) -> Vec<BookMove> {
        let legal = Position::startpos().legal_moves();
        weights
            .iter()
            .zip(legal.iter())
            .map(|(&weight, &mv)| BookMove {
                mv,
                weight,
                entry: BookEntry {
                    key: 0,
                    mv: PolyglotMove::encode(mv),
                    weight,
                    learn: 0,
                },
            })
            .collect()
    }

    #[test]
    fn best_takes_the_highest_weight_first_on_ties() {
        let list = moves(&[3, 9, 0, 9, 1]);
        let mut rng = seeded_rng(0);
        let best = choose(&list, Selection::Best, &mut rng).unwrap();
        assert_eq!(best.mv, list[1].mv);
        assert_eq!(choose(&moves(&[0, 0]), Selection::Best, &mut rng), None);
        assert_eq!(choose(&moves(&[0, 0]), Selection::Weighted, &mut rng), None);
        assert_eq!(choose(&[], Selection::Weighted, &mut rng), None);
    }

    #[test]
    fn weighted_is_deterministic_for_a_seed() {
        let list = moves(&[5, 1, 7, 3, 2, 9]);
        let run = |seed| {
            let mut rng = seeded_rng(seed);
            (0..200)
                .map(|_| choose(&list, Selection::Weighted, &mut rng).unwrap().mv)
                .collect::<Vec<_>>()
        };
        assert_eq!(run(42), run(42));
        assert_ne!(run(42), run(43));
    }

    #[test]
    fn weighted_is_proportional_and_never_picks_zero() {
        let weights = [1u16, 0, 2, 7, 30];
        let list = moves(&weights);
        let total: f64 = weights.iter().map(|&w| f64::from(w)).sum();
        let draws = 200_000;
        let mut counts = [0u32; 5];
        let mut rng = seeded_rng(7);
        for _ in 0..draws {
            let chosen = choose(&list, Selection::Weighted, &mut rng).unwrap();
            let i = list.iter().position(|m| m.mv == chosen.mv).unwrap();
            counts[i] += 1;
        }
        assert_eq!(counts[1], 0);
        for (i, &w) in weights.iter().enumerate() {
            let p = f64::from(w) / total;
            let expected = p * f64::from(draws);
            // Five standard deviations of a binomial count.
            let sigma = (f64::from(draws) * p * (1.0 - p)).sqrt();
            let diff = (f64::from(counts[i]) - expected).abs();
            assert!(
                diff <= 5.0 * sigma + 1.0,
                "move {i}: {} vs {expected}",
                counts[i]
            );
        }
    }

    #[test]
    fn selection_text_round_trips() {
        for s in [Selection::Best, Selection::Weighted] {
            assert_eq!(s.to_string().parse::<Selection>().unwrap(), s);
        }
        assert!("random".parse::<Selection>().is_err());
    }
}
