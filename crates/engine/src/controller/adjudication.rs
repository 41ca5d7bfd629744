//! Adjudication of games between engines: when a long or decided game
//! ends on the scores its searches report rather than being played out.

use outpost_notation::GameResult;
use outpost_search::Score;

/// When a game between engines is adjudicated rather than played out: a
/// score past `win_score` for `win_plies` plies in a row (for the same
/// side; a mate score counts) wins, a score within `draw_score` for
/// `draw_plies` plies in a row from ply `draw_from_ply` on draws, and a
/// game of `max_plies` plies is drawn. Plies count from the position the
/// game was set up in.
///
/// ```
/// use outpost_engine::{Action, Adjudication, GameController, GameResult, Outcome, Timing};
/// use outpost_notation::parse_uci_move;
/// use outpost_search::{Limits, Score, SearchResult};
///
/// let mut controller = GameController::new(Timing::Fixed(Limits::depth(4)));
/// controller.set_adjudication(Some(Adjudication {
///     win_score: 500,
///     win_plies: 1,
///     draw_score: 10,
///     draw_plies: 20,
///     draw_from_ply: 80,
///     max_plies: 400,
/// }));
/// // The engine plays White and its search sees it 9 pawns up.
/// let (id, request) = controller.go().into_iter().find_map(Action::into_search).unwrap();
/// let result = SearchResult {
///     best_move: parse_uci_move(&request.position, "e2e4").unwrap(),
///     score: Score::Centipawns(900),
///     ..SearchResult::default()
/// };
/// // One ply past the winning score is enough here: the game ends, and
/// // the move is not played.
/// assert!(controller.search_finished(id, result).is_empty());
/// assert_eq!(controller.outcome(), Some(Outcome::Adjudicated(GameResult::WhiteWins)));
/// assert_eq!(controller.game().plies(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// The winning score, in centipawns.
    pub win_score: i32,
    /// Plies in a row past it.
    pub win_plies: u32,
    /// The drawish score, in centipawns.
    pub draw_score: i32,
    /// Plies in a row within it.
    pub draw_plies: u32,
    /// The first ply a draw may be adjudicated at.
    pub draw_from_ply: u32,
    /// The longest game.
    pub max_plies: u32,
}

/// The scores seen so far, as [`Adjudication`] counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Streaks {
    /// Plies in a row with a winning score, and for whom (+1 White, -1 Black).
    winning: (u32, i32),
    /// Plies in a row with a drawish score.
    quiet: u32,
}

impl Adjudication {
    /// Whether a game `plies` long (from its set-up position) is drawn by length.
    pub(super) fn too_long(&self, plies: usize) -> bool {
        plies >= self.max_plies as usize
    }
}

impl Streaks {
    /// Counts the engine's `score` (the side to move's view, White to move
    /// when `white_to_move`) at `ply` of the game under `rules`, and gives
    /// the result when they end the game here.
    pub(super) fn count(
        &mut self,
        rules: &Adjudication,
        score: Score,
        white_to_move: bool,
        ply: u32,
    ) -> Option<GameResult> {
        let for_white = |value: i32| if white_to_move { value } else { -value };
        let (decisive, won, drawish) = match score {
            Score::Centipawns(cp) => (
                cp.abs() >= rules.win_score,
                cp.signum(),
                cp.abs() <= rules.draw_score,
            ),
            Score::Mate(moves) => (true, moves.signum(), false),
        };
        if decisive {
            let side = for_white(won);
            self.winning = if self.winning.1 == side {
                (self.winning.0 + 1, side)
            } else {
                (1, side)
            };
            if self.winning.0 >= rules.win_plies {
                return Some(if side > 0 {
                    GameResult::WhiteWins
                } else {
                    GameResult::BlackWins
                });
            }
        } else {
            self.winning = (0, 0);
        }
        if drawish {
            self.quiet += 1;
            if self.quiet >= rules.draw_plies && ply >= rules.draw_from_ply {
                return Some(GameResult::Draw);
            }
        } else {
            self.quiet = 0;
        }
        None
    }
}
