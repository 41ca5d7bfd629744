//! Outpost in the browser: an HTTP server (axum on tokio) with a JSON API
//! and a board page to play and analyse on, a thin front end over the
//! engine layer.
//!
//! * [`serve`]: what `outpost serve` runs (until Ctrl-C); [`Server`] to bind
//!   and run with a shutdown signal of one's own; [`Config`] for the address
//!   and the bounds (engines, queue, times, games, body size).
//! * The API (see `docs/web.md`): `POST /api/move`, `POST /api/analyse`,
//!   `GET /api/analyse/stream` (server-sent events) with
//!   `POST /api/analyse/{id}/stop`, `GET /api/legal-moves`, and games:
//!   `POST /api/games`, `GET|DELETE /api/games/{id}`,
//!   `POST /api/games/{id}/moves`, `POST /api/games/{id}/undo`.
//! * Every error is a [`WebError`]: a 4xx (or 503 when busy) with a JSON
//!   body naming the problem.
//!
//! ```
//! use outpost_web::{Config, Server};
//!
//! let runtime = tokio::runtime::Runtime::new().unwrap();
//! runtime.block_on(async {
//!     let config = Config { port: 0, engines: 1, ..Config::default() };
//!     let server = Server::bind(config).await.unwrap();
//!     assert!(server.local_addr().unwrap().ip().is_loopback());
//!     // Serve until the signal future completes (here at once).
//!     server.run(async {}).await.unwrap();
//! });
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
mod api;
mod assets;
pub mod clocks;
mod config;
pub mod decisions;
mod error;
mod games;
mod pool;
mod position;
pub mod review;
mod server;
mod state;
mod store;
mod stream;

pub use api::{AnalyseRequest, AnalyseResponse, LineJson, MoveRequest, MoveResponse};
pub use assets::{APP_JS, FAVICON_SVG, INDEX_HTML, STYLE_CSS};
pub use config::Config;
pub use error::WebError;
pub use games::{GameView, NewGame, PlayerMove};
pub use pool::EnginePool;
pub use position::{ScoreJson, Status};
pub use server::{router, serve, Server};
pub use state::AppState;
