//! What a player decides beyond a move: resigning, offering a draw (which
//! the engine answers by the engine layer's policy, `accepts_draw`), and
//! asking for a hint (the engine's suggested move, kept as a comment in the
//! game's PGN).

use crate::api::search_game;
use crate::games::{view, GameView};
use crate::state::AppState;
use crate::store::StoredGame;
use crate::WebError;
use axum::extract::{Path, State};
use axum::Json;
use outpost_board::Color;
use outpost_engine::hint_limits;
use outpost_notation::to_san;
use serde::Serialize;
use std::sync::Arc;

/// The colour whose player is at the page: the side the engine does not
/// play, or the side to move when people play both sides.
fn player_color(stored: &StoredGame) -> Color {
    stored
        .engine_color()
        .map_or(stored.game().position().side_to_move(), |engine| !engine)
}

/// The refusal of a decision in a game already over.
fn over(stored: &StoredGame) -> WebError {
    WebError::GameOver {
        status: stored.status().text(),
    }
}

/// `POST /api/games/{id}/resign`: the player resigns; the other side wins.
pub async fn resign(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, WebError> {
    let entry = state.games.get(&id)?;
    let mut stored = entry.lock().await;
    stored.ensure_ongoing()?;
    let loser = player_color(&stored);
    stored.driver.resign(loser).map_err(|_| over(&stored))?;
    Ok(Json(view(&id, &stored, None)))
}

/// The answer to `POST /api/games/{id}/draw`.
#[derive(Debug, Serialize)]
pub struct DrawAnswer {
    /// Whether the draw was agreed.
    pub accepted: bool,
    /// The game after the answer.
    pub game: GameView,
}

/// `POST /api/games/{id}/draw`: the player offers a draw. The engine
/// accepts when its last score says it is not better (the engine layer's
/// policy); between people at one board the offer is agreed.
pub async fn offer_draw(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<DrawAnswer>, WebError> {
    let entry = state.games.get(&id)?;
    let mut stored = entry.lock().await;
    stored.ensure_ongoing()?;
    let accepted = stored.engine_color().is_none() || stored.controller().accepts_draw();
    if accepted {
        stored.driver.agree_draw().map_err(|_| over(&stored))?;
    }
    Ok(Json(DrawAnswer {
        accepted,
        game: view(&id, &stored, None),
    }))
}

/// The answer to `POST /api/games/{id}/hint`.
#[derive(Debug, Serialize)]
pub struct HintAnswer {
    /// The suggested move, long algebraic.
    pub uci: String,
    /// The suggested move, SAN.
    pub san: String,
}

/// `POST /api/games/{id}/hint`: the engine's suggestion for the player to
/// move (a short search at full strength), noted in the game's PGN as a
/// comment on the move the player then plays.
pub async fn hint(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<HintAnswer>, WebError> {
    let entry = state.games.get(&id)?;
    let mut stored = entry.lock().await;
    stored.ensure_ongoing()?;
    let pos = *stored.game().position();
    if stored.engine_color() == Some(pos.side_to_move()) {
        return Err(WebError::NotYourTurn);
    }
    let result = search_game(
        &state,
        stored.game(),
        hint_limits(),
        outpost_engine::Strength::full(),
        1,
        false,
    )
    .await?;
    let san = to_san(&pos, result.best_move);
    let ply = stored.game().plies();
    stored.hints.retain(|(at, _)| *at != ply);
    stored.hints.push((ply, san.clone()));
    Ok(Json(HintAnswer {
        uci: result.best_move.to_string(),
        san,
    }))
}
