//! Zobrist hashing keys.
//!
//! The keys are drawn at build time by `build.rs` from a ChaCha8 generator
//! with a fixed seed, so a position's key is the same in every build and on
//! every machine.
//!
//! A position's key is the XOR of: one key per piece on its square, the key of
//! the castling-rights set, the side key when Black is to move, and an
//! en-passant file key **only when a pawn of the side to move stands ready to
//! capture en passant** (it attacks the en-passant square; whether the
//! capture would leave its king in check does not matter). Positions that
//! differ only in an en-passant square nobody can use therefore share a key,
//! as they should for repetition detection. This is the Polyglot convention.
//!
//! ```
//! use outpost_board::zobrist::{castling_key, piece_key, side_key};
//! use outpost_board::{Position, Square};
//!
//! // The key of a position from its parts, as described above.
//! let from_parts = |pos: &Position| {
//!     let mut key = castling_key(pos.castling_rights());
//!     for sq in pos.occupied() {
//!         key ^= piece_key(pos.piece_on(sq).unwrap(), sq);
//!     }
//!     key
//! };
//! let start = Position::startpos();
//! assert_eq!(start.key(), from_parts(&start));
//! // After 1. e4 the en-passant square e3 is set, but no black pawn can take
//! // there: only the side key is added.
//! let after = start.play(start.find_move(Square::E2, Square::E4, None).unwrap());
//! assert_eq!(after.en_passant(), Some(Square::E3));
//! assert_eq!(after.key(), from_parts(&after) ^ side_key());
//! ```

use crate::{CastlingRights, Piece, Square};

include!(concat!(env!("OUT_DIR"), "/zobrist_keys.rs"));

/// Key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_KEYS[piece.index() * 64 + sq.index()]
}

/// Key of a castling-rights set (0 for no rights).
#[inline]
pub fn castling_key(rights: CastlingRights) -> u64 {
    CASTLING_KEYS[rights.bits() as usize]
}

/// Key of an en-passant square on the given file index (0 = a-file).
#[inline]
pub fn en_passant_key(file: usize) -> u64 {
    EN_PASSANT_KEYS[file & 7]
}

/// Key XORed in when Black is to move.
#[inline]
pub fn side_key() -> u64 {
    SIDE_KEY
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut seen = HashSet::new();
        let singles = [1u8, 2, 4, 8].map(|b| castling_key(CastlingRights::from_bits(b)));
        for k in PIECE_KEYS
            .iter()
            .chain(&singles)
            .chain(&EN_PASSANT_KEYS)
            .chain([&SIDE_KEY])
        {
            assert_ne!(*k, 0);
            assert!(seen.insert(*k), "duplicate key {k:#x}");
        }
        assert_eq!(castling_key(CastlingRights::NONE), 0);
        assert_eq!(
            castling_key(CastlingRights::ALL),
            singles.iter().fold(0, |a, k| a ^ k)
        );
    }
}
