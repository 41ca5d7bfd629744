//! The network's inputs: one per (piece, square), seen from each side.

use outpost_board::{Color, Piece, PieceKind, Position, Square};

/// Inputs per perspective: 2 colours × 6 kinds × 64 squares.
pub const INPUTS: usize = 768;

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
    let (square, own) = match perspective {
        Color::White => (square.index(), piece.color() == Color::White),
        Color::Black => (square.index() ^ 56, piece.color() == Color::Black),
    };
    let side = if own { 0 } else { 384 };
    side + piece.kind().index() * 64 + square
}

/// Every active input of `pos` in `perspective`'s half.
pub fn active_features(pos: &Position, perspective: Color) -> impl Iterator<Item = usize> + '_ {
    Color::ALL.into_iter().flat_map(move |color| {
        PieceKind::ALL.into_iter().flat_map(move |kind| {
            let piece = Piece::new(color, kind);
            pos.pieces_of(color, kind)
                .map(move |square| feature(perspective, piece, square))
        })
    })
}
