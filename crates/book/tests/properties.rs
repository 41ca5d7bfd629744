//! Property tests: the move encoding round-trips, any bytes are rejected or
//! read without panicking, and a book never offers an illegal move.

use outpost_board::{Move, Position};
use outpost_book::{
    polyglot_key, seeded_rng, Book, BookEntry, PolyglotMove, Selection, ENTRY_SIZE,
};
use proptest::prelude::*;

/// The position after `choices` picks among the legal moves from the start.
fn walk(choices: &[u16]) -> Position {
    let mut pos = Position::startpos();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[usize::from(c) % moves.len()]);
    }
    pos
}

proptest! {
    #[test]
    fn every_legal_move_round_trips(choices in proptest::collection::vec(any::<u16>(), 0..80)) {
        let pos = walk(&choices);
        for &mv in pos.legal_moves().iter() {
            let stored = PolyglotMove::encode(mv);
            prop_assert_eq!(stored.decode(&pos), Some(mv), "{}", stored);
            if mv.is_castle() {
                prop_assert!(stored.to().file() == outpost_board::File::H || stored.to().file() == outpost_board::File::A);
            }
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        if let Ok(book) = Book::from_bytes(bytes.clone()) {
            prop_assert_eq!(book.len() * ENTRY_SIZE, bytes.len());
            let start = Position::startpos();
            let _ = book.moves(&start);
            for entry in book.iter() {
                let _ = book.entries_for_key(entry.key).count();
            }
        }
    }

    #[test]
    fn only_legal_moves_are_offered(
        choices in proptest::collection::vec(any::<u16>(), 0..40),
        raw in proptest::collection::vec((any::<u16>(), any::<u16>(), any::<bool>()), 1..40),
        seed in any::<u64>(),
    ) {
        let pos = walk(&choices);
        let key = polyglot_key(&pos);
        let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
        // Half the entries are encodings of legal moves, half any 16 bits.
        let entries: Vec<BookEntry> = raw
            .iter()
            .map(|&(bits, weight, use_legal)| {
                let mv = match (use_legal, legal.is_empty()) {
                    (true, false) => PolyglotMove::encode(legal[usize::from(bits) % legal.len()]),
                    _ => PolyglotMove(bits),
                };
                BookEntry { key, mv, weight, learn: 0 }
            })
            .collect();
        let book = Book::from_bytes(entries.iter().flat_map(|e| e.to_bytes()).collect()).unwrap();
        let offered = book.moves(&pos);
        for m in &offered {
            prop_assert!(legal.contains(&m.mv));
            prop_assert_eq!(m.mv.from(), m.entry.mv.from());
        }
        // Every entry that is a legal move's encoding is offered.
        let expected = entries.iter().filter(|e| legal.iter().any(|&mv| PolyglotMove::encode(mv) == e.mv)).count();
        prop_assert!(offered.len() >= expected);
        let mut rng = seeded_rng(seed);
        for selection in [Selection::Best, Selection::Weighted] {
            if let Some(chosen) = book.choose(&pos, selection, &mut rng) {
                prop_assert!(legal.contains(&chosen.mv) && chosen.weight > 0);
            } else {
                prop_assert!(offered.iter().all(|m| m.weight == 0));
            }
        }
    }
}
