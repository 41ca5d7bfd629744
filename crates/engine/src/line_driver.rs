//! The engine playing a game for a front end that reads lines (xboard, or
//! a bridge to a game server): a [`GameController`] and an [`Engine`]
//! driven together. Input lines and the ends of searches arrive in one
//! inbox and are handled one at a time on the front end's thread, so the
//! game only ever changes there; the front end sees only what its
//! [`FrontEnd`] is told.

use crate::book::BookChoice;
use crate::controller::{Action, GameController, Hint, Purpose};
use crate::engine::Engine;
use crate::event::SearchEvent;
use crate::options::OptionSetting;
use crate::request::SearchRequest;
use crate::EngineError;
use outpost_board::Move;
use outpost_notation::Outcome;
use outpost_search::SearchResult;
use std::io::{self, BufRead};
use std::sync::mpsc::{self, Receiver, Sender};

/// What a front end shows of the engine's play, in its own protocol.
///
/// A [`LineDriver`] calls it as the engine plays. This one writes what an
/// xboard front end would say when the engine mates:
///
/// ```
/// use outpost_board::Move;
/// use outpost_engine::{
///     EngineError, GameController, Outcome, LineDriver, Purpose, SearchEvent, FrontEnd, Timing,
/// };
/// use outpost_notation::parse_fen;
/// use outpost_search::Limits;
/// use std::sync::mpsc::{self, Receiver, Sender};
///
/// /// The lines said, and the notes from searches sent over a channel.
/// struct Console {
///     said: Vec<String>,
///     notes: (Sender<String>, Receiver<String>),
/// }
///
/// impl FrontEnd for Console {
///     fn thinking(&mut self, _purpose: Purpose) -> Box<dyn FnMut(SearchEvent) + Send> {
///         let notes = self.notes.0.clone();
///         Box::new(move |event| {
///             if let SearchEvent::TableMove(choice) = event {
///                 let _ = notes.send(format!("# from the tables: {}", choice.mv));
///             }
///         })
///     }
///     fn play(&mut self, mv: Move, claim_follows: bool) {
///         let claim = if claim_follows { " (a claim follows)" } else { "" };
///         self.said.push(format!("move {mv}{claim}"));
///     }
///     fn claim(&mut self, outcome: &Outcome) {
///         self.said.push(format!("{} {{{}}}", outcome.result(), outcome.description()));
///     }
///     fn halted(&mut self) {}
///     fn failed(&mut self, error: &EngineError) {
///         self.said.push(format!("Error: {error}"));
///     }
/// }
///
/// let mut console = Console { said: Vec::new(), notes: mpsc::channel() };
/// let engine = outpost_engine::Engine::new(Default::default()).unwrap();
/// let mut driver = LineDriver::new(GameController::new(Timing::Fixed(Limits::depth(4))), engine);
/// // No input: the driver plays on until the engine's search has ended.
/// driver.listen(&b""[..], &mut console).unwrap();
/// let mate_in_one = parse_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1").unwrap();
/// driver.controller_mut().set_position(mate_in_one);
/// let actions = driver.controller_mut().go();
/// driver.act(actions, &mut console);
/// assert!(driver.next_line(&mut console).is_none());
/// assert_eq!(console.said, ["move a1a8 (a claim follows)", "1-0 {White mates}"]);
/// assert_eq!(console.notes.1.try_recv().unwrap(), "# from the tables: a1a8");
/// ```
pub trait FrontEnd {
    /// Where the events of a search for `purpose` go: its reports, a book
    /// or table move, notes for the user. (Its end goes to the driver,
    /// which plays the move.) Called on the front end's thread; the events
    /// come from the search's.
    fn thinking(&mut self, purpose: Purpose) -> Box<dyn FnMut(SearchEvent) + Send>;
    /// The engine plays `mv`; `claim_follows` when a claim of the result
    /// is the next thing said.
    fn play(&mut self, mv: Move, claim_follows: bool);
    /// The engine claims this result.
    fn claim(&mut self, outcome: &Outcome);
    /// A search was stopped and its move will not be played.
    fn halted(&mut self);
    /// A search could not start (the game goes on without it).
    fn failed(&mut self, error: &EngineError);
}

/// What arrives in the driver's inbox.
enum Inbox {
    /// An input line.
    Line(String),
    /// The end of the input, or a read error.
    Closed(Option<io::Error>),
    /// The search with this id ended with this result.
    Done(u64, SearchResult),
}

/// A game controller and the engine that searches for it, with the inbox
/// that joins the input and the searches.
///
/// ```
/// use outpost_engine::{
///     Engine, EngineError, GameController, Mode, Outcome, LineDriver, Purpose, SearchEvent, FrontEnd,
///     Timing,
/// };
/// use outpost_board::Move;
/// use outpost_search::Limits;
///
/// /// Collects the moves played.
/// struct Moves(Vec<Move>);
/// impl FrontEnd for Moves {
///     fn thinking(&mut self, _: Purpose) -> Box<dyn FnMut(SearchEvent) + Send> {
///         Box::new(|_| {})
///     }
///     fn play(&mut self, mv: Move, _: bool) {
///         self.0.push(mv);
///     }
///     fn claim(&mut self, _: &Outcome) {}
///     fn halted(&mut self) {}
///     fn failed(&mut self, _: &EngineError) {}
/// }
///
/// let engine = Engine::new(Default::default()).unwrap();
/// let mut driver = LineDriver::new(GameController::new(Timing::Fixed(Limits::depth(4))), engine);
/// let mut moves = Moves(Vec::new());
/// driver.listen(&b"e4\n"[..], &mut moves).unwrap();
/// let line = driver.next_line(&mut moves).unwrap().unwrap();
/// let actions = driver.controller_mut().user_move_text(&line, false).unwrap();
/// driver.act(actions, &mut moves); // Black (the engine by default) thinks
/// assert_eq!(driver.next_line(&mut moves).map(|l| l.is_ok()), None);
/// assert_eq!(moves.0.len(), 1);
/// assert_eq!(driver.controller().game().plies(), 2);
/// ```
pub struct LineDriver {
    controller: GameController,
    engine: Engine,
    sender: Sender<Inbox>,
    inbox: Receiver<Inbox>,
    input_closed: bool,
}

impl std::fmt::Debug for LineDriver {
    /// The controller and the engine.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineDriver")
            .field("controller", &self.controller)
            .field("engine", &self.engine)
            .finish_non_exhaustive()
    }
}

impl LineDriver {
    /// `engine` playing the game of `controller`.
    pub fn new(controller: GameController, engine: Engine) -> LineDriver {
        let (sender, inbox) = mpsc::channel();
        LineDriver {
            controller,
            engine,
            sender,
            inbox,
            input_closed: false,
        }
    }

    /// The game controller.
    pub fn controller(&self) -> &GameController {
        &self.controller
    }

    /// The game controller, to call; hand the actions it returns to [`LineDriver::act`].
    pub fn controller_mut(&mut self) -> &mut GameController {
        &mut self.controller
    }

    /// The engine.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The engine, to change while no search runs (a new game, a book listing).
    pub fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Reads `input`'s lines into the inbox on a thread of its own, and
    /// takes the engine's `Ponder` setting.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn listen<R: BufRead + Send + 'static>(
        &mut self,
        input: R,
        table: &mut impl FrontEnd,
    ) -> io::Result<()> {
        let sender = self.sender.clone();
        std::thread::Builder::new()
            .name("input".into())
            .spawn(move || read_lines(input, &sender))?;
        self.input_closed = false;
        let actions = self.controller.set_ponder(self.engine.settings().ponder);
        self.act(actions, table);
        Ok(())
    }

    /// The next input line, playing on meanwhile as searches end. At the
    /// end of the input pondering stops, a search for the engine's move
    /// is waited for and its move played; then `None`. A read error is
    /// handed over once, like a line.
    pub fn next_line(&mut self, table: &mut impl FrontEnd) -> Option<io::Result<String>> {
        loop {
            if self.input_closed && !self.controller.thinking() {
                return None;
            }
            match self.inbox.recv().ok()? {
                Inbox::Line(line) => return Some(Ok(line)),
                Inbox::Done(id, result) => {
                    let actions = self.controller.search_finished(id, result);
                    self.act(actions, table);
                }
                Inbox::Closed(error) => {
                    // No more pondering: nobody will answer.
                    self.input_closed = true;
                    let actions = self.controller.set_ponder(false);
                    self.act(actions, table);
                    if let Some(error) = error {
                        return Some(Err(error));
                    }
                }
            }
        }
    }

    /// Carries out the controller's actions in order: searches start and
    /// stop here, moves and claims go to `table`.
    pub fn act(&mut self, actions: Vec<Action>, table: &mut impl FrontEnd) {
        let mut actions = actions.into_iter().peekable();
        while let Some(action) = actions.next() {
            match action {
                Action::Search {
                    id,
                    purpose,
                    request,
                } => self.start(id, purpose, *request, table),
                Action::Halt => {
                    // Its result arrives in the inbox later and is ignored.
                    self.engine.stop_and_wait();
                    table.halted();
                }
                Action::MoveNow => self.engine.stop(),
                Action::PonderHit => self.engine.ponderhit(),
                Action::Play { mv, .. } => {
                    table.play(mv, matches!(actions.peek(), Some(Action::Claim(_))));
                }
                Action::Claim(outcome) => table.claim(&outcome),
            }
        }
    }

    /// A new game: the search stopped, the engine's memory of earlier
    /// games cleared, the controller's game new (see
    /// [`GameController::new_game`]).
    pub fn new_game(&mut self, table: &mut impl FrontEnd) -> Vec<Action> {
        self.halt(table);
        // Idle after `halt`, so it is not refused.
        let _ = self.engine.new_game();
        self.controller.new_game()
    }

    /// The opening book's moves in the game's position, with their weights.
    pub fn book_moves(&self) -> Vec<BookChoice> {
        self.engine.book_moves(self.controller.game().position())
    }

    /// Stops any search without playing its move.
    pub fn halt(&mut self, table: &mut impl FrontEnd) {
        let actions = self.controller.halt().into_iter().collect();
        self.act(actions, table);
        table.halted();
    }

    /// Applies an option; `Ponder` also starts or stops pondering.
    ///
    /// # Errors
    /// As [`Engine::set_option`].
    pub fn set_option(
        &mut self,
        setting: &OptionSetting,
        table: &mut impl FrontEnd,
    ) -> Result<(), EngineError> {
        self.engine.set_option(setting)?;
        if let (Some(on), "Ponder") = (setting.check(), setting.name()) {
            let actions = self.controller.set_ponder(on && !self.input_closed);
            self.act(actions, table);
        }
        Ok(())
    }

    /// The move to suggest to the engine's opponent (xboard's `hint`): the
    /// running analysis's best move, the move the engine ponders on or
    /// expects, or else a short search's move; `None` while the engine
    /// thinks about its own move or when there is no legal move.
    pub fn hint(&mut self) -> Option<Move> {
        let analyzing = self
            .controller
            .running()
            .is_some_and(|r| r.purpose == Purpose::Analyze);
        let mv = if analyzing {
            self.engine.progress().best
        } else {
            match self.controller.hint() {
                Hint::Move(mv) => Some(mv),
                Hint::Search(request) => Some(self.engine.search(*request).best_move),
                Hint::None => None,
            }
        };
        let pos = self.controller.game().position();
        mv.filter(|&mv| !mv.is_null() && pos.is_legal(mv))
    }

    fn start(
        &mut self,
        id: u64,
        purpose: Purpose,
        request: SearchRequest,
        table: &mut impl FrontEnd,
    ) {
        let mut show = table.thinking(purpose);
        let sender = self.sender.clone();
        let started = self.engine.start(request, move |event| match event {
            SearchEvent::Finished(result) => {
                let _ = sender.send(Inbox::Done(id, result));
            }
            event => show(event),
        });
        if let Err(error) = started {
            self.controller.search_failed(id);
            table.failed(&error);
        }
    }
}

/// The input thread: every line to the inbox, then the end.
fn read_lines(mut input: impl BufRead, inbox: &Sender<Inbox>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let event = match input.read_until(b'\n', &mut buf) {
            Ok(0) => Inbox::Closed(None),
            Ok(_) => Inbox::Line(String::from_utf8_lossy(&buf).into_owned()),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => Inbox::Closed(Some(error)),
        };
        let closed = matches!(event, Inbox::Closed(_));
        if inbox.send(event).is_err() || closed {
            return;
        }
    }
}
