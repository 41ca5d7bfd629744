//! Checking a whole PGN file: how many games and moves it holds, what a
//! lenient reader had to repair, and which games it cannot read.

use super::{Comment, Control, PgnReader, Visitor};
use crate::{ReadOptions, WarningKind};
use outpost_board::{Move, Position};
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, BufRead, Write};

/// How [`check_pgn`] reads and reports.
///
/// ```
/// use outpost_notation::{check_pgn, CheckOptions, ReadOptions};
///
/// let text = "1. e4 e5 2. Nf3 1/2\n";
/// let lenient = CheckOptions::default();
/// assert!(!lenient.read.strict);
/// let report = check_pgn(text.as_bytes(), &lenient, &mut std::io::sink(), |_| {}).unwrap();
/// assert_eq!((report.games, report.errors), (1, 0));
///
/// // A strict reading rejects the `1/2` for a draw.
/// let mut strict = CheckOptions::with_read(ReadOptions::strict());
/// strict.listed_per_kind = 0;
/// let report = check_pgn(text.as_bytes(), &strict, &mut std::io::sink(), |_| {}).unwrap();
/// assert_eq!((report.games, report.errors), (0, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CheckOptions {
    /// Strict or lenient reading (lenient by default).
    pub read: ReadOptions,
    /// How many warnings of each kind are written out one by one; the rest
    /// are only counted.
    pub listed_per_kind: usize,
    /// How many games pass between two calls of the progress callback.
    pub progress_every: usize,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            read: ReadOptions::default(),
            listed_per_kind: 10,
            progress_every: 1000,
        }
    }
}

impl CheckOptions {
    /// The default options with strict or lenient reading.
    pub fn with_read(read: ReadOptions) -> CheckOptions {
        CheckOptions {
            read,
            ..CheckOptions::default()
        }
    }
}

/// What [`check_pgn`] found.
///
/// ```
/// use outpost_notation::{check_pgn, CheckOptions, WarningKind};
///
/// let text = "1. e4 e5 2. Nf3 Nc6 1/2\n\n1. d4 d5 2. c4 *\n";
/// let options = CheckOptions::default();
/// let report = check_pgn(text.as_bytes(), &options, &mut std::io::sink(), |_| {}).unwrap();
/// assert_eq!((report.games, report.errors, report.moves), (2, 0, 7));
/// assert_eq!(report.warning_count(), 1);
/// assert_eq!(report.warnings.get(&WarningKind::ResultShorthand), Some(&1));
/// assert_eq!(report.bytes, text.len() as u64);
/// let summary = report.to_string();
/// assert!(summary.starts_with("games: 2 read, 0 rejected\nmoves: 7\n"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Games read without error.
    pub games: usize,
    /// Games rejected with an error.
    pub errors: usize,
    /// Moves in the games read, variations included.
    pub moves: u64,
    /// Warnings by kind, over all games (rejected ones included).
    pub warnings: BTreeMap<WarningKind, usize>,
    /// Bytes of input read.
    pub bytes: u64,
}

impl CheckReport {
    /// All warnings, of every kind.
    pub fn warning_count(&self) -> usize {
        self.warnings.values().sum()
    }
}

impl fmt::Display for CheckReport {
    /// A summary: games, moves, errors and warnings by kind, a line each.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "games: {} read, {} rejected", self.games, self.errors)?;
        writeln!(f, "moves: {}", self.moves)?;
        writeln!(f, "warnings: {}", self.warning_count())?;
        for (kind, count) in &self.warnings {
            writeln!(f, "  {kind}: {count}")?;
        }
        Ok(())
    }
}

/// Counts the moves of a game, variations included, and checks the
/// encoding of its comments (the reader warns about one that is not UTF-8).
struct MoveCounter(u64);

impl Visitor for MoveCounter {
    type Output = u64;

    fn begin_game(&mut self) {
        self.0 = 0;
    }

    fn move_played(&mut self, _before: &Position, _mv: Move, _after: &Position) -> Control {
        self.0 += 1;
        Control::Continue
    }

    fn comment(&mut self, comment: Comment<'_>) -> Control {
        comment.to_str();
        Control::Continue
    }

    fn end_game(&mut self) -> u64 {
        self.0
    }
}

/// Reads every game of `input`, checking every move, and writes to `out`
/// each error (`error: PGN game 3, line 9, column 1: ...`), the first
/// warnings of each kind (`warning: game 5, line 12, column 7: ...`) and a
/// summary (see [`CheckReport`]'s `Display`). `progress` is called every
/// [`CheckOptions::progress_every`] games and once at the end, with the
/// counts so far. Fails only if reading the input or writing `out` fails.
///
/// ```
/// use outpost_notation::{check_pgn, CheckOptions, WarningKind};
///
/// let text = "1. e4 e5 2. Nf3 1/2\n\n1. e4 e5 Ke3 *\n\n1. d4 d5 *\n";
/// let mut out = Vec::new();
/// let mut calls = 0;
/// let report = check_pgn(text.as_bytes(), &CheckOptions::default(), &mut out, |_| calls += 1).unwrap();
/// assert_eq!((report.games, report.errors, report.moves), (2, 1, 5));
/// assert_eq!(report.warnings[&WarningKind::ResultShorthand], 1);
/// assert!(calls >= 1);
/// let out = String::from_utf8(out).unwrap();
/// assert!(out.contains("error: PGN game 2, line 3, column 10: illegal SAN move `Ke3`"));
/// assert!(out.ends_with("games: 2 read, 1 rejected\nmoves: 5\nwarnings: 1\n  result-shorthand: 1\n"));
/// ```
pub fn check_pgn<R: BufRead>(
    input: R,
    options: &CheckOptions,
    out: &mut impl Write,
    mut progress: impl FnMut(&CheckReport),
) -> io::Result<CheckReport> {
    let mut reader = PgnReader::with_options(input, options.read);
    let mut counter = MoveCounter(0);
    let mut report = CheckReport::default();
    let every = options.progress_every.max(1);
    while let Some(game) = reader.read_game(&mut counter) {
        match game {
            Ok(moves) => {
                report.games += 1;
                report.moves += moves;
            }
            Err(e) => {
                report.errors += 1;
                writeln!(out, "error: {e}")?;
            }
        }
        for warning in reader.warnings() {
            let seen = report.warnings.entry(warning.kind).or_insert(0);
            *seen += 1;
            if *seen <= options.listed_per_kind {
                writeln!(
                    out,
                    "warning: game {}, {} [{}]",
                    reader.games_started(),
                    warning,
                    warning.kind
                )?;
            }
        }
        if (report.games + report.errors) % every == 0 {
            report.bytes = reader.bytes_read();
            progress(&report);
        }
    }
    report.bytes = reader.bytes_read();
    progress(&report);
    write!(out, "{report}")?;
    Ok(report)
}
