//! The search pool: the shared transposition table and the persistent
//! search threads, started without blocking, thread 0 reporting straight
//! to the caller's sink.

use crate::control::SearchControl;
use crate::limits::Limits;
use crate::options::SearchOptions;
use crate::report::{PvLine, PvReport, Report, ScoreBound, SearchResult};
use crate::score::{Score, INFINITE};
use crate::search::{RootMove, MAX_PLY};
use crate::tables::EndgameTables;
use crate::thread::{Job, PoolState, Shared, SharedSettings, Threads};
use crate::time::TimeBudget;
use crate::tt::{HashTooLarge, TranspositionTable};
use outpost_board::{Move, Position};
use outpost_eval::{Evaluate, Evaluator};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One search: the position, the keys of the positions before it (for
/// repetitions), the limits, and the lines to report.
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{Limits, SearchJob};
///
/// let job = SearchJob::new(Position::startpos(), Limits::depth(6)).with_multipv(3);
/// assert_eq!(job.multipv, 3);
/// assert!(job.history.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchJob {
    /// The position to search.
    pub position: Position,
    /// Keys of the game's earlier positions, oldest first.
    pub history: Vec<u64>,
    /// When to stop (and which root moves to consider).
    pub limits: Limits,
    /// How many best lines to search and report (MultiPV), at least 1.
    pub multipv: usize,
}

impl SearchJob {
    /// A search of `position` with no earlier positions and one line.
    pub fn new(position: Position, limits: Limits) -> SearchJob {
        SearchJob {
            position,
            history: Vec::new(),
            limits,
            multipv: 1,
        }
    }

    /// The same search, knowing the keys of the positions before (oldest first).
    pub fn with_history(mut self, history: &[u64]) -> SearchJob {
        self.history = history.to_vec();
        self
    }

    /// The same search, reporting `lines` best lines.
    pub fn with_multipv(mut self, lines: usize) -> SearchJob {
        self.multipv = lines.max(1);
        self
    }
}

/// Where a search started with [`SearchPool::start`] sends what it finds.
/// Every method runs on the pool's main search thread, in this order:
/// reports, then [`SearchSink::conclude`] once, then [`SearchSink::finish`]
/// once.
pub trait SearchSink: Send {
    /// A report while the search runs.
    fn report(&mut self, report: Report);

    /// The search has ended and the pool still counts as searching: a
    /// chance to change the result, or to take time before it is given
    /// (a strength level's choice of move and its thinking time).
    fn conclude(&mut self, result: SearchResult, _control: &SearchControl) -> SearchResult {
        result
    }

    /// The final result, exactly once per search, after the pool has
    /// become free for the next search.
    fn finish(self: Box<Self>, result: SearchResult);
}

/// Why [`SearchPool::start`] refused a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// Another search is running.
    #[error("a search is already running")]
    Busy,
    /// The main search thread has gone.
    #[error("the main search thread has stopped")]
    Stopped,
}

/// The search: settings, a transposition table, and a persistent pool of
/// search threads, each keeping its history tables and its evaluator `E`
/// from one search to the next. Thread 0 is the main thread: it reports,
/// decides when to stop, and hands the result to the caller's sink.
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{Limits, SearchControl, SearchJob, SearchPool};
///
/// let mut pool = SearchPool::default();
/// let job = SearchJob::new(Position::startpos(), Limits::depth(5));
/// let result = pool.search(job, &SearchControl::new(), &mut |_| {});
/// assert!(Position::startpos().is_legal(result.best_move));
/// assert_eq!(result.pv.first(), Some(&result.best_move));
/// ```
pub struct SearchPool<E: Evaluate + Clone + 'static = Evaluator> {
    options: SearchOptions,
    tt: Arc<TranspositionTable>,
    tables: Option<Arc<dyn EndgameTables>>,
    threads: Threads<E>,
    state: Arc<PoolState>,
    /// The evaluator every thread evaluates with.
    prototype: E,
    /// The signals of the last search started, to end it when the pool goes.
    last_control: Option<SearchControl>,
}

impl Default for SearchPool {
    fn default() -> SearchPool {
        SearchPool::new(SearchOptions::default())
    }
}

impl SearchPool {
    /// A pool with these options and the handcrafted evaluator.
    pub fn new(options: SearchOptions) -> SearchPool {
        SearchPool::with_evaluator(options, Evaluator::new())
    }
}

impl<E: Evaluate + Clone + 'static> SearchPool<E> {
    /// A pool with these options, every thread evaluating with a clone of `eval`.
    pub fn with_evaluator(options: SearchOptions, eval: E) -> SearchPool<E> {
        let threads = Threads::new(options.threads.max(1), &eval);
        SearchPool {
            tt: Arc::new(TranspositionTable::new(options.hash_mib)),
            tables: None,
            options: SearchOptions {
                threads: threads.len(),
                ..options
            },
            threads,
            state: Arc::new(PoolState::default()),
            prototype: eval,
            last_control: None,
        }
    }

    /// The current options.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Sets the number of search threads (at least 1). Call it between searches.
    pub fn set_threads(&mut self, threads: usize) {
        self.wait();
        self.threads.resize(threads, &self.prototype);
        self.options.threads = self.threads.len();
    }

    /// Resizes (and clears) the transposition table. When the system
    /// cannot give the memory, the table and the option stay as they were.
    pub fn set_hash(&mut self, mib: usize) -> Result<(), HashTooLarge> {
        let table = TranspositionTable::try_new(mib.max(1))?;
        self.options.hash_mib = mib.max(1);
        self.tt = Arc::new(table);
        Ok(())
    }

    /// Evaluates with a clone of `eval` on every thread from the next
    /// search on. The threads stay, and so do their history tables.
    pub fn set_evaluator(&mut self, eval: E) {
        self.threads.set_evaluator(&eval);
        self.prototype = eval;
    }

    /// The evaluator every thread evaluates with.
    pub fn evaluator(&self) -> &E {
        &self.prototype
    }

    /// Sets the contempt in centipawns.
    pub fn set_contempt(&mut self, contempt: i32) {
        self.options.contempt = contempt;
    }

    /// Chooses how the root drives the search.
    pub fn set_driver(&mut self, driver: crate::SearchDriver) {
        self.options.driver = driver;
    }

    /// Sets the time kept in reserve per move.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.options.move_overhead = overhead;
    }

    /// Probes these endgame tables inside the search (or none).
    pub fn set_tables(&mut self, tables: Option<Arc<dyn EndgameTables>>) {
        self.tables = tables;
    }

    /// Empties the transposition table.
    pub fn clear_hash(&mut self) {
        self.tt.clear();
    }

    /// Forgets everything learned: a new game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.threads.clear_history();
    }

    /// Transposition-table fill in per mille.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Whether a search has started and has not yet computed its result.
    pub fn is_searching(&self) -> bool {
        self.state.is_running()
    }

    /// Waits until every search started has handed its result to its sink.
    /// Waits for ever on an infinite search that nobody stops.
    pub fn wait(&self) {
        self.state.wait_delivered();
    }

    /// Starts searching `job` in the background and returns at once.
    /// Reports and the result go to `sink` from the main search thread;
    /// `control` stops the search or tells it the ponder move was played.
    ///
    /// An infinite or pondering search never ends on its own: when it has
    /// nothing left to search it holds its result back until `control`
    /// stops it (or, pondering, until a ponder hit).
    pub fn start(
        &mut self,
        job: SearchJob,
        control: &SearchControl,
        sink: Box<dyn SearchSink>,
    ) -> Result<(), PoolError> {
        if !self.state.begin() {
            return Err(PoolError::Busy);
        }
        self.last_control = Some(control.clone());
        self.tt.new_search();
        let settings = SharedSettings {
            tables: self.tables.clone(),
            threads: self.threads.len(),
            multipv: job.multipv.max(1),
            contempt: self.options.contempt,
            driver: self.options.driver,
            budget: TimeBudget::new(
                &job.limits,
                self.options.move_overhead,
                job.position.fullmove_number(),
            ),
        };
        let max_depth = job.limits.depth.unwrap_or(MAX_PLY as i32 - 1).max(1);
        let job = Job {
            shared: Shared::new(
                Arc::clone(&self.tt),
                control.clone(),
                &job.limits,
                settings,
                Instant::now(),
            ),
            pos: job.position,
            keys: job.history,
            limits: job.limits,
            max_depth,
        };
        if self
            .threads
            .start(Arc::new(job), sink, Arc::clone(&self.state))
        {
            Ok(())
        } else {
            self.state.abandon();
            Err(PoolError::Stopped)
        }
    }

    /// Searches `job` and returns the result once the search has ended: at
    /// its limits, at [`SearchControl::stop`], or when nothing is left to
    /// search. Reports go to `report` on the calling thread.
    pub fn search(
        &mut self,
        job: SearchJob,
        control: &SearchControl,
        report: &mut dyn FnMut(Report),
    ) -> SearchResult {
        self.wait();
        let position = job.position;
        let (events, inbox) = mpsc::channel();
        let started = self.start(job, control, Box::new(ChannelSink(events)));
        let mut result = None;
        if started.is_ok() {
            while let Ok(event) = inbox.recv() {
                match event {
                    Ok(r) => report(r),
                    Err(done) => {
                        result = Some(done);
                        break;
                    }
                }
            }
        }
        self.wait();
        result.unwrap_or_else(|| fallback_result(&position))
    }
}

impl<E: Evaluate + Clone + 'static> Drop for SearchPool<E> {
    /// Stops a search still running (an infinite one would never end) and
    /// waits for its result to be delivered before the threads end.
    fn drop(&mut self) {
        if let Some(control) = &self.last_control {
            control.stop();
        }
        self.wait();
    }
}

/// The blocking search's sink: everything back to the caller's thread.
struct ChannelSink(mpsc::Sender<Result<Report, SearchResult>>);

impl SearchSink for ChannelSink {
    fn report(&mut self, report: Report) {
        let _ = self.0.send(Ok(report));
    }

    fn finish(self: Box<Self>, result: SearchResult) {
        let _ = self.0.send(Err(result));
    }
}

/// The result of a search whose main thread failed: the first legal move,
/// so a front end still has something to play.
pub fn fallback_result(pos: &Position) -> SearchResult {
    let best_move = pos.legal_moves().first().copied().unwrap_or(Move::NULL);
    SearchResult {
        best_move,
        pv: if best_move.is_null() {
            Vec::new()
        } else {
            vec![best_move]
        },
        ..SearchResult::default()
    }
}

/// The result of a search from the main thread's root moves.
pub(crate) fn result_of(
    pos: &Position,
    root_moves: &[RootMove],
    multipv: usize,
    depth: i32,
    nodes: u64,
    tb_hits: u64,
    time: Duration,
) -> SearchResult {
    let multipv = multipv.clamp(1, root_moves.len().max(1));
    let lines: Vec<PvLine> = root_moves
        .iter()
        .take(multipv)
        .map(|rm| PvLine {
            score: Score::from_internal(root_score(rm)),
            pv: playable(pos, &rm.pv),
        })
        .collect();
    let best = root_moves.first();
    let best_move = best.map_or(Move::NULL, |rm| rm.mv);
    let pv = lines.first().map(|l| l.pv.clone()).unwrap_or_default();
    SearchResult {
        best_move,
        ponder_move: pv.get(1).copied(),
        score: Score::from_internal(best.map_or(0, root_score)),
        pv,
        lines,
        depth,
        nodes,
        tb_hits,
        time,
    }
}

/// The line of `result` as a report: what a GUI should see last when the
/// move played is not the first move of the line reported before.
pub fn final_line(result: &SearchResult, last: Option<&PvReport>, hashfull: u32) -> PvReport {
    let depth = result.depth.max(1);
    let time = result.time;
    PvReport {
        depth,
        seldepth: last.map_or(0, |l| l.seldepth).max(depth as usize),
        multipv: 1,
        score: result.score,
        bound: ScoreBound::Exact,
        nodes: result.nodes,
        time,
        nps: (result.nodes as f64 / time.as_secs_f64().max(0.001)) as u64,
        hashfull,
        tb_hits: result.tb_hits,
        pv: if result.pv.first() == Some(&result.best_move) {
            result.pv.clone()
        } else {
            vec![result.best_move]
        },
    }
}

/// The score of a root move from the last completed iteration (or the
/// current one's, when none completed).
fn root_score(rm: &RootMove) -> i32 {
    if rm.previous_score == -INFINITE {
        rm.score.max(-INFINITE + 1)
    } else {
        rm.previous_score
    }
}

/// The longest legal prefix of `line` from `pos`.
pub(crate) fn playable(pos: &Position, line: &[Move]) -> Vec<Move> {
    let mut check = *pos;
    let mut keep = Vec::with_capacity(line.len());
    for &mv in line {
        if !check.is_legal(mv) {
            break;
        }
        check.make_move(mv);
        keep.push(mv);
    }
    keep
}
