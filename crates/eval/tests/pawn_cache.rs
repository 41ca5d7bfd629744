//! The pawn hash table never changes a score: along random games from every
//! suite position, cached evaluations (with a table large enough to hit and
//! with one so small that every probe evicts) equal evaluations computed
//! from scratch, and the pawn key depends on the pawns alone.

mod common;

use common::suite_positions;
use outpost_board::{PieceKind, Position};
use outpost_eval::{Evaluator, Params};
use proptest::prelude::*;

/// The pawn key recomputed square by square with no shortcut, as the XOR of
/// the board's piece keys over every pawn.
fn slow_pawn_key(pos: &Position) -> u64 {
    outpost_board::Square::ALL
        .iter()
        .filter_map(|&sq| pos.piece_on(sq).map(|p| (p, sq)))
        .filter(|(p, _)| p.kind() == PieceKind::Pawn)
        .fold(0, |key, (p, sq)| {
            key ^ outpost_board::zobrist::piece_key(p, sq)
        })
}

/// Plays up to `choices.len()` moves from `start`, each picked by a choice
/// modulo the number of legal moves, and returns every position reached.
fn random_game(start: &Position, choices: &[u16]) -> Vec<Position> {
    let mut games = vec![*start];
    let mut pos = *start;
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[choice as usize % moves.len()]);
        games.push(pos);
    }
    games
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn cached_equals_from_scratch(
        index in 0usize..2111,
        choices in proptest::collection::vec(any::<u16>(), 0..60),
    ) {
        let suite = suite_positions();
        let (fen, start) = &suite[index % suite.len()];
        let mut big = Evaluator::new();
        let mut tiny = Evaluator::with_pawn_table_entries(Params::default(), 1);
        for pos in random_game(start, &choices) {
            let fresh = big.evaluate_uncached(&pos);
            prop_assert_eq!(big.evaluate(&pos), fresh, "{} then {:?}", fen, choices);
            prop_assert_eq!(tiny.evaluate(&pos), fresh, "{} then {:?}", fen, choices);
            // A second probe hits the stored entry.
            prop_assert_eq!(big.evaluate(&pos), fresh);
            prop_assert_eq!(big.trace(&pos).score(), fresh);
            prop_assert_eq!(pos.pawn_key(), slow_pawn_key(&pos));
        }
    }
}

#[test]
fn pawn_key_ignores_everything_but_pawns() {
    let start = Position::startpos();
    let knight_out = start.play(
        start
            .find_move(outpost_board::Square::G1, outpost_board::Square::F3, None)
            .unwrap(),
    );
    assert_eq!(start.pawn_key(), knight_out.pawn_key());
    let pawn_push = start.play(
        start
            .find_move(outpost_board::Square::E2, outpost_board::Square::E4, None)
            .unwrap(),
    );
    assert_ne!(start.pawn_key(), pawn_push.pawn_key());
    assert_eq!(
        pawn_push.color_flipped().color_flipped().pawn_key(),
        pawn_push.pawn_key()
    );
}
