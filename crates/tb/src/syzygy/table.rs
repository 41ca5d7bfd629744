//! One Syzygy file: its header read into the layout of its compressed
//! blocks, the index of a position within it, and the value stored there.
//!
//! The format is Ronald de Man's: a magic number, a flags byte, then per
//! side to move (WDL files only, when the material is not symmetric) and
//! per leading-pawn file (tables with pawns): the pieces in encoding order,
//! the group order, and a canonical Huffman code over symbols built by
//! recursive pairing. Every read here is bounds-checked, so a damaged file
//! gives [`SyzygyError::Corrupt`], never a crash.

use super::index::{indexes, off_diagonal, MAX_GROUP};
use super::material::{MaterialKey, TableName};
use super::SyzygyError;
use outpost_board::{Color, PieceKind, Position};
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// Most men in a table.
pub(crate) const MAX_MEN: usize = 7;

/// The two kinds of file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TableKind {
    /// `.rtbw`: win, draw or loss (with the fifty-move rule's cursed wins
    /// and blessed losses).
    Wdl,
    /// `.rtbz`: distance to the next capture or pawn move, for one side to
    /// move.
    Dtz,
}

impl TableKind {
    fn magic(self) -> [u8; 4] {
        match self {
            TableKind::Wdl => [0x71, 0xe8, 0x23, 0x5d],
            TableKind::Dtz => [0xd7, 0x66, 0x0c, 0xa5],
        }
    }

    /// `WDL` or `DTZ`, for messages.
    pub(crate) fn label(self) -> &'static str {
        match self {
            TableKind::Wdl => "WDL",
            TableKind::Dtz => "DTZ",
        }
    }
}

/// How a file's bytes are held.
pub(crate) enum Storage {
    /// Mapped from the file: the pages are read when first touched, so a
    /// set of hundreds of gigabytes costs only what is probed.
    Mapped(memmap2::Mmap),
    /// Read into memory: no `unsafe` at all, for tests and for systems
    /// where mapping fails.
    Read(Vec<u8>),
}

impl Deref for Storage {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Storage::Mapped(map) => map,
            Storage::Read(bytes) => bytes,
        }
    }
}

/// How to bring a file in: mapped (the default) or read.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::syzygy::{Loading, Syzygy};
///
/// assert_eq!(Loading::default(), Loading::Mapped);
/// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy");
/// let mapped = Syzygy::open(&[dir], Loading::Mapped);
/// let read = Syzygy::open(&[dir], Loading::Read);
/// // Either way the tables give the same values.
/// let pos = parse_fen("8/8/8/8/1k6/8/1P6/4K3 w - - 0 1").unwrap();
/// assert_eq!(mapped.probe_wdl(&pos).unwrap(), read.probe_wdl(&pos).unwrap());
/// assert_eq!(mapped.probe_dtz(&pos).unwrap(), read.probe_dtz(&pos).unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Loading {
    /// Memory-map each file when first probed.
    #[default]
    Mapped,
    /// Read each file into memory when first probed (no `unsafe`; for small
    /// sets and for checking the mapped path).
    Read,
}

fn load(path: &Path, loading: Loading) -> Result<Storage, SyzygyError> {
    let io = |e: std::io::Error| SyzygyError::Io {
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    match loading {
        Loading::Read => Ok(Storage::Read(std::fs::read(path).map_err(io)?)),
        Loading::Mapped => {
            let file = std::fs::File::open(path).map_err(io)?;
            if file.metadata().map_err(io)?.len() == 0 {
                // An empty file cannot be mapped; it is reported as too short.
                return Ok(Storage::Read(Vec::new()));
            }
            // SAFETY: the mapping is read-only and private to this process.
            // The one way to break Rust's aliasing rules through it is for
            // another process to change or truncate the file while it is
            // mapped; table files are written once and never changed in
            // place, which is the same assumption every engine makes of
            // them. Every read through the map is bounds-checked against its
            // length. `Loading::Read` is the safe path, and the test
            // `mapped_and_read_tables_agree` checks that both give the same
            // values.
            let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io)?;
            Ok(Storage::Mapped(map))
        }
    }
}

/// The decoding data of one (side to move, file) part of a table.
#[derive(Clone, Debug, Default)]
struct PairsData {
    flags: u8,
    /// Piece codes in encoding order (1..6 White P N B R Q K, 9..14 Black).
    pieces: [u8; MAX_MEN],
    /// Lengths of the groups of like pieces, zero-terminated.
    group_len: [u8; MAX_MEN + 1],
    /// Each group's multiplier in the index; `group_idx[n]` (after the last
    /// group) is the part's size.
    group_idx: [u64; MAX_MEN + 1],
    /// The stored value when every position has the same one.
    single_value: Option<u16>,
    block_size: u64,
    span: u64,
    sparse_index_size: u64,
    block_length_size: u64,
    num_blocks: u64,
    min_sym_len: u32,
    /// Offset of the lowest symbol of each code length (u16 each).
    lowest_sym: usize,
    base64: Vec<u64>,
    symlen: Vec<u32>,
    /// Offset of the pairing tree (3 bytes a symbol).
    btree: usize,
    sparse_index: usize,
    block_length: usize,
    data: usize,
    /// DTZ: where each WDL class's value map starts.
    map_start: [usize; 4],
}

/// What the encoding needs to know of a table's material.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// The material with the file name's first side as White.
    pub(crate) key: MaterialKey,
    /// The same with the colours swapped.
    pub(crate) key2: MaterialKey,
    pub(crate) men: usize,
    pub(crate) has_pawns: bool,
    /// Some side has exactly one piece of a kind other than the king.
    pub(crate) has_unique_pieces: bool,
    /// Pawns of the leading colour (the side with fewer, when both have
    /// some), then of the other.
    pub(crate) pawn_count: [u32; 2],
}

impl Layout {
    pub(crate) fn of(key: MaterialKey) -> Layout {
        let pawns = |side| key.count(side, PieceKind::Pawn);
        let (white, black) = (pawns(0), pawns(1));
        let lead_is_white = black == 0 || (white > 0 && black >= white);
        let has_unique_pieces = (0..2).any(|side| {
            PieceKind::ALL[..5]
                .iter()
                .any(|&kind| key.count(side, kind) == 1)
        });
        Layout {
            key,
            key2: key.mirrored(),
            men: key.men() as usize,
            has_pawns: white + black > 0,
            has_unique_pieces,
            pawn_count: if lead_is_white {
                [white, black]
            } else {
                [black, white]
            },
        }
    }

    fn symmetric(&self) -> bool {
        self.key == self.key2
    }
}

/// An open table file.
pub(crate) struct Table {
    bytes: Storage,
    path: PathBuf,
    kind: TableKind,
    layout: Layout,
    sides: usize,
    parts: Vec<PairsData>,
}

/// A bounds-checked reader over the file.
struct Reader<'a> {
    bytes: &'a [u8],
    path: &'a Path,
}

impl Reader<'_> {
    fn corrupt(&self, reason: impl Into<String>) -> SyzygyError {
        SyzygyError::Corrupt {
            path: self.path.to_path_buf(),
            reason: reason.into(),
        }
    }

    fn slice(&self, at: usize, len: usize) -> Result<&[u8], SyzygyError> {
        at.checked_add(len)
            .and_then(|end| self.bytes.get(at..end))
            .ok_or_else(|| self.corrupt(format!("data at byte {at} lies beyond the file's end")))
    }

    fn u8(&self, at: usize) -> Result<u8, SyzygyError> {
        Ok(self.slice(at, 1)?[0])
    }

    fn u16_le(&self, at: usize) -> Result<u16, SyzygyError> {
        let s = self.slice(at, 2)?;
        Ok(u16::from_le_bytes([s[0], s[1]]))
    }

    fn u32_le(&self, at: usize) -> Result<u32, SyzygyError> {
        let s = self.slice(at, 4)?;
        Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
    }

    fn u32_be(&self, at: usize) -> Result<u32, SyzygyError> {
        let s = self.slice(at, 4)?;
        Ok(u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
    }

    fn u64_be(&self, at: usize) -> Result<u64, SyzygyError> {
        let s = self.slice(at, 8)?;
        let mut b = [0u8; 8];
        b.copy_from_slice(s);
        Ok(u64::from_be_bytes(b))
    }

    /// The left and right children of pairing symbol `sym` (12 bits each).
    fn tree_node(&self, btree: usize, sym: u32) -> Result<(u32, u32), SyzygyError> {
        let s = self.slice(btree + 3 * sym as usize, 3)?;
        let left = (u32::from(s[1] & 0xf) << 8) | u32::from(s[0]);
        let right = (u32::from(s[2]) << 4) | u32::from(s[1] >> 4);
        Ok((left, right))
    }
}

/// The piece code Syzygy files use for a piece.
fn piece_code(color: Color, kind: PieceKind) -> u8 {
    let base = kind.index() as u8 + 1;
    if color == Color::White {
        base
    } else {
        base | 8
    }
}

impl Table {
    /// Opens `path` as the `kind` table of `name`, checking its header
    /// against the material and its length against the layout it declares.
    pub(crate) fn open(
        path: &Path,
        kind: TableKind,
        name: &TableName,
        loading: Loading,
    ) -> Result<Table, SyzygyError> {
        let bytes = load(path, loading)?;
        let layout = Layout::of(name.key);
        let parts = parse(
            &Reader {
                bytes: &bytes,
                path,
            },
            kind,
            &layout,
        )?;
        let sides = if kind == TableKind::Wdl && !layout.symmetric() {
            2
        } else {
            1
        };
        Ok(Table {
            bytes,
            path: path.to_path_buf(),
            kind,
            layout,
            sides,
            parts,
        })
    }

    fn reader(&self) -> Reader<'_> {
        Reader {
            bytes: &self.bytes,
            path: &self.path,
        }
    }

    fn part(&self, side: usize, file: usize) -> Result<&PairsData, SyzygyError> {
        let file = if self.layout.has_pawns { file } else { 0 };
        self.parts
            .get(file * self.sides + side % self.sides)
            .ok_or_else(|| self.reader().corrupt("missing part"))
    }

    /// The WDL value stored for `pos` (-2 loss .. 2 win, for the side to
    /// move); `pos` must have this table's material.
    pub(crate) fn probe_wdl(&self, pos: &Position) -> Result<i32, SyzygyError> {
        debug_assert_eq!(self.kind, TableKind::Wdl);
        let (part, idx) = match self.locate(pos)? {
            Some(found) => found,
            None => return Err(self.reader().corrupt("WDL table without this side to move")),
        };
        let value = self.decompress(part, idx)?;
        Ok(i32::from(value & 0xff) - 2)
    }

    /// The DTZ stored for `pos`, whose WDL value is `wdl` (not 0), in the
    /// table's raw form before [`super::probe`] adds the zeroing move: `None`
    /// when the file holds only the other side to move.
    pub(crate) fn probe_dtz(&self, pos: &Position, wdl: i32) -> Result<Option<i32>, SyzygyError> {
        debug_assert_eq!(self.kind, TableKind::Dtz);
        let Some((part, idx)) = self.locate(pos)? else {
            return Ok(None);
        };
        let mut value = u32::from(self.decompress(part, idx)?);
        let flags = part.flags;
        let r = self.reader();
        if flags & 2 != 0 {
            let class = match wdl {
                -2 => 1,
                -1 => 3,
                1 => 2,
                _ => 0,
            };
            let start = part.map_start[class];
            value = if flags & 16 == 0 {
                u32::from(r.u8(start + value as usize)?)
            } else {
                u32::from(r.u16_le(start + 2 * value as usize)?)
            };
        }
        let in_plies = match wdl {
            2 => flags & 4 != 0,
            -2 => flags & 8 != 0,
            _ => false,
        };
        if !in_plies {
            value *= 2;
        }
        Ok(Some(value as i32))
    }

    /// The part and index of `pos`, or `None` for a DTZ file that stores
    /// the other side to move.
    fn locate(&self, pos: &Position) -> Result<Option<(&PairsData, u64)>, SyzygyError> {
        let ix = indexes();
        let layout = &self.layout;
        let black_to_move = pos.side_to_move() == Color::Black;
        let symmetric_black = layout.symmetric() && black_to_move;
        let black_stronger = MaterialKey::of(pos) != layout.key;
        let flip = symmetric_black || black_stronger;
        let (flip_color, flip_squares) = if flip { (8u8, 56u8) } else { (0, 0) };
        let stm = usize::from(flip ^ black_to_move);

        let mut squares = [0u8; MAX_MEN];
        let mut pieces = [0u8; MAX_MEN];
        let mut size = 0;
        let mut lead_count = 0;
        let mut lead_pawns = outpost_board::Bitboard::EMPTY;
        let mut file = 0;
        if layout.has_pawns {
            let first = self.part(0, 0)?.pieces[0] ^ flip_color;
            let color = if first & 8 == 0 {
                Color::White
            } else {
                Color::Black
            };
            lead_pawns = pos.pieces_of(color, PieceKind::Pawn);
            for sq in lead_pawns {
                if size >= MAX_MEN {
                    return Err(self.reader().corrupt("more pawns than the table holds"));
                }
                squares[size] = sq.index() as u8 ^ flip_squares;
                size += 1;
            }
            lead_count = size;
            if lead_count == 0 {
                return Err(self.reader().corrupt("no leading pawn"));
            }
            let leader = (0..lead_count)
                .max_by_key(|&i| (ix.map_pawns[squares[i] as usize], std::cmp::Reverse(i)))
                .unwrap_or(0);
            squares.swap(0, leader);
            let f = squares[0] & 7;
            file = usize::from(f.min(7 - f));
        }
        if self.kind == TableKind::Dtz {
            let stored = usize::from(self.part(0, file)?.flags & 1);
            if (layout.has_pawns || !layout.symmetric()) && stored != stm {
                return Ok(None);
            }
        }
        for sq in pos.occupied() & !lead_pawns {
            if size >= MAX_MEN {
                return Err(self.reader().corrupt("more men than the table holds"));
            }
            let piece = pos
                .piece_on(sq)
                .ok_or_else(|| self.reader().corrupt("empty square"))?;
            squares[size] = sq.index() as u8 ^ flip_squares;
            pieces[size] = piece_code(piece.color(), piece.kind()) ^ flip_color;
            size += 1;
        }
        if size != layout.men {
            return Err(self.reader().corrupt("position and table differ in men"));
        }
        let part = self.part(stm, file)?;
        // Order the pieces as the file lists them.
        for i in lead_count..size.saturating_sub(1) {
            for j in i + 1..size {
                if part.pieces[i] == pieces[j] {
                    pieces.swap(i, j);
                    squares.swap(i, j);
                    break;
                }
            }
        }
        if (lead_count..size).any(|i| pieces[i] != part.pieces[i]) {
            return Err(self.reader().corrupt("pieces do not match the table's"));
        }
        let squares = &mut squares[..size];
        if squares[0] & 7 > 3 {
            for sq in squares.iter_mut() {
                *sq ^= 7;
            }
        }
        let mut idx: u64;
        if layout.has_pawns {
            idx = ix.lead_pawn_idx[lead_count][squares[0] as usize];
            squares[1..lead_count].sort_by_key(|&sq| ix.map_pawns[sq as usize]);
            for (i, &sq) in squares.iter().enumerate().take(lead_count).skip(1) {
                idx += ix.binomial[i][ix.map_pawns[sq as usize] as usize];
            }
        } else {
            if squares[0] >> 3 > 3 {
                for sq in squares.iter_mut() {
                    *sq ^= 56;
                }
            }
            let first_group = usize::from(part.group_len[0]).min(size);
            for i in 0..first_group {
                let off = off_diagonal(squares[i]);
                if off == 0 {
                    continue;
                }
                if off > 0 {
                    for sq in squares[i..].iter_mut() {
                        *sq = ((*sq >> 3) | (*sq << 3)) & 63;
                    }
                }
                break;
            }
            if layout.has_unique_pieces {
                let s = [
                    u64::from(squares[0]),
                    u64::from(squares[1]),
                    u64::from(squares[2]),
                ];
                let adjust1 = u64::from(s[1] > s[0]);
                let adjust2 = u64::from(s[2] > s[0]) + u64::from(s[2] > s[1]);
                let rank = |sq: u64| sq >> 3;
                let b1h1h7 = |sq: u64| ix.map_b1h1h7[sq as usize];
                idx = if off_diagonal(squares[0]) != 0 {
                    (ix.map_a1d1d4[s[0] as usize] * 63 + (s[1] - adjust1)) * 62 + s[2] - adjust2
                } else if off_diagonal(squares[1]) != 0 {
                    (6 * 63 + rank(s[0]) * 28 + b1h1h7(s[1])) * 62 + s[2] - adjust2
                } else if off_diagonal(squares[2]) != 0 {
                    6 * 63 * 62
                        + 4 * 28 * 62
                        + rank(s[0]) * 7 * 28
                        + (rank(s[1]) - adjust1) * 28
                        + b1h1h7(s[2])
                } else {
                    6 * 63 * 62
                        + 4 * 28 * 62
                        + 4 * 7 * 28
                        + rank(s[0]) * 7 * 6
                        + (rank(s[1]) - adjust1) * 6
                        + (rank(s[2]) - adjust2)
                };
            } else {
                let first = ix.map_a1d1d4[squares[0] as usize] as usize;
                idx = ix.map_kk[first.min(9)][squares[1] as usize];
            }
        }
        idx = idx.wrapping_mul(part.group_idx[0]);
        let mut start = usize::from(part.group_len[0]);
        let mut remaining_pawns = layout.has_pawns && layout.pawn_count[1] > 0;
        let mut next = 1;
        while next <= MAX_MEN && part.group_len[next] != 0 {
            let len = usize::from(part.group_len[next]);
            let end = (start + len).min(size);
            squares[start..end].sort_unstable();
            let mut n = 0u64;
            for i in 0..end - start {
                let sq = squares[start + i];
                let adjust = squares[..start].iter().filter(|&&s| sq > s).count() as i64;
                let at = i64::from(sq) - adjust - if remaining_pawns { 8 } else { 0 };
                let k = i + 1;
                if !(0..64).contains(&at) || k >= MAX_GROUP {
                    return Err(self.reader().corrupt("square outside the group's range"));
                }
                n += ix.binomial[k][at as usize];
            }
            remaining_pawns = false;
            idx = idx.wrapping_add(n.wrapping_mul(part.group_idx[next]));
            start = end;
            next += 1;
        }
        Ok(Some((part, idx)))
    }

    /// The value at `idx` of `part`.
    fn decompress(&self, d: &PairsData, idx: u64) -> Result<u16, SyzygyError> {
        if let Some(value) = d.single_value {
            return Ok(value);
        }
        let r = self.reader();
        let bad = |what: &str| r.corrupt(what.to_string());
        let k = idx / d.span;
        if k >= d.sparse_index_size {
            return Err(bad("index beyond the table's size"));
        }
        let entry = d.sparse_index + 6 * k as usize;
        let mut block = u64::from(r.u32_le(entry)?);
        let mut offset = i64::from(r.u16_le(entry + 4)?);
        offset += (idx % d.span) as i64 - (d.span / 2) as i64;
        let block_length = |b: u64| -> Result<i64, SyzygyError> {
            if b >= d.block_length_size {
                return Err(bad("block beyond the block table"));
            }
            Ok(i64::from(r.u16_le(d.block_length + 2 * b as usize)?))
        };
        while offset < 0 {
            block = block
                .checked_sub(1)
                .ok_or_else(|| bad("block before the first"))?;
            offset += block_length(block)? + 1;
        }
        loop {
            let len = block_length(block)?;
            if offset <= len {
                break;
            }
            offset -= len + 1;
            block += 1;
        }
        if block >= d.num_blocks {
            return Err(bad("block beyond the data"));
        }
        let mut ptr = d.data + (block * d.block_size) as usize;
        let mut buf = r.u64_be(ptr)?;
        ptr += 8;
        let mut buf_size = 64u32;
        let min = d.min_sym_len;
        let mut sym;
        loop {
            let mut len = 0usize;
            while buf < d.base64[len] {
                len += 1;
                if len >= d.base64.len() {
                    return Err(bad("no code of this length"));
                }
            }
            let shift = 64 - len as u32 - min;
            sym = ((buf - d.base64[len]) >> shift) as u32;
            sym += u32::from(r.u16_le(d.lowest_sym + 2 * len)?);
            let sym_len = *d
                .symlen
                .get(sym as usize)
                .ok_or_else(|| bad("symbol outside the alphabet"))?;
            if offset < i64::from(sym_len) + 1 {
                break;
            }
            offset -= i64::from(sym_len) + 1;
            let bits = len as u32 + min;
            buf = if bits >= 64 { 0 } else { buf << bits };
            buf_size = buf_size
                .checked_sub(bits)
                .ok_or_else(|| bad("code longer than the buffer"))?;
            if buf_size <= 32 {
                buf_size += 32;
                buf |= u64::from(r.u32_be(ptr)?) << (64 - buf_size);
                ptr += 4;
            }
        }
        while d.symlen[sym as usize] != 0 {
            let (left, right) = r.tree_node(d.btree, sym)?;
            let left_len = i64::from(
                *d.symlen
                    .get(left as usize)
                    .ok_or_else(|| bad("symbol outside the alphabet"))?,
            );
            if offset < left_len + 1 {
                sym = left;
            } else {
                offset -= left_len + 1;
                sym = right;
            }
            if sym as usize >= d.symlen.len() {
                return Err(bad("symbol outside the alphabet"));
            }
        }
        let (left, _) = r.tree_node(d.btree, sym)?;
        Ok(if self.kind == TableKind::Wdl {
            (left & 0xff) as u16
        } else {
            left as u16
        })
    }
}

/// Reads the header and block layout of a table file.
fn parse(r: &Reader<'_>, kind: TableKind, layout: &Layout) -> Result<Vec<PairsData>, SyzygyError> {
    let bytes = r.bytes;
    if bytes.len() < 64 + 16 || bytes.len() % 64 != 16 {
        return Err(r.corrupt(format!(
            "{} bytes: a table file is 16 bytes past a multiple of 64 (truncated?)",
            bytes.len()
        )));
    }
    if r.slice(0, 4)? != kind.magic() {
        return Err(r.corrupt(format!("not a {} file (wrong magic number)", kind.label())));
    }
    let flags = r.u8(4)?;
    if (flags & 2 != 0) != layout.has_pawns {
        return Err(r.corrupt("pawn flag does not match the material in the file name"));
    }
    let sides = if kind == TableKind::Wdl && layout.key != layout.key2 {
        2
    } else {
        1
    };
    if kind == TableKind::Wdl && (flags & 1 != 0) != (sides == 2) {
        return Err(r.corrupt("symmetry flag does not match the material in the file name"));
    }
    let files = if layout.has_pawns { 4 } else { 1 };
    let both_pawns = layout.has_pawns && layout.pawn_count[1] > 0;
    let mut parts = vec![PairsData::default(); files * sides];
    let mut at = 5usize;
    for file in 0..files {
        let first = r.u8(at)?;
        let second = if both_pawns { r.u8(at + 1)? } else { 0xff };
        let order = [
            [usize::from(first & 0xf), usize::from(second & 0xf)],
            [usize::from(first >> 4), usize::from(second >> 4)],
        ];
        at += 1 + usize::from(both_pawns);
        for k in 0..layout.men {
            let byte = r.u8(at + k)?;
            for side in 0..sides {
                parts[file * sides + side].pieces[k] =
                    if side == 0 { byte & 0xf } else { byte >> 4 };
            }
        }
        at += layout.men;
        for side in 0..sides {
            let part = &mut parts[file * sides + side];
            check_pieces(r, part, layout)?;
            set_groups(r, part, layout, order[side], file)?;
        }
    }
    at += at & 1;
    for part in parts.iter_mut() {
        at = set_sizes(r, part, kind, at)?;
    }
    if kind == TableKind::Dtz {
        for part in parts.iter_mut() {
            if part.flags & 2 == 0 {
                continue;
            }
            if part.flags & 16 == 0 {
                for start in part.map_start.iter_mut() {
                    *start = at + 1;
                    at += 1 + usize::from(r.u8(at)?);
                }
            } else {
                if layout.has_pawns {
                    at += at & 1;
                }
                for start in part.map_start.iter_mut() {
                    *start = at + 2;
                    at += 2 + 2 * usize::from(r.u16_le(at)?);
                }
            }
        }
        at += at & 1;
    }
    for part in parts.iter_mut() {
        part.sparse_index = at;
        at = add(r, at, part.sparse_index_size.checked_mul(6))?;
    }
    for part in parts.iter_mut() {
        part.block_length = at;
        at = add(r, at, part.block_length_size.checked_mul(2))?;
    }
    for part in parts.iter_mut() {
        at = (at + 0x3f) & !0x3f;
        part.data = at;
        at = add(r, at, part.num_blocks.checked_mul(part.block_size))?;
    }
    if at > bytes.len() {
        return Err(r.corrupt(format!(
            "the header describes {at} bytes but the file has {} (truncated?)",
            bytes.len()
        )));
    }
    Ok(parts)
}

fn add(r: &Reader<'_>, at: usize, len: Option<u64>) -> Result<usize, SyzygyError> {
    len.and_then(|n| usize::try_from(n).ok())
        .and_then(|n| at.checked_add(n))
        .ok_or_else(|| r.corrupt("sizes overflow"))
}

/// The pieces a part lists must be the material of the file's name.
fn check_pieces(r: &Reader<'_>, part: &PairsData, layout: &Layout) -> Result<(), SyzygyError> {
    let mismatch = || {
        r.corrupt(format!(
            "its header's pieces are not those of {} (a file renamed from another material, or damaged)",
            super::material::name_of(layout.key)
        ))
    };
    let mut counts = [[0u32; 6]; 2];
    for &code in &part.pieces[..layout.men] {
        let kind = usize::from(code & 7);
        if !(1..=6).contains(&kind) || code & 0xf0 != 0 {
            return Err(mismatch());
        }
        counts[usize::from(code >> 3)][kind - 1] += 1;
    }
    for (side, kinds) in counts.iter().enumerate() {
        for kind in PieceKind::ALL {
            if kinds[kind.index()] != layout.key.count(side, kind) {
                return Err(mismatch());
            }
        }
    }
    Ok(())
}

/// Splits the pieces into groups and works out each group's multiplier.
fn set_groups(
    r: &Reader<'_>,
    d: &mut PairsData,
    layout: &Layout,
    order: [usize; 2],
    file: usize,
) -> Result<(), SyzygyError> {
    let ix = indexes();
    let mut n = 0;
    let mut first_len: i32 = if layout.has_pawns {
        0
    } else if layout.has_unique_pieces {
        3
    } else {
        2
    };
    d.group_len[0] = 1;
    for i in 1..layout.men {
        first_len -= 1;
        if first_len > 0 || d.pieces[i] == d.pieces[i - 1] {
            d.group_len[n] += 1;
        } else {
            n += 1;
            d.group_len[n] = 1;
        }
    }
    n += 1;
    d.group_len[n] = 0;
    let both_pawns = layout.has_pawns && layout.pawn_count[1] > 0;
    let mut next = if both_pawns { 2 } else { 1 };
    let mut free = 64i64
        - i64::from(d.group_len[0])
        - if both_pawns {
            i64::from(d.group_len[1])
        } else {
            0
        };
    let mut idx: u64 = 1;
    let overflow = || r.corrupt("table size overflows");
    let mut k = 0;
    while next < n || k == order[0] || k == order[1] {
        if k == order[0] {
            d.group_idx[0] = idx;
            let size = if layout.has_pawns {
                let lead = usize::from(d.group_len[0]).min(5);
                ix.lead_pawns_size[lead][file]
            } else if layout.has_unique_pieces {
                31_332
            } else {
                462
            };
            idx = idx.checked_mul(size).ok_or_else(overflow)?;
        } else if k == order[1] {
            d.group_idx[1] = idx;
            let len = usize::from(d.group_len[1]);
            let squares = 48 - usize::from(d.group_len[0]);
            let ways = *ix
                .binomial
                .get(len)
                .and_then(|row| row.get(squares))
                .ok_or_else(overflow)?;
            idx = idx.checked_mul(ways).ok_or_else(overflow)?;
        } else {
            d.group_idx[next] = idx;
            let len = usize::from(d.group_len[next]);
            let ways = *ix
                .binomial
                .get(len)
                .and_then(|row| usize::try_from(free).ok().and_then(|f| row.get(f)))
                .ok_or_else(overflow)?;
            idx = idx.checked_mul(ways).ok_or_else(overflow)?;
            free -= i64::from(d.group_len[next]);
            next += 1;
        }
        k += 1;
        if k > 16 {
            return Err(r.corrupt("bad group order"));
        }
    }
    d.group_idx[n] = idx;
    Ok(())
}

/// Reads a part's code description at `at`; returns where the next starts.
fn set_sizes(
    r: &Reader<'_>,
    d: &mut PairsData,
    kind: TableKind,
    mut at: usize,
) -> Result<usize, SyzygyError> {
    d.flags = r.u8(at)?;
    if d.flags & 0x80 != 0 {
        // Every position holds one value. A DTZ file's byte here is not
        // used: its single value is 0.
        d.single_value = Some(if kind == TableKind::Wdl {
            u16::from(r.u8(at + 1)?)
        } else {
            0
        });
        return Ok(at + 2);
    }
    let groups = d.group_len.iter().position(|&l| l == 0).unwrap_or(0);
    let table_size = d.group_idx[groups];
    let block_shift = r.u8(at + 1)?;
    let span_shift = r.u8(at + 2)?;
    if block_shift > 32 || span_shift == 0 || span_shift > 32 {
        return Err(r.corrupt("bad block or index size"));
    }
    d.block_size = 1 << block_shift;
    d.span = 1 << span_shift;
    d.sparse_index_size = table_size.div_ceil(d.span);
    let padding = u64::from(r.u8(at + 3)?);
    d.num_blocks = u64::from(r.u32_le(at + 4)?);
    d.block_length_size = d.num_blocks + padding;
    let max_sym_len = u32::from(r.u8(at + 8)?);
    let min_sym_len = u32::from(r.u8(at + 9)?);
    if min_sym_len == 0 || max_sym_len < min_sym_len || max_sym_len > 64 {
        return Err(r.corrupt("bad code lengths"));
    }
    d.min_sym_len = min_sym_len;
    at += 10;
    d.lowest_sym = at;
    let lengths = (max_sym_len - min_sym_len + 1) as usize;
    let mut base64 = vec![0u64; lengths];
    for i in (0..lengths - 1).rev() {
        let low = u64::from(r.u16_le(at + 2 * i)?);
        let next_low = u64::from(r.u16_le(at + 2 * i + 2)?);
        base64[i] = (base64[i + 1].wrapping_add(low).wrapping_sub(next_low)) / 2;
    }
    for (i, base) in base64.iter_mut().enumerate() {
        let shift = 64 - i as u32 - min_sym_len;
        *base = if shift >= 64 { 0 } else { *base << shift };
    }
    d.base64 = base64;
    at += 2 * lengths;
    let symbols = usize::from(r.u16_le(at)?);
    at += 2;
    d.btree = at;
    r.slice(at, 3 * symbols)?;
    d.symlen = symbol_lengths(r, d.btree, symbols)?;
    Ok(at + 3 * symbols + (symbols & 1))
}

/// How many values each pairing symbol stands for, less one: a leaf 0, a
/// pair one more than its two children together. A cycle is corruption.
fn symbol_lengths(r: &Reader<'_>, btree: usize, symbols: usize) -> Result<Vec<u32>, SyzygyError> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut lens = vec![0u32; symbols];
    let mut state = vec![NEW; symbols];
    let mut stack: Vec<(u32, bool)> = Vec::new();
    for root in 0..symbols as u32 {
        if state[root as usize] == DONE {
            continue;
        }
        stack.push((root, false));
        while let Some((sym, children_done)) = stack.pop() {
            let s = sym as usize;
            let (left, right) = r.tree_node(btree, sym)?;
            if children_done {
                lens[s] = lens[left as usize]
                    .saturating_add(lens[right as usize])
                    .saturating_add(1);
                state[s] = DONE;
                continue;
            }
            if state[s] == DONE {
                continue;
            }
            if right == 0xfff {
                lens[s] = 0;
                state[s] = DONE;
                continue;
            }
            if left as usize >= symbols || right as usize >= symbols {
                return Err(r.corrupt("pairing symbol outside the alphabet"));
            }
            state[s] = OPEN;
            stack.push((sym, true));
            for child in [left, right] {
                match state[child as usize] {
                    NEW => stack.push((child, false)),
                    OPEN => return Err(r.corrupt("pairing symbols form a cycle")),
                    _ => {}
                }
            }
        }
    }
    Ok(lens)
}
