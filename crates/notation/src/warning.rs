//! How the readers treat irregular text: strict or lenient, and the warnings
//! that report what a lenient reader repaired.
//!
//! Real PGN and EPD files break the standards in a few recurring ways (a
//! result glued to the last move, `1/2` for a draw, move numbers with stray
//! dots, unescaped quotes in tag values, long algebraic moves...). A lenient
//! reader reads each of them as the writer meant and reports it as a
//! [`Warning`]; a strict reader rejects them. Neither ever guesses a move: a
//! token that names no legal move is an error in both modes.

use std::fmt;

/// Whether a reader repairs what it can (lenient, the default) or rejects
/// every departure from the standard (strict).
///
/// ```
/// use outpost_notation::ReadOptions;
///
/// assert!(!ReadOptions::default().strict);
/// assert!(ReadOptions::strict().strict);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Reject the irregularities a lenient reader repairs, with an error
    /// instead of a warning.
    pub strict: bool,
}

impl ReadOptions {
    /// Repair what a human reader would, with a warning for each repair.
    pub const fn lenient() -> ReadOptions {
        ReadOptions { strict: false }
    }

    /// Reject every irregularity with an error.
    pub const fn strict() -> ReadOptions {
        ReadOptions { strict: true }
    }
}

/// What a reader repaired or noticed.
///
/// ```
/// use outpost_notation::{parse_epd_with, ReadOptions, WarningKind};
///
/// let kind = WarningKind::LongAlgebraic;
/// assert_eq!(kind.name(), "long-algebraic");
/// assert_eq!(kind.to_string(), "long-algebraic");
/// assert_eq!(kind.description(), "move in long algebraic notation");
/// assert!(WarningKind::ALL.contains(&kind));
///
/// let line = "4k3/8/8/8/8/8/4P3/4K3 w - - am e1d1;";
/// let (_, warnings) = parse_epd_with(line, ReadOptions::lenient()).unwrap();
/// assert_eq!(warnings[0].kind, WarningKind::LongAlgebraic);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum WarningKind {
    /// A tag value with unescaped quotes inside (`[Annotator ""Club""]`),
    /// read up to the last quote before the `]`.
    TagQuotes,
    /// A tag whose value or `]` is missing at the end of its line, read up
    /// to the end of the line.
    UnterminatedTag,
    /// A tag name seen twice in one game; the last value wins and both stay
    /// in the game's tags (also reported by a strict reader).
    DuplicateTag,
    /// Text that is not UTF-8: comments and tag values are read as
    /// ISO 8859-1 (also reported by a strict reader); in movetext, non-ASCII
    /// bytes between moves separate them like spaces.
    Encoding,
    /// `1/2` read as the draw `1/2-1/2`.
    ResultShorthand,
    /// A result glued to the last move (`Qg20-1`), split from it.
    ResultGlued,
    /// A game that ended (at the end of the input or at the next game's
    /// tags) without a result token (also reported by a strict reader).
    MissingResult,
    /// Move-number dots detached from their number or doubled (`19 ..f6`,
    /// `10 ... Be2`, `23. ...Ba8`), skipped.
    MoveNumberDots,
    /// Punctuation after a move or alone (`Qg5.`, a lone `.` or `+`),
    /// skipped.
    StrayPunctuation,
    /// A NAG before the first move of a line, given to the move after it.
    NagBeforeMove,
    /// A `}` or `)` that closes nothing, skipped.
    UnmatchedClose,
    /// A brace comment never closed before the end of the input, or before
    /// a blank line and a line starting with a tag pair (`[Event "`), closed
    /// there.
    UnclosedComment,
    /// An en-passant suffix (`axb6ep`, `axb6 e.p.`), dropped after checking
    /// that the move is an en-passant capture.
    EnPassantSuffix,
    /// `Z0` read as the null move `--`.
    NullMoveZ0,
    /// A move in long algebraic notation (`g1f3`, `e7e8q`) where SAN was
    /// expected.
    LongAlgebraic,
    /// EPD: `-` in place of the halfmove clock or fullmove number, skipped.
    EpdDashClock,
    /// EPD: an opcode glued to its operand with `=` (`id="33"`).
    EpdGluedOperand,
}

impl WarningKind {
    /// Every kind, in order.
    pub const ALL: [WarningKind; 17] = [
        WarningKind::TagQuotes,
        WarningKind::UnterminatedTag,
        WarningKind::DuplicateTag,
        WarningKind::Encoding,
        WarningKind::ResultShorthand,
        WarningKind::ResultGlued,
        WarningKind::MissingResult,
        WarningKind::MoveNumberDots,
        WarningKind::StrayPunctuation,
        WarningKind::NagBeforeMove,
        WarningKind::UnmatchedClose,
        WarningKind::UnclosedComment,
        WarningKind::EnPassantSuffix,
        WarningKind::NullMoveZ0,
        WarningKind::LongAlgebraic,
        WarningKind::EpdDashClock,
        WarningKind::EpdGluedOperand,
    ];

    /// A short name in kebab case, for reports: `result-glued`.
    pub const fn name(self) -> &'static str {
        match self {
            WarningKind::TagQuotes => "tag-quotes",
            WarningKind::UnterminatedTag => "unterminated-tag",
            WarningKind::DuplicateTag => "duplicate-tag",
            WarningKind::Encoding => "encoding",
            WarningKind::ResultShorthand => "result-shorthand",
            WarningKind::ResultGlued => "result-glued",
            WarningKind::MissingResult => "missing-result",
            WarningKind::MoveNumberDots => "move-number-dots",
            WarningKind::StrayPunctuation => "stray-punctuation",
            WarningKind::NagBeforeMove => "nag-before-move",
            WarningKind::UnmatchedClose => "unmatched-close",
            WarningKind::UnclosedComment => "unclosed-comment",
            WarningKind::EnPassantSuffix => "en-passant-suffix",
            WarningKind::NullMoveZ0 => "null-move-z0",
            WarningKind::LongAlgebraic => "long-algebraic",
            WarningKind::EpdDashClock => "epd-dash-clock",
            WarningKind::EpdGluedOperand => "epd-glued-operand",
        }
    }

    /// What was found and what the reader did, in a few words.
    pub const fn description(self) -> &'static str {
        match self {
            WarningKind::TagQuotes => "unescaped quote in a tag value, read up to the last quote",
            WarningKind::UnterminatedTag => "tag not terminated, read to the end of the line",
            WarningKind::DuplicateTag => "tag repeated, the last value wins",
            WarningKind::Encoding => "text not UTF-8, read as ISO 8859-1",
            WarningKind::ResultShorthand => "`1/2` read as the draw `1/2-1/2`",
            WarningKind::ResultGlued => "result glued to the last move, split",
            WarningKind::MissingResult => "game without a result token",
            WarningKind::MoveNumberDots => "detached or doubled move-number dots, skipped",
            WarningKind::StrayPunctuation => "stray punctuation, skipped",
            WarningKind::NagBeforeMove => {
                "annotation before the first move of a line, moved after it"
            }
            WarningKind::UnmatchedClose => "closing bracket without an opening one, skipped",
            WarningKind::UnclosedComment => "comment never closed, closed at the end of the game",
            WarningKind::EnPassantSuffix => "en-passant suffix, dropped",
            WarningKind::NullMoveZ0 => "`Z0` read as the null move",
            WarningKind::LongAlgebraic => "move in long algebraic notation",
            WarningKind::EpdDashClock => "`-` in place of a clock, skipped",
            WarningKind::EpdGluedOperand => "opcode glued to its operand with `=`, split",
        }
    }
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One repair or notice of a reader: what, where and the text concerned.
///
/// ```
/// use outpost_notation::{GameResult, PgnReader, WarningKind};
///
/// let mut reader = PgnReader::new("1. e4 e5 1/2\n".as_bytes());
/// let game = reader.next().unwrap().unwrap();
/// assert_eq!(game.result, GameResult::Draw);
/// let warning = &reader.warnings()[0];
/// assert_eq!(warning.kind, WarningKind::ResultShorthand);
/// assert_eq!((warning.line, warning.column), (1, 10));
/// assert_eq!(warning.text, "1/2");
/// assert_eq!(
///     warning.to_string(),
///     "line 1, column 10: `1/2` read as the draw `1/2-1/2` in `1/2`"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Warning {
    /// What was found.
    pub kind: WarningKind,
    /// The line of the input, from 1 (1 for a single EPD line).
    pub line: usize,
    /// The column (in characters) of the line, from 1.
    pub column: usize,
    /// The text concerned, as written (invalid UTF-8 replaced).
    pub text: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {} in `{}`",
            self.line,
            self.column,
            self.kind.description(),
            self.text
        )
    }
}
