//! Criterion benchmarks for Outpost; see `benches/`.
