//! The trainer: it learns, its quantised network agrees with the float
//! one, and checkpoints round-trip.

use outpost_board::Position;
use outpost_eval::Evaluator;
use outpost_nnue::NnueEvaluator;
use outpost_train::trainer::{
    load_checkpoint, save_checkpoint, train, FloatNetwork, TrainConfig, TrainingData,
};
use outpost_train::{generate, read_records, DatagenConfig, TrainError, TrainingRecord};
use std::sync::Arc;

fn records(name: &str) -> Vec<TrainingRecord> {
    let dir = std::env::temp_dir().join(format!("outpost-trainer-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("data.bin");
    let config = DatagenConfig {
        games: 12,
        nodes: 300,
        threads: 2,
        out: out.clone(),
        seed: 3,
        random_plies: 8,
        hash_mib: 1,
        sample_evals: 0,
        sample_depth: 0,
        evaluator_id: 0,
        chess960: false,
    };
    generate(&config, &Evaluator::new(), &mut |_| {}).unwrap();
    let records = read_records(&out).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    records
}

/// A network small enough to train in a test: 16 hidden units, one bucket,
/// one thread.
fn tiny_config(epochs: usize) -> TrainConfig {
    TrainConfig {
        hidden: 16,
        buckets: 1,
        epochs,
        batch: 128,
        threads: 1,
        ..TrainConfig::default()
    }
}

fn position(record: &TrainingRecord) -> Position {
    record.to_position().unwrap()
}

#[test]
fn it_learns_and_the_quantised_network_agrees() {
    let records = records("learns");
    assert!(records.len() > 200, "{}", records.len());
    // The trainer and inference find each input independently (from the
    // record, from the position): with king buckets, a wrong bucket or a
    // wrong mirror on either side would cost far more than rounding.
    for king_buckets in [1, outpost_nnue::KING_BUCKETS] {
        learns_and_agrees(&records, king_buckets);
    }
}

fn learns_and_agrees(records: &[TrainingRecord], king_buckets: usize) {
    let data = TrainingData::split(records.to_vec(), 0.1);
    let config = TrainConfig {
        hidden: 32,
        buckets: 4,
        king_buckets,
        epochs: 6,
        batch: 64,
        lr: 0.003,
        threads: 2,
        ..TrainConfig::default()
    };
    let mut losses = Vec::new();
    let net = train(&config, &data, None, &mut |report, _| {
        losses.push(report.train_loss);
        assert!(report.validation_loss.is_finite());
        Ok(())
    })
    .unwrap();
    assert_eq!(losses.len(), 6);
    assert!(
        losses[5] < losses[0] * 0.8,
        "the training loss did not fall: {losses:?}"
    );

    // The integer network evaluates close to the float one: rounding the
    // output weights to 1/64 costs a few centipawns; a wrong scale,
    // perspective or bucket would cost hundreds.
    let quantised = Arc::new(net.quantise().unwrap());
    let eval = NnueEvaluator::new(quantised);
    let (mut worst, mut total, mut count, mut spread) = (0f32, 0f32, 0, 0f32);
    for record in records.iter().step_by(3) {
        let pos = position(record);
        if pos.is_insufficient_material() {
            continue;
        }
        let float = net.evaluate(&pos);
        let int = eval.evaluate_from_scratch(&pos) as f32;
        let diff = (float - int).abs();
        worst = worst.max(diff - 0.02 * float.abs());
        total += diff;
        count += 1;
        spread = spread.max(float.abs());
    }
    let mean = total / count as f32;
    eprintln!("{king_buckets} king buckets, quantised vs float over {count} positions: mean {mean:.2} cp, worst beyond 2 % {worst:.2} cp, largest score {spread:.0} cp");
    assert!(
        spread > 50.0,
        "the network says nothing: largest score {spread}"
    );
    assert!(
        mean <= 6.0,
        "quantised and float differ by {mean} cp on average"
    );
    assert!(
        worst <= 20.0,
        "quantised and float differ by {worst} cp beyond 2 %"
    );

    // Training on from a checkpoint starts where it left off.
    let dir = std::env::temp_dir().join(format!(
        "outpost-ckpt-{}-{king_buckets}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("latest.ckpt");
    save_checkpoint(&net, &path).unwrap();
    assert_eq!(load_checkpoint(&path).unwrap(), net);
    std::fs::write(&path, b"OPCKjunk").unwrap();
    assert!(load_checkpoint(&path).is_err());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn training_is_deterministic_for_a_seed_and_refuses_bad_shapes() {
    let records = records("deterministic");
    let data = TrainingData::split(records, 0.1);
    let config = tiny_config(2);
    let a = train(&config, &data, None, &mut |_, _| Ok(())).unwrap();
    let b = train(&config, &data, None, &mut |_, _| Ok(())).unwrap();
    assert_eq!(a, b);
    // With two threads too, whichever finishes first.
    let two = TrainConfig {
        threads: 2,
        ..config.clone()
    };
    let c = train(&two, &data, None, &mut |_, _| Ok(())).unwrap();
    let d = train(&two, &data, None, &mut |_, _| Ok(())).unwrap();
    assert_eq!(c, d);
    let bad = TrainConfig {
        hidden: 20,
        ..config.clone()
    };
    assert!(matches!(
        train(&bad, &data, None, &mut |_, _| Ok(())),
        Err(TrainError::Setting(_))
    ));
    let wrong_start = FloatNetwork::random(32, 1, 1, 1);
    assert!(train(&config, &data, Some(wrong_start), &mut |_, _| Ok(())).is_err());
    let other_king_buckets = FloatNetwork::random(16, 1, outpost_nnue::KING_BUCKETS, 1);
    assert!(train(&config, &data, Some(other_king_buckets), &mut |_, _| Ok(())).is_err());
    let bad_king_buckets = TrainConfig {
        king_buckets: 3,
        ..config.clone()
    };
    assert!(matches!(
        train(&bad_king_buckets, &data, None, &mut |_, _| Ok(())),
        Err(TrainError::Setting(_))
    ));
}

#[test]
fn sampled_evaluations_get_their_own_lambda() {
    use outpost_board::Move;
    use outpost_train::trainer::training_target;
    let games = records("lambda");
    let game = games[games.len() / 2];
    assert!(!game.is_sampled_evaluation());
    let sampled = TrainingRecord::new(&position(&game), 150, Move::NULL, game.result);
    assert!(sampled.is_sampled_evaluation());
    let config = TrainConfig {
        lambda: 0.5,
        sample_lambda: Some(0.0),
        ..TrainConfig::default()
    };
    assert_eq!(config.lambda_of(&game), 0.5);
    assert_eq!(config.lambda_of(&sampled), 0.0);
    let unset = TrainConfig {
        sample_lambda: None,
        ..config.clone()
    };
    assert_eq!(unset.lambda_of(&sampled), 0.5);
    // λ 0: the target is the score's alone, whatever the result.
    assert_eq!(
        training_target(&sampled, config.lambda_of(&sampled), 400.0),
        training_target(
            &TrainingRecord::new(
                &position(&game),
                150,
                Move::NULL,
                outpost_train::GameResult::Draw
            ),
            0.0,
            400.0
        )
    );

    // Training sees it: only the sampled records' targets change.
    let mut mixed = games.clone();
    mixed.extend(
        games
            .iter()
            .map(|r| TrainingRecord::new(&position(r), r.score, Move::NULL, r.result)),
    );
    let data = TrainingData::split(mixed, 0.1);
    let base = TrainConfig {
        lambda: 0.5,
        ..tiny_config(1)
    };
    let same = TrainConfig {
        sample_lambda: Some(0.5),
        ..base.clone()
    };
    let other = TrainConfig {
        sample_lambda: Some(0.0),
        ..base.clone()
    };
    let a = train(&base, &data, None, &mut |_, _| Ok(())).unwrap();
    assert_eq!(a, train(&same, &data, None, &mut |_, _| Ok(())).unwrap());
    assert_ne!(a, train(&other, &data, None, &mut |_, _| Ok(())).unwrap());
}

/// The slope of `net`'s scores against the records' search scores (side to
/// move's view), through the origin.
fn slope(net: &FloatNetwork, records: &[TrainingRecord]) -> f32 {
    let (mut xy, mut xx) = (0f32, 0f32);
    for record in records {
        let pos = position(record);
        let score = f32::from(record.score)
            * if pos.side_to_move() == outpost_board::Color::White {
                1.0
            } else {
                -1.0
            };
        xy += score * net.evaluate(&pos);
        xx += score * score;
    }
    xy / xx
}

#[test]
fn the_evaluation_scale_changes_the_sigmoid_not_the_centipawns() {
    use outpost_board::Move;
    use outpost_train::trainer::training_target;
    let games = records("scale");
    let record = TrainingRecord::new(&position(&games[0]), 200, Move::NULL, games[0].result);
    let white = position(&games[0]).side_to_move() == outpost_board::Color::White;
    let expected = 1.0 / (1.0 + (if white { -1.0f32 } else { 1.0 }).exp());
    assert!((training_target(&record, 0.0, 200.0) - expected).abs() < 1e-6);

    // Taught the scores alone (λ 0), a network learns the same centipawns
    // whatever the scale: only how steeply they turn into win chances
    // differs. A scale applied to the target but not to the output would
    // halve the scores at 200.
    let data = TrainingData::split(games.clone(), 0.1);
    let config = TrainConfig {
        lambda: 0.0,
        epochs: 8,
        lr: 0.003,
        ..tiny_config(8)
    };
    let at = |eval_scale: f32| {
        let config = TrainConfig {
            eval_scale,
            ..config.clone()
        };
        train(&config, &data, None, &mut |_, _| Ok(())).unwrap()
    };
    let (wide, steep) = (slope(&at(400.0), &games), slope(&at(200.0), &games));
    eprintln!("slope at scale 400: {wide:.3}, at 200: {steep:.3}");
    assert!(wide > 0.3, "the network did not learn the scores: {wide}");
    assert!(
        (0.75..=1.33).contains(&(steep / wide)),
        "scale 200 gives {steep}, 400 gives {wide}"
    );

    let bad = TrainConfig {
        eval_scale: 0.0,
        ..config
    };
    assert!(train(&bad, &data, None, &mut |_, _| Ok(())).is_err());
}

/// With king buckets, each bucket's own weights start at zero and the
/// factoriser holds the shared ones: the untrained network is the plain
/// network with the factoriser's weights, on any position where neither
/// side's view is mirrored (both kings on files e–h).
#[test]
fn a_king_bucketed_network_starts_as_its_factoriser() {
    use outpost_nnue::{INPUTS, KING_BUCKETS};
    let (hidden, buckets) = (16, 2);
    let bucketed = FloatNetwork::random(hidden, buckets, KING_BUCKETS, 5);
    let own = KING_BUCKETS * INPUTS * hidden;
    assert!(bucketed.params[..own].iter().all(|&w| w == 0.0));
    let rest = own..own + hidden + buckets * 2 * hidden + buckets;
    let mut params = bucketed.params[rest.end..].to_vec();
    assert_eq!(params.len(), INPUTS * hidden);
    params.extend_from_slice(&bucketed.params[rest]);
    let plain = FloatNetwork {
        hidden,
        buckets,
        king_buckets: 1,
        params,
    };
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r4rk1/pp3ppp/2n1bn2/q1bpp3/4P3/2NP1N2/PPPBBPPP/R2Q1RK1 w - - 0 1",
        "8/5k2/8/8/4PK2/8/8/8 b - - 0 1",
    ] {
        let pos: Position = outpost_notation::parse_fen(fen).unwrap();
        let (a, b) = (bucketed.evaluate(&pos), plain.evaluate(&pos));
        assert!((a - b).abs() < 1e-3, "{fen}: {a} vs {b}");
        assert!(a.abs() > 1.0, "{fen}: the network says nothing");
    }
    // A king on files a–d mirrors its side's view: the plain network,
    // which does not mirror, now differs.
    let pos: Position = outpost_notation::parse_fen("8/5k2/8/8/2P5/1K6/8/8 b - - 0 1").unwrap();
    assert!((bucketed.evaluate(&pos) - plain.evaluate(&pos)).abs() > 1e-3);
}

#[test]
fn a_quantised_network_comes_back_from_floats_unchanged_and_trains_on() {
    // Trained a little first, so the weights are not the random start's,
    // with and without king buckets (whose factoriser is merged when
    // quantised).
    let records = records("from-network");
    let data = TrainingData::split(records, 0.1);
    for king_buckets in [1, outpost_nnue::KING_BUCKETS] {
        let config = TrainConfig {
            king_buckets,
            ..tiny_config(2)
        };
        let float = train(&config, &data, None, &mut |_, _| Ok(())).unwrap();
        let quantised = float.quantise().unwrap();
        let back = FloatNetwork::from_network(&quantised);
        assert_eq!(
            back.quantise().unwrap(),
            quantised,
            "{king_buckets} king buckets"
        );
        // Its evaluations are the quantised network's, and it trains on
        // from there: the loss of the first epoch starts near where the
        // quantised network is, not at a random network's.
        let mut losses = Vec::new();
        let tuned = train(&config, &data, Some(back.clone()), &mut |report, _| {
            losses.push(report.validation_loss);
            Ok(())
        })
        .unwrap();
        assert_ne!(tuned.params, back.params);
        let random = FloatNetwork::random(16, 1, king_buckets, 99);
        let mut random_losses = Vec::new();
        train(&config, &data, Some(random), &mut |report, _| {
            random_losses.push(report.validation_loss);
            Ok(())
        })
        .unwrap();
        assert!(
            losses[0] < random_losses[0],
            "{losses:?} against {random_losses:?}"
        );
    }
    // The built-in network too.
    let builtin = outpost_nnue::default_network();
    assert_eq!(
        FloatNetwork::from_network(&builtin).quantise().unwrap(),
        *builtin
    );
}
