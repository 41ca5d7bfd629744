//! What bounds a search: depth, nodes, mate, time, or nothing at all.

use outpost_board::Move;
use std::time::Duration;

/// The side to move's clock, as a GUI reports it before each move.
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
    pub fn depth(depth: i32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Limits that search for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Limits that search a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Limits that end on the first completed iteration after `soft`
    /// nodes, and in any case at `hard` nodes.
    pub fn soft_nodes(soft: u64, hard: u64) -> Limits {
        Limits {
            nodes: Some(hard.max(soft)),
            soft_nodes: Some(soft),
            ..Limits::default()
        }
    }
}
