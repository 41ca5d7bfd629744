//! Reports a GUI can trust: whatever ends a search (a node or time limit,
//! a stop in the middle of an iteration, a strength level choosing another
//! move), the last `info ... pv` of the first line starts with the move
//! played. fastchess warns when it does not.

use outpost_engine::{parse_option, Engine, EngineSettings, Game, SearchEvent, SearchRequest};
use outpost_notation::parse_fen;
use outpost_search::{Limits, Report};
use std::sync::mpsc;
use std::time::Duration;

const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
];

/// Runs one search and returns the move played and the first move of the
/// last first-line report (None when there was no report).
fn play(
    engine: &mut Engine,
    fen: &str,
    limits: Limits,
    stop_after: Option<Duration>,
) -> (String, Option<String>) {
    let game = Game::from_position(parse_fen(fen).unwrap());
    let (tx, rx) = mpsc::channel();
    engine
        .start(SearchRequest::for_game(&game, limits), move |e| {
            let _ = tx.send(e);
        })
        .unwrap();
    if let Some(wait) = stop_after {
        std::thread::sleep(wait);
        engine.stop();
    }
    let mut last_first = None;
    for event in rx.iter() {
        match event {
            SearchEvent::Report(Report::Pv(line)) if line.multipv == 1 => {
                last_first = line.pv.first().map(ToString::to_string);
            }
            SearchEvent::Finished(result) => {
                return (result.best_move.to_string(), last_first);
            }
            _ => {}
        }
    }
    panic!("no result for {fen}");
}

fn check(engine: &mut Engine, label: &str) {
    let mut searches = 0;
    for fen in POSITIONS {
        let mut runs: Vec<(Limits, Option<Duration>)> = vec![
            (Limits::nodes(300), None),
            (Limits::nodes(2_000), None),
            (Limits::nodes(17_000), None),
            (Limits::depth(7), None),
        ];
        for ms in [3u64, 11, 29, 47] {
            runs.push((
                Limits {
                    movetime: Some(Duration::from_millis(ms)),
                    ..Limits::default()
                },
                None,
            ));
            // Stopped from outside in the middle of an iteration.
            runs.push((
                Limits {
                    infinite: true,
                    ..Limits::default()
                },
                Some(Duration::from_millis(ms)),
            ));
        }
        for (limits, stop) in runs {
            let (played, reported) = play(engine, fen, limits.clone(), stop);
            searches += 1;
            if let Some(reported) = reported {
                assert_eq!(
                    reported, played,
                    "{label}: {fen} with {limits:?}: the last PV starts with {reported}, {played} was played"
                );
            }
        }
    }
    assert_eq!(searches, 6 * 12);
}

#[test]
fn the_last_pv_starts_with_the_move_played_at_full_strength() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    check(&mut engine, "full strength");
}

#[test]
fn the_last_pv_starts_with_the_move_played_at_a_level() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    for (name, value) in [("UCI_LimitStrength", "true"), ("UCI_Elo", "1400")] {
        engine
            .set_option(&parse_option(name, Some(value)).unwrap())
            .unwrap();
    }
    check(&mut engine, "UCI_Elo 1400");
}
