//! Passed pawns: what the pawn table knows (which pawns are passed) combined
//! with what it cannot (pieces in the way, enemy control, where the kings are).

use crate::params::Params;
use crate::pawns::{fill_backward, front_span, step_backward, step_forward, PawnEntry};
use crate::pieces::Attacks;
use crate::score::TaperedScore;
use crate::sink::Sink;
use crate::trace::{Term, Tracer};
use outpost_board::{attacks, Bitboard, Color, PieceKind, Position};

/// Scores the passed pawns of both sides.
pub(crate) fn evaluate<T: Tracer>(
    pos: &Position,
    params: &Params,
    pawns: &PawnEntry,
    att: &Attacks,
    sink: &mut Sink<'_, T>,
) {
    let occupied = pos.occupied();
    for us in Color::ALL {
        let them = !us;
        let passers = pawns.passed & pos.colored(us);
        if passers.is_empty() {
            continue;
        }
        let own_king = pos.king_square(us);
        let their_king = pos.king_square(them);
        let rooks = pos.pieces(PieceKind::Rook);
        let mut score = TaperedScore::ZERO;
        for sq in passers {
            let rank = sq.rank().relative_to(us).index();
            score += params.passed_rank[rank];
            // A pawn never stands on its last rank, so the stop square exists.
            let Some(stop) = step_forward(us, Bitboard::from(sq)).first() else {
                continue;
            };
            if occupied.contains(stop) {
                score += params.passed_blocked[rank];
            } else {
                if !att.all[them.index()].contains(stop) {
                    score += params.passed_safe_stop[rank];
                }
                let path = front_span(us, Bitboard::from(sq));
                if (path & (occupied | att.all[them.index()])).is_empty() {
                    score += params.passed_free_path[rank];
                }
            }
            // The first piece behind the pawn on its file, if a rook.
            let behind = attacks::rook_attacks(sq, occupied)
                & fill_backward(us, step_backward(us, Bitboard::from(sq)))
                & rooks;
            if (behind & pos.colored(us)).is_nonempty() {
                score += params.passed_rook_behind;
            }
            if (behind & pos.colored(them)).is_nonempty() {
                score += params.passed_enemy_rook_behind;
            }
            score += params.passed_own_king_distance[rank] * i32::from(own_king.distance(stop));
            score += params.passed_their_king_distance[rank] * i32::from(their_king.distance(stop));
        }
        sink.add(Term::Passed, us, score);
    }
}
