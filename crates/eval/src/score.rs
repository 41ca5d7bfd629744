//! A middlegame and an endgame value packed into one integer.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A pair of centipawn values, one for the middlegame and one for the
/// endgame, packed into one `i32` so that a sum of pairs costs one addition.
///
/// Each half must stay within `i16` range; every weight and every sum the
/// evaluation forms does by a wide margin.
///
/// ```
/// use outpost_eval::{TaperedScore, S};
///
/// // Two rooks on open files, less a doubled pawn.
/// let open_file = S(20, 8);
/// let doubled = TaperedScore::new(-6, -11);
/// let total = open_file * 2 + doubled;
/// assert_eq!((total.mg(), total.eg()), (34, 5));
/// assert_eq!(-total, S(-34, -5));
/// assert_eq!(
///     [open_file, doubled].into_iter().sum::<TaperedScore>(),
///     S(14, -3)
/// );
/// assert_eq!(total.to_string(), "34/5");
/// assert_eq!(format!("{total:?}"), "S(34, 5)");
/// assert_eq!(TaperedScore::default(), TaperedScore::ZERO);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TaperedScore(i32);

/// Shorthand for [`TaperedScore::new`]: `S(mg, eg)`.
///
/// ```
/// use outpost_eval::{TaperedScore, S};
///
/// assert_eq!(S(12, -5), TaperedScore::new(12, -5));
/// assert_eq!(S(12, -5).eg(), -5);
/// ```
#[allow(non_snake_case)]
#[inline]
pub const fn S(mg: i32, eg: i32) -> TaperedScore {
    TaperedScore::new(mg, eg)
}

impl TaperedScore {
    /// Zero in both phases.
    pub const ZERO: TaperedScore = TaperedScore(0);

    /// The pair `(mg, eg)`.
    #[inline]
    pub const fn new(mg: i32, eg: i32) -> TaperedScore {
        TaperedScore((eg << 16).wrapping_add(mg))
    }

    /// The middlegame value.
    #[inline]
    pub const fn mg(self) -> i32 {
        self.0 as i16 as i32
    }

    /// The endgame value.
    #[inline]
    pub const fn eg(self) -> i32 {
        (self.0.wrapping_add(0x8000) >> 16) as i16 as i32
    }
}

impl Add for TaperedScore {
    type Output = TaperedScore;
    #[inline]
    fn add(self, rhs: TaperedScore) -> TaperedScore {
        TaperedScore(self.0.wrapping_add(rhs.0))
    }
}

impl Sub for TaperedScore {
    type Output = TaperedScore;
    #[inline]
    fn sub(self, rhs: TaperedScore) -> TaperedScore {
        TaperedScore(self.0.wrapping_sub(rhs.0))
    }
}

impl Neg for TaperedScore {
    type Output = TaperedScore;
    #[inline]
    fn neg(self) -> TaperedScore {
        TaperedScore(self.0.wrapping_neg())
    }
}

impl Mul<i32> for TaperedScore {
    type Output = TaperedScore;
    #[inline]
    fn mul(self, rhs: i32) -> TaperedScore {
        TaperedScore(self.0.wrapping_mul(rhs))
    }
}

impl AddAssign for TaperedScore {
    #[inline]
    fn add_assign(&mut self, rhs: TaperedScore) {
        *self = *self + rhs;
    }
}

impl SubAssign for TaperedScore {
    #[inline]
    fn sub_assign(&mut self, rhs: TaperedScore) {
        *self = *self - rhs;
    }
}

impl Sum for TaperedScore {
    fn sum<I: Iterator<Item = TaperedScore>>(iter: I) -> TaperedScore {
        iter.fold(TaperedScore::ZERO, Add::add)
    }
}

impl fmt::Debug for TaperedScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "S({}, {})", self.mg(), self.eg())
    }
}

impl fmt::Display for TaperedScore {
    /// `mg/eg` in centipawns, for example `12/-5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.mg(), self.eg())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips_and_adds() {
        for mg in [-30_000, -129, -1, 0, 1, 255, 30_000] {
            for eg in [-30_000, -256, -1, 0, 1, 128, 30_000] {
                let s = S(mg, eg);
                assert_eq!((s.mg(), s.eg()), (mg, eg));
                assert_eq!(-s, S(-mg, -eg));
            }
        }
        let a = S(-7, 12) + S(3, -20) - S(1, 1);
        assert_eq!(a, S(-5, -9));
        assert_eq!(S(-3, 5) * -4, S(12, -20));
        assert_eq!(
            [S(1, 2), S(3, -4)].into_iter().sum::<TaperedScore>(),
            S(4, -2)
        );
        assert_eq!(format!("{:?} {}", S(1, -2), S(1, -2)), "S(1, -2) 1/-2");
    }
}
