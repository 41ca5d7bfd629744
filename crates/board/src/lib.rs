//! Outpost's board: squares, bitboards, moves and positions, with legal move
//! generation, copy-make move application, Zobrist hashing, static exchange
//! evaluation, draw rules and perft.
//!
//! ```
//! use outpost_board::{perft, Position, Square};
//!
//! let pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(perft(&pos, 4), 197_281);
//!
//! // Play 1. e4 by finding the legal move from e2 to e4.
//! let e4 = pos.find_move(Square::E2, Square::E4, None).unwrap();
//! let after = pos.play(e4);
//! assert_eq!(after.en_passant(), Some(Square::E3));
//! assert_eq!(after.key(), after.compute_key());
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
pub mod attacks;
mod bitboard;
mod castling;
mod color;
mod draw;
mod error;
pub mod fen;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod see;
#[cfg(feature = "serde")]
pub mod serialize;
mod square;
mod text;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use castling::{CastlingRights, CastlingSide};
pub use color::Color;
pub use error::BoardError;
pub use fen::{parse_fen, parse_setup, to_fen, to_shredder_fen, Fen, FenError, STARTPOS_FEN};
pub use movegen::{MoveList, PieceMoves};
pub use moves::{Move, MoveKind, UciMove};
pub use perft::{divide, divide_text, perft, perft_full};
pub use piece::{Piece, PieceKind};
pub use position::{CheckSquares, Position, Setup, Undo};
pub use see::SEE_VALUES;
pub use square::{File, Rank, Square};
pub use text::ParseNameError;
