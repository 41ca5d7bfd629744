//! What a running search tells its owner: its reports, a book or table
//! move, notes, and its one final result; and the progress they add up to.

use crate::book::BookChoice;
use crate::tables::TableChoice;
use outpost_board::Move;
use outpost_search::{Report, SearchResult};
use std::time::Instant;

/// What a running search tells its owner.
///
/// ```
/// use outpost_engine::{Engine, Game, SearchEvent, SearchRequest};
/// use outpost_notation::parse_fen;
/// use outpost_search::{Limits, Score};
/// use std::sync::mpsc;
///
/// // King and rook against king: the tables in memory know the mate, so
/// // the move comes from them without a search.
/// let game = Game::from_position(parse_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1").unwrap());
/// let mut engine = Engine::new(Default::default()).unwrap();
/// let (tx, rx) = mpsc::channel();
/// engine
///     .start(SearchRequest::for_game(&game, Limits::depth(4)), move |event| {
///         let _ = tx.send(event);
///     })
///     .unwrap();
/// let mut events = Vec::new();
/// for event in rx.iter() {
///     let last = matches!(event, SearchEvent::Finished(_));
///     events.push(event);
///     if last {
///         break;
///     }
/// }
/// assert_eq!(events.len(), 2);
/// let SearchEvent::TableMove(choice) = &events[0] else {
///     panic!("expected a table move, got {events:?}")
/// };
/// assert_eq!(choice.mv.to_string(), "a1a8");
/// assert_eq!(choice.score(), Score::Mate(1));
/// let SearchEvent::Finished(result) = &events[1] else {
///     panic!("the last event is the result")
/// };
/// assert_eq!(result.best_move, choice.mv);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchEvent {
    /// A report while it runs.
    Report(Report),
    /// The move comes from the opening book: no search runs, and the
    /// result (this move) follows at once.
    BookMove(BookChoice),
    /// The move comes from the endgame tables: no search runs, and the
    /// result (this move, with its mate score) follows at once.
    TableMove(TableChoice),
    /// Something the user should know, said once (a table file that is
    /// missing or damaged and was not used).
    Info(String),
    /// The end: exactly one per search, always the last event.
    Finished(SearchResult),
}

/// How far the running (or the last) search has come, from its reports:
/// what a GUI's status line and a hint during analysis show.
///
/// ```
/// use outpost_engine::{Engine, Game, SearchRequest};
/// use outpost_search::Limits;
///
/// let mut engine = Engine::new(Default::default()).unwrap();
/// let result = engine.search(SearchRequest::for_game(&Game::new(), Limits::depth(4)));
/// let progress = engine.progress();
/// assert_eq!(progress.best, Some(result.best_move));
/// assert_eq!(progress.depth, result.depth);
/// assert!(progress.nodes > 0 && progress.nodes <= result.nodes);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchProgress {
    /// When the search started.
    pub started: Instant,
    /// The depth of the last main line reported.
    pub depth: i32,
    /// The nodes searched at the last main line reported.
    pub nodes: u64,
    /// The first move of the last main line reported (or the book's or
    /// tables' move).
    pub best: Option<Move>,
    /// The root move being searched, with its number from 1.
    pub current: Option<(Move, usize)>,
}

impl SearchProgress {
    pub(crate) fn new() -> SearchProgress {
        SearchProgress {
            started: Instant::now(),
            depth: 0,
            nodes: 0,
            best: None,
            current: None,
        }
    }

    /// Takes in what `report` says.
    pub(crate) fn update(&mut self, report: &Report) {
        match report {
            Report::Pv(pv) if pv.multipv == 1 => {
                self.depth = pv.depth;
                self.nodes = pv.nodes;
                self.best = pv.pv.first().copied();
            }
            Report::Pv(_) => {}
            Report::CurrentMove { mv, number, .. } => self.current = Some((*mv, *number)),
        }
    }
}
