//! King safety: pawn shield and storm, open files by the king, and the
//! enemy pieces attacking the king zone.

use crate::params::{Params, KING_DANGER_SIZE};
use crate::pawns::{fill_forward, step_forward, PawnEntry};
use crate::pieces::Attacks;
use crate::score::TaperedScore;
use crate::sink::Sink;
use crate::trace::{Term, Tracer};
use outpost_board::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use outpost_board::{Bitboard, Color, File, PieceKind, Position, Square};

/// The square of `bb` nearest `color`'s first rank.
#[inline]
fn nearest_to_home(color: Color, bb: Bitboard) -> Option<Square> {
    if bb.is_empty() {
        return None;
    }
    Some(match color {
        Color::White => bb.single(),
        Color::Black => Square::from_index_wrapping(63 - bb.0.leading_zeros() as usize),
    })
}

/// Attack units for the checks `us`'s opponent could give on squares `us`
/// does not attack: each kind of piece counts once.
fn safe_check_units(pos: &Position, params: &Params, att: &Attacks, us: Color) -> i32 {
    let them = !us;
    let king = pos.king_square(us);
    let occupied = pos.occupied();
    let safe = !att.all[us.index()] & !pos.colored(them);
    let diagonal = bishop_attacks(king, occupied) & safe;
    let straight = rook_attacks(king, occupied) & safe;
    let theirs = &att.by_kind[them.index()];
    let checks = [
        (PieceKind::Knight, knight_attacks(king) & safe),
        (PieceKind::Bishop, diagonal),
        (PieceKind::Rook, straight),
        (PieceKind::Queen, diagonal | straight),
    ];
    checks
        .iter()
        .filter(|(kind, squares)| (theirs[kind.index()] & *squares).is_nonempty())
        .map(|(kind, _)| params.king_safe_check[kind.index()])
        .sum()
}

/// Scores the safety of both kings.
pub(crate) fn evaluate<T: Tracer>(
    pos: &Position,
    params: &Params,
    pawns: &PawnEntry,
    att: &Attacks,
    sink: &mut Sink<'_, T>,
) {
    let all_pawn_files = pawns.files[0] | pawns.files[1];
    for us in Color::ALL {
        let them = !us;
        let king = pos.king_square(us);
        let ours = pos.pieces_of(us, PieceKind::Pawn);
        let theirs = pos.pieces_of(them, PieceKind::Pawn);
        let ahead = fill_forward(us, Bitboard::rank(king.rank()));
        let mut score = TaperedScore::ZERO;
        // The three files around the king, kept on the board: a king on the
        // a-file is judged on files a to c.
        let centre = king.file().index().clamp(1, 6);
        for index in centre - 1..=centre + 1 {
            let file = Bitboard::file(File::from_index(index));
            let shield = nearest_to_home(us, ours & file & ahead);
            let storm = nearest_to_home(us, theirs & file & ahead);
            score += params.king_shield[shield.map_or(0, |sq| sq.rank().relative_to(us).index())];
            score += match storm {
                Some(sq)
                    if shield.is_some_and(|p| step_forward(us, Bitboard::from(p)).contains(sq)) =>
                {
                    params.king_storm_blocked
                }
                Some(sq) => params.king_storm[sq.rank().relative_to(us).index()],
                None => params.king_storm[0],
            };
            let bit = 1u8 << index;
            if all_pawn_files & bit == 0 {
                score += params.king_open_file;
            } else if pawns.files[us.index()] & bit == 0 {
                score += params.king_semi_open_file;
            }
        }
        if att.king_attackers[them.index()] >= params.king_min_attackers {
            let units =
                att.king_attack_units[them.index()] + safe_check_units(pos, params, att, us);
            let units = units.clamp(0, KING_DANGER_SIZE as i32 - 1);
            score += params.king_danger[units as usize];
        }
        sink.add(Term::KingSafety, us, score);
    }
}
