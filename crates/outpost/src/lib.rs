//! Outpost: a chess engine and chess library, built as a stack of small
//! crates and gathered here so a program needs one dependency (package
//! `outpost-chess`, used as `outpost`).
//!
//! | module | crate | what it holds |
//! |---|---|---|
//! | [`board`] | `outpost-board` | squares, moves, positions, legal moves, Zobrist keys, perft |
//! | [`notation`] | `outpost-notation` | FEN, SAN, UCI moves, PGN, EPD; `Game` |
//! | [`eval`] | `outpost-eval` | the handcrafted evaluation and the `Evaluate` trait |
//! | [`nnue`] | `outpost-nnue` | the neural network evaluation (the default) |
//! | [`search`] | `outpost-search` | the alpha-beta search and its thread pool |
//! | [`book`] | `outpost-book` | Polyglot opening books: read, choose, build |
//! | [`tb`] | `outpost-tb` | endgame tables: Outpost's own and Syzygy |
//! | [`engine`] | `outpost-engine` | the engine layer: options, levels, clocks, the game controller |
//! | `uci`, `xboard`, `web` | `outpost-uci`, `outpost-xboard`, `outpost-web` | the front ends (features `uci`, `xboard`, `web`) |
//! | `train` | `outpost-train` | self-play data and training records (feature `train`) |
//!
//! The default feature `cli` builds the `outpost` binary and turns on the
//! four optional modules; with `default-features = false` the crate is the
//! library layers only.
//!
//! The most used items are also re-exported at the top level, and
//! [`prelude`] brings the common tasks' types and traits in one `use`
//! (`use outpost::prelude::*;`). A tour, each step a doc test:
//!
//! **Positions and moves.** A [`Position`] is built valid and is small and
//! `Copy`; `play` returns the position after a legal move.
//!
//! ```
//! use outpost::{perft, Position, Square};
//!
//! let start = Position::startpos();
//! assert_eq!(start.legal_moves().len(), 20);
//! assert_eq!(perft(&start, 3), 8_902);
//! let e4 = start.find_move(Square::E2, Square::E4, None).unwrap();
//! let after = start.play(e4);
//! assert_eq!(after.en_passant(), Some(Square::E3));
//! ```
//!
//! **Text forms.** FEN through the [`notation::Fen`] type, SAN and UCI
//! moves, whole games as PGN.
//!
//! ```
//! use outpost::notation::{Fen, PgnGame};
//! use outpost::{to_san, Game, UciMove};
//!
//! let fen: Fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse().unwrap();
//! let pos = fen.into_position();
//! let bb5 = "f1b5".parse::<UciMove>().unwrap().to_move(&pos, false).unwrap();
//! assert_eq!(to_san(&pos, bb5), "Bb5");
//!
//! let mut game = Game::new();
//! for san in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
//!     game.play_san(san).unwrap();
//! }
//! assert_eq!(game.plies(), 5);
//! let pgn: PgnGame = "[Result \"*\"]\n\n1. e4 e5 2. Nf3 *".parse().unwrap();
//! assert_eq!(pgn.move_count(), 3);
//! ```
//!
//! **A search with its principal variation.** The [`Engine`] is the
//! search pool with the options, book, tables and levels around it; a
//! [`SearchRequest`] carries the game's history, so repetitions count.
//!
//! ```
//! use outpost::{Engine, Game, Limits, SearchRequest, EngineSettings};
//!
//! let mut game = Game::new();
//! game.play_san("e4").unwrap();
//! let mut engine = Engine::new(EngineSettings::default()).unwrap();
//! let request = SearchRequest::for_game(&game, Limits::depth(6)).with_multipv(2);
//! let result = engine.search(request);
//! assert_eq!(result.pv.first(), Some(&result.best_move));
//! assert_eq!(result.lines.len(), 2);
//! assert!(game.position().is_legal(result.best_move));
//! ```
//!
//! **An opening book.** Build a Polyglot book from PGN games and ask it
//! for the moves of a position, with their weights.
//!
//! ```
//! use outpost::book::{build_book, BuildOptions};
//! use outpost::Position;
//!
//! let games = "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"1-0\"]\n\n1. e4 c5 1-0\n";
//! let options = BuildOptions { min_games: 1, ..BuildOptions::default() };
//! let book = build_book(games.as_bytes(), &options, |_| {}).unwrap().to_book();
//! let moves = book.moves(&Position::startpos());
//! assert_eq!(moves.len(), 1);
//! assert_eq!(moves[0].mv.to_string(), "e2e4");
//! ```
//!
//! **Endgame tables.** Outpost generates every 3-man table in memory; the
//! engine layer plays the fastest mate from them (and reads a user's
//! Syzygy files through `SyzygyPath`).
//!
//! ```
//! use outpost::engine::GeneratedTables;
//! use outpost::notation::Fen;
//!
//! let tables = GeneratedTables::three_men();
//! let pos = "8/8/8/8/8/1k6/8/K1Q5 w - - 0 1".parse::<Fen>().unwrap().into_position();
//! let choice = tables.choose(&pos).unwrap();
//! assert!(pos.is_legal(choice.mv));
//! ```
//!
//! **The network.** The default evaluation is a network embedded in the
//! binary; the handcrafted evaluation stays available.
//!
//! ```
//! use outpost::engine::EngineEval;
//! use outpost::eval::Evaluate;
//! use outpost::Position;
//!
//! let mut network = EngineEval::default();
//! assert!(network.is_neural());
//! // The network updates incrementally from a root: set it first.
//! network.set_root(&Position::startpos());
//! let score = network.evaluate(&Position::startpos());
//! assert!(score.abs() < 100, "the start is about level: {score}");
//! ```
//!
//! **The engine playing a game.** A [`GameController`] keeps the game, the
//! side the engine plays, its clock and the game's rules; a
//! [`GameDriver`] carries out what it asks (the searches to run) and hands
//! back the engine's moves. The controller says how the game ended
//! ([`Outcome`]) and gives the game to keep, with its `Result` and
//! `Termination` tags.
//!
//! ```
//! use outpost::engine::Mode;
//! use outpost::{Color, Engine, EngineSettings, GameController, GameDriver, Limits, Timing};
//!
//! let mut controller = GameController::new(Timing::Fixed(Limits::depth(4)));
//! controller.set_strength(outpost::engine::Strength::full());
//! let mut driver = GameDriver::new(controller);
//! driver.set_mode(Mode::Play(Color::Black));
//! driver.user_move_text("e4").unwrap();
//! let mut engine = Engine::new(EngineSettings::default()).unwrap();
//! let turn = driver.next_search().expect("Black is the engine's: it thinks");
//! let played = driver.search_finished(turn.id, engine.search(turn.request));
//! assert!(played.is_some());
//! assert_eq!(driver.controller().game().plies(), 2);
//!
//! // Black resigns: the game as kept says so.
//! driver.resign(Color::Black).unwrap();
//! let game = driver.controller().recorded_game();
//! assert_eq!(game.tags().get("Termination"), Some("Black resigned"));
//! assert_eq!(game.result().as_str(), "1-0");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
pub use outpost_board as board;
pub use outpost_book as book;
pub use outpost_engine as engine;
pub use outpost_eval as eval;
pub use outpost_nnue as nnue;
pub use outpost_notation as notation;
pub use outpost_search as search;
pub use outpost_tb as tb;
#[cfg(feature = "train")]
pub use outpost_train as train;
#[cfg(feature = "uci")]
pub use outpost_uci as uci;
#[cfg(feature = "web")]
pub use outpost_web as web;
#[cfg(feature = "xboard")]
pub use outpost_xboard as xboard;

pub use outpost_board::{
    divide, divide_text, parse_fen, perft, perft_full, to_fen, Bitboard, BoardError,
    CastlingRights, CastlingSide, Color, Fen, FenError, File, Move, MoveKind, MoveList, Piece,
    PieceKind, Position, Rank, Setup, Square, UciMove, STARTPOS_FEN,
};
pub use outpost_book::{Book, BookError, BookMove, Selection};
pub use outpost_engine::{
    Action, Adjudication, ClockControl, ControlError, Engine, EngineClock, EngineError, EngineMove,
    EngineSettings, GameClocks, GameController, GameDriver, Mode, Purpose, SearchEvent,
    SearchProgress, SearchRequest, SearchTurn, Strength, TimeControl, Timing, ENGINE_NAME,
};
pub use outpost_notation::pgn::{Comment, Control, Visitor};
pub use outpost_notation::{
    parse_move_text, parse_san, parse_uci_move, to_san, variation_san, CommentEval, Game,
    GameResult, MoveNode, NotationError, Outcome, PgnError, PgnGame, PgnReader, PositionText,
    SanError, Tags, UciMoveError,
};
pub use outpost_search::{
    Bound, Limits, PvLine, PvReport, Report, Score, SearchControl, SearchJob, SearchPool,
    SearchResult,
};
pub use outpost_tb::syzygy::Syzygy;

/// One import for the common tasks: `use outpost::prelude::*;` brings the
/// board's types, the text forms and the [`PositionText`] methods
/// (`pos.san(mv)`, `pos.parse_san("Nf3")`), PGN reading and walking, the
/// engine, its requests, reports and results, the game controller and its
/// driver, books and Syzygy tables.
///
/// ```
/// use outpost::prelude::*;
///
/// let pos: Position = STARTPOS_FEN.parse().unwrap();
/// let nf3 = pos.parse_san("Nf3").unwrap();
/// assert_eq!(pos.san(nf3), "Nf3");
/// let mut engine = Engine::new(EngineSettings::default()).unwrap();
/// let result = engine.search(SearchRequest::for_position(pos.play(nf3), Limits::depth(3)));
/// assert!(pos.play(nf3).is_legal(result.best_move));
/// assert!(!format!("{}", result.score).is_empty());
/// ```
pub mod prelude {
    pub use crate::{
        Action, Bitboard, Book, BookMove, Bound, Color, Comment, CommentEval, Control, Engine,
        EngineError, EngineSettings, Fen, FenError, File, Game, GameClocks, GameController,
        GameDriver, GameResult, Limits, Mode, Move, MoveNode, NotationError, Outcome, PgnError,
        PgnGame, PgnReader, Piece, PieceKind, Position, PositionText, PvLine, Rank, Report,
        SanError, Score, SearchControl, SearchEvent, SearchPool, SearchRequest, SearchResult,
        Selection, Square, Syzygy, Timing, UciMoveError, Visitor, STARTPOS_FEN,
    };
}

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
