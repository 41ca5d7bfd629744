//! The search pool: the shared transposition table and the persistent
//! search threads, started without blocking, thread 0 reporting straight
//! to the caller's sink.

use crate::control::SearchControl;
use crate::job::{Job, JobSettings, SearchJob, Shared};
use crate::limits::MAX_PLY;
use crate::report::{Report, SearchResult, SearchSink};
use crate::result::fallback_result;
use crate::settings::{PoolSettings, SearchDriver};
use crate::tables::EndgameTables;
use crate::thread::{PoolState, Threads};
use crate::time::TimeBudget;
use crate::tt::{HashTooLarge, TranspositionTable};
use outpost_eval::{Evaluate, Evaluator};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why [`SearchPool::start`] refused a search.
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{
///     Limits, PoolError, Report, SearchControl, SearchJob, SearchPool, SearchResult, SearchSink,
/// };
/// use std::sync::mpsc::{channel, Sender};
///
/// /// Sends the result back.
/// struct Done(Sender<SearchResult>);
///
/// impl SearchSink for Done {
///     fn report(&mut self, _: Report) {}
///
///     fn finish(self: Box<Self>, result: SearchResult) {
///         let _ = self.0.send(result);
///     }
/// }
///
/// let mut pool = SearchPool::default();
/// let control = SearchControl::new();
/// let infinite = Limits {
///     infinite: true,
///     ..Limits::default()
/// };
/// let job = SearchJob::new(Position::startpos(), infinite);
/// let (sender, inbox) = channel();
/// pool.start(job.clone(), &control, Box::new(Done(sender.clone())))
///     .unwrap();
/// assert!(pool.is_searching());
///
/// // One search at a time: the second is refused while the first runs.
/// let refused = pool.start(job, &control, Box::new(Done(sender)));
/// assert_eq!(refused, Err(PoolError::Busy));
/// assert_eq!(PoolError::Busy.to_string(), "a search is already running");
///
/// control.stop();
/// let result = inbox.recv().unwrap();
/// assert!(Position::startpos().is_legal(result.best_move));
/// ```
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
    settings: PoolSettings,
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
        SearchPool::new(PoolSettings::default())
    }
}

impl SearchPool {
    /// A pool with these settings and the handcrafted evaluator.
    ///
    /// ```
    /// use outpost_notation::parse_fen;
    /// use outpost_search::{Limits, Score, SearchControl, SearchJob, PoolSettings, SearchPool};
    ///
    /// let mut pool = SearchPool::new(PoolSettings {
    ///     hash_mib: 4,
    ///     ..PoolSettings::default()
    /// });
    /// assert_eq!(pool.settings().hash_mib, 4);
    ///
    /// // Rd8 mates.
    /// let pos = parse_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
    /// let job = SearchJob::new(pos, Limits::depth(3));
    /// let result = pool.search(job, &SearchControl::new(), &mut |_| {});
    /// assert_eq!(result.best_move.to_string(), "d1d8");
    /// assert_eq!(result.score, Score::Mate(1));
    /// ```
    pub fn new(settings: PoolSettings) -> SearchPool {
        SearchPool::with_evaluator(settings, Evaluator::new())
    }
}

impl<E: Evaluate + Clone + 'static> SearchPool<E> {
    /// A pool with these settings, every thread evaluating with a clone of `eval`.
    ///
    /// ```
    /// use outpost_board::{Color, PieceKind, Position};
    /// use outpost_eval::Evaluate;
    /// use outpost_notation::parse_fen;
    /// use outpost_search::{Limits, SearchControl, SearchJob, PoolSettings, SearchPool};
    ///
    /// /// Counts material and nothing else.
    /// #[derive(Clone)]
    /// struct Material;
    ///
    /// impl Evaluate for Material {
    ///     fn evaluate(&mut self, pos: &Position) -> i32 {
    ///         let worth = |color: Color| -> i32 {
    ///             [
    ///                 (PieceKind::Pawn, 100),
    ///                 (PieceKind::Knight, 300),
    ///                 (PieceKind::Bishop, 300),
    ///                 (PieceKind::Rook, 500),
    ///                 (PieceKind::Queen, 900),
    ///             ]
    ///             .iter()
    ///             .map(|&(kind, value)| pos.pieces_of(color, kind).count() as i32 * value)
    ///             .sum()
    ///         };
    ///         let us = pos.side_to_move();
    ///         worth(us) - worth(!us)
    ///     }
    /// }
    ///
    /// let mut pool = SearchPool::with_evaluator(PoolSettings::default(), Material);
    /// // The queen on d5 hangs to the rook on d2.
    /// let pos = parse_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
    /// let job = SearchJob::new(pos, Limits::depth(3));
    /// let result = pool.search(job, &SearchControl::new(), &mut |_| {});
    /// assert_eq!(result.best_move.to_string(), "d2d5");
    /// ```
    pub fn with_evaluator(settings: PoolSettings, eval: E) -> SearchPool<E> {
        let threads = Threads::new(settings.threads.max(1), &eval);
        SearchPool {
            tt: Arc::new(TranspositionTable::new(settings.hash_mib)),
            tables: None,
            settings: PoolSettings {
                threads: threads.len(),
                ..settings
            },
            threads,
            state: Arc::new(PoolState::default()),
            prototype: eval,
            last_control: None,
        }
    }

    /// The current settings.
    pub fn settings(&self) -> &PoolSettings {
        &self.settings
    }

    /// Sets the number of search threads (at least 1). Call it between searches.
    pub fn set_threads(&mut self, threads: usize) {
        self.wait();
        self.threads.resize(threads, &self.prototype);
        self.settings.threads = self.threads.len();
    }

    /// Resizes (and clears) the transposition table. When the system
    /// cannot give the memory, the table and the setting stay as they were.
    ///
    /// ```
    /// use outpost_search::{HashTooLarge, SearchPool};
    ///
    /// let mut pool = SearchPool::default();
    /// assert_eq!(pool.set_hash(4), Ok(()));
    /// assert_eq!(pool.settings().hash_mib, 4);
    /// // More mebibytes than there are bytes to address.
    /// assert_eq!(
    ///     pool.set_hash(usize::MAX),
    ///     Err(HashTooLarge { mib: usize::MAX })
    /// );
    /// assert_eq!(pool.settings().hash_mib, 4);
    /// ```
    pub fn set_hash(&mut self, mib: usize) -> Result<(), HashTooLarge> {
        let table = TranspositionTable::try_new(mib.max(1))?;
        self.settings.hash_mib = mib.max(1);
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
        self.settings.contempt = contempt;
    }

    /// Chooses how the root drives the search.
    pub fn set_driver(&mut self, driver: SearchDriver) {
        self.settings.driver = driver;
    }

    /// Sets the time kept in reserve per move.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.settings.move_overhead = overhead;
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
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_search::{
    ///     Limits, Report, SearchControl, SearchJob, SearchPool, SearchResult, SearchSink,
    /// };
    /// use std::sync::{Arc, Mutex};
    ///
    /// /// Keeps the result where the caller can see it.
    /// struct Keep(Arc<Mutex<Option<SearchResult>>>);
    ///
    /// impl SearchSink for Keep {
    ///     fn report(&mut self, _: Report) {}
    ///
    ///     fn finish(self: Box<Self>, result: SearchResult) {
    ///         *self.0.lock().unwrap() = Some(result);
    ///     }
    /// }
    ///
    /// let mut pool = SearchPool::default();
    /// let kept = Arc::new(Mutex::new(None));
    /// let job = SearchJob::new(Position::startpos(), Limits::depth(5));
    /// pool.start(
    ///     job,
    ///     &SearchControl::new(),
    ///     Box::new(Keep(Arc::clone(&kept))),
    /// )
    /// .unwrap();
    /// // Free to do other work here; then wait for the result to be delivered.
    /// pool.wait();
    /// assert!(!pool.is_searching());
    /// let result = kept.lock().unwrap().take().unwrap();
    /// assert_eq!(result.depth, 5);
    /// assert!(Position::startpos().is_legal(result.best_move));
    /// ```
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
        let settings = JobSettings {
            tables: self.tables.clone(),
            threads: self.threads.len(),
            multipv: job.multipv.max(1),
            contempt: self.settings.contempt,
            driver: self.settings.driver,
            budget: TimeBudget::new(
                &job.limits,
                self.settings.move_overhead,
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
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_search::{Limits, Report, SearchControl, SearchJob, SearchPool};
    ///
    /// let mut pool = SearchPool::default();
    /// let pos = Position::startpos();
    /// let mut lines = Vec::new();
    /// let result = pool.search(
    ///     SearchJob::new(pos, Limits::depth(5)),
    ///     &SearchControl::new(),
    ///     &mut |report| {
    ///         if let Report::Pv(line) = report {
    ///             lines.push(line);
    ///         }
    ///     },
    /// );
    /// // A line per iteration while it ran, the last one being what it plays.
    /// assert!(lines.iter().all(|line| pos.is_legal(line.pv[0])));
    /// assert_eq!(lines.last().unwrap().pv[0], result.best_move);
    /// assert_eq!(result.depth, 5);
    /// assert!(result.nodes > 0);
    ///
    /// // The pool keeps its table: the same search again needs fewer nodes.
    /// let again = pool.search(
    ///     SearchJob::new(pos, Limits::depth(5)),
    ///     &SearchControl::new(),
    ///     &mut |_| {},
    /// );
    /// assert!(again.nodes < result.nodes);
    /// ```
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

    /// Searches `job` like [`search`](SearchPool::search), but without
    /// reports: the calling thread sleeps until the result and is woken once,
    /// not once per iteration. For callers that want only the result of
    /// many short searches (data generation, self-play at a node count).
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_search::{Limits, SearchControl, SearchJob, SearchPool};
    ///
    /// let mut pool = SearchPool::default();
    /// let pos = Position::startpos();
    /// let job = SearchJob::new(pos, Limits::depth(6));
    /// let result = pool.search_without_reports(job.clone(), &SearchControl::new());
    /// assert!(pos.is_legal(result.best_move));
    /// assert_eq!(result.depth, 6);
    ///
    /// // The same search as with reports: same move, score and node count.
    /// let mut fresh = SearchPool::default();
    /// let reported = fresh.search(job, &SearchControl::new(), &mut |_| {});
    /// assert_eq!((reported.best_move, reported.score), (result.best_move, result.score));
    /// assert_eq!(reported.nodes, result.nodes);
    /// ```
    pub fn search_without_reports(
        &mut self,
        job: SearchJob,
        control: &SearchControl,
    ) -> SearchResult {
        self.wait();
        let position = job.position;
        let (sender, receiver) = mpsc::channel();
        let started = self.start(job, control, Box::new(ResultSink(sender)));
        let result = started.ok().and_then(|()| receiver.recv().ok());
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

/// The silent search's sink: the result alone back to the caller's thread.
struct ResultSink(mpsc::Sender<SearchResult>);

impl SearchSink for ResultSink {
    fn report(&mut self, _: Report) {}

    fn finish(self: Box<Self>, result: SearchResult) {
        let _ = self.0.send(result);
    }
}
