//! The endgame tables in the engine: root moves from the tables with mate
//! scores, the fifty-move rule, a table directory, and damaged files.

mod common;

use outpost_engine::{
    parse_option, Engine, EngineError, EngineSettings, Game, SearchEvent, SearchRequest,
};
use outpost_notation::parse_fen;
use outpost_search::{Limits, Score};
use outpost_tb::{generate_all, GenerateConfig};
use std::sync::mpsc;

fn game(fen: &str) -> Game {
    Game::from_position(parse_fen(fen).unwrap())
}

fn play(engine: &mut Engine, game: &Game, limits: Limits) -> Vec<SearchEvent> {
    common::search_events(engine, game, limits)
}

fn result(events: &[SearchEvent]) -> &outpost_search::SearchResult {
    match events.last() {
        Some(SearchEvent::Finished(r)) => r,
        other => panic!("no result: {other:?}"),
    }
}

fn from_tables(events: &[SearchEvent]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, SearchEvent::TableMove(_)))
}

#[test]
fn three_man_endings_are_played_from_the_tables() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    // KRK, mate in 2: Kb6 (then Rh8#).
    let krk = game("k7/8/2K5/8/8/8/8/7R w - - 0 1");
    let events = play(&mut engine, &krk, Limits::depth(20));
    assert!(from_tables(&events));
    let r = result(&events);
    assert_eq!(r.score, Score::Mate(2));
    assert_eq!(r.best_move.to_string(), "c6b6");
    // The defender: the longest resistance, a negative mate score.
    let mut after = krk.clone();
    after.play(r.best_move).unwrap();
    let events = play(&mut engine, &after, Limits::depth(20));
    assert_eq!(result(&events).score, Score::Mate(-1));
    // KNK is a draw: any move, score 0.
    let knk = game("k7/8/2K5/8/8/8/8/7N w - - 0 1");
    let events = play(&mut engine, &knk, Limits::depth(5));
    assert!(from_tables(&events));
    assert_eq!(result(&events).score, Score::Centipawns(0));
    // Analysis is searched, not looked up.
    let infinite = Limits {
        infinite: true,
        depth: Some(3),
        ..Limits::default()
    };
    let (tx, rx) = mpsc::channel();
    engine
        .start(SearchRequest::for_game(&krk, infinite), move |e| {
            let _ = tx.send(e);
        })
        .unwrap();
    engine.stop();
    assert!(!rx.iter().any(|e| matches!(e, SearchEvent::TableMove(_))));
}

#[test]
fn a_mate_beyond_the_fifty_move_rule_is_searched() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    // Mate in 2 needs 3 plies; with the clock at 98 the rule ends the game first.
    let late = game("k7/8/2K5/8/8/8/8/7R w - - 98 80");
    let events = play(&mut engine, &late, Limits::depth(4));
    assert!(!from_tables(&events));
    let early = game("k7/8/2K5/8/8/8/8/7R w - - 97 80");
    assert!(from_tables(&play(&mut engine, &early, Limits::depth(4))));
}

#[test]
fn a_table_directory_and_its_faults() {
    let dir = std::env::temp_dir().join(format!("outpost-engine-tb-{}", std::process::id()));
    generate_all(
        &GenerateConfig {
            men: 3,
            dir: dir.clone(),
            threads: 1,
        },
        |_| {},
    )
    .unwrap();
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let set =
        |s: &mut Engine, v: &str| s.set_option(&parse_option("TablebaseDir", Some(v)).unwrap());
    let err = set(&mut engine, "/no/such/dir").unwrap_err();
    assert!(matches!(err, EngineError::Tables { .. }), "{err}");
    set(&mut engine, dir.to_str().unwrap()).unwrap();
    let kqk = game("8/8/8/8/8/2k5/8/K1Q5 b - - 0 1");
    let events = play(&mut engine, &kqk, Limits::depth(6));
    assert!(from_tables(&events));
    assert!(matches!(result(&events).score, Score::Mate(n) if n < 0));
    // Damage the KQK tables: the engine says so once and plays on.
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("KQK")
        {
            let bytes = std::fs::read(&path).unwrap();
            std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        }
    }
    let mut fresh = Engine::new(EngineSettings::default()).unwrap();
    set(&mut fresh, dir.to_str().unwrap()).unwrap();
    let events = play(&mut fresh, &kqk, Limits::depth(6));
    assert!(!from_tables(&events));
    let infos = events
        .iter()
        .filter(|e| matches!(e, SearchEvent::Info(_)))
        .count();
    assert_eq!(infos, 1, "{events:?}");
    assert!(kqk.position().is_legal(result(&events).best_move));
    let again = play(&mut fresh, &kqk, Limits::depth(6));
    assert!(kqk.position().is_legal(result(&again).best_move));
    assert!(
        !again.iter().any(|e| matches!(e, SearchEvent::Info(_))),
        "told once"
    );
    let _ = std::fs::remove_dir_all(dir);
}
