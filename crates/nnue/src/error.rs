//! What can be wrong with a network file.

/// Why a network could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NnueError {
    /// The file does not start with the network magic.
    #[error("not an Outpost network file (no OPNN header)")]
    NotANetwork,
    /// A format version this build does not read.
    #[error("network format version {0} is not supported (this build reads version 1)")]
    Version(u32),
    /// Impossible dimensions.
    #[error("network shape not supported: {0}")]
    Shape(String),
    /// The file is longer or shorter than its header says.
    #[error("network file is {found} bytes, its header says {expected}")]
    Length {
        /// Bytes the header implies.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// The checksum does not match: the file is damaged.
    #[error("network file is corrupted (checksum mismatch)")]
    Checksum,
    /// The file could not be read.
    #[error("cannot read network file {path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        message: String,
    },
}
