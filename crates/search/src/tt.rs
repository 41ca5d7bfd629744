//! The transposition table: shared by all search threads without locks.
//!
//! Each entry is two atomic 64-bit words: the packed data, and the key XOR
//! the data. A reader accepts an entry only if the two words still agree
//! with its key, so a torn write by another thread reads as a miss instead
//! of as a wrong move. Four entries make a 64-byte bucket (one cache line).

use crate::score::{from_tt, to_tt};
use outpost_board::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score tells about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most the stored one (no move reached alpha).
    Upper = 1,
    /// The true score is at least the stored one (a move reached beta).
    Lower = 2,
    /// The stored score is exact (a principal variation node).
    Exact = 3,
}

impl Bound {
    /// What a node's best score says, given the window it was searched with.
    #[inline]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
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

/// A fixed-size hash table of search results, safe to share between threads.
pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    age: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mib` mebibytes (at least one bucket).
    pub fn new(mib: usize) -> TranspositionTable {
        let count = (mib.max(1) * 1024 * 1024 / size_of::<Bucket>()).max(1);
        let buckets = (0..count)
            .map(|_| Bucket::default())
            .collect::<Vec<_>>()
            .into_boxed_slice();
        TranspositionTable {
            buckets,
            age: AtomicU8::new(0),
        }
    }

    /// The table's size in mebibytes.
    pub fn size_mib(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>() / (1024 * 1024)
    }

    /// Empties the table.
    pub fn clear(&self) {
        for bucket in self.buckets.iter() {
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
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
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
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
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
                return Some(Entry {
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
        'outer: for bucket in self.buckets.iter() {
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

    #[test]
    fn mate_scores_are_ply_relative() {
        let tt = TranspositionTable::new(1);
        let mate_in_5_from_root = crate::score::mate_in(5);
        tt.store(42, Move::NULL, mate_in_5_from_root, 0, 3, Bound::Exact, 2);
        // Seen from ply 4, the same node mates 2 plies sooner relative to the root.
        assert_eq!(tt.probe(42, 4).unwrap().score, crate::score::mate_in(7));
    }
}
