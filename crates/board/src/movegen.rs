//! Legal move generation, legal by construction.
//!
//! Nothing is tried and taken back: the generator knows the checkers and the
//! pinned pieces of the side to move, so every destination it produces is
//! legal. King moves are tested against the enemy attacks with the king taken
//! off the board; pinned pieces move only along the line of their pin; in
//! check, other pieces may only capture the checker or block; in double check
//! only the king moves. En passant, which removes two pieces from one rank, is
//! tested against sliders directly.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use crate::{Bitboard, CastlingSide, Color, Move, MoveKind, PieceKind, Position, Rank, Square};
use std::fmt;
use std::ops::Deref;

/// The legal moves of one piece: its kind, its square and its destinations.
///
/// Bulk counting sums these without building moves; [`MoveList`] expands them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    /// The kind of the moving piece.
    pub piece: PieceKind,
    /// Where it stands.
    pub from: Square,
    /// Where it may go. A pawn's destination on the last rank stands for four promotions.
    pub to: Bitboard,
}

impl PieceMoves {
    /// The number of moves this stands for (promotions count four each).
    #[inline]
    pub fn len(&self) -> usize {
        let promotions = if self.piece == PieceKind::Pawn {
            (self.to & Bitboard::BACK_RANKS).count()
        } else {
            0
        };
        (self.to.count() + 3 * promotions) as usize
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }
}

/// Room for the moves of any position (the most known is 218).
const MAX_MOVES: usize = 256;

/// A fixed-capacity list of moves that never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. A full list ignores further moves (no position has that many).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a mutable slice (for sorting).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Removes and returns the move at `index`, moving the last one into its place.
    pub fn swap_remove(&mut self, index: usize) -> Move {
        let mv = self.moves[index];
        self.len -= 1;
        self.moves[index] = self.moves[self.len];
        mv
    }

    /// Adds every move of `piece_moves`, with the right [`MoveKind`] for `pos`.
    #[inline]
    fn extend(&mut self, pos: &Position, pm: PieceMoves) {
        let from = pm.from;
        let theirs = pos.colored(!pos.side_to_move());
        match pm.piece {
            PieceKind::Pawn => {
                for to in pm.to {
                    let capture = theirs.contains(to);
                    if Bitboard::BACK_RANKS.contains(to) {
                        for promoted in PieceKind::PROMOTIONS {
                            self.push(Move::new(from, to, MoveKind::promotion(promoted, capture)));
                        }
                    } else {
                        let kind = if capture {
                            MoveKind::Capture
                        } else if from.file() != to.file() {
                            MoveKind::EnPassant
                        } else if from.index().abs_diff(to.index()) == 16 {
                            MoveKind::DoublePush
                        } else {
                            MoveKind::Quiet
                        };
                        self.push(Move::new(from, to, kind));
                    }
                }
            }
            PieceKind::King => {
                for to in pm.to {
                    let kind = if theirs.contains(to) {
                        MoveKind::Capture
                    } else if from.index().abs_diff(to.index()) == 2 {
                        if to.index() > from.index() {
                            MoveKind::KingCastle
                        } else {
                            MoveKind::QueenCastle
                        }
                    } else {
                        MoveKind::Quiet
                    };
                    self.push(Move::new(from, to, kind));
                }
            }
            _ => {
                for to in pm.to & theirs {
                    self.push(Move::new(from, to, MoveKind::Capture));
                }
                for to in pm.to & !theirs {
                    self.push(Move::new(from, to, MoveKind::Quiet));
                }
            }
        }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Position {
    /// Calls `visit` with the legal moves of each piece. `QUIET` includes
    /// non-capturing, non-promoting moves (castling among them); `NOISY`
    /// includes captures, en passant and every promotion.
    #[inline(always)]
    pub(crate) fn generate<const QUIET: bool, const NOISY: bool>(
        &self,
        mut visit: impl FnMut(PieceMoves),
    ) {
        let us = self.side_to_move();
        let them = !us;
        let ours = self.colored(us);
        let theirs = self.colored(them);
        let occupied = ours | theirs;
        let king = self.king_square(us);
        let checkers = self.checkers();

        let mut filter = Bitboard::EMPTY;
        if QUIET {
            filter |= !occupied;
        }
        if NOISY {
            filter |= theirs;
        }

        // King steps, each tested with the king off the board so that it
        // cannot hide behind itself from a slider.
        let without_king = occupied ^ king;
        let mut king_to = Bitboard::EMPTY;
        for to in king_attacks(king) & !ours & filter {
            if !self.is_attacked_by(them, to, without_king) {
                king_to |= to;
            }
        }
        if QUIET && checkers.is_empty() {
            king_to |= self.castling_destinations(us, occupied);
        }
        if king_to.is_nonempty() {
            visit(PieceMoves {
                piece: PieceKind::King,
                from: king,
                to: king_to,
            });
        }
        if checkers.has_several() {
            return;
        }
        let check_mask = match checkers.first() {
            Some(checker) => between(king, checker) | checker,
            None => Bitboard::FULL,
        };
        let targets = filter & check_mask;
        let pinned = self.pinned();

        for from in self.pieces_of(us, PieceKind::Knight) & !pinned {
            let to = knight_attacks(from) & targets;
            if to.is_nonempty() {
                visit(PieceMoves {
                    piece: PieceKind::Knight,
                    from,
                    to,
                });
            }
        }
        let mut slide = |kind: PieceKind, attacks: fn(Square, Bitboard) -> Bitboard| {
            for from in self.pieces_of(us, kind) {
                let mut to = attacks(from, occupied) & targets;
                if pinned.contains(from) {
                    to &= line(king, from);
                }
                if to.is_nonempty() {
                    visit(PieceMoves {
                        piece: kind,
                        from,
                        to,
                    });
                }
            }
        };
        slide(PieceKind::Bishop, bishop_attacks);
        slide(PieceKind::Rook, rook_attacks);
        slide(PieceKind::Queen, queen_attacks);

        let pawns = self.pieces_of(us, PieceKind::Pawn);
        let last_rank = Bitboard::rank(Rank::Eighth.relative_to(us));
        let double_rank = Bitboard::rank(Rank::Fourth.relative_to(us));
        let empty = !occupied;
        for from in pawns {
            let one = match us {
                Color::White => Bitboard::from_square(from).shift_up(),
                Color::Black => Bitboard::from_square(from).shift_down(),
            } & empty;
            let two = match us {
                Color::White => one.shift_up(),
                Color::Black => one.shift_down(),
            } & empty
                & double_rank;
            let pushes = one | two;
            let mut to = Bitboard::EMPTY;
            if QUIET {
                to |= pushes & !last_rank;
            }
            if NOISY {
                to |= (pawn_attacks(us, from) & theirs) | (pushes & last_rank);
            }
            to &= check_mask;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            if to.is_nonempty() {
                visit(PieceMoves {
                    piece: PieceKind::Pawn,
                    from,
                    to,
                });
            }
        }

        if NOISY {
            if let Some(ep) = self.en_passant() {
                let captured = Square::new(ep.file(), Rank::Fifth.relative_to(us));
                if check_mask.contains(ep) || check_mask.contains(captured) {
                    for from in pawn_attacks(them, ep) & pawns {
                        // Both pawns leave the capturer's rank: test the king
                        // against sliders on the board as it will be.
                        let after = (occupied ^ from ^ captured) | ep;
                        let exposed = ((rook_attacks(king, after) & self.orthogonal_sliders())
                            | (bishop_attacks(king, after) & self.diagonal_sliders()))
                            & theirs;
                        if exposed.is_empty() {
                            visit(PieceMoves {
                                piece: PieceKind::Pawn,
                                from,
                                to: Bitboard::from_square(ep),
                            });
                        }
                    }
                }
            }
        }
    }

    /// Castling destinations of the king (not in check): rights held, the
    /// squares between king and rook empty, the king's path not attacked.
    #[inline]
    fn castling_destinations(&self, us: Color, occupied: Bitboard) -> Bitboard {
        let rights = self.castling_rights();
        let mut to = Bitboard::EMPTY;
        if !rights.has_any(us) {
            return to;
        }
        let king = Square::E1.relative_to(us);
        for side in CastlingSide::ALL {
            if !rights.has(us, side) {
                continue;
            }
            let rook = side.rook_from(us);
            let dest = side.king_to(us);
            if (between(king, rook) & occupied).is_nonempty() {
                continue;
            }
            let path = between(king, dest) | dest;
            if path
                .into_iter()
                .all(|sq| !self.is_attacked_by(!us, sq, occupied))
            {
                to |= dest;
            }
        }
        to
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<true, true>(|pm| list.extend(self, pm));
        list
    }

    /// Appends the legal captures, en-passant captures and promotions
    /// (quiet promotions included) to `list`: the moves quiescence search wants.
    pub fn generate_noisy(&self, list: &mut MoveList) {
        self.generate::<false, true>(|pm| list.extend(self, pm));
    }

    /// Appends the legal moves that neither capture nor promote to `list`.
    pub fn generate_quiet(&self, list: &mut MoveList) {
        self.generate::<true, false>(|pm| list.extend(self, pm));
    }

    /// Appends all legal moves to `list`.
    pub fn generate_all(&self, list: &mut MoveList) {
        self.generate::<true, true>(|pm| list.extend(self, pm));
    }

    /// Calls `visit` with the legal moves of each piece, grouped by origin.
    /// The fastest way to inspect moves without building a list.
    pub fn for_each_piece_moves(&self, visit: impl FnMut(PieceMoves)) {
        self.generate::<true, true>(visit);
    }

    /// The number of legal moves, counted without building them.
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.generate::<true, true>(|pm| n += pm.len());
        n
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether `mv` is legal in this position (any 16-bit value may be asked,
    /// such as a move from a hash table).
    pub fn is_legal(&self, mv: Move) -> bool {
        let Some(piece) = self.piece_on(mv.from()) else {
            return false;
        };
        if piece.color() != self.side_to_move() {
            return false;
        }
        let mut found = false;
        self.generate::<true, true>(|pm| {
            if pm.from == mv.from() && pm.to.contains(mv.to()) {
                let mut list = MoveList::new();
                list.extend(
                    self,
                    PieceMoves {
                        to: Bitboard::from_square(mv.to()),
                        ..pm
                    },
                );
                found |= list.contains(&mv);
            }
        });
        found
    }

    /// The legal move from `from` to `to` (promoting to `promotion`, which a
    /// pawn reaching the last rank needs and every other move must omit).
    /// This is how text moves become [`Move`]s.
    pub fn find_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Option<Move> {
        let mut list = MoveList::new();
        self.generate::<true, true>(|pm| {
            if pm.from == from && pm.to.contains(to) {
                list.extend(
                    self,
                    PieceMoves {
                        to: Bitboard::from_square(to),
                        ..pm
                    },
                );
            }
        });
        list.iter().copied().find(|mv| mv.promotion() == promotion)
    }
}
