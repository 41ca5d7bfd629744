//! Quick side-by-side PGN reading speed, best of several interleaved runs:
//! Outpost's streaming reader (a visitor counting moves), its tree-building
//! iterator, its `Game` builder, and pgn-reader 0.29 with shakmaty 0.30
//! playing every SAN, over the texts of `benches/pgn.rs`.
//!
//! `cargo run --release -p outpost-benches --example pgn_compare [RUNS] [READER]`
//!
//! With a READER (`visitor`, `tree`, `game`, `pgn-reader`) only that one
//! runs, for profiling; a third argument `mainline` or `annotated` picks
//! one text.

use std::time::Instant;

#[path = "../rivals/pgn_rivals.rs"]
mod pgn_rivals;
use pgn_rivals::{
    outpost_game, outpost_tree, outpost_visitor, pgn_reader_shakmaty, random_games, write_all,
    ANNOTATED_GAMES, GAMES, SEED,
};

type ReaderFn = fn(&str) -> usize;

fn main() {
    let mut args = std::env::args().skip(1);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let only = args.next();
    let only_text = args.next();
    let readers: [(&str, ReaderFn); 4] = [
        ("visitor", outpost_visitor),
        ("pgn-reader", pgn_reader_shakmaty),
        ("tree", outpost_tree),
        ("game", outpost_game),
    ];
    let texts = [
        ("mainline", write_all(&random_games(SEED, GAMES, 0))),
        (
            "annotated",
            write_all(&random_games(SEED ^ 0x5555, ANNOTATED_GAMES, 3)),
        ),
    ];
    for (name, text) in &texts {
        if only_text.as_deref().is_some_and(|t| t != *name) {
            continue;
        }
        let mut best = vec![f64::INFINITY; readers.len()];
        let mut moves = vec![0; readers.len()];
        for _ in 0..runs {
            for (i, (reader, read)) in readers.iter().enumerate() {
                if only.as_deref().is_some_and(|o| o != *reader) {
                    continue;
                }
                if *name == "annotated" && *reader == "game" {
                    continue;
                }
                let t = Instant::now();
                moves[i] = read(text);
                best[i] = best[i].min(t.elapsed().as_secs_f64());
            }
        }
        for (i, (reader, _)) in readers.iter().enumerate() {
            if best[i].is_finite() {
                println!(
                    "{name:9} {reader:10} {:8.1} ms {:6.2} M moves/s ({} moves)",
                    best[i] * 1e3,
                    moves[i] as f64 / best[i] / 1e6,
                    moves[i]
                );
            }
        }
    }
}
