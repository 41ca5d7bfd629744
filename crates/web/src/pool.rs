//! A bounded pool of engines: at most one search per engine, a queue of
//! bounded length and wait in front of them, and 503 beyond that.

use crate::WebError;
use outpost_engine::{parse_option, Engine, EngineSettings, SearchEvent, SearchRequest};
use outpost_search::{Report, SearchResult};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};

/// The engines and the gate in front of them.
pub struct EnginePool {
    idle: Mutex<Vec<Engine>>,
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
    queue_wait: Duration,
}

/// What a search sends back while it runs: reports, then its result.
pub type Events = mpsc::UnboundedReceiver<SearchEvent>;

impl EnginePool {
    /// `size` engines with `hash_mib` each, `queue` requests allowed to
    /// wait at most `queue_wait` for one, each playing from the Polyglot
    /// `book` if one is given and probing the Syzygy tables of `syzygy`
    /// (a book or table directory that cannot be read is an error).
    pub fn new(
        size: usize,
        hash_mib: usize,
        queue: usize,
        queue_wait: Duration,
        book: Option<&Path>,
        syzygy: Option<&str>,
    ) -> Result<EnginePool, WebError> {
        let mut settings = EngineSettings::default();
        settings.search.hash_mib = hash_mib.max(1);
        // No GUI link to allow for: a move time is all thinking time.
        settings.search.move_overhead = Duration::ZERO;
        settings.own_book = book.is_some();
        let mut engines = (0..size.max(1))
            .map(|_| Engine::new(settings.clone()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| WebError::Server {
                reason: e.to_string(),
            })?;
        if let Some(path) = book {
            let setting = parse_option("BookFile", Some(&path.to_string_lossy())).map_err(|e| {
                WebError::Server {
                    reason: e.to_string(),
                }
            })?;
            for engine in &mut engines {
                engine.set_option(&setting).map_err(|e| WebError::Server {
                    reason: format!("opening book {}: {e}", path.display()),
                })?;
            }
        }
        if let Some(dirs) = syzygy {
            let setting = parse_option("SyzygyPath", Some(dirs)).map_err(|e| WebError::Server {
                reason: e.to_string(),
            })?;
            for engine in &mut engines {
                engine.set_option(&setting).map_err(|e| WebError::Server {
                    reason: e.to_string(),
                })?;
            }
        }
        Ok(EnginePool {
            permits: Arc::new(Semaphore::new(engines.len())),
            idle: Mutex::new(engines),
            waiting: AtomicUsize::new(0),
            queue,
            queue_wait,
        })
    }

    /// Requests waiting for an engine now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// An engine of one's own until the lease is dropped; waits in the
    /// queue, or is refused when the queue is full or the wait too long.
    pub async fn acquire(self: &Arc<Self>) -> Result<Lease, WebError> {
        let permit = match Arc::clone(&self.permits).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                let _place = QueuePlace::take(self)?;
                let waited = tokio::time::timeout(
                    self.queue_wait,
                    Arc::clone(&self.permits).acquire_owned(),
                )
                .await;
                match waited {
                    Ok(Ok(permit)) => permit,
                    _ => {
                        return Err(WebError::Busy {
                            reason: "no engine became free in time".to_string(),
                        })
                    }
                }
            }
        };
        let engine = self
            .idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop()
            .ok_or_else(|| WebError::Busy {
                reason: "no engine is free".to_string(),
            })?;
        Ok(Lease {
            engine: Some(engine),
            pool: Arc::clone(self),
            permit: Some(permit),
        })
    }
}

/// A place in the queue, given back when the wait ends (or is abandoned).
struct QueuePlace<'a>(&'a EnginePool);

impl<'a> QueuePlace<'a> {
    fn take(pool: &'a EnginePool) -> Result<QueuePlace<'a>, WebError> {
        let before = pool.waiting.fetch_add(1, Ordering::SeqCst);
        if before >= pool.queue {
            pool.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(WebError::Busy {
                reason: format!("{before} requests are already waiting for an engine"),
            });
        }
        Ok(QueuePlace(pool))
    }
}

impl Drop for QueuePlace<'_> {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::SeqCst);
    }
}

/// One engine, lent until dropped; dropping it stops its search (a
/// client that went away) and gives it back to the pool.
pub struct Lease {
    engine: Option<Engine>,
    pool: Arc<EnginePool>,
    permit: Option<OwnedSemaphorePermit>,
}

impl Lease {
    fn engine(&mut self) -> Result<&mut Engine, WebError> {
        self.engine.as_mut().ok_or_else(|| WebError::Server {
            reason: "the engine was given back".to_string(),
        })
    }

    /// Starts a search (its level and lines ride on the request); its
    /// events arrive on the returned channel, the result last.
    pub fn start(&mut self, request: SearchRequest) -> Result<Events, WebError> {
        let engine = self.engine()?;
        let server = |e: outpost_engine::EngineError| WebError::Server {
            reason: e.to_string(),
        };
        let (tx, rx) = mpsc::unbounded_channel();
        engine
            .start(request, move |event| {
                let _ = tx.send(event);
            })
            .map_err(server)?;
        Ok(rx)
    }

    /// Searches and waits for the result.
    pub async fn search(&mut self, request: SearchRequest) -> Result<SearchResult, WebError> {
        let mut events = self.start(request)?;
        finish(&mut events, |_| {}).await
    }

    /// Asks the running search to stop.
    pub fn stop(&self) {
        if let Some(engine) = &self.engine {
            engine.stop();
        }
    }
}

/// Reads `events` until the result, passing reports to `on_report`.
pub async fn finish(
    events: &mut Events,
    mut on_report: impl FnMut(Report),
) -> Result<SearchResult, WebError> {
    while let Some(event) = events.recv().await {
        match event {
            SearchEvent::Report(report) => on_report(report),
            SearchEvent::Finished(result) => return Ok(result),
            // The result that follows says all a client needs.
            SearchEvent::BookMove(_) | SearchEvent::TableMove(_) | SearchEvent::Info(_) => {}
        }
    }
    Err(WebError::Server {
        reason: "the search ended without a result".to_string(),
    })
}

impl Drop for Lease {
    fn drop(&mut self) {
        let Some(engine) = self.engine.take() else {
            return;
        };
        let permit = self.permit.take();
        engine.stop();
        let pool = Arc::clone(&self.pool);
        // The permit goes with the engine, so the engine is back in the
        // pool before anyone may take it.
        let give_back = move || {
            engine.wait();
            pool.idle
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(engine);
            drop(permit);
        };
        match tokio::runtime::Handle::try_current() {
            // Waiting for a stopped search blocks briefly: off the async threads.
            Ok(runtime) => {
                runtime.spawn_blocking(give_back);
            }
            Err(_) => give_back(),
        }
    }
}
