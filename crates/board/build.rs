//! Generates the board crate's tables at build time: leaper attacks, between
//! and line masks, magic bitboards for sliding pieces, and the Zobrist keys.
//!
//! Everything is derived from the rules by walking rays square by square;
//! nothing is typed in by hand. Random numbers come from ChaCha with fixed
//! seeds, so every build produces the same tables and the same hash keys.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;
use std::path::PathBuf;

/// Seed for the Zobrist keys. Changing it changes every hash key.
const ZOBRIST_SEED: u64 = 0x4f55_5450_4f53_5421; // "OUTPOST!"
/// Seed for the magic number search.
const MAGIC_SEED: u64 = 0x6d61_6769_6373_2121;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

fn leaper(sq: usize, steps: &[(i8, i8)]) -> u64 {
    steps
        .iter()
        .filter_map(|&(df, dr)| offset(sq, df, dr))
        .fold(0, |bb, s| bb | 1 << s)
}

/// Squares a slider on `sq` attacks along `dirs`, stopping at the first blocker.
fn ray_attacks(sq: usize, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            attacks |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// Relevant occupancy: the ray squares whose contents change the attack set
/// (the last square of each ray never does).
fn relevant_mask(sq: usize, dirs: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= 1 << next;
            cur = next;
        }
    }
    mask
}

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

fn find_magics(dirs: &[(i8, i8)], rng: &mut ChaCha8Rng, table: &mut Vec<u64>) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        // Enumerate every subset of the mask (carry-rippler).
        let mut occupancies = Vec::with_capacity(size);
        let mut subset = 0u64;
        loop {
            occupancies.push((subset, ray_attacks(sq, subset, dirs)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let mut slots = vec![0u64; size];
        let mut epoch = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            let candidate = rng.next_u64() & rng.next_u64() & rng.next_u64();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let ok = occupancies.iter().all(|&(occ, attacks)| {
                let idx = (occ.wrapping_mul(candidate) >> shift) as usize;
                if epoch[idx] != attempt {
                    epoch[idx] = attempt;
                    slots[idx] = attacks;
                    true
                } else {
                    slots[idx] == attacks
                }
            });
            if ok {
                break candidate;
            }
        };
        let offset = table.len();
        table.resize(offset + size, 0);
        for &(occ, attacks) in &occupancies {
            table[offset + (occ.wrapping_mul(magic) >> shift) as usize] = attacks;
        }
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    magics
}

fn write_array(out: &mut String, name: &str, ty: &str, values: &[u64]) {
    writeln!(
        out,
        "pub(crate) static {name}: [{ty}; {}] = [",
        values.len()
    )
    .unwrap();
    for chunk in values.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            write!(out, " {v:#018x},").unwrap();
        }
        out.push('\n');
    }
    out.push_str("];\n");
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    writeln!(out, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
    for m in magics {
        writeln!(
            out,
            "    Magic {{ mask: {:#018x}, magic: {:#018x}, shift: {}, offset: {} }},",
            m.mask, m.magic, m.shift, m.offset
        )
        .unwrap();
    }
    out.push_str("];\n");
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut out = String::from("// Generated by build.rs. Do not edit.\n\n");

    let knight: Vec<u64> = (0..64).map(|sq| leaper(sq, &KNIGHT_STEPS)).collect();
    let king: Vec<u64> = (0..64).map(|sq| leaper(sq, &KING_STEPS)).collect();
    let pawn: Vec<u64> = (0..64)
        .map(|sq| leaper(sq, &[(-1, 1), (1, 1)]))
        .chain((0..64).map(|sq| leaper(sq, &[(-1, -1), (1, -1)])))
        .collect();
    write_array(&mut out, "KNIGHT_ATTACKS", "u64", &knight);
    write_array(&mut out, "KING_ATTACKS", "u64", &king);
    write_array(&mut out, "PAWN_ATTACKS", "u64", &pawn);
    let rook_rays: Vec<u64> = (0..64).map(|sq| ray_attacks(sq, 0, &ROOK_DIRS)).collect();
    let bishop_rays: Vec<u64> = (0..64).map(|sq| ray_attacks(sq, 0, &BISHOP_DIRS)).collect();
    write_array(&mut out, "ROOK_RAYS", "u64", &rook_rays);
    write_array(&mut out, "BISHOP_RAYS", "u64", &bishop_rays);

    // BETWEEN[a * 64 + b]: squares strictly between a and b on a shared line.
    // LINE[a * 64 + b]: the whole line through a and b (edge to edge), or 0.
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64 {
        for &dir in ROOK_DIRS.iter().chain(&BISHOP_DIRS) {
            let full = ray_attacks(a, 0, &[dir]) | ray_attacks(a, 0, &[(-dir.0, -dir.1)]) | 1 << a;
            let mut cur = a;
            let mut path = 0u64;
            while let Some(b) = offset(cur, dir.0, dir.1) {
                between[a * 64 + b] = path;
                line[a * 64 + b] = full;
                path |= 1 << b;
                cur = b;
            }
        }
    }
    write_array(&mut out, "BETWEEN", "u64", &between);
    write_array(&mut out, "LINE", "u64", &line);

    let mut rng = ChaCha8Rng::seed_from_u64(MAGIC_SEED);
    let mut sliders = Vec::new();
    let rook = find_magics(&ROOK_DIRS, &mut rng, &mut sliders);
    let bishop = find_magics(&BISHOP_DIRS, &mut rng, &mut sliders);
    write_magics(&mut out, "ROOK_MAGICS", &rook);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    write_array(&mut out, "SLIDER_ATTACKS", "u64", &sliders);

    let mut rng = ChaCha8Rng::seed_from_u64(ZOBRIST_SEED);
    let mut keys = |n: usize| (0..n).map(|_| rng.next_u64()).collect::<Vec<_>>();
    let pieces = keys(12 * 64);
    let castling = keys(16);
    let ep = keys(8);
    let side = keys(1);
    let mut zobrist = String::from("// Generated by build.rs. Do not edit.\n\n");
    write_array(&mut zobrist, "PIECE_KEYS", "u64", &pieces);
    // Castling keys are combined per right so the key of a rights set is the
    // XOR of its single-right keys.
    let castling: Vec<u64> = (0..16)
        .map(|set: usize| {
            (0..4)
                .filter(|bit| set & (1 << bit) != 0)
                .fold(0, |k, bit| k ^ castling[bit])
        })
        .collect();
    write_array(&mut zobrist, "CASTLING_KEYS", "u64", &castling);
    write_array(&mut zobrist, "EN_PASSANT_KEYS", "u64", &ep);
    writeln!(
        zobrist,
        "pub(crate) const SIDE_KEY: u64 = {:#018x};",
        side[0]
    )
    .unwrap();

    let dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    std::fs::write(dir.join("tables.rs"), out).unwrap();
    std::fs::write(dir.join("zobrist_keys.rs"), zobrist).unwrap();
}
