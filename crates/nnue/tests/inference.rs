//! Inference: the file format, the kernels, and the incremental updates.

use outpost_board::{Move, Position};
use outpost_eval::Evaluate;
use outpost_nnue::{
    load_network, Kernel, Network, NnueError, NnueEvaluator, INPUTS, KING_BUCKETS,
    VERSION_KING_BUCKETS,
};
use outpost_notation::parse_fen;
use std::sync::Arc;

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn range(&mut self, low: i32, high: i32) -> i32 {
        low + (self.next() % (high - low + 1) as u64) as i32
    }
}

fn random_network(hidden: usize, buckets: usize, seed: u64) -> Network {
    random_bucketed_network(1, hidden, buckets, seed)
}

fn random_bucketed_network(
    king_buckets: usize,
    hidden: usize,
    buckets: usize,
    seed: u64,
) -> Network {
    let mut rng = Rng(seed);
    let mut i16s = |n: usize, low: i32, high: i32| -> Vec<i16> {
        (0..n).map(|_| rng.range(low, high) as i16).collect()
    };
    let fw = i16s(king_buckets * INPUTS * hidden, -60, 60);
    let fb = i16s(hidden, -40, 120);
    let ow = i16s(buckets * 2 * hidden, -127, 127);
    let ob = (0..buckets as i32).map(|b| b * 1000 - 3000).collect();
    Network::with_king_buckets(king_buckets, hidden, buckets, fw, fb, ow, ob).unwrap()
}

/// `fen` mirrored left to right (a file ↔ h file); only for FENs without
/// castling rights.
fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    assert_eq!(fields[2], "-");
    let board: Vec<String> = fields[0]
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    let ep = match fields[3] {
        "-" => "-".to_string(),
        sq => {
            let file = (b'h' - (sq.as_bytes()[0] - b'a')) as char;
            format!("{file}{}", &sq[1..])
        }
    };
    format!(
        "{} {} - {} {} {}",
        board.join("/"),
        fields[1],
        ep,
        fields[4],
        fields[5]
    )
}

#[test]
fn king_bucketed_networks_round_trip_and_wrong_counts_are_named() {
    let net = random_bucketed_network(KING_BUCKETS, 32, 8, 21);
    assert_eq!(net.king_buckets(), KING_BUCKETS);
    let bytes = net.to_bytes();
    assert_eq!(
        u32::from_le_bytes(bytes[4..8].try_into().unwrap()),
        VERSION_KING_BUCKETS
    );
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    // A plain network still writes the first version, byte for byte as before.
    let plain = random_network(32, 8, 21);
    assert_eq!(
        u32::from_le_bytes(plain.to_bytes()[4..8].try_into().unwrap()),
        1
    );
    let mut wrong = bytes.clone();
    wrong[16] = 3; // 3 king buckets: not a layout
    assert!(matches!(
        Network::from_bytes(&wrong),
        Err(NnueError::Shape(_))
    ));
    assert_eq!(
        Network::from_bytes(&bytes[..18]),
        Err(NnueError::NotANetwork)
    );
    assert!(matches!(
        Network::with_king_buckets(
            2,
            16,
            1,
            vec![0; 2 * INPUTS * 16],
            vec![0; 16],
            vec![0; 32],
            vec![0]
        ),
        Err(NnueError::Shape(_))
    ));
}

/// With king buckets, a side whose king is on files a–d sees the board
/// mirrored: a position and its mirror image (no castling rights) are the
/// same to the network.
#[test]
fn king_buckets_see_a_position_and_its_mirror_alike() {
    let net = Arc::new(random_bucketed_network(KING_BUCKETS, 32, 8, 23));
    let plain = Arc::new(random_network(32, 8, 23));
    let eval = NnueEvaluator::new(Arc::clone(&net));
    let plain_eval = NnueEvaluator::new(plain);
    let mut plain_differs = 0;
    for fen in [
        "r4rk1/pp3ppp/2n1bn2/q1bpp3/4P3/2NP1N2/PPPBBPPP/R2Q1RK1 w - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "2kr3r/ppp2ppp/2n5/3q4/3P4/2P2N2/PP3PPP/R2Q1RK1 b - - 3 14",
        "8/8/3k4/8/3PK3/8/8/8 w - - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    ] {
        let pos: Position = parse_fen(fen).unwrap();
        let mirrored: Position = parse_fen(&mirror_fen(fen)).unwrap();
        assert_eq!(
            eval.evaluate_from_scratch(&pos),
            eval.evaluate_from_scratch(&mirrored),
            "{fen}"
        );
        plain_differs += usize::from(
            plain_eval.evaluate_from_scratch(&pos) != plain_eval.evaluate_from_scratch(&mirrored),
        );
    }
    // The test has teeth: without mirroring, random weights tell them apart.
    assert!(plain_differs >= 4, "{plain_differs}");
}

#[test]
fn the_file_format_round_trips_and_damage_is_named() {
    let net = random_network(32, 8, 1);
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);

    assert_eq!(Network::from_bytes(b"hello"), Err(NnueError::NotANetwork));
    let mut wrong = bytes.clone();
    wrong[4] = 9;
    assert_eq!(Network::from_bytes(&wrong), Err(NnueError::Version(9)));
    let mut wrong = bytes.clone();
    wrong[8] = 17; // hidden 17: not a multiple of 16
    assert!(matches!(
        Network::from_bytes(&wrong),
        Err(NnueError::Shape(_))
    ));
    let mut wrong = bytes.clone();
    wrong[12] = 0; // no buckets
    assert!(matches!(
        Network::from_bytes(&wrong),
        Err(NnueError::Shape(_))
    ));
    assert!(matches!(
        Network::from_bytes(&bytes[..bytes.len() - 1]),
        Err(NnueError::Length { .. })
    ));
    let mut wrong = bytes.clone();
    wrong[1000] ^= 1;
    assert_eq!(Network::from_bytes(&wrong), Err(NnueError::Checksum));
    // Huge declared sizes are refused before anything is allocated.
    let mut wrong = bytes.clone();
    wrong[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&wrong),
        Err(NnueError::Shape(_))
    ));

    let missing = load_network(std::path::Path::new("/nonexistent/net.nnue"));
    assert!(matches!(missing, Err(NnueError::Io { .. })));
    assert!(NnueError::Checksum.to_string().contains("corrupted"));
}

#[test]
fn the_kernels_agree_on_random_data() {
    let detected = Kernel::detect();
    let mut rng = Rng(7);
    for len in [16, 32, 128, 256, 1024] {
        for _ in 0..50 {
            let mut v =
                |low, high| -> Vec<i16> { (0..len).map(|_| rng.range(low, high) as i16).collect() };
            let src = v(-3000, 3000);
            let rows: Vec<Vec<i16>> = (0..4).map(|_| v(-2000, 2000)).collect();
            let acts = v(-400, 700);
            let weights = v(-128, 127);
            let (a, b): (Vec<&[i16]>, Vec<&[i16]>) = (
                rows[..2].iter().map(Vec::as_slice).collect(),
                rows[2..].iter().map(Vec::as_slice).collect(),
            );
            // Every count of added and removed rows up to two each (the
            // AVX2 path has its own loops for the counts moves make).
            for adds in 0..=2 {
                for subs in 0..=2 {
                    let mut portable = vec![0; len];
                    let mut fast = vec![0; len];
                    Kernel::Portable.update(&mut portable, &src, &a[..adds], &b[..subs]);
                    detected.update(&mut fast, &src, &a[..adds], &b[..subs]);
                    assert_eq!(portable, fast, "{adds} rows added, {subs} removed");
                    let mut expected = src.clone();
                    for row in a[..adds].iter() {
                        for (e, &w) in expected.iter_mut().zip(row.iter()) {
                            *e = e.wrapping_add(w);
                        }
                    }
                    for row in b[..subs].iter() {
                        for (e, &w) in expected.iter_mut().zip(row.iter()) {
                            *e = e.wrapping_sub(w);
                        }
                    }
                    assert_eq!(fast, expected);
                }
            }
            let all: Vec<&[i16]> = rows.iter().map(Vec::as_slice).collect();
            let mut portable = src.clone();
            let mut fast = src.clone();
            Kernel::Portable.add_rows(&mut portable, &all);
            detected.add_rows(&mut fast, &all);
            assert_eq!(portable, fast);
            let mut expected = src.clone();
            for row in &rows {
                for (e, &w) in expected.iter_mut().zip(row) {
                    *e = e.wrapping_add(w);
                }
            }
            assert_eq!(fast, expected);
            assert_eq!(
                Kernel::Portable.screlu_dot(&acts, &weights),
                detected.screlu_dot(&acts, &weights)
            );
        }
    }
    // Extreme values wrap the same way on both paths.
    let acts = vec![i16::MAX; 1024];
    let weights = vec![127i16; 1024];
    assert_eq!(
        Kernel::Portable.screlu_dot(&acts, &weights),
        detected.screlu_dot(&acts, &weights)
    );
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        assert_ne!(detected, Kernel::Portable, "AVX2 is there but not used");
    }
}

/// Plays random games through make/unmake as the search does (descending,
/// evaluating, going back, taking another branch), checking every
/// evaluation against one from scratch, with both kernels.
#[test]
fn incremental_evaluation_equals_evaluation_from_scratch() {
    for king_buckets in [1, KING_BUCKETS] {
        incremental_evaluation_matches(king_buckets);
    }
}

fn incremental_evaluation_matches(king_buckets: usize) {
    let net = Arc::new(random_bucketed_network(king_buckets, 64, 8, 3));
    for kernel in [Kernel::Portable, Kernel::detect()] {
        let mut eval = NnueEvaluator::with_kernel(Arc::clone(&net), kernel);
        let reference = NnueEvaluator::with_kernel(Arc::clone(&net), Kernel::Portable);
        let mut rng = Rng(11);
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            // Chess960 castling with the king and rook swapping places.
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
        ] {
            let root: Position = parse_fen(fen).unwrap();
            eval.set_root(&root);
            assert_eq!(eval.evaluate(&root), reference.evaluate_from_scratch(&root));
            let mut checked = 0;
            for _ in 0..40 {
                // Down a random line of up to 12 plies (null moves too),
                // evaluating at some nodes, then back up.
                let mut line = vec![root];
                for _ in 0..12 {
                    let pos = *line.last().unwrap();
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mut child = pos;
                    let mv = if rng.next() % 10 == 0 && !pos.is_check() {
                        child.make_null_move();
                        Move::NULL
                    } else {
                        let mv = moves[(rng.next() % moves.len() as u64) as usize];
                        child.make_move(mv);
                        mv
                    };
                    eval.make(&pos, mv, &child);
                    line.push(child);
                    if rng.next() % 3 == 0 {
                        assert_eq!(
                            eval.evaluate(&child),
                            reference.evaluate_from_scratch(&child),
                            "{fen}"
                        );
                        checked += 1;
                    }
                }
                while line.len() > 1 {
                    line.pop();
                    eval.unmake();
                    if rng.next() % 4 == 0 {
                        let pos = line.last().unwrap();
                        assert_eq!(eval.evaluate(pos), reference.evaluate_from_scratch(pos));
                    }
                }
            }
            assert!(checked > 50);
        }
        // A position the stack did not follow is evaluated correctly too.
        let other: Position = parse_fen("8/8/4k3/8/2Q5/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(
            eval.evaluate(&other),
            reference.evaluate_from_scratch(&other)
        );
    }
}

#[test]
fn deeper_than_the_stack_still_evaluates_correctly() {
    let net = Arc::new(random_network(16, 1, 5));
    let mut eval = NnueEvaluator::new(Arc::clone(&net));
    let root = Position::startpos();
    eval.set_root(&root);
    // Knights out and back, 600 plies deep without unmaking.
    let mut line = vec![root];
    let squares = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for i in 0..600 {
        let pos = *line.last().unwrap();
        let mv = outpost_notation::parse_uci_move(&pos, squares[i % 4]).unwrap();
        let mut child = pos;
        child.make_move(mv);
        eval.make(&pos, mv, &child);
        line.push(child);
        if i % 50 == 0 {
            assert_eq!(eval.evaluate(&child), eval.evaluate_from_scratch(&child));
        }
    }
    for _ in 0..600 {
        line.pop();
        eval.unmake();
        let pos = line.last().unwrap();
        assert_eq!(eval.evaluate(pos), eval.evaluate_from_scratch(pos));
    }
}

#[test]
fn insufficient_material_is_a_draw_and_scores_stay_in_range() {
    let net = Arc::new(random_network(32, 8, 9));
    let eval = NnueEvaluator::new(net);
    let bare: Position = parse_fen("8/8/4k3/8/8/3N4/8/4K3 w - - 0 1").unwrap();
    assert_eq!(eval.evaluate_from_scratch(&bare), 0);
    let pos = Position::startpos();
    assert!(eval.evaluate_from_scratch(&pos).abs() <= outpost_eval::EVAL_LIMIT);
}
