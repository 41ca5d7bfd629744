//! Outpost's search: iterative deepening principal variation search with
//! aspiration windows, quiescence search, a lock-free shared transposition
//! table, staged move ordering (hash move, good captures, killers,
//! counter-moves, history), null move, futility, razoring, late move
//! reductions and pruning, check extensions, time management and Lazy SMP.
//!
//! ```
//! use outpost_board::Position;
//! use outpost_search::{Limits, SearchControl, SearchJob, SearchPool};
//!
//! let mut pool = SearchPool::default();
//! let job = SearchJob::new(Position::startpos(), Limits::depth(4));
//! let result = pool.search(job, &SearchControl::new(), &mut |_| {});
//! assert!(Position::startpos().is_legal(result.best_move));
//! ```

#![warn(missing_docs)]
mod bench;
mod control;
mod history;
mod limits;
mod movepick;
mod options;
pub mod params;
mod pool;
mod report;
mod score;
mod search;
mod tables;
mod thread;
mod time;
mod tt;

pub use bench::{Bench, BenchResult, BENCH_DEPTH, BENCH_POSITIONS};
pub use control::SearchControl;
pub use limits::{Clock, Limits};
pub use options::{SearchDriver, SearchOptions, DEFAULT_MOVE_OVERHEAD};
pub use pool::{fallback_result, final_line, PoolError, SearchJob, SearchPool, SearchSink};
pub use report::{PvLine, PvReport, Report, ScoreBound, SearchResult};
pub use score::{Score, INFINITE, MATE, MATE_BOUND};
pub use search::MAX_PLY;
pub use tables::{EndgameTables, TableWdl, TB_BOUND, TB_WIN};
pub use time::TimeBudget;
pub use tt::{Bound, Entry, HashTooLarge, TranspositionTable};
