//! The visitor that builds a [`PgnGame`]: the game as a tree of lines.

use super::{Control, Line, MoveNode, PgnGame, Tags, Visitor};
use crate::GameResult;
use outpost_board::{Move, Position};

/// Builds each game as a [`PgnGame`], with every comment (its whitespace
/// collapsed to single spaces), NAG and variation. This is what the
/// [`PgnReader`](crate::PgnReader) iterator uses.
///
/// ```
/// use outpost_notation::pgn::PgnGameBuilder;
/// use outpost_notation::PgnReader;
///
/// let mut reader = PgnReader::new("1. e4 {best by\n test} e5 (1... c5) *".as_bytes());
/// let game = reader.read_game(&mut PgnGameBuilder::new()).unwrap().unwrap();
/// assert_eq!(game.moves.moves[0].comments, ["best by test"]);
/// assert_eq!(game.move_count(), 3);
/// ```
#[derive(Clone, Debug, Default)]
pub struct PgnGameBuilder {
    tags: Tags,
    start: Option<Position>,
    /// The main line and the variations open inside it, innermost last.
    lines: Vec<Line>,
    result: GameResult,
    /// The length of the last main line read, to size the next one's.
    main_line_hint: usize,
}

impl PgnGameBuilder {
    /// A builder with no game started.
    pub fn new() -> PgnGameBuilder {
        PgnGameBuilder::default()
    }

    fn line(&mut self) -> &mut Line {
        if self.lines.is_empty() {
            self.lines.push(Line::default());
        }
        self.lines.last_mut().expect("a line was just pushed")
    }
}

/// `text` with each run of whitespace made one space, trimmed.
fn collapse_whitespace(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut clean = bytes.first() != Some(&b' ') && bytes.last() != Some(&b' ');
    let mut previous = 0;
    for &b in bytes {
        clean &= (b == b' ' && previous != b' ') || (b > b' ' && b < 0x80);
        previous = b;
    }
    if clean {
        return text.to_string();
    }
    let mut clean = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !clean.is_empty() {
            clean.push(' ');
        }
        clean.push_str(word);
    }
    clean
}

impl Visitor for PgnGameBuilder {
    type Output = PgnGame;

    fn begin_game(&mut self) {
        self.tags = Tags::new();
        self.start = None;
        self.lines.clear();
        self.result = GameResult::Unknown;
    }

    fn tag(&mut self, name: &str, value: &str) -> Control {
        self.tags.push(name, value);
        Control::Continue
    }

    fn begin_movetext(&mut self, start: &Position) -> Control {
        self.start = Some(*start);
        self.lines.clear();
        self.lines.push(Line {
            comments: Vec::new(),
            moves: Vec::with_capacity(self.main_line_hint.clamp(16, 512)),
        });
        Control::Continue
    }

    fn move_played(&mut self, _before: &Position, mv: Move, _after: &Position) -> Control {
        self.line().moves.push(MoveNode::new(mv));
        Control::Continue
    }

    fn nag(&mut self, nag: u8) -> Control {
        if let Some(node) = self.line().moves.last_mut() {
            node.nags.push(nag);
        }
        Control::Continue
    }

    fn comment(&mut self, text: &str) -> Control {
        let clean = collapse_whitespace(text);
        let line = self.line();
        let comments = match line.moves.last_mut() {
            Some(node) => &mut node.comments,
            None => &mut line.comments,
        };
        // Most moves have at most one comment: no room for four.
        comments.reserve_exact(1);
        comments.push(clean);
        Control::Continue
    }

    fn begin_variation(&mut self) -> Control {
        self.lines.push(Line {
            comments: Vec::new(),
            moves: Vec::with_capacity(8),
        });
        Control::Continue
    }

    fn end_variation(&mut self) -> Control {
        if self.lines.len() > 1 {
            let variation = self.lines.pop().expect("two lines are open");
            if let Some(node) = self.line().moves.last_mut() {
                node.variations.push(variation);
            }
        }
        Control::Continue
    }

    fn result(&mut self, result: GameResult) {
        self.result = result;
    }

    fn end_game(&mut self) -> PgnGame {
        let mut lines = std::mem::take(&mut self.lines);
        lines.truncate(1);
        if let Some(main) = lines.first() {
            self.main_line_hint = main.moves.len() + main.moves.len() / 4;
        }
        PgnGame {
            tags: std::mem::take(&mut self.tags),
            start: self.start.take().unwrap_or_else(Position::startpos),
            moves: lines.pop().unwrap_or_default(),
            result: self.result,
        }
    }
}
