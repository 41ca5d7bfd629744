//! Castling rights.

use crate::{Color, Square};
use std::fmt;

/// Which castlings are still allowed: a set of up to four rights.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

/// A castling side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file (`O-O`).
    King,
    /// Towards the a-file (`O-O-O`).
    Queen,
}

impl CastlingSide {
    /// Both sides, king's side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// Where `color`'s rook stands before castling to this side.
    pub const fn rook_from(self, color: Color) -> Square {
        match self {
            CastlingSide::King => Square::H1.relative_to(color),
            CastlingSide::Queen => Square::A1.relative_to(color),
        }
    }

    /// Where `color`'s rook ends up after castling to this side.
    pub const fn rook_to(self, color: Color) -> Square {
        match self {
            CastlingSide::King => Square::F1.relative_to(color),
            CastlingSide::Queen => Square::D1.relative_to(color),
        }
    }

    /// Where `color`'s king ends up after castling to this side.
    pub const fn king_to(self, color: Color) -> Square {
        match self {
            CastlingSide::King => Square::G1.relative_to(color),
            CastlingSide::Queen => Square::C1.relative_to(color),
        }
    }
}

/// For each square, the rights that survive a move from or to it (a king or
/// rook leaving its square, or a rook being captured on it).
const KEEP_MASK: [u8; 64] = {
    let mut keep = [15u8; 64];
    keep[Square::E1.index()] = 15 & !3;
    keep[Square::H1.index()] = 15 & !1;
    keep[Square::A1.index()] = 15 & !2;
    keep[Square::E8.index()] = 15 & !12;
    keep[Square::H8.index()] = 15 & !4;
    keep[Square::A8.index()] = 15 & !8;
    keep
};

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(15);

    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// Whether `color` may still castle to `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    /// Whether `color` has any right left.
    #[inline]
    pub const fn has_any(self, color: Color) -> bool {
        self.0 & (3 << (color as u8 * 2)) != 0
    }

    /// These rights plus one.
    #[inline]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | Self::bit(color, side))
    }

    /// These rights less one.
    #[inline]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !Self::bit(color, side))
    }

    /// The rights left after a move touching `sq` (as origin or destination).
    #[inline]
    pub const fn after_touching(self, sq: Square) -> CastlingRights {
        CastlingRights(self.0 & KEEP_MASK[sq.index()])
    }

    /// The rights as a number 0–15 (White king side = 1, White queen side = 2,
    /// Black king side = 4, Black queen side = 8).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The rights with these bits (only the low four count).
    #[inline]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 15)
    }

    /// The rights with colours swapped.
    pub const fn swap_colors(self) -> CastlingRights {
        CastlingRights((self.0 >> 2) | (self.0 & 3) << 2)
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN castling field: a subset of `KQkq`, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for (color, side, c) in [
            (Color::White, CastlingSide::King, 'K'),
            (Color::White, CastlingSide::Queen, 'Q'),
            (Color::Black, CastlingSide::King, 'k'),
            (Color::Black, CastlingSide::Queen, 'q'),
        ] {
            if self.has(color, side) {
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
        assert_eq!(r.after_touching(Square::E1).to_string(), "kq");
        assert_eq!(r.after_touching(Square::A8).to_string(), "KQk");
        assert_eq!(r.after_touching(Square::E4), r);
        assert_eq!(CastlingRights::NONE.to_string(), "-");
        let white_k = CastlingRights::NONE.with(Color::White, CastlingSide::King);
        assert_eq!(white_k.swap_colors().to_string(), "k");
    }
}
