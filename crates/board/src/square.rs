//! Squares, files and ranks.

use crate::{BoardError, Color};
use std::fmt;
use std::str::FromStr;

/// A file (column), `a` to `h`.
///
/// ```
/// use outpost_board::{File, Square};
///
/// let file = File::from_char('c').unwrap();
/// assert_eq!(file, File::C);
/// assert_eq!((file.index(), file.to_char()), (2, 'c'));
/// assert_eq!(Square::C7.file(), File::C);
/// assert!(File::A < File::H);
/// assert_eq!(File::from_char('i'), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row), `1` to `8`.
///
/// ```
/// use outpost_board::{Color, Rank, Square};
///
/// let rank = Rank::from_char('4').unwrap();
/// assert_eq!(rank, Rank::Fourth);
/// assert_eq!((rank.index(), rank.to_char()), (3, '4'));
/// assert_eq!(Square::E4.rank(), Rank::Fourth);
/// // White's second rank is Black's seventh.
/// assert_eq!(Rank::Second.relative_to(Color::Black), Rank::Seventh);
/// assert_eq!(Rank::Second.relative_to(Color::White), Rank::Second);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, `a` to `h`.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// Index 0 (`a`) to 7 (`h`).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file with index `index & 7`.
    #[inline]
    pub const fn from_index(index: usize) -> File {
        File::ALL[index & 7]
    }

    /// The file from its letter, `a` to `h`.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::ALL[c as usize - 'a' as usize]),
            _ => None,
        }
    }

    /// The file's letter, `a` to `h`.
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }
}

impl Rank {
    /// All ranks, first to eighth.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// Index 0 (first rank) to 7 (eighth rank).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with index `index & 7`.
    #[inline]
    pub const fn from_index(index: usize) -> Rank {
        Rank::ALL[index & 7]
    }

    /// The rank from its digit, `1` to `8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::ALL[c as usize - '1' as usize]),
            _ => None,
        }
    }

    /// The rank's digit, `1` to `8`.
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// This rank as seen from `color`'s side: the first rank is Black's eighth.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}

/// One of the 64 squares, numbered a1 = 0, b1 = 1, …, h8 = 63.
///
/// ```
/// use outpost_board::{File, Rank, Square};
///
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::E4);
/// assert_eq!((e4.file(), e4.rank()), (File::E, Rank::Fourth));
/// assert_eq!(e4.index(), 28);
/// assert_eq!(e4.to_string(), "e4");
/// assert!("i9".parse::<Square>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square ", stringify!($name), ".")]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// Every square, a1 first, h8 last.
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square on `file` and `rank`.
    ///
    /// ```
    /// use outpost_board::{File, Rank, Square};
    ///
    /// assert_eq!(Square::new(File::G, Rank::First), Square::G1);
    /// assert_eq!(Square::new(File::H, Rank::Eighth).index(), 63);
    /// ```
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square((rank as u8) << 3 | file as u8)
    }

    /// The square with this index, or `None` if it is 64 or more.
    ///
    /// ```
    /// use outpost_board::Square;
    ///
    /// assert_eq!(Square::from_index(0), Some(Square::A1));
    /// assert_eq!(Square::from_index(28), Some(Square::E4));
    /// assert_eq!(Square::from_index(64), None);
    /// ```
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with index `index & 63`; for indices known to be in range.
    #[inline]
    pub const fn from_index_wrapping(index: usize) -> Square {
        Square((index & 63) as u8)
    }

    /// Index 0 (a1) to 63 (h8).
    #[inline]
    pub const fn index(self) -> usize {
        // A square is always below 64; saying so lets table lookups skip
        // their bounds checks.
        (self.0 & 63) as usize
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::from_index(self.0 as usize & 7)
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::from_index(self.0 as usize >> 3)
    }

    /// The same file on the mirrored rank (a1 ↔ a8): the square as seen by the other side.
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The same rank on the mirrored file (a1 ↔ h1).
    #[inline]
    pub const fn flip_file(self) -> Square {
        Square(self.0 ^ 7)
    }

    /// This square as seen from `color`'s side (a1 is Black's a8).
    ///
    /// ```
    /// use outpost_board::{Color, Square};
    ///
    /// // Each side's king starts on its own e1.
    /// assert_eq!(Square::E1.relative_to(Color::White), Square::E1);
    /// assert_eq!(Square::E1.relative_to(Color::Black), Square::E8);
    /// assert_eq!(Square::C2.flip_rank(), Square::C7);
    /// assert_eq!(Square::C2.flip_file(), Square::F2);
    /// ```
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    ///
    /// ```
    /// use outpost_board::Square;
    ///
    /// // A knight's jump from g1, and one off the board.
    /// assert_eq!(Square::G1.offset(-1, 2), Some(Square::F3));
    /// assert_eq!(Square::G1.offset(2, 1), None);
    /// assert_eq!(Square::G1.distance(Square::F3), 2);
    /// assert_eq!(Square::A1.distance(Square::H8), 7);
    /// ```
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = (self.0 & 7) as i8 + df;
        let r = (self.0 >> 3) as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// The number of king moves between two squares (Chebyshev distance).
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self.0 & 7).abs_diff(other.0 & 7);
        let dr = (self.0 >> 3).abs_diff(other.0 >> 3);
        if df > dr {
            df
        } else {
            dr
        }
    }

    /// Whether the square is a light square (h1 is light, a1 dark).
    pub const fn is_light(self) -> bool {
        ((self.0 & 7) + (self.0 >> 3)) % 2 == 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = BoardError;

    /// Parses a square name such as `e4`.
    fn from_str(s: &str) -> Result<Square, BoardError> {
        let mut chars = s.chars();
        match (
            chars.next().and_then(File::from_char),
            chars.next().and_then(Rank::from_char),
        ) {
            (Some(file), Some(rank)) if chars.next().is_none() => Ok(Square::new(file, rank)),
            _ => Err(BoardError::BadSquare {
                text: s.to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!(Square::E4.to_string(), "e4");
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
        assert!("a1x".parse::<Square>().is_err());
    }

    #[test]
    fn geometry() {
        assert_eq!(Square::A1.flip_rank(), Square::A8);
        assert_eq!(Square::A1.flip_file(), Square::H1);
        assert_eq!(Square::E2.offset(0, 2), Some(Square::E4));
        assert_eq!(Square::H2.offset(1, 0), None);
        assert_eq!(Square::A1.distance(Square::H8), 7);
        assert!(Square::H1.is_light());
        assert!(!Square::A1.is_light());
    }
}
