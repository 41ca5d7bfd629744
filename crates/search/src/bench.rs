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
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(0.001)) as u64
    }
}

/// Searches every bench position to `depth` with one thread.
pub fn bench(depth: i32) -> BenchResult {
    bench_with_evaluator(depth, Evaluator::new())
}

/// Searches each bench position to `depth` with one thread and `driver`,
/// each with a fresh table and history; one result per position.
pub fn bench_positions(depth: i32, driver: SearchDriver) -> Vec<BenchResult> {
    bench_positions_with_tables(depth, driver, None)
}

/// [`bench_positions`] with endgame tables probed in the search: to measure
/// what the tables cost (or save). The node counts differ from the
/// signature's wherever a capture or pawn move reaches the tables.
pub fn bench_positions_with_tables(
    depth: i32,
    driver: SearchDriver,
    tables: Option<Arc<dyn EndgameTables>>,
) -> Vec<BenchResult> {
    bench_positions_with(depth, driver, tables, Evaluator::new())
}

/// [`bench()`] evaluating with `eval` (the neural network, say) instead of
/// the handcrafted evaluation.
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
