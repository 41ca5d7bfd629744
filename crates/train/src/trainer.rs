//! The CPU trainer: a perspective network 768 → H (×2) → 1 per output
//! bucket, squared clipped ReLU, trained with AdamW on the sigmoid of the
//! search score blended with the game's result.
//!
//! For a record with score *s* (centipawns) and result *r* (1 win, ½ draw,
//! 0 loss), both from the side to move's point of view, the target is
//! `t = (1 − λ)·σ(s / K) + λ·r` and the loss `(σ(o·400 / K) − t)²`, where
//! *o* is the network's output in units of 400 centipawns
//! ([`outpost_nnue::SCALE`]) and *K*, the evaluation scale, is 400 unless
//! told. A smaller *K* says a centipawn is worth more winning chances: fitted
//! to the games (the *K* at which `σ(s / K)` best predicts their results),
//! it keeps the game results in the target from stretching the network's
//! scores beyond the search's.

use crate::datagen::read_records;
use crate::error::TrainError;
use crate::record::TrainingRecord;
use outpost_board::{Color, PieceKind, Position, Square};
use outpost_nnue::{
    feature_in, KingSlot, Network, INPUTS, KING_BUCKETS, KING_BUCKET_CHOICES, QA, QB, SCALE,
};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Every weight is kept within ±this, so the quantised network fits its
/// integer types (QA·1.98·32 pieces + bias < i16::MAX; QB·1.98 < 127).
pub const WEIGHT_CLIP: f32 = 1.98;

/// A training run's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// The data file(s).
    pub data: Vec<PathBuf>,
    /// Where checkpoints and networks go.
    pub out_dir: PathBuf,
    /// Hidden units per perspective (a multiple of 16).
    pub hidden: usize,
    /// Output buckets by piece count (1 for none).
    pub buckets: usize,
    /// King buckets: 1 (none) or [`KING_BUCKETS`] (`outpost_nnue::KingSlot`).
    pub king_buckets: usize,
    /// Passes over the training data.
    pub epochs: usize,
    /// Positions per gradient step.
    pub batch: usize,
    /// The learning rate at the start; it falls along a cosine to
    /// `lr × final_lr_fraction` at the end.
    pub lr: f32,
    /// See `lr`.
    pub final_lr_fraction: f32,
    /// AdamW's decoupled weight decay.
    pub weight_decay: f32,
    /// λ, the weight of the game result in the target.
    pub lambda: f32,
    /// λ for sampled evaluations (records with no move, see
    /// [`TrainingRecord::is_sampled_evaluation`]); `None`: `lambda`. Mixing
    /// game positions and sampled evaluations, each kind gets its own.
    pub sample_lambda: Option<f32>,
    /// *K*, the evaluation scale in centipawns: a score *s* counts as the
    /// win probability `σ(s / K)`, in the target and for the network's
    /// output alike.
    pub eval_scale: f32,
    /// The share of records held out for validation (the end of the data).
    pub validation: f32,
    /// Threads (0: one per core).
    pub threads: usize,
    /// Seed of the initial weights and of the order of positions.
    pub seed: u64,
    /// Mirror a random half of the positions left to right each epoch.
    pub mirror: bool,
}

impl TrainConfig {
    /// Whether a network to start from has the shape these settings train
    /// (hidden units, output buckets, king buckets); an error naming its
    /// shape if not.
    pub fn check_start(&self, start: &FloatNetwork) -> Result<(), TrainError> {
        if (start.hidden, start.buckets, start.king_buckets)
            == (self.hidden, self.buckets, self.king_buckets)
        {
            return Ok(());
        }
        Err(TrainError::Setting(format!(
            "the starting network has another shape: {} hidden, {} buckets, {} king buckets",
            start.hidden, start.buckets, start.king_buckets
        )))
    }

    /// The λ of `record`'s target: `sample_lambda` for a sampled
    /// evaluation when it is set, `lambda` otherwise.
    pub fn lambda_of(&self, record: &TrainingRecord) -> f32 {
        match self.sample_lambda {
            Some(lambda) if record.is_sampled_evaluation() => lambda,
            _ => self.lambda,
        }
    }

    /// The target of `record` under these settings.
    pub fn target_of(&self, record: &TrainingRecord) -> f32 {
        training_target(record, self.lambda_of(record), self.eval_scale)
    }

    /// What the network's output (units of [`SCALE`] centipawns) is
    /// multiplied by before the sigmoid: `SCALE / eval_scale`.
    fn sharpness(&self) -> f32 {
        SCALE as f32 / self.eval_scale
    }
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            data: Vec::new(),
            out_dir: PathBuf::from("nets"),
            hidden: 128,
            buckets: 8,
            king_buckets: 1,
            epochs: 20,
            batch: 16_384,
            lr: 0.001,
            final_lr_fraction: 0.01,
            weight_decay: 0.01,
            lambda: 0.3,
            sample_lambda: None,
            eval_scale: SCALE as f32,
            validation: 0.02,
            threads: 0,
            seed: 1,
            mirror: true,
        }
    }
}

/// The float network being trained.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    /// Hidden units per perspective.
    pub hidden: usize,
    /// Output buckets.
    pub buckets: usize,
    /// King buckets (1 or [`KING_BUCKETS`]).
    pub king_buckets: usize,
    /// All parameters in one vector: feature weights (KB·768·H), feature
    /// biases (H), output weights (B·2H), output biases (B), and with king
    /// buckets the factoriser (768·H): weights shared by every king bucket,
    /// added to each bucket's own (and merged into them when quantised), so
    /// what a piece on a square is worth is learnt from every position and
    /// each bucket learns only how its king changes that.
    pub params: Vec<f32>,
}

/// Where each block of parameters starts.
#[derive(Clone, Copy, Debug)]
struct Layout {
    hidden: usize,
    buckets: usize,
    king_buckets: usize,
    feature_biases: usize,
    output_weights: usize,
    output_biases: usize,
    /// Where the factoriser starts (`len` when there is none).
    factoriser: usize,
    len: usize,
}

impl Layout {
    fn new(hidden: usize, buckets: usize, king_buckets: usize) -> Layout {
        let feature_biases = king_buckets * INPUTS * hidden;
        let output_weights = feature_biases + hidden;
        let output_biases = output_weights + buckets * 2 * hidden;
        let factoriser = output_biases + buckets;
        let len = if king_buckets > 1 {
            factoriser + INPUTS * hidden
        } else {
            factoriser
        };
        Layout {
            hidden,
            buckets,
            king_buckets,
            feature_biases,
            output_weights,
            output_biases,
            factoriser,
            len,
        }
    }

    fn bucket(&self, pieces: u32) -> usize {
        outpost_nnue::output_bucket(pieces, self.buckets)
    }

    /// Whether the king buckets share a factoriser (a block of weights
    /// every bucket adds to its own).
    fn factorised(&self) -> bool {
        self.factoriser < self.len
    }
}

/// One position ready for the network: its active inputs from the side to
/// move's view and the other side's, its bucket and its target.
struct Sample {
    us: [u16; 32],
    them: [u16; 32],
    count: usize,
    bucket: usize,
    target: f32,
}

/// Whether record `index` is mirrored in `epoch`: half of them, a different
/// half each epoch, fixed by the seed.
fn mirror_bit(seed: u64, epoch: usize, index: u32) -> bool {
    let mut z = seed ^ (epoch as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(index);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) & 1 == 1
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Sample {
    /// The sample of `record`; `mirrored` flips the board left to right
    /// (a files ↔ h files), which changes nothing the network sees but the
    /// squares: the same target holds, so it doubles the data.
    fn new(record: &TrainingRecord, layout: &Layout, target: f32, mirrored: bool) -> Sample {
        let stm = record.side_to_move;
        let mut sample = Sample {
            us: [0; 32],
            them: [0; 32],
            count: 0,
            bucket: layout.bucket(record.occupancy().count()),
            target: 0.0,
        };
        let place = |square: Square| if mirrored { square.flip_file() } else { square };
        // Each side's king square decides its inputs' set (with king buckets).
        let mut kings = [None; 2];
        for (square, piece) in record.pieces().take(32) {
            if piece.kind() == PieceKind::King {
                kings[piece.color().index()] = Some(place(square));
            }
        }
        let slot = |view: Color| {
            kings[view.index()].map_or(KingSlot::default(), |king| {
                KingSlot::of(view, king, layout.king_buckets)
            })
        };
        let (slot_us, slot_them) = (slot(stm), slot(!stm));
        for (square, piece) in record.pieces().take(32) {
            let square = place(square);
            sample.us[sample.count] = feature_in(stm, slot_us, piece, square) as u16;
            sample.them[sample.count] = feature_in(!stm, slot_them, piece, square) as u16;
            sample.count += 1;
        }
        sample.target = target;
        sample
    }
}

/// What the network is trained to give for `record` (after the sigmoid),
/// from the side to move's point of view: the search score's win
/// probability blended with the game's result,
/// `(1 − λ)·σ(score / eval_scale) + λ·result`.
pub fn training_target(record: &TrainingRecord, lambda: f32, eval_scale: f32) -> f32 {
    let (score, result) = match record.side_to_move {
        Color::White => (
            f32::from(record.score),
            crate::record::white_score(record.result),
        ),
        Color::Black => (
            -f32::from(record.score),
            1.0 - crate::record::white_score(record.result),
        ),
    };
    (1.0 - lambda) * sigmoid(score / eval_scale) + lambda * result
}

impl FloatNetwork {
    /// A network with small random weights drawn from `seed`, with
    /// `king_buckets` king buckets (1 or [`KING_BUCKETS`]).
    pub fn random(hidden: usize, buckets: usize, king_buckets: usize, seed: u64) -> FloatNetwork {
        let layout = Layout::new(hidden, buckets, king_buckets);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut uniform = |scale: f32| {
            let unit = (rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32;
            (2.0 * unit - 1.0) * scale
        };
        let mut params = vec![0.0; layout.len];
        // With a factoriser, the buckets' own weights start at zero: the
        // network starts as one without king buckets.
        let shared = if layout.factorised() {
            layout.factoriser..layout.len
        } else {
            0..layout.feature_biases
        };
        for p in &mut params[shared] {
            *p = uniform(0.1);
        }
        let out_scale = 1.0 / (2.0 * hidden as f32).sqrt();
        for p in &mut params[layout.output_weights..layout.output_biases] {
            *p = uniform(out_scale);
        }
        FloatNetwork {
            hidden,
            buckets,
            king_buckets,
            params,
        }
    }

    /// A quantised network back in floats: each parameter divided by its
    /// scale, so [`FloatNetwork::quantise`] gives `net` again. Training
    /// from it fine-tunes `net` on new data (the built-in network, say,
    /// whose float checkpoint is not kept). With king buckets the merged
    /// weights become the buckets' own and the factoriser starts at zero.
    ///
    /// ```
    /// use outpost_nnue::default_network;
    /// use outpost_train::trainer::FloatNetwork;
    ///
    /// let net = default_network();
    /// let float = FloatNetwork::from_network(&net);
    /// assert_eq!(float.hidden, net.hidden());
    /// assert_eq!(float.quantise().unwrap(), *net);
    /// ```
    pub fn from_network(net: &Network) -> FloatNetwork {
        let layout = Layout::new(net.hidden(), net.buckets(), net.king_buckets());
        let mut params = Vec::with_capacity(layout.len);
        let (qa, qb) = (QA as f32, QB as f32);
        params.extend(net.feature_weights().iter().map(|&w| f32::from(w) / qa));
        params.extend(net.feature_biases().iter().map(|&b| f32::from(b) / qa));
        params.extend(net.output_weights().iter().map(|&w| f32::from(w) / qb));
        params.extend(net.output_biases().iter().map(|&b| b as f32 / (qa * qb)));
        params.resize(layout.len, 0.0);
        FloatNetwork {
            hidden: net.hidden(),
            buckets: net.buckets(),
            king_buckets: net.king_buckets(),
            params,
        }
    }

    fn layout(&self) -> Layout {
        Layout::new(self.hidden, self.buckets, self.king_buckets)
    }

    /// The output (units of 400 cp, side to move's view) for a sample, and
    /// the accumulators it went through.
    fn forward(&self, sample: &Sample, acc: &mut [f32]) -> f32 {
        let l = self.layout();
        let h = l.hidden;
        let (acc_us, acc_them) = acc.split_at_mut(h);
        let biases = &self.params[l.feature_biases..l.feature_biases + h];
        acc_us.copy_from_slice(biases);
        acc_them.copy_from_slice(biases);
        let factorised = l.factorised();
        for i in 0..sample.count {
            let (u, t) = (usize::from(sample.us[i]), usize::from(sample.them[i]));
            let wu = &self.params[u * h..(u + 1) * h];
            let wt = &self.params[t * h..(t + 1) * h];
            for j in 0..h {
                acc_us[j] += wu[j];
                acc_them[j] += wt[j];
            }
            if factorised {
                let su = &self.params[l.factoriser + (u % INPUTS) * h..][..h];
                let st = &self.params[l.factoriser + (t % INPUTS) * h..][..h];
                for j in 0..h {
                    acc_us[j] += su[j];
                    acc_them[j] += st[j];
                }
            }
        }
        let ow = &self.params[l.output_weights + sample.bucket * 2 * h..][..2 * h];
        let mut out = self.params[l.output_biases + sample.bucket];
        for (j, &w) in ow.iter().enumerate() {
            let a = if j < h { acc_us[j] } else { acc_them[j - h] };
            let c = a.clamp(0.0, 1.0);
            out += c * c * w;
        }
        out
    }

    /// The network's evaluation of `pos` in centipawns, side to move's view.
    pub fn evaluate(&self, pos: &Position) -> f32 {
        let record =
            TrainingRecord::new(pos, 0, outpost_board::Move::NULL, crate::GameResult::Draw);
        let sample = Sample::new(&record, &self.layout(), 0.5, false);
        let mut acc = vec![0.0; 2 * self.hidden];
        self.forward(&sample, &mut acc) * SCALE as f32
    }

    /// Adds the gradient of one sample's loss to `grad`; returns the loss.
    /// The prediction is `σ(output · sharpness)`.
    fn backward(&self, sample: &Sample, sharpness: f32, acc: &mut [f32], grad: &mut [f32]) -> f32 {
        let out = self.forward(sample, acc);
        let l = self.layout();
        let h = l.hidden;
        let predicted = sigmoid(out * sharpness);
        let error = predicted - sample.target;
        let d_out = 2.0 * error * predicted * (1.0 - predicted) * sharpness;
        let ow_start = l.output_weights + sample.bucket * 2 * h;
        grad[l.output_biases + sample.bucket] += d_out;
        // Gradients of the accumulators, reusing `acc` in place.
        for j in 0..2 * h {
            let a = acc[j];
            let c = a.clamp(0.0, 1.0);
            grad[ow_start + j] += d_out * c * c;
            acc[j] = if a > 0.0 && a < 1.0 {
                d_out * self.params[ow_start + j] * 2.0 * a
            } else {
                0.0
            };
        }
        let (d_us, d_them) = acc.split_at(h);
        for j in 0..h {
            grad[l.feature_biases + j] += d_us[j] + d_them[j];
        }
        let factorised = l.factorised();
        for i in 0..sample.count {
            let (u, t) = (usize::from(sample.us[i]), usize::from(sample.them[i]));
            let mut rows = [(u * h, d_us), (t * h, d_them), (0, d_us), (0, d_them)];
            let mut count = 2;
            if factorised {
                rows[2].0 = l.factoriser + (u % INPUTS) * h;
                rows[3].0 = l.factoriser + (t % INPUTS) * h;
                count = 4;
            }
            for &(start, d) in &rows[..count] {
                let g = &mut grad[start..start + h];
                for j in 0..h {
                    g[j] += d[j];
                }
            }
        }
        error * error
    }

    /// The mean loss and the summed gradient over `samples`, split between threads.
    fn gradient(&self, samples: &[Sample], sharpness: f32) -> (f64, Vec<f32>) {
        let len = self.params.len();
        let chunk = samples.len().div_ceil(rayon::current_num_threads()).max(1);
        // One part per thread, summed in order afterwards: the same sums in
        // the same order whichever thread finishes first.
        let parts: Vec<(f64, Vec<f32>)> = samples
            .par_chunks(chunk)
            .map(|part| {
                let mut grad = vec![0.0f32; len];
                let mut acc = vec![0.0f32; 2 * self.hidden];
                let mut loss = 0.0f64;
                for s in part {
                    loss += f64::from(self.backward(s, sharpness, &mut acc, &mut grad));
                }
                (loss, grad)
            })
            .collect();
        let mut parts = parts.into_iter();
        let (mut loss, mut grad) = parts.next().unwrap_or((0.0, vec![0.0; len]));
        for (part_loss, part_grad) in parts {
            loss += part_loss;
            for (a, b) in grad.iter_mut().zip(&part_grad) {
                *a += b;
            }
        }
        (loss / samples.len().max(1) as f64, grad)
    }

    /// The mean loss over `samples`, without gradients.
    fn loss(&self, samples: &[Sample], sharpness: f32) -> f64 {
        let parts: Vec<f64> = samples
            .par_chunks(4096)
            .map(|part| {
                let mut acc = vec![0.0f32; 2 * self.hidden];
                part.iter()
                    .map(|s| {
                        let e = sigmoid(self.forward(s, &mut acc) * sharpness) - s.target;
                        f64::from(e * e)
                    })
                    .sum::<f64>()
            })
            .collect();
        parts.iter().sum::<f64>() / samples.len().max(1) as f64
    }

    /// The network in integers, for inference.
    pub fn quantise(&self) -> Result<Network, TrainError> {
        let l = self.layout();
        let q16 = |x: f32, scale: i32| (x * scale as f32).round().clamp(-32767.0, 32767.0) as i16;
        // With a factoriser, each bucket's weight is its own plus the shared
        // one, kept within the clip so the accumulators still fit.
        let fw = self.params[..l.feature_biases]
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                let shared = if l.factorised() {
                    self.params[l.factoriser + i % (INPUTS * l.hidden)]
                } else {
                    0.0
                };
                q16((w + shared).clamp(-WEIGHT_CLIP, WEIGHT_CLIP), QA)
            })
            .collect();
        let fb = self.params[l.feature_biases..l.output_weights]
            .iter()
            .map(|&w| q16(w, QA))
            .collect();
        let ow = self.params[l.output_weights..l.output_biases]
            .iter()
            .map(|&w| q16(w, QB))
            .collect();
        let ob = self.params[l.output_biases..l.factoriser]
            .iter()
            .map(|&b| (b * (QA * QB) as f32).round() as i32)
            .collect();
        Network::with_king_buckets(self.king_buckets, self.hidden, self.buckets, fw, fb, ow, ob)
            .map_err(|e| TrainError::Setting(format!("cannot quantise: {e}")))
    }
}

/// AdamW's moments and step count.
#[derive(Clone, Debug, PartialEq)]
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    step: u64,
}

impl Adam {
    fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            step: 0,
        }
    }

    fn update(&mut self, params: &mut [f32], grad: &[f32], lr: f32, weight_decay: f32, scale: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.step += 1;
        let c1 = 1.0 - B1.powi(self.step.min(i32::MAX as u64) as i32);
        let c2 = 1.0 - B2.powi(self.step.min(i32::MAX as u64) as i32);
        params
            .par_iter_mut()
            .zip(self.m.par_iter_mut())
            .zip(self.v.par_iter_mut())
            .zip(grad.par_iter())
            .for_each(|(((p, m), v), &g)| {
                let g = g * scale;
                *m = B1 * *m + (1.0 - B1) * g;
                *v = B2 * *v + (1.0 - B2) * g * g;
                let update = (*m / c1) / ((*v / c2).sqrt() + EPS);
                *p -= lr * (update + weight_decay * *p);
                *p = p.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
            });
    }
}

/// What one epoch measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// Mean training loss over the epoch.
    pub train_loss: f64,
    /// Mean loss on the held-out records after the epoch.
    pub validation_loss: f64,
    /// The learning rate at the epoch's end.
    pub lr: f32,
    /// Training positions per second.
    pub positions_per_second: f64,
}

/// The data, split: training records and held-out ones.
pub struct TrainingData {
    train: Vec<TrainingRecord>,
    validation: Vec<TrainingRecord>,
}

impl TrainingData {
    /// Reads the files and holds out the last `validation` share of the records.
    pub fn load(files: &[PathBuf], validation: f32) -> Result<TrainingData, TrainError> {
        let mut records = Vec::new();
        for file in files {
            records.extend(read_records(file)?);
        }
        Ok(TrainingData::split(records, validation))
    }

    /// Holds out the last `validation` share of `records`.
    pub fn split(mut records: Vec<TrainingRecord>, validation: f32) -> TrainingData {
        let held =
            ((records.len() as f64) * f64::from(validation.clamp(0.0, 0.5))).round() as usize;
        let validation = records.split_off(records.len() - held);
        TrainingData {
            train: records,
            validation,
        }
    }

    /// Training records.
    pub fn train_len(&self) -> usize {
        self.train.len()
    }

    /// Held-out records.
    pub fn validation_len(&self) -> usize {
        self.validation.len()
    }
}

/// Trains from `start` (random weights when `None`), calling `report` after
/// each epoch with the network so far; returns the trained network.
pub fn train(
    config: &TrainConfig,
    data: &TrainingData,
    start: Option<FloatNetwork>,
    report: &mut (dyn FnMut(&EpochReport, &FloatNetwork) -> Result<(), TrainError> + Send),
) -> Result<FloatNetwork, TrainError> {
    if config.hidden == 0 || config.hidden % 16 != 0 || config.hidden > outpost_nnue::MAX_HIDDEN {
        return Err(TrainError::Setting(format!(
            "hidden {} is not a multiple of 16 up to 4096",
            config.hidden
        )));
    }
    if !(config.eval_scale.is_finite() && config.eval_scale >= 1.0) {
        return Err(TrainError::Setting(format!(
            "evaluation scale {} is not a number of centipawns of at least 1",
            config.eval_scale
        )));
    }
    if !KING_BUCKET_CHOICES.contains(&config.king_buckets) {
        return Err(TrainError::Setting(format!(
            "king buckets {} is not 1 or {KING_BUCKETS}",
            config.king_buckets
        )));
    }
    if config.buckets == 0 || config.buckets > outpost_nnue::MAX_BUCKETS {
        return Err(TrainError::Setting(format!(
            "buckets {} is not 1 to 16",
            config.buckets
        )));
    }
    if data.train.is_empty() || config.batch == 0 {
        return Err(TrainError::Setting(
            "no training records, or a batch of 0".into(),
        ));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| TrainError::Setting(format!("cannot start threads: {e}")))?;
    pool.install(|| {
        let mut net = start.unwrap_or_else(|| {
            FloatNetwork::random(
                config.hidden,
                config.buckets,
                config.king_buckets,
                config.seed,
            )
        });
        config.check_start(&net)?;
        let layout = net.layout();
        let validation: Vec<Sample> = data
            .validation
            .par_iter()
            .map(|r| Sample::new(r, &layout, config.target_of(r), false))
            .collect();
        let mut adam = Adam::new(net.params.len());
        let mut order: Vec<u32> = (0..data.train.len() as u32).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(config.seed ^ 0x5eed);
        let steps_per_epoch = data.train.len().div_ceil(config.batch);
        let total_steps = (steps_per_epoch * config.epochs).max(1);
        let mut step = 0usize;
        let mut lr = config.lr;
        for epoch in 1..=config.epochs {
            let started = Instant::now();
            for i in (1..order.len()).rev() {
                let j = (rng.next_u64() % (i as u64 + 1)) as usize;
                order.swap(i, j);
            }
            let mut loss_sum = 0.0;
            for batch in order.chunks(config.batch) {
                let samples: Vec<Sample> = batch
                    .par_iter()
                    .map(|&i| {
                        let mirrored = config.mirror && mirror_bit(config.seed, epoch, i);
                        let record = &data.train[i as usize];
                        Sample::new(record, &layout, config.target_of(record), mirrored)
                    })
                    .collect();
                let (loss, grad) = net.gradient(&samples, config.sharpness());
                loss_sum += loss * samples.len() as f64;
                let progress = step as f32 / total_steps as f32;
                let cosine = 0.5 * (1.0 + (std::f32::consts::PI * progress).cos());
                lr = config.lr
                    * (config.final_lr_fraction + (1.0 - config.final_lr_fraction) * cosine);
                adam.update(
                    &mut net.params,
                    &grad,
                    lr,
                    config.weight_decay,
                    1.0 / samples.len() as f32,
                );
                step += 1;
            }
            let elapsed = started.elapsed().as_secs_f64();
            let epoch_report = EpochReport {
                epoch,
                train_loss: loss_sum / data.train.len() as f64,
                validation_loss: if validation.is_empty() {
                    f64::NAN
                } else {
                    net.loss(&validation, config.sharpness())
                },
                lr,
                positions_per_second: data.train.len() as f64 / elapsed.max(1e-9),
            };
            report(&epoch_report, &net)?;
        }
        Ok(net)
    })
}

/// Writes a float network checkpoint (magic `OPCK`, hidden, buckets as
/// u32, then the parameters as f32, little-endian; with king buckets, magic
/// `OPCB` and the king buckets as a third u32).
pub fn save_checkpoint(net: &FloatNetwork, path: &Path) -> Result<(), TrainError> {
    let mut bytes = Vec::with_capacity(16 + 4 * net.params.len());
    bytes.extend_from_slice(if net.king_buckets == 1 {
        b"OPCK"
    } else {
        b"OPCB"
    });
    bytes.extend_from_slice(&(net.hidden as u32).to_le_bytes());
    bytes.extend_from_slice(&(net.buckets as u32).to_le_bytes());
    if net.king_buckets != 1 {
        bytes.extend_from_slice(&(net.king_buckets as u32).to_le_bytes());
    }
    for p in &net.params {
        bytes.extend_from_slice(&p.to_le_bytes());
    }
    fs::write(path, bytes).map_err(|e| TrainError::io(path, e))
}

/// Reads a checkpoint written by [`save_checkpoint`].
pub fn load_checkpoint(path: &Path) -> Result<FloatNetwork, TrainError> {
    let bytes = fs::read(path).map_err(|e| TrainError::io(path, e))?;
    let bad = || TrainError::Setting(format!("{} is not a checkpoint", path.display()));
    let word = |at: usize| {
        u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize
    };
    let (king_buckets, header) = match bytes.get(0..4) {
        Some(b"OPCK") if bytes.len() >= 12 => (1, 12),
        Some(b"OPCB") if bytes.len() >= 16 => (word(12), 16),
        _ => return Err(bad()),
    };
    let (hidden, buckets) = (word(4), word(8));
    if hidden == 0
        || hidden > outpost_nnue::MAX_HIDDEN
        || buckets == 0
        || buckets > outpost_nnue::MAX_BUCKETS
        || !KING_BUCKET_CHOICES.contains(&king_buckets)
    {
        return Err(bad());
    }
    let layout = Layout::new(hidden, buckets, king_buckets);
    if bytes.len() != header + 4 * layout.len {
        return Err(bad());
    }
    let params = bytes[header..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    Ok(FloatNetwork {
        hidden,
        buckets,
        king_buckets,
        params,
    })
}
