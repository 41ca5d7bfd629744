//! The on-disk format of a table file.
//!
//! One file per material and kind: `KQKR.dtm` (a byte per slot) and
//! `KQKR.wdl` (two bits per slot). All numbers are little-endian.
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 4 | magic `OPTB` |
//! | 4 | 2 | format version (1) |
//! | 6 | 1 | kind: 1 = DTM, 2 = WDL |
//! | 7 | 1 | reserved, 0 |
//! | 8 | 8 | material name in ASCII (`KQKR`), padded with NUL bytes |
//! | 16 | 8 | slots (both sides to move; see the `index` module) |
//! | 24 | 8 | payload length in bytes |
//! | 32 | n | payload |
//! | 32 + n | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! DTM payload: one byte per slot, White to move first: 0 draw, `1 + plies`
//! for a mate in that many plies (odd: the side to move wins, even: it is
//! mated), 255 for a slot that holds no legal canonical position.
//!
//! WDL payload: four slots per byte, lowest bits first: 0 draw, 1 win,
//! 2 loss, 3 no position.

use crate::{Material, TbError};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The four bytes every table file starts with.
pub const MAGIC: [u8; 4] = *b"OPTB";
/// The format version this build writes and reads.
pub const VERSION: u16 = 1;
/// The header's length in bytes.
pub const HEADER_LEN: usize = 32;

/// What a table file holds.
///
/// ```
/// use outpost_tb::format::{encode, table_path, TableKind, HEADER_LEN, MAGIC};
/// use outpost_tb::Material;
/// use std::path::Path;
///
/// let kqkr: Material = "KQKR".parse().unwrap();
/// let path = table_path(Path::new("tables"), kqkr, TableKind::Wdl);
/// assert_eq!(path, Path::new("tables").join("KQKR.wdl"));
/// // A byte per slot for DTM, four slots per byte for WDL.
/// assert_eq!(TableKind::Dtm.payload_len(10), 10);
/// assert_eq!(TableKind::Wdl.payload_len(10), 3);
///
/// let file = encode(kqkr, TableKind::Wdl, 10, &[0; 3]);
/// assert_eq!(file[..4], MAGIC);
/// assert_eq!(file[6], TableKind::Wdl as u8);
/// assert_eq!(file.len(), HEADER_LEN + 3 + 4); // header, payload, CRC-32
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// Depth to mate, a byte per slot.
    Dtm = 1,
    /// Win/draw/loss, two bits per slot.
    Wdl = 2,
}

impl TableKind {
    /// The file extension: `dtm` or `wdl`.
    pub const fn extension(self) -> &'static str {
        match self {
            TableKind::Dtm => "dtm",
            TableKind::Wdl => "wdl",
        }
    }

    /// The payload length for a table of `slots` slots.
    pub const fn payload_len(self, slots: usize) -> usize {
        match self {
            TableKind::Dtm => slots,
            TableKind::Wdl => slots.div_ceil(4),
        }
    }
}

/// The path of a material's table of one kind in `dir`.
pub fn table_path(dir: &Path, material: Material, kind: TableKind) -> PathBuf {
    dir.join(format!("{material}.{}", kind.extension()))
}

/// Serialises a table: header, payload, checksum (what [`TableKind`]'s
/// files hold; public for tools and tests that build files).
pub fn encode(material: Material, kind: TableKind, slots: usize, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len() + 4);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(kind as u8);
    out.push(0);
    let mut name = [0u8; 8];
    let text = material.to_string();
    for (dst, src) in name.iter_mut().zip(text.bytes()) {
        *dst = src;
    }
    out.extend_from_slice(&name);
    out.extend_from_slice(&(slots as u64).to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(payload);
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// Writes a table file, through a temporary file renamed into place so a
/// reader never sees half a file.
pub(crate) fn write(
    path: &Path,
    material: Material,
    kind: TableKind,
    slots: usize,
    payload: &[u8],
) -> Result<u64, TbError> {
    let io = |e: std::io::Error| TbError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(io)?;
    }
    let bytes = encode(material, kind, slots, payload);
    let tmp = path.with_extension(format!("{}.tmp", kind.extension()));
    let mut file = fs::File::create(&tmp).map_err(io)?;
    file.write_all(&bytes).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    fs::rename(&tmp, path).map_err(io)?;
    Ok(bytes.len() as u64)
}

/// Reads a table file and checks it: magic, version, kind, material, slot
/// count, length and checksum. Returns the payload.
pub(crate) fn read(
    path: &Path,
    material: Material,
    kind: TableKind,
    slots: usize,
) -> Result<Vec<u8>, TbError> {
    let bytes = fs::read(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            TbError::Missing {
                path: path.to_path_buf(),
            }
        } else {
            TbError::Io {
                path: path.to_path_buf(),
                message: e.to_string(),
            }
        }
    })?;
    decode(path, bytes, material, kind, slots)
}

/// Checks a table file's bytes (see [`read`]) and returns the payload.
pub(crate) fn decode(
    path: &Path,
    mut bytes: Vec<u8>,
    material: Material,
    kind: TableKind,
    slots: usize,
) -> Result<Vec<u8>, TbError> {
    let path = || path.to_path_buf();
    let payload_len = kind.payload_len(slots);
    let expected = (HEADER_LEN + payload_len + 4) as u64;
    if bytes.len() < 4 || bytes[..4] != MAGIC {
        return Err(TbError::BadMagic { path: path() });
    }
    if bytes.len() < HEADER_LEN {
        return Err(TbError::WrongLength {
            path: path(),
            expected,
            found: bytes.len() as u64,
        });
    }
    let version = u16::from_le_bytes([bytes[4], bytes[5]]);
    if version != VERSION {
        return Err(TbError::UnsupportedVersion {
            path: path(),
            version,
            expected: VERSION,
        });
    }
    let bad = |reason: String| TbError::BadHeader {
        path: path(),
        reason,
    };
    if bytes[6] != kind as u8 {
        return Err(bad(format!(
            "kind byte {}, expected {} ({})",
            bytes[6],
            kind as u8,
            kind.extension()
        )));
    }
    let name_end = bytes[8..16].iter().position(|&b| b == 0).unwrap_or(8);
    let name = String::from_utf8_lossy(&bytes[8..8 + name_end]).into_owned();
    if name != material.to_string() {
        return Err(bad(format!("material `{name}`, expected {material}")));
    }
    let u64_at = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let (header_slots, header_len) = (u64_at(16), u64_at(24));
    if header_slots != slots as u64 {
        return Err(bad(format!("{header_slots} slots, expected {slots}")));
    }
    if header_len != payload_len as u64 {
        return Err(bad(format!(
            "payload of {header_len} bytes, expected {payload_len}"
        )));
    }
    if bytes.len() as u64 != expected {
        return Err(TbError::WrongLength {
            path: path(),
            expected,
            found: bytes.len() as u64,
        });
    }
    let body = bytes.len() - 4;
    let stored = u32::from_le_bytes([
        bytes[body],
        bytes[body + 1],
        bytes[body + 2],
        bytes[body + 3],
    ]);
    let computed = crc32fast::hash(&bytes[..body]);
    if stored != computed {
        return Err(TbError::BadChecksum {
            path: path(),
            expected: stored,
            found: computed,
        });
    }
    bytes.truncate(body);
    bytes.drain(..HEADER_LEN);
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (Material, Vec<u8>) {
        let material: Material = "KQK".parse().unwrap();
        (material, (0..100u8).collect())
    }

    #[test]
    fn encode_decode_round_trip() {
        let (m, payload) = sample();
        let bytes = encode(m, TableKind::Dtm, 100, &payload);
        assert_eq!(bytes.len(), HEADER_LEN + 100 + 4);
        let back = decode(Path::new("x"), bytes, m, TableKind::Dtm, 100).unwrap();
        assert_eq!(back, payload);
    }

    #[test]
    fn damage_is_detected() {
        let (m, payload) = sample();
        let bytes = encode(m, TableKind::Dtm, 100, &payload);
        let p = Path::new("x");
        let check = |b: Vec<u8>| decode(p, b, m, TableKind::Dtm, 100).unwrap_err();
        // Truncated anywhere.
        for cut in [0, 3, 20, 40, bytes.len() - 1] {
            let e = check(bytes[..cut].to_vec());
            assert!(
                matches!(e, TbError::WrongLength { .. } | TbError::BadMagic { .. }),
                "{cut}: {e}"
            );
        }
        // A flipped bit in the payload.
        let mut b = bytes.clone();
        b[50] ^= 4;
        assert!(matches!(check(b), TbError::BadChecksum { .. }));
        // A wrong magic, version, kind, material.
        let mut b = bytes.clone();
        b[0] = b'X';
        assert!(matches!(check(b), TbError::BadMagic { .. }));
        let mut b = bytes.clone();
        b[4] = 9;
        assert!(matches!(
            check(b),
            TbError::UnsupportedVersion { version: 9, .. }
        ));
        let mut b = bytes.clone();
        b[6] = 2;
        assert!(matches!(check(b), TbError::BadHeader { .. }));
        let other: Material = "KRK".parse().unwrap();
        let e = decode(p, bytes.clone(), other, TableKind::Dtm, 100).unwrap_err();
        assert!(matches!(e, TbError::BadHeader { .. }));
        let e = decode(p, bytes, m, TableKind::Dtm, 101).unwrap_err();
        assert!(matches!(e, TbError::BadHeader { .. }));
    }
}
