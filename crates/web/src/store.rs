//! The games with state, kept in memory: a cap on their number, an idle
//! expiry, one lock each so that games never wait for one another.

use crate::games::StoredGame;
use crate::WebError;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

type Entry = (Arc<tokio::sync::Mutex<StoredGame>>, Instant);

/// Every game, by id.
pub struct GameStore {
    games: Mutex<HashMap<String, Entry>>,
    cap: usize,
    idle: Duration,
}

impl GameStore {
    /// A store keeping at most `cap` games, each forgotten after `idle`
    /// untouched.
    pub fn new(cap: usize, idle: Duration) -> GameStore {
        GameStore {
            games: Mutex::new(HashMap::new()),
            cap,
            idle,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Forgets the games idle for too long; returns how many are left.
    pub fn expire(&self) -> usize {
        let idle = self.idle;
        let mut games = self.lock();
        games.retain(|_, (_, touched)| touched.elapsed() < idle);
        games.len()
    }

    /// Games kept now.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(crate) fn insert(
        &self,
        id: String,
        game: StoredGame,
    ) -> Result<Arc<tokio::sync::Mutex<StoredGame>>, WebError> {
        let idle = self.idle;
        let mut games = self.lock();
        if games.len() >= self.cap {
            games.retain(|_, (_, touched)| touched.elapsed() < idle);
        }
        if games.len() >= self.cap {
            return Err(WebError::Busy {
                reason: format!("{} games are open, the most this server keeps", games.len()),
            });
        }
        let game = Arc::new(tokio::sync::Mutex::new(game));
        games.insert(id, (Arc::clone(&game), Instant::now()));
        Ok(game)
    }

    pub(crate) fn get(&self, id: &str) -> Result<Arc<tokio::sync::Mutex<StoredGame>>, WebError> {
        let idle = self.idle;
        let mut games = self.lock();
        let missing = || WebError::NotFound {
            what: "game",
            id: id.to_string(),
        };
        let (game, touched) = games.get_mut(id).ok_or_else(missing)?;
        if touched.elapsed() >= idle {
            games.remove(id);
            return Err(missing());
        }
        *touched = Instant::now();
        Ok(Arc::clone(game))
    }

    pub(crate) fn remove(&self, id: &str) -> bool {
        self.lock().remove(id).is_some()
    }
}
