//! UCI input lines parsed into commands.

use crate::UciError;
use std::time::Duration;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`.
    Startpos,
    /// `fen <fields>`, the fields joined by single spaces.
    Fen(String),
}

/// The parameters of `go`, as text: moves are checked against the position later.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `searchmoves`: root moves to consider.
    pub search_moves: Vec<String>,
    /// `ponder`.
    pub ponder: bool,
    /// `wtime` / `btime`.
    pub time: [Option<Duration>; 2],
    /// `winc` / `binc`.
    pub increment: [Option<Duration>; 2],
    /// `movestogo`.
    pub moves_to_go: Option<u32>,
    /// `depth`.
    pub depth: Option<i32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `mate`.
    pub mate: Option<i32>,
    /// `movetime`.
    pub movetime: Option<Duration>,
    /// `infinite`.
    pub infinite: bool,
    /// `perft <depth>` (an extension, as in Stockfish).
    pub perft: Option<u32>,
}

/// One UCI command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (case is ignored when matching).
        name: String,
        /// The value, if given.
        value: Option<String>,
    },
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen <fen> [moves <m>...]`.
    Position {
        /// The starting position.
        start: Start,
        /// Moves in long algebraic notation.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: show the board (extension).
    Display,
    /// `eval`: show the evaluation trace (extension).
    Eval,
    /// `bench [depth]`: the search signature (extension).
    Bench(Option<i32>),
}

const GO_KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

fn number<T: std::str::FromStr>(keyword: &str, word: Option<&str>) -> Result<T, UciError> {
    let word = word.ok_or_else(|| UciError::BadValue {
        what: keyword.to_string(),
        value: String::new(),
    })?;
    word.parse().map_err(|_| UciError::BadValue {
        what: keyword.to_string(),
        value: word.to_string(),
    })
}

/// Milliseconds, clamped at zero (GUIs send negative times when a clock ran out).
fn millis(keyword: &str, word: Option<&str>) -> Result<Duration, UciError> {
    let ms: i64 = number(keyword, word)?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

fn parse_go<'a>(
    words: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
) -> Result<Go, UciError> {
    let mut go = Go::default();
    while let Some(word) = words.next() {
        match word {
            "searchmoves" => {
                while let Some(&next) = words.peek() {
                    if GO_KEYWORDS.contains(&next) {
                        break;
                    }
                    go.search_moves.push(next.to_string());
                    words.next();
                }
            }
            "ponder" => go.ponder = true,
            "infinite" => go.infinite = true,
            "wtime" => go.time[0] = Some(millis(word, words.next())?),
            "btime" => go.time[1] = Some(millis(word, words.next())?),
            "winc" => go.increment[0] = Some(millis(word, words.next())?),
            "binc" => go.increment[1] = Some(millis(word, words.next())?),
            "movestogo" => go.moves_to_go = Some(number(word, words.next())?),
            "depth" => go.depth = Some(number::<i32>(word, words.next())?.max(1)),
            "nodes" => go.nodes = Some(number(word, words.next())?),
            "mate" => go.mate = Some(number::<i32>(word, words.next())?.max(1)),
            "movetime" => go.movetime = Some(millis(word, words.next())?),
            "perft" => go.perft = Some(number(word, words.next())?),
            other => {
                return Err(UciError::BadValue {
                    what: "go".to_string(),
                    value: other.to_string(),
                })
            }
        }
    }
    Ok(go)
}

impl std::str::FromStr for Command {
    type Err = UciError;

    fn from_str(line: &str) -> Result<Command, UciError> {
        let mut words = line.split_whitespace().peekable();
        let Some(name) = words.next() else {
            return Err(UciError::Unknown {
                line: String::new(),
            });
        };
        let command = match name {
            "uci" => Command::Uci,
            "debug" => match words.next() {
                Some("on") => Command::Debug(true),
                Some("off") => Command::Debug(false),
                other => {
                    return Err(UciError::BadValue {
                        what: "debug".to_string(),
                        value: other.unwrap_or("").to_string(),
                    })
                }
            },
            "isready" => Command::IsReady,
            "setoption" => {
                if words.next() != Some("name") {
                    return Err(UciError::BadValue {
                        what: "setoption".to_string(),
                        value: line.to_string(),
                    });
                }
                let rest: Vec<&str> = words.collect();
                let split = rest.iter().position(|&w| w == "value");
                let (name, value) = match split {
                    Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
                    None => (rest.join(" "), None),
                };
                if name.is_empty() {
                    return Err(UciError::BadValue {
                        what: "setoption".to_string(),
                        value: line.to_string(),
                    });
                }
                Command::SetOption { name, value }
            }
            "ucinewgame" => Command::UciNewGame,
            "position" => {
                let start = match words.next() {
                    Some("startpos") => Start::Startpos,
                    Some("fen") => {
                        let mut fields = Vec::new();
                        while let Some(&w) = words.peek() {
                            if w == "moves" {
                                break;
                            }
                            fields.push(w);
                            words.next();
                        }
                        Start::Fen(fields.join(" "))
                    }
                    other => {
                        return Err(UciError::BadValue {
                            what: "position".to_string(),
                            value: other.unwrap_or("").to_string(),
                        })
                    }
                };
                let moves = match words.next() {
                    None => Vec::new(),
                    Some("moves") => words.map(str::to_string).collect(),
                    Some(other) => {
                        return Err(UciError::BadValue {
                            what: "position".to_string(),
                            value: other.to_string(),
                        })
                    }
                };
                Command::Position { start, moves }
            }
            "go" => Command::Go(parse_go(&mut words)?),
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "quit" => Command::Quit,
            "d" => Command::Display,
            "eval" => Command::Eval,
            "bench" => Command::Bench(match words.next() {
                None => None,
                Some(w) => Some(number::<i32>("bench", Some(w))?.clamp(1, 64)),
            }),
            _ => {
                return Err(UciError::Unknown {
                    line: line.trim().chars().take(60).collect(),
                })
            }
        };
        Ok(command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands() {
        assert_eq!("uci".parse(), Ok(Command::Uci));
        assert_eq!(
            "setoption name Move Overhead value 100".parse(),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            })
        );
        assert_eq!(
            "setoption name Clear Hash".parse(),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        let Ok(Command::Go(go)) =
            "go wtime 1000 btime -5 winc 10 binc 10 movestogo 20 searchmoves e2e4 d2d4 ponder"
                .parse()
        else {
            panic!()
        };
        assert_eq!(
            go.time,
            [Some(Duration::from_millis(1000)), Some(Duration::ZERO)]
        );
        assert_eq!(go.search_moves, vec!["e2e4", "d2d4"]);
        assert!(go.ponder);
        assert_eq!(
            "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2".parse(),
            Ok(Command::Position {
                start: Start::Fen("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            })
        );
        for bad in [
            "go depth x",
            "go wtime",
            "go banana",
            "position",
            "position fen",
            "setoption",
            "setoption value 3",
            "debug maybe",
            "frobnicate",
            "bench x",
        ] {
            assert!(
                bad.parse::<Command>().is_err() || bad == "position fen",
                "{bad}"
            );
        }
    }
}
