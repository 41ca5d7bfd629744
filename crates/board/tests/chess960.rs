//! Chess960 and Double Fischer Random: the start positions by number, the
//! castling rule for every king and rook arrangement, and exact perft counts
//! for every position and depth of `data/chess960.epd` (counts on which
//! Stockfish 15.1 and python-chess agree; see `tools/chess960_perft.py`).

use outpost_board::{
    perft, CastlingSide, Color, Move, MoveKind, Piece, PieceKind, Position, Setup, Square,
};
use outpost_notation::{parse_fen, to_fen};
use std::collections::HashSet;

const CHESS960_EPD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/chess960.epd");

fn suite() -> Vec<(String, Vec<(u32, u64)>)> {
    let text = std::fs::read_to_string(CHESS960_EPD)
        .unwrap_or_else(|e| panic!("reading {CHESS960_EPD}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let depth = it.next().unwrap().trim_start_matches('D').parse().unwrap();
                    (depth, it.next().unwrap().parse().unwrap())
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

#[test]
fn chess960_perft_every_depth() {
    let cases = suite();
    assert!(cases.len() >= 60, "only {} positions", cases.len());
    let mut failures = Vec::new();
    let mut castling_positions = 0;
    for (fen, counts) in &cases {
        let pos = parse_fen(fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"));
        if pos.has_chess960_castling() {
            castling_positions += 1;
        }
        // The X-FEN written back is the one read.
        assert_eq!(&to_fen(&pos), fen);
        for &(depth, expected) in counts {
            let got = perft(&pos, depth);
            if got != expected {
                failures.push(format!(
                    "`{fen}` depth {depth}: got {got}, expected {expected}"
                ));
            }
        }
    }
    assert!(castling_positions >= 40, "{castling_positions}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn start_positions_by_number() {
    assert_eq!(Setup::chess960(518), Some(Setup::standard()));
    assert!(Setup::chess960(960).is_none());
    assert!(Setup::double_chess960(0, 960).is_none());
    let mut back_ranks = HashSet::new();
    for n in 0..960 {
        let setup = Setup::chess960(n).unwrap();
        let pos = Position::from_setup(&setup).unwrap_or_else(|e| panic!("#{n}: {e}"));
        let rank: Vec<PieceKind> = (0..8)
            .map(|f| setup.board[f].expect("a full back rank").kind())
            .collect();
        back_ranks.insert(rank.clone());
        let files = |kind| -> Vec<usize> { (0..8).filter(|&f| rank[f] == kind).collect() };
        let bishops = files(PieceKind::Bishop);
        assert_eq!(bishops.len(), 2);
        assert_ne!(
            bishops[0] % 2,
            bishops[1] % 2,
            "#{n}: bishops on one colour"
        );
        let rooks = files(PieceKind::Rook);
        let king = files(PieceKind::King)[0];
        assert!(
            rooks[0] < king && king < rooks[1],
            "#{n}: king not between rooks"
        );
        // Black mirrors White; all four rights are held with those rooks.
        for (f, &kind) in rank.iter().enumerate() {
            assert_eq!(setup.board[56 + f], Some(Piece::new(Color::Black, kind)));
        }
        let rights = pos.castling_rights();
        assert_eq!(rights.bits(), 15);
        assert_eq!(
            rights.rook_square(Color::White, CastlingSide::Queen),
            Square::from_index(rooks[0])
        );
        assert_eq!(
            rights.rook_square(Color::Black, CastlingSide::King),
            Square::from_index(56 + rooks[1])
        );
        let standard_squares = king == 4 && rooks == [0, 7];
        assert_eq!(pos.has_chess960_castling(), !standard_squares, "#{n}");
        assert_eq!(parse_fen(&to_fen(&pos)).unwrap(), pos, "#{n}");
    }
    assert_eq!(back_ranks.len(), 960);
    // Scharnagl's numbering: #0 is BBQNNRKR, #959 is RKRNNQBB.
    let rank_text = |n| -> String {
        let setup = Setup::chess960(n).unwrap();
        (0..8).map(|f| setup.board[f].unwrap().to_char()).collect()
    };
    assert_eq!(rank_text(0), "BBQNNRKR");
    assert_eq!(rank_text(959), "RKRNNQBB");
    assert_eq!(rank_text(518), "RNBQKBNR");
}

#[test]
fn double_fischer_random() {
    let setup = Setup::double_chess960(0, 959).unwrap();
    let pos = Position::from_setup(&setup).unwrap();
    assert_eq!(
        to_fen(&pos),
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    assert_eq!(pos.castling_rights().bits(), 15);
}

/// The castling move of the side to move to `side`, if it is legal.
fn castle(pos: &Position, side: CastlingSide) -> Option<Move> {
    let found = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| mv.castling_side() == Some(side))
        .collect::<Vec<_>>();
    assert!(found.len() <= 1);
    assert_eq!(pos.castling_move(side), found.first().copied());
    found.first().copied()
}

fn other_side(side: CastlingSide) -> CastlingSide {
    match side {
        CastlingSide::King => CastlingSide::Queen,
        CastlingSide::Queen => CastlingSide::King,
    }
}

/// Plays `mv` both ways (copy-make and make/unmake) and checks the result.
fn play_checked(pos: &Position, mv: Move, expected_fen: &str) {
    let next = pos.play(mv);
    assert_eq!(to_fen(&next), expected_fen, "{mv:?}");
    assert_eq!(next.key(), next.compute_key());
    assert_eq!(next.key(), parse_fen(expected_fen).unwrap().key());
    assert_eq!(pos.gives_check(mv), next.is_check(), "{mv:?}");
    let mut undone = *pos;
    let undo = undone.make_move_undoable(mv);
    assert_eq!(undone, next);
    undone.unmake_move(mv, undo);
    assert_eq!(undone, *pos);
}

#[test]
fn castling_with_king_or_rook_already_in_place() {
    // King on g1 already: castling short moves only the rook h1 to f1.
    let pos = parse_fen("4k3/8/8/8/8/8/8/R5KR w KQ - 0 1").unwrap();
    let short = castle(&pos, CastlingSide::King).unwrap();
    assert_eq!((short.from(), short.to()), (Square::G1, Square::H1));
    // Displayed as king takes rook: the king-step form would be "g1g1".
    assert_eq!(short.to_string(), "g1h1");
    assert_eq!(short.uci(false).to_string(), "g1g1");
    assert_eq!(short.uci(true).to_string(), "g1h1");
    play_checked(&pos, short, "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    let long = castle(&pos, CastlingSide::Queen).unwrap();
    play_checked(&pos, long, "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");

    // King on f1, rook on g1: they swap squares.
    let pos = parse_fen("r3k2r/8/8/8/8/8/8/5KR1 w K - 0 1").unwrap();
    let short = castle(&pos, CastlingSide::King).unwrap();
    play_checked(&pos, short, "r3k2r/8/8/8/8/8/8/5RK1 b - - 1 1");

    // Rook already on d1: castling long moves only the king, e1 to c1.
    let pos = parse_fen("4k3/8/8/8/8/8/8/3RK3 w Q - 0 1").unwrap();
    let long = castle(&pos, CastlingSide::Queen).unwrap();
    play_checked(&pos, long, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // Castling long gives check along the d-file to a king on d8.
    let pos = parse_fen("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    let long = castle(&pos, CastlingSide::Queen).unwrap();
    assert!(pos.gives_check(long));
    play_checked(&pos, long, "3k4/8/8/8/8/8/8/2KR4 b - - 1 1");
}

#[test]
fn castling_rule_in_chess960() {
    // The rook on b1 shields c1 from the queen on a1: castling long would
    // leave the king on c1 in check once the rook has gone to d1.
    let pos = parse_fen("4k3/8/8/8/8/8/8/qRK4R w BH - 0 1").unwrap();
    assert_eq!(castle(&pos, CastlingSide::Queen), None);
    assert!(castle(&pos, CastlingSide::King).is_some());
    // A bishop watching f1 stops castling long from g1 (the king crosses f1).
    let pos = parse_fen("4k3/8/b7/8/8/8/8/R5K1 w Q - 0 1").unwrap();
    assert_eq!(castle(&pos, CastlingSide::Queen), None);
    // A piece on a square the rook crosses blocks castling, even when the
    // king does not cross it.
    let pos = parse_fen("4k3/8/8/8/8/8/8/RN4KR w KQ - 0 1").unwrap();
    assert_eq!(castle(&pos, CastlingSide::Queen), None);
    assert!(castle(&pos, CastlingSide::King).is_some());
    // Castling rights need the rook on the king's side they name.
    assert!(parse_fen("4k3/8/8/8/8/8/8/RK6 w H - 0 1").is_err());
    assert!(parse_fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1").is_ok());
}

#[test]
fn rights_follow_the_rooks_that_hold_them() {
    // Inner rook b1 holds the right; the a1 rook moving keeps it.
    let pos = parse_fen("r3k2r/8/8/8/8/8/8/RR2K2R w BH - 0 1").unwrap();
    let a2 = pos.find_move(Square::A1, Square::A2, None).unwrap();
    let after = pos.play(a2);
    assert_eq!(after.castling_rights(), pos.castling_rights());
    let b2 = pos.find_move(Square::B1, Square::B2, None).unwrap();
    assert_eq!(pos.play(b2).castling_rights().to_string(), "K");
    // Every legal move's result agrees with a fresh key and with a FEN
    // round trip.
    for &mv in pos.legal_moves().iter() {
        let next = pos.play(mv);
        assert_eq!(next.key(), next.compute_key(), "{mv:?}");
        assert_eq!(parse_fen(&to_fen(&next)).unwrap(), next, "{mv:?}");
    }
    // Capturing a castling rook on its square removes the right.
    let pos = parse_fen("1rk4r/8/8/8/8/8/8/1RK3R1 w BGbh - 0 1").unwrap();
    let bxb8 = pos.find_move(Square::B1, Square::B8, None).unwrap();
    let next = pos.play(bxb8);
    let rights = next.castling_rights();
    assert!(!rights.has(Color::White, CastlingSide::Queen));
    assert!(!rights.has(Color::Black, CastlingSide::Queen));
    assert_eq!(
        rights.rook_square(Color::Black, CastlingSide::King),
        Some(Square::H8)
    );
    assert_eq!(
        rights.rook_square(Color::White, CastlingSide::King),
        Some(Square::G1)
    );
}

#[test]
fn castling_is_the_king_taking_its_rook() {
    // Every start position with the back ranks cleared but for kings and
    // rooks: each castling is legal unless the other rook is in its way, is
    // stored as the king taking its rook, and lands king and rook on their
    // squares.
    for n in 0..960 {
        let mut setup = Setup::chess960(n).unwrap();
        for sq in Square::ALL {
            if let Some(piece) = setup.board[sq.index()] {
                if !matches!(
                    piece.kind(),
                    PieceKind::King | PieceKind::Rook | PieceKind::Pawn
                ) {
                    setup.board[sq.index()] = None;
                }
            }
        }
        for side_to_move in Color::ALL {
            setup.side_to_move = side_to_move;
            let pos = Position::from_setup(&setup).unwrap();
            let us = side_to_move;
            for side in CastlingSide::ALL {
                // Legal unless the other rook stands where this castling's
                // king or rook crosses or lands.
                let rights = pos.castling_rights();
                let rook = rights.rook_square(us, side).unwrap();
                let other = rights.rook_square(us, other_side(side)).unwrap();
                let span = |a: Square, b: Square| {
                    let (lo, hi) = (a.file().min(b.file()), a.file().max(b.file()));
                    lo <= other.file() && other.file() <= hi
                };
                let blocked =
                    span(pos.king_square(us), side.king_to(us)) || span(rook, side.rook_to(us));
                let Some(mv) = castle(&pos, side) else {
                    assert!(blocked, "#{n} {us:?} {side:?}");
                    continue;
                };
                assert!(!blocked, "#{n} {us:?} {side:?}");
                assert_eq!(mv.from(), pos.king_square(us));
                assert_eq!(Some(mv.to()), pos.castling_rights().rook_square(us, side));
                assert_eq!(pos.find_move(mv.from(), mv.to(), None), Some(mv));
                assert!(matches!(
                    mv.kind(),
                    MoveKind::KingCastle | MoveKind::QueenCastle
                ));
                let next = pos.play(mv);
                assert_eq!(next.king_square(us), side.king_to(us));
                assert_eq!(
                    next.piece_on(side.rook_to(us)),
                    Some(Piece::new(us, PieceKind::Rook))
                );
                assert_eq!(next.occupied().count(), pos.occupied().count());
                assert!(!next.castling_rights().has_any(us));
                assert!(next.castling_rights().has_any(!us));
                assert_eq!(next.key(), next.compute_key());
                let mut undone = pos;
                let undo = undone.make_move_undoable(mv);
                assert_eq!(undone, next);
                undone.unmake_move(mv, undo);
                assert_eq!(undone, pos);
                // The standard spelling finds it too, unless the king does not move.
                if mv.from() != side.king_to(us) {
                    assert_eq!(
                        pos.castling_move_by_king(mv.from(), side.king_to(us)),
                        Some(mv)
                    );
                }
            }
        }
    }
}
