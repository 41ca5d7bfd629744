//! Texel tuning of the handcrafted evaluation's weights against labelled
//! positions (what `outpost tune` runs).
//!
//! Each sample is a position with a score in centipawns from the side to
//! move's view (for example a stronger engine's search score). The tuner
//! minimises the mean squared difference between the expected results
//! `1 / (1 + 10^(-score / 400))` of the static evaluation and of the label,
//! over every weight on which the evaluation depends linearly (all but the
//! phase weights, the king-attack weights and thresholds, the mop-up terms
//! and the scale factors, which stay as they are).
//!
//! Method: the evaluation is linearised around the current weights (the
//! slope of each position's score in each weight, by finite differences),
//! the linear model is fitted by full-batch Adam, the weights are rounded,
//! and the whole is repeated [`TuneOptions::rounds`] times. One position in
//! ten is held out and its loss reported, so overfitting shows.

use crate::{Evaluator, Params, TaperedScore};
use outpost_board::{MoveList, Position};
use std::fmt::Write as _;
use std::time::Instant;

/// Weights left alone: the evaluation is not linear in them, or (mop-up)
/// they only steer the search towards mate in won endings, where the labels
/// say nothing (every such position is simply won), or (the king's value)
/// they are unused.
const FROZEN: [&str; 8] = [
    "phase_weight",
    "king_attacker_weight",
    "king_safe_check",
    "king_zone_square",
    "king_min_attackers",
    "mopup_",
    "scale_",
    "piece_value[5]",
];

/// Weights left alone whose names start with the first part and end with the
/// second: the king's endgame squares, which pull the lone king of a won
/// ending towards the centre with the mop-up terms. Fitted, they take odd
/// values (the labels of won endings say "won" wherever the king stands) and
/// the K Q v K mop-up test fails.
const FROZEN_PARTS: [(&str, &str); 1] = [("psqt[5]", ".eg")];

/// The finite-difference step, in centipawns.
const STEP: i32 = 8;

/// Weight of the L2 penalty on the change of each weight (per centipawn
/// squared): a weight moves far from its hand-set value only when the data
/// clearly asks for it.
const L2: f64 = 2e-9;

/// A labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TuneSample {
    /// The position.
    pub position: Position,
    /// Its label: a score in centipawns from the side to move's view.
    pub score: i32,
}

/// How to tune.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TuneOptions {
    /// Linearise-fit-round cycles.
    pub rounds: usize,
    /// Adam steps per round.
    pub epochs: usize,
    /// Threads for the finite differences.
    pub threads: usize,
    /// Tune only the weights whose names start with one of these (empty:
    /// every tunable weight); the others keep their values.
    pub only: Vec<String>,
    /// Keep only quiet samples: not in check, and no sequence of captures
    /// changes the static score by more than this many centipawns.
    pub quiet_margin: Option<i32>,
    /// A weight that moves the evaluation of fewer training positions than
    /// this keeps its value: too little evidence.
    pub min_positions: usize,
}

impl Default for TuneOptions {
    /// 3 rounds of 400 epochs on 2 threads, every tunable weight, all
    /// samples, at least 300 positions per weight.
    fn default() -> TuneOptions {
        TuneOptions {
            rounds: 3,
            epochs: 400,
            threads: 2,
            only: Vec::new(),
            quiet_margin: None,
            min_positions: 300,
        }
    }
}

/// What one round did: the losses before and after (of the rounded
/// weights, not the linear model's) on the fitted and the held-out
/// positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TuneRound {
    /// The round, from 1.
    pub round: usize,
    /// The fitted positions' loss before and after the round.
    pub fit_loss: (f64, f64),
    /// The held-out positions' loss before and after the round.
    pub held_out_loss: (f64, f64),
    /// Seconds the round took.
    pub seconds: f64,
}

/// The tuned weights and what the tuner used.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// The weights after the last round.
    pub params: Params,
    /// Samples fitted and held out (after the quiet filter).
    pub positions: (usize, usize),
    /// Weights tuned, of all weights.
    pub weights: (usize, usize),
    /// Every round's losses.
    pub rounds: Vec<TuneRound>,
}

/// Tunes `params` on `samples` (every tenth held out), calling `on_round`
/// after each round.
///
/// ```
/// use outpost_board::Position;
/// use outpost_eval::{tune, Evaluator, Params, TuneOptions, TuneSample};
///
/// // Labels that ask for a stronger tempo bonus than the default's: the
/// // start position and its mirror, each labelled 60 cp for the mover.
/// let start = Position::startpos();
/// let samples: Vec<TuneSample> = (0..40)
///     .map(|i| TuneSample {
///         position: if i % 2 == 0 { start } else { start.color_flipped() },
///         score: 60,
///     })
///     .collect();
/// let options = TuneOptions { rounds: 1, epochs: 200, only: vec!["tempo".into()], min_positions: 1, ..TuneOptions::default() };
/// let tuned = tune(Params::default(), &samples, &options, |_| {});
/// assert_eq!(tuned.positions, (36, 4));
/// let (before, after) = tuned.rounds[0].fit_loss;
/// assert!(after < before);
/// assert!(Evaluator::with_params(tuned.params).evaluate(&start) > Evaluator::new().evaluate(&start));
/// ```
pub fn tune(
    params: Params,
    samples: &[TuneSample],
    options: &TuneOptions,
    mut on_round: impl FnMut(&TuneRound),
) -> Tuned {
    let mut samples: Vec<Sample> = samples
        .iter()
        .map(|s| Sample {
            pos: s.position,
            target: sigmoid(f64::from(s.score)),
        })
        .collect();
    if let Some(margin) = options.quiet_margin {
        let eval = Evaluator::with_pawn_table_entries(params.clone(), 1);
        samples.retain(|s| is_quiet(&eval, &s.pos, margin));
    }
    // Hold out every tenth position for validation.
    let (mut train, mut valid): (Vec<_>, Vec<_>) = (Vec::new(), Vec::new());
    for (i, s) in samples.drain(..).enumerate() {
        if i % 10 == 9 {
            valid.push(s);
        } else {
            train.push(s);
        }
    }
    let train_len = train.len();
    train.extend(valid);
    let samples = train;
    let mut params = params;
    let names = params.names();
    let tunable: Vec<usize> = (0..names.len())
        .filter(|&j| !FROZEN.iter().any(|f| names[j].starts_with(f)))
        .filter(|&j| {
            !FROZEN_PARTS
                .iter()
                .any(|(a, b)| names[j].starts_with(a) && names[j].ends_with(b))
        })
        .filter(|&j| {
            options.only.is_empty()
                || options
                    .only
                    .iter()
                    .any(|p| names[j].starts_with(p.as_str()))
        })
        .collect();
    let mut rounds = Vec::new();
    for round in 1..=options.rounds {
        let start = Instant::now();
        let linear = linearise(&params, &tunable, &samples, options.threads);
        let zero = vec![0.0; names.len()];
        let before = (
            loss(&linear, &zero, &samples, 0..train_len),
            loss(&linear, &zero, &samples, train_len..samples.len()),
        );
        let delta = fit(&linear, &samples, train_len, names.len(), options);
        let mut values = params.to_vec();
        for &j in &tunable {
            values[j] += delta[j].round() as i32;
        }
        params.set_from_slice(&values);
        // The true loss of the rounded weights, not the linear model's.
        let evals = evaluate_all(&params, &samples);
        let true_loss = |range: std::ops::Range<usize>| {
            let n = range.len().max(1) as f64;
            range
                .map(|i| (sigmoid(f64::from(evals[i])) - samples[i].target).powi(2))
                .sum::<f64>()
                / n
        };
        let report = TuneRound {
            round,
            fit_loss: (before.0, true_loss(0..train_len)),
            held_out_loss: (before.1, true_loss(train_len..samples.len())),
            seconds: start.elapsed().as_secs_f64(),
        };
        on_round(&report);
        rounds.push(report);
    }
    Tuned {
        params,
        positions: (train_len, samples.len() - train_len),
        weights: (tunable.len(), names.len()),
        rounds,
    }
}

struct Sample {
    pos: Position,
    target: f64,
}

/// Expected result from a centipawn score.
fn sigmoid(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// The evaluation around a point, as a linear model.
struct Linear {
    /// The evaluation of each position at the linearisation point.
    base: Vec<f64>,
    /// Per position, the weights it depends on and the slope in each.
    slopes: Vec<Vec<(u32, f32)>>,
}

/// Capture-only quiescence search (captures that do not lose material by
/// SEE, and promotions), from the side to move's view.
fn quiescence(eval: &Evaluator, pos: &Position, mut alpha: i32, beta: i32, ply: u32) -> i32 {
    let stand_pat = eval.evaluate_uncached(pos);
    if stand_pat >= beta || ply >= 12 {
        return stand_pat;
    }
    alpha = alpha.max(stand_pat);
    let mut list = MoveList::new();
    pos.generate_noisy(&mut list);
    let mut best = stand_pat;
    for &mv in list.iter() {
        if !pos.see_ge(mv, 0) {
            continue;
        }
        let mut child = *pos;
        child.make_move(mv);
        let score = -quiescence(eval, &child, -beta, -alpha, ply + 1);
        if score > best {
            best = score;
            if score >= beta {
                break;
            }
            alpha = alpha.max(score);
        }
    }
    best
}

/// Whether `pos` is quiet for the evaluation: the side to move is not in
/// check and no sequence of captures changes its static score by more than
/// `margin` centipawns.
fn is_quiet(eval: &Evaluator, pos: &Position, margin: i32) -> bool {
    if pos.is_check() {
        return false;
    }
    let stand_pat = eval.evaluate_uncached(pos);
    quiescence(eval, pos, -32_000, 32_000, 0) - stand_pat <= margin
}

/// The static evaluation of every sample with `params`.
fn evaluate_all(params: &Params, samples: &[Sample]) -> Vec<i32> {
    let evaluator = Evaluator::with_pawn_table_entries(params.clone(), 1);
    samples
        .iter()
        .map(|s| evaluator.evaluate_uncached(&s.pos))
        .collect()
}

/// The evaluation around `params` as a linear model in the `tunable` weights.
fn linearise(params: &Params, tunable: &[usize], samples: &[Sample], threads: usize) -> Linear {
    let base = evaluate_all(params, samples);
    let values = params.to_vec();
    let mut slopes: Vec<Vec<(u32, f32)>> = vec![Vec::new(); samples.len()];
    let chunks: Vec<&[usize]> = tunable
        .chunks(tunable.len().div_ceil(threads.max(1)).max(1))
        .collect();
    let partial: Vec<Vec<(usize, Vec<i32>)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                let values = &values;
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|&j| {
                            let mut moved = values.clone();
                            moved[j] += STEP;
                            let mut p = Params::default();
                            p.set_from_slice(&moved);
                            (j, evaluate_all(&p, samples))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("tuner thread"))
            .collect()
    });
    for (j, evals) in partial.into_iter().flatten() {
        for (i, (&e, &b)) in evals.iter().zip(&base).enumerate() {
            if e != b {
                slopes[i].push((j as u32, (e - b) as f32 / STEP as f32));
            }
        }
    }
    Linear {
        base: base.into_iter().map(f64::from).collect(),
        slopes,
    }
}

/// The linear model's mean squared error over `range` with the weights moved by `delta`.
fn loss(linear: &Linear, delta: &[f64], samples: &[Sample], range: std::ops::Range<usize>) -> f64 {
    let n = range.len().max(1) as f64;
    range
        .map(|i| {
            let e = linear.base[i]
                + linear.slopes[i]
                    .iter()
                    .map(|&(j, c)| f64::from(c) * delta[j as usize])
                    .sum::<f64>();
            let d = sigmoid(e) - samples[i].target;
            d * d
        })
        .sum::<f64>()
        / n
}

/// Fits the linear model by Adam; returns the change of every weight.
fn fit(
    linear: &Linear,
    samples: &[Sample],
    train: usize,
    weights: usize,
    options: &TuneOptions,
) -> Vec<f64> {
    let mut seen = vec![0usize; weights];
    for slopes in linear.slopes.iter().take(train) {
        for &(j, _) in slopes {
            seen[j as usize] += 1;
        }
    }
    let active: Vec<bool> = seen.iter().map(|&n| n >= options.min_positions).collect();
    let mut delta = vec![0.0; weights];
    let mut m = vec![0.0; weights];
    let mut v = vec![0.0; weights];
    let (b1, b2, rate, eps) = (0.9, 0.999, 0.5, 1e-8);
    let ln10 = std::f64::consts::LN_10;
    for epoch in 1..=options.epochs {
        let mut grad = vec![0.0; weights];
        for ((slopes, base), sample) in linear
            .slopes
            .iter()
            .zip(&linear.base)
            .zip(samples)
            .take(train)
        {
            let e = base
                + slopes
                    .iter()
                    .map(|&(j, c)| f64::from(c) * delta[j as usize])
                    .sum::<f64>();
            let s = sigmoid(e);
            let g = 2.0 * (s - sample.target) * s * (1.0 - s) * ln10 / 400.0;
            for &(j, c) in slopes {
                grad[j as usize] += g * f64::from(c);
            }
        }
        let scale = 1.0 / train.max(1) as f64;
        for j in 0..weights {
            if !active[j] {
                continue;
            }
            let g = grad[j] * scale + 2.0 * L2 * delta[j];
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(epoch as i32));
            let vh = v[j] / (1.0 - b2.powi(epoch as i32));
            delta[j] -= rate * mh / (vh.sqrt() + eps);
        }
    }
    delta
}

fn s(score: TaperedScore) -> String {
    format!("S({}, {})", score.mg(), score.eg())
}

fn list(scores: &[TaperedScore], indent: &str) -> String {
    let mut text = String::from("[\n");
    for score in scores {
        let _ = writeln!(text, "{indent}    {},", s(*score));
    }
    let _ = write!(text, "{indent}]");
    text
}

fn ints(values: &[i32]) -> String {
    let items: Vec<String> = values.iter().map(i32::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// `impl Default for Params` with these weights, as Rust source, ready to
/// replace the one in `crates/eval/src/params.rs`.
///
/// ```
/// use outpost_eval::{params_source, Params};
///
/// let text = params_source(&Params::default());
/// assert!(text.starts_with("impl Default for Params {"));
/// assert!(text.contains("tempo: S("));
/// ```
pub fn params_source(p: &Params) -> String {
    let mut o = String::new();
    let i = "            ";
    let _ = writeln!(o, "impl Default for Params {{");
    let _ = writeln!(o, "    fn default() -> Params {{");
    let _ = writeln!(o, "        Params {{");
    let _ = writeln!(o, "{i}piece_value: {},", list(&p.piece_value, i));
    let _ = writeln!(o, "{i}psqt: [");
    for table in &p.psqt {
        let _ = writeln!(o, "{i}    [");
        for rank in table.chunks(4) {
            let row: Vec<String> = rank.iter().map(|&x| s(x)).collect();
            let _ = writeln!(o, "{i}        {},", row.join(", "));
        }
        let _ = writeln!(o, "{i}    ],");
    }
    let _ = writeln!(o, "{i}],");
    let _ = writeln!(o, "{i}phase_weight: {},", ints(&p.phase_weight));
    let fields: [(&str, &[TaperedScore]); 28] = [
        ("pawn_doubled", std::slice::from_ref(&p.pawn_doubled)),
        ("pawn_isolated", std::slice::from_ref(&p.pawn_isolated)),
        ("pawn_backward", std::slice::from_ref(&p.pawn_backward)),
        ("pawn_supported", &p.pawn_supported),
        ("pawn_phalanx", &p.pawn_phalanx),
        ("passed_rank", &p.passed_rank),
        ("passed_blocked", &p.passed_blocked),
        ("passed_free_path", &p.passed_free_path),
        ("passed_own_king_distance", &p.passed_own_king_distance),
        ("passed_their_king_distance", &p.passed_their_king_distance),
        ("passed_safe_stop", &p.passed_safe_stop),
        (
            "passed_rook_behind",
            std::slice::from_ref(&p.passed_rook_behind),
        ),
        (
            "passed_enemy_rook_behind",
            std::slice::from_ref(&p.passed_enemy_rook_behind),
        ),
        ("mobility_knight", &p.mobility_knight),
        ("mobility_bishop", &p.mobility_bishop),
        ("mobility_rook", &p.mobility_rook),
        ("mobility_queen", &p.mobility_queen),
        ("king_shield", &p.king_shield),
        ("king_storm", &p.king_storm),
        (
            "king_storm_blocked",
            std::slice::from_ref(&p.king_storm_blocked),
        ),
        ("king_open_file", std::slice::from_ref(&p.king_open_file)),
        (
            "king_semi_open_file",
            std::slice::from_ref(&p.king_semi_open_file),
        ),
        ("bishop_pair", std::slice::from_ref(&p.bishop_pair)),
        ("bishop_pawns", std::slice::from_ref(&p.bishop_pawns)),
        ("knight_outpost", std::slice::from_ref(&p.knight_outpost)),
        ("bishop_outpost", std::slice::from_ref(&p.bishop_outpost)),
        ("rook_open_file", std::slice::from_ref(&p.rook_open_file)),
        (
            "rook_semi_open_file",
            std::slice::from_ref(&p.rook_semi_open_file),
        ),
    ];
    let single = [
        "passed_rook_behind",
        "passed_enemy_rook_behind",
        "pawn_doubled",
        "pawn_isolated",
        "pawn_backward",
        "king_storm_blocked",
        "king_open_file",
        "king_semi_open_file",
        "bishop_pair",
        "bishop_pawns",
        "knight_outpost",
        "bishop_outpost",
        "rook_open_file",
        "rook_semi_open_file",
    ];
    for (name, values) in fields {
        if single.contains(&name) {
            let _ = writeln!(o, "{i}{name}: {},", s(values[0]));
        } else {
            let _ = writeln!(o, "{i}{name}: {},", list(values, i));
        }
        if name == "king_semi_open_file" {
            let _ = writeln!(
                o,
                "{i}king_attacker_weight: {},",
                ints(&p.king_attacker_weight)
            );
            let _ = writeln!(o, "{i}king_zone_square: {},", p.king_zone_square);
            let _ = writeln!(o, "{i}king_min_attackers: {},", p.king_min_attackers);
            let _ = writeln!(o, "{i}king_safe_check: {},", ints(&p.king_safe_check));
            let _ = writeln!(o, "{i}king_danger: {},", list(&p.king_danger, i));
        }
    }
    let _ = writeln!(o, "{i}rook_seventh: {},", s(p.rook_seventh));
    let _ = writeln!(o, "{i}threat_by_pawn: {},", list(&p.threat_by_pawn, i));
    let _ = writeln!(o, "{i}threat_by_minor: {},", list(&p.threat_by_minor, i));
    let _ = writeln!(o, "{i}threat_by_rook: {},", list(&p.threat_by_rook, i));
    let _ = writeln!(o, "{i}hanging: {},", s(p.hanging));
    let _ = writeln!(o, "{i}threat_by_king: {},", s(p.threat_by_king));
    let _ = writeln!(o, "{i}threat_pawn_push: {},", s(p.threat_pawn_push));
    let _ = writeln!(o, "{i}tempo: {},", s(p.tempo));
    let _ = writeln!(o, "{i}mopup_margin: {},", p.mopup_margin);
    let _ = writeln!(o, "{i}mopup_edge: {},", s(p.mopup_edge));
    let _ = writeln!(o, "{i}mopup_king_proximity: {},", s(p.mopup_king_proximity));
    let _ = writeln!(o, "{i}mopup_bishop_corner: {},", s(p.mopup_bishop_corner));
    let _ = writeln!(
        o,
        "{i}scale_opposite_bishops: {},",
        p.scale_opposite_bishops
    );
    let _ = writeln!(
        o,
        "{i}scale_opposite_bishops_with_pieces: {},",
        p.scale_opposite_bishops_with_pieces
    );
    let _ = writeln!(
        o,
        "{i}scale_pawnless_minor_edge: {},",
        p.scale_pawnless_minor_edge
    );
    let _ = writeln!(o, "{i}scale_lone_minor: {},", p.scale_lone_minor);
    let _ = writeln!(o, "        }}");
    let _ = writeln!(o, "    }}");
    let _ = writeln!(o, "}}");
    o
}
