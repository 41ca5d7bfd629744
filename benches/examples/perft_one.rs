//! Runs one perft for profiling: `perft_one <bulk|full|cozy|shakmaty> <depth> [fen]`
//! (`cozy` counts in bulk, `shakmaty` plays every leaf).

fn cozy_bulk(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_bulk(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

fn shakmaty_full(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position as _;
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            shakmaty_full(&child, depth - 1)
        })
        .sum()
}

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
        "shakmaty" => {
            let chess: shakmaty::Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .expect("valid FEN")
                .into_position(shakmaty::CastlingMode::Standard)
                .expect("legal position");
            shakmaty_full(&chess, depth)
        }
        "cozy" => cozy_bulk(
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
