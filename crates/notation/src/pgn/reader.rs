//! The streaming PGN reader: a line scanner that checks and plays every
//! move and hands each element of a game to a [`Visitor`].

use super::{Control, PgnGame, PgnGameBuilder, Visitor};
use crate::san::{glyph_nag_bytes, unresolved_error, SanText};
use crate::uci_move::{is_long_algebraic, long_algebraic};
use crate::{parse_fen, GameResult, PgnError, ReadOptions, SanError, Warning, WarningKind};
use memchr::{memchr, memrchr};
use outpost_board::{Move, Position};
use std::borrow::Cow;
use std::io::{BufRead, ErrorKind};

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
                let text_str = simdutf8::basic::from_utf8(text).ok();
                match self.state.line(text, text_str, self.resume, visitor) {
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
            // UTF-8 at once: the tag values and comments of its lines are
            // then slices of that text, with no check of their own. A
            // window that is not UTF-8 leaves each value to be checked (and
            // decoded) alone, as it would be without windows.
            let want = WINDOW.min(buf.len());
            let window_end = if first_end + 1 >= want {
                first_end + 1
            } else {
                memrchr(b'\n', &buf[..want]).map_or(first_end + 1, |n| n + 1)
            };
            let window = &buf[..window_end];
            let window_str = simdutf8::basic::from_utf8(window).ok();
            let mut pos = 0;
            let mut end = first_end;
            let mut ended = false;
            while pos < window_end {
                let line = &window[pos..end];
                let text = line.strip_suffix(b"\r").unwrap_or(line);
                let text_str = window_str.and_then(|w| w.get(pos..pos + text.len()));
                match self.state.line(text, text_str, self.resume, visitor) {
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

/// What the line scanner did with a line.
enum Step {
    /// The line is read; go on with the next.
    Next,
    /// The game ended at this byte of the line; the next game starts there.
    End(usize),
}

/// Where a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing of the game read yet.
    Idle,
    /// Reading tag pairs.
    Tags,
    /// Reading moves.
    Movetext,
    /// The result was read; comments may still follow before the next game.
    AfterResult,
}

/// Text being skipped unparsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skip {
    /// The rest of the innermost variation; `depth` counts the `(` open
    /// in it, itself included.
    Variation { depth: usize },
    /// The rest of the game; `depth` counts the open variations.
    Game { depth: usize },
}

/// A line being read: the main line or a variation.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The position before the last move (where a variation starts).
    before: Position,
    /// The position after the last move.
    pos: Position,
    has_move: bool,
    /// The last move took en passant (a detached `e.p.` may follow).
    last_en_passant: bool,
}

impl Frame {
    fn new(start: Position) -> Frame {
        Frame {
            before: start,
            pos: start,
            has_move: false,
            last_en_passant: false,
        }
    }
}

/// The bytes of whole lines the reader checks as UTF-8 at once (see
/// [`PgnReader::read_game`]): large enough that the check's fixed cost is
/// shared by several lines, small enough that what a game leaves of a window
/// (checked again for the next game) costs little.
const WINDOW: usize = 1024;

/// Everything of the reader but its input.
struct State {
    options: ReadOptions,
    startpos: Position,
    /// The number of the line being read, from 1.
    line_no: usize,
    bytes: u64,
    game_no: usize,
    finished: bool,
    warnings: Vec<Warning>,
    phase: Phase,
    result_seen: bool,
    skip: Option<Skip>,
    error: Option<PgnError>,
    /// The value of the last `FEN` tag, if `has_fen`.
    fen: String,
    has_fen: bool,
    /// The last `FEN` tag value read well, and its position.
    last_fen_text: String,
    last_fen: Option<Position>,
    /// The tag names of the game, to find a repeated one.
    tag_names: TagNames,
    frames: Vec<Frame>,
    /// A `{` comment spanning lines, read so far.
    comment: Vec<u8>,
    in_comment: bool,
    /// Whether the open comment is being skipped.
    comment_skipped: bool,
    /// Whether the open comment's last line was blank.
    comment_blank: bool,
    /// Line and column of the open comment's `{`.
    comment_at: (usize, usize),
    /// NAGs read before the first move of a line (lenient).
    pending_nags: Vec<u8>,
    /// A tag value being unescaped or decoded.
    scratch: String,
    /// The end of the last line of movetext: line and column.
    text_end: (usize, usize),
}

/// The column (in characters, from 1) of byte `at` of `line`.
fn column(line: &[u8], at: usize) -> usize {
    line[..at.min(line.len())]
        .iter()
        .filter(|&&b| b & 0xc0 != 0x80)
        .count()
        + 1
}

fn skip_whitespace(line: &[u8], mut i: usize) -> usize {
    while i < line.len() && line[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// Which bytes end a move or number token: ASCII whitespace and the
/// movetext brackets.
const DELIMITERS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_whitespace()
            || matches!(c, b'{' | b'}' | b'(' | b')' | b';' | b'$' | b'[' | b']');
        b += 1;
    }
    table
};

/// [`DELIMITERS`] and every non-ASCII byte: where a lenient reader ends a
/// token (the bytes after are reported as an encoding problem).
const LENIENT_DELIMITERS: [bool; 256] = {
    let mut table = DELIMITERS;
    let mut b = 0x80;
    while b < 256 {
        table[b] = true;
        b += 1;
    }
    table
};

/// The bytes of a tag name: ASCII letters, digits and `_`.
const NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

/// The tag names of one game, to find a repeated one. A name of up to 16
/// bytes is kept as one number (its bytes, zero after its end: a name has
/// no zero byte), so keeping and comparing it costs a few instructions; a
/// longer one as bytes.
#[derive(Debug, Default)]
struct TagNames {
    /// A bit per hash of each name kept: most names are new, and a clear
    /// bit says so without comparing.
    bits: u64,
    short: Vec<u128>,
    /// Where each long name starts in `long_bytes`, and its length.
    long: Vec<(usize, usize)>,
    long_bytes: Vec<u8>,
}

impl TagNames {
    fn clear(&mut self) {
        self.bits = 0;
        self.short.clear();
        self.long.clear();
        self.long_bytes.clear();
    }

    /// Keeps the name `line[start..end]` (bytes that [`NAME_BYTES`] allows);
    /// false if the game already has it.
    #[inline]
    fn insert(&mut self, line: &[u8], start: usize, end: usize) -> bool {
        let len = end - start;
        if len > 16 {
            let name = &line[start..end];
            let bit = 1u64 << ((len + 7 * usize::from(name[0])) & 63);
            let seen = self.bits & bit != 0
                && self
                    .long
                    .iter()
                    .any(|&(s, n)| n == len && self.long_bytes[s..s + n] == *name);
            self.bits |= bit;
            if !seen {
                self.long.push((self.long_bytes.len(), len));
                self.long_bytes.extend_from_slice(name);
            }
            return !seen;
        }
        // Sixteen bytes from the name's start, then the bytes past its end
        // cleared; a name at the very end of its line is copied out first.
        let mut bytes = [0u8; 16];
        match line.get(start..start + 16) {
            Some(window) => bytes.copy_from_slice(window),
            None => bytes[..len].copy_from_slice(&line[start..end]),
        }
        // No bytes for an empty name (the reader never passes one).
        let mask = u128::MAX.checked_shr(8 * (16 - len) as u32).unwrap_or(0);
        let key = u128::from_le_bytes(bytes) & mask;
        let folded = (key as u64) ^ ((key >> 64) as u64);
        let bit = 1u64 << (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58);
        let seen = self.bits & bit != 0 && self.short.contains(&key);
        self.bits |= bit;
        if !seen {
            self.short.push(key);
        }
        !seen
    }
}

/// Whether `b` ends a move or number token.
#[inline]
fn is_delimiter(b: u8) -> bool {
    DELIMITERS[usize::from(b)]
}

/// Whether `line` starts like a tag pair: `[Name "`.
fn looks_like_tag(line: &[u8]) -> bool {
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
fn tag_name(name: &[u8]) -> &str {
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

/// Text as UTF-8, or read as ISO 8859-1 when it is not.
fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match simdutf8::basic::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// The result tokens a lenient reader finds glued to a move, longest first.
const GLUED_RESULTS: [(&[u8], GameResult); 5] = [
    (b"1/2-1/2", GameResult::Draw),
    (b"1-0", GameResult::WhiteWins),
    (b"0-1", GameResult::BlackWins),
    (b"1/2", GameResult::Draw),
    (b"*", GameResult::Unknown),
];

fn result_token(token: &[u8]) -> Option<GameResult> {
    match token {
        b"1-0" => Some(GameResult::WhiteWins),
        b"0-1" => Some(GameResult::BlackWins),
        b"1/2-1/2" => Some(GameResult::Draw),
        b"*" => Some(GameResult::Unknown),
        _ => None,
    }
}

/// Splits trailing annotation glyphs off a move token.
#[inline]
fn split_glyph(token: &[u8]) -> (&[u8], Option<u8>) {
    let mut end = token.len();
    while end > 0 && matches!(token[end - 1], b'!' | b'?') {
        end -= 1;
    }
    if end == token.len() {
        return (token, None);
    }
    (&token[..end], glyph_nag_bytes(&token[end..]))
}

impl State {
    fn new(options: ReadOptions) -> State {
        let startpos = Position::startpos();
        State {
            options,
            startpos,
            line_no: 1,
            bytes: 0,
            game_no: 0,
            finished: false,
            warnings: Vec::new(),
            phase: Phase::Idle,
            result_seen: false,
            skip: None,
            error: None,
            fen: String::new(),
            has_fen: false,
            last_fen_text: String::new(),
            last_fen: None,
            tag_names: TagNames::default(),
            frames: Vec::new(),
            comment: Vec::new(),
            in_comment: false,
            comment_skipped: false,
            comment_blank: false,
            comment_at: (0, 0),
            pending_nags: Vec::new(),
            scratch: String::new(),
            text_end: (1, 1),
        }
    }

    fn strict(&self) -> bool {
        self.options.strict
    }

    /// Clears what the last game left.
    fn begin(&mut self) {
        self.game_no += 1;
        self.warnings.clear();
        self.phase = Phase::Idle;
        self.result_seen = false;
        self.skip = None;
        self.error = None;
        self.has_fen = false;
        self.tag_names.clear();
        self.frames.clear();
        self.in_comment = false;
        self.pending_nags.clear();
    }

    /// Ends the game: its output, its error, or `None` if there was none.
    fn finish<V: Visitor>(&mut self, v: &mut V) -> Option<Result<V::Output, PgnError>> {
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

    fn error_at(&self, line: &[u8], at: usize, reason: String) -> PgnError {
        PgnError::Syntax {
            game: self.game_no,
            line: self.line_no,
            column: column(line, at),
            reason,
        }
    }

    /// Records the game's error and skips the rest of it.
    fn fail(&mut self, line: &[u8], at: usize, reason: String) {
        if self.error.is_none() {
            self.error = Some(self.error_at(line, at, reason));
        }
        self.skip = Some(Skip::Game {
            depth: self.frames.len().saturating_sub(1),
        });
    }

    fn warn<V: Visitor>(
        &mut self,
        kind: WarningKind,
        line: &[u8],
        at: usize,
        text: &[u8],
        v: &mut V,
    ) {
        let text = String::from_utf8_lossy(text).into_owned();
        self.warn_at(kind, self.line_no, column(line, at), text, v);
    }

    fn warn_at<V: Visitor>(
        &mut self,
        kind: WarningKind,
        line: usize,
        column: usize,
        text: String,
        v: &mut V,
    ) {
        let warning = Warning {
            kind,
            line,
            column,
            text,
        };
        v.warning(&warning);
        self.warnings.push(warning);
    }

    /// Acts on what a visitor asked for.
    fn obey(&mut self, control: Control) {
        match control {
            Control::Continue => {}
            Control::SkipVariation if self.frames.len() > 1 => {
                self.skip = Some(Skip::Variation { depth: 1 });
            }
            _ => {
                self.skip = Some(Skip::Game {
                    depth: self.frames.len().saturating_sub(1),
                });
            }
        }
    }

    /// Reads one line of the game from byte `start`; `line_str` is the
    /// line as text when it is known to be UTF-8.
    fn line<V: Visitor>(
        &mut self,
        line: &[u8],
        line_str: Option<&str>,
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
            match memchr(b'}', &line[i..]) {
                Some(n) => {
                    self.comment.push(b'\n');
                    self.comment.extend_from_slice(&line[i..i + n]);
                    self.in_comment = false;
                    if !self.comment_skipped {
                        let text = std::mem::take(&mut self.comment);
                        self.emit_comment(line, i, &text, None, v);
                        self.comment = text;
                    }
                    i += n + 1;
                }
                None if !self.strict() && self.comment_blank && looks_like_tag(line) => {
                    // The next game's tags after a blank line: the comment
                    // was never closed.
                    self.in_comment = false;
                    if !self.comment_skipped {
                        self.close_open_comment(v);
                    }
                    return Step::End(0);
                }
                None => {
                    self.comment.push(b'\n');
                    self.comment.extend_from_slice(&line[i..]);
                    self.comment_blank = line[i..].iter().all(u8::is_ascii_whitespace);
                    return Step::Next;
                }
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
                        i = self.tag(line, line_str, i, v);
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
                        self.token(line, line_str, i, v)
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

    /// Starts the movetext at the position the tags give.
    fn start_movetext_at<V: Visitor>(&mut self, line: usize, column: usize, v: &mut V) {
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
    fn tag<V: Visitor>(
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

    /// Skips one token of text the visitor or an error asked to skip.
    fn skip_token<V: Visitor>(&mut self, line: &[u8], i: usize, v: &mut V) -> usize {
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

    fn open_comment(&mut self, line: &[u8], at: usize, skipped: bool) {
        self.in_comment = true;
        self.comment_skipped = skipped;
        self.comment_blank = false;
        self.comment_at = (self.line_no, column(line, at));
        self.comment.clear();
        self.comment.extend_from_slice(&line[at + 1..]);
    }

    /// Gives the comment left open at the end of the game, with a warning.
    fn close_open_comment<V: Visitor>(&mut self, v: &mut V) {
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
            let decoded = decode(&text);
            let control = v.comment(&decoded);
            self.obey(control);
        }
        self.comment = text;
    }

    /// Hands a comment to the visitor: `text_str` is `text` when it is
    /// known to be UTF-8, else `text` is checked (and decoded) here.
    fn emit_comment<V: Visitor>(
        &mut self,
        line: &[u8],
        at: usize,
        text: &[u8],
        text_str: Option<&str>,
        v: &mut V,
    ) {
        let decoded = match text_str {
            Some(text) => Cow::Borrowed(text),
            None => decode(text),
        };
        if matches!(decoded, Cow::Owned(_)) {
            self.warn(WarningKind::Encoding, line, at, text, v);
        }
        let control = v.comment(&decoded);
        self.obey(control);
    }

    /// Reads one movetext token at byte `i`; returns where it ends.
    fn token<V: Visitor>(
        &mut self,
        line: &[u8],
        line_str: Option<&str>,
        i: usize,
        v: &mut V,
    ) -> usize {
        let c = line[i];
        match c {
            b'{' => match memchr(b'}', &line[i + 1..]) {
                Some(n) => {
                    let text_str = line_str.and_then(|t| t.get(i + 1..i + 1 + n));
                    self.emit_comment(line, i + 1, &line[i + 1..i + 1 + n], text_str, v);
                    i + n + 2
                }
                None => {
                    self.open_comment(line, i, false);
                    line.len()
                }
            },
            b';' => {
                let text_str = line_str.and_then(|t| t.get(i + 1..));
                self.emit_comment(line, i + 1, &line[i + 1..], text_str, v);
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
    fn word<V: Visitor>(&mut self, line: &[u8], s: usize, e: usize, v: &mut V) {
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

    /// The move `text` names in the current position.
    fn resolve(&self, text: &[u8]) -> Result<Move, SanError> {
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

    /// A move token, with its annotation glyph.
    fn san_word<V: Visitor>(&mut self, line: &[u8], s: usize, e: usize, v: &mut V) {
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

    /// Reads a move token no SAN reading accepts as a writer meant it: with
    /// an en-passant suffix, as `Z0`, in long algebraic notation, or with the
    /// result glued to it. When it cannot, the error of a repaired form that
    /// reads as SAN but names no legal move, if there is one.
    fn repair_move<V: Visitor>(
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
            if let Some(mv) = crate::uci_move::find_long_algebraic(pos, from, to, promotion, false)
            {
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

    /// Plays a move in the current line and tells the visitor.
    fn play<V: Visitor>(&mut self, mv: Move, glyph: Option<u8>, v: &mut V) {
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

    fn nag<V: Visitor>(&mut self, line: &[u8], at: usize, nag: u8, v: &mut V) {
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

    fn open_variation<V: Visitor>(&mut self, line: &[u8], at: usize, v: &mut V) {
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

    fn close_variation<V: Visitor>(&mut self, v: &mut V) {
        self.frames.pop();
        let control = v.end_variation();
        self.obey(control);
    }

    fn result<V: Visitor>(&mut self, line: &[u8], at: usize, result: GameResult, v: &mut V) {
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

#[cfg(test)]
mod tests {
    use super::TagNames;
    use std::collections::HashSet;

    #[test]
    fn tag_names_find_every_repeat_and_nothing_else() {
        // Names around the 16-byte boundary, prefixes of each other, and
        // names equal in their first 16 bytes.
        let mut names: Vec<String> = vec![
            "A".into(),
            "Site".into(),
            "Sit".into(),
            "SiteX".into(),
            "S1te".into(),
            "White".into(),
            "WhiteElo".into(),
            "WhiteEngineOptions".into(),
            "WhiteEngineOptionz".into(),
            "WhiteEngineOption".into(),
            "WhiteEngineOptio".into(),
            "WhiteEngineOpti".into(),
            "abcdefghijklmnop".into(),
            "abcdefghijklmnopq".into(),
            "abcdefghijklmnopr".into(),
            "_".into(),
        ];
        // And many more from a fixed generator.
        let alphabet = b"ABCXYZabcxyz019_";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..400 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = 1 + (state % 24) as usize;
            names.push(
                (0..len)
                    .map(|k| char::from(alphabet[((state >> (k % 16 * 4)) & 15) as usize]))
                    .collect(),
            );
        }
        // Each name read from tag lines of different shapes: the bytes after
        // a name (a value, a tab, the end of the line) must not matter.
        let mut kept = TagNames::default();
        let mut reference = HashSet::new();
        let mut shape = 0;
        for round in 0..3 {
            for name in &names {
                shape = (shape + 1) % 3;
                let line = match shape {
                    0 => format!("[{name} \"value\"]"),
                    1 => format!("[{name}\t\"another, longer value\"]"),
                    _ => format!("[{name}"),
                };
                let new = kept.insert(line.as_bytes(), 1, 1 + name.len());
                assert_eq!(
                    new,
                    reference.insert(name.clone()),
                    "{name:?} in round {round}"
                );
            }
        }
        kept.clear();
        assert!(kept.insert(b"[Site \"x\"]", 1, 5));
        assert!(!kept.insert(b"[Site \"y\"]", 1, 5));
    }
}
