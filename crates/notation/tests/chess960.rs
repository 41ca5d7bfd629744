//! Chess960 in the notation layer: X-FEN and Shredder-FEN, SAN castling, a
//! PGN game with `[Variant "Chess960"]` read and written. The game and its
//! final position come from python-chess.

use outpost_board::{Position, Setup};
use outpost_notation::{parse_fen, parse_san, to_fen, to_san, to_shredder_fen, Game};

const GAME: &str = r#"[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[FEN "bqrknbnr/pppppppp/8/8/8/8/PPPPPPPP/BQRKNBNR w KQkq - 0 1"]
[SetUp "1"]
[Variant "Chess960"]

1. O-O-O O-O-O 2. e4 b5 3. Bd3 Bc6 4. h3 Nh6 5. Rh2 Bxe4 6. c4 d6 7. f4 bxc4
8. Bf1 c3 9. d3 Kd7 10. g3 g5 11. Nc2 Bf3 12. Bg2 Be4 13. Bh1 cxb2+ 14. Bxb2 Bf3
15. Rhd2 Qxb2+ 16. Kxb2 Ba8 17. Qa1 Rb8+ 18. Kc3 Kc8 19. Rg2 Kb7 20. Kd4 d5
21. Kc3 c6 22. Kd2 Ka6 23. Rf2 Ng7 24. Na3 Kb7 25. Rb1+ Kc8 *
"#;

const FINAL_FEN: &str = "brk2b1r/p3ppnp/2p4n/3p2p1/5P2/N2P2PP/P2K1R2/QR4NB w - - 8 26";

#[test]
fn chess960_pgn_game_reads_and_round_trips() {
    let game: Game = GAME.parse().unwrap();
    assert_eq!(to_fen(game.position()), FINAL_FEN);
    // Chess960 #674 (BQRKNBNR): castling long swaps the king on d1 and the
    // rook on c1.
    let start = Position::from_setup(&Setup::chess960(674).unwrap()).unwrap();
    assert_eq!(game.start(), &start);
    let first = game.moves()[0];
    assert!(first.is_castle());
    assert_eq!(first.uci(true).to_string(), "d1c1");
    assert_eq!(to_san(&start, first), "O-O-O");
    // Written back: the Variant tag stays, and the text reads to the same game.
    let written = game.to_pgn();
    assert!(written.contains("[Variant \"Chess960\"]"), "{written}");
    let again: Game = written.parse().unwrap();
    assert_eq!(again.moves(), game.moves());
    // A game started from a Chess960 position gets the tag by itself.
    let fresh = Game::from_position(start);
    assert_eq!(fresh.tags().get("Variant"), Some("Chess960"));
    assert_eq!(Game::new().tags().get("Variant"), None);
}

#[test]
fn shredder_fen_castling_in_a_pgn_fen_tag() {
    let text = GAME.replace("w KQkq - 0 1", "w HChc - 0 1");
    let game: Game = text.parse().unwrap();
    assert_eq!(to_fen(game.position()), FINAL_FEN);
    assert_eq!(
        to_shredder_fen(game.start()),
        "bqrknbnr/pppppppp/8/8/8/8/PPPPPPPP/BQRKNBNR w HChc - 0 1"
    );
}

#[test]
fn san_castling_when_the_king_does_not_move() {
    // King on g1 already: O-O moves only the rook.
    let pos = parse_fen("4k3/8/8/8/8/8/8/R5KR w KQ - 0 1").unwrap();
    let short = parse_san(&pos, "O-O").unwrap();
    assert_eq!(to_fen(&pos.play(short)), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    assert_eq!(to_san(&pos, short), "O-O");
    let long = parse_san(&pos, "0-0-0").unwrap();
    assert_eq!(to_san(&pos, long), "O-O-O");
    // A king step to g1's neighbour is not castling.
    let step = parse_san(&pos, "Kf1").unwrap();
    assert!(!step.is_castle());
}
