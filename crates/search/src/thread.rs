//! The search threads: a persistent pool of them, and what the pool's
//! handle and its main thread both see of a search in progress.
//!
//! Thread 0 is the main thread: it reports, watches the limits and decides
//! when to stop; the others are Lazy SMP helpers that search the same root
//! through the shared transposition table. Each thread keeps its history
//! tables and its evaluator from one search to the next.

use crate::history::History;
use crate::job::Job;
use crate::report::{PvReport, Report, SearchSink};
use crate::result::{fallback_result, final_line, result_of};
use crate::search::{SearchBuffers, Worker};
use outpost_eval::Evaluate;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

/// Stack size of search threads: the recursion keeps a move picker per ply.
const THREAD_STACK: usize = 64 * 1024 * 1024;

/// Whether the pool is searching, as the pool's handle and its main
/// thread both see it.
#[derive(Default)]
pub(crate) struct PoolState {
    lock: Mutex<Progress>,
    changed: Condvar,
}

#[derive(Default)]
struct Progress {
    /// A search was started and has not yet computed its result.
    running: bool,
    /// Searches started whose result has not yet reached their sink.
    undelivered: usize,
}

impl PoolState {
    fn lock(&self) -> MutexGuard<'_, Progress> {
        self.lock
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(crate) fn is_running(&self) -> bool {
        self.lock().running
    }

    /// Marks a search as started; `false` when one already runs.
    pub(crate) fn begin(&self) -> bool {
        let mut progress = self.lock();
        if progress.running {
            return false;
        }
        progress.running = true;
        progress.undelivered += 1;
        true
    }

    /// A search that could not be started after [`PoolState::begin`].
    pub(crate) fn abandon(&self) {
        self.computed();
        self.delivered();
    }

    fn computed(&self) {
        self.lock().running = false;
        self.changed.notify_all();
    }

    fn delivered(&self) {
        let mut progress = self.lock();
        progress.undelivered = progress.undelivered.saturating_sub(1);
        drop(progress);
        self.changed.notify_all();
    }

    pub(crate) fn wait_delivered(&self) {
        let mut progress = self.lock();
        while progress.undelivered > 0 {
            progress = self
                .changed
                .wait(progress)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
    }
}

/// What the main thread needs besides the job: the sink, the helpers'
/// node counts as they finish, and the pool's state.
struct MainDuty {
    sink: Box<dyn SearchSink>,
    helpers: Receiver<u64>,
    state: Arc<PoolState>,
}

enum Task<E> {
    Main { job: Arc<Job>, duty: MainDuty },
    Helper { job: Arc<Job>, done: Sender<u64> },
    ClearHistory,
    SetEvaluator(E),
}

/// One pool thread: its task queue and its handle.
struct PoolThread<E> {
    tasks: Sender<Task<E>>,
    handle: Option<JoinHandle<()>>,
}

/// The persistent search threads; thread 0 is the main thread. Dropping
/// them ends them.
pub(crate) struct Threads<E> {
    threads: Vec<PoolThread<E>>,
}

impl<E: Evaluate + Clone + 'static> Threads<E> {
    /// `count` threads, each with a clone of `eval`.
    pub(crate) fn new(count: usize, eval: &E) -> Threads<E> {
        let mut threads = Threads {
            threads: Vec::new(),
        };
        threads.resize(count, eval);
        threads
    }

    /// Number of threads.
    pub(crate) fn len(&self) -> usize {
        self.threads.len()
    }

    /// Grows or shrinks the pool to `count` threads (at least one).
    pub(crate) fn resize(&mut self, count: usize, eval: &E) {
        let count = count.max(1);
        while self.threads.len() > count {
            if let Some(thread) = self.threads.pop() {
                thread.join();
            }
        }
        while self.threads.len() < count {
            let id = self.threads.len();
            let (tasks, inbox) = mpsc::channel();
            let eval = eval.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(THREAD_STACK)
                .spawn(move || run_thread(id, &inbox, eval));
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

    /// Every thread evaluates with a clone of `eval` from its next search.
    pub(crate) fn set_evaluator(&self, eval: &E) {
        for thread in &self.threads {
            let _ = thread.tasks.send(Task::SetEvaluator(eval.clone()));
        }
    }

    /// Hands `job` to every thread, the main duty to thread 0; `false`
    /// when thread 0 is gone.
    pub(crate) fn start(
        &self,
        job: Arc<Job>,
        sink: Box<dyn SearchSink>,
        state: Arc<PoolState>,
    ) -> bool {
        let Some((main, helpers)) = self.threads.split_first() else {
            return false;
        };
        let (done, finished) = mpsc::channel();
        for thread in helpers {
            let task = Task::Helper {
                job: Arc::clone(&job),
                done: done.clone(),
            };
            // A thread that is gone cannot help; the others go on.
            let _ = thread.tasks.send(task);
        }
        drop(done);
        let duty = MainDuty {
            sink,
            helpers: finished,
            state,
        };
        main.tasks.send(Task::Main { job, duty }).is_ok()
    }
}

impl<E> Drop for Threads<E> {
    fn drop(&mut self) {
        for thread in self.threads.drain(..) {
            thread.join();
        }
    }
}

impl<E> PoolThread<E> {
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
fn run_thread<E: Evaluate>(id: usize, inbox: &Receiver<Task<E>>, mut eval: E) {
    let mut history = History::new();
    let mut buffers = SearchBuffers::new();
    while let Ok(task) = inbox.recv() {
        match task {
            Task::ClearHistory => history.clear(),
            Task::SetEvaluator(new) => eval = new,
            Task::Helper { job, done } => {
                let nodes = catch_unwind(AssertUnwindSafe(|| {
                    let mut worker = Worker::new(id, &job, &mut eval, &mut history, &mut buffers);
                    worker.iterate(&job.pos, job.max_depth, None, &mut |_| {});
                    worker.nodes
                }));
                if nodes.is_err() {
                    // Tables a panic left half-updated are not kept.
                    history.clear();
                }
                let _ = done.send(nodes.unwrap_or(0));
            }
            Task::Main { job, duty } => {
                main_search(&job, duty, &mut eval, &mut history, &mut buffers)
            }
        }
    }
}

/// The main thread's search: iterate and report, stop the helpers, build
/// the result, let the sink conclude, hold an infinite or pondering
/// search's answer until released, and deliver the result.
fn main_search<E: Evaluate>(
    job: &Job,
    duty: MainDuty,
    eval: &mut E,
    history: &mut History,
    buffers: &mut SearchBuffers,
) {
    let MainDuty {
        mut sink,
        helpers,
        state,
    } = duty;
    // The last line reported for the first PV: a GUI takes the move
    // played to be its first move.
    let mut last_line: Option<PvReport> = None;
    let searched = catch_unwind(AssertUnwindSafe(|| {
        let mut worker = Worker::new(0, job, eval, history, buffers);
        let mut report = |r: Report| {
            if let Report::Pv(line) = &r {
                if line.multipv == 1 {
                    last_line = Some(line.clone());
                }
            }
            sink.report(r);
        };
        worker.iterate(&job.pos, job.max_depth, job.limits.mate, &mut report);
        (
            std::mem::take(&mut worker.root_moves),
            worker.completed_depth,
            worker.nodes,
        )
    }));
    job.shared.stop.store(true, Ordering::Relaxed);
    // Every helper sends its nodes once, or drops its sender if it died.
    let helper_nodes: u64 = helpers.iter().sum();
    let shared = &job.shared;
    let tb_hits = shared.tb_hits.load(Ordering::Relaxed);
    let result = match searched {
        Ok((root_moves, depth, nodes)) => result_of(
            &job.pos,
            &root_moves,
            shared.multipv,
            depth,
            nodes + helper_nodes,
            tb_hits,
            shared.elapsed(),
        ),
        Err(_) => {
            history.clear();
            fallback_result(&job.pos)
        }
    };
    let reported_first = last_line.as_ref().and_then(|l| l.pv.first().copied());
    if !result.best_move.is_null() && reported_first.is_some_and(|mv| mv != result.best_move) {
        let line = final_line(&result, last_line.as_ref(), shared.tt.hashfull());
        // The caller's sink runs here, outside the search's own guard: a
        // panic in it (a report written to a closed pipe) must not skip
        // marking the search computed and delivered, or waiters hang.
        let _ = catch_unwind(AssertUnwindSafe(|| sink.report(Report::Pv(line))));
    }
    let control = &shared.control;
    let result = match catch_unwind(AssertUnwindSafe(|| sink.conclude(result.clone(), control))) {
        Ok(concluded) => concluded,
        Err(_) => result,
    };
    // An infinite or pondering search answers only when told to.
    if job.limits.infinite {
        control.wait_for_release(false);
    } else if job.limits.ponder {
        control.wait_for_release(true);
    }
    state.computed();
    let _ = catch_unwind(AssertUnwindSafe(|| sink.finish(result)));
    state.delivered();
}
