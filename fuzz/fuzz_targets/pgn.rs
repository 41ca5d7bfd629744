//! Fuzzes the PGN reader, strict and lenient: any bytes give games or
//! errors, never a panic or a hang; every game read writes out as standard
//! PGN that a strict reader reads back unchanged; the tree-building
//! reader agrees with the main-line `Game` reader; and reading through a
//! small buffer (lines crossing its end, lines longer than it) gives the
//! same games, errors and warnings as reading the bytes as one slice.

#![no_main]

use libfuzzer_sys::fuzz_target;
use outpost_notation::{Game, GameBuilder, PgnReader, ReadOptions};
use std::io::BufReader;

fuzz_target!(|data: &[u8]| {
    let capacity = 1 + usize::from(data.first().copied().unwrap_or(0) % 64);
    for options in [ReadOptions::strict(), ReadOptions::lenient()] {
        let mut whole = PgnReader::with_options(data, options);
        let mut pieces = PgnReader::with_options(BufReader::with_capacity(capacity, data), options);
        for _ in 0..64 {
            let (a, b) = (whole.next(), pieces.next());
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "buffer {capacity}");
            assert_eq!(whole.warnings(), pieces.warnings(), "buffer {capacity}");
            if a.is_none() {
                assert_eq!(whole.bytes_read(), pieces.bytes_read());
                break;
            }
        }
    }
    for options in [ReadOptions::strict(), ReadOptions::lenient()] {
        for tree in PgnReader::with_options(data, options).take(64) {
            let Ok(game) = tree else {
                continue;
            };
            let text = game.to_string();
            let main = PgnReader::new(text.as_bytes())
                .read_game(&mut GameBuilder::new())
                .expect("a game")
                .expect("the main line reads back");
            assert_eq!(main, Game::from_pgn_game(&game).unwrap());
            let again = PgnReader::with_options(text.as_bytes(), ReadOptions::strict())
                .next()
                .expect("a game")
                .unwrap_or_else(|e| panic!("written game does not read back: {e}\n{text}"));
            assert_eq!(again, game, "{text}");
        }
    }
});
