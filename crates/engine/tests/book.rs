//! The opening book in the engine: options, book moves without a search,
//! the depth limit, and bad files.

mod common;

use outpost_book::{build_book, BuildOptions};
use outpost_engine::{
    parse_option, Engine, EngineError, EngineSettings, Game, SearchEvent, SearchRequest,
};
use outpost_search::Limits;
use std::path::PathBuf;
use std::sync::mpsc;

/// A book where 1. e4 (three wins) outweighs 1. d4 (one draw), and Black
/// answers 1. e4 with ...c5.
fn write_book(name: &str) -> PathBuf {
    let pgn = "[Result \"1-0\"]\n\n1. e4 c5 2. Nf3 1-0\n\n\
               [Result \"1-0\"]\n\n1. e4 c5 2. Nf3 1-0\n\n\
               [Result \"0-1\"]\n\n1. e4 c5 2. Nc3 0-1\n\n\
               [Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n";
    let options = BuildOptions {
        min_games: 1,
        ..BuildOptions::default()
    };
    let built = build_book(pgn.as_bytes(), &options, |_| {}).unwrap();
    let path =
        std::env::temp_dir().join(format!("outpost-engine-{name}-{}.bin", std::process::id()));
    built.save(&path).unwrap();
    path
}

fn set(engine: &mut Engine, name: &str, value: &str) -> Result<(), EngineError> {
    engine.set_option(&parse_option(name, Some(value)).unwrap())
}

fn play(engine: &mut Engine, game: &Game, limits: Limits) -> Vec<SearchEvent> {
    common::search_events(engine, game, limits)
}

fn book_move(events: &[SearchEvent]) -> Option<String> {
    events.iter().find_map(|e| match e {
        SearchEvent::BookMove(c) => Some(c.mv.to_string()),
        _ => None,
    })
}

fn best(events: &[SearchEvent]) -> String {
    match events.last() {
        Some(SearchEvent::Finished(r)) => r.best_move.to_string(),
        other => panic!("no result: {other:?}"),
    }
}

#[test]
fn book_moves_are_played_without_search() {
    let path = write_book("play");
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    set(&mut engine, "BookFile", path.to_str().unwrap()).unwrap();
    let game = Game::new();
    // Off by default: a search.
    let events = play(&mut engine, &game, Limits::depth(3));
    assert_eq!(book_move(&events), None);
    set(&mut engine, "OwnBook", "true").unwrap();
    set(&mut engine, "BookBestMove", "true").unwrap();
    let events = play(&mut engine, &game, Limits::depth(3));
    assert_eq!(book_move(&events).as_deref(), Some("e2e4"));
    assert_eq!(best(&events), "e2e4");
    assert_eq!(events.len(), 2, "a book move, then the result: {events:?}");
    // Weighted: only book moves, and both appear over many tries.
    set(&mut engine, "BookBestMove", "false").unwrap();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..200 {
        seen.insert(best(&play(&mut engine, &game, Limits::depth(3))));
    }
    assert_eq!(seen, ["e2e4", "d2d4"].map(String::from).into());
    // Black's reply comes from the book too; out of book, a search.
    let mut after = Game::new();
    after.play_san("e4").unwrap();
    assert_eq!(best(&play(&mut engine, &after, Limits::depth(3))), "c7c5");
    after.play_san("c5").unwrap();
    after.play_san("Nf3").unwrap();
    let events = play(&mut engine, &after, Limits::depth(3));
    assert_eq!(book_move(&events), None);
    // Infinite analysis never answers from the book.
    let infinite = Limits {
        infinite: true,
        depth: Some(2),
        ..Limits::default()
    };
    let (tx, rx) = mpsc::channel();
    engine
        .start(SearchRequest::for_game(&game, infinite), move |e| {
            let _ = tx.send(e);
        })
        .unwrap();
    engine.stop();
    assert!(!rx.iter().any(|e| matches!(e, SearchEvent::BookMove(_))));
    let _ = std::fs::remove_file(path);
}

#[test]
fn book_depth_limits_the_book() {
    let path = write_book("depth");
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    set(&mut engine, "BookFile", path.to_str().unwrap()).unwrap();
    set(&mut engine, "OwnBook", "true").unwrap();
    set(&mut engine, "BookDepth", "1").unwrap();
    let mut game = Game::new();
    assert!(book_move(&play(&mut engine, &game, Limits::depth(2))).is_some());
    game.play_san("e4").unwrap();
    // Ply 1 is past a depth of one ply.
    assert!(book_move(&play(&mut engine, &game, Limits::depth(2))).is_none());
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_bad_book_is_an_error_and_the_engine_plays_on() {
    let dir = std::env::temp_dir();
    let truncated = dir.join(format!("outpost-engine-trunc-{}.bin", std::process::id()));
    let good = std::fs::read(write_book("trunc-src")).unwrap();
    std::fs::write(&truncated, &good[..good.len() - 3]).unwrap();
    let unsorted = dir.join(format!(
        "outpost-engine-unsorted-{}.bin",
        std::process::id()
    ));
    let mut swapped = good.clone();
    let n = swapped.len();
    if n >= 32 {
        let (first, rest) = swapped.split_at_mut(16);
        first.swap_with_slice(&mut rest[n - 32..n - 16]);
    }
    std::fs::write(&unsorted, &swapped).unwrap();
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    set(&mut engine, "OwnBook", "true").unwrap();
    for path in [
        dir.join("outpost-no-such-book.bin"),
        truncated.clone(),
        unsorted.clone(),
    ] {
        let err = set(&mut engine, "BookFile", path.to_str().unwrap()).unwrap_err();
        assert!(matches!(err, EngineError::Book { .. }), "{err}");
        // No book: a search answers.
        let events = play(&mut engine, &Game::new(), Limits::depth(2));
        assert_eq!(book_move(&events), None);
        assert_ne!(best(&events), "0000");
    }
    let _ = std::fs::remove_file(truncated);
    let _ = std::fs::remove_file(unsorted);
}
