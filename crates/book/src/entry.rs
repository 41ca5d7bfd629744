//! A book entry, its 16-byte big-endian form and the Polyglot move encoding.

use outpost_board::{Move, PieceKind, Position, Square};
use std::fmt;
use std::io::{self, Write};

/// The size of one entry in a book file.
pub const ENTRY_SIZE: usize = 16;

/// A move as Polyglot encodes it: destination file (bits 0–2) and rank
/// (3–5), origin file (6–8) and rank (9–11), promotion piece (12–14: none 0,
/// knight 1, bishop 2, rook 3, queen 4). Castling is written as the king
/// taking its own rook (`e1h1` for `e1g1`).
///
/// ```
/// use outpost_board::{PieceKind, Square};
/// use outpost_book::PolyglotMove;
/// use outpost_notation::{parse_fen, parse_uci_move};
///
/// // e2e4: from e2 (square 12) to e4 (square 28).
/// let e2e4 = PolyglotMove(12 << 6 | 28);
/// assert_eq!((e2e4.from(), e2e4.to()), (Square::E2, Square::E4));
/// assert_eq!(e2e4.to_string(), "e2e4");
///
/// // Short castling is stored as the king taking its rook, and decodes back.
/// let pos = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
/// let castle = parse_uci_move(&pos, "e1g1").unwrap();
/// let stored = PolyglotMove::encode(castle);
/// assert_eq!(stored.to_string(), "e1h1");
/// assert_eq!(stored.decode(&pos), Some(castle));
///
/// // The promotion field: 4 is a queen, 5 to 7 name no piece.
/// let a7a8q = PolyglotMove(4 << 12 | 48 << 6 | 56);
/// assert_eq!(a7a8q.promotion(), Ok(Some(PieceKind::Queen)));
/// assert_eq!(a7a8q.to_string(), "a7a8q");
/// assert_eq!(PolyglotMove(5 << 12 | 48 << 6 | 56).promotion(), Err(5));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct PolyglotMove(pub u16);

impl PolyglotMove {
    /// The origin square.
    pub fn from(self) -> Square {
        Square::from_index_wrapping(usize::from(self.0 >> 6) & 63)
    }

    /// The destination square as stored (the rook's square for castling).
    pub fn to(self) -> Square {
        Square::from_index_wrapping(usize::from(self.0) & 63)
    }

    /// The promotion field, 0 to 7 (only 1 to 4 name a piece).
    pub fn promotion_bits(self) -> u16 {
        (self.0 >> 12) & 7
    }

    /// The promotion piece, if the field names one; `Err` for the values 5
    /// to 7, which no valid move has.
    pub fn promotion(self) -> Result<Option<PieceKind>, u16> {
        match self.promotion_bits() {
            0 => Ok(None),
            1 => Ok(Some(PieceKind::Knight)),
            2 => Ok(Some(PieceKind::Bishop)),
            3 => Ok(Some(PieceKind::Rook)),
            4 => Ok(Some(PieceKind::Queen)),
            bits => Err(bits),
        }
    }

    /// The Polyglot encoding of `mv`, a legal move of some position.
    /// Castling is stored as the king taking its rook in Polyglot, as in
    /// [`Move`] itself, so it needs no conversion (Chess960 books included).
    pub fn encode(mv: Move) -> PolyglotMove {
        let promotion = match mv.promotion() {
            None => 0,
            Some(PieceKind::Knight) => 1,
            Some(PieceKind::Bishop) => 2,
            Some(PieceKind::Rook) => 3,
            Some(_) => 4,
        };
        PolyglotMove(promotion << 12 | (mv.from().index() as u16) << 6 | mv.to().index() as u16)
    }

    /// The legal move of `pos` this entry stands for, if any: castling is the
    /// king taking its rook (`e1h1`, `e1a1`, `e8h8`, `e8a8` in standard
    /// chess); an illegal move or a malformed promotion gives `None`.
    pub fn decode(self, pos: &Position) -> Option<Move> {
        let (from, to, promotion) = self.squares()?;
        pos.find_move(from, to, promotion)
    }

    /// The origin, destination and promotion of the move; `None` for a
    /// malformed promotion.
    pub(crate) fn squares(self) -> Option<(Square, Square, Option<PieceKind>)> {
        let promotion = self.promotion().ok()?;
        Some((self.from(), self.to(), promotion))
    }
}

impl fmt::Display for PolyglotMove {
    /// The move as stored, in long algebraic form (`e1h1`, `a7a8q`; an
    /// invalid promotion field is shown as `?`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.promotion() {
            Ok(None) => Ok(()),
            Ok(Some(kind)) => write!(f, "{}", kind.to_char()),
            Err(_) => f.write_str("?"),
        }
    }
}

impl fmt::Debug for PolyglotMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({:#06x})", self.0)
    }
}

/// One 16-byte record of a Polyglot book, as stored.
///
/// ```
/// use outpost_board::Position;
/// use outpost_book::{polyglot_key, write_entries, BookEntry, PolyglotMove, ENTRY_SIZE};
///
/// let entry = BookEntry {
///     key: polyglot_key(&Position::startpos()),
///     mv: PolyglotMove(0x031c), // e2e4
///     weight: 10,
///     learn: 0,
/// };
/// // Big-endian: the key's high byte comes first, then the move.
/// let bytes = entry.to_bytes();
/// assert_eq!(bytes[..8], 0x463b_9618_1691_fc9c_u64.to_be_bytes());
/// assert_eq!(bytes[8..10], [0x03, 0x1c]);
/// assert_eq!(BookEntry::from_bytes(&bytes), entry);
///
/// let mut file = Vec::new();
/// write_entries(&[entry, entry], &mut file).unwrap();
/// assert_eq!(file.len(), 2 * ENTRY_SIZE);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BookEntry {
    /// The Polyglot key of the position (see [`polyglot_key`](crate::polyglot_key)).
    pub key: u64,
    /// The move, in Polyglot's encoding.
    pub mv: PolyglotMove,
    /// The move's weight: how often it should be chosen, relative to the
    /// other moves of the position; 0 means never.
    pub weight: u16,
    /// Learning data; builders write 0.
    pub learn: u32,
}

impl BookEntry {
    /// The entry stored in `bytes` (big-endian key, move, weight, learn).
    pub fn from_bytes(bytes: &[u8; ENTRY_SIZE]) -> BookEntry {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = *bytes;
        BookEntry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            mv: PolyglotMove(u16::from_be_bytes([m0, m1])),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    /// The entry's 16 bytes as a book file stores them.
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut bytes = [0; ENTRY_SIZE];
        bytes[0..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.mv.0.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..16].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }
}

/// Writes `entries` in book format, in the order given (a book needs them
/// sorted by key; [`BuiltBook`](crate::BuiltBook) keeps them so).
pub fn write_entries(entries: &[BookEntry], mut out: impl Write) -> io::Result<()> {
    let mut buffer = Vec::with_capacity(entries.len().min(1 << 16) * ENTRY_SIZE);
    for chunk in entries.chunks(1 << 16) {
        buffer.clear();
        for entry in chunk {
            buffer.extend_from_slice(&entry.to_bytes());
        }
        out.write_all(&buffer)?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_notation::{parse_fen, parse_uci_move};

    #[test]
    fn bytes_round_trip_big_endian() {
        let entry = BookEntry {
            key: 0x0123_4567_89ab_cdef,
            mv: PolyglotMove(0x0f1e),
            weight: 0xbeef,
            learn: 0xdead_f00d,
        };
        let bytes = entry.to_bytes();
        assert_eq!(bytes[0], 0x01);
        assert_eq!(bytes[7], 0xef);
        assert_eq!(&bytes[8..12], &[0x0f, 0x1e, 0xbe, 0xef]);
        assert_eq!(BookEntry::from_bytes(&bytes), entry);
    }

    #[test]
    fn field_layout() {
        // e2e4: from e2 (row 1, file 4), to e4 (row 3, file 4).
        let mv = PolyglotMove((8 + 4) << 6 | (3 * 8 + 4));
        assert_eq!(mv.from(), Square::E2);
        assert_eq!(mv.to(), Square::E4);
        assert_eq!(mv.to_string(), "e2e4");
        let pos = Position::startpos();
        assert_eq!(mv.decode(&pos), Some(parse_uci_move(&pos, "e2e4").unwrap()));
        assert_eq!(PolyglotMove::encode(mv.decode(&pos).unwrap()), mv);
    }

    #[test]
    fn castling_is_king_takes_rook() {
        let pos = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        for (stored, played) in [("e1h1", "e1g1"), ("e1a1", "e1c1")] {
            let mv = parse_uci_move(&pos, played).unwrap();
            assert!(mv.is_castle());
            let encoded = PolyglotMove::encode(mv);
            assert_eq!(encoded.to_string(), stored);
            assert_eq!(encoded.decode(&pos), Some(mv));
        }
        let black = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap();
        for (stored, played) in [("e8h8", "e8g8"), ("e8a8", "e8c8")] {
            let mv = parse_uci_move(&black, played).unwrap();
            let encoded = PolyglotMove::encode(mv);
            assert_eq!(encoded.to_string(), stored);
            assert_eq!(encoded.decode(&black), Some(mv));
        }
        // Without the right, e1h1 is no move at all.
        let no_rights = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1").unwrap();
        let e1h1 = PolyglotMove((4 << 6) | 7);
        assert_eq!(e1h1.decode(&no_rights), None);
        // A rook on e1 going to h1 is an ordinary move, not castling.
        let rook = parse_fen("k7/8/8/8/8/8/8/K3R3 w - - 0 1").unwrap();
        assert_eq!(
            e1h1.decode(&rook),
            Some(parse_uci_move(&rook, "e1h1").unwrap())
        );
    }

    #[test]
    fn promotions() {
        let pos = parse_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let a7 = Square::A7.index() as u16;
        for (bits, text) in [(1, "a7a8n"), (2, "a7a8b"), (3, "a7a8r"), (4, "a7a8q")] {
            let straight = PolyglotMove(bits << 12 | a7 << 6 | Square::A8.index() as u16);
            let mv = straight.decode(&pos).unwrap();
            assert_eq!(mv.to_string(), text);
            assert_eq!(PolyglotMove::encode(mv), straight);
            let capture = PolyglotMove(bits << 12 | a7 << 6 | Square::B8.index() as u16);
            let mv = capture.decode(&pos).unwrap();
            assert!(mv.is_capture() && mv.is_promotion());
            assert_eq!(PolyglotMove::encode(mv), capture);
        }
        // No promotion piece, or a field value past the queen: not a move.
        let bare = PolyglotMove(a7 << 6 | Square::A8.index() as u16);
        assert_eq!(bare.decode(&pos), None);
        for bits in 5..8 {
            let bad = PolyglotMove(bits << 12 | a7 << 6 | Square::A8.index() as u16);
            assert_eq!(bad.promotion(), Err(bits));
            assert_eq!(bad.decode(&pos), None);
        }
        // A promotion field on a move that does not promote: not a move.
        let start = Position::startpos();
        let e2e4q = PolyglotMove(4 << 12 | (Square::E2.index() as u16) << 6 | 28);
        assert_eq!(e2e4q.decode(&start), None);
    }
}
