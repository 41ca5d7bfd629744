//! The streaming interface of the PGN reader: a visitor called for each
//! element of a game as it is read.

use crate::{GameResult, Warning};
use outpost_board::{Move, Position};
use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;

/// What a [`Visitor`] wants the reader to do next.
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::pgn::{Control, Visitor};
/// use outpost_notation::PgnReader;
///
/// /// Reads the `White` tag of each game and skips the moves unread.
/// #[derive(Default)]
/// struct WhitePlayer(Option<String>);
///
/// impl Visitor for WhitePlayer {
///     type Output = Option<String>;
///
///     fn begin_game(&mut self) {
///         self.0 = None;
///     }
///
///     fn tag(&mut self, name: &str, value: &str) -> Control {
///         if name == "White" {
///             self.0 = Some(value.to_string());
///         }
///         Control::Continue
///     }
///
///     fn begin_movetext(&mut self, _start: &Position) -> Control {
///         Control::SkipGame
///     }
///
///     fn end_game(&mut self) -> Option<String> {
///         self.0.take()
///     }
/// }
///
/// // The second game's illegal move is never read, so it is no error.
/// let text = "[White \"Ann\"]\n\n1. e4 *\n\n[White \"Bob\"]\n\n1. e5 *\n";
/// let mut reader = PgnReader::new(text.as_bytes());
/// let mut visitor = WhitePlayer::default();
/// assert_eq!(
///     reader.read_game(&mut visitor),
///     Some(Ok(Some("Ann".to_string())))
/// );
/// assert_eq!(
///     reader.read_game(&mut visitor),
///     Some(Ok(Some("Bob".to_string())))
/// );
/// assert_eq!(reader.read_game(&mut visitor), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Control {
    /// Go on reading.
    #[default]
    Continue,
    /// Skip the rest of the innermost variation (from
    /// [`Visitor::begin_variation`], the whole variation) without parsing its
    /// moves; [`Visitor::end_variation`] is still called. In the main line,
    /// the same as [`Control::SkipGame`].
    SkipVariation,
    /// Skip the rest of the game without parsing it: no callback but
    /// [`Visitor::end_game`] follows.
    SkipGame,
}

/// Receives the elements of each game a
/// [`PgnReader`](crate::PgnReader) reads, in the order they appear.
///
/// For each game: [`begin_game`](Visitor::begin_game), the
/// [`tag`](Visitor::tag)s, [`begin_movetext`](Visitor::begin_movetext) with
/// the starting position, then the moves (already checked and played by
/// the reader), NAGs, comments and variations, the
/// [`result`](Visitor::result), and [`end_game`](Visitor::end_game), whose
/// output the reader returns. A NAG always follows the move it annotates.
/// [`warning`](Visitor::warning) is called for each repair as it happens.
/// When a game has an error, the reader skips to the next game and returns
/// the error instead of calling `end_game`; `begin_game` is where a visitor
/// clears what an unfinished game left.
///
/// Every method but `end_game` has a default that ignores its element, and
/// those that return a [`Control`] let the visitor skip a variation or the
/// rest of the game cheaply.
///
/// ```
/// use outpost_board::{Move, Position};
/// use outpost_notation::pgn::{Control, Visitor};
/// use outpost_notation::PgnReader;
///
/// /// Counts the moves of each main line.
/// struct MainLineLength(usize);
///
/// impl Visitor for MainLineLength {
///     type Output = usize;
///
///     fn begin_game(&mut self) {
///         self.0 = 0;
///     }
///
///     fn move_played(&mut self, _before: &Position, _mv: Move, _after: &Position) -> Control {
///         self.0 += 1;
///         Control::Continue
///     }
///
///     fn begin_variation(&mut self) -> Control {
///         Control::SkipVariation
///     }
///
///     fn end_game(&mut self) -> usize {
///         self.0
///     }
/// }
///
/// let text = "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n1. d4 *\n";
/// let mut reader = PgnReader::new(text.as_bytes());
/// let mut visitor = MainLineLength(0);
/// assert_eq!(reader.read_game(&mut visitor), Some(Ok(3)));
/// assert_eq!(reader.read_game(&mut visitor), Some(Ok(1)));
/// assert_eq!(reader.read_game(&mut visitor), None);
/// ```
pub trait Visitor {
    /// What the visitor makes of a game.
    type Output;

    /// A game starts (its first tag or token was found).
    fn begin_game(&mut self) {}

    /// A tag pair, its value unescaped. Tags may repeat; see
    /// [`Tags`](crate::Tags) for which value wins.
    fn tag(&mut self, _name: &str, _value: &str) -> Control {
        Control::Continue
    }

    /// The movetext starts, from `start` (the position of the `FEN` tag, or
    /// the standard starting position).
    fn begin_movetext(&mut self, _start: &Position) -> Control {
        Control::Continue
    }

    /// A legal move (or [`Move::NULL`], a pass) played from `before`,
    /// leading to `after`.
    fn move_played(&mut self, _before: &Position, _mv: Move, _after: &Position) -> Control {
        Control::Continue
    }

    /// A numeric annotation glyph (`$14`, or `!?` read as 5) for the move
    /// just played.
    fn nag(&mut self, _nag: u8) -> Control {
        Control::Continue
    }

    /// A `{...}` or `;` comment, its bytes as written (a comment spanning
    /// lines keeps its line breaks). The reader does not look at a comment's
    /// encoding: [`Comment::text`] and [`Comment::to_str`] do, when asked.
    fn comment(&mut self, _comment: Comment<'_>) -> Control {
        Control::Continue
    }

    /// A variation opens: it replaces the move just played, from the
    /// position before it.
    fn begin_variation(&mut self) -> Control {
        Control::Continue
    }

    /// The innermost variation closes.
    fn end_variation(&mut self) -> Control {
        Control::Continue
    }

    /// The game's result token.
    fn result(&mut self, _result: GameResult) {}

    /// The reader repaired or noticed something (see
    /// [`WarningKind`](crate::WarningKind)).
    fn warning(&mut self, _warning: &Warning) {}

    /// The game ends; the reader returns what this gives.
    fn end_game(&mut self) -> Self::Output;
}

/// The text of a comment as the reader found it, handed to
/// [`Visitor::comment`]: its bytes, unchecked, and their conversion to text
/// on request.
///
/// PGN files are meant to be UTF-8, and some are ISO 8859-1. A visitor that
/// wants the text asks for it with [`text`](Comment::text) (UTF-8, or each
/// byte read as ISO 8859-1 when it is not) or [`to_str`](Comment::to_str)
/// (UTF-8 only); when either finds bytes that are not UTF-8, the reader
/// reports a [`WarningKind::Encoding`](crate::WarningKind::Encoding) warning
/// at the comment, with its line and column. A visitor that ignores comments
/// pays nothing for them.
///
/// ```
/// use outpost_notation::pgn::{Comment, Control, Visitor};
/// use outpost_notation::{PgnReader, WarningKind};
///
/// /// Keeps the comments of a game as text.
/// struct Comments(Vec<String>);
///
/// impl Visitor for Comments {
///     type Output = Vec<String>;
///
///     fn comment(&mut self, comment: Comment<'_>) -> Control {
///         self.0.push(comment.text().into_owned());
///         Control::Continue
///     }
///
///     fn end_game(&mut self) -> Vec<String> {
///         std::mem::take(&mut self.0)
///     }
/// }
///
/// // The second comment is ISO 8859-1: `\xe9` is `é`.
/// let text = b"1. e4 {best by test} e5 {caf\xe9} *";
/// let mut reader = PgnReader::new(&text[..]);
/// let comments = reader.read_game(&mut Comments(Vec::new())).unwrap().unwrap();
/// assert_eq!(comments, ["best by test", "caf\u{e9}"]);
/// assert_eq!(reader.warnings()[0].kind, WarningKind::Encoding);
/// // Where the comment's text starts, after the `{`.
/// assert_eq!((reader.warnings()[0].line, reader.warnings()[0].column), (1, 26));
/// ```
#[derive(Clone, Copy)]
pub struct Comment<'a> {
    bytes: &'a [u8],
    /// Set when a conversion found the bytes not UTF-8: the reader then
    /// reports it.
    not_utf8: &'a Cell<bool>,
}

impl<'a> Comment<'a> {
    /// A comment of `bytes`, whose conversions set `not_utf8` when the bytes
    /// are not UTF-8.
    pub(crate) fn new(bytes: &'a [u8], not_utf8: &'a Cell<bool>) -> Comment<'a> {
        Comment { bytes, not_utf8 }
    }

    /// The comment's bytes as written, without the `{`, `}` or `;`.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The comment as UTF-8 text, or `None` if it is not UTF-8.
    pub fn to_str(&self) -> Option<&'a str> {
        let text = simdutf8::basic::from_utf8(self.bytes).ok();
        if text.is_none() {
            self.not_utf8.set(true);
        }
        text
    }

    /// The comment as text: UTF-8, or each byte read as ISO 8859-1 (the
    /// other encoding PGN files are written in) when it is not.
    pub fn text(&self) -> Cow<'a, str> {
        match self.to_str() {
            Some(text) => Cow::Borrowed(text),
            None => Cow::Owned(self.bytes.iter().map(|&b| char::from(b)).collect()),
        }
    }
}

impl fmt::Debug for Comment<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Comment")
            .field(&String::from_utf8_lossy(self.bytes))
            .finish()
    }
}
