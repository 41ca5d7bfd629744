//! Endgame tables as the search sees them: a win/draw/loss probe for
//! positions with few men, and the band of scores a table win gets.

use crate::score::MATE_BOUND;
use crate::search::MAX_PLY;
use outpost_board::Position;

/// The score of a position the tables call won, at the root; a win found
/// `ply` plies deep scores `TB_WIN - ply`. Below every mate score and above
/// every evaluation, so a known win beats any material count but not a mate.
pub const TB_WIN: i32 = 20_000;

/// Scores at or beyond this (in absolute value) are table wins or mates.
pub const TB_BOUND: i32 = TB_WIN - MAX_PLY as i32;

const _: () = assert!(TB_WIN < MATE_BOUND - MAX_PLY as i32);

/// What the tables say of a position, for the side to move.
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
