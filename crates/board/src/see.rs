//! Static exchange evaluation: the material outcome of a capture sequence on one square.

use crate::attacks::{bishop_attacks, rook_attacks};
use crate::{Move, PieceKind, Position, Square};

/// Piece values used by static exchange evaluation, in centipawns, indexed by
/// [`PieceKind::index`]. The king's value never enters a result: it only
/// captures last, when nothing can take it back.
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

impl Position {
    /// The material the side to move gains with `mv` (a legal move) if both
    /// sides then capture on the destination square with their least valuable
    /// piece for as long as it pays, x-rays included. Quiet moves score what
    /// the opponent can win on the destination (0 or less); castling scores 0.
    ///
    /// ```
    /// use outpost_board::{Piece, Position, Setup, Square};
    ///
    /// // The queen may take the pawn on d5, which the pawn on e6 defends.
    /// let mut setup = Setup::empty();
    /// for (sq, piece) in [
    ///     (Square::G1, Piece::WhiteKing),
    ///     (Square::D1, Piece::WhiteQueen),
    ///     (Square::G8, Piece::BlackKing),
    ///     (Square::D5, Piece::BlackPawn),
    ///     (Square::E6, Piece::BlackPawn),
    /// ] {
    ///     setup.board[sq.index()] = Some(piece);
    /// }
    /// let pos = Position::from_setup(&setup).unwrap();
    /// let qxd5 = pos.find_move(Square::D1, Square::D5, None).unwrap();
    /// assert_eq!(pos.see(qxd5), 100 - 900);
    /// assert!(!pos.see_ge(qxd5, 0));
    /// // Undefended, the pawn is won.
    /// setup.board[Square::E6.index()] = None;
    /// let pos = Position::from_setup(&setup).unwrap();
    /// assert_eq!(pos.see(qxd5), 100);
    /// ```
    pub fn see(&self, mv: Move) -> i32 {
        if mv.is_castle() {
            return 0;
        }
        let from = mv.from();
        let to = mv.to();
        let Some(mover) = self.piece_on(from) else {
            return 0;
        };
        let mut occupied = self.occupied() ^ from;
        let mut gain = [0i32; 34];
        gain[0] = if mv.is_en_passant() {
            occupied ^= Square::new(to.file(), from.rank());
            SEE_VALUES[PieceKind::Pawn.index()]
        } else {
            self.piece_on(to)
                .map_or(0, |p| SEE_VALUES[p.kind().index()])
        };
        let mut on_square = mover.kind();
        if let Some(promoted) = mv.promotion() {
            gain[0] += SEE_VALUES[promoted.index()] - SEE_VALUES[PieceKind::Pawn.index()];
            on_square = promoted;
        }
        let diagonal = self.diagonal_sliders();
        let orthogonal = self.orthogonal_sliders();
        let mut attackers = self.attackers_to(to, occupied) & occupied;
        let mut side = !mover.color();
        let mut depth = 0;
        loop {
            let mine = attackers & self.colored(side);
            let Some((kind, sq)) = PieceKind::ALL
                .iter()
                .find_map(|&k| (mine & self.pieces(k)).first().map(|sq| (k, sq)))
            else {
                break;
            };
            let after = occupied ^ sq;
            let after_attackers = (attackers
                | (bishop_attacks(to, after) & diagonal)
                | (rook_attacks(to, after) & orthogonal))
                & after;
            if kind == PieceKind::King && (after_attackers & self.colored(!side)).is_nonempty() {
                break; // the king may not capture into a defended square
            }
            depth += 1;
            gain[depth] = SEE_VALUES[on_square.index()] - gain[depth - 1];
            if depth + 1 >= gain.len() {
                break;
            }
            occupied = after;
            attackers = after_attackers;
            on_square = kind;
            side = !side;
        }
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        gain[0]
    }

    /// Whether [`Position::see`] of `mv` is at least `threshold`.
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see(mv) >= threshold
    }
}
