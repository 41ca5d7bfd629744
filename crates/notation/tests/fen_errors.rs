//! FEN parsing rejects malformed text and illegal positions with the precise
//! error, never panics on any input, and round-trips every position of the
//! shared data files.

use outpost_board::{BoardError, CastlingSide, Color, Position, Square};
use outpost_notation::{parse_fen, parse_setup, to_fen, FenError, STARTPOS_FEN};
use proptest::prelude::*;
use std::sync::OnceLock;

const BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

fn data_path(file: &str) -> String {
    format!("{}/../../data/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn read_data(file: &str) -> String {
    let path = data_path(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// The error `fen` is rejected with (failing if it is accepted).
fn error_of(fen: &str) -> FenError {
    match parse_fen(fen) {
        Ok(pos) => panic!("`{fen}` was accepted as `{}`", to_fen(&pos)),
        Err(e) => {
            // Every error has a message, and it follows the house style.
            let message = e.to_string();
            assert!(!message.is_empty() && !message.ends_with('.'), "{message}");
            e
        }
    }
}

fn field_count(found: usize) -> FenError {
    FenError::FieldCount { found }
}

fn side(field: &str) -> FenError {
    FenError::SideToMove {
        field: field.to_string(),
    }
}

fn castling(field: &str) -> FenError {
    FenError::Castling {
        field: field.to_string(),
    }
}

fn en_passant(field: &str) -> FenError {
    FenError::EnPassant {
        field: field.to_string(),
    }
}

fn halfmove(field: &str) -> FenError {
    FenError::HalfmoveClock {
        field: field.to_string(),
    }
}

fn fullmove(field: &str) -> FenError {
    FenError::FullmoveNumber {
        field: field.to_string(),
    }
}

fn illegal(e: BoardError) -> FenError {
    FenError::IllegalPosition(e)
}

/// Errors fully determined by the input: compared whole.
#[test]
fn malformed_fields_give_the_exact_error() {
    let b = BOARD;
    let cases: Vec<(String, FenError)> = vec![
        // Field counts.
        (String::new(), field_count(0)),
        ("  \t\n ".into(), field_count(0)),
        (b.into(), field_count(1)),
        (format!("{b} w"), field_count(2)),
        (format!("{b} w KQkq"), field_count(3)),
        (format!("{b} w KQkq - 0"), field_count(5)),
        (format!("{b} w KQkq - 0 1 extra"), field_count(7)),
        (format!("{b} w KQkq - 0 1 ; bm e4"), field_count(9)),
        // Rank counts.
        (
            "8/8/8/8/8/8/8 w - - 0 1".into(),
            FenError::RankCount { found: 7 },
        ),
        (
            "8/8/8/8/8/8/8/8/8 w - - 0 1".into(),
            FenError::RankCount { found: 9 },
        ),
        (
            format!("{b}/ w KQkq - 0 1"),
            FenError::RankCount { found: 9 },
        ),
        ("8 w - - 0 1".into(), FenError::RankCount { found: 1 }),
        // Side to move.
        (format!("{b} x KQkq - 0 1"), side("x")),
        (format!("{b} W KQkq - 0 1"), side("W")),
        (format!("{b} white KQkq - 0 1"), side("white")),
        (format!("{b} - KQkq - 0 1"), side("-")),
        // Castling.
        (format!("{b} w QK - 0 1"), castling("QK")),
        (format!("{b} w kqKQ - 0 1"), castling("kqKQ")),
        (format!("{b} w KK - 0 1"), castling("KK")),
        (format!("{b} w KQkqq - 0 1"), castling("KQkqq")),
        (format!("{b} w I - 0 1"), castling("I")),
        (format!("{b} w E - 0 1"), castling("E")),
        (format!("{b} w KQkx - 0 1"), castling("KQkx")),
        (format!("{b} w -- - 0 1"), castling("--")),
        (format!("{b} w -K - 0 1"), castling("-K")),
        (format!("{b} w K- - 0 1"), castling("K-")),
        (format!("{b} w 0 - 0 1"), castling("0")),
        // En passant, malformed or on a rank no double push skips.
        (format!("{b} w KQkq e4 0 1"), en_passant("e4")),
        (format!("{b} b KQkq e5 0 1"), en_passant("e5")),
        (format!("{b} w KQkq e9 0 1"), en_passant("e9")),
        (format!("{b} w KQkq i6 0 1"), en_passant("i6")),
        (format!("{b} w KQkq e 0 1"), en_passant("e")),
        (format!("{b} w KQkq e66 0 1"), en_passant("e66")),
        (format!("{b} w KQkq E6 0 1"), en_passant("E6")),
        (format!("{b} w KQkq 66 0 1"), en_passant("66")),
        (format!("{b} w KQkq -- 0 1"), en_passant("--")),
        // Halfmove clock.
        (format!("{b} w KQkq - -1 1"), halfmove("-1")),
        (format!("{b} w KQkq - x 1"), halfmove("x")),
        (format!("{b} w KQkq - 1.5 1"), halfmove("1.5")),
        (format!("{b} w KQkq - +1 1"), halfmove("+1")),
        (format!("{b} w KQkq - 1e3 1"), halfmove("1e3")),
        (format!("{b} w KQkq - 4294967296 1"), halfmove("4294967296")),
        (format!("{b} w KQkq - - 1"), halfmove("-")),
        // Fullmove number.
        (format!("{b} w KQkq - 0 0"), fullmove("0")),
        (format!("{b} w KQkq - 0 00"), fullmove("00")),
        (format!("{b} w KQkq - 0 -1"), fullmove("-1")),
        (format!("{b} w KQkq - 0 -0"), fullmove("-0")),
        (format!("{b} w KQkq - 0 abc"), fullmove("abc")),
        (format!("{b} w KQkq - 0 1x"), fullmove("1x")),
        (
            format!("{b} w KQkq - 0 99999999999"),
            fullmove("99999999999"),
        ),
    ];
    for (fen, expected) in &cases {
        assert_eq!(&error_of(fen), expected, "`{fen}`");
        // These are all syntax errors, found before legality is considered.
        assert_eq!(parse_setup(fen).as_ref(), Err(expected), "`{fen}`");
    }
}

/// A malformed rank names its number (8 for the first written), its text and the problem.
#[test]
fn malformed_ranks_give_the_rank_and_reason() {
    let cases = [
        (
            "rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            8,
            "rnbqkbnrp",
            "more than 8",
        ),
        ("4k4/8/8/8/8/8/8/4K3", 8, "4k4", "more than 8"),
        ("8/8/8/8/8/8/8/4K3p", 1, "4K3p", "more than 8"),
        ("8/8/8/8/8/8/8/R3K3R", 1, "R3K3R", "more than 8"),
        (
            "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            8,
            "rnbqkbn",
            "fewer than 8",
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR",
            6,
            "7",
            "fewer than 8",
        ),
        ("rnbqkbnr//8/8/8/8/PPPPPPPP/RNBQKBNR", 7, "", "fewer than 8"),
        (
            "rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            8,
            "rnbqkbnx",
            "unknown character",
        ),
        (
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            7,
            "ppppXppp",
            "unknown character",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN♜",
            1,
            "RNBQKBN♜",
            "unknown character",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK.NR",
            1,
            "RNBQK.NR",
            "unknown character",
        ),
        (
            "0rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            8,
            "0rnbqkbnr",
            "1 to 8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0",
            1,
            "RNBQKBN0",
            "1 to 8",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR",
            6,
            "9",
            "1 to 8",
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR",
            6,
            "44",
            "in a row",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB11",
            1,
            "RNBQKB11",
            "in a row",
        ),
    ];
    for (board, rank, text, reason_has) in cases {
        let fen = format!("{board} w KQkq - 0 1");
        match error_of(&fen) {
            FenError::Rank {
                rank: r,
                text: t,
                reason,
            } if r == rank && t == text => {
                assert!(reason.contains(reason_has), "`{fen}`: reason `{reason}`");
            }
            e => panic!("`{fen}`: expected rank {rank} `{text}` ({reason_has}), got {e:?}"),
        }
        assert!(parse_setup(&fen).is_err());
    }
}

/// Well-formed FENs of positions that cannot occur give the rule they break.
#[test]
fn illegal_positions_give_the_broken_rule() {
    use BoardError::*;
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            MissingKing {
                color: Color::White,
            },
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            MissingKing {
                color: Color::Black,
            },
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            MissingKing {
                color: Color::White,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            TooManyKings {
                color: Color::White,
                count: 2,
            },
        ),
        (
            "3kkk2/8/8/8/8/8/8/4K3 w - - 0 1",
            TooManyKings {
                color: Color::Black,
                count: 3,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            PawnOnBackRank { square: Square::A1 },
        ),
        (
            "4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
            PawnOnBackRank { square: Square::H8 },
        ),
        (
            "4kP2/8/8/8/8/8/8/4K3 b - - 0 1",
            PawnOnBackRank { square: Square::F8 },
        ),
        (
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            OpponentInCheck {
                color: Color::Black,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4r1K1 b - - 0 1",
            OpponentInCheck {
                color: Color::White,
            },
        ),
        (
            "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3",
            OpponentInCheck {
                color: Color::Black,
            },
        ),
        (
            "4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1",
            TooManyCheckers { count: 3 },
        ),
        (
            "r3k3/8/8/8/8/8/8/4K3 w k - 0 1",
            BadCastlingRight {
                color: Color::Black,
                side: CastlingSide::King,
            },
        ),
        (
            "r6r/4k3/8/8/8/8/8/4K3 w q - 0 1",
            BadCastlingRight {
                color: Color::Black,
                side: CastlingSide::Queen,
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
            BadCastlingRight {
                color: Color::White,
                side: CastlingSide::Queen,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K2n w K - 0 1",
            BadCastlingRight {
                color: Color::White,
                side: CastlingSide::King,
            },
        ),
        (
            "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
            BadCastlingRight {
                color: Color::White,
                side: CastlingSide::King,
            },
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(error_of(fen), illegal(expected.clone()), "`{fen}`");
        // The parts are well formed: only the position check rejects them.
        let setup = parse_setup(fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"));
        assert_eq!(Position::from_setup(&setup), Err(expected), "`{fen}`");
    }
}

/// En-passant squares on the right ranks that no double push can have produced.
#[test]
fn inconsistent_en_passant_squares_are_illegal() {
    let cases = [
        // The sixth-rank square belongs to White's turn, the third to Black's.
        (format!("{BOARD} w KQkq e3 0 1"), Square::E3),
        (format!("{BOARD} b KQkq e6 0 1"), Square::E6),
        // No pawn stands in front of it.
        (format!("{BOARD} b KQkq e3 0 1"), Square::E3),
        (
            "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/R1BQKBNR b KQkq e3 0 1".to_string(),
            Square::E3,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4p3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".to_string(),
            Square::E3,
        ),
        // The skipped square is occupied.
        (
            "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/R1BQKBNR b KQkq e3 0 1".to_string(),
            Square::E3,
        ),
        // The pawn's origin is occupied.
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1".to_string(),
            Square::E3,
        ),
        (
            "rnbqkbnr/pppp1ppp/4p3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2".to_string(),
            Square::E6,
        ),
    ];
    for (fen, square) in &cases {
        match error_of(fen) {
            FenError::IllegalPosition(BoardError::BadEnPassant { square: s, reason })
                if s == *square =>
            {
                assert!(!reason.is_empty());
            }
            e => panic!("`{fen}`: expected a bad en-passant square {square}, got {e:?}"),
        }
        assert!(parse_setup(fen).is_ok(), "`{fen}`");
    }
    // And the consistent ones are accepted.
    for fen in [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    ] {
        assert_eq!(to_fen(&parse_fen(fen).unwrap()), fen);
    }
}

#[test]
fn accepted_variants() {
    let start = parse_fen(STARTPOS_FEN).unwrap();
    // Four fields default the clocks; any whitespace separates fields.
    assert_eq!(parse_fen(&format!("{BOARD} w KQkq -")), Ok(start));
    assert_eq!(parse_fen(&format!("  {BOARD}\tw  KQkq -\n0 1 ")), Ok(start));
    let pos = parse_fen(&format!("{BOARD} w KQkq - 12 34")).unwrap();
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (12, 34));
    assert_eq!(to_fen(&pos), format!("{BOARD} w KQkq - 12 34"));
    // The largest 32-bit clocks are well formed; the position may refuse
    // them as out of range, but only as an illegal position.
    let huge = format!("{BOARD} w - - 4294967295 4294967295");
    let setup = parse_setup(&huge).unwrap();
    assert_eq!(
        (setup.halfmove_clock, setup.fullmove_number),
        (u32::MAX, u32::MAX)
    );
    match parse_fen(&huge) {
        Ok(pos) => assert_eq!(pos.halfmove_clock(), u32::MAX),
        Err(e) => assert!(matches!(e, FenError::IllegalPosition(_)), "{e:?}"),
    }
    // Leading zeros are plain decimal.
    let pos = parse_fen(&format!("{BOARD} w KQkq - 007 010")).unwrap();
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (7, 10));
    // Subsets of the castling rights in order.
    for rights in ["K", "Q", "k", "q", "Kq", "Qk", "KQk", "Qkq", "-"] {
        let fen = format!("{BOARD} w {rights} - 0 1");
        assert_eq!(to_fen(&parse_fen(&fen).unwrap()), fen);
    }
}

// ---------------------------------------------------------------------------
// Round trips over the shared data
// ---------------------------------------------------------------------------

/// Every FEN of the data files, completed to six fields.
fn data_fens() -> &'static [String] {
    static FENS: OnceLock<Vec<String>> = OnceLock::new();
    FENS.get_or_init(|| {
        let mut fens: Vec<String> = read_data("perft.epd")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split(';').next().unwrap().trim().to_string())
            .collect();
        for file in ["wac.epd", "bk.epd", "sts.epd"] {
            fens.extend(
                read_data(file)
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(|l| {
                        let four: Vec<&str> = l.split_whitespace().take(4).collect();
                        format!("{} 0 1", four.join(" "))
                    }),
            );
        }
        fens
    })
}

#[test]
fn every_data_file_position_round_trips() {
    let fens = data_fens();
    assert_eq!(fens.len(), 287 + 300 + 24 + 1500);
    let mut failures = Vec::new();
    for fen in fens {
        match parse_fen(fen) {
            Ok(pos) => {
                let out = to_fen(&pos);
                if &out != fen {
                    failures.push(format!("`{fen}` came back as `{out}`"));
                } else if parse_fen(&out).as_ref() != Ok(&pos) {
                    failures.push(format!("`{fen}` reparsed differently"));
                }
                let four: Vec<&str> = fen.split_whitespace().take(4).collect();
                if parse_fen(&four.join(" ")).map(|p| p.key()) != Ok(pos.key()) {
                    failures.push(format!("`{fen}` without clocks has another key"));
                }
            }
            Err(e) => failures.push(format!("`{fen}`: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------
// No input panics
// ---------------------------------------------------------------------------

/// Parses `text`; if accepted, its FEN must round-trip exactly.
fn parse_never_panics(text: &str) {
    let setup = parse_setup(text);
    match parse_fen(text) {
        Ok(pos) => {
            let fen = to_fen(&pos);
            let again = parse_fen(&fen).unwrap_or_else(|e| panic!("`{text}` → `{fen}`: {e}"));
            assert_eq!(again, pos, "`{text}` → `{fen}`");
            assert_eq!(to_fen(&again), fen);
            assert!(setup.is_ok());
            for &mv in pos.legal_moves().iter() {
                let next = pos.play(mv);
                assert_eq!(next.key(), next.compute_key());
            }
        }
        Err(FenError::IllegalPosition(e)) => {
            let setup = setup.unwrap_or_else(|s| panic!("`{text}`: setup error {s} but {e}"));
            assert_eq!(Position::from_setup(&setup), Err(e));
        }
        Err(e) => assert_eq!(setup, Err(e)),
    }
}

/// One edit of a FEN: replace, delete or insert a character at a position.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, char),
    Delete(usize),
    Insert(usize, char),
}

/// Characters that mostly keep a FEN well formed, with some that do not.
fn fen_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::sample::select(
            "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh036".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), fen_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), fen_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
    ]
}

fn apply(fen: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    for e in edits {
        match *e {
            Edit::Replace(i, c) if !chars.is_empty() => {
                let n = chars.len();
                chars[i % n] = c;
            }
            Edit::Delete(i) if !chars.is_empty() => {
                let n = chars.len();
                chars.remove(i % n);
            }
            Edit::Insert(i, c) => {
                let n = chars.len() + 1;
                chars.insert(i % n, c);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        parse_never_panics(&text);
    }

    #[test]
    fn fen_alphabet_strings_never_panic(
        text in "[pnbrqkPNBRQK0-9/ wb\\-a-h]{0,90}",
    ) {
        parse_never_panics(&text);
    }

    #[test]
    fn mutated_fens_never_panic(
        index in 0..data_fens().len(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let fen = apply(&data_fens()[index], &edits);
        parse_never_panics(&fen);
    }
}

/// The largest value `fen_with(value)` is accepted with, searching the u32
/// range (acceptance is assumed monotone: small clocks are always fine).
fn largest_accepted(fen_with: impl Fn(u32) -> String) -> u32 {
    let accepted = |v: u32| parse_fen(&fen_with(v)).is_ok();
    assert!(accepted(1));
    if accepted(u32::MAX) {
        return u32::MAX;
    }
    let (mut lo, mut hi) = (1u32, u32::MAX); // accepted(lo), !accepted(hi)
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if accepted(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    // Anything larger is refused as an illegal position, not a syntax error.
    let refused = fen_with(hi);
    assert!(
        matches!(error_of(&refused), FenError::IllegalPosition(_)),
        "`{refused}`"
    );
    lo
}

/// Plays every legal move of `fen` and a null move, checking the keys.
fn play_everything(fen: &str) {
    let pos = parse_fen(fen).unwrap();
    for &mv in pos.legal_moves().iter() {
        let next = pos.play(mv);
        assert_eq!(next.key(), next.compute_key(), "{mv}");
        assert_eq!(parse_fen(&to_fen(&next)), Ok(next), "{mv}");
        assert!(next.halfmove_clock() <= pos.halfmove_clock().max(1), "{mv}");
        assert!(next.fullmove_number() >= pos.fullmove_number(), "{mv}");
    }
    let mut null = pos;
    assert!(null.make_null_move());
}

/// Moving on from the largest halfmove clock the parser accepts must not
/// overflow (the library must not panic on input it accepted).
#[test]
fn largest_halfmove_clock_survives_a_move() {
    let fen_with = |v: u32| format!("4k3/8/8/8/8/8/8/4K2R w K - {v} 1");
    play_everything(&fen_with(largest_accepted(fen_with)));
}

/// The same for the fullmove number, which grows after Black's moves.
#[test]
fn largest_fullmove_number_survives_a_black_move() {
    let fen_with = |v: u32| format!("4k2r/8/8/8/8/8/8/4K3 b k - 0 {v}");
    play_everything(&fen_with(largest_accepted(fen_with)));
}
