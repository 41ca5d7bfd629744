//! What can go wrong making training data and networks.

use std::path::PathBuf;

/// An error of data generation, the data tools or the trainer.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A training record does not describe a position.
    #[error("bad training record: {0}")]
    BadRecord(String),
    /// A data file's length is not a whole number of records.
    #[error("{path}: {len} bytes is not a whole number of 32-byte records")]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Its length.
        len: u64,
    },
    /// The progress file of an interrupted run does not match this run.
    #[error("cannot resume {path}: {reason}")]
    Resume {
        /// The progress file.
        path: PathBuf,
        /// Why not.
        reason: String,
    },
    /// A setting is out of range.
    #[error("invalid setting: {0}")]
    Setting(String),
}

impl TrainError {
    /// Wraps an I/O error with the file it concerns.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> TrainError {
        TrainError::Io {
            path: path.into(),
            source,
        }
    }
}
