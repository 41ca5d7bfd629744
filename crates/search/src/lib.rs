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

// The files in layers: each uses only files of the layers before it (and a
// child module its parent); docs/search.md has the picture.
//
// 1. params, limits, control, settings, history, tables: no file of the crate
// 2. score (limits), movepick (history), time (limits)
// 3. tt (score), report (control, score)
// 4. result (report, score), job (control, limits, settings, tables, time, tt)
// 5. search and its child driver (history, job, limits, movepick, params,
//    report, result, score, settings, tables, tt)
// 6. thread (history, job, report, result, search)
// 7. pool (control, job, limits, report, result, settings, tables, thread,
//    time, tt)
// 8. bench (the crate's public items)
mod bench;
mod control;
mod history;
mod job;
mod limits;
mod movepick;
pub mod params;
mod pool;
mod report;
mod result;
mod score;
mod search;
mod settings;
mod tables;
mod thread;
mod time;
mod tt;

pub use bench::{Bench, BenchResult, BENCH_DEPTH, BENCH_POSITIONS};
pub use control::SearchControl;
pub use job::SearchJob;
pub use limits::{Clock, Limits, MAX_PLY};
pub use pool::{PoolError, SearchPool};
pub use report::{PvLine, PvReport, Report, SearchResult, SearchSink};
pub use result::{fallback_result, final_line};
pub use score::{Bound, Score, INFINITE, MATE, MATE_BOUND, TB_BOUND, TB_WIN};
pub use settings::{PoolSettings, SearchDriver, DEFAULT_MOVE_OVERHEAD};
pub use tables::{EndgameTables, TableWdl};
pub use time::TimeBudget;
pub use tt::{HashTooLarge, TranspositionTable, TtEntry};
