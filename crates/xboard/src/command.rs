//! xboard input lines parsed into commands.

use crate::XboardError;
use outpost_board::{Color, PieceKind, Square};
use outpost_engine::{find_option, ClockControl, OptionKind};
use std::time::Duration;

/// One command from the GUI. Arguments are checked as far as the line alone
/// allows; moves and positions are checked against the game later.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// What needs no answer: `xboard`, `accepted`/`rejected` (the GUI's
    /// answers to features), `random`, `otim`, and the information `name`,
    /// `rating`, `computer` and `ics`.
    Ignored,
    /// `protover N`: answered with the `feature` lines.
    Protover(u32),
    /// `new`: the start position, the engine plays Black.
    New,
    /// `quit`.
    Quit,
    /// `force`: play neither side.
    Force,
    /// `go`: play the side to move, and start thinking.
    Go,
    /// `playother`: play the side not to move.
    PlayOther,
    /// `white` / `black`: this side to move, the engine plays the other
    /// (protocol 1).
    SideToMove(Color),
    /// `level MPS BASE INC`.
    Level(ClockControl),
    /// `st TIME`: seconds per move.
    St(Duration),
    /// `sd DEPTH`.
    Sd(i32),
    /// `time N`: the engine's clock, in centiseconds (negative as zero).
    Time(Duration),
    /// `usermove MOVE`, or a bare word that may be a move.
    UserMove(String),
    /// `?`: move now.
    MoveNow,
    /// `ping N`.
    Ping(String),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `result RESULT {COMMENT}`: the game is over.
    Result,
    /// `setboard FEN`.
    SetBoard(String),
    /// `edit`: enter the legacy edit mode.
    Edit,
    /// `hint`.
    Hint,
    /// `bk`: book moves.
    Book,
    /// `undo` (1) / `remove` (2): take back this many plies.
    TakeBack(usize),
    /// `post` (true) / `nopost` (false): thinking output on or off.
    Post(bool),
    /// `analyze`: enter analyze mode.
    Analyze,
    /// `exit`: leave analyze mode.
    Exit,
    /// `.`: a status line in analyze mode.
    Status,
    /// One of the engine's options: `option NAME[=VALUE]`, and the commands
    /// that set one: `hard`/`easy` (`Ponder`), `memory N` (`Hash`, brought
    /// within its range), `cores N` (`Threads`, likewise), `variant NAME`
    /// (`UCI_Chess960`), `egtpath syzygy|outpost PATH` (`SyzygyPath`,
    /// `TablebaseDir`).
    Option {
        /// The option's name.
        name: String,
        /// Its value, if given.
        value: Option<String>,
    },
}

/// A line in the legacy edit mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditCommand {
    /// `c`: switch the colour of the pieces placed.
    ToggleColor,
    /// `#`: clear the board.
    Clear,
    /// `Pa4`: put a piece of the current colour on a square.
    Place(PieceKind, Square),
    /// `xa4`: empty a square.
    Remove(Square),
    /// `.`: leave edit mode.
    Done,
}

fn arg<'a>(word: Option<&'a str>, expected: &'static str) -> Result<&'a str, XboardError> {
    word.ok_or(XboardError::MissingArgument { expected })
}

/// A malformed argument.
fn bad(value: &str, expected: &'static str) -> XboardError {
    let value = value.to_string();
    XboardError::BadArgument { value, expected }
}

fn number<T: std::str::FromStr>(
    word: Option<&str>,
    expected: &'static str,
) -> Result<T, XboardError> {
    let word = arg(word, expected)?;
    word.parse().map_err(|_| bad(word, expected))
}

/// `seconds` (read from `word`) as a duration, when it is one.
fn duration(seconds: f64, word: &str, expected: &'static str) -> Result<Duration, XboardError> {
    if !seconds.is_finite() || !(0.0..=1e9).contains(&seconds) {
        return Err(bad(word, expected));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Seconds with an optional fraction (`30`, `0.5`), as a duration.
fn seconds(word: Option<&str>, expected: &'static str) -> Result<Duration, XboardError> {
    duration(number(word, expected)?, word.unwrap_or_default(), expected)
}

/// Centiseconds, negative as zero (a flag fell).
fn centiseconds(word: Option<&str>) -> Result<Duration, XboardError> {
    let cs: i64 = number(word, "a number of centiseconds")?;
    Ok(Duration::from_millis(cs.max(0) as u64 * 10))
}

/// `level`'s base time: minutes, or minutes:seconds; anything after the
/// number (`25+5`, an ICS-style suffix) is ignored.
fn base_time(word: Option<&str>) -> Result<Duration, XboardError> {
    const EXPECTED: &str = "minutes or minutes:seconds";
    let word = arg(word, EXPECTED)?;
    let text = word
        .split(|c: char| !(c.is_ascii_digit() || c == ':' || c == '.'))
        .next()
        .unwrap_or_default();
    let (minutes, secs) = text.split_once(':').unwrap_or((text, "0"));
    match (minutes.parse::<f64>(), secs.parse::<f64>()) {
        (Ok(minutes), Ok(secs)) => duration(minutes * 60.0 + secs, word, EXPECTED),
        _ => Err(bad(word, EXPECTED)),
    }
}

/// `option NAME=VALUE`.
fn option(name: &str, value: &str) -> Command {
    Command::Option {
        name: name.to_string(),
        value: Some(value.to_string()),
    }
}

/// `option NAME=N` for a spin option, `n` brought within the option's range.
fn spin(name: &str, n: i64) -> Command {
    let n = match find_option(name).map(|def| def.kind) {
        Some(OptionKind::Spin { min, max, .. }) => n.clamp(min, max),
        _ => n,
    };
    option(name, &n.to_string())
}

fn no_more<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<(), XboardError> {
    match words.next() {
        None => Ok(()),
        Some(_) => Err(XboardError::TooManyParameters),
    }
}

impl std::str::FromStr for Command {
    type Err = XboardError;

    fn from_str(line: &str) -> Result<Command, XboardError> {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(name) = words.next() else {
            return Err(XboardError::UnknownCommand);
        };
        // Commands whose argument is the rest of the line.
        let rest = line[name.len()..].trim();
        let command = match name {
            "setboard" if rest.is_empty() => {
                return Err(XboardError::MissingArgument { expected: "a FEN" })
            }
            "setboard" => return Ok(Command::SetBoard(rest.to_string())),
            "egtpath" => {
                const EXPECTED: &str = "a table type and a path";
                let kind = arg(words.next(), EXPECTED)?;
                let path = rest[kind.len()..].trim();
                let name = match kind {
                    _ if path.is_empty() => {
                        return Err(XboardError::MissingArgument { expected: EXPECTED })
                    }
                    "syzygy" => "SyzygyPath",
                    "outpost" => "TablebaseDir",
                    _ => {
                        return Err(XboardError::NotLegalNow {
                            why: "only Syzygy tables (egt=syzygy) and Outpost's own \
                              (egt=outpost) are supported",
                        })
                    }
                };
                return Ok(option(name, path));
            }
            "option" if rest.is_empty() => {
                return Err(XboardError::MissingArgument {
                    expected: "NAME=VALUE",
                })
            }
            "option" => {
                return Ok(match rest.split_once('=') {
                    Some((name, value)) => option(name.trim(), value.trim()),
                    None => Command::Option {
                        name: rest.to_string(),
                        value: None,
                    },
                })
            }
            "result" => {
                arg(words.next(), "1-0, 0-1, 1/2-1/2 or *")?;
                return Ok(Command::Result);
            }
            "name" | "rating" | "computer" | "ics" | "accepted" | "rejected" => {
                return Ok(Command::Ignored)
            }
            "xboard" | "random" => Command::Ignored,
            "otim" => centiseconds(words.next()).map(|_| Command::Ignored)?,
            "protover" => Command::Protover(number(words.next(), "a protocol version")?),
            "new" => Command::New,
            "variant" => match arg(words.next(), "a variant name")? {
                "normal" => option("UCI_Chess960", "false"),
                "fischerandom" => option("UCI_Chess960", "true"),
                other => {
                    return Err(XboardError::UnsupportedVariant {
                        name: other.to_string(),
                    })
                }
            },
            "quit" => Command::Quit,
            "force" => Command::Force,
            "go" => Command::Go,
            "playother" => Command::PlayOther,
            "white" => Command::SideToMove(Color::White),
            "black" => Command::SideToMove(Color::Black),
            "level" => {
                let moves = number(words.next(), "moves per session")?;
                let base = base_time(words.next())?;
                let increment = seconds(words.next(), "increment in seconds")?;
                Command::Level(ClockControl {
                    moves,
                    base,
                    increment,
                })
            }
            "st" => Command::St(seconds(words.next(), "seconds per move")?),
            "sd" => match number(words.next(), "a depth from 1")? {
                depth if depth >= 1 => Command::Sd(depth),
                depth => return Err(bad(&depth.to_string(), "a depth from 1")),
            },
            "time" => Command::Time(centiseconds(words.next())?),
            "usermove" => Command::UserMove(arg(words.next(), "a move")?.to_string()),
            "?" => Command::MoveNow,
            "ping" => {
                let n = arg(words.next(), "a number")?;
                number::<i64>(Some(n), "a number")?;
                Command::Ping(n.to_string())
            }
            "draw" => Command::Draw,
            "edit" => Command::Edit,
            "hint" => Command::Hint,
            "bk" => Command::Book,
            "undo" => Command::TakeBack(1),
            "remove" => Command::TakeBack(2),
            "hard" => option("Ponder", "true"),
            "easy" => option("Ponder", "false"),
            "post" => Command::Post(true),
            "nopost" => Command::Post(false),
            "analyze" => Command::Analyze,
            "exit" => Command::Exit,
            "." => Command::Status,
            "memory" => spin("Hash", number(words.next(), "megabytes from 1")?),
            "cores" => spin("Threads", number(words.next(), "a number of cores from 1")?),
            // A bare move (without `usermove`); whether it is one is decided
            // against the position.
            word if looks_like_move(word) => Command::UserMove(word.to_string()),
            _ => return Err(XboardError::UnknownCommand),
        };
        no_more(words)?;
        Ok(command)
    }
}

/// Whether a word could be a move in coordinate notation or SAN: it starts
/// with a file letter, a piece letter or `O-O`, and contains a digit.
fn looks_like_move(word: &str) -> bool {
    let first = word.chars().next().unwrap_or(' ');
    (word.starts_with("O-O") || word.starts_with("0-0"))
        || (("abcdefgh".contains(first) || "KQRBNP".contains(first))
            && word.chars().any(|c| c.is_ascii_digit())
            && word.len() <= 8)
}

impl std::str::FromStr for EditCommand {
    type Err = XboardError;

    fn from_str(line: &str) -> Result<EditCommand, XboardError> {
        const EXPECTED: &str = "c, #, ., a piece and square like Pa4, or x and a square";
        let word = line.trim();
        let square = word
            .get(1..)
            .filter(|s| s.len() == 2)
            .map(str::parse::<Square>);
        Ok(match (word, word.chars().next(), square) {
            ("c", ..) => EditCommand::ToggleColor,
            ("#", ..) => EditCommand::Clear,
            (".", ..) => EditCommand::Done,
            (_, Some('x' | 'X'), Some(Ok(square))) => EditCommand::Remove(square),
            // The colour is the editor's current one, not the letter's case.
            (_, Some(letter), Some(Ok(square))) => {
                match PieceKind::from_char(letter.to_ascii_lowercase()) {
                    Some(kind) => EditCommand::Place(kind, square),
                    None => return Err(bad(word, EXPECTED)),
                }
            }
            _ => return Err(bad(word, EXPECTED)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands() {
        assert_eq!("protover 2".parse(), Ok(Command::Protover(2)));
        assert_eq!(
            "level 40 5 0".parse(),
            Ok(Command::Level(ClockControl {
                moves: 40,
                base: Duration::from_secs(300),
                increment: Duration::ZERO
            }))
        );
        assert_eq!(
            "level 0 0:30 0.5".parse(),
            Ok(Command::Level(ClockControl {
                moves: 0,
                base: Duration::from_secs(30),
                increment: Duration::from_millis(500)
            }))
        );
        assert_eq!(
            "level 40 25+5 0".parse(),
            Ok(Command::Level(ClockControl {
                moves: 40,
                base: Duration::from_secs(1500),
                increment: Duration::ZERO
            }))
        );
        assert_eq!(
            "st 0.25".parse(),
            Ok(Command::St(Duration::from_millis(250)))
        );
        assert_eq!("time -30".parse(), Ok(Command::Time(Duration::ZERO)));
        assert_eq!("otim 1234".parse(), Ok(Command::Ignored));
        assert_eq!("e2e4".parse(), Ok(Command::UserMove("e2e4".into())));
        assert_eq!("Nf3".parse(), Ok(Command::UserMove("Nf3".into())));
        assert_eq!("O-O".parse(), Ok(Command::UserMove("O-O".into())));
        assert_eq!("ping 7".parse(), Ok(Command::Ping("7".into())));
        assert_eq!(
            "setboard 8/8/8/8/8/8/8/K6k w - - 0 1".parse(),
            Ok(Command::SetBoard("8/8/8/8/8/8/8/K6k w - - 0 1".into()))
        );
        assert_eq!("result 1-0 {White mates}".parse(), Ok(Command::Result));
        assert_eq!("name Some Engine 1.0".parse(), Ok(Command::Ignored));
        assert_eq!("memory 0".parse(), Ok(option("Hash", "1")));
        assert_eq!("cores 4".parse(), Ok(option("Threads", "4")));
        assert_eq!(
            "egtpath syzygy /a b".parse(),
            Ok(option("SyzygyPath", "/a b"))
        );
        assert_eq!(
            "variant fischerandom".parse(),
            Ok(option("UCI_Chess960", "true"))
        );
        for bad in [
            "",
            "frobnicate",
            "level 40",
            "level x 5 0",
            "level 40 5:xx 0",
            "st",
            "st -1",
            "sd 0",
            "sd deep",
            "time",
            "ping",
            "ping x",
            "memory lots",
            "variant crazyhouse",
            "egtpath gaviota /tb",
            "egtpath syzygy",
            "otim x",
            "go now",
            "usermove",
            "setboard",
            "level 1 2 3 4 5 6 7",
        ] {
            assert!(bad.parse::<Command>().is_err(), "{bad}");
        }
    }

    #[test]
    fn parses_edit_commands() {
        assert_eq!("c".parse(), Ok(EditCommand::ToggleColor));
        assert_eq!("#".parse(), Ok(EditCommand::Clear));
        assert_eq!(".".parse(), Ok(EditCommand::Done));
        assert_eq!(
            "Pa4".parse(),
            Ok(EditCommand::Place(PieceKind::Pawn, Square::A4))
        );
        assert_eq!("xe4".parse(), Ok(EditCommand::Remove(Square::E4)));
        for bad in ["Za4", "Pa9", "P", "Pa44"] {
            assert!(bad.parse::<EditCommand>().is_err(), "{bad}");
        }
    }
}
