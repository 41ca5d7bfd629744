//! Strength levels through the search handle: capped, plausible, the chosen
//! move reported, full strength untouched.

use outpost_engine::{
    parse_option, Engine, EngineSettings, Game, SearchEvent, SearchRequest, Strength, Weakness,
};
use outpost_notation::parse_fen;
use outpost_search::{Limits, Report, Score};
use std::collections::HashSet;
use std::sync::mpsc;
use std::time::Duration;

fn limited(elo: u32) -> Engine {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    for (name, value) in [("UCI_LimitStrength", "true"), ("UCI_Elo", &elo.to_string())] {
        engine
            .set_option(&parse_option(name, Some(value)).unwrap())
            .unwrap();
    }
    assert_eq!(engine.settings().strength, Strength::elo(elo));
    engine
}

#[test]
fn a_low_level_varies_its_moves_within_its_caps() {
    let mut engine = limited(1000);
    let weakness = Weakness::for_elo(1000);
    let mut game = Game::new();
    game.play_san("e4").unwrap();
    let mut moves = HashSet::new();
    for _ in 0..12 {
        let result = engine.search(SearchRequest::for_game(&game, Limits::depth(10)));
        assert!(game.position().is_legal(result.best_move));
        assert_eq!(result.pv.first(), Some(&result.best_move));
        assert!(result.depth <= weakness.depth, "{}", result.depth);
        // Only the lines asked for (MultiPV 1) come back.
        assert_eq!(result.lines.len(), 1);
        moves.insert(result.best_move);
    }
    assert!(moves.len() > 1, "always {moves:?}");
}

#[test]
fn full_strength_is_deterministic_at_a_fixed_depth() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let game = Game::new();
    let first = engine.search(SearchRequest::for_game(&game, Limits::depth(5)));
    engine.new_game().unwrap();
    let again = engine.search(SearchRequest::for_game(&game, Limits::depth(5)));
    assert_eq!(first.best_move, again.best_move);
    assert_eq!(first.depth, 5);
}

#[test]
fn a_club_level_takes_a_free_queen_and_the_lowest_level_mates() {
    // The black queen on e5 hangs to the d4 pawn: a mistake of a queen is
    // beyond a 2200 player's tolerance.
    let pos = parse_fen("rnb1kbnr/pppp1ppp/8/4q3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3").unwrap();
    let game = Game::from_position(pos);
    let mut engine = limited(2200);
    for _ in 0..6 {
        let result = engine.search(SearchRequest::for_game(&game, Limits::depth(10)));
        assert_eq!(result.best_move.to_string(), "d4e5");
    }
    // Mate in one: always, even at the lowest level.
    let mut engine = limited(1000);
    let mate = parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let game = Game::from_position(mate);
    for _ in 0..5 {
        let result = engine.search(SearchRequest::for_game(&game, Limits::depth(10)));
        assert_eq!(result.best_move.to_string(), "a1a8");
        assert_eq!(result.score, Score::Mate(1));
    }
}

#[test]
fn reports_show_only_the_lines_asked_for_and_the_result_is_the_chosen_move() {
    let mut engine = limited(1200);
    let (tx, rx) = mpsc::channel();
    let game = Game::new();
    engine
        .start(
            SearchRequest::for_game(&game, Limits::movetime(Duration::from_millis(200))),
            move |event| {
                let _ = tx.send(event);
            },
        )
        .unwrap();
    let mut finished = None;
    for event in rx.iter() {
        match event {
            SearchEvent::Report(Report::Pv(pv)) => assert_eq!(pv.multipv, 1),
            SearchEvent::Finished(result) => finished = Some(result),
            _ => {}
        }
    }
    let result = finished.expect("one result");
    assert!(game.position().is_legal(result.best_move));
    assert_eq!(result.pv[0], result.best_move);
    assert_eq!(result.ponder_move, result.pv.get(1).copied());
}

#[test]
fn skill_level_weakens_without_limit_strength() {
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    engine
        .set_option(&parse_option("Skill Level", Some("0")).unwrap())
        .unwrap();
    let result = engine.search(SearchRequest::for_game(&Game::new(), Limits::depth(12)));
    assert!(result.depth <= Weakness::for_elo(1000).depth);
}

#[test]
fn a_limited_level_plays_with_the_handcrafted_evaluation_its_levels_were_calibrated_with() {
    let mut game = Game::new();
    game.play_san("d4").unwrap();
    let search = |engine: &mut Engine, use_nnue: bool| {
        engine
            .set_option(&parse_option("UseNNUE", Some(&use_nnue.to_string())).unwrap())
            .unwrap();
        engine.new_game().unwrap();
        engine.search(SearchRequest::for_game(&game, Limits::depth(10)))
    };
    // The same level with the network chosen and without: the same search.
    let (mut off, mut on) = (limited(1900), limited(1900));
    let (a, b) = (search(&mut off, false), search(&mut on, true));
    assert_eq!(
        (a.best_move, a.score, a.nodes),
        (b.best_move, b.score, b.nodes)
    );
    // At full strength the choice is followed (the searches differ), and
    // back at a level it is the handcrafted evaluation again.
    for engine in [&mut off, &mut on] {
        engine
            .set_option(&parse_option("UCI_LimitStrength", Some("false")).unwrap())
            .unwrap();
    }
    let (c, d) = (search(&mut off, false), search(&mut on, true));
    assert_ne!(c.nodes, d.nodes, "full strength ignored UseNNUE");
    for engine in [&mut off, &mut on] {
        engine
            .set_option(&parse_option("UCI_LimitStrength", Some("true")).unwrap())
            .unwrap();
    }
    let (e, f) = (search(&mut off, false), search(&mut on, true));
    assert_eq!(
        (e.best_move, e.score, e.nodes),
        (f.best_move, f.score, f.nodes)
    );
}
