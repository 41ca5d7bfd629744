//! The search handle: one persistent thread that owns the search engine,
//! starts a search on request, and delivers its reports and exactly one
//! final result.

use crate::book::{book_applies, BookChoice, OpeningBook};
use crate::evaluation::EngineEval;
use crate::options::{OptionSetting, Settings};
use crate::strength::{rng_for, Strength, Weakness};
use crate::tables::{tables_apply, GeneratedTables, SyzygyTables, TableChoice};
use crate::EngineError;
use outpost_board::{Move, Position};
use outpost_notation::Game;
use outpost_search::{
    final_line, EndgameTables, Engine, Limits, PvLine, Report, SearchControl, SearchResult,
};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What to search: a position, the keys of the positions before it (for
/// repetitions), and the limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchRequest {
    /// The position to search.
    pub position: Position,
    /// Keys of the game's earlier positions, oldest first.
    pub history: Vec<u64>,
    /// When to stop.
    pub limits: Limits,
    /// Whether the opening book may answer instead of a search (when the
    /// book is on and [`crate::book_applies`] allows it).
    pub use_book: bool,
}

impl SearchRequest {
    /// A search of the game's current position, its repetitions known.
    pub fn for_game(game: &Game, limits: Limits) -> SearchRequest {
        SearchRequest {
            position: *game.position(),
            history: game.history_keys().to_vec(),
            limits,
            use_book: true,
        }
    }

    /// A search of `game` after the opponent's expected `reply` (to ponder
    /// on), or `None` when `reply` is not legal there.
    pub fn after_reply(game: &Game, reply: Move, limits: Limits) -> Option<SearchRequest> {
        let pos = game.position();
        if reply.is_null() || !pos.is_legal(reply) {
            return None;
        }
        let mut history = game.history_keys().to_vec();
        history.push(pos.key());
        Some(SearchRequest {
            position: pos.play(reply),
            history,
            limits,
            use_book: true,
        })
    }
}

/// What a running search tells its owner.
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

type EventSink = Box<dyn FnMut(SearchEvent) + Send>;

enum Command {
    Search {
        request: SearchRequest,
        control: SearchControl,
        tables: Arc<GeneratedTables>,
        syzygy: Option<Arc<SyzygyTables>>,
        strength: Strength,
        /// The evaluation the options chose (see [`evaluation_for`]).
        eval: EngineEval,
        sink: EventSink,
    },
}

/// The evaluation a search plays with: the one the options chose at full
/// strength; the handcrafted one at a limited strength, whatever
/// `UseNNUE` says, because the levels were calibrated with it
/// (`docs/strength.md`) and a stronger evaluation would move them all.
fn evaluation_for(strength: &Strength, chosen: EngineEval) -> EngineEval {
    if strength.weakness().is_some() {
        EngineEval::handcrafted()
    } else {
        chosen
    }
}

/// Where the handle and the thread meet.
#[derive(Default)]
struct State {
    /// A search was accepted and has not yet computed its result.
    running: bool,
    /// Searches accepted whose final event has not yet been delivered.
    undelivered: usize,
    /// The result of the last finished search.
    last: Option<SearchResult>,
}

struct Inner {
    engine: Mutex<Engine<EngineEval>>,
    state: Mutex<State>,
    changed: Condvar,
}

impl Inner {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A search engine on a persistent thread of its own: start a search, stop
/// it, tell it the ponder move was played, wait for it. The engine (its
/// transposition table, its search threads and their histories) lives as
/// long as the handle.
///
/// An infinite or pondering search never ends on its own: if it runs out of
/// work it holds its result back until [`Searcher::stop`] (or, pondering,
/// [`Searcher::ponderhit`]). Every search ends with exactly one
/// [`SearchEvent::Finished`].
///
/// ```
/// use outpost_engine::{Searcher, SearchEvent, SearchRequest};
/// use outpost_notation::Game;
/// use outpost_search::Limits;
/// use std::sync::mpsc;
///
/// let mut searcher = Searcher::new(Default::default()).unwrap();
/// let mut game = Game::new();
/// game.play_uci("e2e4").unwrap();
///
/// // Blocking:
/// let result = searcher.search(SearchRequest::for_game(&game, Limits::depth(6)));
/// assert!(game.position().is_legal(result.best_move));
///
/// // In the background, with reports:
/// let (tx, rx) = mpsc::channel();
/// searcher
///     .start(SearchRequest::for_game(&game, Limits::depth(6)), move |event| {
///         let _ = tx.send(event);
///     })
///     .unwrap();
/// let last = rx.iter().find(|e| matches!(e, SearchEvent::Finished(_)));
/// assert!(last.is_some());
/// ```
pub struct Searcher {
    settings: Settings,
    /// The evaluator the engine's threads start from.
    eval: EngineEval,
    book: Option<OpeningBook>,
    tables: Arc<GeneratedTables>,
    /// The user's Syzygy tables, when `SyzygyPath` names any.
    syzygy: Option<Arc<SyzygyTables>>,
    inner: Arc<Inner>,
    commands: Option<Sender<Command>>,
    control: SearchControl,
    thread: Option<JoinHandle<()>>,
}

/// Stack of the thread that owns the engine (the search itself runs on the
/// engine's pool threads).
const OWNER_STACK: usize = 4 * 1024 * 1024;

impl Searcher {
    /// A searcher with these settings; its thread starts now.
    pub fn new(settings: Settings) -> Result<Searcher, EngineError> {
        let tables = Arc::new(GeneratedTables::three_men());
        let eval = EngineEval::for_settings(settings.use_nnue, &settings.eval_file)?;
        let mut engine = Engine::with_evaluator(settings.search.clone(), eval.clone());
        engine.set_tables(Some(Arc::clone(&tables) as Arc<dyn EndgameTables>));
        let inner = Arc::new(Inner {
            engine: Mutex::new(engine),
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
        });
        let (commands, inbox) = mpsc::channel();
        let thread_inner = Arc::clone(&inner);
        let thread = std::thread::Builder::new()
            .name("engine".into())
            .stack_size(OWNER_STACK)
            .spawn(move || run(&thread_inner, &inbox))
            .map_err(|e| EngineError::Thread {
                reason: e.to_string(),
            })?;
        Ok(Searcher {
            settings,
            eval,
            book: None,
            tables,
            syzygy: None,
            inner,
            commands: Some(commands),
            control: SearchControl::new(),
            thread: Some(thread),
        })
    }

    /// Starts a search in the background; `on_event` receives its reports
    /// and then, once, its result. Refused while another search runs.
    pub fn start(
        &mut self,
        request: SearchRequest,
        mut on_event: impl FnMut(SearchEvent) + Send + 'static,
    ) -> Result<(), EngineError> {
        if let Some(choice) = self.book_choice(&request) {
            let result = SearchResult {
                best_move: choice.mv,
                pv: vec![choice.mv],
                ..SearchResult::default()
            };
            if self.is_searching() {
                return Err(EngineError::Busy {
                    what: "a new search".to_string(),
                });
            }
            self.inner.state().last = Some(result.clone());
            on_event(SearchEvent::BookMove(choice));
            on_event(SearchEvent::Finished(result));
            return Ok(());
        }
        // At a limited strength the tables' perfect moves would give the
        // level away: the weakened search plays those endings too.
        let full_strength = self.settings.strength.weakness().is_none();
        if let Some(choice) = self
            .tables
            .choose(&request.position)
            .filter(|c| full_strength && tables_apply(&request, c))
        {
            if self.is_searching() {
                return Err(EngineError::Busy {
                    what: "a new search".to_string(),
                });
            }
            let result = SearchResult {
                best_move: choice.mv,
                score: choice.score(),
                pv: vec![choice.mv],
                lines: vec![PvLine {
                    score: choice.score(),
                    pv: vec![choice.mv],
                }],
                tb_hits: 1,
                ..SearchResult::default()
            };
            self.inner.state().last = Some(result.clone());
            on_event(SearchEvent::TableMove(choice));
            on_event(SearchEvent::Finished(result));
            return Ok(());
        }
        {
            let mut state = self.inner.state();
            if state.running {
                return Err(EngineError::Busy {
                    what: "a new search".to_string(),
                });
            }
            state.running = true;
            state.undelivered += 1;
        }
        let mut request = request;
        if full_strength {
            self.restrict_to_syzygy_moves(&mut request);
        }
        self.control = SearchControl::new();
        let command = Command::Search {
            request,
            control: self.control.clone(),
            tables: Arc::clone(&self.tables),
            syzygy: self.syzygy.clone(),
            strength: self.settings.strength,
            eval: self.eval.clone(),
            sink: Box::new(on_event),
        };
        let sent = self
            .commands
            .as_ref()
            .is_some_and(|c| c.send(command).is_ok());
        if !sent {
            let mut state = self.inner.state();
            state.running = false;
            state.undelivered -= 1;
            return Err(EngineError::Thread {
                reason: "the engine thread has stopped".to_string(),
            });
        }
        Ok(())
    }

    /// When the Syzygy tables cover the root of a search for a move to play
    /// (not infinite analysis, not restricted by the caller), limits it to
    /// the moves the tables rank best, so a won ending is converted within
    /// the fifty-move rule and a drawn one is not lost.
    fn restrict_to_syzygy_moves(&self, request: &mut SearchRequest) {
        let Some(syzygy) = &self.syzygy else {
            return;
        };
        if request.limits.infinite || !request.limits.search_moves.is_empty() {
            return;
        }
        if let Some(best) = syzygy.best_root_moves(&request.position, &request.history) {
            request.limits.search_moves = best.iter().map(|m| m.mv).collect();
        }
    }

    /// Searches and waits for the result.
    pub fn search(&mut self, request: SearchRequest) -> SearchResult {
        let position = request.position;
        self.wait();
        let (tx, rx) = mpsc::channel();
        let started = self.start(request, move |event| {
            if let SearchEvent::Finished(result) = event {
                let _ = tx.send(result);
            }
        });
        let result = started.ok().and_then(|()| rx.recv().ok());
        self.wait();
        result.unwrap_or_else(|| fallback_result(&position))
    }

    /// Asks the running search to stop and report its best move.
    pub fn stop(&self) {
        self.control.stop();
    }

    /// Tells a pondering search that the expected move was played.
    pub fn ponderhit(&self) {
        self.control.ponderhit();
    }

    /// Whether a search has been started and has not yet computed its result.
    pub fn is_searching(&self) -> bool {
        self.inner.state().running
    }

    /// Waits until every search started has delivered its final event, and
    /// returns the last result. Waits for ever on an infinite search that
    /// nobody stops.
    pub fn wait(&self) -> Option<SearchResult> {
        let mut state = self.inner.state();
        while state.undelivered > 0 {
            state = self
                .inner
                .changed
                .wait(state)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        state.last.clone()
    }

    /// Stops the running search, if any, and waits for it.
    pub fn stop_and_wait(&self) -> Option<SearchResult> {
        self.stop();
        self.wait()
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The loaded book's moves for `pos` (empty without a book).
    pub fn book_moves(&self, pos: &Position) -> Vec<BookChoice> {
        self.book.as_ref().map_or_else(Vec::new, |b| b.moves(pos))
    }

    /// The book move for `request`, when the book is on and has one.
    fn book_choice(&mut self, request: &SearchRequest) -> Option<BookChoice> {
        if !book_applies(&self.settings, request) {
            return None;
        }
        let best = self.settings.book_best_move;
        self.book.as_mut()?.choose(&request.position, best)
    }

    /// Applies an option setting; refused while a search runs (but the
    /// settings no running search reads, `Ponder`, the book's and the
    /// strength options, which take effect from the next search, are
    /// always taken). A book that cannot be read is an error, and the
    /// engine goes on without a book.
    pub fn set_option(&mut self, setting: &OptionSetting) -> Result<(), EngineError> {
        match setting {
            OptionSetting::TablebaseDir(dir) => {
                let tables = if dir.is_empty() {
                    GeneratedTables::three_men()
                } else {
                    GeneratedTables::open(dir)?
                };
                // Syzygy's probes, when set, stay the search's.
                self.install_tables(Arc::new(tables), self.syzygy.clone())?;
                self.settings.apply(setting);
                return Ok(());
            }
            OptionSetting::SyzygyPath(path) => {
                let (syzygy, problems) = SyzygyTables::open(path, self.settings.syzygy);
                let usable = syzygy.tables().files().0;
                let syzygy = (syzygy.tables().largest() > 0).then(|| Arc::new(syzygy));
                self.install_tables(Arc::clone(&self.tables), syzygy)?;
                self.settings.apply(setting);
                if !problems.is_empty() {
                    return Err(EngineError::Syzygy {
                        problems: problems.join("; "),
                        usable,
                    });
                }
                return Ok(());
            }
            OptionSetting::SyzygyProbeDepth(_)
            | OptionSetting::Syzygy50MoveRule(_)
            | OptionSetting::SyzygyProbeLimit(_) => {
                let mut wanted = self.settings.clone();
                wanted.apply(setting);
                let syzygy = self
                    .syzygy
                    .as_ref()
                    .map(|s| Arc::new(s.with_settings(wanted.syzygy)));
                self.install_tables(Arc::clone(&self.tables), syzygy)?;
                self.settings = wanted;
                return Ok(());
            }
            OptionSetting::Tunable { name, value } => {
                // The constants are read by every search thread: change
                // them only while none runs.
                self.with_engine("setoption", |_| {
                    outpost_search::params::set(name, *value);
                })?;
                return Ok(());
            }
            OptionSetting::ShowWdl(_) => {
                self.settings.apply(setting);
                return Ok(());
            }
            OptionSetting::UseNnue(_) | OptionSetting::EvalFile(_) => {
                let mut wanted = self.settings.clone();
                wanted.apply(setting);
                let eval = EngineEval::for_settings(wanted.use_nnue, &wanted.eval_file)?;
                let shared = eval.clone();
                self.with_engine("setoption", |engine| engine.set_evaluator(shared))?;
                self.eval = eval;
                self.settings = wanted;
                return Ok(());
            }
            OptionSetting::BookFile(path) => {
                self.book = None;
                self.settings.apply(setting);
                if !path.is_empty() {
                    self.book = Some(OpeningBook::open(path, book_seed())?);
                }
                return Ok(());
            }
            OptionSetting::Hash(mib) => {
                self.with_engine("setoption", |engine| engine.set_hash(*mib))?
                    .map_err(|e| EngineError::Hash {
                        mib: e.mib,
                        kept: self.settings.search.hash_mib,
                    })?;
                self.settings.apply(setting);
                return Ok(());
            }
            OptionSetting::Ponder(_)
            | OptionSetting::OwnBook(_)
            | OptionSetting::BookBestMove(_)
            | OptionSetting::BookDepth(_)
            | OptionSetting::LimitStrength(_)
            | OptionSetting::Elo(_)
            | OptionSetting::SkillLevel(_)
            | OptionSetting::Chess960(_) => {
                self.settings.apply(setting);
                return Ok(());
            }
            _ => {}
        }
        self.with_engine("setoption", |engine| match *setting {
            OptionSetting::Threads(n) => engine.set_threads(n),
            OptionSetting::MultiPv(n) => engine.set_multipv(n),
            OptionSetting::ClearHash => engine.clear_hash(),
            OptionSetting::MoveOverhead(d) => engine.set_move_overhead(d),
            OptionSetting::Contempt(cp) => engine.set_contempt(cp),
            OptionSetting::Driver(driver) => engine.set_driver(driver),
            _ => {}
        })?;
        self.settings.apply(setting);
        Ok(())
    }

    /// Takes `tables` and `syzygy` as the engine's, the search probing
    /// Syzygy when there is a set and the generated tables otherwise.
    fn install_tables(
        &mut self,
        tables: Arc<GeneratedTables>,
        syzygy: Option<Arc<SyzygyTables>>,
    ) -> Result<(), EngineError> {
        let probed = match &syzygy {
            Some(s) => Arc::clone(s) as Arc<dyn EndgameTables>,
            None => Arc::clone(&tables) as Arc<dyn EndgameTables>,
        };
        self.with_engine("setoption", |engine| engine.set_tables(Some(probed)))?;
        self.tables = tables;
        self.syzygy = syzygy;
        Ok(())
    }

    /// The Syzygy tables in use, if any.
    pub fn syzygy(&self) -> Option<&SyzygyTables> {
        self.syzygy.as_deref()
    }

    /// The evaluator the search uses (per `UseNNUE` and `EvalFile`), to
    /// evaluate a position or run `bench` with.
    pub fn evaluator(&self) -> &EngineEval {
        &self.eval
    }

    /// Forgets what earlier games taught the engine (its table and histories).
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.with_engine("a new game", Engine::<EngineEval>::new_game)
    }

    /// Changes the engine (options, a new game) while no search runs.
    pub fn with_engine<T>(
        &mut self,
        what: &str,
        change: impl FnOnce(&mut Engine<EngineEval>) -> T,
    ) -> Result<T, EngineError> {
        let busy = || EngineError::Busy {
            what: what.to_string(),
        };
        if self.is_searching() {
            return Err(busy());
        }
        let mut engine = self.inner.engine.try_lock().map_err(|_| busy())?;
        Ok(change(&mut engine))
    }
}

impl Drop for Searcher {
    fn drop(&mut self) {
        self.control.stop();
        // Closing the queue ends the thread once the last search is delivered.
        self.commands = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A seed for the book's weighted choices: different in every process, so
/// games from the same start do not all follow one line.
fn book_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        ^ u64::from(std::process::id()).rotate_left(32)
}

/// The result when the search could not run: the first legal move, so a
/// front end still has something to play.
fn fallback_result(pos: &Position) -> SearchResult {
    let best_move = pos.legal_moves().first().copied().unwrap_or(Move::NULL);
    SearchResult {
        best_move,
        pv: if best_move.is_null() {
            Vec::new()
        } else {
            vec![best_move]
        },
        ..SearchResult::default()
    }
}

/// A search at a limited strength: capped limits, the level's candidate
/// moves as MultiPV lines (only the lines asked for are reported), one of
/// them chosen as the level's [`Weakness::choose`] says, and at least the
/// level's thinking time spent unless stopped.
fn weakened_search(
    engine: &mut Engine<EngineEval>,
    request: &SearchRequest,
    control: &SearchControl,
    sink: &mut EventSink,
    weakness: &Weakness,
    searches: u64,
) -> SearchResult {
    let started = Instant::now();
    let shown = engine.options().multipv;
    engine.set_multipv(shown.max(weakness.candidates));
    let limits = weakness.limits(&request.limits);
    let mut last_line = None;
    let mut report = |r: Report| {
        if let Report::Pv(pv) = &r {
            if pv.multipv > shown {
                return;
            }
            if pv.multipv == 1 {
                last_line = Some(pv.clone());
            }
        }
        sink(SearchEvent::Report(r));
    };
    let mut result = engine.search(
        &request.position,
        &request.history,
        &limits,
        control,
        &mut report,
    );
    engine.set_multipv(shown);
    let mut rng = rng_for(request.position.key(), searches);
    let chosen = weakness.choose(&result.lines, &mut rng);
    if let Some(line) = result.lines.get(chosen).filter(|_| chosen > 0) {
        if let Some(&mv) = line.pv.first() {
            result.best_move = mv;
            result.score = line.score;
            result.pv = line.pv.clone();
            result.ponder_move = result.pv.get(1).copied();
        }
    }
    result.lines.truncate(shown);
    // The level's move may not be the search's best: its line is what the
    // GUI sees last, so the move played is the first move of the last PV.
    let reported_first = last_line.as_ref().and_then(|l| l.pv.first().copied());
    if !result.best_move.is_null() && reported_first != Some(result.best_move) {
        let line = final_line(&result, last_line.as_ref(), engine.hashfull());
        sink(SearchEvent::Report(Report::Pv(line)));
    }
    let think = weakness.think_time(&request.limits);
    while !control.is_stopped() {
        let left = think.saturating_sub(started.elapsed());
        if left.is_zero() {
            break;
        }
        std::thread::sleep(left.min(Duration::from_millis(5)));
    }
    result.time = started.elapsed();
    result
}

/// The owner thread: one search at a time until the handle is dropped.
fn run(inner: &Inner, inbox: &Receiver<Command>) {
    let mut searches: u64 = 0;
    while let Ok(Command::Search {
        request,
        control,
        tables,
        syzygy,
        strength,
        eval,
        mut sink,
    }) = inbox.recv()
    {
        searches += 1;
        let searched = catch_unwind(AssertUnwindSafe(|| {
            let mut engine = inner
                .engine
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // Setting `UseNNUE` or `EvalFile` hands the engine the chosen
            // evaluation at once, so only the kind can differ here: switch
            // (rebuilding the threads) only when the strength asks for the
            // other kind.
            let eval = evaluation_for(&strength, eval);
            if engine.evaluator().is_neural() != eval.is_neural() {
                engine.set_evaluator(eval);
            }
            match strength.weakness() {
                None => {
                    let mut report = |r: Report| sink(SearchEvent::Report(r));
                    engine.search(
                        &request.position,
                        &request.history,
                        &request.limits,
                        &control,
                        &mut report,
                    )
                }
                Some(weakness) => weakened_search(
                    &mut engine,
                    &request,
                    &control,
                    &mut sink,
                    &weakness,
                    searches,
                ),
            }
        }));
        let result = searched.unwrap_or_else(|_| fallback_result(&request.position));
        // An infinite or pondering search answers only when told to.
        let limits = &request.limits;
        if limits.infinite {
            control.wait_for_release(false);
        } else if limits.ponder {
            control.wait_for_release(true);
        }
        if let Some(problem) = tables.take_problem() {
            sink(SearchEvent::Info(format!(
                "endgame tables: {problem}; playing on without that table"
            )));
        }
        for problem in syzygy.iter().flat_map(|s| s.take_problems()) {
            sink(SearchEvent::Info(format!(
                "Syzygy tables: {problem}; playing on without that table"
            )));
        }
        {
            let mut state = inner.state();
            state.running = false;
            state.last = Some(result.clone());
        }
        inner.changed.notify_all();
        sink(SearchEvent::Finished(result));
        {
            let mut state = inner.state();
            state.undelivered = state.undelivered.saturating_sub(1);
        }
        inner.changed.notify_all();
    }
}
