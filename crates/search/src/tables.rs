//! Endgame tables as the search sees them: a win/draw/loss probe for
//! positions with few men. The scores a table win gets (`TB_WIN`) are
//! the score module's.

use outpost_board::Position;

/// What the tables say of a position, for the side to move.
///
/// ```
/// use outpost_board::{PieceKind, Position};
/// use outpost_notation::parse_fen;
/// use outpost_search::{EndgameTables, TableWdl};
///
/// /// Knows king and rook against king: the rook's side wins.
/// struct RookWins;
///
/// impl EndgameTables for RookWins {
///     fn max_men(&self) -> u32 {
///         3
///     }
///
///     fn probe_wdl(&self, pos: &Position) -> Option<TableWdl> {
///         let rooks = pos.pieces(PieceKind::Rook);
///         if pos.occupied().count() != 3 || rooks.count() != 1 {
///             return None;
///         }
///         let ours = (rooks & pos.colored(pos.side_to_move())).is_nonempty();
///         Some(if ours { TableWdl::Win } else { TableWdl::Loss })
///     }
/// }
///
/// // The answer is for the side to move.
/// let white = parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
/// let black = parse_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
/// assert_eq!(RookWins.probe_wdl(&white), Some(TableWdl::Win));
/// assert_eq!(RookWins.probe_wdl(&black), Some(TableWdl::Loss));
/// // Positions the tables do not hold have no answer.
/// assert_eq!(RookWins.probe_wdl(&Position::startpos()), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableWdl {
    /// The side to move wins with best play.
    Win,
    /// The side to move wins with best play, but the fifty-move rule
    /// draws it first (tables that know the rule; see
    /// [`EndgameTables::probe_wdl`]).
    CursedWin,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses with best play, but the fifty-move rule
    /// saves it.
    BlessedLoss,
    /// The side to move loses with best play.
    Loss,
}

/// Endgame tables the search probes. Probes must be cheap (no allocation)
/// and safe from several search threads at once.
///
/// ```
/// use outpost_board::{PieceKind, Position};
/// use outpost_notation::parse_fen;
/// use outpost_search::{
///     EndgameTables, Limits, Score, SearchControl, SearchJob, SearchPool, TableWdl, TB_BOUND,
///     TB_WIN,
/// };
/// use std::sync::Arc;
///
/// /// Knows king and rook against king: the rook's side wins.
/// struct RookWins;
///
/// impl EndgameTables for RookWins {
///     fn max_men(&self) -> u32 {
///         3
///     }
///
///     fn probe_wdl(&self, pos: &Position) -> Option<TableWdl> {
///         let rooks = pos.pieces(PieceKind::Rook);
///         if pos.occupied().count() != 3 || rooks.count() != 1 {
///             return None;
///         }
///         let ours = (rooks & pos.colored(pos.side_to_move())).is_nonempty();
///         Some(if ours { TableWdl::Win } else { TableWdl::Loss })
///     }
/// }
///
/// assert_eq!(RookWins.probe_depth(), 0);
/// let mut pool = SearchPool::default();
/// pool.set_tables(Some(Arc::new(RookWins)));
/// // Rxd4 takes the last black piece and reaches a won ending.
/// let pos = parse_fen("4k3/8/8/8/3r4/8/3R4/4K3 w - - 0 1").unwrap();
/// let job = SearchJob::new(pos, Limits::depth(4));
/// let result = pool.search(job, &SearchControl::new(), &mut |_| {});
/// assert_eq!(result.best_move.to_string(), "d2d4");
/// assert!(result.tb_hits > 0);
/// // A table win scores below a mate and above any evaluation.
/// assert!(matches!(result.score, Score::Centipawns(cp) if cp > TB_BOUND && cp < TB_WIN));
/// ```
pub trait EndgameTables: Send + Sync {
    /// The most men (kings included) of the positions the tables cover.
    fn max_men(&self) -> u32;

    /// The value of `pos` (at most [`EndgameTables::max_men`] men, no
    /// castling rights) for the side to move, or `None` when the tables do
    /// not have it.
    fn probe_wdl(&self, pos: &Position) -> Option<TableWdl>;

    /// The shallowest remaining depth at which the search probes a
    /// position with exactly [`EndgameTables::max_men`] men (positions with
    /// fewer are probed at any depth): probing the largest tables near the
    /// leaves costs more than it saves when they are on a slow disk.
    fn probe_depth(&self) -> i32 {
        0
    }
}
