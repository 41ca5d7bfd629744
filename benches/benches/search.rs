//! Search benchmarks next to `outpost bench`: the sixteen bench positions
//! searched to a fixed depth with one thread and a fresh 16 MiB table each,
//! with the network (the engine's default evaluation) and with the
//! handcrafted evaluation.
//!
//! * `search/bench_positions/<evaluation>`: one whole bench run. Throughput
//!   is in nodes: criterion's "elements per second" is the search's nodes
//!   per second. The node count is deterministic (counted once before
//!   timing), so the tree is the same in every sample.
//!
//! The depth is [`DEPTH`], below `bench`'s 13, so that a sample takes
//! about half a second.

#![allow(missing_docs)] // criterion_group! generates undocumented public functions

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use outpost_engine::EngineEval;
use outpost_search::Bench;

/// The depth every position is searched to.
const DEPTH: i32 = 10;

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, use_nnue) in [("network", true), ("handcrafted", false)] {
        let eval = EngineEval::for_settings(use_nnue, "").expect("the built-in evaluation loads");
        let nodes = Bench::new(DEPTH).with_evaluator(eval.clone()).run().nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new("bench_positions", name), |b| {
            b.iter(|| {
                let run = Bench::new(DEPTH).with_evaluator(eval.clone()).run();
                assert_eq!(run.nodes, nodes, "the bench tree changed between runs");
                run.nodes
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
