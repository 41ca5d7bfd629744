//! Sets of squares as 64-bit masks.

use crate::{File, Rank, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares: bit `n` stands for the square with index `n` (a1 = bit 0).
///
/// ```
/// use outpost_board::{Bitboard, File, Square};
///
/// let e_file = Bitboard::file(File::E);
/// assert_eq!(e_file.count(), 8);
/// assert!(e_file.contains(Square::E4) && !e_file.contains(Square::D4));
/// let two = Bitboard::from_square(Square::A1).with(Square::H8);
/// assert!(two.has_several());
/// assert_eq!(two.into_iter().collect::<Vec<_>>(), [Square::A1, Square::H8]);
/// assert_eq!(two.without(Square::A1).single(), Square::H8);
/// // `Debug` draws the board, eighth rank on top.
/// let drawn = format!("{two:?}");
/// assert!(drawn.lines().nth(1).unwrap().ends_with('X'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The light squares.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares.
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The first and eighth ranks, where pawns promote and never stand.
    pub const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

    /// The squares of the same colour as `sq` (light or dark), `sq` included.
    ///
    /// ```
    /// use outpost_board::{Bitboard, Square};
    ///
    /// let light = Bitboard::same_colour(Square::F1);
    /// assert_eq!(light, Bitboard::LIGHT_SQUARES);
    /// assert_eq!(light.count(), 32);
    /// assert!(light.contains(Square::C4) && !light.contains(Square::C1));
    /// ```
    #[inline]
    pub const fn same_colour(sq: Square) -> Bitboard {
        if sq.is_light() {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        }
    }

    /// The squares of one file.
    ///
    /// ```
    /// use outpost_board::{Bitboard, File, Rank, Square};
    ///
    /// // A file and a rank cross on one square.
    /// let crossing = Bitboard::file(File::D) & Bitboard::rank(Rank::Fifth);
    /// assert_eq!(crossing, Bitboard::from_square(Square::D5));
    /// assert_eq!(
    ///     (Bitboard::file(File::A) | Bitboard::file(File::H)).count(),
    ///     16
    /// );
    /// ```
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u32)
    }

    /// The squares of one rank.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// The set holding only `sq`.
    ///
    /// ```
    /// use outpost_board::{Bitboard, Square};
    ///
    /// // Sets combine with `|`, `&`, `^` and `!`, with a set or a square.
    /// let a = Bitboard::from_square(Square::A1) | Square::B2 | Square::C3;
    /// let b = Bitboard::from_square(Square::C3) | Square::D4;
    /// assert_eq!((a & b).single(), Square::C3);
    /// assert_eq!((a ^ b).count(), 3);
    /// assert_eq!((a | b).count(), 4);
    /// assert_eq!((!a).count(), 61);
    /// let mut c = a;
    /// c ^= Square::A1;
    /// assert_eq!(c.first(), Some(Square::B2));
    /// assert_eq!(Bitboard::from(Square::E4), Bitboard::EMPTY.with(Square::E4));
    /// ```
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    pub const fn is_nonempty(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has two or more squares.
    #[inline]
    pub const fn has_several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest-indexed square, if any.
    ///
    /// ```
    /// use outpost_board::{Bitboard, Square};
    ///
    /// let set: Bitboard = [Square::H8, Square::C2].into_iter().collect();
    /// assert_eq!(set.first(), Some(Square::C2));
    /// assert_eq!(Bitboard::EMPTY.first(), None);
    /// ```
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_wrapping(self.0.trailing_zeros() as usize))
        }
    }

    /// The only square of a set known to hold exactly one (otherwise its lowest, or a1 if empty).
    #[inline]
    pub const fn single(self) -> Square {
        Square::from_index_wrapping(self.0.trailing_zeros() as usize)
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// The set mirrored top to bottom (a1 ↔ a8).
    ///
    /// ```
    /// use outpost_board::{Bitboard, Rank, Square};
    ///
    /// let b2 = Bitboard::from_square(Square::B2);
    /// assert_eq!(b2.flip_ranks(), Bitboard::from_square(Square::B7));
    /// assert_eq!(
    ///     Bitboard::rank(Rank::First).flip_ranks(),
    ///     Bitboard::rank(Rank::Eighth)
    /// );
    /// ```
    #[inline]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// Every square moved one rank up, towards the eighth rank.
    ///
    /// ```
    /// use outpost_board::{Bitboard, Rank, Square};
    ///
    /// // White's pawns on their second rank, one step forward.
    /// let pawns = Bitboard::rank(Rank::Second);
    /// assert_eq!(pawns.shift_up(), Bitboard::rank(Rank::Third));
    /// assert_eq!(pawns.shift_up().shift_down(), pawns);
    /// // Squares pushed past the eighth rank fall off the board.
    /// assert!(Bitboard::from_square(Square::E8).shift_up().is_empty());
    /// ```
    #[inline]
    pub const fn shift_up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Every square moved one rank down, towards the first rank.
    #[inline]
    pub const fn shift_down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign:ident, $afn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $trait<Square> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: Square) -> Bitboard {
                Bitboard(self.0 $op (1 << rhs.index()))
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $afn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $assign<Square> for Bitboard {
            #[inline]
            fn $afn(&mut self, rhs: Square) {
                self.0 = self.0 $op (1 << rhs.index());
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as an 8×8 grid, eighth rank on top, `X` for members.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.contains(Square::new(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
                if file != File::H {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterate_and_count() {
        let bb = Bitboard::from_square(Square::A1) | Square::H8 | Square::E4;
        assert_eq!(bb.count(), 3);
        assert_eq!(
            bb.collect::<Vec<_>>(),
            vec![Square::A1, Square::E4, Square::H8]
        );
        assert!(bb.has_several());
        assert!(!Bitboard::from_square(Square::E4).has_several());
        assert_eq!(Bitboard::EMPTY.first(), None);
    }

    #[test]
    fn masks() {
        assert_eq!(Bitboard::file(File::A).count(), 8);
        assert!(Bitboard::rank(Rank::Eighth).contains(Square::H8));
        assert_eq!(
            (Bitboard::LIGHT_SQUARES | Bitboard::DARK_SQUARES),
            Bitboard::FULL
        );
        assert!(Bitboard::LIGHT_SQUARES.contains(Square::H1));
        assert_eq!(Bitboard::same_colour(Square::H1), Bitboard::LIGHT_SQUARES);
        assert_eq!(Bitboard::same_colour(Square::A1), Bitboard::DARK_SQUARES);
        assert_eq!(Bitboard::same_colour(Square::H8), Bitboard::DARK_SQUARES);
        let grid = format!("{:?}", Bitboard::from_square(Square::A8));
        assert!(grid.lines().nth(1).unwrap().starts_with("X ."));
    }
}
