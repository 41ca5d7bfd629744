//! The server: the routes, binding, and a clean shutdown.

use crate::config::Config;
use crate::pool::EnginePool;
use crate::state::AppState;
use crate::store::{GameStore, ReviewStore};
use crate::{api, assets, decisions, games, review, stream, WebError};
use axum::extract::DefaultBodyLimit;
use axum::http::Uri;
use axum::routing::{get, post};
use axum::Router;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::net::TcpListener;
use tokio::sync::watch;

/// The routes over `state`.
pub fn router(state: Arc<AppState>) -> Router {
    let body_limit = state.config.body_limit;
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/favicon.svg", get(assets::favicon))
        .route("/api/move", post(api::post_move))
        .route("/api/analyse", post(api::post_analyse))
        .route("/api/analyse/stream", get(stream::analyse_stream))
        .route("/api/analyse/{id}/stop", post(stream::stop))
        .route("/api/legal-moves", get(api::get_legal_moves))
        .route("/api/games", post(games::create))
        .route("/api/games/{id}", get(games::show).delete(games::delete))
        .route("/api/games/{id}/moves", post(games::play))
        .route("/api/games/{id}/undo", post(games::undo))
        .route("/api/games/{id}/resign", post(decisions::resign))
        .route("/api/games/{id}/draw", post(decisions::offer_draw))
        .route("/api/games/{id}/hint", post(decisions::hint))
        .route("/api/reviews", post(review::create))
        .route("/api/reviews/{id}", get(review::show))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(state)
}

async fn not_found(uri: Uri) -> WebError {
    WebError::NotFound {
        what: "route",
        id: uri.path().to_string(),
    }
}

/// A bound server, ready to run.
pub struct Server {
    listener: TcpListener,
    state: Arc<AppState>,
    shutdown: watch::Sender<bool>,
}

impl Server {
    /// Starts the engines and binds `config.host:config.port`.
    pub async fn bind(config: Config) -> Result<Server, WebError> {
        let address = format!("{}:{}", config.host, config.port);
        let listener = TcpListener::bind(&address)
            .await
            .map_err(|e| WebError::Server {
                reason: format!("cannot listen on {address}: {e}"),
            })?;
        let pool = EnginePool::new(
            config.engines,
            config.hash_mib,
            config.queue,
            config.queue_wait,
            config.book.as_deref(),
            config.syzygy.as_deref(),
        )?;
        let (shutdown, watcher) = watch::channel(false);
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ u64::from(std::process::id()).rotate_left(32);
        let state = Arc::new(AppState {
            games: GameStore::new(config.max_games, config.game_idle),
            config,
            pool: Arc::new(pool),
            analyses: Mutex::new(HashMap::new()),
            reviews: ReviewStore::default(),
            shutdown: watcher,
            ids: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
        });
        Ok(Server {
            listener,
            state,
            shutdown,
        })
    }

    /// The address it listens on (the port chosen when 0 was asked).
    pub fn local_addr(&self) -> Result<SocketAddr, WebError> {
        self.listener.local_addr().map_err(|e| WebError::Server {
            reason: e.to_string(),
        })
    }

    /// Serves until `signal` completes, then stops the running analyses,
    /// lets the requests in progress finish and returns.
    pub async fn run(
        self,
        signal: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), WebError> {
        let Server {
            listener,
            state,
            shutdown,
        } = self;
        let app = router(Arc::clone(&state));
        // Forget idle games now and then, not only when the store is full.
        let sweeper_state = Arc::clone(&state);
        let mut sweeper_stop = state.shutdown.clone();
        let sweeper = tokio::spawn(async move {
            let period = (sweeper_state.config.game_idle / 4).max(Duration::from_secs(1));
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(period) => { sweeper_state.games.expire(); }
                    _ = sweeper_stop.changed() => break,
                }
            }
        });
        let graceful = async move {
            signal.await;
            let _ = shutdown.send(true);
        };
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(graceful)
            .await
            .map_err(|e| WebError::Server {
                reason: e.to_string(),
            });
        sweeper.abort();
        served
    }
}

/// Runs the server until Ctrl-C on a runtime of its own (what `outpost
/// serve` calls). `on_ready` is told the address once it listens.
pub fn serve(config: Config, on_ready: impl FnOnce(SocketAddr)) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(16)
        .enable_all()
        .build()
        .map_err(|e| WebError::Server {
            reason: e.to_string(),
        })?;
    runtime.block_on(async move {
        let server = Server::bind(config).await?;
        on_ready(server.local_addr()?);
        server
            .run(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}
