//! The text forms of the board's small types, through the standard traits:
//! `Display` writes what FEN and UCI write, `FromStr` reads it back (and a
//! few spellings people type).
//!
//! ```
//! use outpost_board::{Color, File, Piece, PieceKind, Rank};
//!
//! assert_eq!("black".parse::<Color>().unwrap(), Color::Black);
//! assert_eq!(Color::White.to_string(), "white");
//! assert_eq!("N".parse::<Piece>().unwrap().to_string(), "N");
//! assert_eq!("queen".parse::<PieceKind>().unwrap().to_string(), "q");
//! assert_eq!("e".parse::<File>().unwrap().to_string(), "e");
//! assert_eq!("8".parse::<Rank>().unwrap().to_string(), "8");
//! assert!("purple".parse::<Color>().is_err());
//! ```

use crate::{Color, File, Piece, PieceKind, Rank};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A name of a colour, piece, file or rank that was not one.
///
/// ```
/// use outpost_board::{Color, ParseNameError, PieceKind};
///
/// let err: ParseNameError = "purple".parse::<Color>().unwrap_err();
/// assert_eq!((err.what, err.text.as_str()), ("colour", "purple"));
/// assert_eq!(
///     err.to_string(),
///     "bad colour `purple`: expected white, black, w or b"
/// );
/// assert_eq!("x".parse::<PieceKind>().unwrap_err().what, "piece kind");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad {what} `{text}`: expected {expected}")]
pub struct ParseNameError {
    /// What was being read: `colour`, `piece`, `piece kind`, `file`, `rank`.
    pub what: &'static str,
    /// The text given.
    pub text: String,
    /// What would have been read.
    pub expected: &'static str,
}

fn single_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

impl fmt::Display for Color {
    /// `white` or `black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

impl FromStr for Color {
    type Err = ParseNameError;

    /// `white`, `black`, or FEN's `w`, `b` (any case).
    fn from_str(s: &str) -> Result<Color, ParseNameError> {
        match s.to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err(ParseNameError {
                what: "colour",
                text: s.to_string(),
                expected: "white, black, w or b",
            }),
        }
    }
}

impl fmt::Display for PieceKind {
    /// The lowercase letter, as a UCI promotion writes it: `p n b r q k`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for PieceKind {
    type Err = ParseNameError;

    /// A letter (`n`, `N`) or a name (`knight`), any case.
    fn from_str(s: &str) -> Result<PieceKind, ParseNameError> {
        let by_name = match s.to_ascii_lowercase().as_str() {
            "pawn" => Some(PieceKind::Pawn),
            "knight" => Some(PieceKind::Knight),
            "bishop" => Some(PieceKind::Bishop),
            "rook" => Some(PieceKind::Rook),
            "queen" => Some(PieceKind::Queen),
            "king" => Some(PieceKind::King),
            _ => None,
        };
        by_name
            .or_else(|| single_char(s).and_then(PieceKind::from_char))
            .ok_or_else(|| ParseNameError {
                what: "piece kind",
                text: s.to_string(),
                expected: "a letter p, n, b, r, q, k or a name such as knight",
            })
    }
}

impl fmt::Display for Piece {
    /// FEN's letter: uppercase for White, lowercase for Black.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for Piece {
    type Err = ParseNameError;

    /// FEN's letter: `P N B R Q K` for White, `p n b r q k` for Black.
    fn from_str(s: &str) -> Result<Piece, ParseNameError> {
        single_char(s)
            .and_then(Piece::from_char)
            .ok_or_else(|| ParseNameError {
                what: "piece",
                text: s.to_string(),
                expected: "a FEN letter such as N or q",
            })
    }
}

impl fmt::Display for File {
    /// `a` to `h`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for File {
    type Err = ParseNameError;

    /// `a` to `h`.
    fn from_str(s: &str) -> Result<File, ParseNameError> {
        single_char(s)
            .and_then(File::from_char)
            .ok_or_else(|| ParseNameError {
                what: "file",
                text: s.to_string(),
                expected: "a letter a to h",
            })
    }
}

impl fmt::Display for Rank {
    /// `1` to `8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for Rank {
    type Err = ParseNameError;

    /// `1` to `8`.
    fn from_str(s: &str) -> Result<Rank, ParseNameError> {
        single_char(s)
            .and_then(Rank::from_char)
            .ok_or_else(|| ParseNameError {
                what: "rank",
                text: s.to_string(),
                expected: "a digit 1 to 8",
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_form_reads_back() {
        for color in [Color::White, Color::Black] {
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
            assert_eq!(color.to_char().to_string().parse::<Color>(), Ok(color));
        }
        for kind in PieceKind::ALL {
            assert_eq!(kind.to_string().parse::<PieceKind>(), Ok(kind));
            for color in [Color::White, Color::Black] {
                let piece = Piece::new(color, kind);
                assert_eq!(piece.to_string().parse::<Piece>(), Ok(piece));
            }
        }
        for file in File::ALL {
            assert_eq!(file.to_string().parse::<File>(), Ok(file));
        }
        for rank in Rank::ALL {
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
        }
        for bad in ["", "x", "ab", "9", "whit"] {
            assert!(bad.parse::<Color>().is_err(), "{bad}");
            assert!(bad.parse::<Rank>().is_err(), "{bad}");
        }
        assert!("kk".parse::<Piece>().is_err());
        assert!("i".parse::<File>().is_err());
        let err = "purple".parse::<Color>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad colour `purple`: expected white, black, w or b"
        );
    }
}
