//! What every request handler shares: the settings, the engines, the
//! games and reviews kept, the analyses running, and the ids handed out.

use crate::config::Config;
use crate::pool::EnginePool;
use crate::store::{GameStore, ReviewStore};
use rand_chacha::rand_core::RngCore;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{oneshot, watch};

/// What every request handler shares.
pub struct AppState {
    /// The settings.
    pub config: Config,
    /// The engines that search for the requests.
    pub pool: Arc<EnginePool>,
    /// The games.
    pub games: GameStore,
    /// Streamed analyses running, by id, with the way to stop each.
    pub(crate) analyses: Mutex<HashMap<String, oneshot::Sender<()>>>,
    /// Game reviews, running or done.
    pub(crate) reviews: ReviewStore,
    /// Changes once, when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
    pub(crate) ids: Mutex<ChaCha8Rng>,
}

impl AppState {
    /// A fresh id for a game or an analysis: 16 hex digits, hard to guess.
    pub fn new_id(&self) -> String {
        let mut rng = self
            .ids
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        format!("{:016x}", rng.next_u64())
    }

    pub(crate) fn register_analysis(&self, id: &str, stop: oneshot::Sender<()>) {
        self.analyses_lock().insert(id.to_string(), stop);
    }

    pub(crate) fn unregister_analysis(&self, id: &str) {
        self.analyses_lock().remove(id);
    }

    pub(crate) fn stop_analysis(&self, id: &str) -> bool {
        match self.analyses_lock().remove(id) {
            Some(stop) => {
                let _ = stop.send(());
                true
            }
            None => false,
        }
    }

    fn analyses_lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, oneshot::Sender<()>>> {
        self.analyses
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
