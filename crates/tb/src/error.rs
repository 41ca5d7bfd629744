//! The crate's error type.

use crate::Material;
use std::path::PathBuf;
use thiserror::Error;

/// Why a table could not be generated, stored, loaded or probed.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::{cli, Material, Tablebases, TbError};
///
/// let tb = Tablebases::empty(); // no directory, nothing generated yet
/// let kqk = parse_fen("8/8/8/8/8/2k5/8/K1Q5 b - - 0 1").unwrap();
/// let kqk_material = Material::of(&kqk);
/// assert_eq!(tb.probe_wdl(&kqk), Err(TbError::NotAvailable { material: kqk_material }));
///
/// // Too many men, or castling rights: outside what any table holds.
/// let start = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
/// assert_eq!(tb.probe_dtm(&start), Err(TbError::TooManyMen { men: 32 }));
/// let castling = parse_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
/// assert_eq!(tb.probe_dtm(&castling), Err(TbError::CastlingRights));
///
/// // A 4-man table needs the tables its captures lead to.
/// let kqkr: Material = "KQKR".parse().unwrap();
/// let missing = tb.generate_table(kqkr).unwrap_err();
/// assert!(matches!(missing, TbError::MissingSubtable { .. }));
/// assert!(missing.to_string().starts_with("generating KQKR needs"));
///
/// // Bad text from the user.
/// assert!(matches!("KQ".parse::<Material>(), Err(TbError::BadMaterial { .. })));
/// let bad_fen = cli::probe(&tb, "not a fen", std::io::sink()).unwrap_err();
/// assert!(matches!(bad_fen, TbError::BadFen { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TbError {
    /// The position has more men than the tables cover.
    #[error("position has {men} men: the tables cover at most 4")]
    TooManyMen {
        /// How many men (kings included) the position has.
        men: u32,
    },
    /// The position has castling rights, which the tables do not model.
    #[error("position has castling rights: the tables cover positions without them")]
    CastlingRights,
    /// A material name that is not `K`, White's pieces, `K`, Black's pieces.
    #[error("bad material `{text}`: {reason}")]
    BadMaterial {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A material the tables do not cover (more than 4 men or a bare-king pair).
    #[error("no table for {material}: tables cover 3 and 4 men")]
    NoSuchTable {
        /// The material asked for.
        material: Material,
    },
    /// The tables were asked for a number of men other than 3 or 4.
    #[error("cannot generate tables of {men} men: expected 3 or 4")]
    BadMen {
        /// The number given.
        men: u32,
    },
    /// The table is neither in memory nor loadable: no directory was set and
    /// it was not generated.
    #[error(
        "table {material} is not available: no table directory set and not generated in memory"
    )]
    NotAvailable {
        /// The table's material.
        material: Material,
    },
    /// Generating a table needs its successors (captures, promotions) first.
    #[error("generating {material} needs {needs} first")]
    MissingSubtable {
        /// The table being generated.
        material: Material,
        /// The table it needs.
        needs: Material,
    },
    /// The table file does not exist.
    #[error("table file {path} is missing")]
    Missing {
        /// The file looked for.
        path: PathBuf,
    },
    /// Reading or writing a table file failed.
    #[error("table file {path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's message.
        message: String,
    },
    /// The file does not start with the table magic.
    #[error("table file {path} is not an Outpost table: bad magic")]
    BadMagic {
        /// The file.
        path: PathBuf,
    },
    /// The file's format version is not one this build reads.
    #[error("table file {path} has format version {version}: expected {expected}")]
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// The version found.
        version: u16,
        /// The version this build reads.
        expected: u16,
    },
    /// The header disagrees with the table the file was opened for.
    #[error("table file {path} has a bad header: {reason}")]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// What disagrees.
        reason: String,
    },
    /// The file is shorter or longer than its header says.
    #[error("table file {path} is {found} bytes: expected {expected} (truncated or padded)")]
    WrongLength {
        /// The file.
        path: PathBuf,
        /// The length the header implies.
        expected: u64,
        /// The length found.
        found: u64,
    },
    /// The file's checksum does not match its contents.
    #[error("table file {path} is corrupt: checksum {found:08x}, expected {expected:08x}")]
    BadChecksum {
        /// The file.
        path: PathBuf,
        /// The checksum stored in the file.
        expected: u32,
        /// The checksum of the contents.
        found: u32,
    },
    /// A legal position's slot is marked as holding no position.
    #[error("table {material} marks slot {index} invalid for a legal position")]
    InvalidEntry {
        /// The table's material.
        material: Material,
        /// The slot.
        index: usize,
    },
    /// A mate longer than a table byte holds.
    #[error("table {material} has a mate longer than {max} plies")]
    DtmOverflow {
        /// The table's material.
        material: Material,
        /// The longest distance a byte holds.
        max: u16,
    },
    /// A table value that is not the best of its moves' values.
    #[error(
        "table {material} is inconsistent at `{fen}`: stores {stored}, its moves give {expected}"
    )]
    Inconsistent {
        /// The table.
        material: Material,
        /// The position.
        fen: String,
        /// The stored value.
        stored: String,
        /// The value its moves give.
        expected: String,
    },
    /// A FEN that does not parse into a legal position.
    #[error("bad FEN `{fen}`: {message}")]
    BadFen {
        /// The FEN given.
        fen: String,
        /// Why it was rejected.
        message: String,
    },
    /// The generator's thread pool could not be started.
    #[error("cannot start {threads} generator threads: {message}")]
    Threads {
        /// The number of threads asked for.
        threads: usize,
        /// Why the pool failed.
        message: String,
    },
    /// A Syzygy table could not answer.
    #[error(transparent)]
    Syzygy(#[from] crate::syzygy::SyzygyError),
    /// Writing a report failed.
    #[error("cannot write output: {message}")]
    Output {
        /// The operating system's message.
        message: String,
    },
}

impl From<std::io::Error> for TbError {
    /// An error writing to the output of a command-line function.
    fn from(e: std::io::Error) -> TbError {
        TbError::Output {
            message: e.to_string(),
        }
    }
}
