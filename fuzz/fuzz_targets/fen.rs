//! Fuzzes FEN parsing: any UTF-8 text either fails with an error or gives a
//! position whose FEN round-trips and whose moves can be generated and played.

#![no_main]

use libfuzzer_sys::fuzz_target;
use outpost_board::perft;
use outpost_notation::{parse_fen, to_fen};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = parse_fen(text) else {
        return;
    };
    let fen = to_fen(&pos);
    let again = parse_fen(&fen).expect("the FEN of a parsed position parses");
    assert_eq!(again, pos, "`{text}` came back as `{fen}`");
    assert_eq!(to_fen(&again), fen);
    assert_eq!(pos.key(), pos.compute_key());

    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.count_legal_moves());
    let mut leaves = 0;
    for &mv in moves.iter() {
        let next = pos.play(mv);
        assert_eq!(next.key(), next.compute_key(), "{mv} from `{fen}`");
        assert_eq!(pos.gives_check(mv), next.is_check(), "{mv} from `{fen}`");
        leaves += next.legal_moves().len() as u64;
    }
    assert_eq!(perft(&pos, 2), leaves, "perft 2 of `{fen}`");
    let mut null = pos;
    if null.make_null_move() {
        assert_eq!(null.key(), null.compute_key());
    }
});
