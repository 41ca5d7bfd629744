//! What a search tells its caller while it runs and when it ends.

use crate::score::Score;
use outpost_board::Move;
use std::time::Duration;

/// How a reported score bounds the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// One principal variation at the end of an iteration (or of an aspiration
/// window that failed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvReport {
    /// Nominal depth of the iteration.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// 1 for the best line, 2 for the second best and so on (MultiPV).
    pub multipv: usize,
    /// The score of the line.
    pub score: Score,
    /// Whether the score is exact or a bound.
    pub bound: ScoreBound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition-table fill, per mille.
    pub hashfull: u32,
    /// Endgame-table probes that answered so far, all threads.
    pub tb_hits: u64,
    /// The line itself, starting with the move to play.
    pub pv: Vec<Move>,
}

/// A typed message from the search to a front end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// A principal variation.
    Pv(PvReport),
    /// The root move being searched now (sent only after the first second).
    CurrentMove {
        /// Nominal depth of the iteration.
        depth: i32,
        /// The move.
        mv: Move,
        /// Its number in the root move order, from 1.
        number: usize,
    },
}

/// One line of a finished search: a root move's score and its principal
/// variation (legal from the root, starting with the root move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// The score of the line, from the side to move at the root.
    pub score: Score,
    /// The moves, starting with the root move.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; [`Move::NULL`] only when there is no legal move.
    pub best_move: Move,
    /// The expected reply, to ponder on.
    pub ponder_move: Option<Move>,
    /// The score of the best move.
    pub score: Score,
    /// The principal variation, starting with the best move (empty when
    /// there is no legal move).
    pub pv: Vec<Move>,
    /// The best lines, best first: one per `MultiPV` line (the first is the
    /// principal variation).
    pub lines: Vec<PvLine>,
    /// The last depth completed.
    pub depth: i32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Endgame-table probes that answered, all threads.
    pub tb_hits: u64,
    /// Time spent.
    pub time: Duration,
}
