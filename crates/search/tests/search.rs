//! Behaviour of the search: mates found at the right distance, legal moves
//! everywhere, every limit honoured.

use outpost_board::{Move, Position};
use outpost_notation::parse_fen;
use outpost_search::{
    Bench, Limits, PoolSettings, Report, Score, SearchControl, SearchDriver, SearchJob, SearchPool,
    BENCH_POSITIONS,
};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn search(fen: &str, limits: &Limits) -> outpost_search::SearchResult {
    let pos = parse_fen(fen).unwrap();
    let mut engine = SearchPool::default();
    engine.search(
        SearchJob::new(pos, limits.clone()),
        &SearchControl::new(),
        &mut |_| {},
    )
}

/// Searches `pos` with a fresh engine set up with `options`.
fn search_with(
    options: PoolSettings,
    pos: &Position,
    limits: &Limits,
) -> outpost_search::SearchResult {
    SearchPool::new(options).search(
        SearchJob::new(*pos, limits.clone()),
        &SearchControl::new(),
        &mut |_| {},
    )
}

fn data(file: &str) -> Vec<String> {
    let path = format!("{}/../../data/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn finds_mates_at_the_right_distance() {
    // (FEN, mate in N moves for the side to move)
    // Distances checked with Stockfish 15.1 at depths 12 and 22.
    let cases = [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            1,
        ),
        ("7k/8/6K1/8/8/8/8/R7 w - - 0 1", 1),
        ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 2),
        ("4k3/8/8/8/8/8/8/1R1K3R w - - 0 1", 2),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3),
        ("3k4/8/8/8/8/8/8/1R1K3R w - - 0 1", 3),
        ("8/2k5/8/8/8/8/8/1R1K3R w - - 0 1", 4),
    ];
    // Every driver (PVS, plain alpha-beta, MTD(f)) proves the same mates.
    for driver in SearchDriver::ALL {
        for (fen, n) in cases {
            // `go mate n`: search until a mate in at most n moves is proven.
            let limits = Limits {
                mate: Some(n),
                nodes: Some(20_000_000),
                ..Limits::default()
            };
            let pos = parse_fen(fen).unwrap();
            let options = PoolSettings {
                driver,
                ..PoolSettings::default()
            };
            let result = search_with(options, &pos, &limits);
            assert_eq!(result.score, Score::Mate(n), "{driver:?} {fen}: {result:?}");
            assert!(pos.is_legal(result.best_move), "{driver:?} {fen}");
        }
    }
}

#[test]
fn every_driver_reaches_the_depth_with_a_legal_move() {
    for driver in SearchDriver::ALL {
        let results = Bench::new(6).with_driver(driver).run_each();
        assert_eq!(results.len(), BENCH_POSITIONS.len());
        assert!(results.iter().all(|r| r.nodes > 0), "{driver:?}");
        // Deterministic with one thread, like bench.
        assert_eq!(
            Bench::new(6)
                .with_driver(driver)
                .run_each()
                .iter()
                .map(|r| r.nodes)
                .collect::<Vec<_>>(),
            results.iter().map(|r| r.nodes).collect::<Vec<_>>(),
            "{driver:?}"
        );
    }
    for fen in BENCH_POSITIONS {
        let pos = parse_fen(fen).unwrap();
        for driver in SearchDriver::ALL {
            let options = PoolSettings {
                driver,
                ..PoolSettings::default()
            };
            let result = search_with(options, &pos, &Limits::depth(5));
            assert!(pos.is_legal(result.best_move), "{driver:?} {fen}");
            assert_eq!(result.depth, 5, "{driver:?} {fen}");
        }
    }
}

#[test]
fn mated_side_reports_negative_mate() {
    // Black to move is mated on White's next move whatever it plays.
    let result = search("7k/8/6K1/8/8/8/8/R7 b - - 0 1", &Limits::depth(6));
    assert_eq!(result.score, Score::Mate(-1), "{result:?}");
}

#[test]
fn no_legal_move_gives_null_move() {
    let mate = search("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", &Limits::depth(3));
    assert!(mate.best_move.is_null());
    let stalemate = search("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &Limits::depth(3));
    assert!(stalemate.best_move.is_null());
}

#[test]
fn legal_best_move_on_every_data_position() {
    let mut engine = SearchPool::default();
    let control = SearchControl::new();
    for file in ["wac.epd", "bk.epd", "sts.epd", "perft.epd"] {
        for fen in data(file) {
            let pos = parse_fen(&fen).unwrap();
            let result = engine.search(
                SearchJob::new(pos, Limits::nodes(600)),
                &control,
                &mut |_| {},
            );
            if pos.has_legal_moves() {
                assert!(
                    pos.is_legal(result.best_move),
                    "{file}: {fen}: {}",
                    result.best_move
                );
                if let Some(p) = result.ponder_move {
                    assert!(pos.play(result.best_move).is_legal(p), "{fen}: ponder {p}");
                }
            } else {
                assert!(result.best_move.is_null(), "{fen}");
            }
        }
    }
}

#[test]
fn depth_and_node_limits() {
    let result = search(BENCH_POSITIONS[1], &Limits::depth(5));
    assert_eq!(result.depth, 5);
    let result = search(BENCH_POSITIONS[0], &Limits::nodes(5_000));
    assert!(
        result.nodes >= 5_000 && result.nodes < 5_000 + 200,
        "{}",
        result.nodes
    );
}

#[test]
fn movetime_ends_the_search() {
    // The budget itself (the time less the overhead, never more) is checked
    // in the time module's unit tests; here the search must stop on its own
    // with a legal move and some depth behind it.
    let overhead = Duration::from_millis(10);
    let mut engine = SearchPool::new(PoolSettings {
        move_overhead: overhead,
        ..PoolSettings::default()
    });
    let pos = parse_fen(BENCH_POSITIONS[1]).unwrap();
    for ms in [50u64, 300] {
        let limits = Limits::movetime(Duration::from_millis(ms));
        let result = engine.search(
            SearchJob::new(pos, limits),
            &SearchControl::new(),
            &mut |_| {},
        );
        assert!(pos.is_legal(result.best_move));
        assert!(result.depth >= 1);
    }
}

#[test]
fn stop_ends_an_infinite_search() {
    let control = Arc::new(SearchControl::new());
    let signal = Arc::clone(&control);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        signal.stop();
    });
    let start = Instant::now();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let mut engine = SearchPool::default();
    let result = engine.search(
        SearchJob::new(Position::startpos(), limits),
        &control,
        &mut |_| {},
    );
    stopper.join().unwrap();
    let took = start.elapsed();
    // It ran until the stop; the upper bound only catches a search that
    // ignores the stop (generous, so that a loaded machine does not fail it).
    assert!(
        took >= Duration::from_millis(190) && took < Duration::from_secs(2),
        "{took:?}"
    );
    assert!(Position::startpos().is_legal(result.best_move));
}

#[test]
fn an_infinite_search_with_nothing_left_waits_for_stop() {
    // Searched as deep as allowed, an infinite search holds its answer
    // back until the front end says `stop`: UCI forbids `bestmove` before.
    let pos = parse_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1").unwrap();
    let limits = Limits {
        infinite: true,
        depth: Some(3),
        ..Limits::default()
    };
    let control = SearchControl::new();
    let remote = control.clone();
    let started = Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        remote.stop();
    });
    let result = SearchPool::default().search(SearchJob::new(pos, limits), &control, &mut |_| {});
    assert!(
        started.elapsed() >= Duration::from_millis(300),
        "answered before the stop"
    );
    stopper.join().unwrap();
    assert!(control.is_stopped());
    assert_eq!(result.best_move.to_string(), "a1a8");
    assert_eq!(result.depth, 3);
    assert_eq!(result.pv[0], result.best_move);
}

#[test]
fn result_carries_every_multipv_line() {
    let pos = Position::startpos();
    let mut engine = SearchPool::default();
    let result = engine.search(
        SearchJob::new(pos, Limits::depth(6)).with_multipv(3),
        &SearchControl::new(),
        &mut |_| {},
    );
    assert_eq!(result.lines.len(), 3);
    assert_eq!(result.lines[0].pv, result.pv);
    let firsts: std::collections::HashSet<_> = result.lines.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts.len(), 3, "three different root moves");
    for line in &result.lines {
        let mut p = pos;
        for &mv in &line.pv {
            assert!(p.is_legal(mv));
            p.make_move(mv);
        }
    }
    let value = |s: Score| match s {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
    };
    assert!(result
        .lines
        .windows(2)
        .all(|w| value(w[0].score) >= value(w[1].score)));
}

#[test]
fn ponderhit_switches_to_the_clock() {
    let control = Arc::new(SearchControl::new());
    let signal = Arc::clone(&control);
    let hitter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        signal.ponderhit();
    });
    let start = Instant::now();
    let limits = Limits {
        ponder: true,
        movetime: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let result = SearchPool::default().search(
        SearchJob::new(Position::startpos(), limits),
        &control,
        &mut |_| {},
    );
    hitter.join().unwrap();
    let took = start.elapsed();
    // It pondered 150 ms, then searched its 100 ms from the ponder hit (the
    // upper bound, generous for a loaded machine, catches a search that
    // never switches to the clock).
    assert!(
        took >= Duration::from_millis(200) && took < Duration::from_secs(2),
        "{took:?}"
    );
    assert!(!result.best_move.is_null());
}

#[test]
fn search_moves_restrict_the_root() {
    let pos = Position::startpos();
    let only = pos.legal_moves()[7];
    let limits = Limits {
        depth: Some(4),
        search_moves: vec![only],
        ..Limits::default()
    };
    let result = SearchPool::default().search(
        SearchJob::new(pos, limits),
        &SearchControl::new(),
        &mut |_| {},
    );
    assert_eq!(result.best_move, only);
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut engine = SearchPool::default();
    let mut lines = Vec::new();
    engine.search(
        SearchJob::new(Position::startpos(), Limits::depth(5)).with_multipv(3),
        &SearchControl::new(),
        &mut |r| {
            if let Report::Pv(pv) = r {
                if pv.depth == 5 {
                    lines.push((pv.multipv, pv.pv[0]));
                }
            }
        },
    );
    assert_eq!(lines.len(), 3, "{lines:?}");
    let firsts: std::collections::HashSet<_> = lines.iter().map(|l| l.1).collect();
    assert_eq!(firsts.len(), 3);
}

/// Plays `moves` from the start position, then searches only Black's
/// Ng8 (f6g8) to depth 6, with or without the game history. Returns the
/// result and the move.
fn search_knight_back(moves: &[&str], with_history: bool) -> (outpost_search::SearchResult, Move) {
    let mut pos = Position::startpos();
    let mut history = Vec::new();
    for mv in moves {
        history.push(pos.key());
        pos = pos.play(outpost_notation::parse_uci_move(&pos, mv).unwrap());
    }
    let back = outpost_notation::parse_uci_move(&pos, "f6g8").unwrap();
    let limits = Limits {
        depth: Some(6),
        search_moves: vec![back],
        ..Limits::default()
    };
    let history: &[u64] = if with_history { &history } else { &[] };
    let result = SearchPool::default().search(
        SearchJob::new(pos, limits).with_history(history),
        &SearchControl::new(),
        &mut |_| {},
    );
    (result, back)
}

#[test]
fn repetition_is_a_draw() {
    // After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black's Ng8 returns to a position
    // already in the game history: searched alone, that move scores a draw.
    let moves = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
    let (result, back) = search_knight_back(&moves, true);
    assert_eq!(result.best_move, back);
    assert_eq!(result.score, Score::Centipawns(0), "{result:?}");
    // Without the history the same move is an ordinary move with a normal score.
    let (fresh, _) = search_knight_back(&moves, false);
    assert_ne!(fresh.score, Score::Centipawns(0), "{fresh:?}");
}

#[test]
fn one_earlier_occurrence_in_the_game_is_already_a_draw() {
    // After Nf3 Nf6 Ng1, Black's Ng8 returns to the start position, which
    // occurred once: the search scores it as a draw (it would not plan to
    // shuffle back there from a better position).
    let (result, back) = search_knight_back(&["g1f3", "g8f6", "f3g1"], true);
    assert_eq!(result.best_move, back);
    assert_eq!(result.score, Score::Centipawns(0), "{result:?}");
}

#[test]
fn two_threads_search_and_agree_on_legality() {
    let options = PoolSettings {
        threads: 2,
        ..PoolSettings::default()
    };
    let pos = parse_fen(BENCH_POSITIONS[7]).unwrap();
    let result = search_with(options, &pos, &Limits::depth(8));
    assert!(pos.is_legal(result.best_move));
}

#[test]
fn bench_positions_are_legal_and_bench_is_deterministic() {
    for fen in BENCH_POSITIONS {
        parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
    let a = Bench::new(5).run();
    let b = Bench::new(5).run();
    assert_eq!(a.nodes, b.nodes);
    assert!(a.nodes > 0);
}

#[test]
fn forced_move_on_the_clock_is_played_at_once() {
    // Black, checked by the queen on f6, has one legal move: Kg8.
    let pos = parse_fen("7k/8/5Q1K/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(
        pos.legal_moves().len(),
        1,
        "test position must have one legal move"
    );
    let limits = Limits {
        clock: Some(outpost_search::Clock {
            time: Duration::from_secs(60),
            increment: Duration::ZERO,
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    let start = Instant::now();
    let result = SearchPool::default().search(
        SearchJob::new(pos, limits),
        &SearchControl::new(),
        &mut |_| {},
    );
    // An only move is played at once, not after a share of the 60 s clock
    // (a second is far below that share and far above a loaded machine's delay).
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    assert!(pos.is_legal(result.best_move));
}

/// Tables that know one thing: with at most three men, a side with a queen
/// wins and a bare king loses; every other position is not covered.
struct QueenWins;

impl outpost_search::EndgameTables for QueenWins {
    fn max_men(&self) -> u32 {
        3
    }

    fn probe_wdl(&self, pos: &Position) -> Option<outpost_search::TableWdl> {
        use outpost_board::PieceKind;
        let queens = pos.pieces(PieceKind::Queen);
        if pos.occupied().count() > 3 || queens.is_empty() {
            return None;
        }
        let ours = (queens & pos.colored(pos.side_to_move())).is_nonempty();
        Some(if ours {
            outpost_search::TableWdl::Win
        } else {
            outpost_search::TableWdl::Loss
        })
    }
}

#[test]
fn endgame_tables_are_probed_after_captures() {
    // Qxd5 wins the rook and reaches KQ v K, which the tables call won.
    let pos = parse_fen("4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1").unwrap();
    let mut engine = SearchPool::default();
    engine.set_tables(Some(Arc::new(QueenWins)));
    let mut reported_hits = 0;
    let result = engine.search(
        SearchJob::new(pos, Limits::depth(6)),
        &SearchControl::new(),
        &mut |r| {
            if let Report::Pv(pv) = r {
                reported_hits = pv.tb_hits;
            }
        },
    );
    assert_eq!(result.best_move.to_string(), "d2d5");
    assert!(result.tb_hits > 0);
    assert!(reported_hits > 0);
    match result.score {
        Score::Centipawns(cp) => assert!(
            cp > outpost_search::TB_BOUND && cp < outpost_search::TB_WIN,
            "{cp}"
        ),
        other => panic!("{other:?}"),
    }
    // Without tables: the same move, an ordinary score, no hits.
    let plain = SearchPool::default().search(
        SearchJob::new(pos, Limits::depth(6)),
        &SearchControl::new(),
        &mut |_| {},
    );
    assert_eq!(plain.tb_hits, 0);
    assert!(matches!(plain.score, Score::Centipawns(cp) if cp < 5_000));
}

/// A sink that counts what it is given.
struct Counting {
    reports: Arc<std::sync::atomic::AtomicUsize>,
    finished: Arc<std::sync::atomic::AtomicUsize>,
}

impl outpost_search::SearchSink for Counting {
    fn report(&mut self, _: Report) {
        self.reports
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    fn finish(self: Box<Self>, _: outpost_search::SearchResult) {
        self.finished
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

#[test]
fn a_started_search_runs_in_the_background_and_is_delivered_once() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let reports = Arc::new(AtomicUsize::new(0));
    let finished = Arc::new(AtomicUsize::new(0));
    let sink = || {
        Box::new(Counting {
            reports: Arc::clone(&reports),
            finished: Arc::clone(&finished),
        })
    };
    let mut pool = SearchPool::default();
    let control = SearchControl::new();
    let infinite = Limits {
        infinite: true,
        ..Limits::default()
    };
    pool.start(
        SearchJob::new(Position::startpos(), infinite.clone()),
        &control,
        sink(),
    )
    .unwrap();
    assert!(pool.is_searching());
    // One search at a time.
    assert_eq!(
        pool.start(
            SearchJob::new(Position::startpos(), infinite),
            &control,
            sink()
        ),
        Err(outpost_search::PoolError::Busy)
    );
    std::thread::sleep(Duration::from_millis(100));
    assert!(reports.load(Ordering::SeqCst) > 0, "reports while it runs");
    assert_eq!(finished.load(Ordering::SeqCst), 0, "no result before stop");
    // Dropping the pool stops the search; its result is delivered once.
    drop(pool);
    assert_eq!(finished.load(Ordering::SeqCst), 1);
}

/// A pool thread lends the same scratch buffers (killers, stack frames, PV
/// table, picker lists) to every search: after `new_game` a search must
/// run exactly as it would on a new pool, with or without reports.
#[test]
fn a_used_pool_after_new_game_searches_like_a_new_one() {
    let limits = Limits::depth(7);
    let mut used = SearchPool::default();
    for fen in &BENCH_POSITIONS[..4] {
        let pos = parse_fen(fen).unwrap();
        used.search_without_reports(SearchJob::new(pos, limits.clone()), &SearchControl::new());
    }
    for fen in &BENCH_POSITIONS[4..8] {
        let pos = parse_fen(fen).unwrap();
        used.new_game();
        let again =
            used.search_without_reports(SearchJob::new(pos, limits.clone()), &SearchControl::new());
        let fresh = search(fen, &limits);
        assert_eq!(
            (again.best_move, again.score, again.nodes, &again.pv),
            (fresh.best_move, fresh.score, fresh.nodes, &fresh.pv),
            "{fen}"
        );
    }
}
