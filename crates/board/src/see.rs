//! Static exchange evaluation: the material outcome of a capture sequence on one square.

use crate::attacks::{bishop_attacks, rook_attacks};
use crate::{Bitboard, Color, Move, PieceKind, Position, Square};

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
    /// It plays the whole exchange, looking up every slider behind each
    /// capture: the plain reference that [`Position::see_ge`], which the
    /// search calls and which stops early, is tested against.
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
        let (mut occupied, mut attackers) = self.after_first_capture(mv);
        let mut gain = [0i32; 34];
        let (taken, mut on_square) = self.first_capture(mv, mover.kind());
        gain[0] = taken;
        let diagonal = self.diagonal_sliders();
        let orthogonal = self.orthogonal_sliders();
        let mut side = !mover.color();
        let mut depth = 0;
        while let Some((kind, sq)) = self.least_valuable(attackers, side) {
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
    ///
    /// The same answer as `self.see(mv) >= threshold`, found by walking
    /// the same exchange and stopping as soon as it is decided: a side
    /// that would stop capturing stops the walk, and so does a balance
    /// that the next capture cannot bring across the threshold.
    ///
    /// ```
    /// use outpost_board::{Piece, Position, Setup, Square};
    ///
    /// let mut setup = Setup::empty();
    /// for (sq, piece) in [
    ///     (Square::G1, Piece::WhiteKing),
    ///     (Square::E4, Piece::WhitePawn),
    ///     (Square::F3, Piece::WhiteKnight),
    ///     (Square::G8, Piece::BlackKing),
    ///     (Square::D5, Piece::BlackPawn),
    ///     (Square::C6, Piece::BlackPawn),
    /// ] {
    ///     setup.board[sq.index()] = Some(piece);
    /// }
    /// let pos = Position::from_setup(&setup).unwrap();
    /// // Pawn takes pawn: at least level, whatever follows.
    /// let exd5 = pos.find_move(Square::E4, Square::D5, None).unwrap();
    /// assert!(pos.see_ge(exd5, 0));
    /// assert!(!pos.see_ge(exd5, 1));
    /// // A knight for a pawn the pawn on c6 defends loses 220.
    /// setup.board[Square::E4.index()] = None;
    /// setup.board[Square::F3.index()] = None;
    /// setup.board[Square::F4.index()] = Some(Piece::WhiteKnight);
    /// let pos = Position::from_setup(&setup).unwrap();
    /// let nxd5 = pos.find_move(Square::F4, Square::D5, None).unwrap();
    /// assert!(pos.see_ge(nxd5, -220));
    /// assert!(!pos.see_ge(nxd5, -219));
    /// ```
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        if mv.is_castle() {
            return 0 >= threshold;
        }
        let from = mv.from();
        let to = mv.to();
        let Some(mover) = self.piece_on(from) else {
            return 0 >= threshold;
        };
        // The material balance from the mover's view after each capture.
        // After the first one the opponent decides whether to go on: it
        // stops if the mover is below the threshold, and the answer is
        // yes if even its recapture (the mover then stopping) leaves the
        // mover at the threshold.
        let (mut balance, mut on_square) = self.first_capture(mv, mover.kind());
        if balance < threshold {
            return false;
        }
        if balance - SEE_VALUES[on_square.index()] >= threshold {
            return true;
        }
        let (mut occupied, mut attackers) = self.after_first_capture(mv);
        let diagonal = self.diagonal_sliders();
        let orthogonal = self.orthogonal_sliders();
        let mut side = !mover.color();
        let mut movers_turn = false;
        while let Some((kind, sq)) = self.least_valuable(attackers, side) {
            occupied ^= sq;
            // Sliders behind the capturer join in, along its line to the
            // square (a knight stands on no line through it).
            if matches!(
                kind,
                PieceKind::Pawn | PieceKind::Bishop | PieceKind::Queen | PieceKind::King
            ) {
                attackers |= bishop_attacks(to, occupied) & diagonal;
            }
            if matches!(kind, PieceKind::Rook | PieceKind::Queen | PieceKind::King) {
                attackers |= rook_attacks(to, occupied) & orthogonal;
            }
            attackers &= occupied;
            if kind == PieceKind::King && (attackers & self.colored(!side)).is_nonempty() {
                break; // the king may not capture into a defended square
            }
            let at_stake = SEE_VALUES[on_square.index()];
            balance += if movers_turn { at_stake } else { -at_stake };
            movers_turn = !movers_turn;
            on_square = kind;
            side = !side;
            // The side to decide next stops when stopping settles the
            // question its way; and the question is settled either way
            // when even its capture cannot change the answer.
            let at_stake = SEE_VALUES[on_square.index()];
            if movers_turn {
                if balance >= threshold {
                    return true;
                }
                if balance + at_stake < threshold {
                    return false;
                }
            } else {
                if balance < threshold {
                    return false;
                }
                if balance - at_stake >= threshold {
                    return true;
                }
            }
        }
        // Nobody can capture: the balance stands.
        balance >= threshold
    }

    /// The occupancy after `mv`'s first capture (the mover lifted, a pawn
    /// taken en passant gone) and every piece then attacking its
    /// destination.
    #[inline]
    fn after_first_capture(&self, mv: Move) -> (Bitboard, Bitboard) {
        let (from, to) = (mv.from(), mv.to());
        let mut occupied = self.occupied() ^ from;
        if mv.is_en_passant() {
            occupied ^= Square::new(to.file(), from.rank());
        }
        (occupied, self.attackers_to(to, occupied) & occupied)
    }

    /// The least valuable of `side`'s pieces among `attackers`, and its square.
    #[inline]
    fn least_valuable(&self, attackers: Bitboard, side: Color) -> Option<(PieceKind, Square)> {
        let mine = attackers & self.colored(side);
        PieceKind::ALL
            .iter()
            .find_map(|&k| (mine & self.pieces(k)).first().map(|sq| (k, sq)))
    }

    /// What `mv`'s first capture takes (promotion gain included) and the
    /// kind of piece it leaves on the destination square.
    #[inline]
    fn first_capture(&self, mv: Move, mover: PieceKind) -> (i32, PieceKind) {
        let mut taken = if mv.is_en_passant() {
            SEE_VALUES[PieceKind::Pawn.index()]
        } else {
            self.piece_on(mv.to())
                .map_or(0, |p| SEE_VALUES[p.kind().index()])
        };
        let mut on_square = mover;
        if let Some(promoted) = mv.promotion() {
            taken += SEE_VALUES[promoted.index()] - SEE_VALUES[PieceKind::Pawn.index()];
            on_square = promoted;
        }
        (taken, on_square)
    }
}
