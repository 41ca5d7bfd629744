//! Which evaluation the engine searches with: the handcrafted one or the
//! neural network (`UseNNUE`, `EvalFile`).

use crate::EngineError;
use outpost_board::{Color, Move, Position};
use outpost_eval::{Evaluate, Evaluator};
use outpost_nnue::{default_network, load_network, NnueEvaluator};
use std::sync::Arc;

/// The engine's evaluator: one of the two, chosen by the options.
///
/// It is an [`outpost_eval::Evaluate`], so it can score a position
/// directly (in centipawns, from the side to move's view) once the
/// position is set as the root.
///
/// ```
/// use outpost_engine::{EngineEval, DEFAULT_USE_NNUE};
/// use outpost_eval::Evaluate;
/// use outpost_notation::parse_fen;
///
/// assert_eq!(EngineEval::default().is_neural(), DEFAULT_USE_NNUE);
///
/// // White has an extra queen: clearly good for White to move, bad for
/// // Black to move. (The two evaluations' numbers differ a lot.)
/// let white = parse_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// let black = parse_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
/// for mut eval in [EngineEval::handcrafted(), EngineEval::default()] {
///     // Each position as the root of a search of its own.
///     eval.set_root(&white);
///     assert!(eval.evaluate(&white) > 100);
///     eval.set_root(&black);
///     assert!(eval.evaluate(&black) < -100);
/// }
/// ```
#[derive(Clone, Debug)]
// One per search thread, made when options change and never moved while
// searching: boxing the larger variant would only add an indirection.
#[allow(clippy::large_enum_variant)]
pub enum EngineEval {
    /// The handcrafted evaluation (`UseNNUE false`).
    Handcrafted(Evaluator),
    /// The neural network (`UseNNUE true`): the built-in one, or `EvalFile`.
    Neural(NnueEvaluator),
}

impl Default for EngineEval {
    fn default() -> EngineEval {
        EngineEval::for_settings(crate::options::DEFAULT_USE_NNUE, "")
            .unwrap_or_else(|_| EngineEval::Handcrafted(Evaluator::new()))
    }
}

impl EngineEval {
    /// The evaluator the options ask for: the network in `eval_file` (the
    /// built-in one when empty) when `use_nnue`, else the handcrafted one.
    /// A network file that cannot be read is an error naming the problem.
    ///
    /// ```
    /// use outpost_engine::{EngineError, EngineEval};
    ///
    /// assert!(EngineEval::for_settings(true, "").unwrap().is_neural());
    /// assert!(!EngineEval::for_settings(false, "").unwrap().is_neural());
    ///
    /// // A file that is not a network is refused, even with `UseNNUE` off.
    /// let not_a_network = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/suites/sample.epd");
    /// assert!(matches!(
    ///     EngineEval::for_settings(false, not_a_network),
    ///     Err(EngineError::Network { .. })
    /// ));
    /// ```
    pub fn for_settings(use_nnue: bool, eval_file: &str) -> Result<EngineEval, EngineError> {
        // A file is checked when named, even before `UseNNUE` is on.
        let file = if eval_file.is_empty() {
            None
        } else {
            let network = load_network(std::path::Path::new(eval_file))
                .map_err(|source| EngineError::Network { source })?;
            Some(Arc::new(network))
        };
        if !use_nnue {
            return Ok(EngineEval::handcrafted());
        }
        let network = file.unwrap_or_else(default_network);
        Ok(EngineEval::Neural(NnueEvaluator::new(network)))
    }

    /// The handcrafted evaluation.
    pub fn handcrafted() -> EngineEval {
        EngineEval::Handcrafted(Evaluator::new())
    }

    /// Whether this is the neural network.
    pub fn is_neural(&self) -> bool {
        matches!(self, EngineEval::Neural(_))
    }

    /// The evaluation of `pos` explained for a person (the console's
    /// `eval`): the handcrafted evaluation term by term and, when the
    /// network is in use, the network's score in pawns from White's point
    /// of view.
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_engine::EngineEval;
    ///
    /// let text = EngineEval::default().explain(&Position::startpos());
    /// assert!(text.contains("NNUE evaluation: "));
    /// assert!(!EngineEval::handcrafted().explain(&Position::startpos()).contains("NNUE"));
    /// ```
    pub fn explain(&self, pos: &Position) -> String {
        let mut text = Evaluator::new().trace(pos).to_string();
        if let EngineEval::Neural(network) = self {
            let cp = network.evaluate_from_scratch(pos);
            let white = if pos.side_to_move() == Color::White {
                cp
            } else {
                -cp
            };
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&format!(
                "NNUE evaluation: {:+.2} (White's point of view)\n",
                f64::from(white) / 100.0
            ));
        }
        text
    }
}

impl Evaluate for EngineEval {
    #[inline]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        match self {
            EngineEval::Handcrafted(e) => e.evaluate(pos),
            EngineEval::Neural(e) => e.evaluate(pos),
        }
    }

    #[inline]
    fn set_root(&mut self, root: &Position) {
        match self {
            EngineEval::Handcrafted(e) => e.set_root(root),
            EngineEval::Neural(e) => e.set_root(root),
        }
    }

    #[inline]
    fn make(&mut self, parent: &Position, mv: Move, child: &Position) {
        if let EngineEval::Neural(e) = self {
            e.make(parent, mv, child);
        }
    }

    #[inline]
    fn unmake(&mut self) {
        if let EngineEval::Neural(e) = self {
            e.unmake();
        }
    }
}
