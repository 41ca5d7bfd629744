//! What a player decides beyond a move: resigning, offering a draw (which
//! the engine answers by the engine layer's policy, `accepts_draw`), and
//! asking for a hint (the engine's suggested move, kept as a comment in the
//! game's PGN).

use crate::api::search_game;
use crate::games::{view, GameView, StoredGame};
use crate::position::Status;
use crate::server::AppState;
use crate::WebError;
use axum::extract::{Path, State};
use axum::Json;
use outpost_board::Color;
use outpost_engine::{hint_limits, Decision};
use outpost_notation::{to_san, GameResult};
use serde::Serialize;
use std::sync::Arc;

/// The colour whose player is at the page: the side the engine does not
/// play, or the side to move when people play both sides.
fn player(stored: &StoredGame) -> Color {
    stored
        .engine()
        .map_or(stored.game().position().side_to_move(), |engine| !engine)
}

/// Ends the game by `decision`.
fn decide(stored: &mut StoredGame, decision: Decision) -> Result<(), WebError> {
    stored
        .controller
        .decide(decision)
        .map(drop)
        .map_err(|_| WebError::GameOver {
            status: stored.status().text(),
        })
}

/// `POST /api/games/{id}/resign`: the player resigns; the other side wins.
pub async fn resign(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, WebError> {
    let entry = state.games.get(&id)?;
    let mut stored = entry.lock().await;
    stored.ensure_ongoing()?;
    let loser = player(&stored);
    decide(&mut stored, Decision::Resignation { loser })?;
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
    let accepted = stored.engine().is_none() || stored.controller.accepts_draw();
    if accepted {
        decide(&mut stored, Decision::DrawAgreed)?;
    }
    Ok(Json(DrawAnswer {
        accepted,
        game: view(&id, &stored, None),
    }))
}

/// The answer to `POST /api/games/{id}/hint`.
#[derive(Debug, Serialize)]
pub struct Hint {
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
) -> Result<Json<Hint>, WebError> {
    let entry = state.games.get(&id)?;
    let mut stored = entry.lock().await;
    stored.ensure_ongoing()?;
    let pos = *stored.game().position();
    if stored.engine() == Some(pos.side_to_move()) {
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
    Ok(Json(Hint {
        uci: result.best_move.to_string(),
        san,
    }))
}

/// The game in PGN: its result when over (with a `Termination` tag for a
/// resignation or an agreed draw), and each hint as a comment `{hint: Nf3}`
/// on the move played where it was asked.
pub fn pgn(stored: &StoredGame, status: &Status) -> String {
    let mut game = stored.game().clone();
    if let Some(clocks) = stored.clocks() {
        game.tags_mut()
            .set("TimeControl", &crate::clocks::pgn_time_control(clocks));
    }
    if status.is_over() {
        game.set_result(GameResult::from_token(status.result).unwrap_or(GameResult::Unknown));
        match status.state {
            "resigned" => game.tags_mut().set(
                "Termination",
                &format!(
                    "{} resigned",
                    if status.winner == Some("white") {
                        "Black"
                    } else {
                        "White"
                    }
                ),
            ),
            "draw" if status.reason == Some("agreement") => {
                game.tags_mut().set("Termination", "draw agreed");
            }
            "time forfeit" => game.tags_mut().set("Termination", "time forfeit"),
            "draw" if status.reason == Some("timeout vs insufficient material") => {
                game.tags_mut().set("Termination", "time forfeit");
            }
            _ => {}
        }
    }
    let mut pgn = game.to_pgn_game();
    for (ply, san) in &stored.hints {
        if let Some(node) = pgn.moves.moves.get_mut(*ply) {
            node.comments.push(format!("hint: {san}"));
        }
    }
    pgn.to_string()
}
