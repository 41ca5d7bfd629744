//! The visitor that builds a [`PgnGame`]: the game as a tree of lines.

use super::{Comment, Control, Line, MoveNode, PgnGame, Tags, Visitor};
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
/// assert_eq!(game.moves.moves[0].comments[..], ["best by test"]);
/// assert_eq!(game.move_count(), 3);
/// ```
#[derive(Clone, Debug, Default)]
pub struct PgnGameBuilder {
    tags: Tags,
    /// The previous game's tag count and bytes: the next game's tags are
    /// allocated at that size, once.
    tags_size: (usize, usize),
    start: Option<Position>,
    /// The main line and the variations open inside it, innermost last:
    /// scratch lines whose buffers are kept from game to game, each copied
    /// out at its exact length when it closes (one allocation per line,
    /// none while it grows).
    lines: Vec<Line>,
    /// How many of `lines` are open (the rest are spare buffers).
    open: usize,
    result: GameResult,
}

impl PgnGameBuilder {
    /// A builder with no game started.
    pub fn new() -> PgnGameBuilder {
        PgnGameBuilder::default()
    }

    /// The innermost open line.
    fn line(&mut self) -> &mut Line {
        if self.open == 0 {
            self.open_line();
        }
        &mut self.lines[self.open - 1]
    }

    /// Opens a line, reusing a spare buffer when there is one.
    fn open_line(&mut self) {
        if self.open == self.lines.len() {
            self.lines.push(Line::default());
        }
        self.open += 1;
    }

    /// Closes the innermost open line and returns it at its exact size,
    /// leaving its buffer empty for the next line.
    fn close_line(&mut self) -> Line {
        self.open -= 1;
        let scratch = &mut self.lines[self.open];
        Line {
            comments: std::mem::take(&mut scratch.comments),
            moves: scratch.moves.drain(..).collect(),
        }
    }

    /// Empties the open lines from nesting level `level` inward and closes
    /// them, keeping their buffers.
    fn discard_lines_from(&mut self, level: usize) {
        if self.open > level {
            for line in &mut self.lines[level..self.open] {
                line.comments.clear();
                line.moves.clear();
            }
            self.open = level;
        }
    }
}

/// Whether `bytes` is already collapsed: ASCII from the space up only
/// (so no tab, line break or Unicode space), no space at either end and no two
/// spaces in a row. Written as two folds that keep no state from byte to
/// byte but their accumulators, which the compiler turns into vector
/// code; the second looks at each byte and the one after it.
fn is_collapsed(bytes: &[u8]) -> bool {
    if bytes.first() == Some(&b' ') || bytes.last() == Some(&b' ') {
        return false;
    }
    let outside = bytes.iter().fold(0u8, |acc, &b| {
        acc | u8::from(b.wrapping_sub(b' ') > 0x7f - b' ')
    });
    let doubled = bytes
        .iter()
        .zip(bytes.iter().skip(1))
        .fold(0u8, |acc, (&a, &b)| acc | u8::from(a == b' ' && b == b' '));
    outside | doubled == 0
}

/// `text` with each run of whitespace made one space, trimmed.
fn collapse_whitespace(text: &str) -> String {
    let bytes = text.as_bytes();
    if is_collapsed(bytes) {
        return text.to_string();
    }
    let mut clean = String::with_capacity(text.len());
    if bytes.is_ascii() {
        // The ASCII characters `split_whitespace` splits at: tab, line
        // feed, vertical tab, form feed, carriage return and space. Every
        // word is cut at ASCII bytes, so slicing `text` there is safe.
        let is_space = |b: u8| matches!(b, b'\t'..=b'\r' | b' ');
        let mut i = 0;
        while i < bytes.len() {
            while i < bytes.len() && is_space(bytes[i]) {
                i += 1;
            }
            let start = i;
            while i < bytes.len() && !is_space(bytes[i]) {
                i += 1;
            }
            if i > start {
                if !clean.is_empty() {
                    clean.push(' ');
                }
                clean.push_str(&text[start..i]);
            }
        }
        return clean;
    }
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
        self.tags = Tags::with_capacity(self.tags_size.0, self.tags_size.1);
        self.start = None;
        // An unfinished game (an error) may have left lines open.
        self.discard_lines_from(0);
        self.result = GameResult::Unknown;
    }

    fn tag(&mut self, name: &str, value: &str) -> Control {
        self.tags.push(name, value);
        Control::Continue
    }

    fn begin_movetext(&mut self, start: &Position) -> Control {
        self.start = Some(*start);
        if self.open == 0 {
            self.open_line();
        }
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

    fn comment(&mut self, comment: Comment<'_>) -> Control {
        let clean = collapse_whitespace(&comment.text());
        let line = self.line();
        let comments = match line.moves.last_mut() {
            Some(node) => &mut node.comments,
            None => &mut line.comments,
        };
        comments.push(clean);
        Control::Continue
    }

    fn begin_variation(&mut self) -> Control {
        if self.open == 0 {
            self.open_line();
        }
        self.open_line();
        Control::Continue
    }

    fn end_variation(&mut self) -> Control {
        if self.open > 1 {
            let variation = self.close_line();
            if let Some(node) = self.line().moves.last_mut() {
                // Most moves have at most one variation: no room for four.
                node.variations.reserve_exact(1);
                node.variations.push(variation);
            }
        }
        Control::Continue
    }

    fn result(&mut self, result: GameResult) {
        self.result = result;
    }

    fn end_game(&mut self) -> PgnGame {
        // Variations left open by a truncated text are dropped, as before.
        self.discard_lines_from(1);
        let moves = if self.open == 1 {
            self.close_line()
        } else {
            Line::default()
        };
        PgnGame {
            tags: {
                let tags = std::mem::take(&mut self.tags);
                self.tags_size = (tags.len(), tags.text_len());
                tags
            },
            start: self.start.take().unwrap_or_else(Position::startpos),
            moves,
            result: self.result,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{collapse_whitespace, is_collapsed};

    /// The slow path alone: what the fast test must agree with.
    fn collapsed_by_words(text: &str) -> String {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_fast_test_agrees_with_collapsing_word_by_word() {
        let samples = [
            "",
            " ",
            "a",
            "best by test",
            "best  by test",
            " best",
            "best ",
            "best\nby",
            "best\tby",
            "best\r\nby",
            "caf\u{e9} au lait",
            "a\u{a0}b",
            "a\u{3000}b",
            "[%clk 0:01:02] [%eval 0.31]",
            "+0.35/20 1.2s",
            "\u{7f}",
            "x\u{7f} y",
            "a\u{b}b\u{c}c\u{1c}d",
            "  +0.35/20\n1.2s  ",
        ];
        for text in samples {
            let fast = is_collapsed(text.as_bytes());
            let slow = collapsed_by_words(text);
            if fast {
                assert_eq!(slow, text, "{text:?} called collapsed");
            }
            assert_eq!(collapse_whitespace(text), slow, "{text:?}");
        }
        assert!(is_collapsed(b"best by test"));
        assert!(is_collapsed(b"[%clk 0:01:02] [%eval 0.31]"));
        assert!(!is_collapsed(b"best  by"));
        // Every string over a small alphabet up to length 5.
        let alphabet = ['a', ' ', '\n', '\t', '\u{b}', '\u{a0}', '\u{7f}'];
        let mut texts = vec![String::new()];
        for _ in 0..5 {
            let mut longer = Vec::new();
            for t in &texts {
                for c in alphabet {
                    let mut u = t.clone();
                    u.push(c);
                    longer.push(u);
                }
            }
            for t in &longer {
                assert_eq!(collapse_whitespace(t), collapsed_by_words(t), "{t:?}");
                if is_collapsed(t.as_bytes()) {
                    assert_eq!(&collapsed_by_words(t), t);
                }
            }
            texts = longer;
        }
    }
}
