//! The search engine: options, the shared transposition table and the
//! persistent pool of search threads.

use crate::control::SearchControl;
use crate::limits::Limits;
use crate::report::{PvLine, PvReport, Report, ScoreBound, SearchResult};
use crate::score::{Score, INFINITE};
use crate::search::{RootMove, MAX_PLY};
use crate::tables::EndgameTables;
use crate::thread::{Job, Shared, SharedSettings, ThreadPool};
use crate::time::TimeBudget;
use crate::tt::{HashTooLarge, TranspositionTable};
use outpost_board::{Move, Position};
use outpost_eval::{Evaluate, Evaluator};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How the root drives the search. [`SearchDriver::Pvs`] is the engine's
/// own; the other two are kept for study and comparison (see
/// `docs/search.md` for the nodes each needs to reach the same depths).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchDriver {
    /// Principal variation search with aspiration windows: the first move
    /// of a node gets the full window, the others a null window first and a
    /// full-window re-search only when they beat alpha.
    #[default]
    Pvs,
    /// Plain alpha-beta: every move searched with the node's full window,
    /// the root with an infinite window. The same pruning and reductions.
    AlphaBeta,
    /// MTD(f): the root searched again and again with null windows that
    /// close in on the score, starting from the previous iteration's.
    /// Reports only the first move of each line.
    Mtdf,
}

impl SearchDriver {
    /// Every driver, the engine's own first.
    pub const ALL: [SearchDriver; 3] = [
        SearchDriver::Pvs,
        SearchDriver::AlphaBeta,
        SearchDriver::Mtdf,
    ];

    /// The driver's name: `PVS`, `AlphaBeta` or `MTDf`.
    pub fn name(self) -> &'static str {
        match self {
            SearchDriver::Pvs => "PVS",
            SearchDriver::AlphaBeta => "AlphaBeta",
            SearchDriver::Mtdf => "MTDf",
        }
    }

    /// The driver with this name (any case), if there is one.
    pub fn from_name(name: &str) -> Option<SearchDriver> {
        SearchDriver::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

/// The time kept in reserve per move for communication, unless set otherwise.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// The engine's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Number of best lines to report.
    pub multipv: usize,
    /// How much the engine dislikes a draw, in centipawns (0: a draw is a draw).
    pub contempt: i32,
    /// Time kept in reserve for communication per move.
    pub move_overhead: Duration,
    /// How the root drives the search.
    pub driver: SearchDriver,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            threads: 1,
            hash_mib: 16,
            multipv: 1,
            contempt: 0,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            driver: SearchDriver::Pvs,
        }
    }
}

/// A search engine: options, a transposition table, and a persistent pool
/// of search threads, each keeping its history tables and its evaluator `E`
/// from one search to the next.
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{Engine, Limits, SearchControl};
///
/// let mut engine = Engine::default();
/// let result = engine.search(&Position::startpos(), &[], &Limits::depth(5), &SearchControl::new(), &mut |_| {});
/// assert!(Position::startpos().is_legal(result.best_move));
/// assert_eq!(result.pv.first(), Some(&result.best_move));
/// ```
pub struct Engine<E: Evaluate + Clone + 'static = Evaluator> {
    options: EngineOptions,
    tt: Arc<TranspositionTable>,
    tables: Option<Arc<dyn EndgameTables>>,
    pool: ThreadPool,
    /// The evaluator every thread starts from.
    prototype: E,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(EngineOptions::default())
    }
}

impl Engine {
    /// An engine with these options and the handcrafted evaluator.
    pub fn new(options: EngineOptions) -> Engine {
        Engine::with_evaluator(options, Evaluator::new())
    }
}

impl<E: Evaluate + Clone + 'static> Engine<E> {
    /// An engine with these options, every thread evaluating with a clone of `eval`.
    pub fn with_evaluator(options: EngineOptions, eval: E) -> Engine<E> {
        let threads = options.threads.max(1);
        Engine {
            tt: Arc::new(TranspositionTable::new(options.hash_mib)),
            tables: None,
            pool: ThreadPool::new(threads, &eval),
            prototype: eval,
            options: EngineOptions { threads, ..options },
        }
    }

    /// The current options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Sets the number of search threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.pool.resize(threads, &self.prototype);
        self.options.threads = self.pool.len();
    }

    /// Resizes (and clears) the transposition table. When the system
    /// cannot give the memory, the table and the option stay as they were.
    pub fn set_hash(&mut self, mib: usize) -> Result<(), HashTooLarge> {
        let table = TranspositionTable::try_new(mib.max(1))?;
        self.options.hash_mib = mib.max(1);
        self.tt = Arc::new(table);
        Ok(())
    }

    /// Evaluates with a clone of `eval` on every thread from now on (the
    /// threads are started afresh, so their history tables are cleared).
    pub fn set_evaluator(&mut self, eval: E) {
        self.prototype = eval;
        self.pool = ThreadPool::new(self.options.threads, &self.prototype);
    }

    /// The evaluator every thread starts from.
    pub fn evaluator(&self) -> &E {
        &self.prototype
    }

    /// Sets the number of lines to report.
    pub fn set_multipv(&mut self, lines: usize) {
        self.options.multipv = lines.max(1);
    }

    /// Sets the contempt in centipawns.
    pub fn set_contempt(&mut self, contempt: i32) {
        self.options.contempt = contempt;
    }

    /// Chooses how the root drives the search.
    pub fn set_driver(&mut self, driver: SearchDriver) {
        self.options.driver = driver;
    }

    /// Sets the time kept in reserve per move.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.options.move_overhead = overhead;
    }

    /// Probes these endgame tables inside the search (or none).
    pub fn set_tables(&mut self, tables: Option<Arc<dyn EndgameTables>>) {
        self.tables = tables;
    }

    /// Empties the transposition table.
    pub fn clear_hash(&mut self) {
        self.tt.clear();
    }

    /// Forgets everything learned: a new game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.pool.clear_history();
    }

    /// Transposition-table fill in per mille.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches `pos` (reached after the positions whose keys are in
    /// `history`, oldest first) within `limits`, sending reports to
    /// `report`, and returns the result once the search has ended: at its
    /// limits, at [`SearchControl::stop`], or when nothing is left to
    /// search. An infinite or pondering search that finishes early returns
    /// early too; holding the answer back until the front end's `stop` is
    /// the engine layer's job.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        control: &SearchControl,
        report: &mut (dyn FnMut(Report) + Send),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let settings = SharedSettings {
            tables: self.tables.clone(),
            threads: self.pool.len(),
            multipv: self.options.multipv,
            contempt: self.options.contempt,
            driver: self.options.driver,
            budget: TimeBudget::new(limits, self.options.move_overhead, pos.fullmove_number()),
        };
        let job = Job {
            shared: Shared::new(
                Arc::clone(&self.tt),
                control.clone(),
                limits,
                settings,
                start,
            ),
            pos: *pos,
            keys: history.to_vec(),
            limits: limits.clone(),
            max_depth: limits.depth.unwrap_or(MAX_PLY as i32 - 1).max(1),
        };
        // The last line reported for the first PV: a GUI takes the move
        // played to be its first move, so when the move chosen differs (a
        // new best found in an iteration cut short), its line is reported
        // once more before the result.
        let mut last_line: Option<PvReport> = None;
        let (outcome, nodes) = self.pool.search(job, &mut |r| {
            if let Report::Pv(line) = &r {
                if line.multipv == 1 {
                    last_line = Some(line.clone());
                }
            }
            report(r);
        });
        let multipv = self
            .options
            .multipv
            .clamp(1, outcome.root_moves.len().max(1));
        let lines: Vec<PvLine> = outcome
            .root_moves
            .iter()
            .take(multipv)
            .map(|rm| PvLine {
                score: Score::from_internal(root_score(rm)),
                pv: playable(pos, &rm.pv),
            })
            .collect();
        let best = outcome.root_moves.first();
        let best_move = best.map_or(Move::NULL, |rm| rm.mv);
        let pv = lines.first().map(|l| l.pv.clone()).unwrap_or_default();
        let result = SearchResult {
            best_move,
            ponder_move: pv.get(1).copied(),
            score: Score::from_internal(best.map_or(0, root_score)),
            pv,
            lines,
            depth: outcome.depth,
            nodes,
            tb_hits: outcome.tb_hits,
            time: start.elapsed(),
        };
        let reported_first = last_line.as_ref().and_then(|l| l.pv.first().copied());
        if !best_move.is_null() && reported_first.is_some() && reported_first != Some(best_move) {
            report(Report::Pv(final_line(
                &result,
                last_line.as_ref(),
                self.tt.hashfull(),
            )));
        }
        result
    }
}

/// The line of `result` as a report: what a GUI should see last when the
/// move played is not the first move of the line reported before.
pub fn final_line(result: &SearchResult, last: Option<&PvReport>, hashfull: u32) -> PvReport {
    let depth = result.depth.max(1);
    let time = result.time;
    PvReport {
        depth,
        seldepth: last.map_or(0, |l| l.seldepth).max(depth as usize),
        multipv: 1,
        score: result.score,
        bound: ScoreBound::Exact,
        nodes: result.nodes,
        time,
        nps: (result.nodes as f64 / time.as_secs_f64().max(0.001)) as u64,
        hashfull,
        tb_hits: result.tb_hits,
        pv: if result.pv.first() == Some(&result.best_move) {
            result.pv.clone()
        } else {
            vec![result.best_move]
        },
    }
}

/// The score of a root move from the last completed iteration (or the
/// current one's, when none completed).
fn root_score(rm: &RootMove) -> i32 {
    if rm.previous_score == -INFINITE {
        rm.score.max(-INFINITE + 1)
    } else {
        rm.previous_score
    }
}

/// The longest legal prefix of `line` from `pos`.
pub(crate) fn playable(pos: &Position, line: &[Move]) -> Vec<Move> {
    let mut check = *pos;
    let mut keep = Vec::with_capacity(line.len());
    for &mv in line {
        if !check.is_legal(mv) {
            break;
        }
        check.make_move(mv);
        keep.push(mv);
    }
    keep
}
