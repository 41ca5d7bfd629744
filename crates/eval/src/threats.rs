//! Threats: enemy pieces attacked by lower-valued pieces, hanging pieces,
//! pieces the king attacks, and safe pawn pushes that would attack a piece.

use crate::params::Params;
use crate::pawns::step_forward;
use crate::pieces::Attacks;
use crate::score::TaperedScore;
use crate::sink::Sink;
use crate::trace::{Term, Tracer};
use outpost_board::attacks::pawn_attacks_set;
use outpost_board::{Bitboard, Color, PieceKind, Position, Rank};

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
        let mut score = TaperedScore::ZERO;
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
        let undefended = pos.colored(them) & !pawns_and_kings & !att.all[them.index()];
        let hanging = undefended & att.all[us.index()];
        score += params.hanging * hanging.count() as i32;
        let by_king = undefended & ours[PieceKind::King.index()];
        score += params.threat_by_king * by_king.count() as i32;
        // Pawn pushes to squares their pawns do not attack and their other
        // pieces do not attack or we defend, that would attack an enemy piece.
        let empty = !pos.occupied();
        let own_pawns = pos.pieces_of(us, PieceKind::Pawn);
        let single = step_forward(us, own_pawns) & empty;
        let third = Bitboard::rank(Rank::Third.relative_to(us));
        let double = step_forward(us, single & third) & empty;
        let safe = !att.all[them.index()] | att.all[us.index()];
        let theirs = &att.by_kind[them.index()];
        let pushes = (single | double) & safe & !theirs[PieceKind::Pawn.index()];
        let targets = pos.colored(them) & !pos.pieces(PieceKind::Pawn);
        let push_threats = pawn_attacks_set(us, pushes) & targets;
        score += params.threat_pawn_push * push_threats.count() as i32;
        sink.add(Term::Threats, us, score);
    }
}
