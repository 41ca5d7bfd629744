//! What bounds a search: depth, nodes, mate, time, or nothing at all.

use outpost_board::Move;
use std::time::Duration;

/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

/// The side to move's clock, as a GUI reports it before each move.
///
/// ```
/// use outpost_search::{Clock, Limits, TimeBudget, DEFAULT_MOVE_OVERHEAD};
/// use std::time::Duration;
///
/// // One minute left, one second added per move.
/// let clock = Clock {
///     time: Duration::from_secs(60),
///     increment: Duration::from_secs(1),
///     moves_to_go: None,
/// };
/// let limits = Limits {
///     clock: Some(clock),
///     ..Limits::default()
/// };
/// // The search plans to spend a small share of it on this move.
/// let budget = TimeBudget::new(&limits, DEFAULT_MOVE_OVERHEAD, 1).unwrap();
/// assert!(!budget.fixed);
/// assert!(budget.soft <= budget.hard);
/// assert!(budget.hard < clock.time / 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search. With none set the search runs until stopped
/// (or to the maximum depth).
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::parse_uci_move;
/// use outpost_search::{Limits, SearchControl, SearchJob, SearchPool};
///
/// // Depth 3, and only 1. a3 or 1. h3 may be played.
/// let pos = Position::startpos();
/// let allowed = vec![
///     parse_uci_move(&pos, "a2a3").unwrap(),
///     parse_uci_move(&pos, "h2h3").unwrap(),
/// ];
/// let limits = Limits {
///     search_moves: allowed.clone(),
///     ..Limits::depth(3)
/// };
/// assert_eq!(limits.depth, Some(3));
/// assert!(!limits.infinite && limits.clock.is_none());
///
/// let mut pool = SearchPool::default();
/// let result = pool.search(
///     SearchJob::new(pos, limits),
///     &SearchControl::new(),
///     &mut |_| {},
/// );
/// assert!(allowed.contains(&result.best_move));
/// assert_eq!(result.depth, 3);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search at most this many plies deep.
    pub depth: Option<i32>,
    /// Search at most about this many nodes (checked every node on the main thread).
    pub nodes: Option<u64>,
    /// Start no new iteration once the main thread has searched this many
    /// nodes: a soft limit that ends on a completed iteration (self-play
    /// data generation uses it). Deterministic with one thread.
    pub soft_nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<i32>,
    /// Search exactly this long.
    pub movetime: Option<Duration>,
    /// Manage time from the clock.
    pub clock: Option<Clock>,
    /// Search until told to stop, whatever else is set.
    pub infinite: bool,
    /// Search while the opponent thinks: no time limit until a ponder hit.
    pub ponder: bool,
    /// Only consider these root moves (all legal moves when empty).
    pub search_moves: Vec<Move>,
}

impl Limits {
    /// Limits that search to a fixed depth.
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_search::{Limits, SearchControl, SearchJob, SearchPool};
    ///
    /// let limits = Limits::depth(4);
    /// assert_eq!((limits.depth, limits.nodes), (Some(4), None));
    /// let job = SearchJob::new(Position::startpos(), limits);
    /// let result = SearchPool::default().search(job, &SearchControl::new(), &mut |_| {});
    /// assert_eq!(result.depth, 4);
    /// ```
    pub fn depth(depth: i32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Limits of an analysis that runs until it is stopped (UCI's `go
    /// infinite`): the result is held until then.
    ///
    /// ```
    /// use outpost_search::Limits;
    ///
    /// assert!(Limits::infinite().infinite);
    /// ```
    pub fn infinite() -> Limits {
        Limits {
            infinite: true,
            ..Limits::default()
        }
    }

    /// Limits that search for a fixed time.
    ///
    /// The search uses all of it, less the move overhead:
    ///
    /// ```
    /// use outpost_search::{Limits, TimeBudget};
    /// use std::time::Duration;
    ///
    /// let limits = Limits::movetime(Duration::from_millis(500));
    /// assert_eq!(limits.movetime, Some(Duration::from_millis(500)));
    /// assert_eq!(limits.depth, None);
    ///
    /// let budget = TimeBudget::new(&limits, Duration::from_millis(20), 1).unwrap();
    /// assert!(budget.fixed);
    /// assert_eq!(budget.hard, Duration::from_millis(480));
    /// ```
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Limits that search a fixed number of nodes.
    ///
    /// The search stops on reaching the count, a few nodes past it at most:
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_search::{Limits, SearchControl, SearchJob, SearchPool};
    ///
    /// let job = SearchJob::new(Position::startpos(), Limits::nodes(3_000));
    /// let result = SearchPool::default().search(job, &SearchControl::new(), &mut |_| {});
    /// assert!(
    ///     result.nodes >= 3_000 && result.nodes < 3_200,
    ///     "{}",
    ///     result.nodes
    /// );
    /// assert!(Position::startpos().is_legal(result.best_move));
    /// ```
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Limits that end on the first completed iteration after `soft`
    /// nodes, and in any case at `hard` nodes.
    ///
    /// With one thread the search is deterministic: the same limits give
    /// the same result every time.
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_search::{Limits, SearchControl, SearchJob, SearchPool};
    ///
    /// let limits = Limits::soft_nodes(2_000, 100_000);
    /// assert_eq!(
    ///     (limits.soft_nodes, limits.nodes),
    ///     (Some(2_000), Some(100_000))
    /// );
    ///
    /// let search = || {
    ///     let job = SearchJob::new(Position::startpos(), limits.clone());
    ///     SearchPool::default().search(job, &SearchControl::new(), &mut |_| {})
    /// };
    /// let first = search();
    /// // It went on to the end of the iteration that passed 2,000 nodes.
    /// assert!(first.nodes >= 2_000 && first.nodes < 100_000);
    /// let second = search();
    /// assert_eq!(
    ///     (second.best_move, second.nodes),
    ///     (first.best_move, first.nodes)
    /// );
    /// ```
    pub fn soft_nodes(soft: u64, hard: u64) -> Limits {
        Limits {
            nodes: Some(hard.max(soft)),
            soft_nodes: Some(soft),
            ..Limits::default()
        }
    }
}
