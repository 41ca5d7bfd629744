//! Outpost's notation: the text forms of chess positions, moves and games.
//!
//! * [`fen`]: Forsyth–Edwards Notation, strict, with errors naming the field
//!   (from the board crate, re-exported).
//! * [`uci_move`]: long algebraic moves (`e2e4`, `e7e8q`, `e1g1`, `0000`).
//! * [`san`]: Standard Algebraic Notation, written exactly and read leniently.
//! * [`pgn`]: games with tags, comments, NAGs and variations; a streaming
//!   reader with a visitor interface, a file checker and a writer.
//! * [`epd`]: positions with operations (`bm`, `am`, `id`, `c0`…, `D1`…).
//! * [`game`]: a [`Game`] with legality checks, outcome detection and PGN export.
//!
//! The PGN and EPD readers are lenient by default: they read what real
//! files get wrong as the writer meant it and report each repair as a
//! [`Warning`]; [`ReadOptions::strict`] turns the repairs into errors.
//! Each kind of text has its error type (`FenError`, `SanError`, `UciMoveError`, `PgnError`, `EpdError`); each converts into [`NotationError`].
//!
//! ```
//! use outpost_notation::{parse_fen, parse_san, parse_uci_move, to_fen, to_san, Game, PgnReader};
//!
//! let pos = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
//! let e4 = parse_uci_move(&pos, "e2e4").unwrap();
//! assert_eq!(to_san(&pos, e4), "e4");
//! assert_eq!(parse_san(&pos, "e4").unwrap(), e4);
//! let after = pos.play(e4);
//! assert_eq!(to_fen(&after), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//!
//! let pgn = "[Event \"?\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
//! let game = PgnReader::new(pgn.as_bytes()).next().unwrap().unwrap();
//! let game = Game::from_pgn_game(&game).unwrap();
//! assert!(game.outcome().is_some());
//! assert_eq!(game.san_moves().last().unwrap(), "Qxf7#");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
pub mod epd;
mod error;
pub mod game;
pub mod pgn;
mod result;
pub mod san;
pub mod uci_move;
pub mod variation;
mod warning;

pub use epd::{parse_epd, parse_epd_with, to_epd, Epd, Operation};
pub use error::{EpdError, NotationError, PgnError, SanError, UciMoveError};
pub use game::{Game, GameBuilder};
/// FEN lives in the board crate (a [`Position`](outpost_board::Position)
/// parses from and displays as its FEN); re-exported here beside the other
/// text forms.
pub use outpost_board::fen;
pub use outpost_board::fen::{
    parse_fen, parse_setup, to_fen, to_shredder_fen, Fen, FenError, STARTPOS_FEN,
};
pub use pgn::{
    check_pgn, write_pgn, CheckOptions, CheckReport, CommentEval, Comments, Line, MainLine,
    MoveNode, Nags, PgnGame, PgnGameBuilder, PgnReader, PlayedNode, Tags,
};
pub use result::{GameResult, Outcome};
pub use san::{parse_san, to_san, write_san, San};
/// The crate whose vector holds a move's [`Nags`] and [`Comments`].
pub use smallvec;
pub use uci_move::{parse_move_text, parse_uci_move, parse_uci_move_with, to_uci};
pub use variation::{variation_san, PositionText};
pub use warning::{ReadOptions, Warning, WarningKind};
