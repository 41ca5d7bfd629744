//! Time controls and the engine's own clock, turned into search limits.
//!
//! Conventional (`40 moves in 5 minutes`, repeating), incremental (`2
//! minutes plus 12 seconds a move`) and fixed time per move, for front ends
//! whose GUI announces the control once and the clock now and then (xboard's
//! `level`/`st`/`time`, the web server's games). UCI sends the clock with
//! every `go` and needs only [`outpost_search::Clock`].

use crate::EngineError;
use outpost_board::Color;
use outpost_search::{Clock, Limits};
use std::time::{Duration, Instant};

/// A conventional or incremental time control (xboard's `level MPS BASE INC`).
///
/// ```
/// use outpost_engine::{EngineClock, ClockControl, TimeControl};
/// use std::time::Duration;
///
/// // xboard's `level 40 5 0`: 40 moves in 5 minutes, repeating.
/// let level = ClockControl {
///     moves: 40,
///     base: Duration::from_secs(300),
///     increment: Duration::ZERO,
/// };
/// assert_eq!(TimeControl::Clock(level), TimeControl::default());
///
/// let mut clock = EngineClock::default();
/// clock.set_level(level, 0);
/// // At ply 20 each side has made 10 moves: 30 are left in the session.
/// assert_eq!(clock.limits(20).clock.unwrap().moves_to_go, Some(30));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockControl {
    /// Moves per session (0: the whole game is one session).
    pub moves: u32,
    /// Time for a session.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// How the game is timed.
///
/// ```
/// use outpost_engine::{EngineClock, TimeControl};
/// use std::time::Duration;
///
/// // xboard's `st 30`: at most 30 seconds for every move, no clock.
/// let mut clock = EngineClock::default();
/// clock.set_per_move(Duration::from_secs(30));
/// assert_eq!(clock.control(), TimeControl::PerMove(Duration::from_secs(30)));
/// let limits = clock.limits(0);
/// assert_eq!(limits.movetime, Some(Duration::from_secs(30)));
/// assert_eq!(limits.clock, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// Conventional (`level 40 5 0`) or incremental (`level 0 2 12`) clocks.
    Clock(ClockControl),
    /// A fixed maximum time per move (`st 30`).
    PerMove(Duration),
}

impl Default for TimeControl {
    /// xboard's default, 40 moves in 5 minutes.
    fn default() -> TimeControl {
        TimeControl::Clock(ClockControl {
            moves: 40,
            base: Duration::from_secs(300),
            increment: Duration::ZERO,
        })
    }
}

/// A game's timing state: the control, the engine's clock and the depth
/// limit.
///
/// ```
/// use outpost_engine::{EngineClock, ClockControl};
/// use std::time::Duration;
///
/// let mut clocks = EngineClock::default();
/// let level = ClockControl { moves: 0, base: Duration::from_secs(60), increment: Duration::from_secs(1) };
/// clocks.set_level(level, 0);
/// let limits = clocks.limits(0);
/// assert_eq!(limits.clock.unwrap().time, Duration::from_secs(60));
/// clocks.after_own_move(0, Duration::from_secs(5));
/// assert_eq!(clocks.own(), Some(Duration::from_secs(56)));
/// // The GUI reports the clock (xboard's `time`), and a depth limit (`sd`).
/// clocks.report_own(Duration::from_secs(50));
/// clocks.set_depth(Some(9));
/// assert_eq!(clocks.limits(2).clock.unwrap().time, Duration::from_secs(50));
/// assert_eq!(clocks.depth(), Some(9));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineClock {
    /// How the game is timed.
    pub(crate) control: TimeControl,
    /// The engine's clock: from the GUI's last report, or estimated since.
    pub(crate) own: Option<Duration>,
    /// The game's length in plies when the time control was set: sessions
    /// count moves from there.
    pub(crate) anchor: usize,
    /// A depth limit for every search (xboard's `sd`).
    pub(crate) depth: Option<i32>,
}

impl EngineClock {
    /// How the game is timed.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The engine's clock: from the GUI's last report, or estimated since.
    pub fn own(&self) -> Option<Duration> {
        self.own
    }

    /// The depth limit of every search, if any.
    pub fn depth(&self) -> Option<i32> {
        self.depth
    }

    /// At most `time` for every move, no clock (xboard's `st`).
    pub fn set_per_move(&mut self, time: Duration) {
        self.control = TimeControl::PerMove(time);
    }

    /// Limits every search to `depth` plies (`None`: no limit; xboard's `sd`).
    pub fn set_depth(&mut self, depth: Option<i32>) {
        self.depth = depth;
    }

    /// The GUI reports the engine's time left (xboard's `time`).
    pub fn report_own(&mut self, time: Duration) {
        self.own = Some(time);
    }

    /// Sets a `level` (the clock starts at its base time) counted from ply `plies`.
    pub fn set_level(&mut self, level: ClockControl, plies: usize) {
        self.control = TimeControl::Clock(level);
        self.own = Some(level.base);
        self.anchor = plies;
    }

    /// The engine's moves since the control was set, when it is to move at ply `plies`.
    fn own_moves_made(&self, plies: usize) -> u32 {
        (plies.saturating_sub(self.anchor) / 2) as u32
    }

    /// The limits of a search for the engine's move at ply `plies` of the game.
    pub fn limits(&self, plies: usize) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        match self.control {
            TimeControl::PerMove(time) => limits.movetime = Some(time),
            TimeControl::Clock(level) => {
                let moves_to_go = (level.moves > 0)
                    .then(|| level.moves - self.own_moves_made(plies) % level.moves);
                limits.clock = Some(Clock {
                    time: self.own.unwrap_or(level.base),
                    increment: level.increment,
                    moves_to_go,
                });
            }
        }
        limits
    }

    /// Keeps the clock estimate up to date after the engine moved at ply
    /// `plies` having thought for `spent` (a later `time` overrides it).
    pub fn after_own_move(&mut self, plies: usize, spent: Duration) {
        let TimeControl::Clock(level) = self.control else {
            return;
        };
        let mut own = self.own.unwrap_or(level.base).saturating_sub(spent) + level.increment;
        if level.moves > 0 && (self.own_moves_made(plies) + 1) % level.moves == 0 {
            own += level.base;
        }
        self.own = Some(own);
    }
}

/// Both sides' clocks of a game with a time control (base and increment):
/// the side to move's clock runs from [`GameClocks::start`] until
/// [`GameClocks::stop`], which takes the time spent off it and adds the
/// increment, or reports that it fell. Times come from the caller's
/// `Instant`s, so whoever keeps the game keeps the authoritative time.
///
/// ```
/// use outpost_board::Color;
/// use outpost_engine::GameClocks;
/// use std::time::{Duration, Instant};
///
/// let t0 = Instant::now();
/// let mut clocks = GameClocks::new(Duration::from_secs(60), Duration::from_secs(1));
/// clocks.start(Color::White, t0);
/// assert_eq!(clocks.stop(t0 + Duration::from_secs(5)), Ok(()));
/// assert_eq!(clocks.remaining(Color::White, t0), Duration::from_secs(56));
/// clocks.start(Color::Black, t0);
/// assert_eq!(clocks.flagged(t0 + Duration::from_secs(61)), Some(Color::Black));
/// assert_eq!(clocks.stop(t0 + Duration::from_secs(61)), Err(Color::Black));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClocks {
    /// Time each side starts with.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
    left: [Duration; 2],
    running: Option<(Color, Instant)>,
}

impl GameClocks {
    /// Both clocks at `base`, none running.
    pub fn new(base: Duration, increment: Duration) -> GameClocks {
        GameClocks {
            base,
            increment,
            left: [base; 2],
            running: None,
        }
    }

    /// Starts `side`'s clock at `now` (stopping any other without charge).
    pub fn start(&mut self, side: Color, now: Instant) {
        self.running = Some((side, now));
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(side, _)| side)
    }

    /// Stops the clocks without charging anyone (the game ended).
    pub fn halt(&mut self, now: Instant) {
        if let Some((side, since)) = self.running.take() {
            let i = side.index();
            self.left[i] = self.left[i].saturating_sub(now.saturating_duration_since(since));
        }
    }

    /// `side`'s time left at `now`.
    pub fn remaining(&self, side: Color, now: Instant) -> Duration {
        let left = self.left[side.index()];
        match self.running {
            Some((running, since)) if running == side => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        }
    }

    /// The side whose clock has fallen by `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Color> {
        let (side, _) = self.running?;
        self.remaining(side, now).is_zero().then_some(side)
    }

    /// The running side moved at `now`: its time spent comes off and the
    /// increment goes on; `Err(side)` when its clock had fallen (then it
    /// stays at zero and stops).
    pub fn stop(&mut self, now: Instant) -> Result<(), Color> {
        let Some((side, _)) = self.running else {
            return Ok(());
        };
        let left = self.remaining(side, now);
        self.running = None;
        if left.is_zero() {
            self.left[side.index()] = Duration::ZERO;
            return Err(side);
        }
        self.left[side.index()] = left + self.increment;
        Ok(())
    }

    /// The PGN `TimeControl` tag's value: base seconds + increment seconds
    /// (`180+2`; a tenth of a second shown when there is one).
    ///
    /// ```
    /// use outpost_engine::GameClocks;
    /// use std::time::Duration;
    ///
    /// let clocks = GameClocks::new(Duration::from_secs(180), Duration::from_millis(500));
    /// assert_eq!(clocks.time_control_tag(), "180+0.5");
    /// ```
    pub fn time_control_tag(&self) -> String {
        let secs = |d: Duration| {
            let s = d.as_secs_f64();
            if s.fract() == 0.0 {
                format!("{}", s as u64)
            } else {
                format!("{s:.1}")
            }
        };
        format!("{}+{}", secs(self.base), secs(self.increment))
    }

    /// The limits of a search for `side` to move: its clock and increment,
    /// so its thinking time follows its clock.
    pub fn limits(&self, side: Color, now: Instant) -> Limits {
        Limits {
            clock: Some(Clock {
                time: self.remaining(side, now),
                increment: self.increment,
                moves_to_go: None,
            }),
            ..Limits::default()
        }
    }
}

impl std::str::FromStr for GameClocks {
    type Err = EngineError;

    /// Reads `M+S`: `M` minutes for each side (a fraction allowed, more
    /// than 0 and at most a week) and `S` seconds added after each move
    /// (0 to an hour), as in `5+3` or `0.5+0`.
    ///
    /// ```
    /// use outpost_engine::GameClocks;
    /// use std::time::Duration;
    ///
    /// let clocks: GameClocks = "3+2".parse().unwrap();
    /// assert_eq!((clocks.base, clocks.increment), (Duration::from_secs(180), Duration::from_secs(2)));
    /// for bad in ["3", "3+", "+2", "x+1", "0+0", "-1+0", "5+-1", "NaN+1", "1e30+0"] {
    ///     assert!(bad.parse::<GameClocks>().is_err(), "{bad}");
    /// }
    /// ```
    fn from_str(text: &str) -> Result<GameClocks, EngineError> {
        const MAX_MINUTES: f64 = 7.0 * 24.0 * 60.0;
        const MAX_INCREMENT: f64 = 3600.0;
        let bad = || EngineError::BadTimeControl {
            text: text.to_string(),
        };
        let (minutes, seconds) = text.trim().split_once('+').ok_or_else(bad)?;
        let minutes: f64 = minutes.trim().parse().map_err(|_| bad())?;
        let seconds: f64 = seconds.trim().parse().map_err(|_| bad())?;
        // Also refuses NaN, which no range contains.
        let within =
            minutes > 0.0 && minutes <= MAX_MINUTES && (0.0..=MAX_INCREMENT).contains(&seconds);
        if !within {
            return Err(bad());
        }
        Ok(GameClocks::new(
            Duration::from_secs_f64(minutes * 60.0),
            Duration::from_secs_f64(seconds),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_to_go_counts_the_session() {
        let mut clocks = EngineClock::default();
        clocks.set_level(
            ClockControl {
                moves: 40,
                base: Duration::from_secs(300),
                increment: Duration::ZERO,
            },
            0,
        );
        let mtg = |clocks: &EngineClock, plies| clocks.limits(plies).clock.unwrap().moves_to_go;
        assert_eq!(mtg(&clocks, 0), Some(40));
        assert_eq!(mtg(&clocks, 1), Some(40));
        assert_eq!(mtg(&clocks, 2), Some(39));
        assert_eq!(mtg(&clocks, 79), Some(1));
        assert_eq!(mtg(&clocks, 80), Some(40));
        // The 40th move of the session brings the next session's time.
        clocks.after_own_move(78, Duration::from_secs(10));
        clocks.after_own_move(80, Duration::from_secs(10));
        assert_eq!(clocks.own, Some(Duration::from_secs(300 - 10 + 300 - 10)));
        clocks.set_level(
            ClockControl {
                moves: 0,
                base: Duration::from_secs(120),
                increment: Duration::from_secs(12),
            },
            10,
        );
        clocks.depth = Some(7);
        let limits = clocks.limits(30);
        assert_eq!(limits.depth, Some(7));
        assert_eq!(
            limits.clock,
            Some(Clock {
                time: Duration::from_secs(120),
                increment: Duration::from_secs(12),
                moves_to_go: None
            })
        );
        clocks.control = TimeControl::PerMove(Duration::from_secs(2));
        assert_eq!(clocks.limits(0).movetime, Some(Duration::from_secs(2)));
    }
}
