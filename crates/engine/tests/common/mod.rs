//! Helpers the engine's integration tests share.

use outpost_engine::{Engine, Game, SearchEvent, SearchRequest};
use outpost_search::Limits;
use std::sync::mpsc;

/// Runs one search of `game` and returns its events, the last one the
/// result.
pub fn search_events(engine: &mut Engine, game: &Game, limits: Limits) -> Vec<SearchEvent> {
    let (tx, rx) = mpsc::channel();
    engine
        .start(SearchRequest::for_game(game, limits), move |e| {
            let _ = tx.send(e);
        })
        .unwrap();
    let mut events = Vec::new();
    for e in rx.iter() {
        let done = matches!(e, SearchEvent::Finished(_));
        events.push(e);
        if done {
            break;
        }
    }
    events
}
