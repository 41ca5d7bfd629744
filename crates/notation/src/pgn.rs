//! Portable Game Notation: the data model of a game with its comments, NAGs
//! and variations, a streaming reader with a visitor interface, and a writer.
//!
//! A [`PgnGame`] holds the tags in order, the starting position and the main
//! line as a tree: each [`MoveNode`] of a [`Line`] carries its NAGs, the
//! comments after it and the variations that replace it. Moves are stored as
//! [`Move`]s, checked against the position when read; the writer recomputes
//! their SAN. Reading and then writing keeps every comment (with its
//! whitespace collapsed to single spaces), NAG and variation; glyphs such as
//! `!?` become their NAGs (`$5`).
//!
//! [`PgnReader`] streams: it checks and plays each move and hands the
//! elements of a game to a [`Visitor`], allocating nothing per move.
//! [`PgnGameBuilder`] is the visitor that builds a [`PgnGame`] (the reader's
//! iterator uses it), [`GameBuilder`](crate::GameBuilder) builds a
//! [`Game`](crate::Game) from the main line, and [`check_pgn`] counts games,
//! moves, warnings and errors of a whole file. The reader is lenient by
//! default: see [`WarningKind`](crate::WarningKind) for what it repairs.
//!
//! A tag may appear twice in a game: both are kept, in order, and the last
//! value wins ([`Tags::get`], and the `FEN` tag that sets the start);
//! [`Tags::get_all`] gives every value.

mod check;
mod commands;
mod reader;
mod tree;
mod visitor;
mod walk;
mod writer;

pub use check::{check_pgn, CheckOptions, CheckReport};
pub use commands::CommentEval;
pub use reader::PgnReader;
pub use tree::PgnGameBuilder;
pub use visitor::{Comment, Control, Visitor};
pub use walk::{MainLine, PlayedNode};

use crate::{GameResult, PgnError};
use outpost_board::{Move, Position};
use smallvec::SmallVec;
use std::fmt;
use std::str::FromStr;

/// The tag pairs of a game, in the order they were read or set.
///
/// A name may appear more than once (as read from a file): every pair is
/// kept, and the last value of a name is the one that counts.
///
/// ```
/// use outpost_notation::Tags;
///
/// let mut tags = Tags::new();
/// tags.push("Site", "first");
/// tags.push("Site", "second");
/// assert_eq!(tags.get("Site"), Some("second"));
/// assert_eq!(tags.get_all("Site").collect::<Vec<_>>(), ["first", "second"]);
/// tags.set("Site", "third");
/// assert_eq!(tags.get_all("Site").collect::<Vec<_>>(), ["third"]);
/// ```
#[derive(Clone, Default)]
pub struct Tags {
    /// Every name and value, back to back, in order: one buffer for the
    /// whole game instead of two strings per tag.
    text: String,
    /// Each pair's place in `text`: name from `start` to `split`, value
    /// from `split` to `end`.
    pairs: Vec<TagSpan>,
}

#[derive(Clone, Copy, Debug)]
struct TagSpan {
    start: usize,
    split: usize,
    end: usize,
}

impl Tags {
    /// The names of the seven-tag roster, in the order PGN exports them.
    pub const SEVEN_TAG_ROSTER: [&'static str; 7] =
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    /// No tags, with room for `pairs` pairs of `bytes` bytes in all.
    pub(crate) fn with_capacity(pairs: usize, bytes: usize) -> Tags {
        Tags {
            text: String::with_capacity(bytes),
            pairs: Vec::with_capacity(pairs),
        }
    }

    /// The bytes of every name and value together.
    pub(crate) fn text_len(&self) -> usize {
        self.text.len()
    }

    /// The seven-tag roster with unknown values (`?`, `????.??.??`, `*`).
    ///
    /// ```
    /// use outpost_notation::Tags;
    ///
    /// let tags = Tags::seven_tag_roster();
    /// let names: Vec<&str> = tags.iter().map(|(name, _)| name).collect();
    /// assert_eq!(names, Tags::SEVEN_TAG_ROSTER);
    /// assert_eq!(tags.get("Result"), Some("*"));
    /// assert_eq!(tags.len(), 7);
    /// ```
    pub fn seven_tag_roster() -> Tags {
        let mut tags = Tags::new();
        for name in Tags::SEVEN_TAG_ROSTER {
            let value = match name {
                "Date" => "????.??.??",
                "Result" => "*",
                _ => "?",
            };
            tags.push(name, value);
        }
        tags
    }

    fn pair(&self, span: TagSpan) -> (&str, &str) {
        (
            &self.text[span.start..span.split],
            &self.text[span.split..span.end],
        )
    }

    /// The value of the tag `name`, if present: the last one if the name
    /// appears more than once.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter().rev().find(|&(n, _)| n == name).map(|(_, v)| v)
    }

    /// Every value of the tag `name`, in order.
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.iter().filter(move |&(n, _)| n == name).map(|(_, v)| v)
    }

    /// Sets the tag `name` to `value`: in place of the first pair of that
    /// name (removing any others), else at the end.
    pub fn set(&mut self, name: &str, value: &str) {
        if self.get(name).is_none() {
            self.push(name, value);
            return;
        }
        let mut rebuilt = Tags::with_capacity(self.pairs.len(), self.text.len() + value.len());
        let mut placed = false;
        for (n, v) in self.iter() {
            if n != name {
                rebuilt.push(n, v);
            } else if !placed {
                rebuilt.push(n, value);
                placed = true;
            }
        }
        *self = rebuilt;
    }

    /// Appends a tag pair, even if one of that name exists.
    pub fn push(&mut self, name: &str, value: &str) {
        let start = self.text.len();
        self.text.push_str(name);
        let split = self.text.len();
        self.text.push_str(value);
        self.pairs.push(TagSpan {
            start,
            split,
            end: self.text.len(),
        });
    }

    /// Removes every pair of the tag `name`, returning the value that
    /// counted (the last).
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let value = self.get(name)?.to_string();
        let mut rebuilt = Tags::with_capacity(self.pairs.len(), self.text.len());
        for (n, v) in self.iter().filter(|&(n, _)| n != name) {
            rebuilt.push(n, v);
        }
        *self = rebuilt;
        Some(value)
    }

    /// The tag pairs in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&str, &str)> + ExactSizeIterator {
        self.pairs.iter().map(|&span| self.pair(span))
    }

    /// How many tags there are.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there is no tag.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

/// Tags are equal when they hold the same pairs in the same order.
impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Tags {}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Tags")
            .field(&self.iter().collect::<Vec<_>>())
            .finish()
    }
}

/// The numeric annotation glyphs of a move: a vector that holds up to 16
/// without allocating (it derefs to `[u8]`).
pub type Nags = SmallVec<[u8; 16]>;

/// The comments at one place of a line: a vector that holds one without
/// allocating (it derefs to `[String]`).
pub type Comments = SmallVec<[String; 1]>;

/// A move of a line with what the PGN said about it.
///
/// ```
/// use outpost_board::{Position, Square};
/// use outpost_notation::{Line, MoveNode, PgnGame};
///
/// // 1. e4 with a NAG and a comment, written out.
/// let start = Position::startpos();
/// let mut node = MoveNode::new(start.find_move(Square::E2, Square::E4, None).unwrap());
/// node.nags.push(1);
/// node.comments.push("best by test".to_string());
/// let game = PgnGame {
///     moves: Line {
///         moves: vec![node],
///         ..Line::default()
///     },
///     ..PgnGame::default()
/// };
/// assert_eq!(game.to_string(), "1. e4 $1 {best by test} *\n");
///
/// // Read back, the `!` of `e4!` is the same NAG.
/// let read: PgnGame = "1. e4! {best by test} *".parse().unwrap();
/// assert_eq!(read.moves.moves[0].nags[..], [1]);
/// assert_eq!(read, game);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNode {
    /// The move, legal in the position it is played from.
    pub mv: Move,
    /// Numeric annotation glyphs (`$1`, or `!` read as 1), in order.
    pub nags: Nags,
    /// The comments that follow the move, in order.
    pub comments: Comments,
    /// Alternatives to this move, each played from the position before it.
    pub variations: Vec<Line>,
}

impl MoveNode {
    /// A move with no annotation.
    pub fn new(mv: Move) -> MoveNode {
        MoveNode {
            mv,
            nags: Nags::new(),
            comments: Comments::new(),
            variations: Vec::new(),
        }
    }
}

/// A sequence of moves: the main line of a game or one of its variations.
///
/// ```
/// use outpost_notation::PgnGame;
///
/// let text = "{Open game} 1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *";
/// let game: PgnGame = text.parse().unwrap();
/// let main = &game.moves;
/// assert_eq!(main.comments[..], ["Open game"]);
/// assert_eq!(main.moves.len(), 3);
/// // The variation replaces 1... e5: it is played from the position after 1. e4.
/// let sicilian = &main.moves[1].variations[0];
/// let moves: Vec<String> = sicilian.moves.iter().map(|n| n.mv.to_string()).collect();
/// assert_eq!(moves, ["c7c5", "g1f3"]);
/// assert_eq!(game.move_count(), 5);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Comments before the first move.
    pub comments: Comments,
    /// The moves, each played from the position the previous one leads to.
    pub moves: Vec<MoveNode>,
}

/// One game of a PGN file.
///
/// ```
/// use outpost_notation::{GameResult, PgnGame};
///
/// let text = "[Event \"casual\"]\n\n1. e4 {best by test} 1... e5 (1... c5 $1) 2. Nf3 1-0\n";
/// let game: PgnGame = text.parse().unwrap();
/// assert_eq!(game.tags.get("Event"), Some("casual"));
/// assert_eq!(game.moves.moves.len(), 3);
/// assert_eq!(game.result, GameResult::WhiteWins);
/// assert_eq!(game.to_string(), text);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in order.
    pub tags: Tags,
    /// The position the moves start from (from the `FEN` tag when there is one).
    pub start: Position,
    /// The main line, with its comments, NAGs and variations.
    pub moves: Line,
    /// The result token that ends the movetext.
    pub result: GameResult,
}

impl Default for PgnGame {
    fn default() -> PgnGame {
        PgnGame {
            tags: Tags::new(),
            start: Position::startpos(),
            moves: Line::default(),
            result: GameResult::Unknown,
        }
    }
}

impl PgnGame {
    /// The number of moves in the main line and all variations.
    pub fn move_count(&self) -> usize {
        fn count(line: &Line) -> usize {
            line.moves
                .iter()
                .map(|n| 1 + n.variations.iter().map(count).sum::<usize>())
                .sum()
        }
        count(&self.moves)
    }
}

impl fmt::Display for PgnGame {
    /// The game in PGN export format: tag pairs, a blank line, the movetext
    /// wrapped at 80 columns ending with the result, and a final newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        writer::write_game(&mut out, self);
        f.write_str(&out)
    }
}

impl FromStr for PgnGame {
    type Err = PgnError;

    /// The first game of a PGN text, read leniently (see [`PgnReader`] for
    /// strict reading and the warnings).
    fn from_str(text: &str) -> Result<PgnGame, PgnError> {
        PgnReader::new(text.as_bytes()).next().unwrap_or_else(|| {
            Err(PgnError::Syntax {
                game: 1,
                line: 1,
                column: 1,
                reason: "no game found: expected tag pairs or movetext".to_string(),
            })
        })
    }
}

/// Appends `game` in PGN export format to `out` (see [`PgnGame`]'s `Display`).
///
/// ```
/// use outpost_notation::{write_pgn, PgnGame, PgnReader};
///
/// // Two games written one after the other, each ending with a newline.
/// let first: PgnGame = "[Round \"1\"]\n\n1. e4 e5 1-0".parse().unwrap();
/// let second: PgnGame = "[Round \"2\"]\n\n1. d4 d5 0-1".parse().unwrap();
/// let mut out = String::new();
/// write_pgn(&mut out, &first);
/// out.push('\n');
/// write_pgn(&mut out, &second);
/// assert_eq!(
///     out,
///     "[Round \"1\"]\n\n1. e4 e5 1-0\n\n[Round \"2\"]\n\n1. d4 d5 0-1\n"
/// );
/// let games: Vec<PgnGame> = PgnReader::new(out.as_bytes()).map(Result::unwrap).collect();
/// assert_eq!(games, [first, second]);
/// ```
pub fn write_pgn(out: &mut String, game: &PgnGame) {
    writer::write_game(out, game);
}
