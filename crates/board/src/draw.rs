//! Draws by rule: repetition, the fifty-move rule, insufficient material.

use crate::{Bitboard, PieceKind, Position};

impl Position {
    /// Whether neither side can ever checkmate, whatever is played: king
    /// against king, king and one minor piece against king, or kings and
    /// bishops only with every bishop on squares of one colour.
    ///
    /// ```
    /// use outpost_board::{Piece, Position, Setup, Square};
    ///
    /// assert!(!Position::startpos().is_insufficient_material());
    /// // King and bishop against king.
    /// let mut setup = Setup::empty();
    /// for (sq, piece) in [
    ///     (Square::E1, Piece::WhiteKing),
    ///     (Square::C1, Piece::WhiteBishop),
    ///     (Square::E8, Piece::BlackKing),
    /// ] {
    ///     setup.board[sq.index()] = Some(piece);
    /// }
    /// let bishop = Position::from_setup(&setup).unwrap();
    /// assert!(bishop.is_insufficient_material());
    /// // A pawn instead of the bishop can still promote.
    /// setup.board[Square::C1.index()] = None;
    /// setup.board[Square::C2.index()] = Some(Piece::WhitePawn);
    /// let pawn = Position::from_setup(&setup).unwrap();
    /// assert!(!pawn.is_insufficient_material());
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.pieces(PieceKind::Pawn)
            | self.pieces(PieceKind::Rook)
            | self.pieces(PieceKind::Queen);
        if heavy.is_nonempty() {
            return false;
        }
        let knights = self.pieces(PieceKind::Knight);
        let bishops = self.pieces(PieceKind::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    /// Whether a draw can be claimed under the fifty-move rule: a hundred
    /// half-moves without capture or pawn move, unless the side to move is
    /// checkmated.
    ///
    /// ```
    /// use outpost_board::{Piece, Position, Setup, Square};
    ///
    /// let mut setup = Setup::empty();
    /// for (sq, piece) in [
    ///     (Square::E1, Piece::WhiteKing),
    ///     (Square::A1, Piece::WhiteRook),
    ///     (Square::E8, Piece::BlackKing),
    /// ] {
    ///     setup.board[sq.index()] = Some(piece);
    /// }
    /// setup.halfmove_clock = 99;
    /// assert!(!Position::from_setup(&setup).unwrap().is_fifty_move_rule());
    /// setup.halfmove_clock = 100;
    /// assert!(Position::from_setup(&setup).unwrap().is_fifty_move_rule());
    /// ```
    pub fn is_fifty_move_rule(&self) -> bool {
        self.halfmove_clock() >= 100 && !self.is_checkmate()
    }

    /// How many times this position occurred before, given the keys of the
    /// earlier positions of the game in order (`history.last()` is the
    /// position just before this one). Only positions since the last capture
    /// or pawn move, with the same side to move, can match.
    ///
    /// ```
    /// use outpost_board::{Position, Square};
    ///
    /// // The knights go out and back twice: the start position occurs a third time.
    /// let mut pos = Position::startpos();
    /// let mut history = Vec::new();
    /// for _ in 0..2 {
    ///     for (from, to) in [
    ///         (Square::G1, Square::F3),
    ///         (Square::G8, Square::F6),
    ///         (Square::F3, Square::G1),
    ///         (Square::F6, Square::G8),
    ///     ] {
    ///         history.push(pos.key());
    ///         pos = pos.play(pos.find_move(from, to, None).unwrap());
    ///     }
    /// }
    /// assert_eq!(pos.key(), Position::startpos().key());
    /// assert_eq!(pos.repetitions(&history), 2);
    /// assert_eq!(
    ///     pos.earlier_occurrences(&history).collect::<Vec<_>>(),
    ///     [4, 0]
    /// );
    /// assert!(pos.is_threefold_repetition(&history));
    /// assert!(!pos.is_threefold_repetition(&history[4..]));
    /// ```
    pub fn repetitions(&self, history: &[u64]) -> usize {
        self.earlier_occurrences(history).count()
    }

    /// Where this position occurred before in `history` (as for
    /// [`Position::repetitions`]), as indices into `history`, latest first.
    pub fn earlier_occurrences<'a>(&self, history: &'a [u64]) -> impl Iterator<Item = usize> + 'a {
        let key = self.key();
        let oldest = history.len() - (self.halfmove_clock() as usize).min(history.len());
        // Same side to move: every second position, from two plies back.
        (oldest..history.len().saturating_sub(1))
            .rev()
            .step_by(2)
            .filter(move |&i| history[i] == key)
    }

    /// Whether this is at least the third occurrence of the position (a
    /// threefold repetition), given the keys of the earlier positions.
    pub fn is_threefold_repetition(&self, history: &[u64]) -> bool {
        self.repetitions(history) >= 2
    }
}
