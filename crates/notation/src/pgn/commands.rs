//! The commands embedded in PGN comments that tools read: `[%clk 0:03:25.4]`
//! (the mover's clock after the move) and `[%eval 0.17]` / `[%eval #-3]`
//! (an evaluation, White's view, in pawns or as a mate), as lichess,
//! chess.com, python-chess and engine-match tools write them.

use super::MoveNode;
use std::fmt::{self, Write as _};
use std::time::Duration;

/// An evaluation as a `[%eval]` command holds it, from White's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentEval {
    /// A score in centipawns (written in pawns: `[%eval -1.5]`).
    Centipawns(i32),
    /// Mate in this many moves, positive when White mates (`[%eval #3]`,
    /// `[%eval #-2]`).
    Mate(i32),
}

impl fmt::Display for CommentEval {
    /// The command's argument: `0.17`, `-1.50`, `#3`, `#-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CommentEval::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                write!(
                    f,
                    "{sign}{}.{:02}",
                    cp.unsigned_abs() / 100,
                    cp.unsigned_abs() % 100
                )
            }
            CommentEval::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// The argument of the first `[%name ...]` command in `comment`.
fn command<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = comment;
    while let Some(at) = rest.find("[%") {
        let body = &rest[at + 2..];
        let end = body.find(']')?;
        let (word, arg) = body[..end]
            .split_once(char::is_whitespace)
            .unwrap_or((&body[..end], ""));
        if word == name {
            return Some(arg.trim());
        }
        rest = &body[end + 1..];
    }
    None
}

/// `comment` with every `[%name ...]` command removed (and the spaces it
/// leaves collapsed).
fn without_command(comment: &str, name: &str) -> String {
    let mut out = String::with_capacity(comment.len());
    let mut rest = comment;
    while let Some(at) = rest.find("[%") {
        let body = &rest[at + 2..];
        let Some(end) = body.find(']') else { break };
        let word = body[..end].split(char::is_whitespace).next().unwrap_or("");
        if word == name {
            out.push_str(&rest[..at]);
        } else {
            out.push_str(&rest[..at + 2 + end + 1]);
        }
        rest = &body[end + 1..];
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn parse_clock(arg: &str) -> Option<Duration> {
    let mut parts = arg.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let hours: u64 = h.parse().ok()?;
    let minutes: u64 = m.parse().ok()?;
    let seconds: f64 = s.parse().ok()?;
    if minutes >= 60 || !(0.0..60.0).contains(&seconds) {
        return None;
    }
    let whole = hours.checked_mul(3600)?.checked_add(minutes * 60)?;
    Some(Duration::from_secs(whole) + Duration::from_secs_f64(seconds))
}

fn parse_eval(arg: &str) -> Option<CommentEval> {
    // A depth may follow a comma: `[%eval 0.17,20]`.
    let value = arg.split(',').next()?.trim();
    if let Some(mate) = value.strip_prefix('#') {
        return mate.parse().ok().map(CommentEval::Mate);
    }
    let pawns: f64 = value.parse().ok()?;
    let cp = (pawns * 100.0).round();
    (cp.abs() <= f64::from(i32::MAX)).then_some(CommentEval::Centipawns(cp as i32))
}

fn clock_text(clock: Duration) -> String {
    let millis = clock.as_millis();
    let (secs, frac) = (millis / 1000, millis % 1000);
    let mut out = format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
    if frac != 0 {
        let digits = format!("{frac:03}");
        let _ = write!(out, ".{}", digits.trim_end_matches('0'));
    }
    out
}

impl MoveNode {
    /// The mover's clock after the move, from a `[%clk H:MM:SS]` command in
    /// the node's comments (seconds may have a fraction).
    ///
    /// ```
    /// use outpost_notation::PgnGame;
    /// use std::time::Duration;
    ///
    /// let game: PgnGame = "1. e4 { [%clk 0:03:25.4] } e5 { good [%clk 1:00:00] } *".parse().unwrap();
    /// let clocks: Vec<_> = game.mainline().map(|m| m.node.clock()).collect();
    /// assert_eq!(clocks, [Some(Duration::from_millis(205_400)), Some(Duration::from_secs(3600))]);
    /// ```
    pub fn clock(&self) -> Option<Duration> {
        self.comments
            .iter()
            .find_map(|c| command(c, "clk").and_then(parse_clock))
    }

    /// Sets the `[%clk]` command (whole milliseconds), replacing any there.
    ///
    /// ```
    /// use outpost_notation::PgnGame;
    /// use std::time::Duration;
    ///
    /// let mut game: PgnGame = "1. e4 {best [%clk 0:01:00]} *".parse().unwrap();
    /// game.moves.moves[0].set_clock(Duration::from_millis(59_250));
    /// assert_eq!(game.to_string(), "1. e4 {best [%clk 0:00:59.25]} *\n");
    /// ```
    pub fn set_clock(&mut self, clock: Duration) {
        self.set_command("clk", &clock_text(clock));
    }

    /// The evaluation of a `[%eval]` command in the node's comments.
    ///
    /// ```
    /// use outpost_notation::{CommentEval, PgnGame};
    ///
    /// let game: PgnGame = "1. e4 {[%eval 0.17]} e5 {[%eval #-3]} 2. Nf3 {[%eval -1.5,22]} *"
    ///     .parse()
    ///     .unwrap();
    /// let evals: Vec<_> = game.mainline().map(|m| m.node.eval()).collect();
    /// assert_eq!(
    ///     evals,
    ///     [Some(CommentEval::Centipawns(17)), Some(CommentEval::Mate(-3)), Some(CommentEval::Centipawns(-150))]
    /// );
    /// ```
    pub fn eval(&self) -> Option<CommentEval> {
        self.comments
            .iter()
            .find_map(|c| command(c, "eval").and_then(parse_eval))
    }

    /// Sets the `[%eval]` command, replacing any there.
    ///
    /// ```
    /// use outpost_notation::{CommentEval, PgnGame};
    ///
    /// let mut game: PgnGame = "1. e4 *".parse().unwrap();
    /// game.moves.moves[0].set_eval(CommentEval::Centipawns(-5));
    /// assert_eq!(game.to_string(), "1. e4 {[%eval -0.05]} *\n");
    /// ```
    pub fn set_eval(&mut self, eval: CommentEval) {
        self.set_command("eval", &eval.to_string());
    }

    /// Replaces every `[%name ...]` command of the comments with one
    /// `[%name arg]` at the end of the first comment (a new comment if
    /// there is none).
    fn set_command(&mut self, name: &str, arg: &str) {
        for comment in self.comments.iter_mut() {
            if command(comment, name).is_some() {
                *comment = without_command(comment, name);
            }
        }
        self.comments.retain(|c| !c.is_empty());
        let text = format!("[%{name} {arg}]");
        match self.comments.first_mut() {
            Some(first) => {
                first.push(' ');
                first.push_str(&text);
            }
            None => self.comments.push(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_text_round_trips() {
        for millis in [
            0, 999, 1_000, 59_250, 61_000, 3_600_000, 3_661_500, 36_000_001,
        ] {
            let d = Duration::from_millis(millis);
            assert_eq!(parse_clock(&clock_text(d)), Some(d), "{}", clock_text(d));
        }
    }

    #[test]
    fn eval_text_round_trips() {
        for eval in [
            CommentEval::Centipawns(0),
            CommentEval::Centipawns(-5),
            CommentEval::Centipawns(17),
            CommentEval::Centipawns(-150),
            CommentEval::Centipawns(12_345),
            CommentEval::Mate(3),
            CommentEval::Mate(-1),
        ] {
            assert_eq!(parse_eval(&eval.to_string()), Some(eval), "{eval}");
        }
    }

    #[test]
    fn bad_commands_read_as_none() {
        for bad in [
            "",
            "1:00",
            "0:60:00",
            "0:00:60",
            "a:b:c",
            "0:00:01:00",
            "-1:00:00",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        for bad in ["", "#", "#x", "pawns", "1e400"] {
            assert_eq!(parse_eval(bad), None, "{bad}");
        }
        assert_eq!(command("[%clk 0:00:01", "clk"), None, "unclosed");
        assert_eq!(command("[%clock 0:00:01]", "clk"), None, "another name");
    }

    #[test]
    fn setting_a_command_keeps_the_rest() {
        let mut node = MoveNode::new(outpost_board::Move::NULL);
        node.comments
            .push("a [%clk 0:00:01] b [%eval 0.10]".to_string());
        node.comments.push("[%clk 0:00:02]".to_string());
        node.set_clock(Duration::from_secs(3));
        assert_eq!(node.comments[..], ["a b [%eval 0.10] [%clk 0:00:03]"]);
        assert_eq!(node.clock(), Some(Duration::from_secs(3)));
        assert_eq!(node.eval(), Some(CommentEval::Centipawns(10)));
    }
}
