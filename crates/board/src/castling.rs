//! Castling rights, for standard chess and Chess960 alike.

use crate::{Color, File, Square};
use std::fmt;

/// Which castlings are still allowed: a set of up to four rights, each with
/// the file of the rook it castles with.
///
/// In standard chess the rooks start on the a- and h-files; in Chess960 they
/// may stand on any file, on either side of the king. The set of rights alone
/// (see [`CastlingRights::bits`]) is what the Zobrist key and the Polyglot key
/// hash; the rook files stay fixed for the whole of a game.
///
/// ```
/// use outpost_board::{CastlingRights, CastlingSide, Color, File, Square};
///
/// let standard = CastlingRights::ALL;
/// assert_eq!(standard.rook_square(Color::White, CastlingSide::King), Some(Square::H1));
/// // A Chess960 right: White castles long with the rook on the b-file.
/// let rights = CastlingRights::NONE.with_rook(Color::White, CastlingSide::Queen, File::B);
/// assert_eq!(rights.rook_square(Color::White, CastlingSide::Queen), Some(Square::B1));
/// assert!(!rights.is_standard());
/// assert_eq!(rights.without(Color::White, CastlingSide::Queen), CastlingRights::NONE);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CastlingRights {
    /// One bit per right: White king side = 1, White queen side = 2, Black
    /// king side = 4, Black queen side = 8.
    bits: u8,
    /// The rook's file index for each right, in the order of the bits; the
    /// standard file (h or a) for a right not held, so equal sets compare equal.
    rook_files: [u8; 4],
}

impl Default for CastlingRights {
    fn default() -> CastlingRights {
        CastlingRights::NONE
    }
}

/// A castling side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file (`O-O`): the king ends on the g-file, the rook on the f-file.
    King,
    /// Towards the a-file (`O-O-O`): the king ends on the c-file, the rook on the d-file.
    Queen,
}

impl CastlingSide {
    /// Both sides, king's side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// Where `color`'s rook stands before castling to this side in standard chess.
    pub const fn rook_from(self, color: Color) -> Square {
        match self {
            CastlingSide::King => Square::H1.relative_to(color),
            CastlingSide::Queen => Square::A1.relative_to(color),
        }
    }

    /// The rook's file in standard chess: h or a.
    pub const fn standard_rook_file(self) -> File {
        match self {
            CastlingSide::King => File::H,
            CastlingSide::Queen => File::A,
        }
    }

    /// Where `color`'s rook ends up after castling to this side (in any variant).
    pub const fn rook_to(self, color: Color) -> Square {
        match self {
            CastlingSide::King => Square::F1.relative_to(color),
            CastlingSide::Queen => Square::D1.relative_to(color),
        }
    }

    /// Where `color`'s king ends up after castling to this side (in any variant).
    pub const fn king_to(self, color: Color) -> Square {
        match self {
            CastlingSide::King => Square::G1.relative_to(color),
            CastlingSide::Queen => Square::C1.relative_to(color),
        }
    }
}

const fn right_index(color: Color, side: CastlingSide) -> usize {
    color as usize * 2 + side as usize
}

/// The rook files of the standard rights, in the order of the bits.
const STANDARD_FILES: [u8; 4] = [7, 0, 7, 0];

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights {
        bits: 0,
        rook_files: STANDARD_FILES,
    };
    /// All four rights of standard chess (rooks on the a- and h-files).
    pub const ALL: CastlingRights = CastlingRights {
        bits: 15,
        rook_files: STANDARD_FILES,
    };

    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << right_index(color, side)
    }

    /// Whether `color` may still castle to `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.bits & Self::bit(color, side) != 0
    }

    /// Whether `color` has any right left.
    #[inline]
    pub const fn has_any(self, color: Color) -> bool {
        self.bits & (3 << (color as u8 * 2)) != 0
    }

    /// Whether no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// These rights plus one, with the rook on its standard file (h or a).
    #[inline]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        self.with_rook(color, side, side.standard_rook_file())
    }

    /// These rights plus one, castling with the rook on `rook_file` (Chess960).
    #[inline]
    pub const fn with_rook(
        self,
        color: Color,
        side: CastlingSide,
        rook_file: File,
    ) -> CastlingRights {
        let mut rook_files = self.rook_files;
        rook_files[right_index(color, side)] = rook_file.index() as u8;
        CastlingRights {
            bits: self.bits | Self::bit(color, side),
            rook_files,
        }
    }

    /// These rights less one.
    #[inline]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        let i = right_index(color, side);
        let mut rook_files = self.rook_files;
        rook_files[i] = STANDARD_FILES[i];
        CastlingRights {
            bits: self.bits & !Self::bit(color, side),
            rook_files,
        }
    }

    /// These rights less both of `color`'s (its king moved).
    #[inline]
    pub const fn without_color(self, color: Color) -> CastlingRights {
        self.without(color, CastlingSide::King)
            .without(color, CastlingSide::Queen)
    }

    /// The file of the rook `color` castles to `side` with, if it holds that right.
    #[inline]
    pub const fn rook_file(self, color: Color, side: CastlingSide) -> Option<File> {
        if self.has(color, side) {
            Some(File::from_index(
                self.rook_files[right_index(color, side)] as usize,
            ))
        } else {
            None
        }
    }

    /// The square of the rook `color` castles to `side` with, if it holds that right.
    #[inline]
    pub const fn rook_square(self, color: Color, side: CastlingSide) -> Option<Square> {
        match self.rook_file(color, side) {
            Some(file) => Some(Square::new(file, crate::Rank::First).relative_to(color)),
            None => None,
        }
    }

    /// Whether every right held castles with a rook on its standard file (h
    /// or a), as in standard chess.
    pub const fn is_standard(self) -> bool {
        let mut i = 0;
        while i < 4 {
            if self.bits & (1 << i) != 0 && self.rook_files[i] != STANDARD_FILES[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The rights left after a move from or to `sq` by a piece other than
    /// the king: the right of a rook leaving its square, or captured on it, is lost.
    #[inline]
    pub const fn after_touching(self, sq: Square) -> CastlingRights {
        let color = match sq.rank() {
            crate::Rank::First => Color::White,
            crate::Rank::Eighth => Color::Black,
            _ => return self,
        };
        let file = sq.file().index() as u8;
        let mut rights = self;
        let king_side = right_index(color, CastlingSide::King);
        if rights.bits & (1 << king_side) != 0 && rights.rook_files[king_side] == file {
            rights = rights.without(color, CastlingSide::King);
        }
        let queen_side = right_index(color, CastlingSide::Queen);
        if rights.bits & (1 << queen_side) != 0 && rights.rook_files[queen_side] == file {
            rights = rights.without(color, CastlingSide::Queen);
        }
        rights
    }

    /// The rights as a number 0–15 (White king side = 1, White queen side = 2,
    /// Black king side = 4, Black queen side = 8), without the rook files.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.bits
    }

    /// The standard rights with these bits (only the low four count).
    #[inline]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights {
            bits: bits & 15,
            rook_files: STANDARD_FILES,
        }
    }

    /// The rights with colours swapped.
    pub const fn swap_colors(self) -> CastlingRights {
        let f = self.rook_files;
        CastlingRights {
            bits: (self.bits >> 2) | (self.bits & 3) << 2,
            rook_files: [f[2], f[3], f[0], f[1]],
        }
    }

    /// The rights mirrored left to right (files a↔h): king side and queen
    /// side swap, with the rook files mirrored.
    pub const fn flip_files(self) -> CastlingRights {
        let f = self.rook_files;
        let b = self.bits;
        CastlingRights {
            bits: (b & 0b0101) << 1 | (b & 0b1010) >> 1,
            rook_files: [7 - f[1], 7 - f[0], 7 - f[3], 7 - f[2]],
        }
    }
}

impl fmt::Display for CastlingRights {
    /// A FEN castling field that needs no board to read: `KQkq` letters for
    /// rooks on their standard files, the rook's file letter otherwise
    /// (upper case for White, as Shredder-FEN writes it), or `-`. The FEN
    /// writer of the notation crate writes X-FEN, which knows the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.bits == 0 {
            return f.write_str("-");
        }
        for (color, side, letter) in [
            (Color::White, CastlingSide::King, 'K'),
            (Color::White, CastlingSide::Queen, 'Q'),
            (Color::Black, CastlingSide::King, 'k'),
            (Color::Black, CastlingSide::Queen, 'q'),
        ] {
            if let Some(file) = self.rook_file(color, side) {
                let c = if file == side.standard_rook_file() {
                    letter
                } else if color == Color::White {
                    file.to_char().to_ascii_uppercase()
                } else {
                    file.to_char()
                };
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rights() {
        let r = CastlingRights::ALL;
        assert_eq!(r.to_string(), "KQkq");
        assert_eq!(r.without_color(Color::White).to_string(), "kq");
        assert_eq!(r.after_touching(Square::A8).to_string(), "KQk");
        assert_eq!(r.after_touching(Square::H1).to_string(), "Qkq");
        assert_eq!(r.after_touching(Square::E4), r);
        assert_eq!(r.after_touching(Square::E1), r);
        assert_eq!(CastlingRights::NONE.to_string(), "-");
        let white_k = CastlingRights::NONE.with(Color::White, CastlingSide::King);
        assert_eq!(white_k.swap_colors().to_string(), "k");
        assert_eq!(white_k.flip_files().to_string(), "Q");
        assert!(r.is_standard());
    }

    #[test]
    fn chess960_rights() {
        let r = CastlingRights::NONE
            .with_rook(Color::White, CastlingSide::King, File::G)
            .with_rook(Color::White, CastlingSide::Queen, File::A)
            .with_rook(Color::Black, CastlingSide::Queen, File::C);
        assert_eq!(r.to_string(), "GQc");
        assert!(!r.is_standard());
        assert_eq!(
            r.rook_square(Color::Black, CastlingSide::Queen),
            Some(Square::C8)
        );
        assert_eq!(r.rook_square(Color::Black, CastlingSide::King), None);
        // Touching the rook's square loses its right; other back-rank squares do not.
        assert_eq!(r.after_touching(Square::G1).to_string(), "Qc");
        assert_eq!(r.after_touching(Square::H1), r);
        assert_eq!(r.after_touching(Square::C8).to_string(), "GQ");
        // Taking every right away gives the one empty set.
        let gone = r
            .without_color(Color::White)
            .without(Color::Black, CastlingSide::Queen);
        assert_eq!(gone, CastlingRights::NONE);
        assert_eq!(r.swap_colors().swap_colors(), r);
        assert_eq!(r.flip_files().flip_files(), r);
        assert_eq!(r.bits(), 1 | 2 | 8);
    }
}
