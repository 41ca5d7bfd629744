//! Perft benchmarks: Outpost's move generator against cozy-chess and shakmaty,
//! side by side in one run.
//!
//! * `perft_bulk/*`: the last ply is counted, not played (bulk counting).
//!   Outpost against cozy-chess, the fastest Rust move generator we know.
//! * `perft_full/*`: every leaf is played. Outpost (copy-make, and make/unmake
//!   in place) against shakmaty (copy-make).
//!
//! Throughput is in nodes (leaves) per second.

#![allow(missing_docs)] // criterion_group! generates undocumented public functions

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use outpost_board::Position;
use outpost_notation::parse_fen;
use std::hint::black_box;

#[path = "../rivals/rivals.rs"]
mod rivals;
use rivals::{cozy_perft, outpost_perft_unmake, shakmaty_perft_full, shakmaty_position};

const POSITIONS: [(&str, &str, u32, u64); 3] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
];

fn perft_bulk(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_bulk");
    group.sample_size(10);
    for (name, fen, depth, nodes) in POSITIONS {
        let pos: Position = parse_fen(fen).unwrap();
        let board = cozy_chess::Board::from_fen(fen, false).unwrap();
        assert_eq!(outpost_board::perft(&pos, depth), nodes);
        assert_eq!(cozy_perft(&board, depth), nodes);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(
            BenchmarkId::new("outpost", format!("{name}_d{depth}")),
            |b| b.iter(|| outpost_board::perft(black_box(&pos), depth)),
        );
        group.bench_function(
            BenchmarkId::new("cozy-chess", format!("{name}_d{depth}")),
            |b| b.iter(|| cozy_perft(black_box(&board), depth)),
        );
    }
    group.finish();
}

fn perft_full(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_full");
    group.sample_size(10);
    // One ply shallower than the bulk runs: playing every leaf is slower.
    for (name, fen, bulk_depth, _) in POSITIONS {
        let depth = bulk_depth - 1;
        let pos: Position = parse_fen(fen).unwrap();
        let chess = shakmaty_position(fen);
        let nodes_below = outpost_board::perft(&pos, depth);
        assert_eq!(shakmaty_perft_full(&chess, depth), nodes_below);
        assert_eq!(outpost_perft_unmake(&mut pos.clone(), depth), nodes_below);
        group.throughput(Throughput::Elements(nodes_below));
        group.bench_function(
            BenchmarkId::new("outpost", format!("{name}_d{depth}")),
            |b| b.iter(|| outpost_board::perft_full(black_box(&pos), depth)),
        );
        group.bench_function(
            BenchmarkId::new("outpost-unmake", format!("{name}_d{depth}")),
            |b| b.iter(|| outpost_perft_unmake(&mut black_box(pos), depth)),
        );
        group.bench_function(
            BenchmarkId::new("shakmaty", format!("{name}_d{depth}")),
            |b| b.iter(|| shakmaty_perft_full(black_box(&chess), depth)),
        );
    }
    group.finish();
}

criterion_group!(benches, perft_bulk, perft_full);
criterion_main!(benches);
