//! Threats: enemy pieces attacked by lower-valued pieces, and hanging pieces.

use crate::params::Params;
use crate::pieces::Attacks;
use crate::score::Score;
use crate::sink::Sink;
use crate::trace::{Term, Tracer};
use outpost_board::{Color, PieceKind, Position};

/// Scores the threats each side makes.
pub(crate) fn evaluate<T: Tracer>(
    pos: &Position,
    params: &Params,
    att: &Attacks,
    sink: &mut Sink<'_, T>,
) {
    let pawns_and_kings = pos.pieces(PieceKind::Pawn) | pos.pieces(PieceKind::King);
    for us in Color::ALL {
        let them = !us;
        let ours = &att.by_kind[us.index()];
        let by_pawn = ours[PieceKind::Pawn.index()];
        let by_minor = ours[PieceKind::Knight.index()] | ours[PieceKind::Bishop.index()];
        let by_rook = ours[PieceKind::Rook.index()];
        let mut score = Score::ZERO;
        for kind in [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            let victims = pos.pieces_of(them, kind);
            if victims.is_empty() {
                continue;
            }
            score += params.threat_by_pawn[kind.index()] * (victims & by_pawn).count() as i32;
            score += params.threat_by_minor[kind.index()] * (victims & by_minor).count() as i32;
            score += params.threat_by_rook[kind.index()] * (victims & by_rook).count() as i32;
        }
        let hanging =
            pos.colored(them) & !pawns_and_kings & att.all[us.index()] & !att.all[them.index()];
        score += params.hanging * hanging.count() as i32;
        sink.add(Term::Threats, us, score);
    }
}
