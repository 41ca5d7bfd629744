//! Evaluation benchmarks over every position of the four suites in
//! `data/` (perft, WAC, Bratko–Kopec, STS): 2,111 positions.
//!
//! * `eval/suite`: `Evaluator::evaluate` on each position in turn, pawn hash
//!   table warm (as in a search, where pawn structures repeat).
//! * `eval/suite_uncached`: the same positions computed from scratch,
//!   without the pawn hash table.
//!
//! Throughput is in evaluations (positions) per second.

#![allow(missing_docs)] // criterion_group! generates undocumented public functions

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use outpost_board::Position;
use outpost_eval::Evaluator;
use outpost_notation::parse_fen;
use std::hint::black_box;

const SUITES: [&str; 4] = ["perft.epd", "wac.epd", "bk.epd", "sts.epd"];

/// Every suite position (the first four fields of each line).
fn suite_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for file in SUITES {
        let path = format!("{}/../data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let fields: Vec<&str> = line
                .split(';')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .take(4)
                .collect();
            let fen = fields.join(" ");
            positions.push(parse_fen(&fen).unwrap_or_else(|e| panic!("{file} `{fen}`: {e}")));
        }
    }
    positions
}

fn eval(c: &mut Criterion) {
    let positions = suite_positions();
    let mut evaluator = Evaluator::new();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("suite", |b| {
        b.iter(|| {
            let mut sum = 0i64;
            for pos in &positions {
                sum += i64::from(evaluator.evaluate(black_box(pos)));
            }
            sum
        })
    });
    group.bench_function("suite_uncached", |b| {
        b.iter(|| {
            let mut sum = 0i64;
            for pos in &positions {
                sum += i64::from(evaluator.evaluate_uncached(black_box(pos)));
            }
            sum
        })
    });
    group.finish();
}

criterion_group!(benches, eval);
criterion_main!(benches);
