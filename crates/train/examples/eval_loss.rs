//! Compares the handcrafted evaluation and a network with the search scores
//! and results of a data file: the training loss each would have (λ = 0.3),
//! their mean absolute score and the slope of the search score on each.
//!
//! ```sh
//! cargo run --release -p outpost-train --example eval_loss -- DATA SKIP NETWORK
//! ```
//!
//! `SKIP` records at the start of `DATA` are left out (to look only at games
//! a network was not trained on).

use outpost_board::Color;
use outpost_eval::Evaluator;
use outpost_nnue::{load_network, NnueEvaluator, SCALE};
use outpost_train::read_records;
use outpost_train::trainer::training_target;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

const LAMBDA: f32 = 0.3;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Sums for one evaluator.
#[derive(Default)]
struct Fit {
    loss: f64,
    abs: f64,
    cross: f64,
    square: f64,
}

impl Fit {
    fn add(&mut self, eval: f64, search: f64, target: f64) {
        self.loss += (sigmoid(eval / f64::from(SCALE)) - target).powi(2);
        self.abs += eval.abs();
        // Clamped so that the few huge scores do not decide the slope.
        let (e, s) = (eval.clamp(-1500.0, 1500.0), search.clamp(-1500.0, 1500.0));
        self.cross += e * s;
        self.square += e * e;
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, data, skip, network] = args.as_slice() else {
        eprintln!("usage: eval_loss DATA SKIP NETWORK");
        return ExitCode::from(2);
    };
    let Ok(skip) = skip.parse::<usize>() else {
        eprintln!("SKIP is not a number: {skip}");
        return ExitCode::from(2);
    };
    let records = match read_records(Path::new(data)) {
        Ok(records) => records,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let network = match load_network(Path::new(network)) {
        Ok(network) => NnueEvaluator::new(Arc::new(network)),
        Err(e) => {
            eprintln!("{network}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let handcrafted = Evaluator::new();
    let (mut hce, mut net, mut search) = (Fit::default(), Fit::default(), Fit::default());
    let mut n = 0.0;
    for record in records.iter().skip(skip) {
        let Ok(pos) = record.to_position() else {
            continue;
        };
        let white = pos.side_to_move() == Color::White;
        let score = f64::from(if white { record.score } else { -record.score });
        let target = f64::from(training_target(record, LAMBDA, SCALE as f32));
        hce.add(
            f64::from(handcrafted.evaluate_uncached(&pos)),
            score,
            target,
        );
        net.add(
            f64::from(network.evaluate_from_scratch(&pos)),
            score,
            target,
        );
        search.add(score, score, target);
        n += 1.0;
    }
    println!("positions {n}");
    println!(
        "loss (lambda {LAMBDA}): handcrafted {:.6}  network {:.6}  search score {:.6}",
        hce.loss / n,
        net.loss / n,
        search.loss / n
    );
    println!(
        "mean |score|: handcrafted {:.1}  network {:.1}  search {:.1}",
        hce.abs / n,
        net.abs / n,
        search.abs / n
    );
    println!(
        "search score per unit of: handcrafted {:.3}  network {:.3}",
        hce.cross / hce.square,
        net.cross / net.square
    );
    ExitCode::SUCCESS
}
