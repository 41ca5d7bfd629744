//! The set of tables: lazy loading, probing and best moves.

use crate::format::{self, TableKind};
use crate::index::Layout;
use crate::value::{wdl_bits, wdl_from_bits};
use crate::{generate, Dtm, Material, TbError, Wdl, MAX_MEN};
use outpost_board::attacks::pawn_attacks;
use outpost_board::{Move, PieceKind, Position};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Slots of the material lookup: a pair of piece codes (0 for none, else
/// `1 + colour * 5 + kind`), lower first.
const LOOKUP_LEN: usize = 11 * 11;
const NO_SLOT: u8 = u8::MAX;

/// What [`Tablebases::probe_root`] finds.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::{Dtm, Tablebases};
///
/// let tb = Tablebases::in_memory();
/// // Mate in 2 with the rook.
/// let krk = parse_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1").unwrap();
/// let root = tb.probe_root(&krk).unwrap();
/// assert_eq!(root.dtm, Dtm::Win(3));
/// let best = root.best_move.unwrap();
/// assert_eq!(tb.probe_dtm(&krk.play(best)).unwrap(), Dtm::Loss(2));
/// assert!(root.within_fifty_move_rule);
///
/// // The same position with the halfmove clock at 98: 3 plies are too many.
/// let late = parse_fen("k7/8/2K5/8/8/8/8/7R w - - 98 80").unwrap();
/// assert!(!tb.probe_root(&late).unwrap().within_fifty_move_rule);
///
/// // Checkmated: no move to play.
/// let mated = parse_fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").unwrap();
/// let root = tb.probe_root(&mated).unwrap();
/// assert_eq!((root.dtm, root.best_move), (Dtm::Loss(0), None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootProbe {
    /// The position's value from the side to move's view.
    pub dtm: Dtm,
    /// A move that keeps it (the fastest mate, the longest resistance, a
    /// drawing move); `None` when there is no legal move.
    pub best_move: Option<Move>,
    /// Whether the mate comes within the plies the fifty-move rule leaves
    /// even with no capture or pawn move on the way (always true for a
    /// draw). When false the engine may prefer a winning move that resets
    /// the count; see `docs/tablebases.md`.
    pub within_fifty_move_rule: bool,
}

/// One material's table, loaded or generated at most once.
struct Slot {
    layout: Layout,
    dtm: OnceLock<Result<Box<[u8]>, TbError>>,
    wdl: OnceLock<Result<Box<[u8]>, TbError>>,
}

/// The endgame tables of up to 4 men: probing for win/draw/loss, depth to
/// mate and the best move.
///
/// Tables come from a directory (loaded on first use, each at most once and
/// kept) or are generated in memory. `Tablebases` is `Send + Sync`: share one
/// between search threads behind an `Arc` or a reference.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::{Dtm, Material, Tablebases, Wdl};
///
/// // Generate the king-and-rook table, which needs no other, and probe it.
/// let tb = Tablebases::empty();
/// let krk: Material = "KRK".parse().unwrap();
/// let (slots, positions) = tb.generate_table(krk).unwrap();
/// assert!(0 < positions && positions <= slots);
///
/// let pos = parse_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1").unwrap();
/// assert_eq!(tb.probe_wdl(&pos).unwrap(), Wdl::Win);
/// assert_eq!(tb.probe_dtm(&pos).unwrap(), Dtm::Win(3));
/// // The same position with colours swapped is served by the same table.
/// assert_eq!(tb.probe_dtm(&pos.color_flipped()).unwrap(), Dtm::Win(3));
/// // Tables not generated are not available: KQK was not made.
/// let kqk = parse_fen("k7/8/2K5/8/8/8/8/6Q1 w - - 0 1").unwrap();
/// assert!(tb.probe_wdl(&kqk).is_err());
/// ```
pub struct Tablebases {
    dir: Option<PathBuf>,
    slots: Vec<Slot>,
    /// Per material key: slot number * 2 + 1 if the colours must be swapped.
    lookup: [u8; LOOKUP_LEN],
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("dir", &self.dir)
            .field("tables", &self.slots.len())
            .finish()
    }
}

/// The piece code of a position's non-king piece on `sq` (see [`LOOKUP_LEN`]).
#[inline]
fn piece_code(color: usize, kind: PieceKind) -> usize {
    1 + color * 5 + kind.index()
}

#[inline]
fn pair_key(a: usize, b: usize) -> usize {
    if a <= b {
        a * 11 + b
    } else {
        b * 11 + a
    }
}

impl Tablebases {
    fn with_dir(dir: Option<PathBuf>) -> Tablebases {
        let materials = Material::all_up_to(MAX_MEN);
        let mut lookup = [NO_SLOT; LOOKUP_LEN];
        let mut slots = Vec::with_capacity(materials.len());
        for (i, &material) in materials.iter().enumerate() {
            for (flip, m) in [(false, material), (true, material.flipped())] {
                let codes: Vec<usize> = m
                    .pieces()
                    .map(|(c, k)| piece_code(c.index(), k))
                    .chain([0, 0])
                    .take(2)
                    .collect();
                let key = pair_key(codes[0], codes[1]);
                if lookup[key] == NO_SLOT {
                    lookup[key] = (i * 2 + usize::from(flip)) as u8;
                }
            }
            slots.push(Slot {
                layout: Layout::new(material),
                dtm: OnceLock::new(),
                wdl: OnceLock::new(),
            });
        }
        Tablebases { dir, slots, lookup }
    }

    /// No tables yet and no directory: tables come only from
    /// [`Tablebases::generate_table`].
    pub fn empty() -> Tablebases {
        Tablebases::with_dir(None)
    }

    /// Tables read from `dir` on first use (`KQKR.dtm`, `KQKR.wdl`, …; see
    /// the [`format`](mod@format)(mod@crate::format) module). Nothing is read now: a missing
    /// or damaged file is reported by the probe that needs it.
    ///
    /// ```
    /// use outpost_notation::parse_fen;
    /// use outpost_tb::{generate_all, GenerateConfig, Tablebases, TbError, Wdl};
    ///
    /// let dir = std::env::temp_dir().join(format!("outpost-doc-open-{}", std::process::id()));
    /// let config = GenerateConfig { men: 3, dir: dir.clone(), threads: 0 };
    /// generate_all(&config, |_| {}).unwrap();
    ///
    /// let tb = Tablebases::open(&dir);
    /// assert_eq!(tb.dir(), Some(dir.as_path()));
    /// let kpk = parse_fen("8/8/8/8/8/2k5/P7/K7 w - - 0 1").unwrap();
    /// assert_eq!(tb.probe_wdl(&kpk).unwrap(), Wdl::Draw);
    /// // Every 3-man table is there; the 4-man ones are not.
    /// let kqkr = parse_fen("k7/8/8/8/8/8/r7/KQ6 w - - 0 1").unwrap();
    /// assert!(matches!(tb.probe_wdl(&kqkr), Err(TbError::Missing { .. })));
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn open(dir: impl Into<PathBuf>) -> Tablebases {
        Tablebases::with_dir(Some(dir.into()))
    }

    /// The 3-man tables generated in memory now (about 0.1 s of CPU in an
    /// optimised build), for use when no table directory is set. Probes of
    /// 4-man positions give [`TbError::NotAvailable`].
    ///
    /// ```
    /// use outpost_notation::parse_fen;
    /// use outpost_tb::{Dtm, Tablebases, TbError};
    ///
    /// let tb = Tablebases::in_memory();
    /// assert_eq!(tb.dir(), None);
    /// // KPK, White to move: the pawn queens by force.
    /// let kpk = parse_fen("8/8/8/8/8/8/P7/1K5k w - - 0 1").unwrap();
    /// assert!(matches!(tb.probe_dtm(&kpk).unwrap(), Dtm::Win(_)));
    /// // A 4-man position: not generated.
    /// let kqkr = parse_fen("k7/8/8/8/8/8/r7/KQ6 w - - 0 1").unwrap();
    /// assert!(matches!(tb.probe_dtm(&kqkr), Err(TbError::NotAvailable { .. })));
    /// ```
    pub fn in_memory() -> Tablebases {
        let tb = Tablebases::empty();
        for material in Material::all_up_to(3) {
            tb.generate_table(material)
                .expect("3-man tables need only the bare kings");
        }
        tb
    }

    /// The directory tables are read from, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Every material a table exists for, canonical orientation (the
    /// stronger side White), in generation order.
    pub fn materials(&self) -> impl Iterator<Item = Material> + '_ {
        self.slots.iter().map(|s| s.layout.material)
    }

    fn slot_of(&self, material: Material) -> Result<&Slot, TbError> {
        let (canonical, _) = material.canonical();
        self.slots
            .iter()
            .find(|s| s.layout.material == canonical)
            .ok_or(TbError::NoSuchTable { material })
    }

    /// Generates one table in memory (in parallel on the current rayon pool)
    /// and keeps it, for probes and for generating the tables that depend on
    /// it. The tables it resolves into (captures, promotions) must be
    /// available first: generate in [`Material::all_up_to`] order. Returns
    /// the number of slots and of legal positions. Does nothing more than
    /// count if the table is already present.
    ///
    /// ```
    /// use outpost_tb::{Material, Tablebases, TbError};
    ///
    /// let tb = Tablebases::empty();
    /// let kqkr: Material = "KQKR".parse().unwrap();
    /// // Its captures lead to KQK and KRK, which do not exist yet.
    /// assert!(matches!(tb.generate_table(kqkr), Err(TbError::MissingSubtable { .. })));
    /// // In generation order, each table finds the ones it needs.
    /// for material in Material::all_up_to(3) {
    ///     let (slots, positions) = tb.generate_table(material).unwrap();
    ///     assert!(positions <= slots);
    /// }
    /// // Asking again only counts.
    /// let kqk: Material = "KQK".parse().unwrap();
    /// assert_eq!(tb.generate_table(kqk), tb.generate_table(kqk));
    /// ```
    pub fn generate_table(&self, material: Material) -> Result<(usize, usize), TbError> {
        let slot = self.slot_of(material)?;
        for needs in slot.layout.material.successors() {
            if self.dtm_bytes(self.slot_of(needs)?).is_err() {
                return Err(TbError::MissingSubtable {
                    material: slot.layout.material,
                    needs,
                });
            }
        }
        if slot.dtm.get().is_none() {
            let bytes = generate::generate(&slot.layout, self)?;
            // A concurrent generation of the same table may have won; either
            // result is the same table.
            let _ = slot.dtm.set(Ok(bytes.into_boxed_slice()));
        }
        let bytes = self.dtm_bytes(slot)?;
        let valid = bytes.iter().filter(|&&b| b != Dtm::INVALID_BYTE).count();
        Ok((bytes.len(), valid))
    }

    /// Installs a table read or generated elsewhere (the directory generator).
    pub(crate) fn install(&self, material: Material, bytes: Vec<u8>) -> Result<(), TbError> {
        let slot = self.slot_of(material)?;
        let _ = slot.dtm.set(Ok(bytes.into_boxed_slice()));
        Ok(())
    }

    /// The layout of a material's table.
    pub(crate) fn layout(&self, material: Material) -> Result<&Layout, TbError> {
        Ok(&self.slot_of(material)?.layout)
    }

    /// The DTM bytes of a material's table, loading them if needed.
    pub(crate) fn dtm_table(&self, material: Material) -> Result<&[u8], TbError> {
        self.dtm_bytes(self.slot_of(material)?)
    }

    fn dtm_bytes<'a>(&'a self, slot: &'a Slot) -> Result<&'a [u8], TbError> {
        let material = slot.layout.material;
        let loaded = match &self.dir {
            Some(dir) => slot.dtm.get_or_init(|| {
                let path = format::table_path(dir, material, TableKind::Dtm);
                format::read(&path, material, TableKind::Dtm, slot.layout.len())
                    .map(Vec::into_boxed_slice)
            }),
            None => match slot.dtm.get() {
                Some(loaded) => loaded,
                None => return Err(TbError::NotAvailable { material }),
            },
        };
        loaded.as_deref().map_err(Clone::clone)
    }

    fn wdl_bytes<'a>(&'a self, slot: &'a Slot) -> Result<&'a [u8], TbError> {
        let material = slot.layout.material;
        let loaded = match &self.dir {
            Some(dir) => slot.wdl.get_or_init(|| {
                let path = format::table_path(dir, material, TableKind::Wdl);
                format::read(&path, material, TableKind::Wdl, slot.layout.len())
                    .map(Vec::into_boxed_slice)
            }),
            None => {
                let dtm = self.dtm_bytes(slot)?;
                slot.wdl
                    .get_or_init(|| Ok(wdl_from_dtm(dtm).into_boxed_slice()))
            }
        };
        loaded.as_deref().map_err(Clone::clone)
    }

    /// Checks that the tables can probe `pos`: no castling rights, at most 4 men.
    #[inline]
    fn check(pos: &Position) -> Result<(), TbError> {
        let men = pos.occupied().count();
        if men > MAX_MEN {
            return Err(TbError::TooManyMen { men });
        }
        if pos.castling_rights() != outpost_board::CastlingRights::NONE {
            return Err(TbError::CastlingRights);
        }
        Ok(())
    }

    /// The slot and colour swap of a position's material; `None` for bare kings.
    #[inline]
    fn find(&self, pos: &Position) -> Option<(&Slot, bool)> {
        let others = pos.occupied() & !pos.pieces(PieceKind::King);
        let mut codes = [0usize; 2];
        for (code, sq) in codes.iter_mut().zip(others) {
            if let Some(piece) = pos.piece_on(sq) {
                *code = piece_code(piece.color().index(), piece.kind());
            }
        }
        let entry = self.lookup[pair_key(codes[0], codes[1])];
        if entry == NO_SLOT {
            return None;
        }
        Some((&self.slots[usize::from(entry / 2)], entry & 1 == 1))
    }

    /// The table's value of `pos` as if it had no en-passant square.
    #[inline]
    fn dtm_ignoring_en_passant(&self, pos: &Position) -> Result<Dtm, TbError> {
        let Some((slot, flip)) = self.find(pos) else {
            return Ok(Dtm::Draw);
        };
        let bytes = self.dtm_bytes(slot)?;
        let index = slot.layout.index(&slot.layout.placement(pos, flip));
        Dtm::from_byte(bytes[index]).ok_or(TbError::InvalidEntry {
            material: slot.layout.material,
            index,
        })
    }

    #[inline]
    fn wdl_ignoring_en_passant(&self, pos: &Position) -> Result<Wdl, TbError> {
        let Some((slot, flip)) = self.find(pos) else {
            return Ok(Wdl::Draw);
        };
        let bytes = self.wdl_bytes(slot)?;
        let index = slot.layout.index(&slot.layout.placement(pos, flip));
        wdl_from_bits(bytes[index / 4] >> (2 * (index % 4))).ok_or(TbError::InvalidEntry {
            material: slot.layout.material,
            index,
        })
    }

    /// Depth to mate of `pos` from the side to move's view, or the draw.
    /// Handles an en-passant capture the tables themselves do not store.
    ///
    /// ```
    /// use outpost_notation::parse_fen;
    /// use outpost_tb::{Dtm, Tablebases};
    ///
    /// let tb = Tablebases::in_memory();
    /// let mated = parse_fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert_eq!(tb.probe_dtm(&mated).unwrap(), Dtm::Loss(0));
    /// let stalemate = parse_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert_eq!(tb.probe_dtm(&stalemate).unwrap(), Dtm::Draw);
    /// // White to move mates in one (the queen to d8).
    /// let before = parse_fen("k7/8/1K6/8/8/8/8/3Q4 w - - 0 1").unwrap();
    /// assert_eq!(tb.probe_dtm(&before).unwrap(), Dtm::Win(1));
    /// ```
    pub fn probe_dtm(&self, pos: &Position) -> Result<Dtm, TbError> {
        Tablebases::check(pos)?;
        let base = self.dtm_ignoring_en_passant(pos)?;
        with_en_passant(pos, base, |child| Ok(self.probe_dtm(child)?.parent()))
    }

    /// Win, draw or loss for the side to move: the fast probe for the
    /// search. It reads the two-bit WDL tables (loaded on first use), does
    /// not allocate and takes a lock only while a table loads.
    ///
    /// ```
    /// use outpost_notation::parse_fen;
    /// use outpost_tb::{Tablebases, Wdl};
    ///
    /// let tb = Tablebases::in_memory();
    /// // A lone knight cannot mate: every KNK position is a draw.
    /// let knk = parse_fen("8/8/3k4/8/8/2N5/8/K7 w - - 0 1").unwrap();
    /// assert_eq!(tb.probe_wdl(&knk).unwrap(), Wdl::Draw);
    /// // The rook wins whoever is to move (here Black, not able to take it).
    /// let krk = parse_fen("8/8/3k4/8/8/8/8/K6R b - - 0 1").unwrap();
    /// assert_eq!(tb.probe_wdl(&krk).unwrap(), Wdl::Loss);
    /// assert_eq!(tb.probe_wdl(&krk).unwrap(), tb.probe_dtm(&krk).unwrap().wdl());
    /// ```
    #[inline]
    pub fn probe_wdl(&self, pos: &Position) -> Result<Wdl, TbError> {
        Tablebases::check(pos)?;
        let base = self.wdl_ignoring_en_passant(pos)?;
        with_en_passant(pos, base, |child| Ok(self.probe_wdl(child)?.negate()))
    }

    /// The best move and the value it keeps: the fastest mate when winning,
    /// the longest resistance when losing, a drawing move when drawn (the
    /// first in generation order among equals). `None` when the side to move
    /// has no legal move (checkmate or stalemate).
    ///
    /// ```
    /// use outpost_notation::parse_fen;
    /// use outpost_tb::{Dtm, Tablebases};
    ///
    /// let tb = Tablebases::in_memory();
    /// // Mate in one: the queen to d8 (the king guards a7 and b7).
    /// let pos = parse_fen("k7/8/1K6/8/8/8/8/3Q4 w - - 0 1").unwrap();
    /// let (mv, value) = tb.best_move(&pos).unwrap().unwrap();
    /// assert_eq!(value, Dtm::Win(1));
    /// assert!(pos.play(mv).is_checkmate());
    /// // A stalemated side has no move at all.
    /// let stalemate = parse_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert_eq!(tb.best_move(&stalemate).unwrap(), None);
    /// ```
    pub fn best_move(&self, pos: &Position) -> Result<Option<(Move, Dtm)>, TbError> {
        Tablebases::check(pos)?;
        let mut best: Option<(Move, Dtm)> = None;
        for &mv in pos.legal_moves().iter() {
            let value = self.probe_dtm(&pos.play(mv))?.parent();
            if best.map_or(true, |(_, b)| value > b) {
                best = Some((mv, value));
            }
        }
        Ok(best)
    }

    /// Everything the root needs at once: the position's DTM, the best move
    /// ([`Tablebases::best_move`]) and whether the mate, if any, is certain
    /// to come before the fifty-move rule ([`Dtm::within_fifty_move_rule`]
    /// with the position's halfmove clock).
    pub fn probe_root(&self, pos: &Position) -> Result<RootProbe, TbError> {
        let dtm = self.probe_dtm(pos)?;
        let best_move = self.best_move(pos)?.map(|(mv, _)| mv);
        Ok(RootProbe {
            dtm,
            best_move,
            within_fifty_move_rule: dtm.within_fifty_move_rule(pos.halfmove_clock()),
        })
    }

    /// Every legal move with the value it keeps, from the side to move's
    /// view, best first.
    ///
    /// ```
    /// use outpost_notation::parse_fen;
    /// use outpost_tb::{Dtm, Tablebases};
    ///
    /// let tb = Tablebases::in_memory();
    /// // Black's king beside White's unguarded queen: only taking it draws.
    /// let pos = parse_fen("8/8/8/8/8/8/1kQ5/7K b - - 0 1").unwrap();
    /// let ranked = tb.rank_moves(&pos).unwrap();
    /// assert_eq!(ranked[0].0.to_string(), "b2c2");
    /// assert_eq!(ranked[0].1, Dtm::Draw);
    /// assert!(ranked[1..].iter().all(|&(_, value)| matches!(value, Dtm::Loss(_))));
    /// ```
    pub fn rank_moves(&self, pos: &Position) -> Result<Vec<(Move, Dtm)>, TbError> {
        Tablebases::check(pos)?;
        let mut moves = Vec::new();
        for &mv in pos.legal_moves().iter() {
            moves.push((mv, self.probe_dtm(&pos.play(mv))?.parent()));
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.1));
        Ok(moves)
    }

    /// Every legal position of a material's table, one per symmetry class,
    /// White to move first (for tests and tools; loads the table).
    pub fn positions(
        &self,
        material: Material,
    ) -> Result<impl Iterator<Item = Position> + '_, TbError> {
        let slot = self.slot_of(material)?;
        let bytes = self.dtm_bytes(slot)?;
        Ok((0..bytes.len())
            .filter(move |&i| bytes[i] != Dtm::INVALID_BYTE)
            .filter_map(move |i| slot.layout.position(i)))
    }

    /// Loads every table now (DTM and WDL), so later probes cannot meet a
    /// missing or damaged file; the first error found is returned.
    pub fn load_all(&self) -> Result<(), TbError> {
        for slot in &self.slots {
            self.dtm_bytes(slot)?;
            self.wdl_bytes(slot)?;
        }
        Ok(())
    }
}

/// Packs a DTM table into WDL bits (see the [`format`](mod@format)(mod@crate::format) module).
pub(crate) fn wdl_from_dtm(dtm: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; dtm.len().div_ceil(4)];
    for (i, &b) in dtm.iter().enumerate() {
        out[i / 4] |= wdl_bits(Dtm::from_byte(b)) << (2 * (i % 4));
    }
    out
}

/// The value of `pos` given `base`, its value without the en-passant right:
/// an en-passant capture adds moves, so the value is the best of `base` and
/// the captures' values (`child` gives a capture's value from this side's
/// view). When the captures are the only legal moves, `base` (a mate or
/// stalemate without them) does not count.
#[inline]
pub(crate) fn with_en_passant<V: Ord + Copy>(
    pos: &Position,
    base: V,
    child: impl Fn(&Position) -> Result<V, TbError>,
) -> Result<V, TbError> {
    let Some(ep) = pos.en_passant() else {
        return Ok(base);
    };
    let us = pos.side_to_move();
    if (pawn_attacks(!us, ep) & pos.pieces_of(us, PieceKind::Pawn)).is_empty() {
        return Ok(base);
    }
    let mut best: Option<V> = None;
    let mut others = false;
    for &mv in pos.legal_moves().iter() {
        if mv.is_en_passant() {
            let v = child(&pos.play(mv))?;
            best = Some(best.map_or(v, |b| b.max(v)));
        } else {
            others = true;
        }
    }
    Ok(match best {
        None => base,
        Some(b) if others => b.max(base),
        Some(b) => b,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tablebases_are_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Tablebases>();
    }

    #[test]
    fn en_passant_adds_the_capture_to_the_table_value() {
        use outpost_notation::parse_fen;
        let capture = |v: Dtm| move |_: &Position| Ok(v);
        // Black has just played d7-d5 next to White's e5 pawn.
        let ep = parse_fen("8/8/8/3pP3/8/8/8/K6k w - d6 0 1").unwrap();
        // The capture is better than the table's value: it counts.
        assert_eq!(
            with_en_passant(&ep, Dtm::Loss(4), capture(Dtm::Win(9))).unwrap(),
            Dtm::Win(9)
        );
        assert_eq!(
            with_en_passant(&ep, Dtm::Draw, capture(Dtm::Win(9))).unwrap(),
            Dtm::Win(9)
        );
        // The table's value is better: it stays.
        assert_eq!(
            with_en_passant(&ep, Dtm::Win(3), capture(Dtm::Win(9))).unwrap(),
            Dtm::Win(3)
        );
        assert_eq!(
            with_en_passant(&ep, Dtm::Draw, capture(Dtm::Loss(2))).unwrap(),
            Dtm::Draw
        );
        // The capture's position is the one after exd6.
        let seen = with_en_passant(&ep, Dtm::Draw, |after| {
            assert_eq!(
                after.piece_on(outpost_board::Square::D6),
                Some(outpost_board::Piece::WhitePawn)
            );
            assert_eq!(after.occupied().count(), 3);
            Ok(Dtm::Win(1))
        });
        assert_eq!(seen.unwrap(), Dtm::Win(1));
        // No en-passant square, or no pawn beside the pushed one: the table's value.
        let none = parse_fen("8/8/8/3pP3/8/8/8/K6k w - - 0 1").unwrap();
        assert_eq!(
            with_en_passant(&none, Dtm::Draw, capture(Dtm::Win(1))).unwrap(),
            Dtm::Draw
        );
        let far = parse_fen("8/8/8/p3P3/8/8/8/K6k w - a6 0 1").unwrap();
        assert_eq!(
            with_en_passant(&far, Dtm::Draw, capture(Dtm::Win(1))).unwrap(),
            Dtm::Draw
        );
    }

    #[test]
    fn lookup_finds_every_material_both_ways() {
        let tb = Tablebases::empty();
        for material in Material::all_up_to(4) {
            for m in [material, material.flipped()] {
                let mut codes: Vec<usize> =
                    m.pieces().map(|(c, k)| piece_code(c.index(), k)).collect();
                codes.resize(2, 0);
                let entry = tb.lookup[pair_key(codes[0], codes[1])];
                let slot = &tb.slots[usize::from(entry / 2)];
                let flip = entry & 1 == 1;
                let seen = if flip {
                    slot.layout.material.flipped()
                } else {
                    slot.layout.material
                };
                assert_eq!(seen, m);
            }
        }
    }
}
