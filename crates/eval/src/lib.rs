//! Outpost's static evaluation: handcrafted, tapered, explainable and tunable.
//!
//! Every term has a middlegame and an endgame value ([`TaperedScore`]), blended by
//! the game phase (the material left on the board). Scores are in
//! centipawns from the side to move's point of view. The weights live in
//! [`Params`], with their defaults in one place; [`Evaluator::trace`]
//! explains a score term by term. See `docs/eval.md` for the terms.
//!
//! ```
//! use outpost_board::Position;
//! use outpost_eval::{Evaluator, Term};
//! use outpost_notation::parse_fen;
//!
//! let mut eval = Evaluator::new();
//! let start = Position::startpos();
//! let score = eval.evaluate(&start);
//! // Symmetric: only the side to move's tempo separates the sides.
//! assert_eq!(eval.evaluate(&start.color_flipped()), score);
//! assert!(score > 0 && score < 50);
//!
//! // A queen up is winning, for whichever side moves.
//! let up = parse_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
//! assert!(eval.evaluate(&up) < -800);
//!
//! // King and knight cannot mate: exactly 0.
//! let draw = parse_fen("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").unwrap();
//! assert_eq!(eval.evaluate(&draw), 0);
//!
//! // The trace explains the score and agrees with it.
//! let trace = eval.trace(&up);
//! assert_eq!(trace.score(), eval.evaluate(&up));
//! assert!(trace.term_total(Term::Material).eg() > 1000);
//! assert!(trace.to_string().contains("Final evaluation:"));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
mod endgame;
mod evaluate;
mod evaluator;
mod king;
mod material;
mod params;
mod passed;
mod pawns;
mod pieces;
mod score;
mod sink;
mod threats;
mod trace;
mod tune;

pub use evaluate::Evaluate;
pub use evaluator::{Evaluator, EVAL_LIMIT};
pub use params::{Params, KING_DANGER_SIZE, SCALE_NORMAL};
pub use pawns::DEFAULT_PAWN_TABLE_ENTRIES;
pub use score::{TaperedScore, S};
pub use trace::{Term, Trace};
pub use tune::{params_source, tune, TuneOptions, TuneRound, TuneSample, Tuned};
