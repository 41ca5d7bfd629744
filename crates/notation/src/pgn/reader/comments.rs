//! Comments: `{...}` on one line or spanning lines (one left open at the
//! end of a game is closed with a warning), `;` to the end of the line, and
//! their text handed to the visitor.

use super::state::{State, Step};
use super::tags::looks_like_tag;
use super::tokens::column;
use crate::pgn::{Comment, Visitor};
use crate::WarningKind;
use memchr::memchr;
use std::cell::Cell;

impl State {
    /// Reads `line` from byte `i` inside a comment spanning lines:
    /// where the line goes on after the comment's `}`, or the step that ends
    /// the line when the comment does not close on it.
    pub(super) fn continue_comment<V: Visitor>(
        &mut self,
        line: &[u8],
        i: usize,
        v: &mut V,
    ) -> Result<usize, Step> {
        match memchr(b'}', &line[i..]) {
            Some(n) => {
                self.comment.push(b'\n');
                self.comment.extend_from_slice(&line[i..i + n]);
                self.in_comment = false;
                if !self.comment_skipped {
                    let text = std::mem::take(&mut self.comment);
                    self.emit_comment(line, i, &text, v);
                    self.comment = text;
                }
                Ok(i + n + 1)
            }
            None if !self.strict() && self.comment_blank && looks_like_tag(line) => {
                // The next game's tags after a blank line: the comment
                // was never closed.
                self.in_comment = false;
                if !self.comment_skipped {
                    self.close_open_comment(v);
                }
                Err(Step::End(0))
            }
            None => {
                self.comment.push(b'\n');
                self.comment.extend_from_slice(&line[i..]);
                self.comment_blank = line[i..].iter().all(u8::is_ascii_whitespace);
                Err(Step::Next)
            }
        }
    }

    pub(super) fn open_comment(&mut self, line: &[u8], at: usize, skipped: bool) {
        self.in_comment = true;
        self.comment_skipped = skipped;
        self.comment_blank = false;
        self.comment_at = (self.line_no, column(line, at));
        self.comment.clear();
        self.comment.extend_from_slice(&line[at + 1..]);
    }

    /// Gives the comment left open at the end of the game, with a warning.
    pub(super) fn close_open_comment<V: Visitor>(&mut self, v: &mut V) {
        let (line, column) = self.comment_at;
        let text = std::mem::take(&mut self.comment);
        let shown: String = String::from_utf8_lossy(&text).chars().take(40).collect();
        self.warn_at(
            WarningKind::UnclosedComment,
            line,
            column,
            format!("{{{shown}"),
            v,
        );
        if self.skip.is_none() {
            // Its encoding goes unreported: the unclosed comment is the
            // warning.
            let control = v.comment(Comment::new(&text, &Cell::new(false)));
            self.obey(control);
        }
        self.comment = text;
    }

    /// Hands the comment `text`, which starts at byte `at` of `line`, to
    /// the visitor; if the visitor found it not UTF-8, says so there.
    pub(super) fn emit_comment<V: Visitor>(
        &mut self,
        line: &[u8],
        at: usize,
        text: &[u8],
        v: &mut V,
    ) {
        let not_utf8 = Cell::new(false);
        let control = v.comment(Comment::new(text, &not_utf8));
        if not_utf8.get() {
            self.warn(WarningKind::Encoding, line, at, text, v);
        }
        self.obey(control);
    }
}
