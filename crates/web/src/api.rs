//! The stateless endpoints: the engine's move, an analysis, the legal moves;
//! and what every endpoint shares (the JSON extractor, levels and limits).

use crate::position::{fen_of, game_from, legal_moves, line, MoveJson, ScoreJson, Status};
use crate::state::AppState;
use crate::WebError;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Query, Request, State};
use axum::http::request::Parts;
use axum::Json;
use outpost_engine::{Game, SearchRequest, Strength, MAX_ELO, MIN_ELO};
use outpost_notation::to_san;
use outpost_search::{Limits, SearchResult};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// A JSON body whose every problem (syntax, types, unknown fields, size,
/// content type) becomes a [`WebError::BadJson`].
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = WebError;

    async fn from_request(req: Request, state: &S) -> Result<Self, WebError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(json_error(&rejection)),
        }
    }
}

fn json_error(rejection: &JsonRejection) -> WebError {
    let status = match rejection.status().as_u16() {
        413 => 413,
        415 => 415,
        _ => 400,
    };
    WebError::BadJson {
        reason: rejection.body_text(),
        status,
    }
}

/// A query string whose problems become a [`WebError::BadQuery`].
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, WebError> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(ApiQuery(value)),
            Err(rejection) => Err(query_error(&rejection)),
        }
    }
}

fn query_error(rejection: &QueryRejection) -> WebError {
    WebError::BadQuery {
        reason: rejection.body_text(),
    }
}

/// The strength for an optional `elo`: full strength when absent.
pub fn strength_for(elo: Option<i64>) -> Result<Strength, WebError> {
    match elo {
        None => Ok(Strength::full()),
        Some(elo) if (MIN_ELO..=MAX_ELO).contains(&elo) => Ok(Strength::elo(elo as u32)),
        Some(elo) => Err(WebError::BadParameter {
            field: "elo",
            value: elo.to_string(),
            expected: format!("an integer from {MIN_ELO} to {MAX_ELO}"),
        }),
    }
}

/// Search limits from an optional depth and time, within the server's caps:
/// a depth search also stops at the longest move time, and a request with
/// neither thinks for the default time.
pub fn limits_for(
    state: &AppState,
    depth: Option<i64>,
    movetime_ms: Option<i64>,
) -> Result<Limits, WebError> {
    let config = &state.config;
    let max_ms = config.max_movetime.as_millis() as i64;
    let mut limits = Limits::default();
    if let Some(depth) = depth {
        if !(1..=i64::from(config.max_depth)).contains(&depth) {
            return Err(WebError::BadParameter {
                field: "depth",
                value: depth.to_string(),
                expected: format!("an integer from 1 to {}", config.max_depth),
            });
        }
        limits.depth = Some(depth as i32);
    }
    limits.movetime = Some(match movetime_ms {
        Some(ms) if (1..=max_ms).contains(&ms) => Duration::from_millis(ms as u64),
        Some(ms) => {
            return Err(WebError::BadParameter {
                field: "movetime_ms",
                value: ms.to_string(),
                expected: format!("an integer from 1 to {max_ms}"),
            })
        }
        None if depth.is_some() => config.max_movetime,
        None => config.default_movetime,
    });
    Ok(limits)
}

/// The number of lines for an optional `multipv`.
pub fn multipv_for(state: &AppState, multipv: Option<i64>) -> Result<usize, WebError> {
    let max = state.config.max_multipv as i64;
    match multipv {
        None => Ok(1),
        Some(n) if (1..=max).contains(&n) => Ok(n as usize),
        Some(n) => Err(WebError::BadParameter {
            field: "multipv",
            value: n.to_string(),
            expected: format!("an integer from 1 to {max}"),
        }),
    }
}

/// Refuses a finished game.
pub fn ensure_ongoing(game: &Game) -> Result<(), WebError> {
    let status = Status::of_game(game);
    if status.is_over() {
        return Err(WebError::GameOver {
            status: status.text(),
        });
    }
    Ok(())
}

/// Runs one search of `game` on an engine of the pool; with `use_book`,
/// the opening book (if the server has one) may answer instead.
pub async fn search_game(
    state: &AppState,
    game: &Game,
    limits: Limits,
    strength: Strength,
    multipv: usize,
    use_book: bool,
) -> Result<SearchResult, WebError> {
    let mut request = SearchRequest::for_game(game, limits)
        .at_strength(strength)
        .with_multipv(multipv);
    request.use_book = use_book;
    search_request(state, request).await
}

/// Runs `request` on a leased engine; the result has a legal move.
pub async fn search_request(
    state: &AppState,
    request: SearchRequest,
) -> Result<SearchResult, WebError> {
    let position = request.position;
    let mut lease = state.pool.acquire().await?;
    let result = lease.search(request).await?;
    if result.best_move.is_null() || !position.is_legal(result.best_move) {
        return Err(WebError::Server {
            reason: format!("the search returned no legal move ({})", result.best_move),
        });
    }
    Ok(result)
}

/// The body of `POST /api/move`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The start position (the standard one when absent).
    pub fen: Option<String>,
    /// Moves played from it, in long algebraic notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Thinking time in milliseconds.
    pub movetime_ms: Option<i64>,
    /// Depth limit.
    pub depth: Option<i64>,
    /// Strength (full strength when absent).
    pub elo: Option<i64>,
}

/// The answer of `POST /api/move`.
#[derive(Debug, Serialize)]
pub struct MoveResponse {
    /// The engine's move, long algebraic.
    pub uci: String,
    /// The engine's move in SAN.
    pub san: String,
    /// The score before the move, from the engine's side.
    pub score: ScoreJson,
    /// The principal variation, starting with the move (long algebraic).
    pub pv: Vec<String>,
    /// The same in SAN.
    pub pv_san: Vec<String>,
    /// Depth reached.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// The position after the move.
    pub fen: String,
    /// The game's status after the move.
    pub status: Status,
}

/// `POST /api/move`: the engine's move in a position.
pub async fn post_move(
    State(state): State<Arc<AppState>>,
    ApiJson(body): ApiJson<MoveRequest>,
) -> Result<Json<MoveResponse>, WebError> {
    let strength = strength_for(body.elo)?;
    let limits = limits_for(&state, body.depth, body.movetime_ms)?;
    let mut game = game_from(body.fen.as_deref(), &body.moves)?;
    ensure_ongoing(&game)?;
    let result = search_game(&state, &game, limits, strength, 1, true).await?;
    let before = *game.position();
    let (pv, pv_san) = line(&before, &result.pv);
    game.play(result.best_move).map_err(|e| WebError::Server {
        reason: e.to_string(),
    })?;
    Ok(Json(MoveResponse {
        uci: result.best_move.to_string(),
        san: to_san(&before, result.best_move),
        score: result.score.into(),
        pv,
        pv_san,
        depth: result.depth,
        nodes: result.nodes,
        fen: fen_of(game.position()),
        status: Status::of_game(&game),
    }))
}

/// The body of `POST /api/analyse`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    /// The start position (the standard one when absent).
    pub fen: Option<String>,
    /// Moves played from it, in long algebraic notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Depth limit.
    pub depth: Option<i64>,
    /// Time limit in milliseconds.
    pub movetime_ms: Option<i64>,
    /// Lines wanted (1 when absent).
    pub multipv: Option<i64>,
}

/// One line of an analysis.
#[derive(Clone, Debug, Serialize)]
pub struct LineJson {
    /// Its rank, from 1.
    pub multipv: usize,
    /// Its score, from the side to move.
    pub score: ScoreJson,
    /// Its moves, long algebraic.
    pub pv: Vec<String>,
    /// Its moves in SAN.
    pub pv_san: Vec<String>,
}

/// The answer of `POST /api/analyse` (and the last event of its stream).
#[derive(Debug, Serialize)]
pub struct AnalyseResponse {
    /// The position analysed.
    pub fen: String,
    /// Depth completed.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent, in milliseconds.
    pub time_ms: u64,
    /// The lines, best first.
    pub lines: Vec<LineJson>,
}

impl AnalyseResponse {
    /// The answer for `result`, a search of `game`.
    pub fn new(game: &Game, result: &SearchResult) -> AnalyseResponse {
        let pos = game.position();
        AnalyseResponse {
            fen: fen_of(pos),
            depth: result.depth,
            nodes: result.nodes,
            time_ms: result.time.as_millis() as u64,
            lines: result
                .lines
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let (pv, pv_san) = line(pos, &l.pv);
                    LineJson {
                        multipv: i + 1,
                        score: l.score.into(),
                        pv,
                        pv_san,
                    }
                })
                .collect(),
        }
    }
}

/// `POST /api/analyse`: the best lines of a position.
pub async fn post_analyse(
    State(state): State<Arc<AppState>>,
    ApiJson(body): ApiJson<AnalyseRequest>,
) -> Result<Json<AnalyseResponse>, WebError> {
    let limits = limits_for(&state, body.depth, body.movetime_ms)?;
    let multipv = multipv_for(&state, body.multipv)?;
    let game = game_from(body.fen.as_deref(), &body.moves)?;
    ensure_ongoing(&game)?;
    let result = search_game(&state, &game, limits, Strength::full(), multipv, false).await?;
    Ok(Json(AnalyseResponse::new(&game, &result)))
}

/// The query of `GET /api/legal-moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegalQuery {
    /// The position (the standard start position when absent).
    pub fen: Option<String>,
}

/// The answer of `GET /api/legal-moves`.
#[derive(Debug, Serialize)]
pub struct LegalResponse {
    /// The position.
    pub fen: String,
    /// Every legal move.
    pub moves: Vec<MoveJson>,
    /// Its status (no moves: checkmate or stalemate).
    pub status: Status,
}

/// `GET /api/legal-moves?fen=...`: every legal move of a position.
pub async fn get_legal_moves(
    ApiQuery(query): ApiQuery<LegalQuery>,
) -> Result<Json<LegalResponse>, WebError> {
    let game = game_from(query.fen.as_deref(), &[])?;
    Ok(Json(LegalResponse {
        fen: fen_of(game.position()),
        moves: legal_moves(game.position()),
        status: Status::of_game(&game),
    }))
}
