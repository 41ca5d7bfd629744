//! Malformed and illegal SAN, PGN and EPD: each is rejected with the right
//! error, and no input makes a parser panic.

use outpost_board::Position;
use outpost_notation::{
    parse_epd, parse_fen, parse_san, EpdError, FenError, PgnError, PgnReader, ReadOptions, SanError,
};
use proptest::prelude::*;

/// Which error an input must give.
#[derive(Debug)]
enum Expect {
    Malformed,
    Illegal,
    Ambiguous(usize),
}

fn check_message(e: &dyn std::error::Error) {
    let message = e.to_string();
    assert!(!message.is_empty() && !message.ends_with('.'), "{message}");
    assert!(
        message.starts_with(|c: char| !c.is_uppercase())
            || message.starts_with("PGN")
            || message.starts_with("EPD")
            || message.starts_with("SAN")
            || message.starts_with("FEN"),
        "{message}"
    );
}

#[test]
fn bad_san_gives_the_right_error() {
    let start = Position::startpos();
    let two_knights = parse_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    let three_queens = parse_fen("7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1").unwrap();
    let promo = parse_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let cases: [(&Position, &str, Expect); 26] = [
        (&start, "", Expect::Malformed),
        (&start, "e", Expect::Malformed),
        (&start, "e9", Expect::Malformed),
        (&start, "i4", Expect::Malformed),
        (&start, "Xe4", Expect::Malformed),
        (&start, "Nf3f3f3", Expect::Malformed),
        (&start, "e4=Q", Expect::Malformed),
        (&start, "Ne4=Q", Expect::Malformed),
        (&start, "e8=K", Expect::Malformed),
        (&start, "O-O-O-O", Expect::Malformed),
        (&start, "N", Expect::Malformed),
        (&start, "2e4", Expect::Malformed),
        (&start, "é4", Expect::Malformed),
        (&start, "+", Expect::Malformed),
        (&start, "e3e4", Expect::Illegal),
        (&start, "e5", Expect::Illegal),
        (&start, "Nf4", Expect::Illegal),
        (&start, "O-O", Expect::Illegal),
        (&start, "0-0-0", Expect::Illegal),
        (&start, "Ke2", Expect::Illegal),
        (&start, "exd5", Expect::Illegal),
        (&promo, "b8", Expect::Illegal),
        (&start, "Qd1d3", Expect::Illegal),
        (&two_knights, "Nd2", Expect::Ambiguous(2)),
        (&three_queens, "Qd3", Expect::Ambiguous(3)),
        (&three_queens, "Qcd3", Expect::Ambiguous(2)),
    ];
    for (pos, text, expect) in cases {
        let result = parse_san(pos, text);
        let ok = match (&result, &expect) {
            (Err(SanError::Malformed { text: t }), Expect::Malformed) => t == text,
            (Err(SanError::Illegal { text: t }), Expect::Illegal) => t == text,
            (
                Err(SanError::Ambiguous {
                    text: t,
                    candidates,
                }),
                Expect::Ambiguous(n),
            ) => t == text && candidates == n,
            _ => false,
        };
        assert!(ok, "`{text}`: expected {expect:?}, got {result:?}");
        check_message(&result.unwrap_err());
    }
}

/// The strict reader's error for the first game of `text`: (line, column,
/// part of reason).
fn pgn_error(text: &str) -> (usize, usize, String) {
    let mut reader = PgnReader::with_options(text.as_bytes(), ReadOptions::strict());
    match reader.next().expect("a game") {
        Ok(game) => panic!("`{text}` was accepted: {game:?}"),
        Err(e) => {
            check_message(&e);
            match e {
                PgnError::Syntax {
                    game: 1,
                    line,
                    column,
                    reason,
                } => (line, column, reason),
                other => panic!("`{text}`: expected a PGN error, got {other:?}"),
            }
        }
    }
}

#[test]
fn bad_pgn_gives_position_and_reason() {
    let cases: [(&str, usize, usize, &str); 14] = [
        ("1. e4 e5 2. Ke3 *", 1, 13, "illegal SAN move `Ke3`"),
        ("1. e4 e5 2. Nf9 *", 1, 13, "malformed SAN move `Nf9`"),
        ("[Event \"x\"]\n\n1. e4 (", 3, 8, "never closed"),
        ("1. e4 ) e5 *", 1, 7, "without a matching `(`"),
        ("( 1. e4 *", 1, 1, "variation before any move"),
        ("$1 1. e4 *", 1, 1, "annotation before any move"),
        ("1. e4 $999 *", 1, 7, "bad NAG"),
        ("1. e4 $ *", 1, 7, "bad NAG"),
        ("1. e4 {open\ncomment *", 1, 7, "comment never closed"),
        ("[Event \"x\"\n\n1. e4 *", 1, 11, "not closed"),
        ("[Event x]\n\n1. e4 *", 1, 8, "without a quoted value"),
        ("[ \"x\"]\n\n1. e4 *", 1, 3, "without a name"),
        ("[Event \"x]\n\n1. e4 *", 1, 11, "never closed"),
        (
            "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *",
            3,
            1,
            "bad FEN tag",
        ),
    ];
    for (text, line, column, reason) in cases {
        let (l, c, r) = pgn_error(text);
        assert_eq!((l, c), (line, column), "`{text}`: {r}");
        assert!(r.contains(reason), "`{text}`: `{r}` lacks `{reason}`");
    }
    let more: [(&str, &str); 4] = [
        ("1. e4 e5 (1... d5 1-0) *", "inside a variation"),
        ("1. e4 } *", "unexpected `}`"),
        ("1. e4 e5 2. Bb5 Bb4 3. Bxe8 *", "illegal"),
        ("1. e4 ] *", "unexpected `]`"),
    ];
    for (text, reason) in more {
        let (_, _, r) = pgn_error(text);
        assert!(r.contains(reason), "`{text}`: `{r}` lacks `{reason}`");
    }
    // Game numbers count every game, good or bad.
    let text = "1. e4 *\n\n[A \"b\"]\n1. e5 *\n";
    let errors: Vec<_> = PgnReader::with_options(text.as_bytes(), ReadOptions::strict())
        .filter_map(Result::err)
        .collect();
    assert!(matches!(
        errors[..],
        [PgnError::Syntax {
            game: 2,
            line: 4,
            column: 4,
            ..
        }]
    ));
    // A rejected game whose result is glued to its last move still ends
    // there: the tagless game after it is read on its own, in both modes.
    let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc60-1\n\n1. d4 d5 0-1\n\n[Event \"c\"]\n\n1. c4 1/2-1/2\n";
    let strict: Vec<_> = PgnReader::with_options(text.as_bytes(), ReadOptions::strict()).collect();
    assert_eq!(strict.len(), 3, "{strict:?}");
    assert!(strict[0].is_err());
    let tagless = strict[1].as_ref().unwrap();
    assert_eq!(tagless.moves.moves.len(), 2);
    assert_eq!(strict[2].as_ref().unwrap().moves.moves.len(), 1);
    let lenient: Vec<_> = PgnReader::new(text.as_bytes()).collect();
    assert_eq!(lenient.len(), 3);
    assert!(lenient.iter().all(Result::is_ok), "{lenient:?}");
}

#[test]
fn bad_epd_gives_the_right_error() {
    let pos = "4k3/8/8/8/8/8/4P3/4K3 w - -";
    let field_count = |n| EpdError::FieldCount { found: n };
    assert_eq!(parse_epd(""), Err(field_count(0)));
    assert_eq!(parse_epd("4k3/8/8/8/8/8/4P3/4K3 w -"), Err(field_count(3)));
    assert!(matches!(
        parse_epd("4k3/8/8/8/8/8/4P3/4K3 x - - bm e4;"),
        Err(EpdError::Position(FenError::SideToMove { .. }))
    ));
    assert!(matches!(
        parse_epd("4k3/8/8/8/8/8/8/4K3 w - - bm e4;"),
        Err(EpdError::Operation { .. })
    ));
    let operation_errors: [(&str, &str, &str); 12] = [
        ("bm e5;", "bm", "illegal SAN move `e5`"),
        ("bm;", "bm", "at least one SAN move"),
        ("am Zz9;", "am", "malformed SAN move"),
        ("id;", "id", "exactly one operand"),
        ("id \"a\" \"b\";", "id", "exactly one operand"),
        ("id \"open;", "id", "never closed"),
        ("ce abc;", "ce", "integer"),
        ("acd -1;", "acd", "non-negative"),
        ("D1 x;", "D1", "node count"),
        ("D99999999999 1;", "D99999999999", "fits in 32 bits"),
        ("9x 1;", "9x", "opcode"),
        ("pv e4 e4;", "pv", "illegal SAN move"),
    ];
    for (ops, opcode, reason) in operation_errors {
        match parse_epd(&format!("{pos} {ops}")) {
            Err(e @ EpdError::Operation { .. }) => {
                check_message(&e);
                let EpdError::Operation {
                    opcode: o,
                    reason: r,
                } = e
                else {
                    unreachable!()
                };
                assert_eq!(o, opcode, "{ops}");
                assert!(r.contains(reason), "`{ops}`: `{r}` lacks `{reason}`");
            }
            other => panic!("`{ops}`: expected an operation error, got {other:?}"),
        }
    }
}

/// Found by fuzzing: a vertical tab among the operations once made the
/// EPD reader loop forever. Control characters are now rejected outright,
/// with their column; other Unicode (a no-break space) is text.
#[test]
fn control_characters_in_epd_are_errors() {
    assert_eq!(
        parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - - ce -35;\u{b} acd 12;"),
        Err(EpdError::ControlCharacter {
            code: 0xb,
            column: 36
        })
    );
    assert_eq!(
        parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - - id \"a\u{0}b\";"),
        Err(EpdError::ControlCharacter {
            code: 0,
            column: 34
        })
    );
    let epd = parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - - c0 \"\u{a0}\"; xyz y\u{a0}z;").unwrap();
    assert_eq!(parse_epd(&epd.to_string()).unwrap(), epd);
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,60}") {
        let pos = Position::startpos();
        let _ = parse_san(&pos, &text);
        let _ = parse_epd(&text);
        let _ = PgnReader::new(text.as_bytes()).count();
    }

    #[test]
    fn notation_alphabet_never_panics(text in "[-+#=!?xO0-9a-hNBRQKP;:\"$(){}\\[\\]% \n.*/]{0,80}") {
        let pos = Position::startpos();
        let _ = parse_san(&pos, &text);
        let _ = parse_epd(&format!("4k3/8/8/8/8/8/4P3/4K3 w - - {text}"));
        let _ = PgnReader::new(text.as_bytes()).count();
    }
}
