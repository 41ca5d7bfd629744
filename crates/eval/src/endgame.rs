//! Endgame knowledge: dead draws, drawish material scaled down, and mop-up
//! in won pawnless endings.

use crate::params::{Params, SCALE_NORMAL};
use crate::sink::Sink;
use crate::trace::{Term, Tracer};
use outpost_board::{Bitboard, Color, File, PieceKind, Position, Rank, Square};

/// The largest Manhattan distance between two squares (a1 to h8).
const MAX_MANHATTAN: i32 = 14;

/// Whether neither side can ever win: the board's insufficient-material rule
/// (KvK, a lone minor piece, same-coloured bishops only) or two knights
/// against a bare king, where mate can only be helped, never forced.
pub(crate) fn is_dead_draw(pos: &Position) -> bool {
    if pos.is_insufficient_material() {
        return true;
    }
    let others = pos.pieces(PieceKind::Pawn)
        | pos.pieces(PieceKind::Bishop)
        | pos.pieces(PieceKind::Rook)
        | pos.pieces(PieceKind::Queen);
    others.is_empty()
        && Color::ALL.iter().any(|&c| {
            pos.pieces_of(c, PieceKind::Knight).count() == 2
                && pos.pieces_of(!c, PieceKind::Knight).is_empty()
        })
}

/// The endgame values of `color`'s pieces other than pawns and king.
fn non_pawn_material(pos: &Position, params: &Params, color: Color) -> i32 {
    [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ]
    .iter()
    .map(|&k| pos.pieces_of(color, k).count() as i32 * params.piece_value[k.index()].eg())
    .sum()
}

/// The factor, out of [`SCALE_NORMAL`], applied to the endgame value `eg`
/// (White's point of view): smaller when the side ahead will struggle to win.
pub(crate) fn scale(pos: &Position, params: &Params, eg: i32) -> i32 {
    if eg == 0 {
        return SCALE_NORMAL;
    }
    let strong = if eg > 0 { Color::White } else { Color::Black };
    if pos.pieces_of(strong, PieceKind::Pawn).is_empty() {
        let heavies =
            pos.pieces_of(strong, PieceKind::Rook) | pos.pieces_of(strong, PieceKind::Queen);
        let minors =
            pos.pieces_of(strong, PieceKind::Knight) | pos.pieces_of(strong, PieceKind::Bishop);
        if heavies.is_empty() && !minors.has_several() {
            return params.scale_lone_minor;
        }
        let edge = non_pawn_material(pos, params, strong) - non_pawn_material(pos, params, !strong);
        if edge <= params.piece_value[PieceKind::Bishop.index()].eg() {
            return params.scale_pawnless_minor_edge;
        }
    }
    if is_wrong_bishop_corner(pos, strong) {
        return params.scale_wrong_bishop;
    }
    let white_bishops = pos.pieces_of(Color::White, PieceKind::Bishop);
    let black_bishops = pos.pieces_of(Color::Black, PieceKind::Bishop);
    if white_bishops.count() == 1
        && black_bishops.count() == 1
        && white_bishops.single().is_light() != black_bishops.single().is_light()
    {
        let others = pos.pieces(PieceKind::Knight)
            | pos.pieces(PieceKind::Rook)
            | pos.pieces(PieceKind::Queen);
        return if others.is_empty() {
            params.scale_opposite_bishops
        } else {
            params.scale_opposite_bishops_with_pieces
        };
    }
    SCALE_NORMAL
}

/// Whether `strong` has bishops and pawns only, every pawn on one rook file
/// whose promotion square is of the other colour than every bishop, and the
/// other king stands on that square or next to it: a king in the corner of
/// the wrong colour cannot be driven out, so the ending is drawn.
fn is_wrong_bishop_corner(pos: &Position, strong: Color) -> bool {
    let bishops = pos.pieces_of(strong, PieceKind::Bishop);
    let pawns = pos.pieces_of(strong, PieceKind::Pawn);
    let others = pos.pieces_of(strong, PieceKind::Knight)
        | pos.pieces_of(strong, PieceKind::Rook)
        | pos.pieces_of(strong, PieceKind::Queen);
    if bishops.is_empty() || pawns.is_empty() || others.is_nonempty() {
        return false;
    }
    let promotion_rank = Rank::Eighth.relative_to(strong);
    let corner = if (pawns & !Bitboard::file(File::A)).is_empty() {
        Square::new(File::A, promotion_rank)
    } else if (pawns & !Bitboard::file(File::H)).is_empty() {
        Square::new(File::H, promotion_rank)
    } else {
        return false;
    };
    (bishops & Bitboard::same_colour(corner)).is_empty()
        && pos.king_square(!strong).distance(corner) <= 1
}

/// Steps from `sq` to the nearest of the four centre squares, along files and ranks.
fn centre_distance(sq: Square) -> i32 {
    let f = sq.file().index() as i32;
    let r = sq.rank().index() as i32;
    (3 - f).max(f - 4) + (3 - r).max(r - 4)
}

fn manhattan(a: Square, b: Square) -> i32 {
    let df = a.file().index() as i32 - b.file().index() as i32;
    let dr = a.rank().index() as i32 - b.rank().index() as i32;
    df.abs() + dr.abs()
}

/// In a pawnless ending won on material, rewards driving the losing king to
/// the edge and bringing the winning king close; with king, bishop and knight
/// against king, to a corner of the bishop's colour.
pub(crate) fn mop_up<T: Tracer>(pos: &Position, params: &Params, sink: &mut Sink<'_, T>) {
    if pos.pieces(PieceKind::Pawn).is_nonempty() {
        return;
    }
    let edge =
        non_pawn_material(pos, params, Color::White) - non_pawn_material(pos, params, Color::Black);
    if edge.abs() < params.mopup_margin {
        return;
    }
    let strong = if edge > 0 { Color::White } else { Color::Black };
    let weak = !strong;
    let lone = pos.king_square(weak);
    let mut score = params.mopup_edge * centre_distance(lone)
        + params.mopup_king_proximity * (MAX_MANHATTAN - manhattan(pos.king_square(strong), lone));
    let bishops = pos.pieces_of(strong, PieceKind::Bishop);
    let is_kbnk = bishops.count() == 1
        && pos.pieces_of(strong, PieceKind::Knight).count() == 1
        && pos.colored(strong).count() == 3
        && pos.colored(weak).count() == 1;
    if is_kbnk {
        // h1 and a8 are light, a1 and h8 dark.
        let corners = if bishops.single().is_light() {
            [Square::H1, Square::A8]
        } else {
            [Square::A1, Square::H8]
        };
        let to_corner = corners
            .iter()
            .map(|&c| manhattan(lone, c))
            .min()
            .unwrap_or(0);
        score += params.mopup_bishop_corner * (MAX_MANHATTAN - to_corner);
    }
    sink.add(Term::MopUp, strong, score);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry() {
        assert_eq!(centre_distance(Square::E4), 0);
        assert_eq!(centre_distance(Square::A1), 6);
        assert_eq!(centre_distance(Square::H5), 3);
        assert_eq!(manhattan(Square::A1, Square::H8), MAX_MANHATTAN);
        assert!(Square::H1.is_light() && Square::A8.is_light());
    }
}
