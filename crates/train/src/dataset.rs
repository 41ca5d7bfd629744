//! Tools for data files: remove duplicate positions, shuffle, count.

use crate::datagen::{read_records, write_records};
use crate::error::TrainError;
use crate::record::{GameResult, TrainingRecord};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::path::Path;

/// Keeps the first record of every position (placement and side to move),
/// in their order. Returns how many were kept and how many dropped.
pub fn dedupe_records(records: Vec<TrainingRecord>) -> (Vec<TrainingRecord>, usize) {
    let before = records.len();
    let mut seen = HashSet::with_capacity(before);
    let kept: Vec<TrainingRecord> = records
        .into_iter()
        .filter(|r| seen.insert(r.position_key()))
        .collect();
    let dropped = before - kept.len();
    (kept, dropped)
}

/// Puts the records in a random order fixed by `seed` (Fisher–Yates).
pub fn shuffle_records(records: &mut [TrainingRecord], seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..records.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        records.swap(i, j);
    }
}

/// `outpost datagen dedupe`: writes `output` with the first record of every
/// position of `input`; returns (kept, dropped).
pub fn dedupe_file(input: &Path, output: &Path) -> Result<(usize, usize), TrainError> {
    let (kept, dropped) = dedupe_records(read_records(input)?);
    write_records(output, &kept)?;
    Ok((kept.len(), dropped))
}

/// `outpost datagen shuffle`: writes `output` with every record of the
/// `inputs` in a random order fixed by `seed`; returns the count.
pub fn shuffle_files(inputs: &[&Path], output: &Path, seed: u64) -> Result<usize, TrainError> {
    let mut records = Vec::new();
    for input in inputs {
        records.extend(read_records(input)?);
    }
    shuffle_records(&mut records, seed);
    write_records(output, &records)?;
    Ok(records.len())
}

/// What a data file holds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DataStats {
    /// Records.
    pub records: usize,
    /// Records from games White won, drew, Black won.
    pub results: [usize; 3],
    /// Mean absolute score, centipawns.
    pub mean_abs_score: f64,
    /// Mean number of pieces on the board.
    pub mean_pieces: f64,
    /// The evaluation scale *K* (centipawns, 10 to 2000) at which the win
    /// probability `σ(score / K)` best predicts the records' results (least
    /// squares): the value for `train --eval-scale`. `None` without records.
    pub fitted_scale: Option<u32>,
}

/// Fits *K* to `(score, result)` pairs given as a table: for every score
/// (White's view, offset by 32768) the count, the sum of results and the sum
/// of squared results (1 win, ½ draw, 0 loss for White).
fn fit_scale(table: &[[f64; 3]]) -> Option<u32> {
    let loss = |k: u32| {
        let mut total = 0.0;
        for (i, &[n, r, rr]) in table.iter().enumerate() {
            if n > 0.0 {
                let p = 1.0 / (1.0 + (-(i as f64 - 32768.0) / f64::from(k)).exp());
                total += n * p * p - 2.0 * p * r + rr;
            }
        }
        total
    };
    if table.iter().all(|e| e[0] == 0.0) {
        return None;
    }
    (10..=2000)
        .map(|k| (k, loss(k)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(k, _)| k)
}

/// Counts a data file.
pub fn stats_file(path: &Path) -> Result<DataStats, TrainError> {
    let records = read_records(path)?;
    let mut stats = DataStats {
        records: records.len(),
        ..DataStats::default()
    };
    let (mut score, mut pieces) = (0f64, 0f64);
    let mut table = vec![[0f64; 3]; 65536];
    for r in &records {
        let result = f64::from(crate::record::white_score(r.result));
        let entry = &mut table[(i32::from(r.score) + 32768) as usize];
        entry[0] += 1.0;
        entry[1] += result;
        entry[2] += result * result;
        stats.results[match r.result {
            GameResult::WhiteWins => 0,
            GameResult::Draw | GameResult::Unknown => 1,
            GameResult::BlackWins => 2,
        }] += 1;
        score += f64::from(r.score).abs();
        pieces += f64::from(r.occupancy().count());
    }
    let n = records.len().max(1) as f64;
    stats.mean_abs_score = score / n;
    stats.mean_pieces = pieces / n;
    stats.fitted_scale = fit_scale(&table);
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::fit_scale;

    #[test]
    fn the_fitted_scale_is_the_one_the_results_were_drawn_with() {
        for k in [150.0f64, 400.0, 900.0] {
            // 1000 records at every 20 cp from −1000 to 1000, won in the
            // share σ(s / k) and lost otherwise.
            let mut table = vec![[0f64; 3]; 65536];
            for s in (-1000i32..=1000).step_by(20) {
                let wins = (1000.0 / (1.0 + (-f64::from(s) / k).exp())).round();
                table[(s + 32768) as usize] = [1000.0, wins, wins];
            }
            let fitted = f64::from(fit_scale(&table).unwrap());
            assert!(
                (fitted - k).abs() <= k * 0.02,
                "drawn with {k}, fitted {fitted}"
            );
        }
        assert_eq!(fit_scale(&vec![[0f64; 3]; 65536]), None);
    }
}
