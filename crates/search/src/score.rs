//! Search scores: centipawns, table wins and mates, their distances from
//! the root, and how a searched score bounds the true one.

use crate::limits::MAX_PLY;

/// A score larger than any evaluation or mate score.
pub const INFINITE: i32 = 32_000;
/// The score of delivering mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores at or beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// The score of a position the tables call won, at the root; a win found
/// `ply` plies deep scores `TB_WIN - ply`. Below every mate score and above
/// every evaluation, so a known win beats any material count but not a mate.
pub const TB_WIN: i32 = 20_000;

/// Scores at or beyond this (in absolute value) are table wins or mates.
pub const TB_BOUND: i32 = TB_WIN - MAX_PLY as i32;

const _: () = assert!(TB_WIN < MATE_BOUND - MAX_PLY as i32);

/// How a searched score bounds the true score: in the transposition table,
/// and in the lines a search reports (every completed iteration ends with an
/// exact line; bounds come from an aspiration window that failed, and are
/// reported only once the search has run for a second).
///
/// ```
/// use outpost_board::Position;
/// use outpost_search::{Bound, Limits, Report, SearchControl, SearchJob, SearchPool};
///
/// // A node searched with the window (alpha, beta) = (0, 40):
/// assert_eq!(Bound::of(60, 0, 40), Bound::Lower); // failed high
/// assert_eq!(Bound::of(25, 0, 40), Bound::Exact); // inside the window
/// assert_eq!(Bound::of(-10, 0, 40), Bound::Upper); // failed low
///
/// let mut exact_depths = Vec::new();
/// SearchPool::default().search(
///     SearchJob::new(Position::startpos(), Limits::depth(4)),
///     &SearchControl::new(),
///     &mut |report| {
///         if let Report::Pv(line) = report {
///             if line.bound == Bound::Exact {
///                 exact_depths.push(line.depth);
///             }
///         }
///     },
/// );
/// assert_eq!(exact_depths, [1, 2, 3, 4]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this one (the search failed low: no move
    /// reached alpha).
    Upper = 1,
    /// The true score is at least this one (the search failed high: a move
    /// reached beta).
    Lower = 2,
    /// The score is exact (a principal variation).
    Exact = 3,
}

impl Bound {
    /// What a node's best score says, given the window it was searched with.
    #[inline]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// The score for the side to move when it is mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The score for the side to move when it mates `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Whether a score announces a mate for either side.
#[inline]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// A score as reported to a user: centipawns, or mate in moves (positive
/// when the side to move mates, negative when it is mated).
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_search::{Limits, Score, SearchControl, SearchJob, SearchPool};
///
/// let score_of = |fen: &str| {
///     let job = SearchJob::new(parse_fen(fen).unwrap(), Limits::depth(4));
///     SearchPool::default()
///         .search(job, &SearchControl::new(), &mut |_| {})
///         .score
/// };
/// // Black must play Kg8, and Ra8 mates: mated in one move.
/// assert_eq!(score_of("7k/8/6K1/8/8/8/8/R7 b - - 0 1"), Score::Mate(-1));
/// // A quiet position gets centipawns.
/// assert!(matches!(
///     score_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
///     Score::Centipawns(cp) if cp.abs() < 100
/// ));
/// assert_eq!(Score::default(), Score::Centipawns(0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's point of view.
    Centipawns(i32),
    /// Mate in this many moves (full moves, not plies); negative if the side to move is mated.
    Mate(i32),
}

impl Default for Score {
    /// A level score: 0 centipawns.
    fn default() -> Score {
        Score::Centipawns(0)
    }
}

impl std::fmt::Display for Score {
    /// The score as people read it, from the side to move's view: pawns
    /// with two decimals and a sign (`+0.35`, `-1.20`, `0.00`), or a mate
    /// (`#3` to mate in three, `#-2` to be mated in two).
    ///
    /// ```
    /// use outpost_search::Score;
    ///
    /// assert_eq!(Score::Centipawns(35).to_string(), "+0.35");
    /// assert_eq!(Score::Centipawns(-120).to_string(), "-1.20");
    /// assert_eq!(Score::Centipawns(0).to_string(), "0.00");
    /// assert_eq!(Score::Mate(3).to_string(), "#3");
    /// assert_eq!(Score::Mate(-2).to_string(), "#-2");
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Score::Centipawns(0) => f.write_str("0.00"),
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

impl Score {
    /// Chances of a win, a draw and a loss for the side to move, per mille
    /// (summing to 1000), as UCI's `wdl` field gives them: certain for a
    /// mate or a table win or loss; otherwise a model with a win chance of
    /// `1 / (1 + e^((160 - cp) / 145))` and the loss chance its mirror,
    /// chosen so that the expected score follows the curve the network was
    /// trained on (`1 / (1 + e^(-cp / 180))`, within 1 %) with half the
    /// games at a level score drawn.
    ///
    /// ```
    /// use outpost_search::Score;
    ///
    /// assert_eq!(Score::Mate(3).win_draw_loss(), [1000, 0, 0]);
    /// let [w, d, l] = Score::Centipawns(0).win_draw_loss();
    /// assert_eq!((w, l), (l, w));
    /// assert_eq!(w + d + l, 1000);
    /// let [w, _, l] = Score::Centipawns(150).win_draw_loss();
    /// assert!(w > l);
    /// ```
    pub fn win_draw_loss(self) -> [u32; 3] {
        let cp = match self {
            Score::Mate(n) if n > 0 => return [1000, 0, 0],
            Score::Mate(_) => return [0, 0, 1000],
            Score::Centipawns(cp) if cp >= TB_BOUND => return [1000, 0, 0],
            Score::Centipawns(cp) if cp <= -TB_BOUND => return [0, 0, 1000],
            Score::Centipawns(cp) => f64::from(cp),
        };
        let chance = |x: f64| 1000.0 / (1.0 + ((160.0 - x) / 145.0).exp());
        let win = chance(cp).round() as u32;
        let loss = chance(-cp).round() as u32;
        let win = win.min(1000);
        let loss = loss.min(1000 - win);
        [win, 1000 - win - loss, loss]
    }

    /// Converts an internal score.
    ///
    /// ```
    /// use outpost_search::{Score, MATE};
    ///
    /// assert_eq!(Score::from_internal(35), Score::Centipawns(35));
    /// // Mate on the third ply from the root: the second move.
    /// assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
    /// // Mated on the second ply: after one move.
    /// assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
    /// ```
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Centipawns(score)
        }
    }
}

/// Converts a score from "distance from the root" to "distance from this
/// node" for storing in the transposition table.
#[inline]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    // Mates and table wins both count their distance from the root.
    if score >= TB_BOUND {
        score + ply as i32
    } else if score <= -TB_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`]: a stored score seen from `ply` plies deep.
#[inline]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score - ply as i32
    } else if score <= -TB_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores() {
        assert_eq!(Score::from_internal(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_internal(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_internal(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_internal(35), Score::Centipawns(35));
        assert_eq!(from_tt(to_tt(mate_in(7), 3), 3), mate_in(7));
        assert_eq!(from_tt(to_tt(mated_in(7), 5), 5), mated_in(7));
    }
}
