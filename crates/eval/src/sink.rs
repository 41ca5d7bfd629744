//! Where the terms add up: the running total, and the tracer that sees each part.

use crate::score::TaperedScore;
use crate::trace::{Term, Tracer};
use outpost_board::Color;

/// The running total from White's point of view, and the tracer each
/// contribution is reported to.
pub(crate) struct Sink<'t, T: Tracer> {
    pub total: TaperedScore,
    pub tracer: &'t mut T,
}

impl<T: Tracer> Sink<'_, T> {
    /// `color` gets `score` from `term`.
    #[inline(always)]
    pub fn add(&mut self, term: Term, color: Color, score: TaperedScore) {
        match color {
            Color::White => self.total += score,
            Color::Black => self.total -= score,
        }
        self.tracer.add(term, color, score);
    }
}
