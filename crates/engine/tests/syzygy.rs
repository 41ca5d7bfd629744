//! Syzygy tables in the engine: won endings converted within the fifty-move
//! rule against the longest resistance, the options, and damaged files.

mod common;

use outpost_engine::{parse_option, Engine, EngineError, EngineSettings, Game, SearchEvent};
use outpost_notation::parse_fen;
use outpost_search::Limits;
use outpost_tb::syzygy::{Loading, Syzygy, SyzygyWdl};
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy"))
}

fn searcher_with_tables() -> Engine {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let path = data_dir().to_string_lossy().into_owned();
    engine
        .set_option(&parse_option("SyzygyPath", Some(&path)).unwrap())
        .unwrap();
    engine
}

fn run(engine: &mut Engine, game: &Game, limits: Limits) -> Vec<SearchEvent> {
    common::search_events(engine, game, limits)
}

fn best_move(events: &[SearchEvent]) -> outpost_board::Move {
    match events.last() {
        Some(SearchEvent::Finished(r)) => r.best_move,
        other => panic!("no result: {other:?}"),
    }
}

/// Plays the engine (short searches) against the tables' longest
/// resistance from `fen` and returns the plies to mate; fails if the game
/// ends otherwise or the fifty-move counter reaches 100.
fn convert(fen: &str) -> usize {
    let tables = Syzygy::open(&[data_dir()], Loading::Mapped);
    let mut engine = searcher_with_tables();
    let mut game = Game::from_position(parse_fen(fen).unwrap());
    let winner = game.position().side_to_move();
    assert_eq!(
        tables.probe_wdl(game.position()),
        Ok(SyzygyWdl::Win),
        "{fen}"
    );
    for ply in 0..400 {
        let pos = *game.position();
        if pos.is_checkmate() {
            assert_ne!(pos.side_to_move(), winner, "{fen}");
            return ply;
        }
        assert!(!pos.is_stalemate(), "{fen}: stalemate after {ply} plies");
        assert!(pos.halfmove_clock() < 100, "{fen}: fifty-move draw");
        let mv = if pos.side_to_move() == winner {
            best_move(&run(&mut engine, &game, Limits::nodes(4_000)))
        } else {
            tables.rank_root_moves(&pos, &[], true).unwrap()[0].mv
        };
        // The winner never lets the win go.
        let after = pos.play(mv);
        if pos.side_to_move() == winner {
            assert_eq!(
                tables.probe_wdl(&after).map(SyzygyWdl::flipped),
                Ok(SyzygyWdl::Win),
                "{fen}: {mv} after {ply} plies"
            );
        }
        game.play(mv).unwrap();
    }
    panic!("{fen}: no mate in 400 plies");
}

#[test]
fn won_endings_are_converted_against_the_longest_resistance() {
    // KBNvK (the bishop and knight mate), KRvKP and KQvKR, each with
    // either side to move; DTZ from 15 to 58 plies.
    for fen in [
        "8/8/8/4k3/8/8/8/KBN5 w - - 0 1",
        "8/8/8/8/8/1nbk4/8/6K1 b - - 0 1",
        "K5k1/6p1/5R2/8/8/8/8/8 w - - 0 1",
        "8/k7/8/8/8/7P/5K2/1r6 b - - 0 1",
        "8/8/8/8/2kr4/K7/8/Q7 w - - 0 1",
        "5q2/8/8/1R5k/8/8/3K4/8 b - - 0 1",
    ] {
        let plies = convert(fen);
        assert!(plies > 1, "{fen}");
    }
}

#[test]
fn root_moves_are_limited_to_the_best_ranked() {
    let mut engine = searcher_with_tables();
    // KQvKR: a search with the tables chooses among the moves that win
    // fastest by DTZ.
    let fen = "8/8/8/8/2kr4/K7/8/Q7 w - - 0 1";
    let game = Game::from_position(parse_fen(fen).unwrap());
    let mv = best_move(&run(&mut engine, &game, Limits::depth(6)));
    let tables = Syzygy::open(&[data_dir()], Loading::Mapped);
    let ranked = tables.rank_root_moves(game.position(), &[], true).unwrap();
    let chosen = ranked.iter().find(|m| m.mv == mv).unwrap();
    assert_eq!(
        chosen.rank, ranked[0].rank,
        "{mv}: {chosen:?} vs {:?}",
        ranked[0]
    );
    // The syzygy tables report hits.
    let events = run(&mut engine, &game, Limits::depth(6));
    let hits = events.iter().any(|e| match e {
        SearchEvent::Finished(r) => r.tb_hits > 0,
        _ => false,
    });
    assert!(hits);
}

#[test]
fn probe_limit_zero_turns_the_tables_off() {
    let mut engine = searcher_with_tables();
    engine
        .set_option(&parse_option("SyzygyProbeLimit", Some("0")).unwrap())
        .unwrap();
    let game = Game::from_position(parse_fen("8/8/8/8/2kr4/K7/8/Q7 w - - 0 1").unwrap());
    let events = run(&mut engine, &game, Limits::depth(6));
    let Some(SearchEvent::Finished(r)) = events.last() else {
        panic!("no result");
    };
    assert_eq!(r.tb_hits, 0);
    for (name, value) in [
        ("SyzygyProbeLimit", "7"),
        ("SyzygyProbeDepth", "5"),
        ("Syzygy50MoveRule", "false"),
    ] {
        engine
            .set_option(&parse_option(name, Some(value)).unwrap())
            .unwrap();
    }
    let settings = engine.settings();
    assert_eq!(settings.syzygy.probe_depth, 5);
    assert!(!settings.syzygy.fifty_move_rule);
}

#[test]
fn unusable_tables_are_reported_once_and_play_goes_on() {
    let dir = std::env::temp_dir().join(format!("outpost-engine-syzygy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(data_dir()).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    // A truncated file, and a file renamed to another material.
    let krvk = std::fs::read(dir.join("KRvK.rtbw")).unwrap();
    std::fs::write(dir.join("KRvK.rtbw"), &krvk[..krvk.len() - 100]).unwrap();
    std::fs::copy(dir.join("KQvK.rtbz"), dir.join("KRvKP.rtbz")).unwrap();
    let list = std::env::join_paths([dir.clone(), dir.join("missing")]).unwrap();
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let err = engine
        .set_option(&parse_option("SyzygyPath", list.to_str()).unwrap())
        .unwrap_err();
    let EngineError::Syzygy { problems, usable } = &err else {
        panic!("{err:?}");
    };
    assert_eq!(*usable, 35);
    assert!(problems.contains("KRvK.rtbw"), "{problems}");
    assert!(problems.contains("KRvKP.rtbz"), "{problems}");
    assert!(problems.contains("missing"), "{problems}");
    // Searches go on, the bad tables unused, and no problem is told twice.
    for fen in [
        "8/8/8/8/2kr4/K7/8/Q7 w - - 0 1",
        "K5k1/6p1/5R2/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/2k5/8/K6R w - - 0 1",
    ] {
        let game = Game::from_position(parse_fen(fen).unwrap());
        let events = run(&mut engine, &game, Limits::depth(5));
        assert!(game.position().is_legal(best_move(&events)), "{fen}");
        assert!(
            !events.iter().any(|e| matches!(e, SearchEvent::Info(_))),
            "{fen}: {events:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
