//! Property tests for the board, run over random legal games that start from
//! the perft suite's positions: copy-make leaves the original alone,
//! incremental keys match fresh ones, FEN round-trips, and legal move
//! generation matches a slow mailbox reference that knows nothing of the
//! crate's attack tables or move generator. Also colour symmetry of perft,
//! static exchange evaluation on hand-checked positions, and the draw rules.

use outpost_board::{
    perft, CastlingSide, Color, Move, MoveKind, MoveList, Piece, PieceKind, Position, Setup,
    Square, SEE_VALUES,
};
use outpost_notation::{parse_fen, to_fen};
use proptest::prelude::*;
use std::collections::HashSet;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------
// Test positions
// ---------------------------------------------------------------------------

const PERFT_EPD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/perft.epd");
const CHESS960_EPD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/chess960.epd");

/// One line of perft.epd: its FEN and its (depth, count) pairs.
struct SuiteLine {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite_lines() -> &'static [SuiteLine] {
    static LINES: OnceLock<Vec<SuiteLine>> = OnceLock::new();
    LINES.get_or_init(|| {
        let text = std::fs::read_to_string(PERFT_EPD)
            .unwrap_or_else(|e| panic!("reading {PERFT_EPD}: {e}"));
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let mut parts = l.split(';');
                let fen = parts.next().unwrap().trim().to_string();
                let counts = parts
                    .map(|p| {
                        let mut it = p.split_whitespace();
                        let depth = it.next().unwrap().trim_start_matches('D').parse().unwrap();
                        let count = it.next().unwrap().parse().unwrap();
                        (depth, count)
                    })
                    .collect();
                SuiteLine { fen, counts }
            })
            .collect()
    })
}

/// The start position followed by every position of perft.epd and of
/// chess960.epd (Chess960 and Double Fischer Random positions, whose
/// castling rights have rooks off the a- and h-files and kings off e1/e8).
fn start_positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let chess960 = std::fs::read_to_string(CHESS960_EPD)
            .unwrap_or_else(|e| panic!("reading {CHESS960_EPD}: {e}"));
        let chess960_fens: Vec<String> = chess960
            .lines()
            .filter_map(|l| l.split(';').next())
            .map(|f| f.trim().to_string())
            .filter(|f| !f.is_empty())
            .collect();
        std::iter::once(Position::startpos())
            .chain(suite_lines().iter().map(|l| {
                parse_fen(&l.fen).unwrap_or_else(|e| panic!("perft.epd `{}`: {e}", l.fen))
            }))
            .chain(
                chess960_fens
                    .iter()
                    .map(|f| parse_fen(f).unwrap_or_else(|e| panic!("chess960.epd `{f}`: {e}"))),
            )
            .collect()
    })
}

fn fen(s: &str) -> Position {
    parse_fen(s).unwrap_or_else(|e| panic!("`{s}`: {e}"))
}

// ---------------------------------------------------------------------------
// Slow reference: a mailbox move generator and move maker
// ---------------------------------------------------------------------------

type Board = [Option<Piece>; 64];

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The square at file `f`, rank `r` (0-based), if on the board.
fn square_at(f: i8, r: i8) -> Option<Square> {
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Square::from_index((r * 8 + f) as usize)
    } else {
        None
    }
}

fn coords(sq: Square) -> (i8, i8) {
    ((sq.index() % 8) as i8, (sq.index() / 8) as i8)
}

fn is(board: &Board, sq: Square, color: Color, kind: PieceKind) -> bool {
    board[sq.index()] == Some(Piece::new(color, kind))
}

/// Whether a piece of `by` attacks `target`, found by looking outwards from
/// `target` square by square.
fn ref_attacked(board: &Board, target: Square, by: Color) -> bool {
    let (f, r) = coords(target);
    // A White pawn attacks up the board, so it stands one rank below its target.
    let pawn_rank = if by == Color::White { r - 1 } else { r + 1 };
    for df in [-1, 1] {
        if let Some(sq) = square_at(f + df, pawn_rank) {
            if is(board, sq, by, PieceKind::Pawn) {
                return true;
            }
        }
    }
    for (df, dr) in KNIGHT_STEPS {
        if let Some(sq) = square_at(f + df, r + dr) {
            if is(board, sq, by, PieceKind::Knight) {
                return true;
            }
        }
    }
    for (df, dr) in KING_STEPS {
        if let Some(sq) = square_at(f + df, r + dr) {
            if is(board, sq, by, PieceKind::King) {
                return true;
            }
        }
    }
    for (dirs, slider) in [
        (ROOK_DIRS, PieceKind::Rook),
        (BISHOP_DIRS, PieceKind::Bishop),
    ] {
        for (df, dr) in dirs {
            let (mut cf, mut cr) = (f + df, r + dr);
            while let Some(sq) = square_at(cf, cr) {
                if let Some(piece) = board[sq.index()] {
                    if piece.color() == by
                        && (piece.kind() == slider || piece.kind() == PieceKind::Queen)
                    {
                        return true;
                    }
                    break;
                }
                cf += df;
                cr += dr;
            }
        }
    }
    false
}

fn ref_king(board: &Board, color: Color) -> Square {
    Square::ALL
        .into_iter()
        .find(|&sq| is(board, sq, color, PieceKind::King))
        .expect("a king")
}

/// The setup after `mv`, played naively on the mailbox with the rules written
/// out one by one.
fn ref_play(setup: &Setup, mv: Move) -> Setup {
    let mut next = setup.clone();
    let us = setup.side_to_move;
    let (from, to) = (mv.from(), mv.to());
    let piece = setup.board[from.index()].expect("a piece on the origin");
    let mut captured = setup.board[to.index()].is_some() && !mv.is_castle();
    next.board[from.index()] = None;
    let mut lands_on = to;
    match mv.kind() {
        MoveKind::EnPassant => {
            let (tf, _) = coords(to);
            let (_, fr) = coords(from);
            let victim = square_at(tf, fr).unwrap();
            assert!(is(&next.board, victim, !us, PieceKind::Pawn));
            next.board[victim.index()] = None;
            captured = true;
        }
        MoveKind::KingCastle | MoveKind::QueenCastle => {
            // The move is stored as the king taking its own rook on `to`:
            // lift both, then set the king on the g- or c-file and the rook
            // on the f- or d-file.
            let (_, rank) = coords(from);
            let (king_file, rook_file) = if mv.kind() == MoveKind::KingCastle {
                (6, 5)
            } else {
                (2, 3)
            };
            let rook = next.board[to.index()].take();
            assert_eq!(rook, Some(Piece::new(us, PieceKind::Rook)));
            next.board[square_at(rook_file, rank).unwrap().index()] = rook;
            lands_on = square_at(king_file, rank).unwrap();
        }
        _ => {}
    }
    next.board[lands_on.index()] = Some(match mv.promotion() {
        Some(kind) => Piece::new(us, kind),
        None => piece,
    });

    // A right goes when its king moves, or its rook leaves its square or is
    // captured there.
    let mut rights = setup.castling;
    for color in Color::ALL {
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let Some(rook_home) = setup.castling.rook_square(color, side) else {
                continue;
            };
            if piece == Piece::new(color, PieceKind::King) || [from, to].contains(&rook_home) {
                rights = rights.without(color, side);
            }
        }
    }
    next.castling = rights;

    let (ff, fr) = coords(from);
    let (_, tr) = coords(to);
    next.en_passant = if piece.kind() == PieceKind::Pawn && (tr - fr).abs() == 2 {
        square_at(ff, (fr + tr) / 2)
    } else {
        None
    };
    next.halfmove_clock = if piece.kind() == PieceKind::Pawn || captured {
        0
    } else {
        setup.halfmove_clock + 1
    };
    if us == Color::Black {
        next.fullmove_number += 1;
    }
    next.side_to_move = !us;
    next
}

/// Adds the moves of a piece stepping by each of `dirs`, once or (`slide`)
/// until blocked.
fn ref_steps(board: &Board, from: Square, dirs: &[(i8, i8)], slide: bool, moves: &mut Vec<Move>) {
    let us = board[from.index()].unwrap().color();
    let (f, r) = coords(from);
    for &(df, dr) in dirs {
        let (mut cf, mut cr) = (f + df, r + dr);
        while let Some(to) = square_at(cf, cr) {
            match board[to.index()] {
                None => moves.push(Move::new(from, to, MoveKind::Quiet)),
                Some(p) => {
                    if p.color() != us {
                        moves.push(Move::new(from, to, MoveKind::Capture));
                    }
                    break;
                }
            }
            if !slide {
                break;
            }
            cf += df;
            cr += dr;
        }
    }
}

/// Adds a pawn move to `to`, as four promotions when `to` is on a back rank.
fn ref_pawn_move(from: Square, to: Square, capture: bool, moves: &mut Vec<Move>) {
    let rank = coords(to).1;
    if rank == 0 || rank == 7 {
        for kind in [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            moves.push(Move::new(from, to, MoveKind::promotion(kind, capture)));
        }
    } else if capture {
        moves.push(Move::new(from, to, MoveKind::Capture));
    } else {
        moves.push(Move::new(from, to, MoveKind::Quiet));
    }
}

/// Adds the pushes, double pushes, captures and en-passant captures of the pawn on `from`.
fn ref_pawn(setup: &Setup, from: Square, moves: &mut Vec<Move>) {
    let board = &setup.board;
    let us = setup.side_to_move;
    let (f, r) = coords(from);
    let (dir, start) = if us == Color::White { (1, 1) } else { (-1, 6) };
    if let Some(one) = square_at(f, r + dir) {
        if board[one.index()].is_none() {
            ref_pawn_move(from, one, false, moves);
            if r == start {
                let two = square_at(f, r + 2 * dir).unwrap();
                if board[two.index()].is_none() {
                    moves.push(Move::new(from, two, MoveKind::DoublePush));
                }
            }
        }
    }
    for df in [-1, 1] {
        let Some(to) = square_at(f + df, r + dir) else {
            continue;
        };
        match board[to.index()] {
            Some(p) if p.color() != us => ref_pawn_move(from, to, true, moves),
            None if setup.en_passant == Some(to) => {
                moves.push(Move::new(from, to, MoveKind::EnPassant));
            }
            _ => {}
        }
    }
}

/// Pseudo-legal moves, generated per piece from the mailbox.
fn ref_pseudo_legal(setup: &Setup) -> Vec<Move> {
    let board = &setup.board;
    let us = setup.side_to_move;
    let them = !us;
    let mut moves = Vec::new();
    for from in Square::ALL {
        let Some(piece) = board[from.index()] else {
            continue;
        };
        if piece.color() != us {
            continue;
        }
        match piece.kind() {
            PieceKind::Pawn => ref_pawn(setup, from, &mut moves),
            PieceKind::Knight => ref_steps(board, from, &KNIGHT_STEPS, false, &mut moves),
            PieceKind::Bishop => ref_steps(board, from, &BISHOP_DIRS, true, &mut moves),
            PieceKind::Rook => ref_steps(board, from, &ROOK_DIRS, true, &mut moves),
            PieceKind::Queen => ref_steps(board, from, &KING_STEPS, true, &mut moves),
            PieceKind::King => ref_steps(board, from, &KING_STEPS, false, &mut moves),
        }
    }

    // Castling, by the Chess960 rule (standard chess is a case of it): the
    // right's rook on its square; every square from the king to its
    // destination and from the rook to its destination empty but for those
    // two; the king attacked on none of the squares from its own to its
    // destination, with the rook lifted off the board. Written with the
    // king taking its rook.
    let king = ref_king(board, us);
    let (king_file, rank) = coords(king);
    let span = |a: i8, b: i8| a.min(b)..=a.max(b);
    for (side, king_to, rook_to, kind) in [
        (CastlingSide::King, 6, 5, MoveKind::KingCastle),
        (CastlingSide::Queen, 2, 3, MoveKind::QueenCastle),
    ] {
        let Some(rook) = setup.castling.rook_square(us, side) else {
            continue;
        };
        assert!(is(board, rook, us, PieceKind::Rook));
        let rook_file = coords(rook).0;
        let clear = span(king_file, king_to)
            .chain(span(rook_file, rook_to))
            .all(|f| {
                f == king_file
                    || f == rook_file
                    || board[square_at(f, rank).unwrap().index()].is_none()
            });
        let mut lifted = *board;
        lifted[rook.index()] = None;
        let safe = span(king_file, king_to)
            .all(|f| !ref_attacked(&lifted, square_at(f, rank).unwrap(), them));
        if clear && safe {
            moves.push(Move::new(king, rook, kind));
        }
    }
    moves
}

/// Whether a pseudo-legal move leaves the mover's own king safe.
fn ref_is_legal(setup: &Setup, mv: Move) -> bool {
    let us = setup.side_to_move;
    let next = ref_play(setup, mv);
    !ref_attacked(&next.board, ref_king(&next.board, us), !us)
}

fn ref_legal_moves(setup: &Setup) -> Vec<Move> {
    ref_pseudo_legal(setup)
        .into_iter()
        .filter(|&mv| ref_is_legal(setup, mv))
        .collect()
}

fn sorted_bits(moves: &[Move]) -> Vec<u16> {
    let mut bits: Vec<u16> = moves.iter().map(|m| m.to_bits()).collect();
    bits.sort_unstable();
    bits
}

// ---------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------

/// Checks every invariant of one position (see the file's doc). `noise` feeds
/// the random 16-bit values asked of `is_legal`.
fn check_position(pos: &Position, noise: u16) {
    let fen = to_fen(pos);
    let setup = pos.to_setup();

    // (b) keys, (e) FEN round trip.
    assert_eq!(pos.key(), pos.compute_key(), "incremental key, {fen}");
    assert_eq!(
        pos.pawn_key(),
        pos.compute_pawn_key(),
        "incremental pawn key, {fen}"
    );
    let reparsed = parse_fen(&fen).unwrap_or_else(|e| panic!("reparsing `{fen}`: {e}"));
    assert_eq!(reparsed.key(), pos.key(), "key after FEN round trip, {fen}");
    assert_eq!(&reparsed, pos, "FEN round trip, {fen}");
    assert_eq!(to_fen(&reparsed), fen);
    assert_eq!(
        Position::from_setup(&setup).as_ref(),
        Ok(pos),
        "setup round trip, {fen}"
    );

    // (c) legal moves against the reference.
    let legal = pos.legal_moves();
    let legal_bits = sorted_bits(&legal);
    let mut dedup = legal_bits.clone();
    dedup.dedup();
    assert_eq!(dedup.len(), legal_bits.len(), "duplicate moves in {fen}");
    let reference = ref_legal_moves(&setup);
    assert_eq!(
        legal_bits,
        sorted_bits(&reference),
        "legal moves of {fen}:\n  crate:     {:?}\n  reference: {:?}",
        legal,
        reference
    );
    assert_eq!(pos.count_legal_moves(), legal.len(), "count, {fen}");
    // castling_move checks the rule directly: it agrees with the list.
    for side in CastlingSide::ALL {
        let listed = legal
            .iter()
            .copied()
            .find(|mv| mv.castling_side() == Some(side));
        assert_eq!(pos.castling_move(side), listed, "castling_move, {fen}");
    }
    assert_eq!(pos.has_legal_moves(), !legal.is_empty());
    assert_eq!(pos.is_checkmate(), pos.is_check() && legal.is_empty());
    assert_eq!(pos.is_stalemate(), !pos.is_check() && legal.is_empty());
    assert_eq!(
        pos.is_check(),
        ref_attacked(
            &setup.board,
            pos.king_square(pos.side_to_move()),
            !pos.side_to_move()
        ),
        "is_check, {fen}"
    );
    let mut all = MoveList::new();
    pos.generate_all(&mut all);
    assert_eq!(sorted_bits(&all), legal_bits, "generate_all, {fen}");
    let mut per_piece = 0;
    pos.for_each_piece_moves(|pm| per_piece += pm.len());
    assert_eq!(per_piece, legal.len(), "for_each_piece_moves, {fen}");

    // (d) noisy and quiet split the legal moves.
    let mut noisy = MoveList::new();
    pos.generate_noisy(&mut noisy);
    let mut quiet = MoveList::new();
    pos.generate_quiet(&mut quiet);
    assert!(noisy.iter().all(|m| m.is_capture() || m.is_promotion()));
    assert!(quiet.iter().all(|m| !m.is_capture() && !m.is_promotion()));
    let mut union: Vec<Move> = noisy.iter().chain(quiet.iter()).copied().collect();
    assert_eq!(
        sorted_bits(&union),
        legal_bits,
        "noisy + quiet (disjoint) = legal, {fen}"
    );
    union.retain(|m| m.is_noisy());
    assert_eq!(sorted_bits(&union), sorted_bits(&noisy));

    // (f) gives_check, is_legal, find_move; (a) and (b) for each successor.
    let check_squares = pos.check_squares();
    for &mv in legal.iter() {
        let before = *pos;
        let next = pos.play(mv);
        assert_eq!(pos, &before, "play({mv}) changed the position, {fen}");
        assert_eq!(pos.to_setup(), setup);
        assert_eq!(pos.key(), before.key());
        assert_eq!(pos.checkers(), before.checkers());
        assert_eq!(pos.pinned(), before.pinned());
        let mut copy = *pos;
        copy.make_move(mv);
        assert_eq!(copy, next, "make_move vs play for {mv}, {fen}");
        assert_eq!(pos.play(mv), next, "play({mv}) twice, {fen}");

        assert_eq!(
            next.to_setup(),
            ref_play(&setup, mv),
            "make_move {mv:?} from {fen}"
        );
        assert_eq!(
            next.key(),
            next.compute_key(),
            "key after {mv:?} from {fen}"
        );
        assert_eq!(
            next.pawn_key(),
            next.compute_pawn_key(),
            "pawn key after {mv:?} from {fen}"
        );
        assert_eq!(
            pos.key_after(mv),
            next.key(),
            "key_after({mv:?}) from {fen}"
        );
        assert_eq!(
            pos.gives_check(mv),
            next.is_check(),
            "gives_check({mv:?}) from {fen}"
        );
        assert_eq!(
            check_squares.gives_check(pos, mv),
            next.is_check(),
            "CheckSquares::gives_check({mv:?}) from {fen}"
        );
        assert!(pos.is_legal(mv), "is_legal({mv:?}) from {fen}");
        assert_eq!(
            pos.find_move(mv.from(), mv.to(), mv.promotion()),
            Some(mv),
            "find_move for {mv:?} from {fen}"
        );
        let wrong_promotion = match mv.promotion() {
            Some(_) => None,
            None => Some(PieceKind::Queen),
        };
        assert_eq!(
            pos.find_move(mv.from(), mv.to(), wrong_promotion),
            None,
            "find_move for {mv:?} with promotion {wrong_promotion:?} from {fen}"
        );
    }

    // is_legal refuses pseudo-legal moves that leave the king in check and
    // arbitrary 16-bit values that are not legal moves.
    for mv in ref_pseudo_legal(&setup) {
        if !legal_bits.contains(&mv.to_bits()) {
            assert!(!pos.is_legal(mv), "is_legal({mv:?}) from {fen}");
        }
    }
    let mut x = noise as u32 | 1;
    for _ in 0..6 {
        x = x.wrapping_mul(0x2c1b_3c6d).wrapping_add(0x297a_2d39) ^ (x >> 13);
        let mv = Move::from_bits(x as u16);
        assert_eq!(
            pos.is_legal(mv),
            legal_bits.contains(&mv.to_bits()),
            "is_legal({mv:?}) from {fen}"
        );
    }
    assert!(!pos.is_legal(Move::NULL));

    // (g) the null move.
    let mut null = *pos;
    if pos.is_check() {
        assert!(!null.make_null_move(), "null move in check, {fen}");
        assert_eq!(&null, pos);
    } else {
        assert!(null.make_null_move());
        assert_eq!(null.side_to_move(), !pos.side_to_move());
        assert_eq!(null.en_passant(), None);
        assert_eq!(null.key(), null.compute_key(), "key after null move, {fen}");
        assert_ne!(null.key(), pos.key());
        assert_eq!(null.halfmove_clock(), pos.halfmove_clock() + 1);
        assert_eq!(
            null.checkers().is_empty(),
            !ref_attacked(
                &setup.board,
                null.king_square(null.side_to_move()),
                pos.side_to_move()
            )
        );
    }
}

/// Plays one random game from `start`, checking every position on the way.
/// Returns the kinds of the moves played.
fn walk(start: &Position, choices: &[u16]) -> Vec<MoveKind> {
    let mut pos = *start;
    let mut kinds = Vec::new();
    for &choice in choices {
        check_position(&pos, choice);
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[choice as usize % legal.len()];
        let snapshot = pos;
        let next = pos.play(mv);
        assert_eq!(pos, snapshot);
        kinds.push(mv.kind());
        pos = next;
    }
    kinds
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(
        index in 0..start_positions().len(),
        choices in prop::collection::vec(any::<u16>(), 1..40),
    ) {
        walk(&start_positions()[index], &choices);
    }
}

/// A xorshift64 generator, so the coverage test is the same on every run.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

const ALL_KINDS: [MoveKind; 14] = [
    MoveKind::Quiet,
    MoveKind::DoublePush,
    MoveKind::KingCastle,
    MoveKind::QueenCastle,
    MoveKind::Capture,
    MoveKind::EnPassant,
    MoveKind::PromoteKnight,
    MoveKind::PromoteBishop,
    MoveKind::PromoteRook,
    MoveKind::PromoteQueen,
    MoveKind::CapturePromoteKnight,
    MoveKind::CapturePromoteBishop,
    MoveKind::CapturePromoteRook,
    MoveKind::CapturePromoteQueen,
];

#[test]
fn seeded_games_play_every_move_kind() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut seen = HashSet::new();
    for start in start_positions() {
        for _ in 0..6 {
            let choices: Vec<u16> = (0..60).map(|_| rng.next() as u16).collect();
            seen.extend(walk(start, &choices));
        }
    }
    let missing: Vec<_> = ALL_KINDS.iter().filter(|k| !seen.contains(k)).collect();
    assert!(missing.is_empty(), "never played: {missing:?}");
}

/// Castling rights go when the king moves, when a rook moves, and when a rook
/// is captured at home; the key follows in each case.
#[test]
fn castling_rights_are_lost_and_keyed() {
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    let cases = [
        ("e8f8", "KQ"),
        ("h8h7", "KQq"),
        ("a8a7", "KQk"),
        ("e8h8", "KQ"),
        ("e8a8", "KQ"),
        ("h8h1", "Qq"),
        ("a8a1", "Kk"),
    ];
    for (uci, rights) in cases {
        let from: Square = uci[0..2].parse().unwrap();
        let to: Square = uci[2..4].parse().unwrap();
        let mv = pos
            .find_move(from, to, None)
            .unwrap_or_else(|| panic!("{uci}"));
        let next = pos.play(mv);
        assert_eq!(next.castling_rights().to_string(), rights, "{uci}");
        assert_eq!(next.key(), next.compute_key(), "{uci}");
        assert_eq!(next.key(), fen(&to_fen(&next)).key(), "{uci}");
    }
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let axa8 = pos.find_move(Square::A1, Square::A8, None).unwrap();
    let next = pos.play(axa8);
    assert_eq!(next.castling_rights().to_string(), "Kk");
    assert_eq!(next.key(), next.compute_key());
    assert_eq!(to_fen(&next), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

/// The en-passant square enters the key only when the side to move has a pawn
/// that attacks it.
#[test]
fn en_passant_key_follows_capturability() {
    let pos = Position::startpos();
    let e4 = pos.play(pos.find_move(Square::E2, Square::E4, None).unwrap());
    assert_eq!(e4.en_passant(), Some(Square::E3));
    let same_without_ep = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(e4.key(), same_without_ep.key());

    let pos = fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    let next = pos.play(pos.find_move(Square::E2, Square::E4, None).unwrap());
    let same_without_ep = fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    assert_ne!(next.key(), same_without_ep.key());
    assert_eq!(next.key(), next.compute_key());
    let dxe3 = next.find_move(Square::D4, Square::E3, None).unwrap();
    assert_eq!(dxe3.kind(), MoveKind::EnPassant);
    assert_eq!(to_fen(&next.play(dxe3)), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
}

/// Perft is symmetric under swapping colours and mirroring the board.
#[test]
fn perft_matches_colour_flipped_twin() {
    for (line, pos) in suite_lines().iter().zip(&start_positions()[1..]) {
        let flipped = pos.color_flipped();
        assert_eq!(flipped.key(), flipped.compute_key(), "{}", line.fen);
        assert_eq!(&flipped.color_flipped(), pos, "double flip of {}", line.fen);
        assert_eq!(
            fen(&to_fen(&flipped)),
            flipped,
            "flipped FEN round trip of {}",
            line.fen
        );
        for &(depth, expected) in line.counts.iter().filter(|&&(d, _)| d <= 3) {
            assert_eq!(perft(pos, depth), expected, "{} depth {depth}", line.fen);
            assert_eq!(
                perft(&flipped, depth),
                expected,
                "flipped {} (`{}`) depth {depth}",
                line.fen,
                to_fen(&flipped)
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Static exchange evaluation
// ---------------------------------------------------------------------------

fn see_of(fen_text: &str, uci: &str) -> i32 {
    let pos = fen(fen_text);
    let from: Square = uci[0..2].parse().unwrap();
    let to: Square = uci[2..4].parse().unwrap();
    let promotion = uci[4..].chars().next().and_then(PieceKind::from_char);
    let mv = pos
        .find_move(from, to, promotion)
        .unwrap_or_else(|| panic!("{uci} is not legal in {fen_text}"));
    pos.see(mv)
}

const PAWN: i32 = SEE_VALUES[0];
const KNIGHT: i32 = SEE_VALUES[1];
const BISHOP: i32 = SEE_VALUES[2];
const ROOK: i32 = SEE_VALUES[3];
const QUEEN: i32 = SEE_VALUES[4];

#[test]
fn see_values_are_the_documented_ones() {
    assert_eq!(SEE_VALUES, [100, 320, 330, 500, 900, 0]);
}

#[test]
fn see_hand_checked_exchanges() {
    let cases: &[(&str, &str, i32, &str)] = &[
        (
            "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1",
            "e4d5",
            KNIGHT - PAWN,
            "pawn takes knight defended by a pawn",
        ),
        (
            "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1",
            "d1d5",
            PAWN - QUEEN,
            "queen takes pawn defended by a pawn",
        ),
        (
            "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1",
            "d2d5",
            PAWN,
            "doubled rooks: the one behind recaptures through the first (x-ray)",
        ),
        (
            "3rk3/3r4/8/3p4/8/8/8/3RK3 w - - 0 1",
            "d1d5",
            PAWN - ROOK,
            "one rook against doubled defenders",
        ),
        (
            "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1",
            "d1d5",
            KNIGHT,
            "rook takes a hanging knight",
        ),
        (
            "4k3/8/4p3/8/8/8/8/3NK3 w - - 0 1",
            "d1e3",
            0,
            "quiet move to a safe square",
        ),
        (
            "4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1",
            "d1c3",
            0,
            "quiet move, nothing attacks the square",
        ),
        (
            "4k3/8/8/2p5/8/4N3/8/4K3 w - - 0 1",
            "e3d5",
            0,
            "knight to a square the pawn does not attack",
        ),
        (
            "4k3/8/8/4p3/8/8/4N3/4K3 w - - 0 1",
            "e2d4",
            -KNIGHT,
            "knight to a square a pawn attacks",
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "e5d6",
            PAWN,
            "en passant with nothing to recapture",
        ),
        (
            "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "e5d6",
            0,
            "en passant, recaptured by a pawn",
        ),
        (
            "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
            "e7e8q",
            QUEEN - PAWN,
            "promotion on an undefended square",
        ),
        (
            "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1",
            "e7e8q",
            -PAWN,
            "promotion to a queen that the rook takes",
        ),
        (
            "8/8/4k3/3p4/8/1B6/8/3RK3 w - - 0 1",
            "d1d5",
            PAWN,
            "the king may not recapture on a square the bishop defends",
        ),
        (
            "8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1",
            "d1d5",
            PAWN - ROOK,
            "the king recaptures an undefended rook",
        ),
        (
            "4k3/8/2b5/3p4/4P3/5B2/8/4K3 w - - 0 1",
            "e4d5",
            PAWN,
            "bishop x-raying through the pawn wins the exchange (0 without the x-ray)",
        ),
        (
            "4k3/8/8/3r4/4B3/8/8/4K3 w - - 0 1",
            "e4d5",
            ROOK,
            "bishop takes a hanging rook",
        ),
        (
            "4k3/8/1n6/3r4/4B3/8/8/4K3 w - - 0 1",
            "e4d5",
            ROOK - BISHOP,
            "bishop takes a rook defended by a knight",
        ),
    ];
    for &(fen_text, uci, expected, what) in cases {
        assert_eq!(
            see_of(fen_text, uci),
            expected,
            "{what}: {uci} in {fen_text}"
        );
    }
}

#[test]
fn see_castling_is_zero_and_see_ge_agrees() {
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let castle = pos.find_move(Square::E1, Square::H1, None).unwrap();
    assert_eq!(castle.kind(), MoveKind::KingCastle);
    assert_eq!(
        pos.castling_move_by_king(Square::E1, Square::G1),
        Some(castle)
    );
    assert_eq!(pos.castling_move(CastlingSide::King), Some(castle));
    assert_eq!(pos.find_move(Square::E1, Square::G1, None), None);
    assert_eq!(pos.see(castle), 0);
    for start in start_positions().iter().take(60) {
        for &mv in start.legal_moves().iter() {
            let see = start.see(mv);
            assert!(start.see_ge(mv, see));
            assert!(!start.see_ge(mv, see + 1));
            if !mv.is_capture() && !mv.is_promotion() {
                assert!(see <= 0, "quiet {mv:?} scored {see} in {}", to_fen(start));
            }
        }
    }
}

/// `see_ge` walks the exchange only as far as the threshold needs; every
/// answer must be `see`'s. Checked in the suites' positions and along
/// seeded random games from them that prefer captures (so that crowded
/// exchanges, kings among the recapturers and promotions come up).
#[test]
fn see_ge_agrees_with_see_at_every_threshold() {
    let mut compared = 0u32;
    let mut check = |pos: &Position| {
        for &mv in pos.legal_moves().iter() {
            let see = pos.see(mv);
            let thresholds = (-1000..=1000).step_by(10).chain([see - 1, see, see + 1]);
            for threshold in thresholds {
                assert_eq!(
                    pos.see_ge(mv, threshold),
                    see >= threshold,
                    "{mv:?} at {threshold} in {} (see {see})",
                    to_fen(pos)
                );
                compared += 1;
            }
        }
    };
    let mut rng = XorShift(0x5ee_5ee5_ee5e_e5ee);
    for start in start_positions() {
        check(start);
        for _ in 0..2 {
            let mut pos = *start;
            for _ in 0..40 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let captures: Vec<Move> =
                    legal.iter().copied().filter(|m| m.is_capture()).collect();
                let roll = rng.next();
                let mv = if roll & 1 == 1 && !captures.is_empty() {
                    captures[(roll >> 1) as usize % captures.len()]
                } else {
                    legal[(roll >> 1) as usize % legal.len()]
                };
                pos = pos.play(mv);
                check(&pos);
            }
        }
    }
    assert!(compared > 1_000_000, "only {compared} comparisons");
}

// ---------------------------------------------------------------------------
// Draw rules
// ---------------------------------------------------------------------------

#[test]
fn insufficient_material() {
    for (fen_text, what) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "KvK"),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", "KNvK"),
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "KBvK"),
        ("4kn2/8/8/8/8/8/8/4K3 w - - 0 1", "KvKN"),
        ("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", "KB vs KB, both light"),
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "KB vs KB, both dark"),
        (
            "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1",
            "KBB v K, bishops on one colour",
        ),
    ] {
        assert!(
            fen(fen_text).is_insufficient_material(),
            "{what}: {fen_text}"
        );
    }
    for (fen_text, what) in [
        (
            "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1",
            "KB vs KB, opposite colours",
        ),
        ("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1", "KNNvK"),
        ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", "KN vs KN"),
        ("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1", "KB vs KN"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "KPvK"),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "KRvK"),
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "KQvK"),
        (
            "4k3/8/8/8/8/8/8/4KBB1 w - - 0 1",
            "KBB v K, bishops on both colours",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "start",
        ),
    ] {
        assert!(
            !fen(fen_text).is_insufficient_material(),
            "{what}: {fen_text}"
        );
    }
}

#[test]
fn fifty_move_rule() {
    let at = |clock: u32| fen(&format!("4k3/8/8/8/8/8/8/4K2R w - - {clock} 80"));
    assert!(!at(0).is_fifty_move_rule());
    assert!(!at(99).is_fifty_move_rule());
    assert!(at(100).is_fifty_move_rule());
    assert!(at(150).is_fifty_move_rule());
    // A quiet move at 99 reaches 100; a pawn move or capture resets the clock.
    let pos = at(99);
    let quiet = pos.find_move(Square::H1, Square::H2, None).unwrap();
    assert_eq!(pos.play(quiet).halfmove_clock(), 100);
    assert!(pos.play(quiet).is_fifty_move_rule());
    // Checkmate on the hundredth half-move stands.
    let mated = fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 100 3");
    assert!(mated.is_checkmate());
    assert!(!mated.is_fifty_move_rule());
}

#[test]
fn threefold_repetition_by_knight_shuffle() {
    let mut pos = Position::startpos();
    let mut history: Vec<u64> = Vec::new();
    let shuffle = [
        (Square::G1, Square::F3),
        (Square::G8, Square::F6),
        (Square::F3, Square::G1),
        (Square::F6, Square::G8),
    ];
    let mut counts = Vec::new();
    for round in 0..2 {
        for (i, &(from, to)) in shuffle.iter().enumerate() {
            let mv = pos
                .find_move(from, to, None)
                .unwrap_or_else(|| panic!("round {round} move {i}"));
            history.push(pos.key());
            pos = pos.play(mv);
            counts.push(pos.repetitions(&history));
        }
    }
    assert_eq!(pos.key(), Position::startpos().key());
    // Back at the start after four plies (second occurrence) and after eight
    // (third occurrence); the knights-out positions recur once.
    assert_eq!(counts, [0, 0, 0, 1, 1, 1, 1, 2]);
    assert!(pos.is_threefold_repetition(&history));
    assert!(!pos.is_threefold_repetition(&history[..4]));

    // A pawn move resets the clock, so earlier positions no longer count.
    let e4 = pos.find_move(Square::E2, Square::E4, None).unwrap();
    history.push(pos.key());
    let pos = pos.play(e4);
    assert_eq!(pos.repetitions(&history), 0);
}

#[test]
fn checkmate_and_stalemate() {
    let mated = fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(mated.is_check() && mated.is_checkmate() && !mated.is_stalemate());
    assert!(mated.legal_moves().is_empty());

    let back_rank = fen("3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert!(back_rank.is_checkmate());

    let stalemate = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!stalemate.is_check() && stalemate.is_stalemate() && !stalemate.is_checkmate());
    assert!(stalemate.legal_moves().is_empty());

    let cornered = fen("k7/P7/1K6/8/8/8/8/8 b - - 0 1");
    assert!(cornered.is_stalemate());

    let check_not_mate = fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert!(!check_not_mate.is_check());
    let check_not_mate = fen("4k3/8/8/8/8/8/8/4RK2 b - - 0 1");
    assert!(check_not_mate.is_check() && !check_not_mate.is_checkmate());
    assert!(!Position::startpos().is_checkmate() && !Position::startpos().is_stalemate());
}

// ---------------------------------------------------------------------------
// Every invariant on chosen and on data-file positions, one ply deep
// ---------------------------------------------------------------------------

/// Checks `pos` and every position one legal move away.
fn check_with_children(pos: &Position) {
    check_position(pos, pos.key() as u16);
    for (i, &mv) in pos.legal_moves().iter().enumerate() {
        check_position(&pos.play(mv), i as u16);
    }
}

/// `is_legal` for every one of the 65536 move encodings agrees with the list.
fn check_is_legal_exhaustively(pos: &Position) {
    let mut legal = vec![false; 1 << 16];
    for mv in pos.legal_moves().iter() {
        legal[mv.to_bits() as usize] = true;
    }
    for bits in 0..=u16::MAX {
        let mv = Move::from_bits(bits);
        assert_eq!(
            pos.is_legal(mv),
            legal[bits as usize],
            "is_legal({mv:?}) in {}",
            to_fen(pos)
        );
    }
}

#[test]
fn is_legal_is_exact_for_every_encoding() {
    for pos in start_positions().iter().step_by(8) {
        check_is_legal_exhaustively(pos);
    }
    for fen_text in TRICKY {
        check_is_legal_exhaustively(&fen(fen_text));
    }
}

#[test]
fn tricky_positions_keep_every_invariant() {
    for fen_text in TRICKY {
        check_with_children(&fen(fen_text));
        check_with_children(&fen(fen_text).color_flipped());
    }
}

/// Positions chosen for the rules they exercise.
const TRICKY: [&str; 29] = [
    // En passant that would expose the king along the rank.
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2",
    "8/8/8/r1pP3K/8/8/8/4k3 w - c6 0 2",
    // En passant that removes the checking pawn.
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    // En passant by a diagonally pinned pawn, along and off the pin.
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
    "4k3/8/8/2bPp3/8/8/8/6K1 w - e6 0 2",
    "4k3/8/8/3Pp3/8/8/8/b5K1 w - e6 0 2",
    // En passant that discovers check on a diagonal, a file and a rank.
    "4k3/8/1b6/8/3Pp3/8/8/6K1 b - d3 0 1",
    "4r1k1/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
    "6k1/8/8/8/r2Pp2K/8/8/8 b - d3 0 1",
    // Castling: through an attacked square, with the rook or b1 attacked,
    // out of check, and giving check.
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/Rq2K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1",
    "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
    "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
    // Promotions with captures, checks and discovered checks.
    "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
    "3k4/1P6/8/8/8/8/8/B3K3 w - - 0 1",
    "r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 1",
    // Check with a pinned blocker, double checks, pins on a diagonal and a
    // file, the king stepping back along a checking ray.
    "4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1",
    "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1",
    "4k3/8/8/1b6/8/3R4/4K3/8 w - - 0 1",
    "4k3/4r3/8/8/4N3/8/4K3/8 w - - 0 1",
    "8/8/8/8/k2r4/8/8/3K4 w - - 0 1",
    "4k3/8/8/8/8/8/8/q3K2r w - - 0 1",
    // Many moves.
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    "3Q4/1Q4Q1/4Q3/2Q4R/Q4Q2/3Q4/1Q4Rp/1K1BBNNk w - - 0 1",
];

#[test]
fn epd_positions_keep_every_invariant() {
    for file in ["wac.epd", "bk.epd", "sts.epd"] {
        let path = format!("{}/../../data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            let pos = fen(&fields.join(" "));
            check_with_children(&pos);
            check_position(&pos.color_flipped(), 0);
        }
    }
}

/// Make/unmake in place restores every field and the key, along random games
/// from every suite position.
#[test]
fn unmake_restores_exactly() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/perft.epd"))
            .unwrap();
    for line in text.lines() {
        let fen = line.split(';').next().unwrap().trim();
        let mut pos = parse_fen(fen).unwrap();
        let mut played = Vec::new();
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Every move of this position: make then unmake gives it back.
            for &mv in moves.iter() {
                let before = pos;
                let undo = pos.make_move_undoable(mv);
                assert_eq!(
                    pos,
                    before.play(mv),
                    "make in place differs from copy-make: {mv}"
                );
                pos.unmake_move(mv, undo);
                assert_eq!(pos, before, "unmake of {mv} from {fen}");
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            let undo = pos.make_move_undoable(mv);
            played.push((pos, mv, undo));
        }
        // Take the whole game back, checking each position on the way.
        while let Some((after, mv, undo)) = played.pop() {
            assert_eq!(pos, after);
            pos.unmake_move(mv, undo);
        }
        assert_eq!(pos, parse_fen(fen).unwrap());
    }
}
