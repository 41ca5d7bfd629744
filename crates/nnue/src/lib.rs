//! Outpost's neural evaluation: an efficiently updatable network (768
//! inputs → H hidden units per perspective, SCReLU → one output per
//! material bucket), its file format, and an evaluator whose accumulators
//! follow the search move by move.
//!
//! ```
//! use outpost_board::Position;
//! use outpost_eval::Evaluate;
//! use outpost_nnue::{default_network, NnueEvaluator};
//!
//! let network = default_network();
//! let mut eval = NnueEvaluator::new(network);
//! let pos = Position::startpos();
//! eval.set_root(&pos);
//! let score = eval.evaluate(&pos);
//! assert_eq!(score, eval.evaluate_from_scratch(&pos));
//! ```

#![warn(missing_docs)]
mod error;
mod evaluator;
mod features;
mod kernel;
mod network;

pub use error::NnueError;
pub use evaluator::NnueEvaluator;
pub use features::{
    active_features, feature, feature_in, KingSlot, INPUTS, KING_BUCKETS, KING_BUCKET_CHOICES,
};
pub use kernel::Kernel;
pub use network::{
    output_bucket, Network, MAGIC, MAX_BUCKETS, MAX_HIDDEN, QA, QB, SCALE, VERSION,
    VERSION_KING_BUCKETS,
};

use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The network built into the binary: generation 10 (docs/nnue.md), or
/// the file `OUTPOST_EVALFILE` named at build time (`make EVALFILE=...`;
/// see `build.rs`).
const DEFAULT_NETWORK: &[u8] = include_bytes!(env!("OUTPOST_EMBEDDED_NETWORK"));

/// The network built into the binary, read once.
///
/// ```
/// use outpost_nnue::default_network;
/// use std::sync::Arc;
///
/// let network = default_network();
/// // Read once: every call shares the same network.
/// assert!(Arc::ptr_eq(&network, &default_network()));
/// assert_eq!(network.hidden() % 16, 0);
/// assert!(network.buckets() >= 1);
/// ```
pub fn default_network() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    NETWORK
        .get_or_init(|| {
            // The build embeds a file this crate's tests read; a damaged
            // one fails them.
            Arc::new(Network::from_bytes(DEFAULT_NETWORK).expect("the embedded network is valid"))
        })
        .clone()
}

/// Reads a network file.
///
/// ```
/// use outpost_board::Position;
/// use outpost_eval::Evaluate;
/// use outpost_nnue::{load_network, NnueEvaluator};
/// use std::path::Path;
/// use std::sync::Arc;
///
/// let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/gen11.nnue"));
/// let network = Arc::new(load_network(path).unwrap());
/// assert_eq!(network.hidden(), 256);
///
/// // Incremental updates along a game agree with computing from scratch.
/// let mut eval = NnueEvaluator::new(network);
/// let start = Position::startpos();
/// eval.set_root(&start);
/// let e4 = start.legal_moves().iter().copied().find(|m| m.to_string() == "e2e4").unwrap();
/// let after = start.play(e4);
/// eval.make(&start, e4, &after);
/// assert_eq!(eval.evaluate(&after), eval.evaluate_from_scratch(&after));
/// eval.unmake();
/// assert_eq!(eval.evaluate(&start), eval.evaluate_from_scratch(&start));
/// ```
pub fn load_network(path: &Path) -> Result<Network, NnueError> {
    let bytes = std::fs::read(path).map_err(|e| NnueError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    Network::from_bytes(&bytes)
}
