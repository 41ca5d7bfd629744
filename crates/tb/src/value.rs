//! Game-theoretic values: win/draw/loss and depth to mate.

use std::cmp::Ordering;
use std::fmt;

/// Win, draw or loss for the side to move, with best play by both sides
/// and no fifty-move rule.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::{Tablebases, Wdl};
///
/// assert_eq!(Wdl::Win.negate(), Wdl::Loss);
/// assert_eq!(Wdl::Draw.to_string(), "draw");
/// assert!(Wdl::Win > Wdl::Draw && Wdl::Draw > Wdl::Loss); // better is greater
///
/// // Black to move, a queen against its bare king: lost. With the queen en
/// // prise, it takes it: drawn.
/// let tb = Tablebases::in_memory();
/// let lost = parse_fen("8/8/8/8/8/2k5/8/K1Q5 b - - 0 1").unwrap();
/// assert_eq!(tb.probe_wdl(&lost).unwrap(), Wdl::Loss);
/// let hanging = parse_fen("8/8/8/8/8/8/1kQ5/7K b - - 0 1").unwrap();
/// assert_eq!(tb.probe_wdl(&hanging).unwrap(), Wdl::Draw);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move is mated with best play.
    Loss,
    /// Neither side can force mate.
    Draw,
    /// The side to move mates with best play.
    Win,
}

impl Wdl {
    /// The value from the other side's view.
    pub const fn negate(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The word the command line prints: `win`, `draw` or `loss`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Depth to mate from the side to move's view, counted in plies (half-moves)
/// with best play: the winner mates as fast as it can, the loser resists as
/// long as it can. Captures and promotions on the way count like any move;
/// the fifty-move rule is ignored (see [`Dtm::within_fifty_move_rule`]).
///
/// A win is always an odd number of plies (the winner makes the last move),
/// a loss an even number (0: checkmated now). [`Dtm::moves`] gives the count
/// in moves, as "mate in N" is said.
///
/// ```
/// use outpost_tb::{Dtm, Wdl};
///
/// let win = Dtm::Win(19); // the longest win with king and queen
/// assert_eq!(win.moves(), Some(10)); // mate in 10
/// assert_eq!(win.wdl(), Wdl::Win);
/// assert_eq!(win.to_string(), "win in 10 moves (19 plies)");
/// // Seen from the side that moved into it, a loss in 0 plies (checkmate)
/// // is a win in 1.
/// assert_eq!(Dtm::Loss(0).parent(), Dtm::Win(1));
/// assert_eq!(Dtm::Draw.plies(), None);
/// // Better for the side to move is greater: quick wins, then draws, then slow losses.
/// assert!(Dtm::Win(1) > Dtm::Win(19) && Dtm::Win(19) > Dtm::Draw);
/// assert!(Dtm::Draw > Dtm::Loss(20) && Dtm::Loss(20) > Dtm::Loss(0));
/// // 19 plies still fit in the 100 the fifty-move rule allows after 81.
/// assert!(win.within_fifty_move_rule(81) && !win.within_fifty_move_rule(82));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dtm {
    /// The side to move mates in this many plies (1 = mate in one).
    Win(u16),
    /// Neither side can force mate.
    Draw,
    /// The side to move is mated in this many plies (0 = checkmated).
    Loss(u16),
}

impl Dtm {
    /// The win/draw/loss part.
    pub const fn wdl(self) -> Wdl {
        match self {
            Dtm::Win(_) => Wdl::Win,
            Dtm::Draw => Wdl::Draw,
            Dtm::Loss(_) => Wdl::Loss,
        }
    }

    /// The distance in plies, if either side mates.
    pub const fn plies(self) -> Option<u16> {
        match self {
            Dtm::Win(p) | Dtm::Loss(p) => Some(p),
            Dtm::Draw => None,
        }
    }

    /// The distance in moves, if either side mates: a win in `p` plies is
    /// mate in `(p + 1) / 2` moves; a loss in `p` plies is being mated on
    /// the opponent's `p / 2`-th move (0: checkmated now).
    pub const fn moves(self) -> Option<u16> {
        match self {
            Dtm::Win(p) => Some(p.div_ceil(2)),
            Dtm::Loss(p) => Some(p / 2),
            Dtm::Draw => None,
        }
    }

    /// The value of the position before the move that led here, from the
    /// view of the side that made it.
    pub const fn parent(self) -> Dtm {
        match self {
            Dtm::Win(p) => Dtm::Loss(p + 1),
            Dtm::Draw => Dtm::Draw,
            Dtm::Loss(p) => Dtm::Win(p + 1),
        }
    }

    /// Whether the mate (won or lost) is reached before the fifty-move rule
    /// can end the game, counting from `halfmove_clock` with no capture or
    /// pawn move on the way: `plies <= 100 - halfmove_clock`. The table's
    /// line may well reset the count with a capture or pawn move, so `false`
    /// means "not guaranteed", not "drawn". Always `true` for a draw.
    pub fn within_fifty_move_rule(self, halfmove_clock: u32) -> bool {
        match self.plies() {
            Some(p) => u32::from(p) + halfmove_clock.min(100) <= 100,
            None => true,
        }
    }

    /// Orders values by preference of the side to move: faster wins first,
    /// then draws, then slower losses.
    fn rank(self) -> i32 {
        match self {
            Dtm::Win(p) => 100_000 - i32::from(p),
            Dtm::Draw => 0,
            Dtm::Loss(p) => -100_000 + i32::from(p),
        }
    }

    /// Encodes into a table byte: 0 draw, `1 + plies` for a win or loss
    /// (parity tells which), [`Dtm::INVALID_BYTE`] for a slot without a position.
    pub(crate) fn to_byte(self) -> u8 {
        match self {
            Dtm::Draw => 0,
            Dtm::Win(p) | Dtm::Loss(p) => (p + 1).min(254) as u8,
        }
    }

    /// Decodes a table byte (see [`Dtm::to_byte`]); `None` for the invalid mark.
    #[inline]
    pub(crate) fn from_byte(byte: u8) -> Option<Dtm> {
        match byte {
            0 => Some(Dtm::Draw),
            Dtm::INVALID_BYTE => None,
            b => {
                let plies = u16::from(b - 1);
                Some(if plies % 2 == 1 {
                    Dtm::Win(plies)
                } else {
                    Dtm::Loss(plies)
                })
            }
        }
    }

    /// The byte marking a table slot that holds no legal canonical position.
    pub(crate) const INVALID_BYTE: u8 = 255;

    /// The longest distance a byte can hold.
    pub(crate) const MAX_PLIES: u16 = 253;
}

impl PartialOrd for Dtm {
    fn partial_cmp(&self, other: &Dtm) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dtm {
    /// Better for the side to move is greater: `Win(1) > Win(3) > Draw >
    /// Loss(4) > Loss(2)`.
    fn cmp(&self, other: &Dtm) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl fmt::Display for Dtm {
    /// `win in 10 moves (19 plies)`, `draw`, `loss in 3 moves (6 plies)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.moves(), self.plies()) {
            (Some(m), Some(p)) => write!(f, "{} in {m} moves ({p} plies)", self.wdl()),
            _ => f.write_str("draw"),
        }
    }
}

/// Encodes a WDL value into two bits: 0 draw, 1 win, 2 loss, 3 no position.
pub(crate) const fn wdl_bits(dtm: Option<Dtm>) -> u8 {
    match dtm {
        Some(Dtm::Draw) => 0,
        Some(Dtm::Win(_)) => 1,
        Some(Dtm::Loss(_)) => 2,
        None => 3,
    }
}

/// Decodes two WDL bits (see [`wdl_bits`]).
#[inline]
pub(crate) const fn wdl_from_bits(bits: u8) -> Option<Wdl> {
    match bits & 3 {
        0 => Some(Wdl::Draw),
        1 => Some(Wdl::Win),
        2 => Some(Wdl::Loss),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip() {
        for dtm in [
            Dtm::Draw,
            Dtm::Loss(0),
            Dtm::Win(1),
            Dtm::Loss(70),
            Dtm::Win(253),
        ] {
            assert_eq!(Dtm::from_byte(dtm.to_byte()), Some(dtm));
        }
        assert_eq!(Dtm::from_byte(Dtm::INVALID_BYTE), None);
    }

    #[test]
    fn order_and_moves() {
        assert!(Dtm::Win(1) > Dtm::Win(3));
        assert!(Dtm::Win(99) > Dtm::Draw);
        assert!(Dtm::Draw > Dtm::Loss(100));
        assert!(Dtm::Loss(4) > Dtm::Loss(2));
        assert_eq!(Dtm::Win(19).moves(), Some(10));
        assert_eq!(Dtm::Loss(18).moves(), Some(9));
        assert_eq!(Dtm::Loss(0).parent(), Dtm::Win(1));
        assert!(Dtm::Win(19).within_fifty_move_rule(81));
        assert!(!Dtm::Win(19).within_fifty_move_rule(82));
    }

    #[test]
    fn wdl_bits_round_trip() {
        for dtm in [Dtm::Draw, Dtm::Win(5), Dtm::Loss(2)] {
            assert_eq!(wdl_from_bits(wdl_bits(Some(dtm))), Some(dtm.wdl()));
        }
        assert_eq!(wdl_from_bits(wdl_bits(None)), None);
    }
}
