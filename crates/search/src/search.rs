//! The searcher of one thread: iterative deepening over a principal
//! variation search with quiescence, pruning and reductions.

use crate::history::{
    continuation_index, history_bonus, ContinuationIndex, CorrectionKeys, History,
};
use crate::job::{Job, Shared};
use crate::limits::MAX_PLY;
use crate::movepick::{MovePicker, PickerBuffers};
use crate::params;
use crate::report::{PvReport, Report};
use crate::result::{playable, RootMove};
use crate::score::{is_mate, mate_in, mated_in, Bound, Score, INFINITE, MATE_BOUND, TB_WIN};
use crate::settings::SearchDriver;
use crate::tables::TableWdl;
use crate::tt::TtEntry;
use outpost_board::{CastlingRights, Color, Move, Piece, PieceKind, Position, SEE_VALUES};
use outpost_eval::Evaluate;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::LazyLock;

mod driver;

// Pruning margins and depth limits, in centipawns and plies, are in
// `params` (one place, tunable in a `tune` build).
/// Most double extensions on one line, so the search still terminates quickly.
const MAX_DOUBLE_EXTENSIONS: u8 = 6;

/// What a move picker at a ply is for: the pickers of one ply that can be
/// live at the same time each get their own buffers.
#[derive(Clone, Copy)]
enum PickerUse {
    /// The node's own moves (and, before them, ProbCut's captures).
    Main,
    /// A singular-extension search of the same position, inside `Main`'s loop.
    Singular,
    /// Quiescence, which a zero-depth search at the same ply may enter.
    Quiescence,
}

/// Buffers for every ply below [`MAX_PLY`] (no picker is made at or beyond it).
const PICKER_SLOTS: usize = 3 * MAX_PLY;

/// Where the buffers of the picker of `ply` for `purpose` are.
#[inline]
fn picker_slot(ply: usize, purpose: PickerUse) -> usize {
    3 * ply + purpose as usize
}

/// Late-move reductions by depth and move number: `0.5 + ln(d) ln(m) / 2.5`,
/// computed once for the process.
static LMR_TABLE: LazyLock<[[i32; 64]; 64]> = LazyLock::new(|| {
    let mut table = [[0; 64]; 64];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (number, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.5 + (depth as f64).ln() * (number as f64).ln() / 2.5) as i32;
        }
    }
    table
});

/// The per-ply scratch space of one search thread: move-picker buffers,
/// killers, stack frames and the triangular PV table (about 630 KB in
/// all). A pool thread keeps one for its whole life and lends it to each
/// search, so a short search (a thousand nodes, as data generation runs)
/// does not allocate and clear it every time.
pub(crate) struct SearchBuffers {
    /// The move pickers' buffers, by [`picker_slot`]; each picker fills
    /// its buffer before reading it, so they are never cleared.
    pickers: Vec<PickerBuffers>,
    killers: Box<[[Move; 2]; MAX_PLY + 2]>,
    frames: Box<[Frame; MAX_PLY + 4]>,
    /// Rows are read only up to their `pv_len`, so never cleared.
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: Box<[usize; MAX_PLY + 1]>,
}

impl SearchBuffers {
    pub(crate) fn new() -> SearchBuffers {
        SearchBuffers {
            pickers: (0..PICKER_SLOTS)
                .map(|_| PickerBuffers::default())
                .collect(),
            killers: Box::new([[Move::NULL; 2]; MAX_PLY + 2]),
            frames: Box::new([Frame::default(); MAX_PLY + 4]),
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: Box::new([0; MAX_PLY + 1]),
        }
    }

    /// Back to the state a new search starts from (what [`new`] gives, but
    /// for the buffers that are filled before they are read).
    ///
    /// [`new`]: SearchBuffers::new
    fn reset(&mut self) {
        *self.killers = [[Move::NULL; 2]; MAX_PLY + 2];
        *self.frames = [Frame::default(); MAX_PLY + 4];
        *self.pv_len = [0; MAX_PLY + 1];
    }
}

/// What a node of [`Worker::negamax`] knows once [`Worker::probe`] has
/// read it: what the later stages decide by.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    /// The remaining depth (one less after internal iterative reduction).
    depth: i32,
    ply: usize,
    /// Searched with an open window (a principal variation node).
    pv_node: bool,
    in_check: bool,
    /// The move left out when this is a singular-extension search.
    excluded: Move,
    entry: Option<TtEntry>,
    tt_move: Move,
    /// An endgame table's bounds on the score, in a PV node.
    table_floor: i32,
    table_ceiling: i32,
    /// The evaluator's score, as the table keeps it.
    raw_eval: i32,
    /// `raw_eval` corrected by the correction histories.
    static_eval: i32,
    /// `static_eval`, sharpened by the table's score when it bounds it.
    eval: i32,
    /// The static evaluation is better than two plies before.
    improving: bool,
    /// Double extensions on the path from the root to this node.
    double_extensions: u8,
}

/// What the histories expect at a node: the move that led to it, its
/// counter-move, the killers, and the continuation-history blocks.
struct MoveHints {
    previous: Option<(Piece, Move)>,
    counter: Move,
    killers: [Move; 2],
    context: [ContinuationIndex; 2],
}

#[derive(Clone, Copy, Default)]
struct Frame {
    eval: i32,
    /// The piece moved and the move played from this ply (None for a null move).
    moved: Option<(Piece, Move)>,
    /// The move left out of a singular-extension search at this ply.
    excluded: Move,
    /// Double extensions on the path from the root through the move being
    /// searched at this ply.
    double_extensions: u8,
}

/// One search thread's state.
pub(crate) struct Worker<'a, E: Evaluate> {
    pub(crate) id: usize,
    shared: &'a Shared,
    eval: &'a mut E,
    history: &'a mut History,
    lmr: &'static [[i32; 64]; 64],
    /// The move pickers' buffers, by [`picker_slot`].
    pickers: &'a mut [PickerBuffers],
    killers: &'a mut [[Move; 2]; MAX_PLY + 2],
    frames: &'a mut [Frame; MAX_PLY + 4],
    pv: &'a mut [[Move; MAX_PLY + 1]; MAX_PLY + 1],
    pv_len: &'a mut [usize; MAX_PLY + 1],
    /// Keys of the game's positions before the root, then of the search path.
    keys: Vec<u64>,
    pub(crate) nodes: u64,
    seldepth: usize,
    pub(crate) root_moves: Vec<RootMove>,
    pv_index: usize,
    root_side: Color,
    root_depth: i32,
    pub(crate) completed_depth: i32,
    stopped: bool,
    /// Plain alpha-beta: later moves get the full window, not a null window.
    full_window: bool,
}

impl<'a, E: Evaluate> Worker<'a, E> {
    pub(crate) fn new(
        id: usize,
        job: &'a Job,
        eval: &'a mut E,
        history: &'a mut History,
        buffers: &'a mut SearchBuffers,
    ) -> Worker<'a, E> {
        let (shared, pos, game_keys, limits) = (&job.shared, &job.pos, &job.keys, &job.limits);
        eval.set_root(pos);
        buffers.reset();
        let mut worker = Worker {
            id,
            shared,
            eval,
            history,
            lmr: &LMR_TABLE,
            pickers: &mut buffers.pickers,
            killers: &mut buffers.killers,
            frames: &mut buffers.frames,
            pv: &mut buffers.pv,
            pv_len: &mut buffers.pv_len,
            keys: game_keys.to_vec(),
            nodes: 0,
            seldepth: 0,
            root_moves: Vec::new(),
            pv_index: 0,
            root_side: pos.side_to_move(),
            root_depth: 0,
            completed_depth: 0,
            stopped: false,
            full_window: shared.driver == SearchDriver::AlphaBeta,
        };
        // Root moves in the picker's order (hash move, captures, quiets).
        let tt_move = shared.tt.probe(pos.key(), 0).map_or(Move::NULL, |e| e.mv);
        let mut picker = MovePicker::new(pos, tt_move, [Move::NULL; 2], Move::NULL);
        let mut buffers = PickerBuffers::default();
        while let Some(mv) = picker.next(pos, worker.history, &mut buffers) {
            if limits.search_moves.is_empty() || limits.search_moves.contains(&mv) {
                worker.root_moves.push(RootMove {
                    mv,
                    score: -INFINITE,
                    previous_score: -INFINITE,
                    seldepth: 0,
                    pv: vec![mv],
                    nodes: 0,
                });
            }
        }
        worker
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Counts a node and, on the main thread, checks the limits now and then.
    #[inline]
    fn visit(&mut self) {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.shared.thread_nodes[self.id].store(self.nodes, Ordering::Relaxed);
            if self.is_main() {
                self.shared.check_limits(self.total_nodes());
            }
        }
        if self.is_main() {
            if let Some(limit) = self.shared.node_limit {
                if self.nodes >= limit {
                    self.shared.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
    }

    fn total_nodes(&self) -> u64 {
        self.shared
            .thread_nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                if i == self.id {
                    self.nodes
                } else {
                    n.load(Ordering::Relaxed)
                }
            })
            .sum()
    }

    fn draw_score(&self, pos: &Position) -> i32 {
        // Contempt: the root side counts a draw as slightly bad.
        if pos.side_to_move() == self.root_side {
            -self.shared.contempt
        } else {
            self.shared.contempt
        }
    }

    /// Whether `pos` is a draw: the fifty-move rule (unless mated),
    /// insufficient material, or a repetition of any earlier position of
    /// the game or the search path since the last capture or pawn move. One
    /// earlier occurrence is enough, so the search never plans to shuffle
    /// back to a position it could only leave again (the threefold-only
    /// rule cost games against Stockfish 2400; docs/search.md).
    fn is_draw(&self, pos: &Position) -> bool {
        if pos.halfmove_clock() >= 100 && (!pos.is_check() || pos.has_legal_moves()) {
            return true;
        }
        pos.is_insufficient_material() || pos.earlier_occurrences(&self.keys).next().is_some()
    }

    fn evaluate(&mut self, pos: &Position) -> i32 {
        self.eval
            .evaluate(pos)
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// `raw`, the evaluator's score of `pos`, corrected by the correction
    /// histories and kept clear of mate scores.
    fn corrected_eval(&self, pos: &Position, ply: usize, raw: i32) -> i32 {
        self.history
            .corrected_eval(raw, pos.side_to_move(), self.correction_keys(pos, ply))
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The piece moved and the move played to reach `ply` (None at the root
    /// and after a null move).
    fn previous_move(&self, ply: usize) -> Option<(Piece, Move)> {
        if ply > 0 {
            self.frames[ply - 1].moved
        } else {
            None
        }
    }

    /// The correction-history keys of `pos`, reached at `ply`.
    fn correction_keys(&self, pos: &Position, ply: usize) -> CorrectionKeys {
        CorrectionKeys::of(pos, self.previous_move(ply))
    }

    fn has_pieces(pos: &Position) -> bool {
        let us = pos.side_to_move();
        (pos.colored(us) & !pos.pieces(PieceKind::Pawn) & !pos.pieces(PieceKind::King))
            .is_nonempty()
    }

    /// The continuation-history blocks for moves at `ply`: replies to the
    /// moves one and two plies back.
    fn continuation_context(&self, ply: usize) -> [ContinuationIndex; 2] {
        let back = |n: usize| {
            if ply >= n {
                continuation_index(self.frames[ply - n].moved)
            } else {
                None
            }
        };
        [back(1), back(2)]
    }

    /// Enters the child of `pos` by `mv` (a null move when `mv` is null),
    /// searched at `ply`: the one place where the search makes a move. It
    /// records the move for the histories, prefetches the child's table
    /// entry, extends the repetition path and tells the evaluator; every
    /// call is paired with [`Worker::unmake_child`].
    #[inline]
    fn make_child(&mut self, pos: &Position, mv: Move, ply: usize) -> Position {
        let mut child = *pos;
        if mv.is_null() {
            child.make_null_move();
            self.frames[ply].moved = None;
        } else {
            // The child's key is known before the move is made: fetch its
            // table entry while the move is made.
            self.shared.tt.prefetch(pos.key_after(mv));
            child.make_move(mv);
            self.frames[ply].moved = pos.piece_on(mv.from()).map(|p| (p, mv));
        }
        self.keys.push(pos.key());
        self.eval.make(pos, mv, &child);
        child
    }

    /// Leaves the child entered by the last [`Worker::make_child`].
    #[inline]
    fn unmake_child(&mut self) {
        self.keys.pop();
        self.eval.unmake();
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// Iterative deepening up to `max_depth`, reporting through `report` on the main thread.
    pub(crate) fn iterate(
        &mut self,
        pos: &Position,
        max_depth: i32,
        mate_limit: Option<i32>,
        report: &mut dyn FnMut(Report),
    ) {
        if self.root_moves.is_empty() {
            return;
        }
        let multipv = self.shared.multipv.clamp(1, self.root_moves.len());
        let mut last_best = Move::NULL;
        let mut stable_iterations = 0;
        let mut last_score = 0;
        for depth in 1..=max_depth.min(MAX_PLY as i32 - 1) {
            // Helper threads skip some depths so they search different trees.
            if self.id > 0 && depth > 1 && (depth + self.id as i32) % 3 == 0 {
                continue;
            }
            self.root_depth = depth;
            self.seldepth = 0;
            for pv_index in 0..multipv {
                self.pv_index = pv_index;
                let previous = self.root_moves[pv_index].previous_score;
                if self.shared.driver != SearchDriver::Pvs {
                    self.study_iteration(pos, previous, depth, report);
                    if self.stopped {
                        break;
                    }
                    continue;
                }
                let mut delta = 18;
                let (mut alpha, mut beta) = if depth >= 5 && !is_mate(previous) {
                    (
                        (previous - delta).max(-INFINITE),
                        (previous + delta).min(INFINITE),
                    )
                } else {
                    (-INFINITE, INFINITE)
                };
                loop {
                    let score = self.root_search(pos, alpha, beta, depth, report);
                    self.root_moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                    if self.stopped {
                        break;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INFINITE);
                        self.report_line(pos, depth, pv_index, Bound::Upper, report);
                    } else if score >= beta {
                        beta = (score + delta).min(INFINITE);
                        self.report_line(pos, depth, pv_index, Bound::Lower, report);
                    } else {
                        break;
                    }
                    delta += delta / 2 + 10;
                }
                self.root_moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            for i in 0..multipv {
                self.report_line(pos, depth, i, Bound::Exact, report);
            }
            if !self.is_main() {
                continue;
            }
            if self
                .shared
                .soft_node_limit
                .is_some_and(|soft| self.nodes >= soft)
            {
                break;
            }
            // On the clock, a forced move is played at once.
            if self.root_moves.len() == 1 && self.shared.on_clock() {
                break;
            }
            let best = &self.root_moves[0];
            if let Some(mate) = mate_limit {
                if best.score >= mate_in((2 * mate - 1).max(0) as usize) {
                    break;
                }
            }
            // Time: stretch the target when the best move keeps changing or
            // the score drops; stop early when it has been stable.
            if best.mv == last_best {
                stable_iterations += 1;
            } else {
                stable_iterations = 0;
            }
            last_best = best.mv;
            let mut scale = match stable_iterations {
                0 => 1.4,
                1 => 1.1,
                2 | 3 => 0.9,
                _ => 0.7,
            };
            if depth > 1 && best.score < last_score - 25 {
                scale *= 1.3;
            }
            // Most of the effort on the best move: the others were refuted
            // quickly, so it is probably right; little: the choice is close.
            let total: u64 = self.root_moves.iter().map(|rm| rm.nodes).sum();
            if depth >= 6 && total > 0 {
                let share = best.nodes as f64 / total as f64;
                scale *= (0.5 + 1.5 * (1.0 - share)).clamp(0.5, 1.5);
            }
            last_score = best.score;
            if self.shared.iteration_should_stop(scale) {
                break;
            }
        }
    }

    fn report_line(
        &self,
        pos: &Position,
        depth: i32,
        index: usize,
        bound: Bound,
        report: &mut dyn FnMut(Report),
    ) {
        if !self.is_main() {
            return;
        }
        let time = self.shared.elapsed();
        // Bound reports only once the search runs long enough to matter.
        if bound != Bound::Exact && time.as_millis() < 1000 {
            return;
        }
        let rm = &self.root_moves[index];
        let exact = bound == Bound::Exact;
        let score = if exact { rm.previous_score } else { rm.score };
        if score == -INFINITE {
            return;
        }
        let nodes = self.total_nodes();
        // A line must be playable: drop anything after an illegal step.
        let mut pv = playable(pos, &rm.pv);
        if pv.is_empty() {
            pv.push(rm.mv);
        }
        report(Report::Pv(PvReport {
            depth,
            seldepth: rm.seldepth.max(depth as usize),
            multipv: index + 1,
            score: Score::from_internal(score),
            bound,
            nodes,
            time,
            nps: (nodes as f64 / time.as_secs_f64().max(0.001)) as u64,
            hashfull: self.shared.tt.hashfull(),
            tb_hits: self.shared.tb_hits.load(Ordering::Relaxed),
            pv,
        }));
    }

    pub(crate) fn root_search(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        depth: i32,
        report: &mut dyn FnMut(Report),
    ) -> i32 {
        let mut best = -INFINITE;
        self.pv_len[0] = 0;
        let us = pos.side_to_move();
        for i in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            if self.is_main() && self.shared.elapsed().as_millis() > 1000 {
                report(Report::CurrentMove {
                    depth,
                    mv,
                    number: i + 1,
                });
            }
            let child = self.make_child(pos, mv, 0);
            let nodes_before = self.nodes;
            let extension = i32::from(child.is_check());
            let new_depth = depth - 1 + extension;
            let score = if i == self.pv_index {
                -self.negamax(&child, -beta, -alpha, new_depth, 1, true)
            } else {
                let quiet = !mv.is_noisy();
                let mut r = if depth >= 3 && quiet && extension == 0 {
                    self.lmr[depth.min(63) as usize][(i - self.pv_index).min(63)] - 1
                } else {
                    0
                };
                r = r.clamp(0, (new_depth - 1).max(0));
                self.search_later_move(&child, alpha, beta, new_depth, r, 0)
            };
            self.unmake_child();
            if self.stopped {
                break;
            }
            let rm = &mut self.root_moves[i];
            rm.nodes += self.nodes - nodes_before;
            if i == self.pv_index || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                let len = self.pv_len[1].max(1);
                rm.pv.extend_from_slice(&self.pv[1][1..len]);
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                    if !mv.is_noisy() {
                        self.history.update(us, mv, history_bonus(depth));
                    }
                }
            }
        }
        best
    }

    /// A principal variation search of `pos` to `depth` in the window
    /// (`alpha`, `beta`), `ply` plies from the root, in stages:
    /// [`Worker::probe`] ends the node from what is already known or reads
    /// it, [`Worker::prune`] tries to cut it before its moves,
    /// [`Worker::search_moves`] searches them (each one pruned, extended or
    /// reduced), and [`Worker::store_node`] records what was found.
    fn negamax(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        null_allowed: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.visit();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let mut node = match self.probe(pos, &mut alpha, &mut beta, depth, ply, pv_node) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(node) => node,
        };
        if let Some(score) = self.prune(pos, &node, alpha, beta, null_allowed) {
            return score;
        }
        // Internal iterative reduction: without a hash move, search shallower first.
        if node.depth >= 4 && node.tt_move.is_null() {
            node.depth -= 1;
        }
        let (best_score, best_move, searched) = match self.search_moves(pos, &node, alpha, beta) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(outcome) => outcome,
        };
        if searched == 0 {
            // With a move excluded, the others may all have been pruned or
            // there were none: fail low rather than claim mate or stalemate.
            if !node.excluded.is_null() {
                return alpha;
            }
            return if node.in_check {
                mated_in(ply)
            } else {
                self.draw_score(pos)
            };
        }
        let best_score = best_score.min(node.table_ceiling);
        if node.excluded.is_null() {
            self.store_node(
                pos,
                &node,
                best_score,
                best_move,
                Bound::of(best_score, alpha, beta),
            );
        }
        best_score
    }

    /// The first stage of [`Worker::negamax`]: ends the node when its score
    /// is already known (a draw, the ply limit, a mate nearer the root, a
    /// table entry deep enough, an endgame table's answer that crosses the
    /// window), or gathers what the later stages need. Narrows the window
    /// by mate distance and, in a PV node, by an endgame table's bound.
    #[inline(always)]
    fn probe(
        &mut self,
        pos: &Position,
        alpha: &mut i32,
        beta: &mut i32,
        depth: i32,
        ply: usize,
        pv_node: bool,
    ) -> ControlFlow<i32, Node> {
        if self.is_draw(pos) {
            return ControlFlow::Break(self.draw_score(pos));
        }
        if ply >= MAX_PLY {
            return ControlFlow::Break(self.evaluate(pos));
        }
        // Mate-distance pruning: no line from here beats a mate already found nearer the root.
        *alpha = (*alpha).max(mated_in(ply));
        *beta = (*beta).min(mate_in(ply + 1));
        if *alpha >= *beta {
            return ControlFlow::Break(*alpha);
        }

        let key = pos.key();
        let excluded = self.frames[ply].excluded;
        let entry = self.shared.tt.probe(key, ply);
        if let Some(e) = entry {
            if !pv_node
                && excluded.is_null()
                && e.depth >= depth
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= *beta,
                    Bound::Upper => e.score <= *alpha,
                }
            {
                return ControlFlow::Break(e.score);
            }
        }
        let mut table_floor = -INFINITE;
        let mut table_ceiling = INFINITE;
        if excluded.is_null() {
            if let Some((score, bound)) = self.probe_tables(pos, depth, ply) {
                let cuts = match bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= *beta,
                    Bound::Upper => score <= *alpha,
                };
                if cuts {
                    let depth = (depth + 6).min(MAX_PLY as i32 - 1);
                    let eval = if pos.is_check() {
                        0
                    } else {
                        self.evaluate(pos)
                    };
                    self.shared
                        .tt
                        .store(key, Move::NULL, score, eval, depth, bound, ply);
                    return ControlFlow::Break(score);
                }
                // A PV node searches on, within the table's bound.
                if pv_node {
                    if bound == Bound::Lower {
                        table_floor = score;
                        *alpha = (*alpha).max(score);
                    } else {
                        table_ceiling = score;
                    }
                }
            }
        }
        let in_check = pos.is_check();
        // The evaluation as computed (kept in the table), then corrected by
        // the correction histories, then sharpened by a table bound.
        let raw_eval = if in_check {
            -INFINITE
        } else if let Some(e) = entry {
            e.eval
        } else {
            self.evaluate(pos)
        };
        let static_eval = if in_check {
            -INFINITE
        } else {
            self.corrected_eval(pos, ply, raw_eval)
        };
        let eval = match entry {
            Some(e)
                if !in_check
                    && e.score.abs() < MATE_BOUND
                    && match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => e.score > static_eval,
                        Bound::Upper => e.score < static_eval,
                    } =>
            {
                e.score
            }
            _ => static_eval,
        };
        self.frames[ply].eval = static_eval;
        let double_extensions = self.frames[ply - 1].double_extensions;
        self.frames[ply].double_extensions = double_extensions;
        ControlFlow::Continue(Node {
            key,
            depth,
            ply,
            pv_node,
            in_check,
            excluded,
            entry,
            tt_move: entry.map_or(Move::NULL, |e| e.mv),
            table_floor,
            table_ceiling,
            raw_eval,
            static_eval,
            eval,
            improving: !in_check && ply >= 2 && static_eval > self.frames[ply - 2].eval,
            double_extensions,
        })
    }

    /// Endgame tables: once a capture or a pawn move has brought the
    /// position down to the tables' size, its value is known. A win is a
    /// lower bound (a mate may be nearer) and a loss an upper one.
    #[inline(always)]
    fn probe_tables(&mut self, pos: &Position, depth: i32, ply: usize) -> Option<(i32, Bound)> {
        let tables = self.shared.tables.as_ref()?;
        let men = pos.occupied().count();
        let max_men = tables.max_men();
        if pos.halfmove_clock() != 0
            || men > max_men
            || (men == max_men && depth < tables.probe_depth())
            || pos.castling_rights() != CastlingRights::NONE
        {
            return None;
        }
        let wdl = tables.probe_wdl(pos)?;
        self.shared.tb_hits.fetch_add(1, Ordering::Relaxed);
        Some(match wdl {
            TableWdl::Win => (TB_WIN - ply as i32, Bound::Lower),
            TableWdl::Loss => (-TB_WIN + ply as i32, Bound::Upper),
            TableWdl::CursedWin => (self.draw_score(pos) + 2, Bound::Exact),
            TableWdl::BlessedLoss => (self.draw_score(pos) - 2, Bound::Exact),
            TableWdl::Draw => (self.draw_score(pos), Bound::Exact),
        })
    }

    /// The second stage of [`Worker::negamax`]: cuts a node off the
    /// principal variation before its moves when its evaluation or a
    /// cheaper search says it will fail (reverse futility, razoring, null
    /// move, ProbCut). The score to return, if it is cut.
    #[inline(always)]
    fn prune(
        &mut self,
        pos: &Position,
        node: &Node,
        alpha: i32,
        beta: i32,
        null_allowed: bool,
    ) -> Option<i32> {
        if node.pv_node || node.in_check || !node.excluded.is_null() {
            return None;
        }
        let (depth, eval) = (node.depth, node.eval);
        // Reverse futility: far above beta at shallow depth, assume it holds.
        if depth <= params::rfp_max_depth()
            && eval < MATE_BOUND
            && eval - params::rfp_margin() * (depth - i32::from(node.improving)) >= beta
        {
            return Some(eval);
        }
        // Razoring: hopeless at shallow depth unless a capture saves it.
        if depth <= params::razor_max_depth()
            && eval + params::razor_base() + params::razor_per_depth_squared() * depth * depth
                <= alpha
        {
            let v = self.qsearch(pos, alpha, alpha + 1, node.ply);
            if v <= alpha {
                return Some(v);
            }
        }
        if null_allowed {
            if let Some(v) = self.null_move(pos, node, beta) {
                return Some(v);
            }
        }
        self.probcut(pos, node, beta)
    }

    /// Null move: if passing still beats beta, the position is good enough.
    /// Not without pieces (zugzwang), verified when deep.
    #[inline(always)]
    fn null_move(&mut self, pos: &Position, node: &Node, beta: i32) -> Option<i32> {
        let (depth, eval, ply) = (node.depth, node.eval, node.ply);
        if depth < params::null_min_depth()
            || eval < beta
            || beta <= -MATE_BOUND
            || !Self::has_pieces(pos)
        {
            return None;
        }
        let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
        let child = self.make_child(pos, Move::NULL, ply);
        let v = -self.negamax(&child, -beta, -beta + 1, depth - r, ply + 1, false);
        self.unmake_child();
        if self.stopped {
            return Some(0);
        }
        if v < beta {
            return None;
        }
        let v = if v >= MATE_BOUND { beta } else { v };
        if depth < params::null_verify_depth() {
            return Some(v);
        }
        let verified = self.negamax(pos, beta - 1, beta, depth - r, ply, false);
        (verified >= beta).then_some(v)
    }

    /// ProbCut: a good capture whose reduced search beats beta by a wide
    /// margin would almost surely beat beta at full depth too.
    #[inline(always)]
    fn probcut(&mut self, pos: &Position, node: &Node, beta: i32) -> Option<i32> {
        let (depth, ply) = (node.depth, node.ply);
        let probcut_beta = beta + params::probcut_margin();
        if depth < params::probcut_min_depth()
            || beta.abs() >= MATE_BOUND
            || node
                .entry
                .is_some_and(|e| e.depth >= depth - 3 && e.score < probcut_beta)
        {
            return None;
        }
        let mut picker = MovePicker::noisy(pos, node.tt_move);
        let slot = picker_slot(ply, PickerUse::Main);
        while let Some(mv) = picker.next(pos, self.history, &mut self.pickers[slot]) {
            if !pos.see_ge(mv, probcut_beta - node.static_eval) {
                continue;
            }
            let child = self.make_child(pos, mv, ply);
            let mut v = -self.qsearch(&child, -probcut_beta, -probcut_beta + 1, ply + 1);
            if v >= probcut_beta {
                v = -self.negamax(
                    &child,
                    -probcut_beta,
                    -probcut_beta + 1,
                    depth - params::probcut_reduction(),
                    ply + 1,
                    true,
                );
            }
            self.unmake_child();
            if self.stopped {
                return Some(0);
            }
            if v >= probcut_beta {
                self.shared.tt.store(
                    node.key,
                    mv,
                    v,
                    node.raw_eval,
                    depth - (params::probcut_reduction() - 1),
                    Bound::Lower,
                    ply,
                );
                return Some(v);
            }
        }
        None
    }

    /// The third stage of [`Worker::negamax`]: the moves in the picker's
    /// order, each pruned ([`Worker::skips_move`]), extended
    /// ([`Worker::singular_extension`], checks) or reduced
    /// ([`Worker::reduction`]) and searched, until one beats beta
    /// ([`Worker::reward_cutoff`]). The best score, its move and the number
    /// of moves searched; a score to return at once when the search stops
    /// or a singular search cuts.
    #[inline(always)]
    fn search_moves(
        &mut self,
        pos: &Position,
        node: &Node,
        mut alpha: i32,
        beta: i32,
    ) -> ControlFlow<i32, (i32, Move, usize)> {
        let (depth, ply) = (node.depth, node.ply);
        let previous = self.previous_move(ply);
        let hints = MoveHints {
            previous,
            counter: self.history.counter(previous),
            killers: self.killers[ply],
            context: self.continuation_context(ply),
        };
        let mut picker = MovePicker::new(pos, node.tt_move, hints.killers, hints.counter)
            .with_context(hints.context);
        let slot = picker_slot(
            ply,
            if node.excluded.is_null() {
                PickerUse::Main
            } else {
                PickerUse::Singular
            },
        );
        let mut best_score = node.table_floor;
        let mut best_move = Move::NULL;
        let mut searched = 0usize;
        let mut quiets = [Move::NULL; 64];
        let mut quiet_count = 0;
        let mut noisies = [Move::NULL; 32];
        let mut noisy_count = 0;
        let pieces = Self::has_pieces(pos);
        self.killers[ply + 1] = [Move::NULL; 2];

        let lmp_limit = ((3 + depth * depth) as usize / if node.improving { 1 } else { 2 }).max(2);
        loop {
            let prunable = best_score > -MATE_BOUND && pieces && depth <= params::lmp_max_depth();
            // Late move pruning: late quiet moves at shallow depth rarely
            // matter. Futility: a quiet move cannot lift a hopeless eval to
            // alpha. Once either holds it holds for every later quiet move.
            let late = searched >= lmp_limit;
            let futile = !node.in_check
                && depth <= params::futility_max_depth()
                && node.eval + params::futility_base() + params::futility_per_depth() * depth
                    <= alpha;
            if prunable && (late || futile) {
                // Only the checks among the quiet moves are still wanted.
                picker.skip_quiets(pos, &mut self.pickers[slot]);
            }
            let Some(mv) = picker.next(pos, self.history, &mut self.pickers[slot]) else {
                break;
            };
            if mv == node.excluded {
                continue;
            }
            let quiet = !mv.is_noisy();
            if prunable && Self::skips_move(pos, &mut picker, mv, depth, late || futile) {
                continue;
            }
            let mut extension = self.singular_extension(pos, node, mv, beta)?;
            let child = self.make_child(pos, mv, ply);
            let gives_check = child.is_check();
            // Checks that do not simply lose material are searched deeper.
            if extension == 0
                && gives_check
                && ply < 2 * self.root_depth as usize
                && pos.see_ge(mv, 0)
            {
                extension = 1;
            }
            let new_depth = depth - 1 + extension;
            self.frames[ply].double_extensions = node.double_extensions + u8::from(extension == 2);
            let score = if searched == 0 {
                -self.negamax(&child, -beta, -alpha, new_depth, ply + 1, true)
            } else {
                let r = self
                    .reduction(pos, node, &hints, mv, gives_check, searched)
                    .clamp(0, (new_depth - 1).max(0));
                self.search_later_move(&child, alpha, beta, new_depth, r, ply)
            };
            self.unmake_child();
            if self.stopped {
                return ControlFlow::Break(0);
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    if node.pv_node {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        let tried = (&quiets[..quiet_count], &noisies[..noisy_count]);
                        self.reward_cutoff(pos, node, &hints, mv, tried);
                        break;
                    }
                    alpha = score;
                }
            }
            if quiet && quiet_count < quiets.len() {
                quiets[quiet_count] = mv;
                quiet_count += 1;
            } else if !quiet && noisy_count < noisies.len() {
                noisies[noisy_count] = mv;
                noisy_count += 1;
            }
        }
        ControlFlow::Continue((best_score, best_move, searched))
    }

    /// Whether a node that allows pruning skips `mv`: a quiet move that is
    /// late, futile (`late_or_futile`) or loses material (SEE), or a capture
    /// that loses much. Checks are kept (they may mate) unless they lose as
    /// much as a bad capture would.
    #[inline(always)]
    fn skips_move(
        pos: &Position,
        picker: &mut MovePicker,
        mv: Move,
        depth: i32,
        late_or_futile: bool,
    ) -> bool {
        let see_noisy_fails = |pos: &Position| {
            depth <= params::see_prune_max_depth()
                && !pos.see_ge(mv, -params::see_noisy_margin() * depth)
        };
        if mv.is_noisy() {
            return see_noisy_fails(pos);
        }
        (late_or_futile
            || (depth <= params::see_prune_max_depth()
                && !pos.see_ge(mv, -params::see_quiet_margin() * depth)))
            && (!picker.gives_check(pos, mv) || see_noisy_fails(pos))
    }

    /// Singular extension: when the hash move is the only good move here
    /// (every other move fails well below its score), search it deeper;
    /// when others beat beta too, cut at once. The extension of `mv` in
    /// plies (-1 to 2), or the score to return.
    #[inline(always)]
    fn singular_extension(
        &mut self,
        pos: &Position,
        node: &Node,
        mv: Move,
        beta: i32,
    ) -> ControlFlow<i32, i32> {
        let (depth, ply) = (node.depth, node.ply);
        if mv != node.tt_move || !node.excluded.is_null() || depth < params::singular_min_depth() {
            return ControlFlow::Continue(0);
        }
        let Some(e) = node.entry.filter(|e| {
            e.depth >= depth - params::singular_tt_depth_slack()
                && e.bound != Bound::Upper
                && e.score.abs() < MATE_BOUND
        }) else {
            return ControlFlow::Continue(0);
        };
        let singular_beta = e.score - params::singular_margin_per_depth() * depth;
        self.frames[ply].excluded = mv;
        let v = self.negamax(
            pos,
            singular_beta - 1,
            singular_beta,
            (depth - 1) / 2,
            ply,
            false,
        );
        self.frames[ply].excluded = Move::NULL;
        if self.stopped {
            return ControlFlow::Break(0);
        }
        ControlFlow::Continue(if v < singular_beta {
            // Far below, off the principal variation: two plies, a limited
            // number of times per line.
            if !node.pv_node
                && v < singular_beta - params::double_extension_margin()
                && node.double_extensions < MAX_DOUBLE_EXTENSIONS
            {
                2
            } else {
                1
            }
        } else if singular_beta >= beta {
            return ControlFlow::Break(singular_beta);
        } else if e.score >= beta {
            -1
        } else {
            0
        })
    }

    /// Late move reduction of `mv`, the move after `searched` others (before
    /// the caller keeps it within the depth left): by
    /// depth and move number, less in PV nodes, for checks, killers, the
    /// counter-move and moves with a good history, more when not improving
    /// and behind a capture hash move.
    #[inline(always)]
    fn reduction(
        &self,
        pos: &Position,
        node: &Node,
        hints: &MoveHints,
        mv: Move,
        gives_check: bool,
        searched: usize,
    ) -> i32 {
        let depth = node.depth;
        let quiet = !mv.is_noisy();
        // Only quiet moves and captures that lose material are reduced.
        if depth < 3 || searched < 2 || (!quiet && pos.see_ge(mv, 0)) {
            return 0;
        }
        let mut r = self.lmr[depth.min(63) as usize][searched.min(63)];
        r -= i32::from(node.pv_node);
        r += i32::from(!node.improving);
        // Behind a capture hash move, quiet moves are rarely best.
        r += i32::from(quiet && node.tt_move.is_noisy());
        r -= i32::from(gives_check || node.in_check);
        if quiet {
            let us = pos.side_to_move();
            r -= i32::from(mv == hints.killers[0] || mv == hints.killers[1] || mv == hints.counter);
            r -= pos.piece_on(mv.from()).map_or(0, |piece| {
                self.history.quiet_score(us, piece, mv, hints.context)
            }) / params::lmr_history_divisor();
        }
        r
    }

    /// Searches `child`, a move after the first, reduced by `r`: PVS gives
    /// it a null window first, plain alpha-beta the full window; a reduced
    /// move that beats alpha is searched again at full depth, and one that
    /// lands inside the window again with the full window.
    #[inline(always)]
    fn search_later_move(
        &mut self,
        child: &Position,
        alpha: i32,
        beta: i32,
        new_depth: i32,
        r: i32,
        ply: usize,
    ) -> i32 {
        let scout = if self.full_window { -beta } else { -alpha - 1 };
        let mut s = -self.negamax(child, scout, -alpha, new_depth - r, ply + 1, true);
        if s > alpha && r > 0 {
            s = -self.negamax(child, scout, -alpha, new_depth, ply + 1, true);
        }
        if s > alpha && s < beta && scout != -beta {
            s = -self.negamax(child, -beta, -alpha, new_depth, ply + 1, true);
        }
        s
    }

    /// After `mv` beat beta: a bonus for it and a malus for the moves
    /// tried before it (`tried`: quiet moves, then captures) in their
    /// histories; a quiet `mv` becomes a killer and the counter-move.
    #[inline(always)]
    fn reward_cutoff(
        &mut self,
        pos: &Position,
        node: &Node,
        hints: &MoveHints,
        mv: Move,
        (quiets, noisies): (&[Move], &[Move]),
    ) {
        let (us, ply) = (pos.side_to_move(), node.ply);
        let quiet = !mv.is_noisy();
        let bonus = history_bonus(node.depth);
        if !quiet {
            self.history.update_capture(pos, mv, bonus);
        }
        for &n in noisies {
            self.history.update_capture(pos, n, -bonus);
        }
        if quiet {
            if let Some(piece) = pos.piece_on(mv.from()) {
                self.history
                    .update_quiet(us, piece, mv, hints.context, bonus);
            }
            for &q in quiets {
                if let Some(piece) = pos.piece_on(q.from()) {
                    self.history
                        .update_quiet(us, piece, q, hints.context, -bonus);
                }
            }
            if self.killers[ply][0] != mv {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = mv;
            }
            self.history.set_counter(hints.previous, mv);
        }
    }

    /// The last stage of [`Worker::negamax`]: stores the node's result in
    /// the table and teaches the correction history what the search found,
    /// when the result bounds the static eval's error on the right side and
    /// no capture decided it.
    #[inline(always)]
    fn store_node(
        &mut self,
        pos: &Position,
        node: &Node,
        best_score: i32,
        best_move: Move,
        bound: Bound,
    ) {
        let stored_eval = if node.in_check { 0 } else { node.raw_eval };
        self.shared.tt.store(
            node.key,
            best_move,
            best_score,
            stored_eval,
            node.depth,
            bound,
            node.ply,
        );
        let error_side_known = match bound {
            Bound::Exact => true,
            Bound::Lower => best_score > node.static_eval,
            Bound::Upper => best_score < node.static_eval,
        };
        if !node.in_check
            && best_score.abs() < MATE_BOUND
            && !best_move.is_noisy()
            && error_side_known
        {
            self.history.update_correction(
                pos.side_to_move(),
                self.correction_keys(pos, node.ply),
                node.depth,
                best_score - node.static_eval,
            );
        }
    }

    fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.visit();
        self.pv_len[ply] = ply;
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_draw(pos) {
            return self.draw_score(pos);
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let entry = self.shared.tt.probe(key, ply);
        if let Some(e) = entry {
            if !pv_node
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                }
            {
                return e.score;
            }
        }
        let in_check = pos.is_check();
        let raw_eval = if in_check {
            -INFINITE
        } else {
            entry.map_or_else(|| self.evaluate(pos), |e| e.eval)
        };
        let stand_pat = if in_check {
            -INFINITE
        } else {
            self.corrected_eval(pos, ply, raw_eval)
        };
        if stand_pat >= beta {
            return stand_pat;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        let tt_move = entry.map_or(Move::NULL, |e| e.mv);
        let mut picker = if in_check {
            MovePicker::new(pos, tt_move, [Move::NULL; 2], Move::NULL)
        } else {
            MovePicker::noisy(pos, tt_move)
        };
        let mut best = stand_pat;
        let mut best_move = Move::NULL;
        let mut searched = 0;
        let slot = picker_slot(ply, PickerUse::Quiescence);
        while let Some(mv) = picker.next(pos, self.history, &mut self.pickers[slot]) {
            if !in_check {
                // Delta pruning: even winning this piece cannot reach alpha.
                let gain = if mv.is_en_passant() {
                    SEE_VALUES[0]
                } else {
                    pos.piece_on(mv.to())
                        .map_or(0, |p| SEE_VALUES[p.kind().index()])
                } + mv
                    .promotion()
                    .map_or(0, |k| SEE_VALUES[k.index()] - SEE_VALUES[0]);
                if stand_pat + gain + params::delta_margin() <= alpha {
                    continue;
                }
            }
            let child = self.make_child(pos, mv, ply);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            self.unmake_child();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = mv;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && searched == 0 {
            return mated_in(ply);
        }
        let bound = Bound::of(best, original_alpha, beta);
        let stored_eval = if in_check { 0 } else { raw_eval };
        self.shared
            .tt
            .store(key, best_move, best, stored_eval, 0, bound, ply);
        best
    }
}
