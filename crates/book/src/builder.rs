//! Building a book from PGN games: every move of every game up to a ply
//! limit is counted under its position's key, with points for the game's
//! result from the mover's side; moves seen too rarely are dropped and the
//! rest written sorted by key.

use crate::entry::{write_entries, BookEntry, PolyglotMove};
use crate::{polyglot_key, Book, BookError};
use outpost_board::Color;
use outpost_notation::{GameResult, PgnError, PgnGame, PgnReader};
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::fs::File;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::rc::Rc;
use std::str::FromStr;

/// Whose moves go into the book.
///
/// ```
/// use outpost_board::{Color, Position};
/// use outpost_book::{build_book, BuildOptions, ColorFilter};
///
/// let black: ColorFilter = "black".parse().unwrap();
/// assert!(black.includes(Color::Black) && !black.includes(Color::White));
/// assert!(ColorFilter::default().includes(Color::White));
///
/// // A book of Black's replies only: nothing for the start position.
/// let pgn = "[Result \"0-1\"]\n\n1. e4 c5 0-1\n";
/// let options = BuildOptions { min_games: 1, color: black, ..BuildOptions::default() };
/// let book = build_book(pgn.as_bytes(), &options, |_| {}).unwrap().to_book();
/// assert_eq!(book.len(), 1);
/// assert!(book.moves(&Position::startpos()).is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColorFilter {
    /// White's moves only (positions with White to move).
    White,
    /// Black's moves only.
    Black,
    /// Both sides' moves.
    #[default]
    Both,
}

impl ColorFilter {
    /// Whether moves of `color` are kept.
    pub fn includes(self, color: Color) -> bool {
        match self {
            ColorFilter::White => color == Color::White,
            ColorFilter::Black => color == Color::Black,
            ColorFilter::Both => true,
        }
    }
}

impl FromStr for ColorFilter {
    type Err = BookError;

    /// `white`, `black` or `both`.
    fn from_str(text: &str) -> Result<ColorFilter, BookError> {
        match text {
            "white" => Ok(ColorFilter::White),
            "black" => Ok(ColorFilter::Black),
            "both" => Ok(ColorFilter::Both),
            _ => Err(BookError::BadColorFilter {
                text: text.to_string(),
            }),
        }
    }
}

impl fmt::Display for ColorFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColorFilter::White => "white",
            ColorFilter::Black => "black",
            ColorFilter::Both => "both",
        })
    }
}

/// The points a move earns from the result of its game, seen from the side
/// that played it. The defaults are Polyglot's: win 2, draw 1, loss 0, and an
/// unknown result (`*`) counted as a draw.
///
/// ```
/// use outpost_board::Color;
/// use outpost_book::ResultWeights;
/// use outpost_notation::GameResult;
///
/// let polyglot = ResultWeights::default();
/// assert_eq!(polyglot.points(GameResult::WhiteWins, Color::White), 2);
/// assert_eq!(polyglot.points(GameResult::WhiteWins, Color::Black), 0);
/// assert_eq!(polyglot.points(GameResult::Unknown, Color::Black), 1);
///
/// // Popularity only: every game counts once, whatever its result.
/// let popularity = ResultWeights { win: 1, draw: 1, loss: 1, unknown: 1 };
/// assert_eq!(popularity.points(GameResult::BlackWins, Color::White), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResultWeights {
    /// Points for a move of the side that won.
    pub win: u32,
    /// Points for a move of a drawn game.
    pub draw: u32,
    /// Points for a move of the side that lost.
    pub loss: u32,
    /// Points for a move of a game without a result (`*`).
    pub unknown: u32,
}

impl Default for ResultWeights {
    fn default() -> ResultWeights {
        ResultWeights {
            win: 2,
            draw: 1,
            loss: 0,
            unknown: 1,
        }
    }
}

impl ResultWeights {
    /// The points for a move by `mover` in a game that ended `result`.
    pub fn points(&self, result: GameResult, mover: Color) -> u32 {
        match (result, mover) {
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => {
                self.win
            }
            (GameResult::WhiteWins, Color::Black) | (GameResult::BlackWins, Color::White) => {
                self.loss
            }
            (GameResult::Draw, _) => self.draw,
            (GameResult::Unknown, _) => self.unknown,
        }
    }
}

/// How to build a book. The defaults are those of `polyglot make-book`.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{build_book, BuildOptions, ColorFilter};
///
/// let defaults = BuildOptions::default();
/// assert_eq!((defaults.max_ply, defaults.min_games), (1024, 3));
/// assert_eq!(defaults.color, ColorFilter::Both);
///
/// // Only the first move of each game, however rarely it was played.
/// let pgn = "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n";
/// let options = BuildOptions { max_ply: 1, min_games: 1, ..defaults };
/// let built = build_book(pgn.as_bytes(), &options, |_| {}).unwrap();
/// assert_eq!(built.entries.len(), 2);
/// assert_eq!(built.to_book().moves(&Position::startpos()).len(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BuildOptions {
    /// Moves are counted while the game's ply (0 for White's first move of
    /// a game from the standard start) is below this.
    pub max_ply: u32,
    /// A move enters the book only if it was played in at least this many
    /// games (occurrences, counting a transposition within a game again).
    pub min_games: u32,
    /// Whose moves are kept.
    pub color: ColorFilter,
    /// The points of each result.
    pub weights: ResultWeights,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions {
            max_ply: 1024,
            min_games: 3,
            color: ColorFilter::Both,
            weights: ResultWeights::default(),
        }
    }
}

/// How far a build has got, passed to the progress callback.
///
/// ```
/// use outpost_book::{build_book, BuildOptions, BuildProgress};
///
/// let pgn = "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n".repeat(1500);
/// let mut reports: Vec<BuildProgress> = Vec::new();
/// build_book(pgn.as_bytes(), &BuildOptions::default(), |p| reports.push(p)).unwrap();
/// // One report after 1,000 games and one at the end.
/// assert_eq!(reports.len(), 2);
/// assert_eq!(reports[0].games, 1000);
/// let last = reports[1];
/// assert_eq!((last.games, last.skipped), (1500, 0));
/// assert_eq!(last.bytes, pgn.len() as u64);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildProgress {
    /// Games read so far, skipped ones included.
    pub games: u64,
    /// Games skipped because they could not be read (an illegal move, bad
    /// SAN, a bad FEN tag...).
    pub skipped: u64,
    /// Bytes of PGN consumed so far.
    pub bytes: u64,
}

/// What a build did.
///
/// ```
/// use outpost_book::{build_book, BuildOptions};
///
/// // The second game has an illegal move (a king cannot reach e3): it is
/// // skipped and counted, and the build goes on.
/// let pgn = "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n";
/// let options = BuildOptions { min_games: 1, ..BuildOptions::default() };
/// let summary = build_book(pgn.as_bytes(), &options, |_| {}).unwrap().summary;
/// assert_eq!((summary.games, summary.skipped), (2, 1));
/// assert!(summary.first_error.unwrap().contains("Ke3"));
/// assert_eq!(summary.moves_counted, 2); // 1. e4 e5 of the first game
/// // e5 lost, so it weighs 0 and is dropped: one entry, one position.
/// assert_eq!((summary.distinct, summary.entries, summary.positions), (2, 1, 1));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildSummary {
    /// Games read, skipped ones included.
    pub games: u64,
    /// Games skipped because they could not be read.
    pub skipped: u64,
    /// The first skipped game's error, to show the user.
    pub first_error: Option<String>,
    /// Moves counted (within the ply limit and the colour filter).
    pub moves_counted: u64,
    /// Distinct position-and-move pairs seen.
    pub distinct: usize,
    /// Entries in the book after the minimum-games and zero-weight filters.
    pub entries: usize,
    /// Distinct positions in the book.
    pub positions: usize,
}

/// The statistics of one position-and-move pair.
#[derive(Clone, Copy, Debug, Default)]
struct Stats {
    games: u32,
    points: u32,
}

/// The hasher of the builder's map. Its keys start with a Polyglot key,
/// already uniformly random, so XORing in the move times an odd constant
/// spreads them well. SipHash's protection against crafted collisions buys
/// nothing against Zobrist keys, and this hasher saves about a tenth of the
/// CPU time of a 100,000-game build (the rest of the map's cost is cache
/// misses).
#[derive(Default)]
struct EntryHasher(u64);

impl Hasher for EntryHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }

    fn write_u16(&mut self, n: u16) {
        self.0 ^= u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Builds a book one game at a time, holding only the aggregated counts.
///
/// ```
/// use outpost_book::{BookBuilder, BuildOptions};
/// use outpost_notation::PgnGame;
///
/// let options = BuildOptions { min_games: 1, ..BuildOptions::default() };
/// let mut builder = BookBuilder::new(options);
/// let game: PgnGame = "1. e4 e5 2. Nf3 1-0\n".parse().unwrap();
/// builder.add_game(&game);
/// let built = builder.finish();
/// assert_eq!(built.entries.len(), 2); // e5 lost: weight 0, dropped
/// ```
#[derive(Clone, Debug)]
pub struct BookBuilder {
    options: BuildOptions,
    stats: HashMap<(u64, u16), Stats, BuildHasherDefault<EntryHasher>>,
    summary: BuildSummary,
}

impl BookBuilder {
    /// An empty builder.
    pub fn new(options: BuildOptions) -> BookBuilder {
        BookBuilder {
            options,
            stats: HashMap::default(),
            summary: BuildSummary::default(),
        }
    }

    /// Counts the main line of `game` (variations are not book moves).
    pub fn add_game(&mut self, game: &PgnGame) {
        self.summary.games += 1;
        let result = match (game.result, game.tags.get("Result")) {
            (GameResult::Unknown, Some(tag)) => {
                GameResult::from_token(tag).unwrap_or(GameResult::Unknown)
            }
            (result, _) => result,
        };
        let mut pos = game.start;
        for (ply, node) in (pos.game_ply()..).zip(&game.moves.moves) {
            // A null move (`--`) is no book move, and the positions after it
            // were not reached by play.
            if ply >= self.options.max_ply || node.mv.is_null() {
                break;
            }
            let mover = pos.side_to_move();
            if self.options.color.includes(mover) {
                let key = polyglot_key(&pos);
                let stats = self
                    .stats
                    .entry((key, PolyglotMove::encode(node.mv).0))
                    .or_default();
                stats.games = stats.games.saturating_add(1);
                stats.points = stats
                    .points
                    .saturating_add(self.options.weights.points(result, mover));
                self.summary.moves_counted += 1;
            }
            pos = pos.play(node.mv);
        }
    }

    /// Records a game that could not be read.
    fn skip_game(&mut self, error: &PgnError) {
        self.summary.games += 1;
        self.summary.skipped += 1;
        if self.summary.first_error.is_none() {
            self.summary.first_error = Some(error.to_string());
        }
    }

    /// Reads every game of a PGN stream, calling `progress` every 1,000 games
    /// and once at the end. Unreadable games are skipped and counted; only
    /// an I/O failure stops the build.
    pub fn add_pgn(
        &mut self,
        input: impl Read,
        mut progress: impl FnMut(BuildProgress),
    ) -> Result<(), BookError> {
        let bytes = Rc::new(Cell::new(0));
        let counter = CountingReader {
            inner: input,
            count: Rc::clone(&bytes),
        };
        let report = |summary: &BuildSummary| BuildProgress {
            games: summary.games,
            skipped: summary.skipped,
            bytes: bytes.get(),
        };
        for game in PgnReader::new(BufReader::with_capacity(1 << 16, counter)) {
            match game {
                Ok(game) => self.add_game(&game),
                Err(source @ PgnError::Io(_)) => {
                    return Err(BookError::Pgn { source });
                }
                Err(error) => self.skip_game(&error),
            }
            if self.summary.games % 1000 == 0 {
                progress(report(&self.summary));
            }
        }
        progress(report(&self.summary));
        Ok(())
    }

    /// The book: moves played in at least `min_games` games and with a
    /// positive weight, sorted by key and, within a position, by weight
    /// (highest first) then move. A position whose weights exceed 65,535
    /// has all its weights scaled by the same factor (rounding up, so no
    /// move drops to 0).
    pub fn finish(self) -> BuiltBook {
        let BookBuilder {
            options,
            stats,
            mut summary,
        } = self;
        summary.distinct = stats.len();
        let mut kept: Vec<(u64, u16, u32)> = stats
            .into_iter()
            .filter(|(_, s)| s.games >= options.min_games && s.points > 0)
            .map(|((key, mv), s)| (key, mv, s.points))
            .collect();
        kept.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.2.cmp(&a.2)).then(a.1.cmp(&b.1)));
        let mut entries = Vec::with_capacity(kept.len());
        for group in kept.chunk_by(|a, b| a.0 == b.0) {
            summary.positions += 1;
            // Sorted by weight, so the first is the largest.
            let max = u64::from(group[0].2);
            for &(key, mv, points) in group {
                entries.push(BookEntry {
                    key,
                    mv: PolyglotMove(mv),
                    weight: scale(u64::from(points), max),
                    learn: 0,
                });
            }
        }
        summary.entries = entries.len();
        BuiltBook { entries, summary }
    }
}

/// `points` scaled so that the position's largest, `max`, fits in 16 bits.
fn scale(points: u64, max: u64) -> u16 {
    let limit = u64::from(u16::MAX);
    let scaled = if max <= limit {
        points
    } else {
        (points * limit).div_ceil(max)
    };
    u16::try_from(scaled).unwrap_or(u16::MAX)
}

/// A [`Read`] that counts the bytes passing through it.
struct CountingReader<R> {
    inner: R,
    count: Rc<Cell<u64>>,
}

impl<R: Read> Read for CountingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

/// A built book: its entries, sorted and merged, and how the build went.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{build_book, BuildOptions, ENTRY_SIZE};
///
/// let pgn = "[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n\n\
///            [Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n";
/// let options = BuildOptions { min_games: 1, ..BuildOptions::default() };
/// let built = build_book(pgn.as_bytes(), &options, |_| {}).unwrap();
/// assert_eq!(built.entries.len(), 4);
/// assert!(built.entries.windows(2).all(|pair| pair[0].key <= pair[1].key));
///
/// // The same book as Polyglot bytes, or probed directly.
/// let mut bytes = Vec::new();
/// built.write_to(&mut bytes).unwrap();
/// assert_eq!(bytes.len(), 4 * ENTRY_SIZE);
/// let book = built.to_book();
/// assert_eq!(book.as_bytes(), &bytes[..]);
/// assert_eq!(book.moves(&Position::startpos()).len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuiltBook {
    /// The entries, sorted by key, then weight (highest first), then move.
    pub entries: Vec<BookEntry>,
    /// What the build did.
    pub summary: BuildSummary,
}

impl BuiltBook {
    /// Writes the book in Polyglot format to `out`.
    pub fn write_to(&self, out: impl Write) -> io::Result<()> {
        write_entries(&self.entries, out)
    }

    /// Writes the book in Polyglot format to the file `path`.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), BookError> {
        let path = path.as_ref();
        let error = |source| BookError::Write {
            path: path.to_path_buf(),
            source,
        };
        let file = File::create(path).map_err(error)?;
        self.write_to(BufWriter::new(file)).map_err(error)
    }

    /// The book as a [`Book`] to probe, without a file.
    pub fn to_book(&self) -> Book {
        let mut bytes = Vec::with_capacity(self.entries.len() * crate::ENTRY_SIZE);
        for entry in &self.entries {
            bytes.extend_from_slice(&entry.to_bytes());
        }
        Book::from_bytes(bytes).expect("built entries are sorted by key")
    }
}

/// Builds a book from the PGN games of `input`, streaming: only the
/// position-and-move counts are held, never the games. `progress` is called
/// every 1,000 games and at the end.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{build_book, BuildOptions};
///
/// let pgn = "\
/// [Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
/// [Result \"0-1\"]\n\n1. e4 c5 0-1\n\n\
/// [Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n\n";
/// let options = BuildOptions { min_games: 1, ..BuildOptions::default() };
/// let built = build_book(pgn.as_bytes(), &options, |_| {}).unwrap();
/// assert_eq!(built.summary.games, 3);
///
/// // 1. e4 won once and lost once (2 + 0 points), 1. d4 drew (1 point).
/// let book = built.to_book();
/// let first: Vec<(String, u16)> = book
///     .moves(&Position::startpos())
///     .iter()
///     .map(|m| (m.mv.to_string(), m.weight))
///     .collect();
/// assert_eq!(first, [("e2e4".to_string(), 2), ("d2d4".to_string(), 1)]);
/// ```
pub fn build_book(
    input: impl Read,
    options: &BuildOptions,
    progress: impl FnMut(BuildProgress),
) -> Result<BuiltBook, BookError> {
    let mut builder = BookBuilder::new(*options);
    builder.add_pgn(input, progress)?;
    Ok(builder.finish())
}

/// `outpost book build <games.pgn> -o <book.bin>`: builds a book from the
/// PGN file `pgn` and writes it to `output`.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{build_book_file, Book, BookError, BuildOptions};
///
/// // The repository's 279 opening lines (all with the result `*`).
/// let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/openings.pgn");
/// let out = std::env::temp_dir().join(format!("outpost-doc-build-{}.bin", std::process::id()));
/// let summary = build_book_file(pgn, &out, &BuildOptions::default(), |_| {}).unwrap();
/// assert_eq!((summary.games, summary.skipped), (279, 0));
///
/// let book = Book::open(&out).unwrap();
/// std::fs::remove_file(&out).unwrap();
/// assert_eq!(book.len(), summary.entries);
/// // Each game counts 1 point (unknown result); moves of fewer than 3 games are left out.
/// let first: Vec<(String, u16)> = outpost_book::probe(&book, &Position::startpos())
///     .iter()
///     .map(|m| (m.mv.to_string(), m.weight))
///     .collect();
/// assert_eq!(first[0], ("e2e4".to_string(), 154));
/// assert_eq!(first.len(), 4);
///
/// // A PGN file that is not there.
/// let missing = build_book_file("no-such-games.pgn", &out, &BuildOptions::default(), |_| {});
/// assert!(matches!(missing, Err(BookError::OpenPgn { .. })));
/// ```
pub fn build_book_file(
    pgn: impl AsRef<Path>,
    output: impl AsRef<Path>,
    options: &BuildOptions,
    progress: impl FnMut(BuildProgress),
) -> Result<BuildSummary, BookError> {
    let pgn = pgn.as_ref();
    let file = File::open(pgn).map_err(|source| BookError::OpenPgn {
        path: pgn.to_path_buf(),
        source,
    })?;
    let built = build_book(file, options, progress)?;
    built.save(output)?;
    Ok(built.summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Position;
    use outpost_notation::{parse_fen, parse_uci_move};

    fn build(pgn: &str, options: BuildOptions) -> BuiltBook {
        build_book(pgn.as_bytes(), &options, |_| {}).unwrap()
    }

    fn all_games() -> BuildOptions {
        BuildOptions {
            min_games: 1,
            ..BuildOptions::default()
        }
    }

    /// The weight of `uci` in `pos` in `book`, if it is there.
    fn weight(book: &BuiltBook, pos: &Position, uci: &str) -> Option<u16> {
        let key = polyglot_key(pos);
        let mv = PolyglotMove::encode(parse_uci_move(pos, uci).unwrap());
        book.entries
            .iter()
            .find(|e| e.key == key && e.mv == mv)
            .map(|e| e.weight)
    }

    const GAMES: &str = "\
[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
[Result \"0-1\"]\n\n1. e4 c5 2. Nf3 0-1\n\n\
[Result \"1/2-1/2\"]\n\n1. d4 d5 2. c4 1/2-1/2\n\n\
[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 1-0\n\n\
[Result \"*\"]\n\n1. e4 e5 *\n\n";

    #[test]
    fn merges_sorts_and_weighs_by_result() {
        let built = build(GAMES, all_games());
        let start = Position::startpos();
        // e4: won twice (2+2), lost once (0), unknown once (1).
        assert_eq!(weight(&built, &start, "e2e4"), Some(5));
        assert_eq!(weight(&built, &start, "d2d4"), Some(1));
        let e4 = start.play(parse_uci_move(&start, "e2e4").unwrap());
        // e5: lost twice, unknown once; c5 won.
        assert_eq!(weight(&built, &e4, "e7e5"), Some(1));
        assert_eq!(weight(&built, &e4, "c7c5"), Some(2));
        // One entry per position and move; sorted by key, then weight down.
        for pair in built.entries.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(a.key < b.key || (a.key == b.key && a.weight >= b.weight));
            assert!(a.key != b.key || a.mv != b.mv);
        }
        assert_eq!(built.summary.games, 5);
        assert_eq!(built.summary.skipped, 0);
        assert_eq!(built.summary.moves_counted, 4 + 3 + 3 + 3 + 2);
        // Written and read back, the book gives the same moves.
        let mut bytes = Vec::new();
        built.write_to(&mut bytes).unwrap();
        assert_eq!(bytes.len(), 16 * built.entries.len());
        let book = Book::from_bytes(bytes).unwrap();
        assert_eq!(book, built.to_book());
        let moves = book.moves(&start);
        assert_eq!(moves.len(), 2);
        assert_eq!(
            (moves[0].mv.to_string(), moves[0].weight),
            ("e2e4".into(), 5)
        );
    }

    #[test]
    fn min_games_max_ply_and_colour_filters() {
        let start = Position::startpos();
        let e4 = start.play(parse_uci_move(&start, "e2e4").unwrap());
        let twice = build(
            GAMES,
            BuildOptions {
                min_games: 2,
                ..BuildOptions::default()
            },
        );
        // e4 (4 games), e5 after e4 (3 games, weight 1) and Nf3 after
        // 1. e4 e5 (once) or 1. e4 c5 (once): only the first two survive.
        assert_eq!(twice.entries.len(), 2);
        assert_eq!(weight(&twice, &e4, "e7e5"), Some(1));
        let one_ply = build(
            GAMES,
            BuildOptions {
                max_ply: 1,
                ..all_games()
            },
        );
        assert!(one_ply
            .entries
            .iter()
            .all(|e| e.key == polyglot_key(&start)));
        let white = build(
            GAMES,
            BuildOptions {
                color: ColorFilter::White,
                ..all_games()
            },
        );
        let black = build(
            GAMES,
            BuildOptions {
                color: ColorFilter::Black,
                ..all_games()
            },
        );
        let both = build(GAMES, all_games());
        assert_eq!(weight(&white, &e4, "c7c5"), None);
        assert_eq!(weight(&black, &start, "e2e4"), None);
        assert_eq!(weight(&black, &e4, "c7c5"), Some(2));
        assert_eq!(
            white.entries.len() + black.entries.len(),
            both.entries.len()
        );
    }

    #[test]
    fn configurable_weights() {
        let popularity = BuildOptions {
            weights: ResultWeights {
                win: 1,
                draw: 1,
                loss: 1,
                unknown: 0,
            },
            ..all_games()
        };
        let built = build(GAMES, popularity);
        let start = Position::startpos();
        assert_eq!(weight(&built, &start, "e2e4"), Some(3));
    }

    #[test]
    fn bad_games_are_skipped_and_counted() {
        let pgn = "[Round \"1\"]\n\n1. e4 e5 1-0\n\n[Round \"2\"]\n\n1. e4 e5 2. Ke3 1-0\n\n[Round \"3\"]\n\n1. d4 1-0\n\n";
        let mut reports = Vec::new();
        let built = build_book(pgn.as_bytes(), &all_games(), |p| reports.push(p)).unwrap();
        assert_eq!(built.summary.games, 3);
        assert_eq!(built.summary.skipped, 1);
        assert!(built
            .summary
            .first_error
            .as_deref()
            .unwrap()
            .contains("Ke3"));
        let last = reports.last().unwrap();
        assert_eq!((last.games, last.skipped), (3, 1));
        assert_eq!(last.bytes, pgn.len() as u64);
    }

    #[test]
    fn progress_is_reported_while_streaming() {
        let game = "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n";
        let pgn = game.repeat(2500);
        let mut reports = Vec::new();
        let built = build_book(pgn.as_bytes(), &all_games(), |p| reports.push(p.games)).unwrap();
        assert_eq!(reports, vec![1000, 2000, 2500]);
        assert_eq!(built.summary.games, 2500);
        let start = Position::startpos();
        assert_eq!(weight(&built, &start, "e2e4"), Some(5000));
    }

    #[test]
    fn heavy_positions_are_scaled_into_16_bits() {
        assert_eq!(scale(7, 65_535), 7);
        assert_eq!(scale(200_000, 200_000), 65_535);
        assert_eq!(scale(100_000, 200_000), 32_768);
        assert_eq!(scale(1, 200_000), 1);
        assert_eq!(scale(u64::from(u32::MAX), u64::from(u32::MAX)), 65_535);
        let game = "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n\n";
        let pgn = game.repeat(20_000) + "[Result \"1-0\"]\n\n1. c4 1-0\n\n";
        let five_per_win = BuildOptions {
            weights: ResultWeights {
                win: 5,
                ..ResultWeights::default()
            },
            ..all_games()
        };
        let built = build(&pgn, five_per_win);
        let start = Position::startpos();
        // 100,000 : 100,000 : 5 points become 65,535 : 65,535 : 4 (3.3 rounded up).
        assert_eq!(weight(&built, &start, "e2e4"), Some(65_535));
        assert_eq!(weight(&built, &start, "d2d4"), Some(65_535));
        assert_eq!(weight(&built, &start, "c2c4"), Some(4));
    }

    #[test]
    fn games_from_a_fen_count_plies_from_its_move_number() {
        let pgn = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 10\"]\n[SetUp \"1\"]\n\n10... Kd7 11. e4 Kc6 1-0\n\n";
        let built = build(
            pgn,
            BuildOptions {
                max_ply: 20,
                ..all_games()
            },
        );
        // Black's 10th move is ply 19, the last one under 20. It lost: weight
        // 0, dropped; so the book is empty. With a higher limit e4 enters.
        assert!(built.entries.is_empty());
        let built = build(
            pgn,
            BuildOptions {
                max_ply: 21,
                ..all_games()
            },
        );
        let pos = parse_fen("8/3k4/8/8/8/8/4P3/4K3 w - - 1 11").unwrap();
        assert_eq!(weight(&built, &pos, "e2e4"), Some(2));
    }

    #[test]
    fn colour_filter_text() {
        for c in [ColorFilter::White, ColorFilter::Black, ColorFilter::Both] {
            assert_eq!(c.to_string().parse::<ColorFilter>().unwrap(), c);
        }
        assert!(matches!(
            "red".parse::<ColorFilter>(),
            Err(BookError::BadColorFilter { .. })
        ));
    }
}
