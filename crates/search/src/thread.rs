//! The search threads: a persistent pool, one thread per `Threads`, and
//! what the threads of one search share.
//!
//! Thread 0 is the main thread: it reports, watches the limits and decides
//! when to stop; the others are Lazy SMP helpers that search the same root
//! through the shared transposition table. Each thread keeps its history
//! tables and its evaluator from one search to the next.

use crate::control::SearchControl;
use crate::engine::SearchDriver;
use crate::history::History;
use crate::limits::Limits;
use crate::report::Report;
use crate::search::{RootMove, Worker};
use crate::tables::EndgameTables;
use crate::time::{TimeBudget, NEW_ITERATION_SHARE};
use crate::tt::TranspositionTable;
use outpost_board::Position;
use outpost_eval::Evaluate;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Stack size of search threads: the recursion keeps a move picker per ply.
const THREAD_STACK: usize = 64 * 1024 * 1024;

/// What all threads of one search share.
pub(crate) struct Shared {
    pub(crate) tt: Arc<TranspositionTable>,
    pub(crate) tables: Option<Arc<dyn EndgameTables>>,
    /// Table probes that answered, all threads.
    pub(crate) tb_hits: AtomicU64,
    control: SearchControl,
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
pub(crate) struct SharedSettings {
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
        settings: SharedSettings,
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

/// What the main thread found when it stopped.
#[derive(Default)]
pub(crate) struct MainOutcome {
    pub(crate) root_moves: Vec<RootMove>,
    pub(crate) tb_hits: u64,
    pub(crate) depth: i32,
    pub(crate) nodes: u64,
}

/// What pool threads send back while and after they search.
pub(crate) enum ThreadEvent {
    Report(Report),
    MainDone(MainOutcome),
}

enum Task {
    Search {
        job: Arc<Job>,
        events: Sender<ThreadEvent>,
    },
    ClearHistory,
}

/// One pool thread: its task queue and its handle.
struct PoolThread {
    tasks: Sender<Task>,
    handle: Option<JoinHandle<()>>,
}

/// The persistent search threads. Dropping the pool ends them.
pub(crate) struct ThreadPool {
    threads: Vec<PoolThread>,
}

impl ThreadPool {
    /// A pool of `count` threads, each with a clone of `eval`.
    pub(crate) fn new<E: Evaluate + Clone + 'static>(count: usize, eval: &E) -> ThreadPool {
        let mut pool = ThreadPool {
            threads: Vec::new(),
        };
        pool.resize(count, eval);
        pool
    }

    /// Number of threads.
    pub(crate) fn len(&self) -> usize {
        self.threads.len()
    }

    /// Grows or shrinks the pool to `count` threads (at least one).
    pub(crate) fn resize<E: Evaluate + Clone + 'static>(&mut self, count: usize, eval: &E) {
        let count = count.max(1);
        while self.threads.len() > count {
            if let Some(thread) = self.threads.pop() {
                thread.join();
            }
        }
        while self.threads.len() < count {
            let id = self.threads.len();
            let (tasks, inbox) = mpsc::channel();
            let mut eval = eval.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(THREAD_STACK)
                .spawn(move || run_thread(id, &inbox, &mut eval));
            match spawned {
                Ok(handle) => self.threads.push(PoolThread {
                    tasks,
                    handle: Some(handle),
                }),
                // The system refuses more threads: search with what we have.
                Err(_) => break,
            }
        }
    }

    /// Forgets every thread's history tables.
    pub(crate) fn clear_history(&self) {
        for thread in &self.threads {
            let _ = thread.tasks.send(Task::ClearHistory);
        }
    }

    /// Runs `job` on every thread; reports go to `report`. Returns the main
    /// thread's outcome and the nodes of all threads once every thread has
    /// finished.
    pub(crate) fn search(&self, job: Job, report: &mut dyn FnMut(Report)) -> (MainOutcome, u64) {
        let job = Arc::new(job);
        let (events, inbox) = mpsc::channel();
        for thread in &self.threads {
            let task = Task::Search {
                job: Arc::clone(&job),
                events: events.clone(),
            };
            if thread.tasks.send(task).is_err() {
                // A thread that is gone cannot help; the others go on.
                job.shared.stop.store(true, Ordering::Relaxed);
            }
        }
        drop(events);
        // Every thread drops its sender when it finishes, so this ends
        // when all have (or have died).
        let mut outcome = None;
        while let Ok(event) = inbox.recv() {
            match event {
                ThreadEvent::Report(r) => report(r),
                ThreadEvent::MainDone(main) => {
                    job.shared.stop.store(true, Ordering::Relaxed);
                    outcome = Some(main);
                }
            }
        }
        let main = outcome.unwrap_or_default();
        let helpers: u64 = job.shared.thread_nodes[1..]
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .sum();
        let total = helpers + main.nodes;
        let main = MainOutcome {
            tb_hits: job.shared.tb_hits.load(Ordering::Relaxed),
            ..main
        };
        (main, total)
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        for thread in self.threads.drain(..) {
            thread.join();
        }
    }
}

impl PoolThread {
    fn join(mut self) {
        // Closing the queue ends the thread's loop.
        let (closed, _) = mpsc::channel();
        self.tasks = closed;
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

/// The loop of pool thread `id`: one task at a time until the pool closes.
fn run_thread<E: Evaluate>(id: usize, inbox: &Receiver<Task>, eval: &mut E) {
    let mut history = History::new();
    while let Ok(task) = inbox.recv() {
        match task {
            Task::ClearHistory => history.clear(),
            Task::Search { job, events } => {
                let job = &*job;
                let mut worker = Worker::new(
                    id,
                    &job.shared,
                    eval,
                    &mut history,
                    &job.pos,
                    &job.keys,
                    &job.limits,
                );
                if id == 0 {
                    let mut report = |r: Report| {
                        let _ = events.send(ThreadEvent::Report(r));
                    };
                    worker.iterate(&job.pos, job.max_depth, job.limits.mate, &mut report);
                    job.shared.stop.store(true, Ordering::Relaxed);
                    let outcome = MainOutcome {
                        tb_hits: 0,
                        nodes: worker.nodes,
                        depth: worker.completed_depth,
                        root_moves: std::mem::take(&mut worker.root_moves),
                    };
                    let _ = events.send(ThreadEvent::MainDone(outcome));
                } else {
                    worker.iterate(&job.pos, job.max_depth, None, &mut |_| {});
                    job.shared.thread_nodes[id].store(worker.nodes, Ordering::Relaxed);
                }
            }
        }
    }
}
