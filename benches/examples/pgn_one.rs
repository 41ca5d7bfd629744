//! Reads the PGN files of one directory once with one reader, for profiling
//! and instruction counts (`valgrind --tool=callgrind`, `perf record`):
//!
//! ```sh
//! pgn_one <visitor|visitor-variations|tree|rival|rival-variations> DIR [REPEAT]
//! ```
//!
//! `visitor` is Outpost's streaming reader validating the main line and
//! skipping variations (`visitor-variations` validates them too), `tree` its
//! tree-building reader, `rival` pgn-reader 0.29 + shakmaty 0.30. Every file
//! is read into memory before the clock starts; the moves played, games read
//! and games given up are printed with the time.

use std::path::PathBuf;
use std::time::Instant;

#[path = "../rivals/pgn_rivals.rs"]
mod pgn_rivals;
use pgn_rivals::{outpost_tree_real, outpost_visitor_real, pgn_reader_shakmaty_real, Tally};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let reader = args.get(1).map_or("visitor", String::as_str);
    let dir = PathBuf::from(
        args.get(2)
            .map_or("target/pgn-corpus/engine", String::as_str),
    );
    let repeat: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pgn")))
        .collect();
    files.sort();
    let texts: Vec<Vec<u8>> = files
        .iter()
        .map(|f| std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display())))
        .collect();
    let read: fn(&[u8]) -> Tally = match reader {
        "visitor" => |t| outpost_visitor_real(t, false),
        "visitor-variations" => |t| outpost_visitor_real(t, true),
        "tree" => outpost_tree_real,
        "rival" => |t| pgn_reader_shakmaty_real(t, false),
        "rival-variations" => |t| pgn_reader_shakmaty_real(t, true),
        other => panic!("unknown reader {other}"),
    };
    let start = Instant::now();
    let mut tally = Tally::default();
    for _ in 0..repeat {
        for text in &texts {
            tally += read(text);
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{reader}: {} files x {repeat}, {} moves, {} games, {} given up, {secs:.3} s, {:.2} M moves/s",
        texts.len(),
        tally.moves,
        tally.games,
        tally.failed,
        tally.moves as f64 / secs / 1e6
    );
}
