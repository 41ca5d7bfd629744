//! Fuzzes the PGN reader, strict and lenient: any bytes give games or
//! errors, never a panic or a hang; every game read writes out as standard
//! PGN that a strict reader reads back unchanged; and the tree-building
//! reader agrees with the main-line `Game` reader.

#![no_main]

use libfuzzer_sys::fuzz_target;
use outpost_notation::{Game, GameBuilder, PgnReader, ReadOptions};

fuzz_target!(|data: &[u8]| {
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
