//! Piece activity: mobility, outposts, the bishop pair, rooks on files and
//! on the seventh rank. Also gathers the attack maps later terms use.

use crate::params::Params;
use crate::pawns::{step_forward, PawnEntry};
use crate::score::TaperedScore;
use crate::sink::Sink;
use crate::trace::{Term, Tracer};
use outpost_board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use outpost_board::{Bitboard, Color, PieceKind, Position, Rank};

/// Who attacks what, gathered while scoring the pieces.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Attacks {
    /// Squares attacked by each side's pieces of each kind.
    pub by_kind: [[Bitboard; 6]; 2],
    /// Squares attacked by each side.
    pub all: [Bitboard; 2],
    /// Each side's king zone: the king's square, its neighbours, and the
    /// squares one rank further forward.
    pub king_zone: [Bitboard; 2],
    /// Pieces of each side attacking the enemy king zone.
    pub king_attackers: [i32; 2],
    /// Attack units of each side against the enemy king zone.
    pub king_attack_units: [i32; 2],
}

/// The squares where a minor piece of `color` may stand on an outpost:
/// relative ranks 4 to 6.
fn outpost_ranks(color: Color) -> Bitboard {
    Bitboard::rank(Rank::Fourth.relative_to(color))
        | Bitboard::rank(Rank::Fifth.relative_to(color))
        | Bitboard::rank(Rank::Sixth.relative_to(color))
}

/// Scores the pieces of both sides and returns the attack maps.
pub(crate) fn evaluate<T: Tracer>(
    pos: &Position,
    params: &Params,
    pawns: &PawnEntry,
    sink: &mut Sink<'_, T>,
) -> Attacks {
    let occupied = pos.occupied();
    let mut att = Attacks::default();
    for color in Color::ALL {
        let king = pos.king_square(color);
        let near = king_attacks(king);
        att.by_kind[color.index()][PieceKind::Pawn.index()] = pawns.attacks[color.index()];
        att.by_kind[color.index()][PieceKind::King.index()] = near;
        let zone = near.with(king);
        att.king_zone[color.index()] = zone | step_forward(color, zone);
    }
    let all_pawn_files = pawns.files[0] | pawns.files[1];
    for us in Color::ALL {
        let them = !us;
        let area = !pos.colored(us) & !pawns.attacks[them.index()];
        let enemy_zone = att.king_zone[them.index()];
        let outposts =
            outpost_ranks(us) & !pawns.attack_span[them.index()] & pawns.attacks[us.index()];
        let seventh = Bitboard::rank(Rank::Seventh.relative_to(us));
        let rook_seventh_useful = pos.king_square(them).rank() == Rank::Eighth.relative_to(us)
            || (pos.pieces_of(them, PieceKind::Pawn) & seventh).is_nonempty();

        let mut mobility = TaperedScore::ZERO;
        let mut knights = TaperedScore::ZERO;
        let mut bishops = TaperedScore::ZERO;
        let mut rooks = TaperedScore::ZERO;
        for kind in [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            for sq in pos.pieces_of(us, kind) {
                let attacks = match kind {
                    PieceKind::Knight => knight_attacks(sq),
                    PieceKind::Bishop => bishop_attacks(sq, occupied),
                    PieceKind::Rook => rook_attacks(sq, occupied),
                    _ => queen_attacks(sq, occupied),
                };
                att.by_kind[us.index()][kind.index()] |= attacks;
                let reach = (attacks & area).count() as usize;
                let zone_hits = attacks & enemy_zone;
                if zone_hits.is_nonempty() {
                    att.king_attackers[us.index()] += 1;
                    att.king_attack_units[us.index()] += params.king_attacker_weight[kind.index()]
                        + params.king_zone_square * zone_hits.count() as i32;
                }
                match kind {
                    PieceKind::Knight => {
                        mobility += params.mobility_knight[reach];
                        if outposts.contains(sq) {
                            knights += params.knight_outpost;
                        }
                    }
                    PieceKind::Bishop => {
                        mobility += params.mobility_bishop[reach];
                        let own_pawns =
                            pos.pieces_of(us, PieceKind::Pawn) & Bitboard::same_colour(sq);
                        bishops += params.bishop_pawns * own_pawns.count() as i32;
                        if outposts.contains(sq) {
                            bishops += params.bishop_outpost;
                        }
                    }
                    PieceKind::Rook => {
                        mobility += params.mobility_rook[reach];
                        let file = 1u8 << sq.file().index();
                        if all_pawn_files & file == 0 {
                            rooks += params.rook_open_file;
                        } else if pawns.files[us.index()] & file == 0 {
                            rooks += params.rook_semi_open_file;
                        }
                        if seventh.contains(sq) && rook_seventh_useful {
                            rooks += params.rook_seventh;
                        }
                    }
                    _ => mobility += params.mobility_queen[reach],
                }
            }
        }
        if pos.pieces_of(us, PieceKind::Bishop).has_several() {
            bishops += params.bishop_pair;
        }
        sink.add(Term::Mobility, us, mobility);
        sink.add(Term::Knights, us, knights);
        sink.add(Term::Bishops, us, bishops);
        sink.add(Term::Rooks, us, rooks);
    }
    for color in Color::ALL {
        att.all[color.index()] = att.by_kind[color.index()]
            .iter()
            .fold(Bitboard::EMPTY, |a, &b| a | b);
    }
    att
}
