//! One search: as a caller asks for it ([`SearchJob`]), and as the pool's
//! threads receive it, with the state they share while it runs (the table,
//! the signals, the node counts and the clock).

use crate::control::SearchControl;
use crate::limits::Limits;
use crate::settings::SearchDriver;
use crate::tables::EndgameTables;
use crate::time::{TimeBudget, NEW_ITERATION_SHARE};
use crate::tt::TranspositionTable;
use outpost_board::Position;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
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

/// What all threads of one search share.
pub(crate) struct Shared {
    pub(crate) tt: Arc<TranspositionTable>,
    pub(crate) tables: Option<Arc<dyn EndgameTables>>,
    /// Table probes that answered, all threads.
    pub(crate) tb_hits: AtomicU64,
    pub(crate) control: SearchControl,
    pub(crate) stop: AtomicBool,
    pub(crate) thread_nodes: Vec<AtomicU64>,
    pub(crate) node_limit: Option<u64>,
    pub(crate) soft_node_limit: Option<u64>,
    pub(crate) multipv: usize,
    pub(crate) contempt: i32,
    pub(crate) driver: SearchDriver,
    budget: Option<TimeBudget>,
    pondering: AtomicBool,
    start: Mutex<Instant>,
}

/// The settings of one search, as [`Shared::new`] takes them.
pub(crate) struct JobSettings {
    pub(crate) tables: Option<Arc<dyn EndgameTables>>,
    pub(crate) threads: usize,
    pub(crate) multipv: usize,
    pub(crate) contempt: i32,
    pub(crate) driver: SearchDriver,
    pub(crate) budget: Option<TimeBudget>,
}

impl Shared {
    pub(crate) fn new(
        tt: Arc<TranspositionTable>,
        control: SearchControl,
        limits: &Limits,
        settings: JobSettings,
        start: Instant,
    ) -> Shared {
        Shared {
            tt,
            tables: settings.tables,
            tb_hits: AtomicU64::new(0),
            control,
            stop: AtomicBool::new(false),
            thread_nodes: (0..settings.threads).map(|_| AtomicU64::new(0)).collect(),
            node_limit: limits.nodes,
            soft_node_limit: limits.soft_nodes,
            multipv: settings.multipv,
            contempt: settings.contempt,
            driver: settings.driver,
            budget: settings.budget,
            pondering: AtomicBool::new(limits.ponder),
            start: Mutex::new(start),
        }
    }

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
            if self.control.is_ponderhit() {
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

/// One search, as every thread of the pool receives it.
pub(crate) struct Job {
    pub(crate) shared: Shared,
    pub(crate) pos: Position,
    pub(crate) keys: Vec<u64>,
    pub(crate) limits: Limits,
    pub(crate) max_depth: i32,
}
