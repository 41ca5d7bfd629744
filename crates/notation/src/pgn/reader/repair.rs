//! Move tokens no SAN reading accepts, read as their writers meant them by
//! a lenient reader: an en-passant suffix, `Z0` for a null move, long
//! algebraic notation, a result glued to the move.

use super::state::State;
use super::tokens::{split_glyph, GLUED_RESULTS};
use crate::pgn::Visitor;
use crate::uci_move::{find_long_algebraic, long_algebraic};
use crate::{SanError, WarningKind};

impl State {
    /// Reads a move token no SAN reading accepts as a writer meant it: with
    /// an en-passant suffix, as `Z0`, in long algebraic notation, or with the
    /// result glued to it. When it cannot, the error of a repaired form that
    /// reads as SAN but names no legal move, if there is one.
    pub(super) fn repair_move<V: Visitor>(
        &mut self,
        line: &[u8],
        s: usize,
        e: usize,
        v: &mut V,
    ) -> Result<(), Option<SanError>> {
        let mut illegal = None;
        let token = &line[s..e];
        let (text, glyph) = split_glyph(token);
        let mut core = text;
        while let [rest @ .., b'+' | b'#'] = core {
            core = rest;
        }
        for suffix in [&b"e.p."[..], b"ep"] {
            if let Some(stripped) = core.strip_suffix(suffix) {
                match self.resolve(stripped) {
                    Ok(mv) if mv.is_en_passant() => {
                        self.warn(WarningKind::EnPassantSuffix, line, s, token, v);
                        self.play(mv, glyph, v);
                        return Ok(());
                    }
                    // Marked en passant, but the capture is not one.
                    Ok(_) => {
                        illegal = Some(SanError::Illegal {
                            text: String::from_utf8_lossy(token).into_owned(),
                        })
                    }
                    Err(SanError::Malformed { .. }) => {}
                    Err(err) => illegal = Some(err),
                }
            }
        }
        if core == b"Z0" {
            if let Ok(mv) = self.resolve(b"--") {
                self.warn(WarningKind::NullMoveZ0, line, s, token, v);
                self.play(mv, glyph, v);
                return Ok(());
            }
        }
        if let Some((from, to, promotion)) = long_algebraic(text) {
            let pos = &self.frames.last().expect("movetext has a line").pos;
            if let Some(mv) = find_long_algebraic(pos, from, to, promotion, false) {
                self.warn(WarningKind::LongAlgebraic, line, s, token, v);
                self.play(mv, glyph, v);
                return Ok(());
            }
        }
        for (suffix, result) in GLUED_RESULTS {
            let Some(prefix) = token.strip_suffix(suffix) else {
                continue;
            };
            let (text, glyph) = split_glyph(prefix);
            if text.is_empty() {
                continue;
            }
            match self.resolve(text) {
                Ok(mv) => {
                    self.warn(WarningKind::ResultGlued, line, s, token, v);
                    self.play(mv, glyph, v);
                    if self.skip.is_none() {
                        self.result(line, e - suffix.len(), result, v);
                    }
                    return Ok(());
                }
                Err(SanError::Malformed { .. }) => {}
                Err(err) => illegal = Some(err),
            }
        }
        Err(illegal)
    }
}
