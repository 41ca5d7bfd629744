//! Fuzzes SAN reading: any text either fails with an error or names a legal
//! move whose SAN reads back to the same move. The first byte picks one of a
//! few positions rich in disambiguation, promotions and castling.

#![no_main]

use libfuzzer_sys::fuzz_target;
use outpost_notation::{parse_fen, parse_san, to_san};

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "k7/4P3/8/3N1N2/2N3N1/8/2N3N1/K2N1N2 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let pos = parse_fen(POSITIONS[pick as usize % POSITIONS.len()]).unwrap();
    let Ok(mv) = parse_san(&pos, text) else {
        return;
    };
    if mv.is_null() {
        return;
    }
    assert!(pos.is_legal(mv), "`{text}` gave illegal {mv}");
    let san = to_san(&pos, mv);
    assert_eq!(parse_san(&pos, &san), Ok(mv), "`{text}` -> `{san}`");
});
