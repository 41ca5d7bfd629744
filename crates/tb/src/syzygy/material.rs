//! Materials as Syzygy names them (`KQvKR`): the file name's first side is
//! White in the table's own terms.

use outpost_board::{Color, PieceKind, Position};

/// Piece letters in the order of [`PieceKind::ALL`].
const LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

/// How many of each piece each side has, packed four bits a piece:
/// White's in bits 0 to 23, Black's in bits 24 to 47.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct MaterialKey(u64);

impl MaterialKey {
    fn from_counts(counts: &[[u8; 6]; 2]) -> MaterialKey {
        let mut key = 0u64;
        for (side, kinds) in counts.iter().enumerate() {
            for (kind, &n) in kinds.iter().enumerate() {
                key |= u64::from(n & 15) << (24 * side + 4 * kind);
            }
        }
        MaterialKey(key)
    }

    /// The material of `pos`.
    #[inline]
    pub(crate) fn of(pos: &Position) -> MaterialKey {
        let mut key = 0u64;
        for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for kind in PieceKind::ALL {
                let n = u64::from(pos.pieces_of(color, kind).count().min(15));
                key |= n << (24 * side + 4 * kind.index());
            }
        }
        MaterialKey(key)
    }

    /// The same material with the colours swapped.
    pub(crate) fn mirrored(self) -> MaterialKey {
        MaterialKey(((self.0 & 0xff_ffff) << 24) | (self.0 >> 24))
    }

    /// One of the key and its mirror, the same for both.
    pub(crate) fn canonical(self) -> MaterialKey {
        MaterialKey(self.0.min(self.mirrored().0))
    }

    /// How many of `kind` `side` (0: White, 1: Black) has.
    pub(crate) fn count(self, side: usize, kind: PieceKind) -> u32 {
        ((self.0 >> (24 * side + 4 * kind.index())) & 15) as u32
    }

    /// Men on the board, kings included.
    pub(crate) fn men(self) -> u32 {
        (0..2)
            .map(|side| {
                PieceKind::ALL
                    .iter()
                    .map(|&k| self.count(side, k))
                    .sum::<u32>()
            })
            .sum()
    }
}

/// A table's material read from its file name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableName {
    /// The name as Syzygy writes it, e.g. `KQvKR`.
    pub(crate) name: String,
    /// The material with the name's first side as White.
    pub(crate) key: MaterialKey,
}

impl TableName {
    /// Reads `KQvKR` (each side a king and then any of `QRBNP`), or `None`.
    pub(crate) fn parse(name: &str) -> Option<TableName> {
        let (white, black) = name.split_once('v')?;
        let mut counts = [[0u8; 6]; 2];
        for (side, text) in [white, black].into_iter().enumerate() {
            if !text.starts_with('K') || text.len() > 7 {
                return None;
            }
            for c in text.chars() {
                let kind = LETTERS.iter().position(|&l| l == c)?;
                counts[side][kind] += 1;
            }
            if counts[side][5] != 1 {
                return None;
            }
        }
        let key = MaterialKey::from_counts(&counts);
        if key.men() > 7 || key.men() < 3 {
            return None;
        }
        Some(TableName {
            name: name.to_string(),
            key,
        })
    }
}

/// The Syzygy name of `pos`'s material, White first (`KRvK`).
pub(crate) fn name_of(key: MaterialKey) -> String {
    let mut name = String::new();
    for side in 0..2 {
        if side == 1 {
            name.push('v');
        }
        for kind in PieceKind::ALL.iter().rev() {
            for _ in 0..key.count(side, *kind) {
                name.push(LETTERS[kind.index()]);
            }
        }
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_mirror() {
        let t = TableName::parse("KQvKR").unwrap();
        assert_eq!(name_of(t.key), "KQvKR");
        assert_eq!(name_of(t.key.mirrored()), "KRvKQ");
        assert_eq!(t.key.men(), 4);
        assert!(TableName::parse("KQKR").is_none());
        assert!(TableName::parse("QvK").is_none());
        assert!(TableName::parse("KKvK").is_none());
        assert!(TableName::parse("KvK").is_none());
        assert!(TableName::parse("KXvK").is_none());
    }
}
