//! The search's settings: threads, table size, contempt, move overhead and
//! how the root drives the search.

use std::time::Duration;

/// How the root drives the search. [`SearchDriver::Pvs`] is the engine's
/// own; the other two are kept for study and comparison (see
/// `docs/search.md` for the nodes each needs to reach the same depths).
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{Limits, SearchControl, SearchDriver, SearchJob, SearchPool};
///
/// assert_eq!(SearchDriver::default(), SearchDriver::Pvs);
/// assert_eq!(SearchDriver::from_name("mtdf"), Some(SearchDriver::Mtdf));
/// assert_eq!(SearchDriver::AlphaBeta.name(), "AlphaBeta");
/// assert_eq!(SearchDriver::from_name("minimax"), None);
///
/// // Every driver reaches the depth asked for with a legal move.
/// for driver in SearchDriver::ALL {
///     let mut pool = SearchPool::default();
///     pool.set_driver(driver);
///     let job = SearchJob::new(Position::startpos(), Limits::depth(4));
///     let result = pool.search(job, &SearchControl::new(), &mut |_| {});
///     assert_eq!(result.depth, 4, "{driver:?}");
///     assert!(
///         Position::startpos().is_legal(result.best_move),
///         "{driver:?}"
///     );
/// }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchDriver {
    /// Principal variation search with aspiration windows: the first move
    /// of a node gets the full window, the others a null window first and a
    /// full-window re-search only when they beat alpha.
    #[default]
    Pvs,
    /// Plain alpha-beta: every move searched with the node's full window,
    /// the root with an infinite window. The same pruning and reductions.
    AlphaBeta,
    /// MTD(f): the root searched again and again with null windows that
    /// close in on the score, starting from the previous iteration's.
    /// Reports only the first move of each line.
    Mtdf,
}

impl SearchDriver {
    /// Every driver, the engine's own first.
    pub const ALL: [SearchDriver; 3] = [
        SearchDriver::Pvs,
        SearchDriver::AlphaBeta,
        SearchDriver::Mtdf,
    ];

    /// The driver's name: `PVS`, `AlphaBeta` or `MTDf`.
    pub fn name(self) -> &'static str {
        match self {
            SearchDriver::Pvs => "PVS",
            SearchDriver::AlphaBeta => "AlphaBeta",
            SearchDriver::Mtdf => "MTDf",
        }
    }

    /// The driver with this name (any case), if there is one.
    pub fn from_name(name: &str) -> Option<SearchDriver> {
        SearchDriver::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

/// The time kept in reserve per move for communication, unless set otherwise.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// The search pool's settings: what stays the same from one search to the
/// next (per-search values ride on [`crate::SearchJob`]).
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{
///     Limits, SearchControl, SearchJob, PoolSettings, SearchPool, DEFAULT_MOVE_OVERHEAD,
/// };
///
/// let defaults = PoolSettings::default();
/// assert_eq!((defaults.threads, defaults.hash_mib), (1, 16));
/// assert_eq!(defaults.move_overhead, DEFAULT_MOVE_OVERHEAD);
///
/// // Two threads sharing an 8 MiB table, avoiding draws a little.
/// let settings = PoolSettings {
///     threads: 2,
///     hash_mib: 8,
///     contempt: 20,
///     ..PoolSettings::default()
/// };
/// let mut pool = SearchPool::new(settings.clone());
/// assert_eq!(pool.settings(), &settings);
/// let job = SearchJob::new(Position::startpos(), Limits::depth(4));
/// let result = pool.search(job, &SearchControl::new(), &mut |_| {});
/// assert!(Position::startpos().is_legal(result.best_move));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolSettings {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// How much the engine dislikes a draw, in centipawns (0: a draw is a draw).
    pub contempt: i32,
    /// Time kept in reserve for communication per move.
    pub move_overhead: Duration,
    /// How the root drives the search.
    pub driver: SearchDriver,
}

impl Default for PoolSettings {
    fn default() -> PoolSettings {
        PoolSettings {
            threads: 1,
            hash_mib: 16,
            contempt: 0,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            driver: SearchDriver::Pvs,
        }
    }
}
