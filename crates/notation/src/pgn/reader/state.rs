//! The reader's state between lines, shared by its stages: where the game
//! is, what is being skipped, the lines (main line and variations) being
//! read, and how the stages report errors and warnings and obey the
//! visitor.

use super::tag_names::TagNames;
use super::tokens::column;
use crate::pgn::{Control, Visitor};
use crate::{PgnError, ReadOptions, Warning, WarningKind};
use outpost_board::Position;

/// What the line scanner did with a line.
pub(super) enum Step {
    /// The line is read; go on with the next.
    Next,
    /// The game ended at this byte of the line; the next game starts there.
    End(usize),
}

/// Where a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
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
pub(super) enum Skip {
    /// The rest of the innermost variation; `depth` counts the `(` open
    /// in it, itself included.
    Variation { depth: usize },
    /// The rest of the game; `depth` counts the open variations.
    Game { depth: usize },
}

/// A line being read: the main line or a variation.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    /// The position before the last move (where a variation starts).
    pub(super) before: Position,
    /// The position after the last move.
    pub(super) pos: Position,
    pub(super) has_move: bool,
    /// The last move took en passant (a detached `e.p.` may follow).
    pub(super) last_en_passant: bool,
}

impl Frame {
    pub(super) fn new(start: Position) -> Frame {
        Frame {
            before: start,
            pos: start,
            has_move: false,
            last_en_passant: false,
        }
    }
}

/// Everything of the reader but its input.
pub(super) struct State {
    pub(super) options: ReadOptions,
    pub(super) startpos: Position,
    /// The number of the line being read, from 1.
    pub(super) line_no: usize,
    pub(super) bytes: u64,
    pub(super) game_no: usize,
    pub(super) finished: bool,
    pub(super) warnings: Vec<Warning>,
    pub(super) phase: Phase,
    pub(super) result_seen: bool,
    pub(super) skip: Option<Skip>,
    pub(super) error: Option<PgnError>,
    /// The value of the last `FEN` tag, if `has_fen`.
    pub(super) fen: String,
    pub(super) has_fen: bool,
    /// The last `FEN` tag value read well, and its position.
    pub(super) last_fen_text: String,
    pub(super) last_fen: Option<Position>,
    /// The tag names of the game, to find a repeated one.
    pub(super) tag_names: TagNames,
    pub(super) frames: Vec<Frame>,
    /// A `{` comment spanning lines, read so far.
    pub(super) comment: Vec<u8>,
    pub(super) in_comment: bool,
    /// Whether the open comment is being skipped.
    pub(super) comment_skipped: bool,
    /// Whether the open comment's last line was blank.
    pub(super) comment_blank: bool,
    /// Line and column of the open comment's `{`.
    pub(super) comment_at: (usize, usize),
    /// NAGs read before the first move of a line (lenient).
    pub(super) pending_nags: Vec<u8>,
    /// A tag value being unescaped or decoded.
    pub(super) scratch: String,
    /// The end of the last line of movetext: line and column.
    pub(super) text_end: (usize, usize),
}

impl State {
    pub(super) fn new(options: ReadOptions) -> State {
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

    pub(super) fn strict(&self) -> bool {
        self.options.strict
    }

    /// Clears what the last game left.
    pub(super) fn begin(&mut self) {
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

    pub(super) fn error_at(&self, line: &[u8], at: usize, reason: String) -> PgnError {
        PgnError::Syntax {
            game: self.game_no,
            line: self.line_no,
            column: column(line, at),
            reason,
        }
    }

    /// Records the game's error and skips the rest of it.
    pub(super) fn fail(&mut self, line: &[u8], at: usize, reason: String) {
        if self.error.is_none() {
            self.error = Some(self.error_at(line, at, reason));
        }
        self.skip = Some(Skip::Game {
            depth: self.frames.len().saturating_sub(1),
        });
    }

    pub(super) fn warn<V: Visitor>(
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

    pub(super) fn warn_at<V: Visitor>(
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
    pub(super) fn obey(&mut self, control: Control) {
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
}
