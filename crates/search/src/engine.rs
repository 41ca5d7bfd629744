//! The engine: options, the shared transposition table, and the threads of one search.

use crate::limits::Limits;
use crate::ordering::History;
use crate::report::{Report, SearchResult};
use crate::score::{Score, INFINITE};
use crate::search::{Worker, MAX_PLY};
use crate::time::{TimeBudget, NEW_ITERATION_SHARE};
use crate::tt::TranspositionTable;
use outpost_board::{Move, Position};
use outpost_eval::Evaluator;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Stack size of search threads: the recursion keeps a move picker per ply.
const THREAD_STACK: usize = 64 * 1024 * 1024;

/// Signals from a front end to a running search. Share it (for example in
/// an `Arc`) between the thread that reads commands and the one that searches.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    ponderhit: AtomicBool,
}

impl SearchControl {
    /// Fresh signals: not stopped, no ponder hit.
    pub fn new() -> SearchControl {
        SearchControl::default()
    }

    /// Asks the search to stop as soon as possible and return its best move.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Tells a pondering search that the expected move was played: from now
    /// on its clock runs.
    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Ordering::Relaxed);
    }

    /// Whether [`SearchControl::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Clears both signals for the next search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.ponderhit.store(false, Ordering::Relaxed);
    }
}

/// How the root drives the search. [`SearchDriver::Pvs`] is the engine's
/// own; the other two are kept for study and comparison (see
/// `docs/search.md` for the nodes each needs to reach the same depths).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchDriver {
    /// Principal variation search with aspiration windows: the first move
    /// of a node gets the full window, the others a null window first and a
    /// full-window re-search only when they beat alpha.
    #[default]
    Pvs,
    /// Plain alpha-beta: every move searched with the node's full window,
    /// the root with an infinite window. The same pruning and reductions.
    AlphaBeta,
    /// MTD(f): the root searched again and again with null windows that
    /// close in on the score, starting from the previous iteration's.
    /// Reports only the first move of each line.
    Mtdf,
}

impl SearchDriver {
    /// Every driver, the engine's own first.
    pub const ALL: [SearchDriver; 3] = [
        SearchDriver::Pvs,
        SearchDriver::AlphaBeta,
        SearchDriver::Mtdf,
    ];

    /// The driver's name: `PVS`, `AlphaBeta` or `MTDf`.
    pub fn name(self) -> &'static str {
        match self {
            SearchDriver::Pvs => "PVS",
            SearchDriver::AlphaBeta => "AlphaBeta",
            SearchDriver::Mtdf => "MTDf",
        }
    }

    /// The driver with this name (any case), if there is one.
    pub fn from_name(name: &str) -> Option<SearchDriver> {
        SearchDriver::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

/// The engine's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Number of best lines to report.
    pub multipv: usize,
    /// How much the engine dislikes a draw, in centipawns (0: a draw is a draw).
    pub contempt: i32,
    /// Time kept in reserve for communication per move.
    pub move_overhead: Duration,
    /// How the root drives the search.
    pub driver: SearchDriver,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            threads: 1,
            hash_mib: 16,
            multipv: 1,
            contempt: 0,
            move_overhead: Duration::from_millis(30),
            driver: SearchDriver::Pvs,
        }
    }
}

/// What all threads of one search share.
pub(crate) struct Shared<'a> {
    pub(crate) tt: &'a TranspositionTable,
    control: &'a SearchControl,
    pub(crate) stop: AtomicBool,
    pub(crate) thread_nodes: Vec<AtomicU64>,
    pub(crate) node_limit: Option<u64>,
    pub(crate) multipv: usize,
    pub(crate) contempt: i32,
    pub(crate) driver: SearchDriver,
    budget: Option<TimeBudget>,
    pondering: AtomicBool,
    start: Mutex<Instant>,
}

impl Shared<'_> {
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.lock().map_or(Duration::ZERO, |s| s.elapsed())
    }

    /// Follows the front end's signals and the hard time limit (main thread).
    pub(crate) fn check_limits(&self, _nodes: u64) {
        if self.control.is_stopped() {
            self.stop.store(true, Ordering::Relaxed);
            return;
        }
        if self.pondering.load(Ordering::Relaxed) {
            if self.control.ponderhit.load(Ordering::Relaxed) {
                self.pondering.store(false, Ordering::Relaxed);
                if let Ok(mut start) = self.start.lock() {
                    *start = Instant::now();
                }
            }
            return;
        }
        if let Some(budget) = self.budget {
            if self.elapsed() >= budget.hard {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Whether the search runs on a game clock (not a fixed time, not pondering).
    pub(crate) fn on_clock(&self) -> bool {
        self.budget.is_some_and(|b| !b.fixed) && !self.pondering.load(Ordering::Relaxed)
    }

    /// After an iteration: whether to stop rather than start another,
    /// with the soft target scaled by `scale`.
    pub(crate) fn iteration_should_stop(&self, scale: f64) -> bool {
        self.check_limits(0);
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        if self.pondering.load(Ordering::Relaxed) {
            return false;
        }
        match self.budget {
            // The next iteration takes a few times longer than this one:
            // don't start it late.
            Some(budget) if !budget.fixed => {
                self.elapsed().as_secs_f64()
                    >= budget.soft.as_secs_f64() * scale * NEW_ITERATION_SHARE
            }
            Some(_) => false,
            None => false,
        }
    }
}

/// A chess engine: options, a transposition table, and per-thread history,
/// kept from one search to the next.
pub struct Engine {
    options: EngineOptions,
    tt: TranspositionTable,
    histories: Vec<History>,
    evaluators: Vec<Evaluator>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(EngineOptions::default())
    }
}

impl Engine {
    /// An engine with these options.
    pub fn new(options: EngineOptions) -> Engine {
        let mut engine = Engine {
            tt: TranspositionTable::new(options.hash_mib),
            histories: Vec::new(),
            evaluators: Vec::new(),
            options,
        };
        engine.set_threads(engine.options.threads);
        engine
    }

    /// The current options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Sets the number of search threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.max(1);
        self.options.threads = threads;
        self.histories.resize_with(threads, History::new);
        self.evaluators.resize_with(threads, Evaluator::new);
    }

    /// Resizes (and clears) the transposition table.
    pub fn set_hash(&mut self, mib: usize) {
        self.options.hash_mib = mib.max(1);
        self.tt = TranspositionTable::new(self.options.hash_mib);
    }

    /// Sets the number of lines to report.
    pub fn set_multipv(&mut self, lines: usize) {
        self.options.multipv = lines.max(1);
    }

    /// Sets the contempt in centipawns.
    pub fn set_contempt(&mut self, contempt: i32) {
        self.options.contempt = contempt;
    }

    /// Chooses how the root drives the search.
    pub fn set_driver(&mut self, driver: SearchDriver) {
        self.options.driver = driver;
    }

    /// Sets the time kept in reserve per move.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.options.move_overhead = overhead;
    }

    /// Empties the transposition table.
    pub fn clear_hash(&mut self) {
        self.tt.clear();
    }

    /// Forgets everything learned: a new game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        for h in &mut self.histories {
            h.clear();
        }
    }

    /// Transposition-table fill in per mille.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches `pos` (reached after the positions whose keys are in
    /// `history`, oldest first) within `limits`, sending reports to `report`,
    /// and returns the best move. Returns only when allowed to: an infinite
    /// or pondering search waits for [`SearchControl::stop`] (or a ponder
    /// hit) even after it has finished.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        control: &SearchControl,
        report: &mut (dyn FnMut(Report) + Send),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let threads = self.options.threads;
        let shared = Shared {
            tt: &self.tt,
            control,
            stop: AtomicBool::new(false),
            thread_nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            node_limit: limits.nodes,
            multipv: self.options.multipv,
            contempt: self.options.contempt,
            driver: self.options.driver,
            budget: TimeBudget::new(limits, self.options.move_overhead, pos.fullmove_number()),
            pondering: AtomicBool::new(limits.ponder),
            start: Mutex::new(start),
        };
        let max_depth = limits.depth.unwrap_or(MAX_PLY as i32 - 1).max(1);
        let shared = &shared;
        let mut outcome = None;
        std::thread::scope(|scope| {
            let mut helpers = Vec::new();
            let mut rest_h = self.histories.iter_mut();
            let mut rest_e = self.evaluators.iter_mut();
            let (Some(main_history), Some(main_eval)) = (rest_h.next(), rest_e.next()) else {
                return;
            };
            for (id, (history_table, eval)) in rest_h.zip(rest_e).enumerate() {
                let builder = std::thread::Builder::new().stack_size(THREAD_STACK);
                let spawned = builder.spawn_scoped(scope, move || {
                    let mut worker =
                        Worker::new(id + 1, shared, eval, history_table, pos, history, limits);
                    worker.iterate(pos, max_depth, None, &mut |_| {});
                });
                if let Ok(handle) = spawned {
                    helpers.push(handle);
                }
            }
            let main = std::thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, || {
                    let mut worker =
                        Worker::new(0, shared, main_eval, main_history, pos, history, limits);
                    worker.iterate(pos, max_depth, limits.mate, report);
                    // UCI: an infinite or pondering search answers only when told.
                    while !control.is_stopped()
                        && (limits.infinite
                            || (shared.pondering.load(Ordering::Relaxed)
                                && !control.ponderhit.load(Ordering::Relaxed)))
                    {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    shared.stop.store(true, Ordering::Relaxed);
                    let nodes: u64 = worker.nodes;
                    (worker.root_moves, worker.completed_depth, nodes)
                });
            if let Ok(handle) = main {
                outcome = handle.join().ok();
            }
            shared.stop.store(true, Ordering::Relaxed);
            for h in helpers {
                let _ = h.join();
            }
        });
        let total_nodes: u64 = shared
            .thread_nodes
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .sum();
        let (root_moves, depth, main_nodes) = outcome.unwrap_or_default();
        let nodes = total_nodes.max(main_nodes);
        let best = root_moves.first();
        SearchResult {
            best_move: best.map_or(Move::NULL, |rm| rm.mv),
            ponder_move: best
                .and_then(|rm| rm.pv.get(1).copied())
                .filter(|&mv| best.is_some_and(|rm| pos.play(rm.mv).is_legal(mv))),
            score: Score::from_internal(best.map_or(0, |rm| {
                if rm.previous_score == -INFINITE {
                    rm.score.max(-INFINITE + 1)
                } else {
                    rm.previous_score
                }
            })),
            depth,
            nodes,
            time: start.elapsed(),
        }
    }
}
