//! SAN out → in: every legal move of thousands of random positions is
//! written in SAN and read back to the same move, with the minimal
//! disambiguation and the right check suffix.

mod common;

use common::random_positions;
use outpost_board::{Move, PieceKind, Position};
use outpost_notation::{parse_san, parse_uci_move, to_san, SanError};
use proptest::prelude::*;

/// Checks every legal move of `pos` against an oracle built from the parser:
/// the written SAN's disambiguation is the first of none, file, rank, square
/// that names the move alone.
fn check_position(pos: &Position) {
    for &mv in pos.legal_moves().iter() {
        let san = to_san(pos, mv);
        assert_eq!(parse_san(pos, &san), Ok(mv), "{san} ({mv})");

        let after = pos.play(mv);
        let suffix = if after.is_checkmate() {
            "#"
        } else if after.is_check() {
            "+"
        } else {
            ""
        };
        assert!(san.ends_with(suffix), "{san}: expected suffix `{suffix}`");
        let body = &san[..san.len() - suffix.len()];
        // Missing or extra check marks and annotations are still read.
        for variant in [body.to_string(), format!("{body}+"), format!("{body}#!?")] {
            assert_eq!(parse_san(pos, &variant), Ok(mv), "{variant}");
        }
        let kind = pos.piece_on(mv.from()).unwrap().kind();
        if kind == PieceKind::Pawn || kind == PieceKind::King {
            continue;
        }
        let letter = body.chars().next().unwrap();
        let capture = if mv.is_capture() { "x" } else { "" };
        let from = mv.from().to_string();
        let to = mv.to().to_string();
        let candidates = [
            String::new(),
            from[..1].to_string(),
            from[1..].to_string(),
            from.clone(),
        ];
        let minimal = candidates
            .iter()
            .find(|d| parse_san(pos, &format!("{letter}{d}{capture}{to}")) == Ok(mv))
            .expect("the full square always names the move");
        assert_eq!(body, format!("{letter}{minimal}{capture}{to}"), "{mv}");
        // Over-disambiguated text names the same move.
        assert_eq!(
            parse_san(pos, &format!("{letter}{from}{capture}{to}")),
            Ok(mv)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn san_round_trips_in_random_games(seed in any::<u64>()) {
        // About 120 positions a case: thousands in all.
        for pos in random_positions(seed, 120) {
            check_position(&pos);
        }
    }
}

#[test]
fn special_positions_round_trip() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "k7/8/8/8/8/8/1K6/1QQ1QQQ1 w - - 0 1",
        "k7/8/8/3N1N2/2N3N1/8/2N3N1/K2N1N2 w - - 0 1",
    ] {
        check_position(&outpost_notation::parse_fen(fen).unwrap());
    }
}

#[test]
fn null_move_and_uci_agree() {
    let pos = Position::startpos();
    assert_eq!(to_san(&pos, Move::NULL), "--");
    assert_eq!(parse_san(&pos, "--"), Ok(Move::NULL));
    assert_eq!(parse_uci_move(&pos, "0000"), Ok(Move::NULL));
    let check = outpost_notation::parse_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
    assert!(matches!(
        parse_san(&check, "--"),
        Err(SanError::Illegal { .. })
    ));
    for &mv in pos.legal_moves().iter() {
        assert_eq!(parse_uci_move(&pos, &outpost_notation::to_uci(mv)), Ok(mv));
    }
}
