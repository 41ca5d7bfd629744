//! The engine: the search pool with the options, the opening book, the
//! endgame tables and the strength levels around it. A search starts on
//! request and delivers its reports and exactly one final result, straight
//! from the pool's main thread.

use crate::book::{book_applies, BookChoice, OpeningBook};
use crate::evaluation::EngineEval;
use crate::event::{SearchEvent, SearchProgress};
use crate::options::{Effect, EngineSettings, OptionSetting, OptionValue, PoolChange};
use crate::request::SearchRequest;
use crate::strength::{rng_for, Strength, Weakness};
use crate::tables::{tables_apply, GeneratedTables, SyzygyTables};
use crate::EngineError;
use outpost_board::Position;
use outpost_search::{
    fallback_result, final_line, EndgameTables, Limits, PoolError, PvLine, PvReport, Report,
    SearchControl, SearchJob, SearchPool, SearchResult, SearchSink,
};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

type EventSink = Box<dyn FnMut(SearchEvent) + Send>;

/// The evaluation a search plays with: the one the options chose at full
/// strength and at the levels whose anchors say `network`; the handcrafted
/// one at the levels up to 2200, whatever `UseNNUE` says, because they were
/// calibrated with it (`docs/strength.md`) and a stronger evaluation would
/// move them all.
fn evaluation_for(strength: &Strength, chosen: &EngineEval) -> EngineEval {
    match strength.weakness() {
        Some(weakness) if !weakness.network => EngineEval::handcrafted(),
        _ => chosen.clone(),
    }
}

/// The engine: a search pool and what surrounds it (options, opening
/// book, endgame tables, strength levels). Start a search, stop it, tell
/// it the ponder move was played, wait for it. The transposition table,
/// the search threads and their histories live as long as the engine.
///
/// An infinite or pondering search never ends on its own: if it runs out of
/// work it holds its result back until [`Engine::stop`] (or, pondering,
/// [`Engine::ponderhit`]). Every search ends with exactly one
/// [`SearchEvent::Finished`], sent from the search's main thread.
///
/// ```
/// use outpost_engine::{Engine, SearchEvent, SearchRequest};
/// use outpost_notation::Game;
/// use outpost_search::Limits;
/// use std::sync::mpsc;
///
/// let mut engine = Engine::new(Default::default()).unwrap();
/// let mut game = Game::new();
/// game.play_uci("e2e4").unwrap();
///
/// // Blocking:
/// let result = engine.search(SearchRequest::for_game(&game, Limits::depth(6)));
/// assert!(game.position().is_legal(result.best_move));
///
/// // In the background, with reports:
/// let (tx, rx) = mpsc::channel();
/// engine
///     .start(SearchRequest::for_game(&game, Limits::depth(6)), move |event| {
///         let _ = tx.send(event);
///     })
///     .unwrap();
/// let last = rx.iter().find(|e| matches!(e, SearchEvent::Finished(_)));
/// assert!(last.is_some());
/// ```
pub struct Engine {
    settings: EngineSettings,
    /// The evaluation the options chose.
    eval: EngineEval,
    pool: SearchPool<EngineEval>,
    book: Option<OpeningBook>,
    tables: Arc<GeneratedTables>,
    /// The user's Syzygy tables, when `SyzygyPath` names any.
    syzygy: Option<Arc<SyzygyTables>>,
    control: SearchControl,
    /// The result of the last search, for [`Engine::wait`].
    last: Arc<Mutex<Option<SearchResult>>>,
    /// Searches started, to vary a strength level's choices.
    searches: u64,
    /// What the running or last search has reported.
    progress: Arc<Mutex<SearchProgress>>,
}

impl std::fmt::Debug for Engine {
    /// The settings and whether a search runs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("settings", &self.settings)
            .field("searching", &self.is_searching())
            .field("book", &self.book)
            .field("syzygy", &self.syzygy)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine with these settings; its search threads start now.
    ///
    /// A network file (`EvalFile`) that cannot be read is refused.
    ///
    /// ```
    /// use outpost_engine::{Engine, EngineError, EngineSettings};
    ///
    /// let engine = Engine::new(EngineSettings::default()).unwrap();
    /// assert!(!engine.is_searching());
    /// assert_eq!(engine.settings(), &EngineSettings::default());
    ///
    /// let mut settings = EngineSettings::default();
    /// let not_a_network = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/suites/sample.epd");
    /// settings.eval_file = not_a_network.to_string();
    /// assert!(matches!(Engine::new(settings), Err(EngineError::Network { .. })));
    /// ```
    pub fn new(settings: EngineSettings) -> Result<Engine, EngineError> {
        let tables = Arc::new(GeneratedTables::three_men());
        let eval = EngineEval::for_settings(settings.use_nnue, &settings.eval_file)?;
        let mut pool = SearchPool::with_evaluator(settings.search.clone(), eval.clone());
        pool.set_tables(Some(Arc::clone(&tables) as Arc<dyn EndgameTables>));
        Ok(Engine {
            settings,
            eval,
            pool,
            book: None,
            tables,
            syzygy: None,
            control: SearchControl::new(),
            last: Arc::new(Mutex::new(None)),
            searches: 0,
            progress: Arc::new(Mutex::new(SearchProgress::new())),
        })
    }

    /// Keeps the result of a search that needed no search.
    fn remember(&self, result: &SearchResult) {
        if let Ok(mut last) = self.last.lock() {
            *last = Some(result.clone());
        }
        if let Ok(mut progress) = self.progress.lock() {
            progress.best = Some(result.best_move);
        }
    }

    fn busy(what: &str) -> EngineError {
        EngineError::Busy {
            what: what.to_string(),
        }
    }

    /// Starts a search in the background; `on_event` receives its reports
    /// and then, once, its result. Refused while another search runs.
    pub fn start(
        &mut self,
        request: SearchRequest,
        mut on_event: impl FnMut(SearchEvent) + Send + 'static,
    ) -> Result<(), EngineError> {
        if self.is_searching() {
            return Err(Engine::busy("a new search"));
        }
        let strength = request.strength.unwrap_or(self.settings.strength);
        let weakness = strength.weakness();
        self.progress = Arc::new(Mutex::new(SearchProgress::new()));
        if let Some(choice) = self.book_choice(&request) {
            let result = SearchResult {
                best_move: choice.mv,
                pv: vec![choice.mv],
                ..SearchResult::default()
            };
            self.remember(&result);
            on_event(SearchEvent::BookMove(choice));
            on_event(SearchEvent::Finished(result));
            return Ok(());
        }
        // At a limited strength the tables' perfect moves would give the
        // level away: the weakened search plays those endings too.
        if let Some(choice) = self
            .tables
            .choose(&request.position)
            .filter(|c| weakness.is_none() && tables_apply(&request, c))
        {
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
            self.remember(&result);
            on_event(SearchEvent::TableMove(choice));
            on_event(SearchEvent::Finished(result));
            return Ok(());
        }
        let mut request = request;
        if weakness.is_none() {
            self.restrict_to_syzygy_moves(&mut request);
        }
        let eval = evaluation_for(&strength, &self.eval);
        if self.pool.evaluator().is_neural() != eval.is_neural() {
            self.pool.set_evaluator(eval);
        }
        self.searches += 1;
        let shown = request.multipv.unwrap_or(self.settings.multipv).max(1);
        let (limits, multipv) = match &weakness {
            Some(w) => (w.limits(&request.limits), shown.max(w.candidates)),
            None => (request.limits.clone(), shown),
        };
        let job = SearchJob {
            position: request.position,
            history: request.history,
            limits,
            multipv,
        };
        let sink = EngineSink {
            on_event: Box::new(on_event),
            level: weakness.map(|weakness| WeakenedSearch {
                weakness,
                shown,
                seed: (request.position.key(), self.searches),
                asked: request.limits.clone(),
                started: Instant::now(),
                last_line: None,
            }),
            tables: Arc::clone(&self.tables),
            syzygy: self.syzygy.clone(),
            last: Arc::clone(&self.last),
            progress: Arc::clone(&self.progress),
        };
        self.control = SearchControl::new();
        self.pool
            .start(job, &self.control, Box::new(sink))
            .map_err(|e| match e {
                PoolError::Busy => Engine::busy("a new search"),
                PoolError::Stopped => EngineError::Thread { source: e },
            })
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

    /// How far the running search has come (or the last one came).
    pub fn progress(&self) -> SearchProgress {
        self.progress
            .lock()
            .map_or_else(|_| SearchProgress::new(), |p| *p)
    }

    /// A handle that stops the search started last from any thread: a
    /// clone of its [`SearchControl`], cheap to clone again. Take it after
    /// [`Engine::start`] (each search has signals of its own).
    ///
    /// ```
    /// use outpost_engine::{Engine, SearchEvent, SearchRequest};
    /// use outpost_board::Position;
    /// use outpost_search::Limits;
    /// use std::sync::mpsc;
    ///
    /// let mut engine = Engine::new(Default::default()).unwrap();
    /// let (tx, rx) = mpsc::channel();
    /// let request = SearchRequest::for_position(Position::startpos(), Limits::infinite());
    /// engine
    ///     .start(request, move |event| {
    ///         if let SearchEvent::Finished(result) = event {
    ///             let _ = tx.send(result);
    ///         }
    ///     })
    ///     .unwrap();
    /// let handle = engine.stop_handle();
    /// std::thread::spawn(move || handle.stop());
    /// let result = rx.recv().unwrap();
    /// assert!(Position::startpos().is_legal(result.best_move));
    /// ```
    pub fn stop_handle(&self) -> SearchControl {
        self.control.clone()
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
        self.pool.is_searching()
    }

    /// Waits until every search started has delivered its final event, and
    /// returns the last result. Waits for ever on an infinite search that
    /// nobody stops.
    pub fn wait(&self) -> Option<SearchResult> {
        self.pool.wait();
        self.last.lock().ok().and_then(|l| l.clone())
    }

    /// Stops the running search, if any, and waits for it.
    pub fn stop_and_wait(&self) -> Option<SearchResult> {
        self.stop();
        self.wait()
    }

    /// The settings.
    pub fn settings(&self) -> &EngineSettings {
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

    /// Applies an option setting, doing what its [`Effect`] says; refused
    /// while a search runs unless the setting is only read by the next
    /// search (`Ponder`, the book's and the strength options, `MultiPV`).
    /// A book, network or table that cannot be read is an error, and the
    /// engine goes on without it.
    pub fn set_option(&mut self, setting: &OptionSetting) -> Result<(), EngineError> {
        let mut wanted = self.settings.clone();
        wanted.apply(setting);
        match setting.def.effect {
            Effect::NextSearch => {}
            Effect::Pool(change) => {
                let pool = self.idle_pool("setoption")?;
                match change {
                    PoolChange::Threads => pool.set_threads(wanted.search.threads),
                    PoolChange::ClearHash => pool.clear_hash(),
                    PoolChange::Settings => {
                        pool.set_move_overhead(wanted.search.move_overhead);
                        pool.set_contempt(wanted.search.contempt);
                        pool.set_driver(wanted.search.driver);
                    }
                }
                wanted.search.threads = pool.settings().threads;
            }
            Effect::Hash => {
                let kept = self.settings.search.hash_mib;
                self.idle_pool("setoption")?
                    .set_hash(wanted.search.hash_mib)
                    .map_err(|e| EngineError::Hash { mib: e.mib, kept })?;
            }
            Effect::Evaluation => {
                let eval = EngineEval::for_settings(wanted.use_nnue, &wanted.eval_file)?;
                self.idle_pool("setoption")?.set_evaluator(eval.clone());
                self.eval = eval;
            }
            Effect::Book => {
                self.book = None;
                self.settings = wanted;
                if !self.settings.book_file.is_empty() {
                    self.book = Some(OpeningBook::open(&self.settings.book_file, book_seed())?);
                }
                return Ok(());
            }
            Effect::GeneratedTables => {
                let tables = if wanted.tablebase_dir.is_empty() {
                    GeneratedTables::three_men()
                } else {
                    GeneratedTables::open(&wanted.tablebase_dir)?
                };
                // Syzygy's probes, when set, stay the search's.
                self.install_tables(Arc::new(tables), self.syzygy.clone())?;
            }
            Effect::Syzygy => {
                let (syzygy, problems) = SyzygyTables::open(&wanted.syzygy_path, wanted.syzygy);
                let usable = syzygy.tables().files().0;
                let syzygy = (syzygy.tables().largest() > 0).then(|| Arc::new(syzygy));
                self.install_tables(Arc::clone(&self.tables), syzygy)?;
                self.settings = wanted;
                if !problems.is_empty() {
                    return Err(EngineError::Syzygy {
                        problems: problems.join("; "),
                        usable,
                    });
                }
                return Ok(());
            }
            Effect::SyzygyUse => {
                let syzygy = self
                    .syzygy
                    .as_ref()
                    .map(|s| Arc::new(s.with_settings(wanted.syzygy)));
                self.install_tables(Arc::clone(&self.tables), syzygy)?;
            }
            Effect::Tunable => {
                // The constants are read by every search thread: change
                // them only while none runs.
                self.idle_pool("setoption")?;
                if let OptionValue::Spin(value) = setting.value {
                    outpost_search::params::set(setting.def.name, value as i32);
                }
            }
        }
        self.settings = wanted;
        Ok(())
    }

    /// Whether [`Engine::set_option`] with `setting` would change
    /// anything: a button always acts, any other option only when its
    /// value differs from the current one.
    ///
    /// ```
    /// use outpost_engine::{parse_option, Engine};
    ///
    /// let engine = Engine::new(Default::default()).unwrap();
    /// let hash = engine.settings().search.hash_mib.to_string();
    /// assert!(!engine.changes(&parse_option("Hash", Some(&hash)).unwrap()));
    /// assert!(engine.changes(&parse_option("Hash", Some("1")).unwrap()));
    /// assert!(engine.changes(&parse_option("Clear Hash", None).unwrap()));
    /// ```
    pub fn changes(&self, setting: &OptionSetting) -> bool {
        let mut wanted = self.settings.clone();
        wanted.apply(setting);
        setting.value == OptionValue::Button || wanted != self.settings
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
        self.idle_pool("setoption")?.set_tables(Some(probed));
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
        self.idle_pool("a new game")?.new_game();
        Ok(())
    }

    /// Refuses `what` while a search runs ([`EngineError::Busy`]).
    pub fn ensure_idle(&self, what: &str) -> Result<(), EngineError> {
        if self.is_searching() {
            return Err(Engine::busy(what));
        }
        Ok(())
    }

    /// The search pool, to change while no search runs.
    fn idle_pool(&mut self, what: &str) -> Result<&mut SearchPool<EngineEval>, EngineError> {
        self.ensure_idle(what)?;
        Ok(&mut self.pool)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // The pool's threads end once the last search is delivered.
        self.control.stop();
        self.pool.wait();
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

/// A strength level's part in one search.
struct WeakenedSearch {
    weakness: Weakness,
    /// The lines the caller asked to see (the level searches more).
    shown: usize,
    /// What the level's random choice is seeded with: the position's key
    /// and the engine's search count.
    seed: (u64, u64),
    /// The limits asked for, before the level capped them.
    asked: Limits,
    started: Instant,
    /// The last first line shown.
    last_line: Option<PvReport>,
}

/// Where a search's reports and result go: the front end's events, after
/// the strength level has had its say.
struct EngineSink {
    on_event: EventSink,
    level: Option<WeakenedSearch>,
    tables: Arc<GeneratedTables>,
    syzygy: Option<Arc<SyzygyTables>>,
    last: Arc<Mutex<Option<SearchResult>>>,
    progress: Arc<Mutex<SearchProgress>>,
}

impl SearchSink for EngineSink {
    fn report(&mut self, report: Report) {
        let shown = self.level.as_ref().map_or(usize::MAX, |l| l.shown);
        if !matches!(&report, Report::Pv(pv) if pv.multipv > shown) {
            if let Ok(mut progress) = self.progress.lock() {
                progress.update(&report);
            }
        }
        if let (Some(level), Report::Pv(pv)) = (&mut self.level, &report) {
            // Only the lines asked for are shown.
            if pv.multipv > level.shown {
                return;
            }
            if pv.multipv == 1 {
                level.last_line = Some(pv.clone());
            }
        }
        (self.on_event)(SearchEvent::Report(report));
    }

    /// A level picks one of its candidate lines as [`Weakness::choose`]
    /// says, and takes at least its thinking time unless stopped.
    fn conclude(&mut self, mut result: SearchResult, control: &SearchControl) -> SearchResult {
        if let Some(level) = &self.level {
            let mut rng = rng_for(level.seed.0, level.seed.1);
            let chosen = level.weakness.choose(&result.lines, &mut rng);
            if let Some(line) = result.lines.get(chosen).filter(|_| chosen > 0) {
                if let Some(&mv) = line.pv.first() {
                    result.best_move = mv;
                    result.score = line.score;
                    result.pv = line.pv.clone();
                    result.ponder_move = result.pv.get(1).copied();
                }
            }
            result.lines.truncate(level.shown);
            // The level's move may not be the search's best: its line is
            // what the GUI sees last.
            let reported_first = level.last_line.as_ref().and_then(|l| l.pv.first().copied());
            if !result.best_move.is_null() && reported_first != Some(result.best_move) {
                // The table's fill as last reported (the sink cannot read the table).
                let hashfull = level.last_line.as_ref().map_or(0, |l| l.hashfull);
                let line = final_line(&result, level.last_line.as_ref(), hashfull);
                (self.on_event)(SearchEvent::Report(Report::Pv(line)));
            }
            let think = level.weakness.think_time(&level.asked);
            while !control.is_stopped() {
                let left = think.saturating_sub(level.started.elapsed());
                if left.is_zero() {
                    break;
                }
                std::thread::sleep(left.min(Duration::from_millis(5)));
            }
            result.time = level.started.elapsed();
        }
        if let Some(problem) = self.tables.take_problem() {
            (self.on_event)(SearchEvent::Info(format!(
                "endgame tables: {problem}; playing on without that table"
            )));
        }
        for problem in self.syzygy.iter().flat_map(|s| s.take_problems()) {
            (self.on_event)(SearchEvent::Info(format!(
                "Syzygy tables: {problem}; playing on without that table"
            )));
        }
        result
    }

    fn finish(mut self: Box<Self>, result: SearchResult) {
        if let Ok(mut progress) = self.progress.lock() {
            progress.best = Some(result.best_move).filter(|mv| !mv.is_null());
        }
        if let Ok(mut last) = self.last.lock() {
            *last = Some(result.clone());
        }
        (self.on_event)(SearchEvent::Finished(result));
    }
}
