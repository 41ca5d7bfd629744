//! What the server keeps in memory: the games with state (a cap on their
//! number, an idle expiry, one lock each so that games never wait for one
//! another) and the reviews.

use crate::position::Status;
use crate::WebError;
use outpost_board::Color;
use outpost_engine::{Game, GameClocks, GameController, GameDriver};
use serde::Serialize;
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

/// One game: the engine layer's driver of its controller (the game, the
/// engine's side and level, the clocks, how it ended), the level asked
/// for, and the hints.
#[derive(Debug)]
pub struct StoredGame {
    pub(crate) driver: GameDriver,
    /// The level asked for (`None`: full strength).
    pub(crate) elo: Option<i64>,
    /// Hints given, by the ply they were asked at, in SAN.
    pub(crate) hints: Vec<(usize, String)>,
}

impl StoredGame {
    /// The game's controller.
    pub(crate) fn controller(&self) -> &GameController {
        self.driver.controller()
    }

    /// The game.
    pub(crate) fn game(&self) -> &Game {
        self.controller().game()
    }

    /// The engine's colour (`None`: both sides are people).
    pub(crate) fn engine_color(&self) -> Option<Color> {
        self.controller().mode().side()
    }

    /// Both sides' clocks, when the game has a time control.
    pub(crate) fn clocks(&self) -> Option<&GameClocks> {
        self.controller().timing().running_clocks()
    }

    /// How the game stands, as the controller says.
    pub(crate) fn status(&self) -> Status {
        Status::of_outcome(self.controller().outcome())
    }

    /// An error unless the game goes on.
    pub(crate) fn ensure_ongoing(&self) -> Result<(), WebError> {
        let status = self.status();
        if status.is_over() {
            return Err(WebError::GameOver {
                status: status.text(),
            });
        }
        Ok(())
    }

    /// The game in PGN as the controller keeps it (its result and
    /// `Termination` when over, the `TimeControl`), with each hint as a
    /// comment `{hint: Nf3}` on the move played where it was asked.
    pub(crate) fn pgn(&self) -> String {
        let mut pgn = self.controller().recorded_game().to_pgn_game();
        for (ply, san) in &self.hints {
            if let Some(node) = pgn.moves.moves.get_mut(*ply) {
                node.comments.push(format!("hint: {san}"));
            }
        }
        pgn.to_string()
    }
}

/// One move of a review.
#[derive(Clone, Debug, Serialize)]
pub struct PlyReview {
    /// The move played, SAN.
    pub san: String,
    /// The move played, long algebraic.
    pub uci: String,
    /// The position after it.
    pub fen: String,
    /// The evaluation after it, White's view, centipawns (a mate ±1,000).
    pub eval_cp: i32,
    /// The engine's choice in the position before, SAN.
    pub best_san: String,
    /// What the move played lost against it, from the mover's view.
    pub loss_cp: i32,
    /// `?!`, `?` or `??` (absent for a good move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<&'static str>,
}

/// A review as the API shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ReviewView {
    /// Its id.
    pub id: String,
    /// The start position.
    pub start_fen: String,
    /// Moves reviewed so far.
    pub done: usize,
    /// Moves in all.
    pub total: usize,
    /// `running`, `done` or `failed`.
    pub state: &'static str,
    /// Why it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The moves reviewed, in order.
    pub plies: Vec<PlyReview>,
}

/// The reviews kept, by id.
#[derive(Default)]
pub struct ReviewStore {
    reviews: Mutex<HashMap<String, Arc<Mutex<ReviewView>>>>,
}

impl ReviewStore {
    pub(crate) fn lock(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Mutex<ReviewView>>>> {
        self.reviews
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

pub(crate) fn lock_review(review: &Mutex<ReviewView>) -> std::sync::MutexGuard<'_, ReviewView> {
    review
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
