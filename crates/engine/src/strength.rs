//! Strength levels for people: `UCI_LimitStrength` with `UCI_Elo`, and
//! `Skill Level`, turned into a weaker way of playing.
//!
//! A weakened engine plays the way a weaker player does rather than the way
//! a broken program does: it looks less far (a depth and node cap that grow
//! with the level), it considers a few candidate moves (MultiPV), and it
//! sometimes prefers a candidate that is a little worse than the best one —
//! more often, and by more, the lower the level. A move that loses more than
//! the level's tolerance is never chosen on purpose, so mistakes are the
//! plausible kind a shallow look does not refute; a mate it sees is
//! played, except that a beginner (below 1000) hangs pieces and now and
//! then does not see a mate for what it is. It also takes a moment over
//! each move in a timed game, so that a low level does not answer
//! instantly.
//!
//! The numbers in [`ANCHORS`] are set against Stockfish 15.1 at the same
//! `UCI_Elo` (see `docs/strength.md` for which settings are measured);
//! levels between anchors are interpolated. Up to 2200 the levels play with
//! the handcrafted evaluation, above it with the engine's own.

use outpost_search::{Limits, PvLine, Score};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// The lowest `UCI_Elo`: a beginner, who hangs pieces and now and then
/// misses a mate in one.
pub const MIN_ELO: i64 = 600;
/// The highest `UCI_Elo`: the engine's full strength with its default
/// evaluation (at this setting the engine plays unweakened), about
/// Stockfish 15.1's `UCI_Elo` 2600 at 10+0.1 (`docs/strength.md`).
pub const MAX_ELO: i64 = 2600;
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
/// // `Skill Level` 10 of 20, without `UCI_LimitStrength`: halfway from 600 to 2600.
/// assert_eq!(Strength { skill: 10, ..Strength::full() }.target_elo(), Some(1600));
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
    /// The chance, from 0 to 1, that a mate the search found is not seen
    /// as one when choosing (a beginner's blind spot).
    pub mate_blindness: f64,
    /// Whether this level searches with the engine's own evaluation (the
    /// network by default) rather than the handcrafted one.
    pub network: bool,
}

/// The calibration points, lowest first; see `docs/strength.md`. Levels
/// up to 2200 play with the handcrafted evaluation, the ones above with
/// the engine's own (the network by default).
pub const ANCHORS: &[Anchor] = &[
    Anchor {
        elo: 600,
        depth: 2,
        nodes: 5_000,
        candidates: 8,
        temperature_cp: 300.0,
        max_loss_cp: 900,
        min_think_ms: 500,
        mate_blindness: 0.5,
        network: false,
    },
    Anchor {
        elo: 800,
        depth: 3,
        nodes: 10_000,
        candidates: 7,
        temperature_cp: 200.0,
        max_loss_cp: 600,
        min_think_ms: 450,
        mate_blindness: 0.25,
        network: false,
    },
    Anchor {
        elo: 1000,
        depth: 3,
        nodes: 20_000,
        candidates: 6,
        temperature_cp: 140.0,
        max_loss_cp: 400,
        min_think_ms: 400,
        mate_blindness: 0.0,
        network: false,
    },
    Anchor {
        elo: 1400,
        depth: 5,
        nodes: 100_000,
        candidates: 5,
        temperature_cp: 50.0,
        max_loss_cp: 160,
        min_think_ms: 350,
        mate_blindness: 0.0,
        network: false,
    },
    Anchor {
        elo: 1800,
        depth: 7,
        nodes: 300_000,
        candidates: 4,
        temperature_cp: 14.0,
        max_loss_cp: 56,
        min_think_ms: 300,
        mate_blindness: 0.0,
        network: false,
    },
    Anchor {
        elo: 2000,
        depth: 10,
        nodes: 1_000_000,
        candidates: 3,
        temperature_cp: 10.0,
        max_loss_cp: 40,
        min_think_ms: 250,
        mate_blindness: 0.0,
        network: false,
    },
    Anchor {
        elo: 2200,
        depth: 20,
        nodes: 4_000_000,
        candidates: 2,
        temperature_cp: 2.0,
        max_loss_cp: 8,
        min_think_ms: 200,
        mate_blindness: 0.0,
        network: false,
    },
    Anchor {
        elo: 2300,
        depth: 64,
        nodes: 90_000,
        candidates: 2,
        temperature_cp: 2.0,
        max_loss_cp: 8,
        min_think_ms: 200,
        mate_blindness: 0.0,
        network: true,
    },
    Anchor {
        elo: 2400,
        depth: 64,
        nodes: 200_000,
        candidates: 2,
        temperature_cp: 1.0,
        max_loss_cp: 4,
        min_think_ms: 175,
        mate_blindness: 0.0,
        network: true,
    },
    Anchor {
        elo: 2500,
        depth: 64,
        nodes: 450_000,
        candidates: 1,
        temperature_cp: 0.5,
        max_loss_cp: 2,
        min_think_ms: 160,
        mate_blindness: 0.0,
        network: true,
    },
    Anchor {
        elo: MAX_ELO as u32,
        depth: 64,
        nodes: 50_000_000,
        candidates: 1,
        temperature_cp: 0.0,
        max_loss_cp: 0,
        min_think_ms: 150,
        mate_blindness: 0.0,
        network: true,
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
    /// The chance that a mate found is not seen as one when choosing.
    pub mate_blindness: f64,
    /// Whether the level searches with the engine's own evaluation.
    pub network: bool,
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
        // No blend across evaluations: up to the first level of the other
        // evaluation, a level plays as the anchor below it.
        let b = if a.network != b.network && elo < b.elo {
            a
        } else {
            b
        };
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
            mate_blindness: lerp(a.mate_blindness, b.mate_blindness),
            network: if elo >= b.elo { b.network } else { a.network },
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
        // A beginner now and then does not see a mate for what it is.
        let blind = self.mate_blindness > 0.0 && unit(rng) < self.mate_blindness;
        let comparable = |score: Score| match score {
            Score::Mate(n) if blind && n > 0 => MATE_UNSEEN_CP,
            score => comparable(score),
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
/// What a mate for the mover looks like to a level blind to it: a big
/// advantage, no more.
const MATE_UNSEEN_CP: i32 = 400;

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
        // Within one evaluation, every step up searches at least as much
        // and errs at most as much; the network comes after the handcrafted.
        for pair in ANCHORS.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(a.elo < b.elo);
            assert!(a.temperature_cp >= b.temperature_cp && a.max_loss_cp >= b.max_loss_cp);
            assert!(a.mate_blindness >= b.mate_blindness);
            assert!(!a.network || b.network);
            if a.network == b.network {
                assert!(a.depth <= b.depth && a.nodes <= b.nodes);
            }
        }
        assert_eq!(ANCHORS[0].elo, MIN_ELO as u32);
        assert_eq!(ANCHORS[ANCHORS.len() - 1].elo, MAX_ELO as u32);
        let mut last = Weakness::for_elo(MIN_ELO as u32);
        for elo in (MIN_ELO as u32..=MAX_ELO as u32).step_by(50) {
            let w = Weakness::for_elo(elo);
            if w.network == last.network {
                assert!(w.nodes >= last.nodes && w.depth >= last.depth, "{elo}");
            }
            assert!(w.temperature_cp <= last.temperature_cp, "{elo}");
            assert!(w.mate_blindness <= last.mate_blindness, "{elo}");
            last = w;
        }
        // The handcrafted levels end at 2200; above, the network plays.
        assert!(!Weakness::for_elo(2299).network);
        assert_eq!(Weakness::for_elo(2299).depth, Weakness::for_elo(2200).depth);
        assert!(Weakness::for_elo(2300).network);
        assert!(Weakness::for_elo(2500).network);
        assert_eq!(Weakness::for_elo(1400).nodes, 100_000);
        assert_eq!(Weakness::for_elo(2000).depth, 10);
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
        // A beginner now and then misses it: the other move, a big
        // advantage, looks as good.
        let beginner = Weakness::for_elo(MIN_ELO as u32);
        let missed = (0..400)
            .filter(|_| beginner.choose(&mate, &mut rng) != 0)
            .count();
        assert!((40..300).contains(&missed), "{missed}");
        // And it hangs pieces: a move losing a knight is still a choice.
        let hang = [line(100), line(-200)];
        let hung = (0..400)
            .filter(|_| beginner.choose(&hang, &mut rng) == 1)
            .count();
        assert!(hung > 50, "{hung}");
        assert_eq!(
            (0..400)
                .filter(|_| Weakness::for_elo(1400).choose(&hang, &mut rng) == 1)
                .count(),
            0
        );
    }
}
