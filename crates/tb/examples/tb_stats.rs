//! Generates tables in memory and prints their statistics: `cargo run
//! --release -p outpost-tb --example tb_stats -- KQKR KBNK`.

use outpost_tb::{Material, Tablebases};
use std::time::Instant;

fn main() {
    let tb = Tablebases::empty();
    let wanted: Vec<Material> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    for material in Material::all_up_to(4) {
        let needed = wanted.is_empty() && material.men() == 3
            || wanted.iter().any(|w| *w == material || needs(w, material));
        if !needed {
            continue;
        }
        let start = Instant::now();
        let (slots, positions) = tb.generate_table(material).expect("generates");
        let stats = outpost_tb::table_stats(&tb, material).expect("stats");
        println!(
            "{material}: {slots} slots, {positions} positions, {:.2} s, longest win w {:?} b {:?}",
            start.elapsed().as_secs_f64(),
            stats.sides[0].longest_win,
            stats.sides[1].longest_win
        );
    }
}

/// Whether `m` is needed (transitively) to generate `w`.
fn needs(w: &Material, m: Material) -> bool {
    w.successors().iter().any(|s| *s == m || needs(s, m))
}
