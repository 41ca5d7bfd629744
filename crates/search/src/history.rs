//! History statistics of one search thread: butterfly, capture, continuation
//! and counter-move tables, and the correction histories of the static eval.
//!
//! Moves are indexed by where the moving piece lands: for castling that is
//! the king's square ([`Move::king_destination`]), not the rook's square the
//! move is stored with (in standard chess no other king move has the same
//! origin and landing square).

use outpost_board::{Color, Move, Piece, PieceKind, Position};

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
                ((piece.index() * 64 + mv.king_destination().index() + 1) as u64) << 32
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
    moved.map(|(piece, mv)| (piece.index() * 64 + mv.king_destination().index()) * 12 * 64)
}

#[inline]
fn continuation_slot(block: usize, piece: Piece, mv: Move) -> usize {
    block + piece.index() * 64 + mv.king_destination().index()
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
        i32::from(self.butterfly[color.index()][mv.from().index()][mv.king_destination().index()])
    }

    /// Moves the entry towards `bonus`'s sign by `bonus`, less as it nears the bound.
    #[inline]
    pub(crate) fn update(&mut self, color: Color, mv: Move, bonus: i32) {
        apply_gravity(
            &mut self.butterfly[color.index()][mv.from().index()][mv.king_destination().index()],
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
            self.counters[piece.index()][mv.king_destination().index()]
        })
    }

    #[inline]
    pub(crate) fn set_counter(&mut self, previous: Option<(Piece, Move)>, reply: Move) {
        if let Some((piece, mv)) = previous {
            self.counters[piece.index()][mv.king_destination().index()] = reply;
        }
    }
}

/// The kind of piece a noisy move takes (a pawn for en passant; a pawn,
/// meaning nothing, for a quiet promotion).
#[inline]
pub(crate) fn captured_kind(pos: &Position, mv: Move) -> PieceKind {
    pos.piece_on(mv.to()).map_or(PieceKind::Pawn, |p| p.kind())
}

/// The history bonus for a cutoff at `depth`.
#[inline]
pub(crate) fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 16 + 32 * depth).min(1600)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Plays the legal move `uci` in `pos`; returns the piece moved and the move.
    pub(crate) fn play(pos: &mut Position, uci: &str) -> (Piece, Move) {
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

    /// After 1.e4 e5 2.Nf3 d6 3.d4 exd4, White has captures (Nxd4, Qxd4),
    /// a quiet check (Bb5+) and many other quiet moves.
    pub(crate) fn open_game_position() -> Position {
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
