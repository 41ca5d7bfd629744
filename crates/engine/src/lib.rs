//! Outpost's engine layer: what every front end (UCI, xboard, the web
//! server) needs between the protocol and the search.
//!
//! * [`Game`]: the one game-state type (start position, moves, undo,
//!   repetition keys, outcome and draw claims, PGN export).
//! * [`Engine`]: the search pool with the options, book, tables and
//!   strength levels around it: start, stop, ponder hit, wait; typed
//!   [`SearchEvent`]s straight from the search's main thread, and exactly
//!   one final result.
//! * [`GameController`]: the engine's seat at a game (the game, which
//!   side it plays, its clock, pondering and analysis, draw policy); it
//!   does no I/O and returns [`Action`]s for the front end to carry out.
//!   It owns the game's rules: how it ended ([`Outcome`], from checkmate
//!   to a flag fall judged by [`can_mate`]), its clocks and adjudication.
//! * [`GameDriver`]: the one driver of the controller for programs that
//!   run each search to its end (a web game, self-play, a library user's
//!   loop); [`LineDriver`] drives it for front ends that read lines.
//! * [`EngineClock`]: time controls and the engine's clock, turned into limits.
//! * [`OPTIONS`] and [`EngineSettings`]: every option's name, kind, default and
//!   range in one place; each protocol renders them its own way.
//! * [`Strength`] and [`Weakness`]: strength levels for people
//!   (`UCI_LimitStrength`, `UCI_Elo`, `Skill Level`), applied by the
//!   [`Engine`] as a capped search and chosen, plausible mistakes.
//! * Policy ([`accepts_draw`], [`ResignPolicy`], [`expected_reply`]): draw
//!   offers, resignation, the ponder move and the hint.
//! * The opening book ([`OpeningBook`], [`book_applies`]): the `OwnBook`,
//!   `BookFile`, `BookBestMove` and `BookDepth` options; a book move is
//!   played without a search and announced as [`SearchEvent::BookMove`].
//! * The endgame tables ([`GeneratedTables`]): the 3-man tables in memory
//!   from the start, up to 4 men from `TablebaseDir`; probed inside the
//!   search, and played from at the root ([`tables_apply`]).
//!
//! ```
//! use outpost_engine::{Engine, Game, SearchRequest, EngineSettings};
//! use outpost_search::Limits;
//!
//! let mut game = Game::new();
//! for san in ["e4", "e5", "Nf3", "Nc6"] {
//!     game.play_san(san).unwrap();
//! }
//! let mut engine = Engine::new(EngineSettings::default()).unwrap();
//! let result = engine.search(SearchRequest::for_game(&game, Limits::depth(8)));
//! assert!(game.position().is_legal(result.best_move));
//! assert_eq!(result.pv[0], result.best_move);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
mod book;
mod clock;
mod controller;
mod driver;
mod engine;
mod error;
mod evaluation;
mod event;
mod identity;
mod line_driver;
pub mod openings;
mod options;
mod output;
mod policy;
mod request;
mod strength;
mod suite;
mod tables;
mod text;

pub use book::{book_applies, BookChoice, OpeningBook};
pub use clock::{ClockControl, EngineClock, GameClocks, TimeControl};
pub use controller::{
    can_mate, Action, Adjudication, ControlError, GameController, Hint, Mode, Purpose,
    RunningSearch, Timing,
};
pub use driver::{EngineMove, GameDriver, SearchTurn};
pub use engine::Engine;
pub use error::EngineError;
pub use evaluation::EngineEval;
pub use event::{SearchEvent, SearchProgress};
pub use identity::{ENGINE_AUTHOR, ENGINE_NAME};
pub use line_driver::{FrontEnd, LineDriver};
pub use options::{
    find_option, options, parse_option, Effect, EngineSettings, OptionDef, OptionKind,
    OptionSetting, OptionValue, PoolChange, DEFAULT_HASH_MIB, DEFAULT_USE_NNUE, OPTIONS,
    UNLIMITED_BOOK_DEPTH,
};
pub use outpost_notation::{Game, GameResult, Outcome};
pub use output::LineOutput;
pub use policy::{
    accepts_draw, expected_reply, hint_limits, ResignPolicy, DRAW_ACCEPT_CP, HINT_TIME,
};
pub use request::SearchRequest;
pub use strength::{Anchor, Strength, Weakness, ANCHORS, MAX_ELO, MAX_SKILL, MIN_ELO};
pub use suite::{read_suite, run_suite, SuiteAnswer, SuiteLineError};
pub use tables::{tables_apply, GeneratedTables, SyzygySettings, SyzygyTables, TableChoice};
pub use text::{one_line, MAX_MESSAGE_CHARS};
