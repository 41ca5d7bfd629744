//! `bench`: the search's signature. A fixed list of positions searched to a
//! fixed depth with one thread and a fresh 16 MiB table each; the node total
//! changes only when the search or the evaluation does.

use crate::{
    EndgameTables, Limits, PoolSettings, SearchControl, SearchDriver, SearchJob, SearchPool,
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

impl std::iter::Sum for BenchResult {
    /// The nodes and times added up.
    fn sum<I: Iterator<Item = BenchResult>>(results: I) -> BenchResult {
        results.fold(BenchResult::default(), |total, one| BenchResult {
            nodes: total.nodes + one.nodes,
            time: total.time + one.time,
        })
    }
}

/// The bench, the one entry point: every position of [`BENCH_POSITIONS`]
/// searched to a fixed depth with one thread, a fresh 16 MiB table and
/// fresh histories each. The node total is the search's signature: the
/// same on every run and every machine, until the search or the evaluation
/// changes. By default the handcrafted evaluation, the PVS driver and no
/// endgame tables; each can be changed before [`Bench::run`] (the total)
/// or [`Bench::run_each`] (one result per position).
///
/// ```
/// use outpost_search::{Bench, SearchDriver};
///
/// let first = Bench::new(3).run();
/// assert!(first.nodes > 0);
/// assert_eq!(Bench::new(3).run().nodes, first.nodes);
/// assert!(Bench::new(4).run().nodes > first.nodes);
///
/// let each = Bench::new(3).with_driver(SearchDriver::Pvs).run_each();
/// assert_eq!(each.len(), outpost_search::BENCH_POSITIONS.len());
/// assert_eq!(each.into_iter().sum::<outpost_search::BenchResult>().nodes, first.nodes);
/// // The report OpenBench reads: the nodes and the speed last.
/// assert!(first.to_string().contains("Nodes searched  : "));
/// ```
pub struct Bench<E = Evaluator> {
    depth: i32,
    driver: SearchDriver,
    tables: Option<Arc<dyn EndgameTables>>,
    eval: E,
}

impl Bench<Evaluator> {
    /// The bench to `depth` with the handcrafted evaluation.
    pub fn new(depth: i32) -> Bench<Evaluator> {
        Bench {
            depth,
            driver: SearchDriver::Pvs,
            tables: None,
            eval: Evaluator::new(),
        }
    }
}

impl<E: Evaluate + Clone + 'static> Bench<E> {
    /// The same bench with another evaluation (the network, a tuned
    /// evaluator).
    pub fn with_evaluator<F: Evaluate + Clone + 'static>(self, eval: F) -> Bench<F> {
        Bench {
            depth: self.depth,
            driver: self.driver,
            tables: self.tables,
            eval,
        }
    }

    /// The same bench with another search driver.
    pub fn with_driver(mut self, driver: SearchDriver) -> Bench<E> {
        self.driver = driver;
        self
    }

    /// The same bench probing these endgame tables.
    pub fn with_tables(mut self, tables: Option<Arc<dyn EndgameTables>>) -> Bench<E> {
        self.tables = tables;
        self
    }

    /// The nodes and time over every position.
    pub fn run(self) -> BenchResult {
        self.run_each().into_iter().sum()
    }

    /// One result per position, in the order of [`BENCH_POSITIONS`].
    pub fn run_each(self) -> Vec<BenchResult> {
        let control = SearchControl::new();
        let mut pool = SearchPool::with_evaluator(
            PoolSettings {
                threads: 1,
                hash_mib: 16,
                driver: self.driver,
                ..PoolSettings::default()
            },
            self.eval,
        );
        pool.set_tables(self.tables);
        let mut results = Vec::new();
        for fen in BENCH_POSITIONS {
            let Ok(pos) = parse_fen(fen) else { continue };
            pool.new_game();
            let start = Instant::now();
            let job = SearchJob::new(pos, Limits::depth(self.depth));
            let nodes = pool.search(job, &control, &mut |_| {}).nodes;
            results.push(BenchResult {
                nodes,
                time: start.elapsed(),
            });
        }
        results
    }
}
