//! Lenient reading: each irregularity real PGN and EPD files have is read as
//! the writer meant it, with the warning that reports it; a strict reader
//! rejects it; and what cannot be read without guessing stays an error.

use outpost_board::{Move, Position};
use outpost_notation::pgn::{Control, Visitor};
use outpost_notation::{
    check_pgn, parse_epd, parse_epd_with, parse_fen, CheckOptions, EpdError, GameResult, PgnError,
    PgnGame, PgnReader, ReadOptions, Warning, WarningKind,
};

/// The first game of `text` read leniently, with its warnings.
fn lenient(text: &[u8]) -> (PgnGame, Vec<Warning>) {
    let mut reader = PgnReader::new(text);
    let game = reader
        .next()
        .expect("a game")
        .unwrap_or_else(|e| panic!("{}: {e}", String::from_utf8_lossy(text)));
    (game, reader.warnings().to_vec())
}

fn kinds(warnings: &[Warning]) -> Vec<WarningKind> {
    warnings.iter().map(|w| w.kind).collect()
}

/// The moves of a line in long algebraic notation.
fn ucis(game: &PgnGame) -> Vec<String> {
    game.moves.moves.iter().map(|n| n.mv.to_string()).collect()
}

fn strict_rejects(text: &[u8]) {
    let mut reader = PgnReader::with_options(text, ReadOptions::strict());
    let first = reader.next().expect("a game");
    assert!(
        matches!(first, Err(PgnError::Syntax { .. })),
        "strict reading accepted `{}`: {first:?}",
        String::from_utf8_lossy(text)
    );
}

fn lenient_rejects(text: &[u8], reason: &str) {
    let mut reader = PgnReader::new(text);
    match reader.next().expect("a game") {
        Err(PgnError::Syntax { reason: r, .. }) => assert!(
            r.contains(reason),
            "`{}`: `{r}` lacks `{reason}`",
            String::from_utf8_lossy(text)
        ),
        other => panic!(
            "`{}`: expected an error, got {other:?}",
            String::from_utf8_lossy(text)
        ),
    }
}

#[test]
fn tag_values_with_inner_quotes_or_unterminated() {
    let text = b"[Annotator \"\"Club\"\"]\n[Event \"Open\n[Site \"Town]\n[Round \"3\"\n\n1. e4 *\n";
    let (game, warnings) = lenient(text);
    assert_eq!(game.tags.get("Annotator"), Some("\"Club\""));
    assert_eq!(game.tags.get("Event"), Some("Open"));
    assert_eq!(game.tags.get("Site"), Some("Town"));
    assert_eq!(game.tags.get("Round"), Some("3"));
    assert_eq!(
        kinds(&warnings),
        [
            WarningKind::TagQuotes,
            WarningKind::UnterminatedTag,
            WarningKind::UnterminatedTag,
            WarningKind::UnterminatedTag
        ]
    );
    assert_eq!((warnings[0].line, warnings[0].column), (1, 1));
    assert_eq!(warnings[0].text, "[Annotator \"\"Club\"\"]");
    assert_eq!((warnings[2].line, warnings[2].column), (3, 1));
    for tag in [
        &b"[Annotator \"\"Club\"\"]\n\n1. e4 *"[..],
        b"[Event \"Open\n\n1. e4 *",
        b"[Round \"3\"\n\n1. e4 *",
    ] {
        strict_rejects(tag);
    }
    // What is not a tag value at all stays an error.
    lenient_rejects(b"[Event Open]\n\n1. e4 *", "without a quoted value");
    lenient_rejects(b"[ \"x\"]\n\n1. e4 *", "without a name");
    lenient_rejects(b"[Event \"x\" y]\n\n1. e4 *", "not closed");
}

#[test]
fn duplicate_tags_keep_both_and_the_last_wins() {
    let text = b"[Site \"a\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n[Site \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n";
    for options in [ReadOptions::lenient(), ReadOptions::strict()] {
        let mut reader = PgnReader::with_options(&text[..], options);
        let game = reader.next().unwrap().unwrap();
        assert_eq!(game.tags.get("Site"), Some("b"));
        assert_eq!(game.tags.get_all("Site").collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(
            game.start,
            parse_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap()
        );
        assert_eq!(
            kinds(reader.warnings()),
            [WarningKind::DuplicateTag, WarningKind::DuplicateTag]
        );
        assert_eq!(reader.warnings()[0].line, 3);
    }
}

#[test]
fn results_written_short_or_glued() {
    let (game, warnings) = lenient(b"1. e4 e5 2. Nf3 Nf6 1/2\n");
    assert_eq!(game.result, GameResult::Draw);
    assert_eq!(game.moves.moves.len(), 4);
    assert_eq!(kinds(&warnings), [WarningKind::ResultShorthand]);
    assert_eq!(warnings[0].column, 21);

    let (game, warnings) = lenient(b"1. f3 e5 2. g4 Qh4#0-1\n");
    assert_eq!(ucis(&game), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(game.result, GameResult::BlackWins);
    assert_eq!(kinds(&warnings), [WarningKind::ResultGlued]);
    assert_eq!(warnings[0].text, "Qh4#0-1");

    let (game, warnings) = lenient(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7!1-0 1. d4 *");
    assert_eq!(game.moves.moves[6].nags[..], [1]);
    assert_eq!(game.result, GameResult::WhiteWins);
    assert_eq!(kinds(&warnings), [WarningKind::ResultGlued]);

    for text in [&b"1. e4 e5 1/2"[..], b"1. f3 e5 2. g4 Qh4#0-1"] {
        strict_rejects(text);
    }
    // A glued suffix before a move that is not legal is no result: still an
    // error, naming the move.
    lenient_rejects(b"1. e4 e5 2. Qh70-1", "illegal SAN move `Qh7`");
}

#[test]
fn move_number_dots_detached_or_doubled() {
    let (game, warnings) = lenient(b"1. e4 e5 2. Nf3 2 ..Nc6 3 ... Bb5 3. ...a6 4.Ba4 *");
    assert_eq!(
        ucis(&game),
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4"]
    );
    assert_eq!(
        kinds(&warnings),
        [
            WarningKind::MoveNumberDots,
            WarningKind::MoveNumberDots,
            WarningKind::MoveNumberDots
        ]
    );
    assert_eq!(warnings[0].text, "..Nc6");
    assert_eq!(warnings[2].column, 38);
    for text in [
        &b"1. e4 1 ..e5 *"[..],
        b"1. e4 1 ... e5 *",
        b"1. e4 1. ...e5 *",
    ] {
        strict_rejects(text);
    }
}

#[test]
fn stray_punctuation_after_moves_and_nags() {
    let (game, warnings) = lenient(b"1. e4 $5. e5 2. Qh5. + Nc6 *");
    assert_eq!(ucis(&game), ["e2e4", "e7e5", "d1h5", "b8c6"]);
    assert_eq!(game.moves.moves[0].nags[..], [5]);
    assert_eq!(
        kinds(&warnings),
        [
            WarningKind::StrayPunctuation,
            WarningKind::StrayPunctuation,
            WarningKind::StrayPunctuation
        ]
    );
    assert_eq!(warnings[1].text, "Qh5.");
    for text in [&b"1. e4 $5. e5 *"[..], b"1. Qh5. *", b"1. e4 + *"] {
        strict_rejects(text);
    }
}

#[test]
fn nag_before_a_lines_first_move_goes_to_that_move() {
    let (game, warnings) = lenient(b"1. e4 e5 ($142 1... c5 2. Nf3) 2. Nf3 *");
    let variation = &game.moves.moves[1].variations[0];
    assert_eq!(variation.moves[0].nags[..], [142]);
    assert_eq!(variation.moves.len(), 2);
    assert_eq!(kinds(&warnings), [WarningKind::NagBeforeMove]);
    assert_eq!(warnings[0].text, "$142");
    let (game, _) = lenient(b"$1 1. e4 *");
    assert_eq!(game.moves.moves[0].nags[..], [1]);
    strict_rejects(b"1. e4 e5 ($142 1... c5) *");
}

#[test]
fn stray_closing_brackets_are_skipped() {
    let (game, warnings) = lenient(b"1. e4 } e5 ) 2. Nf3 *");
    assert_eq!(ucis(&game), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(
        kinds(&warnings),
        [WarningKind::UnmatchedClose, WarningKind::UnmatchedClose]
    );
    assert_eq!(
        (warnings[0].column, warnings[1].column),
        (7, 12),
        "{warnings:?}"
    );
    // After the result, a stray bracket still belongs to the game: no
    // empty game follows.
    let text = b"1. e4 e5 1-0 }\n\n[Event \"b\"]\n1. d4 *\n";
    let mut reader = PgnReader::new(&text[..]);
    assert_eq!(ucis(&reader.next().unwrap().unwrap()), ["e2e4", "e7e5"]);
    assert_eq!(kinds(reader.warnings()), [WarningKind::UnmatchedClose]);
    assert_eq!(ucis(&reader.next().unwrap().unwrap()), ["d2d4"]);
    assert!(reader.next().is_none());
    strict_rejects(b"1. e4 } e5 *");
    strict_rejects(b"1. e4 ) e5 *");
}

#[test]
fn en_passant_suffix_null_move_and_long_algebraic() {
    let (game, warnings) = lenient(b"1. e4 Nf6 2. e5 d5 3. exd6ep Z0 4. dxc7 Nc6 5. g1f3 *");
    assert_eq!(
        ucis(&game),
        ["e2e4", "g8f6", "e4e5", "d7d5", "e5d6", "0000", "d6c7", "b8c6", "g1f3"]
    );
    assert!(game.moves.moves[4].mv.is_en_passant());
    assert_eq!(game.moves.moves[5].mv, Move::NULL);
    assert_eq!(
        kinds(&warnings),
        [
            WarningKind::EnPassantSuffix,
            WarningKind::NullMoveZ0,
            WarningKind::LongAlgebraic
        ]
    );
    let (game, warnings) = lenient(b"1. e4 Nf6 2. e5 d5 3. exd6 e.p. Nc6 *");
    assert!(game.moves.moves[4].mv.is_en_passant());
    assert_eq!(game.moves.moves.len(), 6);
    assert_eq!(kinds(&warnings), [WarningKind::EnPassantSuffix]);
    // `e.p.` after a move that is not en passant is not skipped.
    lenient_rejects(b"1. e4 d5 2. exd5 e.p. *", "`e.p`");
    // A suffix on a plain capture would be a different move: an error.
    lenient_rejects(b"1. e4 d5 2. exd5ep *", "exd5ep");
    // The null move is never legal in check.
    lenient_rejects(b"1. e4 f6 2. Qh5+ Z0 *", "Z0");
    // Long algebraic moves must be legal too.
    lenient_rejects(b"1. g1g3 *", "g1g3");
    for text in [
        &b"1. e4 Nf6 2. e5 d5 3. exd6ep *"[..],
        b"1. e4 Z0 *",
        b"1. g1f3 *",
        b"1. e2e4 *",
        b"1. d4 d5 2. c4 e6 3. c4xd5 *",
    ] {
        strict_rejects(text);
    }
}

#[test]
fn pawn_moves_in_long_algebraic_are_flagged() {
    // A pawn named by its square is what an over-disambiguated SAN pawn
    // move would look like; it is long algebraic all the same.
    let (game, warnings) = lenient(b"1. e2e4 e7e5 2. Ng1f3 d7-d6 3. d2d4 e5xd4 4. Nxd4 *");
    assert_eq!(
        ucis(&game)[..6],
        ["e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "e5d4"]
    );
    let flagged: Vec<&str> = warnings
        .iter()
        .filter(|w| w.kind == WarningKind::LongAlgebraic)
        .map(|w| w.text.as_str())
        .collect();
    // `Ng1f3` is SAN (a knight over-disambiguated), not flagged.
    assert_eq!(flagged, ["e2e4", "e7e5", "d7-d6", "d2d4", "e5xd4"]);
}

#[test]
fn bytes_that_are_not_utf8() {
    let (game, warnings) = lenient(b"[White \"Jos\xe9\"]\n\n1. e4\xa0e5 {caf\xe9} *");
    assert_eq!(ucis(&game), ["e2e4", "e7e5"]);
    assert_eq!(game.tags.get("White"), Some("Jos\u{e9}"));
    assert_eq!(game.moves.moves[1].comments[..], ["caf\u{e9}"]);
    assert_eq!(
        kinds(&warnings),
        [
            WarningKind::Encoding,
            WarningKind::Encoding,
            WarningKind::Encoding
        ]
    );
    strict_rejects(b"1. e4\xa0e5 *");
    // A byte inside a move splits it into pieces that are not moves.
    lenient_rejects(b"1. Nf\xe93 *", "Nf");
}

#[test]
fn games_are_never_merged_or_cut_short() {
    let text =
        b"1. e4 e5\n\n[Event \"b\"]\n\n1. d4 *\n\n1. e4 {never closed\n\n[Event \"d\"]\n1. c4 *\n";
    let mut reader = PgnReader::new(&text[..]);
    let first = reader.next().unwrap().unwrap();
    assert_eq!(ucis(&first), ["e2e4", "e7e5"]);
    assert_eq!(kinds(reader.warnings()), [WarningKind::MissingResult]);
    let second = reader.next().unwrap().unwrap();
    assert_eq!(second.tags.get("Event"), Some("b"));
    assert_eq!(ucis(&second), ["d2d4"]);
    let third = reader.next().unwrap().unwrap();
    assert_eq!(third.moves.moves[0].comments[..], ["never closed"]);
    assert_eq!(
        kinds(reader.warnings()),
        [WarningKind::UnclosedComment, WarningKind::MissingResult]
    );
    let fourth = reader.next().unwrap().unwrap();
    assert_eq!(fourth.tags.get("Event"), Some("d"));
    assert!(reader.next().is_none());
    // Without a blank line before it, a line that looks like a tag pair is
    // comment text, as a writer wrapping a long comment may leave it.
    let (game, warnings) = lenient(b"1. e4 {a long remark\n[Event \"x\"] goes on} e5 *\n");
    assert_eq!(
        game.moves.moves[0].comments[..],
        ["a long remark [Event \"x\"] goes on"]
    );
    assert_eq!(ucis(&game), ["e2e4", "e7e5"]);
    assert!(warnings.is_empty());
    // A bad game is an error, not a shorter game, and the next one is read.
    let text = b"1. e4 e5 2. Qh6 Nc6 *\n1. d4 *\n";
    let results: Vec<_> = PgnReader::new(&text[..]).collect();
    assert!(matches!(&results[0], Err(PgnError::Syntax { reason, .. }) if reason.contains("Qh6")));
    assert_eq!(ucis(results[1].as_ref().unwrap()), ["d2d4"]);
}

#[test]
fn what_cannot_be_read_stays_an_error() {
    for (text, reason) in [
        (&b"1. e4 e5 2. Qh6 *"[..], "illegal SAN move `Qh6`"),
        (b"1. e4 Nf9 *", "malformed SAN move `Nf9`"),
        (b"1. e4 e5 2. Nf3xx *", "Nf3xx"),
        (b"1. e4 (1. d4 *", "inside a variation"),
        (b"1. e4 (1. d4", "never closed"),
        (b"( 1. e4 *", "variation before any move"),
        (b"1. e4 $999 *", "bad NAG"),
        (b"1. e4 ] *", "unexpected `]`"),
        (
            b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O-O *",
            "O-O-O",
        ),
        // A repairable form naming no legal move is reported as illegal,
        // under the move the writer meant, not as a malformed token.
        (b"1. e4 a6 2. e5 d5 3. axb6ep *", "illegal SAN move `axb6`"),
        (b"1. e4 d5 2. exd5ep *", "illegal SAN move `exd5ep`"),
        (b"1. e4 e5 2. Qg50-1", "illegal SAN move `Qg5`"),
    ] {
        lenient_rejects(text, reason);
    }
}

/// Keeps the first move of each game and skips the rest of it.
struct FirstMove(Option<Move>);

impl Visitor for FirstMove {
    type Output = Option<Move>;

    fn begin_game(&mut self) {
        self.0 = None;
    }

    fn tag(&mut self, name: &str, value: &str) -> Control {
        if name == "Skip" && value == "yes" {
            Control::SkipGame
        } else {
            Control::Continue
        }
    }

    fn move_played(&mut self, _before: &Position, mv: Move, _after: &Position) -> Control {
        self.0 = Some(mv);
        Control::SkipGame
    }

    fn end_game(&mut self) -> Option<Move> {
        self.0
    }
}

#[test]
fn a_visitor_skips_games_cheaply_and_exactly() {
    // Skipped text is not parsed (the illegal `Qh6` goes unnoticed), but
    // its comments, variations and result still delimit the game.
    let text = b"[Skip \"yes\"]\n\n1. e4 e5 2. Qh6 *\n\n1. d4 {a ) comment} (1. e4 1-0) d5 Kd2 1-0\n1. c4 *";
    let mut reader = PgnReader::new(&text[..]);
    let mut visitor = FirstMove(None);
    assert_eq!(reader.read_game(&mut visitor), Some(Ok(None)));
    let second = reader.read_game(&mut visitor).unwrap().unwrap();
    assert_eq!(second.map(|m| m.to_string()), Some("d2d4".to_string()));
    let third = reader.read_game(&mut visitor).unwrap().unwrap();
    assert_eq!(third.map(|m| m.to_string()), Some("c2c4".to_string()));
    assert_eq!(reader.read_game(&mut visitor), None);
}

#[test]
fn epd_irregularities() {
    let pos = "4k3/8/8/8/8/8/4P3/4K3 w - -";
    let (epd, warnings) = parse_epd_with(
        &format!("{pos} - - bm e1d1 e2e4; id=\"33\";"),
        ReadOptions::lenient(),
    )
    .unwrap();
    let best: Vec<String> = epd
        .best_moves()
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(best, ["e1d1", "e2e4"]);
    assert_eq!(epd.id(), Some("33"));
    assert_eq!(
        kinds(&warnings),
        [
            WarningKind::EpdDashClock,
            WarningKind::EpdDashClock,
            WarningKind::LongAlgebraic,
            WarningKind::LongAlgebraic,
            WarningKind::EpdGluedOperand
        ]
    );
    assert_eq!(warnings[2].column, 36);
    assert_eq!(warnings[2].text, "e1d1");
    // A pawn named by its square reads as SAN too, but is flagged.
    assert_eq!(warnings[3].text, "e2e4");
    for line in [
        format!("{pos} - bm e4;"),
        format!("{pos} bm e1d1;"),
        format!("{pos} bm e2e4;"),
        format!("{pos} id=\"33\";"),
    ] {
        assert!(
            parse_epd_with(&line, ReadOptions::strict()).is_err(),
            "{line}"
        );
    }
    // Escaped quotes and backslashes inside strings, in both modes, and
    // written back the same way.
    let line = format!("{pos} c0 \"a \\\"quoted\\\" word, a \\\\ backslash\";");
    for options in [ReadOptions::lenient(), ReadOptions::strict()] {
        let (epd, warnings) = parse_epd_with(&line, options).unwrap();
        assert_eq!(epd.comment(0), Some("a \"quoted\" word, a \\ backslash"));
        assert!(warnings.is_empty());
        assert_eq!(epd.to_string(), line);
    }
    // Free text and control characters are errors in both modes.
    for options in [ReadOptions::lenient(), ReadOptions::strict()] {
        assert!(matches!(
            parse_epd_with(&format!("{pos} bm e4; a fine move;"), options),
            Err(EpdError::Operation { opcode, reason }) if opcode == "a" && reason.contains("`fine move`")
        ));
        assert!(matches!(
            parse_epd_with(&format!("{pos} id \"ab\u{0}\";"), options),
            Err(EpdError::ControlCharacter { code: 0, .. })
        ));
    }
    // An illegal long algebraic move is still illegal.
    assert!(parse_epd(&format!("{pos} bm e1e3;")).is_err());
}

/// A visitor that keeps nothing of a game.
struct Nothing;

impl Visitor for Nothing {
    type Output = ();

    fn end_game(&mut self) {}
}

#[test]
fn comment_encoding_is_checked_when_a_visitor_reads_the_text() {
    let text = b"1. e4 {caf\xe9} e5 ; na\xefve\n*";
    // A visitor that ignores comments never has them checked.
    let mut reader = PgnReader::new(&text[..]);
    assert_eq!(reader.read_game(&mut Nothing), Some(Ok(())));
    assert!(reader.warnings().is_empty());
    // The tree reads every comment's text: each is reported where its text
    // starts, and read as ISO 8859-1.
    let (game, warnings) = lenient(text);
    assert_eq!(
        kinds(&warnings),
        [WarningKind::Encoding, WarningKind::Encoding]
    );
    let places: Vec<(usize, usize)> = warnings.iter().map(|w| (w.line, w.column)).collect();
    assert_eq!(places, [(1, 8), (1, 18)]);
    assert_eq!(game.moves.moves[0].comments[..], ["caf\u{e9}"]);
    assert_eq!(game.moves.moves[1].comments[..], ["na\u{ef}ve"]);
    // So does the file checker.
    let report = check_pgn(&text[..], &CheckOptions::default(), &mut Vec::new(), |_| {}).unwrap();
    assert_eq!(report.warnings[&WarningKind::Encoding], 2);
}
