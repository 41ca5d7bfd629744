//! Quick side-by-side perft speed, best of several interleaved runs each: Outpost against
//! cozy-chess (bulk counting: the last ply counted, not played) and against
//! shakmaty (every leaf played by copy-make), plus Outpost playing every leaf
//! with make/unmake in place, to compare the two ways of making moves.
//! Full perft runs one ply shallower than bulk.
//!
//! `cargo run --release -p outpost-benches --example perft_compare`

use outpost_notation::parse_fen;
use std::time::Instant;

#[path = "../rivals/rivals.rs"]
mod rivals;
use rivals::{cozy_perft, outpost_perft_unmake, shakmaty_perft_full, shakmaty_position};

const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
];

/// Runs every measure `runs` times, taking turns (each round runs each
/// measure once), so that a machine whose speed drifts slows them alike;
/// gives each measure's node count and best time.
fn best_interleaved(runs: usize, measures: &mut [&mut dyn FnMut() -> u64]) -> Vec<(u64, f64)> {
    let mut best = vec![(0u64, f64::MAX); measures.len()];
    for _ in 0..runs {
        for (measure, best) in measures.iter_mut().zip(best.iter_mut()) {
            let start = Instant::now();
            let nodes = measure();
            *best = (nodes, best.1.min(start.elapsed().as_secs_f64()));
        }
    }
    best
}

fn main() {
    let runs = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let mut totals = [(0u64, 0f64); 5];
    println!(
        "{:<10} {:>5} {:>12} {:>14} {:>14} {:>14} {:>14} {:>16}",
        "position",
        "depth",
        "nodes",
        "outpost bulk",
        "cozy bulk",
        "outpost full",
        "shakmaty full",
        "outpost unmake"
    );
    for (name, fen, depth) in POSITIONS {
        let pos = parse_fen(fen).unwrap();
        let board = cozy_chess::Board::from_fen(fen, false).unwrap();
        let chess = shakmaty_position(fen);
        let results = best_interleaved(
            runs,
            &mut [
                &mut || outpost_board::perft(&pos, depth),
                &mut || cozy_perft(&board, depth),
                &mut || outpost_board::perft_full(&pos, depth - 1),
                &mut || shakmaty_perft_full(&chess, depth - 1),
                &mut || outpost_perft_unmake(&mut pos.clone(), depth - 1),
            ],
        );
        assert_eq!(results[0].0, results[1].0);
        assert_eq!(results[2].0, results[3].0);
        assert_eq!(results[2].0, results[4].0);
        let mnps = |(n, t): (u64, f64)| format!("{:.1} Mn/s", n as f64 / t / 1e6);
        println!(
            "{name:<10} {depth:>5} {:>12} {:>14} {:>14} {:>14} {:>14} {:>16}",
            results[0].0,
            mnps(results[0]),
            mnps(results[1]),
            mnps(results[2]),
            mnps(results[3]),
            mnps(results[4])
        );
        for (total, r) in totals.iter_mut().zip(results) {
            total.0 += r.0;
            total.1 += r.1;
        }
    }
    let rate = |(n, t): (u64, f64)| n as f64 / t / 1e6;
    println!(
        "total: outpost bulk {:.1} Mn/s, cozy-chess bulk {:.1} Mn/s (ratio {:.2}); outpost full {:.1} Mn/s, shakmaty full {:.1} Mn/s (ratio {:.2}); outpost make/unmake {:.1} Mn/s",
        rate(totals[0]),
        rate(totals[1]),
        rate(totals[0]) / rate(totals[1]),
        rate(totals[2]),
        rate(totals[3]),
        rate(totals[2]) / rate(totals[3]),
        rate(totals[4])
    );
}
