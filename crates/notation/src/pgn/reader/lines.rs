//! The lines being read, the main line and its variations: playing a move
//! in the current line, its NAGs, opening and closing a variation, and the
//! game's result.

use super::state::{Frame, Phase, State};
use super::tokens::is_delimiter;
use crate::pgn::Visitor;
use crate::san::{unresolved_error, SanText};
use crate::{GameResult, SanError, WarningKind};
use outpost_board::Move;

impl State {
    /// The move `text` names in the current position.
    pub(super) fn resolve(&self, text: &[u8]) -> Result<Move, SanError> {
        let pos = &self.frames.last().expect("movetext has a line").pos;
        match SanText::read(text) {
            Some(san) => san
                .resolve(pos)
                .map_err(|e| unresolved_error(e, &String::from_utf8_lossy(text))),
            None => Err(SanError::Malformed {
                text: String::from_utf8_lossy(text).into_owned(),
            }),
        }
    }

    /// Plays a move in the current line and tells the visitor.
    pub(super) fn play<V: Visitor>(&mut self, mv: Move, glyph: Option<u8>, v: &mut V) {
        let frame = self.frames.last_mut().expect("movetext has a line");
        frame.before = frame.pos;
        frame.pos.make_move_or_pass(mv);
        frame.has_move = true;
        frame.last_en_passant = mv.is_en_passant();
        let control = v.move_played(&frame.before, mv, &frame.pos);
        self.obey(control);
        if !self.pending_nags.is_empty() {
            let nags = std::mem::take(&mut self.pending_nags);
            for &nag in &nags {
                if self.skip.is_none() {
                    let control = v.nag(nag);
                    self.obey(control);
                }
            }
            self.pending_nags = nags;
            self.pending_nags.clear();
        }
        if let Some(nag) = glyph {
            if self.skip.is_none() {
                let control = v.nag(nag);
                self.obey(control);
            }
        }
    }

    pub(super) fn nag<V: Visitor>(&mut self, line: &[u8], at: usize, nag: u8, v: &mut V) {
        let has_move = self.frames.last().is_some_and(|f| f.has_move);
        if has_move {
            let control = v.nag(nag);
            self.obey(control);
        } else if self.strict() {
            let reason = "annotation before any move: expected a move first".to_string();
            self.fail(line, at, reason);
        } else {
            let end = at
                + 1
                + line[at + 1..]
                    .iter()
                    .take_while(|b| !is_delimiter(**b))
                    .count();
            self.warn(WarningKind::NagBeforeMove, line, at, &line[at..end], v);
            self.pending_nags.push(nag);
        }
    }

    pub(super) fn open_variation<V: Visitor>(&mut self, line: &[u8], at: usize, v: &mut V) {
        let parent = self.frames.last().expect("movetext has a line");
        if !parent.has_move {
            let reason = "variation before any move: expected a move first".to_string();
            return self.fail(line, at, reason);
        }
        let start = parent.before;
        self.frames.push(Frame::new(start));
        let control = v.begin_variation();
        self.obey(control);
    }

    pub(super) fn close_variation<V: Visitor>(&mut self, v: &mut V) {
        self.frames.pop();
        let control = v.end_variation();
        self.obey(control);
    }

    pub(super) fn result<V: Visitor>(
        &mut self,
        line: &[u8],
        at: usize,
        result: GameResult,
        v: &mut V,
    ) {
        if self.frames.len() > 1 {
            let reason = format!("game result `{result}` inside a variation: expected `)` first");
            return self.fail(line, at, reason);
        }
        self.pending_nags.clear();
        v.result(result);
        self.result_seen = true;
        self.phase = Phase::AfterResult;
    }
}
