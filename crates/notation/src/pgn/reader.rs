//! The streaming PGN reader.

use super::{Line, MoveNode, PgnGame, Tags};
use crate::game::play;
use crate::san::{glyph_nag, parse_san, split_annotation};
use crate::{parse_fen, GameResult, NotationError};
use outpost_board::Position;
use std::io::BufRead;

/// Reads the games of a PGN text one at a time from any [`BufRead`].
///
/// Each item is a game or the error that stopped it; after an error the
/// reader skips to the next game's tag pairs, so one bad game never hides the
/// next. Every move is checked against its position. Lines starting with `%`
/// are skipped, tags may be any names, and the `FEN` tag sets the starting
/// position.
///
/// ```
/// use outpost_notation::{NotationError, PgnReader};
///
/// let text = "[White \"A\"]\n\n1. e4 e5 1-0\n\n[White \"B\"]\n\n1. e5 *\n\n[White \"C\"]\n\n1. d4 *\n";
/// let games: Vec<_> = PgnReader::new(text.as_bytes()).collect();
/// assert_eq!(games.len(), 3);
/// assert!(games[0].is_ok() && games[2].is_ok());
/// assert!(matches!(games[1], Err(NotationError::Pgn { game: 2, line: 7, column: 4, .. })));
/// ```
pub struct PgnReader<R> {
    input: R,
    /// The current line, without its line ending.
    line: String,
    raw: Vec<u8>,
    /// The line number of `line`, from 1.
    line_no: usize,
    /// Where the unread part of `line` starts.
    offset: usize,
    /// Whether `line` holds a line not yet fully read.
    has_line: bool,
    /// The number of the game being read, from 1.
    game_no: usize,
    /// The input failed or ended.
    finished: bool,
}

/// A game being read: its tags, the lines open around the current move.
struct Builder {
    tags: Tags,
    /// The starting position, once the movetext has started.
    start: Position,
    /// The main line and the variations opened inside it, innermost last.
    frames: Vec<Frame>,
    /// Whether the movetext has started (the starting position is set).
    in_movetext: bool,
    result: Option<GameResult>,
    /// A `{` comment that continues on the next line.
    open_comment: Option<String>,
    /// Where the open comment started, for the error if it never closes.
    comment_start: (usize, usize),
    error: Option<NotationError>,
}

struct Frame {
    line: Line,
    /// The position before the last move of `line` (where a variation starts).
    before: Position,
    /// The position after the last move of `line`.
    pos: Position,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            tags: Tags::new(),
            start: Position::startpos(),
            frames: Vec::new(),
            in_movetext: false,
            result: None,
            open_comment: None,
            comment_start: (0, 0),
            error: None,
        }
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && !self.in_movetext
            && self.error.is_none()
            && self.open_comment.is_none()
    }

    /// Starts the movetext at the position the tags give.
    fn start_movetext(&mut self) -> Result<(), String> {
        self.in_movetext = true;
        let start = match self.tags.get("FEN") {
            Some(fen) => parse_fen(fen).map_err(|e| format!("bad FEN tag: {e}"))?,
            None => Position::startpos(),
        };
        self.start = start;
        self.frames.push(Frame {
            line: Line::default(),
            before: start,
            pos: start,
        });
        Ok(())
    }

    fn frame(&mut self) -> &mut Frame {
        self.frames
            .last_mut()
            .expect("the main line is open in movetext")
    }

    fn comment(&mut self, text: &str) {
        let mut clean = String::with_capacity(text.len());
        for word in text.split_whitespace() {
            if !clean.is_empty() {
                clean.push(' ');
            }
            clean.push_str(word);
        }
        let line = &mut self.frame().line;
        match line.moves.last_mut() {
            Some(node) => node.comments.push(clean),
            None => line.comments.push(clean),
        }
    }

    fn nag(&mut self, nag: u8) -> Result<(), String> {
        match self.frame().line.moves.last_mut() {
            Some(node) => {
                node.nags.push(nag);
                Ok(())
            }
            None => Err("annotation before any move: expected a move first".to_string()),
        }
    }

    fn san(&mut self, token: &str) -> Result<(), String> {
        let (text, nag) = split_annotation(token);
        let frame = self.frame();
        let mv = parse_san(&frame.pos, text).map_err(|e| e.to_string())?;
        frame.before = frame.pos;
        frame.pos = play(&frame.pos, mv);
        let mut node = MoveNode::new(mv);
        if let Some(nag) = nag {
            node.nags.push(nag);
        }
        frame.line.moves.push(node);
        Ok(())
    }

    fn open_variation(&mut self) -> Result<(), String> {
        let frame = self.frame();
        if frame.line.moves.is_empty() {
            return Err("variation before any move: expected a move first".to_string());
        }
        let start = frame.before;
        self.frames.push(Frame {
            line: Line::default(),
            before: start,
            pos: start,
        });
        Ok(())
    }

    fn close_variation(&mut self) -> Result<(), String> {
        if self.frames.len() < 2 {
            return Err("`)` without a matching `(`".to_string());
        }
        let variation = self.frames.pop().expect("two frames").line;
        let parent = self.frame();
        if let Some(node) = parent.line.moves.last_mut() {
            node.variations.push(variation);
        }
        Ok(())
    }

    fn set_result(&mut self, result: GameResult) -> Result<(), String> {
        if self.frames.len() > 1 {
            return Err(format!(
                "game result `{result}` inside a variation: expected `)` first"
            ));
        }
        self.result = Some(result);
        Ok(())
    }
}

impl<R: BufRead> PgnReader<R> {
    /// A reader of the PGN text `input`.
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader {
            input,
            line: String::new(),
            raw: Vec::new(),
            line_no: 0,
            offset: 0,
            has_line: false,
            game_no: 0,
            finished: false,
        }
    }

    /// Makes sure `line[offset..]` holds unread text; `Ok(false)` at the end.
    fn fill(&mut self) -> Result<bool, NotationError> {
        if self.has_line && self.offset < self.line.len() {
            return Ok(true);
        }
        self.has_line = false;
        if self.finished {
            return Ok(false);
        }
        self.raw.clear();
        match self.input.read_until(b'\n', &mut self.raw) {
            Ok(0) => {
                self.finished = true;
                return Ok(false);
            }
            Ok(_) => {}
            Err(e) => {
                self.finished = true;
                return Err(NotationError::PgnIo {
                    reason: e.to_string(),
                });
            }
        }
        while let Some(b'\n' | b'\r') = self.raw.last() {
            self.raw.pop();
        }
        self.line.clear();
        match std::str::from_utf8(&self.raw) {
            Ok(text) => self.line.push_str(text),
            Err(_) => self.line.push_str(&String::from_utf8_lossy(&self.raw)),
        }
        self.line_no += 1;
        self.offset = 0;
        if self.line_no == 1 && self.line.starts_with('\u{feff}') {
            // A byte-order mark, as some Windows programs write: skip it.
            self.offset = '\u{feff}'.len_utf8();
        }
        self.has_line = true;
        // An empty line is still a line: report it as text to read (nothing).
        if self.line.is_empty() {
            self.line.push(' ');
        }
        Ok(true)
    }

    fn error_at(&self, byte: usize, reason: String) -> NotationError {
        let byte = byte.min(self.line.len());
        NotationError::Pgn {
            game: self.game_no,
            line: self.line_no,
            column: self.line[..byte].chars().count() + 1,
            reason,
        }
    }

    fn finish(&self, mut b: Builder) -> Result<PgnGame, NotationError> {
        if let Some(e) = b.error {
            return Err(e);
        }
        if b.open_comment.is_some() {
            let (line, column) = b.comment_start;
            return Err(NotationError::Pgn {
                game: self.game_no,
                line,
                column,
                reason: "comment never closed: expected `}`".to_string(),
            });
        }
        if b.frames.len() > 1 {
            return Err(NotationError::Pgn {
                game: self.game_no,
                line: self.line_no,
                column: self.line.chars().count() + 1,
                reason: format!(
                    "{} variation(s) never closed: expected `)`",
                    b.frames.len() - 1
                ),
            });
        }
        if !b.in_movetext {
            b.start_movetext().map_err(|reason| NotationError::Pgn {
                game: self.game_no,
                line: self.line_no,
                column: 1,
                reason,
            })?;
        }
        let frame = b.frames.pop().expect("the main line is open");
        Ok(PgnGame {
            tags: b.tags,
            start: b.start,
            moves: frame.line,
            result: b.result.unwrap_or_default(),
        })
    }

    fn read_game(&mut self) -> Option<Result<PgnGame, NotationError>> {
        self.game_no += 1;
        let mut b = Builder::new();
        loop {
            match self.fill() {
                Ok(true) => {}
                Ok(false) => {
                    if b.is_empty() {
                        self.game_no -= 1;
                        return None;
                    }
                    return Some(self.finish(b));
                }
                Err(e) => return Some(Err(e)),
            }
            let start = self.offset;
            let rest = &self.line[start..];
            if let Some(open) = b.open_comment.as_mut() {
                if b.error.is_some() {
                    b.open_comment = None;
                    continue;
                }
                match rest.find('}') {
                    Some(end) => {
                        open.push(' ');
                        open.push_str(&rest[..end]);
                        let text = b.open_comment.take().expect("open");
                        b.comment(&text);
                        self.offset = start + end + 1;
                    }
                    None => {
                        open.push(' ');
                        open.push_str(rest);
                        self.offset = self.line.len();
                    }
                }
                continue;
            }
            let trimmed = rest.trim_start();
            if trimmed.is_empty() || (start == 0 && rest.starts_with('%')) {
                self.offset = self.line.len();
                continue;
            }
            let is_tag = trimmed.starts_with('[');
            if b.result.is_some() {
                // A comment after the result token is dropped, not taken for a game.
                let skip = match trimmed.as_bytes()[0] {
                    b';' => Some(trimmed.len()),
                    b'{' => trimmed.find('}').map(|end| end + 1),
                    _ => None,
                };
                if let Some(len) = skip {
                    self.offset = start + (rest.len() - trimmed.len()) + len;
                    continue;
                }
            }
            if b.result.is_some() || (is_tag && b.in_movetext) {
                // This text belongs to the next game.
                return Some(self.finish(b));
            }
            if b.error.is_some() {
                b.in_movetext |= !is_tag;
                self.offset = self.line.len();
                continue;
            }
            let text_start = start + (rest.len() - trimmed.len());
            if is_tag {
                let outcome = parse_tag(&self.line, text_start);
                match outcome {
                    Ok((name, value, end)) => {
                        b.tags.push(name, &value);
                        self.offset = end;
                    }
                    Err((at, reason)) => {
                        b.error = Some(self.error_at(at, reason));
                        self.offset = self.line.len();
                    }
                }
                continue;
            }
            if !b.in_movetext {
                if let Err(reason) = b.start_movetext() {
                    b.error = Some(self.error_at(text_start, reason));
                    self.offset = self.line.len();
                    continue;
                }
            }
            match scan_movetext(&self.line, text_start, &mut b) {
                Ok(end) => {
                    self.offset = end;
                    if b.open_comment.is_some() {
                        b.comment_start = (self.line_no, self.line[..end].chars().count() + 1);
                        self.offset = self.line.len();
                    }
                }
                Err((at, reason)) => {
                    b.error = Some(self.error_at(at, reason));
                    self.offset = self.line.len();
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, NotationError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_game()
    }
}

/// Reads `[Name "value"]` starting at byte `at` of `line`; returns the name,
/// the value and where the tag ends, or where and why it is malformed.
fn parse_tag(line: &str, at: usize) -> Result<(&str, String, usize), (usize, String)> {
    let bytes = line.as_bytes();
    let mut i = at + 1;
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    let name_start = i;
    while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
        i += 1;
    }
    if i == name_start {
        return Err((
            i,
            "tag without a name: expected `[Name \"value\"]`".to_string(),
        ));
    }
    let name = &line[name_start..i];
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    if bytes.get(i) != Some(&b'"') {
        return Err((
            i,
            format!("tag `{name}` without a quoted value: expected `\"`"),
        ));
    }
    i += 1;
    let mut value = String::new();
    let mut chunk = i;
    loop {
        match bytes.get(i) {
            None => {
                return Err((i, format!("tag `{name}` value never closed: expected `\"`")));
            }
            Some(b'"') => {
                value.push_str(&line[chunk..i]);
                i += 1;
                break;
            }
            Some(b'\\') if matches!(bytes.get(i + 1), Some(b'"' | b'\\')) => {
                value.push_str(&line[chunk..i]);
                chunk = i + 1;
                i += 2;
            }
            Some(_) => i += 1,
        }
    }
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    if bytes.get(i) != Some(&b']') {
        return Err((i, format!("tag `{name}` not closed: expected `]`")));
    }
    Ok((name, value, i + 1))
}

/// Whether `c` ends a SAN or number token.
fn is_delimiter(c: u8) -> bool {
    c.is_ascii_whitespace() || matches!(c, b'{' | b'}' | b'(' | b')' | b';' | b'$' | b'[' | b']')
}

/// Reads the movetext of `line` from byte `start` into `b`. Returns where
/// reading stopped (the end of the line, or just after a result token), or
/// where and why the text is wrong.
fn scan_movetext(line: &str, start: usize, b: &mut Builder) -> Result<usize, (usize, String)> {
    let bytes = line.as_bytes();
    let mut i = start;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            _ if c.is_ascii_whitespace() => i += 1,
            b'{' => match line[i + 1..].find('}') {
                Some(len) => {
                    b.comment(&line[i + 1..i + 1 + len]);
                    i += len + 2;
                }
                None => {
                    b.open_comment = Some(line[i + 1..].to_string());
                    return Ok(i);
                }
            },
            b';' => {
                b.comment(&line[i + 1..]);
                return Ok(bytes.len());
            }
            b'(' => {
                b.open_variation().map_err(|r| (i, r))?;
                i += 1;
            }
            b')' => {
                b.close_variation().map_err(|r| (i, r))?;
                i += 1;
            }
            b'$' => {
                let digits = bytes[i + 1..]
                    .iter()
                    .take_while(|d| d.is_ascii_digit())
                    .count();
                let nag = line[i + 1..i + 1 + digits]
                    .parse::<u8>()
                    .map_err(|_| (i, "bad NAG: expected `$` and a number 0 to 255".to_string()))?;
                b.nag(nag).map_err(|r| (i, r))?;
                i += 1 + digits;
            }
            b'}' | b']' | b'[' => {
                return Err((i, format!("unexpected `{}` in movetext", c as char)));
            }
            _ => {
                let end = bytes[i..]
                    .iter()
                    .position(|&d| is_delimiter(d))
                    .map_or(bytes.len(), |n| i + n);
                let token = &line[i..end];
                if c.is_ascii_digit() {
                    let digits = bytes[i..end]
                        .iter()
                        .take_while(|d| d.is_ascii_digit())
                        .count();
                    if bytes.get(i + digits) == Some(&b'.') {
                        // A move number, `12.` or `12...`, perhaps glued to its move.
                        let dots = bytes[i + digits..end]
                            .iter()
                            .take_while(|&&d| d == b'.')
                            .count();
                        i += digits + dots;
                        continue;
                    }
                    if let Some(result) = GameResult::from_token(token) {
                        b.set_result(result).map_err(|r| (i, r))?;
                        return Ok(end);
                    }
                    if digits == token.len() {
                        // A move number without its period.
                        i = end;
                        continue;
                    }
                }
                if token == "*" {
                    b.set_result(GameResult::Unknown).map_err(|r| (i, r))?;
                    return Ok(end);
                }
                if let Some(nag) = glyph_nag(token) {
                    b.nag(nag).map_err(|r| (i, r))?;
                } else {
                    b.san(token).map_err(|r| (i, r))?;
                }
                i = end;
            }
        }
    }
    Ok(i)
}
