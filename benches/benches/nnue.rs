//! Neural-evaluation benchmarks: the portable kernel against the AVX2 one
//! (when the CPU has it), for two hidden-layer sizes.
//!
//! * `nnue/children/<kernel>/<H>`: for every suite position, every legal
//!   move made, the child evaluated incrementally, the move unmade; as a
//!   search uses the evaluator. Throughput: evaluations per second.
//! * `nnue/scratch/<kernel>/<H>`: every suite position evaluated from
//!   scratch (all inputs summed).
//!
//! The networks have random weights: speed does not depend on the values.

#![allow(missing_docs)] // criterion_group! generates undocumented public functions

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use outpost_board::Position;
use outpost_eval::Evaluate;
use outpost_nnue::{Kernel, Network, NnueEvaluator, INPUTS};
use outpost_notation::parse_fen;
use std::hint::black_box;
use std::sync::Arc;

fn positions() -> Vec<Position> {
    let path = format!("{}/../data/wac.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fen: Vec<&str> = line.split_whitespace().take(4).collect();
            parse_fen(&fen.join(" ")).unwrap_or_else(|e| panic!("{line}: {e}"))
        })
        .collect()
}

fn network(hidden: usize) -> Arc<Network> {
    let mut state = 7u64;
    let mut next = |range: i32| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % (2 * range as u64 + 1)) as i32 - range
    };
    let fw = (0..INPUTS * hidden).map(|_| next(40) as i16).collect();
    let fb = (0..hidden).map(|_| next(60) as i16 + 60).collect();
    let ow = (0..8 * 2 * hidden).map(|_| next(100) as i16).collect();
    let ob = (0..8).map(|_| next(500)).collect();
    Arc::new(Network::new(hidden, 8, fw, fb, ow, ob).expect("a valid shape"))
}

fn nnue(c: &mut Criterion) {
    let positions = positions();
    let children: u64 = positions.iter().map(|p| p.legal_moves().len() as u64).sum();
    let mut kernels = vec![("portable", Kernel::Portable)];
    if Kernel::detect() != Kernel::Portable {
        kernels.push(("avx2", Kernel::detect()));
    }
    let mut group = c.benchmark_group("nnue");
    for hidden in [128, 512] {
        let net = network(hidden);
        for &(name, kernel) in &kernels {
            let mut eval = NnueEvaluator::with_kernel(Arc::clone(&net), kernel);
            group.throughput(Throughput::Elements(children));
            group.bench_function(BenchmarkId::new(format!("children/{name}"), hidden), |b| {
                b.iter(|| {
                    let mut sum = 0i64;
                    for pos in &positions {
                        eval.set_root(pos);
                        sum += i64::from(eval.evaluate(pos));
                        for &mv in pos.legal_moves().iter() {
                            let mut child = *pos;
                            child.make_move(mv);
                            eval.make(pos, mv, &child);
                            sum += i64::from(eval.evaluate(&child));
                            eval.unmake();
                        }
                    }
                    black_box(sum)
                })
            });
            group.throughput(Throughput::Elements(positions.len() as u64));
            group.bench_function(BenchmarkId::new(format!("scratch/{name}"), hidden), |b| {
                b.iter(|| {
                    let sum: i64 = positions
                        .iter()
                        .map(|p| i64::from(eval.evaluate_from_scratch(p)))
                        .sum();
                    black_box(sum)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, nnue);
criterion_main!(benches);
