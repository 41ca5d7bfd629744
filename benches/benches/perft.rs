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

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn shakmaty_perft_full(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position as _;
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(&mv);
        nodes += shakmaty_perft_full(&child, depth - 1);
    }
    nodes
}

/// Every leaf played in place with make/unmake (Outpost's alternative to copy-make).
fn outpost_perft_unmake(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for &mv in pos.legal_moves().iter() {
        let undo = pos.make_move_undoable(mv);
        nodes += if depth == 1 {
            black_box(&*pos);
            1
        } else {
            outpost_perft_unmake(pos, depth - 1)
        };
        pos.unmake_move(mv, undo);
    }
    nodes
}

fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().expect("valid FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("legal position")
}

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
