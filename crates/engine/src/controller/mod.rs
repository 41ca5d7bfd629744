//! The engine's seat at a game: which side it plays, its clock, its
//! pondering and analysis, its draw policy, and what it does next.
//!
//! The controller does no input or output and starts no thread: every
//! call returns [`Action`]s for the front end to carry out in order
//! (start a search, stop one, play a move, claim a result), and the front
//! end hands back each search's result with
//! [`GameController::search_finished`]. xboard renders the actions as
//! CECP, the web server as JSON, self-play as records.
mod action;
mod adjudication;
mod error;
mod timing;

pub use action::{Action, Hint, Mode, Purpose, RunningSearch};
pub use adjudication::Adjudication;
pub use error::ControlError;
pub use timing::{can_mate, Timing};

use crate::clock::{EngineClock, GameClocks, TimeControl};
use crate::policy::{accepts_draw, expected_reply, hint_limits};
use crate::request::SearchRequest;
use crate::strength::Strength;
use adjudication::Streaks;
use outpost_board::{Color, Move, Position};
use outpost_notation::{
    parse_move_text, Game, GameResult, NotationError, Outcome, SanError, UciMoveError,
};
use outpost_search::{Limits, Score, SearchResult};
use std::time::{Duration, Instant};
use timing::flag_fall;

/// The engine's seat at one game: the game, which side(s) the engine
/// plays and how strongly, its clock, pondering and analysis, its draw
/// policy, and a decided end. Calls return the [`Action`]s to carry out.
///
/// ```
/// use outpost_board::Color;
/// use outpost_engine::{Action, Engine, GameController, Mode, Purpose, Timing};
/// use outpost_search::Limits;
///
/// let mut controller = GameController::new(Timing::Fixed(Limits::depth(4)));
/// controller.set_mode(Mode::Play(Color::Black));
/// let e4 = outpost_notation::parse_uci_move(controller.game().position(), "e2e4").unwrap();
/// let actions = controller.user_move(e4).unwrap();
/// let Some(Action::Search { id, purpose: Purpose::Think, request }) = actions.last().cloned() else {
///     panic!("the engine thinks after the player's move")
/// };
/// let mut engine = Engine::new(Default::default()).unwrap();
/// let result = engine.search(*request);
/// let actions = controller.search_finished(id, result);
/// assert!(matches!(actions[0], Action::Play { .. }));
/// assert_eq!(controller.game().plies(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct GameController {
    game: Game,
    mode: Mode,
    timing: Timing,
    /// The level the engine plays at (`None`: as the engine's options say).
    strength: Option<Strength>,
    /// An end the position does not give.
    decided: Option<Outcome>,
    /// When a game between engines is adjudicated (`None`: never).
    adjudication: Option<Adjudication>,
    streaks: Streaks,
    /// The game's length when it was set up.
    start_plies: usize,
    search: Option<RunningSearch>,
    next_id: u64,
    /// Whether to think on the opponent's time.
    ponder: bool,
    /// The reply the last search expects, with the key of the position it answers.
    expected: Option<(u64, Move)>,
    /// The score of the engine's last move, from its side.
    last_score: Option<Score>,
}

impl GameController {
    /// A controller at the start position, the engine playing Black.
    ///
    /// ```
    /// use outpost_board::Color;
    /// use outpost_engine::{GameController, Mode, Timing};
    /// use outpost_search::Limits;
    ///
    /// let controller = GameController::new(Timing::Fixed(Limits::depth(4)));
    /// assert_eq!(controller.mode(), Mode::Play(Color::Black));
    /// assert_eq!(controller.game().plies(), 0);
    /// assert!(controller.running().is_none());
    /// assert!(!controller.is_over());
    /// assert_eq!(controller.move_limits(), Limits::depth(4));
    /// ```
    pub fn new(timing: Timing) -> GameController {
        GameController {
            game: Game::new(),
            mode: Mode::Play(Color::Black),
            timing,
            strength: None,
            decided: None,
            adjudication: None,
            streaks: Streaks::default(),
            start_plies: 0,
            search: None,
            next_id: 0,
            ponder: false,
            expected: None,
            last_score: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Plays at `strength` from the next search on, whatever the engine's
    /// options say.
    pub fn set_strength(&mut self, strength: Strength) {
        self.strength = Some(strength);
    }

    /// Adjudicates games between engines by `rules` (`None`: never).
    pub fn set_adjudication(&mut self, rules: Option<Adjudication>) {
        self.adjudication = rules;
    }

    /// How the game ended, if it did: a decision (resignation, agreement,
    /// the clock, adjudication), else the rules of the position.
    ///
    /// ```
    /// use outpost_board::Color;
    /// use outpost_engine::{ControlError, GameController, GameResult, Outcome, Timing};
    ///
    /// let mut controller = GameController::new(Timing::default());
    /// assert_eq!(controller.outcome(), None);
    /// assert!(controller.resign(Color::Black).is_ok());
    /// assert!(controller.is_over());
    /// let outcome = controller.outcome().unwrap();
    /// assert_eq!(outcome, Outcome::Resignation { loser: Color::Black });
    /// assert_eq!(outcome.result(), GameResult::WhiteWins);
    /// // A decided game takes no more moves, and is decided only once.
    /// assert_eq!(controller.user_move_text("e4", false), Err(ControlError::Decided));
    /// assert_eq!(controller.agree_draw(), Err(ControlError::Decided));
    /// // The game as kept says how it ended.
    /// let game = controller.recorded_game();
    /// assert_eq!(game.tags().get("Termination"), Some("Black resigned"));
    /// assert_eq!(game.result(), GameResult::WhiteWins);
    /// // A new game clears the decision.
    /// controller.new_game();
    /// assert_eq!(controller.outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.decided.or_else(|| self.game.outcome())
    }

    /// Whether the game is over, by the rules or by a decision.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// `loser` resigns: the game ends, the clocks stop and a search
    /// running is halted.
    pub fn resign(&mut self, loser: Color) -> Result<Vec<Action>, ControlError> {
        self.decide(Outcome::Resignation { loser })
    }

    /// Both sides agree to a draw: the game ends, the clocks stop and a
    /// search running is halted. (Whether the engine agrees is
    /// [`GameController::accepts_draw`]'s to say.)
    pub fn agree_draw(&mut self) -> Result<Vec<Action>, ControlError> {
        self.decide(Outcome::DrawAgreed)
    }

    /// Ends the game by `outcome`; the clocks stop and a search running is
    /// halted.
    fn decide(&mut self, outcome: Outcome) -> Result<Vec<Action>, ControlError> {
        if self.is_over() {
            return Err(ControlError::Decided);
        }
        self.decided = Some(outcome);
        if let Timing::Running(clocks) = &mut self.timing {
            clocks.halt(Instant::now());
        }
        Ok(self.halt().into_iter().collect())
    }

    /// Ends the game on time if the running clock has fallen by `now`
    /// (lost, or drawn when the other side could not mate: see
    /// [`can_mate`]); `true` when it has (now or before).
    pub fn check_flag(&mut self, now: Instant) -> bool {
        if let Some(decided) = self.decided {
            return matches!(
                decided,
                Outcome::TimeForfeit { .. } | Outcome::TimeoutDraw { .. }
            );
        }
        if self.game.outcome().is_some() {
            return false;
        }
        let Timing::Running(clocks) = &mut self.timing else {
            return false;
        };
        let Some(loser) = clocks.flagged(now) else {
            return false;
        };
        clocks.halt(now);
        self.decided = Some(flag_fall(self.game.position(), loser));
        true
    }

    /// The game as it is kept: its moves and tags, a `TimeControl` tag when
    /// the controller keeps both clocks, and once it is over its result and
    /// a `Termination` tag ([`Outcome::termination`]).
    pub fn recorded_game(&self) -> Game {
        let mut game = self.game.clone();
        if let Timing::Running(clocks) = &self.timing {
            game.tags_mut()
                .set("TimeControl", &clocks.time_control_tag());
        }
        if let Some(outcome) = self.outcome() {
            game.set_result(outcome.result());
            game.tags_mut().set("Termination", outcome.termination());
        }
        game
    }

    /// How the engine's time is found.
    pub fn timing(&self) -> &Timing {
        &self.timing
    }

    /// The timing, to change the control or report a clock.
    pub fn timing_mut(&mut self) -> &mut Timing {
        &mut self.timing
    }

    /// The engine's clock as the GUI reports it, made the timing if it was another.
    pub fn engine_clock(&mut self) -> &mut EngineClock {
        if !matches!(self.timing, Timing::Reported(_)) {
            self.timing = Timing::Reported(EngineClock::default());
        }
        match &mut self.timing {
            Timing::Reported(clocks) => clocks,
            _ => unreachable!("the timing was just made reported"),
        }
    }

    /// The search running for the controller, if any.
    pub fn running(&self) -> Option<&RunningSearch> {
        self.search.as_ref()
    }

    /// Whether the engine is thinking about its own move.
    pub fn thinking(&self) -> bool {
        self.search.is_some_and(|r| r.purpose == Purpose::Think)
    }

    /// Whether the engine is thinking on the opponent's time.
    pub fn pondering(&self) -> bool {
        self.search
            .is_some_and(|r| matches!(r.purpose, Purpose::Ponder(_)))
    }

    /// The score of the engine's last move, from its side.
    pub fn last_score(&self) -> Option<Score> {
        self.last_score
    }

    /// Turns pondering on or off; off halts a pondering search.
    pub fn set_ponder(&mut self, on: bool) -> Vec<Action> {
        self.ponder = on;
        if !on && self.pondering() {
            return self.halt().into_iter().collect();
        }
        Vec::new()
    }

    /// Stops any search without playing its move.
    pub fn halt(&mut self) -> Option<Action> {
        self.search.take().map(|_| Action::Halt)
    }

    /// Plays the side(s) `mode` says from now on, without moving yet
    /// (a search running is halted; analysis starts at once).
    pub fn set_mode(&mut self, mode: Mode) -> Vec<Action> {
        let mut actions: Vec<Action> = self.halt().into_iter().collect();
        self.mode = mode;
        if mode == Mode::Analyze {
            actions.extend(self.start(Purpose::Analyze));
        }
        actions
    }

    /// xboard's `force`: the engine stops playing either side (not while analysing).
    pub fn force(&mut self) -> Vec<Action> {
        if self.mode == Mode::Analyze {
            return Vec::new();
        }
        self.set_mode(Mode::Force)
    }

    /// The engine plays the side to move, and moves now.
    pub fn go(&mut self) -> Vec<Action> {
        let mut actions = self.set_mode(Mode::Play(self.side_to_move()));
        actions.extend(self.think_or_claim());
        actions
    }

    /// The engine plays the side not to move, and ponders if it may.
    pub fn play_other(&mut self) -> Vec<Action> {
        let mut actions = self.set_mode(Mode::Play(!self.side_to_move()));
        actions.extend(self.start_pondering());
        actions
    }

    /// Leaves analyze mode for `force`.
    pub fn exit_analysis(&mut self) -> Result<Vec<Action>, ControlError> {
        if self.mode != Mode::Analyze {
            return Err(ControlError::NotLegalNow {
                why: "not analyzing",
            });
        }
        Ok(self.set_mode(Mode::Force))
    }

    fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    /// A new game from the start position, the engine playing Black (or
    /// still analysing); the clocks start again at the control's base
    /// (both running clocks, or the reported one's estimate).
    pub fn new_game(&mut self) -> Vec<Action> {
        let mut actions: Vec<Action> = self.halt().into_iter().collect();
        if self.mode != Mode::Analyze {
            self.mode = Mode::Play(Color::Black);
        }
        match &mut self.timing {
            Timing::Reported(clocks) => {
                clocks.depth = None;
                if let TimeControl::Clock(level) = clocks.control {
                    clocks.own = Some(level.base);
                }
            }
            Timing::Running(clocks) => *clocks = GameClocks::new(clocks.base, clocks.increment),
            Timing::Fixed(_) => {}
        }
        self.last_score = None;
        actions.extend(self.set_position(Position::startpos()));
        actions
    }

    /// A new game from `pos`; analysis restarts in analyze mode.
    pub fn set_position(&mut self, pos: Position) -> Vec<Action> {
        self.set_game(Game::from_position(pos))
    }

    /// Takes `game` as the game so far; analysis restarts in analyze mode.
    pub fn set_game(&mut self, game: Game) -> Vec<Action> {
        let mut actions: Vec<Action> = self.halt().into_iter().collect();
        self.game = game;
        self.expected = None;
        self.decided = None;
        self.streaks = Streaks::default();
        self.start_plies = self.game.plies();
        if let Timing::Reported(clocks) = &mut self.timing {
            clocks.anchor = 0;
        }
        if let Timing::Running(clocks) = &mut self.timing {
            if self.game.outcome().is_none() {
                clocks.start(self.game.position().side_to_move(), Instant::now());
            }
        }
        if self.mode == Mode::Analyze {
            actions.extend(self.start(Purpose::Analyze));
        }
        actions
    }

    /// xboard's `white`/`black`: `side` to move, the engine playing the other.
    pub fn set_side_to_move(&mut self, side: Color) -> Result<Vec<Action>, ControlError> {
        let pos = *self.game.position();
        let pos = if pos.side_to_move() == side {
            pos
        } else {
            let mut setup = pos.to_setup();
            setup.side_to_move = side;
            setup.en_passant = None;
            Position::from_setup(&setup)?
        };
        let mut actions: Vec<Action> = self.halt().into_iter().collect();
        if self.mode != Mode::Analyze {
            self.mode = Mode::Play(!side);
        }
        if pos != *self.game.position() {
            actions.extend(self.set_position(pos));
        }
        Ok(actions)
    }

    /// Takes back `plies` moves; analysis restarts in analyze mode.
    pub fn take_back(&mut self, plies: usize) -> Result<Vec<Action>, ControlError> {
        if self.decided.is_some() {
            return Err(ControlError::Decided);
        }
        if self.game.plies() < plies {
            return Err(ControlError::NotLegalNow {
                why: "not enough moves to take back",
            });
        }
        let mut actions: Vec<Action> = self.halt().into_iter().collect();
        for _ in 0..plies {
            self.game.undo();
        }
        self.expected = None;
        if let Timing::Running(clocks) = &mut self.timing {
            let now = Instant::now();
            clocks.halt(now);
            clocks.start(self.game.position().side_to_move(), now);
        }
        if self.mode == Mode::Analyze {
            actions.extend(self.start(Purpose::Analyze));
        }
        Ok(actions)
    }

    /// Takes back the last move the engine did not play, and the engine's
    /// replies after it: the player's move becomes theirs to play again.
    pub fn take_back_player_move(&mut self) -> Result<Vec<Action>, ControlError> {
        let mover = |game: &Game| !game.position().side_to_move();
        let mut plies = 0;
        let moves = self.game.plies();
        let mut copy = self.game.clone();
        while plies < moves && self.mode.plays(mover(&copy)) {
            copy.undo();
            plies += 1;
        }
        if plies == moves {
            return Err(ControlError::NotLegalNow {
                why: "no move of the player's to take back",
            });
        }
        self.take_back(plies + 1)
    }

    /// The opponent's move: checked, played, and answered (the engine
    /// thinks, claims the result, or analyses the new position).
    pub fn user_move(&mut self, mv: Move) -> Result<Vec<Action>, ControlError> {
        // A move after the mover's flag fell is too late.
        if self.check_flag(Instant::now()) || self.decided.is_some() {
            return Err(ControlError::Decided);
        }
        if self.thinking() {
            return Err(ControlError::IllegalMove {
                reason: "the engine is on move",
            });
        }
        let pos = *self.game.position();
        if !pos.has_legal_moves() {
            return Err(ControlError::IllegalMove {
                reason: "the game is over",
            });
        }
        if mv.is_null() || !pos.is_legal(mv) {
            return Err(ControlError::IllegalMove {
                reason: "not legal in this position",
            });
        }
        let now = Instant::now();
        if let Some(run) = self.search.as_mut() {
            if run.purpose == Purpose::Ponder(mv) {
                // The expected move: the ponder search goes on as the real one.
                run.purpose = Purpose::Think;
                run.started = now;
                self.play_on_board(mv, now);
                return Ok(vec![Action::PonderHit]);
            }
        }
        let mut actions: Vec<Action> = self.halt().into_iter().collect();
        self.play_on_board(mv, now);
        match self.mode {
            Mode::Analyze => actions.extend(self.start(Purpose::Analyze)),
            mode if mode.plays(self.side_to_move()) => actions.extend(self.think_or_claim()),
            _ => {}
        }
        Ok(actions)
    }

    /// The opponent's move as typed (coordinate notation or SAN, castling
    /// as `UCI_Chess960` asks): read, then played as [`GameController::user_move`]
    /// plays it. A move that cannot be read is an
    /// [`ControlError::IllegalMove`] saying why: the engine is on move, the
    /// game is over, a null move, in check, ambiguous, not legal, not a move.
    ///
    /// ```
    /// use outpost_engine::{ControlError, GameController, Mode, Timing};
    ///
    /// let mut controller = GameController::new(Timing::default());
    /// controller.set_mode(Mode::Force);
    /// assert!(controller.user_move_text("e4", false).is_ok());
    /// assert_eq!(
    ///     controller.user_move_text("e2e4", false),
    ///     Err(ControlError::IllegalMove { reason: "not legal in this position" })
    /// );
    /// assert_eq!(controller.game().plies(), 1);
    /// ```
    pub fn user_move_text(
        &mut self,
        text: &str,
        chess960: bool,
    ) -> Result<Vec<Action>, ControlError> {
        let pos = self.game.position();
        let reason = if self.thinking() {
            "the engine is on move"
        } else if !pos.has_legal_moves() {
            "the game is over"
        } else {
            match parse_move_text(pos, text, chess960) {
                Ok(mv) => return self.user_move(mv),
                Err(NotationError::NullMove { .. }) => "null moves are not played",
                Err(NotationError::UciMove(UciMoveError::Illegal { .. })) if pos.is_check() => {
                    "in check"
                }
                Err(NotationError::San(SanError::Ambiguous { .. })) => "ambiguous",
                Err(
                    NotationError::UciMove(UciMoveError::Illegal { .. })
                    | NotationError::San(SanError::Illegal { .. }),
                ) => "not legal in this position",
                Err(_) => "not a move",
            }
        };
        Err(ControlError::IllegalMove { reason })
    }

    /// Plays `mv` (legal) and moves the running clocks on: the mover's
    /// stops (the game is lost on time if it fell), the other side's starts.
    fn play_on_board(&mut self, mv: Move, now: Instant) {
        if self.game.play(mv).is_err() {
            return;
        }
        self.expected = None;
        if let Timing::Running(clocks) = &mut self.timing {
            if let Err(loser) = clocks.stop(now) {
                self.decided = Some(flag_fall(self.game.position(), loser));
            } else if self.game.outcome().is_none() {
                clocks.start(self.game.position().side_to_move(), now);
            }
        }
    }

    /// On the engine's move: claims the result if the game is over, else thinks.
    pub fn think_or_claim(&mut self) -> Vec<Action> {
        if self.decided.is_some() {
            return Vec::new();
        }
        if let Some(rules) = self.adjudication {
            if rules.too_long(self.game.plies() - self.start_plies)
                && self.game.forced_outcome().is_none()
            {
                self.decided = Some(Outcome::Adjudicated(GameResult::Draw));
                return Vec::new();
            }
        }
        match self.game.forced_outcome() {
            Some(outcome) => vec![Action::Claim(outcome)],
            None => self.start(Purpose::Think),
        }
    }

    /// Starts the engine's search if it plays the side to move and the
    /// game goes on (after setting up a game, say).
    pub fn play_on(&mut self) -> Vec<Action> {
        if self.search.is_some() || !self.mode.plays(self.side_to_move()) {
            return Vec::new();
        }
        self.think_or_claim()
    }

    /// xboard's `?`: the engine's search stops and its move is played.
    pub fn move_now(&self) -> Option<Action> {
        self.thinking().then_some(Action::MoveNow)
    }

    /// After the engine's move, or on `playother`: ponders on the expected
    /// reply if pondering is on and there is one.
    fn start_pondering(&mut self) -> Vec<Action> {
        if !self.ponder {
            return Vec::new();
        }
        let pos = *self.game.position();
        let Some((key, mv)) = self.expected else {
            return Vec::new();
        };
        if key != pos.key() || !pos.is_legal(mv) || !pos.play(mv).has_legal_moves() {
            return Vec::new();
        }
        self.start(Purpose::Ponder(mv))
    }

    /// The limits of a search for the engine's move now.
    pub fn move_limits(&self) -> Limits {
        let plies = self.game.plies();
        match &self.timing {
            Timing::Reported(clocks) => clocks.limits(plies),
            Timing::Running(clocks) => clocks.limits(self.side_to_move(), Instant::now()),
            Timing::Fixed(limits) => limits.clone(),
        }
    }

    /// The search for `purpose` (none may be running).
    fn start(&mut self, purpose: Purpose) -> Vec<Action> {
        let request = match purpose {
            Purpose::Think => SearchRequest::for_game(&self.game, self.move_limits()),
            Purpose::Ponder(mv) => {
                let mut limits = match &self.timing {
                    Timing::Reported(clocks) => clocks.limits(self.game.plies() + 1),
                    _ => self.move_limits(),
                };
                limits.ponder = true;
                let Some(request) = SearchRequest::after_reply(&self.game, mv, limits) else {
                    return Vec::new();
                };
                request
            }
            Purpose::Analyze => SearchRequest::for_game(
                &self.game,
                Limits {
                    infinite: true,
                    ..Limits::default()
                },
            ),
        };
        let request = match self.strength {
            Some(strength) => request.at_strength(strength),
            None => request,
        };
        self.next_id += 1;
        let id = self.next_id;
        self.search = Some(RunningSearch {
            id,
            purpose,
            started: Instant::now(),
        });
        vec![Action::Search {
            id,
            purpose,
            request: Box::new(request),
        }]
    }

    /// The front end could not start the search it was asked for.
    pub fn search_failed(&mut self, id: u64) {
        if self.search.is_some_and(|r| r.id == id) {
            self.search = None;
        }
    }

    /// A search has ended with `result`: the engine's move is played (and
    /// the result claimed, and pondering started) when it was thinking; a
    /// halted search's result is ignored.
    pub fn search_finished(&mut self, id: u64, result: SearchResult) -> Vec<Action> {
        if self.search.map_or(true, |r| r.id != id) {
            return Vec::new();
        }
        let Some(run) = self.search.take() else {
            return Vec::new();
        };
        if run.purpose != Purpose::Think {
            return Vec::new();
        }
        self.play_own_move(Some(result), run.started.elapsed())
    }

    /// Plays the engine's move, claims the result if the game ended, and
    /// ponders or thinks on as the mode says.
    fn play_own_move(&mut self, result: Option<SearchResult>, spent: Duration) -> Vec<Action> {
        let pos = *self.game.position();
        // A failed search still must not lose on time: any legal move will do.
        let mv = result
            .as_ref()
            .map(|r| r.best_move)
            .filter(|&mv| !mv.is_null() && pos.is_legal(mv))
            .or_else(|| pos.legal_moves().into_iter().next().copied());
        let Some(mv) = mv else {
            return self
                .game
                .forced_outcome()
                .map(Action::Claim)
                .into_iter()
                .collect();
        };
        if let Timing::Reported(clocks) = &mut self.timing {
            clocks.after_own_move(self.game.plies(), spent);
        }
        // A move found after the engine's own flag fell is not played.
        if self.check_flag(Instant::now()) {
            return Vec::new();
        }
        if let Some(score) = result.as_ref().map(|r| r.score) {
            if let Some(decided) = self.adjudicate(score) {
                self.decided = Some(Outcome::Adjudicated(decided));
                return Vec::new();
            }
        }
        self.play_on_board(mv, Instant::now());
        self.last_score = result.as_ref().map(|r| r.score);
        self.expected = result
            .as_ref()
            .and_then(|r| expected_reply(&pos, r))
            .map(|reply| (self.game.position().key(), reply));
        let mut actions = vec![Action::Play { mv, result }];
        if self.decided.is_some() {
            return actions;
        }
        if let Some(outcome) = self.game.outcome() {
            actions.push(Action::Claim(outcome));
            return actions;
        }
        if self.mode.plays(self.side_to_move()) {
            actions.extend(self.think_or_claim());
        } else {
            actions.extend(self.start_pondering());
        }
        actions
    }

    /// Counts the engine's `score` (its side's view) for adjudication, and
    /// gives the result when the rules end the game here.
    fn adjudicate(&mut self, score: Score) -> Option<GameResult> {
        let rules = self.adjudication?;
        let white_to_move = self.side_to_move() == Color::White;
        let ply = (self.game.plies() - self.start_plies) as u32;
        self.streaks.count(&rules, score, white_to_move, ply)
    }

    /// Whether the engine accepts a draw offered now: only while it plays,
    /// and as [`accepts_draw`] says of its last score.
    pub fn accepts_draw(&self) -> bool {
        matches!(self.mode, Mode::Play(_) | Mode::PlayBoth) && accepts_draw(self.last_score)
    }

    /// The hint for the side to move: the reply the engine expects or
    /// ponders on, or else a short search to run for one.
    pub fn hint(&self) -> Hint {
        let pos = self.game.position();
        match self.search.map(|r| r.purpose) {
            Some(Purpose::Ponder(mv)) => Hint::Move(mv),
            Some(_) => Hint::None,
            None => match self.expected {
                Some((key, mv)) if key == pos.key() && pos.is_legal(mv) => Hint::Move(mv),
                _ if pos.has_legal_moves() => {
                    Hint::Search(Box::new(SearchRequest::for_game(&self.game, hint_limits())))
                }
                _ => Hint::None,
            },
        }
    }
}
