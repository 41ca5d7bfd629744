//! Making Outpost's neural networks: self-play data generation, tools for
//! the data files, and a CPU trainer.
//!
//! ```
//! use outpost_board::Position;
//! use outpost_train::{GameResult, TrainingRecord};
//!
//! let pos = Position::startpos();
//! let mv = pos.legal_moves()[0];
//! let record = TrainingRecord::new(&pos, 25, mv, GameResult::Draw);
//! let back = TrainingRecord::from_bytes(&record.to_bytes()).unwrap();
//! assert_eq!(back, record);
//! assert_eq!(back.pieces().count(), 32);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
pub mod datagen;
pub mod dataset;
mod error;
pub mod pgn_import;
mod record;
pub mod trainer;

pub use datagen::{generate, read_records, write_records, DatagenConfig, DatagenProgress};
pub use error::TrainError;
pub use record::{GameResult, TrainingRecord, RECORD_BYTES};
