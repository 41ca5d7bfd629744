//! What a search's root moves become: the result it returns, the last
//! line it reports, and the fallback when it fails. Lines are cut to their
//! legal prefix, as the table may hand back a move from another position.

use crate::report::{PvLine, PvReport, SearchResult};
use crate::score::{Bound, Score, INFINITE};
use outpost_board::{Move, Position};
use std::time::Duration;

/// A root move with its latest score and line.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub(crate) mv: Move,
    pub(crate) score: i32,
    pub(crate) previous_score: i32,
    pub(crate) seldepth: usize,
    pub(crate) pv: Vec<Move>,
    /// Nodes spent below this move over the whole search.
    pub(crate) nodes: u64,
}

/// The result of a search whose main thread failed: the first legal move,
/// so a front end still has something to play.
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::parse_fen;
/// use outpost_search::{fallback_result, Score};
///
/// let start = Position::startpos();
/// let result = fallback_result(&start);
/// assert!(start.is_legal(result.best_move));
/// assert_eq!(result.pv, vec![result.best_move]);
/// assert_eq!((result.score, result.depth), (Score::Centipawns(0), 0));
///
/// // Checkmated: nothing to play.
/// let mated = parse_fen("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1").unwrap();
/// let result = fallback_result(&mated);
/// assert!(result.best_move.is_null());
/// assert!(result.pv.is_empty());
/// ```
pub fn fallback_result(pos: &Position) -> SearchResult {
    let best_move = pos.legal_moves().first().copied().unwrap_or(Move::NULL);
    SearchResult {
        best_move,
        pv: if best_move.is_null() {
            Vec::new()
        } else {
            vec![best_move]
        },
        ..SearchResult::default()
    }
}

/// The result of a search from the main thread's root moves.
pub(crate) fn result_of(
    pos: &Position,
    root_moves: &[RootMove],
    multipv: usize,
    depth: i32,
    nodes: u64,
    tb_hits: u64,
    time: Duration,
) -> SearchResult {
    let multipv = multipv.clamp(1, root_moves.len().max(1));
    let lines: Vec<PvLine> = root_moves
        .iter()
        .take(multipv)
        .map(|rm| PvLine {
            score: Score::from_internal(root_score(rm)),
            pv: playable(pos, &rm.pv),
        })
        .collect();
    let best = root_moves.first();
    let best_move = best.map_or(Move::NULL, |rm| rm.mv);
    let pv = lines.first().map(|l| l.pv.clone()).unwrap_or_default();
    SearchResult {
        best_move,
        ponder_move: pv.get(1).copied(),
        score: Score::from_internal(best.map_or(0, root_score)),
        pv,
        lines,
        depth,
        nodes,
        tb_hits,
        time,
    }
}

/// The line of `result` as a report: what a GUI should see last when the
/// move played is not the first move of the line reported before.
///
/// ```
/// use outpost_board::Position;
/// use outpost_notation::parse_uci_move;
/// use outpost_search::{final_line, Score, Bound, SearchResult};
///
/// let pos = Position::startpos();
/// let e4 = parse_uci_move(&pos, "e2e4").unwrap();
/// let e5 = parse_uci_move(&pos.play(e4), "e7e5").unwrap();
/// let d4 = parse_uci_move(&pos, "d2d4").unwrap();
/// let result = SearchResult {
///     best_move: e4,
///     score: Score::Centipawns(30),
///     pv: vec![e4, e5],
///     depth: 7,
///     nodes: 50_000,
///     ..SearchResult::default()
/// };
/// let line = final_line(&result, None, 12);
/// assert_eq!(
///     (line.depth, line.multipv, line.bound),
///     (7, 1, Bound::Exact)
/// );
/// assert_eq!((line.score, line.hashfull), (Score::Centipawns(30), 12));
/// assert_eq!(line.pv, vec![e4, e5]);
///
/// // A move chosen off the line (by a strength level, say) stands alone.
/// let changed = SearchResult {
///     best_move: d4,
///     ..result
/// };
/// assert_eq!(final_line(&changed, Some(&line), 12).pv, vec![d4]);
/// ```
pub fn final_line(result: &SearchResult, last: Option<&PvReport>, hashfull: u32) -> PvReport {
    let depth = result.depth.max(1);
    let time = result.time;
    PvReport {
        depth,
        seldepth: last.map_or(0, |l| l.seldepth).max(depth as usize),
        multipv: 1,
        score: result.score,
        bound: Bound::Exact,
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
