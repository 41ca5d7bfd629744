//! The staged move picker: hash move, good captures, killers, counter-move,
//! quiet moves by history, bad captures.

use crate::history::{ContinuationIndex, History};
use outpost_board::{CheckSquares, Move, MoveList, PieceKind, Position, SEE_VALUES};

/// Capture history worth one step of victim value in the capture order.
const CAPTURE_HISTORY_DIVISOR: i32 = 16;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    TtMove,
    GenerateNoisy,
    GoodNoisy,
    GenerateQuiet,
    Quiet,
    BadNoisy,
    Done,
}

/// The moves a [`MovePicker`] hands out and their ordering scores. The
/// search keeps one per picker that can be live at once and lends it to the
/// picker at every call, so that starting a node does not clear 1.5 KB.
pub(crate) struct PickerBuffers {
    list: MoveList,
    scores: [i32; 256],
}

impl Default for PickerBuffers {
    fn default() -> PickerBuffers {
        PickerBuffers {
            list: MoveList::new(),
            scores: [0; 256],
        }
    }
}

/// Hands out the moves of a position one at a time, best first by stage:
/// the hash move, captures that do not lose material (most valuable victim
/// first), killers, the counter-move, other quiet moves by history, and
/// last the captures that lose material. The moves live in a
/// [`PickerBuffers`] passed to every call that needs them, always the same
/// one for one picker.
pub(crate) struct MovePicker {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    context: [ContinuationIndex; 2],
    index: usize,
    /// Captures that lose material, kept at the front of `list` (over
    /// moves already handed out) until the last stage.
    bad_count: usize,
    bad_index: usize,
    /// The end of the live part of `list` (shortened when quiet moves are
    /// skipped).
    end: usize,
    /// Only quiet moves that give check are still wanted (set by
    /// [`MovePicker::skip_quiets`]).
    skip_quiets: bool,
    /// Quiescence: only captures that do not lose material and queen promotions.
    noisy_only: bool,
    /// For telling which moves give check, made when first needed.
    check_squares: Option<CheckSquares>,
}

const KILLER_SCORE: i32 = 1 << 28;

impl MovePicker {
    /// A picker for the main search.
    pub(crate) fn new(
        pos: &Position,
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
    ) -> MovePicker {
        let tt_move = if !tt_move.is_null() && pos.is_legal(tt_move) {
            tt_move
        } else {
            Move::NULL
        };
        MovePicker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            counter,
            context: [None; 2],
            index: 0,
            bad_count: 0,
            bad_index: 0,
            end: 0,
            skip_quiets: false,
            noisy_only: false,
            check_squares: None,
        }
    }

    /// A picker for quiescence search (not in check): good captures and queen promotions.
    pub(crate) fn noisy(pos: &Position, tt_move: Move) -> MovePicker {
        let tt_move = if !tt_move.is_null() && tt_move.is_noisy() && pos.is_legal(tt_move) {
            tt_move
        } else {
            Move::NULL
        };
        let mut picker = MovePicker::new(pos, Move::NULL, [Move::NULL; 2], Move::NULL);
        picker.tt_move = tt_move;
        picker.noisy_only = true;
        picker
    }

    /// Orders quiet moves by continuation history too, after these earlier moves.
    pub(crate) fn with_context(mut self, context: [ContinuationIndex; 2]) -> MovePicker {
        self.context = context;
        self
    }

    /// From now on, quiet moves are handed out only when they give check
    /// (late quiet moves are pruned anyway, checks excepted): saves ordering
    /// moves that would be thrown away.
    pub(crate) fn skip_quiets(&mut self, pos: &Position, buffers: &mut PickerBuffers) {
        if self.skip_quiets {
            return;
        }
        self.skip_quiets = true;
        // Quiet moves already generated and scored: drop the non-checks
        // now; otherwise generation drops them.
        if self.stage == Stage::Quiet {
            self.filter_quiet_checks(pos, buffers);
        }
    }

    /// Whether `mv`, legal in `pos` (the picker's position), gives check.
    #[inline]
    pub(crate) fn gives_check(&mut self, pos: &Position, mv: Move) -> bool {
        self.check_squares
            .get_or_insert_with(|| pos.check_squares())
            .gives_check(pos, mv)
    }

    /// Keeps, of the quiet moves not yet handed out, those that give check,
    /// in the same relative order with their scores.
    fn filter_quiet_checks(&mut self, pos: &Position, buffers: &mut PickerBuffers) {
        let mut kept = self.index;
        for i in self.index..self.end {
            let mv = buffers.list[i];
            if self.gives_check(pos, mv) {
                buffers.list.as_mut_slice()[kept] = mv;
                buffers.scores[kept] = buffers.scores[i];
                kept += 1;
            }
        }
        self.end = kept;
    }

    /// Keeps a capture that loses material for the last stage (not in
    /// quiescence), over a slot already handed out.
    fn keep_bad(&mut self, buffers: &mut PickerBuffers, mv: Move) {
        if !self.noisy_only {
            // Every kept move was picked, so `bad_count < index`.
            buffers.list.as_mut_slice()[self.bad_count] = mv;
            self.bad_count += 1;
        }
    }

    fn pick_best(&mut self, buffers: &mut PickerBuffers) -> Option<Move> {
        if self.index >= self.end {
            return None;
        }
        let scores = &mut buffers.scores;
        // The first of the best scores: the highest found in one pass and
        // its place in another, both loops the compiler vectorises.
        let live = &scores[self.index..self.end];
        let high = live.iter().copied().max().unwrap_or(i32::MIN);
        let best = self.index + live.iter().position(|&s| s == high).unwrap_or(0);
        buffers.list.as_mut_slice().swap(self.index, best);
        scores.swap(self.index, best);
        let mv = buffers.list[self.index];
        self.index += 1;
        Some(mv)
    }

    /// Generates the captures and promotions and scores them: victim
    /// (and promotion) first, then the cheaper attacker, then capture
    /// history. Kept out of [`MovePicker::next`] (once per node), so that
    /// handing out a move does not pay for its registers.
    #[inline(never)]
    fn fill_noisy(&mut self, pos: &Position, history: &History, buffers: &mut PickerBuffers) {
        let PickerBuffers { list, scores } = buffers;
        list.clear();
        pos.generate_noisy(list);
        for (i, &mv) in list.iter().enumerate() {
            let victim = if mv.is_en_passant() {
                SEE_VALUES[PieceKind::Pawn.index()]
            } else {
                pos.piece_on(mv.to())
                    .map_or(0, |p| SEE_VALUES[p.kind().index()])
            };
            let attacker = pos
                .piece_on(mv.from())
                .map_or(0, |p| p.kind().index() as i32);
            let promotion = mv.promotion().map_or(0, |k| SEE_VALUES[k.index()]);
            scores[i] = (victim + promotion) * 8 - attacker
                + history.capture_score(pos, mv) / CAPTURE_HISTORY_DIVISOR;
        }
        self.index = 0;
        self.end = list.len();
    }

    /// Generates the quiet moves after the kept bad captures and scores
    /// them: killers, counter-move, then history. Out of line for the same
    /// reason as [`MovePicker::fill_noisy`].
    #[inline(never)]
    fn fill_quiet(&mut self, pos: &Position, history: &History, buffers: &mut PickerBuffers) {
        // The quiet moves go after the bad captures kept in front.
        buffers.list.truncate(self.bad_count);
        pos.generate_quiet(&mut buffers.list);
        self.index = self.bad_count;
        self.end = buffers.list.len();
        if self.skip_quiets {
            // Skipped before they were even generated: score
            // only the checks.
            self.filter_quiet_checks(pos, buffers);
        }
        let us = pos.side_to_move();
        for i in self.index..self.end {
            let mv = buffers.list[i];
            buffers.scores[i] = if mv == self.killers[0] {
                KILLER_SCORE + 2
            } else if mv == self.killers[1] {
                KILLER_SCORE + 1
            } else if mv == self.counter {
                KILLER_SCORE
            } else {
                pos.piece_on(mv.from())
                    .map_or(0, |piece| history.quiet_score(us, piece, mv, self.context))
            };
        }
    }

    /// The next move, or `None` when all were handed out.
    pub(crate) fn next(
        &mut self,
        pos: &Position,
        history: &History,
        buffers: &mut PickerBuffers,
    ) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateNoisy;
                    if !self.tt_move.is_null() {
                        return Some(self.tt_move);
                    }
                }
                Stage::GenerateNoisy => {
                    self.fill_noisy(pos, history, buffers);
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => match self.pick_best(buffers) {
                    Some(mv) if mv == self.tt_move => {}
                    Some(mv) => {
                        if let Some(kind) = mv.promotion() {
                            if kind != PieceKind::Queen {
                                self.keep_bad(buffers, mv);
                                continue;
                            }
                        }
                        if pos.see_ge(mv, 0) {
                            return Some(mv);
                        }
                        self.keep_bad(buffers, mv);
                    }
                    None => {
                        self.stage = if self.noisy_only {
                            Stage::Done
                        } else {
                            Stage::GenerateQuiet
                        };
                    }
                },
                Stage::GenerateQuiet => {
                    self.fill_quiet(pos, history, buffers);
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => match self.pick_best(buffers) {
                    Some(mv) if mv == self.tt_move => {}
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::BadNoisy,
                },
                Stage::BadNoisy => {
                    if self.bad_index < self.bad_count {
                        let mv = buffers.list[self.bad_index];
                        self.bad_index += 1;
                        if mv != self.tt_move {
                            return Some(mv);
                        }
                    } else {
                        self.stage = Stage::Done;
                    }
                }
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::tests::open_game_position;
    use std::collections::HashSet;

    #[test]
    fn picker_hands_out_every_legal_move_once() {
        let history = History::new();
        let pos = Position::startpos();
        // One set of buffers for every picker: what a picker leaves behind
        // must not matter to the next.
        let mut buffers = PickerBuffers::default();
        for tt in [Move::NULL, pos.legal_moves()[5], Move::from_bits(0x1234)] {
            let mut picker =
                MovePicker::new(&pos, tt, [pos.legal_moves()[3], Move::NULL], Move::NULL);
            let mut seen = HashSet::new();
            while let Some(mv) = picker.next(&pos, &history, &mut buffers) {
                assert!(seen.insert(mv), "{mv} twice");
            }
            assert_eq!(seen.len(), pos.legal_moves().len());
        }
    }

    #[test]
    fn skipping_quiets_keeps_the_checks_and_the_captures() {
        let history = History::new();
        let pos = open_game_position();
        let legal = pos.legal_moves();
        let quiet_checks: HashSet<Move> = legal
            .iter()
            .copied()
            .filter(|&mv| !mv.is_noisy() && pos.gives_check(mv))
            .collect();
        assert!(!quiet_checks.is_empty());
        let noisy: HashSet<Move> = legal.iter().copied().filter(|mv| mv.is_noisy()).collect();
        assert!(!noisy.is_empty());
        let mut picker = MovePicker::new(&pos, Move::NULL, [Move::NULL; 2], Move::NULL);
        let mut buffers = PickerBuffers::default();
        let mut seen = HashSet::new();
        let mut skipped = false;
        while let Some(mv) = picker.next(&pos, &history, &mut buffers) {
            assert!(seen.insert(mv), "{mv} twice");
            if !skipped && !mv.is_noisy() {
                // The first quiet move: from here on only checks.
                picker.skip_quiets(&pos, &mut buffers);
                skipped = true;
            } else if skipped && !mv.is_noisy() {
                assert!(quiet_checks.contains(&mv), "{mv} is no check");
            }
        }
        assert!(skipped);
        for mv in quiet_checks.iter().chain(&noisy) {
            assert!(seen.contains(mv), "{mv} never handed out");
        }
        assert!(seen.len() < legal.len());
    }
}
