//! The transposition table: shared by all search threads without locks.
//!
//! Each entry is two atomic 64-bit words: the packed data, and the key XOR
//! the data. A reader accepts an entry only if the two words still agree
//! with its key, so a torn write by another thread reads as a miss instead
//! of as a wrong move. Four entries make a 64-byte bucket (one cache line).
//!
//! On Linux the buckets live in an anonymous mapping advised to use huge
//! pages (2 MiB): a probe lands on a random bucket, and with 4 KiB pages
//! nearly every probe of a large table also misses the processor's page
//! table cache. Elsewhere, or when the mapping fails, they live in an
//! ordinary boxed slice; both hold the same buckets and behave the same.

use crate::score::{from_tt, to_tt, Bound};
use outpost_board::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// A decoded table entry.
///
/// ```
/// use outpost_board::{Position, Square};
/// use outpost_search::{Bound, TtEntry, TranspositionTable};
///
/// let tt = TranspositionTable::new(1);
/// let pos = Position::startpos();
/// let e4 = pos.find_move(Square::E2, Square::E4, None).unwrap();
/// tt.store(pos.key(), e4, 25, 18, 9, Bound::Exact, 0);
/// let entry = tt.probe(pos.key(), 0).unwrap();
/// assert_eq!(
///     entry,
///     TtEntry {
///         mv: e4,
///         score: 25,
///         eval: 18,
///         depth: 9,
///         bound: Bound::Exact,
///     }
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The best move found, or [`Move::NULL`].
    pub mv: Move,
    /// The score, adjusted to the probing node's distance from the root.
    pub score: i32,
    /// The static evaluation of the position.
    pub eval: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// How the score bounds the true score.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const SLOTS_PER_BUCKET: usize = 4;

#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    slots: [Slot; SLOTS_PER_BUCKET],
}

// data layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | age 6
fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    u64::from(mv.to_bits())
        | (u64::from(score as i16 as u16) << 16)
        | (u64::from(eval as i16 as u16) << 32)
        | (u64::from(depth.clamp(0, 255) as u8) << 48)
        | (u64::from(bound as u8) << 56)
        | (u64::from(age & 63) << 58)
}

fn unpack_depth(data: u64) -> i32 {
    i32::from((data >> 48) as u8)
}

fn unpack_age(data: u64) -> u8 {
    (data >> 58) as u8 & 63
}

/// The system cannot give the memory for a table of this size.
///
/// ```
/// use outpost_search::{HashTooLarge, TranspositionTable};
///
/// // More mebibytes than there are bytes to address.
/// let err = TranspositionTable::try_new(usize::MAX).err().unwrap();
/// assert_eq!(err, HashTooLarge { mib: usize::MAX });
/// assert!(err.to_string().starts_with("not enough memory for a "));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashTooLarge {
    /// The size asked for, in mebibytes.
    pub mib: usize,
}

impl std::fmt::Display for HashTooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not enough memory for a {} MiB hash table", self.mib)
    }
}

impl std::error::Error for HashTooLarge {}

/// A fixed-size hash table of search results, safe to share between threads.
///
/// ```
/// use outpost_board::{Move, Position};
/// use outpost_search::{Bound, TranspositionTable};
///
/// let tt = TranspositionTable::new(2);
/// assert_eq!(tt.size_mib(), 2);
/// let key = Position::startpos().key();
/// assert_eq!(tt.probe(key, 0), None);
///
/// // One thread stores, another finds it.
/// std::thread::scope(|s| {
///     s.spawn(|| tt.store(key, Move::NULL, 12, 10, 3, Bound::Lower, 0));
/// });
/// let entry = tt.probe(key, 0).unwrap();
/// assert_eq!(
///     (entry.score, entry.depth, entry.bound),
///     (12, 3, Bound::Lower)
/// );
///
/// tt.clear();
/// assert_eq!(tt.probe(key, 0), None);
/// ```
pub struct TranspositionTable {
    buckets: Buckets,
    age: AtomicU8,
}

/// Where the buckets live.
enum Buckets {
    /// An ordinary heap allocation.
    Boxed(Box<[Bucket]>),
    /// An anonymous mapping advised to use huge pages.
    #[cfg(target_os = "linux")]
    Mapped(huge::MappedBuckets),
}

impl Buckets {
    /// `count` empty buckets, in a huge-page mapping when `huge` is set and
    /// the system gives one, else on the heap; `None` when the system has
    /// memory for neither.
    fn new(count: usize, huge: bool) -> Option<Buckets> {
        #[cfg(target_os = "linux")]
        if huge {
            if let Some(mapped) = huge::MappedBuckets::new(count) {
                return Some(Buckets::Mapped(mapped));
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = huge;
        let mut boxed = Vec::new();
        boxed.try_reserve_exact(count).ok()?;
        boxed.resize_with(count, Bucket::default);
        Some(Buckets::Boxed(boxed.into_boxed_slice()))
    }

    #[inline]
    fn as_slice(&self) -> &[Bucket] {
        match self {
            Buckets::Boxed(boxed) => boxed,
            #[cfg(target_os = "linux")]
            Buckets::Mapped(mapped) => mapped.as_slice(),
        }
    }
}

#[cfg(target_os = "linux")]
mod huge {
    use super::Bucket;
    use memmap2::{Advice, MmapMut, MmapOptions};
    use std::ptr::NonNull;

    /// The size and alignment of a transparent huge page on x86-64 and
    /// (with 4 KiB base pages) AArch64 Linux.
    const HUGE_PAGE: usize = 2 << 20;

    /// Buckets in an anonymous mapping whose first bucket starts on a huge
    /// page boundary, advised (`MADV_HUGEPAGE`) to be backed by huge pages.
    pub(super) struct MappedBuckets {
        /// Owns the mapping; unmapped on drop.
        _map: MmapMut,
        /// The first bucket, inside the mapping.
        start: NonNull<Bucket>,
        len: usize,
    }

    // SAFETY: a `MappedBuckets` only hands out shared references to its
    // buckets, which are atomics that any thread may read and write; the
    // mapping it points into is owned by it and freed only when it drops.
    unsafe impl Send for MappedBuckets {}
    // SAFETY: as for `Send`: every access goes through atomics.
    unsafe impl Sync for MappedBuckets {}

    impl MappedBuckets {
        /// `len` zeroed buckets, or `None` when the system refuses the
        /// mapping. The advice is best effort: without huge pages the
        /// buckets work the same, only slower.
        pub(super) fn new(len: usize) -> Option<MappedBuckets> {
            let bytes = len.checked_mul(size_of::<Bucket>())?;
            let mut map = MmapOptions::new()
                .len(bytes.checked_add(HUGE_PAGE)?)
                .map_anon()
                .ok()?;
            let base = map.as_mut_ptr();
            // The mapping starts on a page boundary, so the offset to the
            // next huge page boundary is a whole number of pages (< 2 MiB).
            let offset = base.align_offset(HUGE_PAGE);
            if offset >= HUGE_PAGE {
                return None;
            }
            let _ = map.advise_range(Advice::HugePage, offset, bytes);
            let start = NonNull::new(base.wrapping_add(offset).cast::<Bucket>())?;
            Some(MappedBuckets {
                _map: map,
                start,
                len,
            })
        }

        #[inline]
        pub(super) fn as_slice(&self) -> &[Bucket] {
            // SAFETY: `start` lies `offset` < 2 MiB bytes into a mapping of
            // `len * 64 + 2 MiB` bytes, so the `len` buckets from it are in
            // the mapping; it is 2 MiB-aligned, more than a bucket needs.
            // The mapping is anonymous, so it starts zero-filled, and zero
            // bytes are a valid (empty) bucket of atomics. It lives as long
            // as `self`, and is only ever accessed through these shared
            // references to atomics, never as plain bytes.
            unsafe { std::slice::from_raw_parts(self.start.as_ptr(), self.len) }
        }
    }
}

impl TranspositionTable {
    /// A table of about `mib` mebibytes (at least one bucket); when the
    /// system cannot give that much memory, the largest smaller power of
    /// two of mebibytes it can (1 MiB at the least). [`TranspositionTable::try_new`]
    /// says so instead.
    ///
    /// ```
    /// use outpost_search::TranspositionTable;
    ///
    /// assert_eq!(TranspositionTable::new(8).size_mib(), 8);
    /// // Even a size of 0 gives a usable table.
    /// let tiny = TranspositionTable::new(0);
    /// assert_eq!(tiny.probe(1, 0), None);
    /// ```
    pub fn new(mib: usize) -> TranspositionTable {
        let mut mib = mib.max(1);
        loop {
            match TranspositionTable::try_new(mib) {
                Ok(table) => return table,
                Err(_) if mib > 1 => mib = (mib - 1).checked_ilog2().map_or(1, |b| 1 << b),
                // One mebibyte always fits where a search can run at all.
                Err(_) => return TranspositionTable::with_memory(1, false).expect("1 MiB table"),
            }
        }
    }

    /// A table of about `mib` mebibytes (at least one bucket), or an error
    /// when the system cannot give that much memory.
    ///
    /// ```
    /// use outpost_search::TranspositionTable;
    ///
    /// assert_eq!(TranspositionTable::try_new(4).unwrap().size_mib(), 4);
    /// assert!(TranspositionTable::try_new(usize::MAX).is_err());
    /// ```
    pub fn try_new(mib: usize) -> Result<TranspositionTable, HashTooLarge> {
        TranspositionTable::with_memory(mib, true).ok_or(HashTooLarge { mib })
    }

    /// A table of about `mib` mebibytes, in huge pages where `huge` is set
    /// and the system has them, else on the heap; `None` when neither has
    /// the memory.
    fn with_memory(mib: usize, huge: bool) -> Option<TranspositionTable> {
        let bytes = mib.max(1).checked_mul(1024 * 1024)?;
        let count = (bytes / size_of::<Bucket>()).max(1);
        Some(TranspositionTable {
            buckets: Buckets::new(count, huge)?,
            age: AtomicU8::new(0),
        })
    }

    /// The table's size in mebibytes.
    pub fn size_mib(&self) -> usize {
        size_of_val(self.buckets.as_slice()) / (1024 * 1024)
    }

    /// Empties the table.
    pub fn clear(&self) {
        for bucket in self.buckets.as_slice() {
            for slot in &bucket.slots {
                slot.check.store(0, Ordering::Relaxed);
                slot.data.store(0, Ordering::Relaxed);
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let buckets = self.buckets.as_slice();
        let index = ((u128::from(key) * buckets.len() as u128) >> 64) as usize;
        &buckets[index]
    }

    /// Asks the processor to start loading `key`'s bucket into the cache,
    /// so that a probe soon after does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: SSE is part of the x86-64 baseline, and a prefetch
            // never faults nor reads into the program: it is only a hint,
            // here for the address of a bucket we hold a reference to.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if any; mate scores are adjusted to `ply`.
    ///
    /// ```
    /// use outpost_board::Move;
    /// use outpost_search::{Bound, TranspositionTable, MATE};
    ///
    /// let tt = TranspositionTable::new(1);
    /// // Found 4 plies from the root: the side to move mates 10 plies from
    /// // the root, 6 from this node.
    /// tt.store(7, Move::NULL, MATE - 10, 0, 5, Bound::Exact, 4);
    /// assert_eq!(tt.probe(7, 4).unwrap().score, MATE - 10);
    /// // Reached again 2 plies from the root, the mate is 8 plies away.
    /// assert_eq!(tt.probe(7, 2).unwrap().score, MATE - 8);
    /// // Other scores do not depend on the ply.
    /// tt.store(8, Move::NULL, 150, 0, 5, Bound::Exact, 4);
    /// assert_eq!(tt.probe(8, 2).unwrap().score, 150);
    /// assert_eq!(tt.probe(9, 0), None);
    /// ```
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        for slot in &self.bucket(key).slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                let bound = match (data >> 56) & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    3 => Bound::Exact,
                    _ => continue,
                };
                return Some(TtEntry {
                    mv: Move::from_bits(data as u16),
                    score: from_tt(i32::from((data >> 16) as u16 as i16), ply),
                    eval: i32::from((data >> 32) as u16 as i16),
                    depth: unpack_depth(data),
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. Replaces the entry of the same key, else the least
    /// valuable entry of the bucket (shallow and old first). A move-less store
    /// keeps the move already known for the key.
    ///
    /// ```
    /// use outpost_board::{Move, Position, Square};
    /// use outpost_search::{Bound, TranspositionTable};
    ///
    /// let tt = TranspositionTable::new(1);
    /// let pos = Position::startpos();
    /// let d4 = pos.find_move(Square::D2, Square::D4, None).unwrap();
    /// tt.store(pos.key(), d4, 20, 15, 6, Bound::Exact, 0);
    /// // A later result without a move replaces the score, not the move.
    /// tt.store(pos.key(), Move::NULL, -5, 15, 7, Bound::Upper, 0);
    /// let entry = tt.probe(pos.key(), 0).unwrap();
    /// assert_eq!((entry.mv, entry.score, entry.bound), (d4, -5, Bound::Upper));
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_value = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                victim = slot;
                if data != 0 && check ^ data == key {
                    // Same position: keep a deeper exact result from this search.
                    let old_bound = (data >> 56) & 3;
                    if bound != Bound::Exact
                        && old_bound == Bound::Exact as u64
                        && unpack_age(data) == age
                        && unpack_depth(data) > depth + 2
                    {
                        return;
                    }
                }
                break;
            }
            let stale = i32::from(age.wrapping_sub(unpack_age(data)) & 63);
            let value = unpack_depth(data) - 8 * stale;
            if value < victim_value {
                victim_value = value;
                victim = slot;
            }
        }
        let old = victim.data.load(Ordering::Relaxed);
        let mv = if mv.is_null() && victim.check.load(Ordering::Relaxed) ^ old == key {
            Move::from_bits(old as u16)
        } else {
            mv
        };
        let data = pack(mv, to_tt(score, ply), eval, depth, bound, age);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// How full the table is, in parts per thousand, estimated from the
    /// first thousand entries (those written in the current search).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let mut used = 0;
        let mut seen = 0;
        'outer: for bucket in self.buckets.as_slice() {
            for slot in &bucket.slots {
                let data = slot.data.load(Ordering::Relaxed);
                if data != 0 && unpack_age(data) == age {
                    used += 1;
                }
                seen += 1;
                if seen == 1000 {
                    break 'outer;
                }
            }
        }
        used * 1000 / seen.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::{MoveKind, Square};

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
        tt.store(0x1234_5678_9abc_def0, mv, -150, 20, 7, Bound::Lower, 3);
        let e = tt.probe(0x1234_5678_9abc_def0, 3).unwrap();
        assert_eq!(
            (e.mv, e.score, e.eval, e.depth, e.bound),
            (mv, -150, 20, 7, Bound::Lower)
        );
        assert!(tt.probe(0x1234_5678_9abc_def1, 3).is_none());
        tt.store(
            0x1234_5678_9abc_def0,
            Move::NULL,
            10,
            20,
            8,
            Bound::Upper,
            3,
        );
        assert_eq!(
            tt.probe(0x1234_5678_9abc_def0, 0).unwrap().mv,
            mv,
            "keeps the old move"
        );
        tt.clear();
        assert!(tt.probe(0x1234_5678_9abc_def0, 3).is_none());
        assert_eq!(size_of::<Bucket>(), 64);
    }

    /// The same stores and probes on a table in huge pages and one on the
    /// heap give the same answers: the mapping changes where the buckets
    /// live, nothing else.
    #[test]
    fn huge_page_table_answers_like_the_heap_table() {
        let mapped = TranspositionTable::with_memory(2, true).unwrap();
        let boxed = TranspositionTable::with_memory(2, false).unwrap();
        assert!(matches!(boxed.buckets, Buckets::Boxed(_)));
        #[cfg(target_os = "linux")]
        {
            assert!(
                matches!(mapped.buckets, Buckets::Mapped(_)),
                "Linux gives an anonymous mapping"
            );
            let first = mapped.buckets.as_slice().as_ptr() as usize;
            assert_eq!(first % (2 << 20), 0, "starts on a huge page boundary");
        }
        assert_eq!(mapped.size_mib(), 2);
        assert_eq!(boxed.size_mib(), 2);
        assert_eq!(mapped.hashfull(), 0, "a new mapping is empty");
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut keys = Vec::new();
        let bounds = [Bound::Upper, Bound::Lower, Bound::Exact];
        for round in 0..100_000 {
            if round % 8 == 0 {
                mapped.new_search();
                boxed.new_search();
            }
            let r = next();
            // Few keys per bucket so that replacement is exercised too.
            let key = if keys.len() > 64 && r % 3 == 0 {
                keys[(r >> 8) as usize % keys.len()]
            } else {
                let k = next();
                keys.push(k);
                k
            };
            let mv = Move::from_bits((r >> 16) as u16 & 0x0fff);
            let score = (r >> 32) as i16 as i32 / 4;
            let eval = (r >> 48) as i16 as i32 / 4;
            let depth = (r >> 40) as i32 % 40;
            let bound = bounds[(r >> 60) as usize % 3];
            let ply = (r >> 56) as usize % 20;
            mapped.store(key, mv, score, eval, depth, bound, ply);
            boxed.store(key, mv, score, eval, depth, bound, ply);
            let probe = keys[(next() >> 8) as usize % keys.len()];
            assert_eq!(mapped.probe(probe, ply), boxed.probe(probe, ply));
        }
        assert_eq!(mapped.hashfull(), boxed.hashfull());
        for &key in &keys {
            assert_eq!(mapped.probe(key, 0), boxed.probe(key, 0));
        }
        mapped.clear();
        assert!(keys.iter().all(|&k| mapped.probe(k, 0).is_none()));
    }

    #[test]
    fn a_table_larger_than_memory_is_an_error() {
        // More mebibytes than an address space has bytes: no system has it.
        let mib = usize::MAX / 1024;
        assert_eq!(
            TranspositionTable::try_new(mib).err(),
            Some(HashTooLarge { mib })
        );
        assert!(HashTooLarge { mib: 7 }.to_string().contains("7 MiB"));
        // `new` settles for what there is.
        let tt = TranspositionTable::new(mib);
        assert!(tt.size_mib() >= 1);
        tt.store(5, Move::NULL, 1, 2, 3, Bound::Exact, 0);
        assert_eq!(tt.probe(5, 0).map(|e| e.depth), Some(3));
    }

    #[test]
    fn mate_scores_are_ply_relative() {
        let tt = TranspositionTable::new(1);
        let mate_in_5_from_root = crate::score::mate_in(5);
        tt.store(42, Move::NULL, mate_in_5_from_root, 0, 3, Bound::Exact, 2);
        // Seen from ply 4, the same node mates 2 plies sooner relative to the root.
        assert_eq!(tt.probe(42, 4).unwrap().score, crate::score::mate_in(7));
    }
}
