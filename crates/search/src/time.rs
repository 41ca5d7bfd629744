//! Time management: how long to think about one move.

use crate::limits::Limits;
use std::time::Duration;

/// The time budget of one search.
///
/// ```
/// use outpost_search::{Limits, TimeBudget};
/// use std::time::Duration;
///
/// let overhead = Duration::from_millis(30);
/// // No time limit, no budget.
/// assert_eq!(TimeBudget::new(&Limits::depth(10), overhead, 1), None);
///
/// // A fixed time per move: the soft and hard limits are the same.
/// let limits = Limits::movetime(Duration::from_secs(2));
/// let fixed = TimeBudget::new(&limits, overhead, 1).unwrap();
/// assert_eq!(fixed.soft, fixed.hard);
/// assert_eq!(fixed.hard, Duration::from_millis(1970));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// The target: no new iteration starts once a share of it is used, and
    /// the search stops after an iteration that ends past it (stretched when
    /// the best move is unstable or the score drops).
    pub soft: Duration,
    /// Never think longer than this: checked every few thousand nodes.
    pub hard: Duration,
    /// A fixed time per move (`movetime`): use all of it, never stop early.
    pub fixed: bool,
}

/// Assumed moves left in a sudden-death game, for dividing the clock, up to
/// move [`HORIZON_SHRINK_FROM`].
const MOVES_LEFT_GUESS: f64 = 20.0;
/// With an increment, the assumed moves left shrink from
/// [`MOVES_LEFT_GUESS`] at this move number ...
const HORIZON_SHRINK_FROM: u32 = 10;
/// ... to this many at move [`HORIZON_SHRINK_TO`] and after: the clock is
/// spent in the middlegame, where games are decided, rather than kept for
/// an endgame that the increment alone pays for.
const MOVES_LEFT_LATE: f64 = 10.0;
/// See [`MOVES_LEFT_LATE`].
const HORIZON_SHRINK_TO: u32 = 30;
/// No new iteration starts once this share of the (scaled) soft target is
/// used: the next one would probably overrun it by far.
pub(crate) const NEW_ITERATION_SHARE: f64 = 0.75;
/// With an increment, the time kept back for later moves is at least this
/// many increments, up to [`RESERVE_FLOOR`] (half the clock when it holds
/// less than twice that).
const RESERVE_INCREMENTS: u32 = 10;
/// The most time kept back by [`RESERVE_INCREMENTS`].
const RESERVE_FLOOR: Duration = Duration::from_secs(1);
/// The share of the increment planned for each move on a healthy clock.
const INCREMENT_SHARE: f64 = 0.8;
/// Never plan to use more than this fraction of the remaining time on one move.
const MAX_SHARE: f64 = 0.5;
/// The hard limit as a multiple of the soft limit.
const HARD_FACTOR: f64 = 4.0;

impl TimeBudget {
    /// The budget for `limits` at move `move_number` of the game (the
    /// position's fullmove number), keeping `overhead` in reserve for
    /// communication. `None` when the search has no time limit.
    ///
    /// ```
    /// use outpost_search::{Clock, Limits, TimeBudget};
    /// use std::time::Duration;
    ///
    /// let on_clock = |moves_to_go| Limits {
    ///     clock: Some(Clock {
    ///         time: Duration::from_secs(120),
    ///         increment: Duration::ZERO,
    ///         moves_to_go,
    ///     }),
    ///     ..Limits::default()
    /// };
    /// let overhead = Duration::from_millis(30);
    /// let budget = |moves_to_go| TimeBudget::new(&on_clock(moves_to_go), overhead, 30).unwrap();
    ///
    /// // The fewer moves left to the time control, the more for this one.
    /// assert!(budget(Some(5)).soft > budget(Some(30)).soft);
    /// // Never close to the whole clock, even for the last move before it.
    /// assert!(budget(Some(1)).hard < Duration::from_secs(120));
    /// assert!(budget(None).soft <= budget(None).hard);
    ///
    /// // An infinite search has no budget, whatever the clock says.
    /// let infinite = Limits {
    ///     infinite: true,
    ///     ..on_clock(None)
    /// };
    /// assert_eq!(TimeBudget::new(&infinite, overhead, 30), None);
    /// ```
    pub fn new(limits: &Limits, overhead: Duration, move_number: u32) -> Option<TimeBudget> {
        if limits.infinite {
            return None;
        }
        if let Some(movetime) = limits.movetime {
            let t = movetime
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            return Some(TimeBudget {
                soft: t,
                hard: t,
                fixed: true,
            });
        }
        let clock = limits.clock?;
        // What we may spend without flagging: the clock less the overhead
        // reserved for this move and a reserve for the moves to come. With
        // an increment the reserve is at least `floor` (half the clock when
        // it holds less than twice that), and on a short clock only part of
        // the increment is spent, so the clock builds back up instead of
        // living a few hundred milliseconds from a loss on time (where a
        // process stalled by a busy machine flags).
        let floor = RESERVE_FLOOR.min(clock.increment * RESERVE_INCREMENTS);
        let reserve = (clock.time / 50).max(floor.min(clock.time / 2));
        let health = if floor.is_zero() {
            1.0
        } else {
            (clock.time.as_secs_f64() / (2.0 * floor.as_secs_f64())).min(1.0)
        };
        let usable = clock.time.saturating_sub(overhead).saturating_sub(reserve);
        let usable = usable.max(Duration::from_millis(1));
        let horizon = if clock.increment.is_zero() {
            MOVES_LEFT_GUESS
        } else {
            let past = move_number.saturating_sub(HORIZON_SHRINK_FROM);
            let span = HORIZON_SHRINK_TO - HORIZON_SHRINK_FROM;
            let f = f64::from(past.min(span)) / f64::from(span);
            MOVES_LEFT_GUESS + (MOVES_LEFT_LATE - MOVES_LEFT_GUESS) * f
        };
        let moves = clock
            .moves_to_go
            .map_or(horizon, |m| f64::from(m.max(1)).min(horizon));
        let base =
            usable.as_secs_f64() / moves + clock.increment.as_secs_f64() * INCREMENT_SHARE * health;
        let cap = usable.as_secs_f64() * if moves <= 1.0 { 0.9 } else { MAX_SHARE };
        let soft = base.min(cap);
        let hard = (soft * HARD_FACTOR)
            .min(cap.max(soft))
            .min(usable.as_secs_f64() * 0.9);
        Some(TimeBudget {
            soft: Duration::from_secs_f64(soft.max(0.001)),
            hard: Duration::from_secs_f64(hard.max(soft).max(0.001)),
            fixed: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Clock;

    fn clock(ms: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(ms),
                increment: Duration::from_millis(inc),
                moves_to_go: mtg,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn movetime_is_the_time_less_the_overhead() {
        let overhead = Duration::from_millis(10);
        for ms in [1u64, 50, 300, 10_000] {
            let limits = Limits::movetime(Duration::from_millis(ms));
            let b = TimeBudget::new(&limits, overhead, 1).unwrap();
            assert!(b.fixed && b.soft == b.hard);
            assert_eq!(
                b.hard,
                Duration::from_millis(ms.saturating_sub(10).max(1)),
                "{ms}"
            );
        }
    }

    #[test]
    fn budgets_stay_inside_the_clock() {
        let overhead = Duration::from_millis(30);
        for (ms, inc, mtg) in [
            (10, 0, None),
            (1000, 10, None),
            (60_000, 1000, None),
            (300_000, 0, Some(40)),
            (5000, 0, Some(1)),
            (50, 100, None),
        ] {
            for move_number in [1, 20, 60] {
                let b = TimeBudget::new(&clock(ms, inc, mtg), overhead, move_number).unwrap();
                assert!(b.soft <= b.hard, "{ms} {inc}: {b:?}");
                assert!(
                    b.hard <= Duration::from_millis(ms.max(1)),
                    "{ms} {inc}: {b:?}"
                );
            }
        }
        let b = TimeBudget::new(&clock(10_000, 100, None), overhead, 1).unwrap();
        assert!(
            b.soft > Duration::from_millis(300) && b.soft < Duration::from_millis(600),
            "{b:?}"
        );
        assert!(TimeBudget::new(&Limits::default(), overhead, 1).is_none());
        let mt =
            TimeBudget::new(&Limits::movetime(Duration::from_millis(500)), overhead, 1).unwrap();
        assert_eq!(mt.hard, Duration::from_millis(470));
    }

    /// Plays a game on the increment: every move takes the soft target plus
    /// `latency`; returns the lowest clock seen.
    fn lowest_clock(start_ms: u64, inc_ms: u64, latency_ms: u64, moves: usize) -> Duration {
        let overhead = Duration::from_millis(30);
        let mut time = Duration::from_millis(start_ms);
        let mut lowest = time;
        for move_number in 1..=moves as u32 {
            let ms = time.as_millis() as u64;
            let b = TimeBudget::new(&clock(ms, inc_ms, None), overhead, move_number).unwrap();
            time = time.saturating_sub(b.soft + Duration::from_millis(latency_ms))
                + Duration::from_millis(inc_ms);
            lowest = lowest.min(time);
        }
        lowest
    }

    #[test]
    fn the_clock_stays_well_clear_of_zero_on_the_increment() {
        // 10+0.1 with 40 ms lost per move outside the search: keep more than
        // half a second however long the game.
        let low = lowest_clock(10_000, 100, 40, 400);
        assert!(low > Duration::from_millis(500), "{low:?}");
        // 60+1: keep more than a second.
        let low = lowest_clock(60_000, 1000, 40, 400);
        assert!(low > Duration::from_secs(1), "{low:?}");
    }

    #[test]
    fn a_reserve_survives_even_the_hard_limit() {
        let overhead = Duration::from_millis(30);
        for ms in (100..=5000).step_by(50) {
            for inc in [0, 10, 100, 1000] {
                for move_number in [1, 25, 80] {
                    let b = TimeBudget::new(&clock(ms, inc, None), overhead, move_number).unwrap();
                    let left = Duration::from_millis(ms) - b.hard;
                    let reserve = Duration::from_millis((ms / 2).min(1000));
                    assert!(left >= reserve, "{ms}+{inc}: {b:?} leaves {left:?}");
                }
            }
        }
    }

    #[test]
    fn with_an_increment_the_middlegame_gets_a_larger_share_of_the_clock() {
        let overhead = Duration::from_millis(30);
        let soft = |inc, move_number| {
            TimeBudget::new(&clock(5_000, inc, None), overhead, move_number)
                .unwrap()
                .soft
        };
        // Same clock: from move 10 to move 30 the horizon halves, and it
        // stays there.
        assert_eq!(soft(100, 1), soft(100, 10));
        assert!(soft(100, 20) > soft(100, 10));
        assert!(soft(100, 30) > soft(100, 20));
        assert_eq!(soft(100, 30), soft(100, 90));
        // Without an increment the clock must last: the horizon stays.
        assert_eq!(soft(0, 1), soft(0, 50));
    }
}
