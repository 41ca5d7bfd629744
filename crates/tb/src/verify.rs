//! Checking a table against the rules of chess: every value must be the
//! best of its moves' values.

use crate::{Dtm, Material, Tablebases, TbError};
use outpost_board::Position;
use outpost_notation::to_fen;

/// What [`verify_table`] checked.
///
/// ```
/// use outpost_tb::{verify_table, Material, Tablebases};
///
/// let tb = Tablebases::in_memory();
/// let kpk: Material = "KPK".parse().unwrap();
/// // Every 20th position of KPK agrees with the values of its moves.
/// let checked = verify_table(&tb, kpk, 20).unwrap();
/// assert!(checked.positions > 0);
/// assert_eq!(checked.en_passant, 0); // no black pawn to take en passant
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Positions checked.
    pub positions: u64,
    /// Of them, positions whose moves include a double push that allows an
    /// en-passant capture (the tables resolve those through the capture).
    pub en_passant: u64,
}

/// The value `pos` must have given its moves' values from the tables: the
/// checkmated lose in 0 plies, the stalemated draw, and otherwise the best
/// of the moves (each move's value seen from the mover, [`Dtm::parent`]).
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::{expected_value, Dtm, Tablebases};
///
/// let tb = Tablebases::in_memory();
/// // Checkmated: lost now. Stalemated: drawn.
/// let mated = parse_fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").unwrap();
/// assert_eq!(expected_value(&tb, &mated).unwrap(), Dtm::Loss(0));
/// let stalemate = parse_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
/// assert_eq!(expected_value(&tb, &stalemate).unwrap(), Dtm::Draw);
/// // Otherwise the best move decides, as the table says.
/// let krk = parse_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1").unwrap();
/// assert_eq!(expected_value(&tb, &krk).unwrap(), tb.probe_dtm(&krk).unwrap());
/// ```
pub fn expected_value(tb: &Tablebases, pos: &Position) -> Result<Dtm, TbError> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Ok(if pos.is_check() {
            Dtm::Loss(0)
        } else {
            Dtm::Draw
        });
    }
    let mut best = Dtm::Loss(0);
    for &mv in moves.iter() {
        best = best.max(tb.probe_dtm(&pos.play(mv))?.parent());
    }
    Ok(best)
}

/// Checks every `every`-th position of `material`'s table (1: all): its DTM
/// is [`expected_value`], its WDL probe agrees, and its colour-flipped twin
/// has the same value. A won position thus has a move to a position lost in
/// one ply less, and a lost one only moves to positions won in no more than
/// one ply less. The first disagreement is an error naming the position.
pub fn verify_table(
    tb: &Tablebases,
    material: Material,
    every: usize,
) -> Result<Verified, TbError> {
    let mut verified = Verified {
        positions: 0,
        en_passant: 0,
    };
    for pos in tb.positions(material)?.step_by(every.max(1)) {
        let stored = tb.probe_dtm(&pos)?;
        let expected = expected_value(tb, &pos)?;
        let wdl = tb.probe_wdl(&pos)?;
        let flipped = tb.probe_dtm(&pos.color_flipped())?;
        if stored != expected || wdl != stored.wdl() || flipped != stored {
            return Err(TbError::Inconsistent {
                material,
                fen: to_fen(&pos),
                stored: stored.to_string(),
                expected: expected.to_string(),
            });
        }
        verified.positions += 1;
        if pos.legal_moves().iter().any(|&mv| {
            mv.is_double_push()
                && pos
                    .play(mv)
                    .legal_moves()
                    .iter()
                    .any(|reply| reply.is_en_passant())
        }) {
            verified.en_passant += 1;
        }
    }
    Ok(verified)
}
