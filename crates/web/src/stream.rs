//! The streamed analysis: server-sent events reporting each iteration while
//! the search runs, stoppable by a request or by closing the stream.

use crate::api::{ensure_ongoing, limits_for, multipv_for, AnalyseResponse, ApiQuery, LineJson};
use crate::pool::finish;
use crate::position::{fen_of, game_from, line};
use crate::state::AppState;
use crate::WebError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use outpost_engine::{SearchRequest, Strength};
use outpost_search::{Limits, Report};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::Stream;

/// The query of `GET /api/analyse/stream`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreamQuery {
    /// The start position (the standard one when absent).
    pub fen: Option<String>,
    /// Moves from it, long algebraic, separated by spaces or commas.
    pub moves: Option<String>,
    /// Depth limit.
    pub depth: Option<i64>,
    /// Time limit in milliseconds.
    pub movetime_ms: Option<i64>,
    /// Lines wanted (1 when absent).
    pub multipv: Option<i64>,
}

/// One iteration's line, as a `info` event.
#[derive(Debug, Serialize)]
struct InfoEvent {
    depth: i32,
    seldepth: usize,
    nodes: u64,
    nps: u64,
    time_ms: u64,
    #[serde(flatten)]
    line: LineJson,
}

/// `GET /api/analyse/stream`: events `start` (`{"id"}` to stop it with),
/// `info` (one per line per iteration) and last `done` (the final lines, as
/// `POST /api/analyse` answers) or `error`. Without a depth or time it runs
/// until stopped, at most the server's longest analysis.
pub async fn analyse_stream(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<StreamQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, WebError> {
    let mut limits = if query.depth.is_none() && query.movetime_ms.is_none() {
        Limits::movetime(state.config.max_analysis)
    } else {
        limits_for(&state, query.depth, query.movetime_ms)?
    };
    limits.movetime = limits.movetime.map(|t| t.min(state.config.max_analysis));
    let multipv = multipv_for(&state, query.multipv)?;
    let moves: Vec<String> = query
        .moves
        .as_deref()
        .unwrap_or("")
        .split([' ', ','])
        .filter(|m| !m.is_empty())
        .map(String::from)
        .collect();
    let game = game_from(query.fen.as_deref(), &moves)?;
    ensure_ongoing(&game)?;
    let mut lease = state.pool.acquire().await?;
    // An analysis searches; it never answers from the book.
    let mut request = SearchRequest::for_game(&game, limits);
    request.use_book = false;
    let mut events = lease.start(request.at_strength(Strength::full()).with_multipv(multipv))?;

    let id = state.new_id();
    let (stop_tx, mut stop_rx) = oneshot::channel();
    state.register_analysis(&id, stop_tx);
    let (tx, rx) = mpsc::channel::<Result<Event, Infallible>>(64);
    let _ = tx
        .send(Ok(Event::default()
            .event("start")
            .json_data(serde_json::json!({ "id": id, "fen": fen_of(game.position()) }))
            .unwrap_or_default()))
        .await;
    let mut shutdown = state.shutdown.clone();
    let task_state = Arc::clone(&state);
    tokio::spawn(async move {
        let pos = *game.position();
        let sender = tx.clone();
        let reports = async {
            finish(&mut events, |report| {
                if let Report::Pv(pv) = report {
                    let (uci, san) = line(&pos, &pv.pv);
                    let info = InfoEvent {
                        depth: pv.depth,
                        seldepth: pv.seldepth,
                        nodes: pv.nodes,
                        nps: pv.nps,
                        time_ms: pv.time.as_millis() as u64,
                        line: LineJson {
                            multipv: pv.multipv,
                            score: pv.score.into(),
                            pv: uci,
                            pv_san: san,
                        },
                    };
                    if let Ok(event) = Event::default().event("info").json_data(&info) {
                        // A slow reader loses iterations, never blocks the search.
                        let _ = sender.try_send(Ok(event));
                    }
                }
            })
            .await
        };
        tokio::pin!(reports);
        let mut stopping = false;
        let result = loop {
            tokio::select! {
                result = &mut reports => break result,
                _ = &mut stop_rx, if !stopping => { stopping = true; lease.stop(); }
                _ = tx.closed(), if !stopping => { stopping = true; lease.stop(); }
                _ = shutdown.changed(), if !stopping => { stopping = true; lease.stop(); }
            }
        };
        task_state.unregister_analysis(&id);
        drop(lease);
        let last = match result {
            Ok(result) => Event::default()
                .event("done")
                .json_data(AnalyseResponse::new(&game, &result)),
            Err(e) => Event::default()
                .event("error")
                .json_data(serde_json::json!({ "error": e.code(), "message": e.to_string() })),
        };
        if let Ok(event) = last {
            let _ = tx.send(Ok(event)).await;
        }
    });
    Ok(Sse::new(ReceiverStream::new(rx)).keep_alive(KeepAlive::default()))
}

/// `POST /api/analyse/{id}/stop`: stops a streamed analysis, which then
/// sends its `done` event.
pub async fn stop(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<StatusCode, WebError> {
    if state.stop_analysis(&id) {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(WebError::NotFound {
            what: "analysis",
            id,
        })
    }
}
