//! Signals from a front end to a running search: stop, and ponder hit.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

#[derive(Debug, Default)]
struct Signals {
    stop: AtomicBool,
    ponderhit: AtomicBool,
    /// Woken on every signal, for [`SearchControl::wait_for_release`].
    lock: Mutex<()>,
    changed: Condvar,
}

/// Signals from a front end to a running search. Cheap to clone: every
/// clone controls the same search, so keep one on the thread that reads
/// commands and hand another to the search.
///
/// ```
/// use outpost_search::SearchControl;
///
/// let control = SearchControl::new();
/// let remote = control.clone();
/// remote.stop();
/// assert!(control.is_stopped());
/// control.reset();
/// assert!(!remote.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct SearchControl(Arc<Signals>);

impl SearchControl {
    /// Fresh signals: not stopped, no ponder hit.
    pub fn new() -> SearchControl {
        SearchControl::default()
    }

    /// Asks the search to stop as soon as possible and return its best move.
    pub fn stop(&self) {
        self.0.stop.store(true, Ordering::Relaxed);
        self.notify();
    }

    /// Tells a pondering search that the expected move was played: from now
    /// on its clock runs.
    pub fn ponderhit(&self) {
        self.0.ponderhit.store(true, Ordering::Relaxed);
        self.notify();
    }

    /// Whether [`SearchControl::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.0.stop.load(Ordering::Relaxed)
    }

    /// Whether [`SearchControl::ponderhit`] was called.
    pub fn is_ponderhit(&self) -> bool {
        self.0.ponderhit.load(Ordering::Relaxed)
    }

    /// Clears both signals for the next search.
    pub fn reset(&self) {
        self.0.stop.store(false, Ordering::Relaxed);
        self.0.ponderhit.store(false, Ordering::Relaxed);
    }

    /// Blocks until [`SearchControl::stop`] is called, or, when
    /// `or_ponderhit`, until [`SearchControl::ponderhit`] is: how a search
    /// that finished early holds its answer back while it is infinite or
    /// pondering.
    pub fn wait_for_release(&self, or_ponderhit: bool) {
        let released = || self.is_stopped() || (or_ponderhit && self.is_ponderhit());
        let Ok(mut guard) = self.0.lock.lock() else {
            return;
        };
        while !released() {
            // The timeout only guards against a lost wake-up.
            match self
                .0
                .changed
                .wait_timeout(guard, Duration::from_millis(50))
            {
                Ok((g, _)) => guard = g,
                Err(_) => return,
            }
        }
    }

    fn notify(&self) {
        // Taking the lock orders the store before a waiter's check.
        drop(self.0.lock.lock());
        self.0.changed.notify_all();
    }
}
