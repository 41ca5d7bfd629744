//! Training records from other tools' games: the PGNs that fastchess,
//! cutechess-cli and OpenBench write, with the engine's evaluation of each
//! move in its comment.
//!
//! Comment forms read (the score is from the side that moved, in pawns, or
//! `M`/`-M` mate in moves):
//!
//! | tool | comment |
//! |---|---|
//! | fastchess, cutechess-cli | `{-0.19/16 0.258s}` (score/depth time) |
//! | fastchess with nodes and seldepth | `{+0.35/12 0.123s, n=52311, sd=18}` |
//! | compact | `{+0.35/12}` |
//! | OpenBench's stored games | `{+0.35 12/18 123 52311}` (score depth/seldepth time nodes), or `{+0.35}` when compacted |
//! | mates | `{+M5/20 0.1s}`, `{-M3/9}`, `{-M3}` |
//! | book moves | `{book}` |
//!
//! A move makes a record under the same filters as `outpost datagen`'s
//! games: the side to move is not in check, the move neither captures nor
//! promotes, the score is not a mate; the score is turned to centipawns
//! from White's view and the record gets the game's result. Games without
//! a result (`*`) give none. Only the main line is read.

use crate::error::TrainError;
use crate::record::{GameResult, TrainingRecord};
use outpost_board::{Color, Move, Position};
use outpost_notation::pgn::{Comment, Control, Visitor};
use outpost_notation::{GameResult as PgnResult, PgnReader, ReadOptions};
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

/// What an import kept and skipped, and why.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportCounts {
    /// Games read whole.
    pub games: u64,
    /// Games skipped because they have no result (`*`, or cut off).
    pub unfinished_games: u64,
    /// Games the reader rejected (a bad move, a bad FEN tag…).
    pub unreadable_games: u64,
    /// Records written.
    pub kept: u64,
    /// Moves from the book (`{book}`).
    pub book: u64,
    /// Moves without a score in their comment (none, or not one of the
    /// forms above).
    pub no_score: u64,
    /// Moves scored as a mate.
    pub mate: u64,
    /// Moves made in check.
    pub in_check: u64,
    /// Captures and promotions.
    pub noisy: u64,
}

impl ImportCounts {
    /// Adds another import's counts.
    pub fn add(&mut self, other: &ImportCounts) {
        self.games += other.games;
        self.unfinished_games += other.unfinished_games;
        self.unreadable_games += other.unreadable_games;
        self.kept += other.kept;
        self.book += other.book;
        self.no_score += other.no_score;
        self.mate += other.mate;
        self.in_check += other.in_check;
        self.noisy += other.noisy;
    }
}

/// An engine's evaluation as a move comment gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentScore {
    /// A book move.
    Book,
    /// Centipawns, from the side that moved.
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated), from the side that
    /// moved.
    Mate(i32),
}

/// Reads the score at the start of a move comment (see the module docs),
/// or `None` when the comment holds none.
///
/// ```
/// use outpost_train::pgn_import::{parse_comment, CommentScore};
///
/// assert_eq!(parse_comment("-0.19/16 0.258s"), Some(CommentScore::Centipawns(-19)));
/// assert_eq!(parse_comment("+0.35/12 0.123s, n=52311, sd=18"), Some(CommentScore::Centipawns(35)));
/// assert_eq!(parse_comment("+M5/20 0.1s"), Some(CommentScore::Mate(5)));
/// assert_eq!(parse_comment("-M3/9"), Some(CommentScore::Mate(-3)));
/// assert_eq!(parse_comment("+0.35 12/18 123 52311"), Some(CommentScore::Centipawns(35)));
/// assert_eq!(parse_comment("-1.50"), Some(CommentScore::Centipawns(-150)));
/// assert_eq!(parse_comment("-M3"), Some(CommentScore::Mate(-3)));
/// assert_eq!(parse_comment("book"), Some(CommentScore::Book));
/// assert_eq!(parse_comment("a fine move"), None);
/// ```
pub fn parse_comment(text: &str) -> Option<CommentScore> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("book") {
        return Some(CommentScore::Book);
    }
    let first = text.split([',', ' ', '\n', '\t']).next()?;
    let score = match first.split_once('/') {
        // `score/depth`: the depth a number.
        Some((score, depth)) => {
            if depth.is_empty() || !depth.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            score
        }
        // A bare score (OpenBench's forms).
        None => first,
    };
    // Engines write a score with a sign, a decimal point or a mate, so a
    // plain number (`{1/2}`, `{12}`) is a comment, not a score.
    let looks_like_score =
        score.starts_with(['+', '-']) || score.contains('.') || score.starts_with('M');
    if !looks_like_score {
        return None;
    }
    let (negative, magnitude) = match score.as_bytes().first()? {
        b'-' => (true, &score[1..]),
        b'+' => (false, &score[1..]),
        _ => (false, score),
    };
    if let Some(moves) = magnitude.strip_prefix('M') {
        if moves.is_empty() || !moves.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let moves: i32 = moves.parse().ok()?;
        return Some(CommentScore::Mate(if negative { -moves } else { moves }));
    }
    let well_formed = !magnitude.is_empty()
        && magnitude.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && magnitude.bytes().filter(|&b| b == b'.').count() <= 1
        && magnitude.as_bytes()[0].is_ascii_digit();
    if !well_formed {
        return None;
    }
    let pawns: f64 = magnitude.parse().ok()?;
    if pawns > 1000.0 {
        return None;
    }
    let cp = (pawns * 100.0).round() as i32;
    Some(CommentScore::Centipawns(if negative { -cp } else { cp }))
}

/// One main-line move of the game being read.
struct Played {
    before: Position,
    mv: Move,
    score: Option<CommentScore>,
}

/// The visitor: collects a game's main line and scores, then filters.
#[derive(Default)]
struct Importer {
    moves: Vec<Played>,
    result: Option<PgnResult>,
}

impl Visitor for Importer {
    type Output = (Vec<Played>, PgnResult);

    fn begin_game(&mut self) {
        self.moves.clear();
        self.result = None;
    }

    fn move_played(&mut self, before: &Position, mv: Move, _after: &Position) -> Control {
        self.moves.push(Played {
            before: *before,
            mv,
            score: None,
        });
        Control::Continue
    }

    fn comment(&mut self, comment: Comment<'_>) -> Control {
        if let Some(last) = self.moves.last_mut() {
            if last.score.is_none() {
                last.score = parse_comment(&comment.text());
            }
        }
        Control::Continue
    }

    fn begin_variation(&mut self) -> Control {
        Control::SkipVariation
    }

    fn result(&mut self, result: PgnResult) {
        self.result = Some(result);
    }

    fn end_game(&mut self) -> Self::Output {
        (
            std::mem::take(&mut self.moves),
            self.result.unwrap_or(PgnResult::Unknown),
        )
    }
}

/// Reads every game of `input` and hands each record to `emit`, in order;
/// returns what was kept and skipped.
pub fn import_pgn(
    input: impl BufRead,
    mut emit: impl FnMut(&TrainingRecord) -> Result<(), TrainError>,
) -> Result<ImportCounts, TrainError> {
    let mut counts = ImportCounts::default();
    let mut reader = PgnReader::with_options(input, ReadOptions::lenient());
    let mut importer = Importer::default();
    while let Some(game) = reader.read_game(&mut importer) {
        let Ok((moves, result)) = game else {
            counts.unreadable_games += 1;
            continue;
        };
        let result = match result {
            PgnResult::WhiteWins => GameResult::WhiteWins,
            PgnResult::BlackWins => GameResult::BlackWins,
            PgnResult::Draw => GameResult::Draw,
            PgnResult::Unknown => {
                counts.unfinished_games += 1;
                continue;
            }
        };
        counts.games += 1;
        for played in &moves {
            let cp = match played.score {
                None => {
                    counts.no_score += 1;
                    continue;
                }
                Some(CommentScore::Book) => {
                    counts.book += 1;
                    continue;
                }
                Some(CommentScore::Mate(_)) => {
                    counts.mate += 1;
                    continue;
                }
                Some(CommentScore::Centipawns(cp)) => cp,
            };
            if played.before.is_check() {
                counts.in_check += 1;
                continue;
            }
            if played.mv.is_noisy() || played.mv.is_null() {
                counts.noisy += 1;
                continue;
            }
            let white = if played.before.side_to_move() == Color::White {
                cp
            } else {
                -cp
            };
            let score = white.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16;
            emit(&TrainingRecord::new(
                &played.before,
                score,
                played.mv,
                result,
            ))?;
            counts.kept += 1;
        }
    }
    Ok(counts)
}

/// Imports every game of `inputs` (plain PGN, or bzip2-compressed when the
/// name ends in `.bz2`) into the data file `out` (created, or emptied
/// first).
pub fn import_pgn_files(inputs: &[PathBuf], out: &Path) -> Result<ImportCounts, TrainError> {
    let file = File::create(out).map_err(|e| TrainError::io(out, e))?;
    let mut writer = BufWriter::new(file);
    let mut total = ImportCounts::default();
    for input in inputs {
        let file = File::open(input).map_err(|e| TrainError::io(input, e))?;
        let compressed = input
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("bz2"));
        let reader: Box<dyn BufRead> = if compressed {
            Box::new(BufReader::new(bzip2::read::MultiBzDecoder::new(
                BufReader::new(file),
            )))
        } else {
            Box::new(BufReader::with_capacity(1 << 16, file))
        };
        let counts = import_pgn(reader, |record| {
            writer
                .write_all(&record.to_bytes())
                .map_err(|e| TrainError::io(out, e))
        })?;
        total.add(&counts);
    }
    writer.flush().map_err(|e| TrainError::io(out, e))?;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_that_are_not_scores_are_none() {
        for text in [
            "",
            "Draw by adjudication",
            "1/2",
            "+/-",
            "0.5/x",
            "nan/3",
            "+Mx/3",
        ] {
            assert_eq!(parse_comment(text), None, "{text}");
        }
        assert_eq!(
            parse_comment("0.00/0 0s, Draw by 3-fold repetition"),
            Some(CommentScore::Centipawns(0))
        );
    }
}
