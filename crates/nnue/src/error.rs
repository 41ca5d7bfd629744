//! What can be wrong with a network file.

/// Why a network could not be loaded.
///
/// ```
/// use outpost_nnue::{default_network, load_network, Network, NnueError};
///
/// assert_eq!(Network::from_bytes(b"not a network"), Err(NnueError::NotANetwork));
///
/// // A good file, damaged in three ways.
/// let good = default_network().to_bytes();
/// let mut flipped = good.clone();
/// flipped[100] ^= 1;
/// assert_eq!(Network::from_bytes(&flipped), Err(NnueError::Checksum));
/// let cut = &good[..good.len() - 1];
/// assert!(matches!(Network::from_bytes(cut), Err(NnueError::Length { .. })));
/// let mut future = good.clone();
/// future[4..8].copy_from_slice(&9u32.to_le_bytes());
/// assert_eq!(Network::from_bytes(&future), Err(NnueError::Version(9)));
/// assert!(NnueError::Version(9).to_string().ends_with("(this build reads versions 1 and 2)"));
///
/// // A hidden layer that is not a multiple of 16.
/// let shape = Network::new(10, 1, vec![0; 768 * 10], vec![0; 10], vec![0; 20], vec![0]);
/// assert!(matches!(shape, Err(NnueError::Shape(_))));
///
/// let missing = load_network("no/such/net.nnue".as_ref()).unwrap_err();
/// assert!(matches!(missing, NnueError::Io { .. }));
/// assert!(missing.to_string().starts_with("cannot read network file no/such/net.nnue"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NnueError {
    /// The file does not start with the network magic.
    #[error("not an Outpost network file (no OPNN header)")]
    NotANetwork,
    /// A format version this build does not read.
    #[error("network format version {0} is not supported (this build reads versions 1 and 2)")]
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
