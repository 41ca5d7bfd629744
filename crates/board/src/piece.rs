//! Piece kinds and coloured pieces.

use crate::Color;

/// The six kinds of chess piece, in the conventional value order.
///
/// ```
/// use outpost_board::{PieceKind, Position, Square};
///
/// let pos = Position::startpos();
/// assert_eq!(
///     pos.piece_on(Square::G1).map(|p| p.kind()),
///     Some(PieceKind::Knight)
/// );
/// assert_eq!(PieceKind::from_char('N'), Some(PieceKind::Knight));
/// assert_eq!(PieceKind::Knight.to_char(), 'n');
/// assert_eq!(
///     PieceKind::from_index(PieceKind::Rook.index()),
///     PieceKind::Rook
/// );
/// assert!(PieceKind::Pawn < PieceKind::Queen);
/// assert!(!PieceKind::PROMOTIONS.contains(&PieceKind::King));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum PieceKind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl PieceKind {
    /// All kinds, pawn first, king last.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The kinds a pawn may promote to, strongest first.
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];

    /// Index 0 (pawn) to 5 (king).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `index` (0 pawn … 5 king; larger values give the king).
    #[inline]
    pub const fn from_index(index: usize) -> PieceKind {
        const KINDS: [PieceKind; 8] = [
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::King,
            PieceKind::King,
        ];
        if index < 6 {
            KINDS[index]
        } else {
            PieceKind::King
        }
    }

    /// The lowercase letter: `p n b r q k`.
    pub const fn to_char(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
        }
    }

    /// The kind from its letter, either case.
    pub const fn from_char(c: char) -> Option<PieceKind> {
        match c.to_ascii_lowercase() {
            'p' => Some(PieceKind::Pawn),
            'n' => Some(PieceKind::Knight),
            'b' => Some(PieceKind::Bishop),
            'r' => Some(PieceKind::Rook),
            'q' => Some(PieceKind::Queen),
            'k' => Some(PieceKind::King),
            _ => None,
        }
    }
}

/// A piece of a given colour, stored in one byte (`Option<Piece>` too).
///
/// The discriminant is `kind * 2 + color`, so both halves come out with a
/// shift and a mask.
///
/// ```
/// use outpost_board::{Color, Piece, PieceKind, Position, Square};
///
/// let queen = Piece::new(Color::Black, PieceKind::Queen);
/// assert_eq!(queen, Piece::BlackQueen);
/// assert_eq!(
///     (queen.color(), queen.kind()),
///     (Color::Black, PieceKind::Queen)
/// );
/// assert_eq!(queen.to_char(), 'q');
/// assert_eq!(Piece::from_char('Q'), Some(Piece::WhiteQueen));
/// assert_eq!(Position::startpos().piece_on(Square::D8), Some(queen));
/// assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Piece {
    WhitePawn,
    BlackPawn,
    WhiteKnight,
    BlackKnight,
    WhiteBishop,
    BlackBishop,
    WhiteRook,
    BlackRook,
    WhiteQueen,
    BlackQueen,
    WhiteKing,
    BlackKing,
}

impl Piece {
    /// All twelve pieces in index order: pawns first, White before Black.
    pub const ALL: [Piece; 12] = [
        Piece::WhitePawn,
        Piece::BlackPawn,
        Piece::WhiteKnight,
        Piece::BlackKnight,
        Piece::WhiteBishop,
        Piece::BlackBishop,
        Piece::WhiteRook,
        Piece::BlackRook,
        Piece::WhiteQueen,
        Piece::BlackQueen,
        Piece::WhiteKing,
        Piece::BlackKing,
    ];

    /// The piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece::ALL[kind as usize * 2 + color as usize]
    }

    /// Index 0 to 11: `kind * 2 + color`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The piece's colour.
    #[inline]
    pub const fn color(self) -> Color {
        Color::from_index(self as usize & 1)
    }

    /// The piece's kind.
    #[inline]
    pub const fn kind(self) -> PieceKind {
        PieceKind::from_index((self as usize >> 1) & 7)
    }

    /// The FEN letter: uppercase for White, lowercase for Black.
    pub const fn to_char(self) -> char {
        let c = self.kind().to_char();
        match self.color() {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The piece from its FEN letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        match PieceKind::from_char(c) {
            Some(kind) if c.is_ascii_uppercase() => Some(Piece::new(Color::White, kind)),
            Some(kind) => Some(Piece::new(Color::Black, kind)),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_parts() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                assert_eq!((p.color(), p.kind()), (color, kind));
                assert_eq!(Piece::from_char(p.to_char()), Some(p));
            }
        }
        assert_eq!(size_of::<Option<Piece>>(), 1);
        assert_eq!(Piece::from_char('x'), None);
    }
}
