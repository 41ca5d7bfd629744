//! The notation crate's errors: one type per kind of text (FEN, SAN, UCI
//! move, PGN, EPD), so a caller can handle each as it needs, and
//! [`NotationError`], which any of them converts into, for callers that
//! read several kinds. Each message names its cause too (an error kept as
//! `source` is also written after a colon), so a one-line report is whole.

use outpost_board::FenError;
use std::io;
use std::sync::Arc;
use thiserror::Error;

/// Why a move in UCI's long algebraic notation was rejected.
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::{parse_uci_move, UciMoveError};
///
/// let pos = Position::startpos();
/// assert!(matches!(parse_uci_move(&pos, "e2"), Err(UciMoveError::Malformed { .. })));
/// assert!(matches!(parse_uci_move(&pos, "e2e5"), Err(UciMoveError::Illegal { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UciMoveError {
    /// Text that is not of the form `e2e4`, `e7e8q` or `0000`.
    #[error("malformed move `{text}`: expected long algebraic notation like `e2e4` or `e7e8q`")]
    Malformed {
        /// The offending text.
        text: String,
    },
    /// A well-formed move that is not legal in the position.
    #[error("illegal move `{text}` in this position")]
    Illegal {
        /// The offending text.
        text: String,
    },
}

/// Why a move in standard algebraic notation (SAN) was rejected.
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::{parse_san, SanError};
///
/// let pos = Position::startpos();
/// assert!(matches!(parse_san(&pos, "Nf4"), Err(SanError::Illegal { .. })));
/// assert!(matches!(parse_san(&pos, "hello"), Err(SanError::Malformed { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SanError {
    /// Text that is not a SAN move at all (`Nf3`, `exd5`, `e8=Q`, `O-O`, `--`).
    #[error("malformed SAN move `{text}`: expected a move like `Nf3`, `exd5`, `e8=Q` or `O-O`")]
    Malformed {
        /// The offending text.
        text: String,
    },
    /// A well-formed SAN move that names no legal move of the position.
    #[error("illegal SAN move `{text}`: no legal move of this position matches it")]
    Illegal {
        /// The offending text.
        text: String,
    },
    /// A SAN move that matches more than one legal move.
    #[error("ambiguous SAN move `{text}`: {candidates} legal moves match, expected one")]
    Ambiguous {
        /// The offending text.
        text: String,
        /// How many legal moves it matches.
        candidates: usize,
    },
}

/// Why a PGN game could not be read. A syntax error skips that game and
/// reading goes on with the next; an I/O error ends the input.
///
/// ```
/// use outpost_notation::{PgnError, PgnGame};
///
/// let err = "1. e4 e5 2. Nf6 *".parse::<PgnGame>().unwrap_err();
/// assert!(matches!(err, PgnError::Syntax { game: 1, line: 1, .. }));
/// ```
#[derive(Clone, Debug, Error)]
pub enum PgnError {
    /// A game that cannot be read, with where and why.
    #[error("PGN game {game}, line {line}, column {column}: {reason}")]
    Syntax {
        /// The game's number in the input, from 1.
        game: usize,
        /// The line of the input, from 1.
        line: usize,
        /// The column (in characters) of the line, from 1.
        column: usize,
        /// What is wrong and what was expected.
        reason: String,
    },
    /// The input failed.
    #[error("reading PGN input failed: {0}")]
    Io(#[source] Arc<io::Error>),
}

impl PartialEq for PgnError {
    /// Syntax errors are equal field by field; I/O errors when their kinds
    /// and messages are.
    fn eq(&self, other: &PgnError) -> bool {
        match (self, other) {
            (
                PgnError::Syntax {
                    game,
                    line,
                    column,
                    reason,
                },
                PgnError::Syntax {
                    game: g,
                    line: l,
                    column: c,
                    reason: r,
                },
            ) => (game, line, column, reason) == (g, l, c, r),
            (PgnError::Io(a), PgnError::Io(b)) => {
                a.kind() == b.kind() && a.to_string() == b.to_string()
            }
            _ => false,
        }
    }
}

impl Eq for PgnError {}

impl From<io::Error> for PgnError {
    fn from(err: io::Error) -> PgnError {
        PgnError::Io(Arc::new(err))
    }
}

/// Why an EPD line was rejected.
///
/// ```
/// use outpost_notation::{parse_epd, EpdError};
///
/// assert_eq!(parse_epd("8/8/8/8 w"), Err(EpdError::FieldCount { found: 2 }));
/// assert!(matches!(parse_epd("8/8 w - - bm Nf3;"), Err(EpdError::Position(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EpdError {
    /// A line without the four position fields.
    #[error("EPD has {found} position fields: expected 4 (board, side, castling, en passant) before the operations")]
    FieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// A line with a control character (a NUL, an escape...) other than tab.
    #[error("EPD has control character U+{code:04X} at column {column}: expected printable text")]
    ControlCharacter {
        /// The character's code point.
        code: u32,
        /// Its column (in characters) in the line, from 1.
        column: usize,
    },
    /// The position fields do not make a position.
    #[error("EPD position fields: {0}")]
    Position(#[source] FenError),
    /// An operation that cannot be read.
    #[error("EPD operation `{opcode}`: {reason}")]
    Operation {
        /// The operation's opcode (`bm`, `id`, ...), empty if it has none.
        opcode: String,
        /// What is wrong and what was expected.
        reason: String,
    },
}

/// Any error of this crate: what reading several kinds of text (a game
/// from PGN, a typed move that may be SAN or UCI) can give.
///
/// ```
/// use outpost_notation::{Game, NotationError, SanError};
///
/// let mut game = Game::new();
/// let err = game.play_san("Ke2").unwrap_err();
/// assert!(matches!(err, NotationError::San(SanError::Illegal { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    /// A FEN.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A move in UCI notation.
    #[error(transparent)]
    UciMove(#[from] UciMoveError),
    /// A move in SAN.
    #[error(transparent)]
    San(#[from] SanError),
    /// A PGN game.
    #[error(transparent)]
    Pgn(#[from] PgnError),
    /// An EPD line.
    #[error(transparent)]
    Epd(#[from] EpdError),
    /// The null move (`0000`, `--`) where a move to play is wanted.
    #[error("the null move `{text}` is not a move to play")]
    NullMove {
        /// The offending text.
        text: String,
    },
    /// A move given to a [`Game`](crate::Game) that is not legal in its
    /// current position.
    #[error("illegal move `{text}` in the game's current position")]
    IllegalMove {
        /// The move in long algebraic notation.
        text: String,
    },
}
