//! The streaming PGN reader: a line scanner that checks and plays every
//! move and hands each element of a game to a [`Visitor`].
//!
//! The reader takes the input a window of lines at a time and scans each
//! line in stages, one file each, every file using only those before it:
//! `tokens` (byte classes, columns, result tokens, glyphs), `tag_names`
//! (repeated tag names), `state` (what a game has read so far, reporting),
//! `lines` (the main line and variations being played), `repair` (move
//! tokens a lenient reader mends), `tags`, `comments` and `movetext`; this
//! file drives them line by line.

mod comments;
mod lines;
mod movetext;
mod repair;
mod state;
mod tag_names;
mod tags;
mod tokens;

use super::{PgnGame, PgnGameBuilder, Visitor};
use crate::{PgnError, ReadOptions, Warning, WarningKind};
use memchr::{memchr, memrchr};
use state::{Phase, Skip, State, Step};
use std::cell::Cell;
use std::io::{BufRead, ErrorKind};
use tokens::{column, skip_whitespace};

/// Reads the games of a PGN text one at a time from any [`BufRead`].
///
/// As an iterator it gives each game as a [`PgnGame`] or the error that
/// stopped it; [`PgnReader::read_game`] hands a game to any [`Visitor`]
/// instead, without building it. After an error the reader skips to the end
/// of the game (its result, or the next game's tags), so one bad game never
/// hides the next, and a game is never cut short or merged with the next.
/// Every move is checked against its position. Lines starting with `%` are
/// skipped, tags may be any names, and the `FEN` tag sets the starting
/// position.
///
/// The reader is lenient unless [`ReadOptions::strict`] asks otherwise: it
/// repairs what real files get wrong (see [`WarningKind`]) and reports each
/// repair; [`PgnReader::warnings`] lists those of the last game read.
///
/// ```
/// use outpost_notation::{PgnError, PgnReader, ReadOptions, WarningKind};
///
/// let text = "[White \"A\"]\n\n1. e4 e5 1-0\n\n[White \"B\"]\n\n1. e5 *\n\n[White \"C\"]\n\n1. d4 Nf61/2\n";
/// let mut reader = PgnReader::new(text.as_bytes());
/// assert!(reader.next().unwrap().is_ok());
/// assert!(matches!(reader.next(), Some(Err(PgnError::Syntax { game: 2, line: 7, column: 4, .. }))));
/// let third = reader.next().unwrap().unwrap();
/// assert_eq!(third.moves.moves.len(), 2);
/// assert_eq!(reader.warnings()[0].kind, WarningKind::ResultGlued);
/// assert!(reader.next().is_none());
///
/// // A strict reader rejects the glued result.
/// let mut strict = PgnReader::with_options("1. d4 Nf61/2".as_bytes(), ReadOptions::strict());
/// assert!(strict.next().unwrap().is_err());
/// ```
pub struct PgnReader<R> {
    input: R,
    /// The current line when the input's buffer did not hold all of it.
    spill: Vec<u8>,
    /// Whether `spill` holds the current line.
    spilled: bool,
    /// The input bytes the spilled line took, its line ending included.
    spill_raw: usize,
    /// Where reading resumes in the current line (a game ended inside it).
    resume: usize,
    state: State,
    builder: PgnGameBuilder,
}

impl<R: BufRead> PgnReader<R> {
    /// A lenient reader of the PGN text `input`.
    ///
    /// ```
    /// use outpost_notation::PgnReader;
    /// use std::fs::File;
    /// use std::io::BufReader;
    ///
    /// // The opening set shipped with the repository: 279 games, each with its
    /// // opening's name.
    /// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/openings.pgn");
    /// let reader = PgnReader::new(BufReader::new(File::open(path)?));
    /// let mut games = 0;
    /// for game in reader {
    ///     let game = game?;
    ///     assert!(game.tags.get("Opening").is_some());
    ///     assert!(!game.moves.moves.is_empty());
    ///     games += 1;
    /// }
    /// assert_eq!(games, 279);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader::with_options(input, ReadOptions::default())
    }

    /// A reader of the PGN text `input`, strict or lenient as `options` say.
    pub fn with_options(input: R, options: ReadOptions) -> PgnReader<R> {
        PgnReader {
            input,
            spill: Vec::new(),
            spilled: false,
            spill_raw: 0,
            resume: 0,
            state: State::new(options),
            builder: PgnGameBuilder::new(),
        }
    }

    /// The options the reader was made with.
    pub fn options(&self) -> ReadOptions {
        self.state.options
    }

    /// The warnings of the last game read (or failed), in order.
    pub fn warnings(&self) -> &[Warning] {
        &self.state.warnings
    }

    /// The number of games started so far, good or bad.
    ///
    /// ```
    /// use outpost_notation::PgnReader;
    ///
    /// let text = "1. e4 e5 *\n\n1. e5 *\n";
    /// let mut reader = PgnReader::new(text.as_bytes());
    /// assert!(reader.next().unwrap().is_ok());
    /// assert!(reader.next().unwrap().is_err());
    /// assert!(reader.next().is_none());
    /// assert_eq!(reader.games_started(), 2);
    /// assert_eq!(reader.bytes_read(), text.len() as u64);
    /// ```
    pub fn games_started(&self) -> usize {
        self.state.game_no
    }

    /// The bytes of input read and scanned so far, for progress reports.
    pub fn bytes_read(&self) -> u64 {
        self.state.bytes
    }

    /// Reads the next game into `visitor`: `None` at the end of the input,
    /// else what [`Visitor::end_game`] gave or the error that stopped the
    /// game (the reader is then at the start of the next game).
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, PgnError>> {
        self.state.begin();
        loop {
            if self.spilled {
                let line = &self.spill[..];
                let text = line.strip_suffix(b"\r").unwrap_or(line);
                let window = Window::new(text);
                match self.state.line(text, &window, 0, self.resume, visitor) {
                    Step::Next => {
                        self.spilled = false;
                        self.state.bytes += self.spill_raw as u64;
                        self.resume = 0;
                        self.state.line_no += 1;
                        continue;
                    }
                    Step::End(at) => {
                        self.resume = at;
                        return self.state.finish(visitor);
                    }
                }
            }
            if self.state.finished {
                return self.state.finish(visitor);
            }
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.state.finished = true;
                    return Some(Err(e.into()));
                }
            };
            if buf.is_empty() {
                self.state.finished = true;
                return self.state.finish(visitor);
            }
            let Some(first_end) = memchr(b'\n', buf) else {
                // The line goes on past the buffer: copy it out whole.
                let len = buf.len();
                self.spill.clear();
                self.spill.extend_from_slice(buf);
                self.input.consume(len);
                self.spill_raw = len;
                if let Err(e) = self.spill_rest() {
                    self.state.finished = true;
                    return Some(Err(e));
                }
                self.spilled = true;
                continue;
            };
            // A window of whole lines, about WINDOW bytes, is checked as
            // UTF-8 at once when a tag first needs it: the tag names and
            // values of its lines are then slices of that text, with no
            // check of their own, and a window of movetext alone is never
            // checked (comments are handed over as bytes). A window that
            // is not UTF-8 leaves each value to be checked (and decoded)
            // alone, as it would be without windows.
            let want = WINDOW.min(buf.len());
            let window_end = if first_end + 1 >= want {
                first_end + 1
            } else {
                memrchr(b'\n', &buf[..want]).map_or(first_end + 1, |n| n + 1)
            };
            let window = &buf[..window_end];
            let lines = Window::new(window);
            let mut pos = 0;
            let mut end = first_end;
            let mut ended = false;
            while pos < window_end {
                let line = &window[pos..end];
                let text = line.strip_suffix(b"\r").unwrap_or(line);
                match self.state.line(text, &lines, pos, self.resume, visitor) {
                    Step::Next => {
                        self.state.bytes += (end + 1 - pos) as u64;
                        self.resume = 0;
                        self.state.line_no += 1;
                        pos = end + 1;
                        end = memchr(b'\n', &window[pos..]).map_or(window_end, |n| pos + n);
                    }
                    Step::End(at) => {
                        self.resume = at;
                        ended = true;
                        break;
                    }
                }
            }
            self.input.consume(pos);
            if ended {
                return self.state.finish(visitor);
            }
        }
    }

    /// Appends the rest of a long line to `spill`, up to and without its
    /// line ending.
    fn spill_rest(&mut self) -> Result<(), PgnError> {
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if buf.is_empty() {
                return Ok(());
            }
            match memchr(b'\n', buf) {
                Some(n) => {
                    self.spill.extend_from_slice(&buf[..n]);
                    self.input.consume(n + 1);
                    self.spill_raw += n + 1;
                    return Ok(());
                }
                None => {
                    let len = buf.len();
                    self.spill.extend_from_slice(buf);
                    self.input.consume(len);
                    self.spill_raw += len;
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut builder = std::mem::take(&mut self.builder);
        let game = self.read_game(&mut builder);
        self.builder = builder;
        game
    }
}

/// Whole lines of the input, checked as UTF-8 together the first time a
/// tag among them needs its text.
struct Window<'a> {
    bytes: &'a [u8],
    /// `None` until checked, then the text if the lines are UTF-8.
    text: Cell<Option<Option<&'a str>>>,
}

impl<'a> Window<'a> {
    fn new(bytes: &'a [u8]) -> Window<'a> {
        Window {
            bytes,
            text: Cell::new(None),
        }
    }

    /// Bytes `start..end` as text, if the window is UTF-8.
    fn text(&self, start: usize, end: usize) -> Option<&'a str> {
        let text = match self.text.get() {
            Some(text) => text,
            None => {
                let text = simdutf8::basic::from_utf8(self.bytes).ok();
                self.text.set(Some(text));
                text
            }
        };
        text.and_then(|t| t.get(start..end))
    }
}

/// The bytes of whole lines the reader checks as UTF-8 at once (see
/// [`PgnReader::read_game`]): large enough that the check's fixed cost is
/// shared by several lines, small enough that what a game leaves of a window
/// (checked again for the next game) costs little.
const WINDOW: usize = 1024;

impl State {
    /// Ends the game: its output, its error, or `None` if there was none.
    pub(super) fn finish<V: Visitor>(&mut self, v: &mut V) -> Option<Result<V::Output, PgnError>> {
        if self.phase == Phase::Idle {
            self.game_no -= 1;
            return None;
        }
        if self.in_comment {
            self.in_comment = false;
            if self.strict() {
                let (line, column) = self.comment_at;
                self.error.get_or_insert(PgnError::Syntax {
                    game: self.game_no,
                    line,
                    column,
                    reason: "comment never closed: expected `}`".to_string(),
                });
            } else if !self.comment_skipped {
                self.close_open_comment(v);
            }
        }
        if let Some(e) = self.error.take() {
            return Some(Err(e));
        }
        if self.phase == Phase::Tags {
            let (line, column) = (self.line_no, 1);
            self.start_movetext_at(line, column, v);
            if let Some(e) = self.error.take() {
                return Some(Err(e));
            }
        }
        if matches!(self.skip, Some(Skip::Game { .. })) {
            return Some(Ok(v.end_game()));
        }
        if self.frames.len() > 1 {
            let (line, column) = self.text_end;
            return Some(Err(PgnError::Syntax {
                game: self.game_no,
                line,
                column,
                reason: format!(
                    "{} variation(s) never closed: expected `)`",
                    self.frames.len() - 1
                ),
            }));
        }
        if !self.result_seen {
            let (line, column) = self.text_end;
            self.warn_at(WarningKind::MissingResult, line, column, String::new(), v);
        }
        Some(Ok(v.end_game()))
    }

    /// Reads one line of the game from byte `start`; the line is byte
    /// `at` on of `window`.
    fn line<V: Visitor>(
        &mut self,
        line: &[u8],
        window: &Window<'_>,
        at: usize,
        start: usize,
        v: &mut V,
    ) -> Step {
        let mut i = start;
        let mut line_start = 0;
        if i == 0 && !self.in_comment && line.starts_with(b"\xef\xbb\xbf") {
            // A byte-order mark, as some Windows programs write (also where
            // such files were joined); inside a comment it is text.
            i = 3;
            line_start = 3;
        }
        if self.in_comment {
            match self.continue_comment(line, i, v) {
                Ok(end) => i = end,
                Err(step) => return step,
            }
        } else if i == line_start && line.get(i) == Some(&b'%') {
            return Step::Next;
        }
        loop {
            i = skip_whitespace(line, i);
            if i >= line.len() {
                if self.phase == Phase::Movetext {
                    // An unclosed variation is reported at the end of the
                    // last line of movetext, a missing result at its start.
                    let end = if self.frames.len() > 1 {
                        column(line, line.len())
                    } else {
                        1
                    };
                    self.text_end = (self.line_no, end);
                }
                return Step::Next;
            }
            let c = line[i];
            match self.phase {
                Phase::Idle | Phase::Tags => {
                    if self.phase == Phase::Idle {
                        self.phase = Phase::Tags;
                        v.begin_game();
                    }
                    if c == b'[' {
                        if self.skip.is_some() {
                            return Step::Next;
                        }
                        i = self.tag(line, window.text(at, at + line.len()), i, v);
                    } else {
                        let (line_no, col) = (self.line_no, column(line, i));
                        self.start_movetext_at(line_no, col, v);
                    }
                }
                Phase::Movetext => {
                    if c == b'[' && line[line_start..i].iter().all(u8::is_ascii_whitespace) {
                        // The next game's tags: this one had no result.
                        return Step::End(i);
                    }
                    i = if self.skip.is_some() {
                        self.skip_token(line, i, v)
                    } else {
                        self.token(line, i, v)
                    };
                }
                Phase::AfterResult => match c {
                    // Comments after the result still belong to this game.
                    b';' => return Step::Next,
                    b'}' | b')' if !self.strict() => {
                        // A stray bracket after the result: not a new game.
                        self.warn(WarningKind::UnmatchedClose, line, i, &[c], v);
                        i += 1;
                    }
                    b'{' => match memchr(b'}', &line[i + 1..]) {
                        Some(n) => i += n + 2,
                        None => return Step::End(i),
                    },
                    _ => return Step::End(i),
                },
            }
        }
    }
}
