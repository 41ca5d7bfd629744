//! The quantised network and its file format.
//!
//! A network file, all numbers little-endian:
//!
//! | field            | type           | value                                   |
//! |------------------|----------------|-----------------------------------------|
//! | magic            | 4 bytes        | `OPNN`                                  |
//! | version          | u32            | 1, or 2 for a king-bucketed network     |
//! | hidden           | u32            | H: hidden units per perspective, a multiple of 16, at most 4096 |
//! | buckets          | u32            | B: output buckets by piece count, 1 to 16 |
//! | king buckets     | u32            | only in version 2: KB, 1 or [`KING_BUCKETS`] (version 1: 1) |
//! | feature weights  | i16 × KB·768·H | row by input ([`crate::feature_in`]), scaled by [`QA`] |
//! | feature biases   | i16 × H        | scaled by [`QA`]                        |
//! | output weights   | i16 × B·2H     | per bucket: the side to move's half, then the other's; scaled by [`QB`] |
//! | output biases    | i32 × B        | scaled by [`QA`]·[`QB`]                 |
//! | checksum         | u64            | FNV-1a of every byte before it          |
//!
//! The output is `(Σ screlu(a)·w / QA + bias) · SCALE / (QA·QB)` centipawns,
//! where `screlu(a) = clamp(a, 0, QA)²` and bucket `(pieces − 2)·B / 32` is used.

use crate::features::{INPUTS, KING_BUCKETS, KING_BUCKET_CHOICES};
use crate::NnueError;

/// Feature-transformer quantisation: an activation of 1.0 is this.
pub const QA: i32 = 255;
/// Output-weight quantisation: a weight of 1.0 is this.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output (the trainer's sigmoid scale).
pub const SCALE: i32 = 400;
/// The file's first four bytes.
pub const MAGIC: [u8; 4] = *b"OPNN";
/// The format version of a network without king buckets; one with them
/// is written as [`VERSION_KING_BUCKETS`]. This crate reads both.
pub const VERSION: u32 = 1;
/// The format version of a king-bucketed network (one more header field).
pub const VERSION_KING_BUCKETS: u32 = 2;
/// The largest hidden layer a file may declare.
pub const MAX_HIDDEN: usize = 4096;
/// The most output buckets a file may declare.
pub const MAX_BUCKETS: usize = 16;

/// A quantised network: 768 inputs per king bucket → H hidden units per
/// perspective (SCReLU) → 1 output per bucket.
///
/// ```
/// use outpost_board::Position;
/// use outpost_eval::Evaluate;
/// use outpost_nnue::{Network, NnueEvaluator, INPUTS, QA, QB};
/// use std::sync::Arc;
///
/// // The smallest network: 16 hidden units, one output bucket, every weight
/// // 0 and an output bias worth a quarter of a unit, i.e. 100 centipawns.
/// let hidden = 16;
/// let network = Network::new(
///     hidden,
///     1,
///     vec![0; INPUTS * hidden],
///     vec![0; hidden],
///     vec![0; 2 * hidden],
///     vec![QA * QB / 4],
/// )
/// .unwrap();
/// assert_eq!((network.hidden(), network.buckets(), network.king_buckets()), (16, 1, 1));
///
/// // Its file reads back as the same network.
/// let bytes = network.to_bytes();
/// assert_eq!(Network::from_bytes(&bytes).unwrap(), network);
///
/// let mut eval = NnueEvaluator::new(Arc::new(network));
/// let start = Position::startpos();
/// eval.set_root(&start);
/// assert_eq!(eval.evaluate(&start), 100);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    buckets: usize,
    king_buckets: usize,
    pub(crate) feature_weights: Vec<i16>,
    pub(crate) feature_biases: Vec<i16>,
    pub(crate) output_weights: Vec<i16>,
    pub(crate) output_biases: Vec<i32>,
}

impl Network {
    /// A network without king buckets from its quantised parameters,
    /// checking their sizes.
    pub fn new(
        hidden: usize,
        buckets: usize,
        feature_weights: Vec<i16>,
        feature_biases: Vec<i16>,
        output_weights: Vec<i16>,
        output_biases: Vec<i32>,
    ) -> Result<Network, NnueError> {
        Network::with_king_buckets(
            1,
            hidden,
            buckets,
            feature_weights,
            feature_biases,
            output_weights,
            output_biases,
        )
    }

    /// A network with `king_buckets` king buckets (1 or [`KING_BUCKETS`])
    /// from its quantised parameters, checking their sizes.
    pub fn with_king_buckets(
        king_buckets: usize,
        hidden: usize,
        buckets: usize,
        feature_weights: Vec<i16>,
        feature_biases: Vec<i16>,
        output_weights: Vec<i16>,
        output_biases: Vec<i32>,
    ) -> Result<Network, NnueError> {
        check_shape(hidden, buckets)?;
        check_king_buckets(king_buckets)?;
        let sizes = [
            (
                feature_weights.len(),
                king_buckets * INPUTS * hidden,
                "feature weights",
            ),
            (feature_biases.len(), hidden, "feature biases"),
            (output_weights.len(), buckets * 2 * hidden, "output weights"),
            (output_biases.len(), buckets, "output biases"),
        ];
        for (got, want, what) in sizes {
            if got != want {
                return Err(NnueError::Shape(format!("{got} {what}, expected {want}")));
            }
        }
        Ok(Network {
            hidden,
            buckets,
            king_buckets,
            feature_weights,
            feature_biases,
            output_weights,
            output_biases,
        })
    }

    /// Hidden units per perspective.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// King buckets: 1, or [`KING_BUCKETS`] sets of inputs chosen by where
    /// each perspective's king stands.
    pub fn king_buckets(&self) -> usize {
        self.king_buckets
    }

    /// The feature weights, scaled by [`QA`]: for each king bucket and each
    /// input ([`crate::feature_in`]), a row of [`Network::hidden`] weights.
    ///
    /// ```
    /// use outpost_nnue::{default_network, INPUTS};
    ///
    /// let net = default_network();
    /// assert_eq!(net.feature_weights().len(), net.king_buckets() * INPUTS * net.hidden());
    /// ```
    pub fn feature_weights(&self) -> &[i16] {
        &self.feature_weights
    }

    /// The feature biases, one per hidden unit, scaled by [`QA`].
    ///
    /// ```
    /// let net = outpost_nnue::default_network();
    /// assert_eq!(net.feature_biases().len(), net.hidden());
    /// ```
    pub fn feature_biases(&self) -> &[i16] {
        &self.feature_biases
    }

    /// The output weights, scaled by [`QB`]: per output bucket, the side to
    /// move's [`Network::hidden`] weights, then the other side's.
    ///
    /// ```
    /// let net = outpost_nnue::default_network();
    /// assert_eq!(net.output_weights().len(), net.buckets() * 2 * net.hidden());
    /// ```
    pub fn output_weights(&self) -> &[i16] {
        &self.output_weights
    }

    /// The output biases, one per output bucket, scaled by [`QA`]·[`QB`].
    ///
    /// ```
    /// let net = outpost_nnue::default_network();
    /// assert_eq!(net.output_biases().len(), net.buckets());
    /// ```
    pub fn output_biases(&self) -> &[i32] {
        &self.output_biases
    }

    /// The output bucket of a position with `pieces` pieces (kings included).
    #[inline]
    pub fn bucket(&self, pieces: u32) -> usize {
        output_bucket(pieces, self.buckets)
    }

    /// The file's checksum: an identifier of the network.
    pub fn checksum(&self) -> u64 {
        let bytes = self.to_bytes();
        let tail = &bytes[bytes.len() - 8..];
        u64::from_le_bytes([
            tail[0], tail[1], tail[2], tail[3], tail[4], tail[5], tail[6], tail[7],
        ])
    }

    /// The network as a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.file_len());
        out.extend_from_slice(&MAGIC);
        let version = if self.king_buckets == 1 {
            VERSION
        } else {
            VERSION_KING_BUCKETS
        };
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&(self.buckets as u32).to_le_bytes());
        if version == VERSION_KING_BUCKETS {
            out.extend_from_slice(&(self.king_buckets as u32).to_le_bytes());
        }
        for w in self
            .feature_weights
            .iter()
            .chain(&self.feature_biases)
            .chain(&self.output_weights)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_biases {
            out.extend_from_slice(&b.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a network file, checking its magic, version, shape, length
    /// and checksum.
    ///
    /// ```
    /// use outpost_nnue::{Network, MAGIC};
    ///
    /// let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/gen11.nnue")).unwrap();
    /// assert_eq!(bytes[..4], MAGIC);
    /// let network = Network::from_bytes(&bytes).unwrap();
    /// // Generation 11: 256 hidden units per perspective, 8 output buckets.
    /// assert_eq!((network.hidden(), network.buckets()), (256, 8));
    /// assert_eq!(network.to_bytes(), bytes);
    /// // The last 8 bytes are the checksum.
    /// assert_eq!(network.checksum().to_le_bytes(), bytes[bytes.len() - 8..]);
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NnueError> {
        if bytes.len() < 16 || bytes[0..4] != MAGIC {
            return Err(NnueError::NotANetwork);
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let version = word(4);
        let (king_buckets, header) = match version {
            VERSION => (1, 16),
            VERSION_KING_BUCKETS if bytes.len() >= 20 => (word(16) as usize, 20),
            VERSION_KING_BUCKETS => return Err(NnueError::NotANetwork),
            _ => return Err(NnueError::Version(version)),
        };
        let (hidden, buckets) = (word(8) as usize, word(12) as usize);
        check_shape(hidden, buckets)?;
        check_king_buckets(king_buckets)?;
        let expected = file_len(hidden, buckets, king_buckets);
        if bytes.len() != expected {
            return Err(NnueError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let body = &bytes[..expected - 8];
        let stored = u64::from_le_bytes(
            bytes[expected - 8..]
                .try_into()
                .map_err(|_| NnueError::NotANetwork)?,
        );
        if fnv1a(body) != stored {
            return Err(NnueError::Checksum);
        }
        let mut at = header;
        let mut i16s = |n: usize| {
            let v: Vec<i16> = body[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let feature_weights = i16s(king_buckets * INPUTS * hidden);
        let feature_biases = i16s(hidden);
        let output_weights = i16s(buckets * 2 * hidden);
        let output_biases = body[at..at + 4 * buckets]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Network::with_king_buckets(
            king_buckets,
            hidden,
            buckets,
            feature_weights,
            feature_biases,
            output_weights,
            output_biases,
        )
    }

    fn file_len(&self) -> usize {
        file_len(self.hidden, self.buckets, self.king_buckets)
    }
}

/// The output bucket, out of `buckets`, of a position with `pieces`
/// pieces (kings included): `(pieces − 2) · buckets / 32`. The trainer and
/// inference share it.
///
/// ```
/// use outpost_nnue::output_bucket;
///
/// assert_eq!(output_bucket(2, 8), 0); // bare kings
/// assert_eq!(output_bucket(18, 8), 4);
/// assert_eq!(output_bucket(32, 8), 7); // the start position
/// assert_eq!(output_bucket(32, 1), 0);
/// ```
#[inline]
pub fn output_bucket(pieces: u32, buckets: usize) -> usize {
    ((pieces.clamp(2, 32) as usize - 2) * buckets / 32).min(buckets.max(1) - 1)
}

fn check_shape(hidden: usize, buckets: usize) -> Result<(), NnueError> {
    if hidden == 0 || hidden % 16 != 0 || hidden > MAX_HIDDEN {
        return Err(NnueError::Shape(format!(
            "{hidden} hidden units (a multiple of 16 up to {MAX_HIDDEN} is needed)"
        )));
    }
    if buckets == 0 || buckets > MAX_BUCKETS {
        return Err(NnueError::Shape(format!(
            "{buckets} output buckets (1 to {MAX_BUCKETS} are allowed)"
        )));
    }
    Ok(())
}

fn check_king_buckets(king_buckets: usize) -> Result<(), NnueError> {
    if KING_BUCKET_CHOICES.contains(&king_buckets) {
        Ok(())
    } else {
        Err(NnueError::Shape(format!(
            "{king_buckets} king buckets (1 or {KING_BUCKETS} are allowed)"
        )))
    }
}

fn file_len(hidden: usize, buckets: usize, king_buckets: usize) -> usize {
    let header = if king_buckets == 1 { 16 } else { 20 };
    header + 2 * (king_buckets * INPUTS * hidden + hidden + buckets * 2 * hidden) + 4 * buckets + 8
}

/// The 64-bit FNV-1a hash.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
