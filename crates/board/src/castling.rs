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
pub struct CastlingRights(
    /// Bits 0–3: one bit per right (White king side = 1, White queen side =
    /// 2, Black king side = 4, Black queen side = 8). Bits 4–15: three bits
    /// per right, in the same order, for the file of its rook; the standard
    /// file (h or a) for a right not held, so equal sets compare equal. Two
    /// bytes keep [`Position`](crate::Position) within 128 bytes and make
    /// the rights cheap to copy and compare.
    u16,
);

impl Default for CastlingRights {
    fn default() -> CastlingRights {
        CastlingRights::NONE
    }
}

/// A castling side.
///
/// ```
/// use outpost_board::{CastlingSide, Color, Square};
///
/// let short = CastlingSide::King;
/// assert_eq!(short.king_to(Color::White), Square::G1);
/// assert_eq!(short.rook_to(Color::White), Square::F1);
/// assert_eq!(short.rook_from(Color::White), Square::H1);
/// let long = CastlingSide::Queen;
/// assert_eq!(long.king_to(Color::Black), Square::C8);
/// assert_eq!(long.rook_to(Color::Black), Square::D8);
/// assert_eq!(long.rook_from(Color::Black), Square::A8);
/// ```
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

/// Where the rook file of right `i` starts in the packed rights.
const fn file_shift(i: usize) -> u32 {
    4 + 3 * i as u32
}

/// The rook files of the standard rights (h, a, h, a), packed.
const STANDARD_FILES: u16 = 7 << file_shift(0) | 7 << file_shift(2);

/// The standard file of right `i`, packed in place.
const fn standard_file_bits(i: usize) -> u16 {
    STANDARD_FILES & (7 << file_shift(i))
}

/// For each square, the packed rights that survive a rook leaving or being
/// captured on it when every rook stands on its standard file.
const STANDARD_KEEP: [u16; 64] = {
    let mut keep = [u16::MAX; 64];
    keep[Square::H1.index()] = !1;
    keep[Square::A1.index()] = !2;
    keep[Square::H8.index()] = !4;
    keep[Square::A8.index()] = !8;
    keep
};

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(STANDARD_FILES);
    /// All four rights of standard chess (rooks on the a- and h-files).
    pub const ALL: CastlingRights = CastlingRights(STANDARD_FILES | 15);

    /// Whether `color` may still castle to `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & (1 << right_index(color, side)) != 0
    }

    /// Whether `color` has any right left.
    #[inline]
    pub const fn has_any(self, color: Color) -> bool {
        self.0 & (3 << (color as u16 * 2)) != 0
    }

    /// Whether no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 & 15 == 0
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
        let i = right_index(color, side);
        let cleared = self.0 & !(7 << file_shift(i));
        CastlingRights(cleared | (rook_file.index() as u16) << file_shift(i) | 1 << i)
    }

    /// These rights less one.
    #[inline]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        self.without_index(right_index(color, side))
    }

    #[inline]
    const fn without_index(self, i: usize) -> CastlingRights {
        let cleared = self.0 & !(7 << file_shift(i)) & !(1 << i);
        CastlingRights(cleared | standard_file_bits(i))
    }

    /// These rights less both of `color`'s (its king moved).
    #[inline]
    pub const fn without_color(self, color: Color) -> CastlingRights {
        let first = color as usize * 2;
        self.without_index(first).without_index(first + 1)
    }

    #[inline]
    const fn file_index(self, i: usize) -> usize {
        ((self.0 >> file_shift(i)) & 7) as usize
    }

    /// The file of the rook `color` castles to `side` with, if it holds that right.
    #[inline]
    pub const fn rook_file(self, color: Color, side: CastlingSide) -> Option<File> {
        if self.has(color, side) {
            Some(File::from_index(self.file_index(right_index(color, side))))
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
        self.0 >> 4 == STANDARD_FILES >> 4
    }

    /// The rights left after a move from or to `sq` by a piece other than
    /// the king: the right of a rook leaving its square, or captured on it, is lost.
    #[inline]
    pub const fn after_touching(self, sq: Square) -> CastlingRights {
        let first = match sq.rank() {
            crate::Rank::First => 0,
            crate::Rank::Eighth => 2,
            _ => return self,
        };
        let file = sq.file().index();
        let mut rights = self;
        let mut i = first;
        while i < first + 2 {
            if rights.0 & (1 << i) != 0 && rights.file_index(i) == file {
                rights = rights.without_index(i);
            }
            i += 1;
        }
        rights
    }

    /// The rights left after a move from `from` to `to` by a piece other
    /// than the king ([`CastlingRights::after_touching`] on both squares),
    /// with a table lookup when the rooks stand on their standard files.
    ///
    /// ```
    /// use outpost_board::{CastlingRights, CastlingSide, Color, Square};
    ///
    /// // A rook leaving h1 and a capture on a8 cost one right each.
    /// let rights = CastlingRights::ALL.after_move(Square::H1, Square::A8);
    /// assert!(!rights.has(Color::White, CastlingSide::King));
    /// assert!(!rights.has(Color::Black, CastlingSide::Queen));
    /// assert_eq!(rights.to_string(), "Qk");
    /// // Moves elsewhere change nothing.
    /// assert_eq!(
    ///     CastlingRights::ALL.after_move(Square::B1, Square::C3),
    ///     CastlingRights::ALL
    /// );
    /// ```
    #[inline]
    pub const fn after_move(self, from: Square, to: Square) -> CastlingRights {
        if self.is_standard() {
            CastlingRights(self.0 & STANDARD_KEEP[from.index()] & STANDARD_KEEP[to.index()])
        } else {
            self.after_touching(from).after_touching(to)
        }
    }

    /// The rights as a number 0–15 (White king side = 1, White queen side = 2,
    /// Black king side = 4, Black queen side = 8), without the rook files.
    #[inline]
    pub const fn bits(self) -> u8 {
        (self.0 & 15) as u8
    }

    /// The standard rights with these bits (only the low four count).
    #[inline]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(STANDARD_FILES | (bits & 15) as u16)
    }

    /// The rights with colours swapped.
    pub const fn swap_colors(self) -> CastlingRights {
        let bits = self.0 & 15;
        let files = self.0 >> 4;
        CastlingRights((bits >> 2 | (bits & 3) << 2) | (files >> 6 | (files & 0x3f) << 6) << 4)
    }

    /// The rights mirrored left to right (files a↔h): king side and queen
    /// side swap, with the rook files mirrored.
    pub const fn flip_files(self) -> CastlingRights {
        let mut out = CastlingRights::NONE;
        let mut i = 0;
        while i < 4 {
            if self.0 & (1 << i) != 0 {
                // Right i becomes its partner on the other side (i ^ 1).
                let j = i ^ 1;
                let file = 7 - self.file_index(i) as u16;
                let cleared = out.0 & !(7 << file_shift(j));
                out = CastlingRights(cleared | file << file_shift(j) | 1 << j);
            }
            i += 1;
        }
        out
    }
}

impl fmt::Display for CastlingRights {
    /// A FEN castling field that needs no board to read: `KQkq` letters for
    /// rooks on their standard files, the rook's file letter otherwise
    /// (upper case for White, as Shredder-FEN writes it), or `-`. The FEN
    /// writer of the notation crate writes X-FEN, which knows the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
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

impl std::str::FromStr for CastlingRights {
    type Err = crate::ParseNameError;

    /// A standard FEN castling field: `-`, or any of `K`, `Q`, `k`, `q` in
    /// that order, each right with its rook on the standard file. (Chess960
    /// rights name rook files, which only a board can place on a side: the
    /// notation crate's FEN reader reads those.)
    ///
    /// ```
    /// use outpost_board::{CastlingRights, CastlingSide, Color};
    ///
    /// let rights: CastlingRights = "Kq".parse().unwrap();
    /// assert!(rights.has(Color::White, CastlingSide::King));
    /// assert!(!rights.has(Color::White, CastlingSide::Queen));
    /// assert!(rights.has(Color::Black, CastlingSide::Queen));
    /// assert_eq!(rights.to_string(), "Kq");
    /// assert_eq!("-".parse::<CastlingRights>().unwrap(), CastlingRights::NONE);
    /// assert!("qK".parse::<CastlingRights>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<CastlingRights, crate::ParseNameError> {
        let bad = || crate::ParseNameError {
            what: "castling rights",
            text: text.to_string(),
            expected: "`-` or letters of KQkq in that order",
        };
        if text == "-" {
            return Ok(CastlingRights::NONE);
        }
        let order = [
            ('K', Color::White, CastlingSide::King),
            ('Q', Color::White, CastlingSide::Queen),
            ('k', Color::Black, CastlingSide::King),
            ('q', Color::Black, CastlingSide::Queen),
        ];
        let mut rights = CastlingRights::NONE;
        let mut next = 0;
        for c in text.chars() {
            let at = order[next..].iter().position(|&(letter, ..)| letter == c);
            let Some(at) = at else {
                return Err(bad());
            };
            let (_, color, side) = order[next + at];
            rights = rights.with(color, side);
            next += at + 1;
        }
        if text.is_empty() {
            return Err(bad());
        }
        Ok(rights)
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
        assert_eq!(r.after_move(Square::H1, Square::A8).to_string(), "Qk");
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
        assert_eq!(r.after_move(Square::G1, Square::C8).to_string(), "Q");
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
