//! The one driver of a [`GameController`] for programs that run each
//! search to its end before going on and read no lines: a web game,
//! self-play, a library user's loop. (A front end that reads lines drives
//! it with a [`LineDriver`](crate::LineDriver).)
//!
//! The driver carries out the controller's actions: it keeps the search
//! the controller asks for until the program takes it
//! ([`GameDriver::next_search`]), and hands the program back the engine's
//! move when it gives the result ([`GameDriver::search_finished`]). How the
//! game ended is the controller's ([`GameController::outcome`],
//! [`GameController::recorded_game`]).

use crate::controller::{Action, ControlError, GameController};
use crate::request::SearchRequest;
use outpost_board::{Color, Move, Position};
use outpost_search::SearchResult;

/// A move the engine played, with the position it was played in and the
/// search it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineMove {
    /// The position before the move.
    pub position: Position,
    /// The move.
    pub mv: Move,
    /// The search's result (`None`: the search gave no usable move and a
    /// legal one was played so as not to lose on time).
    pub result: Option<SearchResult>,
}

/// A search the driver holds for the program to run.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchTurn {
    /// The id to give back with its result.
    pub id: u64,
    /// What to search.
    pub request: SearchRequest,
}

/// A [`GameController`] driven by a program that runs one search at a
/// time to its end: every call that changes the game goes through the
/// driver, which keeps the search to run next.
///
/// ```
/// use outpost_board::Color;
/// use outpost_engine::{Engine, GameController, GameDriver, Mode, Timing};
/// use outpost_search::Limits;
///
/// // The engine plays Black at depth 4; the program plays White's moves.
/// let mut driver = GameDriver::new(GameController::new(Timing::Fixed(Limits::depth(4))));
/// let mut engine = Engine::new(Default::default()).unwrap();
/// driver.user_move_text("e4").unwrap();
/// let turn = driver.next_search().expect("the engine answers");
/// let result = engine.search(turn.request);
/// let played = driver.search_finished(turn.id, result).expect("and plays its move");
/// assert_eq!(played.position.side_to_move(), Color::Black);
/// assert_eq!(driver.controller().game().plies(), 2);
///
/// // Self-play to the end, each search run by a closure.
/// let mut driver = GameDriver::new(GameController::new(Timing::Fixed(Limits::depth(1))));
/// driver.set_mode(Mode::PlayBoth);
/// driver.set_game(outpost_notation::Game::from_position(
///     outpost_notation::parse_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1").unwrap(),
/// ));
/// let moves = driver.run(|request| Ok::<_, ()>(engine.search(request))).unwrap();
/// assert_eq!(moves.len(), 1);
/// assert_eq!(driver.controller().outcome().unwrap().result().as_str(), "1-0");
/// ```
#[derive(Clone, Debug)]
pub struct GameDriver {
    controller: GameController,
    /// The search the controller asked for, not yet taken.
    pending: Option<SearchTurn>,
    /// The search taken and running, with the position it searches from.
    running: Option<(u64, Position)>,
}

impl GameDriver {
    /// Drives `controller` (the engine's seat, its timing and its rules).
    pub fn new(controller: GameController) -> GameDriver {
        GameDriver {
            controller,
            pending: None,
            running: None,
        }
    }

    /// The controller: the game, its clocks, how it ended.
    pub fn controller(&self) -> &GameController {
        &self.controller
    }

    /// The controller, to change what does not start a search (its
    /// strength, adjudication, ponder setting). Calls that return actions
    /// are made through the driver.
    pub fn controller_mut(&mut self) -> &mut GameController {
        &mut self.controller
    }

    /// Takes the controller back.
    pub fn into_controller(self) -> GameController {
        self.controller
    }

    /// Plays the side(s) `mode` says (see [`GameController::set_mode`]).
    /// Analysis, whose search runs until it is stopped, is a
    /// [`LineDriver`](crate::LineDriver)'s.
    pub fn set_mode(&mut self, mode: crate::Mode) {
        let actions = self.controller.set_mode(mode);
        self.carry_out(actions);
    }

    /// Takes `game` as the game so far, and searches if the engine is to
    /// move in it (see [`GameController::set_game`]).
    pub fn set_game(&mut self, game: outpost_notation::Game) {
        let actions = self.controller.set_game(game);
        self.carry_out(actions);
        let actions = self.controller.play_on();
        self.carry_out(actions);
    }

    /// The opponent's move (see [`GameController::user_move`]).
    ///
    /// # Errors
    /// As the controller refuses it.
    pub fn user_move(&mut self, mv: Move) -> Result<(), ControlError> {
        let actions = self.controller.user_move(mv)?;
        self.carry_out(actions);
        Ok(())
    }

    /// The opponent's move as typed, coordinate notation or SAN (see
    /// [`GameController::user_move_text`]).
    ///
    /// # Errors
    /// As the controller refuses it.
    pub fn user_move_text(&mut self, text: &str) -> Result<(), ControlError> {
        let actions = self.controller.user_move_text(text, false)?;
        self.carry_out(actions);
        Ok(())
    }

    /// `loser` resigns (see [`GameController::resign`]).
    ///
    /// # Errors
    /// When the game is already over.
    pub fn resign(&mut self, loser: Color) -> Result<(), ControlError> {
        let actions = self.controller.resign(loser)?;
        self.carry_out(actions);
        Ok(())
    }

    /// Both sides agree to a draw (see [`GameController::agree_draw`]).
    ///
    /// # Errors
    /// When the game is already over.
    pub fn agree_draw(&mut self) -> Result<(), ControlError> {
        let actions = self.controller.agree_draw()?;
        self.carry_out(actions);
        Ok(())
    }

    /// Takes back the player's last move and the engine's replies (see
    /// [`GameController::take_back_player_move`]).
    ///
    /// # Errors
    /// When there is none, or the game was decided.
    pub fn take_back_player_move(&mut self) -> Result<(), ControlError> {
        let actions = self.controller.take_back_player_move()?;
        self.carry_out(actions);
        Ok(())
    }

    /// Ends the game on time if the running clock has fallen by `now`
    /// (see [`GameController::check_flag`]).
    pub fn check_flag(&mut self, now: std::time::Instant) -> bool {
        let fell = self.controller.check_flag(now);
        if fell {
            self.pending = None;
            self.running = None;
        }
        fell
    }

    /// The search to run now, if the engine is to move: run it to its end
    /// and give its result to [`GameDriver::search_finished`] (or, when it
    /// cannot run, its id to [`GameDriver::search_failed`]).
    pub fn next_search(&mut self) -> Option<SearchTurn> {
        let turn = self.pending.take()?;
        self.running = Some((turn.id, turn.request.position));
        Some(turn)
    }

    /// The search `id` ended with `result`: the engine's move, when it was
    /// played (none when the game ended first: on time, by adjudication).
    pub fn search_finished(&mut self, id: u64, result: SearchResult) -> Option<EngineMove> {
        let position = match self.running {
            Some((running, position)) if running == id => position,
            _ => return None,
        };
        self.running = None;
        let actions = self.controller.search_finished(id, result);
        let played = actions.iter().find_map(|action| match action {
            Action::Play { mv, result } => Some(EngineMove {
                position,
                mv: *mv,
                result: result.clone(),
            }),
            _ => None,
        });
        self.carry_out(actions);
        played
    }

    /// The search `id` could not run: the engine does not move.
    pub fn search_failed(&mut self, id: u64) {
        if self.running.is_some_and(|(running, _)| running == id) {
            self.running = None;
        }
        self.controller.search_failed(id);
    }

    /// Runs every search the game asks for with `search`, until the
    /// engine is not to move or the game is over: the moves it played.
    ///
    /// # Errors
    /// The first error of `search` (the engine does not move then).
    pub fn run<E>(
        &mut self,
        mut search: impl FnMut(SearchRequest) -> Result<SearchResult, E>,
    ) -> Result<Vec<EngineMove>, E> {
        let mut moves = Vec::new();
        while let Some(turn) = self.next_search() {
            match search(turn.request) {
                Ok(result) => moves.extend(self.search_finished(turn.id, result)),
                Err(error) => {
                    self.search_failed(turn.id);
                    return Err(error);
                }
            }
        }
        Ok(moves)
    }

    /// Carries out `actions`: a search is kept for the program to run; a
    /// halt forgets the search not yet run (one that runs to its end has
    /// nothing to stop); a move played and a claim are the controller's
    /// already (see [`GameController::outcome`]). Pondering and
    /// [`Action::MoveNow`] need a search running beside the program: they
    /// are a [`LineDriver`](crate::LineDriver)'s.
    fn carry_out(&mut self, actions: Vec<Action>) {
        for action in actions {
            match action {
                Action::Search { id, request, .. } => {
                    self.pending = Some(SearchTurn {
                        id,
                        request: *request,
                    });
                }
                Action::Halt => {
                    self.pending = None;
                    self.running = None;
                }
                Action::MoveNow | Action::PonderHit | Action::Play { .. } | Action::Claim(_) => {}
            }
        }
    }
}
