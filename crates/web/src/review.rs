//! A game's review: every position searched on the server's bounded pool,
//! one search at a time (so a long game never holds an engine for long and
//! other users' requests interleave), giving the evaluation after each
//! move, the engine's best move, how much the move played lost, and the
//! usual marks.
//!
//! Marks, by the loss in centipawns from the mover's view (a mate counted
//! as 1,000): 50 to 99 an inaccuracy (`?!`), 100 to 299 a mistake (`?`),
//! 300 or more a blunder (`??`).

use crate::api::{search_game, ApiJson};
use crate::position::{fen_of, game_from};
use crate::state::AppState;
use crate::store::lock_review;
pub use crate::store::{PlyReview, ReviewView};
use crate::WebError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use outpost_board::Color;
use outpost_engine::{Game, Strength};
use outpost_notation::{to_san, PgnGame};
use outpost_search::{Limits, Score};
use serde::Deserialize;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Loss thresholds (centipawns) of the marks.
pub const INACCURACY: i32 = 50;
/// A mistake loses at least this much.
pub const MISTAKE: i32 = 100;
/// A blunder loses at least this much.
pub const BLUNDER: i32 = 300;
/// The most reviews kept at once.
pub const MAX_REVIEWS: usize = 64;
/// The most moves a review takes.
pub const MAX_PLIES: usize = 600;
/// A mate counts as this many centipawns in the graph and the losses.
const MATE_CP: i32 = 1_000;

/// The body of `POST /api/reviews`: a PGN (its main line), or a start
/// position and moves.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// A game in PGN.
    pub pgn: Option<String>,
    /// The start position (without `pgn`).
    pub fen: Option<String>,
    /// Moves from it, long algebraic (without `pgn`).
    #[serde(default)]
    pub moves: Vec<String>,
    /// Search time per position, in milliseconds (default 200).
    pub movetime_ms: Option<i64>,
}

/// A score as centipawns for the side to move, mates at ±[`MATE_CP`].
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp.clamp(-MATE_CP, MATE_CP),
        Score::Mate(n) if n > 0 => MATE_CP,
        Score::Mate(_) => -MATE_CP,
    }
}

/// The mark a loss earns.
pub fn mark(loss_cp: i32) -> Option<&'static str> {
    if loss_cp >= BLUNDER {
        Some("??")
    } else if loss_cp >= MISTAKE {
        Some("?")
    } else if loss_cp >= INACCURACY {
        Some("?!")
    } else {
        None
    }
}

/// The game a request asks to review.
fn requested_game(body: &ReviewRequest) -> Result<Game, WebError> {
    let bad_pgn = |e: &dyn std::error::Error| WebError::BadParameter {
        field: "pgn",
        value: format!("({e})"),
        expected: "a game in PGN".to_string(),
    };
    match &body.pgn {
        Some(text) => {
            let pgn: PgnGame = text.parse().map_err(|e| bad_pgn(&e))?;
            Game::from_pgn_game(&pgn).map_err(|e| bad_pgn(&e))
        }
        None => game_from(body.fen.as_deref(), &body.moves),
    }
}

/// `POST /api/reviews`: starts a review; 202 and its first view.
pub async fn create(
    State(state): State<Arc<AppState>>,
    ApiJson(body): ApiJson<ReviewRequest>,
) -> Result<(StatusCode, Json<ReviewView>), WebError> {
    let game = requested_game(&body)?;
    let moves = game.moves().to_vec();
    if moves.is_empty() || moves.len() > MAX_PLIES {
        return Err(WebError::BadParameter {
            field: "moves",
            value: moves.len().to_string(),
            expected: format!("a game of 1 to {MAX_PLIES} moves"),
        });
    }
    let max_ms = state.config.max_movetime.as_millis() as i64;
    let ms = body.movetime_ms.unwrap_or(200);
    if !(10..=max_ms).contains(&ms) {
        return Err(WebError::BadParameter {
            field: "movetime_ms",
            value: ms.to_string(),
            expected: format!("an integer from 10 to {max_ms}"),
        });
    }
    let id = state.new_id();
    let view = ReviewView {
        id: id.clone(),
        start_fen: fen_of(game.start()),
        done: 0,
        total: moves.len(),
        state: "running",
        error: None,
        plies: Vec::new(),
    };
    let review = Arc::new(Mutex::new(view.clone()));
    {
        let mut reviews = state.reviews.lock();
        if reviews.len() >= MAX_REVIEWS {
            // Forget finished reviews first; refuse when all still run.
            reviews.retain(|_, r| lock_review(r).state == "running");
            if reviews.len() >= MAX_REVIEWS {
                return Err(WebError::Busy {
                    reason: format!("{} reviews are running", reviews.len()),
                });
            }
        }
        reviews.insert(id, Arc::clone(&review));
    }
    let limits = Limits::movetime(Duration::from_millis(ms as u64));
    tokio::spawn(run(state, game, review, limits));
    Ok((StatusCode::ACCEPTED, Json(view)))
}

/// Searches every position of `game` in turn, filling `review`.
async fn run(state: Arc<AppState>, game: Game, review: Arc<Mutex<ReviewView>>, limits: Limits) {
    let moves = game.moves().to_vec();
    let mut replay = Game::from_position(*game.start());
    // The search of the position before the next move: its score (side to
    // move's view) and best move.
    let mut before: Option<(i32, String)> = None;
    for (i, &mv) in moves.iter().enumerate() {
        let pos = *replay.position();
        let (score_before, best_san) = match before.take() {
            Some(found) => found,
            None => match search_game(&state, &replay, limits.clone(), Strength::full(), 1, false)
                .await
            {
                Ok(r) => (centipawns(r.score), to_san(&pos, r.best_move)),
                Err(e) => return fail(&review, &e),
            },
        };
        let san = to_san(&pos, mv);
        if let Err(e) = replay.play(mv) {
            return fail(
                &review,
                &WebError::Server {
                    reason: e.to_string(),
                },
            );
        }
        let after = *replay.position();
        // The position after: its own score (the opponent's view) and best move.
        let (score_after, next_best) = if let Some(outcome) = replay.outcome() {
            let cp = match outcome {
                outpost_engine::Outcome::Checkmate { .. } => -MATE_CP,
                _ => 0,
            };
            (cp, String::new())
        } else {
            match search_game(&state, &replay, limits.clone(), Strength::full(), 1, false).await {
                Ok(r) => (centipawns(r.score), to_san(&after, r.best_move)),
                Err(e) => return fail(&review, &e),
            }
        };
        let mover_after = -score_after;
        let loss = if san == best_san {
            0
        } else {
            (score_before - mover_after).max(0)
        };
        let white_eval = if after.side_to_move() == Color::White {
            score_after
        } else {
            -score_after
        };
        before = (!next_best.is_empty()).then_some((score_after, next_best));
        let mut view = lock_review(&review);
        view.plies.push(PlyReview {
            san,
            uci: mv.to_string(),
            fen: fen_of(&after),
            eval_cp: white_eval,
            best_san,
            loss_cp: loss,
            mark: mark(loss),
        });
        view.done = i + 1;
    }
    lock_review(&review).state = "done";
}

fn fail(review: &Mutex<ReviewView>, error: &WebError) {
    let mut view = lock_review(review);
    view.state = "failed";
    view.error = Some(error.to_string());
}

/// `GET /api/reviews/{id}`: the review so far.
pub async fn show(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<ReviewView>, WebError> {
    let review = state
        .reviews
        .lock()
        .get(&id)
        .cloned()
        .ok_or(WebError::NotFound { what: "review", id })?;
    let view = lock_review(&review).clone();
    Ok(Json(view))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(mark(0), None);
        assert_eq!(mark(49), None);
        assert_eq!(mark(50), Some("?!"));
        assert_eq!(mark(100), Some("?"));
        assert_eq!(mark(299), Some("?"));
        assert_eq!(mark(300), Some("??"));
        assert_eq!(centipawns(Score::Mate(3)), MATE_CP);
        assert_eq!(centipawns(Score::Centipawns(-5000)), -MATE_CP);
    }
}
