//! Movetext tokens: comments, variations, NAGs, move numbers, results and
//! moves, and the tokens of text being skipped.

use super::state::{Phase, Skip, State};
use super::tokens::{
    is_delimiter, result_token, split_glyph, DELIMITERS, GLUED_RESULTS, LENIENT_DELIMITERS,
};
use crate::pgn::Visitor;
use crate::san::glyph_nag_bytes;
use crate::uci_move::is_long_algebraic;
use crate::{GameResult, SanError, WarningKind};
use memchr::memchr;

impl State {
    /// Skips one token of text the visitor or an error asked to skip.
    pub(super) fn skip_token<V: Visitor>(&mut self, line: &[u8], i: usize, v: &mut V) -> usize {
        let Some(skip) = self.skip else {
            return i;
        };
        match line[i] {
            b'{' => match memchr(b'}', &line[i + 1..]) {
                Some(n) => i + n + 2,
                None => {
                    self.open_comment(line, i, true);
                    line.len()
                }
            },
            b';' => line.len(),
            b'(' => {
                self.skip = Some(match skip {
                    Skip::Variation { depth } => Skip::Variation { depth: depth + 1 },
                    Skip::Game { depth } => Skip::Game { depth: depth + 1 },
                });
                i + 1
            }
            b')' => {
                match skip {
                    Skip::Variation { depth: 1 } => {
                        self.skip = None;
                        self.close_variation(v);
                    }
                    Skip::Variation { depth } => {
                        self.skip = Some(Skip::Variation { depth: depth - 1 })
                    }
                    Skip::Game { depth } => {
                        self.skip = Some(Skip::Game {
                            depth: depth.saturating_sub(1),
                        })
                    }
                }
                i + 1
            }
            _ if matches!(skip, Skip::Variation { .. }) => {
                // Nothing but brackets and comments matter in a skipped
                // variation: go straight to the next one.
                line[i..]
                    .iter()
                    .position(|&b| matches!(b, b'{' | b'(' | b')' | b';'))
                    .map_or(line.len(), |n| i + n)
            }
            _ => {
                let mut end = i + 1;
                while end < line.len() && !is_delimiter(line[end]) {
                    end += 1;
                }
                let token = &line[i..end];
                // A result glued to a move ends a skipped game in strict
                // mode too: the game is rejected already, and the next one
                // (tagless, perhaps) must not be swallowed.
                let ends_game = result_token(token).is_some()
                    || GLUED_RESULTS.iter().any(|(r, _)| token.ends_with(r));
                if skip == (Skip::Game { depth: 0 }) && ends_game {
                    self.result_seen = true;
                    self.phase = Phase::AfterResult;
                }
                end
            }
        }
    }

    /// Reads one movetext token at byte `i`; returns where it ends.
    pub(super) fn token<V: Visitor>(&mut self, line: &[u8], i: usize, v: &mut V) -> usize {
        let c = line[i];
        match c {
            b'{' => match memchr(b'}', &line[i + 1..]) {
                Some(n) => {
                    self.emit_comment(line, i + 1, &line[i + 1..i + 1 + n], v);
                    i + n + 2
                }
                None => {
                    self.open_comment(line, i, false);
                    line.len()
                }
            },
            b';' => {
                self.emit_comment(line, i + 1, &line[i + 1..], v);
                line.len()
            }
            b'(' => {
                self.open_variation(line, i, v);
                i + 1
            }
            b')' => {
                if self.frames.len() < 2 {
                    if self.strict() {
                        self.fail(line, i, "`)` without a matching `(`".to_string());
                    } else {
                        self.warn(WarningKind::UnmatchedClose, line, i, b")", v);
                    }
                } else {
                    self.pending_nags.clear();
                    self.close_variation(v);
                }
                i + 1
            }
            b'$' => {
                let digits = line[i + 1..]
                    .iter()
                    .take_while(|d| d.is_ascii_digit())
                    .count();
                let nag = std::str::from_utf8(&line[i + 1..i + 1 + digits])
                    .ok()
                    .and_then(|d| d.parse::<u8>().ok());
                match nag {
                    Some(nag) => self.nag(line, i, nag, v),
                    None => {
                        let reason = "bad NAG: expected `$` and a number 0 to 255".to_string();
                        self.fail(line, i, reason);
                    }
                }
                i + 1 + digits
            }
            b'}' if !self.strict() => {
                self.warn(WarningKind::UnmatchedClose, line, i, b"}", v);
                i + 1
            }
            b'}' | b'[' | b']' => {
                let reason = format!("unexpected `{}` in movetext", char::from(c));
                self.fail(line, i, reason);
                i + 1
            }
            _ if c >= 0x80 && !self.strict() => {
                let end = i + line[i..].iter().take_while(|&&b| b >= 0x80).count();
                self.warn(WarningKind::Encoding, line, i, &line[i..end], v);
                end
            }
            _ => {
                // A lenient reader also ends a token at a non-ASCII byte.
                let ends = if self.strict() {
                    &DELIMITERS
                } else {
                    &LENIENT_DELIMITERS
                };
                let mut end = i + 1;
                while end < line.len() && !ends[usize::from(line[end])] {
                    end += 1;
                }
                self.word(line, i, end, v);
                end
            }
        }
    }

    /// A move number, result, glyph or move: `line[s..e]`.
    pub(super) fn word<V: Visitor>(&mut self, line: &[u8], s: usize, e: usize, v: &mut V) {
        let token = &line[s..e];
        let strict = self.strict();
        if token[0].is_ascii_digit() {
            let digits = token.iter().take_while(|b| b.is_ascii_digit()).count();
            if token.get(digits) == Some(&b'.') {
                // A move number, `12.` or `12...`, perhaps glued to its move.
                let dots = token[digits..].iter().take_while(|&&b| b == b'.').count();
                if digits + dots < token.len() {
                    self.word(line, s + digits + dots, e, v);
                }
                return;
            }
            if let Some(result) = result_token(token) {
                return self.result(line, s, result, v);
            }
            if digits == token.len() {
                // A move number without its period.
                return;
            }
            if token == b"1/2" && !strict {
                self.warn(WarningKind::ResultShorthand, line, s, token, v);
                return self.result(line, s, GameResult::Draw, v);
            }
        }
        if token == b"*" {
            return self.result(line, s, GameResult::Unknown, v);
        }
        if token[0] == b'.' && !strict {
            let dots = token.iter().take_while(|&&b| b == b'.').count();
            let kind = if dots == token.len() && dots == 1 {
                WarningKind::StrayPunctuation
            } else {
                WarningKind::MoveNumberDots
            };
            self.warn(kind, line, s, token, v);
            if dots < token.len() {
                self.word(line, s + dots, e, v);
            }
            return;
        }
        if matches!(token[0], b'!' | b'?') {
            if let Some(nag) = glyph_nag_bytes(token) {
                return self.nag(line, s, nag, v);
            }
        }
        if !strict {
            if matches!(token[0], b'+' | b'#') && token.iter().all(|&b| b == b'+' || b == b'#') {
                return self.warn(WarningKind::StrayPunctuation, line, s, token, v);
            }
            if token[0] == b'e'
                && (token == b"ep" || token == b"e.p.")
                && self.frames.last().is_some_and(|f| f.last_en_passant)
            {
                return self.warn(WarningKind::EnPassantSuffix, line, s, token, v);
            }
        }
        self.san_word(line, s, e, v);
    }

    /// A move token, with its annotation glyph.
    pub(super) fn san_word<V: Visitor>(&mut self, line: &[u8], s: usize, e: usize, v: &mut V) {
        let token = &line[s..e];
        let mut body = token;
        if !self.strict() {
            let mut end = body.len();
            while end > 1 && body[end - 1] == b'.' {
                end -= 1;
            }
            if end < body.len() {
                self.warn(WarningKind::StrayPunctuation, line, s, token, v);
                body = &body[..end];
            }
        }
        let (text, glyph) = split_glyph(body);
        match self.resolve(text) {
            Ok(mv) => {
                // A pawn named by its square (`e2e4`) reads as an
                // over-disambiguated pawn move, but it is long algebraic
                // notation: an error when strict, a warning otherwise.
                if is_long_algebraic(text) {
                    if self.strict() {
                        let err = SanError::Malformed {
                            text: String::from_utf8_lossy(text).into_owned(),
                        };
                        self.fail(line, s, err.to_string());
                        return;
                    }
                    self.warn(WarningKind::LongAlgebraic, line, s, token, v);
                }
                self.play(mv, glyph, v);
            }
            Err(err) => {
                let repaired = if self.strict() {
                    Err(None)
                } else {
                    self.repair_move(line, s, e, v)
                };
                if let Err(better) = repaired {
                    // `axb6ep` or `Qg20-1` naming no legal move: say so,
                    // rather than that the whole token is malformed.
                    let err = match (err, better) {
                        (SanError::Malformed { .. }, Some(illegal)) => illegal,
                        (err, _) => err,
                    };
                    self.fail(line, s, err.to_string());
                    // A result glued to the rejected move still ends the
                    // game, so that a tagless game after it is not skipped.
                    if self.frames.len() == 1
                        && GLUED_RESULTS.iter().any(|(r, _)| token.ends_with(r))
                    {
                        self.result_seen = true;
                        self.phase = Phase::AfterResult;
                    }
                }
            }
        }
    }
}
