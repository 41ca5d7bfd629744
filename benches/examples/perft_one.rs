//! Runs one perft for profiling: `perft_one <bulk|full|cozy|shakmaty> <depth> [fen]`
//! (`cozy` counts in bulk, `shakmaty` plays every leaf).

#[path = "../rivals/rivals.rs"]
mod rivals;
use rivals::{cozy_perft, shakmaty_perft_full, shakmaty_position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("bulk", String::as_str);
    let depth: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let fen = args
        .get(3)
        .map_or(outpost_notation::STARTPOS_FEN, String::as_str);
    let pos = outpost_notation::parse_fen(fen).expect("valid FEN");
    let start = std::time::Instant::now();
    let nodes = match mode {
        "full" => outpost_board::perft_full(&pos, depth),
        "shakmaty" => shakmaty_perft_full(&shakmaty_position(fen), depth),
        "cozy" => cozy_perft(
            &cozy_chess::Board::from_fen(fen, false).expect("valid FEN"),
            depth,
        ),
        _ => outpost_board::perft(&pos, depth),
    };
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{nodes} nodes in {secs:.3} s: {:.1} Mn/s",
        nodes as f64 / secs / 1e6
    );
}
