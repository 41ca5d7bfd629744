//! The index tables of the Syzygy encoding, computed once from their
//! definitions: where the leading pieces may stand after the board's
//! symmetries are used up, and how many ways groups of like pieces fit.

use std::sync::OnceLock;

/// Largest group of like pieces a 7-man table can hold, plus one.
pub(crate) const MAX_GROUP: usize = 7;

/// The encoding's lookup tables.
pub(crate) struct Indexes {
    /// Squares below the a1-h8 diagonal numbered 0..28.
    pub(crate) map_b1h1h7: [u64; 64],
    /// The a1-d1-d4 triangle numbered 0..10: the six squares below the
    /// diagonal first, then a1, b2, c3, d4.
    pub(crate) map_a1d1d4: [u64; 64],
    /// The 462 placements of two kings with the first in the triangle.
    pub(crate) map_kk: [[u64; 64]; 10],
    /// `binomial[k][n]`: ways to choose `k` of `n`.
    pub(crate) binomial: [[u64; 64]; MAX_GROUP],
    /// Pawn squares a2..h7 numbered so that the leading pawn (nearest the
    /// a or h file, then lowest) has the highest number.
    pub(crate) map_pawns: [u64; 64],
    /// Index of the leading pawn's square, per number of leading pawns.
    pub(crate) lead_pawn_idx: [[u64; 64]; 6],
    /// Placements of the leading pawns with the leader on files a..d.
    pub(crate) lead_pawns_size: [[u64; 4]; 6],
}

/// Rank minus file: negative below the a1-h8 diagonal, zero on it.
#[inline]
pub(crate) fn off_diagonal(sq: u8) -> i32 {
    i32::from(sq >> 3) - i32::from(sq & 7)
}

fn build() -> Indexes {
    let mut ix = Indexes {
        map_b1h1h7: [0; 64],
        map_a1d1d4: [0; 64],
        map_kk: [[0; 64]; 10],
        binomial: [[0; 64]; MAX_GROUP],
        map_pawns: [0; 64],
        lead_pawn_idx: [[0; 64]; 6],
        lead_pawns_size: [[0; 4]; 6],
    };
    let mut code = 0;
    for sq in 0..64u8 {
        if off_diagonal(sq) < 0 {
            ix.map_b1h1h7[sq as usize] = code;
            code += 1;
        }
    }
    // The triangle a1-d1-d4 (files a..d, ranks 1..4).
    let triangle = |sq: u8| sq & 7 <= 3 && sq >> 3 <= 3;
    let mut diagonal = Vec::new();
    code = 0;
    for sq in 0..64u8 {
        if !triangle(sq) {
            continue;
        }
        if off_diagonal(sq) < 0 {
            ix.map_a1d1d4[sq as usize] = code;
            code += 1;
        } else if off_diagonal(sq) == 0 {
            diagonal.push(sq);
        }
    }
    for sq in diagonal {
        ix.map_a1d1d4[sq as usize] = code;
        code += 1;
    }
    // Two kings: the first in the triangle; when it is on the diagonal, the
    // second not above it. Placements with both on the diagonal come last.
    let adjacent = |a: u8, b: u8| {
        let df = (i32::from(a & 7) - i32::from(b & 7)).abs();
        let dr = (i32::from(a >> 3) - i32::from(b >> 3)).abs();
        df.max(dr) <= 1
    };
    let mut both_on_diagonal = Vec::new();
    code = 0;
    for idx in 0..10u64 {
        for s1 in (0..64u8)
            .filter(|&s| triangle(s) && off_diagonal(s) <= 0 && ix.map_a1d1d4[s as usize] == idx)
        {
            for s2 in 0..64u8 {
                if adjacent(s1, s2) {
                    continue;
                }
                if off_diagonal(s1) == 0 && off_diagonal(s2) > 0 {
                    continue;
                }
                if off_diagonal(s1) == 0 && off_diagonal(s2) == 0 {
                    both_on_diagonal.push((idx, s2));
                } else {
                    ix.map_kk[idx as usize][s2 as usize] = code;
                    code += 1;
                }
            }
        }
    }
    for (idx, s2) in both_on_diagonal {
        ix.map_kk[idx as usize][s2 as usize] = code;
        code += 1;
    }
    debug_assert_eq!(code, 462);

    ix.binomial[0][0] = 1;
    for n in 1..64 {
        for k in 0..MAX_GROUP.min(n + 1) {
            let left = if k > 0 { ix.binomial[k - 1][n - 1] } else { 0 };
            let right = if k < n { ix.binomial[k][n - 1] } else { 0 };
            ix.binomial[k][n] = left + right;
        }
    }

    // Pawns: a2 is 47, h2 46, a3 45, ... so the leader has the highest.
    let mut available = 47u64;
    for lead in 1..=5usize {
        for file in 0..4u8 {
            let mut idx = 0;
            for rank in 1..=6u8 {
                let sq = rank * 8 + file;
                if lead == 1 {
                    ix.map_pawns[sq as usize] = available;
                    available -= 1;
                    ix.map_pawns[(sq ^ 7) as usize] = available;
                    available = available.saturating_sub(1);
                }
                ix.lead_pawn_idx[lead][sq as usize] = idx;
                idx += ix.binomial[lead - 1][ix.map_pawns[sq as usize] as usize];
            }
            ix.lead_pawns_size[lead][file as usize] = idx;
        }
    }
    ix
}

/// The tables, built on first use.
pub(crate) fn indexes() -> &'static Indexes {
    static INDEXES: OnceLock<Indexes> = OnceLock::new();
    INDEXES.get_or_init(build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_their_known_sizes() {
        let ix = indexes();
        // 462 king placements, numbered 0..462 with none repeated.
        let mut seen = std::collections::HashSet::new();
        for idx in 0..10 {
            for s2 in 0..64 {
                if ix.map_kk[idx][s2] != 0 {
                    seen.insert(ix.map_kk[idx][s2]);
                }
            }
        }
        assert_eq!(seen.len(), 461); // plus the one numbered 0
        assert_eq!(*seen.iter().max().unwrap(), 461);
        assert_eq!(ix.binomial[2][62], 62 * 61 / 2);
        assert_eq!(ix.binomial[5][48], 1_712_304);
        assert_eq!(ix.map_pawns[8], 47); // a2
        assert_eq!(ix.map_pawns[15], 46); // h2
                                          // One leading pawn: six squares per file.
        assert_eq!(ix.lead_pawns_size[1], [6, 6, 6, 6]);
        assert_eq!(ix.map_a1d1d4[0], 6); // a1 is the first diagonal square
        assert_eq!(ix.map_a1d1d4[1], 0); // b1
    }
}
