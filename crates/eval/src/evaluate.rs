//! The interface between the search and an evaluator, so the search can run
//! with the handcrafted evaluation or another one (a neural network).

use crate::Evaluator;
use outpost_board::{Move, Position};

/// A static evaluator as the search uses it: one per search thread.
///
/// The search tells the evaluator about every position it enters and
/// leaves ([`Evaluate::make`] and [`Evaluate::unmake`], always in pairs and
/// nested), so an evaluator that keeps incremental state (the accumulators
/// of a neural network) can update it instead of starting afresh; the
/// handcrafted evaluator ignores them.
///
/// ```
/// use outpost_board::Position;
/// use outpost_eval::{Evaluate, Evaluator};
///
/// fn score<E: Evaluate>(eval: &mut E, pos: &Position) -> i32 {
///     eval.set_root(pos);
///     eval.evaluate(pos)
/// }
/// assert!(score(&mut Evaluator::new(), &Position::startpos()).abs() < 50);
/// ```
pub trait Evaluate: Send {
    /// The evaluation of `pos` in centipawns from the side to move's point
    /// of view, within [`crate::EVAL_LIMIT`].
    ///
    /// Implementing it is all another evaluator needs; the position
    /// updates have empty defaults:
    ///
    /// ```
    /// use outpost_board::{Color, PieceKind, Position};
    /// use outpost_eval::Evaluate;
    /// use outpost_notation::parse_fen;
    ///
    /// /// Counts material only: 1, 3, 3, 5, 9.
    /// struct Material;
    ///
    /// impl Evaluate for Material {
    ///     fn evaluate(&mut self, pos: &Position) -> i32 {
    ///         let us = pos.side_to_move();
    ///         let value = [100, 300, 300, 500, 900];
    ///         let side = |color: Color| -> i32 {
    ///             PieceKind::ALL[..5]
    ///                 .iter()
    ///                 .zip(value)
    ///                 .map(|(&kind, v)| pos.pieces_of(color, kind).count() as i32 * v)
    ///                 .sum()
    ///         };
    ///         side(us) - side(!us)
    ///     }
    /// }
    ///
    /// let pos = parse_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
    /// let mut eval = Material;
    /// eval.set_root(&pos);
    /// assert_eq!(eval.evaluate(&pos), -900);
    /// ```
    fn evaluate(&mut self, pos: &Position) -> i32;

    /// A search starts (or restarts) from `root`.
    fn set_root(&mut self, _root: &Position) {}

    /// The search moved from `parent` to `child` by `mv` (a null move is
    /// [`Move::NULL`]).
    #[inline]
    fn make(&mut self, _parent: &Position, _mv: Move, _child: &Position) {}

    /// The search went back from the last position [`Evaluate::make`] entered.
    #[inline]
    fn unmake(&mut self) {}
}

impl Evaluate for Evaluator {
    #[inline]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        Evaluator::evaluate(self, pos)
    }
}
