//! Clocks of the web's games: the time control a new game takes and the
//! clocks as the API shows them (a fallen flag and what it gives are the
//! game controller's). The
//! server keeps the time (`outpost_engine::GameClocks`): the player's clock
//! runs from the engine's move to the player's, the engine's while it
//! thinks, and the engine's search is limited by its clock.

use crate::position::color_name;
use crate::WebError;
use outpost_board::Color;
use outpost_engine::GameClocks;
use serde::Serialize;
use std::time::{Duration, Instant};

/// The presets the page offers (minutes + seconds of increment).
pub const PRESETS: [&str; 4] = ["3+2", "5+0", "10+5", "15+10"];

/// Reads a time control: `none`, or `M+S` as the engine layer reads it
/// (`GameClocks`: `M` minutes and `S` seconds of increment), within the
/// server's bounds: `M` from 0.01 to 180, `S` from 0 to 60.
pub fn parse_time_control(text: Option<&str>) -> Result<Option<GameClocks>, WebError> {
    let text = match text.map(str::trim) {
        None | Some("none") | Some("") => return Ok(None),
        Some(text) => text,
    };
    let bad = || WebError::BadParameter {
        field: "time_control",
        value: format!("{text:?}"),
        expected: format!(
            "none or minutes+seconds of increment, such as {}",
            PRESETS.join(", ")
        ),
    };
    let clocks: GameClocks = text.parse().map_err(|_| bad())?;
    // 0.01 minutes, less a rounding of the float.
    let within = Duration::from_micros(599_999) <= clocks.base
        && clocks.base <= Duration::from_secs(180 * 60)
        && clocks.increment <= Duration::from_secs(60);
    within.then_some(Some(clocks)).ok_or_else(bad)
}

/// The clocks in a game's view.
#[derive(Clone, Debug, Serialize)]
pub struct ClockView {
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// The increment, in milliseconds.
    pub increment_ms: u64,
    /// The side whose clock runs: `white` or `black` (absent when stopped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub running: Option<&'static str>,
}

impl ClockView {
    /// The clocks at `now`.
    pub fn of(clocks: &GameClocks, now: Instant) -> ClockView {
        let ms = |side| clocks.remaining(side, now).as_millis() as u64;
        ClockView {
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
            increment_ms: clocks.increment.as_millis() as u64,
            running: clocks.running().map(color_name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_read_and_checked() {
        let c = parse_time_control(Some("3+2")).unwrap().unwrap();
        assert_eq!(c.base, Duration::from_secs(180));
        assert_eq!(c.increment, Duration::from_secs(2));
        assert_eq!(c.time_control_tag(), "180+2");
        assert!(parse_time_control(Some("none")).unwrap().is_none());
        assert!(parse_time_control(None).unwrap().is_none());
        for bad in ["3", "3+", "+2", "x+1", "0+0", "500+0", "5+99", "-1+0"] {
            assert!(parse_time_control(Some(bad)).is_err(), "{bad}");
        }
    }
}
