//! Fuzzes the PGN reader: any bytes give games or errors, never a panic or a
//! hang, and every game read writes out and reads back unchanged.

#![no_main]

use libfuzzer_sys::fuzz_target;
use outpost_notation::{PgnGame, PgnReader};

fuzz_target!(|data: &[u8]| {
    for game in PgnReader::new(data).take(64) {
        let Ok(game) = game else {
            continue;
        };
        let text = game.to_string();
        let again: PgnGame = text
            .parse()
            .unwrap_or_else(|e| panic!("written game does not read back: {e}\n{text}"));
        assert_eq!(again, game, "{text}");
    }
});
