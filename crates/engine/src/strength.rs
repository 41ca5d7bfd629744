//! Strength levels for people: `UCI_LimitStrength` with `UCI_Elo`, and
//! `Skill Level`, turned into a weaker way of playing.
//!
//! A weakened engine plays the way a weaker player does rather than the way
//! a broken program does: it looks less far (a depth and node cap that grow
//! with the level), it considers a few candidate moves (MultiPV), and it
//! sometimes prefers a candidate that is a little worse than the best one —
//! more often, and by more, the lower the level. A move that loses more than
//! the level's tolerance is never chosen on purpose, so mistakes are the
//! plausible kind a shallow look does not refute; a mate it sees is always
//! played. It also takes a moment over each move in a timed game, so that a
//! low level does not answer instantly.
//!
//! The numbers in [`ANCHORS`] were calibrated against Stockfish 15.1 at the
//! same `UCI_Elo` (see `docs/strength.md`); levels between anchors are
//! interpolated.

use outpost_search::{Limits, PvLine, Score};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// The lowest `UCI_Elo`.
pub const MIN_ELO: i64 = 1000;
/// The highest `UCI_Elo`: the engine's full strength (at this setting the
/// engine plays unweakened).
pub const MAX_ELO: i64 = 2300;
/// The highest `Skill Level` (full strength).
pub const MAX_SKILL: i64 = 20;

/// The strength options as set: whether to limit strength, the Elo to aim
/// at, and the skill level. The default is full strength.
///
/// ```
/// use outpost_engine::{Engine, Game, SearchRequest, Strength, MIN_ELO};
/// use outpost_search::Limits;
///
/// assert_eq!(Strength::default(), Strength::full());
/// assert_eq!(Strength::full().target_elo(), None);
/// assert_eq!(Strength::elo(1500).target_elo(), Some(1500));
/// // Out of range: clamped.
/// assert_eq!(Strength::elo(100).elo, MIN_ELO as u32);
/// // `Skill Level` 10 of 20, without `UCI_LimitStrength`: halfway from 1000 to 2300.
/// assert_eq!(Strength { skill: 10, ..Strength::full() }.target_elo(), Some(1650));
///
/// // A search at 1000 Elo looks at most as deep as the level allows.
/// let weakness = Strength::elo(1000).weakness().unwrap();
/// let mut engine = Engine::new(Default::default()).unwrap();
/// let game = Game::new();
/// let request = SearchRequest::for_game(&game, Limits::depth(4)).at_strength(Strength::elo(1000));
/// let result = engine.search(request);
/// assert!(game.position().is_legal(result.best_move));
/// assert!(result.depth <= weakness.depth);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// `UCI_LimitStrength`: play at [`Strength::elo`].
    pub limit: bool,
    /// `UCI_Elo`, from [`MIN_ELO`] to [`MAX_ELO`].
    pub elo: u32,
    /// `Skill Level`, from 0 to [`MAX_SKILL`]; below the maximum it weakens
    /// the engine even without `UCI_LimitStrength`.
    pub skill: u32,
}

impl Default for Strength {
    /// Full strength.
    fn default() -> Strength {
        Strength {
            limit: false,
            elo: MAX_ELO as u32,
            skill: MAX_SKILL as u32,
        }
    }
}

impl Strength {
    /// Full strength.
    pub fn full() -> Strength {
        Strength::default()
    }

    /// Strength limited to `elo` (clamped to the supported range).
    pub fn elo(elo: u32) -> Strength {
        Strength {
            limit: true,
            elo: elo.clamp(MIN_ELO as u32, MAX_ELO as u32),
            ..Strength::default()
        }
    }

    /// The Elo the engine aims at, or `None` at full strength.
    /// `UCI_LimitStrength` takes precedence over `Skill Level`, which maps
    /// its 0–19 evenly onto the Elo range.
    pub fn target_elo(&self) -> Option<u32> {
        if self.limit {
            return (i64::from(self.elo) < MAX_ELO).then_some(self.elo.max(MIN_ELO as u32));
        }
        let skill = i64::from(self.skill);
        (skill < MAX_SKILL).then(|| (MIN_ELO + skill * (MAX_ELO - MIN_ELO) / MAX_SKILL) as u32)
    }

    /// How to play at this strength, or `None` at full strength.
    pub fn weakness(&self) -> Option<Weakness> {
        self.target_elo().map(Weakness::for_elo)
    }
}

/// One calibration point: how the engine plays at `elo`.
///
/// ```
/// use outpost_engine::{Weakness, ANCHORS, MAX_ELO, MIN_ELO};
/// use std::time::Duration;
///
/// assert_eq!(ANCHORS[0].elo, MIN_ELO as u32);
/// assert_eq!(ANCHORS[ANCHORS.len() - 1].elo, MAX_ELO as u32);
/// // At an anchor's own Elo, the engine plays exactly as the anchor says.
/// let anchor = ANCHORS[1];
/// let weakness = Weakness::for_elo(anchor.elo);
/// assert_eq!(weakness.depth, anchor.depth);
/// assert_eq!(weakness.nodes, anchor.nodes);
/// assert_eq!(weakness.candidates, anchor.candidates);
/// assert_eq!(weakness.max_loss_cp, anchor.max_loss_cp);
/// assert_eq!(weakness.min_think, Duration::from_millis(anchor.min_think_ms));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Anchor {
    /// The level.
    pub elo: u32,
    /// Deepest iteration.
    pub depth: i32,
    /// Most nodes per move.
    pub nodes: u64,
    /// Candidate moves considered (MultiPV).
    pub candidates: usize,
    /// How readily a worse candidate is chosen: the loss in centipawns at
    /// which a candidate's weight falls to 1/e of the best move's.
    pub temperature_cp: f64,
    /// The largest loss, in centipawns, ever chosen on purpose.
    pub max_loss_cp: i32,
    /// The least time spent on a move in a timed game, in milliseconds.
    pub min_think_ms: u64,
}

/// The calibration points, lowest first; see `docs/strength.md`.
pub const ANCHORS: &[Anchor] = &[
    Anchor {
        elo: 1000,
        depth: 3,
        nodes: 20_000,
        candidates: 6,
        temperature_cp: 140.0,
        max_loss_cp: 400,
        min_think_ms: 400,
    },
    Anchor {
        elo: 1400,
        depth: 5,
        nodes: 100_000,
        candidates: 5,
        temperature_cp: 45.0,
        max_loss_cp: 150,
        min_think_ms: 350,
    },
    Anchor {
        elo: 1800,
        depth: 7,
        nodes: 300_000,
        candidates: 4,
        temperature_cp: 14.0,
        max_loss_cp: 56,
        min_think_ms: 300,
    },
    Anchor {
        elo: 2000,
        depth: 9,
        nodes: 600_000,
        candidates: 3,
        temperature_cp: 11.0,
        max_loss_cp: 45,
        min_think_ms: 250,
    },
    Anchor {
        elo: 2200,
        depth: 20,
        nodes: 4_000_000,
        candidates: 2,
        temperature_cp: 2.0,
        max_loss_cp: 8,
        min_think_ms: 200,
    },
    Anchor {
        elo: MAX_ELO as u32,
        depth: 24,
        nodes: 6_000_000,
        candidates: 2,
        temperature_cp: 1.0,
        max_loss_cp: 4,
        min_think_ms: 150,
    },
];

/// How a weakened engine plays one move: the caps on its search, its
/// candidates and its choice among them.
///
/// ```
/// use outpost_board::Position;
/// use outpost_engine::Weakness;
/// use outpost_search::{Limits, PvLine, Score};
/// use rand_chacha::rand_core::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use std::time::Duration;
///
/// let weakness = Weakness::for_elo(1400);
/// // The level's caps are tighter than a depth of 30.
/// let capped = weakness.limits(&Limits::depth(30));
/// assert_eq!(capped.depth, Some(weakness.depth));
/// assert_eq!(capped.nodes, Some(weakness.nodes));
/// // With 100 ms a move it takes half of that, at least.
/// let quick = Limits::movetime(Duration::from_millis(100));
/// assert_eq!(weakness.think_time(&quick), Duration::from_millis(50));
///
/// // A candidate 5 pawns worse than the best is never chosen.
/// let moves = Position::startpos().legal_moves();
/// let lines = [
///     PvLine { score: Score::Centipawns(30), pv: vec![moves[0]] },
///     PvLine { score: Score::Centipawns(-470), pv: vec![moves[1]] },
/// ];
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// assert!((0..100).all(|_| weakness.choose(&lines, &mut rng) == 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weakness {
    /// The Elo aimed at.
    pub elo: u32,
    /// Deepest iteration.
    pub depth: i32,
    /// Most nodes per move.
    pub nodes: u64,
    /// Candidate moves considered (MultiPV).
    pub candidates: usize,
    /// Softness of the choice among candidates, in centipawns.
    pub temperature_cp: f64,
    /// The largest loss ever chosen on purpose, in centipawns.
    pub max_loss_cp: i32,
    /// The least time spent on a move in a timed game.
    pub min_think: Duration,
}

impl Weakness {
    /// The way of playing at `elo`, interpolated between the [`ANCHORS`]
    /// (the node cap geometrically, the rest linearly).
    pub fn for_elo(elo: u32) -> Weakness {
        let elo = elo.clamp(MIN_ELO as u32, MAX_ELO as u32);
        let upper = ANCHORS
            .iter()
            .position(|a| a.elo >= elo)
            .unwrap_or(ANCHORS.len() - 1);
        let lower = upper.saturating_sub(1);
        let (a, b) = (ANCHORS[lower], ANCHORS[upper]);
        let t = if b.elo > a.elo {
            f64::from(elo - a.elo.min(elo)) / f64::from(b.elo - a.elo)
        } else {
            0.0
        };
        let lerp = |x: f64, y: f64| x + (y - x) * t;
        let nodes = (a.nodes as f64).ln() + ((b.nodes as f64).ln() - (a.nodes as f64).ln()) * t;
        Weakness {
            elo,
            depth: lerp(f64::from(a.depth), f64::from(b.depth)).round() as i32,
            nodes: nodes.exp().round() as u64,
            candidates: lerp(a.candidates as f64, b.candidates as f64).round() as usize,
            temperature_cp: lerp(a.temperature_cp, b.temperature_cp),
            max_loss_cp: lerp(f64::from(a.max_loss_cp), f64::from(b.max_loss_cp)).round() as i32,
            min_think: Duration::from_millis(
                lerp(a.min_think_ms as f64, b.min_think_ms as f64).round() as u64,
            ),
        }
    }

    /// `limits` with this level's depth and node caps (the tighter of the
    /// two where both are set).
    pub fn limits(&self, limits: &Limits) -> Limits {
        let mut capped = limits.clone();
        capped.depth = Some(limits.depth.map_or(self.depth, |d| d.min(self.depth)));
        capped.nodes = Some(limits.nodes.map_or(self.nodes, |n| n.min(self.nodes)));
        capped
    }

    /// The least time to spend on a move under `limits`: the level's
    /// thinking time in a timed game (never more than a small share of the
    /// clock or the fixed move time), nothing in a depth- or node-limited
    /// search or an analysis.
    pub fn think_time(&self, limits: &Limits) -> Duration {
        if limits.infinite || limits.ponder {
            return Duration::ZERO;
        }
        if let Some(movetime) = limits.movetime {
            return self.min_think.min(movetime / 2);
        }
        if let Some(clock) = limits.clock {
            let moves = clock.moves_to_go.unwrap_or(40).max(1);
            let share = clock.time / (2 * moves) + clock.increment / 2;
            return self.min_think.min(share);
        }
        Duration::ZERO
    }

    /// Which of `lines` (best first) to play: the best one, or now and then
    /// a slightly worse one, never one losing more than the level's
    /// tolerance. With no lines, 0.
    pub fn choose(&self, lines: &[PvLine], rng: &mut impl RngCore) -> usize {
        let Some(best) = lines.first() else {
            return 0;
        };
        let best = comparable(best.score);
        let temperature = self.temperature_cp.max(0.1);
        let weights: Vec<f64> = lines
            .iter()
            .map(|line| {
                let loss = best.saturating_sub(comparable(line.score)).max(0);
                if loss > self.max_loss_cp || line.pv.is_empty() {
                    0.0
                } else {
                    (-f64::from(loss) / temperature).exp()
                }
            })
            .collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return 0;
        }
        let mut pick = unit(rng) * total;
        for (index, weight) in weights.iter().enumerate() {
            if pick < *weight {
                return index;
            }
            pick -= weight;
        }
        0
    }
}

/// A score as a number to compare: centipawns, or a mate as far beyond any
/// centipawn score as it is close.
fn comparable(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
    }
}

/// A uniform number in `0..1`.
fn unit(rng: &mut impl RngCore) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// The random source of a weakened search: seeded from the position and the
/// number of searches before, so a session replays the same way.
pub(crate) fn rng_for(position_key: u64, searches: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(position_key ^ searches.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Move;

    fn line(cp: i32) -> PvLine {
        PvLine {
            score: Score::Centipawns(cp),
            pv: vec![Move::NULL],
        }
    }

    #[test]
    fn full_strength_is_not_weakened() {
        assert_eq!(Strength::default().weakness(), None);
        assert_eq!(Strength::elo(MAX_ELO as u32).weakness(), None);
        assert_eq!(Strength::elo(1500).target_elo(), Some(1500));
        let skill = Strength {
            skill: 0,
            ..Strength::default()
        };
        assert_eq!(skill.target_elo(), Some(MIN_ELO as u32));
        // LimitStrength wins over Skill Level.
        let both = Strength {
            skill: 0,
            ..Strength::elo(2000)
        };
        assert_eq!(both.target_elo(), Some(2000));
    }

    #[test]
    fn anchors_grow_stronger() {
        for pair in ANCHORS.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(a.elo < b.elo);
            assert!(a.depth <= b.depth && a.nodes <= b.nodes);
            assert!(a.temperature_cp >= b.temperature_cp && a.max_loss_cp >= b.max_loss_cp);
        }
        assert_eq!(ANCHORS[0].elo, MIN_ELO as u32);
        assert_eq!(ANCHORS[ANCHORS.len() - 1].elo, MAX_ELO as u32);
        let mut last = Weakness::for_elo(MIN_ELO as u32);
        for elo in (MIN_ELO as u32..=MAX_ELO as u32).step_by(50) {
            let w = Weakness::for_elo(elo);
            assert!(w.nodes >= last.nodes && w.depth >= last.depth, "{elo}");
            assert!(w.temperature_cp <= last.temperature_cp, "{elo}");
            last = w;
        }
        assert_eq!(Weakness::for_elo(1400).nodes, 100_000);
        assert_eq!(Weakness::for_elo(2000).depth, 9);
        assert_eq!(Weakness::for_elo(1800).depth, 7);
    }

    #[test]
    fn caps_the_limits() {
        let w = Weakness::for_elo(1400);
        let capped = w.limits(&Limits::depth(30));
        assert_eq!(capped.depth, Some(w.depth));
        assert_eq!(capped.nodes, Some(w.nodes));
        assert_eq!(w.limits(&Limits::nodes(10)).nodes, Some(10));
        assert_eq!(w.think_time(&Limits::depth(5)), Duration::ZERO);
        let quick = Limits::movetime(Duration::from_millis(100));
        assert_eq!(w.think_time(&quick), Duration::from_millis(50));
    }

    #[test]
    fn mistakes_are_plausible_and_rarer_when_stronger() {
        let lines = [line(50), line(40), line(0), line(-400)];
        let counts = |elo: u32| {
            let w = Weakness::for_elo(elo);
            let mut rng = rng_for(1, 2);
            let mut seen = [0usize; 4];
            for _ in 0..2000 {
                seen[w.choose(&lines, &mut rng)] += 1;
            }
            seen
        };
        let weak = counts(1000);
        let strong = counts(2200);
        // A 450 cp loss is beyond every tolerance but the lowest level's.
        assert_eq!(strong[3], 0);
        assert_eq!(counts(1800)[3], 0);
        assert!(weak[1] > 0 && weak[2] > 0);
        assert!(strong[0] > weak[0]);
        assert!(strong[0] > 1500, "{strong:?}");
        // A mate found is always played.
        let mate = [
            PvLine {
                score: Score::Mate(2),
                pv: vec![Move::NULL],
            },
            line(900),
        ];
        let w = Weakness::for_elo(1000);
        let mut rng = rng_for(3, 4);
        assert!((0..200).all(|_| w.choose(&mate, &mut rng) == 0));
    }
}
