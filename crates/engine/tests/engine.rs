//! The search handle: background searches, stop, ponder hit, exactly one result.

use outpost_engine::{
    find_option, parse_option, Engine, EngineSettings, Game, OptionSetting, OptionValue,
    SearchEvent, SearchRequest,
};
use outpost_notation::parse_fen;
use outpost_search::Limits;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

fn start(engine: &mut Engine, request: SearchRequest) -> Receiver<SearchEvent> {
    let (tx, rx) = mpsc::channel();
    engine
        .start(request, move |event| {
            let _ = tx.send(event);
        })
        .unwrap();
    rx
}

/// Events until the result, which must be the last.
fn finish(rx: &Receiver<SearchEvent>) -> outpost_search::SearchResult {
    loop {
        match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(SearchEvent::Finished(result)) => {
                // Exactly one result, and nothing after it.
                assert!(matches!(
                    rx.recv_timeout(Duration::from_millis(50)),
                    Err(RecvTimeoutError::Disconnected | RecvTimeoutError::Timeout)
                ));
                return result;
            }
            Ok(_) => {}
            Err(e) => panic!("no result: {e:?}"),
        }
    }
}

/// Reads reports until none has come for a while; a result is a failure.
fn assert_no_result_yet(rx: &Receiver<SearchEvent>) {
    loop {
        match rx.recv_timeout(Duration::from_millis(300)) {
            Ok(SearchEvent::Finished(_)) => panic!("answered before being released"),
            Ok(_) => {}
            Err(_) => return,
        }
    }
}

fn mate_in_one() -> Game {
    Game::from_position(parse_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1").unwrap())
}

#[test]
fn an_infinite_search_holds_its_result_until_stop() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let limits = Limits {
        infinite: true,
        depth: Some(3),
        ..Limits::default()
    };
    let rx = start(&mut engine, SearchRequest::for_game(&mate_in_one(), limits));
    // The depth is reached at once, but no result comes before `stop`.
    assert_no_result_yet(&rx);
    assert!(engine.is_searching());
    engine.stop();
    let result = finish(&rx);
    assert_eq!(result.best_move.to_string(), "a1a8");
    assert!(!engine.is_searching());
}

#[test]
fn a_ponder_search_answers_after_ponderhit() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let limits = Limits {
        ponder: true,
        depth: Some(2),
        ..Limits::default()
    };
    let rx = start(&mut engine, SearchRequest::for_game(&mate_in_one(), limits));
    assert_no_result_yet(&rx);
    engine.ponderhit();
    assert_eq!(finish(&rx).best_move.to_string(), "a1a8");
}

#[test]
fn searches_follow_one_another_and_options_wait_for_idle() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let game = Game::new();
    let rx = start(
        &mut engine,
        SearchRequest::for_game(
            &game,
            Limits {
                infinite: true,
                ..Limits::default()
            },
        ),
    );
    // Busy: a second search and options that need the engine are refused.
    assert!(engine
        .start(SearchRequest::for_game(&game, Limits::depth(2)), |_| {})
        .is_err());
    assert!(engine.set_option(&option("Hash", "32")).is_err());
    // Ponder is a policy setting: taken at any time.
    assert!(engine.set_option(&option("Ponder", "true")).is_ok());
    engine.stop();
    let first = finish(&rx);
    assert!(game.position().is_legal(first.best_move));
    assert!(engine.set_option(&option("Hash", "32")).is_ok());
    assert!(engine.set_option(&option("Threads", "2")).is_ok());
    assert_eq!(engine.settings().search.threads, 2);
    // Many short searches on the same persistent threads.
    for depth in 1..=6 {
        let result = engine.search(SearchRequest::for_game(&game, Limits::depth(depth)));
        assert_eq!(result.depth, depth);
        assert!(game.position().is_legal(result.best_move));
    }
    assert_eq!(engine.wait().map(|r| r.depth), Some(6));
}

#[test]
fn a_search_of_a_finished_game_answers_the_null_move() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let mated = Game::from_position(parse_fen("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1").unwrap());
    let result = engine.search(SearchRequest::for_game(&mated, Limits::depth(3)));
    assert!(result.best_move.is_null());
    assert!(result.pv.is_empty());
}

#[test]
fn repetitions_of_the_game_are_seen() {
    // After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black's Ng8 would repeat the start
    // a third time: the search scores it as a draw through the game's keys.
    let mut game = Game::new();
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        game.play_uci(mv).unwrap();
    }
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let request = SearchRequest::for_game(&game, Limits::depth(6));
    assert_eq!(request.history.len(), 7);
    let result = engine.search(request);
    assert!(game.position().is_legal(result.best_move));
    let reply = SearchRequest::after_reply(&game, result.best_move, Limits::depth(1)).unwrap();
    assert_eq!(reply.history.len(), 8);
    assert!(
        SearchRequest::after_reply(&game, outpost_board::Move::NULL, Limits::depth(1)).is_none()
    );
}

#[test]
fn a_hash_larger_than_memory_is_refused_and_the_table_kept() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    engine.set_option(&option("Hash", "8")).unwrap();
    // More mebibytes than any address space has bytes (the protocols'
    // own limit is 65536; the engine layer checks memory whatever comes).
    let err = engine
        .set_option(&OptionSetting {
            // Beyond the option's range, as only a caller building the
            // setting by hand can send: refused all the same.
            def: *find_option("Hash").unwrap(),
            value: OptionValue::Spin((usize::MAX / 1024) as i64),
        })
        .unwrap_err();
    assert_eq!(
        err,
        outpost_engine::EngineError::Hash {
            mib: usize::MAX / 1024,
            kept: 8
        }
    );
    assert!(err.to_string().contains("stays at 8 MiB"));
    assert_eq!(engine.settings().search.hash_mib, 8);
    let result = engine.search(SearchRequest::for_game(&mate_in_one(), Limits::depth(3)));
    assert_eq!(result.best_move.to_string(), "a1a8");
}

/// The setting of `name` to `value`, checked.
fn option(name: &str, value: &str) -> OptionSetting {
    parse_option(name, Some(value)).unwrap()
}

/// A callback that panics (a report written to a closed pipe) ends the
/// search without hanging whoever waits for it, and the engine searches
/// again afterwards.
#[test]
fn a_panicking_callback_does_not_hang_the_engine() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let request = SearchRequest::for_game(&Game::new(), Limits::depth(6));
    engine
        .start(request, |_| panic!("the report's pipe is closed"))
        .unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        engine.wait();
        let _ = tx.send(engine);
    });
    let mut engine = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("wait() returns after a panicking callback");
    let result = engine.search(SearchRequest::for_game(&Game::new(), Limits::depth(4)));
    assert!(outpost_board::Position::startpos().is_legal(result.best_move));
}
