//! One line of input parsed into a command, before anything is done with it.

use crate::error::{excerpt, CommandError};
use std::str::FromStr;

/// The deepest `go perft` accepted. Deeper trees would not finish in any
/// useful time, and the shell cannot interrupt a perft.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The standard starting position (`startpos`).
    Startpos,
    /// A position given as FEN (`fen <fields>`), its fields joined by single spaces.
    Fen(String),
}

/// A command of the engine's shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `position startpos|fen <fen> [moves <move>...]`: set up a position and
    /// play long algebraic moves from it.
    Position {
        /// The position to start from.
        start: Start,
        /// The moves to play, as given.
        moves: Vec<String>,
    },
    /// `go perft <depth>`: count the leaves of the legal move tree, split by root move.
    Perft {
        /// Plies to look ahead, at most [`MAX_PERFT_DEPTH`].
        depth: u32,
    },
    /// `d`: draw the board and show its FEN, key and checkers.
    Display,
    /// `eval`: show the static evaluation of the position term by term.
    Eval,
    /// `quit`: stop reading commands.
    Quit,
}

impl FromStr for Command {
    type Err = CommandError;

    /// Parses one line. Words are separated by any whitespace; every command
    /// rejects words it does not expect.
    fn from_str(line: &str) -> Result<Command, CommandError> {
        let mut words = line.split_whitespace();
        let name = words.next().ok_or(CommandError::Empty)?;
        let (command, name) = match name {
            "position" => (parse_position(&mut words)?, "position"),
            "go" => (parse_go(&mut words)?, "go perft <depth>"),
            "d" => (Command::Display, "d"),
            "eval" => (Command::Eval, "eval"),
            "quit" => (Command::Quit, "quit"),
            _ => {
                return Err(CommandError::Unknown {
                    line: excerpt(line.trim()),
                })
            }
        };
        match words.next() {
            None => Ok(command),
            Some(token) => Err(CommandError::Unexpected {
                command: name,
                token: excerpt(token),
            }),
        }
    }
}

/// The rest of `position ...`: the start, then everything after `moves`.
fn parse_position<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Command, CommandError> {
    let start = match words.next() {
        None => return Err(CommandError::MissingStart),
        Some("startpos") => match words.next() {
            None | Some("moves") => Start::Startpos,
            Some(token) => {
                return Err(CommandError::ExpectedMoves {
                    token: excerpt(token),
                })
            }
        },
        Some("fen") => {
            let fields: Vec<&str> = words.by_ref().take_while(|&w| w != "moves").collect();
            if fields.is_empty() {
                return Err(CommandError::MissingFen);
            }
            Start::Fen(fields.join(" "))
        }
        Some(token) => {
            return Err(CommandError::BadStart {
                token: excerpt(token),
            })
        }
    };
    let moves = words.map(str::to_string).collect();
    Ok(Command::Position { start, moves })
}

/// The rest of `go ...`: only `perft <depth>` for now.
fn parse_go<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Command, CommandError> {
    match words.next() {
        None => Err(CommandError::MissingGoMode),
        Some("perft") => {
            let token = words.next().ok_or(CommandError::MissingPerftDepth {
                max: MAX_PERFT_DEPTH,
            })?;
            match token.parse::<u32>() {
                Ok(depth) if depth <= MAX_PERFT_DEPTH => Ok(Command::Perft { depth }),
                _ => Err(CommandError::BadPerftDepth {
                    token: excerpt(token),
                    max: MAX_PERFT_DEPTH,
                }),
            }
        }
        Some(token) => Err(CommandError::BadGoMode {
            token: excerpt(token),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[&str]) -> Vec<String> {
        list.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn parses_commands() {
        let cases = [
            (
                "position startpos",
                Command::Position {
                    start: Start::Startpos,
                    moves: vec![],
                },
            ),
            (
                "  position\tstartpos moves e2e4  e7e5 \r",
                Command::Position {
                    start: Start::Startpos,
                    moves: moves(&["e2e4", "e7e5"]),
                },
            ),
            (
                "position fen 8/8/8/8/8/8/8/K6k w - - moves a1a2",
                Command::Position {
                    start: Start::Fen("8/8/8/8/8/8/8/K6k w - -".to_string()),
                    moves: moves(&["a1a2"]),
                },
            ),
            (
                "position fen 8/8/8/8/8/8/8/K6k  b  -  -  0  1",
                Command::Position {
                    start: Start::Fen("8/8/8/8/8/8/8/K6k b - - 0 1".to_string()),
                    moves: vec![],
                },
            ),
            ("go perft 0", Command::Perft { depth: 0 }),
            ("go perft 20", Command::Perft { depth: 20 }),
            ("d", Command::Display),
            ("eval", Command::Eval),
            ("quit", Command::Quit),
        ];
        for (line, expected) in cases {
            assert_eq!(line.parse::<Command>(), Ok(expected), "{line:?}");
        }
    }

    #[test]
    fn rejects_malformed_lines() {
        let cases = [
            ("", CommandError::Empty),
            (
                "hello world",
                CommandError::Unknown {
                    line: "hello world".to_string(),
                },
            ),
            ("position", CommandError::MissingStart),
            ("position fen", CommandError::MissingFen),
            ("position fen moves e2e4", CommandError::MissingFen),
            (
                "position start",
                CommandError::BadStart {
                    token: "start".to_string(),
                },
            ),
            (
                "position startpos e2e4",
                CommandError::ExpectedMoves {
                    token: "e2e4".to_string(),
                },
            ),
            ("go", CommandError::MissingGoMode),
            (
                "go depth 5",
                CommandError::BadGoMode {
                    token: "depth".to_string(),
                },
            ),
            ("go perft", CommandError::MissingPerftDepth { max: 20 }),
            (
                "go perft 3 4",
                CommandError::Unexpected {
                    command: "go perft <depth>",
                    token: "4".to_string(),
                },
            ),
            (
                "eval 3",
                CommandError::Unexpected {
                    command: "eval",
                    token: "3".to_string(),
                },
            ),
            (
                "d now",
                CommandError::Unexpected {
                    command: "d",
                    token: "now".to_string(),
                },
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(line.parse::<Command>(), Err(expected), "{line:?}");
        }
        let long = "y".repeat(1000);
        assert_eq!(
            long.parse::<Command>(),
            Err(CommandError::Unknown {
                line: format!("{}...", &long[..40])
            })
        );
        for depth in ["x", "-1", "21", "3.5", "99999999999999999999", ""] {
            let line = format!("go perft {depth}");
            assert!(
                matches!(
                    line.parse::<Command>(),
                    Err(CommandError::BadPerftDepth { .. } | CommandError::MissingPerftDepth { .. })
                ),
                "{line:?}"
            );
        }
    }
}
