//! The notation crate's error type.

use outpost_board::BoardError;
use thiserror::Error;

/// Why a piece of chess text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    /// A FEN without the four required fields, or with a number of fields
    /// other than 4 or 6.
    #[error("FEN has {found} fields: expected 6 (board, side, castling, en passant, halfmove, fullmove) or the first 4")]
    FenFieldCount {
        /// How many whitespace-separated fields there were.
        found: usize,
    },
    /// The board field does not have eight ranks separated by `/`.
    #[error("FEN board field has {found} ranks: expected 8 separated by `/`")]
    FenRankCount {
        /// How many ranks there were.
        found: usize,
    },
    /// A rank of the board field is malformed.
    #[error("FEN board field, rank {rank}: {reason} in `{text}`")]
    FenRank {
        /// The rank's number, 8 for the first rank written.
        rank: u8,
        /// The rank's text.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("FEN side-to-move field `{field}`: expected `w` or `b`")]
    FenSideToMove {
        /// The field's text.
        field: String,
    },
    /// The castling field is not `-` or letters of `KQkq` in that order.
    #[error("FEN castling field `{field}`: expected `-` or a subset of `KQkq` in that order")]
    FenCastling {
        /// The field's text.
        field: String,
    },
    /// The en-passant field is not `-` or a square on the third or sixth rank.
    #[error("FEN en-passant field `{field}`: expected `-` or a square on the third or sixth rank")]
    FenEnPassant {
        /// The field's text.
        field: String,
    },
    /// The halfmove clock is not a non-negative integer.
    #[error("FEN halfmove clock `{field}`: expected a non-negative integer")]
    FenHalfmoveClock {
        /// The field's text.
        field: String,
    },
    /// The fullmove number is not a positive integer.
    #[error("FEN fullmove number `{field}`: expected a positive integer")]
    FenFullmoveNumber {
        /// The field's text.
        field: String,
    },
    /// The FEN is well formed but describes an illegal position.
    #[error("FEN describes an illegal position: {0}")]
    IllegalPosition(#[from] BoardError),
    /// A long algebraic move that is not of the form `e2e4`, `e7e8q` or `0000`.
    #[error("malformed move `{text}`: expected long algebraic notation like `e2e4` or `e7e8q`")]
    MalformedUciMove {
        /// The offending text.
        text: String,
    },
    /// A well-formed long algebraic move that is not legal in the position.
    #[error("illegal move `{text}` in this position")]
    IllegalUciMove {
        /// The offending text.
        text: String,
    },
    /// The null move (`0000`, `--`) where a move to play is wanted.
    #[error("the null move `{text}` is not a move to play")]
    NullMove {
        /// The offending text.
        text: String,
    },
    /// Text that is not a SAN move at all (`Nf3`, `exd5`, `e8=Q`, `O-O`, `--`).
    #[error("malformed SAN move `{text}`: expected a move like `Nf3`, `exd5`, `e8=Q` or `O-O`")]
    MalformedSan {
        /// The offending text.
        text: String,
    },
    /// A well-formed SAN move that names no legal move of the position.
    #[error("illegal SAN move `{text}`: no legal move of this position matches it")]
    IllegalSan {
        /// The offending text.
        text: String,
    },
    /// A SAN move that matches more than one legal move.
    #[error("ambiguous SAN move `{text}`: {candidates} legal moves match, expected one")]
    AmbiguousSan {
        /// The offending text.
        text: String,
        /// How many legal moves it matches.
        candidates: usize,
    },
    /// A move given to a [`Game`](crate::Game) that is not legal in its
    /// current position.
    #[error("illegal move `{text}` in the game's current position")]
    IllegalMove {
        /// The move in long algebraic notation.
        text: String,
    },
    /// A PGN game that cannot be read; reading goes on with the next game.
    #[error("PGN game {game}, line {line}, column {column}: {reason}")]
    Pgn {
        /// The game's number in the input, from 1.
        game: usize,
        /// The line of the input, from 1.
        line: usize,
        /// The column (in characters) of the line, from 1.
        column: usize,
        /// What is wrong and what was expected.
        reason: String,
    },
    /// The input of a PGN reader failed (an I/O error, as text).
    #[error("reading PGN input failed: {reason}")]
    PgnIo {
        /// The I/O error's message.
        reason: String,
    },
    /// An EPD line without the four position fields.
    #[error("EPD has {found} position fields: expected 4 (board, side, castling, en passant) before the operations")]
    EpdFieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// An EPD line with a control character (a NUL, an escape...) other
    /// than tab.
    #[error("EPD has control character U+{code:04X} at column {column}: expected printable text")]
    EpdControlCharacter {
        /// The character's code point.
        code: u32,
        /// Its column (in characters) in the line, from 1.
        column: usize,
    },
    /// An EPD operation that cannot be read.
    #[error("EPD operation `{opcode}`: {reason}")]
    EpdOperation {
        /// The operation's opcode (`bm`, `id`, ...), empty if it has none.
        opcode: String,
        /// What is wrong and what was expected.
        reason: String,
    },
}
