//! Games with state: each a game controller, played over HTTP (the store
//! that keeps them is `store.rs`).

use crate::api::{limits_for, search_request, strength_for, ApiJson};
use crate::clocks::{parse_time_control, ClockView};
use crate::position::{
    color_name, fen_of, game_from, legal_moves, line, read_move, MoveJson, ScoreJson, Status,
};
use crate::state::AppState;
use crate::store::StoredGame;
use crate::WebError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use outpost_board::Color;
use outpost_engine::{ControlError, GameController, GameDriver, Mode, Timing};
use outpost_notation::to_san;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;

/// The body of `POST /api/games`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The start position (the standard one when absent).
    pub fen: Option<String>,
    /// Moves already played from it, long algebraic.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The engine's colour: `white`, `black` (the default) or `none`.
    pub engine_color: Option<String>,
    /// The engine's level (full strength when absent).
    pub elo: Option<i64>,
    /// The engine's thinking time per move, in milliseconds (without a
    /// time control).
    pub movetime_ms: Option<i64>,
    /// A time control for both sides: `none` (the default) or
    /// minutes+seconds of increment, such as `5+0` or `3+2`.
    pub time_control: Option<String>,
}

/// The body of `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerMove {
    /// The player's move, long algebraic (`e2e4`, `e7e8q`) or SAN.
    #[serde(rename = "move")]
    pub mv: String,
}

/// A game as the API shows it.
#[derive(Debug, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The current position.
    pub fen: String,
    /// The start position.
    pub start_fen: String,
    /// The moves, long algebraic.
    pub moves: Vec<String>,
    /// The moves in SAN.
    pub san: Vec<String>,
    /// The side to move: `white` or `black`.
    pub turn: &'static str,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The engine's colour: `white`, `black` or `none`.
    pub engine_color: &'static str,
    /// The engine's level (absent: full strength).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elo: Option<i64>,
    /// Whether the game goes on, or how it ended.
    pub status: Status,
    /// The legal moves of the side to move.
    pub legal_moves: Vec<MoveJson>,
    /// The game in PGN.
    pub pgn: String,
    /// The clocks, when the game has a time control.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    /// The engine's reply to the move just played, if it moved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine_move: Option<EngineReply>,
}

/// The engine's move in a game.
#[derive(Debug, Serialize)]
pub struct EngineReply {
    /// Long algebraic.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// The score before it, from the engine's side.
    pub score: ScoreJson,
    /// The line it expected, SAN.
    pub pv_san: Vec<String>,
}

pub(crate) fn view(id: &str, stored: &StoredGame, engine_move: Option<EngineReply>) -> GameView {
    let game = stored.game();
    let pos = game.position();
    let status = stored.status();
    let pgn = stored.pgn();
    GameView {
        id: id.to_string(),
        fen: fen_of(pos),
        start_fen: fen_of(game.start()),
        moves: game.moves().iter().map(ToString::to_string).collect(),
        san: game.san_moves(),
        turn: color_name(pos.side_to_move()),
        check: pos.is_check(),
        engine_color: stored.engine_color().map_or("none", color_name),
        elo: stored.elo,
        legal_moves: if status.is_over() {
            Vec::new()
        } else {
            legal_moves(pos)
        },
        status,
        pgn,
        clock: stored.clocks().map(|c| ClockView::of(c, Instant::now())),
        engine_move,
    }
}

/// Runs the searches the game asks for (the engine's move, when it is
/// to move) and plays their moves; the engine's reply, unless the game
/// ended first (its clock fell).
async fn engine_turn(
    state: &AppState,
    stored: &mut StoredGame,
) -> Result<Option<EngineReply>, WebError> {
    let mut reply = None;
    while let Some(turn) = stored.driver.next_search() {
        let result = search_request(state, turn.request)
            .await
            .inspect_err(|_| stored.driver.search_failed(turn.id))?;
        let Some(played) = stored.driver.search_finished(turn.id, result) else {
            continue;
        };
        let Some(result) = played.result else {
            continue;
        };
        let (_, pv_san) = line(&played.position, &result.pv);
        reply = Some(EngineReply {
            uci: played.mv.to_string(),
            san: to_san(&played.position, played.mv),
            score: result.score.into(),
            pv_san,
        });
    }
    Ok(reply)
}

/// `POST /api/games`: a new game; the engine moves first if it is white.
pub async fn create(
    State(state): State<Arc<AppState>>,
    ApiJson(body): ApiJson<NewGame>,
) -> Result<(StatusCode, Json<GameView>), WebError> {
    let engine = match body.engine_color.as_deref().map(str::trim) {
        None | Some("black") => Some(Color::Black),
        Some("white") => Some(Color::White),
        Some("none") => None,
        Some(other) => {
            return Err(WebError::BadParameter {
                field: "engine_color",
                value: format!("{other:?}"),
                expected: "white, black or none".to_string(),
            })
        }
    };
    let strength = strength_for(body.elo)?;
    let limits = limits_for(&state, None, body.movetime_ms)?;
    let timing = match parse_time_control(body.time_control.as_deref())? {
        Some(clocks) => Timing::Running(clocks),
        None => Timing::Fixed(limits),
    };
    let game = game_from(body.fen.as_deref(), &body.moves)?;
    let mut controller = GameController::new(timing);
    controller.set_strength(strength);
    let mut driver = GameDriver::new(controller);
    driver.set_mode(engine.map_or(Mode::Force, Mode::Play));
    let id = state.new_id();
    let stored = StoredGame {
        driver,
        elo: body.elo,
        hints: Vec::new(),
    };
    let entry = state.games.insert(id.clone(), stored)?;
    let mut stored = entry.lock().await;
    // The engine moves first when it plays the side to move.
    stored.driver.set_game(game);
    let reply = engine_turn(&state, &mut stored).await?;
    Ok((StatusCode::CREATED, Json(view(&id, &stored, reply))))
}

/// `GET /api/games/{id}`.
pub async fn show(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, WebError> {
    let entry = state.games.get(&id)?;
    let mut stored = entry.lock().await;
    stored.driver.check_flag(Instant::now());
    Ok(Json(view(&id, &stored, None)))
}

/// `POST /api/games/{id}/moves`: the player's move, then the engine's reply.
pub async fn play(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PlayerMove>,
) -> Result<Json<GameView>, WebError> {
    let entry = state.games.get(&id)?;
    let mut stored = entry.lock().await;
    // A move that arrives after the player's flag fell is refused: the
    // game is over on time.
    stored.driver.check_flag(Instant::now());
    stored.ensure_ongoing()?;
    let pos = *stored.game().position();
    if stored.engine_color() == Some(pos.side_to_move()) {
        return Err(WebError::NotYourTurn);
    }
    let mv = read_move(&pos, &body.mv)?;
    let before = stored.driver.clone();
    stored.driver.user_move(mv).map_err(|e| WebError::BadMove {
        mv: body.mv.clone(),
        reason: e.to_string(),
    })?;
    match engine_turn(&state, &mut stored).await {
        Ok(reply) => Ok(Json(view(&id, &stored, reply))),
        Err(e) => {
            // No reply (a busy server): the player's move is taken back so
            // that the game stays the player's to retry.
            stored.driver = before;
            Err(e)
        }
    }
}

/// `POST /api/games/{id}/undo`: takes back the player's last move (and the
/// engine's reply to it).
pub async fn undo(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, WebError> {
    let entry = state.games.get(&id)?;
    let mut stored = entry.lock().await;
    // A game that ended by the rules can be taken back; one ended by a
    // decision (resignation, agreement, the clock) cannot.
    match stored.driver.take_back_player_move() {
        Ok(_) => Ok(Json(view(&id, &stored, None))),
        Err(ControlError::Decided) => {
            stored.ensure_ongoing()?;
            Err(WebError::NothingToUndo)
        }
        Err(_) => Err(WebError::NothingToUndo),
    }
}

/// `DELETE /api/games/{id}`: forgets a game.
pub async fn delete(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<StatusCode, WebError> {
    if state.games.remove(&id) {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(WebError::NotFound { what: "game", id })
    }
}
