//! The compact move type.

use crate::{CastlingSide, Color, File, ParseNameError, PieceKind, Position, Rank, Square};
use std::fmt;

/// What a move does besides going from one square to another.
///
/// The discriminants are the 4-bit flag field of [`Move`]: bit 3 marks a
/// promotion, bit 2 a capture.
///
/// ```
/// use outpost_board::{MoveKind, PieceKind, Position, Square};
///
/// let pos = Position::startpos();
/// let e4 = pos.find_move(Square::E2, Square::E4, None).unwrap();
/// assert_eq!(e4.kind(), MoveKind::DoublePush);
/// let nf3 = pos.find_move(Square::G1, Square::F3, None).unwrap();
/// assert_eq!(nf3.kind(), MoveKind::Quiet);
/// assert_eq!(
///     MoveKind::promotion(PieceKind::Rook, true),
///     MoveKind::CapturePromoteRook
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum MoveKind {
    /// A move to an empty square that is none of the kinds below.
    Quiet = 0,
    /// A pawn's two-square advance from its starting rank.
    DoublePush = 1,
    /// Castling on the king's side (`O-O`).
    KingCastle = 2,
    /// Castling on the queen's side (`O-O-O`).
    QueenCastle = 3,
    /// A capture on the destination square.
    Capture = 4,
    /// A pawn capturing en passant.
    EnPassant = 5,
    /// Promotion to a knight.
    PromoteKnight = 8,
    /// Promotion to a bishop.
    PromoteBishop = 9,
    /// Promotion to a rook.
    PromoteRook = 10,
    /// Promotion to a queen.
    PromoteQueen = 11,
    /// Capture and promotion to a knight.
    CapturePromoteKnight = 12,
    /// Capture and promotion to a bishop.
    CapturePromoteBishop = 13,
    /// Capture and promotion to a rook.
    CapturePromoteRook = 14,
    /// Capture and promotion to a queen.
    CapturePromoteQueen = 15,
}

impl MoveKind {
    const fn from_bits(bits: u16) -> MoveKind {
        match bits & 15 {
            1 => MoveKind::DoublePush,
            2 => MoveKind::KingCastle,
            3 => MoveKind::QueenCastle,
            4 => MoveKind::Capture,
            5 => MoveKind::EnPassant,
            8 => MoveKind::PromoteKnight,
            9 => MoveKind::PromoteBishop,
            10 => MoveKind::PromoteRook,
            11 => MoveKind::PromoteQueen,
            12 => MoveKind::CapturePromoteKnight,
            13 => MoveKind::CapturePromoteBishop,
            14 => MoveKind::CapturePromoteRook,
            15 => MoveKind::CapturePromoteQueen,
            _ => MoveKind::Quiet,
        }
    }

    /// The promotion kind for a promoted piece, with or without capture.
    pub const fn promotion(piece: PieceKind, capture: bool) -> MoveKind {
        let base = match piece {
            PieceKind::Bishop => 9,
            PieceKind::Rook => 10,
            PieceKind::Queen => 11,
            _ => 8,
        };
        MoveKind::from_bits(base | if capture { 4 } else { 0 })
    }
}

/// A move in 16 bits: origin (bits 0–5), destination (6–11) and [`MoveKind`] (12–15).
///
/// Castling is stored as the king taking its own rook (`e1h1`, with kind
/// [`MoveKind::KingCastle`]), which stays unambiguous in Chess960, where the
/// king may start next to its destination or on it. `Display` writes it the
/// standard way, as the king's two-square move (`e1g1`); [`Move::uci`] writes
/// either form. [`Move::NULL`] (all bits zero, written `0000`) passes the
/// turn; it is never a legal move.
///
/// ```
/// use outpost_board::{Move, MoveKind, PieceKind, Square};
///
/// let mv = Move::new(Square::E7, Square::E8, MoveKind::promotion(PieceKind::Queen, false));
/// assert!(mv.is_promotion() && !mv.is_capture());
/// assert_eq!((mv.from(), mv.to()), (Square::E7, Square::E8));
/// assert_eq!(mv.to_string(), "e7e8q");
/// assert_eq!(Move::from_bits(mv.to_bits()), mv);
/// assert!(Move::NULL.is_null());
/// assert_eq!(Move::NULL.to_string(), "0000");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// The null move: passes the turn, written `0000`.
    pub const NULL: Move = Move(0);

    /// A move from `from` to `to` of the given kind.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 12)
    }

    /// The move's 16-bit encoding.
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The move with this 16-bit encoding (any value decodes to some move).
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// The origin square.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_wrapping(self.0 as usize & 63)
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_wrapping((self.0 as usize >> 6) & 63)
    }

    /// The move's kind.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        MoveKind::from_bits(self.0 >> 12)
    }

    /// Whether this is the null move.
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// Whether the move captures (en passant included).
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.0 & (4 << 12) != 0
    }

    /// Whether the move promotes a pawn.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & (8 << 12) != 0
    }

    /// Whether the move captures or promotes: what quiescence search looks at.
    #[inline]
    pub const fn is_noisy(self) -> bool {
        self.0 & (12 << 12) != 0
    }

    /// Whether the move is an en-passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == MoveKind::EnPassant as u16
    }

    /// Whether the move castles, on either side.
    #[inline]
    pub const fn is_castle(self) -> bool {
        let k = self.0 >> 12;
        k == MoveKind::KingCastle as u16 || k == MoveKind::QueenCastle as u16
    }

    /// The castling side, if the move castles.
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self.0 >> 12 {
            2 => Some(CastlingSide::King),
            3 => Some(CastlingSide::Queen),
            _ => None,
        }
    }

    /// Where the moving king or piece ends up: the destination square, except
    /// for castling, where it is the king's square after castling (g1, c1, g8
    /// or c8) rather than the rook's square the move is stored with.
    #[inline]
    pub const fn king_destination(self) -> Square {
        match self.castling_side() {
            Some(side) => {
                let color = if matches!(self.from().rank(), Rank::First) {
                    Color::White
                } else {
                    Color::Black
                };
                side.king_to(color)
            }
            None => self.to(),
        }
    }

    /// The move in long algebraic notation for UCI: castling as the king's
    /// two-square move in standard chess (`e1g1`) or, with `chess960`, as the
    /// king taking its own rook (`e1h1`), as `UCI_Chess960` asks.
    ///
    /// ```
    /// use outpost_board::{Move, MoveKind, Square};
    ///
    /// let castle = Move::new(Square::E1, Square::H1, MoveKind::KingCastle);
    /// assert_eq!(castle.uci(false).to_string(), "e1g1");
    /// assert_eq!(castle.uci(true).to_string(), "e1h1");
    /// assert_eq!(castle.to_string(), "e1g1");
    /// assert_eq!(Move::NULL.uci(false).to_string(), "0000");
    /// ```
    pub const fn uci(self, chess960: bool) -> UciMove {
        if self.is_null() {
            return UciMove::Null;
        }
        UciMove::Normal {
            from: self.from(),
            to: if chess960 {
                self.to()
            } else {
                self.king_destination()
            },
            promotion: self.promotion(),
        }
    }

    /// Whether the move is a castling with king and rook on the squares
    /// standard chess starts them on (king on e1 or e8, rook on the a- or
    /// h-file of the same rank).
    ///
    /// ```
    /// use outpost_board::{Move, MoveKind, Square};
    ///
    /// assert!(Move::new(Square::E8, Square::A8, MoveKind::QueenCastle).is_standard_castle());
    /// assert!(!Move::new(Square::E8, Square::B8, MoveKind::QueenCastle).is_standard_castle());
    /// assert!(!Move::new(Square::E1, Square::G1, MoveKind::Quiet).is_standard_castle());
    /// ```
    pub const fn is_standard_castle(self) -> bool {
        self.is_castle()
            && matches!(self.from().file(), File::E)
            && matches!(self.to().file(), File::A | File::H)
    }

    /// Whether the move is a pawn's double advance.
    #[inline]
    pub const fn is_double_push(self) -> bool {
        self.0 >> 12 == MoveKind::DoublePush as u16
    }

    /// The kind the pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        if self.is_promotion() {
            Some(PieceKind::from_index(((self.0 >> 12) & 3) as usize + 1))
        } else {
            None
        }
    }
}

/// A move in UCI's long algebraic notation, read or written without a
/// position: origin, destination and promotion (`e2e4`, `e7e8q`), or the
/// null move `0000`. [`Move::uci`] writes a move this way; `FromStr` reads
/// the text and [`UciMove::to_move`] finds the legal move it names in a
/// position.
///
/// ```
/// use outpost_board::{Position, Square, UciMove};
///
/// let uci: UciMove = "g1f3".parse().unwrap();
/// assert_eq!(uci, UciMove::Normal { from: Square::G1, to: Square::F3, promotion: None });
/// let mv = uci.to_move(&Position::startpos(), false).unwrap();
/// assert_eq!(mv.uci(false), uci);
/// assert_eq!(uci.to_string(), "g1f3");
/// assert!("e2e5".parse::<UciMove>().unwrap().to_move(&Position::startpos(), false).is_none());
/// assert!("e2".parse::<UciMove>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A move from one square to another, with the kind a pawn promotes to.
    Normal {
        /// The origin square.
        from: Square,
        /// The destination square (for castling: the king's destination,
        /// or in Chess960 form its own rook's square).
        to: Square,
        /// The promotion piece, if any.
        promotion: Option<PieceKind>,
    },
    /// `0000`: the null move.
    Null,
}

impl UciMove {
    /// The legal move of `pos` this names, if any. Castling is read as the
    /// king taking its own rook (`e1h1`) and, unless `chess960`, also as
    /// the king's two-square move (`e1g1`); the null move names no legal
    /// move.
    ///
    /// ```
    /// use outpost_board::{Position, UciMove};
    ///
    /// let mut pos = Position::startpos();
    /// for text in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
    ///     let mv = text.parse::<UciMove>().unwrap().to_move(&pos, false).unwrap();
    ///     pos = pos.play(mv);
    /// }
    /// let king_move: UciMove = "e1g1".parse().unwrap();
    /// let king_takes_rook: UciMove = "e1h1".parse().unwrap();
    /// assert!(king_move.to_move(&pos, false).unwrap().is_castle());
    /// assert!(king_takes_rook.to_move(&pos, true).unwrap().is_castle());
    /// assert_eq!(king_move.to_move(&pos, true), None);
    /// assert_eq!(UciMove::Null.to_move(&pos, false), None);
    /// ```
    pub fn to_move(&self, pos: &Position, chess960: bool) -> Option<Move> {
        let UciMove::Normal {
            from,
            to,
            promotion,
        } = *self
        else {
            return None;
        };
        pos.find_move(from, to, promotion).or_else(|| {
            if chess960 || promotion.is_some() {
                None
            } else {
                pos.castling_move_by_king(from, to)
            }
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UciMove::Null => f.write_str("0000"),
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                match promotion {
                    Some(kind) => write!(f, "{}", kind.to_char()),
                    None => Ok(()),
                }
            }
        }
    }
}

impl std::str::FromStr for UciMove {
    type Err = ParseNameError;

    /// `0000`, or two squares and an optional lower-case promotion letter
    /// (`q`, `r`, `b`, `n`).
    fn from_str(text: &str) -> Result<UciMove, ParseNameError> {
        let malformed = || ParseNameError {
            what: "UCI move",
            text: text.to_string(),
            expected: "two squares and an optional promotion letter, like e2e4 or e7e8q, or 0000",
        };
        if text == "0000" {
            return Ok(UciMove::Null);
        }
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(malformed());
        }
        let from: Square = text[0..2].parse().map_err(|_| malformed())?;
        let to: Square = text[2..4].parse().map_err(|_| malformed())?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => match PieceKind::from_char(c) {
                Some(kind) if c.is_ascii_lowercase() && PieceKind::PROMOTIONS.contains(&kind) => {
                    Some(kind)
                }
                _ => return Err(malformed()),
            },
        };
        Ok(UciMove::Normal {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for Move {
    /// Long algebraic notation: `e2e4`, `e7e8q`, `0000`; castling as the
    /// king's two-square move (`e1g1`) when king and rook stand where
    /// standard chess has them, otherwise as the king taking its own rook
    /// (`e8b8`), the only form a Chess960 castling cannot be misread in.
    /// [`Move::uci`] chooses the form explicitly, as a front end that knows
    /// its protocol's `UCI_Chess960` setting does.
    ///
    /// ```
    /// use outpost_board::{Move, MoveKind, Square};
    ///
    /// assert_eq!(Move::new(Square::E1, Square::H1, MoveKind::KingCastle).to_string(), "e1g1");
    /// // Chess960: king on e8, rook on b8, castling queen's side.
    /// assert_eq!(Move::new(Square::E8, Square::B8, MoveKind::QueenCastle).to_string(), "e8b8");
    /// // King on f1, rook on h1.
    /// assert_eq!(Move::new(Square::F1, Square::H1, MoveKind::KingCastle).to_string(), "f1h1");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.uci(self.is_castle() && !self.is_standard_castle())
            .fmt(f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({:?})", self.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding() {
        let m = Move::new(Square::E7, Square::D8, MoveKind::CapturePromoteKnight);
        assert_eq!(m.from(), Square::E7);
        assert_eq!(m.to(), Square::D8);
        assert!(m.is_capture() && m.is_promotion() && m.is_noisy());
        assert_eq!(m.promotion(), Some(PieceKind::Knight));
        assert_eq!(m.to_string(), "e7d8n");
        assert_eq!(Move::from_bits(m.to_bits()), m);
        for piece in PieceKind::PROMOTIONS {
            for capture in [false, true] {
                let m = Move::new(Square::A7, Square::A8, MoveKind::promotion(piece, capture));
                assert_eq!(m.promotion(), Some(piece));
                assert_eq!(m.is_capture(), capture);
            }
        }
        assert_eq!(Move::NULL.to_string(), "0000");
        let castle = Move::new(Square::E1, Square::H1, MoveKind::KingCastle);
        assert!(castle.is_castle() && !castle.is_capture());
        assert_eq!(castle.castling_side(), Some(CastlingSide::King));
        assert_eq!(castle.king_destination(), Square::G1);
        assert_eq!(castle.to_string(), "e1g1");
        let long = Move::new(Square::B8, Square::A8, MoveKind::QueenCastle);
        assert_eq!(long.king_destination(), Square::C8);
        // A castling off the standard squares displays as king takes rook:
        // "b8c8" would read as a king's step.
        assert_eq!(long.to_string(), "b8a8");
        assert_eq!(long.uci(false).to_string(), "b8c8");
        assert_eq!(long.uci(true).to_string(), "b8a8");
        assert_eq!(m.king_destination(), Square::D8);
        assert!(Move::new(Square::E5, Square::D6, MoveKind::EnPassant).is_capture());
        assert_eq!(size_of::<Move>(), 2);
    }
}
