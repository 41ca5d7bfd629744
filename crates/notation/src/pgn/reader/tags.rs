//! The tag section: tag pairs (with the repairs of a lenient reader),
//! repeated names, and the starting position the tags give the movetext.

use super::state::{Frame, Phase, Skip, State};
use super::tag_names::NAME_BYTES;
use super::tokens::skip_whitespace;
use crate::pgn::{Control, Visitor};
use crate::{parse_fen, PgnError, WarningKind};

/// Whether `line` starts like a tag pair: `[Name "`.
pub(super) fn looks_like_tag(line: &[u8]) -> bool {
    let i = 0;
    if line.get(i) != Some(&b'[') {
        return false;
    }
    let name = line[i + 1..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    let j = skip_whitespace(line, i + 1 + name);
    name > 0 && j > i + 1 + name && line.get(j) == Some(&b'"')
}

/// A tag name read as text: the common names without decoding, others
/// (ASCII letters, digits and `_`, so always UTF-8) decoded.
pub(super) fn tag_name(name: &[u8]) -> &str {
    match name {
        b"Event" => "Event",
        b"Site" => "Site",
        b"Date" => "Date",
        b"Round" => "Round",
        b"White" => "White",
        b"Black" => "Black",
        b"Result" => "Result",
        b"ECO" => "ECO",
        b"FEN" => "FEN",
        b"SetUp" => "SetUp",
        b"Variant" => "Variant",
        b"PlyCount" => "PlyCount",
        b"WhiteElo" => "WhiteElo",
        b"BlackElo" => "BlackElo",
        b"EventDate" => "EventDate",
        b"TimeControl" => "TimeControl",
        b"Termination" => "Termination",
        b"Annotator" => "Annotator",
        b"Opening" => "Opening",
        b"Variation" => "Variation",
        _ => std::str::from_utf8(name).unwrap_or_default(),
    }
}

impl State {
    /// Starts the movetext at the position the tags give.
    pub(super) fn start_movetext_at<V: Visitor>(&mut self, line: usize, column: usize, v: &mut V) {
        self.phase = Phase::Movetext;
        self.text_end = (line, column);
        if self.skip.is_some() {
            return;
        }
        let start = if self.has_fen {
            // Engine-match files repeat one FEN game after game.
            let parsed = match self.last_fen {
                Some(pos) if self.fen == self.last_fen_text => Ok(pos),
                _ => {
                    let parsed = parse_fen(&self.fen);
                    if let Ok(pos) = parsed {
                        self.last_fen_text.clone_from(&self.fen);
                        self.last_fen = Some(pos);
                    }
                    parsed
                }
            };
            match parsed {
                Ok(pos) => pos,
                Err(e) => {
                    self.error = Some(PgnError::Syntax {
                        game: self.game_no,
                        line,
                        column,
                        reason: format!("bad FEN tag: {e}"),
                    });
                    self.skip = Some(Skip::Game { depth: 0 });
                    return;
                }
            }
        } else {
            self.startpos
        };
        self.frames.push(Frame::new(start));
        let control = v.begin_movetext(&start);
        self.obey(control);
    }

    /// Reads `[Name "value"]` at byte `at`; returns where it ends.
    pub(super) fn tag<V: Visitor>(
        &mut self,
        line: &[u8],
        line_str: Option<&str>,
        at: usize,
        v: &mut V,
    ) -> usize {
        let mut i = skip_whitespace(line, at + 1);
        let name_start = i;
        while i < line.len() && NAME_BYTES[usize::from(line[i])] {
            i += 1;
        }
        if i == name_start {
            let reason = "tag without a name: expected `[Name \"value\"]`".to_string();
            self.fail(line, i, reason);
            return line.len();
        }
        let name_end = i;
        let name = match line_str.and_then(|text| text.get(name_start..i)) {
            Some(name) => name,
            None => tag_name(&line[name_start..i]),
        };
        i = skip_whitespace(line, i);
        if line.get(i) != Some(&b'"') {
            let reason = format!("tag `{name}` without a quoted value: expected `\"`");
            self.fail(line, i, reason);
            return line.len();
        }
        let open = i;
        let mut close = None;
        let mut escaped = false;
        let mut j = open + 1;
        // Values are short: a plain scan beats `memchr2`'s setup here.
        while let Some(n) = line[j..].iter().position(|&b| b == b'"' || b == b'\\') {
            j += n;
            if line[j] == b'"' {
                close = Some(j);
                break;
            }
            escaped = true;
            j += if matches!(line.get(j + 1), Some(b'"' | b'\\')) {
                2
            } else {
                1
            };
        }
        let after = close.map(|c| skip_whitespace(line, c + 1));
        let (value_end, end, repair) = match (close, after) {
            (Some(c), Some(k)) if line.get(k) == Some(&b']') => (c, k + 1, None),
            _ if self.strict() => {
                let (at, reason) = match after {
                    None => (
                        line.len(),
                        format!("tag `{name}` value never closed: expected `\"`"),
                    ),
                    Some(k) => (k, format!("tag `{name}` not closed: expected `]`")),
                };
                self.fail(line, at, reason);
                return line.len();
            }
            _ => {
                // The first quote that a `]` follows ends the value.
                let quote_bracket = (open + 1..line.len()).find(|&q| {
                    line[q] == b'"' && line.get(skip_whitespace(line, q + 1)) == Some(&b']')
                });
                if let Some(q) = quote_bracket {
                    let k = skip_whitespace(line, q + 1);
                    (q, k + 1, Some(WarningKind::TagQuotes))
                } else if let (Some(c), Some(k)) = (close, after) {
                    if k < line.len() {
                        let reason = format!("tag `{name}` not closed: expected `]`");
                        self.fail(line, k, reason);
                        return line.len();
                    }
                    (c, line.len(), Some(WarningKind::UnterminatedTag))
                } else {
                    let mut value_end = line.len();
                    while value_end > open + 1 && line[value_end - 1].is_ascii_whitespace() {
                        value_end -= 1;
                    }
                    if value_end > open + 1 && line[value_end - 1] == b']' {
                        value_end -= 1;
                    }
                    (value_end, line.len(), Some(WarningKind::UnterminatedTag))
                }
            }
        };
        if let Some(kind) = repair {
            self.warn(kind, line, at, &line[at..end], v);
        }
        let raw = &line[open + 1..value_end];
        // The value is passed borrowed from the line unless it has escapes
        // or is not UTF-8; then it is built in `scratch`.
        if close != Some(value_end) {
            escaped = raw.contains(&b'\\');
        }
        let borrowed = if !escaped {
            match line_str.and_then(|text| text.get(open + 1..value_end)) {
                Some(value) => Some(value),
                None => std::str::from_utf8(raw).ok(),
            }
        } else {
            None
        };
        if borrowed.is_none() {
            // Unescape `\"` and `\\`.
            let mut bytes = std::mem::take(&mut self.scratch).into_bytes();
            bytes.clear();
            let mut k = 0;
            while k < raw.len() {
                if raw[k] == b'\\' && matches!(raw.get(k + 1), Some(b'"' | b'\\')) {
                    k += 1;
                }
                bytes.push(raw[k]);
                k += 1;
            }
            self.scratch = match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(e) => {
                    let text = e.as_bytes().iter().map(|&b| char::from(b)).collect();
                    self.warn(WarningKind::Encoding, line, open + 1, raw, v);
                    text
                }
            };
        }
        if !self.tag_names.insert(line, name_start, name_end) {
            self.warn(WarningKind::DuplicateTag, line, at, &line[at..end], v);
        }
        let value = borrowed.unwrap_or(&self.scratch);
        if name == "FEN" {
            self.fen.clear();
            self.fen.push_str(value);
            self.has_fen = true;
        }
        let control = v.tag(name, value);
        if control != Control::Continue {
            self.skip = Some(Skip::Game { depth: 0 });
        }
        end
    }
}
