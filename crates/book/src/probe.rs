//! The book moves of a position as text, for `outpost book probe`.

use crate::{Book, BookError, BookMove};
use outpost_board::Position;
use outpost_notation::{parse_fen, STARTPOS_FEN};
use std::cmp::Reverse;
use std::io::Write;
use std::path::Path;

/// The legal book moves of `pos` sorted by weight, highest first; equal
/// weights keep their file order.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{build_book, probe, BuildOptions};
///
/// let pgn = "[Result \"1-0\"]\n\n1. d4 1-0\n\n".to_string()
///     + &"[Result \"1-0\"]\n\n1. e4 1-0\n\n".repeat(2);
/// let options = BuildOptions { min_games: 1, ..BuildOptions::default() };
/// let book = build_book(pgn.as_bytes(), &options, |_| {}).unwrap().to_book();
/// let moves = probe(&book, &Position::startpos());
/// let weights: Vec<(String, u16)> = moves.iter().map(|m| (m.mv.to_string(), m.weight)).collect();
/// assert_eq!(weights, [("e2e4".to_string(), 4), ("d2d4".to_string(), 2)]);
/// ```
pub fn probe(book: &Book, pos: &Position) -> Vec<BookMove> {
    let mut moves = book.moves(pos);
    moves.sort_by_key(|m| Reverse(m.weight));
    moves
}

/// Writes the legal book moves of `pos`, one `move weight` line each (the
/// move in long algebraic notation, castling as `e1g1`), sorted as
/// [`probe`] does. Returns how many lines were written.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{write_probe, Book, BookEntry, PolyglotMove, polyglot_key};
///
/// let key = polyglot_key(&Position::startpos());
/// let e2e4 = BookEntry { key, mv: PolyglotMove(0x031c), weight: 3, learn: 0 };
/// let d2d4 = BookEntry { key, mv: PolyglotMove(0x02db), weight: 8, learn: 0 };
/// let bytes = [e2e4.to_bytes(), d2d4.to_bytes()].concat();
/// let book = Book::from_bytes(bytes).unwrap();
/// let mut out = Vec::new();
/// assert_eq!(write_probe(&book, &Position::startpos(), &mut out).unwrap(), 2);
/// assert_eq!(String::from_utf8(out).unwrap(), "d2d4 8\ne2e4 3\n");
/// ```
pub fn write_probe(book: &Book, pos: &Position, mut out: impl Write) -> Result<usize, BookError> {
    let moves = probe(book, pos);
    for m in &moves {
        writeln!(out, "{} {}", m.mv, m.weight).map_err(|source| BookError::Output { source })?;
    }
    Ok(moves.len())
}

/// `outpost book probe <book.bin> [fen]`: opens the book at `path` and
/// writes the book moves of the position `fen` (the start position when
/// `None`) to `out`, as [`write_probe`] does. Returns the number of lines.
///
/// ```
/// use outpost_book::{build_book, probe_book_file, BookError, BuildOptions};
///
/// let pgn = "[Result \"0-1\"]\n\n1. e4 c5 2. Nf3 0-1\n";
/// let options = BuildOptions { min_games: 1, ..BuildOptions::default() };
/// let built = build_book(pgn.as_bytes(), &options, |_| {}).unwrap();
/// let path = std::env::temp_dir().join(format!("outpost-doc-probe-{}.bin", std::process::id()));
/// built.save(&path).unwrap();
///
/// // Black's reply after 1. e4, which won the game.
/// let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// let mut out = Vec::new();
/// assert_eq!(probe_book_file(&path, Some(after_e4), &mut out).unwrap(), 1);
/// assert_eq!(String::from_utf8(out).unwrap(), "c7c5 2\n");
/// // White's moves lost: weight 0, not in the book, so nothing for the start.
/// assert_eq!(probe_book_file(&path, None, std::io::sink()).unwrap(), 0);
/// // A FEN that does not parse.
/// let bad = probe_book_file(&path, Some("not a position"), std::io::sink());
/// assert!(matches!(bad, Err(BookError::Fen { .. })));
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn probe_book_file(
    path: impl AsRef<Path>,
    fen: Option<&str>,
    out: impl Write,
) -> Result<usize, BookError> {
    let fen = fen.unwrap_or(STARTPOS_FEN);
    let pos = parse_fen(fen).map_err(|source| BookError::Fen {
        fen: fen.to_string(),
        source,
    })?;
    let book = Book::open(path)?;
    write_probe(&book, &pos, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{polyglot_key, BookEntry, PolyglotMove};
    use outpost_notation::parse_uci_move;

    #[test]
    fn sorted_by_weight_with_ties_in_file_order() {
        let pos = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let key = polyglot_key(&pos);
        let entries: Vec<BookEntry> = [
            ("a1b1", 2),
            ("e1g1", 5),
            ("h1h5", 2),
            ("e1c1", 9),
            ("a1a5", 2),
        ]
        .iter()
        .map(|&(uci, weight)| BookEntry {
            key,
            mv: PolyglotMove::encode(parse_uci_move(&pos, uci).unwrap()),
            weight,
            learn: 0,
        })
        .collect();
        let book = Book::from_bytes(entries.iter().flat_map(|e| e.to_bytes()).collect()).unwrap();
        let mut out = Vec::new();
        assert_eq!(write_probe(&book, &pos, &mut out).unwrap(), 5);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "e1c1 9\ne1g1 5\na1b1 2\nh1h5 2\na1a5 2\n"
        );
    }

    #[test]
    fn bad_fen_and_missing_book_are_errors() {
        let mut out = Vec::new();
        assert!(matches!(
            probe_book_file("/nonexistent/book.bin", Some("not a fen"), &mut out),
            Err(BookError::Fen { .. })
        ));
        assert!(matches!(
            probe_book_file("/nonexistent/book.bin", None, &mut out),
            Err(BookError::Read { .. })
        ));
        assert!(out.is_empty());
    }
}
