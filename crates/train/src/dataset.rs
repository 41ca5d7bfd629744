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
}

/// Counts a data file.
pub fn stats_file(path: &Path) -> Result<DataStats, TrainError> {
    let records = read_records(path)?;
    let mut stats = DataStats {
        records: records.len(),
        ..DataStats::default()
    };
    let (mut score, mut pieces) = (0f64, 0f64);
    for r in &records {
        stats.results[match r.result {
            GameResult::WhiteWins => 0,
            GameResult::Draw => 1,
            GameResult::BlackWins => 2,
        }] += 1;
        score += f64::from(r.score).abs();
        pieces += f64::from(r.occupancy().count());
    }
    let n = records.len().max(1) as f64;
    stats.mean_abs_score = score / n;
    stats.mean_pieces = pieces / n;
    Ok(stats)
}
