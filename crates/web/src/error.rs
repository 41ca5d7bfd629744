//! What the server refuses, and why: one error type, each variant an HTTP
//! status and a JSON body `{"error": "<code>", "message": "<what>"}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use thiserror::Error;

/// An error of the web front end.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WebError {
    /// The body is not the JSON expected.
    #[error("invalid JSON body: {reason}")]
    BadJson {
        /// What the parser said.
        reason: String,
        /// The status the body's problem deserves (400, 413 or 415).
        status: u16,
    },
    /// A query string parameter is missing or unreadable.
    #[error("invalid query: {reason}")]
    BadQuery {
        /// What is wrong.
        reason: String,
    },
    /// The FEN does not describe a legal position.
    #[error("invalid FEN {fen:?}: {reason}")]
    BadFen {
        /// The FEN given.
        fen: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A move is unreadable or illegal in its position.
    #[error("invalid move {mv:?}: {reason}")]
    BadMove {
        /// The move given.
        mv: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A level, time, depth or line count is out of range.
    #[error("invalid {field} {value}: expected {expected}")]
    BadParameter {
        /// The field's name.
        field: &'static str,
        /// The value given.
        value: String,
        /// What the field takes.
        expected: String,
    },
    /// The game is over: no move can be played or searched.
    #[error("the game is over ({status})")]
    GameOver {
        /// Why it is over.
        status: String,
    },
    /// It is the engine's turn, not the player's.
    #[error("it is not the player's turn")]
    NotYourTurn,
    /// There is no move of the player's to take back.
    #[error("there is no move to take back")]
    NothingToUndo,
    /// No game, or analysis, has this id (or it has expired).
    #[error("unknown {what} {id:?}")]
    NotFound {
        /// What was looked for (`game`, `analysis`, `route`).
        what: &'static str,
        /// The id given.
        id: String,
    },
    /// Every engine is busy and the queue is full, or the game store is full.
    #[error("the server is busy: {reason}")]
    Busy {
        /// What is full.
        reason: String,
    },
    /// The server could not start or run.
    #[error("server error: {reason}")]
    Server {
        /// What the system said.
        reason: String,
    },
}

impl WebError {
    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            WebError::BadJson { status, .. } => {
                StatusCode::from_u16(*status).unwrap_or(StatusCode::BAD_REQUEST)
            }
            WebError::BadQuery { .. }
            | WebError::BadFen { .. }
            | WebError::BadMove { .. }
            | WebError::BadParameter { .. }
            | WebError::GameOver { .. }
            | WebError::NotYourTurn
            | WebError::NothingToUndo => StatusCode::BAD_REQUEST,
            WebError::NotFound { .. } => StatusCode::NOT_FOUND,
            WebError::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            WebError::Server { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A short machine-readable name of the problem.
    pub fn code(&self) -> &'static str {
        match self {
            WebError::BadJson { .. } => "bad_json",
            WebError::BadQuery { .. } => "bad_query",
            WebError::BadFen { .. } => "bad_fen",
            WebError::BadMove { .. } => "bad_move",
            WebError::BadParameter { .. } => "bad_parameter",
            WebError::GameOver { .. } => "game_over",
            WebError::NotYourTurn => "not_your_turn",
            WebError::NothingToUndo => "nothing_to_undo",
            WebError::NotFound { .. } => "not_found",
            WebError::Busy { .. } => "busy",
            WebError::Server { .. } => "server_error",
        }
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.code(), "message": self.to_string() });
        (self.status(), Json(body)).into_response()
    }
}
