//! Endgame table benchmarks.
//!
//! * `tb_probe/wdl_3man`, `tb_probe/dtm_3man`: a probe of each of 4,096
//!   KQK/KRK/KPK positions (tables in memory), as the search would call it.
//! * `tb_probe/wdl_kqkr`, `tb_probe/dtm_kqkr`: the same over 4,096 KQKR
//!   positions (the table generated in memory when the bench starts).
//! * `tb_probe/best_move_kqkr`: the root's best move (every move probed).
//! * `tb_generate/3man`: generating the five 3-man tables in memory.
//! * `syzygy_probe/wdl`, `syzygy_probe/dtz`: Syzygy probes of the 1,400
//!   positions of `data/syzygy-sample.txt` (every 3- and 4-man material,
//!   both sides to move; files mapped and already touched), `wdl` as the
//!   search calls it (`probe_wdl_quiet`); `syzygy_probe/rank_root`: the
//!   root ranking of 200 of them (a DTZ probe after every legal move).
//!
//! Throughput is in probes (positions) per second.

#![allow(missing_docs)] // criterion_group! generates undocumented public functions

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use outpost_board::Position;
use outpost_tb::{Material, Tablebases};
use std::hint::black_box;

/// Up to 4,096 positions spread over the tables of `materials`.
fn sample(tb: &Tablebases, materials: &[&str]) -> Vec<Position> {
    let mut out = Vec::new();
    for name in materials {
        let material: Material = name.parse().expect("material name");
        let all: Vec<Position> = tb.positions(material).expect("table present").collect();
        let step = (all.len() * materials.len() / 4096).max(1);
        out.extend(all.into_iter().step_by(step));
    }
    out.truncate(4096);
    out
}

fn probes(c: &mut Criterion) {
    let tb = Tablebases::in_memory();
    tb.generate_table("KQKR".parse().expect("material name"))
        .expect("KQKR generates");
    let three = sample(&tb, &["KQK", "KRK", "KPK"]);
    let kqkr = sample(&tb, &["KQKR"]);
    let mut group = c.benchmark_group("tb_probe");
    for (name, positions) in [("3man", &three), ("kqkr", &kqkr)] {
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("wdl_{name}"), |b| {
            b.iter(|| {
                for pos in positions {
                    black_box(tb.probe_wdl(black_box(pos)).ok());
                }
            })
        });
        group.bench_function(format!("dtm_{name}"), |b| {
            b.iter(|| {
                for pos in positions {
                    black_box(tb.probe_dtm(black_box(pos)).ok());
                }
            })
        });
    }
    let roots = &kqkr[..256];
    group.throughput(Throughput::Elements(roots.len() as u64));
    group.bench_function("best_move_kqkr", |b| {
        b.iter(|| {
            for pos in roots {
                black_box(tb.best_move(black_box(pos)).ok());
            }
        })
    });
    group.finish();
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("tb_generate");
    group.sample_size(10);
    group.bench_function("3man", |b| b.iter(|| black_box(Tablebases::in_memory())));
    group.finish();
}

fn syzygy(c: &mut Criterion) {
    use outpost_tb::syzygy::{Loading, Syzygy};
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let tables = Syzygy::open(&[format!("{root}/data/syzygy")], Loading::Mapped);
    let text = std::fs::read_to_string(format!("{root}/data/syzygy-sample.txt"))
        .expect("data/syzygy-sample.txt");
    let positions: Vec<Position> = text
        .lines()
        .map(|line| {
            let fen = line.split(';').next().expect("a FEN");
            outpost_notation::parse_fen(fen).expect("a legal position")
        })
        .collect();
    let mut group = c.benchmark_group("syzygy_probe");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("wdl", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(tables.probe_wdl_quiet(black_box(pos)));
            }
        })
    });
    group.bench_function("dtz", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(tables.probe_dtz(black_box(pos)).ok());
            }
        })
    });
    let roots: Vec<&Position> = positions
        .iter()
        .filter(|p| p.has_legal_moves())
        .step_by(7)
        .take(200)
        .collect();
    group.throughput(Throughput::Elements(roots.len() as u64));
    group.bench_function("rank_root", |b| {
        b.iter(|| {
            for pos in &roots {
                black_box(tables.rank_root_moves(black_box(pos), &[], true).ok());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, probes, generation, syzygy);
criterion_main!(benches);
