//! Input lines parsed into commands: UCI's, and the console extensions
//! (`d`, `eval`, `flip`, `bench`, `go perft`, `help`).
//!
//! As the UCI specification asks, unknown words before a command are
//! skipped (`joho debug on` is `debug on`), and `go` never fails: what it
//! cannot read it ignores or clamps, with a note for the GUI.

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

/// The parameters of `go`, as read: moves are checked against the position later.
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
    /// What could not be read and was ignored or clamped, one note each.
    pub notes: Vec<String>,
}

/// One command.
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
    /// `go perft <depth>`: count the leaves of the move tree (extension).
    Perft(u32),
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
    /// `flip`: the same position with the colours swapped (extension).
    Flip,
    /// `bench [depth]`: the search signature (extension).
    Bench(Option<i32>),
    /// `genfens N seed S book <file|None> [extra...]`: N balanced random
    /// openings as `info string genfens <FEN>` lines (extension, as
    /// OpenBench asks for data-generation openings; extra words ignored).
    Genfens {
        /// How many openings.
        count: usize,
        /// Their seed.
        seed: u64,
        /// An EPD or FEN file to start from (`None`: the start position).
        book: Option<String>,
    },
    /// `help`: the commands, one line each (extension).
    Help,
}

/// The deepest `go perft` and `outpost perft` accept.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// The commands and what they do, for `help`.
pub const HELP: &[(&str, &str)] = &[
    ("uci", "switch to UCI mode: name, options, uciok"),
    ("isready", "answer readyok"),
    (
        "setoption name <name> [value <v>]",
        "set an option (see `uci`)",
    ),
    ("ucinewgame", "forget the previous game"),
    (
        "position startpos|fen <fen> [moves <m>...]",
        "set the position",
    ),
    (
        "go [depth|nodes|movetime|wtime|... <n>] [infinite]",
        "search; ends with bestmove",
    ),
    ("stop", "stop the search"),
    ("ponderhit", "the expected move was played"),
    (
        "go perft <depth>",
        "count the move tree by root move (depth 0-20)",
    ),
    ("d", "show the board, FEN, key and checkers"),
    ("eval", "show the static evaluation term by term"),
    ("flip", "swap the colours of the position"),
    (
        "bench [depth]",
        "search the bench positions; print nodes and speed",
    ),
    (
        "genfens <n> seed <s> book <file|None>",
        "n balanced random openings (info string genfens <fen>)",
    ),
    ("help", "this list"),
    ("quit", "exit"),
];

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

/// Words that start a command.
const COMMANDS: [&str; 17] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "eval",
    "flip",
    "bench",
    "genfens",
    "help",
    "register",
];

/// A decimal integer, saturated at the ends of `i128` when it is longer;
/// `Err` when the word is not a number.
fn integer(word: &str) -> Result<i128, ()> {
    let digits = word.strip_prefix(['-', '+']).unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    Ok(word.parse::<i128>().unwrap_or(if word.starts_with('-') {
        i128::MIN
    } else {
        i128::MAX
    }))
}

/// Reads `go` parameters leniently: see [`Go::notes`].
fn parse_go<'a>(words: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>) -> Go {
    let mut go = Go::default();
    while let Some(word) = words.next() {
        if word == "searchmoves" {
            while let Some(&next) = words.peek() {
                if GO_KEYWORDS.contains(&next) {
                    break;
                }
                go.search_moves.push(next.to_string());
                words.next();
            }
            continue;
        }
        if word == "ponder" {
            go.ponder = true;
            continue;
        }
        if word == "infinite" {
            go.infinite = true;
            continue;
        }
        if !GO_KEYWORDS.contains(&word) {
            go.notes
                .push(format!("ignored unknown go parameter `{}`", clip(word)));
            continue;
        }
        let value = match words.peek().copied() {
            Some(v) if !GO_KEYWORDS.contains(&v) => {
                words.next();
                integer(v).map_err(|()| v)
            }
            _ => {
                go.notes.push(format!("ignored `{word}` without a value"));
                continue;
            }
        };
        let n = match value {
            Ok(n) => n,
            Err(v) => {
                go.notes
                    .push(format!("ignored `{word} {}`: not a number", clip(v)));
                continue;
            }
        };
        // Times beyond a year are as good as infinite; negative times (a
        // flag fell) are zero.
        const MAX_MS: i128 = 365 * 24 * 3600 * 1000;
        let notes = &mut go.notes;
        let mut clamp = |lo: i128, hi: i128| clamped(word, n, lo, hi, notes);
        let ms = |c: i128| Duration::from_millis(c as u64);
        match word {
            "wtime" => go.time[0] = Some(ms(clamp(0, MAX_MS).max(0))),
            "btime" => go.time[1] = Some(ms(clamp(0, MAX_MS).max(0))),
            "winc" => go.increment[0] = Some(ms(clamp(0, MAX_MS))),
            "binc" => go.increment[1] = Some(ms(clamp(0, MAX_MS))),
            "movetime" => go.movetime = Some(ms(clamp(0, MAX_MS))),
            "movestogo" => go.moves_to_go = Some(clamp(1, 10_000) as u32),
            "depth" => go.depth = Some(clamp(1, 127) as i32),
            "nodes" => go.nodes = Some(clamp(1, i128::from(u64::MAX)) as u64),
            "mate" => go.mate = Some(clamp(1, 63) as i32),
            _ => go.notes.push(format!("ignored `{word}` here")),
        }
    }
    go
}

/// `n` within `lo..=hi`, with a note when it was not (a negative clock
/// time is not worth a note: GUIs send one when a flag fell).
fn clamped(word: &str, n: i128, lo: i128, hi: i128, notes: &mut Vec<String>) -> i128 {
    let c = n.clamp(lo, hi);
    let clock = matches!(word, "wtime" | "btime") && n < 0;
    if c != n && !clock {
        notes.push(format!("{word} {n} is out of range; using {c}"));
    }
    c
}

/// A word short enough to quote in a message.
fn clip(word: &str) -> String {
    word.chars().take(40).collect()
}

impl std::str::FromStr for Command {
    type Err = UciError;

    fn from_str(line: &str) -> Result<Command, UciError> {
        let all: Vec<&str> = line.split_whitespace().collect();
        // Unknown leading words are skipped, as the UCI specification asks.
        let Some(first) = all.iter().position(|w| COMMANDS.contains(w)) else {
            return Err(UciError::Unknown {
                line: line.trim().chars().take(60).collect(),
            });
        };
        let mut words = all[first + 1..].iter().copied().peekable();
        let bad = |what: &str, value: &str| UciError::BadValue {
            what: what.to_string(),
            value: value.chars().take(60).collect(),
        };
        let command = match all[first] {
            "uci" => Command::Uci,
            "debug" => match words.next() {
                Some("on") => Command::Debug(true),
                Some("off") => Command::Debug(false),
                other => return Err(bad("debug", other.unwrap_or(""))),
            },
            "isready" => Command::IsReady,
            "setoption" => {
                if words.next() != Some("name") {
                    return Err(bad("setoption", line.trim()));
                }
                let rest: Vec<&str> = words.collect();
                let split = rest.iter().position(|&w| w == "value");
                let (name, value) = match split {
                    Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
                    None => (rest.join(" "), None),
                };
                if name.is_empty() {
                    return Err(bad("setoption", line.trim()));
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
                    other => return Err(bad("position", other.unwrap_or(""))),
                };
                let moves = match words.next() {
                    None => Vec::new(),
                    Some("moves") => words.map(str::to_string).collect(),
                    Some(other) => return Err(bad("position", other)),
                };
                Command::Position { start, moves }
            }
            "go" if words.peek() == Some(&"perft") => {
                words.next();
                let depth = words.next().unwrap_or("");
                match integer(depth) {
                    Ok(d)
                        if (0..=i128::from(MAX_PERFT_DEPTH)).contains(&d)
                            && words.peek().is_none() =>
                    {
                        Command::Perft(d as u32)
                    }
                    _ => {
                        return Err(UciError::BadValue {
                            what: format!("go perft (a depth from 0 to {MAX_PERFT_DEPTH})"),
                            value: all[first + 2..].join(" ").chars().take(60).collect(),
                        })
                    }
                }
            }
            "go" => Command::Go(parse_go(&mut words)),
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "quit" => Command::Quit,
            "d" => Command::Display,
            "eval" => Command::Eval,
            "flip" => Command::Flip,
            "help" => Command::Help,
            "bench" => Command::Bench(match words.next() {
                None => None,
                Some(w) => match integer(w) {
                    Ok(d) if (1..=64).contains(&d) => Some(d as i32),
                    _ => return Err(bad("bench (a depth from 1 to 64)", w)),
                },
            }),
            "genfens" => {
                let count = words
                    .next()
                    .and_then(|w| w.parse::<usize>().ok())
                    .filter(|&n| (1..=1_000_000).contains(&n))
                    .ok_or_else(|| bad("genfens (a count from 1 to 1000000)", ""))?;
                let mut seed = 0;
                let mut book = None;
                while let Some(word) = words.next() {
                    match word {
                        "seed" => {
                            let w = words.next().unwrap_or("");
                            seed = w.parse().map_err(|_| bad("genfens seed", w))?;
                        }
                        "book" => {
                            let w = words.next().unwrap_or("None");
                            book = (!w.eq_ignore_ascii_case("none")).then(|| w.to_string());
                        }
                        // OpenBench's extra words: nothing to do with them.
                        _ => {}
                    }
                }
                Command::Genfens { count, seed, book }
            }
            // `register`: nothing to register.
            _ => Command::IsReady,
        };
        Ok(command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> Go {
        match line.parse() {
            Ok(Command::Go(go)) => go,
            other => panic!("{line}: {other:?}"),
        }
    }

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
        let g =
            go("go wtime 1000 btime -5 winc 10 binc 10 movestogo 20 searchmoves e2e4 d2d4 ponder");
        assert_eq!(
            g.time,
            [Some(Duration::from_millis(1000)), Some(Duration::ZERO)]
        );
        assert_eq!(g.search_moves, vec!["e2e4", "d2d4"]);
        assert!(g.ponder && g.notes.is_empty());
        assert_eq!(
            "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2".parse(),
            Ok(Command::Position {
                start: Start::Fen("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            })
        );
        assert_eq!("go perft 3".parse(), Ok(Command::Perft(3)));
        for bad in [
            "go perft",
            "go perft x",
            "go perft 21",
            "go perft -1",
            "position",
            "setoption",
            "setoption value 3",
            "debug maybe",
            "frobnicate",
            "bench x",
            "bench 0",
        ] {
            assert!(bad.parse::<Command>().is_err(), "{bad}");
        }
    }

    #[test]
    fn unknown_leading_words_are_skipped() {
        assert_eq!("joho debug on".parse(), Ok(Command::Debug(true)));
        assert_eq!("joho isready".parse(), Ok(Command::IsReady));
        assert!("debug joho on".parse::<Command>().is_err());
    }

    #[test]
    fn go_never_fails() {
        let g = go("go depth abc");
        assert_eq!((g.depth, g.notes.len()), (None, 1));
        let g = go("go movetime");
        assert_eq!((g.movetime, g.notes.len()), (None, 1));
        let g = go("go nodes -5");
        assert_eq!((g.nodes, g.notes.len()), (Some(1), 1));
        let g = go("go depth 99999999999");
        assert_eq!((g.depth, g.notes.len()), (Some(127), 1));
        let g = go("go wtime 99999999999999999999 btime 1000");
        assert!(g.time[0].unwrap() > Duration::from_secs(3600));
        let g = go("go foo bar baz");
        assert_eq!(g.notes.len(), 3);
        let g = go("go depth 3 searchmoves e2e5 zzzz");
        assert_eq!((g.depth, g.search_moves.len()), (Some(3), 2));
    }
}
