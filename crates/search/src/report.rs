//! What a search tells its caller while it runs and when it ends.

use crate::control::SearchControl;
use crate::score::{Bound, Score};
use outpost_board::Move;
use std::time::Duration;

/// One principal variation at the end of an iteration (or of an aspiration
/// window that failed).
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{Limits, PvReport, Report, SearchControl, SearchJob, SearchPool};
///
/// let pos = Position::startpos();
/// let mut reports: Vec<PvReport> = Vec::new();
/// SearchPool::default().search(
///     SearchJob::new(pos, Limits::depth(4)).with_multipv(2),
///     &SearchControl::new(),
///     &mut |report| {
///         if let Report::Pv(line) = report {
///             reports.push(line);
///         }
///     },
/// );
/// // Both lines of the last iteration, best first, with different moves.
/// let last: Vec<&PvReport> = reports.iter().filter(|r| r.depth == 4).collect();
/// assert_eq!(last.iter().map(|r| r.multipv).collect::<Vec<_>>(), [1, 2]);
/// assert_ne!(last[0].pv[0], last[1].pv[0]);
/// for report in &reports {
///     assert!(pos.is_legal(report.pv[0]));
///     assert!(report.seldepth >= report.depth as usize);
///     assert!(report.hashfull <= 1000);
/// }
/// // Node counts only grow.
/// assert!(reports.windows(2).all(|w| w[0].nodes <= w[1].nodes));
/// ```
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
    pub bound: Bound,
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
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{Limits, Report, SearchControl, SearchJob, SearchPool};
///
/// // What a UCI front end would print for each report.
/// let mut printed = Vec::new();
/// let result = SearchPool::default().search(
///     SearchJob::new(Position::startpos(), Limits::depth(3)),
///     &SearchControl::new(),
///     &mut |report| match report {
///         Report::Pv(line) => {
///             printed.push(format!("info depth {} pv {}", line.depth, line.pv[0]))
///         }
///         Report::CurrentMove { depth, mv, number } => printed.push(format!(
///             "info depth {depth} currmove {mv} currmovenumber {number}"
///         )),
///     },
/// );
/// let last = printed.iter().rev().find(|l| l.contains(" pv ")).unwrap();
/// assert_eq!(*last, format!("info depth 3 pv {}", result.best_move));
/// ```
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
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{Limits, SearchControl, SearchJob, SearchPool};
///
/// let pos = Position::startpos();
/// let job = SearchJob::new(pos, Limits::depth(4)).with_multipv(3);
/// let result = SearchPool::default().search(job, &SearchControl::new(), &mut |_| {});
/// assert_eq!(result.lines.len(), 3);
/// assert_eq!(result.lines[0].pv, result.pv);
/// for line in &result.lines {
///     // Every line can be played out from the root.
///     let mut board = pos;
///     for &mv in &line.pv {
///         assert!(board.is_legal(mv));
///         board.make_move(mv);
///     }
/// }
/// assert_ne!(result.lines[1].pv[0], result.lines[2].pv[0]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// The score of the line, from the side to move at the root.
    pub score: Score,
    /// The moves, starting with the root move.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_search::{Limits, SearchControl, SearchJob, SearchPool};
///
/// // White wins the black queen with Rxd5.
/// let pos = parse_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
/// let job = SearchJob::new(pos, Limits::depth(4));
/// let result = SearchPool::default().search(job, &SearchControl::new(), &mut |_| {});
/// assert_eq!(result.best_move.to_string(), "d2d5");
/// assert_eq!(result.pv.first(), Some(&result.best_move));
/// assert_eq!(result.ponder_move, result.pv.get(1).copied());
/// assert_eq!(result.lines.len(), 1);
/// assert_eq!(result.depth, 4);
/// assert!(result.nodes > 0);
/// assert_eq!(result.tb_hits, 0);
/// ```
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

/// Where a search started with [`SearchPool::start`](crate::SearchPool::start) sends what it finds.
/// Every method runs on the pool's main search thread, in this order:
/// reports, then [`SearchSink::conclude`] once, then [`SearchSink::finish`]
/// once.
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{
///     Limits, Report, SearchControl, SearchJob, SearchPool, SearchResult, SearchSink,
/// };
/// use std::sync::mpsc::{channel, Sender};
///
/// /// Sends the depth of every line reported, then the result.
/// struct Forward(Sender<Result<i32, SearchResult>>);
///
/// impl SearchSink for Forward {
///     fn report(&mut self, report: Report) {
///         if let Report::Pv(line) = report {
///             let _ = self.0.send(Ok(line.depth));
///         }
///     }
///
///     fn finish(self: Box<Self>, result: SearchResult) {
///         let _ = self.0.send(Err(result));
///     }
/// }
///
/// let mut pool = SearchPool::default();
/// let (sender, inbox) = channel();
/// let job = SearchJob::new(Position::startpos(), Limits::depth(4));
/// pool.start(job, &SearchControl::new(), Box::new(Forward(sender)))
///     .unwrap();
/// // The search runs on the pool's thread; this one reads what it sends.
/// let mut depths = Vec::new();
/// let result = loop {
///     match inbox.recv().unwrap() {
///         Ok(depth) => depths.push(depth),
///         Err(result) => break result,
///     }
/// };
/// assert_eq!(depths.first(), Some(&1));
/// assert_eq!(depths.last(), Some(&4));
/// assert_eq!(result.depth, 4);
/// ```
pub trait SearchSink: Send {
    /// A report while the search runs.
    fn report(&mut self, report: Report);

    /// The search has ended and the pool still counts as searching: a
    /// chance to change the result, or to take time before it is given
    /// (a strength level's choice of move and its thinking time).
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_search::{
    ///     Limits, Report, SearchControl, SearchJob, SearchPool, SearchResult, SearchSink,
    /// };
    /// use std::sync::{Arc, Mutex};
    ///
    /// /// Plays the second best line: a (very) weak level.
    /// struct SecondBest(Arc<Mutex<Option<SearchResult>>>);
    ///
    /// impl SearchSink for SecondBest {
    ///     fn report(&mut self, _: Report) {}
    ///
    ///     fn conclude(&mut self, result: SearchResult, _: &SearchControl) -> SearchResult {
    ///         match result.lines.get(1) {
    ///             Some(second) => SearchResult {
    ///                 best_move: second.pv[0],
    ///                 ponder_move: second.pv.get(1).copied(),
    ///                 score: second.score,
    ///                 pv: second.pv.clone(),
    ///                 ..result
    ///             },
    ///             None => result,
    ///         }
    ///     }
    ///
    ///     fn finish(self: Box<Self>, result: SearchResult) {
    ///         *self.0.lock().unwrap() = Some(result);
    ///     }
    /// }
    ///
    /// let played = Arc::new(Mutex::new(None));
    /// let mut pool = SearchPool::default();
    /// let job = SearchJob::new(Position::startpos(), Limits::depth(4)).with_multipv(2);
    /// let sink = Box::new(SecondBest(Arc::clone(&played)));
    /// pool.start(job, &SearchControl::new(), sink).unwrap();
    /// pool.wait();
    /// let result = played.lock().unwrap().take().unwrap();
    /// assert_eq!(result.best_move, result.lines[1].pv[0]);
    /// assert_ne!(result.best_move, result.lines[0].pv[0]);
    /// ```
    fn conclude(&mut self, result: SearchResult, _control: &SearchControl) -> SearchResult {
        result
    }

    /// The final result, exactly once per search, after the pool has
    /// become free for the next search.
    fn finish(self: Box<Self>, result: SearchResult);
}
