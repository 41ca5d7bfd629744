//! How the server is set up: where it listens and the bounds it keeps.

use std::path::PathBuf;
use std::time::Duration;

/// The server's settings. [`Config::default`] listens on 127.0.0.1:8080
/// with bounds fit for a small machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on (a host name or IP address).
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// Searchers in the pool: at most this many searches run at once.
    pub engines: usize,
    /// Transposition table of each engine, in MiB.
    pub hash_mib: usize,
    /// Requests that may wait for an engine; more are refused with 503.
    pub queue: usize,
    /// The longest a request waits for an engine before a 503.
    pub queue_wait: Duration,
    /// The longest search (`movetime_ms` above this is refused; a depth
    /// search stops here too).
    pub max_movetime: Duration,
    /// The thinking time when a request gives none.
    pub default_movetime: Duration,
    /// The deepest search a request may ask for.
    pub max_depth: i32,
    /// The most lines an analysis may ask for.
    pub max_multipv: usize,
    /// The longest a streamed analysis runs unless stopped earlier.
    pub max_analysis: Duration,
    /// The most games kept at once.
    pub max_games: usize,
    /// A game untouched this long is forgotten.
    pub game_idle: Duration,
    /// The largest request body, in bytes.
    pub body_limit: usize,
    /// A Polyglot opening book the engine plays from in games and in
    /// `POST /api/move` (not in analyses); `None`: no book.
    pub book: Option<PathBuf>,
    /// Syzygy table directories (separated as `PATH` is) for games and
    /// analyses; `None`: none.
    pub syzygy: Option<String>,
}

impl Default for Config {
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Config {
            host: "127.0.0.1".to_string(),
            port: 8080,
            engines: cores.clamp(1, 8),
            hash_mib: 16,
            queue: 64,
            queue_wait: Duration::from_secs(30),
            max_movetime: Duration::from_secs(10),
            default_movetime: Duration::from_millis(1000),
            max_depth: 30,
            max_multipv: 8,
            max_analysis: Duration::from_secs(60),
            max_games: 1000,
            game_idle: Duration::from_secs(2 * 60 * 60),
            body_limit: 16 * 1024,
            book: None,
            syzygy: None,
        }
    }
}
