//! Retrograde generation of one depth-to-mate table.
//!
//! The table is solved level by level, a level being a distance to mate in
//! plies. Level 0 holds the checkmates. A position is won in `n` plies if a
//! move leads to a position lost in `n - 1`, and lost in `n` plies if every
//! move leads to a position won in at most `n - 1` (with one won in exactly
//! `n - 1`). Moves that capture or promote leave the table: their values come
//! from the smaller tables, which are complete, so a position may be decided
//! by them at any level; it is then queued for that level.
//!
//! The positions looked at in level `n` are the predecessors of the
//! positions decided in level `n - 1`, found by un-moves (a man of the side
//! that just moved steps back to an empty square: the reverse of a quiet
//! move, including a pawn's single or double push), plus those queued for
//! `n`. Each is evaluated with the board's forward move generator against
//! the values known so far, so the un-moves only have to find a superset of
//! the true predecessors. Positions never decided are draws.
//!
//! En passant: table positions carry no en-passant square, but a double push
//! can give the opponent an en-passant capture. The value after such a push
//! is the better of the table's value of the position reached and of the
//! capture, which resolves into a smaller table.

use crate::index::{Layout, Placement};
use crate::{Dtm, TbError, Tablebases};
use outpost_board::attacks::{attacks, king_attacks, knight_attacks, pawn_attacks};
use outpost_board::{Bitboard, Color, PieceKind, Position, Rank, Square};
use rayon::prelude::*;

/// What evaluating a position with the values known so far gives.
#[derive(Clone, Copy, Debug, Default)]
struct Outcome {
    /// A win or loss found, final once its level is reached.
    decided: Option<Dtm>,
    /// A level at which an en-passant capture's value becomes final and the
    /// position must be looked at again.
    recheck: Option<u16>,
}

/// The values of one table being generated: a byte per slot as in the DTM
/// file, 0 meaning "not decided yet".
struct Solver<'a> {
    layout: &'a Layout,
    tb: &'a Tablebases,
}

impl Solver<'_> {
    /// The value of the position reached by a quiet move (same material),
    /// from the mover's opponent's view, if it is known at `level`:
    /// `values` holds every value of level `level - 1` and below.
    fn internal_child(
        &self,
        values: Option<&[u8]>,
        child: &Position,
        level: u16,
        recheck: &mut Option<u16>,
    ) -> Result<Option<Dtm>, TbError> {
        let base = match values {
            Some(values) => {
                let index = self.layout.index(&self.layout.placement(child, false));
                match values[index] {
                    0 => None,
                    b => Some(Dtm::from_byte(b).ok_or(TbError::InvalidEntry {
                        material: self.layout.material,
                        index,
                    })?),
                }
            }
            None => None,
        };
        // After a double push the opponent may capture en passant, which
        // the table does not store: combine the table's value with the
        // captures' (final, from smaller tables).
        let Some(ep) = child.en_passant() else {
            return Ok(base);
        };
        let them = child.side_to_move();
        if (pawn_attacks(!them, ep) & child.pieces_of(them, PieceKind::Pawn)).is_empty() {
            return Ok(base);
        }
        let mut captures: Option<Dtm> = None;
        let mut others = false;
        for &mv in child.legal_moves().iter() {
            if mv.is_en_passant() {
                let v = self.tb.probe_dtm(&child.play(mv))?.parent();
                captures = Some(captures.map_or(v, |c| c.max(v)));
            } else {
                others = true;
            }
        }
        let Some(captures) = captures else {
            return Ok(base);
        };
        if !others {
            return Ok(Some(captures));
        }
        Ok(match (base, captures) {
            (Some(b), c) => Some(b.max(c)),
            // Undecided in the table means no mate of `level - 1` plies or
            // fewer either way, so a capture that mates sooner is final.
            (None, Dtm::Win(e)) if e < level => Some(Dtm::Win(e)),
            (None, Dtm::Win(e)) => {
                let at = e + 1;
                *recheck = Some(recheck.map_or(at, |r| r.min(at)));
                None
            }
            (None, _) => None,
        })
    }

    /// Evaluates `pos` against the values known at `level` (`None`: none).
    fn evaluate(
        &self,
        values: Option<&[u8]>,
        pos: &Position,
        level: u16,
    ) -> Result<Outcome, TbError> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Ok(Outcome {
                decided: pos.is_check().then_some(Dtm::Loss(0)),
                recheck: None,
            });
        }
        let mut best_win: Option<u16> = None;
        let mut all_won = true;
        let mut longest = 0u16;
        let mut recheck = None;
        for &mv in moves.iter() {
            let child = pos.play(mv);
            let value = if mv.is_capture() || mv.is_promotion() {
                Some(self.tb.probe_dtm(&child)?)
            } else {
                self.internal_child(values, &child, level, &mut recheck)?
            };
            match value {
                Some(Dtm::Loss(c)) => best_win = Some(best_win.map_or(c + 1, |w| w.min(c + 1))),
                Some(Dtm::Win(c)) => longest = longest.max(c + 1),
                Some(Dtm::Draw) | None => all_won = false,
            }
        }
        let decided = match best_win {
            Some(w) => Some(Dtm::Win(w)),
            None if all_won => Some(Dtm::Loss(longest)),
            None => None,
        };
        Ok(Outcome { decided, recheck })
    }

    /// Slots of positions that may have a quiet move into the position at
    /// `index` (a superset: illegal ones are dropped when evaluated).
    fn predecessors(&self, index: usize, out: &mut Vec<u32>) {
        let Some(p) = self.layout.placement_at(index) else {
            return;
        };
        let mover = !p.side;
        let mut occupied = Bitboard::EMPTY;
        let sq = |s: u8| Square::from_index_wrapping(usize::from(s));
        for &k in &p.kings {
            occupied = occupied.with(sq(k));
        }
        for (i, piece) in self.layout.pieces.iter().enumerate() {
            if piece.is_some() {
                occupied = occupied.with(sq(p.pieces[i]));
            }
        }
        let empty = !occupied.0;
        let mut emit = |moved: Placement| {
            out.push(self.layout.index(&moved) as u32);
        };
        // The mover's king.
        let king = mover.index();
        let other_king = sq(p.kings[1 - king]);
        for to in Bitboard(king_attacks(sq(p.kings[king])).0 & empty) {
            if to.distance(other_king) > 1 {
                let mut q = p;
                q.side = mover;
                q.kings[king] = to.index() as u8;
                emit(q);
            }
        }
        // The mover's other pieces.
        for (i, piece) in self.layout.pieces.iter().enumerate() {
            let Some(piece) = piece else { continue };
            if piece.color() != mover {
                continue;
            }
            let from = sq(p.pieces[i]);
            let targets = match piece.kind() {
                PieceKind::Pawn => pawn_unpushes(mover, from, occupied),
                PieceKind::Knight => knight_attacks(from),
                kind => attacks(kind, mover, from, occupied),
            };
            for to in Bitboard(targets.0 & empty) {
                let mut q = p;
                q.side = mover;
                q.pieces[i] = to.index() as u8;
                emit(q);
            }
        }
    }
}

/// Squares a pawn of `color` on `sq` may have come from by a push.
fn pawn_unpushes(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let back: i8 = if color == Color::White { -1 } else { 1 };
    let mut out = Bitboard::EMPTY;
    let Some(one) = sq.offset(0, back) else {
        return out;
    };
    if occupied.contains(one) || one.rank() == Rank::First.relative_to(color) {
        return out;
    }
    out = out.with(one);
    if sq.rank() == Rank::Fourth.relative_to(color) {
        if let Some(two) = one.offset(0, back) {
            if !occupied.contains(two) {
                out = out.with(two);
            }
        }
    }
    out
}

/// Generates the DTM table of `layout`'s material, using `tb` for the
/// tables captures and promotions lead into. Returns a byte per slot as the
/// DTM file stores it.
pub(crate) fn generate(layout: &Layout, tb: &Tablebases) -> Result<Vec<u8>, TbError> {
    let solver = Solver { layout, tb };
    let len = layout.len();
    let max_level = usize::from(Dtm::MAX_PLIES) + 1;
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); max_level + 2];
    let mut values = vec![0u8; len];

    // Level 0: mark slots without a position, find the mates, and queue
    // positions that captures and promotions decide or will decide.
    const CHUNK: usize = 4096;
    let queued: Vec<Vec<(u32, u16)>> = values
        .par_chunks_mut(CHUNK)
        .enumerate()
        .map(|(c, chunk)| -> Result<Vec<(u32, u16)>, TbError> {
            let mut queue = Vec::new();
            for (j, value) in chunk.iter_mut().enumerate() {
                let index = c * CHUNK + j;
                let Some(pos) = layout.position(index) else {
                    *value = Dtm::INVALID_BYTE;
                    continue;
                };
                let out = solver.evaluate(None, &pos, 0)?;
                match out.decided {
                    Some(Dtm::Loss(0)) => *value = Dtm::Loss(0).to_byte(),
                    Some(d) => queue.push((index as u32, d.plies().unwrap_or(0))),
                    None => {}
                }
                if let Some(r) = out.recheck {
                    queue.push((index as u32, r));
                }
            }
            Ok(queue)
        })
        .collect::<Result<_, _>>()?;
    let mut frontier: Vec<u32> = Vec::new();
    for (index, &v) in values.iter().enumerate() {
        if v == Dtm::Loss(0).to_byte() {
            frontier.push(index as u32);
        }
    }
    let overflow = || TbError::DtmOverflow {
        material: layout.material,
        max: Dtm::MAX_PLIES,
    };
    for (index, level) in queued.into_iter().flatten() {
        buckets
            .get_mut(usize::from(level))
            .ok_or_else(overflow)?
            .push(index);
    }

    let mut level: u16 = 0;
    loop {
        level += 1;
        let at = usize::from(level);
        if frontier.is_empty() && buckets[at.min(buckets.len() - 1)..].iter().all(Vec::is_empty)
        {
            break;
        }
        if at > max_level {
            return Err(overflow());
        }
        let mut candidates: Vec<u32> = frontier
            .par_iter()
            .fold(Vec::new, |mut acc, &i| {
                solver.predecessors(i as usize, &mut acc);
                acc
            })
            .flatten()
            .collect();
        candidates.append(&mut buckets[at]);
        candidates.par_sort_unstable();
        candidates.dedup();
        let snapshot = &values;
        let results: Vec<(u32, Outcome)> = candidates
            .par_iter()
            .filter(|&&i| snapshot[i as usize] == 0)
            .filter_map(|&i| {
                let pos = layout.position(i as usize)?;
                Some(
                    solver
                        .evaluate(Some(snapshot), &pos, level)
                        .map(|out| (i, out)),
                )
            })
            .collect::<Result<_, _>>()?;
        frontier.clear();
        for (index, out) in results {
            if let Some(d) = out.decided {
                let plies = d.plies().unwrap_or(0);
                if plies <= level {
                    debug_assert_eq!(plies, level, "{} slot {index}", layout.material);
                    values[index as usize] = d.to_byte();
                    frontier.push(index);
                } else {
                    buckets
                        .get_mut(usize::from(plies))
                        .ok_or_else(overflow)?
                        .push(index);
                }
            }
            if let Some(r) = out.recheck {
                buckets
                    .get_mut(usize::from(r))
                    .ok_or_else(overflow)?
                    .push(index);
            }
        }
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_unpushes_cover_single_and_double_pushes() {
        let none = Bitboard::EMPTY;
        let w = pawn_unpushes(Color::White, Square::E4, none);
        assert!(w.contains(Square::E3) && w.contains(Square::E2));
        assert_eq!(w.count(), 2);
        assert_eq!(pawn_unpushes(Color::White, Square::E3, none).count(), 1);
        assert_eq!(pawn_unpushes(Color::White, Square::E2, none).count(), 0);
        let b = pawn_unpushes(Color::Black, Square::D5, none);
        assert!(b.contains(Square::D6) && b.contains(Square::D7));
        let blocked = pawn_unpushes(Color::White, Square::E4, Bitboard::from_square(Square::E3));
        assert!(blocked.is_empty());
    }
}
