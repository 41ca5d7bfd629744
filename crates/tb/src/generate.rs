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
//! `n`. At an odd level every undecided predecessor of a loss is won at
//! once. At an even level each candidate's quiet moves are walked forward
//! on its placement (no board needed: a pseudo-legal move that leaves the
//! king in check reaches a slot marked invalid) and checked against the
//! values known so far, so the un-moves only have to find a superset of the
//! true predecessors; that also keeps positions equal to their own mirror
//! image simple. Positions never decided are draws.
//!
//! En passant: table positions carry no en-passant square, but a double push
//! can give the opponent an en-passant capture. The value after such a push
//! is the better of the table's value of the position reached and of the
//! capture, which resolves into a smaller table.

use crate::index::{Layout, Placement};
use crate::{Dtm, Tablebases, TbError};
use outpost_board::attacks::{attacks, king_attacks, knight_attacks, pawn_attacks};
use outpost_board::{Bitboard, Color, Move, PieceKind, Position, Rank, Square};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// What evaluating a position with the values known so far gives.
#[derive(Clone, Copy, Debug, Default)]
struct Outcome {
    /// A win or loss found, final once its level is reached.
    decided: Option<Dtm>,
    /// A level at which an en-passant capture's value becomes final and the
    /// position must be looked at again.
    recheck: Option<u16>,
}

/// `Exits::loss` when a capture or promotion leads to a position the
/// opponent does not win: the position can never be lost.
const BLOCKED: u8 = u8::MAX;

/// What the moves leaving the table (captures, promotions) give, found once
/// at level 0: the fastest win through them (0: none) and either
/// [`BLOCKED`] or the longest loss through them (0: none).
#[derive(Clone, Copy, Debug, Default)]
struct Exits {
    win: u8,
    loss: u8,
}

/// The state of one table being generated.
struct Solver<'a> {
    layout: &'a Layout,
    tb: &'a Tablebases,
}

/// Where a quiet move lands in a placement: the placement after it.
fn moved(p: &Placement, mv: Move) -> Placement {
    let (from, to) = (mv.from().index() as u8, mv.to().index() as u8);
    let mut q = *p;
    q.side = !p.side;
    if let Some(k) = q.kings.iter_mut().find(|k| **k == from) {
        *k = to;
    } else if let Some(s) = q.pieces.iter_mut().find(|s| **s == from) {
        *s = to;
    }
    q
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

    /// Level 0: what the moves leaving the table give, whether the position
    /// is mated, and a level to look again for an en-passant capture.
    fn exits(&self, pos: &Position) -> Result<(Exits, Outcome), TbError> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let outcome = Outcome {
                decided: pos.is_check().then_some(Dtm::Loss(0)),
                recheck: None,
            };
            return Ok((
                Exits {
                    win: 0,
                    loss: BLOCKED,
                },
                outcome,
            ));
        }
        let mut win: Option<u16> = None;
        let mut loss: Option<u16> = Some(0);
        let mut internal = false;
        let mut recheck = None;
        for &mv in moves.iter() {
            let value = if mv.is_capture() || mv.is_promotion() {
                Some(self.tb.probe_dtm(&pos.play(mv))?)
            } else {
                internal = true;
                if mv.is_double_push() {
                    // Only the capture part can be known now.
                    self.internal_child(None, &pos.play(mv), 0, &mut recheck)?;
                }
                continue;
            };
            match value {
                Some(Dtm::Loss(c)) => {
                    win = Some(win.map_or(c + 1, |w| w.min(c + 1)));
                    loss = None;
                }
                Some(Dtm::Win(c)) => loss = loss.map(|l| l.max(c + 1)),
                _ => loss = None,
            }
        }
        let byte = |p: u16| u8::try_from(p).ok().filter(|&b| b < BLOCKED);
        let exits = Exits {
            win: win.and_then(byte).unwrap_or(0),
            loss: loss.and_then(byte).unwrap_or(BLOCKED),
        };
        // All moves leave the table: the value is known now.
        let decided = match (win, loss) {
            (Some(w), _) => Some(Dtm::Win(w)),
            (None, Some(l)) if !internal => Some(Dtm::Loss(l)),
            _ => None,
        };
        Ok((exits, Outcome { decided, recheck }))
    }

    /// Evaluates the position at `index` against the values known at
    /// `level` (every value below `level`). With `losses_only`, gives up as
    /// soon as the position cannot be lost (at even levels only losses are
    /// decided).
    fn evaluate(
        &self,
        values: &[u8],
        exits: Exits,
        index: usize,
        level: u16,
        losses_only: bool,
    ) -> Result<Outcome, TbError> {
        let mut blocked = exits.loss == BLOCKED;
        if blocked && losses_only {
            return Ok(Outcome::default());
        }
        let Some(placement) = self.layout.placement_at(index) else {
            return Ok(Outcome::default());
        };
        let mut best_win = (exits.win != 0).then_some(u16::from(exits.win));
        let mut longest = if blocked { 0 } else { u16::from(exits.loss) };
        let mut recheck = None;
        let mut note = |value: Option<Dtm>| -> bool {
            match value {
                Some(Dtm::Loss(c)) => best_win = Some(best_win.map_or(c + 1, |w| w.min(c + 1))),
                Some(Dtm::Win(c)) => longest = longest.max(c + 1),
                Some(Dtm::Draw) | None => {
                    blocked = true;
                    return !losses_only;
                }
            }
            true
        };
        // The quiet moves straight on the placement, without a board; a
        // pseudo-legal move that leaves the king in check reaches a slot
        // marked invalid. Pushes that allow en passant need the board.
        let mut bad = None;
        let done = self.quiet_children(&placement, |child| match values[child] {
            Dtm::INVALID_BYTE => true,
            0 => note(None),
            b => match Dtm::from_byte(b) {
                Some(v) => note(Some(v)),
                None => {
                    bad = Some(child);
                    false
                }
            },
        });
        if let Some(child) = bad {
            return Err(TbError::InvalidEntry {
                material: self.layout.material,
                index: child,
            });
        }
        if done.is_none() {
            let Some(pos) = self.layout.to_position(&placement) else {
                return Ok(Outcome::default());
            };
            for &mv in pos.legal_moves().iter() {
                if mv.is_capture() || mv.is_promotion() {
                    continue;
                }
                let value = if mv.is_double_push() {
                    self.internal_child(Some(values), &pos.play(mv), level, &mut recheck)?
                } else {
                    let child = self.layout.index(&moved(&placement, mv));
                    match values[child] {
                        0 => None,
                        b => Some(Dtm::from_byte(b).ok_or(TbError::InvalidEntry {
                            material: self.layout.material,
                            index: child,
                        })?),
                    }
                };
                if !note(value) {
                    break;
                }
            }
        }
        if blocked && losses_only {
            return Ok(Outcome::default());
        }
        let decided = match best_win {
            Some(w) => Some(Dtm::Win(w)),
            None if !blocked => Some(Dtm::Loss(longest)),
            None => None,
        };
        Ok(Outcome { decided, recheck })
    }

    /// Calls `f` with the slot reached by each pseudo-legal quiet move (no
    /// capture, no promotion) of the side to move in `p`, until `f` returns
    /// false. Moves that leave the king in check reach slots marked invalid.
    /// Returns `None`, calling nothing, if a double push would allow an
    /// en-passant capture: the position reached is not in the table.
    fn quiet_children(&self, p: &Placement, mut f: impl FnMut(usize) -> bool) -> Option<()> {
        let us = p.side;
        let sq = |s: u8| Square::from_index_wrapping(usize::from(s));
        let mut occupied = Bitboard::EMPTY;
        for &k in &p.kings {
            occupied = occupied.with(sq(k));
        }
        let mut their_pawns = Bitboard::EMPTY;
        for (i, piece) in self.layout.pieces.iter().enumerate() {
            if let Some(piece) = piece {
                occupied = occupied.with(sq(p.pieces[i]));
                if piece.color() != us && piece.kind() == PieceKind::Pawn {
                    their_pawns = their_pawns.with(sq(p.pieces[i]));
                }
            }
        }
        let empty = !occupied.0;
        let up: i8 = if us == Color::White { 1 } else { -1 };
        // Look for a push that allows en passant before calling anything.
        if their_pawns.is_nonempty() {
            for (i, piece) in self.layout.pieces.iter().enumerate() {
                let Some(piece) = piece else { continue };
                if piece.color() != us || piece.kind() != PieceKind::Pawn {
                    continue;
                }
                let from = sq(p.pieces[i]);
                if from.rank() != Rank::Second.relative_to(us) {
                    continue;
                }
                if let Some(to) = from.offset(0, 2 * up) {
                    let beside = [to.offset(-1, 0), to.offset(1, 0)];
                    if beside
                        .into_iter()
                        .flatten()
                        .any(|b| their_pawns.contains(b))
                    {
                        return None;
                    }
                }
            }
        }
        let king = us.index();
        let their_king = sq(p.kings[1 - king]);
        for to in Bitboard(king_attacks(sq(p.kings[king])).0 & empty) {
            if to.distance(their_king) > 1 {
                let mut q = *p;
                q.side = !us;
                q.kings[king] = to.index() as u8;
                if !f(self.layout.index(&q)) {
                    return Some(());
                }
            }
        }
        for (i, piece) in self.layout.pieces.iter().enumerate() {
            let Some(piece) = piece else { continue };
            if piece.color() != us {
                continue;
            }
            let from = sq(p.pieces[i]);
            let targets = match piece.kind() {
                PieceKind::Pawn => pawn_pushes(us, from, occupied),
                PieceKind::Knight => knight_attacks(from),
                kind => attacks(kind, us, from, occupied),
            };
            for to in Bitboard(targets.0 & empty) {
                let mut q = *p;
                q.side = !us;
                q.pieces[i] = to.index() as u8;
                if !f(self.layout.index(&q)) {
                    return Some(());
                }
            }
        }
        Some(())
    }

    /// Slots of positions that may have a quiet move into the position at
    /// `index` (a superset: illegal ones are marked invalid in the table).
    /// Pushes that give the opponent an en-passant capture go to `special`:
    /// the position they lead to is not the table's.
    fn predecessors(&self, index: usize, simple: &Marks, special: &Marks) {
        let Some(p) = self.layout.placement_at(index) else {
            return;
        };
        let mover = !p.side;
        let mut occupied = Bitboard::EMPTY;
        let sq = |s: u8| Square::from_index_wrapping(usize::from(s));
        for &k in &p.kings {
            occupied = occupied.with(sq(k));
        }
        let mut enemy_pawns = Bitboard::EMPTY;
        for (i, piece) in self.layout.pieces.iter().enumerate() {
            if let Some(piece) = piece {
                occupied = occupied.with(sq(p.pieces[i]));
                if piece.color() == p.side && piece.kind() == PieceKind::Pawn {
                    enemy_pawns = enemy_pawns.with(sq(p.pieces[i]));
                }
            }
        }
        let empty = !occupied.0;
        // The mover's king.
        let king = mover.index();
        let other_king = sq(p.kings[1 - king]);
        for to in Bitboard(king_attacks(sq(p.kings[king])).0 & empty) {
            if to.distance(other_king) > 1 {
                let mut q = p;
                q.side = mover;
                q.kings[king] = to.index() as u8;
                simple.mark(self.layout.index(&q));
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
                let double = piece.kind() == PieceKind::Pawn && to.distance(from) == 2;
                let beside = Bitboard(
                    (Bitboard::from_square(from).0 << 1 & !0x0101_0101_0101_0101)
                        | (Bitboard::from_square(from).0 >> 1 & !0x8080_8080_8080_8080),
                );
                if double && (beside & enemy_pawns).is_nonempty() {
                    special.mark(self.layout.index(&q));
                } else {
                    simple.mark(self.layout.index(&q));
                }
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

/// Squares a pawn of `color` on `sq` may push to without promoting.
fn pawn_pushes(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let up: i8 = if color == Color::White { 1 } else { -1 };
    let mut out = Bitboard::EMPTY;
    let Some(one) = sq.offset(0, up) else {
        return out;
    };
    if occupied.contains(one) || one.rank() == Rank::Eighth.relative_to(color) {
        return out;
    }
    out = out.with(one);
    if sq.rank() == Rank::Second.relative_to(color) {
        if let Some(two) = one.offset(0, up) {
            if !occupied.contains(two) {
                out = out.with(two);
            }
        }
    }
    out
}

/// Adds `index` to the list of `level`, or fails if the level is beyond
/// what a byte holds.
fn queue(lists: &mut [Vec<u32>], level: u16, index: u32, layout: &Layout) -> Result<(), TbError> {
    match lists.get_mut(usize::from(level)) {
        Some(list) => {
            list.push(index);
            Ok(())
        }
        None => Err(TbError::DtmOverflow {
            material: layout.material,
            max: Dtm::MAX_PLIES,
        }),
    }
}

/// A set of slots, marked from many threads at once.
struct Marks {
    words: Vec<AtomicU64>,
}

impl Marks {
    fn new(len: usize) -> Marks {
        Marks {
            words: (0..len.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn mark(&self, index: usize) {
        self.words[index / 64].fetch_or(1 << (index % 64), Ordering::Relaxed);
    }

    /// The marked slots in increasing order, leaving the set empty.
    fn drain(&mut self) -> Vec<u32> {
        self.words
            .par_iter_mut()
            .enumerate()
            .flat_map_iter(|(w, word)| {
                let mut bits = std::mem::take(word.get_mut());
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let b = bits.trailing_zeros();
                        bits &= bits - 1;
                        (w * 64) as u32 + b
                    })
                })
            })
            .collect()
    }
}

/// Generates the DTM table of `layout`'s material, using `tb` for the
/// tables captures and promotions lead into. Returns a byte per slot as the
/// DTM file stores it.
pub(crate) fn generate(layout: &Layout, tb: &Tablebases) -> Result<Vec<u8>, TbError> {
    let solver = Solver { layout, tb };
    let len = layout.len();
    let levels = usize::from(Dtm::MAX_PLIES) + 1;
    // Positions whose win through a capture or promotion is final at a
    // level, and positions to evaluate again at a level.
    let mut win_at: Vec<Vec<u32>> = vec![Vec::new(); levels];
    let mut eval_at: Vec<Vec<u32>> = vec![Vec::new(); levels];
    let mut values = vec![0u8; len];
    let mut exits = vec![Exits::default(); len];

    // Level 0: mark slots without a position, find the mates, and note what
    // captures and promotions give.
    const CHUNK: usize = 4096;
    let queued: Vec<Vec<(u32, Outcome)>> = values
        .par_chunks_mut(CHUNK)
        .zip(exits.par_chunks_mut(CHUNK))
        .enumerate()
        .map(
            |(c, (chunk, exit_chunk))| -> Result<Vec<(u32, Outcome)>, TbError> {
                let mut queue = Vec::new();
                for (j, (value, exit)) in chunk.iter_mut().zip(exit_chunk).enumerate() {
                    let index = c * CHUNK + j;
                    let Some(pos) = layout.position(index) else {
                        *value = Dtm::INVALID_BYTE;
                        continue;
                    };
                    let (e, out) = solver.exits(&pos)?;
                    *exit = e;
                    if out.decided == Some(Dtm::Loss(0)) {
                        *value = Dtm::Loss(0).to_byte();
                    } else if out.decided.is_some() || out.recheck.is_some() {
                        queue.push((index as u32, out));
                    }
                }
                Ok(queue)
            },
        )
        .collect::<Result<_, _>>()?;
    for (index, out) in queued.into_iter().flatten() {
        match out.decided {
            Some(Dtm::Win(w)) => queue(&mut win_at, w, index, layout)?,
            Some(Dtm::Loss(l)) => queue(&mut eval_at, l, index, layout)?,
            _ => {}
        }
        if let Some(r) = out.recheck {
            queue(&mut eval_at, r, index, layout)?;
        }
    }
    let mut frontier: Vec<u32> = (0..len as u32)
        .filter(|&i| values[i as usize] == Dtm::Loss(0).to_byte())
        .collect();

    let mut simple_marks = Marks::new(len);
    let mut special_marks = Marks::new(len);
    for level in 1..levels as u16 {
        let at = usize::from(level);
        if frontier.is_empty()
            && win_at[at..].iter().all(Vec::is_empty)
            && eval_at[at..].iter().all(Vec::is_empty)
        {
            break;
        }
        frontier
            .par_iter()
            .for_each(|&i| solver.predecessors(i as usize, &simple_marks, &special_marks));
        let wins_now = level % 2 == 1;
        // At an odd level every unresolved predecessor of a loss wins now;
        // positions reached by a push that allows en passant need a look.
        let (direct, to_evaluate) = if wins_now {
            for &i in &win_at[at] {
                simple_marks.mark(i as usize);
            }
            for &i in &eval_at[at] {
                special_marks.mark(i as usize);
            }
            (simple_marks.drain(), special_marks.drain())
        } else {
            for &i in &eval_at[at] {
                simple_marks.mark(i as usize);
            }
            let mut all = simple_marks.drain();
            all.extend(special_marks.drain());
            all.par_sort_unstable();
            all.dedup();
            (Vec::new(), all)
        };
        win_at[at] = Vec::new();
        eval_at[at] = Vec::new();
        let snapshot = &values;
        let exits_ref = &exits;
        let results: Vec<(u32, Outcome)> = to_evaluate
            .par_iter()
            .filter(|&&i| snapshot[i as usize] == 0)
            .map(|&i| {
                solver
                    .evaluate(
                        snapshot,
                        exits_ref[i as usize],
                        i as usize,
                        level,
                        !wins_now,
                    )
                    .map(|out| (i, out))
            })
            .collect::<Result<_, _>>()?;
        frontier.clear();
        for index in direct {
            if values[index as usize] == 0 {
                values[index as usize] = Dtm::Win(level).to_byte();
                frontier.push(index);
            }
        }
        for (index, out) in results {
            if let Some(d) = out.decided {
                let plies = d.plies().unwrap_or(0);
                if plies <= level {
                    debug_assert_eq!(plies, level, "{} slot {index}", layout.material);
                    if values[index as usize] == 0 {
                        values[index as usize] = d.to_byte();
                        frontier.push(index);
                    }
                } else if d.wdl() == crate::Wdl::Win {
                    queue(&mut win_at, plies, index, layout)?;
                } else {
                    queue(&mut eval_at, plies, index, layout)?;
                }
            }
            if let Some(r) = out.recheck {
                queue(&mut eval_at, r, index, layout)?;
            }
        }
        if level == Dtm::MAX_PLIES && !frontier.is_empty() {
            return Err(TbError::DtmOverflow {
                material: layout.material,
                max: Dtm::MAX_PLIES,
            });
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
