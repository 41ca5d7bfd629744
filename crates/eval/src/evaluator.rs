//! The evaluator: parameters, the pawn hash table, and the terms put together.

use crate::params::{Params, SCALE_NORMAL};
use crate::pawns::{PawnEntry, PawnTable, DEFAULT_PAWN_TABLE_ENTRIES};
use crate::score::TaperedScore;
use crate::sink::Sink;
use crate::trace::{NoTrace, Term, Trace, Tracer};
use crate::{endgame, king, material, passed, pieces, threats};
use outpost_board::{Color, Position};

/// Every score [`Evaluator::evaluate`] returns lies in `-EVAL_LIMIT..=EVAL_LIMIT`,
/// leaving room above it for mate scores.
pub const EVAL_LIMIT: i32 = 9_999;

/// A static evaluator: the weights and a pawn hash table. Keep one per
/// search thread (it is cheap to [`Clone`]).
///
/// ```
/// use outpost_eval::{Evaluator, EVAL_LIMIT};
/// use outpost_notation::parse_fen;
///
/// let mut eval = Evaluator::new();
/// // White is a rook up. Scores are from the side to move's point of view.
/// let white_to_move = parse_fen("4k3/pppp4/8/8/8/8/PPPP4/R3K3 w - - 0 1").unwrap();
/// let black_to_move = parse_fen("4k3/pppp4/8/8/8/8/PPPP4/R3K3 b - - 0 1").unwrap();
/// assert!(eval.evaluate(&white_to_move) > 300);
/// assert!(eval.evaluate(&black_to_move) < -300);
/// assert!(eval.evaluate(&white_to_move) <= EVAL_LIMIT);
///
/// // A clone (for another search thread) gives the same scores.
/// let mut other = eval.clone();
/// assert_eq!(
///     other.evaluate(&white_to_move),
///     eval.evaluate(&white_to_move)
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Evaluator {
    params: Params,
    phase_max: i32,
    pawns: PawnTable,
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator::new()
    }
}

/// The tapered result before it is turned to the side to move.
struct Outcome {
    phase: i32,
    scale: i32,
    white: i32,
}

impl Evaluator {
    /// An evaluator with the default weights and pawn table size.
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_eval::{Evaluator, Params};
    ///
    /// let mut eval = Evaluator::new();
    /// assert_eq!(eval.params(), &Params::default());
    /// // The side to move has the small edge of the tempo at the start.
    /// assert!(eval.evaluate(&Position::startpos()) > 0);
    /// ```
    pub fn new() -> Evaluator {
        Evaluator::with_params(Params::default())
    }

    /// An evaluator with the given weights.
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_eval::{Evaluator, Params, TaperedScore};
    ///
    /// // Without a bonus for the side to move, the symmetric starting
    /// // position is dead level.
    /// let params = Params {
    ///     tempo: TaperedScore::ZERO,
    ///     ..Params::default()
    /// };
    /// let mut eval = Evaluator::with_params(params);
    /// assert_eq!(eval.params().tempo, TaperedScore::ZERO);
    /// assert_eq!(eval.evaluate(&Position::startpos()), 0);
    /// ```
    pub fn with_params(params: Params) -> Evaluator {
        Evaluator::with_pawn_table_entries(params, DEFAULT_PAWN_TABLE_ENTRIES)
    }

    /// An evaluator with the given weights and a pawn table of `entries`
    /// slots (rounded up to a power of two, at least one).
    ///
    /// The size changes only the speed, never a score:
    ///
    /// ```
    /// use outpost_eval::{Evaluator, Params};
    /// use outpost_notation::parse_fen;
    ///
    /// let pos =
    ///     parse_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
    /// let mut tiny = Evaluator::with_pawn_table_entries(Params::default(), 1);
    /// let mut usual = Evaluator::new();
    /// assert_eq!(tiny.evaluate(&pos), usual.evaluate(&pos));
    /// ```
    pub fn with_pawn_table_entries(params: Params, entries: usize) -> Evaluator {
        Evaluator {
            phase_max: material::phase_max(&params),
            pawns: PawnTable::new(entries, &params),
            params,
        }
    }

    /// The weights.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The static evaluation of `pos` in centipawns, from the point of view
    /// of the side to move (positive is good for it). Always within
    /// [`EVAL_LIMIT`]; exactly 0 when neither side has mating material.
    ///
    /// ```
    /// use outpost_board::{Position, Square};
    /// use outpost_eval::Evaluator;
    /// use outpost_notation::parse_fen;
    ///
    /// let mut eval = Evaluator::new();
    /// // After 1. e4 it is Black's move: the score is Black's.
    /// let start = Position::startpos();
    /// let e4 = start.find_move(Square::E2, Square::E4, None).unwrap();
    /// let after = start.play(e4);
    /// // The same position with the colours swapped scores the same.
    /// assert_eq!(eval.evaluate(&after), eval.evaluate(&after.color_flipped()));
    ///
    /// // Two knights cannot force mate: a dead draw is exactly 0.
    /// let knights = parse_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    /// assert_eq!(eval.evaluate(&knights), 0);
    /// ```
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        if endgame::is_dead_draw(pos) {
            return 0;
        }
        let entry = self.pawns.probe(pos, &self.params);
        let outcome = evaluate_with(&self.params, self.phase_max, entry, pos, &mut NoTrace);
        to_side_to_move(pos, outcome.white)
    }

    /// [`Evaluator::evaluate`] computed from scratch, without the pawn hash
    /// table: slower; for tests and tuning.
    ///
    /// ```
    /// use outpost_eval::Evaluator;
    /// use outpost_notation::parse_fen;
    ///
    /// let pos = parse_fen("8/5pk1/6p1/8/3P4/2P5/6K1/8 w - - 0 40").unwrap();
    /// let mut eval = Evaluator::new();
    /// assert_eq!(eval.evaluate_uncached(&pos), eval.evaluate(&pos));
    /// ```
    pub fn evaluate_uncached(&self, pos: &Position) -> i32 {
        if endgame::is_dead_draw(pos) {
            return 0;
        }
        let entry = PawnEntry::compute(pos, pos.pawn_key(), &self.params);
        let outcome = evaluate_with(&self.params, self.phase_max, &entry, pos, &mut NoTrace);
        to_side_to_move(pos, outcome.white)
    }

    /// The evaluation of `pos` explained term by term; its
    /// [`Trace::score`] equals [`Evaluator::evaluate`].
    ///
    /// ```
    /// use outpost_board::{Color, Position};
    /// use outpost_eval::{Evaluator, TaperedScore, Term, SCALE_NORMAL};
    ///
    /// let mut eval = Evaluator::new();
    /// let start = Position::startpos();
    /// let trace = eval.trace(&start);
    /// assert_eq!(trace.score(), eval.evaluate(&start));
    /// // Equal material, every piece on the board, no endgame scaling.
    /// assert_eq!(trace.term_total(Term::Material), TaperedScore::ZERO);
    /// assert_eq!(trace.phase(), trace.phase_max());
    /// assert_eq!(trace.scale(), SCALE_NORMAL);
    /// // Only White, to move, gets the tempo bonus.
    /// assert_eq!(trace.term(Term::Tempo, Color::White), eval.params().tempo);
    /// assert_eq!(trace.term(Term::Tempo, Color::Black), TaperedScore::ZERO);
    /// ```
    pub fn trace(&mut self, pos: &Position) -> Trace {
        let mut trace = Trace::new(pos.side_to_move(), self.phase_max);
        trace.phase = material::phase(pos, &self.params).clamp(0, self.phase_max);
        if endgame::is_dead_draw(pos) {
            trace.insufficient_material = true;
            trace.scale = 0;
            return trace;
        }
        let entry = self.pawns.probe(pos, &self.params);
        let outcome = evaluate_with(&self.params, self.phase_max, entry, pos, &mut trace);
        trace.phase = outcome.phase;
        trace.scale = outcome.scale;
        trace.white_score = outcome.white.clamp(-EVAL_LIMIT, EVAL_LIMIT);
        trace
    }
}

/// White's score turned to the side to move's point of view and kept within
/// [`EVAL_LIMIT`].
#[inline]
fn to_side_to_move(pos: &Position, white: i32) -> i32 {
    let white = white.clamp(-EVAL_LIMIT, EVAL_LIMIT);
    match pos.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// Every term, tapered by the phase and scaled.
#[inline]
fn evaluate_with<T: Tracer>(
    params: &Params,
    phase_max: i32,
    pawns: &PawnEntry,
    pos: &Position,
    tracer: &mut T,
) -> Outcome {
    let mut sink = Sink {
        total: TaperedScore::ZERO,
        tracer,
    };
    material::evaluate(pos, params, &mut sink);
    for color in Color::ALL {
        sink.add(Term::Pawns, color, pawns.score[color.index()]);
    }
    let att = pieces::evaluate(pos, params, pawns, &mut sink);
    king::evaluate(pos, params, pawns, &att, &mut sink);
    threats::evaluate(pos, params, &att, &mut sink);
    passed::evaluate(pos, params, pawns, &att, &mut sink);
    endgame::mop_up(pos, params, &mut sink);
    sink.add(Term::Tempo, pos.side_to_move(), params.tempo);

    let total = sink.total;
    let phase = material::phase(pos, params).clamp(0, phase_max);
    let scale = endgame::scale(pos, params, total.eg());
    let eg = total.eg() * scale / SCALE_NORMAL;
    let white = (total.mg() * phase + eg * (phase_max - phase)) / phase_max;
    Outcome {
        phase,
        scale,
        white,
    }
}
