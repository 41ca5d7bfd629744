//! How the engine's thinking time is found, and the clocks' part in a game.

use crate::clock::{EngineClock, GameClocks};
use outpost_search::Limits;

/// How the engine's thinking time is found.
///
/// ```
/// use outpost_engine::{GameClocks, GameController, Timing};
/// use outpost_search::Limits;
/// use std::time::Duration;
///
/// // The same limits for every move.
/// let fixed = GameController::new(Timing::Fixed(Limits::depth(4)));
/// assert_eq!(fixed.move_limits(), Limits::depth(4));
/// assert!(fixed.timing().running_clocks().is_none());
///
/// // Three minutes plus two seconds a move, kept by the controller.
/// let clocks = GameClocks::new(Duration::from_secs(180), Duration::from_secs(2));
/// let timed = GameController::new(Timing::Running(clocks));
/// let clock = timed.move_limits().clock.unwrap();
/// assert_eq!(clock.increment, Duration::from_secs(2));
/// assert!(clock.time <= Duration::from_secs(180));
/// assert!(timed.timing().running_clocks().is_some());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Timing {
    /// A time control announced once, the engine's clock reported now and
    /// then and estimated in between (xboard's `level`, `st`, `time`).
    Reported(EngineClock),
    /// Both sides' clocks, kept by the controller from the caller's instants.
    Running(GameClocks),
    /// The same limits for every move (a fixed time, depth or node count).
    Fixed(Limits),
}

impl Timing {
    /// Both sides' running clocks, when the game has them.
    pub fn running_clocks(&self) -> Option<&GameClocks> {
        match self {
            Timing::Running(clocks) => Some(clocks),
            _ => None,
        }
    }
}

impl Default for Timing {
    fn default() -> Timing {
        Timing::Reported(EngineClock::default())
    }
}
