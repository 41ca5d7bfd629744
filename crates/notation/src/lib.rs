//! Outpost's notation: the text forms of chess positions and moves.
//!
//! FEN parsing is strict and its errors say which field is wrong; long
//! algebraic moves are matched against the legal moves of a position.
//!
//! ```
//! use outpost_notation::{parse_fen, parse_uci_move, to_fen};
//!
//! let pos = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
//! let e4 = parse_uci_move(&pos, "e2e4").unwrap();
//! let after = pos.play(e4);
//! assert_eq!(to_fen(&after), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! assert!(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0").is_err());
//! ```

mod error;
pub mod fen;
pub mod uci_move;

pub use error::NotationError;
pub use fen::{parse_fen, parse_setup, to_fen, STARTPOS_FEN};
pub use uci_move::parse_uci_move;
