//! The two sides.

use std::ops::Not;

/// A side: White or Black.
///
/// ```
/// use outpost_board::{Color, Position};
///
/// let side = Position::startpos().side_to_move();
/// assert_eq!(side, Color::White);
/// assert_eq!(!side, Color::Black);
/// assert_eq!(side.opponent(), Color::Black);
/// assert_eq!(
///     (Color::Black.index(), Color::from_index(1)),
///     (1, Color::Black)
/// );
/// assert_eq!(Color::Black.to_char(), 'b');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// Index for table lookups: White 0, Black 1.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour with the given index (0 White, anything else Black).
    #[inline]
    pub const fn from_index(index: usize) -> Color {
        if index == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The FEN letter for the side to move: `w` or `b`.
    pub const fn to_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opponent()
    }
}
