//! Compares the search drivers: the nodes PVS, plain alpha-beta and MTD(f)
//! need to reach the same depths on the bench positions (one thread, a fresh
//! table per position). Prints Markdown tables for `docs/search.md`.
//!
//! `cargo run --release -p outpost-search --example drivers -- [max depth]`

use outpost_search::{Bench, BenchResult, SearchDriver, BENCH_POSITIONS};
use std::time::Duration;

fn main() {
    let max_depth: i32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(11)
        .clamp(1, 30);
    let depths: Vec<i32> = (1..=max_depth)
        .filter(|d| d % 2 == 1 || *d == max_depth)
        .collect();
    // runs[driver][depth] = per-position results
    let runs: Vec<Vec<Vec<BenchResult>>> = SearchDriver::ALL
        .iter()
        .map(|&driver| {
            depths
                .iter()
                .map(|&d| Bench::new(d).with_driver(driver).run_each())
                .collect()
        })
        .collect();

    println!(
        "Total nodes over the {} bench positions:\n",
        BENCH_POSITIONS.len()
    );
    print!("| depth |");
    for driver in SearchDriver::ALL {
        print!(" {} |", driver.name());
    }
    for driver in &SearchDriver::ALL[1..] {
        print!(" {} / PVS |", driver.name());
    }
    println!();
    println!("|---:|{}", "---:|".repeat(2 * SearchDriver::ALL.len() - 1));
    for (i, depth) in depths.iter().enumerate() {
        let totals: Vec<u64> = runs
            .iter()
            .map(|r| r[i].iter().map(|b| b.nodes).sum())
            .collect();
        print!("| {depth} |");
        for t in &totals {
            print!(" {t} |");
        }
        for t in &totals[1..] {
            print!(" {:.2} |", *t as f64 / totals[0].max(1) as f64);
        }
        println!();
    }

    let last = depths.len() - 1;
    println!(
        "\nNodes per position at depth {} (time in ms):\n",
        depths[last]
    );
    print!("| position |");
    for driver in SearchDriver::ALL {
        print!(" {} |", driver.name());
    }
    println!();
    println!("|---:|{}", "---:|".repeat(SearchDriver::ALL.len()));
    for p in 0..BENCH_POSITIONS.len() {
        print!("| {} |", p + 1);
        for r in &runs {
            let b = r[last][p];
            print!(" {} ({}) |", b.nodes, b.time.as_millis());
        }
        println!();
    }
    let time = |r: &Vec<Vec<BenchResult>>| -> Duration { r[last].iter().map(|b| b.time).sum() };
    print!("| total time (ms) |");
    for r in &runs {
        print!(" {} |", time(r).as_millis());
    }
    println!();
}
