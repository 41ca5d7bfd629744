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
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks,
    pawn_attacks_set, queen_attacks, rook_attacks, rook_rays,
};
use crate::{
    Bitboard, CastlingSide, Color, File, Move, MoveKind, PieceKind, Position, Rank, Square,
};
use std::fmt;
use std::ops::Deref;

/// The legal moves of one piece: its kind, its square and its destinations.
///
/// Bulk counting sums these without building moves; [`MoveList`] expands them.
///
/// ```
/// use outpost_board::{Piece, PieceKind, Position, Setup, Square};
///
/// // A pawn about to promote: one destination, four moves.
/// let mut setup = Setup::empty();
/// for (sq, piece) in [
///     (Square::E1, Piece::WhiteKing),
///     (Square::B7, Piece::WhitePawn),
///     (Square::E8, Piece::BlackKing),
/// ] {
///     setup.board[sq.index()] = Some(piece);
/// }
/// let pos = Position::from_setup(&setup).unwrap();
/// let mut pawn_moves = None;
/// pos.for_each_piece_moves(|pm| {
///     if pm.piece == PieceKind::Pawn {
///         pawn_moves = Some(pm);
///     }
/// });
/// let pawn_moves = pawn_moves.unwrap();
/// assert_eq!(
///     (pawn_moves.from, pawn_moves.to.single()),
///     (Square::B7, Square::B8)
/// );
/// assert_eq!(pawn_moves.len(), 4);
/// ```
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
///
/// ```
/// use outpost_board::{MoveList, Position, Square};
///
/// let pos = Position::startpos();
/// let mut list = MoveList::new();
/// pos.generate_all(&mut list);
/// // A `MoveList` derefs to a slice of moves.
/// assert_eq!(list.len(), 20);
/// let nf3 = (Square::G1, Square::F3);
/// assert!(list.iter().any(|mv| (mv.from(), mv.to()) == nf3));
/// list.as_mut_slice().sort_by_key(|mv| mv.to().index());
/// assert_eq!(list[0].to(), Square::A3);
/// list.truncate(5);
/// assert_eq!(list.len(), 5);
/// list.clear();
/// assert!(list.is_empty());
/// ```
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

    /// Keeps the first `len` moves (all of them if there are fewer).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// The moves as a mutable slice (for sorting).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Removes and returns the move at `index`, moving the last one into its place.
    ///
    /// # Panics
    /// When `index` is not below the list's length, as `Vec::swap_remove` does.
    pub fn swap_remove(&mut self, index: usize) -> Move {
        assert!(
            index < self.len,
            "swap_remove index {index} out of a list of {} moves",
            self.len
        );
        let mv = self.moves[index];
        self.len -= 1;
        self.moves[index] = self.moves[self.len];
        mv
    }
}

/// What castling to one side needs on the back rank, as masks of files (bit
/// 0 the a-file), for a king and a rook on given files.
#[derive(Clone, Copy)]
struct CastlingMasks {
    /// The squares the king crosses and lands on (its own square if it does
    /// not move): none may be attacked.
    king_path: u8,
    /// The squares the king and the rook cross and land on, but for their
    /// own: all must be empty.
    empty: u8,
}

/// The files from `a` to `b`, both included.
const fn file_span(a: usize, b: usize) -> u8 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    let mut mask = 0u8;
    let mut f = low;
    while f <= high {
        mask |= 1 << f;
        f += 1;
    }
    mask
}

/// [`CastlingMasks`] by side (king's, queen's), king file and rook file.
const CASTLING_MASKS: [[[CastlingMasks; 8]; 8]; 2] = {
    let none = CastlingMasks {
        king_path: 0,
        empty: 0,
    };
    let mut table = [[[none; 8]; 8]; 2];
    let mut side = 0;
    while side < 2 {
        // King's side: the king to the g-file, the rook to the f-file;
        // queen's side: c and d.
        let (king_to, rook_to) = if side == 0 { (6, 5) } else { (2, 3) };
        let mut king = 0;
        while king < 8 {
            let mut rook = 0;
            while rook < 8 {
                let king_path = (file_span(king, king_to) & !(1 << king)) | (1 << king_to);
                let rook_path = (file_span(rook, rook_to) & !(1 << rook)) | (1 << rook_to);
                table[side][king][rook] = CastlingMasks {
                    king_path,
                    empty: (king_path | rook_path) & !(1 << king) & !(1 << rook),
                };
                rook += 1;
            }
            king += 1;
        }
        side += 1;
    }
    table
};

/// Whether one of the `diagonal` or `orthogonal` sliders attacks `sq`, seeing
/// through `occupied`. The occupancy-indexed tables are looked up only when
/// a slider stands on one of the square's lines at all.
#[inline(always)]
fn slider_attacks(
    sq: Square,
    diagonal: Bitboard,
    orthogonal: Bitboard,
    occupied: Bitboard,
) -> bool {
    ((bishop_rays(sq) & diagonal).is_nonempty()
        && (bishop_attacks(sq, occupied) & diagonal).is_nonempty())
        || ((rook_rays(sq) & orthogonal).is_nonempty()
            && (rook_attacks(sq, occupied) & orthogonal).is_nonempty())
}

/// Calls `f` with each move of `pm`, with the right [`MoveKind`] for `pos`.
#[inline(always)]
fn expand(pos: &Position, pm: PieceMoves, mut f: impl FnMut(Move)) {
    let from = pm.from;
    let us = pos.side_to_move();
    let theirs = pos.colored(!us);
    match pm.piece {
        PieceKind::Pawn => {
            for to in pm.to {
                let capture = theirs.contains(to);
                if Bitboard::BACK_RANKS.contains(to) {
                    for promoted in PieceKind::PROMOTIONS {
                        f(Move::new(from, to, MoveKind::promotion(promoted, capture)));
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
                    f(Move::new(from, to, kind));
                }
            }
        }
        PieceKind::King => {
            for to in pm.to {
                // A king "moving" onto its own rook castles with it.
                let kind = if theirs.contains(to) {
                    MoveKind::Capture
                } else if pos.colored(us).contains(to) {
                    if to.index() > from.index() {
                        MoveKind::KingCastle
                    } else {
                        MoveKind::QueenCastle
                    }
                } else {
                    MoveKind::Quiet
                };
                f(Move::new(from, to, kind));
            }
        }
        _ => {
            for to in pm.to & theirs {
                f(Move::new(from, to, MoveKind::Capture));
            }
            for to in pm.to & !theirs {
                f(Move::new(from, to, MoveKind::Quiet));
            }
        }
    }
}

/// Calls `f` with each pawn move to a square of `to` from the square `delta` back.
#[inline(always)]
fn expand_pawns(to: Bitboard, delta: i8, mut f: impl FnMut(Move)) {
    let kind = match delta.unsigned_abs() {
        16 => MoveKind::DoublePush,
        8 => MoveKind::Quiet,
        _ => MoveKind::Capture,
    };
    for to in to {
        let from = Square::from_index_wrapping((to.index() as isize - delta as isize) as usize);
        if Bitboard::BACK_RANKS.contains(to) {
            let capture = kind == MoveKind::Capture;
            for promoted in PieceKind::PROMOTIONS {
                f(Move::new(from, to, MoveKind::promotion(promoted, capture)));
            }
        } else {
            f(Move::new(from, to, kind));
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

/// Receives generated moves: whole pieces, or sets of pawns moving by the
/// same offset.
trait MoveSink {
    /// A sink that only counts: it takes empty sets (adding nothing),
    /// sparing the generator a test and a branch per piece, and does not
    /// mind the order of pieces. Others get the moves of each kind of piece
    /// in square order, which a search's stable move ordering depends on.
    const COUNTS_ONLY: bool = false;
    /// The moves of one piece.
    fn piece(&mut self, moves: PieceMoves);
    /// Pawn moves to each square of `to`, each from the square `delta` back.
    fn pawns(&mut self, to: Bitboard, delta: i8);
}

/// Counts moves without building them.
struct Counter(usize);

impl MoveSink for Counter {
    const COUNTS_ONLY: bool = true;

    #[inline(always)]
    fn piece(&mut self, moves: PieceMoves) {
        self.0 += moves.len();
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, _delta: i8) {
        self.0 += (to.count() + 3 * (to & Bitboard::BACK_RANKS).count()) as usize;
    }
}

/// Calls a function with each move.
struct EachMove<'a, F> {
    pos: &'a Position,
    f: F,
}

impl<F: FnMut(Move)> MoveSink for EachMove<'_, F> {
    #[inline(always)]
    fn piece(&mut self, moves: PieceMoves) {
        expand(self.pos, moves, &mut self.f);
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, delta: i8) {
        expand_pawns(to, delta, &mut self.f);
    }
}

/// Passes moves on as [`PieceMoves`], one per origin square.
struct PerPiece<F>(F);

impl<F: FnMut(PieceMoves)> MoveSink for PerPiece<F> {
    fn piece(&mut self, moves: PieceMoves) {
        (self.0)(moves);
    }

    fn pawns(&mut self, to: Bitboard, delta: i8) {
        for to in to {
            let from = Square::from_index_wrapping((to.index() as isize - delta as isize) as usize);
            (self.0)(PieceMoves {
                piece: PieceKind::Pawn,
                from,
                to: Bitboard::from_square(to),
            });
        }
    }
}

impl Position {
    /// Hands the legal moves to `sink`, piece by piece and pawn set by pawn
    /// set. `QUIET` includes non-capturing, non-promoting moves (castling
    /// among them); `NOISY` includes captures, en passant and every promotion.
    #[inline(always)]
    fn generate<const QUIET: bool, const NOISY: bool, S: MoveSink>(&self, sink: &mut S) {
        let us = self.side_to_move();
        let them = !us;
        let ours = self.colored(us);
        let theirs = self.colored(them);
        let occupied = ours | theirs;
        let king = self.king_square(us);
        let (checkers, pinned) = self.check_info();

        let mut filter = Bitboard::EMPTY;
        if QUIET {
            filter |= !occupied;
        }
        if NOISY {
            filter |= theirs;
        }

        // King steps. Leapers' and pawns' attacks are excluded as sets; each
        // remaining step is tested against sliders with the king off the
        // board, so that it cannot hide behind itself.
        let without_king = occupied ^ king;
        let their_diagonal = self.diagonal_sliders() & theirs;
        let their_orthogonal = self.orthogonal_sliders() & theirs;
        let danger = self.leaper_attacks(them);
        let mut king_to = Bitboard::EMPTY;
        for to in king_attacks(king) & !ours & filter & !danger {
            if !slider_attacks(to, their_diagonal, their_orthogonal, without_king) {
                king_to |= to;
            }
        }
        if QUIET && checkers.is_empty() {
            king_to |= self.castling_destinations(us, occupied, danger);
        }
        if S::COUNTS_ONLY || king_to.is_nonempty() {
            sink.piece(PieceMoves {
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

        for from in self.pieces_of(us, PieceKind::Knight) & !pinned {
            let to = knight_attacks(from) & targets;
            if S::COUNTS_ONLY || to.is_nonempty() {
                sink.piece(PieceMoves {
                    piece: PieceKind::Knight,
                    from,
                    to,
                });
            }
        }
        let slide = |sink: &mut S, kind: PieceKind, attacks: fn(Square, Bitboard) -> Bitboard| {
            let sliders = self.pieces_of(us, kind);
            if S::COUNTS_ONLY {
                // Pinned sliders (rare) in a loop of their own, so that the
                // others need no test.
                for from in sliders & !pinned {
                    sink.piece(PieceMoves {
                        piece: kind,
                        from,
                        to: attacks(from, occupied) & targets,
                    });
                }
            }
            let rest = if S::COUNTS_ONLY {
                sliders & pinned
            } else {
                sliders
            };
            for from in rest {
                // A pinned slider moves only along the line through its king.
                let mut to = attacks(from, occupied) & targets;
                if pinned.contains(from) {
                    to &= line(king, from);
                }
                if S::COUNTS_ONLY || to.is_nonempty() {
                    sink.piece(PieceMoves {
                        piece: kind,
                        from,
                        to,
                    });
                }
            }
        };
        slide(sink, PieceKind::Bishop, bishop_attacks);
        slide(sink, PieceKind::Rook, rook_attacks);
        slide(sink, PieceKind::Queen, queen_attacks);

        let pawns = self.pieces_of(us, PieceKind::Pawn);
        let last_rank = Bitboard::rank(Rank::Eighth.relative_to(us));
        let third_rank = Bitboard::rank(Rank::Third.relative_to(us));
        let empty = !occupied;
        // Unpinned pawns move as a set: each destination set comes with the
        // square offset back to its origins.
        let free = pawns & !pinned;
        // A pawn never stands on a back rank, so a rank forward is a
        // rotation that never wraps: one choice per node, no branch per use.
        let rotation = match us {
            Color::White => 8,
            Color::Black => 56,
        };
        let forward = |bb: Bitboard| Bitboard(bb.0.rotate_left(rotation));
        let up: i8 = match us {
            Color::White => 8,
            Color::Black => -8,
        };
        let single = forward(free) & empty;
        let double = forward(single & third_rank) & empty & check_mask;
        let single = single & check_mask;
        if QUIET {
            sink.pawns(single & !last_rank, up);
            sink.pawns(double, 2 * up);
        }
        if NOISY {
            sink.pawns(single & last_rank, up);
            let not_a = !Bitboard::file(File::A);
            let not_h = !Bitboard::file(File::H);
            // Towards the a-file and towards the h-file.
            let west = Bitboard(forward(free & not_a).0 >> 1);
            let east = Bitboard(forward(free & not_h).0 << 1);
            sink.pawns(west & theirs & check_mask, up - 1);
            sink.pawns(east & theirs & check_mask, up + 1);
        }
        // A pinned pawn can only move along its pin.
        for from in pawns & pinned {
            let one = forward(Bitboard::from_square(from)) & empty;
            let two = forward(one & third_rank) & empty;
            let pushes = one | two;
            let mut to = Bitboard::EMPTY;
            if QUIET {
                to |= pushes & !last_rank;
            }
            if NOISY {
                to |= (pawn_attacks(us, from) & theirs) | (pushes & last_rank);
            }
            to &= check_mask & line(king, from);
            if S::COUNTS_ONLY || to.is_nonempty() {
                sink.piece(PieceMoves {
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
                            sink.piece(PieceMoves {
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

    /// The squares of the rooks the king (not in check) may castle with,
    /// castling being encoded as the king taking its own rook. The rule is
    /// Chess960's, which standard chess is a case of: the right held; every
    /// square the king or the rook crosses or lands on empty but for the two
    /// of them; no square the king crosses or lands on attacked, with the
    /// rook already off its square (in Chess960 it may have shielded the
    /// king's destination).
    ///
    /// `danger` is every square the enemy's pawns, knights and king attack
    /// ([`Position::leaper_attacks`]); only sliders are looked up square by
    /// square, and only where one stands on the square's lines.
    // Forced inline: as a call it cost about 12 instructions a node even
    // without castling rights (position 3 bulk perft 7: 4 % of the total).
    #[inline(always)]
    fn castling_destinations(&self, us: Color, occupied: Bitboard, danger: Bitboard) -> Bitboard {
        let rights = self.castling_rights();
        let mut to = Bitboard::EMPTY;
        if !rights.has_any(us) {
            return to;
        }
        let king = self.king_square(us);
        let back_rank = Rank::First.relative_to(us);
        if king.rank() != back_rank {
            return to;
        }
        // Every square involved is on the back rank: masks of its eight files.
        let shift = 8 * back_rank.index() as u32;
        let back = (occupied.0 >> shift) as u8;
        // Castling with `rook` is legal when the squares `masks` names are
        // empty and the king's path is safe.
        let open = |rook: Square, masks: CastlingMasks| {
            if back & masks.empty != 0 {
                return false;
            }
            let king_path = Bitboard(u64::from(masks.king_path) << shift);
            (king_path & danger).is_empty()
                && self.safe_from_sliders(us, king_path, occupied ^ rook)
        };
        // Standard chess (king on e, rooks on h and a): the two sides'
        // masks taken from the table once, at compile time, instead of
        // decoding the rights' rook files and looking the masks up. At most
        // nodes a piece stands between king and rook.
        if rights.is_standard() && king.file() == File::E {
            const E: usize = File::E as usize;
            const SIDES: [(CastlingSide, File, CastlingMasks); 2] = [
                (
                    CastlingSide::King,
                    File::H,
                    CASTLING_MASKS[CastlingSide::King as usize][E][File::H as usize],
                ),
                (
                    CastlingSide::Queen,
                    File::A,
                    CASTLING_MASKS[CastlingSide::Queen as usize][E][File::A as usize],
                ),
            ];
            for (side, rook_file, masks) in SIDES {
                if rights.has(us, side) {
                    let rook = Square::new(rook_file, back_rank);
                    if open(rook, masks) {
                        to |= rook;
                    }
                }
            }
            return to;
        }
        for side in CastlingSide::ALL {
            let Some(rook) = rights.rook_square(us, side) else {
                continue;
            };
            if rook.rank() != back_rank {
                continue;
            }
            let masks = CASTLING_MASKS[side as usize][king.file().index()][rook.file().index()];
            if open(rook, masks) {
                to |= rook;
            }
        }
        to
    }

    /// Every square the pawns, knights and king of `color` attack.
    #[inline]
    fn leaper_attacks(&self, color: Color) -> Bitboard {
        let mut attacked = pawn_attacks_set(color, self.pieces_of(color, PieceKind::Pawn))
            | king_attacks(self.king_square(color));
        for knight in self.pieces_of(color, PieceKind::Knight) {
            attacked |= knight_attacks(knight);
        }
        attacked
    }

    /// Whether no enemy slider of `us` attacks any square of `squares`,
    /// seeing through `occupied`; sliders are looked up only for squares on
    /// a line with one.
    fn safe_from_sliders(&self, us: Color, squares: Bitboard, occupied: Bitboard) -> bool {
        let theirs = self.colored(!us);
        let their_diagonal = self.diagonal_sliders() & theirs;
        let their_orthogonal = self.orthogonal_sliders() & theirs;
        squares
            .into_iter()
            .all(|sq| !slider_attacks(sq, their_diagonal, their_orthogonal, occupied))
    }

    /// The legal castling move to `side` of the side to move, if there is one.
    ///
    /// ```
    /// use outpost_board::{
    ///     CastlingRights, CastlingSide, Color, Piece, Position, Setup, Square,
    /// };
    ///
    /// // White may castle king side only.
    /// let mut setup = Setup::empty();
    /// for (sq, piece) in [
    ///     (Square::E1, Piece::WhiteKing),
    ///     (Square::H1, Piece::WhiteRook),
    ///     (Square::E8, Piece::BlackKing),
    /// ] {
    ///     setup.board[sq.index()] = Some(piece);
    /// }
    /// setup.castling = CastlingRights::NONE.with(Color::White, CastlingSide::King);
    /// let pos = Position::from_setup(&setup).unwrap();
    /// let castle = pos.castling_move(CastlingSide::King).unwrap();
    /// // Stored as the king taking its own rook.
    /// assert_eq!((castle.from(), castle.to()), (Square::E1, Square::H1));
    /// assert_eq!(
    ///     pos.castling_move_by_king(Square::E1, Square::G1),
    ///     Some(castle)
    /// );
    /// assert_eq!(pos.castling_move(CastlingSide::Queen), None);
    /// let after = pos.play(castle);
    /// assert_eq!(after.piece_on(Square::G1), Some(Piece::WhiteKing));
    /// assert_eq!(after.piece_on(Square::F1), Some(Piece::WhiteRook));
    /// ```
    pub fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        let us = self.side_to_move();
        let rook = self.castling_rights().rook_square(us, side)?;
        let kind = match side {
            CastlingSide::King => MoveKind::KingCastle,
            CastlingSide::Queen => MoveKind::QueenCastle,
        };
        // Checked directly rather than by generating the moves: SAN readers
        // ask this for every `O-O`.
        if self.is_check()
            || !self
                .castling_destinations(us, self.occupied(), self.leaper_attacks(!us))
                .contains(rook)
        {
            return None;
        }
        Some(Move::new(self.king_square(us), rook, kind))
    }

    /// The legal castling move whose king goes from `from` to `to` (castling
    /// written the standard way, as the king's move: `e1g1`), if there is one.
    /// [`Position::find_move`] reads castling only as the king taking its rook.
    pub fn castling_move_by_king(&self, from: Square, to: Square) -> Option<Move> {
        let us = self.side_to_move();
        if from != self.king_square(us) {
            return None;
        }
        CastlingSide::ALL
            .into_iter()
            .filter(|side| side.king_to(us) == to)
            .find_map(|side| self.castling_move(side))
    }

    /// All legal moves.
    ///
    /// ```
    /// use outpost_board::{Position, Square};
    ///
    /// let pos = Position::startpos();
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// assert_eq!(moves.iter().filter(|mv| mv.is_double_push()).count(), 8);
    /// assert!(moves.iter().all(|&mv| pos.is_legal(mv)));
    /// let knight_moves = moves.iter().filter(|mv| mv.from() == Square::G1);
    /// assert_eq!(knight_moves.count(), 2);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_all(&mut list);
        list
    }

    /// Appends the legal captures, en-passant captures and promotions
    /// (quiet promotions included) to `list`: the moves quiescence search wants.
    ///
    /// ```
    /// use outpost_board::{MoveList, Position, Square};
    ///
    /// // After 1. e4 d5, exd5 is White's only capture.
    /// let mut pos = Position::startpos();
    /// for (from, to) in [(Square::E2, Square::E4), (Square::D7, Square::D5)] {
    ///     pos = pos.play(pos.find_move(from, to, None).unwrap());
    /// }
    /// let mut noisy = MoveList::new();
    /// pos.generate_noisy(&mut noisy);
    /// assert_eq!(noisy.len(), 1);
    /// assert_eq!(noisy[0].to_string(), "e4d5");
    /// let mut quiet = MoveList::new();
    /// pos.generate_quiet(&mut quiet);
    /// assert_eq!(noisy.len() + quiet.len(), pos.count_legal_moves());
    /// ```
    pub fn generate_noisy(&self, list: &mut MoveList) {
        self.generate::<false, true, _>(&mut EachMove {
            pos: self,
            f: |mv| list.push(mv),
        });
    }

    /// Appends the legal moves that neither capture nor promote to `list`.
    pub fn generate_quiet(&self, list: &mut MoveList) {
        self.generate::<true, false, _>(&mut EachMove {
            pos: self,
            f: |mv| list.push(mv),
        });
    }

    /// Appends all legal moves to `list`.
    pub fn generate_all(&self, list: &mut MoveList) {
        self.for_each_legal_move(|mv| list.push(mv));
    }

    /// Calls `f` with each legal move, without building a list.
    ///
    /// ```
    /// use outpost_board::{Position, Rank};
    ///
    /// let pos = Position::startpos();
    /// let mut pawn_pushes = 0;
    /// pos.for_each_legal_move(|mv| {
    ///     if mv.from().rank() == Rank::Second {
    ///         pawn_pushes += 1;
    ///     }
    /// });
    /// assert_eq!(pawn_pushes, 16);
    /// assert_eq!(pos.count_legal_moves(), 20);
    /// ```
    #[inline]
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        self.generate::<true, true, _>(&mut EachMove { pos: self, f });
    }

    /// Calls `visit` with the legal moves of each piece, grouped by origin
    /// (a pawn may come in more than one group).
    pub fn for_each_piece_moves(&self, visit: impl FnMut(PieceMoves)) {
        self.generate::<true, true, _>(&mut PerPiece(visit));
    }

    /// The number of legal moves, counted without building them.
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        self.generate::<true, true, _>(&mut counter);
        counter.0
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
    ///
    /// ```
    /// use outpost_board::{Color, Piece, Position, Setup, Square};
    ///
    /// // Black's king on h8 has no move and is not in check.
    /// let mut setup = Setup::empty();
    /// for (sq, piece) in [
    ///     (Square::H8, Piece::BlackKing),
    ///     (Square::F7, Piece::WhiteQueen),
    ///     (Square::G6, Piece::WhiteKing),
    /// ] {
    ///     setup.board[sq.index()] = Some(piece);
    /// }
    /// setup.side_to_move = Color::Black;
    /// let pos = Position::from_setup(&setup).unwrap();
    /// assert!(pos.is_stalemate());
    /// assert!(!pos.is_checkmate() && !pos.has_legal_moves());
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether `mv` is legal in this position (any 16-bit value may be asked,
    /// such as a move from a hash table).
    ///
    /// ```
    /// use outpost_board::{Move, MoveKind, Position, Square};
    ///
    /// let pos = Position::startpos();
    /// assert!(pos.is_legal(Move::new(Square::E2, Square::E4, MoveKind::DoublePush)));
    /// assert!(!pos.is_legal(Move::new(Square::E2, Square::E5, MoveKind::Quiet)));
    /// // The right squares with the wrong kind are not the legal move either.
    /// assert!(!pos.is_legal(Move::new(Square::E2, Square::E4, MoveKind::Quiet)));
    /// assert!(!pos.is_legal(Move::NULL));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        match self.piece_on(mv.from()) {
            Some(piece) if piece.color() == self.side_to_move() => {
                self.find_move(mv.from(), mv.to(), mv.promotion()) == Some(mv)
            }
            _ => false,
        }
    }

    /// The legal move from `from` to `to` (promoting to `promotion`, which a
    /// pawn reaching the last rank needs and every other move must omit).
    /// This is how text moves become [`Move`]s. Castling is found as the king
    /// taking its own rook (`e1h1`); for the standard form (`e1g1`) see
    /// [`Position::castling_move_by_king`].
    ///
    /// ```
    /// use outpost_board::{Piece, PieceKind, Position, Setup, Square};
    ///
    /// let pos = Position::startpos();
    /// let nf3 = pos.find_move(Square::G1, Square::F3, None).unwrap();
    /// assert_eq!(nf3.to_string(), "g1f3");
    /// assert_eq!(pos.find_move(Square::G1, Square::G3, None), None);
    ///
    /// // A pawn reaching the last rank needs its promotion piece.
    /// let mut setup = Setup::empty();
    /// for (sq, piece) in [
    ///     (Square::E1, Piece::WhiteKing),
    ///     (Square::B7, Piece::WhitePawn),
    ///     (Square::E8, Piece::BlackKing),
    /// ] {
    ///     setup.board[sq.index()] = Some(piece);
    /// }
    /// let pos = Position::from_setup(&setup).unwrap();
    /// assert_eq!(pos.find_move(Square::B7, Square::B8, None), None);
    /// let knight = Some(PieceKind::Knight);
    /// let promotion = pos.find_move(Square::B7, Square::B8, knight).unwrap();
    /// assert_eq!(promotion.to_string(), "b7b8n");
    /// ```
    pub fn find_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Option<Move> {
        // No list: the first move of the matching piece to `to` with the
        // asked promotion is the answer.
        let mut found = None;
        self.for_each_piece_moves(|pm| {
            if found.is_none() && pm.from == from && pm.to.contains(to) {
                let pm = PieceMoves {
                    to: Bitboard::from_square(to),
                    ..pm
                };
                expand(self, pm, |mv| {
                    if found.is_none() && mv.promotion() == promotion {
                        found = Some(mv);
                    }
                });
            }
        });
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swap_remove_takes_a_listed_move() {
        let mut list = Position::startpos().legal_moves();
        let n = list.len();
        let last = list.as_mut_slice()[n - 1];
        let first = list.swap_remove(0);
        assert_eq!(list.len(), 19);
        assert_eq!(list.as_mut_slice()[0], last);
        assert!(!list.as_mut_slice().contains(&first));
    }

    #[test]
    #[should_panic(expected = "out of a list of")]
    fn swap_remove_past_the_end_panics() {
        let mut list = Position::startpos().legal_moves();
        list.truncate(3);
        list.swap_remove(10);
    }
}
