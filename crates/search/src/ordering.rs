//! Move ordering: history, killers and counter-moves, and the staged move picker.

use outpost_board::{CheckSquares, Color, Move, MoveList, Piece, PieceKind, Position, SEE_VALUES};

/// Largest absolute value a history entry can reach.
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// Quiet-move statistics of one search thread, kept between searches.
pub(crate) struct History {
    /// Butterfly history: how often a quiet move by this colour from this
    /// square to that one caused a cutoff, with gravity.
    butterfly: Box<[[[HistoryEntry; 64]; 64]; 2]>,
    /// The quiet move that last refuted a move of this piece to this square.
    counters: Box<[[Move; 64]; 12]>,
    /// Continuation history: how well a quiet move (piece, destination)
    /// did after an earlier move (piece, destination), one or two plies
    /// back. Flat: `[earlier piece][earlier to][piece][to]`.
    continuation: Vec<HistoryEntry>,
    /// Capture history: how well a capture by this piece on this square of
    /// this kind of piece did. `[piece][to][captured kind]`.
    captures: Box<[[[HistoryEntry; 6]; 64]; 12]>,
    /// Correction histories: how far searches found the static evaluation
    /// off, by side to move and a key of part of the position, in
    /// 1/[`CORRECTION_GRAIN`] centipawns. Slot 0 is keyed by the pawns,
    /// slots 1 and 2 by White's and Black's pieces other than pawns, slot 3
    /// by the move that led here.
    correction: Box<[[[i32; CORRECTION_ENTRIES]; CORRECTION_KEYS]; 2]>,
}

/// One history counter. Gravity keeps it within ±[`HISTORY_MAX`], so 16 bits
/// hold it exactly; half the size of `i32` keeps more of the continuation
/// history (1.2 MB a thread) in cache.
type HistoryEntry = i16;

/// How many correction histories there are.
const CORRECTION_KEYS: usize = 4;

/// The keys of a position the correction histories are indexed by: its
/// pawns, each colour's other pieces (king included), and the move that
/// led to it (piece and destination).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CorrectionKeys([u64; CORRECTION_KEYS]);

impl CorrectionKeys {
    /// The keys of `pos`, reached by `previous` (None at the root and after
    /// a null move).
    pub(crate) fn of(pos: &Position, previous: Option<(Piece, Move)>) -> CorrectionKeys {
        let pieces = |color: Color| {
            let mut h = 0u64;
            for kind in [
                PieceKind::Knight,
                PieceKind::Bishop,
                PieceKind::Rook,
                PieceKind::Queen,
                PieceKind::King,
            ] {
                h = (h ^ pos.pieces_of(color, kind).0).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                h ^= h >> 32;
            }
            h
        };
        CorrectionKeys([
            pos.pawn_key(),
            pieces(Color::White),
            pieces(Color::Black),
            // Slots 1..=768 by piece and destination, slot 0 without a move.
            previous.map_or(0, |(piece, mv)| {
                ((piece.index() * 64 + mv.to().index() + 1) as u64) << 32
            }),
        ])
    }
}

/// Entries per side and key in the correction histories.
const CORRECTION_ENTRIES: usize = 16_384;
/// Correction history counts in this fraction of a centipawn.
const CORRECTION_GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const CORRECTION_MAX: i32 = 128;
/// A search result's weight in the running average is depth-based, out of this.
const CORRECTION_WEIGHT_SCALE: i32 = 1024;

/// Where an earlier move's block of continuation history starts, or `None`
/// at the root and after a null move.
pub(crate) type ContinuationIndex = Option<usize>;

/// The continuation-history block for replies to `moved`.
#[inline]
pub(crate) fn continuation_index(moved: Option<(Piece, Move)>) -> ContinuationIndex {
    moved.map(|(piece, mv)| (piece.index() * 64 + mv.to().index()) * 12 * 64)
}

#[inline]
fn continuation_slot(block: usize, piece: Piece, mv: Move) -> usize {
    block + piece.index() * 64 + mv.to().index()
}

#[inline]
fn apply_gravity(entry: &mut HistoryEntry, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let old = i32::from(*entry);
    let new = old + bonus - old * bonus.abs() / HISTORY_MAX;
    debug_assert!(new.abs() <= HISTORY_MAX);
    // Within ±HISTORY_MAX: |new| ≤ |old|·(1 − |b|/M) + |b| ≤ M.
    *entry = new as HistoryEntry;
}

impl History {
    pub(crate) fn new() -> History {
        History {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            counters: Box::new([[Move::NULL; 64]; 12]),
            continuation: vec![0; 12 * 64 * 12 * 64],
            captures: Box::new([[[0; 6]; 64]; 12]),
            correction: Box::new([[[0; CORRECTION_ENTRIES]; CORRECTION_KEYS]; 2]),
        }
    }

    pub(crate) fn clear(&mut self) {
        *self.butterfly = [[[0; 64]; 64]; 2];
        *self.counters = [[Move::NULL; 64]; 12];
        self.continuation.fill(0);
        *self.captures = [[[0; 6]; 64]; 12];
        *self.correction = [[[0; CORRECTION_ENTRIES]; CORRECTION_KEYS]; 2];
    }

    #[inline]
    fn correction_slot(key: u64) -> usize {
        (key >> 32) as usize % CORRECTION_ENTRIES
    }

    /// `raw`, a static evaluation for `color` to move, corrected by what
    /// earlier searches found of positions with the same pawns (full
    /// weight), the same pieces of either colour and the same last move
    /// (half weight each).
    #[inline]
    pub(crate) fn corrected_eval(&self, raw: i32, color: Color, keys: CorrectionKeys) -> i32 {
        let table = &self.correction[color.index()];
        let [pawns, white, black, last_move] =
            [0, 1, 2, 3].map(|k| table[k][Self::correction_slot(keys.0[k])]);
        let correction = (2 * pawns + white + black + last_move) / (2 * CORRECTION_GRAIN);
        raw + correction.clamp(-CORRECTION_MAX, CORRECTION_MAX)
    }

    /// Moves each correction for these keys towards `searched - corrected`,
    /// the error a search of `depth` found in the corrected static eval.
    #[inline]
    pub(crate) fn update_correction(
        &mut self,
        color: Color,
        keys: CorrectionKeys,
        depth: i32,
        error: i32,
    ) {
        let weight = (depth * depth + 2 * depth + 1).min(128);
        let step = error.clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
        for (k, table) in self.correction[color.index()].iter_mut().enumerate() {
            let entry = &mut table[Self::correction_slot(keys.0[k])];
            let target = *entry + step;
            *entry = ((*entry * (CORRECTION_WEIGHT_SCALE - weight) + target * weight)
                / CORRECTION_WEIGHT_SCALE)
                .clamp(
                    -CORRECTION_MAX * CORRECTION_GRAIN,
                    CORRECTION_MAX * CORRECTION_GRAIN,
                );
        }
    }

    /// The capture-history entry of a capture or promotion in `pos`.
    #[inline]
    fn capture_entry(&mut self, pos: &Position, mv: Move) -> Option<&mut HistoryEntry> {
        let piece = pos.piece_on(mv.from())?;
        let victim = captured_kind(pos, mv);
        Some(&mut self.captures[piece.index()][mv.to().index()][victim.index()])
    }

    /// The capture-history score of a capture or promotion in `pos`.
    #[inline]
    pub(crate) fn capture_score(&self, pos: &Position, mv: Move) -> i32 {
        pos.piece_on(mv.from()).map_or(0, |piece| {
            i32::from(self.captures[piece.index()][mv.to().index()][captured_kind(pos, mv).index()])
        })
    }

    /// Moves a capture's history entry by `bonus`, with gravity.
    #[inline]
    pub(crate) fn update_capture(&mut self, pos: &Position, mv: Move, bonus: i32) {
        if let Some(entry) = self.capture_entry(pos, mv) {
            apply_gravity(entry, bonus);
        }
    }

    #[inline]
    pub(crate) fn score(&self, color: Color, mv: Move) -> i32 {
        i32::from(self.butterfly[color.index()][mv.from().index()][mv.to().index()])
    }

    /// Moves the entry towards `bonus`'s sign by `bonus`, less as it nears the bound.
    #[inline]
    pub(crate) fn update(&mut self, color: Color, mv: Move, bonus: i32) {
        apply_gravity(
            &mut self.butterfly[color.index()][mv.from().index()][mv.to().index()],
            bonus,
        );
    }

    /// The ordering score of a quiet move: butterfly plus continuation history.
    #[inline]
    pub(crate) fn quiet_score(
        &self,
        color: Color,
        piece: Piece,
        mv: Move,
        context: [ContinuationIndex; 2],
    ) -> i32 {
        let mut score = self.score(color, mv);
        for block in context.into_iter().flatten() {
            score += i32::from(self.continuation[continuation_slot(block, piece, mv)]);
        }
        score
    }

    /// Updates the butterfly and continuation histories of a quiet move.
    #[inline]
    pub(crate) fn update_quiet(
        &mut self,
        color: Color,
        piece: Piece,
        mv: Move,
        context: [ContinuationIndex; 2],
        bonus: i32,
    ) {
        self.update(color, mv, bonus);
        for block in context.into_iter().flatten() {
            apply_gravity(
                &mut self.continuation[continuation_slot(block, piece, mv)],
                bonus,
            );
        }
    }

    #[inline]
    pub(crate) fn counter(&self, previous: Option<(Piece, Move)>) -> Move {
        previous.map_or(Move::NULL, |(piece, mv)| {
            self.counters[piece.index()][mv.to().index()]
        })
    }

    #[inline]
    pub(crate) fn set_counter(&mut self, previous: Option<(Piece, Move)>, reply: Move) {
        if let Some((piece, mv)) = previous {
            self.counters[piece.index()][mv.to().index()] = reply;
        }
    }
}

/// The kind of piece a noisy move takes (a pawn for en passant; a pawn,
/// meaning nothing, for a quiet promotion).
#[inline]
fn captured_kind(pos: &Position, mv: Move) -> PieceKind {
    pos.piece_on(mv.to()).map_or(PieceKind::Pawn, |p| p.kind())
}

/// Capture history worth one step of victim value in the capture order.
const CAPTURE_HISTORY_DIVISOR: i32 = 16;

/// The history bonus for a cutoff at `depth`.
#[inline]
pub(crate) fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 16 + 32 * depth).min(1600)
}

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

/// Hands out the moves of a position one at a time, best first by stage:
/// the hash move, captures that do not lose material (most valuable victim
/// first), killers, the counter-move, other quiet moves by history, and
/// last the captures that lose material.
pub(crate) struct MovePicker {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    context: [ContinuationIndex; 2],
    list: MoveList,
    scores: [i32; 256],
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
            list: MoveList::new(),
            scores: [0; 256],
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
    pub(crate) fn skip_quiets(&mut self, pos: &Position) {
        if self.skip_quiets {
            return;
        }
        self.skip_quiets = true;
        // Quiet moves already generated and scored: drop the non-checks
        // now; otherwise generation drops them.
        if self.stage == Stage::Quiet {
            self.filter_quiet_checks(pos);
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
    fn filter_quiet_checks(&mut self, pos: &Position) {
        let mut kept = self.index;
        for i in self.index..self.end {
            let mv = self.list[i];
            if self.gives_check(pos, mv) {
                self.list.as_mut_slice()[kept] = mv;
                self.scores[kept] = self.scores[i];
                kept += 1;
            }
        }
        self.end = kept;
    }

    /// Keeps a capture that loses material for the last stage (not in
    /// quiescence), over a slot already handed out.
    fn keep_bad(&mut self, mv: Move) {
        if !self.noisy_only {
            // Every kept move was picked, so `bad_count < index`.
            self.list.as_mut_slice()[self.bad_count] = mv;
            self.bad_count += 1;
        }
    }

    fn pick_best(&mut self) -> Option<Move> {
        if self.index >= self.end {
            return None;
        }
        let mut best = self.index;
        for i in self.index + 1..self.end {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.list.as_mut_slice().swap(self.index, best);
        self.scores.swap(self.index, best);
        let mv = self.list[self.index];
        self.index += 1;
        Some(mv)
    }

    /// The next move, or `None` when all were handed out.
    pub(crate) fn next(&mut self, pos: &Position, history: &History) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateNoisy;
                    if !self.tt_move.is_null() {
                        return Some(self.tt_move);
                    }
                }
                Stage::GenerateNoisy => {
                    self.list.clear();
                    pos.generate_noisy(&mut self.list);
                    for (i, &mv) in self.list.iter().enumerate() {
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
                        self.scores[i] = (victim + promotion) * 8 - attacker
                            + history.capture_score(pos, mv) / CAPTURE_HISTORY_DIVISOR;
                    }
                    self.index = 0;
                    self.end = self.list.len();
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => match self.pick_best() {
                    Some(mv) if mv == self.tt_move => {}
                    Some(mv) => {
                        if let Some(kind) = mv.promotion() {
                            if kind != PieceKind::Queen {
                                self.keep_bad(mv);
                                continue;
                            }
                        }
                        if pos.see_ge(mv, 0) {
                            return Some(mv);
                        }
                        self.keep_bad(mv);
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
                    // The quiet moves go after the bad captures kept in front.
                    self.list.truncate(self.bad_count);
                    pos.generate_quiet(&mut self.list);
                    self.index = self.bad_count;
                    self.end = self.list.len();
                    if self.skip_quiets {
                        // Skipped before they were even generated: score
                        // only the checks.
                        self.filter_quiet_checks(pos);
                    }
                    let us = pos.side_to_move();
                    for i in self.index..self.end {
                        let mv = self.list[i];
                        self.scores[i] = if mv == self.killers[0] {
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
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => match self.pick_best() {
                    Some(mv) if mv == self.tt_move => {}
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::BadNoisy,
                },
                Stage::BadNoisy => {
                    if self.bad_index < self.bad_count {
                        let mv = self.list[self.bad_index];
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
    use std::collections::HashSet;

    #[test]
    fn picker_hands_out_every_legal_move_once() {
        let history = History::new();
        let pos = Position::startpos();
        for tt in [Move::NULL, pos.legal_moves()[5], Move::from_bits(0x1234)] {
            let mut picker =
                MovePicker::new(&pos, tt, [pos.legal_moves()[3], Move::NULL], Move::NULL);
            let mut seen = HashSet::new();
            while let Some(mv) = picker.next(&pos, &history) {
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
        let mut seen = HashSet::new();
        let mut skipped = false;
        while let Some(mv) = picker.next(&pos, &history) {
            assert!(seen.insert(mv), "{mv} twice");
            if !skipped && !mv.is_noisy() {
                // The first quiet move: from here on only checks.
                picker.skip_quiets(&pos);
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

    /// After 1.e4 e5 2.Nf3 d6 3.d4 exd4, White has captures (Nxd4, Qxd4),
    /// a quiet check (Bb5+) and many other quiet moves.
    /// Plays the legal move `uci` in `pos`; returns the piece moved and the move.
    fn play(pos: &mut Position, uci: &str) -> (Piece, Move) {
        let mv = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|mv| mv.to_string() == uci)
            .expect("legal");
        let piece = pos.piece_on(mv.from()).expect("a piece on the from square");
        pos.make_move(mv);
        (piece, mv)
    }

    fn open_game_position() -> Position {
        let mut pos = Position::startpos();
        for uci in ["e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "e5d4"] {
            play(&mut pos, uci);
        }
        pos
    }

    #[test]
    fn correction_follows_search_errors_and_stays_bounded() {
        let mut h = History::new();
        let pos = open_game_position();
        let keys = CorrectionKeys::of(&pos, None);
        assert_eq!(h.corrected_eval(50, Color::White, keys), 50);
        // Searches keep finding the position 40 cp better than its eval.
        for _ in 0..200 {
            let error = 90 - h.corrected_eval(50, Color::White, keys);
            h.update_correction(Color::White, keys, 6, error);
        }
        let corrected = h.corrected_eval(50, Color::White, keys);
        assert!((85..=90).contains(&corrected), "{corrected}");
        // Other side to move: untouched.
        assert_eq!(h.corrected_eval(50, Color::Black, keys), 50);
        // Other pawns, same pieces: the piece corrections still apply.
        let mut other_pawns = keys;
        other_pawns.0[0] ^= 1 << 40;
        let partly = h.corrected_eval(50, Color::White, other_pawns);
        assert!((72..=80).contains(&partly), "{partly}");
        // Nothing in common: untouched.
        let unrelated = CorrectionKeys([1 << 40, 2 << 40, 3 << 40, 4 << 40]);
        assert_eq!(h.corrected_eval(50, Color::White, unrelated), 50);
        // Huge errors are clamped.
        for _ in 0..1000 {
            h.update_correction(Color::Black, keys, 20, -10_000);
        }
        assert_eq!(h.corrected_eval(0, Color::Black, keys), -CORRECTION_MAX);
        h.clear();
        assert_eq!(h.corrected_eval(50, Color::White, keys), 50);
    }

    #[test]
    fn correction_keys_follow_the_pieces() {
        let start = Position::startpos();
        let [pawns, white, black, last] = CorrectionKeys::of(&start, None).0;
        assert_eq!(last, 0, "no move: slot 0");
        // A knight move changes White's piece key only (and the move key).
        let mut knight = start;
        let by_knight = play(&mut knight, "g1f3");
        let k = CorrectionKeys::of(&knight, Some(by_knight)).0;
        assert_eq!((k[0], k[2]), (pawns, black));
        assert_ne!(k[1], white);
        assert_ne!(k[3], 0);
        // A pawn move changes the pawn key only.
        let mut pawn = start;
        let by_pawn = play(&mut pawn, "f2f3");
        let p = CorrectionKeys::of(&pawn, Some(by_pawn)).0;
        assert_eq!((p[1], p[2]), (white, black));
        assert_ne!(p[0], pawns);
        // Another piece to the same square is another move slot.
        assert_ne!(
            History::correction_slot(p[3]),
            History::correction_slot(k[3])
        );
        // Black's knight move changes Black's key only.
        let mut reply = knight;
        play(&mut reply, "g8f6");
        let r = CorrectionKeys::of(&reply, None).0;
        assert_eq!((r[0], r[1]), (k[0], k[1]));
        assert_ne!(r[2], black);
    }

    #[test]
    fn history_saturates() {
        let mut h = History::new();
        let mv = Position::startpos().legal_moves()[0];
        for _ in 0..1000 {
            h.update(Color::White, mv, history_bonus(20));
        }
        assert!(h.score(Color::White, mv) <= HISTORY_MAX);
        for _ in 0..1000 {
            h.update(Color::White, mv, -history_bonus(20));
        }
        assert!(h.score(Color::White, mv) >= -HISTORY_MAX);
    }
}
