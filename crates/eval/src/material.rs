//! Material, piece-square tables and the game phase.

use crate::params::Params;
use crate::score::TaperedScore;
use crate::sink::Sink;
use crate::trace::{Term, Tracer};
use outpost_board::{Color, PieceKind, Position, Square};

/// Index into a half-board piece-square table for a square seen from the
/// piece's own side: files e to h are mirrored onto d to a.
#[inline]
pub(crate) fn psqt_index(sq: Square) -> usize {
    let file = sq.file().index();
    sq.rank().index() * 4 + file.min(7 - file)
}

/// Adds material and piece-square values for both sides.
pub(crate) fn evaluate<T: Tracer>(pos: &Position, params: &Params, sink: &mut Sink<'_, T>) {
    for color in Color::ALL {
        let mut material = TaperedScore::ZERO;
        let mut squares = TaperedScore::ZERO;
        for kind in PieceKind::ALL {
            let pieces = pos.pieces_of(color, kind);
            material += params.piece_value[kind.index()] * pieces.count() as i32;
            let table = &params.psqt[kind.index()];
            for sq in pieces {
                squares += table[psqt_index(sq.relative_to(color))];
            }
        }
        sink.add(Term::Material, color, material);
        sink.add(Term::PieceSquares, color, squares);
    }
}

/// The game phase of `pos`: the phase weights of the pieces on the board.
#[inline]
pub(crate) fn phase(pos: &Position, params: &Params) -> i32 {
    PieceKind::ALL
        .iter()
        .map(|&kind| pos.pieces(kind).count() as i32 * params.phase_weight[kind.index()])
        .sum()
}

/// The phase of the starting position (at least 1): full middlegame weight.
pub(crate) fn phase_max(params: &Params) -> i32 {
    phase(&Position::startpos(), params).max(1)
}
