//! PGN export: tag pairs, then movetext wrapped at 80 columns.

use super::{Line, PgnGame};
use crate::san::write_san;
use outpost_board::{Color, Position};
use std::fmt::Write as _;

/// The widest movetext line the writer produces.
const MAX_COLUMNS: usize = 80;

/// Appends `game` in export format to `out`.
pub(super) fn write_game(out: &mut String, game: &PgnGame) {
    for (name, value) in game.tags.iter() {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        for c in value.chars() {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
        out.push_str("\"]\n");
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let mut w = Wrapper {
        out,
        column: 0,
        glue: false,
        token: String::with_capacity(16),
    };
    w.line(&game.moves, game.start);
    w.push(game.result.as_str());
    w.out.push('\n');
}

/// Writes tokens separated by spaces, breaking lines before 80 columns.
struct Wrapper<'a> {
    out: &'a mut String,
    column: usize,
    /// The next token follows the previous one without a space (after `(`).
    glue: bool,
    /// Scratch space for one token.
    token: String,
}

impl Wrapper<'_> {
    fn push(&mut self, token: &str) {
        let width = token.chars().count();
        let space = usize::from(!self.glue);
        if self.column > 0 && self.column + space + width > MAX_COLUMNS {
            self.out.push('\n');
            self.column = 0;
        } else if self.column > 0 && space == 1 {
            self.out.push(' ');
            self.column += 1;
        }
        if self.column == 0 && token.starts_with('%') {
            // A line starting with `%` would be skipped as an escape line.
            self.out.push(' ');
            self.column = 1;
        }
        self.glue = false;
        self.out.push_str(token);
        self.column += width;
    }

    /// Pushes the scratch token.
    fn push_token(&mut self) {
        let token = std::mem::take(&mut self.token);
        self.push(&token);
        self.token = token;
        self.token.clear();
    }

    fn comment(&mut self, text: &str) {
        if text.contains('}') {
            // A `}` would end a brace comment early; a `;` comment runs to the
            // end of the line instead.
            self.token.push(';');
            for word in text.split_whitespace() {
                self.token.push(' ');
                self.token.push_str(word);
            }
            self.push_token();
            self.out.push('\n');
            self.column = 0;
            return;
        }
        let mut words = text.split_whitespace().peekable();
        self.token.push('{');
        if words.peek().is_none() {
            self.token.push('}');
            self.push_token();
            return;
        }
        while let Some(word) = words.next() {
            self.token.push_str(word);
            if words.peek().is_none() {
                self.token.push('}');
            }
            self.push_token();
        }
    }

    fn line(&mut self, line: &Line, start: Position) {
        for comment in &line.comments {
            self.comment(comment);
        }
        let mut pos = start;
        let mut need_number = true;
        for node in &line.moves {
            let number = pos.fullmove_number();
            if pos.side_to_move() == Color::White {
                let _ = write!(self.token, "{number}.");
                self.push_token();
            } else if need_number {
                let _ = write!(self.token, "{number}...");
                self.push_token();
            }
            let _ = write_san(&mut self.token, &pos, node.mv);
            self.push_token();
            for nag in &node.nags {
                let _ = write!(self.token, "${nag}");
                self.push_token();
            }
            for comment in &node.comments {
                self.comment(comment);
            }
            for variation in &node.variations {
                self.push("(");
                self.glue = true;
                self.line(variation, pos);
                // `)` sticks to what precedes it, even at the end of a line.
                self.glue = true;
                self.push(")");
            }
            need_number = !node.comments.is_empty() || !node.variations.is_empty();
            pos.make_move_or_pass(node.mv);
        }
    }
}
