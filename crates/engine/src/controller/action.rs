//! The controller's vocabulary: which side the engine plays, why a search
//! runs, and the actions the front end carries out.

use crate::request::SearchRequest;
use outpost_board::{Color, Move};
use outpost_notation::Outcome;
use outpost_search::SearchResult;
use std::time::Instant;

/// Which side the engine plays.
///
/// ```
/// use outpost_board::Color;
/// use outpost_engine::Mode;
///
/// assert!(Mode::Play(Color::White).plays(Color::White));
/// assert!(!Mode::Play(Color::White).plays(Color::Black));
/// assert_eq!(Mode::Play(Color::Black).side(), Some(Color::Black));
/// assert!(Mode::PlayBoth.plays(Color::White) && Mode::PlayBoth.plays(Color::Black));
/// assert_eq!(Mode::PlayBoth.side(), None);
/// // Analysing, the engine searches every position but moves for no one.
/// assert!(!Mode::Analyze.plays(Color::White) && !Mode::Force.plays(Color::White));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Neither: moves are only recorded (xboard's `force`).
    Force,
    /// This colour.
    Play(Color),
    /// Both colours (self-play).
    PlayBoth,
    /// Neither, but the engine analyses every position reached.
    Analyze,
}

impl Mode {
    /// The one side the engine plays, if it plays exactly one.
    pub fn side(self) -> Option<Color> {
        match self {
            Mode::Play(color) => Some(color),
            _ => None,
        }
    }

    /// Whether the engine moves for `side` in this mode.
    pub fn plays(self, side: Color) -> bool {
        match self {
            Mode::Play(color) => color == side,
            Mode::PlayBoth => true,
            Mode::Force | Mode::Analyze => false,
        }
    }
}

/// Why a search runs.
///
/// With pondering on, the engine's move is followed by a search on the
/// opponent's time ([`Purpose::Ponder`]); when the opponent plays the
/// expected move, that search goes on as the search for the engine's
/// move ([`Purpose::Think`]).
///
/// ```
/// use outpost_engine::{Action, GameController, Purpose, Timing};
/// use outpost_notation::parse_uci_move;
/// use outpost_search::{Limits, SearchResult};
///
/// let mut controller = GameController::new(Timing::Fixed(Limits::depth(4)));
/// controller.set_ponder(true);
/// let start = *controller.game().position();
/// let actions = controller.user_move(parse_uci_move(&start, "e2e4").unwrap()).unwrap();
/// let (id, request) = actions.into_iter().find_map(Action::into_search).unwrap();
/// assert_eq!(controller.running().unwrap().purpose, Purpose::Think);
///
/// // The engine (Black) answers 1...e5 and expects 2. Nf3.
/// let e5 = parse_uci_move(&request.position, "e7e5").unwrap();
/// let nf3 = parse_uci_move(&request.position.play(e5), "g1f3").unwrap();
/// let result = SearchResult { best_move: e5, ponder_move: Some(nf3), ..SearchResult::default() };
/// let actions = controller.search_finished(id, result);
/// assert!(actions[0].is_play());
/// assert!(matches!(actions[1], Action::Search { purpose: Purpose::Ponder(mv), .. } if mv == nf3));
/// assert!(controller.pondering());
///
/// // 2. Nf3 is played: the pondering search becomes the real one.
/// assert_eq!(controller.user_move(nf3).unwrap(), vec![Action::PonderHit]);
/// assert!(controller.thinking());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// For the engine's move: its result is played.
    Think,
    /// On the opponent's time, assuming this reply.
    Ponder(Move),
    /// Until told otherwise, in analyze mode.
    Analyze,
}

/// A search the controller asked for, told apart from later ones by its id.
///
/// ```
/// use outpost_engine::{Action, GameController, Purpose, Timing};
/// use outpost_search::{Limits, SearchResult};
///
/// let mut controller = GameController::new(Timing::Fixed(Limits::depth(4)));
/// let (id, _request) = controller.go().into_iter().find_map(Action::into_search).unwrap();
/// let running = *controller.running().unwrap();
/// assert_eq!((running.id, running.purpose), (id, Purpose::Think));
///
/// // The result of another search (one halted earlier) is ignored.
/// assert!(controller.search_finished(id + 1, SearchResult::default()).is_empty());
/// assert!(controller.running().is_some());
///
/// // The front end could not start the search.
/// controller.search_failed(id);
/// assert!(controller.running().is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunningSearch {
    /// The id the front end gives back with the result.
    pub id: u64,
    /// Why it runs.
    pub purpose: Purpose,
    /// When it started (for a pondering search that became the real one,
    /// when the ponder move was played).
    pub started: Instant,
}

/// What the front end does next, in order.
///
/// ```
/// use outpost_board::Color;
/// use outpost_engine::{Action, GameController, Mode, Outcome, Timing};
///
/// let mut controller = GameController::new(Timing::default());
/// controller.set_mode(Mode::Force);
/// for san in ["f3", "e5", "g4", "Qh4#"] {
///     // In force mode the moves are only recorded: nothing to do.
///     assert!(controller.user_move_text(san, false).unwrap().is_empty());
/// }
/// // Told to move for White, which is mated, the engine claims the result
/// // instead of searching.
/// let actions = controller.go();
/// assert_eq!(actions, vec![Action::Claim(Outcome::Checkmate { winner: Color::Black })]);
/// assert!(!actions[0].is_play());
/// assert_eq!(actions[0].clone().into_search(), None);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Start this search (none is running), and hand its result back to
    /// [`GameController::search_finished`](crate::GameController::search_finished) with `id`.
    Search {
        /// The id to hand back.
        id: u64,
        /// Why it runs.
        purpose: Purpose,
        /// What to search.
        request: Box<SearchRequest>,
    },
    /// Stop the running search and wait for it: its result is not played.
    Halt,
    /// Stop the running search: its result is played as usual.
    MoveNow,
    /// The pondering search's expected move was played: it goes on as the
    /// search for the engine's move.
    PonderHit,
    /// The engine plays this move (already made on the controller's game).
    Play {
        /// The move.
        mv: Move,
        /// The search it came from (`None`: no usable result, a legal move
        /// was played so as not to lose on time).
        result: Option<SearchResult>,
    },
    /// The game is over by the rules: claim it.
    Claim(Outcome),
}

/// Where a hint comes from.
///
/// ```
/// use outpost_engine::{hint_limits, Action, GameController, Hint, Timing};
/// use outpost_notation::parse_uci_move;
/// use outpost_search::{Limits, SearchResult};
///
/// let mut controller = GameController::new(Timing::Fixed(Limits::depth(4)));
/// // Nothing is expected yet: a short search finds a hint.
/// match controller.hint() {
///     Hint::Search(request) => assert_eq!(request.limits, hint_limits()),
///     other => panic!("expected a search, got {other:?}"),
/// }
///
/// // The engine (Black) answers 1. e4 with 1...e5 and expects 2. Nf3:
/// // that is the hint for White.
/// let start = *controller.game().position();
/// let actions = controller.user_move(parse_uci_move(&start, "e2e4").unwrap()).unwrap();
/// let (id, request) = actions.into_iter().find_map(Action::into_search).unwrap();
/// // While the engine thinks about its own move there is no hint.
/// assert_eq!(controller.hint(), Hint::None);
/// let e5 = parse_uci_move(&request.position, "e7e5").unwrap();
/// let nf3 = parse_uci_move(&request.position.play(e5), "g1f3").unwrap();
/// let result = SearchResult { best_move: e5, ponder_move: Some(nf3), ..SearchResult::default() };
/// controller.search_finished(id, result);
/// assert_eq!(controller.hint(), Hint::Move(nf3));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// The move the engine expects or ponders on.
    Move(Move),
    /// None is known: run this short search for one.
    Search(Box<SearchRequest>),
    /// No hint: the engine is thinking, or there is no move.
    None,
}

impl Action {
    /// The search this action asks for, with its id: what a front end that
    /// runs searches one at a time looks for among the actions.
    pub fn into_search(self) -> Option<(u64, SearchRequest)> {
        match self {
            Action::Search { id, request, .. } => Some((id, *request)),
            _ => None,
        }
    }

    /// Whether this is the engine's move being played.
    pub fn is_play(&self) -> bool {
        matches!(self, Action::Play { .. })
    }
}
