//! The network's inputs: one per (piece, square), seen from each side,
//! optionally one such set per king bucket.

use outpost_board::{Color, Piece, PieceKind, Position, Square};

/// Inputs per perspective and king bucket: 2 colours × 6 kinds × 64 squares.
pub const INPUTS: usize = 768;

/// The king-bucket layouts a network may have: 1 (the inputs do not depend
/// on the king) or [`KING_BUCKETS`].
pub const KING_BUCKET_CHOICES: [usize; 2] = [1, KING_BUCKETS];

/// King buckets of the bucketed layout. A perspective whose own king is on
/// files a–d sees the board mirrored left to right, so its king is always on
/// files e–h; the bucket is then, by the king's square seen from its own
/// side: 0 for e1/f1, 1 for g1/h1, 2 for the second rank, 3 further up.
pub const KING_BUCKETS: usize = 4;

/// [`KING_BUCKETS`]' bucket of each square (from the perspective's own
/// side, after mirroring onto files e–h).
const KING_BUCKET_OF: [u8; 64] = king_bucket_table();

const fn king_bucket_table() -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let (rank, file) = (sq / 8, sq % 8);
        table[sq] = match rank {
            0 if file >= 6 => 1,
            0 => 0,
            1 => 2,
            _ => 3,
        };
        sq += 1;
    }
    table
}

/// Which set of inputs a perspective uses, fixed by where its own king
/// stands: the king bucket and whether the board is mirrored left to right.
///
/// ```
/// use outpost_board::{Color, Position, Square};
/// use outpost_nnue::{KingSlot, KING_BUCKETS};
///
/// // At the start both kings are on their e-file square: bucket 0, not mirrored.
/// let start = Position::startpos();
/// for side in [Color::White, Color::Black] {
///     let slot = KingSlot::in_position(&start, side, KING_BUCKETS);
///     assert_eq!(slot, KingSlot { bucket: 0, mirrored: false });
/// }
/// // After castling short the king is on g1: bucket 1.
/// let g1 = Square::from_index(6).unwrap();
/// assert_eq!(KingSlot::of(Color::White, g1, KING_BUCKETS).bucket, 1);
/// // A king on c1 sees the board mirrored, as if it stood on f1.
/// let c1 = Square::from_index(2).unwrap();
/// let mirrored = KingSlot::of(Color::White, c1, KING_BUCKETS);
/// assert_eq!(mirrored, KingSlot { bucket: 0, mirrored: true });
/// // A network without king buckets always uses the one set of inputs.
/// assert_eq!(KingSlot::of(Color::White, c1, 1), KingSlot::default());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KingSlot {
    /// The king bucket (0 when the network has one).
    pub bucket: usize,
    /// Files mirrored (a ↔ h): the king stands on files a–d.
    pub mirrored: bool,
}

impl KingSlot {
    /// The slot of `perspective` whose own king is on `king`, in a network
    /// with `king_buckets` king buckets (1 or [`KING_BUCKETS`]).
    #[inline]
    pub fn of(perspective: Color, king: Square, king_buckets: usize) -> KingSlot {
        if king_buckets == 1 {
            return KingSlot::default();
        }
        let relative = match perspective {
            Color::White => king.index(),
            Color::Black => king.index() ^ 56,
        };
        let mirrored = relative % 8 < 4;
        let relative = if mirrored { relative ^ 7 } else { relative };
        KingSlot {
            bucket: usize::from(KING_BUCKET_OF[relative]),
            mirrored,
        }
    }

    /// The slot of `perspective` in `pos`.
    #[inline]
    pub fn in_position(pos: &Position, perspective: Color, king_buckets: usize) -> KingSlot {
        if king_buckets == 1 {
            return KingSlot::default();
        }
        KingSlot::of(perspective, pos.king_square(perspective), king_buckets)
    }
}

/// The input that `piece` on `square` switches on in `perspective`'s half
/// of the network.
///
/// Each side sees the board from its own side: Black's view is flipped
/// vertically, and "own" pieces come first (indices 0..384), the
/// opponent's after (384..768), each block ordered pawn, knight, bishop,
/// rook, queen, king, and within a kind by square (a1 = 0 … h8 = 63).
///
/// ```
/// use outpost_board::{Color, Piece, PieceKind, Square};
/// use outpost_nnue::feature;
///
/// let e2 = Square::from_index(12).unwrap();
/// let e7 = Square::from_index(52).unwrap();
/// let white_pawn = Piece::new(Color::White, PieceKind::Pawn);
/// let black_pawn = Piece::new(Color::Black, PieceKind::Pawn);
/// // White's pawn on e2 looks to White as Black's pawn on e7 looks to Black.
/// assert_eq!(feature(Color::White, white_pawn, e2), feature(Color::Black, black_pawn, e7));
/// assert_eq!(feature(Color::White, black_pawn, e7), 384 + 52);
/// ```
#[inline]
pub fn feature(perspective: Color, piece: Piece, square: Square) -> usize {
    feature_in(perspective, KingSlot::default(), piece, square)
}

/// The input that `piece` on `square` switches on in `perspective`'s half
/// of a king-bucketed network, `slot` being where that perspective's king
/// puts it: [`feature`]'s index (on the mirrored board when the slot says
/// so) plus 768 per bucket.
///
/// ```
/// use outpost_board::{Color, Piece, PieceKind, Square};
/// use outpost_nnue::{feature_in, KingSlot, KING_BUCKETS};
///
/// let sq = |i| Square::from_index(i).unwrap();
/// let knight = Piece::new(Color::White, PieceKind::Knight);
/// // White's king on g1: bucket 1, not mirrored; a knight on f3 is input 768 + 64 + 21.
/// let g1 = KingSlot::of(Color::White, sq(6), KING_BUCKETS);
/// assert_eq!(feature_in(Color::White, g1, knight, sq(21)), 768 + 64 + 21);
/// // The king on b1 is g1 mirrored: the knight on c3 is the same input.
/// let b1 = KingSlot::of(Color::White, sq(1), KING_BUCKETS);
/// assert_eq!(b1, KingSlot { bucket: 1, mirrored: true });
/// assert_eq!(feature_in(Color::White, b1, knight, sq(18)), 768 + 64 + 21);
/// ```
#[inline]
pub fn feature_in(perspective: Color, slot: KingSlot, piece: Piece, square: Square) -> usize {
    let (square, own) = match perspective {
        Color::White => (square.index(), piece.color() == Color::White),
        Color::Black => (square.index() ^ 56, piece.color() == Color::Black),
    };
    let square = if slot.mirrored { square ^ 7 } else { square };
    let side = if own { 0 } else { 384 };
    slot.bucket * INPUTS + side + piece.kind().index() * 64 + square
}

/// Every active input of `pos` in `perspective`'s half of a network with
/// `king_buckets` king buckets.
///
/// ```
/// use outpost_board::{Color, Position};
/// use outpost_nnue::{active_features, INPUTS, KING_BUCKETS};
///
/// let start = Position::startpos();
/// // One input per piece: 16 own pieces below 384, 16 of the opponent's above.
/// let inputs: Vec<usize> = active_features(&start, Color::White, 1).collect();
/// assert_eq!(inputs.len(), 32);
/// assert_eq!(inputs.iter().filter(|&&i| i < 384).count(), 16);
/// // The start position looks the same from either side.
/// let mut black: Vec<usize> = active_features(&start, Color::Black, 1).collect();
/// let mut white = inputs.clone();
/// white.sort_unstable();
/// black.sort_unstable();
/// assert_eq!(white, black);
/// // With king buckets, all inputs fall in the king's bucket (0 at the start).
/// assert!(active_features(&start, Color::White, KING_BUCKETS).all(|i| i < INPUTS));
/// ```
pub fn active_features(
    pos: &Position,
    perspective: Color,
    king_buckets: usize,
) -> impl Iterator<Item = usize> + '_ {
    let slot = KingSlot::in_position(pos, perspective, king_buckets);
    Color::ALL.into_iter().flat_map(move |color| {
        PieceKind::ALL.into_iter().flat_map(move |kind| {
            let piece = Piece::new(color, kind);
            pos.pieces_of(color, kind)
                .map(move |square| feature_in(perspective, slot, piece, square))
        })
    })
}
