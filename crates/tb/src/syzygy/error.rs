//! What can go wrong with Syzygy tables.

use std::path::PathBuf;
use thiserror::Error;

/// Why a Syzygy directory could not be used or a position not probed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SyzygyError {
    /// A WDL name that is not one of `loss`, `blessed-loss`, `draw`,
    /// `cursed-win`, `win`.
    #[error("unknown WDL value `{text}`: expected loss, blessed-loss, draw, cursed-win or win")]
    UnknownWdl {
        /// The text given.
        text: String,
    },
    /// A directory of the path list does not exist or cannot be read.
    #[error("cannot read Syzygy directory {path}: {reason}")]
    Directory {
        /// The directory.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// The position has castling rights: the tables hold none.
    #[error("position has castling rights: Syzygy tables cover positions without them")]
    CastlingRights,
    /// The position has more men than the largest table found.
    #[error("position has {men} men: the Syzygy tables found cover at most {largest}")]
    TooManyMen {
        /// Men (kings included) in the position.
        men: u32,
        /// The most men of any table found.
        largest: u32,
    },
    /// No file for this material (and kind) was found in the directories.
    #[error("no Syzygy {kind} table for {material}")]
    MissingTable {
        /// The material, as in the file name (`KQvKR`).
        material: String,
        /// `WDL` or `DTZ`.
        kind: &'static str,
    },
    /// A file could not be opened or mapped.
    #[error("cannot read {path}: {reason}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// A file's contents are not a valid table for its name: wrong magic,
    /// truncated, another material's pieces, or data that points outside
    /// the file.
    #[error("{path} is not a valid Syzygy table: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}
