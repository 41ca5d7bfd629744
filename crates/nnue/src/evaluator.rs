//! The incremental evaluator: a stack of accumulators that follows the
//! search through [`Evaluate::make`] and [`Evaluate::unmake`].

use crate::features::{feature_in, KingSlot, INPUTS};
use crate::kernel::Kernel;
use crate::network::{Network, QA, QB, SCALE};
use outpost_board::{Color, Move, MoveKind, Piece, PieceKind, Position};
use outpost_eval::{Evaluate, EVAL_LIMIT};
use std::sync::Arc;

/// Deepest stack of positions the evaluator follows before it starts
/// computing from scratch (the search never goes this deep).
const MAX_DEPTH: usize = 256;

/// The inputs a move switched on and off in each perspective, found by
/// comparing the boards.
#[derive(Clone, Copy, Debug, Default)]
struct Delta {
    /// Per perspective (White, Black): inputs switched on.
    added: [[u16; 2]; 2],
    /// Per perspective: inputs switched off.
    removed: [[u16; 2]; 2],
    adds: u8,
    removes: u8,
    /// More changed than a move changes, or the parent is unknown: compute
    /// from scratch.
    refresh: bool,
}

impl Delta {
    const REFRESH: Delta = Delta {
        added: [[0; 2]; 2],
        removed: [[0; 2]; 2],
        adds: 0,
        removes: 0,
        refresh: true,
    };

    /// The inputs that `mv` changes in `parent` (whose child is `child`):
    /// worked out from the move for the common moves (quiet moves, captures,
    /// double pushes, null moves), by [`Delta::between`] for the rest.
    #[inline]
    fn of_move(parent: &Position, mv: Move, child: &Position, king_buckets: usize) -> Delta {
        if mv.is_null() {
            return Delta::default();
        }
        if !matches!(
            mv.kind(),
            MoveKind::Quiet | MoveKind::Capture | MoveKind::DoublePush
        ) {
            return Delta::between(parent, child, king_buckets);
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = parent.piece_on(from) else {
            return Delta::REFRESH;
        };
        let slots = Color::ALL.map(|view| KingSlot::in_position(parent, view, king_buckets));
        if piece.kind() == PieceKind::King
            && KingSlot::of(piece.color(), to, king_buckets) != slots[piece.color().index()]
        {
            return Delta::REFRESH;
        }
        let mut delta = Delta {
            adds: 1,
            removes: 1,
            ..Delta::default()
        };
        let victim = if mv.kind() == MoveKind::Capture {
            parent.piece_on(to)
        } else {
            None
        };
        for (p, view) in Color::ALL.into_iter().enumerate() {
            delta.added[p][0] = feature_in(view, slots[p], piece, to) as u16;
            delta.removed[p][0] = feature_in(view, slots[p], piece, from) as u16;
            if let Some(victim) = victim {
                delta.removed[p][1] = feature_in(view, slots[p], victim, to) as u16;
            }
        }
        if victim.is_some() {
            delta.removes = 2;
        }
        delta
    }

    /// The inputs that changed from `parent` to `child` in a network with
    /// `king_buckets` king buckets; a refresh when a king's move changed
    /// which set of inputs its side uses.
    fn between(parent: &Position, child: &Position, king_buckets: usize) -> Delta {
        let mut delta = Delta::default();
        let slots = Color::ALL.map(|view| KingSlot::in_position(child, view, king_buckets));
        if king_buckets > 1
            && Color::ALL
                .into_iter()
                .zip(slots)
                .any(|(view, slot)| KingSlot::in_position(parent, view, king_buckets) != slot)
        {
            return Delta::REFRESH;
        }
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let before = parent.pieces_of(color, kind);
                let after = child.pieces_of(color, kind);
                if before == after {
                    continue;
                }
                let piece = Piece::new(color, kind);
                for sq in after & !before {
                    let n = usize::from(delta.adds);
                    if n == 2 {
                        return Delta::REFRESH;
                    }
                    for (p, view) in Color::ALL.into_iter().enumerate() {
                        delta.added[p][n] = feature_in(view, slots[p], piece, sq) as u16;
                    }
                    delta.adds += 1;
                }
                for sq in before & !after {
                    let n = usize::from(delta.removes);
                    if n == 2 {
                        return Delta::REFRESH;
                    }
                    for (p, view) in Color::ALL.into_iter().enumerate() {
                        delta.removed[p][n] = feature_in(view, slots[p], piece, sq) as u16;
                    }
                    delta.removes += 1;
                }
            }
        }
        delta
    }
}

/// One position on the stack.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The position's key, to notice a caller evaluating another position.
    key: u64,
    /// Whether the accumulators hold this position's values yet.
    computed: bool,
    /// How this position differs from the one below it.
    delta: Delta,
}

/// The neural evaluator: a shared network and this thread's accumulators.
///
/// ```
/// use outpost_board::Position;
/// use outpost_eval::Evaluate;
/// use outpost_nnue::NnueEvaluator;
///
/// let mut eval = NnueEvaluator::default();
/// let start = Position::startpos();
/// eval.set_root(&start);
/// assert!(eval.evaluate(&start).abs() < 100);
/// ```
#[derive(Clone, Debug)]
pub struct NnueEvaluator {
    network: Arc<Network>,
    kernel: Kernel,
    /// Accumulators, per stack entry: White's perspective then Black's.
    values: Vec<i16>,
    entries: Vec<Entry>,
    top: usize,
    /// Levels made beyond the stack's depth, not yet unmade.
    overflow: usize,
}

impl Default for NnueEvaluator {
    /// The network built into the binary.
    fn default() -> NnueEvaluator {
        NnueEvaluator::new(crate::default_network())
    }
}

impl NnueEvaluator {
    /// An evaluator using `network`, with the fastest kernel this CPU has.
    pub fn new(network: Arc<Network>) -> NnueEvaluator {
        NnueEvaluator::with_kernel(network, Kernel::detect())
    }

    /// An evaluator using `network` with the given kernel (to compare them).
    pub fn with_kernel(network: Arc<Network>, kernel: Kernel) -> NnueEvaluator {
        let hidden = network.hidden();
        NnueEvaluator {
            values: vec![0; (MAX_DEPTH + 1) * 2 * hidden],
            entries: vec![Entry::default(); MAX_DEPTH + 1],
            network,
            kernel,
            top: 0,
            overflow: 0,
        }
    }

    /// The network.
    pub fn network(&self) -> &Arc<Network> {
        &self.network
    }

    /// The evaluation of `pos` computed from scratch, without the stack:
    /// what [`Evaluate::evaluate`] gives for any path to `pos`.
    pub fn evaluate_from_scratch(&self, pos: &Position) -> i32 {
        let hidden = self.network.hidden();
        let mut acc = vec![0i16; 2 * hidden];
        refresh(&self.network, self.kernel, pos, &mut acc);
        self.output(pos, &acc)
    }

    fn output(&self, pos: &Position, acc: &[i16]) -> i32 {
        if pos.is_insufficient_material() {
            return 0;
        }
        let net = &*self.network;
        let hidden = net.hidden();
        let bucket = net.bucket(pos.occupied().count());
        let weights = &net.output_weights[bucket * 2 * hidden..(bucket + 1) * 2 * hidden];
        let (white, black) = acc.split_at(hidden);
        let (us, them) = match pos.side_to_move() {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        let sum = self
            .kernel
            .screlu_dot(us, &weights[..hidden])
            .wrapping_add(self.kernel.screlu_dot(them, &weights[hidden..]));
        let raw =
            i64::from(sum / QA + net.output_biases[bucket]) * i64::from(SCALE) / i64::from(QA * QB);
        raw.clamp(-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT)) as i32
    }

    fn slot(&self, index: usize) -> std::ops::Range<usize> {
        let size = 2 * self.network.hidden();
        index * size..(index + 1) * size
    }

    /// Brings the top entry's accumulators up to date with `pos`.
    fn bring_up_to_date(&mut self, pos: &Position) {
        let top = self.top;
        if self.entries[top].key != pos.key() {
            // Not the position the stack followed: start afresh from it.
            self.entries[top] = Entry {
                key: pos.key(),
                computed: false,
                delta: Delta::REFRESH,
            };
        }
        if self.entries[top].computed {
            return;
        }
        // Down to the nearest computed entry, unless an entry that needs
        // computing from scratch comes first.
        let mut from = top;
        while from > 0 && !self.entries[from].computed && !self.entries[from].delta.refresh {
            from -= 1;
        }
        if !self.entries[from].computed {
            // Only the top's position is at hand: compute it from scratch
            // (entries in between are computed when the search returns to them).
            let range = self.slot(top);
            refresh(&self.network, self.kernel, pos, &mut self.values[range]);
            self.entries[top].computed = true;
            return;
        }
        for index in from + 1..=top {
            let delta = self.entries[index].delta;
            self.apply(index, &delta);
            self.entries[index].computed = true;
        }
    }

    /// Entry `index` = entry `index − 1` changed by `delta`.
    fn apply(&mut self, index: usize, delta: &Delta) {
        let hidden = self.network.hidden();
        let size = 2 * hidden;
        let (below, rest) = self.values.split_at_mut(index * size);
        let src = &below[(index - 1) * size..];
        let dst = &mut rest[..size];
        let weights = &self.network.feature_weights;
        let row = |f: u16| &weights[usize::from(f) * hidden..(usize::from(f) + 1) * hidden];
        for p in 0..2 {
            let adds = [row(delta.added[p][0]), row(delta.added[p][1])];
            let subs = [row(delta.removed[p][0]), row(delta.removed[p][1])];
            self.kernel.update(
                &mut dst[p * hidden..(p + 1) * hidden],
                &src[p * hidden..(p + 1) * hidden],
                &adds[..usize::from(delta.adds)],
                &subs[..usize::from(delta.removes)],
            );
        }
    }
}

/// Computes both perspectives' accumulators of `pos` from scratch into `acc`.
fn refresh(net: &Network, kernel: Kernel, pos: &Position, acc: &mut [i16]) {
    let hidden = net.hidden();
    let empty: &[i16] = &[];
    for (p, view) in Color::ALL.into_iter().enumerate() {
        let dst = &mut acc[p * hidden..(p + 1) * hidden];
        dst.copy_from_slice(&net.feature_biases);
        let slot = KingSlot::in_position(pos, view, net.king_buckets());
        // At most 32 pieces: the rows go in one array on the stack.
        let mut rows = [empty; 32];
        let mut count = 0;
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                for sq in pos.pieces_of(color, kind) {
                    let f = feature_in(view, slot, piece, sq);
                    debug_assert!(f < net.king_buckets() * INPUTS);
                    if count == rows.len() {
                        kernel.add_rows(dst, &rows);
                        count = 0;
                    }
                    rows[count] = &net.feature_weights[f * hidden..(f + 1) * hidden];
                    count += 1;
                }
            }
        }
        kernel.add_rows(dst, &rows[..count]);
    }
}

impl Evaluate for NnueEvaluator {
    fn evaluate(&mut self, pos: &Position) -> i32 {
        self.bring_up_to_date(pos);
        let range = self.slot(self.top);
        self.output(pos, &self.values[range])
    }

    fn set_root(&mut self, root: &Position) {
        self.top = 0;
        self.overflow = 0;
        self.entries[0] = Entry {
            key: root.key(),
            computed: true,
            delta: Delta::REFRESH,
        };
        let range = self.slot(0);
        refresh(&self.network, self.kernel, root, &mut self.values[range]);
    }

    #[inline]
    fn make(&mut self, parent: &Position, mv: Move, child: &Position) {
        if self.top == MAX_DEPTH || self.overflow > 0 {
            // Too deep to follow: count the level and let the top entry be
            // recomputed from whatever position is evaluated.
            self.overflow += 1;
            self.entries[self.top].key = 0;
            self.entries[self.top].computed = false;
            return;
        }
        self.top += 1;
        let delta = if parent.key() == self.entries[self.top - 1].key {
            Delta::of_move(parent, mv, child, self.network.king_buckets())
        } else {
            Delta::REFRESH
        };
        self.entries[self.top] = Entry {
            key: child.key(),
            computed: false,
            delta,
        };
        if delta.refresh {
            // Computed now, while the position is at hand: entries above it
            // can then always be brought up to date from below.
            let range = self.slot(self.top);
            refresh(&self.network, self.kernel, child, &mut self.values[range]);
            self.entries[self.top].computed = true;
        }
    }

    #[inline]
    fn unmake(&mut self) {
        if self.overflow > 0 {
            self.overflow -= 1;
            self.entries[self.top].key = 0;
            self.entries[self.top].computed = false;
        } else {
            self.top = self.top.saturating_sub(1);
        }
    }
}
