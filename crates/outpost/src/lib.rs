//! Outpost: a chess engine built as a stack of small crates, re-exported here.
//!
//! Each layer is a crate of its own and depends only on the layers below it;
//! this facade gathers them so a program needs one dependency: [`board`]
//! (positions, legal move generation, Zobrist keys, perft), [`notation`]
//! (FEN, SAN, PGN, EPD, games), [`eval`] (static evaluation), [`search`]
//! (the alpha-beta search), [`engine`] (the engine layer: game state, a
//! search handle, clocks, options, policy, strength levels) and the [`uci`],
//! [`xboard`] and [`web`] front ends. The most used items are also re-exported at the top level.
//!
//! ```
//! use outpost::{divide, parse_fen, parse_uci_move, perft, to_fen, Position};
//!
//! // Count the leaves of the move tree from the standard starting position.
//! let start = Position::startpos();
//! assert_eq!(perft(&start, 3), 8_902);
//!
//! // Set up "Kiwipete" from a FEN and split its perft by root move.
//! let kiwipete =
//!     parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -").unwrap();
//! let split = divide(&kiwipete, 2);
//! assert_eq!(split.len(), 48);
//! assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 2_039);
//!
//! // Play a move given in long algebraic notation and write the result as FEN.
//! let e4 = parse_uci_move(&start, "e2e4").unwrap();
//! let after = start.play(e4);
//! assert_eq!(to_fen(&after), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! assert!(parse_uci_move(&after, "e2e4").is_err());
//!
//! // Search a game: the engine layer knows its repetitions.
//! use outpost::{Engine, Game, Limits, SearchRequest, Settings};
//! let mut game = Game::new();
//! game.play_san("e4").unwrap();
//! let mut engine = Engine::new(Settings::default()).unwrap();
//! let result = engine.search(SearchRequest::for_game(&game, Limits::depth(6)));
//! assert!(game.position().is_legal(result.best_move));
//! ```

pub use outpost_board as board;
pub use outpost_book as book;
pub use outpost_engine as engine;
pub use outpost_eval as eval;
pub use outpost_nnue as nnue;
pub use outpost_notation as notation;
pub use outpost_search as search;
pub use outpost_tb as tb;
pub use outpost_train as train;
pub use outpost_uci as uci;
pub use outpost_web as web;
pub use outpost_xboard as xboard;

pub use outpost_board::{
    divide, divide_text, perft, perft_full, Bitboard, BoardError, CastlingRights, CastlingSide,
    Color, File, Move, MoveKind, MoveList, Piece, PieceKind, Position, Rank, Setup, Square,
};
pub use outpost_engine::{
    Action, Engine, EngineClock, EngineError, GameController, SearchEvent, SearchRequest, Settings,
    Timing, ENGINE_NAME,
};
pub use outpost_notation::{
    parse_fen, parse_move_text, parse_san, parse_uci_move, to_fen, to_san, Game, GameResult,
    NotationError, Outcome, STARTPOS_FEN,
};
pub use outpost_search::{Limits, PvLine, Score, SearchJob, SearchPool, SearchResult};

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
