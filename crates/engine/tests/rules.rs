//! The rules the game controller owns: how a game ends (the position's
//! rules, resignation, agreement, the flag and its "cannot mate" rule,
//! adjudication) and the game it hands back; and the one driver that
//! carries its actions out.

use outpost_board::Color;
use outpost_engine::{
    can_mate, Adjudication, ControlError, Engine, GameClocks, GameController, GameDriver,
    GameResult, Mode, Outcome, Timing,
};
use outpost_notation::{parse_fen, Game};
use outpost_search::{Limits, Score, SearchResult};
use std::time::{Duration, Instant};

/// A controller recording moves only (no engine side), at `fen`.
fn recording(fen: &str, timing: Timing) -> GameController {
    let mut controller = GameController::new(timing);
    controller.set_mode(Mode::Force);
    controller.set_game(Game::from_position(parse_fen(fen).unwrap()));
    controller
}

/// The end when the side to move's flag falls in `fen`.
fn flag_in(fen: &str) -> Outcome {
    let clocks = GameClocks::new(Duration::from_millis(20), Duration::ZERO);
    let mut controller = recording(fen, Timing::Running(clocks));
    assert!(!controller.check_flag(Instant::now()));
    assert!(controller.check_flag(Instant::now() + Duration::from_secs(1)));
    // The flag is seen once; asking again gives the same end.
    assert!(controller.check_flag(Instant::now() + Duration::from_secs(2)));
    let outcome = controller.outcome().unwrap();
    let game = controller.recorded_game();
    assert_eq!(game.tags().get("Termination"), Some("time forfeit"));
    assert_eq!(game.tags().get("TimeControl"), Some("0.0+0"));
    assert_eq!(game.result(), outcome.result());
    outcome
}

#[test]
fn a_flag_against_a_lone_king_is_a_draw() {
    // White to move and flagged; Black has only its king.
    let outcome = flag_in("8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    assert_eq!(
        outcome,
        Outcome::TimeoutDraw {
            loser: Color::White
        }
    );
    assert_eq!(outcome.result(), GameResult::Draw);
    // The other way round, the queen wins.
    let outcome = flag_in("8/8/8/4k3/8/8/8/KQ6 b - - 0 1");
    assert_eq!(
        outcome,
        Outcome::TimeForfeit {
            loser: Color::Black
        }
    );
    assert_eq!(outcome.result(), GameResult::WhiteWins);
}

#[test]
fn a_flag_against_king_and_minor_piece_is_a_draw() {
    // King and bishop, or king and knight, cannot mate a bare king: the
    // game is drawn (by insufficient material already, so a flag that
    // falls later changes nothing).
    for fen in [
        "8/8/8/4k3/8/8/8/KB6 b - - 0 1",
        "8/8/8/4k3/8/8/8/KN6 b - - 0 1",
    ] {
        assert!(!can_mate(&parse_fen(fen).unwrap(), Color::White), "{fen}");
        let clocks = GameClocks::new(Duration::from_millis(20), Duration::ZERO);
        let mut controller = recording(fen, Timing::Running(clocks));
        assert!(!controller.check_flag(Instant::now() + Duration::from_secs(1)));
        assert_eq!(controller.outcome(), Some(Outcome::InsufficientMaterial));
        assert_eq!(controller.recorded_game().result(), GameResult::Draw);
    }
    // Two bishops on squares of one colour cannot mate a bare king either.
    let same_colour = parse_fen("8/8/8/4k3/8/8/8/KB1B4 b - - 0 1").unwrap();
    assert!(!can_mate(&same_colour, Color::White));
    // Bishops on both colours, two knights, or a knight and a bishop can.
    for fen in [
        "8/8/8/4k3/8/8/8/KBB5 b - - 0 1",
        "8/8/8/4k3/8/8/8/KNN5 b - - 0 1",
        "8/8/8/4k3/8/8/8/KNB5 b - - 0 1",
    ] {
        assert!(can_mate(&parse_fen(fen).unwrap(), Color::White), "{fen}");
    }
    // King and knight against king and rook: the rook's side could be
    // mated only with its own help, and FIDE's rule asks only whether some
    // legal sequence mates: flagged, the side with the rook loses.
    assert_eq!(
        flag_in("8/8/8/4k3/8/8/7r/KN6 b - - 0 1"),
        Outcome::TimeForfeit {
            loser: Color::Black
        }
    );
    // The other way round, the side with the rook wins.
    assert_eq!(
        flag_in("8/8/8/4k3/8/8/7r/KN6 w - - 0 1"),
        Outcome::TimeForfeit {
            loser: Color::White
        }
    );
}

#[test]
fn the_position_ends_the_game() {
    let cases = [
        // Fool's mate.
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            Outcome::Checkmate {
                winner: Color::Black,
            },
        ),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Outcome::Stalemate),
        ("8/8/8/4k3/8/8/2R5/4K3 w - - 100 80", Outcome::FiftyMoveRule),
        (
            "8/8/8/4k3/8/8/8/KB6 w - - 0 1",
            Outcome::InsufficientMaterial,
        ),
    ];
    for (fen, expected) in cases {
        let controller = recording(fen, Timing::default());
        assert_eq!(controller.outcome(), Some(expected), "{fen}");
        assert!(controller.is_over());
        let game = controller.recorded_game();
        assert_eq!(game.tags().get("Termination"), Some("normal"));
        assert_eq!(game.result(), expected.result());
    }
    // Threefold repetition.
    let mut controller = recording("4k3/8/8/8/8/8/8/4K2R w - - 0 1", Timing::default());
    for text in ["Kf1", "Kf8", "Ke1", "Ke8", "Kf1", "Kf8", "Ke1", "Ke8"] {
        controller.user_move_text(text, false).unwrap();
    }
    assert_eq!(controller.outcome(), Some(Outcome::ThreefoldRepetition));
    assert_eq!(controller.recorded_game().result(), GameResult::Draw);
}

#[test]
fn resignation_and_agreement_end_the_game() {
    let mut controller = recording(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Timing::default(),
    );
    controller.resign(Color::White).unwrap();
    assert_eq!(
        controller.outcome(),
        Some(Outcome::Resignation {
            loser: Color::White
        })
    );
    let game = controller.recorded_game();
    assert_eq!(game.tags().get("Termination"), Some("White resigned"));
    assert!(game.to_pgn().contains("[Result \"0-1\"]"));
    assert_eq!(controller.resign(Color::Black), Err(ControlError::Decided));

    let mut controller = recording(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Timing::default(),
    );
    controller.agree_draw().unwrap();
    assert_eq!(controller.outcome(), Some(Outcome::DrawAgreed));
    let game = controller.recorded_game();
    assert_eq!(game.tags().get("Termination"), Some("draw agreed"));
    assert_eq!(game.result(), GameResult::Draw);
    // A game over by the rules cannot be resigned.
    let mut mated = recording(
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        Timing::default(),
    );
    assert_eq!(mated.resign(Color::White), Err(ControlError::Decided));
}

/// Adjudication rules that end games quickly.
const RULES: Adjudication = Adjudication {
    win_score: 500,
    win_plies: 2,
    draw_score: 10,
    draw_plies: 2,
    draw_from_ply: 2,
    max_plies: 6,
};

/// Self-play where every search returns the first legal move with `score`.
fn self_play(score: Score) -> GameDriver {
    let mut controller = GameController::new(Timing::Fixed(Limits::depth(1)));
    controller.set_adjudication(Some(RULES));
    let mut driver = GameDriver::new(controller);
    driver.set_mode(Mode::PlayBoth);
    driver.set_game(Game::new());
    let moves = driver
        .run(|request| {
            let best_move = *request.position.legal_moves().iter().next().unwrap();
            Ok::<_, ()>(SearchResult {
                best_move,
                score,
                ..SearchResult::default()
            })
        })
        .unwrap();
    assert!(moves.len() <= RULES.max_plies as usize);
    driver
}

#[test]
fn adjudication_ends_games_between_engines() {
    // The side to move always sees itself 9 pawns up: from White's view
    // the scores alternate (+900, -900), so no side wins; the length ends it.
    let driver = self_play(Score::Centipawns(900));
    assert_eq!(
        driver.controller().outcome(),
        Some(Outcome::Adjudicated(GameResult::Draw))
    );
    assert_eq!(driver.controller().game().plies(), 6);
    // Quiet scores: a draw after two plies from ply 2 on.
    let driver = self_play(Score::Centipawns(0));
    assert_eq!(
        driver.controller().outcome(),
        Some(Outcome::Adjudicated(GameResult::Draw))
    );
    assert!(driver.controller().game().plies() < 6);
    let game = driver.controller().recorded_game();
    assert_eq!(game.tags().get("Termination"), Some("adjudication"));

    // White's search sees it winning twice in a row: White wins.
    let mut controller = GameController::new(Timing::Fixed(Limits::depth(1)));
    controller.set_adjudication(Some(RULES));
    let mut driver = GameDriver::new(controller);
    driver.set_mode(Mode::PlayBoth);
    driver.set_game(Game::new());
    driver
        .run(|request| {
            let white = request.position.side_to_move() == Color::White;
            Ok::<_, ()>(SearchResult {
                best_move: *request.position.legal_moves().iter().next().unwrap(),
                score: Score::Centipawns(if white { 900 } else { -900 }),
                ..SearchResult::default()
            })
        })
        .unwrap();
    assert_eq!(
        driver.controller().outcome(),
        Some(Outcome::Adjudicated(GameResult::WhiteWins))
    );
}

#[test]
fn the_driver_plays_a_game_to_its_end() {
    let mut engine = Engine::new(Default::default()).unwrap();
    let mut driver = GameDriver::new(GameController::new(Timing::Fixed(Limits::depth(2))));
    driver.set_mode(Mode::PlayBoth);
    // King and rook against king: the engine mates.
    driver.set_game(Game::from_position(
        parse_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap(),
    ));
    let moves = driver
        .run(|request| Ok::<_, ()>(engine.search(request)))
        .unwrap();
    assert!(!moves.is_empty());
    for played in &moves {
        assert!(played.position.is_legal(played.mv));
    }
    let outcome = driver.controller().outcome().unwrap();
    assert_eq!(outcome.result(), GameResult::WhiteWins);
    assert_eq!(
        driver.controller().recorded_game().result(),
        GameResult::WhiteWins
    );
    // Nothing is left to search, and a move is refused.
    assert!(driver.next_search().is_none());
    assert!(driver.user_move_text("Kd4").is_err());
}

#[test]
fn the_driver_hands_back_the_engines_move_and_refuses_bad_ones() {
    let mut driver = GameDriver::new(GameController::new(Timing::Fixed(Limits::depth(1))));
    assert!(driver.next_search().is_none());
    assert!(matches!(
        driver.user_move_text("e5"),
        Err(ControlError::IllegalMove { .. })
    ));
    driver.user_move_text("e4").unwrap();
    let turn = driver.next_search().unwrap();
    // A stale id is ignored; a failed search leaves the engine's move unplayed.
    assert_eq!(
        driver.search_finished(turn.id + 1, SearchResult::default()),
        None
    );
    driver.search_failed(turn.id);
    assert!(driver.next_search().is_none());
    assert_eq!(driver.controller().game().plies(), 1);
    // The engine's clock falls before its move: no move, a time forfeit.
    let clocks = GameClocks::new(Duration::from_millis(300), Duration::ZERO);
    let mut driver = GameDriver::new(GameController::new(Timing::Running(clocks)));
    driver.set_game(Game::new());
    driver.user_move_text("e4").unwrap();
    let turn = driver.next_search().unwrap();
    std::thread::sleep(Duration::from_millis(400));
    let e5 = outpost_notation::parse_uci_move(&turn.request.position, "e7e5").unwrap();
    let result = SearchResult {
        best_move: e5,
        ..SearchResult::default()
    };
    assert_eq!(driver.search_finished(turn.id, result), None);
    assert_eq!(
        driver.controller().outcome(),
        Some(Outcome::TimeForfeit {
            loser: Color::Black
        })
    );
}
