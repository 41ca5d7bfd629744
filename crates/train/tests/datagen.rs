//! Data generation: records round-trip, runs are deterministic whatever the
//! threads, resume where they stopped, and refuse other settings.

use outpost_board::Position;
use outpost_eval::Evaluator;
use outpost_notation::parse_fen;
use outpost_train::dataset::{dedupe_records, shuffle_records};
use outpost_train::{
    generate, read_records, DatagenConfig, GameResult, TrainError, TrainingRecord, RECORD_BYTES,
};
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("outpost-datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("data.bin")
}

fn config(out: PathBuf, games: u64, threads: usize) -> DatagenConfig {
    DatagenConfig {
        games,
        nodes: 400,
        threads,
        out,
        seed: 42,
        random_plies: 8,
        hash_mib: 1,
        sample_evals: 0,
        sample_depth: 0,
        evaluator_id: 0,
        chess960: false,
    }
}

#[test]
fn records_round_trip_and_reject_nonsense() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/8/8/8/8/8/K6k b - - 99 200",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        let pos: Position = parse_fen(fen).unwrap();
        let mv = pos.legal_moves()[0];
        let record = TrainingRecord::new(&pos, -1234, mv, GameResult::BlackWins);
        let back = TrainingRecord::from_bytes(&record.to_bytes()).unwrap();
        assert_eq!(back, record);
        let placed: Vec<_> = back.pieces().collect();
        let expected: Vec<_> = pos
            .occupied()
            .map(|sq| (sq, pos.piece_on(sq).unwrap()))
            .collect();
        assert_eq!(placed, expected, "{fen}");
        assert_eq!(back.side_to_move, pos.side_to_move());
        assert_eq!(back.best_move, mv);
        assert_eq!(back.fullmove_number, pos.fullmove_number().min(255) as u8);
    }
    let start = Position::startpos();
    let good = TrainingRecord::new(&start, 0, start.legal_moves()[0], GameResult::Draw).to_bytes();
    let mut bad = good;
    bad[28] = 3; // result
    assert!(matches!(
        TrainingRecord::from_bytes(&bad),
        Err(TrainError::BadRecord(_))
    ));
    let mut bad = good;
    bad[29] = 2; // side to move
    assert!(TrainingRecord::from_bytes(&bad).is_err());
    let mut bad = good;
    bad[8] = 0x06; // piece code 6
    assert!(TrainingRecord::from_bytes(&bad).is_err());
    let mut bad = good;
    bad[0] = 0; // fewer pieces than codes: nonzero codes after the last
    assert!(TrainingRecord::from_bytes(&bad).is_err());
    let mut bad = [0u8; RECORD_BYTES];
    bad[0] = 1; // one piece: a white pawn, no kings
    assert!(TrainingRecord::from_bytes(&bad).is_err());
}

#[test]
fn a_run_is_the_same_with_any_threads_and_resumes() {
    let one = temp("one");
    let done = generate(&config(one.clone(), 3, 1), &Evaluator::new(), &mut |_| {}).unwrap();
    assert_eq!(done.games, 3);
    let two = temp("two");
    generate(&config(two.clone(), 3, 2), &Evaluator::new(), &mut |_| {}).unwrap();
    let first = std::fs::read(&one).unwrap();
    assert!(!first.is_empty());
    assert_eq!(
        first,
        std::fs::read(&two).unwrap(),
        "threads change the data"
    );

    // Two games, then on to three: the same file as three at once; and a
    // crash's partial write after the checkpoint is cut off.
    let resumed = temp("resumed");
    let mut seen = Vec::new();
    generate(
        &config(resumed.clone(), 2, 1),
        &Evaluator::new(),
        &mut |p| seen.push(p.games),
    )
    .unwrap();
    assert_eq!(seen, [1, 2]);
    {
        use std::io::Write;
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&resumed)
            .unwrap();
        file.write_all(&[7u8; 40]).unwrap();
    }
    let done = generate(
        &config(resumed.clone(), 3, 2),
        &Evaluator::new(),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!((done.games, done.games_this_run), (3, 1));
    assert_eq!(first, std::fs::read(&resumed).unwrap());

    // Other settings cannot continue the file.
    let mut other = config(resumed.clone(), 4, 1);
    other.nodes = 500;
    assert!(matches!(
        generate(&other, &Evaluator::new(), &mut |_| {}),
        Err(TrainError::Resume { .. })
    ));
    let mut other = config(resumed.clone(), 4, 1);
    other.evaluator_id = 12345; // another evaluator
    assert!(matches!(
        generate(&other, &Evaluator::new(), &mut |_| {}),
        Err(TrainError::Resume { .. })
    ));

    // Every record is usable: the move is quiet and the score is no mate.
    let records = read_records(&one).unwrap();
    for r in &records {
        assert!(!r.best_move.is_noisy());
        assert!(r.score.abs() < 20_000);
    }
    let (unique, dropped) = dedupe_records(records.clone());
    assert_eq!(unique.len() + dropped, records.len());
    let mut shuffled = records.clone();
    shuffle_records(&mut shuffled, 9);
    assert_ne!(shuffled, records);
    let mut a = shuffled.clone();
    let mut b = records.clone();
    a.sort_by_key(|r| r.to_bytes());
    b.sort_by_key(|r| r.to_bytes());
    assert_eq!(a, b);
}

#[test]
fn chess960_games_are_recorded_and_resume_only_as_chess960() {
    let mut chess960 = config(temp("chess960"), 2, 2);
    chess960.chess960 = true;
    let done = generate(&chess960, &Evaluator::new(), &mut |_| {}).unwrap();
    assert_eq!(done.games, 2);
    let records = read_records(&chess960.out).unwrap();
    assert!(!records.is_empty());
    for r in &records {
        let pos = r.to_position().unwrap();
        assert!(!pos.is_check());
        assert!(!r.best_move.is_noisy());
    }
    // Not the standard games of the same seed.
    let standard = config(temp("chess960-standard"), 2, 2);
    generate(&standard, &Evaluator::new(), &mut |_| {}).unwrap();
    assert_ne!(records, read_records(&standard.out).unwrap());
    let mut progress = chess960.out.clone().into_os_string();
    progress.push(".progress");
    let text = std::fs::read_to_string(&progress).unwrap();
    assert!(text.contains("chess960 1\n"), "{text}");

    // Neither kind of file is continued as the other.
    let mut other = config(chess960.out.clone(), 3, 1);
    other.chess960 = false;
    assert!(matches!(
        generate(&other, &Evaluator::new(), &mut |_| {}),
        Err(TrainError::Resume { .. })
    ));
    let mut other = config(standard.out.clone(), 3, 1);
    other.chess960 = true;
    assert!(matches!(
        generate(&other, &Evaluator::new(), &mut |_| {}),
        Err(TrainError::Resume { .. })
    ));
    chess960.games = 3;
    assert_eq!(
        generate(&chess960, &Evaluator::new(), &mut |_| {})
            .unwrap()
            .games,
        3
    );
}

#[test]
fn a_data_file_that_is_not_whole_records_is_an_error() {
    let path = temp("truncated");
    std::fs::write(&path, [0u8; 33]).unwrap();
    assert!(matches!(
        read_records(&path),
        Err(TrainError::Truncated { len: 33, .. })
    ));
    // A file without its progress file is not overwritten.
    assert!(matches!(
        generate(&config(path, 1, 1), &Evaluator::new(), &mut |_| {}),
        Err(TrainError::Resume { .. })
    ));
}

#[test]
fn sampled_evaluations_carry_the_static_score_and_resume_only_as_sampled() {
    let mut sampled = config(temp("sampled-one"), 2, 1);
    sampled.sample_evals = 16;
    generate(&sampled, &Evaluator::new(), &mut |_| {}).unwrap();
    let mut two = config(temp("sampled-two"), 2, 2);
    two.sample_evals = 16;
    generate(&two, &Evaluator::new(), &mut |_| {}).unwrap();
    let records = read_records(&sampled.out).unwrap();
    assert_eq!(
        records,
        read_records(&two.out).unwrap(),
        "threads change the samples"
    );

    let games = config(temp("games"), 2, 1);
    generate(&games, &Evaluator::new(), &mut |_| {}).unwrap();
    let game_records = read_records(&games.out).unwrap();
    // Searches evaluate far more positions than games play.
    assert!(
        records.len() > 2 * game_records.len(),
        "{} samples",
        records.len()
    );

    let hce = Evaluator::new();
    let mut noisy_positions = 0;
    for r in &records {
        let pos = r.to_position().unwrap();
        assert!(!pos.is_check());
        assert!(r.best_move.is_null());
        let static_score = hce.evaluate_uncached(&pos);
        let white = if pos.side_to_move() == outpost_board::Color::White {
            static_score
        } else {
            -static_score
        };
        assert_eq!(i32::from(r.score), white, "{r:?}");
        // Not only quiet positions: a capture is there to be made in some.
        noisy_positions += usize::from(pos.legal_moves().iter().any(|m| m.is_noisy()));
    }
    assert!(noisy_positions > 0);

    // A sampled file is not continued as a game file, nor the other way.
    let mut other = config(sampled.out.clone(), 3, 1);
    other.sample_evals = 0;
    assert!(matches!(
        generate(&other, &Evaluator::new(), &mut |_| {}),
        Err(TrainError::Resume { .. })
    ));
    let mut other = config(games.out.clone(), 3, 1);
    other.sample_evals = 16;
    assert!(matches!(
        generate(&other, &Evaluator::new(), &mut |_| {}),
        Err(TrainError::Resume { .. })
    ));
}

#[test]
fn searched_samples_are_the_same_positions_scored_by_a_short_search() {
    let mut fixed = config(temp("static-samples"), 2, 1);
    fixed.sample_evals = 16;
    generate(&fixed, &Evaluator::new(), &mut |_| {}).unwrap();
    let statics = read_records(&fixed.out).unwrap();

    let mut searched = config(temp("searched-one"), 2, 1);
    searched.sample_evals = 16;
    searched.sample_depth = 1;
    generate(&searched, &Evaluator::new(), &mut |_| {}).unwrap();
    let records = read_records(&searched.out).unwrap();
    let mut two = config(temp("searched-two"), 2, 2);
    two.sample_evals = 16;
    two.sample_depth = 1;
    generate(&two, &Evaluator::new(), &mut |_| {}).unwrap();
    assert_eq!(
        records,
        read_records(&two.out).unwrap(),
        "threads change the samples"
    );

    // The same games, so the same positions in the same order (less those
    // whose search found a mate or a capture or promotion to play), each
    // scored by a depth-1 search of it.
    let mut statics_left = statics.iter();
    let mut rescored = 0;
    let mut agreeing = 0;
    let mut engine = outpost_search::SearchPool::new(outpost_search::PoolSettings {
        threads: 1,
        hash_mib: 1,
        ..outpost_search::PoolSettings::default()
    });
    for r in &records {
        let same = statics_left
            .find(|s| s.pieces().eq(r.pieces()) && s.side_to_move == r.side_to_move)
            .expect("a searched sample that is not among the static ones");
        rescored += usize::from(same.score != r.score);
        assert!(r.best_move.is_null());
        let pos = r.to_position().unwrap();
        engine.new_game();
        let found = engine.search(
            outpost_search::SearchJob::new(pos, outpost_search::Limits::depth(1)),
            &outpost_search::SearchControl::new(),
            &mut |_| {},
        );
        let white = |cp: i32| {
            if pos.side_to_move() == outpost_board::Color::White {
                cp
            } else {
                -cp
            }
        };
        if let outpost_search::Score::Centipawns(cp) = found.score {
            agreeing += usize::from(i32::from(r.score) == white(cp) && !found.best_move.is_noisy());
        }
    }
    assert!(
        records.len() < statics.len() && records.len() * 4 > statics.len(),
        "{} of {}",
        records.len(),
        statics.len()
    );
    assert!(
        rescored * 4 > records.len(),
        "{rescored} of {} rescored",
        records.len()
    );
    // Not all: the labeller's table and history carry over from one
    // sample to the next within a game, and a record has no castling
    // rights or en-passant square; labels that were not these searches'
    // scores would agree with almost none.
    assert!(
        agreeing * 10 >= records.len() * 8,
        "{agreeing} of {} agree",
        records.len()
    );

    // A file of searched samples is only continued as one, at its depth.
    let mut other = config(searched.out.clone(), 3, 1);
    other.sample_evals = 16;
    assert!(matches!(
        generate(&other, &Evaluator::new(), &mut |_| {}),
        Err(TrainError::Resume { .. })
    ));
    other.sample_depth = 2;
    assert!(matches!(
        generate(&other, &Evaluator::new(), &mut |_| {}),
        Err(TrainError::Resume { .. })
    ));
}
