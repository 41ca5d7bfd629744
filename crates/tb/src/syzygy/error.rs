//! What can go wrong with Syzygy tables.

use std::path::PathBuf;
use thiserror::Error;

/// Why a Syzygy directory could not be used or a position not probed.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::syzygy::{Loading, Syzygy, SyzygyError, SyzygyWdl};
///
/// // A directory with KQvK's WDL file but not its DTZ file, and a file
/// // named like KRvK's WDL table that is not one.
/// let dir = std::env::temp_dir().join(format!("outpost-doc-syzygy-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy");
/// let wdl = std::fs::read(format!("{data}/KQvK.rtbw")).unwrap();
/// std::fs::write(dir.join("KQvK.rtbw"), wdl).unwrap();
/// std::fs::write(dir.join("KRvK.rtbw"), b"not a Syzygy table").unwrap();
/// let tables = Syzygy::open(&[&dir], Loading::Read);
///
/// let kqk = parse_fen("8/8/8/8/KQ6/8/7k/8 w - - 0 1").unwrap();
/// assert_eq!(tables.probe_wdl(&kqk), Ok(SyzygyWdl::Win));
/// let no_dtz = tables.probe_dtz(&kqk).unwrap_err();
/// assert_eq!(no_dtz.to_string(), "no Syzygy DTZ table for KQvK");
/// let krk = parse_fen("8/8/8/8/KR6/8/7k/8 w - - 0 1").unwrap();
/// assert!(matches!(tables.probe_wdl(&krk), Err(SyzygyError::Corrupt { .. })));
/// std::fs::remove_dir_all(&dir).unwrap();
///
/// // More men than the largest table, castling rights, a bad WDL name.
/// let castling = parse_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
/// assert_eq!(tables.probe_wdl(&castling), Err(SyzygyError::CastlingRights));
/// let kqkr = parse_fen("k7/8/8/8/8/8/r7/KQ6 w - - 0 1").unwrap();
/// assert_eq!(tables.probe_wdl(&kqkr), Err(SyzygyError::TooManyMen { men: 4, largest: 3 }));
/// assert!(matches!("won".parse::<SyzygyWdl>(), Err(SyzygyError::UnknownWdl { .. })));
/// ```
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
