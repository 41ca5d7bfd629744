//! Reading a Polyglot book: validation on open, the entries of a position
//! by binary search over the file's bytes, legal moves decoded.

use crate::entry::{BookEntry, PolyglotMove, ENTRY_SIZE};
use crate::select::{choose, Selection};
use crate::{polyglot_key, BookError};
use outpost_board::{Move, Position};
use rand_chacha::rand_core::RngCore;
use std::fs;
use std::path::Path;

/// A Polyglot opening book held as its file's bytes.
///
/// The bytes are checked once when the book is made (a whole number of
/// 16-byte entries, keys in ascending order) and then searched in place: a
/// probe binary-searches the key and decodes only the entries of that
/// position.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{polyglot_key, Book, BookEntry, PolyglotMove};
///
/// // Two moves of the start position, in a book made from raw bytes.
/// let key = polyglot_key(&Position::startpos());
/// let d4 = BookEntry { key, mv: PolyglotMove(0x02db), weight: 2, learn: 0 };
/// let e4 = BookEntry { key, mv: PolyglotMove(0x031c), weight: 7, learn: 0 };
/// let book = Book::from_bytes([d4.to_bytes(), e4.to_bytes()].concat()).unwrap();
/// assert_eq!(book.len(), 2);
/// assert_eq!(book.entry(1), Some(e4));
/// assert_eq!(book.entries_for_key(key).count(), 2);
///
/// let moves = book.moves(&Position::startpos());
/// let listed: Vec<String> = moves.iter().map(|m| m.mv.to_string()).collect();
/// assert_eq!(listed, ["d2d4", "e2e4"]); // file order
/// // A position the book does not know has no moves.
/// let after_e4 = Position::startpos().play(moves[1].mv);
/// assert!(book.moves(&after_e4).is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    bytes: Vec<u8>,
}

/// A move of the book that is legal in the probed position.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{polyglot_key, Book, BookEntry, PolyglotMove};
///
/// let start = Position::startpos();
/// let entry = BookEntry { key: polyglot_key(&start), mv: PolyglotMove(0x031c), weight: 9, learn: 4 };
/// let book = Book::from_bytes(entry.to_bytes().to_vec()).unwrap();
/// let found = book.moves(&start)[0];
/// assert_eq!(found.mv.to_string(), "e2e4"); // a legal move of `start`
/// assert_eq!(found.weight, 9);
/// assert_eq!(found.entry, entry); // the stored record, learn field included
/// assert_eq!(PolyglotMove::encode(found.mv), entry.mv);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, castling as the king's two-square move.
    pub mv: Move,
    /// Its weight (0 means never to be played).
    pub weight: u16,
    /// The entry as stored, with the raw move and learn field.
    pub entry: BookEntry,
}

impl Book {
    /// Reads and validates the book file at `path`.
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_book::{polyglot_key, write_entries, Book, BookError, BookEntry, PolyglotMove};
    ///
    /// let key = polyglot_key(&Position::startpos());
    /// let entries = [BookEntry { key, mv: PolyglotMove(0x031c), weight: 1, learn: 0 }];
    /// let name = format!("outpost-doc-open-{}.bin", std::process::id());
    /// let path = std::env::temp_dir().join(name);
    /// write_entries(&entries, std::fs::File::create(&path).unwrap()).unwrap();
    ///
    /// let book = Book::open(&path).unwrap();
    /// std::fs::remove_file(&path).unwrap();
    /// assert_eq!(book.len(), 1);
    /// assert_eq!(book.moves(&Position::startpos())[0].mv.to_string(), "e2e4");
    ///
    /// // A file that is not there is an error naming it.
    /// assert!(matches!(Book::open(&path), Err(BookError::Read { .. })));
    /// ```
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        let bytes = fs::read(path).map_err(|source| BookError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Book::from_bytes(bytes)
    }

    /// A book from the bytes of a book file, validated: its length must be a
    /// multiple of 16 and its keys ascending. An empty book is valid.
    ///
    /// ```
    /// use outpost_book::{Book, BookError, BookEntry, PolyglotMove};
    ///
    /// assert!(Book::from_bytes(Vec::new()).unwrap().is_empty());
    /// // 20 bytes: one entry and a stray part of another.
    /// assert!(matches!(Book::from_bytes(vec![0; 20]), Err(BookError::BadSize { size: 20 })));
    /// // Keys must not go down.
    /// let entry = |key| BookEntry { key, mv: PolyglotMove(0x031c), weight: 1, learn: 0 };
    /// let unsorted = [entry(9).to_bytes(), entry(5).to_bytes()].concat();
    /// assert!(matches!(Book::from_bytes(unsorted), Err(BookError::Unsorted { index: 1, .. })));
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Book, BookError> {
        if bytes.len() % ENTRY_SIZE != 0 {
            return Err(BookError::BadSize {
                size: bytes.len() as u64,
            });
        }
        let book = Book { bytes };
        let mut previous = 0;
        for index in 0..book.len() {
            let key = book.key_at(index);
            if key < previous {
                return Err(BookError::Unsorted {
                    index,
                    previous,
                    key,
                });
            }
            previous = key;
        }
        Ok(book)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.bytes.len() / ENTRY_SIZE
    }

    /// Whether the book has no entry.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The bytes of entry `index`, which must be below [`Book::len`].
    #[inline]
    fn record(&self, index: usize) -> &[u8; ENTRY_SIZE] {
        let start = index * ENTRY_SIZE;
        self.bytes[start..start + ENTRY_SIZE]
            .try_into()
            .expect("a record is ENTRY_SIZE bytes")
    }

    #[inline]
    fn key_at(&self, index: usize) -> u64 {
        let record = self.record(index);
        u64::from_be_bytes([
            record[0], record[1], record[2], record[3], record[4], record[5], record[6], record[7],
        ])
    }

    /// BookEntry `index` in file order, if there is one.
    pub fn entry(&self, index: usize) -> Option<BookEntry> {
        (index < self.len()).then(|| BookEntry::from_bytes(self.record(index)))
    }

    /// Every entry in file order.
    pub fn iter(&self) -> impl Iterator<Item = BookEntry> + '_ {
        self.bytes
            .chunks_exact(ENTRY_SIZE)
            .filter_map(|chunk| chunk.try_into().ok().map(BookEntry::from_bytes))
    }

    /// The entries with key `key`, in file order, as stored: raw moves,
    /// weights and learn fields, legal or not.
    pub fn entries_for_key(&self, key: u64) -> impl Iterator<Item = BookEntry> + '_ {
        // Lower bound: the first entry whose key is not below `key`.
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.key_at(mid) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        (lo..self.len())
            .take_while(move |&i| self.key_at(i) == key)
            .map(|i| BookEntry::from_bytes(self.record(i)))
    }

    /// The stored entries of `pos` (see [`Book::entries_for_key`]).
    pub fn raw_entries(&self, pos: &Position) -> Vec<BookEntry> {
        self.entries_for_key(polyglot_key(pos)).collect()
    }

    /// The book moves of `pos` that are legal there, in file order;
    /// entries with an illegal or malformed move are skipped.
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        let mut entries = self.entries_for_key(polyglot_key(pos)).peekable();
        if entries.peek().is_none() {
            return Vec::new();
        }
        let legal = pos.legal_moves();
        entries
            .filter_map(|entry| {
                let mv = legal_move(&legal, entry.mv)?;
                Some(BookMove {
                    mv,
                    weight: entry.weight,
                    entry,
                })
            })
            .collect()
    }

    /// A book move for `pos`, chosen by `selection` (drawing from `rng` for
    /// [`Selection::Weighted`]), or `None` when the book has no legal move
    /// of positive weight there.
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_book::{seeded_rng, Book, BookEntry, PolyglotMove, Selection};
    ///
    /// let e2e4 = PolyglotMove(0x031c);
    /// let key = outpost_book::polyglot_key(&Position::startpos());
    /// let entry = BookEntry { key, mv: e2e4, weight: 5, learn: 0 };
    /// let book = Book::from_bytes(entry.to_bytes().to_vec()).unwrap();
    /// let mut rng = seeded_rng(1);
    /// let chosen = book.choose(&Position::startpos(), Selection::Weighted, &mut rng).unwrap();
    /// assert_eq!(chosen.mv.to_string(), "e2e4");
    /// ```
    pub fn choose(
        &self,
        pos: &Position,
        selection: Selection,
        rng: &mut impl RngCore,
    ) -> Option<BookMove> {
        choose(&self.moves(pos), selection, rng)
    }

    /// The move `selection` picks in `pos`, a random one drawn from `seed`:
    /// for callers whose random numbers come from another `rand` than the
    /// one [`Book::choose`] takes (`rng.random::<u64>()` is a seed), or who
    /// want a reproducible choice. The same seed gives the same move.
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_book::{Book, BookEntry, PolyglotMove, Selection};
    ///
    /// let key = outpost_book::polyglot_key(&Position::startpos());
    /// let e4 = BookEntry { key, mv: PolyglotMove(0x031c), weight: 5, learn: 0 };
    /// let d4 = BookEntry { key, mv: PolyglotMove(0x02db), weight: 5, learn: 0 };
    /// let bytes = [e4.to_bytes(), d4.to_bytes()].concat();
    /// let book = Book::from_bytes(bytes).unwrap();
    /// let pick = |seed| book.choose_seeded(&Position::startpos(), Selection::Weighted, seed);
    /// assert_eq!(pick(7), pick(7));
    /// assert!((0..64).any(|seed| pick(seed) != pick(0)), "both moves are drawn");
    /// ```
    pub fn choose_seeded(
        &self,
        pos: &Position,
        selection: Selection,
        seed: u64,
    ) -> Option<BookMove> {
        choose(&self.moves(pos), selection, &mut crate::seeded_rng(seed))
    }

    /// The book's bytes, as in the file.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// The move of `legal` (the legal moves of `pos`) that `stored` stands for.
fn legal_move(legal: &[Move], stored: PolyglotMove) -> Option<Move> {
    let (from, to, promotion) = stored.squares()?;
    legal
        .iter()
        .copied()
        .find(|mv| mv.from() == from && mv.to() == to && mv.promotion() == promotion)
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_notation::{parse_fen, parse_uci_move};

    fn entry(pos: &Position, uci: &str, weight: u16) -> BookEntry {
        BookEntry {
            key: polyglot_key(pos),
            mv: PolyglotMove::encode(parse_uci_move(pos, uci).unwrap()),
            weight,
            learn: 0,
        }
    }

    fn book_of(mut entries: Vec<BookEntry>) -> Book {
        entries.sort_by_key(|e| e.key);
        Book::from_bytes(entries.iter().flat_map(|e| e.to_bytes()).collect()).unwrap()
    }

    #[test]
    fn a_book_can_be_shared_between_threads() {
        fn shareable<T: Send + Sync>() {}
        shareable::<Book>();
    }

    #[test]
    fn finds_all_entries_of_a_position_among_others() {
        let start = Position::startpos();
        let after_e4 = start.play(parse_uci_move(&start, "e2e4").unwrap());
        let book = book_of(vec![
            entry(&start, "e2e4", 10),
            entry(&after_e4, "c7c5", 4),
            entry(&start, "d2d4", 7),
            entry(&after_e4, "e7e5", 3),
            BookEntry {
                key: 0,
                mv: PolyglotMove(0),
                weight: 0,
                learn: 0,
            },
            BookEntry {
                key: u64::MAX,
                mv: PolyglotMove(1),
                weight: 1,
                learn: 0,
            },
        ]);
        assert_eq!(book.len(), 6);
        let moves: Vec<String> = book
            .moves(&start)
            .iter()
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(moves.len(), 2);
        assert!(moves.contains(&"e2e4".to_string()) && moves.contains(&"d2d4".to_string()));
        let replies: Vec<_> = book.moves(&after_e4).iter().map(|m| m.weight).collect();
        assert_eq!(replies.iter().sum::<u16>(), 7);
        let empty = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(book.moves(&empty).is_empty());
        assert_eq!(book.entries_for_key(u64::MAX).count(), 1);
        assert_eq!(book.entries_for_key(0).count(), 1);
        assert_eq!(book.iter().count(), 6);
    }

    #[test]
    fn illegal_entries_are_skipped() {
        let start = Position::startpos();
        let key = polyglot_key(&start);
        let e2e5 = PolyglotMove((Square::E2.index() as u16) << 6 | Square::E5.index() as u16);
        let e1g1 = PolyglotMove((Square::E1.index() as u16) << 6 | Square::G1.index() as u16);
        let book = book_of(vec![
            BookEntry {
                key,
                mv: e2e5,
                weight: 1000,
                learn: 0,
            },
            BookEntry {
                key,
                mv: e1g1,
                weight: 900,
                learn: 7,
            },
            entry(&start, "g1f3", 1),
        ]);
        let raw = book.raw_entries(&start);
        assert_eq!(raw.len(), 3);
        assert_eq!(raw[1].learn, 7);
        let moves = book.moves(&start);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].mv.to_string(), "g1f3");
        let mut rng = crate::seeded_rng(3);
        for selection in [Selection::Best, Selection::Weighted] {
            for _ in 0..20 {
                let chosen = book.choose(&start, selection, &mut rng).unwrap();
                assert_eq!(chosen.mv.to_string(), "g1f3");
            }
        }
    }

    use outpost_board::Square;

    #[test]
    fn rejects_truncated_unsorted_and_garbage_files() {
        let start = Position::startpos();
        let good = entry(&start, "e2e4", 1).to_bytes();
        for cut in [1, 8, 15, 17, 31] {
            let bytes: Vec<u8> = good.iter().chain(good.iter()).copied().take(cut).collect();
            assert!(
                matches!(Book::from_bytes(bytes), Err(BookError::BadSize { size }) if size == cut as u64)
            );
        }
        let mut low = entry(&start, "e2e4", 1);
        low.key = 5;
        let mut high = low;
        high.key = 9;
        let unsorted: Vec<u8> = [high, low, high]
            .iter()
            .flat_map(|e| e.to_bytes())
            .collect();
        assert!(matches!(
            Book::from_bytes(unsorted),
            Err(BookError::Unsorted {
                index: 1,
                previous: 9,
                key: 5
            })
        ));
        // Text is no book: cut anywhere it fails the size check, and cut at
        // a whole number of entries its "keys" are out of order.
        let text = b"[Event \"a PGN file is not a book\"]\n[Site \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n";
        for len in 1..=text.len() {
            let result = Book::from_bytes(text[..len].to_vec());
            if len % ENTRY_SIZE != 0 {
                assert!(matches!(result, Err(BookError::BadSize { .. })), "{len}");
            }
        }
        let whole = text.len() / ENTRY_SIZE * ENTRY_SIZE;
        assert!(matches!(
            Book::from_bytes(text[..whole].to_vec()),
            Err(BookError::Unsorted { index: 2, .. })
        ));
        assert!(matches!(
            Book::open("/nonexistent/dir/book.bin"),
            Err(BookError::Read { .. })
        ));
        assert!(Book::from_bytes(Vec::new()).unwrap().is_empty());
    }
}
