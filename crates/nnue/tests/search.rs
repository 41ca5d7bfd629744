//! In a real search, the incremental evaluator gives exactly what
//! evaluating every position from scratch gives: the same nodes, the same
//! move, the same score.

use outpost_board::{Move, Position};
use outpost_eval::Evaluate;
use outpost_nnue::{Network, NnueEvaluator, INPUTS};
use outpost_notation::parse_fen;
use outpost_search::{Limits, PoolSettings, SearchControl, SearchJob, SearchPool};
use std::sync::Arc;

/// Evaluates every position from scratch, ignoring make and unmake.
#[derive(Clone)]
struct FromScratch(NnueEvaluator);

impl Evaluate for FromScratch {
    fn evaluate(&mut self, pos: &Position) -> i32 {
        self.0.evaluate_from_scratch(pos)
    }
}

fn network() -> Arc<Network> {
    let mut state = 99u64;
    let mut next = |low: i32, high: i32| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        low + ((state >> 33) % (high - low + 1) as u64) as i32
    };
    let hidden = 32;
    let fw = (0..INPUTS * hidden).map(|_| next(-50, 50) as i16).collect();
    let fb = (0..hidden).map(|_| next(0, 100) as i16).collect();
    let ow = (0..8 * 2 * hidden)
        .map(|_| next(-100, 100) as i16)
        .collect();
    let ob = (0..8).map(|_| next(-500, 500)).collect();
    Arc::new(Network::new(hidden, 8, fw, fb, ow, ob).unwrap())
}

fn search<E: Evaluate + Clone + 'static>(eval: E, pos: &Position) -> (Move, u64, i32) {
    let mut engine = SearchPool::with_evaluator(
        PoolSettings {
            threads: 1,
            hash_mib: 4,
            ..PoolSettings::default()
        },
        eval,
    );
    let result = engine.search(
        SearchJob::new(*pos, Limits::depth(7)),
        &SearchControl::new(),
        &mut |_| {},
    );
    let score = match result.score {
        outpost_search::Score::Centipawns(cp) => cp,
        outpost_search::Score::Mate(m) => 100_000 + m,
    };
    (result.best_move, result.nodes, score)
}

#[test]
fn incremental_and_scratch_searches_are_identical() {
    let net = network();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let pos = parse_fen(fen).unwrap();
        let incremental = search(NnueEvaluator::new(Arc::clone(&net)), &pos);
        let scratch = search(FromScratch(NnueEvaluator::new(Arc::clone(&net))), &pos);
        assert_eq!(incremental, scratch, "{fen}");
        assert!(incremental.1 > 300, "{fen}: {incremental:?}");
    }
}
