//! Generating a directory of tables: every table of up to 4 men, written
//! as files, with progress reports.

use crate::format::{self, TableKind};
use crate::tablebases::wdl_from_dtm;
use crate::{Material, Tablebases, TbError};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What [`generate_all`] makes and where.
///
/// ```
/// use outpost_tb::{generate_all, GenerateConfig, TbError};
///
/// let config = GenerateConfig {
///     men: 3, // KQK, KRK, KBK, KNK and KPK
///     dir: std::env::temp_dir().join("outpost-tables"),
///     threads: 0, // one per core
/// };
/// assert_eq!(config.dir.file_name().unwrap(), "outpost-tables");
///
/// // Only 3 and 4 men are made; anything else fails before any work.
/// let five = GenerateConfig { men: 5, ..config };
/// assert_eq!(generate_all(&five, |_| {}).unwrap_err(), TbError::BadMen { men: 5 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateConfig {
    /// 3 for the 3-man tables, 4 for all tables of 3 and 4 men.
    pub men: u32,
    /// The directory the tables are written to (created if needed).
    pub dir: PathBuf,
    /// Generator threads; 0 lets rayon choose (one per core).
    pub threads: usize,
}

/// A step of [`generate_all`], for progress reports.
///
/// ```
/// use outpost_tb::{generate_all, GenerateConfig, GenerateProgress};
///
/// let dir = std::env::temp_dir().join(format!("outpost-doc-progress-{}", std::process::id()));
/// let config = GenerateConfig { men: 3, dir: dir.clone(), threads: 1 };
/// let mut started = Vec::new();
/// let mut generated = Vec::new();
/// generate_all(&config, |step| match step {
///     GenerateProgress::Started { number, total, .. } => started.push((*number, *total)),
///     GenerateProgress::Generated { material, positions, bytes, .. } => {
///         assert!(*positions > 0 && *bytes > 0);
///         generated.push(material.to_string());
///     }
///     GenerateProgress::Reused { .. } => unreachable!("the directory was empty"),
/// })
/// .unwrap();
/// std::fs::remove_dir_all(&dir).unwrap();
/// assert_eq!(started, [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]);
/// assert_eq!(generated, ["KQK", "KRK", "KBK", "KNK", "KPK"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateProgress {
    /// A table is being generated (or checked, if it exists).
    Started {
        /// The table.
        material: Material,
        /// Its number, from 1.
        number: usize,
        /// How many tables the run makes.
        total: usize,
    },
    /// A table was generated and written.
    Generated {
        /// The table.
        material: Material,
        /// Legal positions, both sides to move (up to symmetry).
        positions: usize,
        /// The time it took to generate (not to write).
        elapsed: Duration,
        /// The size of its two files (DTM and WDL) in bytes.
        bytes: u64,
    },
    /// A valid table was already in the directory and was kept.
    Reused {
        /// The table.
        material: Material,
        /// The size of its two files in bytes.
        bytes: u64,
    },
}

/// What [`generate_all`] did.
///
/// ```
/// use outpost_tb::{generate_all, GenerateConfig};
///
/// let dir = std::env::temp_dir().join(format!("outpost-doc-summary-{}", std::process::id()));
/// let config = GenerateConfig { men: 3, dir: dir.clone(), threads: 1 };
/// let first = generate_all(&config, |_| {}).unwrap();
/// assert_eq!((first.generated, first.reused), (5, 0));
/// // A second run finds the files valid and keeps them.
/// let second = generate_all(&config, |_| {}).unwrap();
/// assert_eq!((second.generated, second.reused), (0, 5));
/// assert_eq!(second.bytes, first.bytes);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Tables generated now.
    pub generated: usize,
    /// Tables found valid and kept.
    pub reused: usize,
    /// The total size of the directory's table files in bytes.
    pub bytes: u64,
    /// The time the whole run took.
    pub elapsed: Duration,
}

/// Generates every table of up to `config.men` men into `config.dir`, each
/// as a DTM and a WDL file, in dependency order. Tables already present and
/// valid (header and checksum) are kept; damaged ones are made again.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::{generate_all, Dtm, GenerateConfig, Tablebases};
///
/// let dir = std::env::temp_dir().join(format!("outpost-doc-generate-{}", std::process::id()));
/// let config = GenerateConfig { men: 3, dir: dir.clone(), threads: 0 };
/// let summary = generate_all(&config, |_| {}).unwrap();
/// assert_eq!(summary.generated, 5);
/// // Two files per table: depth to mate and win/draw/loss.
/// assert!(dir.join("KQK.dtm").exists() && dir.join("KQK.wdl").exists());
///
/// // The directory is ready for probing.
/// let tb = Tablebases::open(&dir);
/// let krk = parse_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1").unwrap();
/// assert_eq!(tb.probe_dtm(&krk).unwrap(), Dtm::Win(3));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn generate_all(
    config: &GenerateConfig,
    mut progress: impl FnMut(&GenerateProgress),
) -> Result<Summary, TbError> {
    if !(3..=4).contains(&config.men) {
        return Err(TbError::BadMen { men: config.men });
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| TbError::Threads {
            threads: config.threads,
            message: e.to_string(),
        })?;
    let start = Instant::now();
    let tb = Tablebases::open(&config.dir);
    let materials = Material::all_up_to(config.men);
    let total = materials.len();
    let mut summary = Summary {
        generated: 0,
        reused: 0,
        bytes: 0,
        elapsed: Duration::ZERO,
    };
    for (i, &material) in materials.iter().enumerate() {
        progress(&GenerateProgress::Started {
            material,
            number: i + 1,
            total,
        });
        let slots = tb.layout(material)?.len();
        let dtm_path = format::table_path(&config.dir, material, TableKind::Dtm);
        let wdl_path = format::table_path(&config.dir, material, TableKind::Wdl);
        let existing = format::read(&dtm_path, material, TableKind::Dtm, slots).and_then(|dtm| {
            format::read(&wdl_path, material, TableKind::Wdl, slots)?;
            Ok(dtm)
        });
        if let Ok(dtm) = existing {
            tb.install(material, dtm)?;
            let bytes = file_size(&dtm_path) + file_size(&wdl_path);
            summary.reused += 1;
            summary.bytes += bytes;
            progress(&GenerateProgress::Reused { material, bytes });
            continue;
        }
        let began = Instant::now();
        let (_, positions) = pool.install(|| tb.generate_table(material))?;
        let elapsed = began.elapsed();
        let dtm = tb.dtm_table(material)?;
        let mut bytes = format::write(&dtm_path, material, TableKind::Dtm, slots, dtm)?;
        bytes += format::write(
            &wdl_path,
            material,
            TableKind::Wdl,
            slots,
            &wdl_from_dtm(dtm),
        )?;
        summary.generated += 1;
        summary.bytes += bytes;
        progress(&GenerateProgress::Generated {
            material,
            positions,
            elapsed,
            bytes,
        });
    }
    summary.elapsed = start.elapsed();
    Ok(summary)
}

fn file_size(path: &std::path::Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}
