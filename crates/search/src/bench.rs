//! `bench`: the search's signature. A fixed list of positions searched to a
//! fixed depth with one thread and a fresh 16 MiB table each; the node total
//! changes only when the search or the evaluation does.

use crate::{
    EndgameTables, Limits, SearchControl, SearchDriver, SearchJob, SearchOptions, SearchPool,
};
use outpost_eval::{Evaluate, Evaluator};
use outpost_notation::parse_fen;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The depth `bench` searches to when none is given.
pub const BENCH_DEPTH: i32 = 13;

/// The bench positions: openings, middlegames with tactics, endgames.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_search::BENCH_POSITIONS;
///
/// for fen in BENCH_POSITIONS {
///     let pos = parse_fen(fen).unwrap();
///     assert!(!pos.legal_moves().is_empty(), "{fen}");
/// }
/// ```
pub const BENCH_POSITIONS: [&str; 16] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
    "3r1rk1/p4ppp/1qp1pn2/8/2PPn3/P2B1N2/1Q3PPP/R4RK1 w - - 0 17",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/1p2k3/p1p1p3/P1P1P3/1P1K4/8/8 w - - 0 1",
    "8/5k2/8/3K4/8/8/4P3/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 2 10",
    "8/2k5/8/8/8/8/3QK3/8 w - - 0 1",
];

/// The outcome of a bench run.
///
/// ```
/// use outpost_search::BenchResult;
/// use std::time::Duration;
///
/// let run = BenchResult {
///     nodes: 3_000_000,
///     time: Duration::from_millis(1500),
/// };
/// assert_eq!(run.nps(), 2_000_000);
/// // The totals as OpenBench reads them, last line first from the end.
/// let text = run.to_string();
/// assert_eq!(text.lines().last(), Some("Nodes/second    : 2000000"));
/// assert!(text.contains("Nodes searched  : 3000000"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// The totals in Stockfish's form, which OpenBench reads from the last
/// two lines: `Total time (ms) : …`, `Nodes searched  : …`, `Nodes/second    : …`.
impl std::fmt::Display for BenchResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Total time (ms) : {}\nNodes searched  : {}\nNodes/second    : {}",
            self.time.as_millis(),
            self.nodes,
            self.nps()
        )
    }
}

impl BenchResult {
    /// Nodes per second.
    ///
    /// ```
    /// use outpost_search::BenchResult;
    /// use std::time::Duration;
    ///
    /// let run = BenchResult {
    ///     nodes: 45_000,
    ///     time: Duration::from_millis(30),
    /// };
    /// assert_eq!(run.nps(), 1_500_000);
    /// // A run too short to time counts as one millisecond.
    /// let instant = BenchResult {
    ///     nodes: 1000,
    ///     time: Duration::ZERO,
    /// };
    /// assert_eq!(instant.nps(), 1_000_000);
    /// ```
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(0.001)) as u64
    }
}

/// Searches every bench position to `depth` with one thread.
///
/// The node count is the search's signature: the same on every run and
/// every machine, until the search or the evaluation changes.
///
/// ```
/// use outpost_search::bench;
///
/// let first = bench(3);
/// assert!(first.nodes > 0);
/// assert_eq!(bench(3).nodes, first.nodes);
/// assert!(bench(4).nodes > first.nodes);
/// ```
pub fn bench(depth: i32) -> BenchResult {
    bench_with_evaluator(depth, Evaluator::new())
}

/// Searches each bench position to `depth` with one thread and `driver`,
/// each with a fresh table and history; one result per position.
///
/// ```
/// use outpost_search::{bench, bench_positions, SearchDriver, BENCH_POSITIONS};
///
/// let each = bench_positions(3, SearchDriver::Pvs);
/// assert_eq!(each.len(), BENCH_POSITIONS.len());
/// assert!(each.iter().all(|r| r.nodes > 0));
/// // With the engine's own driver the nodes add up to `bench`'s.
/// let total: u64 = each.iter().map(|r| r.nodes).sum();
/// assert_eq!(total, bench(3).nodes);
///
/// // Another driver, for comparison, searches the same positions.
/// assert_eq!(bench_positions(3, SearchDriver::Mtdf).len(), each.len());
/// ```
pub fn bench_positions(depth: i32, driver: SearchDriver) -> Vec<BenchResult> {
    bench_positions_with_tables(depth, driver, None)
}

/// [`bench_positions`] with endgame tables probed in the search: to measure
/// what the tables cost (or save). The node counts differ from the
/// signature's wherever a capture or pawn move reaches the tables.
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{
///     bench_positions, bench_positions_with_tables, BenchResult, EndgameTables, SearchDriver,
///     TableWdl,
/// };
/// use std::sync::Arc;
///
/// /// Tables that only know that a bare king against king and queen is lost.
/// struct LoneKing;
///
/// impl EndgameTables for LoneKing {
///     fn max_men(&self) -> u32 {
///         3
///     }
///
///     fn probe_wdl(&self, pos: &Position) -> Option<TableWdl> {
///         use outpost_board::PieceKind::Queen;
///         let queens = pos.pieces(Queen);
///         if pos.occupied().count() != 3 || queens.is_empty() {
///             return None;
///         }
///         let ours = (queens & pos.colored(pos.side_to_move())).is_nonempty();
///         Some(if ours { TableWdl::Win } else { TableWdl::Loss })
///     }
/// }
///
/// let nodes = |runs: &[BenchResult]| -> Vec<u64> { runs.iter().map(|r| r.nodes).collect() };
/// let plain = bench_positions(3, SearchDriver::Pvs);
/// // Without tables: the signature's nodes.
/// let none = bench_positions_with_tables(3, SearchDriver::Pvs, None);
/// assert_eq!(nodes(&none), nodes(&plain));
///
/// let tables: Arc<dyn EndgameTables> = Arc::new(LoneKing);
/// let probed = bench_positions_with_tables(3, SearchDriver::Pvs, Some(tables));
/// assert_eq!(probed.len(), plain.len());
/// assert!(probed.iter().all(|r| r.nodes > 0));
/// ```
pub fn bench_positions_with_tables(
    depth: i32,
    driver: SearchDriver,
    tables: Option<Arc<dyn EndgameTables>>,
) -> Vec<BenchResult> {
    bench_positions_with(depth, driver, tables, Evaluator::new())
}

/// [`bench()`] evaluating with `eval` (the neural network, say) instead of
/// the handcrafted evaluation.
///
/// ```
/// use outpost_eval::{Evaluator, Params, TaperedScore};
/// use outpost_search::{bench, bench_with_evaluator};
///
/// // The handcrafted evaluator gives the signature itself.
/// assert_eq!(
///     bench_with_evaluator(3, Evaluator::new()).nodes,
///     bench(3).nodes
/// );
///
/// // A bench of other weights.
/// let params = Params {
///     tempo: TaperedScore::ZERO,
///     ..Params::default()
/// };
/// let other = bench_with_evaluator(3, Evaluator::with_params(params));
/// assert!(other.nodes > 0);
/// ```
pub fn bench_with_evaluator<E: Evaluate + Clone + 'static>(depth: i32, eval: E) -> BenchResult {
    bench_positions_with(depth, SearchDriver::Pvs, None, eval)
        .into_iter()
        .fold(BenchResult::default(), |total, one| BenchResult {
            nodes: total.nodes + one.nodes,
            time: total.time + one.time,
        })
}

/// Each bench position searched to `depth` with one thread, `driver`, the
/// tables and the evaluator given.
///
/// ```
/// use outpost_eval::Evaluator;
/// use outpost_search::{bench_positions, bench_positions_with, SearchDriver};
///
/// let driver = SearchDriver::AlphaBeta;
/// let each = bench_positions_with(2, driver, None, Evaluator::new());
/// let nodes = |runs: &[outpost_search::BenchResult]| -> Vec<u64> {
///     runs.iter().map(|r| r.nodes).collect()
/// };
/// assert_eq!(nodes(&each), nodes(&bench_positions(2, driver)));
/// ```
pub fn bench_positions_with<E: Evaluate + Clone + 'static>(
    depth: i32,
    driver: SearchDriver,
    tables: Option<Arc<dyn EndgameTables>>,
    eval: E,
) -> Vec<BenchResult> {
    let control = SearchControl::new();
    let mut engine = SearchPool::with_evaluator(
        SearchOptions {
            threads: 1,
            hash_mib: 16,
            driver,
            ..SearchOptions::default()
        },
        eval,
    );
    engine.set_tables(tables);
    let mut results = Vec::new();
    for fen in BENCH_POSITIONS {
        let Ok(pos) = parse_fen(fen) else { continue };
        engine.new_game();
        let start = Instant::now();
        let nodes = engine
            .search(
                SearchJob::new(pos, Limits::depth(depth)),
                &control,
                &mut |_| {},
            )
            .nodes;
        results.push(BenchResult {
            nodes,
            time: start.elapsed(),
        });
    }
    results
}
