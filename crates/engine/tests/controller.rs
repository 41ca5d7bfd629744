//! The game controller: what the engine does next, as actions.

use outpost_board::{Color, Move};
use outpost_engine::{
    Action, ControlError, Engine, EngineSettings, GameController, GameResult, Hint, Mode, Purpose,
    Timing,
};
use outpost_notation::{parse_fen, parse_uci_move};
use outpost_search::{Limits, SearchResult};

fn mv(controller: &GameController, text: &str) -> Move {
    parse_uci_move(controller.game().position(), text).unwrap()
}

/// The one search the actions start, with its id.
fn search_of(actions: &[Action]) -> (u64, Purpose) {
    let searches: Vec<_> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Search { id, purpose, .. } => Some((*id, *purpose)),
            _ => None,
        })
        .collect();
    assert_eq!(searches.len(), 1, "{actions:?}");
    searches[0]
}

fn result_playing(mv: Move, reply: Option<Move>) -> SearchResult {
    SearchResult {
        best_move: mv,
        pv: std::iter::once(mv).chain(reply).collect(),
        ponder_move: reply,
        ..SearchResult::default()
    }
}

#[test]
fn the_engine_answers_the_players_move_and_ignores_stale_results() {
    let mut controller = GameController::new(Timing::Fixed(Limits::depth(3)));
    assert_eq!(controller.mode(), Mode::Play(Color::Black));
    let e4 = mv(&controller, "e2e4");
    let (id, purpose) = search_of(&controller.user_move(e4).unwrap());
    assert_eq!(purpose, Purpose::Think);
    assert!(controller.thinking());
    // While it thinks, the player cannot move.
    let e5 = mv(&controller, "e7e5");
    assert!(matches!(
        controller.user_move(e5),
        Err(ControlError::IllegalMove { .. })
    ));
    // A result with another id (a halted search's) is not played.
    assert!(controller
        .search_finished(id + 1, result_playing(e5, None))
        .is_empty());
    let actions = controller.search_finished(id, result_playing(e5, None));
    assert_eq!(
        actions,
        vec![Action::Play {
            mv: e5,
            result: Some(result_playing(e5, None))
        }]
    );
    assert_eq!(controller.game().plies(), 2);
    assert!(!controller.thinking());
}

#[test]
fn pondering_on_the_expected_reply_becomes_the_real_search() {
    let mut controller = GameController::new(Timing::default());
    assert!(controller.set_ponder(true).is_empty());
    let e4 = mv(&controller, "e2e4");
    let (id, _) = search_of(&controller.user_move(e4).unwrap());
    let e5 = mv(&controller, "e7e5");
    let nf3 = parse_uci_move(&controller.game().position().play(e5), "g1f3").unwrap();
    let actions = controller.search_finished(id, result_playing(e5, Some(nf3)));
    assert!(matches!(actions[0], Action::Play { mv, .. } if mv == e5));
    let (ponder_id, purpose) = search_of(&actions);
    assert_eq!(purpose, Purpose::Ponder(nf3));
    assert_eq!(controller.hint(), Hint::Move(nf3));
    // The expected move: the ponder search goes on as the real one.
    assert_eq!(controller.user_move(nf3).unwrap(), vec![Action::PonderHit]);
    assert!(controller.thinking());
    assert_eq!(controller.running().unwrap().id, ponder_id);
    // Pondering off: nothing to halt while thinking.
    assert!(controller.set_ponder(false).is_empty());
}

#[test]
fn another_reply_halts_the_ponder_search_and_thinks_afresh() {
    let mut controller = GameController::new(Timing::default());
    controller.set_ponder(true);
    let e4 = mv(&controller, "e2e4");
    let (id, _) = search_of(&controller.user_move(e4).unwrap());
    let e5 = mv(&controller, "e7e5");
    let nf3 = parse_uci_move(&controller.game().position().play(e5), "g1f3").unwrap();
    controller.search_finished(id, result_playing(e5, Some(nf3)));
    assert!(controller.pondering());
    let d4 = mv(&controller, "d2d4");
    let actions = controller.user_move(d4).unwrap();
    assert_eq!(actions[0], Action::Halt);
    assert_eq!(search_of(&actions).1, Purpose::Think);
}

#[test]
fn the_game_end_is_claimed_on_the_engines_turn() {
    // Black to move is mated: the engine, playing Black, claims at once.
    let mated = parse_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    let mut controller = GameController::new(Timing::default());
    controller.set_position(mated);
    let actions = controller.go();
    assert!(matches!(
        actions.as_slice(),
        [Action::Claim(outcome)] if outcome.result() == GameResult::WhiteWins
    ));
}

#[test]
fn take_backs_and_analysis() {
    let mut controller = GameController::new(Timing::Fixed(Limits::depth(2)));
    controller.set_mode(Mode::Force);
    for text in ["e2e4", "e7e5", "g1f3"] {
        let m = mv(&controller, text);
        assert!(controller.user_move(m).unwrap().is_empty());
    }
    assert!(matches!(
        controller.take_back(4),
        Err(ControlError::NotLegalNow { .. })
    ));
    let actions = controller.set_mode(Mode::Analyze);
    assert_eq!(search_of(&actions).1, Purpose::Analyze);
    let actions = controller.take_back(1).unwrap();
    assert_eq!(actions[0], Action::Halt);
    assert_eq!(search_of(&actions).1, Purpose::Analyze);
    assert_eq!(controller.game().plies(), 2);
    assert!(controller.exit_analysis().unwrap().contains(&Action::Halt));
    assert!(controller.exit_analysis().is_err());
}

#[test]
fn the_players_last_move_is_taken_back_with_the_engines_reply() {
    let mut controller = GameController::new(Timing::Fixed(Limits::depth(2)));
    let e4 = mv(&controller, "e2e4");
    let (id, _) = search_of(&controller.user_move(e4).unwrap());
    let e5 = mv(&controller, "e7e5");
    controller.search_finished(id, result_playing(e5, None));
    assert_eq!(controller.game().plies(), 2);
    controller.take_back_player_move().unwrap();
    assert_eq!(controller.game().plies(), 0);
    assert!(controller.take_back_player_move().is_err());
}

#[test]
fn self_play_with_a_real_engine_runs_to_the_end() {
    // Both sides played by the engine from a won ending: the controller
    // asks for one search after another until it claims the result.
    let mut engine = Engine::new(EngineSettings::default()).unwrap();
    let mut controller = GameController::new(Timing::Fixed(Limits::depth(6)));
    controller.set_position(parse_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap());
    let mut actions = controller.set_mode(Mode::PlayBoth);
    actions.extend(controller.think_or_claim());
    let mut moves = 0;
    loop {
        let claim = actions.iter().find_map(|a| match a {
            Action::Claim(outcome) => Some(*outcome),
            _ => None,
        });
        if let Some(outcome) = claim {
            assert_eq!(outcome.result(), GameResult::WhiteWins);
            break;
        }
        let Some(Action::Search { id, request, .. }) = actions
            .iter()
            .find(|a| matches!(a, Action::Search { .. }))
            .cloned()
        else {
            panic!("neither a search nor a claim: {actions:?}");
        };
        let result = engine.search(*request);
        actions = controller.search_finished(id, result);
        moves += 1;
        assert!(moves < 40, "no mate in 40 plies");
    }
    assert!(controller.game().outcome().is_some());
}

#[test]
fn decisions_and_flags_end_the_game() {
    use outpost_engine::{GameClocks, Outcome};
    use std::time::{Duration, Instant};

    // A resignation ends the game: no more moves, no take-back.
    let mut controller = GameController::new(Timing::Fixed(Limits::depth(1)));
    controller.set_mode(Mode::Force);
    let e4 = mv(&controller, "e2e4");
    controller.user_move(e4).unwrap();
    assert!(!controller.is_over());
    controller.resign(Color::Black).unwrap();
    assert!(controller.is_over());
    assert_eq!(controller.agree_draw(), Err(ControlError::Decided));
    let e5 = mv(&controller, "e7e5");
    assert_eq!(controller.user_move(e5), Err(ControlError::Decided));
    assert_eq!(controller.take_back(1), Err(ControlError::Decided));

    // Running clocks: the side to move's time runs out.
    let clocks = GameClocks::new(Duration::from_millis(30), Duration::ZERO);
    let mut controller = GameController::new(Timing::Running(clocks));
    controller.set_mode(Mode::Force);
    controller.set_game(outpost_engine::Game::new());
    assert!(!controller.check_flag(Instant::now()));
    std::thread::sleep(Duration::from_millis(60));
    let e4 = mv(&controller, "e2e4");
    assert_eq!(controller.user_move(e4), Err(ControlError::Decided));
    assert_eq!(
        controller.outcome(),
        Some(Outcome::TimeForfeit {
            loser: Color::White
        })
    );
    // A new game starts afresh.
    controller.set_game(outpost_engine::Game::new());
    assert_eq!(controller.outcome(), None);
}

#[test]
fn a_new_game_starts_the_running_clocks_again() {
    use outpost_engine::GameClocks;
    use std::time::{Duration, Instant};

    let base = Duration::from_secs(60);
    let mut controller =
        GameController::new(Timing::Running(GameClocks::new(base, Duration::ZERO)));
    controller.set_mode(Mode::Force);
    controller.new_game();
    controller.set_mode(Mode::Force);
    // Both sides spend a little time on a move each.
    for text in ["e2e4", "e7e5"] {
        std::thread::sleep(Duration::from_millis(15));
        let played = mv(&controller, text);
        controller.user_move(played).unwrap();
    }
    let now = Instant::now();
    let clocks = controller.timing().running_clocks().unwrap();
    assert!(clocks.remaining(Color::Black, now) < base);
    controller.new_game();
    let now = Instant::now();
    let clocks = controller.timing().running_clocks().unwrap();
    // White's clock runs from the new game's start; Black's is whole.
    assert_eq!(clocks.running(), Some(Color::White));
    assert_eq!(clocks.remaining(Color::Black, now), base);
    assert_eq!(controller.game().plies(), 0);
}
