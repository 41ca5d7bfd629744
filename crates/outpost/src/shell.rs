//! The command loop: read a line, parse it, run it against the game, print
//! the answer.
//!
//! Answers go to the output, one command's answer at a time, flushed after
//! every command. A line that cannot be run gets exactly one line back,
//! `info string error: <message>`, and changes nothing.

use crate::command::{Command, Start};
use crate::error::CommandError;
use crate::game::Game;
use outpost::eval::Evaluator;
use outpost::{divide, to_fen};
use std::io::{self, BufRead, Write};

/// Longest message text printed for an error; longer ones are cut short so
/// a huge input line cannot produce a huge answer.
const MAX_MESSAGE_CHARS: usize = 200;

/// The prefix of every error line.
pub const ERROR_PREFIX: &str = "info string error: ";

/// Whether to keep reading after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// Stop: `quit` was given.
    Quit,
}

/// The engine's command shell, the game it works on and its evaluator.
#[derive(Debug, Default)]
pub struct Shell {
    game: Game,
    evaluator: Evaluator,
}

impl Shell {
    /// A shell on the standard starting position.
    pub fn new() -> Shell {
        Shell::default()
    }

    /// Runs commands from `input` until `quit` or the end of the input.
    ///
    /// Lines that are not valid UTF-8 are read with the bad bytes replaced.
    /// Only I/O errors end the loop early.
    pub fn run(&mut self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if input.read_until(b'\n', &mut buf)? == 0 {
                return Ok(());
            }
            let line = String::from_utf8_lossy(&buf);
            let flow = self.execute(&line, &mut output)?;
            output.flush()?;
            if flow == Flow::Quit {
                return Ok(());
            }
        }
    }

    /// Runs one line and writes its answer (blank lines are ignored).
    pub fn execute(&mut self, line: &str, out: &mut impl Write) -> io::Result<Flow> {
        if line.trim().is_empty() {
            return Ok(Flow::Continue);
        }
        match line.parse::<Command>() {
            Ok(command) => self.run_command(command, out),
            Err(err) => {
                write_error(out, &err)?;
                Ok(Flow::Continue)
            }
        }
    }

    fn run_command(&mut self, command: Command, out: &mut impl Write) -> io::Result<Flow> {
        match command {
            Command::Position { start, moves } => self.set_position(&start, &moves, out)?,
            Command::Perft { depth } => self.perft(depth, out)?,
            Command::Display => self.display(out)?,
            Command::Eval => self.eval(out)?,
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    /// `position`: the new game replaces the old one only if all of it is valid.
    fn set_position(
        &mut self,
        start: &Start,
        moves: &[String],
        out: &mut impl Write,
    ) -> io::Result<()> {
        match Game::set_up(start, moves) {
            Ok(game) => {
                self.game = game;
                Ok(())
            }
            Err(err) => write_error(out, &err),
        }
    }

    /// `go perft`: one `<move>: <count>` line per root move in the order of
    /// their text, a blank line, then the total.
    fn perft(&self, depth: u32, out: &mut impl Write) -> io::Result<()> {
        let pos = self.game.position();
        let mut split: Vec<(String, u64)> = divide(pos, depth)
            .into_iter()
            .map(|(mv, nodes)| (mv.to_string(), nodes))
            .collect();
        split.sort();
        for (mv, nodes) in &split {
            writeln!(out, "{mv}: {nodes}")?;
        }
        // Depth 0 has no root moves: the tree is the root alone.
        let total: u64 = if depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        };
        writeln!(out)?;
        writeln!(out, "Nodes searched: {total}")
    }

    /// `d`: the board, then its FEN, key and checkers, as Stockfish shows them.
    fn display(&self, out: &mut impl Write) -> io::Result<()> {
        let pos = self.game.position();
        write!(out, "{}", pos.board_diagram())?;
        writeln!(out)?;
        writeln!(out, "Fen: {}", to_fen(pos))?;
        writeln!(out, "Key: {:016X}", pos.key())?;
        write!(out, "Checkers:")?;
        for sq in pos.checkers() {
            write!(out, " {sq}")?;
        }
        writeln!(out)
    }

    /// `eval`: the evaluation trace, a table ending with the line
    /// `Final evaluation: <pawns> (white side)`, as Stockfish shows it.
    fn eval(&mut self, out: &mut impl Write) -> io::Result<()> {
        let trace = self.evaluator.trace(self.game.position());
        write!(out, "{trace}")
    }
}

/// Writes `err` as one error line.
fn write_error(out: &mut impl Write, err: &CommandError) -> io::Result<()> {
    writeln!(out, "{ERROR_PREFIX}{}", one_line(&err.to_string()))
}

/// `text` made safe to print as one short line: control characters escaped,
/// and cut to about [`MAX_MESSAGE_CHARS`] characters.
fn one_line(text: &str) -> String {
    let mut out = String::new();
    let mut chars = 0;
    for c in text.chars() {
        if chars >= MAX_MESSAGE_CHARS {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            let escaped = c.escape_default();
            chars += escaped.len();
            out.extend(escaped);
        } else {
            chars += 1;
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(input: &[u8]) -> String {
        let mut out = Vec::new();
        Shell::new().run(input, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn perft_and_display() {
        let out = session(b"go perft 1\n\nposition startpos moves e2e4 f7f6 d1h5\nd\n");
        assert!(out.starts_with("a2a3: 1\na2a4: 1\n"), "{out}");
        assert!(out.contains("\nNodes searched: 20\n"), "{out}");
        assert!(
            out.contains("\nFen: rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2\n")
        );
        assert!(out.ends_with("\nCheckers: h5\n"), "{out}");
    }

    #[test]
    fn quit_stops_reading() {
        assert_eq!(
            session(b"go perft 0\nquit\ngo perft 0\n"),
            "\nNodes searched: 1\n"
        );
    }

    #[test]
    fn errors_are_one_short_line() {
        let long = format!("{}\n", "x\u{7}".repeat(10_000));
        let out = session(long.as_bytes());
        assert_eq!(out.lines().count(), 1);
        assert!(out.starts_with(ERROR_PREFIX));
        assert!(out.contains("x\\u{7}x"), "{out}");
        assert!(out.len() < 2 * MAX_MESSAGE_CHARS, "{out}");
        let fen = format!("{}/8/8/8/8/8/8/8 w - -", "p".repeat(100_000));
        let out = session(format!("position fen {fen}\n").as_bytes());
        assert_eq!(out.lines().count(), 1);
        assert!(out.ends_with("...\n"), "{out}");
        let out = session(b"\xff\xfe go\n");
        assert!(out.starts_with("info string error: unknown command `\u{fffd}\u{fffd} go`"));
    }
}
