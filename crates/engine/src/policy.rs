//! Engine policy: when to accept a draw, when to resign, what to ponder on
//! and what to suggest as a hint. The front ends ask; the answers live here.

use outpost_board::{Move, Position};
use outpost_search::{Limits, Score, SearchResult};
use std::time::Duration;

/// A draw offer is accepted when the engine's last score is at most this
/// (centipawns, from its side), or when it sees itself mated.
pub const DRAW_ACCEPT_CP: i32 = -50;

/// How long a hint may search when there is no expected move to suggest.
pub const HINT_TIME: Duration = Duration::from_millis(200);

/// Whether to accept a draw offer, given the score of the engine's last
/// search (from its side); with no score yet, no.
///
/// ```
/// use outpost_engine::accepts_draw;
/// use outpost_search::Score;
///
/// assert!(accepts_draw(Some(Score::Centipawns(-80))));
/// assert!(accepts_draw(Some(Score::Mate(-3))));
/// assert!(!accepts_draw(Some(Score::Centipawns(10))));
/// assert!(!accepts_draw(None));
/// ```
pub fn accepts_draw(last_score: Option<Score>) -> bool {
    match last_score {
        Some(Score::Centipawns(cp)) => cp <= DRAW_ACCEPT_CP,
        Some(Score::Mate(moves)) => moves <= 0,
        None => false,
    }
}

/// When to resign: off by default; when set, after this many consecutive
/// own scores at or below the threshold (or a mate against the engine).
///
/// ```
/// use outpost_engine::ResignPolicy;
/// use outpost_search::Score;
///
/// let policy = ResignPolicy { threshold_cp: Some(-500), moves: 3 };
/// let scores = [-200, -550, -600, -700].map(Score::Centipawns);
/// // The last three moves all count as lost.
/// assert!(policy.should_resign(&scores));
/// // -200 is among the last three: not yet.
/// assert!(!policy.should_resign(&scores[..3]));
/// // The default never resigns, not even when mated.
/// assert!(!ResignPolicy::default().should_resign(&[Score::Mate(-1); 5]));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResignPolicy {
    /// The score in centipawns (from the engine's side) at or below which a
    /// move counts as lost; `None`: never resign.
    pub threshold_cp: Option<i32>,
    /// How many consecutive moves must count as lost.
    pub moves: usize,
}

impl ResignPolicy {
    /// Whether to resign after these scores of the engine's own moves,
    /// oldest first.
    pub fn should_resign(&self, own_scores: &[Score]) -> bool {
        let Some(threshold) = self.threshold_cp else {
            return false;
        };
        let moves = self.moves.max(1);
        own_scores.len() >= moves
            && own_scores[own_scores.len() - moves..]
                .iter()
                .all(|s| match *s {
                    Score::Centipawns(cp) => cp <= threshold,
                    Score::Mate(n) => n <= 0,
                })
    }
}

/// The opponent's expected reply after the engine plays `result`'s best
/// move in `pos`: the move to ponder on and to give as a hint, when it is
/// legal there and leaves the engine a move to make.
///
/// ```
/// use outpost_board::Position;
/// use outpost_engine::expected_reply;
/// use outpost_notation::parse_uci_move;
/// use outpost_search::SearchResult;
///
/// let pos = Position::startpos();
/// let e4 = parse_uci_move(&pos, "e2e4").unwrap();
/// let c5 = parse_uci_move(&pos.play(e4), "c7c5").unwrap();
/// let result = SearchResult { best_move: e4, ponder_move: Some(c5), ..SearchResult::default() };
/// assert_eq!(expected_reply(&pos, &result), Some(c5));
/// // No reply is expected when the search did not find one.
/// let result = SearchResult { ponder_move: None, ..result };
/// assert_eq!(expected_reply(&pos, &result), None);
/// ```
pub fn expected_reply(pos: &Position, result: &SearchResult) -> Option<Move> {
    let reply = result.ponder_move?;
    if result.best_move.is_null() || !pos.is_legal(result.best_move) {
        return None;
    }
    let after = pos.play(result.best_move);
    (after.is_legal(reply) && after.play(reply).has_legal_moves()).then_some(reply)
}

/// The limits of a quick search for a hint.
///
/// ```
/// use outpost_engine::{hint_limits, HINT_TIME};
///
/// let limits = hint_limits();
/// assert_eq!(limits.movetime, Some(HINT_TIME));
/// assert!(!limits.infinite && !limits.ponder);
/// ```
pub fn hint_limits() -> Limits {
    Limits::movetime(HINT_TIME)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resigning_is_off_by_default() {
        let lost = [Score::Mate(-2); 5];
        assert!(!ResignPolicy::default().should_resign(&lost));
        let policy = ResignPolicy {
            threshold_cp: Some(-600),
            moves: 3,
        };
        assert!(policy.should_resign(&lost));
        let scores = [-700, -650, -200, -900, -800].map(Score::Centipawns);
        assert!(!policy.should_resign(&scores));
        assert!(policy.should_resign(&[scores.as_slice(), &[Score::Centipawns(-601)]].concat()));
    }

    #[test]
    fn expected_reply_must_be_playable() {
        let pos = Position::startpos();
        let e4 = pos.find_move(outpost_board::Square::E2, outpost_board::Square::E4, None);
        let e4 = e4.expect("legal");
        let after = pos.play(e4);
        let e5 = after
            .find_move(outpost_board::Square::E7, outpost_board::Square::E5, None)
            .expect("legal");
        let mut result = SearchResult {
            best_move: e4,
            ponder_move: Some(e5),
            ..SearchResult::default()
        };
        assert_eq!(expected_reply(&pos, &result), Some(e5));
        result.ponder_move = Some(e4);
        assert_eq!(expected_reply(&pos, &result), None);
    }
}
